//! Texel inside a run: the self-play collection that starts it ([`Collection`]: its games,
//! then the positions, `K` fitted and the local search set up) and its sweeps ([`Sweep`]:
//! no games, one sweep of the local search over the positions).

use crate::TuneError;
use crate::checkpoint::{Checkpoint, MethodState};
use crate::collect::{
    collection_engine, collection_step, features, quiet_games, run_games, split_by_game,
};
use crate::features::Counter;
use crate::history::HistoryLine;
use crate::matches::Step;
use crate::params::score_name;
use crate::search::{LocalSearch, StepRule};
use crate::texel::{TexelObjective, fit_k};
use crate::tuner::{Iteration, TexelData, Tuner};
use gomoku_config::tune::TexelSettings;
use gomoku_runner::JournalLine;
use std::time::Instant;

/// Texel's self-play collection, which starts a Texel run (no step when its positions all
/// come from other runs).
pub(crate) struct Collection<'c> {
    settings: &'c TexelSettings,
    step: Option<Step>,
}

/// A Texel sweep from the checkpoint `from`: no games, but the positions of the collection
/// (its step, read back when this invocation has not loaded them).
pub(crate) struct Sweep<'c> {
    settings: &'c TexelSettings,
    k: f64,
    search: LocalSearch,
    collection: Option<Step>,
    from: Checkpoint,
}

/// The collection's step of `settings` (none when it plays no games).
fn collection(t: &Tuner<'_>, settings: &TexelSettings) -> Result<Option<Step>, TuneError> {
    if settings.games == 0 {
        return Ok(None);
    }
    collection_step(t.cfg, settings).map(Some)
}

/// The collection's games played (or read back) in `steps/collect/`, sorted by job; `None`
/// when stopped first. Journaled, so a killed collection resumes.
fn collection_games(
    t: &Tuner<'_>,
    step: Option<&Step>,
) -> Result<Option<Vec<JournalLine>>, TuneError> {
    let Some(step) = step else {
        return Ok(Some(Vec::new()));
    };
    let s = step.play_into(&t.step_dir(step), None, t.opts.threads, t.stop())?;
    Ok(s.complete().then_some(s.lines))
}

impl<'c> Collection<'c> {
    /// The collection of a Texel run with `settings`.
    pub(crate) fn new(t: &Tuner<'c>, settings: &'c TexelSettings) -> Result<Self, TuneError> {
        Ok(Collection {
            settings,
            step: collection(t, settings)?,
        })
    }

    /// The games it plays.
    pub(crate) fn step(&self) -> Option<&Step> {
        self.step.as_ref()
    }

    /// Plays its games; `None` when stopped first.
    pub(crate) fn play(&self, t: &Tuner<'_>) -> Result<Option<Vec<JournalLine>>, TuneError> {
        collection_games(t, self.step.as_ref())
    }

    /// Texel's start: K fitted on the start table, the local search set up.
    pub(crate) fn start(
        self,
        t: &mut Tuner<'c>,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        let settings = self.settings;
        let data = positions(t, settings, lines)?;
        let t1 = Instant::now();
        let space = &t.space;
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
        let search = LocalSearch::new(
            &mut obj,
            x0,
            coords,
            settings.step,
            settings.min_step,
            StepRule::Relative,
        );
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
        let it = line(&data, k, &search, note);
        t.texel = Some(data);
        let first = HistoryLine {
            iteration: 0,
            method: "texel".into(),
            loss: it.loss,
            validation_loss: it.validation_loss,
            elo: None,
            elo_error95: None,
            games,
            note: it.note,
            scores: t.scores_named(&search.x),
        };
        let mut cp = t.first_checkpoint(it.state, first, search.done);
        cp.positions = Some(positions);
        t.timings.prepare += fitted;
        Ok(cp)
    }
}

impl<'c> Sweep<'c> {
    /// The next sweep of a Texel run with `settings` from the checkpoint `from`, whose
    /// state is `k` and `search`.
    pub(crate) fn new(
        t: &Tuner<'c>,
        settings: &'c TexelSettings,
        (k, search): (f64, LocalSearch),
        from: Checkpoint,
    ) -> Result<Self, TuneError> {
        Ok(Sweep {
            settings,
            k,
            search,
            collection: collection(t, settings)?,
            from,
        })
    }

    /// Plays nothing: the collection's games read back when the positions are not loaded.
    pub(crate) fn play(&self, t: &Tuner<'_>) -> Result<Option<Vec<JournalLine>>, TuneError> {
        if t.texel.is_some() {
            return Ok(Some(Vec::new()));
        }
        collection_games(t, self.collection.as_ref())
    }

    /// One sweep of the local search; `lines` are the collection's games when the positions
    /// are not loaded yet.
    pub(crate) fn advance(
        self,
        t: &mut Tuner<'c>,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        let Sweep {
            settings,
            k,
            mut search,
            from,
            ..
        } = self;
        let data = positions(t, settings, lines)?;
        let mut obj = TexelObjective::new(&data.train, k);
        let within = |x: &[f64]| t.space.feasible(x) && t.space.within_bounds(x);
        let r = search.sweep(&mut obj, &within);
        let note = format!(
            "sweep with relative step {}: {} steps kept of {} tried ({} broke the order){}",
            r.step,
            r.accepted,
            r.evaluated,
            r.infeasible,
            if r.accepted == 0 { "; step halved" } else { "" }
        );
        let mut it = line(&data, k, &search, note);
        t.texel = Some(data);
        it.finished = search.done || search.sweeps >= settings.iterations;
        Ok(t.record(from, it))
    }
}

/// Texel's positions, taken from the run (the caller puts them back) or loaded from the
/// collection's games `lines` and those of the configuration's runs.
fn positions(
    t: &mut Tuner<'_>,
    settings: &TexelSettings,
    lines: &[JournalLine],
) -> Result<TexelData, TuneError> {
    if let Some(data) = t.texel.take() {
        return Ok(data);
    }
    let cfg = t.cfg;
    let t1 = Instant::now();
    let engine = collection_engine(cfg, settings);
    let others = run_games(&cfg.texel_runs, cfg)?;
    let from_runs = others.len();
    let lines: Vec<JournalLine> = lines.iter().cloned().chain(others).collect();
    let games = quiet_games(&lines, &engine, settings.vcf_fours, cfg.geometry, cfg.rule)?;
    let counter = Counter::new(&cfg.start_table);
    let (rows, results, game_of) = features(&games, &counter, cfg.geometry, cfg.rule);
    let (train, val) = split_by_game(
        &rows,
        &results,
        &game_of,
        settings.validation_fraction,
        cfg.file.seed,
        counter.features(),
    );
    t.timings.prepare += t1.elapsed();
    if t.opts.verbose {
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
        return Err(TuneError::NoTrainingPositions);
    }
    Ok(TexelData {
        train,
        val,
        games: games.len() as u64,
    })
}

/// A Texel iteration from the search's state (its loss, and the validation loss at the same
/// point).
fn line(data: &TexelData, k: f64, search: &LocalSearch, note: String) -> Iteration {
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
