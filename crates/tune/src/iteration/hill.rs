//! Match hill climbing inside a run: an iteration proposes a candidate, plays it against the
//! incumbent until the SPRT decides (or the pair budget is spent) and keeps it on H1.

use crate::TuneError;
use crate::checkpoint::{Checkpoint, MethodState};
use crate::hill::{Candidate, HillState, decided, finish_iteration, propose};
use crate::matches::{Enough, Step, counts, pair_scores};
use crate::tuner::{Iteration, Tuner};
use gomoku_config::tune::MatchSettings;
use gomoku_runner::JournalLine;
use gomoku_stats::fmt_elo_pm;

/// A match iteration from the checkpoint `from`: its candidate and games (none without a
/// feasible candidate).
pub(crate) struct HillIteration<'c> {
    settings: &'c MatchSettings,
    state: HillState,
    candidate: Option<Candidate>,
    step: Option<Step>,
    from: Checkpoint,
}

/// The checkpoint of a match run before its first iteration.
pub(crate) fn start(t: &Tuner<'_>, settings: &MatchSettings) -> Checkpoint {
    t.first_checkpoint(
        MethodState::Match(HillState {
            incumbent: t.space.start(),
            k: 0,
            pairs_played: 0,
            accepted: 0,
        }),
        t.start_line(Some(0.0)),
        settings.iterations == 0,
    )
}

impl<'c> HillIteration<'c> {
    /// The next iteration of a match run with `settings` from `from`, whose state is `state`.
    pub(crate) fn new(
        t: &Tuner<'c>,
        settings: &'c MatchSettings,
        state: HillState,
        from: Checkpoint,
    ) -> Result<Self, TuneError> {
        let space = &t.space;
        let candidate = propose(space, &state, settings, t.seed());
        let margin = settings.tie_break_margin;
        let step = match &candidate {
            Some((x, _)) => Some(t.pair_step(
                state.k,
                settings.max_pairs,
                state.pairs_played,
                [
                    t.contestant(x, margin, "candidate"),
                    t.contestant(&state.incumbent, margin, "incumbent"),
                ],
            )?),
            None => None,
        };
        Ok(HillIteration {
            settings,
            state,
            candidate,
            step,
            from,
        })
    }

    /// The games it plays.
    pub(crate) fn step(&self) -> Option<&Step> {
        self.step.as_ref()
    }

    /// Plays its games until the SPRT decides; `None` when stopped first.
    pub(crate) fn play(&self, t: &Tuner<'_>) -> Result<Option<Vec<JournalLine>>, TuneError> {
        let Some(step) = &self.step else {
            return Ok(Some(Vec::new()));
        };
        let enough = |scores: &[[f64; 2]]| decided(self.settings, scores);
        step.play(t.opts.threads, t.stop(), Some(&enough as &Enough<'_>))
    }

    /// Ends the iteration with its games: the candidate kept or rejected.
    pub(crate) fn advance(
        self,
        t: &Tuner<'c>,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        let HillIteration {
            settings,
            mut state,
            candidate,
            from,
            ..
        } = self;
        let rec = finish_iteration(&mut state, settings, candidate, &pair_scores(lines))?;
        let changes: Vec<String> = rec
            .changes
            .iter()
            .map(|(n, a, b)| format!("{n} {a} -> {b}"))
            .collect();
        let note = format!(
            "{}: {} ({}); pentanomial {}, candidate {} Elo",
            if rec.accepted { "accepted" } else { "rejected" },
            changes.join(", "),
            rec.reason,
            counts(&rec.pentanomial),
            rec.error95.map_or_else(
                || format!("{:+.1} ± -", rec.elo),
                |e| fmt_elo_pm(rec.elo, e, 1)
            )
        );
        let it = Iteration {
            iteration: state.k,
            scores: state.incumbent.clone(),
            games: 2 * rec.pairs as u64,
            finished: state.k >= settings.iterations,
            note,
            loss: None,
            validation_loss: None,
            elo: Some(rec.elo),
            elo_error95: rec.error95,
            state: MethodState::Match(state),
        };
        Ok(t.record(from, it))
    }
}
