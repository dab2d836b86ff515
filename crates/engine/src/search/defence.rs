//! Forced defences: when the opponent has a point where a stone makes an open four, a double
//! four or (against no four of ours) a four-three, the moves that cannot stop it lose, so a
//! node searches only the moves that may (or, exactly, do) and its own fours.

use super::worker::Worker;
use crate::cells::CellClass;
use gomoku_board::{Color, Pos, Rule, line_between};

/// Cells along a line from a threat point that may decide its five-points.
const THREAT_REACH: i32 = 5;

/// Whether `q` is `p`, or on one of the lines through `p` in `dirs` (bit `d`: direction
/// `d` of [`gomoku_board::DIRECTIONS`]) within [`THREAT_REACH`] cells.
fn near_on_line(q: Pos, p: Pos, dirs: u8) -> bool {
    q == p
        || line_between(p, q)
            .is_some_and(|(d, dist)| dirs >> d & 1 != 0 && dist.abs() <= THREAT_REACH)
}

impl Worker<'_> {
    /// Three defence: when the opponent has a point where a stone makes an open four (or,
    /// `full`, a double four; no four of his is on the board, or the move would be forced),
    /// keeps in `moves` only the moves that make a four and those on the threat's lines
    /// within five cells of the point (beyond that no cell decides his five-points, nor an
    /// overline); `full` and `exact`, of those only the ones after which he has no such
    /// point, nor a four-three point while we have no four to make. Returns whether it cut
    /// any.
    ///
    /// Sound: any move dropped leaves him a win the class counts prove (by
    /// [`SearchBoard::static_win`], in 3 or 5 plies). A four-three is defended only
    /// `exact`, and only when we have no four to make: against it a move off its lines
    /// that makes us a three is tried too, as its four might answer his. Not `exact` (at
    /// the frontier, where a child costs less than trying a move) the cells kept are a
    /// superset of the defences. Off when the kinds are not kept, and under renju against
    /// Black, whose threat point may be forbidden; left alone when nothing would remain, or
    /// (Black under renju) nothing legal: the node is lost, and the search shows it.
    ///
    /// [`SearchBoard::static_win`]: crate::SearchBoard::static_win
    pub(super) fn defend_three(&mut self, moves: &mut Vec<u32>, full: bool, exact: bool) -> bool {
        /// Threat points intersected: with more, the cells tried stay a superset.
        const MAX_THREATS: usize = 4;
        if !self.sb.keeps_kinds() {
            return false;
        }
        let me = self.sb.to_move();
        let opp = me.opponent();
        if opp == Color::Black && self.sb.board().rule() == Rule::Renju {
            return false;
        }
        let exact = full && exact;
        let four_three = exact && !self.sb.has_four_cell(me);
        let is_threat = |class: Option<CellClass>, four_three: bool| {
            class == Some(CellClass::OpenFour)
                || (full && class == Some(CellClass::DoubleFour))
                || (four_three && class == Some(CellClass::FourThree))
        };
        // Every threat point is an empty cell of one of these classes: the counts say at
        // once whether any candidate can be one, and a node with none skips the scan.
        let total = [CellClass::OpenFour, CellClass::DoubleFour]
            .iter()
            .take(1 + full as usize)
            .chain(four_three.then_some(&CellClass::FourThree))
            .map(|&class| self.sb.class_count(opp, class))
            .sum::<usize>();
        if total == 0 {
            return false;
        }
        let mut threats = [(0u32, Pos::new(0, 0), 0u8); MAX_THREATS];
        let mut n = 0;
        for &c in moves.iter() {
            let dirs = self.sb.threat_dirs(c as usize, opp, full, four_three);
            if dirs != 0 {
                if n < MAX_THREATS {
                    threats[n] = (c, self.sb.pos(c as usize), dirs);
                }
                n += 1;
            }
        }
        if n == 0 {
            return false;
        }
        // Whether every threat point is known (all are candidates, none past the cap): then
        // whether a move stops them all is read from the line-kind table, else by playing it.
        let known = n == total && n <= MAX_THREATS;
        let threats = &threats[..n.min(MAX_THREATS)];
        let all = moves.len();
        let mut kept = 0;
        for k in 0..all {
            let c = moves[k];
            let q = self.sb.pos(c as usize);
            let keep = if self.sb.makes_four(c as usize, me) {
                true
            } else {
                // A three of ours gives us a four to answer his four-three with.
                let three = four_three && self.sb.makes_three(c as usize, me);
                (three || threats.iter().all(|&(_, p, dirs)| near_on_line(q, p, dirs)))
                    && (!exact
                        || if known {
                            threats.iter().all(|&(t, _, _)| {
                                t == c
                                    || !is_threat(
                                        self.sb.class_after_stone(t as usize, c as usize, opp),
                                        four_three && !three,
                                    )
                            })
                        } else {
                            self.sb.make(c as usize);
                            let stops = self.sb.static_win().is_none();
                            self.sb.unmake();
                            stops
                        })
            };
            if keep {
                moves[kept] = c;
                kept += 1;
            }
        }
        moves.truncate(kept);
        if kept == all {
            return false;
        }
        // Nothing kept, or under renju only points forbidden for Black (as a trap around the
        // defences makes them): the node is lost, which the full list shows by search.
        if moves.is_empty()
            || (me == Color::Black
                && self.sb.board().rule() == Rule::Renju
                && moves.iter().all(|&c| self.sb.is_forbidden(c as usize)))
        {
            moves.clear();
            self.sb.candidates(moves);
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::cells::CellClass;
    use crate::params::{EngineParams, Limits};
    use crate::pattern::{ClassSpec, seed_table};
    use crate::search::Engine;
    use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::time::Instant;

    fn engine() -> Engine {
        let mut table = seed_table();
        table.classes = CellClass::ALL[1..]
            .iter()
            .map(|&class| ClassSpec {
                class,
                own: 10,
                opp: -10,
            })
            .collect();
        Engine::new(EngineParams {
            table,
            ..EngineParams::default()
        })
        .unwrap()
    }

    fn empty_points(b: &Board) -> Vec<Pos> {
        b.points().filter(|&p| b.cell(p) == Cell::Empty).collect()
    }

    /// The points where a stone of `color` completes a five.
    fn five_points(b: &Board, color: Color) -> Vec<Pos> {
        empty_points(b)
            .into_iter()
            .filter(|&q| b.wins_at(q, color))
            .collect()
    }

    /// The points where the side to move may play.
    fn legal_points(b: &Board) -> impl Iterator<Item = Pos> + '_ {
        empty_points(b).into_iter().filter(|&p| b.is_legal(p))
    }

    /// Whether `color` has a point that completes a five.
    fn has_five_point(b: &Board, color: Color) -> bool {
        !five_points(b, color).is_empty()
    }

    /// Whether the side to move on `b` can make an open four: a move after which it has
    /// two points that complete a five (and the other side has none, as the caller checks).
    fn open_four_wins(b: &Board) -> bool {
        let attacker = b.to_move();
        legal_points(b).any(|p| {
            let mut after = b.clone();
            after.put_stone(p, attacker);
            five_points(&after, attacker).len() >= 2
        })
    }

    /// Whether the side to move on `b` (the other side has no five-point) wins by a
    /// four-three: a move after which it has one five-point, whose block leaves the other
    /// side no five-point and it an open four (a block forbidden to Black loses at once).
    fn four_three_wins(b: &Board) -> bool {
        let attacker = b.to_move();
        legal_points(b).any(|p| {
            let mut after = b.clone();
            after.make(p);
            let [block] = five_points(&after, attacker)[..] else {
                return false;
            };
            if !after.is_legal(block) {
                return true;
            }
            after.make(block);
            !has_five_point(&after, attacker.opponent()) && open_four_wins(&after)
        })
    }

    /// Random crowded positions with no five-point for either side: every move the three
    /// defence drops makes no four and leaves the opponent an open four or a double four
    /// (or, exact, a four-three), so it loses; some are dropped, some kept, some exact drops
    /// are against a four-three alone, and the exact defence keeps fewer moves somewhere:
    /// exactly the fours and the moves after which the class counts claim him no win.
    /// Under renju it is off when Black threatens.
    #[test]
    fn every_move_the_three_defence_drops_loses_to_an_open_four_or_a_four_three() {
        let mut engine = engine();
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let g = Geometry::square(15);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        // Per mode (superset, exact): positions cut and moves dropped.
        let (mut cut, mut dropped) = ([0; 2], [0; 2]);
        let (mut against_four_three, mut narrower) = (0, 0);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut tries = 0;
            let mut cut_here = 0;
            while cut_here < 6 && tries < 400 {
                tries += 1;
                let mut b = Board::new(g, rule).unwrap();
                let n = rng.random_range(8..18);
                while b.stone_count() < n {
                    let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
                    if b.cell(p) == Cell::Empty && b.is_legal(p) {
                        b.make(p);
                    }
                }
                if b.winner().is_some()
                    || has_five_point(&b, Color::Black)
                    || has_five_point(&b, Color::White)
                {
                    continue;
                }
                let me = b.to_move();
                let mut w = engine.worker(&b, &limits, Instant::now());
                let mut all = Vec::new();
                w.sb.candidates(&mut all);
                let mut kept = [0; 2];
                for exact in [false, true] {
                    let mut moves = all.clone();
                    if !w.defend_three(&mut moves, exact, exact) {
                        kept[exact as usize] = all.len();
                        continue;
                    }
                    assert!(!(rule == Rule::Renju && me == Color::White), "{b:?}");
                    assert!(moves.len() < all.len() && !moves.is_empty());
                    kept[exact as usize] = moves.len();
                    cut[exact as usize] += 1;
                    if exact {
                        // Exact: kept are the fours and the moves after which the
                        // opponent has no static win, whatever their place.
                        for &c in &all {
                            let four = w.sb.makes_four(c as usize, me);
                            w.sb.make(c as usize);
                            let stops = w.sb.static_win().is_none();
                            w.sb.unmake();
                            assert_eq!(moves.contains(&c), four || stops, "{c}: {b:?}");
                        }
                    }
                    cut_here += exact as usize;
                    for &m in all.iter().filter(|m| !moves.contains(m)) {
                        let p = w.sb.pos(m as usize);
                        let mut after = b.clone();
                        after.make(p);
                        dropped[exact as usize] += 1;
                        assert!(!has_five_point(&after, me), "{m} makes a four: {b:?}");
                        if !open_four_wins(&after) {
                            assert!(
                                exact && four_three_wins(&after),
                                "{p:?} does not lose: {b:?}"
                            );
                            against_four_three += 1;
                        }
                    }
                }
                narrower += (kept[1] < kept[0]) as usize;
            }
        }
        assert!(
            cut.iter().all(|&c| c >= 12)
                && dropped.iter().all(|&d| d >= 100)
                && against_four_three > 0
                && narrower >= 6,
            "{cut:?} positions cut, {dropped:?} moves, {against_four_three} against a four-three, \
             {narrower} narrower when exact"
        );
    }
}
