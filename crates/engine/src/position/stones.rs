//! The stones by row: per colour and padded row, a bitset of that colour's stones (bit =
//! padded column), and the bounding box of all stones, so that the threat search's four
//! and five candidates start from one colour's stones alone, row by row as a scan of the
//! cells would meet them.
//!
//! Invariant: the bits are the stones on the board; the box holds every stone (a move
//! grows it, and its unmake puts back the box from before the move).

use gomoku_board::{Cell, Color, PADDING, Pos};

/// Row and column of a padded cell index, without a division.
#[derive(Clone, Copy, Debug)]
pub(super) struct RowIndex {
    /// Cells per padded row.
    stride: usize,
    /// `ceil(2^32 / stride)`: `(j * recip) >> 32` is `j / stride` for every cell index
    /// (exact below 2^16), cheaper than a division and than a per-cell table to build.
    recip: u64,
}

impl RowIndex {
    /// The index of rows of `stride` cells.
    pub(super) fn new(stride: usize) -> RowIndex {
        RowIndex {
            stride,
            recip: (1u64 << 32).div_ceil(stride as u64),
        }
    }

    /// The padded row and column of the cell `j`.
    #[inline]
    pub(super) fn split(&self, j: usize) -> (usize, usize) {
        let r = ((j as u64 * self.recip) >> 32) as usize;
        (r, j - r * self.stride)
    }
}

/// Each colour's stones by row, and the bounding box of all stones.
#[derive(Clone)]
pub(super) struct StoneRows {
    /// Per colour and padded row, bit = padded column: that colour's stones.
    rows: [Vec<u64>; 2],
    /// The stones' bounding box `[min x, min y, max x, max y]` (empty: min above max).
    bbox: [i32; 4],
    index: RowIndex,
}

impl StoneRows {
    /// No stones, on a board of `cells` padded cells in rows of `index`'s stride.
    pub(super) fn new(cells: usize, index: RowIndex) -> StoneRows {
        let rows = cells / index.stride + 1;
        StoneRows {
            rows: [vec![0; rows], vec![0; rows]],
            bbox: [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
            index,
        }
    }

    /// Flips the bit of the cell `j` for the colour of `stone`, the stone on it.
    #[inline]
    pub(super) fn flip(&mut self, j: usize, stone: Cell) {
        let (r, c) = self.index.split(j);
        let colour = (stone == Cell::White) as usize;
        self.rows[colour][r] ^= 1 << c;
    }

    /// Grows the bounding box to hold `p`.
    #[inline]
    pub(super) fn grow(&mut self, p: Pos) {
        let (x, y) = (p.x as i32, p.y as i32);
        self.bbox[0] = self.bbox[0].min(x);
        self.bbox[1] = self.bbox[1].min(y);
        self.bbox[2] = self.bbox[2].max(x);
        self.bbox[3] = self.bbox[3].max(y);
    }

    /// The bounding box `[min x, min y, max x, max y]`.
    #[inline]
    pub(super) fn bbox(&self) -> [i32; 4] {
        self.bbox
    }

    /// Puts back a bounding box from before a move.
    #[inline]
    pub(super) fn set_bbox(&mut self, bbox: [i32; 4]) {
        self.bbox = bbox;
    }

    /// Whether the board holds no stone.
    #[inline]
    pub(super) fn none(&self) -> bool {
        self.bbox[0] > self.bbox[2]
    }

    /// `color`'s stones, row by row and left to right, as a scan of the cells meets them.
    #[inline]
    pub(super) fn cells(&self, color: Color) -> StoneCells<'_> {
        let words = &self.rows[color.index()];
        let (row, last) = if self.none() {
            (1, 0)
        } else {
            (
                self.bbox[1] as usize + PADDING,
                self.bbox[3] as usize + PADDING,
            )
        };
        StoneCells {
            words,
            row,
            last,
            bits: if row <= last { words[row] } else { 0 },
            stride: self.index.stride,
        }
    }
}

/// The cells of one colour's stones (see [`StoneRows::cells`]).
pub(super) struct StoneCells<'a> {
    words: &'a [u64],
    /// The row of `bits`.
    row: usize,
    /// The last row of the bounding box.
    last: usize,
    /// The stones of `row` not yet listed.
    bits: u64,
    stride: usize,
}

impl Iterator for StoneCells<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            if self.row >= self.last {
                return None;
            }
            self.row += 1;
            self.bits = self.words[self.row];
        }
        let cell = self.row * self.stride + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(cell)
    }
}
