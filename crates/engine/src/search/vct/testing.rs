//! Positions, engines and workers the VCT tests share.

use crate::params::{EngineParams, Limits};
use crate::search::Engine;
use crate::search::worker::Worker;
use gomoku_board::{Board, Geometry, Rule};
use rand::{RngExt, SeedableRng};
use std::time::Instant;

/// Positions from random games under each rule, stones near the centre so that threes
/// and fours abound (some with VCTs, most without), none decided.
pub(super) fn crowded_positions() -> Vec<Board> {
    random_positions(17, 12, 8..22)
}

/// `per_rule` boards of 11x11 under each rule with a random number of stones in
/// `stones` played at random near the centre, those where nobody has five.
pub(super) fn random_positions(
    seed: u64,
    per_rule: usize,
    stones: std::ops::Range<usize>,
) -> Vec<Board> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut boards = Vec::new();
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for _ in 0..per_rule {
            let mut board = Board::new(Geometry::square(11), rule).unwrap();
            let stones = rng.random_range(stones.clone());
            while board.stone_count() < stones && board.winner().is_none() {
                let p = gomoku_board::Pos::new(rng.random_range(2..9), rng.random_range(2..9));
                if board.cell(p) == gomoku_board::Cell::Empty {
                    board.make(p);
                }
            }
            if board.winner().is_none() {
                boards.push(board);
            }
        }
    }
    boards
}

/// The default engine with threats of `threat` fours.
pub(super) fn threat_engine(threat: u32) -> Engine {
    Engine::new(EngineParams {
        vct_threat: threat,
        ..EngineParams::default()
    })
    .unwrap()
}

/// A worker for `engine` on `board` whose threat searches have no budget.
pub(super) fn unbounded<'e>(engine: &'e mut Engine, board: &Board) -> Worker<'e> {
    let limits = Limits {
        nodes: Some(u64::MAX),
        ..Limits::default()
    };
    let mut w = engine.worker(board, &limits, Instant::now());
    w.vct.cap = u64::MAX;
    w.vcf.cap = u64::MAX;
    w.vcf.left = u64::MAX;
    w.vct.left = u64::MAX;
    w.vcf.cache.allocate();
    w.vct.proofs.allocate();
    w
}
