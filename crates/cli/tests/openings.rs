//! `gomoku-arena openings` end to end, with real processes: `generate` writes the same book on
//! 1 and 2 threads with the command that rebuilds it in its header, `convert` round-trips it,
//! and `verify` shards played as separate processes and merged (by `verify --merge` or by
//! `gomoku-arena merge`) give the unsharded run's journal and figures; a missing shard is
//! reported (exit 3) and then played by `--resume`, a shard of other options refused.

use gomoku_runner::{JournalLine, read_journal};
use gomoku_testdata::ScratchDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

/// A fresh temp dir with a 4-opening book.
fn setup(tag: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("cli-openings-{tag}"));
    std::fs::write(dir.join("book.txt"), "h8g7i9\nh8i7g9\nh8h7i8\nh8g9j8\n").unwrap();
    dir
}

/// The depth-2 seed engine (fast, and its own table path resolves from its file).
fn engine() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/engines/seed-d2.ron");
    path.canonicalize().unwrap().display().to_string()
}

fn arena(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A journal's lines by job, without the timing fields, for comparing runs.
fn games(dir: &Path) -> Vec<JournalLine> {
    read_journal(&dir.join("games.jsonl"))
        .unwrap()
        .by_job_without_timing()
}

#[test]
fn generate_is_thread_independent_and_convert_round_trips() {
    let dir = setup("generate");
    let engine = engine();
    let generate = |threads: &str, out: &Path| {
        let o = arena(&[
            "openings",
            "generate",
            "--count",
            "6",
            "--stones",
            "3..=5",
            "--depth",
            "2",
            "--margin",
            "400",
            "--seed",
            "5",
            "--engine",
            &engine,
            "--threads",
            threads,
            "--out",
            s(out),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(out).unwrap()
    };
    let one = generate("1", &dir.join("one.txt"));
    assert_eq!(one, generate("2", &dir.join("two.txt")));
    let header: Vec<&str> = one.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        header[1],
        format!(
            "# made by: gomoku-arena openings generate --size 15 --rule freestyle --count 6 --stones 3..=5 --area 3 --depth 2 --margin 400 --balance 0 --to-move white --seed 5 --engine {engine}"
        )
    );
    let moves: Vec<&str> = one.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|m| m.starts_with("h8")), "{moves:?}");

    let convert = |from: &Path, to: &str, out: &Path| {
        let o = arena(&["openings", "convert", s(from), "--to", to, "--out", s(out)]);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(out).unwrap()
    };
    let offset = convert(&dir.join("one.txt"), "offset", &dir.join("b.offset"));
    assert!(offset.lines().all(|l| l.starts_with("0,0, ")), "{offset}");
    let back = convert(&dir.join("b.offset"), "pos", &dir.join("back.txt"));
    let back: Vec<&str> = back.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(back, moves);
    let bad = arena(&[
        "openings",
        "convert",
        s(&dir.join("one.txt")),
        "--to",
        "sgf",
        "--out",
        "x",
    ]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_shards_merge_into_the_unsharded_run() {
    let dir = setup("verify");
    let (book, engine) = (dir.join("book.txt"), engine());
    let verify = |extra: &[&str]| {
        let mut args = vec!["openings", "verify", s(&book), "--engine", &engine];
        args.extend([
            "--games-per-opening",
            "3",
            "--threads",
            "1",
            "--per-opening",
        ]);
        args.extend(extra);
        arena(&args)
    };
    let whole = verify(&["--out", s(&dir.join("whole"))]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("whole/run.json")).unwrap())
            .unwrap();
    assert_eq!(
        run["config"]["kind"],
        serde_json::json!({"Verify": {"games_per_opening": 3}})
    );
    // The figures, without the time taken.
    let figures = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(|l| match l.split_once(" in ") {
                Some((a, b)) => format!("{a}{}", &b[b.find(':').unwrap()..]),
                None => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let shards: Vec<PathBuf> = (0..3).map(|i| dir.join(format!("v{i}"))).collect();
    let children: Vec<_> = shards
        .iter()
        .enumerate()
        .map(|(i, d)| {
            Command::new(BIN)
                .args(["openings", "verify", s(&book), "--engine", &engine])
                .args(["--games-per-opening", "3", "--threads", "1"])
                .args(["--shard", &format!("{i}/3"), "--out", s(d)])
                .output()
        })
        .collect();
    for c in children {
        let c = c.unwrap();
        assert!(c.status.success(), "{}", stderr(&c));
    }
    let lines = games(&shards[1]);
    assert_eq!(lines.len(), 4);
    assert!(lines.iter().all(|l| l.job % 3 == 1));

    let (merged_dir, merged2) = (dir.join("merged"), dir.join("merged2"));
    let mut args = vec!["--out", s(&merged_dir), "--merge"];
    args.extend(shards.iter().map(|d| s(d)));
    let merged = verify(&args);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(figures(&merged), figures(&whole));
    assert_eq!(games(&merged_dir), games(&dir.join("whole")));
    // The tournament merge joins verification shards by the same rule.
    let mut args = vec!["merge", s(&merged2)];
    args.extend(shards.iter().map(|d| s(d)));
    args.push("--no-report");
    let o = arena(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(games(&merged2), games(&dir.join("whole")));

    let partial_dir = dir.join("partial");
    let partial = verify(&[
        "--out",
        s(&partial_dir),
        "--merge",
        s(&shards[0]),
        s(&shards[2]),
    ]);
    assert_eq!(partial.status.code(), Some(3), "{}", stderr(&partial));
    assert!(
        stderr(&partial).contains("INCOMPLETE: 4 of 12 jobs missing: 1, 4, 7, 10 (of shard 1/3)"),
        "{}",
        stderr(&partial)
    );
    let resumed = verify(&["--out", s(&partial_dir), "--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(figures(&resumed), figures(&whole));
    assert_eq!(games(&partial_dir), games(&dir.join("whole")));

    let foreign = verify(&[
        "--seed",
        "9",
        "--out",
        s(&dir.join("f")),
        "--merge",
        s(&shards[0]),
    ]);
    assert_eq!(foreign.status.code(), Some(2));
    assert!(
        stderr(&foreign).contains("pass the book and options"),
        "{}",
        stderr(&foreign)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn depth_and_count_are_bounded_on_the_command_line() {
    // A missing engine file stops `generate` right after its arguments are accepted.
    let generate = |extra: &[&str]| {
        let mut argv = vec!["openings", "generate", "--out", "book.txt"];
        argv.extend_from_slice(&["--engine", "/nonexistent/engine.ron"]);
        argv.extend_from_slice(extra);
        stderr(&arena(&argv))
    };
    for ok in [
        ["--count", "10", "--depth", "64"],
        ["--count", "1000000", "--depth", "1"],
    ] {
        let e = generate(&ok);
        assert!(e.contains("loading engine config"), "{ok:?}: {e}");
    }
    // --depth 0 was accepted, --depth 1000000 ran for ever, --count u64::MAX panicked.
    for (flag, value) in [
        ("--depth", "0"),
        ("--depth", "1000000"),
        ("--count", "18446744073709551615"),
        ("--count", "1000001"),
        ("--count", "0"),
    ] {
        let argv = match flag {
            "--depth" => ["--count", "10", flag, value],
            _ => ["--depth", "4", flag, value],
        };
        let e = generate(&argv);
        assert!(
            e.contains(&format!("invalid value '{value}' for '{flag} <")),
            "{flag} {value}: {e}"
        );
    }
    let help = arena(&["openings", "generate", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("Openings wanted (1..=1000000)"), "{help}");
    assert!(help.contains("balance check (1..=64)"), "{help}");
}
