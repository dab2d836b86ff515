//! Every shipped table and engine file loads; bad files name the line and column.

use gomoku_config::ConfigError;
use gomoku_config::engine::{load_engine, load_table, parse_engine, parse_table};
use std::path::{Path, PathBuf};

fn configs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs")
}

fn ron_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(configs().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_table_file_loads_and_compiles() {
    let files = ron_files("tables");
    assert!(files.len() >= 3);
    for f in files {
        let t = load_table(&f).unwrap_or_else(|e| panic!("{e}"));
        gomoku_engine::CompiledTable::compile(&t).unwrap();
    }
    let seed = load_table(configs().join("tables/seed000.ron")).unwrap();
    assert_eq!(seed.patterns, gomoku_engine::seed_table().patterns);
}

#[test]
fn every_engine_file_loads_and_builds() {
    let files = ron_files("engines");
    assert!(files.len() >= 5);
    for f in files {
        let c = load_engine(&f).unwrap_or_else(|e| panic!("{e}"));
        assert!(!c.name.is_empty());
        gomoku_engine::Engine::new(c.to_params()).unwrap();
    }
    let d = load_engine(configs().join("engines/default.ron")).unwrap();
    assert_eq!(d.params.depth, 4);
}

/// The engine compiled into the binaries is the shipped file it names, table included, and
/// not the seed engine that `EngineParams::default()` stays.
#[test]
fn the_builtin_engine_equals_its_file() {
    use gomoku_config::builtin::{BUILTIN_ENGINE_FILE, builtin_engine};
    let builtin = builtin_engine().unwrap_or_else(|e| panic!("{e}"));
    let file = load_engine(configs().join("..").join(BUILTIN_ENGINE_FILE)).unwrap();
    assert_eq!(builtin.name, file.name);
    assert_eq!(builtin.params, file.params);
    assert_eq!(builtin.path, Path::new(BUILTIN_ENGINE_FILE));
    assert_ne!(builtin.params, gomoku_engine::EngineParams::default());
}

#[test]
fn defaults_and_inline_tables() {
    let text = r#"Engine(name: "x", table: Inline(PatternTable(name: "t", patterns: [(shape: "11111", own: 5, opp: -5)])))"#;
    let c = parse_engine(text, Path::new("x.ron")).unwrap();
    let d = gomoku_engine::EngineParams::default();
    assert_eq!(c.params.depth, d.depth);
    assert_eq!(c.params.top_n, d.top_n);
    assert_eq!(c.params.table.patterns.len(), 1);
    let text = r#"Engine(name: "x", table: Inline(PatternTable(name: "t", patterns: [])), top_n: None, depth: 3)"#;
    let e = parse_engine(text, Path::new("x.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("x.ron") && e.contains("no patterns"), "{e}");
}

#[test]
fn bad_files_name_line_and_column() {
    let text =
        "Engine(\n    name: \"x\",\n    table: File(\"../tables/seed000.ron\"),\n    dpeth: 4,\n)";
    match parse_engine(text, Path::new("bad.ron")) {
        Err(ConfigError::Syntax {
            line,
            column,
            message,
            ..
        }) => {
            assert_eq!(line, 4);
            assert!(column >= 1);
            assert!(message.contains("dpeth"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let text = "Engine(\n    name: \"x\",\n    table: File(\"t.ron\"),\n    depth: \"four\",\n)";
    let e = parse_engine(text, Path::new("bad.ron")).unwrap_err();
    assert!(matches!(e, ConfigError::Syntax { line: 4, .. }), "{e}");
    assert!(e.to_string().starts_with("bad.ron:4:"), "{e}");
    let text = "PatternTable(\n  name: \"t\",\n  patterns: [\n    (shape: \"11111\", own: 1, opp: -1, extra: 2),\n  ],\n)";
    let e = parse_table(text, Path::new("t.ron")).unwrap_err();
    assert!(matches!(e, ConfigError::Syntax { line: 4, .. }), "{e}");
    // Values out of range name the field or the pattern.
    let text = r#"Engine(name: "x", table: File("../tables/seed000.ron"), radius: 9)"#;
    let e = parse_engine(text, &configs().join("engines/x.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("radius"), "{e}");
    let text = r#"PatternTable(name: "t", patterns: [(shape: "11q11", own: 1, opp: -1)])"#;
    let e = parse_table(text, Path::new("t.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("pattern 0") && e.contains("t.ron"), "{e}");
    // ... and the line and column where the value is written.
    let text = "Engine(\n    name: \"x\", // depth: 4 would do\n    table: File(\"../tables/seed000.ron\"),\n    depth: 0,\n)";
    let e = parse_engine(text, &configs().join("engines/x.ron")).unwrap_err();
    assert!(
        e.to_string().ends_with("x.ron:4:5: depth: 0 not in 1..=64"),
        "{e}"
    );
    let text = "Engine(\n  name: \" \",\n  table: File(\"../tables/seed000.ron\"),\n)";
    let e = parse_engine(text, &configs().join("engines/x.ron")).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("x.ron:2:3: name: must not be empty"),
        "{e}"
    );
    let text = "PatternTable(\n  name: \"t\",\n  patterns: [\n    (shape: \"11\", own: 1, opp: -1),\n    (shape: \"1q\", own: 1, opp: -1),\n  ],\n)";
    let e = parse_table(text, Path::new("t.ron")).unwrap_err();
    assert!(
        e.to_string().starts_with("t.ron:5:6: patterns: pattern 1"),
        "{e}"
    );
    // A 64 GiB table passed the range check, then aborted on its allocation; the table is
    // bounded to 4 GiB (a tournament builds one per engine and worker thread).
    for (tt, ok) in [
        ("1", true),
        ("4096", true),
        ("0", false),
        ("4097", false),
        ("65536", false),
    ] {
        let text = format!(
            "Engine(\n  name: \"x\",\n  table: File(\"../tables/seed000.ron\"),\n  tt_mib: {tt},\n)"
        );
        match parse_engine(&text, &configs().join("engines/x.ron")) {
            Ok(c) => assert!(ok, "tt_mib: {tt} accepted: {}", c.params.tt_mib),
            Err(e) => {
                assert!(!ok, "{e}");
                let want = format!("x.ron:4:3: tt_mib: {tt} not in 1..=4096");
                assert!(e.to_string().ends_with(&want), "{e}");
            }
        }
    }
    let e = load_engine(Path::new("/nonexistent/e.ron")).unwrap_err();
    assert!(matches!(e, ConfigError::Io { .. }));
}

#[test]
fn input_files_are_capped_at_64_mib() {
    let dir = std::env::temp_dir().join(format!("gomoku-config-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A sparse file one byte over the cap (no disk used): it was read whole before.
    let big = dir.join("big.ron");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(gomoku_config::MAX_INPUT_BYTES + 1)
        .unwrap();
    let too_large =
        "cannot read: larger than 64 MiB, the most gomoku-arena reads from one input file";
    let e = load_table(&big).unwrap_err().to_string();
    assert_eq!(e, format!("{}: {too_large}", big.display()));
    let e = load_engine(&big).unwrap_err().to_string();
    assert_eq!(e, format!("{}: {too_large}", big.display()));
    // A table file named by an engine is refused at the engine's `table` line; /dev/zero,
    // which never ends, was read until memory ran out.
    for table in ["big.ron", "/dev/zero"] {
        let text = format!("Engine(\n  name: \"x\",\n  table: File(\"{table}\"),\n)");
        let e = parse_engine(&text, &dir.join("e.ron"))
            .unwrap_err()
            .to_string();
        let prefix = format!("{}:3:3: table: ", dir.join("e.ron").display());
        assert!(e.starts_with(&prefix) && e.ends_with(too_large), "{e}");
    }
    for load in [
        |p: &Path| gomoku_config::tune::load_tune(p).map(|_| ()),
        |p: &Path| gomoku_config::sprt::load_sprt(p).map(|_| ()),
        |p: &Path| gomoku_config::tournament::load_tournament(p).map(|_| ()),
    ] {
        let e = load(Path::new("/dev/zero")).unwrap_err().to_string();
        assert_eq!(e, format!("/dev/zero: {too_large}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bench signature of the shipped tuned engine: [`gomoku_engine::bench::signature`]
/// runs the seed table, which has no cell classes, so the code that reads classes and line
/// kinds (the three defence, class-aware ordering) is guarded here, on `tuned-d4.ron` at the
/// signature's depth. A change to the fixed-depth search, to that engine file or to its table
/// shows in this number.
#[test]
fn the_tuned_bench_signature_is_pinned() {
    use gomoku_engine::bench::{
        SIGNATURE_DEPTH, TUNED_BENCH_SIGNATURE, bench_positions, run_bench,
    };
    let engine = load_engine(configs().join("engines/tuned-d4.ron")).unwrap();
    let mut params = engine.to_params();
    params.depth = SIGNATURE_DEPTH;
    params.threads = 1;
    let nodes =
        |p: &gomoku_engine::EngineParams| run_bench(p, &bench_positions(), 1).unwrap().total_nodes;
    let pinned = nodes(&params);
    // The signature sees the class code: without the three defence the count differs.
    let mut plain = params.clone();
    plain.features.three_defence = false;
    let without = nodes(&plain);
    assert_ne!(
        without, pinned,
        "the positions never reach the three defence"
    );
    assert_eq!(
        pinned, TUNED_BENCH_SIGNATURE,
        "the search, tuned-d4.ron or its table changed: if on purpose, update TUNED_BENCH_SIGNATURE and say why in the commit"
    );
    // The built-in engine, with the search fields it turns on besides.
    let mut builtin = gomoku_config::builtin::builtin_engine().unwrap().params;
    builtin.depth = SIGNATURE_DEPTH;
    builtin.threads = 1;
    assert_eq!(
        nodes(&builtin),
        gomoku_engine::bench::BUILTIN_BENCH_SIGNATURE,
        "the search or the built-in engine changed: if on purpose, update BUILTIN_BENCH_SIGNATURE and say why in the commit"
    );
}
