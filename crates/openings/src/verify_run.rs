//! A verification as `gomoku-arena openings verify` runs it: played (whole, resumed or one
//! shard) into a run directory or in memory, or merged from the run directories of its
//! shards; and the `--lopsided` threshold that flags openings.

use crate::{OpeningsError, PLAYERS, Verification};
use gomoku_runner::progress::ConsoleObserver;
use gomoku_runner::{JournalLine, OpenMode, RunOptions};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A `--lopsided` threshold that can flag nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected a distance from 0.5 above 0 and below 0.5 (0.5 would flag nothing)")]
pub struct LopsidedError;

/// A `--lopsided` threshold: a distance from 0.5 that some score can exceed (0.5 or more
/// would flag nothing).
pub fn parse_lopsided(text: &str) -> Result<f64, LopsidedError> {
    match text.parse::<f64>() {
        Ok(x) if x > 0.0 && x < 0.5 => Ok(x),
        _ => Err(LopsidedError),
    }
}

/// How a verification is run.
#[derive(Clone, Copy, Debug)]
pub struct VerifyRun<'a> {
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// The run directory (none: the games stay in memory); with `merge`, the merged one.
    pub out: Option<&'a Path>,
    /// Resume or force, as a tournament's run directory takes them.
    pub mode: OpenMode,
    /// One stripe `(I, N)` of the jobs, if any.
    pub shard: Option<(usize, usize)>,
    /// Shard directories to merge into `out` instead of playing (none: play).
    pub merge: &'a [PathBuf],
}

/// The games of a verification run, and what the user should be told about them.
#[derive(Clone, Debug)]
pub struct VerifiedGames {
    /// Every game of the run (of the shard, when one was played).
    pub lines: Vec<JournalLine>,
    /// The jobs a merge found missing, in words; empty when none is.
    pub missing: String,
    /// Lines to show before the figures: a merge's duplicates, which shard was played.
    pub notes: Vec<String>,
}

/// Plays the verification `v` as `how` says (the progress on the console), or merges its
/// shards' directories when `how.merge` names some and there is an output directory.
pub fn run_verification(
    v: &Verification,
    how: &VerifyRun<'_>,
) -> Result<VerifiedGames, OpeningsError> {
    let mut notes = Vec::new();
    let (lines, missing) = match how.out {
        Some(out) if !how.merge.is_empty() => {
            let (merge, lines) = v.merge(out, how.merge, how.mode.force)?;
            if !merge.duplicates.is_empty() {
                notes.push(format!("warning: {}", merge.duplicates_summary()));
            }
            (lines, merge.missing_summary())
        }
        _ => {
            let observer = ConsoleObserver::new(PLAYERS.map(String::from).to_vec(), 0, true);
            let opts = RunOptions {
                threads: how.threads,
                output: how.out,
                mode: how.mode,
                shard: how.shard,
                observer: Some(&observer),
                ..RunOptions::default()
            };
            (v.play(&opts)?.lines, String::new())
        }
    };
    if let Some((i, n)) = how.shard {
        let (run, jobs) = (&v.info().run, v.info().jobs);
        notes.push(format!(
            "shard {i}/{n} of run {run}: {} of {jobs} games (the figures below are this shard's only)",
            lines.len()
        ));
    }
    Ok(VerifiedGames {
        lines,
        missing,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::parse_lopsided;

    #[test]
    fn the_lopsided_threshold_can_flag_something() {
        assert_eq!(parse_lopsided("0.4"), Ok(0.4));
        assert!(parse_lopsided("0.1").is_ok());
        // 0.5 and more flag nothing: |score - 0.5| never exceeds 0.5.
        for bad in ["0.5", "0.7", "0", "-0.1", "NaN", "x"] {
            assert!(parse_lopsided(bad).is_err(), "{bad}");
        }
    }
}
