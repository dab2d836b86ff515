//! The per-process scratch folder of the loaders that read files: the tournament and tuning
//! loaders and the journal readers take a path, so the input is written to a file first.
//!
//! The folder, `<temp>/gomoku-fuzz-<pid>`, mirrors the repository's layout around the input,
//! so that the relative paths of a mutated shipped config (`../engines/seed-d4.ron`,
//! `../../openings/freestyle15.txt`) still resolve and the loaders get past the first lookup:
//!
//! ```text
//! configs/engines -> <repo>/configs/engines      configs/tournaments/  (inputs)
//! configs/tables  -> <repo>/configs/tables       configs/tune/         (inputs)
//! openings        -> <repo>/openings             reports/              (empty)
//! ```
//!
//! Each call writes a file of its own (a counter in its name), so tests running targets on
//! several threads do not share one. Folders of processes that no longer run are removed
//! when the next process makes its own.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

const PREFIX: &str = "gomoku-fuzz-";

/// The scratch folder and the repository it mirrors.
pub(crate) struct Scratch {
    /// `<temp>/gomoku-fuzz-<pid>`.
    pub root: PathBuf,
    /// The repository root.
    pub repo: PathBuf,
    next: AtomicU64,
}

impl Scratch {
    /// A fresh number for a file name.
    pub fn next(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }
}

/// The process's scratch folder, made on first use.
pub(crate) fn scratch() -> &'static Scratch {
    static SCRATCH: OnceLock<Scratch> = OnceLock::new();
    SCRATCH.get_or_init(|| {
        let repo = crate::repo_root();
        let temp = std::env::temp_dir();
        remove_stale(&temp);
        let root = temp.join(format!("{PREFIX}{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["configs/tournaments", "configs/tune", "reports"] {
            std::fs::create_dir_all(root.join(dir)).expect("scratch folder");
        }
        for link in ["configs/engines", "configs/tables", "openings"] {
            symlink(&repo.join(link), &root.join(link));
        }
        Scratch {
            root,
            repo,
            next: AtomicU64::new(0),
        }
    })
}

/// Removes the scratch folders of processes that have ended (Linux: no `/proc/<pid>`).
fn remove_stale(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Links `link` to `target`.
pub(crate) fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link)
        .unwrap_or_else(|e| panic!("link {} -> {}: {e}", link.display(), target.display()));
}
