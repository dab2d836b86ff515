//! The engine as a [`Player`] with a node cap per move on top of its depth: a few positions
//! make the engine's search (its VCF part especially) explode to hundreds of millions of
//! nodes at depth 4, which would stall a whole tuning run on one move. The cap counts nodes,
//! so games stay deterministic.

use gomoku_board::{Board, Geometry, Rule};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits};
use gomoku_runner::{ClockState, MoveAnswer, Player, PlayerFault, SearchCounters};
use rand_chacha::ChaCha8Rng;

/// Nodes per move at most (typical depth-4 moves need a few thousand).
pub const NODE_CAP: u64 = 2_000_000;

/// An in-process engine searching to its depth, stopped at [`NODE_CAP`] nodes.
pub struct CappedPlayer {
    name: String,
    engine: Engine,
}

impl CappedPlayer {
    /// Builds the engine.
    pub fn new(name: &str, params: EngineParams) -> Result<CappedPlayer, EngineError> {
        Ok(CappedPlayer {
            name: name.to_string(),
            engine: Engine::new(params)?,
        })
    }
}

impl Player for CappedPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _geometry: Geometry, _rule: Rule) {
        self.engine.new_game();
    }

    fn choose_move(
        &mut self,
        board: &Board,
        _clock: &ClockState,
        rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        let limits = Limits {
            depth: Some(self.engine.params().depth),
            nodes: Some(NODE_CAP),
            ..Limits::default()
        };
        let r = self.engine.search(board, &limits, rng);
        let pos = r
            .best
            .ok_or_else(|| PlayerFault::Garbage("the engine found no move".into()))?;
        Ok(MoveAnswer {
            pos,
            nodes: r.nodes,
            depth: r.depth,
            score: r.score,
            counters: SearchCounters {
                seldepth: r.seldepth,
                tt_hits: r.tt_hits,
                beta_cutoffs: r.beta_cutoffs,
                first_move_cutoffs: r.first_move_cutoffs,
            },
        })
    }
}
