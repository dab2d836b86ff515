//! The line kinds themselves: what a stone at the centre of the `2 hw` cells around it would
//! make along their line, for every code of those cells, worked out by dynamic programming
//! (see [`line_kinds`]). Plain Rust without dependencies, so that the build script
//! (`build.rs`) compiles this same file and writes the tables of [`PREBUILT`] into the
//! binary: a fresh process never builds those (a few milliseconds in freestyle, tens under
//! the exact rules), and other boards build theirs on first use.

/// No line of note.
pub const KIND_NONE: u8 = 0;
/// An open two: one more stone on the line makes an open three.
pub const KIND_TWO: u8 = 1;
/// A closed three: one more stone makes a four, none an open four.
pub const KIND_THREE: u8 = 2;
/// An open three: one more stone makes an open four.
pub const KIND_OPEN_THREE: u8 = 3;
/// A four: exactly one point completes a five.
pub const KIND_FOUR: u8 = 4;
/// An open four (or two fours on one line): two or more points complete a five.
pub const KIND_OPEN_FOUR: u8 = 5;
/// A five.
pub const KIND_FIVE: u8 = 6;
/// A run longer than k that does not win (exact five; Black under renju).
pub const KIND_OVER: u8 = 7;

/// The largest half-width with a table (4^(2·hw) entries: a mebibyte at 5).
pub const MAX_HALF_WIDTH: usize = 5;

/// Which colours win with exactly k in a row only (the others with k or more): all that a
/// rule changes in the line kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exactness {
    /// Black wins with exactly k only.
    pub black: bool,
    /// White wins with exactly k only.
    pub white: bool,
}

impl Exactness {
    /// Freestyle: k or more wins for both.
    pub const FREESTYLE: Exactness = Exactness {
        black: false,
        white: false,
    };
    /// Standard: exactly k for both.
    pub const STANDARD: Exactness = Exactness {
        black: true,
        white: true,
    };
    /// Renju: exactly k for Black, k or more for White.
    pub const RENJU: Exactness = Exactness {
        black: true,
        white: false,
    };

    /// The cells on each side of a cell that its kinds depend on: k - 1, and one more when a
    /// colour must see the cell past a five.
    pub fn half_width(self, k: usize) -> usize {
        if self.black || self.white { k } else { k - 1 }
    }
}

/// The (k, exactness) whose tables the build script computes, in the order it writes them:
/// k = 5 under each rule.
pub const PREBUILT: [(usize, Exactness); 3] = [
    (5, Exactness::FREESTYLE),
    (5, Exactness::STANDARD),
    (5, Exactness::RENJU),
];

/// The table of (k, exactness): per code of the 2·hw cells around a cell (the farthest left
/// first), Black's kind | White's kind << 4.
pub fn kind_entries(k: usize, exact: Exactness) -> Vec<u8> {
    let hw = exact.half_width(k);
    let black = line_kinds(k, hw, exact.black);
    let white_own = (exact.white != exact.black).then(|| line_kinds(k, hw, exact.white));
    let white = white_own.as_deref().unwrap_or(&black);
    // White's kind at a code is colour 1's at the code with the stones' colours swapped.
    let lo = LO & ((1u64 << (4 * hw)) - 1);
    (0..black.len())
        .map(|code| {
            let c = code as u64;
            let one = (c & lo) ^ ((c >> 1) & lo);
            let swapped = (c ^ (one | one << 1)) as usize;
            black[code] | white[swapped] << 4
        })
        .collect()
}

/// The low bit of every 2-bit code.
const LO: u64 = 0x5555_5555_5555_5555;

/// Every span code (the `2 hw` cells around the centre, the farthest left first) that a
/// board can show: on each side of the centre the edge's walls lie beyond every cell of the
/// board, never between them. Only these are worked out (an eighth of the codes at `hw` =
/// 5); the others are never looked up.
fn codes_on_board(hw: usize) -> Vec<usize> {
    // One side's codes, from its nearest cell out when `outward`, else from its farthest in.
    let side = |outward: bool| -> Vec<usize> {
        let mut codes = Vec::new();
        for walls in 0..=hw {
            let cells = hw - walls;
            for mut n in 0..3usize.pow(cells as u32) {
                let mut code = 0;
                for c in 0..hw {
                    // The cell's distance from the centre, 0 for the nearest.
                    let out = if outward { c } else { hw - 1 - c };
                    let v = if out >= cells {
                        3
                    } else {
                        let v = n % 3;
                        n /= 3;
                        v
                    };
                    code |= v << (2 * c);
                }
                codes.push(code);
            }
        }
        codes
    };
    let (left, right) = (side(false), side(true));
    let mut codes = Vec::with_capacity(left.len() * right.len());
    for &r in &right {
        codes.extend(left.iter().map(|&l| l | r << (2 * hw)));
    }
    codes
}

/// Line kinds for a stone of colour 1 at the centre of every code of the 2·hw cells around
/// it (cell t < hw at offset t - hw, else at t - hw + 1) that a board can show (see
/// [`codes_on_board`]; the others are left [`KIND_NONE`]). `exact`: only runs of exactly k
/// win, and longer ones through the centre are [`KIND_OVER`].
fn line_kinds(k: usize, hw: usize, exact: bool) -> Vec<u8> {
    let n = 1usize << (4 * hw);
    let len = 2 * hw + 1;
    let pos = |t: usize| if t < hw { t } else { t + 1 };
    let wins = |run: usize| if exact { run == k } else { run >= k };
    // Pass 1: fives, overlines and fours from the five-points whose five holds the centre.
    let mut kinds = vec![KIND_NONE; n];
    let on_board = codes_on_board(hw);
    let mut cells = [0u8; 2 * MAX_HALF_WIDTH + 1];
    for &code in &on_board {
        let kind = &mut kinds[code];
        for t in 0..2 * hw {
            cells[pos(t)] = ((code >> (2 * t)) & 3) as u8;
        }
        cells[hw] = 1;
        let run_through = |cells: &[u8], p: usize| -> (usize, usize) {
            let (mut lo, mut hi) = (p, p);
            while lo > 0 && cells[lo - 1] == 1 {
                lo -= 1;
            }
            while hi + 1 < len && cells[hi + 1] == 1 {
                hi += 1;
            }
            (lo, hi)
        };
        let (lo, hi) = run_through(&cells, hw);
        if wins(hi - lo + 1) {
            *kind = KIND_FIVE;
            continue;
        }
        let over = hi - lo + 1 > k;
        let mut five_points = 0;
        for e in hw.saturating_sub(k - 1)..=(hw + k - 1).min(len - 1) {
            if cells[e] != 0 {
                continue;
            }
            cells[e] = 1;
            let (lo, hi) = run_through(&cells, e);
            cells[e] = 0;
            if lo <= hw && hw <= hi && wins(hi - lo + 1) {
                five_points += 1;
            }
        }
        *kind = match five_points {
            0 if over => KIND_OVER,
            0 => KIND_NONE,
            1 => KIND_FOUR,
            _ => KIND_OPEN_FOUR,
        };
    }
    // The codes with one more stone of the colour within k - 1 cells of the centre.
    let near: Vec<usize> = (0..2 * hw).filter(|&t| pos(t).abs_diff(hw) < k).collect();
    // Pass 2: threes; pass 3: twos. Each reads the kinds of codes with one more stone.
    for (from, to) in [
        ([KIND_FOUR, KIND_OPEN_FOUR], [KIND_THREE, KIND_OPEN_THREE]),
        ([KIND_OPEN_THREE, KIND_OPEN_THREE], [KIND_TWO, KIND_TWO]),
    ] {
        let before = kinds.clone();
        for &code in &on_board {
            let kind = &mut kinds[code];
            if *kind != KIND_NONE {
                continue;
            }
            let mut best = KIND_NONE;
            for &t in &near {
                if (code >> (2 * t)) & 3 != 0 {
                    continue;
                }
                let next = before[code | 1 << (2 * t)];
                if next == from[1] {
                    best = best.max(to[1]);
                } else if next == from[0] {
                    best = best.max(to[0]);
                }
            }
            *kind = best;
        }
    }
    kinds
}
