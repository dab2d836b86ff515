//! The words of `docs/CONFIG.md`: one [`Item`] per struct, enum and struct variant of the five
//! file kinds, one [`Entry`] per field or variant, a file per kind (and `common.rs` for what
//! several kinds share). The tests in `tests/docs.rs` hold every entry to the schema (names),
//! the parser (defaults) and the loaders (examples, limits), so a value here that drifts from
//! the code fails `cargo test`.
//!
//! Adding a field to a config struct: add its [`Entry`] to the struct's [`Item`], in the
//! struct's order, then regenerate the page with `cargo run -p gomoku-config-docs`.

mod common;
mod engine;
mod page;
mod sprt;
mod tournament;
mod tune;

pub use page::{appendix, example_books, limits_table, preamble};

#[cfg(doc)]
use crate::{Entry, Item};
use crate::{Host, Kind, Section};
use gomoku_config::limits::MAX_TIME_MS;

/// The project's opening book, from `configs/<kind>/`.
const BOOK: &str = "../../openings/freestyle15.txt";

fn host(kind: Kind, template: impl Into<String>) -> Host {
    Host {
        kind,
        template: template.into(),
    }
}

/// A tournament with two engines, the book `openings` (a value) and an output, plus `rest`;
/// either may hold the hole.
fn tournament_parts(openings: &str, rest: &str) -> Host {
    host(
        Kind::Tournament,
        format!(
            "Tournament(name: \"host\", participants: [Engine(\"../engines/seed-d2.ron\"), \
             Engine(\"../engines/seed-d4.ron\")], openings: {openings}, \
             output: \"../../reports/host\", {rest})"
        ),
    )
}

/// A tournament with two engines, a short book and an output, plus `rest` (which may hold the
/// hole).
fn tournament_host(rest: &str) -> Host {
    tournament_parts(&format!("(file: \"{BOOK}\", limit: 4)"), rest)
}

/// A tournament on a book without a header (it fits any board and rule), plus `rest`.
fn any_board_host(rest: &str) -> Host {
    tournament_parts("(file: \"../../openings/example-pos.txt\")", rest)
}

/// A tournament whose second participant is `participant` (which may hold the hole).
fn participant_host(participant: &str) -> Host {
    host(
        Kind::Tournament,
        format!(
            "Tournament(name: \"host\", participants: [Builtin(name: \"random\", kind: Random), \
             {participant}], openings: (file: \"{BOOK}\", limit: 4), \
             output: \"../../reports/host\")"
        ),
    )
}

/// An SPRT file of seed-d4 against seed-d2, plus `rest` (which may hold the hole).
fn sprt_host(rest: &str) -> Host {
    host(
        Kind::Sprt,
        format!(
            "Sprt(name: \"host\", candidate: Engine(\"../engines/seed-d4.ron\"), \
             baseline: Engine(\"../engines/seed-d2.ron\"), openings: (file: \"{BOOK}\"), \
             elo0: 0.0, elo1: 10.0, max_games: 100, output: \"../../reports/host\", {rest})"
        ),
    )
}

/// An SPRT file whose candidate is `candidate` (which may hold the hole).
fn sprt_candidate_host(candidate: &str) -> Host {
    host(
        Kind::Sprt,
        format!(
            "Sprt(name: \"host\", candidate: {candidate}, \
             baseline: Engine(\"../engines/seed-d2.ron\"), openings: (file: \"{BOOK}\"), \
             elo0: 0.0, elo1: 10.0, max_games: 100, output: \"../../reports/host\")"
        ),
    )
}

/// A tuning file, plus `rest` (which may hold the hole).
fn tune_host(rest: &str) -> Host {
    tune_file(&format!("(file: \"{BOOK}\", range: (0, 10))"), rest)
}

/// A tuning file whose `tuning_openings` are `tuning` (which may hold the hole), plus `rest`.
fn tune_file(tuning: &str, rest: &str) -> Host {
    host(
        Kind::Tune,
        format!(
            "Tune(name: \"host\", start_table: \"../tables/tuned.ron\", \
             engine: \"../engines/rich-d4.ron\", depth: 2, \
             tuning_openings: {tuning}, \
             holdout_openings: (file: \"{BOOK}\", range: (10, 20)), seed: 1, \
             output: \"../../reports/host\", {rest})"
        ),
    )
}

/// A tuning file with everything but `method`, and `method: METHOD` (which may hold the hole).
fn tune_method_host(method: &str) -> Host {
    tune_host(&format!("method: {method}"))
}

/// RON for an `Option` in a strict file.
fn some<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "None".into(), |v| format!("Some({v})"))
}

/// Every section of the reference, in page order.
pub fn sections() -> Vec<Section> {
    vec![
        tournament::tournament(),
        engine::engine(),
        engine::table(),
        sprt::sprt(),
        tune::tune(),
    ]
}
/// Words for a time in milliseconds of at most a day.
fn ms_limit() -> String {
    format!("1..={MAX_TIME_MS} (a day)")
}
