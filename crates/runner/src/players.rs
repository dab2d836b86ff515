//! Players built from a run's configuration ([`gomoku_config::run::PlayerRecord`]): the one
//! place where a config's player turns into something that plays, for every command.

use crate::RunnerError;
use crate::batch::Participant;
use crate::engine_player::engine_factory;
use crate::external_player::{ExternalSpec, external_factory};
use crate::player::{BuiltinKind, PlayerFactory, TimeControl};
use gomoku_config::run::{ExternalProgram, PlayerKind, PlayerRecord, RunConfig};
use gomoku_config::tournament::{BuiltinSpec, TimeControlSpec};
use gomoku_protocol::EngineCommand;
use std::time::Duration;

/// The runner's time control of a config's.
pub fn time_control(spec: TimeControlSpec) -> TimeControl {
    match spec {
        TimeControlSpec::EngineDefault => TimeControl::EngineDefault,
        TimeControlSpec::Depth(d) => TimeControl::Depth(d),
        TimeControlSpec::Nodes(n) => TimeControl::Nodes(n),
        TimeControlSpec::MoveTime(ms) => TimeControl::MoveTime(Duration::from_millis(ms)),
        TimeControlSpec::GameTime { base_ms, inc_ms } => TimeControl::GameTime {
            base: Duration::from_millis(base_ms),
            increment: Duration::from_millis(inc_ms),
        },
    }
}

/// The built-in player of a config's.
pub fn builtin_kind(spec: BuiltinSpec) -> BuiltinKind {
    match spec {
        BuiltinSpec::Random => BuiltinKind::Random,
        BuiltinSpec::Greedy => BuiltinKind::Greedy,
    }
}

/// How to start and time an external engine of a config.
pub fn external_spec(c: &ExternalProgram) -> ExternalSpec {
    let ms = Duration::from_millis;
    ExternalSpec {
        command: EngineCommand {
            program: c.program.clone(),
            args: c.args.clone(),
            dir: c.dir.clone(),
            stderr: c.stderr.clone(),
        },
        move_time: ms(c.move_time_ms),
        game_time: c.game_time_ms.map(ms),
        increment: ms(c.increment_ms),
        tolerance: ms(c.tolerance_ms),
        max_memory: c.max_memory_mb.map(|m| m << 20),
        start_timeout: ms(c.start_timeout_ms),
        command_gap: ms(c.command_gap_ms),
        options: c.options.clone(),
        send_board: c.send_board,
        keep_messages: c.keep_messages,
        log_dir: c.log_dir.clone(),
    }
}

/// A factory of the player a config describes; in-process engines stop at `node_cap` nodes
/// per move when one is given.
pub fn player_factory(
    player: &PlayerRecord,
    node_cap: Option<u64>,
) -> Result<PlayerFactory, RunnerError> {
    Ok(match &player.spec {
        PlayerKind::Engine(spec) => engine_factory(&player.name, spec.to_params(), node_cap)
            .map_err(|source| RunnerError::Engine {
                player: player.name.clone(),
                source,
            })?,
        PlayerKind::Builtin(kind) => builtin_kind(*kind).factory(&player.name),
        PlayerKind::External(c) => external_factory(&player.name, external_spec(c)),
    })
}

/// The participants of a run, by index, with the run's node cap.
pub fn participants(config: &RunConfig) -> Result<Vec<Participant>, RunnerError> {
    config
        .players
        .iter()
        .map(|p| {
            Ok(Participant {
                name: p.name.clone(),
                factory: player_factory(p, config.node_cap)?,
            })
        })
        .collect()
}
