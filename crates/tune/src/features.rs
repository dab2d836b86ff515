//! Count vectors: how many occurrences of each shape each side owns, so that the evaluation
//! of any table with these shapes is a dot product. The counting pass visits the windows of
//! the engine's own from-scratch evaluation ([`gomoku_engine::for_each_window`]), so the
//! two cannot drift apart, and looks each window's 2-bit code up in a precomputed list of
//! the shapes that start at its first cell. Cell classes are counted the same way, by the
//! engine's own from-scratch class counts ([`gomoku_engine::class_counts`]).

use gomoku_board::{Board, Color};
use gomoku_engine::{CELL_CLASS_COUNT, PatternTable, best_class, class_counts, for_each_window};

/// A compiled shape counter for one list of shapes.
#[derive(Clone, Debug)]
pub struct Counter {
    width: usize,
    patterns: usize,
    /// `hits[code]`: `(pattern, owner is Black)` of every shape matching at the window start.
    hits: Vec<Vec<(u16, bool)>>,
    /// Per cell class index, the table's entry for it (features `2·(P + entry)` on).
    class_slots: [Option<usize>; CELL_CLASS_COUNT],
    classes: usize,
    /// Per (side to move's best class, opponent's), the table's threat entry for it.
    threat_slots: Vec<Option<usize>>,
    threats: usize,
}

impl Counter {
    /// Compiles the shapes of `table` (scores are ignored; the table must be valid).
    pub fn new(table: &PatternTable) -> Counter {
        let width = table.max_len();
        let mut hits = vec![Vec::new(); 1usize << (2 * width)];
        for (code, list) in hits.iter_mut().enumerate() {
            for (p, spec) in table.patterns.iter().enumerate() {
                for owner in [Color::Black, Color::White] {
                    let own = owner.cell() as usize;
                    let other = owner.opponent().cell() as usize;
                    let matches = spec.shape.bytes().enumerate().all(|(j, ch)| {
                        let c = (code >> (2 * j)) & 3;
                        match ch {
                            b'1' => c == own,
                            b'0' => c == 0,
                            _ => c == other || c == 3,
                        }
                    });
                    if matches {
                        list.push((p as u16, owner == Color::Black));
                    }
                }
            }
        }
        let mut class_slots = [None; CELL_CLASS_COUNT];
        for (entry, c) in table.classes.iter().enumerate() {
            class_slots[c.class.index()] = Some(entry);
        }
        let mut threat_slots = vec![None; CELL_CLASS_COUNT * CELL_CLASS_COUNT];
        for (entry, t) in table.threats.iter().enumerate() {
            threat_slots[t.own.index() * CELL_CLASS_COUNT + t.opp.index()] = Some(entry);
        }
        Counter {
            width,
            patterns: table.patterns.len(),
            hits,
            class_slots,
            classes: table.classes.len(),
            threat_slots,
            threats: table.threats.len(),
        }
    }

    /// The number of features: two per pattern, two per scored class, one per threat.
    pub fn features(&self) -> usize {
        2 * (self.patterns + self.classes) + self.threats
    }

    /// The count vector from the side to move's view: entry `2·p` = occurrences of pattern
    /// `p` owned by the side to move, `2·p + 1` = owned by its opponent; then, for the
    /// table's class `c`, entries `2·(P + c)` and `2·(P + c) + 1` count the empty cells of
    /// that class for the side to move and for its opponent; then entry `2·(P + C) + t` is
    /// 1 when the pair of best classes is the table's threat `t`.
    pub fn count(&self, board: &Board) -> Vec<u16> {
        let mut out = vec![0u16; self.features()];
        let stm_black = board.to_move() == Color::Black;
        for_each_window(board, self.width, |code| {
            for &(p, black) in &self.hits[code] {
                let slot = 2 * p as usize + usize::from(black != stm_black);
                out[slot] = out[slot].saturating_add(1);
            }
        });
        if self.classes + self.threats > 0 {
            let base = 2 * self.patterns;
            let by_colour = class_counts(board);
            // The side to move's counts first, as the features are.
            let counts = [
                by_colour[board.to_move().index()],
                by_colour[board.to_move().opponent().index()],
            ];
            for (class, slot) in self.class_slots.iter().enumerate() {
                if let Some(entry) = slot {
                    out[base + 2 * entry] = counts[0][class];
                    out[base + 2 * entry + 1] = counts[1][class];
                }
            }
            let pair = best_class(&counts[0]) * CELL_CLASS_COUNT + best_class(&counts[1]);
            if let Some(t) = self.threat_slots[pair] {
                out[2 * (self.patterns + self.classes) + t] = 1;
            }
        }
        out
    }
}

/// The evaluation of a count vector under scores `x` (same indexing).
pub fn dot(counts: &[u16], x: &[f64]) -> f64 {
    counts.iter().zip(x).map(|(&c, &v)| c as f64 * v).sum()
}
