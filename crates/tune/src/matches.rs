//! Game pairs between two engines: pair `p` plays cycled opening `p` twice, colours
//! reversed, each game with its own generator from the seed and its index. Pairs run in
//! parallel; the result depends only on the parameters, the seed and the pair indices.

use crate::collect::cycled_opening;
use crate::{TuneError, rng_for};
use gomoku_board::opening::Opening;
use gomoku_board::{Geometry, Rule};
use gomoku_engine::EngineParams;
use gomoku_runner::{GameRecord, Player, TimeControl, play_game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The two games of a pair, from player A's view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// Pair index.
    pub pair: usize,
    /// A's score with Black, then with White (1, 0.5, 0; a failed game counts as a draw).
    pub a_scores: [f64; 2],
    /// Stones on the board at the end of each game.
    pub lengths: [u32; 2],
}

impl PairResult {
    /// A's points in the pair (0 to 2).
    pub fn a_points(&self) -> f64 {
        self.a_scores[0] + self.a_scores[1]
    }
}

/// Where the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Arena<'a> {
    /// Openings, cycled.
    pub openings: &'a [Opening],
    /// Board.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// Draw after this many stones.
    pub move_cap: Option<usize>,
}

fn a_score(record: &GameRecord, a_is_black: bool) -> f64 {
    match record.result {
        Some(r) => {
            let b = r.black_score();
            if a_is_black { b } else { 1.0 - b }
        }
        None => 0.5,
    }
}

/// Plays pairs `pairs` of A against B; stream `stream` separates matches of one run.
pub fn play_pairs(
    arena: &Arena<'_>,
    a: &EngineParams,
    b: &EngineParams,
    pairs: std::ops::Range<usize>,
    seed: u64,
    stream: u64,
) -> Result<Vec<PairResult>, TuneError> {
    if arena.openings.is_empty() {
        return Err(TuneError::Invalid("no openings to play".into()));
    }
    a.validate()?;
    b.validate()?;
    let out: Vec<Result<PairResult, TuneError>> = pairs
        .into_par_iter()
        .map_init(
            || {
                (
                    crate::player::CappedPlayer::new("A", a.clone()),
                    crate::player::CappedPlayer::new("B", b.clone()),
                )
            },
            |(pa, pb), p| {
                let (Ok(pa), Ok(pb)) = (pa, pb) else {
                    return Err(TuneError::Invalid("engine could not be built".into()));
                };
                let opening = cycled_opening(arena.openings, p, arena.geometry);
                let mut scores = [0.0; 2];
                let mut lengths = [0; 2];
                for (k, a_black) in [true, false].into_iter().enumerate() {
                    let mut rng = rng_for(seed, stream, (2 * p + k) as u64);
                    let players: [&mut dyn Player; 2] = if a_black {
                        [&mut *pa, &mut *pb]
                    } else {
                        [&mut *pb, &mut *pa]
                    };
                    let r = play_game(
                        players,
                        &opening,
                        arena.geometry,
                        arena.rule,
                        TimeControl::EngineDefault,
                        arena.move_cap,
                        &mut rng,
                    );
                    scores[k] = a_score(&r, a_black);
                    lengths[k] = (r.opening.len() + r.moves.len()) as u32;
                }
                Ok(PairResult {
                    pair: p,
                    a_scores: scores,
                    lengths,
                })
            },
        )
        .collect();
    out.into_iter().collect()
}

/// Wins minus losses of A over the games of `pairs`.
pub fn wins_minus_losses(pairs: &[PairResult]) -> f64 {
    pairs
        .iter()
        .flat_map(|p| p.a_scores)
        .map(|s| 2.0 * s - 1.0)
        .sum()
}
