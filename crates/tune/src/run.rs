//! The driver: runs a tuning configuration in its output directory, one iteration at a time,
//! checkpointing after each, then writes the tuned table, plays the confirmation match and
//! writes the report.
//!
//! One loop serves the three methods. Each iteration is planned from the checkpoint
//! ([`Plan`]: the games it plays, if any, and what it needs to finish), its games are played
//! or merged, and the method's state advances by them. The games of an iteration are a
//! [`Step`] of the match layer, so they can be played in three ways:
//! - [`run`]: in memory (Texel's collection: journaled into `steps/collect/`, so a killed
//!   collection resumes), iteration after iteration;
//! - [`play_shard`] (`tune --shard I/N`): shard `I/N` of the next step's games, journaled into
//!   `shards/STEP/shard-III/` (it never writes the checkpoint, so shards run at once);
//! - [`merge_step`] (`tune --merge-step`): merges the shards of the next step into
//!   `steps/STEP/`, advances by them and checkpoints, as [`run`] would have.
//!
//! A step's games, its pairs counted and its update are the same in the three ways, so a
//! sharded run ends with the same table as an unsharded one, byte for byte.
//!
//! Files in the output directory: `state.json` (the checkpoint, format
//! [`CHECKPOINT_VERSION`]: method state, iteration, scores, history), `history.jsonl`,
//! `steps/` and `shards/` (run directories of steps), `tuned.ron`, `confirmation.json`,
//! `report/`.

use crate::TuneError;
use crate::checkpoint::{
    Checkpoint, STATE_FILE, config_key, load_checkpoint, save_checkpoint, save_history,
};
use crate::confirm::Confirmation;
use crate::hill::decided;
use crate::history::HistoryLine;
use crate::iteration::{Plan, TexelData};
use crate::matches::{Enough, Step};
use crate::params::ParamSpace;
use gomoku_config::tune::{MethodSettings, TuneConfig};
use gomoku_engine::PatternTable;
use gomoku_runner::JournalLine;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::checkpoint::CHECKPOINT_VERSION;

/// How to run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Continue from `state.json` if there is one.
    pub resume: bool,
    /// Start over when the output directory holds a run: delete what tuning wrote there
    /// (see [`TUNE_OUTPUTS`]) first.
    pub force: bool,
    /// Stop (as if interrupted) after this many iterations in this invocation.
    pub stop_after: Option<u32>,
    /// Skip the confirmation match and the report (tests).
    pub skip_confirmation: bool,
    /// The command that names the tuning file, for the tuned table's description. It should
    /// not depend on where or how the run is played (output directory, shards), so that a
    /// sharded run writes the same table as an unsharded one.
    pub command: String,
    /// Print progress to stderr.
    pub verbose: bool,
    /// Worker threads of the games (0: all cores).
    pub threads: usize,
    /// When set, no new game starts: the running step is given up (a journaled one keeps its
    /// games) and the run ends after its last checkpoint.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Wall-clock times of the phases of this invocation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timings {
    /// Texel: playing the self-play games.
    pub collect: Duration,
    /// Texel: finding the quiet positions, counting features and fitting K.
    pub prepare: Duration,
    /// The method's iterations.
    pub iterations: Duration,
    /// The confirmation match.
    pub confirmation: Duration,
}

impl std::fmt::Display for Timings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "collection {:.1} s, preparation {:.1} s, iterations {:.1} s, confirmation {:.1} s",
            self.collect.as_secs_f64(),
            self.prepare.as_secs_f64(),
            self.iterations.as_secs_f64(),
            self.confirmation.as_secs_f64()
        )
    }
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The output directory.
    pub dir: PathBuf,
    /// The current (final when `finished`) table.
    pub table: PatternTable,
    /// The history so far.
    pub history: Vec<HistoryLine>,
    /// Whether the method has finished.
    pub finished: bool,
    /// The confirmation, when played.
    pub confirmation: Option<Confirmation>,
    /// Times of this invocation.
    pub timings: Timings,
    /// Texel: positions (training, validation).
    pub positions: Option<(usize, usize)>,
}

/// Where the games of a step come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Played here.
    Play,
    /// Merged from the shards in `shards/STEP/`.
    Merge,
}

/// A run in its output directory.
pub(crate) struct Tuner<'a> {
    pub(crate) cfg: &'a TuneConfig,
    pub(crate) opts: &'a RunOptions,
    pub(crate) space: ParamSpace,
    pub(crate) dir: PathBuf,
    pub(crate) key: String,
    pub(crate) texel: Option<TexelData>,
    pub(crate) timings: Timings,
}

impl<'a> Tuner<'a> {
    /// A run of `cfg`; refuses a start table that breaks the order constraints.
    fn new(cfg: &'a TuneConfig, opts: &'a RunOptions) -> Result<Tuner<'a>, TuneError> {
        let space = ParamSpace::new(cfg.start_table.clone(), cfg.pin, &cfg.order);
        if !space.feasible(&space.start()) {
            return Err(TuneError::Invalid(format!(
                "the start table breaks the order constraints: {}",
                space.violations(&space.start()).join("; ")
            )));
        }
        Ok(Tuner {
            cfg,
            opts,
            space,
            dir: cfg.output.clone(),
            key: config_key(cfg),
            texel: None,
            timings: Timings::default(),
        })
    }

    /// The run seed.
    pub(crate) fn seed(&self) -> u64 {
        self.cfg.file.seed
    }

    /// The stop flag, if any.
    pub(crate) fn stop(&self) -> Option<&AtomicBool> {
        self.opts.stop.as_deref()
    }

    /// Whether the stop flag is set.
    pub(crate) fn stopped(&self) -> bool {
        self.stop().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The checkpoint, or the start of a match or SPSA run when there is none (`None` for
    /// Texel, whose start needs its games). With `fresh_only`, an existing checkpoint is
    /// refused unless resuming.
    fn load(&self, fresh_only: bool) -> Result<Option<Checkpoint>, TuneError> {
        let path = self.dir.join(STATE_FILE);
        if !path.exists() {
            return Ok(self.start());
        }
        if fresh_only && !self.opts.resume {
            if !self.opts.force {
                return Err(TuneError::CheckpointExists(path));
            }
            for name in TUNE_OUTPUTS {
                let p = self.dir.join(name);
                let gone = if p.is_dir() {
                    std::fs::remove_dir_all(&p)
                } else {
                    std::fs::remove_file(&p)
                };
                match gone {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        return Err(TuneError::io(&p, e));
                    }
                    _ => {}
                }
            }
            return Ok(self.start());
        }
        let cp = load_checkpoint(&path)?;
        if cp.key != self.key {
            return Err(TuneError::Mismatch(format!(
                "{}: checkpoint of another configuration (key {}, this one {}); use another output directory",
                path.display(),
                cp.key,
                self.key
            )));
        }
        if fresh_only {
            // Only `tune --resume` heals the history: shards share the directory.
            save_history(&self.dir, &cp)?;
        }
        Ok(Some(cp))
    }

    /// The run directory of a step's whole (or merged) games.
    fn step_dir(&self, step: &Step) -> PathBuf {
        self.dir.join("steps").join(&step.name)
    }

    /// The directory of a step's shard directories.
    fn shards_dir(&self, step: &Step) -> PathBuf {
        self.dir.join("shards").join(&step.name)
    }

    /// The games of the plan's iteration, sorted by job; `None` when stopped first.
    fn games(
        &mut self,
        plan: &Plan,
        source: Source,
    ) -> Result<Option<Vec<JournalLine>>, TuneError> {
        let threads = self.opts.threads;
        let t0 = Instant::now();
        let lines = match (plan, source) {
            (Plan::Sweep(_), _) if self.texel.is_some() => Some(Vec::new()),
            // The collection is journaled (resumed when killed); a sweep reads it back.
            (Plan::Collect(None) | Plan::Sweep(None), _) => Some(Vec::new()),
            (Plan::Collect(Some(step)), Source::Play) | (Plan::Sweep(Some(step)), _) => {
                let s = step.play_into(&self.step_dir(step), None, threads, self.stop())?;
                s.complete().then_some(s.lines)
            }
            (Plan::Match { step: None, .. }, _) => Some(Vec::new()),
            (plan, Source::Merge) => {
                let step = plan.step().expect("a step with games");
                Some(step.merge(&self.shards_dir(step), &self.step_dir(step))?)
            }
            (
                Plan::Match {
                    step: Some(step), ..
                },
                Source::Play,
            ) => {
                let MethodSettings::Match(m) = &self.cfg.file.method else {
                    unreachable!("a match plan comes from match settings")
                };
                let enough = |scores: &[[f64; 2]]| decided(m, scores);
                step.play(threads, self.stop(), Some(&enough as &Enough<'_>))?
            }
            (Plan::Spsa { step, .. }, Source::Play) => step.play(threads, self.stop(), None)?,
        };
        if matches!(plan, Plan::Collect(_)) {
            self.timings.collect += t0.elapsed();
        }
        Ok(lines)
    }

    /// Prints the checkpoint's last history line (verbose only).
    /// Prints the iteration just checkpointed: `iteration K of N`, its note and loss, the
    /// scores that moved most from the start, its time and the run's ETA (the mean time of
    /// this invocation's iterations times those left).
    fn say(&self, cp: &Checkpoint, t0: Instant, pace: Option<(Instant, u32)>) {
        if !self.opts.verbose {
            return;
        }
        let Some(line) = cp.history.last() else {
            return;
        };
        let loss = match (line.loss, line.validation_loss) {
            (Some(l), Some(v)) => format!(" (training loss {l:.6}, validation loss {v:.6})"),
            (Some(l), None) => format!(" (training loss {l:.6})"),
            _ => String::new(),
        };
        let total = match &self.cfg.file.method {
            MethodSettings::Texel(t) => t.iterations,
            MethodSettings::Match(m) => m.iterations,
            MethodSettings::Spsa(s) => s.iterations,
        };
        let eta = match pace {
            Some((since, done)) if done > 0 && line.iteration < total => {
                let each = since.elapsed().as_secs_f64() / f64::from(done);
                format!(", ETA {:.0} s", each * f64::from(total - line.iteration))
            }
            _ => String::new(),
        };
        let moved = cp
            .history
            .first()
            .map(|start| largest_moves(&start.scores, &line.scores, 3))
            .filter(|m| !m.is_empty())
            .map_or(String::new(), |m| {
                format!("; moved most from the start: {m}")
            });
        eprintln!(
            "iteration {} of {total}: {}{loss}{moved} ({:.1} s{eta})",
            line.iteration,
            line.note,
            t0.elapsed().as_secs_f64()
        );
    }

    /// Writes the checkpoint and the history.
    fn save(&self, cp: &Checkpoint) -> Result<(), TuneError> {
        save_checkpoint(&self.dir, cp)
    }
}

/// Runs (or resumes) a tuning configuration, playing every step here.
pub fn run(cfg: &TuneConfig, opts: &RunOptions) -> Result<RunOutcome, TuneError> {
    let mut t = Tuner::new(cfg, opts)?;
    std::fs::create_dir_all(&t.dir).map_err(|e| TuneError::io(&t.dir, e))?;
    let mut cp = t.load(true)?;
    let mut done = 0u32;
    let start = Instant::now();
    let mut first_iteration: Option<Instant> = None;
    while opts.stop_after.is_none_or(|n| done < n) && !t.stopped() {
        let Some(plan) = t.plan(cp.as_ref())? else {
            break;
        };
        let iteration = !matches!(plan, Plan::Collect(_));
        let t0 = Instant::now();
        // The ETA counts iterations only (Texel's collection is no iteration).
        let since = *first_iteration.get_or_insert(t0);
        let Some(lines) = t.games(&plan, Source::Play)? else {
            break;
        };
        let next = t.advance(cp, plan, &lines)?;
        t.save(&next)?;
        done += u32::from(iteration);
        t.say(&next, t0, iteration.then_some((since, done)));
        cp = Some(next);
    }
    t.timings.iterations = start
        .elapsed()
        .saturating_sub(t.timings.collect + t.timings.prepare);
    t.outputs(cp, true)
}

/// The `n` scores furthest from their start value, relative to it (`three-open +12%
/// (400 -> 448)`), largest first; scores that did not move are left out.
fn largest_moves(start: &[(String, f64)], now: &[(String, f64)], n: usize) -> String {
    let mut moves: Vec<(f64, &str, f64, f64)> = start
        .iter()
        .zip(now)
        .filter(|((_, a), (_, b))| a.round() != b.round())
        .map(|((name, a), (_, b))| ((b - a) / a.abs().max(1.0), name.as_str(), *a, *b))
        .collect();
    moves.sort_by(|x, y| y.0.abs().total_cmp(&x.0.abs()));
    moves
        .iter()
        .take(n)
        .map(|&(rel, name, a, b)| format!("{name} {:+.0}% ({a:.0} -> {b:.0})", rel * 100.0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a tuning run writes in its output directory, and all that `--force` deletes there.
pub const TUNE_OUTPUTS: [&str; 7] = [
    STATE_FILE,
    "history.jsonl",
    "steps",
    "shards",
    "tuned.ron",
    "confirmation.json",
    "report",
];

/// What a shard played.
#[derive(Clone, Debug)]
pub struct ShardOutcome {
    /// The step (`None`: the next step plays no games, see `note`).
    pub step: Option<String>,
    /// The shard's run directory.
    pub dir: Option<PathBuf>,
    /// Games of the shard journaled (resumed ones included).
    pub games: usize,
    /// Games of the shard.
    pub total: usize,
    /// Why there was nothing to play.
    pub note: String,
}

/// Plays shard `(i, n)` of the next step of the run in `cfg.output` (as its checkpoint
/// stands) into `shards/STEP/shard-III/`, continuing that journal. Never writes the
/// checkpoint: the shards of a step run at the same time, and [`merge_step`] advances.
pub fn play_shard(
    cfg: &TuneConfig,
    shard: (usize, usize),
    opts: &RunOptions,
) -> Result<ShardOutcome, TuneError> {
    let (i, n) = shard;
    if n == 0 || i >= n {
        return Err(TuneError::Invalid(format!(
            "shard {i}/{n}: need 0 <= I < N"
        )));
    }
    let mut t = Tuner::new(cfg, opts)?;
    let mut cp = t.load(false)?;
    let nothing = |note: &str| ShardOutcome {
        step: None,
        dir: None,
        games: 0,
        total: 0,
        note: note.into(),
    };
    loop {
        let Some(plan) = t.plan(cp.as_ref())? else {
            return Ok(nothing("the run has finished: no games left to play"));
        };
        match (&plan, plan.step()) {
            (_, Some(step)) => {
                let dir = t.shards_dir(step).join(format!("shard-{i:03}"));
                let s = step.play_into(&dir, Some(shard), opts.threads, t.stop())?;
                return Ok(ShardOutcome {
                    step: Some(step.name.clone()),
                    dir: Some(dir),
                    games: s.lines.len(),
                    total: s.total,
                    note: String::new(),
                });
            }
            (Plan::Collect(None), None) => {
                return Ok(nothing(
                    "Texel with games: 0 plays no games: run `tune CONFIG --resume` for its sweeps",
                ));
            }
            (Plan::Sweep(_), None) => {
                return Ok(nothing(
                    "Texel's sweeps play no games: run `tune CONFIG --resume` for them",
                ));
            }
            // An iteration without games (no feasible candidate) is a function of the
            // checkpoint: step over it in memory, as the merge will.
            (_, None) => cp = Some(t.advance(cp, plan, &[])?),
        }
    }
}

/// Completes the next step of the run in `cfg.output` from its shards: merges
/// `shards/STEP/shard-*` into `steps/STEP/`, advances the method by the merged games,
/// checkpoints and writes `tuned.ron`. Iterations without games before it are advanced too.
/// The confirmation is left to `tune CONFIG --resume`.
pub fn merge_step(cfg: &TuneConfig, opts: &RunOptions) -> Result<RunOutcome, TuneError> {
    let mut t = Tuner::new(cfg, opts)?;
    let mut cp = t.load(false)?;
    while let Some(plan) = t.plan(cp.as_ref())? {
        if matches!(plan, Plan::Sweep(_)) {
            break;
        }
        let had_games = plan.step().is_some();
        let t0 = Instant::now();
        let lines = t
            .games(&plan, Source::Merge)?
            .expect("a merge is never stopped");
        let next = t.advance(cp, plan, &lines)?;
        t.save(&next)?;
        t.say(&next, t0, None);
        cp = Some(next);
        if had_games {
            break;
        }
    }
    t.outputs(cp, false)
}

#[cfg(test)]
mod tests {
    use super::largest_moves;

    #[test]
    fn the_largest_moves_are_relative_to_the_start() {
        let named = |v: &[f64]| -> Vec<(String, f64)> {
            v.iter()
                .enumerate()
                .map(|(i, &x)| (format!("s{i}"), x))
                .collect()
        };
        let start = named(&[400.0, 10.0, -50.0, 7.0]);
        let now = named(&[440.0, 15.0, -40.0, 7.2]);
        // s1 moved 50%, s2 20%, s0 10%; s3 rounds to the same value.
        assert_eq!(
            largest_moves(&start, &now, 2),
            "s1 +50% (10 -> 15), s2 +20% (-50 -> -40)"
        );
        assert_eq!(largest_moves(&start, &start, 3), "");
    }
}
