//! The fuzz targets of gomoku-arena, as plain functions of the input bytes.
//!
//! Every parser that reads what a user, a file or another program hands us has a target
//! here: the RON configs (tables, engines, SPRT plans, tournaments and tuning files, the last
//! two through their file loaders), the opening books in every format, SGF, results-only PGN,
//! the journal and the readers of `gomoku-results`, and the Gomocup protocol from both ends
//! of the pipe. A target must return for every input: a panic is a finding (so is a hang or
//! an unbounded allocation, which the libFuzzer driver in `fuzz/` bounds per input).
//!
//! Where a format promises a round trip (a table written by `table_to_ron`, a book written in
//! its own format, a game written as SGF) the target also checks that what was read is read
//! back equal.
//!
//! The libFuzzer binaries of `fuzz/` (a separate, instrumented cargo workspace) call
//! [`TARGETS`]; this crate's test replays the committed regression inputs
//! (`fuzz/regressions/<target>/`) and seeds (`fuzz/seeds/<target>/`) through the same
//! functions on every `cargo test --workspace`. `fuzz/README.md` tells how to run them.
#![deny(missing_docs)]

mod scratch;

pub mod targets;

/// One fuzz target: its name (the libFuzzer binary and the corpus folders are named after
/// it), what it covers, and the function that takes one input.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The target's name, `snake_case`.
    pub name: &'static str,
    /// What the target feeds its input to, in a line.
    pub covers: &'static str,
    /// Runs one input; panics on a finding.
    pub run: fn(&[u8]),
}

/// Every fuzz target, in the order the scripts run them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "config_table",
        covers: "gomoku_config::parse_table, CompiledTable::compile, table_to_ron round trip",
        run: targets::config_table,
    },
    Target {
        name: "config_engine",
        covers: "gomoku_config::parse_engine (tables resolved against configs/engines)",
        run: targets::config_engine,
    },
    Target {
        name: "config_sprt",
        covers: "gomoku_config::parse_sprt (engines and books resolved against configs/sprt)",
        run: targets::config_sprt,
    },
    Target {
        name: "config_tournament",
        covers: "gomoku_config::tournament::load_tournament on a temporary file",
        run: targets::config_tournament,
    },
    Target {
        name: "config_tune",
        covers: "gomoku_config::tune::load_tune on a temporary file",
        run: targets::config_tune,
    },
    Target {
        name: "book",
        covers: "opening books: parse_book (offset, pos, GTP; header check), parse_book_auto, \
                 validate_book and the write/read round trip, on three boards and rules",
        run: targets::book,
    },
    Target {
        name: "sgf",
        covers: "gomoku_board::sgf: parse_sgf, parse_sgf_collection, replay, write/read round trip",
        run: targets::sgf,
    },
    Target {
        name: "pgn",
        covers: "gomoku_stats::pgn::parse_pgn and to_pool_games",
        run: targets::pgn,
    },
    Target {
        name: "journal",
        covers: "gomoku_runner::journal::read_journal and gomoku_results::read::load_results \
                 (a journal alone, beside a run.json, and as PGN)",
        run: targets::journal,
    },
    Target {
        name: "protocol_brain",
        covers: "gomoku_protocol::session::serve with a CentreBrain (every command, BOARD blocks)",
        run: targets::protocol_brain,
    },
    Target {
        name: "protocol_engine",
        covers: "gomoku_protocol::session::serve with the engine brain at depth 1, no clock",
        run: targets::protocol_engine,
    },
    Target {
        name: "protocol_manager",
        covers: "gomoku_protocol::command: parse_answer, parse_command, parse_board_line",
        run: targets::protocol_manager,
    },
];

/// The target named `name`, if there is one.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The repository root (the targets resolve config paths against its `configs/` and
/// `openings/`, and the tests read `fuzz/` there).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the crate sits at <repo>/crates/fuzz-targets")
}
