//! A tournament: its fixed schedule played through the match layer ([`crate::batch`]) into a
//! run directory ([`crate::rundir`]), whole or as one shard, fresh or resumed.

use crate::RunnerError;
use crate::batch::{Batch, BatchResult, Observer, Participant, PlayOptions};
use crate::journal::{JournalLine, RunInfo};
use crate::rundir::{OpenMode, RunDir};
use crate::schedule::{Job, build_schedule, cgc_schedule, shard_jobs};
use gomoku_board::{Geometry, Pos};
use gomoku_config::run::{RunConfig, RunKind};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// Everything that decides the games of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    /// The typed configuration (written to `run.json`, hashed into the run hash).
    pub config: RunConfig,
    /// The players, by index, as the config describes them.
    pub participants: Vec<Participant>,
    /// The opening book, each line already checked against board and rule.
    pub openings: Vec<Vec<Pos>>,
}

impl TournamentSpec {
    /// The tournament of a config and its book, with players built from the config.
    pub fn new(config: RunConfig, openings: Vec<Vec<Pos>>) -> Result<TournamentSpec, RunnerError> {
        Ok(TournamentSpec {
            participants: crate::players::participants(&config)?,
            config,
            openings,
        })
    }

    /// Board shape.
    pub fn geometry(&self) -> Geometry {
        self.config.board.geometry()
    }

    /// The full schedule: the tournament's, or c-gomoku-cli's for a run of its command line.
    pub fn schedule(&self) -> Vec<Job> {
        if let RunKind::CGomokuCli(layout) = self.config.kind {
            let stones: Vec<usize> = self.openings.iter().map(Vec::len).collect();
            return cgc_schedule(
                self.participants.len(),
                &self.config.pairing,
                &stones,
                self.config.rounds,
                layout,
                self.config.book.transform,
            );
        }
        build_schedule(
            self.participants.len(),
            &self.config.pairing,
            self.openings.len(),
            self.config.rounds,
            self.config.book.transform,
            self.geometry(),
            self.config.seed,
        )
    }

    /// The content of `run.json` (unsharded).
    pub fn run_info(&self) -> RunInfo {
        RunInfo::new(self.config.clone(), &self.openings, self.schedule().len())
    }

    /// One line: name, players, openings, rounds, games (and the shard's share), run hash.
    pub fn describe(&self, shard: Option<(usize, usize)>) -> String {
        let jobs = self.schedule().len();
        let part = match shard {
            Some((i, n)) => format!(
                ", shard {i}/{n} counted from 0 ({}of{n} from 1: the {} with index % {n} = {i})",
                i + 1,
                (0..jobs).filter(|j| j % n == i).count()
            ),
            None => String::new(),
        };
        format!(
            "{}: {} players, {} openings x {} rounds, {jobs} games{part}, run {}",
            self.config.name,
            self.participants.len(),
            self.openings.len(),
            self.config.rounds,
            self.run_info().run
        )
    }

    fn validate(&self) -> Result<(), RunnerError> {
        if self.participants.len() < 2 {
            return Err(RunnerError::TooFewParticipants);
        }
        let mut seen = HashSet::new();
        for p in &self.participants {
            if !seen.insert(p.name.as_str()) {
                return Err(RunnerError::DuplicateName(p.name.clone()));
            }
        }
        if self.openings.is_empty() {
            return Err(RunnerError::EmptyBook);
        }
        Ok(())
    }
}

/// How to run.
#[derive(Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Output directory for `run.json` and `games.jsonl`; `None` keeps the games in memory.
    pub output: Option<&'a std::path::Path>,
    /// How to open the output directory (resume, force).
    pub mode: OpenMode,
    /// Play only the jobs with `index % n == i` (shard `(i, n)`). The split is striped rather
    /// than contiguous blocks because the schedule nests rounds, openings and pairs: a block
    /// would give one shard a few openings (or one round) and another shard others; stripes
    /// give every shard a fair mix, so shards take about the same time and any `n` works with
    /// any schedule length. The shard's `run.json` records `(i, n)` and the unsharded run's
    /// hash, so `crate::merge::merge_runs` rebuilds that run exactly.
    pub shard: Option<(usize, usize)>,
    /// When set, no new job starts; running games finish and are journaled.
    pub stop: Option<&'a AtomicBool>,
    /// Progress reports.
    pub observer: Option<&'a dyn Observer>,
    /// c-gomoku-cli's `-fatalerror` ([`PlayOptions::fatal_faults`]).
    pub fatal_faults: bool,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct RunSummary {
    /// Every journaled game of this run and shard (resumed ones included), by job index.
    pub lines: Vec<JournalLine>,
    /// Jobs of this shard.
    pub total: usize,
    /// Jobs found finished in the journal at the start.
    pub resumed: usize,
    /// What was played now.
    pub batch: BatchResult,
}

impl RunSummary {
    /// Whether every job of the shard has a journal line.
    pub fn complete(&self) -> bool {
        self.lines.len() == self.total
    }

    /// Whether the run stopped before its last job.
    pub fn interrupted(&self) -> bool {
        !self.complete()
    }

    /// Games played now.
    pub fn played(&self) -> usize {
        self.batch.lines.len()
    }
}

/// Runs a tournament: plays the jobs of the shard not yet journaled and returns every
/// journaled game of the shard.
pub fn run_tournament(
    spec: &TournamentSpec,
    opts: &RunOptions<'_>,
) -> Result<RunSummary, RunnerError> {
    spec.validate()?;
    let info = spec.run_info();
    let batch = Batch {
        run: &info.run,
        participants: &spec.participants,
        openings: &spec.openings,
        geometry: spec.geometry(),
        rule: spec.config.board.rule.into(),
        control: crate::players::time_control(spec.config.time_control),
        move_cap: spec.config.move_cap,
        seed: spec.config.seed,
    };
    run_jobs(&info, &batch, spec.schedule(), opts)
}

/// Plays the jobs of a run (`info`, its `jobs` in schedule order) through `batch`: those of
/// the shard `opts.shard`, skipping the ones the output directory has journaled already (the
/// one resume rule), and returns every journaled game of the shard. Tournaments and opening
/// verification are such runs; the SPRT and tuning steps play batches of their own.
pub fn run_jobs(
    info: &RunInfo,
    batch: &Batch<'_>,
    mut jobs: Vec<Job>,
    opts: &RunOptions<'_>,
) -> Result<RunSummary, RunnerError> {
    if let Some((i, n)) = opts.shard
        && (n == 0 || i >= n)
    {
        return Err(RunnerError::BadShard { index: i, count: n });
    }
    let info = RunInfo {
        shard: opts.shard,
        ..info.clone()
    };
    shard_jobs(&mut jobs, opts.shard);
    let total = jobs.len();
    let (dir, done) = match opts.output {
        None => (None, Vec::new()),
        Some(path) => {
            let (dir, done) = RunDir::open(path, &info, opts.mode)?;
            (Some(dir), done)
        }
    };
    let finished: HashSet<usize> = done.iter().map(|l| l.job).collect();
    jobs.retain(|j| !finished.contains(&j.index));
    if let Some(obs) = opts.observer {
        obs.started(total, &done);
    }
    let played = batch.play(
        &jobs,
        &PlayOptions {
            threads: opts.threads,
            journal: dir.as_ref().map(RunDir::journal),
            stop: opts.stop,
            observer: opts.observer,
            fatal_faults: opts.fatal_faults,
        },
    )?;
    let resumed = done.len();
    let mut lines = done;
    lines.extend(played.lines.iter().cloned());
    lines.sort_by_key(|l| l.job);
    if let Some(obs) = opts.observer {
        obs.finished(&played);
    }
    Ok(RunSummary {
        lines,
        total,
        resumed,
        batch: played,
    })
}
