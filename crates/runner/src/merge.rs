//! Merging the directories of a sharded run (`tournament --shard I/N`) into one run directory
//! equal to the unsharded run: the same `run.json`, the same journal lines sorted by job (each
//! line as its shard journaled it, timing included), and the outputs rebuilt from them by
//! [`crate::outputs::write_outputs`].
//!
//! A merge reads only `run.json` and `games.jsonl` of each input, so the inputs may be shards
//! of any count, a shard given twice, or an earlier merged (partial) run plus more shards:
//! games are identified by their job index alone. It refuses inputs of another run (another
//! run hash, i.e. another normalized configuration or seed) and a job played two different
//! ways; it reports, without failing, identical duplicates (one is kept) and missing jobs
//! (the merged run is then incomplete, and `tournament CONFIG --resume --out OUT` plays them).

use crate::RunnerError;
use crate::journal::{JOURNAL_FILE, JournalLine, RUN_FILE, RunInfo, read_journal, shard_name};
use crate::outputs::write_outputs_from;
use crate::standings::Standings;
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::path::{Path, PathBuf};

/// How to merge.
#[derive(Clone, Copy, Debug, Default)]
pub struct MergeOptions {
    /// Write into an output directory that already holds files (never into an input).
    pub force: bool,
}

/// One input directory as read.
#[derive(Clone, Debug)]
pub struct MergeInput {
    /// The directory.
    pub dir: PathBuf,
    /// The shard its `run.json` records, `None` for a whole or merged run.
    pub shard: Option<(usize, usize)>,
    /// Journal lines read (a torn last line excluded).
    pub games: usize,
    /// Whether its journal ended in a torn line (a shard killed mid-write; that game is
    /// missing unless another input has it).
    pub torn: bool,
}

/// A job found more than once, identical apart from timing; the first one read is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// The job index.
    pub job: usize,
    /// The directory whose line was kept.
    pub kept: PathBuf,
    /// The directory whose line was dropped (may be the same directory).
    pub dropped: PathBuf,
}

/// What a merge did.
#[derive(Clone, Debug)]
pub struct MergeReport {
    /// The output directory.
    pub out: PathBuf,
    /// The run hash shared by every input.
    pub run: String,
    /// The inputs, in the order given.
    pub inputs: Vec<MergeInput>,
    /// Jobs in the full schedule.
    pub total: usize,
    /// Distinct jobs written to the merged journal.
    pub games: usize,
    /// Jobs found more than once (identical apart from timing).
    pub duplicates: Vec<Duplicate>,
    /// Jobs of the schedule found in no input, ascending.
    pub missing: Vec<usize>,
    /// The standings of the merged run.
    pub standings: Standings,
}

impl MergeReport {
    /// Whether every job of the schedule is in the merged journal.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
    }

    /// The shard count shared by every sharded input, if they agree.
    pub fn shard_count(&self) -> Option<usize> {
        let mut counts = self.inputs.iter().filter_map(|i| i.shard.map(|(_, n)| n));
        let first = counts.next()?;
        counts.all(|n| n == first).then_some(first)
    }

    /// One line about the missing jobs: their count, the first few indices and, when the
    /// inputs are shards of one count N, the shards they belong to. Empty when complete.
    pub fn missing_summary(&self) -> String {
        if self.missing.is_empty() {
            return String::new();
        }
        let mut text = format!(
            "{} of {} jobs missing: {}",
            self.missing.len(),
            self.total,
            first_jobs(&self.missing)
        );
        if let Some(n) = self.shard_count() {
            let mut shards: Vec<usize> = self.missing.iter().map(|j| j % n).collect();
            shards.sort_unstable();
            shards.dedup();
            let names: Vec<String> = shards.iter().map(|i| format!("{i}/{n}")).collect();
            text += &format!(" (of shard {})", names.join(", "));
        }
        text
    }

    /// The run, how many inputs went into which directory, then a line per input
    /// ([`MergeInput::describe`], indented).
    pub fn inputs_text(&self) -> String {
        let (n, out) = (self.inputs.len(), self.out.display());
        let mut text = format!("run {}, {n} input(s) into {out}:", self.run);
        for input in &self.inputs {
            text += &format!("\n  {}", input.describe());
        }
        text
    }

    /// One line about the duplicates. Empty when there are none.
    pub fn duplicates_summary(&self) -> String {
        if self.duplicates.is_empty() {
            return String::new();
        }
        let jobs: Vec<usize> = self.duplicates.iter().map(|d| d.job).collect();
        let d = &self.duplicates[0];
        format!(
            "{} duplicate jobs, identical apart from timing, kept once: {} (job {} in {} and in {})",
            self.duplicates.len(),
            first_jobs(&jobs),
            d.job,
            d.kept.display(),
            d.dropped.display()
        )
    }
}

/// The first ten of `jobs`, then `...` when there are more: `1, 5, 9, ...`.
fn first_jobs(jobs: &[usize]) -> String {
    let first: Vec<String> = jobs.iter().take(10).map(usize::to_string).collect();
    let more = if jobs.len() > 10 { ", ..." } else { "" };
    format!("{}{more}", first.join(", "))
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Merges the run directories `dirs` (shards of one run) into `out`: checks that they belong
/// to one run, joins their journals by job index, writes `out/run.json` (the unsharded run's),
/// `out/games.jsonl` sorted by job, and the outputs of [`crate::outputs::write_outputs`].
/// Missing jobs do not stop the merge: the report lists them.
pub fn merge_runs(
    out: &Path,
    dirs: &[PathBuf],
    opts: &MergeOptions,
) -> Result<MergeReport, RunnerError> {
    if dirs.is_empty() {
        return Err(RunnerError::MergeNoInputs);
    }
    if let Some(dir) = dirs.iter().find(|d| same_dir(d, out)) {
        return Err(RunnerError::MergeIntoInput {
            out: out.to_path_buf(),
            input: dir.clone(),
        });
    }
    if out.exists() && !opts.force {
        let occupied = std::fs::read_dir(out)
            .map_err(|e| RunnerError::io(out, e))?
            .next()
            .is_some();
        if occupied {
            return Err(RunnerError::MergeOutputOccupied(out.to_path_buf()));
        }
    }

    // Read every input and check that they are shards of one run.
    let mut reference: Option<(PathBuf, RunInfo)> = None;
    let mut inputs = Vec::with_capacity(dirs.len());
    let mut games: BTreeMap<usize, (JournalLine, usize)> = BTreeMap::new();
    let mut duplicates = Vec::new();
    for (k, dir) in dirs.iter().enumerate() {
        if !dir.join(RUN_FILE).is_file() {
            return Err(RunnerError::MergeNotARun(dir.clone()));
        }
        let info = RunInfo::load(dir)?;
        let shard = info.shard;
        let whole = RunInfo {
            shard: None,
            ..info.clone()
        };
        match &reference {
            None => reference = Some((dir.clone(), whole)),
            Some((first, expected)) => {
                if info.run != expected.run {
                    return Err(RunnerError::ForeignRun {
                        path: dir.clone(),
                        found: info.run,
                        first: first.clone(),
                        expected: expected.run.clone(),
                    });
                }
                if whole != *expected {
                    return Err(RunnerError::MergeSettingsDiffer {
                        dir: dir.clone(),
                        first: first.clone(),
                        run: info.run,
                    });
                }
            }
        }
        let path = dir.join(JOURNAL_FILE);
        let contents = read_journal(&path)?;
        inputs.push(MergeInput {
            dir: dir.clone(),
            shard,
            games: contents.lines.len(),
            torn: contents.torn,
        });
        for (line, number) in contents.lines.into_iter().zip(contents.numbers) {
            crate::rundir::check_line(&path, number, &line, &info)?;
            match games.entry(line.job) {
                Entry::Vacant(v) => {
                    v.insert((line, k));
                }
                Entry::Occupied(o) => {
                    let (kept, from) = o.get();
                    if kept.without_timing() != line.without_timing() {
                        return Err(RunnerError::MergeConflict {
                            job: line.job,
                            first: dirs[*from].clone(),
                            second: dir.clone(),
                        });
                    }
                    duplicates.push(Duplicate {
                        job: line.job,
                        kept: dirs[*from].clone(),
                        dropped: dir.clone(),
                    });
                }
            }
        }
    }
    let (_, info) = reference.expect("at least one input");
    let missing: Vec<usize> = (0..info.jobs).filter(|j| !games.contains_key(j)).collect();
    let lines: Vec<JournalLine> = games.into_values().map(|(l, _)| l).collect();

    // Write the merged run: run.json without a shard, the journal in job order (through a
    // temporary file, so that a killed merge never leaves a half journal behind).
    std::fs::create_dir_all(out).map_err(|e| RunnerError::io(out, e))?;
    info.save(out)?;
    let mut text = Vec::new();
    for line in &lines {
        serde_json::to_writer(&mut text, line).expect("journal lines serialize");
        text.push(b'\n');
    }
    crate::journal::write_atomic(&out.join(JOURNAL_FILE), &text)?;
    let standings = write_outputs_from(out, &info, &lines)?;
    Ok(MergeReport {
        out: out.to_path_buf(),
        run: info.run,
        inputs,
        total: info.jobs,
        games: lines.len(),
        duplicates,
        missing,
        standings,
    })
}

impl MergeInput {
    /// `DIR (shard I/N, G games)`.
    pub fn describe(&self) -> String {
        format!(
            "{} (shard {}, {} games{})",
            self.dir.display(),
            shard_name(self.shard),
            self.games,
            if self.torn {
                ", a torn last line ignored"
            } else {
                ""
            }
        )
    }
}
