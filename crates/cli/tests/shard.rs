//! Sharded tournaments end to end, with real processes: N shards played as separate
//! `gomoku-arena tournament --shard I/N` processes and joined by `gomoku-arena merge` equal the
//! unsharded run (journal apart from timing, run.json, standings, PGN, SGF); a shard merged
//! twice, a missing shard (then completed by `--resume` on the merged directory) and a shard
//! of another run are each reported clearly.

use gomoku_testdata::ScratchDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

/// A temp dir with a 4-opening book and tournaments of 3 players (depth-1 and depth-2 seed
/// engines and the greedy built-in) on 15x15: 4 x 3 pairs x 2 = 24 games. `t.ron` has seed
/// 11, `other.ron` the same with seed 12.
fn setup(tag: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("cli-shard-{tag}"));
    std::fs::write(dir.join("book.txt"), "h8g7i9\nh8i7g9\nh8h7i8\nh8g9j8\n").unwrap();
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/engines/seed-d2.ron");
    let engine = engine.canonicalize().unwrap();
    for (file, seed) in [("t.ron", 11), ("other.ron", 12)] {
        let config = format!(
            r#"Tournament(
    name: "shard",
    participants: [
        Sweep(base: "{}", field: "depth", values: [1, 2], name: "seed-d{{}}"),
        Builtin(name: "greedy", kind: Greedy),
    ],
    board: (size: 15),
    openings: (file: "book.txt", transform: true),
    rounds: 1,
    seed: {seed},
    threads: 1,
    output: "out",
    standings_every: 0,
)
"#,
            engine.display()
        );
        std::fs::write(dir.join(file), config).unwrap();
    }
    dir
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

/// Plays shards 0..n of `config` as n processes at once, into `root/shard-I`.
fn spawn_shards(config: &Path, root: &Path, n: usize) -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = (0..n).map(|i| root.join(format!("shard-{i}"))).collect();
    let children: Vec<_> = dirs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            Command::new(BIN)
                .args(["tournament", s(config), "--quiet", "--threads", "1"])
                .args(["--shard", &format!("{i}/{n}"), "--out", s(d)])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "shard {i}/{n}: {}", stderr(&out));
    }
    dirs
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The journal without timing fields, sorted by job.
fn journal(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
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

/// A game file without its timing: PGN `[Date ...]` lines, SGF `DT[...]` and `C[..ms]`.
fn untimed(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.starts_with("[Date ")) {
        let mut rest = line;
        while let Some(at) = rest.find("DT[").or_else(|| rest.find("C[")) {
            let end = rest[at..].find(']').map_or(rest.len(), |e| at + e + 1);
            let prop = &rest[at..end];
            out.push_str(&rest[..at]);
            if !(prop.starts_with("DT[") || prop.ends_with("ms]")) {
                out.push_str(prop);
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        out.push('\n');
    }
    out
}

fn assert_same_run(merged: &Path, whole: &Path) {
    let (a, b) = (journal(merged), journal(whole));
    assert_eq!(a.len(), b.len(), "{merged:?} vs {whole:?}: game counts");
    assert!(a == b, "{merged:?} vs {whole:?}: journals differ");
    assert_eq!(
        json(&merged.join("run.json")),
        json(&whole.join("run.json"))
    );
    assert_eq!(
        json(&merged.join("standings.json")),
        json(&whole.join("standings.json"))
    );
    for f in ["results.pgn", "games.sgf"] {
        assert_eq!(
            untimed(&merged.join(f)),
            untimed(&whole.join(f)),
            "{merged:?} vs {whole:?}: {f}"
        );
    }
}

fn whole_run(dir: &Path) -> PathBuf {
    let whole = dir.join("whole");
    let out = arena(&[
        "tournament",
        s(&dir.join("t.ron")),
        "--quiet",
        "--out",
        s(&whole),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(journal(&whole).len(), 24);
    whole
}

fn merge(out: &Path, dirs: &[PathBuf], extra: &[&str]) -> Output {
    let mut args = vec!["merge", s(out)];
    args.extend(dirs.iter().map(|d| s(d)));
    args.extend(extra);
    arena(&args)
}

#[test]
fn shards_as_processes_merge_to_the_unsharded_run() {
    let dir = setup("equal");
    let whole = whole_run(&dir);
    let hash = json(&whole.join("run.json"))["run"].clone();
    for n in [1, 2, 3, 7] {
        let root = dir.join(format!("n{n}"));
        let shards = spawn_shards(&dir.join("t.ron"), &root, n);
        for (i, d) in shards.iter().enumerate() {
            let info = json(&d.join("run.json"));
            assert_eq!(info["shard"], serde_json::json!([i, n]), "{d:?}");
            assert_eq!(info["run"], hash, "{d:?}: the unsharded run's hash");
            for line in journal(d) {
                assert_eq!(line["run"], hash);
                assert_eq!(line["job"].as_u64().unwrap() as usize % n, i);
            }
        }
        let merged = root.join("merged");
        let out = merge(&merged, &shards, &["--no-report"]);
        assert!(out.status.success(), "n = {n}: {}", stderr(&out));
        assert!(stderr(&out).contains("24 of 24 games"), "{}", stderr(&out));
        assert_same_run(&merged, &whole);
    }
    // With the report (the default), as `gomoku-arena report` writes it.
    let merged = dir.join("n3/merged-report");
    let out = merge(&merged, &shard_dirs(&dir.join("n3"), 3), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = arena(&["report", s(&whole)]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The report's text has no timing (speed is only charted): the same Markdown.
    let md = |d: &Path| std::fs::read_to_string(d.join("report/report.md")).unwrap();
    assert_eq!(md(&merged), md(&whole));
}

fn shard_dirs(root: &Path, n: usize) -> Vec<PathBuf> {
    (0..n).map(|i| root.join(format!("shard-{i}"))).collect()
}

#[test]
fn duplicate_missing_and_foreign_shards_are_reported() {
    let dir = setup("faults");
    let whole = whole_run(&dir);
    let shards = spawn_shards(&dir.join("t.ron"), &dir.join("n3"), 3);

    // Shard 1 given twice: reported, and the result is still the unsharded run.
    let twice = vec![
        shards[0].clone(),
        shards[1].clone(),
        shards[2].clone(),
        shards[1].clone(),
    ];
    let merged = dir.join("twice");
    let out = merge(&merged, &twice, &["--no-report"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("8 duplicate jobs"), "{err}");
    assert_same_run(&merged, &whole);

    // Shard 1 missing: exit 3, the missing jobs and their shard named; the merged run is
    // written, and --resume on it plays exactly the missing games.
    let merged = dir.join("partial");
    let out = merge(
        &merged,
        &[shards[0].clone(), shards[2].clone()],
        &["--no-report"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains(
            "INCOMPLETE: 8 of 24 jobs missing: 1, 4, 7, 10, 13, 16, 19, 22 (of shard 1/3)"
        ),
        "{err}"
    );
    assert!(err.contains("--resume --out"), "{err}");
    assert_eq!(journal(&merged).len(), 16);
    let out = arena(&[
        "tournament",
        s(&dir.join("t.ron")),
        "--quiet",
        "--resume",
        "--out",
        s(&merged),
    ]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("played 8 games in") && err.contains("(16 resumed)"),
        "{err}"
    );
    assert_same_run(&merged, &whole);

    // A shard of another run (another seed): refused, naming the directory and both hashes.
    let foreign = spawn_shards(&dir.join("other.ron"), &dir.join("other"), 3);
    let merged = dir.join("foreign");
    let out = merge(
        &merged,
        &[shards[0].clone(), foreign[1].clone(), shards[2].clone()],
        &["--no-report"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let ours = json(&shards[0].join("run.json"))["run"]
        .as_str()
        .unwrap()
        .to_string();
    let theirs = json(&foreign[1].join("run.json"))["run"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(ours, theirs);
    assert!(err.contains(&ours) && err.contains(&theirs), "{err}");
    assert!(err.contains(s(&foreign[1])), "{err}");
    assert!(!merged.join("games.jsonl").exists());

    // OUT must not be an input, and an existing OUT needs --force.
    let out = merge(&shards[0], &shards, &["--no-report"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("also an input"), "{}", stderr(&out));
    let out = merge(&dir.join("twice"), &shards, &["--no-report"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    let out = merge(&dir.join("twice"), &shards, &["--no-report", "--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_same_run(&dir.join("twice"), &whole);
}
