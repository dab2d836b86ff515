//! The SPRT section.

use super::hosts::{BOOK, host, sprt_host};
use crate::{Entry, Item, Kind, Section};
use gomoku_config::limits::{MAX_ELO, MAX_JOBS, MAX_NAME_LEN, MAX_PAIRS, MAX_THREADS};

pub(super) fn sprt() -> Section {
    let root = Item::new(
        "Sprt",
        "SPRT",
        "sprt-file",
        "`Sprt(...)`: the file",
        host(Kind::Sprt, "Sprt(@@)"),
    )
    .entries(vec![
        Entry::field("name", "The test's name, for reports.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"top5-vs-top10\""),
        Entry::field(
            "candidate",
            "The engine under test (H1: it is `elo1` stronger than the baseline), written as \
             one of a tournament's [participants](#participants): an engine file, a `Variant`, \
             a `Builtin` or an `External` Gomocup program (which plays under its own \
             `move_time_ms` / `game_time_ms`; `time_control` is the in-process engines'). A \
             `Sweep`, several engines, is refused.",
        )
        .ex("candidate: Variant(base: \"../engines/seed-d4.ron\", name: \"seed-d4-top5\", overrides: (top_n: 5))"),
        Entry::field("baseline", "The reference engine, written as the candidate is.")
            .limit("a name other than the candidate's")
            .ex("baseline: Engine(\"../engines/seed-d4.ron\")"),
        Entry::field("board", "Board and rule, as a [tournament's](#board).")
            .default_means("()", "15 × 15, five in a row, freestyle")
            .ex("board: (rule: Renju), openings: (file: \"../../openings/renju15.txt\")"),
        Entry::field(
            "openings",
            "The book; pair i plays opening i of the range, cycling.",
        )
        .ex(format!("openings: (file: \"{BOOK}\", range: (0, 40))")),
        Entry::field(
            "elo0",
            "The Elo difference under H0, in the unit of `model`.",
        )
        .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
        .limit("below `elo1`")
        .ex("elo0: 0.0"),
        Entry::field(
            "elo1",
            "The Elo difference under H1. A gain test asks `elo0: 0.0` and a positive `elo1`; a \
             non-regression test a negative `elo0` and `elo1: 0.0`.",
        )
        .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
        .limit("above `elo0`")
        .ex("elo1: 10.0"),
        Entry::field("alpha", "Type I error: accepting H1 when H0 holds.")
            .default("0.05")
            .real(Some((0.0, true)), Some((0.5, true)))
            .ex("alpha: 0.025"),
        Entry::field("beta", "Type II error: accepting H0 when H1 holds.")
            .default("0.05")
            .real(Some((0.0, true)), Some((0.5, true)))
            .ex("beta: 0.025"),
        Entry::field("model", "The kind of Elo `elo0` and `elo1` are.")
            .default("Normalized")
            .ex("model: Logistic"),
        Entry::field(
            "max_games",
            "The cap: the test stops undecided after `max_games / 2` pairs.",
        )
        .int(2, MAX_JOBS)
        .ex("max_games: 20000"),
        Entry::field("time_control", "As a [tournament's](#time-control).")
            .default_means("EngineDefault", "each engine's own `depth`")
            .ex("time_control: Nodes(20000)"),
        Entry::field("seed", "The run seed (symmetries, tie-breaks).")
            .default("0")
            .ex("seed: 7"),
        Entry::field("threads", "Games played at once (`--threads` wins over it).")
            .default_means("None", "one per core")
            .int(1, MAX_THREADS as i128)
            .ex("threads: 2"),
        Entry::field(
            "batch_pairs",
            "Pairs played in parallel between two looks at the test. The decision is taken \
             pair by pair in pair order either way.",
        )
        .default_means("None", "2 per thread, at least 4")
        .int(1, MAX_PAIRS as i128)
        .ex("batch_pairs: 16"),
        Entry::field(
            "output",
            "The run directory (`--out` wins over it): journal, `sprt.json` after every batch, \
             report.",
        )
        .path()
        .limit("not empty")
        .ex("output: \"../../reports/top5-vs-top10\""),
        Entry::field("move_cap", "Draw when this many stones are on the board.")
            .default_means("None", "no cap")
            .limit("1 to the points of the board")
            .ex("move_cap: 150"),
    ]);

    let openings = Item::new(
        "SprtOpenings",
        "SPRT openings",
        "sprt-openings",
        "`openings` of an SPRT",
        host(
            Kind::Sprt,
            "Sprt(name: \"host\", candidate: Engine(\"../engines/seed-d4.ron\"), \
             baseline: Engine(\"../engines/seed-d2.ron\"), elo0: 0.0, elo1: 10.0, \
             max_games: 100, output: \"../../reports/host\", openings: (@@))",
        ),
    )
    .entries(vec![
        Entry::field("file", "The book file.")
            .path()
            .ex(format!("file: \"{BOOK}\"")),
        Entry::field("format", "Its [notation](#book-format).")
            .default_means("Auto", "told from the first line")
            .ex("format: Pos"),
        Entry::field(
            "range",
            "Openings `start..end` of the book (from 0, `end` excluded); pair i plays opening \
             `start + i mod (end - start)`.",
        )
        .default_means("None", "the whole book")
        .limit("start < end ≤ the book's openings")
        .ex("range: (0, 40)"),
        Entry::field(
            "transform",
            "A random board symmetry per pair, from the seed.",
        )
        .default("false")
        .ex("transform: true"),
    ]);

    let model = Item::new(
        "ModelSpec",
        "Elo model",
        "model",
        "`model`",
        sprt_host("model: @@"),
    )
    .entries(vec![
        Entry::variant(
            "Logistic",
            "Logistic Elo, from the expected score (the Elo most rating tools print).",
        )
        .ex("Logistic"),
        Entry::variant(
            "Normalized",
            "Normalized Elo (nElo), fishtest's and fastchess's default: the same bounds mean \
             the same test at any draw rate.",
        )
        .ex("Normalized"),
    ]);

    Section {
        kind: Kind::Sprt,
        title: "SPRT files",
        anchor: "sprt-files",
        intro: "An SPRT file (`configs/sprt/*.ron`, run by `gomoku-arena sprt F`) plays a \
                candidate engine against a baseline in game pairs (one opening, colours \
                reversed) until the generalized SPRT of fishtest and fastchess (pentanomial) \
                accepts H0 or H1, or `max_games` is reached. `--resume` continues a stopped \
                test. Shipped examples: `seed-d4-vs-d2.ron`, `top5-vs-top10.ron`."
            .into(),
        items: vec![root, openings, model],
        example: r#"// configs/sprt/reference.ron: every field written out. Paths are relative to this file.
Sprt(
    name: "reference",
    candidate: Variant(base: "../engines/seed-d4.ron", name: "seed-d4-top5", overrides: (top_n: 5)),
    baseline: Engine("../engines/seed-d4.ron"),
    board: (size: 15, k: 5, rule: Freestyle),
    openings: (file: "../../openings/freestyle15.txt", format: Pos, range: (0, 40), transform: true),
    elo0: -10.0,                 // non-regression: is the candidate at most 10 nElo weaker?
    elo1: 0.0,
    alpha: 0.05,
    beta: 0.05,
    model: Normalized,
    max_games: 4000,
    time_control: EngineDefault,
    seed: 1,
    threads: None,               // one per core
    batch_pairs: None,
    output: "../../reports/sprt-reference",
    move_cap: None,
)"#
        .into(),
        outro: String::new(),
    }
}
