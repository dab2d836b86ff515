//! `gomoku-arena rate` and `gomoku-arena sprt` end to end: Ordo's numbers on a shared PGN, the
//! same standings as a direct pool fit of a journal, clear errors on bad input, and an SPRT
//! whose decision and `sprt.json` do not depend on the thread count.

use gomoku_stats::{PoolGame, PoolOptions, Z95, fit_pool};
use gomoku_testdata::ScratchDir;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");
const BOOK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../openings/freestyle15.txt"
);
const ENGINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../configs/engines/seed-d2.ron"
);

fn temp_dir(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("rate-{tag}"))
}

fn arena(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `(name, rating)` rows of Ordo's output.
fn ordo_rows(ordo: &str) -> Vec<(String, f64)> {
    ordo.lines()
        .filter_map(|l| {
            let (left, right) = l.split_once(':')?;
            let mut w = left.split_whitespace();
            w.next()?.parse::<usize>().ok()?;
            let name = w.next()?.to_string();
            let r: f64 = right.split_whitespace().next()?.parse().ok()?;
            Some((name, r))
        })
        .collect()
}

#[test]
fn rate_tiny_pgn_prints_ordos_ratings() {
    let (Some(tiny), Some(ordo)) = (
        gomoku_testdata::shared("data/ratings/tiny.pgn"),
        gomoku_testdata::shared_text("data/ratings/ordo_tiny_z200.24.txt"),
    ) else {
        return;
    };
    let tiny = tiny.to_str().unwrap();
    let out = arena(&["rate", tiny]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let expected = [
        ("EngineA", "128.65"),
        ("EngineB", "-25.90"),
        ("EngineC", "-102.75"),
    ];
    for (rank, (name, elo)) in expected.iter().enumerate() {
        let row = stdout
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no row for {name} in\n{stdout}"));
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols[0], (rank + 1).to_string(), "{row}");
        assert_eq!(cols[2], *elo, "{row}");
    }
    // The JSON agrees with Ordo's file to its printed precision.
    let out = arena(&["rate", tiny, "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = ordo_rows(&ordo);
    assert_eq!(rows.len(), 3);
    for (k, (name, r)) in rows.iter().enumerate() {
        let p = &v["players"][k];
        assert_eq!(p["name"], name.as_str());
        assert!(
            (p["elo"].as_f64().unwrap() - r).abs() < 0.0005,
            "{p} vs {r}"
        );
    }
    assert_eq!(v["games"], 30);
    assert_eq!(v["match"], Value::Null);
    // Anchored: differences are unchanged, the anchor sits at its value.
    let out = arena(&["rate", tiny, "--json", "--anchor", "EngineC=1000"]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = a["players"][2]["elo"].as_f64().unwrap();
    assert!((c - 1000.0).abs() < 1e-9);
    let diff = a["players"][0]["elo"].as_f64().unwrap() - c;
    assert!((diff - (128.650 + 102.748)).abs() < 0.002, "{diff}");
}

/// A tiny round robin of depth-1 and depth-2 engines on the project's book, played into
/// `out/` of the folder given.
fn tiny_tournament(tag: &str) -> ScratchDir {
    let dir = temp_dir(tag);
    let config = format!(
        r#"Tournament(
    name: "tiny",
    participants: [
        Sweep(base: "{ENGINE}", field: "depth", values: [1, 2], name: "seed-d{{}}"),
        Variant(base: "{ENGINE}", name: "seed-d1-top3", overrides: (depth: 1, top_n: 3)),
    ],
    board: (size: 15),
    openings: (file: "{BOOK}", format: Pos, limit: 3, transform: true),
    seed: 11,
    threads: 2,
    output: "out",
    standings_every: 0,
)
"#
    );
    std::fs::write(dir.join("t.ron"), config).unwrap();
    let out = arena(&["tournament", dir.join("t.ron").to_str().unwrap(), "--quiet"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir
}

#[test]
fn rate_json_of_a_journal_equals_a_direct_fit() {
    let dir = tiny_tournament("journal");
    let run = dir.join("out");
    let out = arena(&["rate", run.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();

    // Direct fit of the journal's results.
    let journal = std::fs::read_to_string(run.join("games.jsonl")).unwrap();
    let lines: Vec<Value> = journal
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut names: Vec<(u64, String)> = Vec::new();
    for l in &lines {
        for (i, n) in [("black_idx", "black"), ("white_idx", "white")] {
            let e = (l[i].as_u64().unwrap(), l[n].as_str().unwrap().to_string());
            if !names.contains(&e) {
                names.push(e);
            }
        }
    }
    names.sort();
    let idx = |i: u64| names.iter().position(|n| n.0 == i).unwrap();
    let games: Vec<PoolGame> = lines
        .iter()
        .filter(|l| !l["result"].is_null())
        .map(|l| PoolGame {
            first: idx(l["black_idx"].as_u64().unwrap()),
            second: idx(l["white_idx"].as_u64().unwrap()),
            score: match l["result"].as_str().unwrap() {
                "black" => 1.0,
                "white" => 0.0,
                _ => 0.5,
            },
        })
        .collect();
    let fit = fit_pool(&games, names.len(), &PoolOptions::default()).unwrap();
    assert_eq!(v["games"].as_u64().unwrap() as usize, games.len());
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), names.len());
    for (k, &i) in fit.order.iter().enumerate() {
        let p = &players[k];
        assert_eq!(p["name"], names[i].1.as_str());
        assert_eq!(p["rank"], k + 1);
        assert!((p["elo"].as_f64().unwrap() - fit.ratings[i]).abs() < 1e-9);
        assert!((p["error95"].as_f64().unwrap() - Z95 * fit.stderr_sandwich[i]).abs() < 1e-9);
        assert_eq!(p["games"].as_u64().unwrap(), fit.games[i]);
        assert!((p["points"].as_f64().unwrap() - fit.points[i]).abs() < 1e-12);
        if k + 1 < players.len() {
            assert!((p["los_next"].as_f64().unwrap() - fit.los_next[k]).abs() < 1e-12);
        }
    }
    // The same journal through its PGN gives the same ratings (first mover = [Black]).
    let out = arena(&["rate", run.join("results.pgn").to_str().unwrap(), "--json"]);
    let pgn: Value = serde_json::from_slice(&out.stdout).unwrap();
    for (a, b) in players.iter().zip(pgn["players"].as_array().unwrap()) {
        assert_eq!(a["name"], b["name"]);
        assert!((a["elo"].as_f64().unwrap() - b["elo"].as_f64().unwrap()).abs() < 1e-9);
        assert_eq!(a["first_mover_score"], b["first_mover_score"]);
    }
    // Every game has its partner (same round, pair and opening, colours reversed).
    assert_eq!(
        v["pairs"].as_u64().unwrap() * 2,
        v["games"].as_u64().unwrap()
    );
}

#[test]
fn bad_inputs_name_the_file_and_line() {
    let dir = temp_dir("bad");
    // Missing file.
    let missing = dir.join("nope.pgn");
    let out = arena(&["rate", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("nope.pgn"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // Malformed PGN: an unquoted tag value on line 6.
    let pgn = dir.join("bad.pgn");
    std::fs::write(
        &pgn,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n[White C]\n",
    )
    .unwrap();
    let out = arena(&["rate", pgn.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("bad.pgn:6:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // Unknown result token.
    std::fs::write(&pgn, "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n").unwrap();
    let out = arena(&["rate", pgn.to_str().unwrap()]);
    assert!(
        text(&out.stderr).contains("bad.pgn:3:"),
        "{}",
        text(&out.stderr)
    );

    // One name on both sides of a game, at the game's first tag.
    std::fs::write(
        &pgn,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n[White \"A\"]\n[Black \"A\"]\n[Result \"0-1\"]\n",
    )
    .unwrap();
    let out = arena(&["rate", pgn.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(err.contains("bad.pgn:5: 'A' plays both sides"), "{err}");

    // A file that is no result file at all (a tournament config) says what rate reads.
    let ron = dir.join("quick.ron");
    std::fs::write(&ron, "// a config\nTournament(name: \"x\")\n").unwrap();
    let out = arena(&["rate", ron.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(
        err.contains("quick.ron: not a run directory, a games.jsonl journal or a PGN file"),
        "{err}"
    );

    // A journal with a broken line in the middle is an error naming it; a torn last line
    // (a killed run) is skipped with a warning naming it.
    let dir = tiny_tournament("torn");
    let run = dir.join("out");
    let journal = std::fs::read_to_string(run.join("games.jsonl")).unwrap();
    let mut lines: Vec<&str> = journal.lines().collect();
    let n = lines.len();
    let half = &lines[2][..lines[2].len() / 2].to_string();
    lines[2] = half;
    std::fs::write(run.join("games.jsonl"), lines.join("\n") + "\n").unwrap();
    let out = arena(&["rate", run.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("games.jsonl:3:"), "{err}");
    let torn = journal.lines().collect::<Vec<_>>().join("\n");
    let torn = &torn[..torn.len() - 20];
    std::fs::write(run.join("games.jsonl"), torn).unwrap();
    let out = arena(&["rate", run.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("games.jsonl:{n}: torn")), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"].as_u64().unwrap() as usize, n - 1);

    // An SPRT file with an unknown field is refused at its line and column.
    let sprt = dir.join("bad-sprt.ron");
    std::fs::write(&sprt, "Sprt(\n    name: \"x\",\n    elo2: 3,\n)\n").unwrap();
    let out = arena(&["sprt", sprt.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("bad-sprt.ron:3:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // Unknown anchor and a directory without a journal.
    let two = dir.join("two.pgn");
    std::fs::write(
        &two,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n\n[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n",
    )
    .unwrap();
    let out = arena(&["rate", two.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = arena(&["rate", two.to_str().unwrap(), "--anchor", "Nobody"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("Nobody"));
    let out = arena(&["rate", dir.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("games.jsonl"));
}

fn sprt_config(dir: &Path, threads: usize, out: &str) -> PathBuf {
    let config = format!(
        r#"// depth 3 against depth 1 without VCF: H1 (50 Elo) is accepted after 23 pairs, inside
// a batch on both thread counts (1 and 2 pairs of the batch are discarded)
Sprt(
    name: "d3-vs-d1",
    candidate: Variant(base: "{ENGINE}", name: "d3", overrides: (depth: 3, tt_mib: 1)),
    baseline: Variant(base: "{ENGINE}", name: "d1", overrides: (depth: 1, vcf: false, tt_mib: 1)),
    board: (size: 15),
    openings: (file: "{BOOK}", format: Pos, range: (2, 12), transform: true),
    elo0: 0.0,
    elo1: 50.0,
    model: Logistic,
    max_games: 60,
    seed: 7,
    threads: {threads},
    batch_pairs: {batch},
    output: "{out}",
)
"#,
        batch = if threads == 1 { 3 } else { 5 },
    );
    let path = dir.join(format!("sprt-{threads}.ron"));
    std::fs::write(&path, config).unwrap();
    path
}

fn without(mut v: Value, key: &str) -> Value {
    v.as_object_mut().unwrap().remove(key);
    v
}

fn journal_without_timing(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            for f in ["time_us", "side_time_us", "date"] {
                v.as_object_mut().unwrap().remove(f);
            }
            v
        })
        .collect()
}

#[test]
fn sprt_decides_the_same_on_one_and_two_threads() {
    let dir = temp_dir("sprt");
    let mut results = Vec::new();
    for threads in [1, 2] {
        let out_dir = format!("out{threads}");
        let config = sprt_config(&dir, threads, &out_dir);
        let out = arena(&["sprt", config.to_str().unwrap(), "--no-report"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.contains("LLR"), "{stdout}");
        let run = dir.join(&out_dir);
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(run.join("sprt.json")).unwrap()).unwrap();
        // The decision the config's comment states: a sign error in the LLR, or a wrong
        // count, would end elsewhere.
        let decision = v["decision"].as_str().unwrap().to_string();
        assert_eq!(decision, "H1");
        let pairs = v["pairs"].as_u64().unwrap();
        assert_eq!(pairs, 23);
        assert_eq!(v["trace"].as_array().unwrap().len() as u64, pairs);
        assert_eq!(v["games"].as_u64().unwrap(), 2 * pairs);
        let llr = v["llr"].as_f64().unwrap();
        let (lo, hi) = (v["lower"].as_f64().unwrap(), v["upper"].as_f64().unwrap());
        assert!(llr >= hi && lo < 0.0, "{llr} [{lo}, {hi}]");
        // The journal holds exactly the counted games, readable by `rate`.
        let journal = journal_without_timing(&run.join("games.jsonl"));
        assert_eq!(journal.len() as u64, 2 * pairs);
        let rated = arena(&["rate", run.to_str().unwrap(), "--json"]);
        assert!(rated.status.success(), "{}", text(&rated.stderr));
        let r: Value = serde_json::from_slice(&rated.stdout).unwrap();
        assert_eq!(
            r["match"]["pentanomial"]["counts"], v["pentanomial"],
            "rate pairs the journal as sprt did"
        );
        // Pairs of the deciding batch after the decision are discarded, never counted.
        let machine = &v["machine"];
        let batch = machine["batch_pairs"].as_u64().unwrap();
        assert_eq!(
            machine["discarded_pairs"].as_u64().unwrap(),
            pairs.div_ceil(batch) * batch - pairs
        );
        results.push((without(v, "machine"), journal));
    }
    assert_eq!(
        results[0].0, results[1].0,
        "sprt.json differs by thread count"
    );
    assert_eq!(
        results[0].1, results[1].1,
        "journal differs by thread count"
    );

    // The report draws the trace of the typed sprt.json and says where the test stands.
    let run = dir.join("out1");
    let out = arena(&["report", run.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(run.join("report/sprt.svg").is_file());
    let md = std::fs::read_to_string(run.join("report/report.md")).unwrap();
    let sprt = md.lines().find(|l| l.starts_with("- **SPRT**")).unwrap();
    assert!(
        sprt.contains("d3 vs d1: H0 0 / H1 50 Elo (logistic model)"),
        "{sprt}"
    );
}

#[test]
fn journal_lines_of_another_run_are_refused_with_their_line() {
    let dir = tiny_tournament("foreign");
    let run = dir.join("out");
    let journal = run.join("games.jsonl");
    let original = std::fs::read_to_string(&journal).unwrap();
    let edit = |line: usize, field: &str, value: Value| {
        let mut lines: Vec<Value> = original
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        lines[line - 1][field] = value;
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        std::fs::write(&journal, text.join("\n") + "\n").unwrap();
    };
    for (field, value, says) in [
        (
            "run",
            Value::from("0123456789abcdef"),
            "a game of run 0123456789abcdef",
        ),
        (
            "black_idx",
            Value::from(7),
            "black is player 7, but the run has 3 players",
        ),
        (
            "opening_moves",
            serde_json::json!([[99, 99]]),
            "opening stone 1 at (99,99) is off the",
        ),
    ] {
        edit(4, field, value);
        for command in ["rate", "report"] {
            let out = arena(&[command, run.to_str().unwrap()]);
            assert!(!out.status.success(), "{command} took a bad line");
            let err = text(&out.stderr);
            assert!(
                err.contains("games.jsonl:4: ") && err.contains(says),
                "{command}: {err}"
            );
        }
    }
    // Without run.json the journal must still agree with itself.
    std::fs::remove_file(run.join("run.json")).unwrap();
    edit(5, "run", Value::from("0123456789abcdef"));
    let out = arena(&["rate", journal.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(
        err.contains("games.jsonl:5: a game of run 0123456789abcdef"),
        "{err}"
    );
    // ... and name each player once: an index renamed to another's name is refused.
    edit(1, "white_idx", Value::from(9));
    let out = arena(&["rate", journal.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(err.contains("are both named"), "{err}");
    // ... and hold only games that can have been played.
    edit(2, "opening_moves", serde_json::json!([[3, 3], [3, 3]]));
    let out = arena(&["rate", journal.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(
        err.contains("games.jsonl:2: opening stone 2 at (3,3) is on a stone"),
        "{err}"
    );
}
