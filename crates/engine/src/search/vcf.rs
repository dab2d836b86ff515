//! The VCF threat search (victory by continuous fours): at the root it looks for a win of
//! the side to move, and for the opponent's, to keep only the root moves that defend. It
//! plays threat moves (stones and lines alone), caches failed positions by key and fours
//! left, and caps its nodes so a board crowded with fours cannot stall a move.
//!
//! A node's four candidates are the empty cells of the attacker's four windows, derived
//! from those two plies up (a four and its block change only the windows through them), and
//! a four's five-points are read without playing it (its windows' other cells). With one
//! four left only a cell that two windows share with different other cells is tried, for a
//! double five-point, and no block is played out (but a block Black may not play, under
//! renju); with two left, a four's block is played out only if a window through the four
//! may give a new double five-point. When the opponent has a VCF, the root's defence tries
//! only the moves that may stop his line (its points, our fours and counter-fours; every
//! move under renju, whose forbidden points any stone may change), each first checked by
//! replaying the opponent's lines found so far, and searched only if none still wins.

pub(crate) mod state;

use super::worker::Worker;
use crate::params::MAX_PLY;
use crate::position::{Fives, four_window_cells, may_make_two_fives};
use gomoku_board::{Color, Rule};

/// Most lines of the opponent's VCF that the root's defence keeps to replay.
const MAX_REFUTATIONS: usize = 8;

impl Worker<'_> {
    /// If the opponent would have a VCF were it to move now, the root moves after which it
    /// has none (all legal candidates are tried, best ordered first, top-N kept); otherwise,
    /// or if no move defends, `cands` unchanged.
    pub(super) fn vcf_defence(&mut self, cands: Vec<u32>) -> Vec<u32> {
        let me = self.sb.to_move();
        self.sb.set_to_move(me.opponent());
        let threat = self.root_vcf(self.p.vcf_depth);
        self.sb.set_to_move(me);
        let Some(threat) = threat.filter(|_| !self.control.stopped()) else {
            return cands;
        };
        let mut all = Vec::new();
        self.sb.candidates(&mut all);
        // Without forbidden points, a move off the threat's defences (its points, our fours
        // and counter-fours) leaves its line to be replayed as it stands: it loses, and need
        // not be tried. Renju's forbidden points can change with any stone, so there every
        // move is tried.
        if self.sb.board().rule() != Rule::Renju {
            let defences = self.line_defences(&threat);
            all.retain(|c| defences.contains(c));
        }
        // The opponent's wins found so far. Most moves don't stop a VCF, and most of those
        // leave one of the lines already found intact: replaying it (a few moves) proves the
        // move loses, where a search would spend up to the node cap finding a line again.
        let mut refutations = vec![threat];
        let top_n = self.p.top_n;
        // Order every legal candidate left (width unlimited here).
        self.order(&mut all, 0, 0, None);
        let mut defenders = Vec::new();
        for &c in &all {
            self.sb.make_threat(c as usize);
            self.tick();
            let mine = self.sb.last_move_fives();
            let replayed = refutations
                .iter()
                .any(|line| self.vcf_line_wins(line, mine));
            let loses = replayed || {
                self.vcf.line.clear();
                self.vcf.left = self.vcf.cap;
                let found = self.vcf(1, self.p.vcf_depth, mine);
                if found && refutations.len() < MAX_REFUTATIONS {
                    refutations.push(self.vcf.line.iter().rev().copied().collect());
                }
                found
            };
            self.sb.unmake();
            if self.control.stopped() {
                return cands;
            }
            if !loses {
                defenders.push(c);
                if top_n.is_some_and(|n| defenders.len() >= n) {
                    break;
                }
            }
        }
        if defenders.is_empty() {
            cands
        } else {
            defenders
        }
    }

    /// The moves of the side to move that may stop the opponent's VCF `line` (as
    /// [`Worker::root_vcf`] gives it, `vcf_gap` still its own): see
    /// [`Worker::threat_defences`].
    fn line_defences(&mut self, line: &[u32]) -> Vec<u32> {
        self.vcf.line.clear();
        self.vcf.line.extend(line.iter().rev());
        let mut defences = Vec::new();
        self.threat_defences(&mut defences);
        defences
    }

    /// Whether `line` (a VCF as [`Worker::root_vcf`] gives it: each four and the block it
    /// forces) still wins for the side to move, whose opponent's five-points are `theirs`.
    /// A replay under [`Worker::vcf`]'s rules, not a search: every four is checked to be one,
    /// every block is the forced one (not the line's), so `true` is a proof; `false` proves
    /// nothing.
    fn vcf_line_wins(&mut self, line: &[u32], mut theirs: Fives) -> bool {
        let attacker = self.sb.to_move();
        let renju = self.sb.board().rule() == Rule::Renju;
        let mut made = 0;
        let mut fours = line.iter().step_by(2).copied();
        let won = loop {
            let Some(p) = fours.next() else { break false };
            let p_free = self.sb.is_empty(p as usize)
                && !(renju && attacker == Color::Black && self.sb.is_forbidden(p as usize));
            if theirs.len >= 2 || (theirs.len == 1 && theirs.cells[0] != p) || !p_free {
                break false;
            }
            self.sb.make_threat(p as usize);
            self.tick();
            made += 1;
            let f = self.sb.last_move_fives();
            if f.len >= 2 {
                break true;
            }
            if f.len == 0 {
                break false;
            }
            let q = f.cells[0];
            if renju && attacker == Color::White && self.sb.is_forbidden(q as usize) {
                break true;
            }
            self.sb.make_threat(q as usize);
            self.tick();
            made += 1;
            theirs = self.sb.last_move_fives();
        };
        for _ in 0..made {
            self.sb.unmake();
        }
        won && !self.control.stopped()
    }

    /// VCF from the current position for the side to move, shortest first: a full-depth
    /// attempt, then (if it wins) shallower limits to find a shorter line.
    pub(super) fn root_vcf(&mut self, max_fours: u32) -> Option<Vec<u32>> {
        // Allocated here, first: the callers go on to `vcf` whatever this returns.
        self.vcf.cache.allocate();
        let me = self.sb.to_move();
        if let Some(q) = self.sb.all_fives(me).first() {
            return Some(vec![q]);
        }
        if max_fours < 1 {
            return None;
        }
        let theirs = self.sb.all_fives(me.opponent());
        self.vcf.line.clear();
        self.vcf.left = self.vcf.cap;
        if !self.vcf(0, max_fours, theirs) {
            return None;
        }
        let mut line: Vec<u32> = self.vcf.line.iter().rev().copied().collect();
        let found = line.len() as u32 / 2;
        let mut gap = self.vcf.gap;
        for budget in 1..found {
            self.vcf.line.clear();
            if self.vcf(0, budget, theirs) {
                line = self.vcf.line.iter().rev().copied().collect();
                gap = self.vcf.gap;
                break;
            }
        }
        self.vcf.gap = gap;
        Some(line)
    }

    /// Whether the side to move (the attacker, with no five-point of its own) wins by
    /// at most `budget` continuous fours and then a five; `theirs` are the
    /// defender's five-points. On success `vcf_line` holds the line in reverse.
    pub(super) fn vcf(&mut self, vply: usize, budget: u32, theirs: Fives) -> bool {
        self.vcf_node(vply, budget, theirs, None)
    }

    /// [`Worker::vcf`]; `after` is the attacker's four and its block that led here when
    /// the node two plies up listed its four windows, which this node's are derived from.
    fn vcf_node(
        &mut self,
        vply: usize,
        budget: u32,
        theirs: Fives,
        after: Option<(u32, u32)>,
    ) -> bool {
        self.stats.rapfi_nodes += 1;
        if budget < 1 || theirs.len >= 2 || self.control.stopped() || self.vcf.left == 0 {
            return false;
        }
        self.vcf.left -= 1;
        let key = self.sb.key() ^ self.cache_salt;
        if self.vcf.cache.failed(key, budget) {
            return false;
        }
        let attacker = self.sb.to_move();
        let renju = self.sb.board().rule() == Rule::Renju;
        let idx = MAX_PLY + vply;
        if idx >= self.lists.moves.len() {
            return false;
        }
        let mut moves = std::mem::take(&mut self.lists.moves[idx]);
        moves.clear();
        // Whether this node lists its four windows in `four_windows[vply]`, for its children.
        let listed = match theirs.first() {
            Some(q) => {
                moves.push(q);
                false
            }
            None => {
                self.four_candidates_at(vply, attacker, after, &mut moves);
                true
            }
        };
        // With one four left only a double five-point wins (but for White's single four
        // whose block Black may not play), and the windows listed tell where one may be.
        let last = budget == 1;
        let doubles_only = last && listed && !(renju && attacker == Color::White);
        let mut win = false;
        if doubles_only {
            win = self.double_five_at_last_four(vply, &moves);
            // No single four wins here: the passes below have nothing left to try.
            moves.clear();
        }
        // Pass 1: keep real fours; a double five-point wins at once.
        let mut fours = 0;
        // Whether pass 1 tried every four candidate for a double five-point (see below).
        let mut tried_all = listed;
        for i in 0..moves.len() {
            let p = moves[i];
            if renju && attacker == Color::Black && self.sb.is_forbidden(p as usize) {
                tried_all = false;
                continue;
            }
            // Counted as the make it stands for.
            self.tick();
            let f = if listed {
                self.sb.fives_in_windows(&self.windows.by_ply[vply], p)
            } else {
                self.sb.fives_if_played(p as usize)
            };
            if f.len >= 2 {
                self.push_double_five(p, f.cells[0], f.cells[1], renju && attacker == Color::White);
                win = true;
                break;
            }
            if f.len == 1 {
                moves[fours] = p | (f.cells[0] << 16);
                fours += 1;
            }
        }
        if !win {
            moves.truncate(fours);
            // With one four left, a single four wins only by a block Black may not play;
            // else its block would leave no four to follow, so it is not played out. It is
            // counted as the moves and nodes it stands for all the same (as in pass 1), so
            // node budgets end a search where they did.
            for &pq in moves.iter() {
                if last && !(renju && attacker == Color::White) {
                    self.count_unplayed(2);
                    if self.control.stopped() {
                        break;
                    }
                    continue;
                }
                let (p, q) = (pq & 0xffff, pq >> 16);
                self.sb.make_threat(p as usize);
                self.tick();
                // The defender's node (Rapfi's `vcfdefend`).
                self.stats.rapfi_nodes += 1;
                if renju && attacker == Color::White && self.sb.is_forbidden(q as usize) {
                    // Black cannot block on a forbidden point.
                    self.sb.unmake();
                    self.vcf.line.push(q);
                    self.vcf.line.push(p);
                    self.vcf.gap = true;
                    win = true;
                    break;
                }
                // With one four left after this one, the next node wins only by a double
                // five-point (as above; if the block makes a four, on the cell that blocks
                // it). Where pass 1 found none here, a new one needs a window through this
                // four: if there is none, the block is not played either (counted as the
                // block's move and node).
                let hopeless = budget == 2
                    && tried_all
                    && !(renju && attacker == Color::White)
                    && !self.sb.may_make_two_fives_after_block(
                        &self.windows.by_ply[vply],
                        p as usize,
                        q as usize,
                        attacker,
                    );
                if last || hopeless {
                    self.sb.unmake();
                    self.count_unplayed(1 + hopeless as u32);
                    if self.control.stopped() {
                        break;
                    }
                    continue;
                }
                self.sb.make_threat(q as usize);
                self.tick();
                let t = self.sb.last_move_fives();
                let w = self.vcf_node(vply + 2, budget - 1, t, listed.then_some((p, q)));
                self.sb.unmake();
                self.sb.unmake();
                if w {
                    self.vcf.line.push(q);
                    self.vcf.line.push(p);
                    win = true;
                    break;
                }
                if self.control.stopped() {
                    break;
                }
            }
        }
        self.lists.moves[idx] = moves;
        // A search cut short by the stop flag or the node cap proved nothing: do not cache it.
        if !win && !self.control.stopped() && self.vcf.left > 0 {
            self.vcf.cache.put_failed(key, budget);
        }
        win
    }

    /// Whether one of `cells`, the four candidates of this node's windows
    /// (`four_windows[vply]`), makes a double five-point (put on `vcf_line` if so): only
    /// the cells two windows share with different other cells are tested. Each cell counts
    /// as a move and its node. Not for White under renju, whose single four may win too.
    fn double_five_at_last_four(&mut self, vply: usize, cells: &[u32]) -> bool {
        let black_renju =
            self.sb.board().rule() == Rule::Renju && self.sb.to_move() == Color::Black;
        let windows = std::mem::take(&mut self.windows.by_ply[vply]);
        let mut win = false;
        for &p in cells {
            self.count_unplayed(1);
            if self.control.stopped() {
                break;
            }
            if !may_make_two_fives(&windows, p) || (black_renju && self.sb.is_forbidden(p as usize))
            {
                continue;
            }
            let f = self.sb.fives_if_played(p as usize);
            if f.len >= 2 {
                self.push_double_five(p, f.cells[0], f.cells[1], false);
                win = true;
                break;
            }
        }
        self.windows.by_ply[vply] = windows;
        win
    }

    /// Puts the win by the four `p` with five-points `a` and `b` on `vcf_line` (in reverse):
    /// the defender's block on one, the five on the other. Under renju against Black
    /// (`banned`) the block is one he may play, or if neither is, the win is his forbidden
    /// block itself (`vcf_gap`), so that the line replays as moves.
    fn push_double_five(&mut self, p: u32, a: u32, b: u32, banned: bool) {
        let (mut block, mut five, mut gap) = (a, b, false);
        if banned {
            self.sb.make_threat(p as usize);
            if self.sb.is_forbidden(a as usize) {
                if self.sb.is_forbidden(b as usize) {
                    gap = true;
                } else {
                    (block, five) = (b, a);
                }
            }
            self.sb.unmake();
        }
        if !gap {
            self.vcf.line.push(five);
        }
        self.vcf.line.push(block);
        self.vcf.line.push(p);
        self.vcf.gap = gap;
    }

    /// Counts `moves` moves not played (each a tick, and a node entered after each, as
    /// Rapfi counts the block's node and the next four's).
    fn count_unplayed(&mut self, moves: u32) {
        for _ in 0..moves {
            self.tick();
        }
        self.stats.rapfi_nodes += moves as u64;
    }

    /// Appends the attacker's four candidates at VCF ply `vply` to `moves`, keeping the
    /// windows they come from in `four_windows[vply]`: derived from those two plies up when
    /// `after` (the four and its block) says they were listed, else from those one ply up,
    /// else recalled (see `WindowLists::recall`).
    fn four_candidates_at(
        &mut self,
        vply: usize,
        attacker: Color,
        after: Option<(u32, u32)>,
        moves: &mut Vec<u32>,
    ) {
        let mut windows = std::mem::take(&mut self.windows.by_ply[vply]);
        match after {
            Some((p, q)) => self.sb.four_windows_after(
                &self.windows.by_ply[vply - 2],
                p as usize,
                q as usize,
                &mut windows,
            ),
            None => match self.windows.one_stone_back(&self.sb, vply) {
                // Most threat searches start one stone away from one that just listed.
                Some(s) => {
                    self.sb.four_windows_after_stones(
                        &self.windows.by_ply[vply - 1],
                        &[s],
                        attacker,
                        &mut windows,
                    );
                    self.windows.remember(&self.sb, &windows);
                }
                None => self.windows.recall(&self.sb, &mut windows),
            },
        }
        four_window_cells(&windows, moves, &mut self.lists.mark);
        self.windows.by_ply[vply] = windows;
        self.windows.keys[vply] = self.sb.windows_key(self.sb.key());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{EngineParams, Limits};
    use crate::search::Engine;
    use gomoku_board::{Board, Cell, Geometry, Pos};
    use rand::{RngExt, SeedableRng};
    use std::time::Instant;

    /// Under renju a single four of White's wins when Black's block is forbidden, with one
    /// four left too (where other single fours are not played out): White's four at g8
    /// leaves Black only h8, a double three.
    #[test]
    fn white_wins_by_a_four_whose_block_is_forbidden_with_one_four_left() {
        let p = |x, y| Pos::new(x, y);
        let black = [p(2, 7), p(7, 8), p(7, 9), p(8, 8), p(9, 9)];
        let white = [p(3, 7), p(4, 7), p(5, 7), p(13, 1)];
        let board = |rule| {
            Board::from_stones(Geometry::square(15), rule, &black, &white, Color::White).unwrap()
        };
        let renju = board(Rule::Renju);
        assert!(gomoku_board::renju::is_forbidden(&renju, p(7, 7)));
        let mut engine = Engine::new(EngineParams::default()).unwrap();
        assert_eq!(engine.find_vcf(&renju, 1), Some(vec![p(6, 7), p(7, 7)]));
        // Under freestyle the same four is blocked, and one four finds nothing.
        assert_eq!(engine.find_vcf(&board(Rule::Freestyle), 1), None);
    }

    /// The defence's shortcuts are sound: wherever replaying a known line says a move loses,
    /// an uncapped search finds a VCF after that move too; a line replays where it was
    /// found; and, without forbidden points, after every move off the line's defences.
    #[test]
    fn a_replayed_line_wins_only_where_a_search_finds_a_vcf() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let (mut threats, mut replayed, mut searched, mut off_defences) = (0, 0, 0, 0);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..40 {
                let mut board = Board::new(Geometry::square(11), rule).unwrap();
                let stones = rng.random_range(8..24);
                while board.stone_count() < stones {
                    let p = Pos::new(rng.random_range(2..9), rng.random_range(2..9));
                    if board.cell(p) == Cell::Empty && board.winner().is_none() {
                        board.make(p);
                    }
                }
                if board.winner().is_some() {
                    continue;
                }
                let mut engine = Engine::new(EngineParams::default()).unwrap();
                let limits = Limits {
                    nodes: Some(u64::MAX),
                    ..Limits::default()
                };
                let mut w = engine.worker(&board, &limits, Instant::now());
                w.vcf.cap = u64::MAX;
                let me = w.sb.to_move();
                if w.sb.all_fives(me).len > 0 || w.sb.all_fives(me.opponent()).len > 0 {
                    continue;
                }
                w.sb.set_to_move(me.opponent());
                let threat = w.root_vcf(12);
                if let Some(line) = &threat {
                    assert!(w.vcf_line_wins(line, Fives::default()), "{rule:?} {line:?}");
                }
                let gap = w.vcf.gap;
                w.sb.set_to_move(me);
                let Some(line) = threat else { continue };
                threats += 1;
                w.vcf.gap = gap;
                let defences = w.line_defences(&line);
                let mut all = Vec::new();
                w.sb.candidates(&mut all);
                for c in all {
                    w.sb.make_light(c as usize);
                    let mine = w.sb.last_move_fives();
                    let by_replay = w.vcf_line_wins(&line, mine);
                    // Off the line's defences the line replays, but for renju's forbidden
                    // points (which `vcf_defence` therefore does not trust them with).
                    if !defences.contains(&c) && rule != Rule::Renju {
                        assert!(by_replay, "{rule:?} {:?} then {c}", board.history());
                        off_defences += 1;
                    }
                    w.vcf.left = u64::MAX;
                    let by_search = w.vcf(1, 12, mine);
                    w.sb.unmake();
                    assert!(
                        !by_replay || by_search,
                        "{rule:?} {:?} then {c}",
                        board.history()
                    );
                    replayed += by_replay as u32;
                    searched += by_search as u32;
                }
            }
        }
        // The replay must do real work: most losing moves leave the line intact.
        assert!(threats > 20, "{threats} positions with a threat");
        assert!(
            replayed * 2 > searched,
            "{replayed} replayed of {searched} losing moves"
        );
        assert!(off_defences > 200, "{off_defences} moves off the defences");
    }
}
