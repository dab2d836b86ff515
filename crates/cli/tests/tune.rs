//! `gomoku-arena tune` end to end on a tiny project: stop after one iteration, refuse to
//! overwrite the checkpoint without --resume, resume to the end, write the outputs; SIGKILL at
//! random moments and resume to the same table, byte for byte; every step played as shards
//! (`--shard I/N`) and merged (`--merge-step`) gives the unsharded table; a bad file is refused
//! with its line and column; `tune-order` writes a table with an `order` section.

use gomoku_testdata::ScratchDir;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

const TEXEL: &str = "Texel((games: 8, depth: 1, tie_break_margin: 30, iterations: 3))";

fn setup(tag: &str, method: &str, extra: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("cli-tune-{tag}"));
    let book: String = [
        "h8g7", "h8i7", "h8g9", "h8i9", "h8h7", "h8h9", "h8g8", "h8i8",
    ]
    .iter()
    .map(|m| format!("{m}\n"))
    .collect();
    std::fs::write(dir.join("book.txt"), book).unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::copy(
        root.join("configs/tables/seed000.ron"),
        dir.join("table.ron"),
    )
    .unwrap();
    std::fs::write(
        dir.join("engine.ron"),
        r#"Engine(name: "t", table: File("table.ron"), depth: 1, top_n: Some(6), tt_mib: 1)"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("tune.ron"),
        format!(
            r#"Tune(
    name: "cli-tuned",
    start_table: "table.ron",
    engine: "engine.ron",
    depth: 1,
    tuning_openings: (file: "book.txt", range: (0, 5)),
    holdout_openings: (file: "book.txt", range: (5, 8)),
    seed: 3,
    output: "out",
    pin: Some("own 11111"),
    move_cap: Some(100),
    method: {method},
    confirmation: (pairs: 2, tie_break_margin: 30),{extra}
)"#
        ),
    )
    .unwrap();
    dir
}

fn tune(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .current_dir(dir)
        .arg("tune")
        .arg("tune.ron")
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The files that must be equal between two runs of one configuration.
fn results(dir: &Path) -> [String; 3] {
    ["tuned.ron", "history.jsonl", "confirmation.json"]
        .map(|f| std::fs::read_to_string(dir.join("out").join(f)).unwrap())
}

#[test]
fn stop_resume_and_outputs() {
    let dir = setup("resume", TEXEL, "");
    let first = tune(&dir, &["--iterations", "1", "--quiet"]);
    assert!(ok(&first).contains("--resume"));
    let again = tune(&dir, &["--quiet"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
    ok(&tune(&dir, &["--resume", "--quiet"]));
    let out = dir.join("out");
    let table = std::fs::read_to_string(out.join("tuned.ron")).unwrap();
    assert!(table.contains("gomoku-arena tune tune.ron"), "{table}");
    assert!(table.contains("seed 3"));
    assert!(out.join("confirmation.json").exists());
    assert!(out.join("report/report.md").exists());
    let history = std::fs::read_to_string(out.join("history.jsonl")).unwrap();
    assert_eq!(history.lines().count(), 4);
}

/// A run killed between the checkpoint's write and the history's leaves the history a step
/// behind the checkpoint; `--resume` writes it again from the checkpoint, though no step is
/// left to play.
#[test]
fn resume_restores_a_history_left_behind() {
    let dir = setup("history-behind", TEXEL, "");
    ok(&tune(&dir, &["--quiet"]));
    let path = dir.join("out").join("history.jsonl");
    let whole = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = whole.lines().collect();
    assert!(lines.len() > 2, "{whole}");
    let behind = lines[..lines.len() - 1].join("\n") + "\n";
    std::fs::write(&path, behind).unwrap();
    ok(&tune(&dir, &["--resume", "--quiet"]));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
}

/// How far the run in `dir` has come: the games journaled in its steps and the iterations
/// in its history. A kill lands between two of these or inside one.
fn progress(dir: &Path) -> usize {
    let out = dir.join("out");
    let lines =
        |p: &Path| std::fs::read(p).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    let games: usize = std::fs::read_dir(out.join("steps")).map_or(0, |steps| {
        steps
            .flatten()
            .map(|step| lines(&step.path().join("games.jsonl")))
            .sum()
    });
    games + lines(&out.join("history.jsonl"))
}

/// Kills `tune --resume` with SIGKILL at random moments until a run ends by itself; the
/// result must be the straight run's, byte for byte. The moments are points of the run's
/// [`progress`], not of time, so that a busy machine moves none of them: the first after a
/// tenth to a half of the straight run's progress, which must find the process still running
/// (the kill lands mid-run), later ones anywhere in what is left (or after it: the tuned
/// table, the confirmation, the report); each a random part of the run's last step of
/// progress after the point is reached, so that most land inside a step.
fn killed_matches_straight(method: &str, tag: &str) {
    let straight = setup(&format!("{tag}-straight"), method, "");
    ok(&tune(&straight, &["--quiet"]));
    let total = progress(&straight);
    let killed = setup(&format!("{tag}-killed"), method, "");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x51);
    let mut kills = 0;
    loop {
        let from = progress(&killed);
        let target = if kills == 0 {
            rng.random_range(total / 10..=total / 2)
        } else {
            rng.random_range(from + 1..=total.max(from) + 1)
        };
        let part = rng.random_range(0.0..1.0);
        let mut child = Command::new(BIN)
            .current_dir(&killed)
            .args(["tune", "tune.ron", "--resume", "--quiet"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The time the last step of progress took, to wait a part of once the point is
        // reached; a hang is the only thing timed.
        let (mut last, mut since, mut step) = (from, Instant::now(), None);
        let until = Instant::now() + Duration::from_secs(600);
        let ended = loop {
            if let Some(status) = child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                break true;
            }
            let now = progress(&killed);
            if now >= target {
                let step = step.unwrap_or_else(|| since.elapsed());
                std::thread::sleep(step.mul_f64(part));
                // It may have ended meanwhile (the last point of progress is near the end).
                let status = child.try_wait().unwrap();
                assert!(status.is_none_or(|s| s.success()), "{status:?}");
                break status.is_some();
            }
            if now != last {
                (last, step, since) = (now, Some(since.elapsed()), Instant::now());
            }
            if Instant::now() > until {
                let _ = child.kill();
                panic!("no progress past {now} of {total} in ten minutes");
            }
            std::thread::sleep(Duration::from_micros(500));
        };
        if ended {
            assert!(kills > 0, "the first kill came after the end of the run");
            break;
        }
        child.kill().unwrap();
        child.wait().unwrap();
        kills += 1;
        assert!(kills < 60, "no progress after {kills} kills");
    }
    assert!(kills >= 1);
    assert_eq!(results(&killed), results(&straight));
}

#[test]
fn texel_killed_at_random_moments_resumes_to_the_same_table() {
    killed_matches_straight(
        "Texel((games: 60, depth: 1, tie_break_margin: 30, iterations: 6))",
        "texel-kill",
    );
}

#[test]
fn spsa_killed_at_random_moments_resumes_to_the_same_table() {
    killed_matches_straight(
        "Spsa((iterations: 6, pairs: 6, c_end_frac: 0.2, tie_break_margin: 30))",
        "spsa-kill",
    );
}

#[test]
fn shards_and_merges_give_the_unsharded_table() {
    let method = "Spsa((iterations: 3, pairs: 5, c_end_frac: 0.2, tie_break_margin: 30))";
    let whole = setup("shard-whole", method, "");
    ok(&tune(&whole, &["--quiet"]));
    let sharded = setup("shard-parts", method, "");
    let steps: u32 = ok(&tune(&sharded, &["--steps"])).trim().parse().unwrap();
    assert_eq!(steps, 3);
    // With --resume, the steps still to play: what tune-submit.sh chains when submitted again.
    let left = |dir: &Path| -> u32 {
        let out = ok(&tune(dir, &["--steps", "--resume"]));
        out.trim().parse().unwrap()
    };
    for step in 1..=steps {
        assert_eq!(left(&sharded), steps - step + 1);
        for i in 0..3 {
            let shard = format!("{i}/3");
            let out = ok(&tune(&sharded, &["--shard", &shard, "--quiet"]));
            assert!(out.contains(&format!("iteration-{step:04}")), "{out}");
        }
        ok(&tune(&sharded, &["--merge-step", "--quiet"]));
    }
    assert_eq!(left(&sharded), 0);
    let done = ok(&tune(&sharded, &["--shard", "0/3", "--quiet"]));
    assert!(done.contains("nothing to play"), "{done}");
    ok(&tune(&sharded, &["--resume", "--quiet"]));
    assert_eq!(results(&sharded), results(&whole));
    // --shard takes tournament's I/N.
    let bad = tune(&sharded, &["--shard", "3/3"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("I/N counts from 0") && err.contains("write 3of3"),
        "{err}"
    );
}

#[test]
fn bad_file_names_line_and_column() {
    let dir = setup("bad", TEXEL, "\n    colour: 3,");
    let out = tune(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tune.ron:14:5"), "{err}");
    assert!(err.contains("colour"), "{err}");
}

fn arena(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// The confirmation's games are a run directory of their own, `out/steps/confirmation`,
/// which `rate` and `report` read as any tournament's (they said the tuning run was not a
/// run directory and had nothing else to read); `rate out` names it. A run whose
/// confirmation was played before it was kept (main's runs) resumes to the same
/// confirmation.
#[test]
fn the_confirmation_is_a_run_directory_that_rate_and_report_read() {
    let dir = setup("confirmation-run", TEXEL, "");
    let summary = ok(&tune(&dir, &["--quiet"]));
    let games = Path::new("out/steps/confirmation");
    assert!(
        summary.contains(&format!("confirmation games: {}", games.display())),
        "{summary}"
    );
    let rated = ok(&arena(&dir, &["rate", "out/steps/confirmation"]));
    for player in ["cli-tuned", "seed000"] {
        assert!(rated.contains(player), "{rated}");
    }
    let confirmation = std::fs::read_to_string(dir.join("out/confirmation.json")).unwrap();
    assert!(confirmation.contains("\"games\": 4"), "{confirmation}");
    let report = ok(&arena(&dir, &["report", "out/steps/confirmation"]));
    assert!(report.contains("report.md"), "{report}");
    assert!(
        dir.join("out/steps/confirmation/report/report.html")
            .is_file()
    );
    let refused = arena(&dir, &["rate", "out"]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("a tuning run") && err.contains("steps/confirmation"),
        "{err}"
    );
    // As a run of main left it: the confirmation played, its games not kept.
    std::fs::remove_dir_all(dir.join(games)).unwrap();
    ok(&tune(&dir, &["--resume", "--quiet"]));
    let again = std::fs::read_to_string(dir.join("out/confirmation.json")).unwrap();
    assert_eq!(again, confirmation);
    ok(&arena(&dir, &["rate", "out/steps/confirmation"]));
}

/// `tune-order` end to end: a small match's games give a table whose `order` section loads
/// as a table again and keeps every other value; a missing run names itself.
#[test]
fn tune_order_writes_the_engine_table_with_an_order_section() {
    let dir = ScratchDir::new("cli-tune-order");
    let book: String = ["h8g7", "h8i7", "h8g9", "h8i9"]
        .iter()
        .map(|m| format!("{m}\n"))
        .collect();
    std::fs::write(dir.join("book.txt"), book).unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let engines = root.join("configs/engines");
    let (d4, seed) = (engines.join("tuned-d4.ron"), engines.join("seed-d4.ron"));
    let (d4, seed) = (d4.to_str().unwrap(), seed.to_str().unwrap());
    let played = arena(
        &dir,
        &[
            "match",
            "--engine",
            &format!("{d4} depth=2"),
            "--engine",
            &format!("{seed} depth=2"),
            "--book",
            "book.txt",
            "--games",
            "8",
            "--seed",
            "3",
            "--threads",
            "2",
            "--out",
            "run",
            "--quiet",
        ],
    );
    ok(&played);
    let fit = ok(&arena(
        &dir,
        &[
            "tune-order",
            "--engine",
            d4,
            "--run",
            "run",
            "--out",
            "ordered.ron",
        ],
    ));
    assert!(
        fit.contains("8 games") && fit.contains("fitted, held out"),
        "{fit}"
    );
    let table = gomoku_config::engine::load_table(dir.join("ordered.ron")).unwrap();
    let start = gomoku_config::engine::load_table(root.join("configs/tables/tuned.ron")).unwrap();
    assert!(!table.order.is_empty(), "no bonus fitted:\n{fit}");
    assert_eq!(
        (&table.patterns, &table.classes),
        (&start.patterns, &start.classes)
    );
    assert!(
        table.description.contains("tune-order"),
        "{}",
        table.description
    );

    let e = arena(
        &dir,
        &["tune-order", "--engine", d4, "--run", "no-such-run"],
    );
    assert!(!e.status.success());
    let stderr = String::from_utf8_lossy(&e.stderr);
    assert!(stderr.contains("no-such-run"), "{stderr}");
    // A run without its journal is an error, not an empty fit written over the table.
    std::fs::create_dir(dir.join("bare")).unwrap();
    std::fs::copy(dir.join("run/run.json"), dir.join("bare/run.json")).unwrap();
    let args = [
        "tune-order",
        "--engine",
        d4,
        "--run",
        "bare",
        "--out",
        "bare.ron",
    ];
    let e = arena(&dir, &args);
    let stderr = String::from_utf8_lossy(&e.stderr);
    assert!(
        !e.status.success() && stderr.contains("no journal"),
        "{stderr}"
    );
    assert!(!dir.join("bare.ron").exists());
}
