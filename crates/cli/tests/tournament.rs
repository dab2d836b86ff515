//! `gomoku-arena tournament` end to end: kill -9 at several points and resume gives exactly
//! the games of an uninterrupted run; bad files are refused before any game.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

fn setup(tag: &str, rounds: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-cli-t-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut book = String::from("# test book\n");
    for (a, b) in [
        ("g", "7"),
        ("i", "7"),
        ("g", "9"),
        ("i", "9"),
        ("h", "7"),
        ("h", "9"),
        ("g", "8"),
        ("i", "8"),
    ] {
        book.push_str(&format!("h8{a}{b}\n"));
    }
    std::fs::write(dir.join("book.txt"), book).unwrap();
    let config = format!(
        r#"Tournament(
    name: "kill",
    participants: [
        Builtin(name: "greedy-1", kind: Greedy),
        Builtin(name: "greedy-2", kind: Greedy),
        Builtin(name: "greedy-3", kind: Greedy),
        Builtin(name: "random", kind: Random),
    ],
    board: (size: 15),
    openings: (file: "book.txt", transform: true),
    rounds: {rounds},
    seed: 5,
    threads: 2,
    output: "out",
    standings_every: 0,
)
"#
    );
    std::fs::write(dir.join("t.ron"), config).unwrap();
    dir
}

fn journal(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("out/games.jsonl")).unwrap_or_default();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            for f in ["time_us", "side_time_us", "date"] {
                v.as_object_mut().unwrap().remove(f);
            }
            v
        })
        .collect();
    lines.sort_by_key(|v| v["job"].as_u64());
    lines
}

fn lines_now(dir: &Path) -> usize {
    std::fs::read(dir.join("out/games.jsonl"))
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
}

fn run(dir: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .arg("tournament")
        .arg(dir.join("t.ron"))
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn killed_and_resumed_runs_equal_an_uninterrupted_run() {
    let rounds = 8; // 8 openings x 6 pairs x 2 colours x 8 rounds = 768 games
    let whole = setup("whole", rounds);
    let out = run(&whole, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = journal(&whole);
    assert_eq!(expected.len(), 768);

    let dir = setup("killed", rounds);
    let mut killed_at = Vec::new();
    for (attempt, k) in [1usize, 40, 300, 600].into_iter().enumerate() {
        let mut cmd = Command::new(BIN);
        cmd.arg("tournament")
            .arg(dir.join("t.ron"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if attempt > 0 {
            cmd.arg("--resume");
        }
        let mut child = cmd.spawn().unwrap();
        let start = Instant::now();
        while lines_now(&dir) < k && start.elapsed() < Duration::from_secs(20) {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        child.kill().ok(); // SIGKILL
        child.wait().unwrap();
        killed_at.push(lines_now(&dir));
    }
    let out = run(&dir, &["--resume"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("killed after {killed_at:?} journal lines");
    let got = journal(&dir);
    assert_eq!(got.len(), expected.len(), "killed at {killed_at:?}");
    assert_eq!(got, expected, "killed at {killed_at:?}");
    // The outputs are written and agree with the uninterrupted run's.
    for f in ["results.pgn", "games.sgf", "standings.json", "run.json"] {
        assert!(dir.join("out").join(f).exists(), "{f}");
    }
    let standings = |d: &Path| {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("out/standings.json")).unwrap())
                .unwrap();
        v["players"].clone()
    };
    assert_eq!(standings(&dir), standings(&whole));
    // A finished run refuses to start over without --resume.
    let again = run(&dir, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
}

#[test]
fn one_and_two_threads_journal_the_same_games() {
    let one = setup("one", 1);
    let two = setup("two", 1);
    assert!(run(&one, &["--threads", "1"]).status.success());
    assert!(run(&two, &["--threads", "2"]).status.success());
    assert_eq!(journal(&one), journal(&two));
}

#[test]
fn a_bad_file_is_refused_before_any_game() {
    let dir = setup("bad", 1);
    let text = std::fs::read_to_string(dir.join("t.ron")).unwrap();
    std::fs::write(
        dir.join("t.ron"),
        text.replace("seed: 5,", "seed: 5,\n    colour: 1,"),
    )
    .unwrap();
    let out = run(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("t.ron:13:") && err.contains("colour"), "{err}");
    assert!(!dir.join("out").exists());
    // A bad opening line names the book's line.
    std::fs::write(dir.join("t.ron"), text).unwrap();
    std::fs::write(dir.join("book.txt"), "h8i7\nh8 z40\n").unwrap();
    let out = run(&dir, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("book.txt:2:"), "{err}");
    assert!(!dir.join("out").exists());
}
