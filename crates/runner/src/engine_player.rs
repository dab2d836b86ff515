//! The in-process engine ([`gomoku_engine::Engine`]) as a [`Player`].

use crate::player::{
    ClockState, MoveAnswer, Player, PlayerFactory, PlayerFault, SearchCounters, TimeControl,
};
use gomoku_board::{Board, Geometry, Rule};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// An engine with a name. `new_game` clears its transposition table, killers and history, so
/// a game never depends on the games the same instance played before.
pub struct EnginePlayer {
    name: String,
    engine: Engine,
    node_cap: Option<u64>,
}

impl EnginePlayer {
    /// Builds the engine (validates the parameters, compiles the table, allocates the TT).
    pub fn new(name: impl Into<String>, params: EngineParams) -> Result<EnginePlayer, EngineError> {
        Ok(EnginePlayer {
            name: name.into(),
            engine: Engine::new(params)?,
            node_cap: None,
        })
    }

    /// Stops every search at `cap` nodes as well as at its other limits. Tuning uses it: a
    /// few positions make a depth-4 search (its VCF part above all) explode to hundreds of
    /// millions of nodes, which would stall a whole run on one move; a node cap keeps games
    /// deterministic where a time cap would not.
    pub fn with_node_cap(mut self, cap: Option<u64>) -> EnginePlayer {
        self.node_cap = cap;
        self
    }

    /// Sets the flag that cuts a running search short (it then plays its best move so far).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.engine.set_stop_flag(flag);
    }

    /// The engine's parameters.
    pub fn params(&self) -> &EngineParams {
        self.engine.params()
    }
}

/// The search limits of a move under a time control: the engine's own depth, a fixed depth,
/// or a budget (nodes, or time from the engine's time manager) that the search deepens
/// into without a depth cap.
pub fn limits_for(clock: &ClockState, params: &EngineParams) -> Limits {
    match clock.control {
        TimeControl::EngineDefault => Limits {
            depth: Some(params.depth),
            ..Limits::default()
        },
        TimeControl::Depth(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        TimeControl::Nodes(n) => Limits {
            nodes: Some(n),
            ..Limits::default()
        },
        TimeControl::MoveTime(_) | TimeControl::GameTime { .. } => Limits {
            time: clock.move_budget(),
            ..Limits::default()
        },
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _geometry: Geometry, _rule: Rule) {
        self.engine.new_game();
    }

    fn choose_move(
        &mut self,
        board: &Board,
        clock: &ClockState,
        rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        let mut limits = limits_for(clock, self.engine.params());
        if let Some(cap) = self.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
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

/// A factory of engine players with these parameters and an optional node cap per move
/// ([`EnginePlayer::with_node_cap`]). The parameters are checked here, once, so that workers
/// do not fail later.
pub fn engine_factory(
    name: &str,
    params: EngineParams,
    node_cap: Option<u64>,
) -> Result<PlayerFactory, EngineError> {
    params.validate()?;
    let name = name.to_string();
    Ok(Arc::new(move || {
        EnginePlayer::new(name.clone(), params.clone())
            .map(|p| Box::new(p.with_node_cap(node_cap)) as Box<dyn Player>)
            .map_err(|e| e.to_string())
    }))
}
