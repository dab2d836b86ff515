//! One iteration of any method. [`plan`] makes it from the checkpoint (a [`Plan`]: the
//! games it plays, if any, and what it needs to finish), the driver plays or merges its
//! games, and [`Plan::advance`] moves the method's state by them and adds its history line.
//! Texel starts with an extra step, the self-play collection, which sets up the local search;
//! its sweeps play no games but read the collection's positions.
//!
//! Each method has a type of its own that carries its settings, its state and its plan
//! (`texel.rs`, `hill.rs`, `spsa.rs`): the configuration's method and the checkpoint's state
//! are paired once, in [`plan`], and a checkpoint of another method is refused there.

mod hill;
mod spsa;
mod texel;

use crate::TuneError;
use crate::checkpoint::{Checkpoint, MethodState};
use crate::matches::Step;
use crate::tuner::Tuner;
use gomoku_config::tune::MethodSettings;
use gomoku_runner::JournalLine;
use hill::HillIteration;
use spsa::SpsaIteration;
use texel::{Collection, Sweep};

/// What the next iteration plays and what it needs to finish.
pub(crate) enum Plan<'c> {
    /// Texel's self-play collection, which starts a Texel run.
    Collect(Collection<'c>),
    /// A Texel sweep: no games, but the positions of the collection.
    Sweep(Sweep<'c>),
    /// A match iteration.
    Match(HillIteration<'c>),
    /// An SPSA iteration.
    Spsa(SpsaIteration<'c>),
}

/// The checkpoint of a match or SPSA run before its first iteration; `None` for Texel,
/// whose start needs the collection's games.
pub(crate) fn start(t: &Tuner<'_>) -> Option<Checkpoint> {
    match &t.cfg.file.method {
        MethodSettings::Texel(_) => None,
        MethodSettings::Match(m) => Some(hill::start(t, m)),
        MethodSettings::Spsa(s) => Some(spsa::start(t, s)),
    }
}

/// The next iteration of the run at `cp` (`None`: no checkpoint yet), or `None` when it has
/// finished. A checkpoint of another method than the configuration's is refused.
pub(crate) fn plan<'c>(
    t: &Tuner<'c>,
    cp: Option<&Checkpoint>,
) -> Result<Option<Plan<'c>>, TuneError> {
    let method = &t.cfg.file.method;
    let first;
    let cp = match (cp, method) {
        (Some(cp), _) => cp,
        (None, MethodSettings::Texel(s)) => return Ok(Some(Plan::Collect(Collection::new(t, s)?))),
        (None, MethodSettings::Match(m)) => {
            first = hill::start(t, m);
            &first
        }
        (None, MethodSettings::Spsa(s)) => {
            first = spsa::start(t, s);
            &first
        }
    };
    if cp.finished {
        return Ok(None);
    }
    let from = cp.clone();
    Ok(Some(match (method, &cp.state) {
        (MethodSettings::Texel(s), MethodState::Texel { k, search }) => {
            Plan::Sweep(Sweep::new(t, s, (*k, search.clone()), from)?)
        }
        (MethodSettings::Match(m), MethodState::Match(h)) => {
            Plan::Match(HillIteration::new(t, m, h.clone(), from)?)
        }
        (
            MethodSettings::Spsa(s),
            MethodState::Spsa {
                schedule,
                state,
                gain,
            },
        ) => Plan::Spsa(SpsaIteration::new(
            t,
            s,
            (schedule.clone(), state.clone(), gain.clone()),
            from,
        )?),
        _ => {
            return Err(TuneError::MethodMismatch {
                found: cp.method.clone(),
                expected: method.name().into(),
            });
        }
    }))
}

impl<'c> Plan<'c> {
    /// The games the iteration plays (a sweep plays none).
    pub(crate) fn step(&self) -> Option<&Step> {
        match self {
            Plan::Collect(c) => c.step(),
            Plan::Sweep(_) => None,
            Plan::Match(m) => m.step(),
            Plan::Spsa(s) => Some(s.step()),
        }
    }

    /// Whether this is Texel's collection (no iteration: the run's start).
    pub(crate) fn is_collection(&self) -> bool {
        matches!(self, Plan::Collect(_))
    }

    /// Whether this is a Texel sweep (no games of its own).
    pub(crate) fn is_sweep(&self) -> bool {
        matches!(self, Plan::Sweep(_))
    }

    /// Plays the iteration's games here, sorted by job; `None` when stopped first.
    pub(crate) fn play(&self, t: &Tuner<'_>) -> Result<Option<Vec<JournalLine>>, TuneError> {
        match self {
            Plan::Collect(c) => c.play(t),
            Plan::Sweep(s) => s.play(t),
            Plan::Match(m) => m.play(t),
            Plan::Spsa(s) => s.play(t),
        }
    }

    /// The checkpoint after the iteration and its games.
    pub(crate) fn advance(
        self,
        t: &mut Tuner<'c>,
        lines: &[JournalLine],
    ) -> Result<Checkpoint, TuneError> {
        match self {
            Plan::Collect(c) => c.start(t, lines),
            Plan::Sweep(s) => s.advance(t, lines),
            Plan::Match(m) => m.advance(t, lines),
            Plan::Spsa(s) => s.advance(t, lines),
        }
    }
}
