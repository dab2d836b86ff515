//! Tournament files: good ones resolve fully, bad ones are refused naming file, line, column.

use gomoku_config::ConfigError;
use gomoku_config::run::{Pairing, PlayerKind};
use gomoku_config::tournament::{TimeControlSpec, Tournament, load_tournament_with};
use gomoku_engine::EngineParams;
use gomoku_testdata::ScratchDir;
use std::path::{Path, PathBuf};

/// A stand-in for the engine module's loader: the file must exist; its first line is the name.
fn fake_engine(p: &Path) -> Result<(String, EngineParams), ConfigError> {
    let text = std::fs::read_to_string(p).map_err(|source| ConfigError::Io {
        path: p.to_path_buf(),
        source,
    })?;
    Ok((
        text.lines().next().unwrap_or("x").trim().to_string(),
        EngineParams::default(),
    ))
}

fn setup(tag: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("config-t-{tag}"));
    std::fs::create_dir_all(dir.join("engines")).unwrap();
    std::fs::write(dir.join("engines/e4.ron"), "seed-d4\n").unwrap();
    std::fs::write(dir.join("engines/e2.ron"), "seed-d2\n").unwrap();
    std::fs::write(
        dir.join("book.txt"),
        "# test book\nh8i7g7\nh8h9\n  \nh8j9i8k7 # comment\n",
    )
    .unwrap();
    dir
}

fn load(dir: &Path, body: &str) -> Result<Tournament, ConfigError> {
    let path = dir.join("t.ron");
    std::fs::write(&path, body).unwrap();
    load_tournament_with(&path, &fake_engine)
}

const GOOD: &str = r#"Tournament(
    name: "t",
    participants: [
        Engine("engines/e2.ron"),
        Variant(base: "engines/e4.ron", name: "top5", overrides: (top_n: 5, use_tt: false)),
        Sweep(base: "engines/e4.ron", field: "top_n", values: [10, None], name: "top{}"),
        Sweep(base: "engines/e4.ron", field: "depth", values: [3, 6]),
        Builtin(name: "greedy", kind: Greedy),
    ],
    format: Gauntlet(candidates: ["top5"]),
    board: (size: 15, rule: Standard),
    openings: (file: "book.txt", limit: 2, transform: true),
    rounds: 2,
    time_control: EngineDefault,
    seed: 9,
    output: "out",
    move_cap: 100,
)
"#;

#[test]
fn a_range_plays_a_slice_of_the_book_in_book_order() {
    let dir = setup("range");
    let t = load(&dir, &GOOD.replace("limit: 2,", "range: (1, 3),")).unwrap();
    let firsts: Vec<usize> = t.openings.iter().map(|o| o.moves.len()).collect();
    assert_eq!(
        firsts,
        [2, 4],
        "openings 1 and 2 of the book: h8h9, h8j9i8k7"
    );
}

#[test]
fn a_good_file_resolves_sweeps_variants_and_paths() {
    let dir = setup("good");
    let t = load(&dir, GOOD).unwrap();
    let names: Vec<&str> = t.participants.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "seed-d2",
            "top5",
            "top10",
            "topall",
            "seed-d4-depth3",
            "seed-d4-depth6",
            "greedy"
        ]
    );
    let params = |i: usize| match &t.participants[i].spec {
        PlayerKind::Engine(p) => p.to_params(),
        _ => panic!("not an engine"),
    };
    assert_eq!((params(1).top_n, params(1).use_tt), (Some(5), false));
    assert_eq!(params(2).top_n, Some(10));
    assert_eq!(params(3).top_n, None);
    assert_eq!((params(4).depth, params(5).depth), (3, 6));
    assert_eq!(t.pairing, Pairing::Gauntlet(vec![1]));
    assert_eq!(t.openings.len(), 2);
    assert_eq!(t.rule, gomoku_board::Rule::Standard);
    assert_eq!(t.time_control, TimeControlSpec::EngineDefault);
    assert_eq!(t.output, dir.join("out"));
    assert_eq!(t.move_cap, Some(100));
    // The run hash's key follows what decides the games.
    let key = t.run_config().hash_key();
    let mut other = t.clone();
    other.seed = 10;
    assert_ne!(other.run_config().hash_key(), key);
    assert_eq!(t.run_config().hash_key(), key);
    // Overrides accept the engine files' names of the two switches too.
    let t = load(
        &dir,
        &GOOD.replace("use_tt: false", "tt: false, ordering: false"),
    )
    .unwrap();
    match &t.participants[1].spec {
        PlayerKind::Engine(p) => assert_eq!((p.tt, p.ordering), (false, false)),
        _ => panic!("not an engine"),
    }
}

/// Loading `body` fails at `file:line:column:` with a message holding every one of `needles`.
fn expect_err(
    dir: &Path,
    body: &str,
    file: &str,
    (line, column): (usize, usize),
    needles: &[&str],
) {
    let err = load(dir, body).unwrap_err();
    let text = err.to_string();
    let prefix = format!("{}:{line}:{column}: ", dir.join(file).display());
    assert!(
        text.starts_with(&prefix),
        "expected {prefix}... got: {text}"
    );
    assert!(!needles.is_empty());
    for needle in needles {
        assert!(text.contains(needle), "expected '{needle}' in: {text}");
    }
}

#[test]
fn bad_files_name_file_line_and_column() {
    let dir = setup("bad");
    // A misspelt value named the Rust enum (`BuiltinSpec`) and guessed nothing.
    expect_err(
        &dir,
        &GOOD.replace("kind: Greedy", "kind: Greed"),
        "t.ron",
        (8, 39),
        &["kind: unknown value `Greed`", "did you mean `Greedy`?"],
    );
    expect_err(
        &dir,
        &GOOD.replace("rule: Standard", "rule: standard"),
        "t.ron",
        (11, 29),
        &["rule: unknown value `standard`", "did you mean `Standard`?"],
    );
    expect_err(
        &dir,
        &GOOD.replace("output: \"out\"", "output: \"\""),
        "t.ron",
        (16, 5),
        &["output: must name a directory"],
    );
    // A held-out slice: range (start, end), never with a limit.
    for (range, msg) in [
        (
            "(2, 2)",
            "openings range (2, 2): need start < end <= 3 (the book's openings)",
        ),
        (
            "(1, 4)",
            "openings range (1, 4): need start < end <= 3 (the book's openings)",
        ),
    ] {
        expect_err(
            &dir,
            &GOOD.replace("limit: 2,", &format!("range: {range},")),
            "t.ron",
            (12, 34),
            &[msg],
        );
    }
    expect_err(
        &dir,
        &GOOD.replace("limit: 2,", "limit: 2, range: (0, 2),"),
        "t.ron",
        (12, 44),
        &["give `range` or `limit`, not both"],
    );
    // limit: 0 was "the opening book holds no opening"; move_cap had no bound.
    expect_err(
        &dir,
        &GOOD.replace("limit: 2,", "limit: 0,"),
        "t.ron",
        (12, 34),
        &["limit: 0 takes no opening"],
    );
    for cap in ["0", "226"] {
        expect_err(
            &dir,
            &GOOD.replace("move_cap: 100,", &format!("move_cap: {cap},")),
            "t.ron",
            (17, 5),
            &[&format!("move_cap: {cap} not in 1..=225")],
        );
    }
    // A blank output made a folder named with spaces.
    for blank in ["   ", "\\t", " \\n "] {
        expect_err(
            &dir,
            &GOOD.replace("output: \"out\"", &format!("output: \"{blank}\"")),
            "t.ron",
            (16, 5),
            &["output: must name a directory"],
        );
    }
    // Names head table columns and PGN tags: bounded, and on one line.
    let long = "x".repeat(70_000);
    expect_err(
        &dir,
        &GOOD.replace("name: \"top5\"", &format!("name: \"{long}\"")),
        "t.ron",
        (5, 23),
        &[
            "participant name 'xxxx",
            "is 70000 characters long; a name has at most 128",
        ],
    );
    expect_err(
        &dir,
        &GOOD.replace("name: \"top5\"", "name: \"top\\n5\""),
        "t.ron",
        (5, 23),
        &["must not hold a line break"],
    );
    expect_err(
        &dir,
        &GOOD.replace("    seed: 9,", "    sead: 9,"),
        "t.ron",
        (15, 5),
        &["Unexpected field named `sead` in `Tournament`"],
    );
    expect_err(
        &dir,
        &GOOD.replace("rounds: 2", "rounds: \"two\""),
        "t.ron",
        (13, 12),
        &["Expected integer"],
    );
    expect_err(
        &dir,
        &GOOD.replace("engines/e2.ron", "engines/missing.ron"),
        "t.ron",
        (4, 16),
        &["engines/missing.ron: cannot read"],
    );
    expect_err(
        &dir,
        &GOOD.replace("\"book.txt\"", "\"nobook.txt\""),
        "t.ron",
        (12, 22),
        &["opening book ", "nobook.txt"],
    );
    expect_err(
        &dir,
        &GOOD.replace("name: \"top5\"", "name: \"seed-d2\""),
        "t.ron",
        (5, 23),
        &["two participants are named 'seed-d2'"],
    );
    expect_err(
        &dir,
        &GOOD.replace("field: \"depth\"", "field: \"dept\""),
        "t.ron",
        (7, 46),
        &[
            "sweep of 'dept' = 3",
            "Unexpected field named `dept` in `Overrides`",
        ],
    );
    expect_err(
        &dir,
        &GOOD.replace("candidates: [\"top5\"]", "candidates: [\"nobody\"]"),
        "t.ron",
        (10, 35),
        &["gauntlet candidate 'nobody' is not a participant"],
    );
    expect_err(
        &dir,
        &GOOD.replace("overrides: (top_n: 5", "overrides: (topn: 5"),
        "t.ron",
        (5, 67),
        &["Unexpected field named `topn` in `Overrides`"],
    );
    // A depth the file sets, which the time control would replace: a sweep's values played
    // alike, a variant's depth was silently another.
    let depth2 = GOOD.replace("time_control: EngineDefault", "time_control: Depth(2)");
    expect_err(
        &dir,
        &depth2,
        "t.ron",
        (7, 46),
        &["a sweep of depth, but time_control Depth(2) replaces every engine's depth"],
    );
    let variant = depth2
        .replace(
            "field: \"depth\", values: [3, 6]",
            "field: \"top_n\", values: [3, 6]",
        )
        .replace("name: \"top{}\"", "name: \"n{}\"")
        .replace("(top_n: 5, use_tt: false)", "(depth: 3, use_tt: false)");
    expect_err(
        &dir,
        &variant,
        "t.ron",
        (5, 67),
        &["depth: set here, but time_control Depth(2) replaces"],
    );
    let moving = GOOD
        .replace("time_control: EngineDefault", "time_control: MoveTime(10)")
        .replace("field: \"depth\"", "field: \"top_n\"")
        .replace("name: \"top{}\"", "name: \"n{}\"");
    assert_eq!(
        load(&dir, &moving).unwrap().time_control,
        TimeControlSpec::MoveTime(10),
        "an engine file's own depth is replaced, and said so, not refused"
    );
    // Budgets that cannot be played.
    for (bad, what) in [
        (
            "MoveTime(0)",
            "MoveTime(0): the time per move must be in 1..=86400000 ms",
        ),
        ("Depth(0)", "Depth(0): the depth must be in 1..=64"),
        ("Depth(65)", "Depth(65): the depth must be in 1..=64"),
        ("Nodes(0)", "Nodes(0): the node budget must be at least 1"),
        (
            "GameTime(base_ms: 0, inc_ms: 10)",
            "GameTime(base_ms: 0, inc_ms: 10): base_ms must be in 1..=86400000",
        ),
    ] {
        expect_err(
            &dir,
            &GOOD.replace(
                "time_control: EngineDefault",
                &format!("time_control: {bad}"),
            ),
            "t.ron",
            (14, 5),
            &[what],
        );
    }
    // A book over 64 MiB is refused where it is named (a sparse file: no disk used).
    std::fs::File::create(dir.join("book.txt"))
        .unwrap()
        .set_len(gomoku_config::MAX_INPUT_BYTES + 1)
        .unwrap();
    expect_err(
        &dir,
        GOOD,
        "t.ron",
        (12, 22),
        &["opening book ", "book.txt: larger than 64 MiB"],
    );
    // An opening off the board is reported at its line and column of the book.
    std::fs::write(dir.join("book.txt"), "h8i7g7\nh8 p16\n").unwrap();
    expect_err(
        &dir,
        GOOD,
        "book.txt",
        (2, 4),
        &[
            "p16 (15,15) is off the 15x15 board",
            "(on 15x15 k=5 standard)",
        ],
    );
    // An opening that already has five in a row, at the move that makes it.
    std::fs::write(dir.join("book.txt"), "h8i7g7\n\na1a2b1b2c1c2d1d2e1\n").unwrap();
    expect_err(
        &dir,
        GOOD,
        "book.txt",
        (3, 17),
        &["move 9: the opening ends the game (black has five in a row)"],
    );
}

#[test]
fn rounds_games_participants_and_threads_are_bounded() {
    let dir = setup("limits");
    // 4294967295 rounds passed the load and aborted allocating the schedule.
    expect_err(
        &dir,
        &GOOD.replace("rounds: 2", "rounds: 4294967295"),
        "t.ron",
        (13, 5),
        &["rounds: 4294967295 not in 1..=100000"],
    );
    expect_err(
        &dir,
        &GOOD.replace("rounds: 2", "rounds: 0"),
        "t.ron",
        (13, 5),
        &["rounds: 0 not in 1..=100000"],
    );
    // Rounds within bounds, but the whole schedule too long for memory: 27 players in a
    // round robin (351 pairs) over 2 openings and 100000 rounds.
    let values: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
    let many = GOOD
        .replace("format: Gauntlet(candidates: [\"top5\"])", "format: RoundRobin")
        .replace(
            "        Builtin(",
            &format!(
                "        Sweep(base: \"engines/e4.ron\", field: \"top_n\", values: [{}], name: \"w{{}}\"),\n        Builtin(",
                values.join(", ")
            ),
        );
    assert_eq!(load(&dir, &many).unwrap().participants.len(), 27);
    expect_err(
        &dir,
        &many.replace("rounds: 2", "rounds: 100000"),
        "t.ron",
        (14, 5),
        &[
            "the schedule has 140400000 games (100000 rounds x 2 openings x 351 pairs of players x 2 colours)",
            "a run has at most 10000000",
        ],
    );
    // A sweep of 1001 values is refused at its field, before the 1001st engine is built.
    let values: Vec<String> = (1..=1001).map(|n| n.to_string()).collect();
    expect_err(
        &dir,
        &GOOD.replace(
            "values: [10, None]",
            &format!("values: [{}]", values.join(", ")),
        ),
        "t.ron",
        (6, 46),
        &["more than 1000 participants (each value of a sweep counts)"],
    );
    expect_err(
        &dir,
        &GOOD.replace("    seed: 9,", "    seed: 9,\n    threads: Some(100000),"),
        "t.ron",
        (16, 5),
        &["threads: 100000 not in 1..=1024 (or None: all cores)"],
    );
    expect_err(
        &dir,
        &GOOD.replace("name: \"t\"", "name: \"  \""),
        "t.ron",
        (2, 5),
        &["name: must not be empty"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_tournaments_load() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/tournaments");
    for name in ["quick.ron", "seed-ablation.ron"] {
        let t = gomoku_config::tournament::load_tournament(&root.join(name))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(t.participants.len() >= 4, "{name}");
        assert_eq!(t.run_config().players.len(), t.participants.len());
    }
}

#[test]
fn every_shipped_config_loads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs");
    let files = |dir: &str| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        v.sort();
        v
    };
    let mut loaded = 0;
    for path in files("tournaments") {
        if path.ends_with("sparring.ron") {
            // Its External command is a placeholder for the user to fill in: the only error
            // is that one, and with a real program in its place the file loads.
            let err = gomoku_config::tournament::load_tournament(&path).unwrap_err();
            assert!(
                err.to_string()
                    .ends_with("external engine /path/to/pbrain-opponent: no such file"),
                "{err}"
            );
            let (configs, repo) = (
                root.canonicalize().unwrap(),
                root.join("..").canonicalize().unwrap(),
            );
            let text = std::fs::read_to_string(&path)
                .unwrap()
                .replace("/path/to/pbrain-opponent", "/bin/sh")
                .replace("\"../../", &format!("\"{}/", repo.display()))
                .replace("\"../", &format!("\"{}/", configs.display()));
            let dir = setup("sparring");
            let copy = dir.join("sparring.ron");
            std::fs::write(&copy, text).unwrap();
            let t =
                gomoku_config::tournament::load_tournament(&copy).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.participants.len(), 2);
            loaded += 1;
            continue;
        }
        gomoku_config::tournament::load_tournament(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        loaded += 1;
    }
    for path in files("sprt") {
        let text = gomoku_testdata::shipped_config_text(&path);
        let plan = gomoku_config::sprt::parse_sprt(&text, &path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(plan.test.elo0 < plan.test.elo1, "{}", path.display());
        loaded += 1;
    }
    for path in files("engines") {
        gomoku_config::engine::load_engine(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        loaded += 1;
    }
    for path in files("tables") {
        gomoku_config::engine::load_table(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        loaded += 1;
    }
    for path in files("tune") {
        let text = gomoku_testdata::shipped_config_text(&path);
        let named = format!("\"../../{}\"", gomoku_testdata::UNSHIPPED_RUN);
        if text.contains(&named) {
            // Its games are another engine's, played by the user into reports/rapfi-selfplay
            // (never shipped): without them the only error is that folder; with them, or a
            // run directory in their place, the file loads.
            let played = gomoku_testdata::unshipped_run_played(&root.join(".."));
            match gomoku_config::tune::parse_tune(&text, &path) {
                Ok(_) => assert!(played, "loads without its games"),
                Err(err) => assert!(
                    !played && gomoku_testdata::is_unplayed_run_error(&err.to_string()),
                    "{err}"
                ),
            }
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let dir = setup(&stem);
            let run = dir.join("run");
            std::fs::create_dir_all(&run).unwrap();
            for file in ["run.json", "games.jsonl"] {
                std::fs::write(run.join(file), "").unwrap();
            }
            let text = text.replace(&named, &format!("\"{}\"", run.display()));
            gomoku_config::tune::parse_tune(&text, &path).unwrap_or_else(|e| panic!("{e}"));
            loaded += 1;
            continue;
        }
        gomoku_config::tune::parse_tune(&text, &path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        loaded += 1;
    }
    // Every file of the five folders: a folder that reads as empty must fail here.
    let expected: usize = ["tournaments", "sprt", "engines", "tables", "tune"]
        .iter()
        .map(|d| files(d).len())
        .sum();
    assert!(expected >= 15, "{expected} shipped configs");
    assert_eq!(loaded, expected);
}

#[test]
fn external_engines_resolve_relative_to_the_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = setup("external");
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let exe = dir.join("bin/pbrain-x");
    std::fs::write(&exe, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("bin/not-exec"), "").unwrap();
    let body = |entry: &str| {
        format!(
            "Tournament(\n    name: \"t\",\n    participants: [\n        Builtin(name: \"greedy\", kind: Greedy),\n        {entry},\n    ],\n    openings: (file: \"book.txt\"),\n    output: \"out\",\n)\n"
        )
    };
    let t = load(
        &dir,
        &body(
            "External(name: \"x\", command: \"bin/pbrain-x\", args: [\"--fast\"], dir: Some(\"bin\"), \
             protocol: Gomocup, move_time_ms: 1000, game_time_ms: Some(60000), tolerance_ms: 200, \
             max_memory_mb: Some(350), options: [(\"hash_size\", \"64\")])",
        ),
    )
    .unwrap();
    let PlayerKind::External(spec) = &t.participants[1].spec else {
        panic!("not external");
    };
    assert_eq!(spec.program, dir.join("bin/pbrain-x"));
    assert_eq!(spec.args, ["--fast"]);
    assert_eq!(spec.dir.as_deref(), Some(dir.join("bin").as_path()));
    assert_eq!(
        (spec.move_time_ms, spec.game_time_ms, spec.tolerance_ms),
        (1000, Some(60000), 200)
    );
    assert_eq!(spec.max_memory_mb, Some(350));
    assert_eq!(spec.options, [("hash_size".to_string(), "64".to_string())]);
    // run.json records the command as written, not where it was found.
    let json = serde_json::to_value(t.run_config()).unwrap();
    let external = &json["players"][1]["spec"]["External"];
    assert_eq!(external["command"], "bin/pbrain-x");
    assert!(external.get("program").is_none(), "{external}");
    assert_eq!(
        external["options"],
        serde_json::json!([["hash_size", "64"]])
    );
    // A program found in PATH, defaults for the rest.
    let t = load(
        &dir,
        &body("External(name: \"x\", command: \"sh\", move_time_ms: 50)"),
    )
    .unwrap();
    let PlayerKind::External(spec) = &t.participants[1].spec else {
        panic!("not external");
    };
    assert!(spec.program.is_absolute());
    assert_eq!(spec.tolerance_ms, 1000);
    // No options: run.json has no `options`, so runs written before it keep their hash.
    let json = serde_json::to_value(t.run_config()).unwrap();
    assert!(
        json["players"][1]["spec"]["External"]
            .get("options")
            .is_none()
    );

    for (entry, needle) in [
        (
            "External(name: \"x\", command: \"bin/nope\", move_time_ms: 5)",
            "no such file",
        ),
        (
            "External(name: \"x\", command: \"bin/not-exec\", move_time_ms: 5)",
            "not an executable",
        ),
        (
            "External(name: \"x\", command: \"no-such-pbrain-anywhere\", move_time_ms: 5)",
            "not found in PATH",
        ),
        // u64::MAX was accepted for every one of the engine's limits.
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 18446744073709551615)",
            "external engine x: move_time_ms 18446744073709551615 not in 1..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, tolerance_ms: 18446744073709551615)",
            "external engine x: tolerance_ms 18446744073709551615 not in 0..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, game_time_ms: Some(18446744073709551615))",
            "external engine x: game_time_ms 18446744073709551615 not in 1..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, start_timeout_ms: 86400001)",
            "external engine x: start_timeout_ms 86400001 not in 1..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, max_memory_mb: Some(18446744073709551615))",
            "external engine x: max_memory_mb 18446744073709551615 not in 1..=1048576",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, command_gap_ms: 1001)",
            "external engine x: command_gap_ms 1001 not in 0..=1000",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, increment_ms: 86400001)",
            "external engine x: increment_ms 86400001 not in 0..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, increment_ms: 100)",
            "external engine x: increment_ms adds to a game clock: give game_time_ms",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 0)",
            "external engine x: move_time_ms 0 not in 1..=86400000 (a day)",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", dir: Some(\"nowhere\"), move_time_ms: 5)",
            "no directory",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, options: [(\"a b\", \"1\")])",
            "external engine x: option 'a b': the name must be one word",
        ),
        (
            "External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5, options: [(\"a\", \"1\\nBEGIN\")])",
            "external engine x: option 'a': a control character",
        ),
    ] {
        let err = load(&dir, &body(entry)).unwrap_err().to_string();
        assert!(err.contains("t.ron:5:"), "{err}");
        assert!(err.contains(needle), "{err}");
    }
    // Unknown fields and a missing move time are schema errors on that line.
    for entry in [
        "External(name: \"x\", command: \"bin/pbrain-x\", move_time: 5)",
        "External(name: \"x\", command: \"bin/pbrain-x\")",
    ] {
        let err = load(&dir, &body(entry)).unwrap_err().to_string();
        assert!(err.contains("t.ron:5:"), "{err}");
    }
    // k other than 5 cannot be played over the Gomocup protocol.
    let text = body("External(name: \"x\", command: \"bin/pbrain-x\", move_time_ms: 5)")
        .replace("    output:", "    board: (size: 15, k: 6),\n    output:");
    let err = load(&dir, &text).unwrap_err().to_string();
    assert!(err.contains("t.ron:5:") && err.contains("k=6"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
