//! A tuning run in its output directory ([`Tuner`]): its configuration and options, the
//! parameter space, the key its checkpoints carry, Texel's positions once loaded and the
//! times of its phases. It loads, saves and prints checkpoints, names the directories its
//! steps are played in, and turns what an iteration changed ([`Iteration`]) into the next
//! checkpoint; the methods' own iterations are in `iteration/`.

use crate::TuneError;
use crate::checkpoint::{
    CHECKPOINT_VERSION, Checkpoint, MethodState, STATE_FILE, config_key, load_checkpoint,
    save_checkpoint, save_history,
};
use crate::history::HistoryLine;
use crate::matches::{BookSlice, Step, StepSpec, iteration_seed};
use crate::params::ParamSpace;
use crate::texel::LossData;
use gomoku_config::run::{PlayerRecord, RunKind};
use gomoku_config::tune::{MethodSettings, TuneConfig};
use gomoku_engine::EngineParams;
use gomoku_stats::fmt_elo_pm;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

/// The tuned table, in the schema of `configs/tables/*.ron`.
pub const TUNED_TABLE: &str = "tuned.ron";
/// The tuned engine, a complete engine file (table in place) that `match` and `analyze
/// --engine` read.
pub const TUNED_ENGINE: &str = "tuned-engine.ron";
/// An external engine's tuned `args` and `options`, lines to paste into its `External(..)`.
pub const TUNED_OPTIONS: &str = "tuned-options.ron";

/// What a tuning run writes in its output directory, and all that `--force` deletes there.
pub const TUNE_OUTPUTS: [&str; 9] = [
    STATE_FILE,
    "history.jsonl",
    "steps",
    "shards",
    TUNED_TABLE,
    TUNED_ENGINE,
    TUNED_OPTIONS,
    "confirmation.json",
    "report",
];

/// Texel's positions, split by game; loaded once per invocation.
pub(crate) struct TexelData {
    pub(crate) train: LossData,
    pub(crate) val: LossData,
    pub(crate) games: u64,
}

/// What one iteration changed: the method's new state and its history line's contents.
pub(crate) struct Iteration {
    pub(crate) state: MethodState,
    pub(crate) iteration: u32,
    pub(crate) scores: Vec<f64>,
    pub(crate) games: u64,
    pub(crate) finished: bool,
    pub(crate) note: String,
    pub(crate) loss: Option<f64>,
    pub(crate) validation_loss: Option<f64>,
    pub(crate) elo: Option<f64>,
    pub(crate) elo_error95: Option<f64>,
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
    pub(crate) fn new(cfg: &'a TuneConfig, opts: &'a RunOptions) -> Result<Tuner<'a>, TuneError> {
        let space =
            ParamSpace::new(cfg.start_table.clone(), cfg.pin, &cfg.order).with_params(&cfg.params);
        if !space.feasible(&space.start()) {
            return Err(TuneError::StartBreaksOrder(
                space.violations(&space.start()).join("; "),
            ));
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

    /// The checkpoint in the output directory, `None` when there is none. With `fresh_only`,
    /// an existing checkpoint is refused unless resuming, or deleted with the rest of the
    /// run's outputs under `--force`.
    pub(crate) fn load(&self, fresh_only: bool) -> Result<Option<Checkpoint>, TuneError> {
        let path = self.dir.join(STATE_FILE);
        if !path.exists() {
            return Ok(None);
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
            return Ok(None);
        }
        let cp = load_checkpoint(&path)?;
        if cp.key != self.key {
            return Err(TuneError::ForeignCheckpoint {
                path,
                found: cp.key,
                expected: self.key.clone(),
            });
        }
        if fresh_only {
            // Only `tune --resume` heals the history: shards share the directory.
            save_history(&self.dir, &cp)?;
        }
        Ok(Some(cp))
    }

    /// The run directory of a step's whole (or merged) games.
    pub(crate) fn step_dir(&self, step: &Step) -> PathBuf {
        self.dir.join("steps").join(&step.name)
    }

    /// The directory of a step's shard directories.
    pub(crate) fn shards_dir(&self, step: &Step) -> PathBuf {
        self.dir.join("shards").join(&step.name)
    }

    /// Prints the iteration just checkpointed: `iteration K of N`, its note and loss, the
    /// scores that moved most from the start, its time and the run's ETA (the mean time of
    /// this invocation's iterations times those left). Verbose only.
    pub(crate) fn say(&self, cp: &Checkpoint, t0: Instant, pace: Option<(Instant, u32)>) {
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
        let spsa = matches!(self.cfg.file.method, MethodSettings::Spsa(_));
        let moved = match self.current_values(&cp.scores) {
            Some(values) if spsa => format!("; now {values}"),
            _ => cp
                .history
                .first()
                .map(|start| largest_moves(&start.scores, &line.scores, 3))
                .filter(|m| !m.is_empty())
                .map_or(String::new(), |m| {
                    format!("; moved most from the start: {m}")
                }),
        };
        let elo = match (line.elo, line.elo_error95) {
            (Some(e), Some(e95)) if spsa => {
                format!("; Elo against the start ~ {}", fmt_elo_pm(e, e95, 1))
            }
            _ => String::new(),
        };
        eprintln!(
            "iteration {} of {total}, {} games: {}{loss}{moved}{elo} ({:.1} s{eta})",
            line.iteration,
            line.games,
            line.note,
            t0.elapsed().as_secs_f64()
        );
    }

    /// The tuned values of `x` with their names (`futility 412.3, lmr_base 2.61`), each with
    /// a decimal more than it plays with; `None` past eight, too many for a line.
    pub(crate) fn current_values(&self, x: &[f64]) -> Option<String> {
        let tuned = &self.space.tuned;
        (tuned.len() <= 8).then(|| {
            let shown: Vec<String> = (tuned.iter())
                .map(|&i| {
                    let places = self.space.decimals(i) as usize + 1;
                    format!("{} {:.places$}", self.space.name(i), x[i])
                })
                .collect();
            shown.join(", ")
        })
    }

    /// Writes the checkpoint and the history.
    pub(crate) fn save(&self, cp: &Checkpoint) -> Result<(), TuneError> {
        save_checkpoint(&self.dir, cp)
    }

    /// The scores with their names (`own 011110`), as history lines hold them.
    pub(crate) fn scores_named(&self, x: &[f64]) -> Vec<(String, f64)> {
        (0..x.len()).map(|i| (self.space.name(i), x[i])).collect()
    }

    /// A first checkpoint: the start scores, the method's state and the history's first line.
    pub(crate) fn first_checkpoint(
        &self,
        state: MethodState,
        first: HistoryLine,
        finished: bool,
    ) -> Checkpoint {
        Checkpoint {
            v: CHECKPOINT_VERSION,
            key: self.key.clone(),
            method: self.cfg.file.method.name().into(),
            seed: self.seed(),
            iteration: 0,
            games: first.games,
            finished,
            scores: self.space.start(),
            state,
            history: vec![first],
            positions: None,
        }
    }

    /// The history's first line of a match or SPSA run: the start table, with `elo` if any.
    pub(crate) fn start_line(&self, elo: Option<f64>) -> HistoryLine {
        HistoryLine {
            iteration: 0,
            method: self.cfg.file.method.name().into(),
            loss: None,
            validation_loss: None,
            elo,
            elo_error95: elo,
            games: 0,
            note: "start table".into(),
            scores: self.scores_named(&self.space.start()),
        }
    }

    /// `from` advanced by one iteration: its history line added, its state replaced.
    pub(crate) fn record(&self, mut from: Checkpoint, it: Iteration) -> Checkpoint {
        from.games += it.games;
        from.history.push(HistoryLine {
            iteration: it.iteration,
            method: from.method.clone(),
            loss: it.loss,
            validation_loss: it.validation_loss,
            elo: it.elo,
            elo_error95: it.elo_error95,
            games: from.games,
            note: it.note,
            scores: self.scores_named(&it.scores),
        });
        from.state = it.state;
        from.iteration = it.iteration;
        from.scores = it.scores;
        from.finished = it.finished;
        from
    }

    /// The configuration's engine at the point `x` (table and fields, see
    /// [`ParamSpace::engine`]) with the tie-break margin `margin`, its table named `name`.
    pub(crate) fn player(&self, x: &[f64], margin: i32, name: &str) -> EngineParams {
        let base = EngineParams {
            tie_break_margin: margin,
            ..self.cfg.engine.clone()
        };
        self.space.engine(x, &base, name, "")
    }

    /// The player at the point `x`, named `name`: the configuration's engine (see
    /// [`Tuner::player`], its table named `name` too), or its external engine with `x` in
    /// its arguments and options.
    pub(crate) fn contestant(&self, x: &[f64], margin: i32, name: &str) -> PlayerRecord {
        match &self.cfg.external {
            Some(record) => self.space.external(x, record, name),
            None => PlayerRecord::engine(name, &self.player(x, margin, name)),
        }
    }

    /// Iteration `k`'s match of two players on the tuning openings, from opening `offset`.
    pub(crate) fn pair_step(
        &self,
        k: u32,
        pairs: usize,
        offset: usize,
        players: [PlayerRecord; 2],
    ) -> Result<Step, TuneError> {
        let cfg = self.cfg;
        Step::new(
            cfg,
            StepSpec {
                name: format!("iteration-{:04}", k + 1),
                kind: RunKind::TuneStep {
                    method: cfg.file.method.name().into(),
                    step: u64::from(k) + 1,
                    pairs: pairs as u64,
                },
                players: players.into(),
                book: BookSlice {
                    openings: &cfg.tuning_openings,
                    range: &cfg.file.tuning_openings,
                    format: cfg.tuning_format,
                    offset,
                },
                pairs,
                seed: iteration_seed(self.seed(), k),
            },
        )
    }
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
