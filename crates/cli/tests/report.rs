//! `gomoku-arena report` end to end on a tiny run: the pages and charts exist, and the
//! standings in report.md are those of `rate --json`.

use gomoku_testdata::ScratchDir;
use serde_json::Value;
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

fn arena(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A played tournament in `out/` of the folder given.
fn tiny_run() -> ScratchDir {
    let dir = ScratchDir::new("report");
    let config = format!(
        r#"Tournament(
    name: "tiny-report",
    participants: [
        Sweep(base: "{ENGINE}", field: "depth", values: [1, 2, 3], name: "seed-d{{}}"),
    ],
    board: (size: 15),
    openings: (file: "{BOOK}", format: Pos, limit: 3, transform: true),
    seed: 3,
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

/// The rows of the Markdown standings table: (rank, engine, "Elo ± err", games, "W / D / L").
fn md_standings(md: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in md.lines() {
        if line.starts_with("## Standings") {
            in_table = true;
            continue;
        }
        if in_table && line.starts_with("## ") {
            break;
        }
        if in_table && line.starts_with("| ") && !line.starts_with("| Rank") {
            rows.push(
                line.trim_matches('|')
                    .split(" | ")
                    .map(|c| c.trim().to_string())
                    .collect(),
            );
        }
    }
    rows
}

fn signed(v: f64) -> String {
    let r = v.round();
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r:+.0}")
    }
}

#[test]
fn report_of_a_tiny_run() {
    let dir = tiny_run();
    let run = dir.join("out");
    let report = run.join("report");
    // The tournament wrote its report from the lines in memory; `report` reads the journal.
    let pages = |names: &[&str]| -> Vec<String> {
        names
            .iter()
            .map(|f| std::fs::read_to_string(report.join(f)).unwrap())
            .collect()
    };
    let files = [
        "report.md",
        "report.html",
        "elo.svg",
        "speed.svg",
        "first-mover.svg",
    ];
    let from_memory = pages(&files);
    let out = arena(&["report", run.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(from_memory == pages(&files), "the report read back differs");
    for f in ["report.md", "report.html"] {
        assert!(report.join(f).is_file(), "{f} missing");
    }
    for chart in [
        "elo",
        "head-to-head",
        "sweep-depth",
        "game-lengths",
        "first-mover",
        "speed",
    ] {
        for ext in ["png", "svg"] {
            let p = report.join(format!("{chart}.{ext}"));
            assert!(
                std::fs::metadata(&p)
                    .map(|m| m.len() > 100)
                    .unwrap_or(false),
                "{} missing or empty",
                p.display()
            );
        }
    }
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    let html = std::fs::read_to_string(report.join("report.html")).unwrap();
    assert!(html.contains("<svg"), "charts are inlined");
    assert!(md.contains("tiny-report"));
    // The configuration is in words, read from the typed run.json: no Debug text.
    assert!(
        md.contains("- **Time control**: each engine's own depth"),
        "{md}"
    );
    assert!(md.contains("- **Name**: tiny-report (tournament)"), "{md}");
    for debug in ["Some(", "None", "EngineDefault", "Freestyle", " { "] {
        assert!(!md.contains(debug), "{debug} in\n{md}");
    }

    // Standings equal `rate --json`.
    let rated = arena(&["rate", run.to_str().unwrap(), "--json"]);
    assert!(rated.status.success(), "{}", text(&rated.stderr));
    let v: Value = serde_json::from_slice(&rated.stdout).unwrap();
    let players = v["players"].as_array().unwrap();
    let rows = md_standings(&md);
    assert_eq!(rows.len(), players.len(), "{md}");
    for (row, p) in rows.iter().zip(players) {
        assert_eq!(row[0], p["rank"].to_string());
        assert_eq!(row[1], p["name"].as_str().unwrap());
        let elo = format!(
            "{} ± {:.0}",
            signed(p["elo"].as_f64().unwrap()),
            p["error95"].as_f64().unwrap()
        );
        assert_eq!(row[2], elo);
        assert_eq!(row[3], p["games"].to_string());
        assert_eq!(
            row[4],
            format!("{} / {} / {}", p["wins"], p["draws"], p["losses"])
        );
    }

    // Notable games are written as SGF files beside the report.
    let links: Vec<&str> = md
        .lines()
        .filter_map(|l| l.split("](games/").nth(1))
        .map(|rest| rest.trim_end_matches(')'))
        .collect();
    assert!(!links.is_empty(), "{md}");
    for l in links {
        let sgf = std::fs::read_to_string(report.join("games").join(l)).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[4]"), "{sgf}");
    }

    // A directory that is not a run is refused with its name.
    let out = arena(&["report", report.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("games.jsonl"));
}
