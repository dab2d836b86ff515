//! Replays through its target every input of `fuzz/regressions/<target>/` (each input that
//! ever failed a target, and those the hardening work fixed) and the committed seeds
//! (`fuzz/seeds/<target>/`), each under a time limit, so that a failure found by fuzzing
//! stays fixed; an empty corpus, or an input missing from `fuzz/regressions/README.md`'s list,
//! fails. `fuzz/README.md` tells how to add one.

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

/// The inputs of `fuzz/regressions/` as `target/file`, and whatever else is there (a file
/// beside the target folders, or a folder no target is named after: replayed by nothing).
fn regression_files() -> (Vec<String>, Vec<String>) {
    let dir = repo_root().join("fuzz/regressions");
    let (mut files, mut stray) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir(&dir).expect("fuzz/regressions").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        match TARGETS.iter().find(|t| t.name == name) {
            Some(target) => files.extend(
                inputs("regressions", target)
                    .iter()
                    .map(|p| format!("{name}/{}", p.file_name().unwrap().to_string_lossy())),
            ),
            None if name == "README.md" => {}
            None => stray.push(name),
        }
    }
    files.sort();
    (files, stray)
}

#[test]
fn every_regression_input_passes_and_there_are_some() {
    let n = replay_all("regressions");
    // A replay of nothing passes while checking nothing: a checkout that lost the corpus, or
    // a change of folder that the listing no longer finds, must not look like success.
    assert!(
        n > 0,
        "fuzz/regressions holds no input: the regression replay checked nothing"
    );
    eprintln!("{n} regression inputs replayed");
}

/// Each input is listed in `fuzz/regressions/README.md` with where it came from, and each
/// listed input is there: an input that went missing fails here rather than being skipped.
#[test]
fn every_regression_input_is_listed_with_its_origin() {
    let (files, stray) = regression_files();
    assert!(
        stray.is_empty(),
        "fuzz/regressions: {stray:?} is neither README.md nor a target's folder, so no target replays it"
    );
    let readme = std::fs::read_to_string(repo_root().join("fuzz/regressions/README.md"))
        .expect("fuzz/regressions/README.md");
    // The first cell of each row of the table: `target/file`.
    let mut listed: Vec<String> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`'))
        .map(|(path, _)| path.to_string())
        .collect();
    listed.sort();
    let unlisted: Vec<_> = files.iter().filter(|f| !listed.contains(f)).collect();
    let missing: Vec<_> = listed.iter().filter(|f| !files.contains(f)).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "fuzz/regressions/README.md does not list {unlisted:?}; it lists {missing:?}, which are not there"
    );
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
