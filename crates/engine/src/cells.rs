//! Cell classes: what a stone at an empty cell would make along each of its four lines (a
//! line kind: open two, closed three, open three, four, open four, five) and what the four
//! lines make together (a cell class: four-three, double three, three plus two...). A table
//! scores each class for its owner and for the opponent, so the evaluation sees
//! combinations that a sum over single lines cannot, and tuning can fit them.
//!
//! Line kinds come from one lookup per line: [`KindTable`] is indexed by the 2-bit codes of
//! the `hw` cells on each side of the cell (`hw` = k - 1 in freestyle, k under the exact
//! rules, which must see the cell past a five), and holds the kind for Black and for White
//! under the rule. It is worked out by dynamic programming over the codes (fours from
//! five-points, threes from the fours one more stone makes, twos from the open threes one
//! more stone makes: `line_kinds.rs`), at build time for k = 5 under each rule, else once
//! per (k, rule) on first use.

use gomoku_board::{Board, ByColor, Cell, Color, Rule};
use line_kinds::{Exactness, MAX_HALF_WIDTH, PREBUILT, kind_entries};
use std::sync::{Arc, Mutex, OnceLock};

mod line_kinds;

pub use line_kinds::{
    KIND_FIVE, KIND_FOUR, KIND_OPEN_FOUR, KIND_OPEN_THREE, KIND_OVER, KIND_THREE, KIND_TWO,
};

/// The number of cell classes, [`CellClass::None`] included.
pub const CELL_CLASS_COUNT: usize = 15;

/// What a stone of one colour at an empty cell would make with its four lines together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum CellClass {
    /// Nothing of note (always scores 0).
    None,
    /// One open two.
    Two,
    /// Two or more open twos.
    DoubleTwo,
    /// One closed three (and nothing else of note).
    ClosedThree,
    /// A closed three with another closed three or an open two.
    ClosedThreeTwo,
    /// One open three.
    Three,
    /// An open three with a closed three or an open two.
    ThreeTwo,
    /// Two or more open threes.
    DoubleThree,
    /// One four.
    Four,
    /// A four with a closed three or an open two.
    FourTwo,
    /// A four with an open three.
    FourThree,
    /// Two fours on different lines.
    DoubleFour,
    /// An open four.
    OpenFour,
    /// A five.
    Five,
    /// A point forbidden to Black under renju (double three, double four or overline, by
    /// line kinds; no five).
    Forbidden,
}

impl CellClass {
    /// Every class, in index order.
    pub const ALL: [CellClass; CELL_CLASS_COUNT] = [
        CellClass::None,
        CellClass::Two,
        CellClass::DoubleTwo,
        CellClass::ClosedThree,
        CellClass::ClosedThreeTwo,
        CellClass::Three,
        CellClass::ThreeTwo,
        CellClass::DoubleThree,
        CellClass::Four,
        CellClass::FourTwo,
        CellClass::FourThree,
        CellClass::DoubleFour,
        CellClass::OpenFour,
        CellClass::Five,
        CellClass::Forbidden,
    ];

    /// The name tables use.
    pub fn name(self) -> &'static str {
        match self {
            CellClass::None => "none",
            CellClass::Two => "two",
            CellClass::DoubleTwo => "double-two",
            CellClass::ClosedThree => "closed-three",
            CellClass::ClosedThreeTwo => "closed-three-two",
            CellClass::Three => "three",
            CellClass::ThreeTwo => "three-two",
            CellClass::DoubleThree => "double-three",
            CellClass::Four => "four",
            CellClass::FourTwo => "four-two",
            CellClass::FourThree => "four-three",
            CellClass::DoubleFour => "double-four",
            CellClass::OpenFour => "open-four",
            CellClass::Five => "five",
            CellClass::Forbidden => "forbidden",
        }
    }

    /// The class of a name, if any.
    pub fn from_name(name: &str) -> Option<CellClass> {
        CellClass::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The index in [`CellClass::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The class of four line kinds; `renju_black` marks Black's forbidden points.
    pub fn of_kinds(kinds: [u8; 4], renju_black: bool) -> CellClass {
        let count = |k: u8| kinds.iter().filter(|&&x| x == k).count();
        let (open_fours, fours) = (count(KIND_OPEN_FOUR), count(KIND_FOUR));
        let (open_threes, threes, twos) =
            (count(KIND_OPEN_THREE), count(KIND_THREE), count(KIND_TWO));
        if count(KIND_FIVE) > 0 {
            return CellClass::Five;
        }
        if renju_black && (open_fours + fours >= 2 || open_threes >= 2 || count(KIND_OVER) > 0) {
            return CellClass::Forbidden;
        }
        let minor = threes + twos;
        if open_fours > 0 {
            CellClass::OpenFour
        } else if fours >= 2 {
            CellClass::DoubleFour
        } else if fours == 1 {
            if open_threes > 0 {
                CellClass::FourThree
            } else if minor > 0 {
                CellClass::FourTwo
            } else {
                CellClass::Four
            }
        } else if open_threes >= 2 {
            CellClass::DoubleThree
        } else if open_threes == 1 {
            if minor > 0 {
                CellClass::ThreeTwo
            } else {
                CellClass::Three
            }
        } else if threes > 0 {
            if minor >= 2 {
                CellClass::ClosedThreeTwo
            } else {
                CellClass::ClosedThree
            }
        } else if twos >= 2 {
            CellClass::DoubleTwo
        } else if twos == 1 {
            CellClass::Two
        } else {
            CellClass::None
        }
    }
}

/// Scores of the cell classes: `[own, opp]` per class index, as in the pattern table (`own`
/// counts the side to move's cells, `opp` its opponent's).
pub type ClassScores = [[i32; 2]; CELL_CLASS_COUNT];

/// Threat scores: per best class of the side to move, per best class of its opponent.
pub type ThreatScores = [[i32; CELL_CLASS_COUNT]; CELL_CLASS_COUNT];

/// Per colour (Black, White), how many empty cells have each cell class.
pub type ClassCounts = [[u16; CELL_CLASS_COUNT]; 2];

/// The threat score for `me`, to move, of a position with class counts `counts`: the score
/// of the pair of `me`'s best class and its opponent's.
#[inline]
pub fn threat_of(scores: &ThreatScores, counts: &ClassCounts, me: Color) -> i32 {
    let (mine, theirs) = (&counts[me.index()], &counts[me.opponent().index()]);
    scores[best_class(mine)][best_class(theirs)]
}

/// The best class of one colour from its class counts: the strongest class, up to a five,
/// that some empty cell has (index order is strength order), or `None`'s index.
#[inline]
pub fn best_class(counts: &[u16; CELL_CLASS_COUNT]) -> usize {
    (1..=CellClass::Five.index())
        .rev()
        .find(|&c| counts[c] > 0)
        .unwrap_or(0)
}

/// The line-kind lookup of one (k, rule), and the class of every combination of kinds.
#[derive(Debug)]
pub struct KindTable {
    hw: usize,
    /// Per code of the 2·hw cells around a cell: Black's kind | White's kind << 4 (see
    /// [`kind_entries`]), prebuilt or built once for the process.
    entries: &'static [u8],
    /// Per colour, per 12-bit pack of four kinds (3 bits each): the class index.
    classes: Box<[[u8; 4096]; 2]>,
}

/// A built table and the (k, rule) it serves.
type KindTableEntry = ((usize, Rule), Arc<KindTable>);

/// The tables of [`PREBUILT`], one after the other, as the build script computed them
/// (`build.rs` names the file).
static PREBUILT_TABLES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/line_kinds.bin"));

/// The prebuilt table of (k, exact), if the build computed it.
fn prebuilt(k: usize, exact: Exactness) -> Option<&'static [u8]> {
    let mut start = 0;
    for (pk, pe) in PREBUILT {
        let len = 1 << (4 * pe.half_width(pk));
        if (pk, pe) == (k, exact) {
            return PREBUILT_TABLES.get(start..start + len);
        }
        start += len;
    }
    None
}

/// What `rule` asks of the line kinds.
fn exactness(rule: Rule) -> Exactness {
    match rule {
        Rule::Freestyle => Exactness::FREESTYLE,
        Rule::Standard => Exactness::STANDARD,
        Rule::Renju => Exactness::RENJU,
    }
}

impl KindTable {
    /// The table of a board's k and rule, built on first use and shared; `None` when the
    /// window would be too large (k > 6 in freestyle, k > 5 under the exact rules).
    pub fn for_board(k: usize, rule: Rule) -> Option<Arc<KindTable>> {
        static CACHE: OnceLock<Mutex<Vec<KindTableEntry>>> = OnceLock::new();
        let hw = exactness(rule).half_width(k);
        if hw > MAX_HALF_WIDTH || k < 2 {
            return None;
        }
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, t)) = cache.iter().find(|(key, _)| *key == (k, rule)) {
            return Some(t.clone());
        }
        let t = Arc::new(KindTable::build(k, rule));
        cache.push(((k, rule), t.clone()));
        Some(t)
    }

    fn build(k: usize, rule: Rule) -> KindTable {
        let exact = exactness(rule);
        let hw = exact.half_width(k);
        // A table built here lives as long as the process, in `for_board`'s cache.
        let entries = prebuilt(k, exact)
            .unwrap_or_else(|| Box::leak(kind_entries(k, exact).into_boxed_slice()));
        let mut classes = Box::new([[0u8; 4096]; 2]);
        for (colour, table) in classes.iter_mut().enumerate() {
            let renju_black = colour == 0 && rule == Rule::Renju;
            for (pack, class) in table.iter_mut().enumerate() {
                let kinds = [0, 1, 2, 3].map(|d| ((pack >> (3 * d)) & 7) as u8);
                *class = CellClass::of_kinds(kinds, renju_black) as u8;
            }
        }
        KindTable {
            hw,
            entries,
            classes,
        }
    }

    /// The cells on each side of a cell that its line kinds depend on.
    #[inline]
    pub fn half_width(&self) -> usize {
        self.hw
    }

    /// Black's kind | White's kind << 4 for the centre of `span`, the 2-bit codes of the
    /// `2h + 1` cells centred on an empty cell (`h >= hw`).
    #[inline]
    pub fn kinds(&self, span: u64, h: usize) -> u8 {
        let x = span >> (2 * (h - self.hw));
        let mask = (1u64 << (2 * self.hw)) - 1;
        let index = (x & mask) | ((x >> (2 * (self.hw + 1))) & mask) << (2 * self.hw);
        self.entries[index as usize]
    }

    /// The class index of `color` at a cell whose line kinds are `kinds` (byte `d`: the
    /// kind bytes of direction `d`).
    #[inline]
    pub fn class(&self, color: Color, kinds: u32) -> usize {
        // The colour's 3-bit kinds, one per byte, gathered into 12 bits.
        let x = (kinds >> (4 * color.index())) & 0x0707_0707;
        let pack = (x & 0x7) | (x >> 5 & 0x38) | (x >> 10 & 0x1C0) | (x >> 15 & 0xE00);
        self.classes[color.index()][pack as usize & 0xFFF] as usize
    }

    /// What the cell with line kinds `kinds` adds to the sums `[Black's view, White's
    /// view]` under `scores`.
    #[inline]
    pub fn contribution(&self, kinds: u32, scores: &ClassScores) -> [i32; 2] {
        let (black, white) = (
            self.class(Color::Black, kinds),
            self.class(Color::White, kinds),
        );
        class_contribution(scores, black, white)
    }

    /// The line kinds of the empty cell `i` of `board` (byte `d`: direction `d`), read
    /// from the board.
    pub fn cell_kinds(&self, board: &Board, i: usize) -> u32 {
        let offs = board.direction_offsets();
        let cells = board.cells();
        u32::from_le_bytes(offs.map(|off| {
            let mut span = 0u64;
            for s in 0..(2 * self.hw + 1) {
                let j = i as isize + (s as isize - self.hw as isize) * off;
                span |= (cells[j as usize] as u64) << (2 * s);
            }
            self.kinds(span, self.hw)
        }))
    }
}

/// What a cell where Black's class is `black` and White's is `white` (class indices) adds
/// to the sums `[Black's view, White's view]` under `scores`.
#[inline]
pub fn class_contribution(scores: &ClassScores, black: usize, white: usize) -> [i32; 2] {
    let (b, w) = (scores[black], scores[white]);
    [b[0] + w[1], w[0] + b[1]]
}

/// The class sums `[Black's view, White's view]` of every empty cell of `board`, from
/// scratch.
pub fn class_sums(board: &Board, table: &KindTable, scores: &ClassScores) -> ByColor<i64> {
    let mut sums = ByColor::<i64>::default();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let c = table.contribution(table.cell_kinds(board, board.index(p)), scores);
        sums[Color::Black] += c[0] as i64;
        sums[Color::White] += c[1] as i64;
    }
    sums
}

/// How many empty cells of `board` have each class, per colour, from scratch (all in
/// `None` when the board's k has no line-kind table).
pub fn class_counts(board: &Board) -> ClassCounts {
    let mut counts = [[0; CELL_CLASS_COUNT]; 2];
    for_each_cell_class(board, |black, white| {
        counts[0][black.index()] += 1;
        counts[1][white.index()] += 1;
    });
    counts
}

/// The class of each colour at every empty cell of `board` (for counting features).
pub fn for_each_cell_class(board: &Board, mut visit: impl FnMut(CellClass, CellClass)) {
    let Some(table) = KindTable::for_board(board.k(), board.rule()) else {
        return;
    };
    for p in board.points() {
        if board.cell(p) == Cell::Empty {
            let kinds = table.cell_kinds(board, board.index(p));
            visit(
                CellClass::ALL[table.class(Color::Black, kinds)],
                CellClass::ALL[table.class(Color::White, kinds)],
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::line_kinds::KIND_NONE;
    use super::*;

    /// The kind of the centre of a line written as text (`.` empty, `X` Black, `O` White,
    /// `#` wall, `*` the centre), for Black, under `rule` with k = 5.
    fn kind_of(line: &str, rule: Rule) -> (u8, u8) {
        let t = KindTable::for_board(5, rule).unwrap();
        let hw = t.half_width();
        let centre = line.find('*').unwrap();
        let mut span = 0u64;
        for s in 0..(2 * hw + 1) {
            let at = (centre + s).checked_sub(hw);
            let c = match at.and_then(|a| line.as_bytes().get(a)) {
                Some(b'X') => 1,
                Some(b'O') => 2,
                Some(b'.') | Some(b'*') => 0,
                _ => 3,
            };
            span |= c << (2 * s);
        }
        let k = t.kinds(span, hw);
        (k & 15, k >> 4)
    }

    /// The tables the build wrote are the ones the code computes now, each found under its
    /// own (k, rule), and `for_board` serves them.
    #[test]
    fn prebuilt_tables_are_the_computed_ones() {
        for (k, exact) in PREBUILT {
            let table = prebuilt(k, exact).expect("prebuilt");
            assert!(table == kind_entries(k, exact), "k={k} {exact:?}");
        }
        let total: usize = PREBUILT
            .map(|(k, e)| 1 << (4 * e.half_width(k)))
            .iter()
            .sum();
        assert_eq!(PREBUILT_TABLES.len(), total);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let served = KindTable::for_board(5, rule).unwrap().entries;
            assert!(std::ptr::eq(served, prebuilt(5, exactness(rule)).unwrap()));
        }
        assert_eq!(prebuilt(4, Exactness::STANDARD), None);
    }

    #[test]
    fn line_kinds_of_known_shapes() {
        let f = Rule::Freestyle;
        assert_eq!(kind_of("..XXX*X...", f).0, KIND_FIVE);
        assert_eq!(kind_of("...XX*X...", f).0, KIND_OPEN_FOUR);
        assert_eq!(kind_of("...XX*.X...", f).0, KIND_FOUR);
        assert_eq!(kind_of("...XX*.X...", f).1, KIND_NONE);
        assert_eq!(kind_of("..OXX*X....", f).0, KIND_FOUR);
        assert_eq!(kind_of("....X*X....", f).0, KIND_OPEN_THREE);
        assert_eq!(kind_of("...OX*X....", f).0, KIND_THREE);
        assert_eq!(kind_of("....X*.X...", f).0, KIND_OPEN_THREE);
        assert_eq!(kind_of(".....*X....", f).0, KIND_TWO);
        assert_eq!(kind_of("....O*X..O.", f).0, KIND_NONE);
        // White's view of the same cells.
        assert_eq!(kind_of("....O*O....", f).1, KIND_OPEN_THREE);
        // Exact five: a six is no five, and a five that would touch a sixth stone is none.
        assert_eq!(kind_of("..XXX*XX...", f).0, KIND_FIVE);
        assert_eq!(kind_of("..XXX*XX...", Rule::Standard).0, KIND_OVER);
        assert_eq!(kind_of("..XXX*XX...", Rule::Renju).1, KIND_NONE);
        assert_eq!(kind_of("..OOO*OO...", Rule::Renju).1, KIND_FIVE);
        assert_eq!(kind_of("..OOO*OO...", Rule::Standard).1, KIND_OVER);
        // Filling the gap would make six: a four in freestyle, nothing of note in exact five.
        assert_eq!(kind_of("OXX.X*XO...", f).0, KIND_FOUR);
        assert_eq!(kind_of("OXX.X*XO...", Rule::Standard).0, KIND_NONE);
        assert_eq!(kind_of("X.XX*.....", Rule::Standard).0, KIND_FOUR);
        // The wall blocks like a stone.
        assert_eq!(kind_of("XX*X.", f).0, KIND_FOUR);
    }

    /// The line kind of a stone of `me` at the empty centre `c` of a whole line, by the
    /// definitions and without any window: fives and fours from five-points whose five holds
    /// the centre, threes from the fours and twos from the open threes that one more stone
    /// within k - 1 cells makes.
    fn oracle_kind(line: &mut [u8], c: usize, me: u8, k: usize, exact: bool) -> u8 {
        struct Line<'a> {
            cells: &'a mut [u8],
            c: usize,
            me: u8,
            k: usize,
            exact: bool,
        }
        impl Line<'_> {
            fn run(&self, p: usize) -> (usize, usize) {
                let (mut lo, mut hi) = (p, p);
                while lo > 0 && self.cells[lo - 1] == self.me {
                    lo -= 1;
                }
                while hi + 1 < self.cells.len() && self.cells[hi + 1] == self.me {
                    hi += 1;
                }
                (lo, hi)
            }
            fn wins(&self, n: usize) -> bool {
                if self.exact { n == self.k } else { n >= self.k }
            }
            /// Fives, fours and overlines, with the stone at `c` on the line.
            fn kind1(&mut self) -> u8 {
                let (lo, hi) = self.run(self.c);
                if self.wins(hi - lo + 1) {
                    return KIND_FIVE;
                }
                let mut fives = 0;
                for e in 0..self.cells.len() {
                    if self.cells[e] == 0 {
                        self.cells[e] = self.me;
                        let (a, b) = self.run(e);
                        self.cells[e] = 0;
                        fives += usize::from(a <= self.c && self.c <= b && self.wins(b - a + 1));
                    }
                }
                match fives {
                    0 if hi - lo + 1 > self.k => KIND_OVER,
                    0 => KIND_NONE,
                    1 => KIND_FOUR,
                    _ => KIND_OPEN_FOUR,
                }
            }
            /// The best of `f` over one more stone within k - 1 cells of the centre.
            fn best_after(&mut self, f: fn(&mut Self) -> u8, map: fn(u8) -> u8) -> u8 {
                let mut best = KIND_NONE;
                let (from, to) = (self.c.saturating_sub(self.k - 1), self.c + self.k);
                for e in from..to.min(self.cells.len()) {
                    if self.cells[e] == 0 {
                        self.cells[e] = self.me;
                        best = best.max(map(f(self)));
                        self.cells[e] = 0;
                    }
                }
                best
            }
            fn kind2(&mut self) -> u8 {
                match self.kind1() {
                    KIND_NONE => self.best_after(Self::kind1, |n| match n {
                        KIND_OPEN_FOUR => KIND_OPEN_THREE,
                        KIND_FOUR => KIND_THREE,
                        _ => KIND_NONE,
                    }),
                    kind => kind,
                }
            }
            fn kind3(&mut self) -> u8 {
                match self.kind2() {
                    KIND_NONE => self.best_after(Self::kind2, |n| {
                        if n == KIND_OPEN_THREE {
                            KIND_TWO
                        } else {
                            KIND_NONE
                        }
                    }),
                    kind => kind,
                }
            }
        }
        line[c] = me;
        let kind = Line {
            cells: line,
            c,
            me,
            k,
            exact,
        }
        .kind3();
        line[c] = 0;
        kind
    }

    /// The table's kinds, read from a window of the cells around the centre, equal the
    /// definitions applied to the whole line (so the window is wide enough), for both
    /// colours, under each rule, for several k.
    #[test]
    fn line_kinds_match_the_definitions_on_whole_lines() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (k, rule) in [
            (5, Rule::Freestyle),
            (5, Rule::Standard),
            (5, Rule::Renju),
            (4, Rule::Standard),
            (3, Rule::Freestyle),
            (6, Rule::Freestyle),
        ] {
            let t = KindTable::for_board(k, rule).unwrap();
            let hw = t.half_width();
            let len = 2 * hw + 1 + 8;
            let c = len / 2;
            for _ in 0..4000 {
                // Lines dense enough to hold every kind; walls only at the ends, which may
                // come as near the centre as the board's edge can.
                let mut line: Vec<u8> = (0..len)
                    .map(|_| [0, 0, 0, 1, 1, 2][rng.random_range(0..6)])
                    .collect();
                line[c] = 0;
                let lo = rng.random_range(0..=c);
                let hi = rng.random_range(c..len);
                for (p, cell) in line.iter_mut().enumerate() {
                    if p < lo || p > hi {
                        *cell = 3;
                    }
                }
                let mut span = 0u64;
                for s in 0..(2 * hw + 1) {
                    span |= (line[c - hw + s] as u64) << (2 * s);
                }
                let got = t.kinds(span, hw);
                // Only the cells between the walls are a line; the rest is the edge.
                let mut whole: Vec<u8> = line[lo..=hi].to_vec();
                let exact_black = rule != Rule::Freestyle;
                let exact_white = rule == Rule::Standard;
                let want_black = oracle_kind(&mut whole, c - lo, 1, k, exact_black);
                let want_white = oracle_kind(&mut whole, c - lo, 2, k, exact_white);
                assert_eq!(
                    (got & 15, got >> 4),
                    (want_black, want_white),
                    "k={k} {rule:?} line {:?}",
                    &line[lo..=hi]
                );
            }
        }
    }

    #[test]
    fn classes_combine_the_four_lines() {
        let c = |k: [u8; 4], r| CellClass::of_kinds(k, r);
        let (n, two, three, o3, four) =
            (KIND_NONE, KIND_TWO, KIND_THREE, KIND_OPEN_THREE, KIND_FOUR);
        assert_eq!(c([four, o3, n, n], false), CellClass::FourThree);
        assert_eq!(c([four, n, n, two], false), CellClass::FourTwo);
        assert_eq!(c([four, four, n, n], false), CellClass::DoubleFour);
        assert_eq!(c([four, four, n, n], true), CellClass::Forbidden);
        assert_eq!(c([o3, o3, n, n], false), CellClass::DoubleThree);
        assert_eq!(c([o3, o3, n, n], true), CellClass::Forbidden);
        assert_eq!(c([o3, n, two, n], false), CellClass::ThreeTwo);
        assert_eq!(c([three, three, n, n], false), CellClass::ClosedThreeTwo);
        assert_eq!(c([two, two, n, n], false), CellClass::DoubleTwo);
        assert_eq!(c([KIND_FIVE, four, four, n], true), CellClass::Five);
        assert_eq!(c([n; 4], true), CellClass::None);
        for class in CellClass::ALL {
            assert_eq!(CellClass::from_name(class.name()), Some(class));
            assert_eq!(CellClass::ALL[class.index()], class);
        }
    }
}
