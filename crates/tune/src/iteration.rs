//! One iteration of any method. [`Tuner::plan`] makes it from the checkpoint (a [`Plan`]:
//! the games it plays, if any, and what it needs to finish), the driver plays or merges its
//! games, and [`Tuner::advance`] moves the method's state by them and adds its history line.
//! Texel starts with an extra step, the self-play collection, which sets up the local search;
//! its sweeps play no games but read the collection's positions.

use crate::TuneError;
use crate::checkpoint::{CHECKPOINT_VERSION, Checkpoint, MethodState};
use crate::collect::{
    collection_engine, collection_step, features, quiet_games, run_games, split_by_game,
};
use crate::features::Counter;
use crate::hill::{Candidate, HillState, finish_iteration, propose};
use crate::history::HistoryLine;
use crate::matches::{BookSlice, Step, StepSpec, game_pairs, iteration_seed, wins_minus_losses};
use crate::output::counts;
use crate::params::{ParamSpace, score_name};
use crate::run::Tuner;
use crate::search::{LocalSearch, StepRule};
use crate::spsa::{SpsaProbe, SpsaSchedule, SpsaState};
use crate::texel::{LossData, TexelObjective, fit_k};
use gomoku_config::run::{PlayerRecord, RunKind};
use gomoku_config::tune::{MethodSettings, TuneConfig};
use gomoku_engine::{EngineParams, PatternTable};
use gomoku_runner::JournalLine;
use std::time::Instant;

/// What the next iteration plays and what it needs to finish.
pub(crate) enum Plan {
    /// Texel's self-play collection, which starts a Texel run (no step when its positions
    /// all come from other runs).
    Collect(Option<Step>),
    /// A Texel sweep: no games, but the positions of the collection (its step).
    Sweep(Option<Step>),
    /// A match iteration: its candidate and games (none without a feasible candidate).
    Match {
        /// The candidate.
        candidate: Option<Candidate>,
        /// Its match against the incumbent.
        step: Option<Step>,
    },
    /// An SPSA iteration: its perturbation and the match of θ+ against θ-.
    Spsa {
        /// The perturbation.
        probe: SpsaProbe,
        /// The match.
        step: Step,
    },
}

impl Plan {
    /// The games the iteration plays.
    pub(crate) fn step(&self) -> Option<&Step> {
        match self {
            Plan::Collect(s) => s.as_ref(),
            Plan::Spsa { step, .. } => Some(step),
            Plan::Match { step, .. } => step.as_ref(),
            Plan::Sweep(_) => None,
        }
    }
}

/// What one iteration changed: the method's new state and its history line's contents.
struct Iteration {
    state: MethodState,
    iteration: u32,
    scores: Vec<f64>,
    games: u64,
    finished: bool,
    note: String,
    loss: Option<f64>,
    validation_loss: Option<f64>,
    elo: Option<f64>,
    elo_error95: Option<f64>,
}

/// Texel's positions, split by game.
pub(crate) struct TexelData {
    train: LossData,
    val: LossData,
    games: u64,
}

/// The scores with their names (`own 011110`), as history lines hold them.
fn scores_named(space: &ParamSpace, x: &[f64]) -> Vec<(String, f64)> {
    (0..x.len())
        .map(|i| (score_name(&space.base, i), x[i]))
        .collect()
}

/// The configuration's engine with another table and tie-break margin.
fn params_with(cfg: &TuneConfig, table: PatternTable, margin: i32) -> EngineParams {
    EngineParams {
        table,
        tie_break_margin: margin,
        ..cfg.engine.clone()
    }
}

impl Tuner<'_> {
    /// A first checkpoint: the start scores, the method's state and the history's first line.
    fn checkpoint(&self, state: MethodState, first: HistoryLine, finished: bool) -> Checkpoint {
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

    /// The checkpoint of a match or SPSA run before its first iteration; `None` for Texel,
    /// whose start needs the collection's games.
    pub(crate) fn start(&self) -> Option<Checkpoint> {
        let x0 = self.space.start();
        let first = |elo| HistoryLine {
            iteration: 0,
            method: self.cfg.file.method.name().into(),
            loss: None,
            validation_loss: None,
            elo,
            elo_error95: elo,
            games: 0,
            note: "start table".into(),
            scores: scores_named(&self.space, &x0),
        };
        match &self.cfg.file.method {
            MethodSettings::Texel(_) => None,
            MethodSettings::Match(m) => Some(self.checkpoint(
                MethodState::Match(HillState {
                    incumbent: x0.clone(),
                    k: 0,
                    pairs_played: 0,
                    accepted: 0,
                }),
                first(Some(0.0)),
                m.iterations == 0,
            )),
            MethodSettings::Spsa(s) => Some(self.checkpoint(
                MethodState::Spsa {
                    schedule: SpsaSchedule::fishtest(
                        &x0,
                        &self.space.tuned,
                        s.iterations,
                        s.c_end_frac,
                        s.r_end,
                        s.a_frac,
                        s.alpha,
                        s.gamma,
                    ),
                    state: SpsaState {
                        theta: x0.clone(),
                        k: 0,
                    },
                },
                first(None),
                false,
            )),
        }
    }

    /// Iteration `k`'s match of two tables on the tuning openings, from opening `offset`.
    fn pair_step(
        &self,
        k: u32,
        pairs: usize,
        offset: usize,
        players: [(&str, PatternTable); 2],
        margin: i32,
    ) -> Result<Step, TuneError> {
        Step::new(
            self.cfg,
            StepSpec {
                name: format!("iteration-{:04}", k + 1),
                kind: RunKind::TuneStep {
                    method: self.cfg.file.method.name().into(),
                    step: u64::from(k) + 1,
                    pairs: pairs as u64,
                },
                players: players
                    .map(|(name, t)| PlayerRecord::engine(name, &params_with(self.cfg, t, margin)))
                    .into(),
                book: BookSlice {
                    openings: &self.cfg.tuning_openings,
                    range: &self.cfg.file.tuning_openings,
                    format: self.cfg.tuning_format,
                    offset,
                },
                pairs,
                seed: iteration_seed(self.seed(), k),
            },
        )
    }

    /// The next iteration of `cp` (`None`: Texel's start), or `None` when finished.
    pub(crate) fn plan(&self, cp: Option<&Checkpoint>) -> Result<Option<Plan>, TuneError> {
        let collection = || match &self.cfg.file.method {
            MethodSettings::Texel(t) if t.games == 0 => Ok(None),
            MethodSettings::Texel(t) => collection_step(self.cfg, t).map(Some),
            _ => Err(TuneError::Invalid("only Texel collects positions".into())),
        };
        let Some(cp) = cp else {
            return Ok(Some(Plan::Collect(collection()?)));
        };
        if cp.finished {
            return Ok(None);
        }
        let space = &self.space;
        Ok(Some(match (&self.cfg.file.method, &cp.state) {
            (MethodSettings::Texel(_), MethodState::Texel { .. }) => Plan::Sweep(collection()?),
            (MethodSettings::Match(m), MethodState::Match(h)) => {
                let candidate = propose(space, h, m, self.seed());
                let step = match &candidate {
                    Some((x, _)) => Some(self.pair_step(
                        h.k,
                        m.max_pairs,
                        h.pairs_played,
                        [
                            ("candidate", space.table(x, "candidate", "")),
                            ("incumbent", space.table(&h.incumbent, "incumbent", "")),
                        ],
                        m.tie_break_margin,
                    )?),
                    None => None,
                };
                Plan::Match { candidate, step }
            }
            (MethodSettings::Spsa(s), MethodState::Spsa { schedule, state }) => {
                let (probe, mut rng) =
                    crate::spsa::probe(schedule, state, &space.tuned, self.seed());
                let plus = space.table_stochastic(&probe.plus, "plus", &mut rng);
                let minus = space.table_stochastic(&probe.minus, "minus", &mut rng);
                let step = self.pair_step(
                    state.k,
                    s.pairs,
                    state.k as usize * s.pairs,
                    [("plus", plus), ("minus", minus)],
                    s.tie_break_margin,
                )?;
                Plan::Spsa { probe, step }
            }
            _ => {
                return Err(TuneError::Mismatch(format!(
                    "the checkpoint holds a {} run, but the configuration asks for {}",
                    cp.method,
                    self.cfg.file.method.name()
                )));
            }
        }))
    }

    /// Loads Texel's positions from the collection's games.
    fn texel_data(&mut self, lines: &[JournalLine]) -> Result<(), TuneError> {
        let MethodSettings::Texel(t) = &self.cfg.file.method else {
            unreachable!("only Texel has positions")
        };
        let cfg = self.cfg;
        let t1 = Instant::now();
        let engine = collection_engine(cfg, t);
        let others = run_games(&cfg.texel_runs, cfg)?;
        let from_runs = others.len();
        let lines: Vec<JournalLine> = lines.iter().cloned().chain(others).collect();
        let games = quiet_games(&lines, &engine, t.vcf_fours, cfg.geometry, cfg.rule)?;
        let counter = Counter::new(&cfg.start_table);
        let (rows, results, game_of) = features(&games, &counter, cfg.geometry, cfg.rule);
        let (train, val) = split_by_game(
            &rows,
            &results,
            &game_of,
            t.validation_fraction,
            cfg.file.seed,
            counter.features(),
        );
        self.timings.prepare += t1.elapsed();
        if self.opts.verbose {
            eprintln!(
                "{} quiet positions from {} games ({} of them from runs; {} training, {} validation) in {:.2} s",
                rows.len(),
                games.len(),
                from_runs,
                train.len(),
                val.len(),
                t1.elapsed().as_secs_f64()
            );
        }
        if train.is_empty() {
            return Err(TuneError::Invalid(
                "no quiet training position: play more games".into(),
            ));
        }
        self.texel = Some(TexelData {
            train,
            val,
            games: games.len() as u64,
        });
        Ok(())
    }

    /// A Texel iteration from the search's state (its loss, and the validation loss at the
    /// same point).
    fn texel_line(&self, k: f64, search: &LocalSearch, note: String) -> Iteration {
        let data = self.texel.as_ref().expect("positions loaded");
        Iteration {
            state: MethodState::Texel {
                k,
                search: search.clone(),
            },
            iteration: search.sweeps,
            scores: search.x.clone(),
            games: 0,
            finished: false,
            note,
            loss: Some(search.value),
            validation_loss: (!data.val.is_empty()).then(|| data.val.loss(&search.x, k)),
            elo: None,
            elo_error95: None,
        }
    }

    /// Texel's start: K fitted on the start table, the local search set up.
    fn texel_start(&mut self, lines: &[JournalLine]) -> Result<Checkpoint, TuneError> {
        let MethodSettings::Texel(t) = &self.cfg.file.method else {
            unreachable!("only Texel collects positions")
        };
        self.texel_data(lines)?;
        let t1 = Instant::now();
        let space = &self.space;
        let data = self.texel.as_ref().expect("positions loaded");
        let x0 = space.start();
        let evals = data.train.evals(&x0);
        let k = fit_k(&data.train, &evals, 1e-9, 10.0);
        let coords: Vec<usize> = space
            .tuned
            .iter()
            .copied()
            .filter(|&j| data.train.is_used(j))
            .collect();
        let mut obj = TexelObjective::new(&data.train, k);
        let search = LocalSearch::new(&mut obj, x0, coords, t.step, t.min_step, StepRule::Relative);
        let positions = (data.train.len(), data.val.len());
        let games = data.games;
        let fitted = t1.elapsed();
        let skipped: Vec<String> = space
            .tuned
            .iter()
            .filter(|j| !search.coords.contains(j))
            .map(|&j| score_name(&space.base, j))
            .collect();
        let note = format!(
            "start: K = {k:.6e} fitted on the start table; {} scores tuned; not in any quiet training position (kept): {}",
            search.coords.len(),
            if skipped.is_empty() {
                "none".into()
            } else {
                skipped.join(", ")
            }
        );
        let it = self.texel_line(k, &search, note);
        let first = HistoryLine {
            iteration: 0,
            method: "texel".into(),
            loss: it.loss,
            validation_loss: it.validation_loss,
            elo: None,
            elo_error95: None,
            games,
            note: it.note,
            scores: scores_named(space, &search.x),
        };
        let mut cp = self.checkpoint(it.state, first, search.done);
        cp.positions = Some(positions);
        self.timings.prepare += fitted;
        Ok(cp)
    }

    /// Advances `cp` by the plan's iteration and its games.
    pub(crate) fn advance(
        &mut self,
        cp: Option<Checkpoint>,
        plan: Plan,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        let Some(mut cp) = cp else {
            return self.texel_start(lines);
        };
        let scores: Vec<[f64; 2]> = game_pairs(lines).iter().map(|p| p.2).collect();
        let it = match (plan, cp.state.clone(), &self.cfg.file.method) {
            (Plan::Sweep(_), MethodState::Texel { k, mut search }, MethodSettings::Texel(t)) => {
                if self.texel.is_none() {
                    self.texel_data(lines)?;
                }
                let data = self.texel.as_ref().expect("positions loaded");
                let mut obj = TexelObjective::new(&data.train, k);
                let r = search.sweep(&mut obj, &|x: &[f64]| self.space.feasible(x));
                let note = format!(
                    "sweep with relative step {}: {} steps kept of {} tried ({} broke the order){}",
                    r.step,
                    r.accepted,
                    r.evaluated,
                    r.infeasible,
                    if r.accepted == 0 { "; step halved" } else { "" }
                );
                let mut it = self.texel_line(k, &search, note);
                it.finished = search.done || search.sweeps >= t.iterations;
                it
            }
            (
                Plan::Match { candidate, .. },
                MethodState::Match(mut h),
                MethodSettings::Match(m),
            ) => {
                let rec = finish_iteration(&mut h, m, candidate, &scores)?;
                let changes: Vec<String> = rec
                    .changes
                    .iter()
                    .map(|(n, a, b)| format!("{n} {a} -> {b}"))
                    .collect();
                let note = format!(
                    "{}: {} ({}); pentanomial {}, candidate {:+.1} ± {} Elo",
                    if rec.accepted { "accepted" } else { "rejected" },
                    changes.join(", "),
                    rec.reason,
                    counts(&rec.pentanomial),
                    rec.elo,
                    rec.error95.map_or("-".into(), |e| format!("{e:.1}"))
                );
                Iteration {
                    iteration: h.k,
                    scores: h.incumbent.clone(),
                    games: 2 * rec.pairs as u64,
                    finished: h.k >= m.iterations,
                    note,
                    loss: None,
                    validation_loss: None,
                    elo: Some(rec.elo),
                    elo_error95: rec.error95,
                    state: MethodState::Match(h),
                }
            }
            (
                Plan::Spsa { probe, .. },
                MethodState::Spsa {
                    schedule,
                    mut state,
                },
                MethodSettings::Spsa(s),
            ) => {
                let result = wins_minus_losses(&scores);
                // The constraints a rejected update broke, to name them.
                let broken = std::cell::RefCell::new(Vec::new());
                let feasible = |x: &[f64]| {
                    let v = self.space.violations(x);
                    let ok = v.is_empty();
                    *broken.borrow_mut() = v;
                    ok
                };
                let rec = crate::spsa::update(
                    &schedule,
                    &mut state,
                    &self.space.tuned,
                    &probe,
                    result,
                    &feasible,
                );
                let note = format!(
                    "theta+ wins - losses = {:+} over {} games; {}",
                    rec.result,
                    2 * scores.len(),
                    if rec.applied {
                        "update applied".to_string()
                    } else {
                        format!(
                            "update rejected: it broke the order constraint {}",
                            broken.borrow().join("; ")
                        )
                    }
                );
                Iteration {
                    iteration: state.k,
                    scores: state.theta.clone(),
                    games: 2 * scores.len() as u64,
                    finished: state.k >= s.iterations,
                    note,
                    loss: None,
                    validation_loss: None,
                    elo: None,
                    elo_error95: None,
                    state: MethodState::Spsa { schedule, state },
                }
            }
            _ => unreachable!("plans are made from the checkpoint's own method"),
        };
        cp.games += it.games;
        cp.history.push(HistoryLine {
            iteration: it.iteration,
            method: cp.method.clone(),
            loss: it.loss,
            validation_loss: it.validation_loss,
            elo: it.elo,
            elo_error95: it.elo_error95,
            games: cp.games,
            note: it.note,
            scores: scores_named(&self.space, &it.scores),
        });
        cp.state = it.state;
        cp.iteration = it.iteration;
        cp.scores = it.scores;
        cp.finished = it.finished;
        Ok(cp)
    }
}
