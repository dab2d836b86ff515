//! Static wins: what the per-colour counts of cell classes (kept with the line kinds) tell
//! a node at once about the side to move, without a move made. With no five-point of the
//! opponent to answer:
//!
//! - a five-point wins in one ply;
//! - an open-four point (two five-points on one line) or a double-four point (fours on two
//!   lines: two five-points, one stone blocks one) wins in three;
//! - a four-three point wins in five when the opponent has no cell where a stone makes a
//!   four: he must block the four's one five-point, a cell off the three's line, and that
//!   stone makes him no five-point (it made no four), so the three becomes an open four.
//!
//! Black under renju claims nothing (a class read from line kinds does not see every
//! forbidden point); White there may, as Black's forbidden points only take his defences
//! away.

use super::board::SearchBoard;
use crate::cells::CellClass;
use gomoku_board::{Color, Rule};

/// The classes of a cell where a stone of its colour makes a four and no five.
const FOUR_CLASSES: [CellClass; 5] = [
    CellClass::Four,
    CellClass::FourTwo,
    CellClass::FourThree,
    CellClass::DoubleFour,
    CellClass::OpenFour,
];

impl SearchBoard {
    /// The plies to the side to move's five (1, 3 or 5) that the class counts prove with
    /// best defence, or `None` (nothing proved, the opponent has a five-point, or the line
    /// kinds are not kept).
    #[inline]
    pub fn static_win(&self) -> Option<u8> {
        let counts = self.kinds.class_counts()?;
        let me = self.to_move();
        let (mine, theirs) = (&counts[me.index()], &counts[me.opponent().index()]);
        let n = |c: [u16; crate::cells::CELL_CLASS_COUNT], class: CellClass| c[class.index()];
        if n(*mine, CellClass::Five) > 0 {
            return Some(1);
        }
        if n(*theirs, CellClass::Five) > 0 || (me == Color::Black && self.rule == Rule::Renju) {
            return None;
        }
        if n(*mine, CellClass::OpenFour) + n(*mine, CellClass::DoubleFour) > 0 {
            return Some(3);
        }
        (n(*mine, CellClass::FourThree) > 0 && !self.has_four_cell(me.opponent())).then_some(5)
    }
}

impl SearchBoard {
    /// How many empty cells have `class` for `color` (by the class counts; 0 when the line
    /// kinds are not kept).
    #[inline]
    pub fn class_count(&self, color: Color, class: CellClass) -> usize {
        self.kinds
            .class_counts()
            .map_or(0, |counts| counts[color.index()][class.index()] as usize)
    }

    /// Whether `color` has an empty cell where a stone makes a four and no five (by the
    /// class counts; false when the line kinds are not kept).
    #[inline]
    pub fn has_four_cell(&self, color: Color) -> bool {
        self.kinds.class_counts().is_some_and(|counts| {
            FOUR_CLASSES
                .iter()
                .any(|&c| counts[color.index()][c.index()] > 0)
        })
    }
}

impl SearchBoard {
    /// Whether the side to move faces a five-point, an open-four point or a double-four
    /// point of the opponent's (by the class counts): true as well when the line kinds are
    /// not kept, as nothing is known then. Selective pruning stays off under such a threat.
    #[inline]
    pub fn faces_four_threat(&self) -> bool {
        let Some(counts) = self.kinds.class_counts() else {
            return true;
        };
        let theirs = &counts[self.to_move().opponent().index()];
        [CellClass::Five, CellClass::OpenFour, CellClass::DoubleFour]
            .iter()
            .any(|&c| theirs[c.index()] > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::SearchBoard;
    use super::super::testing::*;
    use crate::cells::class_counts;
    use gomoku_board::{Board, Cell, Color, Pos, Rule};
    use rand::SeedableRng;

    fn empty_points(b: &Board) -> Vec<Pos> {
        b.points().filter(|&p| b.cell(p) == Cell::Empty).collect()
    }

    fn five_points(b: &Board, color: Color) -> usize {
        let legal = |p: Pos| color != b.to_move() || b.is_legal(p);
        empty_points(b)
            .into_iter()
            .filter(|&p| b.wins_at(p, color) && legal(p))
            .count()
    }

    /// Whether some legal move of the side to move leaves a board for which `holds`.
    fn some_move(b: &Board, holds: impl Fn(&Board) -> bool) -> bool {
        empty_points(b).into_iter().any(|p| {
            let mut after = b.clone();
            b.is_legal(p) && {
                after.make(p);
                holds(&after)
            }
        })
    }

    /// Whether the side to move has a move after which the opponent has no five-point and
    /// it has two: a win in three plies.
    fn wins_in_three(b: &Board) -> bool {
        let me = b.to_move();
        some_move(b, |after| {
            five_points(after, me.opponent()) == 0 && five_points(after, me) >= 2
        })
    }

    /// Whether the side to move has a four whose one five-point, blocked, leaves it a win
    /// in three, and the block no five-point of the opponent's: a win in five plies.
    fn wins_in_five(b: &Board) -> bool {
        let me = b.to_move();
        some_move(b, |after| {
            if five_points(after, me.opponent()) > 0 {
                return false;
            }
            let fives: Vec<Pos> = empty_points(after)
                .into_iter()
                .filter(|&q| after.wins_at(q, me))
                .collect();
            let [block] = fives[..] else {
                return false;
            };
            let mut blocked = after.clone();
            blocked.make(block);
            five_points(&blocked, me.opponent()) == 0 && wins_in_three(&blocked)
        })
    }

    /// Along random games under each rule, the class counts kept by make and unmake are a
    /// fresh board's, and every static win claimed is one by brute force; each distance is
    /// claimed somewhere.
    #[test]
    fn static_wins_are_wins_and_the_counts_stay_exact() {
        let t = seed_with_classes(101, 37, 5);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(45);
        let mut claimed = [0; 6];
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _game in 0..30 {
                let board = Board::new(gomoku_board::Geometry::square(11), rule).unwrap();
                let mut sb = SearchBoard::new(&board, t.clone(), 2);
                for _ in 0..40 {
                    if sb.board().winner().is_some() || sb.is_full() {
                        break;
                    }
                    let fresh = class_counts(sb.board());
                    let kept = sb.kinds.class_counts().unwrap();
                    assert_eq!(kept[0][1..], fresh[0][1..], "{:?}", sb.board());
                    assert_eq!(kept[1][1..], fresh[1][1..], "{:?}", sb.board());
                    let b = sb.board().clone();
                    match sb.static_win() {
                        Some(1) => assert!(five_points(&b, b.to_move()) > 0, "{b:?}"),
                        Some(3) => assert!(wins_in_three(&b), "{b:?}"),
                        Some(5) => assert!(wins_in_five(&b), "{b:?}"),
                        Some(n) => panic!("{n} plies"),
                        None => {}
                    }
                    if let Some(n) = sb.static_win() {
                        claimed[n as usize] += 1;
                    }
                    // A move near the stones tried and taken back, then another played.
                    let mut near_move = || loop {
                        let i = random_empty(&sb, &mut rng);
                        let p = sb.pos(i);
                        if (sb.is_candidate(i) || b.stone_count() == 0) && b.is_legal(p) {
                            break i;
                        }
                    };
                    let (tried, played) = (near_move(), near_move());
                    sb.make(tried);
                    sb.unmake();
                    sb.make(played);
                }
            }
        }
        assert!(
            claimed[1] > 0 && claimed[3] > 0 && claimed[5] > 0,
            "{claimed:?}"
        );
    }
}
