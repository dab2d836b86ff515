//! Zobrist keys: one random 64-bit key per (colour, point) of the largest board, plus one for
//! White to move. Drawn once from a ChaCha generator with a fixed seed, so every run and every
//! machine gets the same keys (keys are written into opening dedup and transposition tables).

use crate::{Color, MAX_SIDE};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

const SEED: u64 = 0x5EED_600D_B0A2_D000;

pub(crate) struct ZobristKeys {
    stones: [[u64; MAX_SIDE * MAX_SIDE]; 2],
    pub(crate) white_to_move: u64,
}

impl ZobristKeys {
    #[inline]
    pub(crate) fn stone(&self, color: Color, x: usize, y: usize) -> u64 {
        self.stones[color.index()][y * MAX_SIDE + x]
    }
}

pub(crate) fn keys() -> &'static ZobristKeys {
    static KEYS: OnceLock<ZobristKeys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let mut stones = [[0u64; MAX_SIDE * MAX_SIDE]; 2];
        for side in stones.iter_mut() {
            for key in side.iter_mut() {
                *key = rng.next_u64();
            }
        }
        ZobristKeys {
            stones,
            white_to_move: rng.next_u64(),
        }
    })
}
