//! Pattern tables as data, their validation, and their compilation into a flat lookup table
//! indexed by the 2-bit code of a line window.

use crate::cells::{
    CELL_CLASS_COUNT, CellClass, ClassScores, KindTable, ThreatScores, class_counts, class_sums,
    threat_of,
};
use gomoku_board::{Board, ByColor, Color};
use thiserror::Error;

/// The longest shape a table may hold, in cells.
pub const MAX_PATTERN_LEN: usize = 8;

/// The largest absolute score a pattern may carry (keeps sums far from the mate scores).
pub const MAX_PATTERN_SCORE: i32 = 10_000_000;

/// One shape of a pattern table and what it is worth.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternSpec {
    /// Cells along a line: `'1'` a stone of the owner, `'0'` empty, `'x'` blocked (an
    /// opponent stone or the board edge).
    pub shape: String,
    /// Score added to the evaluation when the side to move owns an occurrence.
    pub own: i32,
    /// Score added to the evaluation when the opponent of the side to move owns an occurrence.
    pub opp: i32,
}

impl PatternSpec {
    /// A pattern from its shape and its two scores.
    pub fn new(shape: &str, own: i32, opp: i32) -> PatternSpec {
        PatternSpec {
            shape: shape.to_string(),
            own,
            opp,
        }
    }
}

/// What one cell class is worth: counted once per empty cell of that class for its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClassSpec {
    /// The class.
    pub class: CellClass,
    /// Score added when the side to move has a cell of this class.
    pub own: i32,
    /// Score added when the opponent of the side to move has a cell of this class.
    pub opp: i32,
}

/// What a pair of leading threats is worth: the side to move's best cell class (the
/// strongest class, up to a five, of any of its empty cells; `none` when it has none) and
/// its opponent's. Counted once per position, like a tempo term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThreatSpec {
    /// The side to move's best class.
    pub own: CellClass,
    /// Its opponent's best class.
    pub opp: CellClass,
    /// Score added to the evaluation of the side to move.
    pub score: i32,
}

/// A named list of scored shapes and cell classes: the whole evaluation function of an
/// engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternTable {
    /// Short name (used in reports).
    pub name: String,
    /// Where the values come from.
    pub description: String,
    /// The shapes; each occurrence of each shape on each line is scored once.
    pub patterns: Vec<PatternSpec>,
    /// The scored cell classes (none in older tables; an absent class scores 0).
    pub classes: Vec<ClassSpec>,
    /// The scored pairs of best classes (none in older tables; an absent pair scores 0).
    pub threats: Vec<ThreatSpec>,
    /// Move-ordering bonuses, not evaluation: `own` is added to the ordering score of a cell
    /// where the side to move's class is `class`, `opp` where its opponent's is (as Rapfi's
    /// classical model keeps a move-ordering table beside its evaluation). None in most
    /// tables; an absent class adds 0. Any non-zero bonus keeps the line kinds, as classes do.
    pub order: Vec<ClassSpec>,
}

/// What is wrong with a pattern table; every variant names the pattern by its index (from 0).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The table holds no pattern at all.
    #[error("the pattern table '{0}' has no patterns")]
    NoPatterns(String),
    /// A shape with no cells.
    #[error("pattern {index}: empty shape")]
    Empty {
        /// Index of the pattern.
        index: usize,
    },
    /// A character other than `1`, `0`, `x`.
    #[error("pattern {index} ('{shape}'): bad character {ch:?} (expected '1', '0' or 'x')")]
    BadChar {
        /// Index of the pattern.
        index: usize,
        /// The shape.
        shape: String,
        /// The offending character.
        ch: char,
    },
    /// A shape longer than [`MAX_PATTERN_LEN`].
    #[error("pattern {index} ('{shape}'): {len} cells, at most {max} allowed")]
    TooLong {
        /// Index of the pattern.
        index: usize,
        /// The shape.
        shape: String,
        /// Its length.
        len: usize,
        /// The maximum.
        max: usize,
    },
    /// A shape made only of `x` (it would match the board's surroundings).
    #[error("pattern {index} ('{shape}'): a shape needs at least one '1' or '0'")]
    AllBlocked {
        /// Index of the pattern.
        index: usize,
        /// The shape.
        shape: String,
    },
    /// The same shape twice.
    #[error("pattern {index} ('{shape}') duplicates pattern {first}")]
    Duplicate {
        /// Index of the second occurrence.
        index: usize,
        /// Index of the first.
        first: usize,
        /// The shape.
        shape: String,
    },
    /// The same cell class twice.
    #[error("class {index} ('{name}') duplicates class {first}")]
    DuplicateClass {
        /// Index of the second occurrence in the class list.
        index: usize,
        /// Index of the first.
        first: usize,
        /// The class name.
        name: &'static str,
    },
    /// A class score outside `-MAX_PATTERN_SCORE..=MAX_PATTERN_SCORE`.
    #[error("class {index} ('{name}'): score {value} exceeds {max} in absolute value")]
    ClassScoreTooLarge {
        /// Index in the class list.
        index: usize,
        /// The class name.
        name: &'static str,
        /// The score.
        value: i32,
        /// The limit.
        max: i32,
    },
    /// The same class twice in the move-ordering list.
    #[error("order {index} ('{name}'): duplicate of order {first}")]
    DuplicateOrder {
        /// Index of the second occurrence in the order list.
        index: usize,
        /// Index of the first.
        first: usize,
        /// The class name.
        name: &'static str,
    },
    /// A move-ordering bonus outside `-MAX_PATTERN_SCORE..=MAX_PATTERN_SCORE`.
    #[error("order {index} ('{name}'): bonus {value} exceeds {max} in absolute value")]
    OrderScoreTooLarge {
        /// Index in the order list.
        index: usize,
        /// The class name.
        name: &'static str,
        /// The bonus.
        value: i32,
        /// The limit.
        max: i32,
    },
    /// The same pair of best classes twice in the threat list.
    #[error("threat {index} ('{own}' against '{opp}'): duplicate of threat {first}")]
    DuplicateThreat {
        /// Index of the second occurrence in the threat list.
        index: usize,
        /// Index of the first.
        first: usize,
        /// The side to move's class name.
        own: &'static str,
        /// The opponent's class name.
        opp: &'static str,
    },
    /// A threat naming a class that is never a best class (`forbidden`).
    #[error("threat {index}: '{name}' is not a best class (use none..five)")]
    ThreatClass {
        /// Index in the threat list.
        index: usize,
        /// The class name.
        name: &'static str,
    },
    /// A threat score outside `-MAX_PATTERN_SCORE..=MAX_PATTERN_SCORE`.
    #[error("threat {index}: score {value} exceeds {max} in absolute value")]
    ThreatScoreTooLarge {
        /// Index in the threat list.
        index: usize,
        /// The score.
        value: i32,
        /// The limit.
        max: i32,
    },
    /// A score outside `-MAX_PATTERN_SCORE..=MAX_PATTERN_SCORE`.
    #[error("pattern {index} ('{shape}'): score {value} exceeds {max} in absolute value")]
    ScoreTooLarge {
        /// Index of the pattern.
        index: usize,
        /// The shape.
        shape: String,
        /// The score.
        value: i32,
        /// The limit.
        max: i32,
    },
}

impl TableError {
    /// The index of the pattern at fault, if the error is about one.
    pub fn pattern_index(&self) -> Option<usize> {
        match self {
            TableError::NoPatterns(_)
            | TableError::DuplicateClass { .. }
            | TableError::ClassScoreTooLarge { .. }
            | TableError::DuplicateOrder { .. }
            | TableError::OrderScoreTooLarge { .. }
            | TableError::DuplicateThreat { .. }
            | TableError::ThreatClass { .. }
            | TableError::ThreatScoreTooLarge { .. } => None,
            TableError::Empty { index }
            | TableError::BadChar { index, .. }
            | TableError::TooLong { index, .. }
            | TableError::AllBlocked { index, .. }
            | TableError::Duplicate { index, .. }
            | TableError::ScoreTooLarge { index, .. } => Some(*index),
        }
    }
}

impl PatternTable {
    /// Checks every shape: characters, length, duplicates, score range.
    pub fn validate(&self) -> Result<(), TableError> {
        if self.patterns.is_empty() {
            return Err(TableError::NoPatterns(self.name.clone()));
        }
        for (index, p) in self.patterns.iter().enumerate() {
            let shape = p.shape.clone();
            if p.shape.is_empty() {
                return Err(TableError::Empty { index });
            }
            if let Some(ch) = p.shape.chars().find(|c| !matches!(c, '0' | '1' | 'x')) {
                return Err(TableError::BadChar { index, shape, ch });
            }
            let len = p.shape.len();
            if len > MAX_PATTERN_LEN {
                return Err(TableError::TooLong {
                    index,
                    shape,
                    len,
                    max: MAX_PATTERN_LEN,
                });
            }
            if p.shape.chars().all(|c| c == 'x') {
                return Err(TableError::AllBlocked { index, shape });
            }
            for value in [p.own, p.opp] {
                if value.unsigned_abs() > MAX_PATTERN_SCORE as u32 {
                    return Err(TableError::ScoreTooLarge {
                        index,
                        shape,
                        value,
                        max: MAX_PATTERN_SCORE,
                    });
                }
            }
            if let Some(first) = self.patterns[..index]
                .iter()
                .position(|q| q.shape == p.shape)
            {
                return Err(TableError::Duplicate {
                    index,
                    first,
                    shape,
                });
            }
        }
        check_class_list(
            &self.classes,
            |index, name, value| TableError::ClassScoreTooLarge {
                index,
                name,
                value,
                max: MAX_PATTERN_SCORE,
            },
            |index, first, name| TableError::DuplicateClass { index, first, name },
        )?;
        check_class_list(
            &self.order,
            |index, name, value| TableError::OrderScoreTooLarge {
                index,
                name,
                value,
                max: MAX_PATTERN_SCORE,
            },
            |index, first, name| TableError::DuplicateOrder { index, first, name },
        )?;
        for (index, t) in self.threats.iter().enumerate() {
            for class in [t.own, t.opp] {
                if class == CellClass::Forbidden {
                    let name = class.name();
                    return Err(TableError::ThreatClass { index, name });
                }
            }
            if t.score.unsigned_abs() > MAX_PATTERN_SCORE as u32 {
                return Err(TableError::ThreatScoreTooLarge {
                    index,
                    value: t.score,
                    max: MAX_PATTERN_SCORE,
                });
            }
            let same = |q: &ThreatSpec| (q.own, q.opp) == (t.own, t.opp);
            if let Some(first) = self.threats[..index].iter().position(same) {
                let (own, opp) = (t.own.name(), t.opp.name());
                return Err(TableError::DuplicateThreat {
                    index,
                    first,
                    own,
                    opp,
                });
            }
        }
        Ok(())
    }

    /// The index of the threat entry at fault, if the error is about one.
    pub fn threat_index(error: &TableError) -> Option<usize> {
        match error {
            TableError::DuplicateThreat { index, .. }
            | TableError::ThreatClass { index, .. }
            | TableError::ThreatScoreTooLarge { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The index of the class entry at fault, if the error is about one.
    pub fn class_index(error: &TableError) -> Option<usize> {
        match error {
            TableError::DuplicateClass { index, .. }
            | TableError::ClassScoreTooLarge { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The index of the move-ordering entry at fault, if the error is about one.
    pub fn order_index(error: &TableError) -> Option<usize> {
        match error {
            TableError::DuplicateOrder { index, .. }
            | TableError::OrderScoreTooLarge { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The longest shape, in cells.
    pub fn max_len(&self) -> usize {
        self.patterns
            .iter()
            .map(|p| p.shape.len())
            .max()
            .unwrap_or(1)
    }
}

/// Checks a list of per-class entries (a table's `classes` or `order`): every score within
/// `MAX_PATTERN_SCORE` in absolute value (else `too_large(index, name, value)`) and every
/// class once (else `duplicate(index, first, name)`).
fn check_class_list(
    list: &[ClassSpec],
    too_large: fn(usize, &'static str, i32) -> TableError,
    duplicate: fn(usize, usize, &'static str) -> TableError,
) -> Result<(), TableError> {
    for (index, c) in list.iter().enumerate() {
        let name = c.class.name();
        if let Some(value) = [c.own, c.opp]
            .into_iter()
            .find(|v| v.unsigned_abs() > MAX_PATTERN_SCORE as u32)
        {
            return Err(too_large(index, name, value));
        }
        if let Some(first) = list[..index].iter().position(|q| q.class == c.class) {
            return Err(duplicate(index, first, name));
        }
    }
    Ok(())
}

/// The table of seeds 000/001: 16 shapes over own/empty cells, opponent score = -own.
pub fn seed_table() -> PatternTable {
    let rows: [(&str, i32); 16] = [
        ("11111", 50000),
        ("011110", 4320),
        ("011100", 720),
        ("001110", 720),
        ("011010", 720),
        ("010110", 720),
        ("11110", 720),
        ("01111", 720),
        ("11011", 720),
        ("10111", 720),
        ("11101", 720),
        ("001100", 120),
        ("001010", 120),
        ("010100", 120),
        ("000100", 20),
        ("001000", 20),
    ];
    PatternTable {
        name: "seed000".into(),
        description: "Seeds 000/001: the 16-shape table of 计算机五子棋博弈系统的研究与实现, \
                      opponent shapes score the negative."
            .into(),
        patterns: rows
            .iter()
            .map(|&(s, v)| PatternSpec::new(s, v, -v))
            .collect(),
        classes: Vec::new(),
        threats: Vec::new(),
        order: Vec::new(),
    }
}

/// A table for k = 3 boards (tic-tac-toe): three in a row, open and split twos.
pub fn tic_tac_toe_table() -> PatternTable {
    PatternTable {
        name: "tictactoe".into(),
        description: "k = 3: three in a row, two with an empty third.".into(),
        patterns: vec![
            PatternSpec::new("111", 1000, -1000),
            PatternSpec::new("110", 10, -12),
            PatternSpec::new("011", 10, -12),
            PatternSpec::new("101", 10, -12),
            PatternSpec::new("010", 1, -1),
        ],
        classes: Vec::new(),
        threats: Vec::new(),
        order: Vec::new(),
    }
}

/// A pattern table compiled for lookups: `entries[code]` is what the patterns that start at
/// the first cell of a `width`-cell window with 2-bit cell code `code` add to the evaluation
/// of each side to move. Cell `j` of the window sits at bits `2j..2j+2`.
#[derive(Clone, Debug)]
pub struct CompiledTable {
    /// Window length W (the longest shape).
    pub width: usize,
    /// `4^W` entries.
    pub entries: Vec<ByColor<i32>>,
    /// For W <= 7: `gains[code * W + j]` = what a stone on the empty cell `j` of window
    /// `code` adds to that window's entry: `[black stone: Black's view, White's view,
    /// white stone: Black's view, White's view]` (make and move ordering read one entry per
    /// window instead of two or three).
    pub gains: Vec<[i32; 4]>,
    /// `[own, opp]` per cell class index (all 0 when the table scores no class).
    pub class_scores: ClassScores,
    /// Whether any class, threat or ordering bonus is non-zero (if not, no line kinds are
    /// kept).
    pub has_classes: bool,
    /// `[own, opp]` move-ordering bonus per cell class index (all 0 when the table has none).
    pub order_scores: ClassScores,
    /// Per best class of the side to move, per best class of its opponent: the threat score.
    pub threat_scores: ThreatScores,
    /// Whether any threat scores anything.
    pub has_threats: bool,
}

/// Windows up to this long get a precomputed gain table.
pub const GAIN_TABLE_MAX_WIDTH: usize = 7;

impl CompiledTable {
    /// Validates and compiles a table.
    pub fn compile(table: &PatternTable) -> Result<CompiledTable, TableError> {
        table.validate()?;
        let width = table.max_len();
        let mut entries = vec![ByColor::<i32>::default(); 1usize << (2 * width)];
        for p in &table.patterns {
            let shape: Vec<u8> = p.shape.bytes().collect();
            for owner in [Color::Black, Color::White] {
                let own_cell = owner.cell() as usize;
                let other = owner.opponent().cell() as usize;
                // Enumerate codes of the shape's cells ('x' = other or wall).
                let mut codes = vec![0usize];
                for (j, &ch) in shape.iter().enumerate() {
                    let choices: &[usize] = match ch {
                        b'1' => &[own_cell][..],
                        b'0' => &[0][..],
                        _ => &[other, 3][..],
                    };
                    let mut next = Vec::with_capacity(codes.len() * choices.len());
                    for &c in &codes {
                        for &v in choices {
                            next.push(c | (v << (2 * j)));
                        }
                    }
                    codes = next;
                }
                let free = width - shape.len();
                for &c in &codes {
                    for rest in 0..(1usize << (2 * free)) {
                        let code = c | (rest << (2 * shape.len()));
                        entries[code][owner] += p.own;
                        entries[code][owner.opponent()] += p.opp;
                    }
                }
            }
        }
        let mut gains = Vec::new();
        if width <= GAIN_TABLE_MAX_WIDTH {
            gains = vec![[0i32; 4]; entries.len() * width];
            let (black, white) = (Color::Black, Color::White);
            for code in 0..entries.len() {
                for j in 0..width {
                    if (code >> (2 * j)) & 3 == 0 {
                        let b = entries[code | (1 << (2 * j))];
                        let w = entries[code | (2 << (2 * j))];
                        let o = entries[code];
                        gains[code * width + j] = [
                            b[black] - o[black],
                            b[white] - o[white],
                            w[black] - o[black],
                            w[white] - o[white],
                        ];
                    }
                }
            }
        }
        let mut class_scores = [[0; 2]; CELL_CLASS_COUNT];
        for c in &table.classes {
            class_scores[c.class.index()] = [c.own, c.opp];
        }
        class_scores[CellClass::None.index()] = [0, 0];
        let mut threat_scores = [[0; CELL_CLASS_COUNT]; CELL_CLASS_COUNT];
        for t in &table.threats {
            threat_scores[t.own.index()][t.opp.index()] = t.score;
        }
        let mut order_scores = [[0; 2]; CELL_CLASS_COUNT];
        for c in &table.order {
            order_scores[c.class.index()] = [c.own, c.opp];
        }
        let has_threats = threat_scores.iter().flatten().any(|&s| s != 0);
        let has_classes = has_threats
            || class_scores.iter().any(|s| *s != [0, 0])
            || order_scores.iter().any(|s| *s != [0, 0]);
        Ok(CompiledTable {
            width,
            entries,
            gains,
            class_scores,
            has_classes,
            order_scores,
            threat_scores,
            has_threats,
        })
    }

    /// The evaluation sums of a whole board from each side to move's view, computed from
    /// scratch: the entries of every window [`for_each_window`] visits, plus the class
    /// scores of every empty cell.
    pub fn full_sums(&self, board: &Board) -> ByColor<i64> {
        let mut sums = ByColor::<i64>::default();
        for_each_window(board, self.width, |code| {
            for (view, &v) in self.entries[code].iter() {
                sums[view] += v as i64;
            }
        });
        if let Some(kinds) = self.kind_table(board) {
            let c = class_sums(board, &kinds, &self.class_scores);
            sums[Color::Black] += c[Color::Black];
            sums[Color::White] += c[Color::White];
        }
        sums
    }

    /// The threat score of `board` from the side to move's view (0 without threats), from
    /// scratch.
    pub fn threat_score(&self, board: &Board) -> i32 {
        if !self.has_threats {
            return 0;
        }
        threat_of(&self.threat_scores, &class_counts(board), board.to_move())
    }

    /// The line-kind table for `board`'s k and rule when this table scores classes (and the
    /// board's k has one: see [`KindTable::for_board`]).
    pub fn kind_table(&self, board: &Board) -> Option<std::sync::Arc<KindTable>> {
        if self.has_classes {
            KindTable::for_board(board.k(), board.rule())
        } else {
            None
        }
    }
}

/// Calls `visit` with the 2-bit code (cell `j` at bits `2j..2j+2`) of every window of
/// `width` cells along every row, column and diagonal of `board`, line by line. Windows
/// start up to `width - 1` cells before a line and end as far past it, over the wall
/// padding, so that a shape's `x` matches the board's edge; each placement of a shape on a
/// line is thus the start of exactly one window. This is the one from-scratch scan: the
/// engine's evaluation ([`CompiledTable::full_sums`]) and anything that must agree with it
/// (such as counting shapes for tuning) are sums over these windows.
pub fn for_each_window(board: &Board, width: usize, mut visit: impl FnMut(usize)) {
    let cells = board.cells();
    let w = width as isize;
    let offs = board.direction_offsets();
    let (bw, bh) = (board.width() as i32, board.height() as i32);
    for (d, &(dx, dy)) in gomoku_board::DIRECTIONS.iter().enumerate() {
        let off = offs[d];
        // Line starts: points whose predecessor is off the board.
        for y in 0..bh {
            for x in 0..bw {
                if board.contains(x - dx, y - dy) {
                    continue;
                }
                let start = board.index(gomoku_board::Pos::new(x as u8, y as u8)) as isize;
                let mut len = 0isize;
                while board.contains(x + dx * len as i32, y + dy * len as i32) {
                    len += 1;
                }
                for s in -(w - 1)..len {
                    let mut code = 0usize;
                    for j in 0..w {
                        let c = cells[(start + (s + j) * off) as usize] as usize;
                        code |= c << (2 * j);
                    }
                    visit(code);
                }
            }
        }
    }
}

/// The static evaluation of a board from the side to move's view, from scratch.
pub fn evaluate_from_scratch(table: &CompiledTable, board: &Board) -> i64 {
    let sums = table.full_sums(board);
    sums[board.to_move()] + table.threat_score(board) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::{Geometry, Pos, Rule};

    #[test]
    fn validation_names_the_pattern() {
        let mut t = seed_table();
        assert!(t.validate().is_ok());
        t.patterns.push(PatternSpec::new("1a1", 1, -1));
        assert!(matches!(
            t.validate(),
            Err(TableError::BadChar {
                index: 16,
                ch: 'a',
                ..
            })
        ));
        t.patterns[16].shape = "011111110".into();
        assert!(matches!(
            t.validate(),
            Err(TableError::TooLong { index: 16, .. })
        ));
        t.patterns[16].shape = "".into();
        assert!(matches!(t.validate(), Err(TableError::Empty { index: 16 })));
        t.patterns[16].shape = "011110".into();
        assert!(matches!(
            t.validate(),
            Err(TableError::Duplicate {
                index: 16,
                first: 1,
                ..
            })
        ));
        t.patterns[16].shape = "xx".into();
        assert!(matches!(
            t.validate(),
            Err(TableError::AllBlocked { index: 16, .. })
        ));
    }

    #[test]
    fn open_three_counts_both_mirrors() {
        let table = CompiledTable::compile(&seed_table()).unwrap();
        let b = Board::from_stones(
            Geometry::square(15),
            Rule::Freestyle,
            &[Pos::new(5, 7), Pos::new(6, 7), Pos::new(7, 7)],
            &[],
            gomoku_board::Color::Black,
        )
        .unwrap();
        // Row: ..0111 0.. -> "011100" and "001110" once each, "001100" etc. Just check
        // it is positive and symmetric in colour.
        let s = table.full_sums(&b);
        assert!(s[Color::Black] > 0 && s[Color::White] == -s[Color::Black]);
    }
}
