//! The small commands and the SPRT end to end, through the real binary: the shipped SPRT
//! example ends as its comment promises, `sprt --resume` continues exactly, `bench --json`
//! prints the pinned signature, `analyze` finds a win, and `show` rules a finished game.

use gomoku_testdata::ScratchDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn temp_dir(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("cli-cmd-{tag}"))
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The journal's lines without the machine-dependent fields.
fn games(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            for f in ["time_us", "side_time_us", "date"] {
                v.as_object_mut().unwrap().remove(f);
            }
            v
        })
        .collect()
}

#[test]
fn the_shipped_sprt_example_accepts_h1_after_the_pairs_its_comment_states() {
    let config = repo("configs/sprt/seed-d4-vs-d2.ron");
    let comment = std::fs::read_to_string(&config).unwrap();
    assert!(
        comment.contains("accepts H1 after 30 pairs"),
        "the comment states the decision this test pins"
    );
    let dir = temp_dir("sprt");
    let whole = dir.join("whole");
    let config = config.to_str().unwrap();
    run(&[
        "sprt",
        config,
        "--out",
        whole.to_str().unwrap(),
        "--no-report",
        "--quiet",
        "--threads",
        "2",
    ]);
    let s = json(&whole.join("sprt.json"));
    assert_eq!(s["decision"], "H1", "{s}");
    assert_eq!(s["pairs"], 30, "{s}");
    assert!(s["llr"].as_f64().unwrap() >= s["upper"].as_f64().unwrap());
    let journal = games(&whole);
    assert_eq!(journal.len(), 60);

    // Cut the journal to 10 pairs and half a line, as a kill would leave it; --resume plays
    // the rest to the same games and the same decision (on one thread this time).
    let cut = dir.join("cut");
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::copy(whole.join("run.json"), cut.join("run.json")).unwrap();
    let text = std::fs::read_to_string(whole.join("games.jsonl")).unwrap();
    let mut kept: String = text.split_inclusive('\n').take(20).collect();
    kept.push_str(&text.split_inclusive('\n').nth(20).unwrap()[..50]);
    std::fs::write(cut.join("games.jsonl"), kept).unwrap();
    let resumed = run(&[
        "sprt",
        config,
        "--out",
        cut.to_str().unwrap(),
        "--no-report",
        "--quiet",
        "--threads",
        "1",
        "--resume",
    ]);
    assert!(
        String::from_utf8_lossy(&resumed.stderr).contains("resumed 10 pairs"),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    let again = json(&cut.join("sprt.json"));
    for key in ["decision", "pairs", "pentanomial", "llr", "trace", "run"] {
        assert_eq!(again[key], s[key], "{key}");
    }
    assert_eq!(games(&cut), journal);
    // Without --resume the finished test is not overwritten.
    let refused = Command::new(BIN)
        .args(["sprt", config, "--out", cut.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--resume"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bench --json` of the built-in positions once at depth 1, with `more` arguments.
fn bench_json(more: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "bench",
        "--json",
        "--repeat",
        "1",
        "--depth",
        "1",
        "--rapfi",
        "/nonexistent",
    ];
    args.extend_from_slice(more);
    serde_json::from_slice(&run(&args).stdout).unwrap()
}

#[test]
fn bench_json_prints_the_pinned_signature() {
    let v = bench_json(&["--games", "0"]);
    assert_eq!(v["signature"], gomoku_engine::bench::BENCH_SIGNATURE);
    assert_eq!(v["workloads"].as_array().unwrap().len(), 0);
    let positions = v["positions"].as_array().unwrap();
    // Every position's search is counted as Rapfi counts too.
    assert!(
        positions
            .iter()
            .all(|p| p["rapfi_nodes"].as_u64() > Some(0))
    );
    assert_eq!(v["positions"].as_array().unwrap().len(), 5);
    assert!(
        v["positions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["depth"] == 1)
    );
}

#[test]
fn bench_plays_both_game_workloads_and_counts_their_games() {
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/freestyle15.txt"
    );
    let v = bench_json(&[
        "--games",
        "6",
        "--games-repeat",
        "1",
        "--book",
        book,
        "--threads",
        "2",
    ]);
    let w = v["workloads"].as_array().unwrap();
    assert_eq!(w.len(), 2);
    assert_eq!(
        (w[0]["name"].as_str(), w[1]["name"].as_str()),
        (Some("VCF off"), Some("VCF on"))
    );
    for x in w {
        assert_eq!(x["games"], 6);
        assert!(x["moves"].as_u64().unwrap() >= 6, "{x}");
        assert!(x["games_per_second"].as_f64().unwrap() > 0.0);
    }
    let missing = Command::new(BIN)
        .args([
            "bench",
            "--repeat",
            "1",
            "--depth",
            "1",
            "--games",
            "2",
            "--book",
            "/nonexistent.txt",
        ])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent.txt"));
}

#[test]
fn analyze_finds_the_win_of_a_four_and_show_rules_the_five() {
    // Black has h8-k8 and wins at g8 or l8.
    let moves = "h8 a1 i8 a2 j8 a3 k8 a4";
    let out = run(&["analyze", "--moves", moves, "--json", "--depth", "3"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["best"] == "g8" || v["best"] == "l8", "{v}");
    assert_eq!(
        (v["to_move"].as_str(), v["win_in"].as_u64()),
        (Some("black"), Some(1)),
        "{v}"
    );
    let out = run(&["show", "--moves", &format!("{moves} l8")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.to_lowercase().contains("black"), "{text}");
    assert!(text.contains("game over"), "{text}");
    // The board is drawn with the coordinates pos notation reads, the last move bracketed.
    assert!(
        text.contains("\n   a b c d e f g h i j k l m n o\n"),
        "{text}"
    );
    assert!(
        text.contains("\n 8 . . . . . . . X X X X[X]. . . 8\n"),
        "{text}"
    );
}

#[test]
fn analyze_takes_threads_within_bounds() {
    // Black's four: won at once on any number of threads, with or without a clock.
    let moves = "h8 a1 i8 a2 j8 a3 k8 a4";
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(64)) as u64;
    for (args, threads) in [
        (vec!["--threads", "2", "--time-ms", "50"], 2),
        (vec!["--threads", "1", "--time-ms", "50"], 1),
        (vec!["--time-ms", "50"], cores),
        (vec!["--threads", "3", "--depth", "2"], 3),
        (vec!["--depth", "2"], 1),
    ] {
        let out = run(&[&["analyze", "--moves", moves, "--json"], &args[..]].concat());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["win_in"].as_u64(), Some(1), "{args:?}: {v}");
        assert_eq!(v["threads"].as_u64(), Some(threads), "{args:?}: {v}");
    }
    for bad in ["0", "65", "two"] {
        let out = Command::new(BIN)
            .args(["analyze", "--moves", moves, "--threads", bad])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--threads {bad}: {err}");
        assert!(err.contains("--threads"), "--threads {bad}: {err}");
    }
}

#[test]
fn analyze_refuses_a_finished_position() {
    for args in [
        vec!["--moves", "h8 a1 i8 a2 j8 a3 k8 a4 l8"],
        vec!["--black", "h8 i8 j8 k8 l8", "--white", "a1 a2 a3 a4 a5"],
        vec![
            "--black",
            "a1 c1 a2 b3 c3",
            "--white",
            "b1 b2 c2 a3",
            "--size",
            "3",
            "--k",
            "3",
        ],
    ] {
        let out = Command::new(BIN)
            .arg("analyze")
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("the position is finished"), "{args:?}: {err}");
    }
}

#[test]
fn output_into_a_closed_pipe_ends_quietly_as_sigpipe_would() {
    // The reader is gone before the command writes its first line (as `| head -1` is soon).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gomoku-arena"))
        .args(["show", "--moves", "h8 i7 g7"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{err}");
    assert!(err.is_empty(), "no panic, no backtrace: {err}");
}

#[test]
fn an_sgf_brings_its_own_rule() {
    let dir = std::env::temp_dir().join(format!("gomoku-sgf-rule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sgf");
    let path = file.to_str().unwrap();
    std::fs::write(&file, "(;GM[4]SZ[15]RU[renju];B[hh];W[ii])").unwrap();
    let out = run(&["show", "--sgf", path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("15x15, 5 in a row, renju\n"), "{text}");
    let out = Command::new(BIN)
        .args(["show", "--sgf", path, "--rule", "standard"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("played under renju (RU), but --rule says standard"),
        "{err}"
    );
    // An endless file is read no further than the input cap.
    let out = Command::new(BIN)
        .args(["analyze", "--sgf", "/dev/zero"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/dev/zero: cannot read: larger than 64 MiB"),
        "{err}"
    );
    std::fs::write(&file, "(;GM[4]SZ[15]RU[xyz];B[hh])").unwrap();
    let out = Command::new(BIN)
        .args(["analyze", "--sgf", path])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("RU[xyz] is no rule"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
