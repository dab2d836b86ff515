//! The packed lines: per direction, every cell's 2-bit code (`Cell` values: empty 0, black
//! 1, white 2, wall 3) packed so that the cells a step of that direction apart sit side by
//! side, so the span of a line around a cell is one shift and mask, not a loop of loads.
//! Every line read of the search board (gains, fours, fives, threes, kinds) starts from a
//! span.
//!
//! Invariant: the words hold the code of every cell of the board, walls included: the
//! search board writes a cell's code here whenever its stone changes.

use gomoku_board::{Board, Cell, Color, Rule};
use std::sync::Arc;

/// Bits of the black stones (low bit set, high bit clear) in a 2-bit-per-cell code.
pub(super) const LO: u64 = 0x5555_5555_5555_5555;

/// The stones of `color` in a span, as the low bits of their 2-bit codes.
#[inline]
pub(super) fn own_stones(span: u64, color: Color) -> u64 {
    match color {
        Color::Black => span & LO & !((span >> 1) & LO),
        Color::White => (span >> 1) & LO & !(span & LO),
    }
}

/// The number of set bits of `x`, all of which lie at even positions (one bit per cell of
/// a 2-bit code): `count_ones` where the target has a popcount instruction (the x86-64-v2
/// of `.cargo/config.toml`), else a bit trick cheaper than the library's fallback.
#[inline]
pub(super) fn count_even_bits(x: u64) -> usize {
    if cfg!(target_feature = "popcnt") {
        x.count_ones() as usize
    } else {
        count_even_bits_swar(x)
    }
}

/// [`count_even_bits`] without a popcount instruction: the even bits' pairs summed in
/// nibbles, then bytes, then all bytes at once.
#[inline]
fn count_even_bits_swar(x: u64) -> usize {
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// Where each cell sits in the packed lines of a board size: the cells `j` with the same
/// `j mod off` form the lines of direction offset `off`, in order of `j / off`. Made once
/// per board size and thread, shared by its search boards.
#[derive(Default)]
struct LineLayout {
    /// Per cell, its bit in each direction's words.
    bit: Vec<[u32; 4]>,
    /// The words of the empty board (walls and empty cells).
    empty: [Vec<u64>; 4],
}

/// A board size `(width, height)` and its line layout.
type LayoutOfSize = ((usize, usize), Arc<LineLayout>);

impl LineLayout {
    fn of(board: &Board) -> Arc<LineLayout> {
        thread_local! {
            static MADE: std::cell::RefCell<Vec<LayoutOfSize>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        let size = (board.width(), board.height());
        MADE.with(|made| {
            let mut made = made.borrow_mut();
            if let Some((_, layout)) = made.iter().find(|(s, _)| *s == size) {
                return layout.clone();
            }
            let empty = Board::new(board.geometry(), Rule::Freestyle).expect("a valid size");
            let layout = Arc::new(LineLayout::build(&empty));
            made.push((size, layout.clone()));
            layout
        })
    }

    fn build(board: &Board) -> LineLayout {
        let cells = board.cells();
        let n = cells.len();
        let offs = board.direction_offsets();
        let mut layout = LineLayout {
            bit: vec![[0; 4]; n],
            empty: Default::default(),
        };
        for (d, &off) in offs.iter().enumerate() {
            let off = off as usize;
            let per_class = n / off + 1;
            // Two spare words: a span reads the word after its first.
            let mut words = vec![0u64; (2 * off * per_class).div_ceil(64) + 2];
            for (j, &cell) in cells.iter().enumerate() {
                let bit = 2 * ((j % off) * per_class + j / off);
                layout.bit[j][d] = bit as u32;
                if cell == Cell::Wall {
                    words[bit / 64] |= (cell as u64) << (bit % 64);
                }
            }
            layout.empty[d] = words;
        }
        layout
    }
}

/// Per direction, every cell's 2-bit code packed so that the cells a step of that direction
/// apart sit side by side (see the module doc).
#[derive(Clone)]
pub(super) struct PackedLines {
    /// Per direction, the packed codes (cell `j` at bit `layout.bit[j][d]`).
    words: [Vec<u64>; 4],
    layout: Arc<LineLayout>,
}

impl PackedLines {
    /// The lines of an empty board of `board`'s size (the caller puts its stones in).
    pub(super) fn empty_of(board: &Board) -> PackedLines {
        let layout = LineLayout::of(board);
        PackedLines {
            words: layout.empty.clone(),
            layout,
        }
    }

    /// Writes the code of the cell `j`.
    #[inline]
    pub(super) fn put(&mut self, j: usize, code: u64) {
        let bits = self.layout.bit[j];
        for (d, &bit) in bits.iter().enumerate() {
            let (w, b) = (bit as usize / 64, bit % 64);
            let word = &mut self.words[d][w];
            *word = (*word & !(3 << b)) | code << b;
        }
    }

    /// 2-bit codes of the cells `i - h*off ..= i + h*off` for direction `d`'s offset `off`,
    /// cell `i + s*off` at bits `2(s+h)`.
    #[inline]
    pub(super) fn span(&self, i: usize, d: usize, h: usize) -> u64 {
        let bit = self.layout.bit[i][d] as usize - 2 * h;
        let words = &self.words[d];
        let (w, b) = (bit / 64, bit % 64);
        let pair = words[w] as u128 | (words[w + 1] as u128) << 64;
        let width = 2 * (2 * h + 1);
        let mask = if width >= 64 {
            u64::MAX
        } else {
            (1 << width) - 1
        };
        (pair >> b) as u64 & mask
    }
}

/// The board's cells with their packed lines and the four direction offsets: what a walk
/// along the lines through a cell reads.
#[derive(Clone, Copy)]
pub(super) struct LineView<'a> {
    /// The padded cells.
    pub(super) cells: &'a [Cell],
    /// The same cells, packed by line.
    pub(super) lines: &'a PackedLines,
    /// The offset of a step along each direction.
    pub(super) offs: [isize; 4],
}

impl LineView<'_> {
    /// Calls `visit(d, j, span)` for each empty cell `j` within `h` cells of `i` along each
    /// direction `d` (forward, then back, the nearest first, up to the edge), `span` being
    /// the codes of the `2h + 1` cells around `j` along `d` (as [`PackedLines::span`] reads
    /// them) with `i` holding `stone` (its 2-bit code; 0 to read `i` as it is). Each next
    /// cell's span is the previous one shifted by one cell, so each step reads one cell.
    /// Always inlined: its callers are the hot loops of make and of the leaf evaluation,
    /// and a call per walk keeps their counters out of registers.
    #[inline(always)]
    pub(super) fn each_empty_span(
        &self,
        i: usize,
        h: usize,
        stone: u64,
        mut visit: impl FnMut(usize, usize, u64),
    ) {
        let cells = self.cells;
        let top = 4 * h;
        let full = (1u64 << (2 * (2 * h + 1))) - 1;
        for (d, &off) in self.offs.iter().enumerate() {
            let centre = self.lines.span(i, d, h) | stone << (2 * h);
            for forward in [true, false] {
                let step = if forward { off } else { -off };
                let mut j = i as isize;
                let mut span = centre;
                for _ in 0..h {
                    j += step;
                    if cells[j as usize] == Cell::Wall {
                        break;
                    }
                    // Cells within h of a point on the board lie in the padding.
                    span = if forward {
                        let c = cells[(j + h as isize * off) as usize] as u64;
                        (span >> 2) | (c << top)
                    } else {
                        let c = cells[(j - h as isize * off) as usize] as u64;
                        ((span << 2) & full) | c
                    };
                    let ju = j as usize;
                    if cells[ju] == Cell::Empty {
                        visit(d, ju, span);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_bit_trick_counts_even_bits_as_count_ones_does() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for x in [0, LO, LO & !1]
            .into_iter()
            .chain((0..10_000).map(|_| rng.random::<u64>() & LO))
        {
            assert_eq!(count_even_bits_swar(x), x.count_ones() as usize, "{x:#x}");
            assert_eq!(count_even_bits(x), x.count_ones() as usize, "{x:#x}");
        }
    }
}
