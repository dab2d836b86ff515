//! Hill climbing on playing strength. Iteration `k` perturbs `perturb` tuned scores of the
//! incumbent by `±step·max(|score|, 1)`, rounded to the value's decimals (choices from the
//! iteration's generator, redrawn while the candidate breaks an order constraint), then plays the candidate against the
//! incumbent in game pairs and runs a pentanomial SPRT over them **in pair order**, looking
//! after every pair: the first pair whose LLR crosses a bound decides (H1: the candidate
//! becomes the incumbent; H0: it is rejected), and a test still undecided after `max_pairs`
//! pairs rejects. Pairs after the deciding one are not counted, so the outcome is the same
//! whether the match stops early on one machine or plays all `max_pairs` pairs in shards.
//! Each iteration plays fresh openings: its pairs continue the previous iterations' pairs.

use crate::TuneError;
use crate::matches::iteration_draws;
use crate::params::ParamSpace;
use gomoku_config::tune::MatchSettings;
use gomoku_stats::{EloModel, Pentanomial, Sprt, SprtStatus};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The state between iterations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HillState {
    /// The incumbent scores.
    pub incumbent: Vec<f64>,
    /// Iterations done.
    pub k: u32,
    /// Pairs counted so far (the next match starts at this opening of the cycle).
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
    /// Pairs counted.
    pub pairs: usize,
    /// Pentanomial counts of the candidate.
    pub pentanomial: [u64; 5],
    /// Pentanomial Elo of the candidate against the incumbent (0 without games).
    pub elo: f64,
    /// Its 95% half-width, when there is one.
    pub error95: Option<f64>,
    /// Final log-likelihood ratio.
    pub llr: f64,
    /// Whether the candidate was kept.
    pub accepted: bool,
    /// Why.
    pub reason: String,
}

/// A candidate: its scores and the changes `(name, old, new)`.
pub type Candidate = (Vec<f64>, Vec<(String, f64, f64)>);

/// The candidate of iteration `state.k`, or `None` if no feasible one was found.
pub fn propose(
    space: &ParamSpace,
    state: &HillState,
    settings: &MatchSettings,
    seed: u64,
) -> Option<Candidate> {
    let mut rng = iteration_draws(seed, state.k);
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
            // A step of at least one unit of the value's last decimal (a whole unit for an
            // integer), so that a real parameter moves by a fraction, not by 1.
            let unit = 10f64.powi(-(space.decimals(i) as i32));
            let d = ((settings.step * x[i].abs().max(1.0) / unit)
                .round()
                .max(1.0))
                * unit;
            let new = if rng.random::<bool>() {
                x[i] + d
            } else {
                x[i] - d
            };
            x[i] = new;
            space.clamp(&mut x);
            changes.push((space.name(i), state.incumbent[i], x[i]));
        }
        if space.feasible(&x) {
            return Some((x, changes));
        }
    }
    None
}

/// The SPRT over a match: the pairs counted and where the test stands after them.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Pairs counted: up to the deciding pair, or all of them.
    pub pairs: usize,
    /// The pentanomial counts of those pairs.
    pub pentanomial: Pentanomial,
    /// The LLR after them.
    pub llr: f64,
    /// The decision (`Continue`: undecided).
    pub status: SprtStatus,
    /// The test, for its bounds.
    pub sprt: Sprt,
}

/// Runs the test over the candidate's pair scores in order, stopping at the first pair whose
/// LLR crosses a bound.
pub fn judge(settings: &MatchSettings, scores: &[[f64; 2]]) -> Result<Verdict, TuneError> {
    let sprt = Sprt::new(
        settings.elo0,
        settings.elo1,
        settings.alpha,
        settings.alpha,
        EloModel::Logistic,
    )?;
    let mut v = Verdict {
        pairs: 0,
        pentanomial: Pentanomial::default(),
        llr: 0.0,
        status: SprtStatus::Continue,
        sprt,
    };
    for s in scores.iter().take(settings.max_pairs) {
        v.pentanomial.add_pair_score(s[0] + s[1])?;
        v.pairs += 1;
        v.llr = v.sprt.llr_pentanomial(&v.pentanomial);
        v.status = v.sprt.status(v.llr);
        if v.status != SprtStatus::Continue {
            break;
        }
    }
    Ok(v)
}

/// Whether the match is over after these pairs: the test decided or the budget is spent.
pub fn decided(settings: &MatchSettings, scores: &[[f64; 2]]) -> bool {
    scores.len() >= settings.max_pairs
        || judge(settings, scores).is_ok_and(|v| v.status != SprtStatus::Continue)
}

/// Ends iteration `state.k` with its candidate (`None`: no feasible one, no games) and the
/// candidate's pair scores in pair order (every pair up to the decision).
pub fn finish_iteration(
    state: &mut HillState,
    settings: &MatchSettings,
    candidate: Option<Candidate>,
    scores: &[[f64; 2]],
) -> Result<HillRecord, TuneError> {
    let k = state.k;
    state.k += 1;
    let Some((cand, changes)) = candidate else {
        return Ok(HillRecord {
            k,
            changes: Vec::new(),
            pairs: 0,
            pentanomial: [0; 5],
            elo: 0.0,
            error95: None,
            llr: 0.0,
            accepted: false,
            reason: "no feasible candidate in 100 draws".into(),
        });
    };
    let v = judge(settings, scores)?;
    let (played, llr, sprt) = (v.pairs, v.llr, &v.sprt);
    let est = v.pentanomial.elo_estimate().ok();
    let elo = est.map_or(0.0, |e| e.elo);
    let error95 = est.map(|e| e.error95).filter(|e| e.is_finite());
    let (accepted, reason) = match v.status {
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
    Ok(HillRecord {
        k,
        changes,
        pairs: played,
        pentanomial: v.pentanomial.0,
        elo,
        error95,
        llr,
        accepted,
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_config::tune_params::{ParamTarget, TunedParam};

    fn placeholder(name: &str, start: f64, max: f64, decimals: u32) -> TunedParam {
        TunedParam {
            name: name.into(),
            target: ParamTarget::Placeholder,
            start,
            min: 0.0,
            max,
            c_end: None,
            r_end: None,
            decimals,
        }
    }

    #[test]
    fn a_step_is_rounded_to_the_values_decimals() {
        let params = [
            placeholder("noise", 0.6, 1.0, 2),
            placeholder("skill", 40.0, 100.0, 0),
        ];
        let space = ParamSpace::new(gomoku_engine::seed_table(), None, &[]).with_params(&params);
        let mut settings: MatchSettings = serde_json::from_str("{}").unwrap();
        settings.perturb = 2;
        settings.step = 0.1;
        let (noise, skill) = (space.len() - 2, space.len() - 1);
        let mut state = HillState {
            incumbent: space.start(),
            k: 0,
            pairs_played: 0,
            accepted: 0,
        };
        for k in 0..20 {
            state.k = k;
            let (x, _) = propose(&space, &state, &settings, 7).unwrap();
            // 0.1·max(0.6, 1) = 0.1 either way (a whole unit would clamp it to 0 or 1);
            // 0.1·40 = 4 for the integer.
            let d = (x[noise] - 0.6).abs();
            assert!((d - 0.1).abs() < 1e-9, "{}", x[noise]);
            assert_eq!((x[skill] - 40.0).abs(), 4.0);
        }
    }
}
