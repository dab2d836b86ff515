//! Test-only access to the third-party data kept beside the repository, in `../shared`
//! (`shared/data/README.md` lists it). The files stay outside the repository for their
//! licences, so a checkout can lack them, and every test, bench and example that reads them
//! goes through [`shared`] or [`shared_text`] to behave alike when they are missing:
//!
//! - under CI (`CI` set to anything but empty, `0` or `false`; CI services set `CI=true`)
//!   the caller panics with one message naming the file, because a CI run that skipped its
//!   data would pass while proving nothing;
//! - elsewhere it writes a line with "skipped" and the missing file to stderr and returns
//!   `None`, and the caller returns early.
//!
//! Tests that write files do it in a [`ScratchDir`], which a passing test removes.
//!
//! Fixtures the project writes itself do not belong here: they live in the repository
//! beside their tests. A caller that reads data should also assert how many items it checked
//! against what the file holds, so that a parse that silently finds fewer fails.
#![deny(missing_docs)]

mod scratch;
pub use scratch::ScratchDir;

use std::io::Write;
use std::path::{Path, PathBuf};

/// How a shipped config file names our release brain, which a clean checkout has not built
/// when `cargo test` runs.
const RELEASE_BRAIN: &str = "../../target/release/pbrain-gomoku-arena";

/// The text of the shipped config file at `path`, with our release brain replaced by `sh`
/// (any program found on `PATH`) when it is not built, so that the files that drive the
/// brain through the protocol load, and are checked in every other field, on a clean
/// checkout.
pub fn shipped_config_text(path: &Path) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot be read: {e}", path.display()));
    let dir = path.parent().expect("a config file sits in a folder");
    if !text.contains(RELEASE_BRAIN) || dir.join(RELEASE_BRAIN).is_file() {
        return text;
    }
    text.replace(RELEASE_BRAIN, "sh")
}

/// The run folder, relative to the repository root, whose games `configs/tune/rapfi-texel.ron`
/// reads: another engine's games that each user plays and that are never shipped, so a clean
/// checkout lacks them and that file is refused until they are played.
pub const UNSHIPPED_RUN: &str = "reports/rapfi-selfplay";

/// Whether the repository at `root` holds [`UNSHIPPED_RUN`]'s games (its `run.json` and
/// `games.jsonl`, what a tuning file's `runs` must find).
pub fn unshipped_run_played(root: &Path) -> bool {
    let dir = root.join(UNSHIPPED_RUN);
    ["run.json", "games.jsonl"]
        .iter()
        .all(|f| dir.join(f).is_file())
}

/// Whether `err`, from loading a tuning file on Rapfi's games (`configs/tune/rapfi-*.ron`),
/// is the refusal of its [`UNSHIPPED_RUN`] folder for a missing file, and nothing else.
pub fn is_unplayed_run_error(err: &str) -> bool {
    err.contains(&format!("{UNSHIPPED_RUN}: no ")) && err.ends_with("(not a run directory)")
}

/// The shared folder as the messages name it: it sits beside the repository.
const SHARED: &str = "../shared";

/// What to do about one shared file.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// The file exists at this path.
    Present(PathBuf),
    /// The file is missing outside CI: the message to print before skipping.
    Skip(String),
    /// The file is missing under CI: the message to fail with.
    Fail(String),
}

/// The absolute path of `<workspace root>/../shared/<rel>`, whether or not it exists.
///
/// The root is found from this crate's own manifest directory, which sits at
/// `<root>/crates/testdata` in every checkout, so callers need not pass theirs.
pub fn shared_path(rel: &str) -> PathBuf {
    shared_root().join(rel)
}

/// The path of `../shared/<rel>` (for example `data/puzzles/tactics_normalized.jsonl`) if
/// the file exists. If it does not, this panics under CI and otherwise prints a "skipped"
/// line naming the file and returns `None`; the caller then returns without checking
/// anything.
#[track_caller]
pub fn shared(rel: &str) -> Option<PathBuf> {
    match locate(&shared_root(), rel, std::env::var("CI").ok().as_deref()) {
        Found::Present(path) => Some(path),
        Found::Skip(message) => {
            // Straight to stderr, not through `eprintln!`: the test harness captures the
            // macros' output of passing tests, and a skip must be seen.
            let _ = writeln!(std::io::stderr(), "{message}");
            None
        }
        Found::Fail(message) => panic!("{message}"),
    }
}

/// The text of `../shared/<rel>`, with [`shared`]'s rule when the file is missing. A file
/// that exists but cannot be read as UTF-8 text panics everywhere: that is a broken
/// checkout, not missing data.
#[track_caller]
pub fn shared_text(rel: &str) -> Option<String> {
    let path = shared(rel)?;
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => panic!("{SHARED}/{rel}: cannot be read ({}): {e}", path.display()),
    }
}

/// `<workspace root>/../shared`, without `..` so that messages show a plain path: the
/// manifest directory is absolute, and three levels up from `<root>/crates/testdata` is the
/// folder that holds the repository.
fn shared_root() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(3)
        .expect("the crate sits at <root>/crates/testdata");
    beside.join("shared")
}

/// Whether the value of `CI` asks for the data to be there. CI services set `CI=true`;
/// an empty value, `0` or `false` is how one turns it off by hand.
fn is_ci(ci: Option<&str>) -> bool {
    ci.is_some_and(|v| !(v.is_empty() || v == "0" || v.eq_ignore_ascii_case("false")))
}

/// The rule, with the shared folder and the value of `CI` as arguments so that both
/// branches can be tested on any machine.
fn locate(root: &Path, rel: &str, ci: Option<&str>) -> Found {
    let path = root.join(rel);
    if path.is_file() {
        return Found::Present(path);
    }
    let missing = format!("{SHARED}/{rel}: missing (looked for {})", path.display());
    if is_ci(ci) {
        Found::Fail(format!(
            "{missing}; CI needs ../shared beside the repository (see shared/data/README.md)"
        ))
    } else {
        // The harness names each test's thread after the test: say which one skipped.
        let test = std::thread::current()
            .name()
            .filter(|name| *name != "main")
            .map(|name| format!("{name}: "))
            .unwrap_or_default();
        Found::Skip(format!(
            "{test}skipped: {missing}; see shared/data/README.md to run it"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder with one file, `data/present.txt`.
    fn fixture(tag: &str) -> ScratchDir {
        let root = ScratchDir::new(&format!("testdata-{tag}"));
        std::fs::create_dir_all(root.join("data")).unwrap();
        std::fs::write(root.join("data/present.txt"), "x").unwrap();
        root
    }

    #[test]
    fn a_present_file_is_found_with_or_without_ci() {
        let root = fixture("present");
        for ci in [None, Some("true")] {
            assert_eq!(
                locate(&root, "data/present.txt", ci),
                Found::Present(root.join("data/present.txt"))
            );
        }
    }

    #[test]
    fn a_missing_file_fails_under_ci_with_one_clear_message() {
        let root = fixture("ci");
        for ci in ["true", "1", "TRUE"] {
            let Found::Fail(message) = locate(&root, "data/puzzles/xyz", Some(ci)) else {
                panic!("CI={ci} should fail");
            };
            assert!(
                message.starts_with("../shared/data/puzzles/xyz: missing (looked for ")
                    && message.contains(&root.join("data/puzzles/xyz").display().to_string())
                    && message.ends_with(
                        "; CI needs ../shared beside the repository (see shared/data/README.md)"
                    ),
                "{message}"
            );
        }
    }

    #[test]
    fn a_missing_file_is_skipped_with_a_message_outside_ci() {
        let root = fixture("local");
        for ci in [None, Some(""), Some("0"), Some("false"), Some("False")] {
            let Found::Skip(message) = locate(&root, "data/puzzles/xyz", ci) else {
                panic!("CI={ci:?} should skip");
            };
            assert!(
                message.contains("skipped: ../shared/data/puzzles/xyz: missing"),
                "{message}"
            );
            // The test's name leads the line, so the output says which test skipped.
            assert!(
                message.starts_with(
                    "tests::a_missing_file_is_skipped_with_a_message_outside_ci: skipped"
                ) || std::thread::current().name() == Some("main"),
                "{message}"
            );
        }
    }

    #[test]
    fn a_directory_is_not_a_file() {
        let root = fixture("dir");
        assert!(matches!(locate(&root, "data", None), Found::Skip(_)));
    }

    #[test]
    fn the_shared_folder_sits_beside_the_workspace_root() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        assert!(
            std::fs::read_to_string(root.join("Cargo.toml"))
                .unwrap()
                .contains("[workspace]")
        );
        let path = shared_path("data/README.md");
        assert!(
            path.ends_with("shared/data/README.md"),
            "{}",
            path.display()
        );
        assert_eq!(
            path.parent().unwrap().parent().unwrap().parent().unwrap(),
            root.canonicalize().unwrap().parent().unwrap()
        );
    }
}
