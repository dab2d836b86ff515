//! SPSA inside a run: an iteration perturbs θ, plays θ+ against θ- and moves θ by the
//! result.

use crate::TuneError;
use crate::checkpoint::{Checkpoint, MethodState};
use crate::matches::{Step, pair_scores, wins_minus_losses};
use crate::spsa::{SpsaProbe, SpsaSchedule, SpsaState, probe, update};
use crate::spsa_gain::GainEstimate;
use crate::tuner::{Iteration, Tuner};
use gomoku_config::tune::SpsaSettings;
use gomoku_runner::JournalLine;

/// An SPSA iteration from the checkpoint `from`: its perturbation and the match of θ+
/// against θ-.
pub(crate) struct SpsaIteration<'c> {
    settings: &'c SpsaSettings,
    schedule: SpsaSchedule,
    state: SpsaState,
    gain: GainEstimate,
    probe: SpsaProbe,
    step: Step,
    from: Checkpoint,
}

/// The checkpoint of an SPSA run before its first iteration.
pub(crate) fn start(t: &Tuner<'_>, settings: &SpsaSettings) -> Checkpoint {
    let x0 = t.space.start();
    let mut schedule = SpsaSchedule::fishtest(
        &x0,
        &t.space.tuned,
        settings.iterations,
        settings.c_end_frac,
        settings.r_end,
        settings.a_frac,
        settings.alpha,
        settings.gamma,
    );
    for (i, &(c_end, r_end)) in t.space.gains.iter().enumerate() {
        if c_end.is_some() || r_end.is_some() {
            let c_end = c_end.unwrap_or(settings.c_end_frac * x0[i].abs().max(1.0));
            schedule.set_gains(i, c_end, r_end.unwrap_or(settings.r_end));
        }
    }
    t.first_checkpoint(
        MethodState::Spsa {
            schedule,
            state: SpsaState { theta: x0, k: 0 },
            gain: GainEstimate::default(),
        },
        t.start_line(None),
        false,
    )
}

impl<'c> SpsaIteration<'c> {
    /// The next iteration of an SPSA run with `settings` from `from`, whose state is
    /// `schedule`, `state` and `gain`.
    pub(crate) fn new(
        t: &Tuner<'c>,
        settings: &'c SpsaSettings,
        (schedule, state, gain): (SpsaSchedule, SpsaState, GainEstimate),
        from: Checkpoint,
    ) -> Result<Self, TuneError> {
        let space = &t.space;
        let (mut probe, mut rng) = probe(&schedule, &state, &space.tuned, t.seed());
        // fishtest's probes stay within the parameters' bounds.
        space.clamp(&mut probe.plus);
        space.clamp(&mut probe.minus);
        let margin = settings.tie_break_margin;
        let plus = t.contestant(
            &space.round_stochastic(&probe.plus, &mut rng),
            margin,
            "plus",
        );
        let minus = t.contestant(
            &space.round_stochastic(&probe.minus, &mut rng),
            margin,
            "minus",
        );
        let step = t.pair_step(
            state.k,
            settings.pairs,
            state.k as usize * settings.pairs,
            [plus, minus],
        )?;
        Ok(SpsaIteration {
            settings,
            schedule,
            state,
            gain,
            probe,
            step,
            from,
        })
    }

    /// The games it plays.
    pub(crate) fn step(&self) -> &Step {
        &self.step
    }

    /// Plays its games; `None` when stopped first.
    pub(crate) fn play(&self, t: &Tuner<'_>) -> Result<Option<Vec<JournalLine>>, TuneError> {
        self.step.play(t.opts.threads, t.stop(), None)
    }

    /// Moves θ by the games' result, unless the move breaks an order constraint.
    pub(crate) fn advance(
        self,
        t: &Tuner<'c>,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        let SpsaIteration {
            settings,
            schedule,
            mut state,
            mut gain,
            probe,
            from,
            ..
        } = self;
        let scores = pair_scores(lines);
        let result = wins_minus_losses(&scores);
        // The constraints a rejected update broke, to name them.
        let broken = std::cell::RefCell::new(Vec::new());
        let feasible = |x: &[f64]| {
            let v = t.space.violations(x);
            let ok = v.is_empty();
            *broken.borrow_mut() = v;
            ok
        };
        let rec = update(
            &schedule,
            &mut state,
            &t.space.tuned,
            &probe,
            result,
            &feasible,
        );
        t.space.clamp(&mut state.theta);
        // a_k/c_k², the step per unit of result along the perturbation (see `spsa_gain`).
        let (a_k, c_k) = (schedule.a_k(rec.k), schedule.c_k(rec.k));
        let rates: Vec<f64> = (t.space.tuned.iter())
            .filter(|&&i| c_k[i] > 0.0)
            .map(|&i| a_k[i] / (c_k[i] * c_k[i]))
            .collect();
        let rate = rates.iter().sum::<f64>() / rates.len().max(1) as f64;
        gain.add(if rec.applied { rate } else { 0.0 }, &scores);
        let elo = gain.elo();
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
        let it = Iteration {
            iteration: state.k,
            scores: state.theta.clone(),
            games: 2 * scores.len() as u64,
            finished: state.k >= settings.iterations,
            note,
            loss: None,
            validation_loss: None,
            elo: elo.map(|e| e.0),
            elo_error95: elo.map(|e| e.1),
            state: MethodState::Spsa {
                schedule,
                state,
                gain,
            },
        };
        Ok(t.record(from, it))
    }
}
