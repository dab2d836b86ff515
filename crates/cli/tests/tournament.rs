//! `gomoku-arena tournament` end to end: kill -9 at several points and resume gives exactly
//! the games of an uninterrupted run; bad files are refused before any game.

use gomoku_testdata::ScratchDir;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

fn setup(tag: &str, rounds: u32) -> ScratchDir {
    let dir = ScratchDir::new(&format!("cli-t-{tag}"));
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

/// The journal's complete lines as written: a torn last line (a kill during its write) is
/// left out, as resume cuts it. A missing journal is empty.
fn journal_text(dir: &Path) -> String {
    let mut text = std::fs::read_to_string(dir.join("out/games.jsonl")).unwrap_or_default();
    text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
    text
}

/// The journaled games sorted by job, without the fields that depend on the clock.
fn games(text: &str) -> Vec<serde_json::Value> {
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

fn journal(dir: &Path) -> Vec<serde_json::Value> {
    games(&journal_text(dir))
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

    let by_job: HashMap<u64, &serde_json::Value> = expected
        .iter()
        .map(|g| (g["job"].as_u64().unwrap(), g))
        .collect();
    assert_eq!(by_job.len(), 768, "one game per job");

    let dir = setup("killed", rounds);
    let mut killed_at = Vec::new();
    let mut before = String::new();
    for (attempt, k) in [1usize, 40, 300, 600].into_iter().enumerate() {
        let mut cmd = Command::new(BIN);
        cmd.arg("tournament")
            .arg(dir.join("t.ron"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if attempt > 0 {
            cmd.arg("--resume");
        }
        // Kill at the k-th journal line, and not before this attempt has added one.
        let target = k.max(games(&before).len() + 1);
        let mut child = cmd.spawn().unwrap();
        // The kill point is the journal's, whatever the machine's pace (it was killed after
        // 20 s wherever the run stood); only a hang is timed.
        let start = Instant::now();
        while lines_now(&dir) < target {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("kill point {k}: the run ended by itself ({status}) before the kill");
            }
            if start.elapsed() > Duration::from_secs(600) {
                let _ = child.kill();
                panic!(
                    "kill point {k}: {} games journaled in ten minutes",
                    lines_now(&dir)
                );
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        child.kill().ok(); // SIGKILL
        child.wait().unwrap();
        // The kill landed mid-run: the journal holds some games, not all of them; the ones
        // it holds are the uninterrupted run's, each once; and this attempt (a resume after
        // the first) kept every line the previous attempts wrote and appended to them.
        let text = journal_text(&dir);
        let got = games(&text);
        killed_at.push(got.len());
        assert!(
            !got.is_empty() && got.len() < expected.len(),
            "kill point {k}: {} of {} games journaled, not a kill mid-run",
            got.len(),
            expected.len()
        );
        let mut jobs = HashSet::new();
        for g in &got {
            let job = g["job"].as_u64().unwrap();
            assert!(
                jobs.insert(job),
                "kill point {k}: job {job} journaled twice"
            );
            assert_eq!(Some(&g), by_job.get(&job), "kill point {k}: job {job}");
        }
        assert!(
            text.starts_with(&before) && text.len() > before.len(),
            "kill point {k}: the journal does not extend the previous attempt's {} games",
            games(&before).len()
        );
        before = text;
    }
    let out = run(&dir, &["--resume"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("killed after {killed_at:?} journaled games");
    // The final resume appended exactly the missing games to what the kills left.
    assert!(
        journal_text(&dir).starts_with(&before),
        "the resume rewrote the journal"
    );
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
    // Both runs are complete: 8 openings x 6 pairs x 2 colours x 1 round = 96 games.
    let (one, two) = (journal(&one), journal(&two));
    assert_eq!((one.len(), two.len()), (96, 96), "games journaled");
    assert_eq!(one, two);
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
