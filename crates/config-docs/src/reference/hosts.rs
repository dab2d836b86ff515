//! The files the reference's examples are written into: a valid file of each kind with a hole
//! for the value an entry shows (a [`Host`]), and the small words several kinds share.

use crate::{Host, Kind};
use gomoku_config::limits::MAX_TIME_MS;

/// The project's opening book, from `configs/<kind>/`.
pub(super) const BOOK: &str = "../../openings/freestyle15.txt";

pub(super) fn host(kind: Kind, template: impl Into<String>) -> Host {
    Host {
        kind,
        template: template.into(),
    }
}

/// A tournament with two engines, the book `openings` (a value) and an output, plus `rest`;
/// either may hold the hole.
pub(super) fn tournament_parts(openings: &str, rest: &str) -> Host {
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
pub(super) fn tournament_host(rest: &str) -> Host {
    tournament_parts(&format!("(file: \"{BOOK}\", limit: 4)"), rest)
}

/// A tournament on a book without a header (it fits any board and rule), plus `rest`.
pub(super) fn any_board_host(rest: &str) -> Host {
    tournament_parts("(file: \"../../openings/example-pos.txt\")", rest)
}

/// A tournament whose second participant is `participant` (which may hold the hole).
pub(super) fn participant_host(participant: &str) -> Host {
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
pub(super) fn sprt_host(rest: &str) -> Host {
    host(
        Kind::Sprt,
        format!(
            "Sprt(name: \"host\", candidate: Engine(\"../engines/seed-d4.ron\"), \
             baseline: Engine(\"../engines/seed-d2.ron\"), openings: (file: \"{BOOK}\"), \
             elo0: 0.0, elo1: 10.0, max_games: 100, output: \"../../reports/host\", {rest})"
        ),
    )
}

/// A tuning file, plus `rest` (which may hold the hole).
pub(super) fn tune_host(rest: &str) -> Host {
    tune_file(&format!("(file: \"{BOOK}\", range: (0, 10))"), rest)
}

/// A tuning file whose `tuning_openings` are `tuning` (which may hold the hole), plus `rest`.
pub(super) fn tune_file(tuning: &str, rest: &str) -> Host {
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
pub(super) fn tune_method_host(method: &str) -> Host {
    tune_host(&format!("method: {method}"))
}

/// RON for an `Option` in a strict file.
pub(super) fn some<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "None".into(), |v| format!("Some({v})"))
}

/// Words for a time in milliseconds of at most a day.
pub(super) fn ms_limit() -> String {
    format!("1..={MAX_TIME_MS} (a day)")
}
