//! Replays through its target every input that ever failed (`fuzz/regressions/<target>/`)
//! and the committed seeds (`fuzz/seeds/<target>/`), each under a time limit, so that a
//! failure found by fuzzing stays fixed. `fuzz/README.md` tells how to add one.

use gomoku_fuzz_targets::{TARGETS, Target, repo_root};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The most one input may take here (the fuzzer allows 10 s under instrumentation; a test
/// build is faster, but the machine may be busy with other tests).
const LIMIT: Duration = Duration::from_secs(20);

/// The files of `<repo>/fuzz/<kind>/<target>/`, sorted (none if the folder is missing).
fn inputs(kind: &str, target: &Target) -> Vec<PathBuf> {
    let dir = repo_root().join("fuzz").join(kind).join(target.name);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .filter(|p| p.file_name().and_then(|n| n.to_str()) != Some("README.md"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Runs one input on a thread of its own and waits at most `limit`: `Err` names a panic or a
/// hang.
fn replay(target: &'static Target, path: &Path, limit: Duration) -> Result<Duration, String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    std::thread::Builder::new()
        .name(format!("{}:{}", target.name, path.display()))
        .spawn(move || {
            let outcome = std::panic::catch_unwind(|| (target.run)(&data));
            let _ = tx.send(outcome.is_ok());
        })
        .expect("spawning a replay thread");
    match rx.recv_timeout(limit) {
        Ok(true) => Ok(start.elapsed()),
        Ok(false) => Err(format!("{} panicked (message above)", path.display())),
        Err(_) => Err(format!("{} took more than {limit:?}", path.display())),
    }
}

fn replay_all(kind: &str) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for target in TARGETS {
        for path in inputs(kind, target) {
            count += 1;
            if let Err(e) = replay(target, &path, LIMIT) {
                failures.push(format!("{}: {e}", target.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} {kind} inputs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

#[test]
fn every_input_that_ever_failed_passes() {
    let n = replay_all("regressions");
    eprintln!("{n} regression inputs replayed");
}

#[test]
fn every_seed_passes_and_every_target_has_seeds() {
    for target in TARGETS {
        assert!(
            !inputs("seeds", target).is_empty(),
            "fuzz/seeds/{} holds no seed",
            target.name
        );
    }
    let n = replay_all("seeds");
    eprintln!("{n} seeds replayed");
}

#[test]
fn every_target_has_a_libfuzzer_binary() {
    let manifest =
        std::fs::read_to_string(repo_root().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    for target in TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{}\"", target.name)),
            "fuzz/Cargo.toml has no [[bin]] for {}",
            target.name
        );
        let src = repo_root().join(format!("fuzz/fuzz_targets/{}.rs", target.name));
        assert!(src.is_file(), "{} is missing", src.display());
    }
}

#[test]
fn a_panic_and_a_hang_are_caught() {
    static PANICS: Target = Target {
        name: "panics",
        covers: "",
        run: |data| assert!(data.is_empty(), "a finding"),
    };
    static HANGS: Target = Target {
        name: "hangs",
        covers: "",
        run: |_| std::thread::sleep(Duration::from_secs(5)),
    };
    let input = std::env::temp_dir().join(format!("gomoku-fuzz-selftest-{}", std::process::id()));
    std::fs::write(&input, b"x").unwrap();
    let panicked = replay(&PANICS, &input, LIMIT);
    let hung = replay(&HANGS, &input, Duration::from_secs(1));
    let _ = std::fs::remove_file(&input);
    assert!(panicked.unwrap_err().ends_with("panicked (message above)"));
    assert!(hung.unwrap_err().contains("took more than 1s"));
}
