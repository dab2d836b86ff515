//! A run directory opened for writing: the one lock, the one resume rule and the one check of
//! what a directory holds, for every command that plays games into one (`tournament`, `sprt`,
//! every tuning step, `openings verify`).
//!
//! - **Lock.** `.lock` in the directory is held with an advisory file lock for as long as the
//!   [`RunDir`] lives, and names its holder (process id). A second writer is refused with that
//!   name. The operating system drops the lock when its process dies, so the lock of a killed
//!   run is stale by construction and the next writer simply takes it.
//! - **What is ours.** A directory that holds files but no run is refused unless forced; so is
//!   one whose `run.json` belongs to another run.
//! - **Resume.** Only lines of this run hash, of a job in the schedule and of the shard asked
//!   for, with players that match the run's, are taken; any other line is an error naming its
//!   line number. A job journaled twice counts once. A torn last line (a kill during a write)
//!   is cut before anything is appended.

use crate::RunnerError;
use crate::journal::{JOURNAL_FILE, Journal, JournalLine, RUN_FILE, RunInfo, read_journal};
use std::collections::HashSet;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock file of a run directory.
pub const LOCK_FILE: &str = ".lock";

/// How to open a run directory.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenMode {
    /// Continue the journal: keep its games and play only the missing jobs.
    pub resume: bool,
    /// Start afresh even where the directory holds another run or other files.
    pub force: bool,
}

/// A run directory held for writing. Dropping it releases the lock.
#[derive(Debug)]
pub struct RunDir {
    dir: PathBuf,
    journal: Journal,
    _lock: File,
}

impl RunDir {
    /// Opens `dir` (creating it) for the run `info`, whose `shard` says which jobs it plays;
    /// returns the directory and the games already journaled there (with `resume`), sorted by
    /// job. Writes `run.json`.
    pub fn open(
        dir: &Path,
        info: &RunInfo,
        mode: OpenMode,
    ) -> Result<(RunDir, Vec<JournalLine>), RunnerError> {
        std::fs::create_dir_all(dir).map_err(|e| RunnerError::io(dir, e))?;
        let lock = take_lock(dir)?;
        let journal_path = dir.join(JOURNAL_FILE);
        let contents = read_journal(&journal_path)?;
        if !mode.force {
            check_ours(dir, info, mode.resume, !contents.lines.is_empty())?;
        }
        let mut done = Vec::new();
        if mode.resume {
            let shard_of_dir = match RunInfo::load(dir) {
                Ok(old) => old.shard,
                Err(_) => None,
            };
            if !contents.lines.is_empty() {
                check_shard(dir, shard_of_dir, info.shard, &contents.lines)?;
            }
            let mut seen = HashSet::new();
            for (line, number) in contents.lines.into_iter().zip(contents.numbers) {
                check_line(&journal_path, number, &line, info)?;
                if seen.insert(line.job) {
                    done.push(line);
                }
            }
            done.sort_by_key(|l| l.job);
        }
        info.save(dir)?;
        let journal = Journal::open(dir, contents.valid_len, !mode.resume)?;
        Ok((
            RunDir {
                dir: dir.to_path_buf(),
                journal,
                _lock: lock,
            },
            done,
        ))
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The journal, to append finished games to.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }
}

/// Takes the directory's lock, or names the process that holds it.
fn take_lock(dir: &Path) -> Result<File, RunnerError> {
    let path = dir.join(LOCK_FILE);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| RunnerError::io(&path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            return Err(RunnerError::Locked {
                dir: dir.to_path_buf(),
                holder: holder.trim().to_string(),
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(RunnerError::io(&path, e)),
    }
    // The holder's name is for the message of a refused second writer only.
    let name = format!("process {}", std::process::id());
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(name.as_bytes()))
        .map_err(|e| RunnerError::io(&path, e))?;
    Ok(file)
}

/// Refuses a directory that holds something other than this run, unless resuming it.
fn check_ours(
    dir: &Path,
    info: &RunInfo,
    resume: bool,
    has_games: bool,
) -> Result<(), RunnerError> {
    let run_file = dir.join(RUN_FILE);
    if run_file.exists() {
        let old = RunInfo::load(dir)?;
        if old.run != info.run {
            return Err(RunnerError::RunMismatch {
                path: run_file,
                found: old.run,
                expected: info.run.clone(),
            });
        }
        if has_games && !resume {
            return Err(RunnerError::JournalExists(dir.join(JOURNAL_FILE)));
        }
        return Ok(());
    }
    if has_games {
        return Err(RunnerError::JournalExists(dir.join(JOURNAL_FILE)));
    }
    let foreign = std::fs::read_dir(dir)
        .map_err(|e| RunnerError::io(dir, e))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|name| name != LOCK_FILE && name != JOURNAL_FILE);
    match foreign {
        Some(name) => Err(RunnerError::NotARun {
            dir: dir.to_path_buf(),
            example: name,
        }),
        None => Ok(()),
    }
}

/// A directory recorded as one shard resumes only as that shard; one without a shard (a whole,
/// merged or older run) resumes as a shard only if all its games belong to it.
fn check_shard(
    dir: &Path,
    recorded: Option<(usize, usize)>,
    asked: Option<(usize, usize)>,
    lines: &[JournalLine],
) -> Result<(), RunnerError> {
    let mismatch = match (recorded, asked) {
        (Some(r), asked) => Some(r) != asked,
        (None, Some((i, n))) => lines.iter().any(|l| l.job % n != i),
        (None, None) => false,
    };
    if !mismatch {
        return Ok(());
    }
    Err(RunnerError::ShardMismatch {
        dir: dir.to_path_buf(),
        recorded,
        asked,
    })
}

/// One journal line belongs to the run `info` (and its shard), or names what is wrong.
pub fn check_line(
    path: &Path,
    number: usize,
    line: &JournalLine,
    info: &RunInfo,
) -> Result<(), RunnerError> {
    let bad = |message: String| RunnerError::Journal {
        path: path.to_path_buf(),
        line: number,
        message,
    };
    if line.run != info.run {
        return Err(bad(format!(
            "a game of run {}, but this directory is run {}: the line is not from this run",
            line.run, info.run
        )));
    }
    if line.job >= info.jobs {
        return Err(bad(format!(
            "job {} is outside the run's {} jobs",
            line.job, info.jobs
        )));
    }
    if let Some((i, n)) = info.shard
        && line.job % n != i
    {
        return Err(bad(format!(
            "job {} does not belong to shard {i}/{n}",
            line.job
        )));
    }
    let players = &info.config.players;
    for (idx, name, colour) in [
        (line.black_idx, &line.black, "black"),
        (line.white_idx, &line.white, "white"),
    ] {
        match players.get(idx) {
            Some(p) if &p.name == name => {}
            Some(p) => {
                return Err(bad(format!(
                    "{colour} is player {idx}, '{}' in this run, but the line names '{name}'",
                    p.name
                )));
            }
            None => {
                return Err(bad(format!(
                    "{colour} is player {idx}, but the run has {} players",
                    players.len()
                )));
            }
        }
    }
    if line.black_idx == line.white_idx {
        return Err(bad(format!("player {} plays both colours", line.black_idx)));
    }
    line.check_game(Some(info.config.board.geometry()))
        .map_err(bad)
}
