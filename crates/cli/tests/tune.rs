//! `gomoku-arena tune` end to end on a tiny project: stop after one iteration, refuse to
//! overwrite the checkpoint without --resume, resume to the end, write the outputs; a bad
//! file is refused with its line and column.

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");

fn setup(tag: &str, extra: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-cli-tune-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
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
    method: Texel((games: 8, depth: 1, tie_break_margin: 30, iterations: 3)),
    confirmation: (pairs: 2, tie_break_margin: 30),{extra}
)"#
        ),
    )
    .unwrap();
    dir
}

fn tune(dir: &PathBuf, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .current_dir(dir)
        .arg("tune")
        .arg("tune.ron")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn stop_resume_and_outputs() {
    let dir = setup("resume", "");
    let first = tune(&dir, &["--iterations", "1", "--quiet"]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(String::from_utf8_lossy(&first.stdout).contains("--resume"));
    let again = tune(&dir, &["--quiet"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
    let done = tune(&dir, &["--resume", "--quiet"]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let out = dir.join("out");
    let table = std::fs::read_to_string(out.join("tuned.ron")).unwrap();
    assert!(table.contains("gomoku-arena tune tune.ron"), "{table}");
    assert!(table.contains("seed 3"));
    assert!(out.join("confirmation.json").exists());
    assert!(out.join("report/report.md").exists());
    let history = std::fs::read_to_string(out.join("history.jsonl")).unwrap();
    assert_eq!(history.lines().count(), 4);
}

#[test]
fn bad_file_names_line_and_column() {
    let dir = setup("bad", "\n    colour: 3,");
    let out = tune(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tune.ron:14:5"), "{err}");
    assert!(err.contains("colour"), "{err}");
}
