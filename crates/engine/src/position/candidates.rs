//! The move candidates: the empty cells within the radius of a stone along the 8 line
//! directions. Every cell counts the stones within the radius of it (its `near` count),
//! and the candidates are kept as per-row bitsets, so listing them in row order is a walk
//! over set bits. Threat moves leave both as they were (the VCF never lists candidates).
//!
//! Invariant: a cell's bit is set exactly when it is empty and its count is above zero,
//! and the counts are those of the stones played by moves that keep them.

use super::stones::RowIndex;
use gomoku_board::{Cell, PADDING};

/// The near counts and the candidate rows.
#[derive(Clone)]
pub(super) struct Candidates {
    /// Per cell, the stones within the radius of it along a line.
    near: Vec<u8>,
    /// Per padded row, bit = padded column: the empty cells with `near > 0`.
    rows: Vec<u64>,
    /// The offsets of the cells within the radius of a cell.
    star: Vec<isize>,
    /// The candidate distance, in 1..=8.
    radius: i32,
    index: RowIndex,
}

impl Candidates {
    /// No candidates, on a board of `cells` padded cells with direction offsets `offs`
    /// (rows of `index`'s stride), for the radius `radius` (clamped to 1..=8).
    pub(super) fn new(cells: usize, offs: [isize; 4], radius: u32, index: RowIndex) -> Candidates {
        let radius = Candidates::clamp(radius);
        let mut star = Vec::new();
        for &o in &offs {
            for s in 1..=radius as isize {
                star.push(o * s);
                star.push(-o * s);
            }
        }
        Candidates {
            near: vec![0; cells],
            rows: vec![0; cells / (offs[1] as usize) + 1],
            star,
            radius,
            index,
        }
    }

    /// The radius a requested one stands for.
    pub(super) fn clamp(radius: u32) -> i32 {
        radius.clamp(1, 8) as i32
    }

    /// The candidate distance.
    #[inline]
    pub(super) fn radius(&self) -> i32 {
        self.radius
    }

    /// A stone was put on the cell `i` (`cells` the board's cells).
    #[inline]
    pub(super) fn stone_placed(&mut self, i: usize, cells: &[Cell]) {
        if self.near[i] > 0 {
            self.flip(i);
        }
        self.add_near(i, cells);
    }

    /// The stone on the cell `i` was taken away (`cells` the board's cells, without it).
    #[inline]
    pub(super) fn stone_removed(&mut self, i: usize, cells: &[Cell]) {
        self.sub_near(i, cells);
        if self.near[i] > 0 {
            self.flip(i);
        }
    }

    /// Counts a stone on the cell `i` in its neighbours' counts (`i` itself no candidate
    /// already).
    #[inline]
    pub(super) fn add_near(&mut self, i: usize, cells: &[Cell]) {
        for s in 0..self.star.len() {
            let j = (i as isize + self.star[s]) as usize;
            self.near[j] += 1;
            if self.near[j] == 1 && cells[j] == Cell::Empty {
                self.flip(j);
            }
        }
    }

    #[inline]
    fn sub_near(&mut self, i: usize, cells: &[Cell]) {
        for s in 0..self.star.len() {
            let j = (i as isize + self.star[s]) as usize;
            self.near[j] -= 1;
            if self.near[j] == 0 && cells[j] == Cell::Empty {
                self.flip(j);
            }
        }
    }

    /// Toggles cell `j`'s bit.
    #[inline]
    fn flip(&mut self, j: usize) {
        let (r, c) = self.index.split(j);
        self.rows[r] ^= 1 << c;
    }

    /// Whether the cell `c`'s bit is set.
    #[inline]
    pub(super) fn holds(&self, c: usize) -> bool {
        let (r, col) = self.index.split(c);
        self.rows[r] >> col & 1 == 1
    }

    /// Appends the candidates of the board rows `y0..=y1`, in row order (`stride` cells a
    /// padded row).
    #[inline]
    pub(super) fn push_rows(&self, y0: usize, y1: usize, stride: usize, out: &mut Vec<u32>) {
        for y in y0..=y1 {
            let row = y + PADDING;
            let mut bits = self.rows[row];
            while bits != 0 {
                out.push((row * stride + bits.trailing_zeros() as usize) as u32);
                bits &= bits - 1;
            }
        }
    }
}
