//! Count vectors: how many occurrences of each shape each side owns, so that the evaluation
//! of any table with these shapes is a dot product. The counting pass slides a window along
//! every row, column and diagonal exactly as [`gomoku_engine::CompiledTable::full_sums`]
//! does (windows start over the wall padding, so `x` matches the edge), and looks the
//! window's 2-bit code up in a precomputed list of the shapes that start at its first cell.

use gomoku_board::{Board, Color, Pos};
use gomoku_engine::PatternTable;

/// A compiled shape counter for one list of shapes.
#[derive(Clone, Debug)]
pub struct Counter {
    width: usize,
    patterns: usize,
    /// `hits[code]`: `(pattern, owner is Black)` of every shape matching at the window start.
    hits: Vec<Vec<(u16, bool)>>,
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
        Counter {
            width,
            patterns: table.patterns.len(),
            hits,
        }
    }

    /// The number of features: two per pattern.
    pub fn features(&self) -> usize {
        2 * self.patterns
    }

    /// The count vector from the side to move's view: entry `2·p` = occurrences of pattern
    /// `p` owned by the side to move, `2·p + 1` = owned by its opponent.
    pub fn count(&self, board: &Board) -> Vec<u16> {
        let mut out = vec![0u16; 2 * self.patterns];
        let stm_black = board.to_move() == Color::Black;
        let cells = board.cells();
        let w = self.width;
        let offs = board.direction_offsets();
        let (bw, bh) = (board.width() as i32, board.height() as i32);
        for (d, &(dx, dy)) in gomoku_board::DIRECTIONS.iter().enumerate() {
            let off = offs[d];
            for y in 0..bh {
                for x in 0..bw {
                    if board.contains(x - dx, y - dy) {
                        continue;
                    }
                    let start = board.index(Pos::new(x as u8, y as u8)) as isize;
                    let mut len = 0isize;
                    while board.contains(x + dx * len as i32, y + dy * len as i32) {
                        len += 1;
                    }
                    for s in -(w as isize - 1)..len {
                        let mut code = 0usize;
                        for j in 0..w as isize {
                            let c = cells[(start + (s + j) * off) as usize] as usize;
                            code |= c << (2 * j);
                        }
                        for &(p, black) in &self.hits[code] {
                            let slot = 2 * p as usize + usize::from(black != stm_black);
                            out[slot] = out[slot].saturating_add(1);
                        }
                    }
                }
            }
        }
        out
    }
}

/// The evaluation of a count vector under scores `x` (same indexing).
pub fn dot(counts: &[u16], x: &[f64]) -> f64 {
    counts.iter().zip(x).map(|(&c, &v)| c as f64 * v).sum()
}
