//! What the runner's test binaries share: a tournament of given players without a config file.

use gomoku_board::Pos;
use gomoku_config::run::{
    BoardConfig, BookConfig, Pairing, PlayerKind, PlayerRecord, RUN_CONFIG_VERSION, RunConfig,
    RunKind,
};
use gomoku_config::tournament::{BuiltinSpec, RuleSpec, TimeControlSpec};
use gomoku_runner::{Participant, TournamentSpec};

/// A freestyle round robin of `players` on a `size` board. The config names every player a
/// built-in (the run hash needs a spec of each); the tests hand in their own factories.
pub fn test_spec(
    players: Vec<Participant>,
    openings: Vec<Vec<Pos>>,
    size: usize,
    rounds: u32,
    seed: u64,
) -> TournamentSpec {
    let config = RunConfig {
        v: RUN_CONFIG_VERSION,
        kind: RunKind::Tournament,
        name: "test".into(),
        players: players
            .iter()
            .map(|p| PlayerRecord {
                name: p.name.clone(),
                origin: None,
                spec: PlayerKind::Builtin(BuiltinSpec::Random),
            })
            .collect(),
        pairing: Pairing::RoundRobin,
        board: BoardConfig {
            width: size,
            height: size,
            k: 5,
            rule: RuleSpec::Freestyle,
        },
        book: BookConfig {
            file: "test".into(),
            format: "pos".into(),
            count: openings.len(),
            first: 0,
            transform: true,
        },
        rounds,
        time_control: TimeControlSpec::EngineDefault,
        seed,
        move_cap: None,
        sprt: None,
        node_cap: None,
    };
    TournamentSpec {
        config,
        participants: players,
        openings,
    }
}
