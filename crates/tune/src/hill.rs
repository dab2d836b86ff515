//! Hill climbing on playing strength. Iteration `k` perturbs `perturb` tuned scores of the
//! incumbent by `±step·max(|score|, 1)` (choices from the iteration's generator, redrawn
//! while the candidate breaks an order constraint), then plays the candidate against the
//! incumbent in batches of game pairs and looks at a pentanomial SPRT after each batch:
//! H1 accepted → the candidate becomes the incumbent; H0 accepted or the pair budget spent
//! → it is rejected. Every iteration plays fresh pairs (its pair indices continue those of
//! the previous iterations, its games use the iteration's stream).

use crate::matches::PairResult;
use crate::params::{ParamSpace, score_name};
use crate::{TuneError, rng_for};
use gomoku_config::tune::MatchSettings;
use gomoku_stats::{EloModel, Pentanomial, Sprt, SprtStatus};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The stream of the per-iteration generators.
pub const HILL_STREAM: u64 = 0x4111;

/// The state between iterations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HillState {
    /// The incumbent scores.
    pub incumbent: Vec<f64>,
    /// Iterations done.
    pub k: u32,
    /// Pairs played so far (the next match starts at this pair index).
    pub pairs_played: usize,
    /// Candidates accepted.
    pub accepted: u32,
}

/// What one iteration did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HillRecord {
    /// Iteration index.
    pub k: u32,
    /// The scores changed: `(name, old, new)`.
    pub changes: Vec<(String, f64, f64)>,
    /// Pairs played.
    pub pairs: usize,
    /// Pentanomial counts of the candidate.
    pub pentanomial: [u64; 5],
    /// Pentanomial Elo of the candidate against the incumbent.
    pub elo: f64,
    /// Its 95% half-width.
    pub error95: f64,
    /// Final log-likelihood ratio.
    pub llr: f64,
    /// Whether the candidate was kept.
    pub accepted: bool,
    /// Why.
    pub reason: String,
}

/// A candidate: its scores and the changes `(name, old, new)`.
pub type Candidate = (Vec<f64>, Vec<(String, f64, f64)>);

/// Plays game pairs `(candidate, incumbent, pair indices, stream)`, candidate's view.
pub type PlayPairs<'a> = dyn FnMut(&[f64], &[f64], std::ops::Range<usize>, u64) -> Result<Vec<PairResult>, TuneError>
    + 'a;

/// The candidate of iteration `state.k`, or `None` if no feasible one was found.
pub fn propose(
    space: &ParamSpace,
    state: &HillState,
    settings: &MatchSettings,
    seed: u64,
) -> Option<Candidate> {
    let mut rng = rng_for(seed, HILL_STREAM, state.k as u64);
    for _ in 0..100 {
        let mut x = state.incumbent.clone();
        let mut changes = Vec::new();
        let n = settings.perturb.min(space.tuned.len());
        let mut picked: Vec<usize> = Vec::new();
        while picked.len() < n {
            let i = space.tuned[rng.random_range(0..space.tuned.len())];
            if !picked.contains(&i) {
                picked.push(i);
            }
        }
        for i in picked {
            let d = (settings.step * x[i].abs().max(1.0)).round().max(1.0);
            let new = if rng.random::<bool>() {
                x[i] + d
            } else {
                x[i] - d
            };
            changes.push((score_name(&space.base, i), x[i], new));
            x[i] = new;
        }
        if space.feasible(&x) {
            return Some((x, changes));
        }
    }
    None
}

/// Runs iteration `state.k`. `play(candidate, incumbent, pairs, stream)` plays game pairs
/// (results from the candidate's view).
pub fn hill_iteration(
    space: &ParamSpace,
    state: &mut HillState,
    settings: &MatchSettings,
    seed: u64,
    play: &mut PlayPairs<'_>,
) -> Result<HillRecord, TuneError> {
    let k = state.k;
    let Some((cand, changes)) = propose(space, state, settings, seed) else {
        state.k += 1;
        return Ok(HillRecord {
            k,
            changes: Vec::new(),
            pairs: 0,
            pentanomial: [0; 5],
            elo: 0.0,
            error95: f64::NAN,
            llr: 0.0,
            accepted: false,
            reason: "no feasible candidate in 100 draws".into(),
        });
    };
    let sprt = Sprt::new(
        settings.elo0,
        settings.elo1,
        settings.alpha,
        settings.alpha,
        EloModel::Logistic,
    )?;
    let mut penta = Pentanomial::default();
    let mut played = 0;
    let mut llr = 0.0;
    let mut status = SprtStatus::Continue;
    while played < settings.max_pairs && status == SprtStatus::Continue {
        let n = settings.batch_pairs.min(settings.max_pairs - played);
        let start = state.pairs_played + played;
        let results = play(
            &cand,
            &state.incumbent,
            start..start + n,
            HILL_STREAM ^ ((k as u64 + 1) << 16),
        )?;
        for r in &results {
            penta.add_pair_score(r.a_points())?;
        }
        played += n;
        llr = sprt.llr_pentanomial(&penta);
        status = sprt.status(llr);
    }
    let est = penta.elo_estimate().ok();
    let (elo, error95) = est.map_or((0.0, f64::NAN), |e| (e.elo, e.error95));
    let (accepted, reason) = match status {
        SprtStatus::AcceptH1 => (
            true,
            format!(
                "SPRT accepted H1 (elo1 = {}) after {played} pairs: LLR {llr:.2} >= {:.2}",
                settings.elo1,
                sprt.upper_bound()
            ),
        ),
        SprtStatus::AcceptH0 => (
            false,
            format!(
                "SPRT accepted H0 (elo0 = {}) after {played} pairs: LLR {llr:.2} <= {:.2}",
                settings.elo0,
                sprt.lower_bound()
            ),
        ),
        SprtStatus::Continue => (
            false,
            format!(
                "pair budget {} spent with LLR {llr:.2} inside ({:.2}, {:.2}): not significant",
                settings.max_pairs,
                sprt.lower_bound(),
                sprt.upper_bound()
            ),
        ),
    };
    if accepted {
        state.incumbent = cand;
        state.accepted += 1;
    }
    state.pairs_played += played;
    state.k += 1;
    Ok(HillRecord {
        k,
        changes,
        pairs: played,
        pentanomial: penta.0,
        elo,
        error95,
        llr,
        accepted,
        reason,
    })
}
