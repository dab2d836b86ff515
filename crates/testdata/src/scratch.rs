//! A test's own folder under the system's temporary directory, removed when the test passes:
//! a `cargo test` run leaves nothing behind but the folders of the tests that failed, kept to
//! look at.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// An empty folder `<temp>/gomoku-<tag>-<pid>`, removed with everything in it when dropped,
/// unless the thread is panicking (a failing test keeps its files).
#[derive(Debug)]
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Creates the folder afresh (a leftover of an earlier run of the same process id is
    /// removed first). Tests of one binary share the process id: each needs its own `tag`.
    pub fn new(tag: &str) -> ScratchDir {
        let dir = std::env::temp_dir().join(format!("gomoku-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("creating the scratch folder {}: {e}", dir.display()));
        ScratchDir(dir)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Deref for ScratchDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passing_test_leaves_nothing_and_a_failing_one_keeps_its_files() {
        let kept = std::thread::spawn(|| {
            let dir = ScratchDir::new("scratch-self-failing");
            std::fs::write(dir.join("f"), "x").unwrap();
            let path = dir.to_path_buf();
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                let _dir = dir;
                panic!("deliberate: a failing test keeps its scratch folder");
            }))
            .unwrap_err();
            path
        })
        .join()
        .unwrap();
        assert!(kept.join("f").exists(), "{}", kept.display());
        let _ = std::fs::remove_dir_all(&kept);

        let dir = ScratchDir::new("scratch-self-passing");
        std::fs::write(dir.join("f"), "x").unwrap();
        let path = dir.to_path_buf();
        drop(dir);
        assert!(!path.exists(), "{}", path.display());
    }
}
