//! `analyze`'s verdict on one position: an engine's search of it, told as text under the
//! drawn board or as one JSON object.

use gomoku_board::notation::format_pos;
use gomoku_board::{Board, BoardError};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits, SearchResult};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::{Value, json};
use std::fmt;

/// A position searched: the board, what the search found and the threads it ran on.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The position.
    pub board: Board,
    /// The search's verdict.
    pub result: SearchResult,
    /// The engine's search threads.
    pub threads: usize,
}

impl Analysis {
    /// Searches `board` with an engine of `params` within `limits`, its tie-break draw seeded
    /// by `seed`; with two threads or more on a clock, one of them searches the root's VCT.
    pub fn search(
        board: Board,
        params: EngineParams,
        limits: &Limits,
        seed: u64,
    ) -> Result<Analysis, EngineError> {
        let threads = params.threads;
        let mut engine = Engine::new(params)?;
        engine.set_vct_thread(true);
        let result = engine.search(&board, limits, &mut ChaCha8Rng::seed_from_u64(seed));
        Ok(Analysis {
            board,
            result,
            threads,
        })
    }

    /// The JSON object of `analyze --json`: the verdict (`score` is `score_for`'s, the side
    /// to move's), the search's figures and one entry per completed iteration (times in
    /// milliseconds).
    pub fn to_json(&self) -> Result<Value, BoardError> {
        let result = &self.result;
        let best = result.best.map(format_pos).transpose()?;
        let pv = result
            .pv
            .iter()
            .map(|&p| format_pos(p))
            .collect::<Result<Vec<String>, _>>()?;
        Ok(json!({
            "best": best,
            "score": result.score,
            "score_for": self.board.to_move().to_string(),
            "win_in": result.win_in,
            "depth": result.depth,
            "seldepth": result.seldepth,
            "nodes": result.nodes,
            "time_ms": result.time.as_secs_f64() * 1000.0,
            "nps": result.nps(),
            "pv": pv,
            "tt_hits": result.tt_hits,
            "cutoff_ratio": result.cutoff_ratio,
            "to_move": self.board.to_move().to_string(),
            "threads": self.threads,
            "iterations": result.iterations.iter().map(|i| json!({
                "depth": i.depth,
                "score": i.score,
                "nodes": i.nodes,
                "time_ms": i.time.as_secs_f64() * 1000.0,
            })).collect::<Vec<_>>(),
        }))
    }
}

/// The board as `show` draws it, then the search's verdict.
impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in crate::view::draw_position(&self.board) {
            writeln!(f, "{line}")?;
        }
        writeln!(f, "{}", self.result.told_for(self.board.to_move()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::notation::parse_pos_moves;
    use gomoku_board::{Geometry, Rule};

    fn analysis(moves: &str) -> Analysis {
        let geometry = Geometry::square(15);
        let mut board = Board::new(geometry, Rule::Freestyle).unwrap();
        board
            .play_all(&parse_pos_moves(moves, geometry).unwrap())
            .unwrap();
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        Analysis::search(board, EngineParams::default(), &limits, 1).unwrap()
    }

    #[test]
    fn the_score_says_whose_it_is() {
        for (moves, side) in [("h8 i7 g7", "white"), ("h8 i7", "black")] {
            let a = analysis(moves);
            let text = a.to_string();
            let told = format!("(for {side}, the side to move)");
            assert!(text.contains(&told), "{text}");
            assert_eq!(a.to_json().unwrap()["score_for"], side);
        }
    }
}
