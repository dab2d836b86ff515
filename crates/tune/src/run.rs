//! The driver: runs a tuning configuration in its output directory, one iteration at a time,
//! checkpointing after each, then writes the tuned table, plays the confirmation match and
//! writes the report.
//!
//! One loop serves the three methods. Each iteration is planned from the checkpoint (the
//! games it plays, if any, and what it needs to finish), its games are played or merged, and
//! the method's state advances by them. The games of an iteration are a
//! [`Step`] of the match layer, so they can be played in three ways:
//! - [`run`]: in memory (Texel's collection: journaled into `steps/collect/`, so a killed
//!   collection resumes), iteration after iteration;
//! - [`play_shard`] (`tune --shard I/N`): shard `I/N` of the next step's games, journaled into
//!   `shards/STEP/shard-III/` (it never writes the checkpoint, so shards run at once);
//! - [`merge_step`] (`tune --merge-step`): merges the shards of the next step into
//!   `steps/STEP/`, advances by them and checkpoints, as [`run`] would have.
//!
//! A step's games, its pairs counted and its update are the same in the three ways, so a
//! sharded run ends with the same table as an unsharded one, byte for byte. Each way first
//! settles SPSA's pairs of a run started under the old default ([`with_started_pairs`]).
//!
//! Files in the output directory: `state.json` (the checkpoint, format
//! [`CHECKPOINT_VERSION`]: method state, iteration, scores, history), `history.jsonl`,
//! `steps/` and `shards/` (run directories of steps), `tuned.ron`, `confirmation.json`,
//! `report/`.

use crate::TuneError;
use crate::checkpoint::with_started_pairs;
use crate::iteration::{Plan, plan, start};
use crate::tuner::Tuner;
use gomoku_config::tune::{MethodSettings, TuneConfig};
use gomoku_runner::JournalLine;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use crate::checkpoint::CHECKPOINT_VERSION;
pub use crate::output::RunOutcome;
pub use crate::tuner::{RunOptions, TUNE_OUTPUTS, Timings};

/// Where the games of a step come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Played here.
    Play,
    /// Merged from the shards in `shards/STEP/`.
    Merge,
}

/// The games of the plan's iteration, sorted by job; `None` when stopped first.
fn games(
    t: &mut Tuner<'_>,
    plan: &Plan<'_>,
    source: Source,
) -> Result<Option<Vec<JournalLine>>, TuneError> {
    let t0 = Instant::now();
    let lines = match (source, plan.step()) {
        (Source::Merge, Some(step)) => Some(step.merge(&t.shards_dir(step), &t.step_dir(step))?),
        (Source::Merge, None) => Some(Vec::new()),
        (Source::Play, _) => plan.play(t)?,
    };
    if plan.is_collection() {
        t.timings.collect += t0.elapsed();
    }
    Ok(lines)
}

/// Runs (or resumes) a tuning configuration, playing every step here.
pub fn run(cfg: &TuneConfig, opts: &RunOptions) -> Result<RunOutcome, TuneError> {
    // Only a resumed run has started (any other is refused or deleted by `load`).
    let started = if opts.resume {
        with_started_pairs(cfg)
    } else {
        std::borrow::Cow::Borrowed(cfg)
    };
    let cfg = &*started;
    let mut t = Tuner::new(cfg, opts)?;
    std::fs::create_dir_all(&t.dir).map_err(|e| TuneError::io(&t.dir, e))?;
    let mut cp = t.load(true)?.or_else(|| start(&t));
    let mut done = 0u32;
    let began = Instant::now();
    let mut first_iteration: Option<Instant> = None;
    while opts.stop_after.is_none_or(|n| done < n) && !t.stopped() {
        let Some(plan) = plan(&t, cp.as_ref())? else {
            break;
        };
        let iteration = !plan.is_collection();
        let t0 = Instant::now();
        // The ETA counts iterations only (Texel's collection is no iteration).
        let since = *first_iteration.get_or_insert(t0);
        let Some(lines) = games(&mut t, &plan, Source::Play)? else {
            break;
        };
        let next = plan.advance(&mut t, &lines)?;
        t.save(&next)?;
        done += u32::from(iteration);
        t.say(&next, t0, iteration.then_some((since, done)));
        cp = Some(next);
    }
    t.timings.iterations = began
        .elapsed()
        .saturating_sub(t.timings.collect + t.timings.prepare);
    t.outputs(cp, true)
}

/// The line that opens a run: the file's name and method, the start table (or the external
/// engine), the depth or time control, the openings and the output directory.
pub fn plan_line(cfg: &TuneConfig) -> String {
    let start = match &cfg.external {
        Some(e) => format!("external engine {}", e.name),
        None => format!("start table {}", cfg.start_table.name),
    };
    format!(
        "tune {}: method {}, {start}, {}, {} tuning / {} held-out openings, output {}",
        cfg.file.name,
        cfg.file.method.name(),
        cfg.limit_in_words(),
        cfg.tuning_openings.len(),
        cfg.holdout_openings.len(),
        cfg.output.display()
    )
}

/// What a shard played.
#[derive(Clone, Debug)]
pub struct ShardOutcome {
    /// The shard: `(I, N)`, `I` counted from 0.
    pub shard: (usize, usize),
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

impl ShardOutcome {
    /// Whether every game of the shard is journaled (or it had none to play).
    pub fn complete(&self) -> bool {
        self.games == self.total
    }
}

/// What `tune --shard` prints: the step, the shard and its games, or why it had none.
impl fmt::Display for ShardOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(step) = &self.step else {
            return write!(f, "nothing to play: {}", self.note);
        };
        let dir = self.dir.as_deref().unwrap_or(Path::new(""));
        let ((i, n), games, total) = (self.shard, self.games, self.total);
        let dir = dir.display();
        write!(
            f,
            "step {step}, shard {i}/{n}: {games} of {total} games journaled in {dir}"
        )
    }
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
        return Err(TuneError::BadShard { index: i, count: n });
    }
    let cfg = &with_started_pairs(cfg);
    let mut t = Tuner::new(cfg, opts)?;
    let mut cp = t.load(false)?.or_else(|| start(&t));
    let nothing = |note: &str| ShardOutcome {
        shard,
        step: None,
        dir: None,
        games: 0,
        total: 0,
        note: note.into(),
    };
    loop {
        let Some(plan) = plan(&t, cp.as_ref())? else {
            return Ok(nothing("the run has finished: no games left to play"));
        };
        if let Some(step) = plan.step() {
            let dir = t.shards_dir(step).join(format!("shard-{i:03}"));
            let s = step.play_into(&dir, Some(shard), opts.threads, t.stop())?;
            return Ok(ShardOutcome {
                shard,
                step: Some(step.name.clone()),
                dir: Some(dir),
                games: s.lines.len(),
                total: s.total,
                note: String::new(),
            });
        }
        if plan.is_collection() {
            return Ok(nothing(
                "Texel with games: 0 plays no games: run `tune CONFIG --resume` for its sweeps",
            ));
        }
        if plan.is_sweep() {
            return Ok(nothing(
                "Texel's sweeps play no games: run `tune CONFIG --resume` for them",
            ));
        }
        // An iteration without games (no feasible candidate) is a function of the
        // checkpoint: step over it in memory, as the merge will.
        cp = Some(plan.advance(&mut t, &[])?);
    }
}

/// The steps that play games still ahead of the run in `cfg.output`, as its checkpoint stands
/// (only a merged step counts, not its shards): the file's [`MethodSettings::steps`] before
/// the first checkpoint, none once the run has finished or Texel has its collection. A
/// cluster run submitted again chains these; a checkpoint of another run is refused.
pub fn steps_left(cfg: &TuneConfig, opts: &RunOptions) -> Result<u32, TuneError> {
    let cfg = &with_started_pairs(cfg);
    let t = Tuner::new(cfg, opts)?;
    let all = cfg.file.method.steps();
    Ok(match t.load(false)? {
        None => all,
        Some(cp) if cp.finished => 0,
        Some(_) if matches!(cfg.file.method, MethodSettings::Texel(_)) => 0,
        Some(cp) => all.saturating_sub(cp.iteration),
    })
}

/// Completes the next step of the run in `cfg.output` from its shards: merges
/// `shards/STEP/shard-*` into `steps/STEP/`, advances the method by the merged games,
/// checkpoints and writes `tuned.ron`. Iterations without games before it are advanced too.
/// The confirmation is left to `tune CONFIG --resume`.
pub fn merge_step(cfg: &TuneConfig, opts: &RunOptions) -> Result<RunOutcome, TuneError> {
    let cfg = &with_started_pairs(cfg);
    let mut t = Tuner::new(cfg, opts)?;
    let mut cp = t.load(false)?.or_else(|| start(&t));
    while let Some(plan) = plan(&t, cp.as_ref())? {
        if plan.is_sweep() {
            break;
        }
        let had_games = plan.step().is_some();
        let t0 = Instant::now();
        let lines = games(&mut t, &plan, Source::Merge)?.unwrap_or_default();
        let next = plan.advance(&mut t, &lines)?;
        t.save(&next)?;
        t.say(&next, t0, None);
        cp = Some(next);
        if had_games {
            break;
        }
    }
    t.outputs(cp, false)
}
