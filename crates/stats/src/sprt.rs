//! Generalized sequential probability ratio test (GSPRT) exactly as fishtest (`LLRcalc.py`)
//! and fastchess (`sprt.cpp`) compute it.
//!
//! For each hypothesis the maximum-likelihood distribution over the outcome categories
//! (3 per game or 5 per game pair) is found subject to the hypothesis: an expected score
//! (logistic Elo) or a t-value `(mu - 1/2) / sigma` (normalized Elo, iterated as in
//! fishtest's `MLE_t_value`). Each constrained MLE reduces to a 1-D secular equation in a
//! Lagrange multiplier, solved here by safeguarded Newton to machine precision. Counts of
//! zero are regularized to 1e-3. LLR = N * sum_i phat_i * ln(p1_i / p0_i).

use crate::StatsError;
use crate::elo::{NELO_PER_T, Pentanomial, Trinomial, score_from_elo};

/// How the SPRT hypotheses `elo0`, `elo1` are expressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EloModel {
    /// Logistic Elo: the hypothesis fixes the expected score `1 / (1 + 10^(-elo/400))`.
    Logistic,
    /// Normalized Elo: the hypothesis fixes `(mu - 1/2) / sigma_game = nelo / (800 / ln 10)`.
    Normalized,
}

/// The decision of an SPRT at its current log-likelihood ratio.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SprtStatus {
    /// Neither bound reached: keep playing.
    Continue,
    /// LLR at or below the lower bound: accept H0 (`elo = elo0`).
    AcceptH0,
    /// LLR at or above the upper bound: accept H1 (`elo = elo1`).
    AcceptH1,
}

/// A configured SPRT: hypotheses, error rates and the Wald bounds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: EloModel,
    lower: f64,
    upper: f64,
}

/// Largest |elo| accepted for a hypothesis (keeps the secular equations well conditioned).
const MAX_HYPOTHESIS_ELO: f64 = 2000.0;

impl Sprt {
    /// SPRT of H0 `elo0` against H1 `elo1` with type I error `alpha` and type II `beta`;
    /// bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    ///
    /// # Errors
    /// [`StatsError::InvalidParameter`] unless `0 < alpha, beta`, `alpha + beta < 1`,
    /// `elo0 < elo1` and both are finite with magnitude at most 2000.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<Self, StatsError> {
        let bad = |name, value, reason| {
            Err(StatsError::InvalidParameter {
                name,
                value,
                reason,
            })
        };
        if !(alpha > 0.0 && alpha < 1.0) {
            return bad("alpha", alpha, "must lie in (0, 1)");
        }
        if !(beta > 0.0 && beta < 1.0) {
            return bad("beta", beta, "must lie in (0, 1)");
        }
        if alpha + beta >= 1.0 {
            return bad("alpha + beta", alpha + beta, "must be below 1");
        }
        for (name, v) in [("elo0", elo0), ("elo1", elo1)] {
            if v.is_nan() || v.abs() > MAX_HYPOTHESIS_ELO {
                return bad(name, v, "must be finite with magnitude at most 2000");
            }
        }
        if elo0 >= elo1 {
            return bad("elo0", elo0, "must be below elo1");
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
            model,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        })
    }

    /// Hypotheses `(elo0, elo1)`.
    #[must_use]
    pub fn elos(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// Error rates `(alpha, beta)`.
    #[must_use]
    pub fn error_rates(&self) -> (f64, f64) {
        (self.alpha, self.beta)
    }

    /// The hypothesis model.
    #[must_use]
    pub fn model(&self) -> EloModel {
        self.model
    }

    /// Lower (accept H0) bound `ln(beta / (1 - alpha))`.
    #[must_use]
    pub fn lower_bound(&self) -> f64 {
        self.lower
    }

    /// Upper (accept H1) bound `ln((1 - beta) / alpha)`.
    #[must_use]
    pub fn upper_bound(&self) -> f64 {
        self.upper
    }

    /// Decision for a log-likelihood ratio.
    #[must_use]
    pub fn status(&self, llr: f64) -> SprtStatus {
        if llr >= self.upper {
            SprtStatus::AcceptH1
        } else if llr <= self.lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }

    /// Exact GSPRT log-likelihood ratio of per-game counts.
    #[must_use]
    pub fn llr_trinomial(&self, counts: &Trinomial) -> f64 {
        self.llr_counts(&counts.ldw())
    }

    /// Exact GSPRT log-likelihood ratio of game-pair counts.
    #[must_use]
    pub fn llr_pentanomial(&self, counts: &Pentanomial) -> f64 {
        self.llr_counts(&counts.0)
    }

    /// LLR of counts in ascending score order (3 for games, 5 for pairs).
    fn llr_counts(&self, counts: &[u64]) -> f64 {
        let reg: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let total: f64 = reg.iter().sum();
        let probs: Vec<f64> = reg.iter().map(|c| c / total).collect();
        let jumps = self.jumps(&probs);
        total * probs.iter().zip(&jumps).map(|(p, j)| p * j).sum::<f64>()
    }

    /// Per-outcome LLR increments `ln(p1_i / p0_i)` for an empirical distribution `probs`
    /// (all entries positive) over equally spaced scores in [0, 1].
    pub(crate) fn jumps(&self, probs: &[f64]) -> Vec<f64> {
        let k = probs.len();
        let scores: Vec<f64> = (0..k).map(|i| i as f64 / (k - 1) as f64).collect();
        let (p0, p1) = match self.model {
            EloModel::Logistic => (
                mle_expected(&scores, probs, score_from_elo(self.elo0)),
                mle_expected(&scores, probs, score_from_elo(self.elo1)),
            ),
            EloModel::Normalized => {
                // Pairs: sigma_pair = sigma_game / sqrt(2), so t scales by sqrt(2).
                let f = if k == 5 { 2f64.sqrt() } else { 1.0 };
                (
                    mle_t_value(&scores, probs, 0.5, f * self.elo0 / NELO_PER_T),
                    mle_t_value(&scores, probs, 0.5, f * self.elo1 / NELO_PER_T),
                )
            }
        };
        p0.iter().zip(&p1).map(|(a, b)| b.ln() - a.ln()).collect()
    }
}

/// Solves the secular equation `sum_i p_i a_i / (1 + x a_i) = 0` for `x` in
/// `(-1/max a, -1/min a)`; `None` unless the `a_i` take both signs.
fn secular(a: &[f64], p: &[f64]) -> Option<f64> {
    let (min, max) = a
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    let mut x = 0.0;
    for _ in 0..500 {
        let (mut f, mut df) = (0.0, 0.0);
        for (&ai, &pi) in a.iter().zip(p) {
            let d = 1.0 + x * ai;
            f += pi * ai / d;
            df -= pi * ai * ai / (d * d);
        }
        // f is strictly decreasing in x.
        if f > 0.0 {
            lo = x;
        } else if f < 0.0 {
            hi = x;
        } else {
            return Some(x);
        }
        let mut next = x - f / df;
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) || next == lo || next == hi {
            return Some(next);
        }
        x = next;
    }
    Some(x)
}

/// ML distribution on `scores` with expectation `s` given empirical `probs`
/// (fishtest `MLE_expected`).
fn mle_expected(scores: &[f64], probs: &[f64], s: f64) -> Vec<f64> {
    let a: Vec<f64> = scores.iter().map(|v| v - s).collect();
    match secular(&a, probs) {
        Some(x) => probs
            .iter()
            .zip(&a)
            .map(|(p, ai)| p / (1.0 + x * ai))
            .collect(),
        // s outside the support's interior (not reachable after validation): no constraint.
        None => probs.to_vec(),
    }
}

/// ML distribution on `scores` with t-value `(mu - reference) / sigma = t` given empirical
/// `probs` (fishtest `MLE_t_value`, iterated to convergence from the uniform distribution).
fn mle_t_value(scores: &[f64], probs: &[f64], reference: f64, t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..1000 {
        let mu: f64 = scores.iter().zip(&p).map(|(a, q)| a * q).sum();
        let var: f64 = scores
            .iter()
            .zip(&p)
            .map(|(a, q)| q * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        if sigma <= 0.0 {
            break;
        }
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0)
            .collect();
        let Some(x) = secular(&phi, probs) else {
            break;
        };
        let mut max_diff: f64 = 0.0;
        for i in 0..n {
            let new = probs[i] / (1.0 + x * phi[i]);
            max_diff = max_diff.max((new - p[i]).abs());
            p[i] = new;
        }
        if max_diff < 1e-14 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secular_solves_equation() {
        let a = [-0.5, 0.1, 0.4];
        let p = [0.2, 0.5, 0.3];
        let x = secular(&a, &p).unwrap();
        let f: f64 = a
            .iter()
            .zip(&p)
            .map(|(ai, pi)| pi * ai / (1.0 + x * ai))
            .sum();
        assert!(f.abs() < 1e-14);
        assert!(secular(&[0.1, 0.2], &[0.5, 0.5]).is_none());
    }

    #[test]
    fn mle_hits_constraint() {
        let scores = [0.0, 0.5, 1.0];
        let probs = [0.3, 0.3, 0.4];
        let p = mle_expected(&scores, &probs, 0.52);
        let mu: f64 = scores.iter().zip(&p).map(|(a, q)| a * q).sum();
        assert!((mu - 0.52).abs() < 1e-13);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-13);
        let q = mle_t_value(&scores, &probs, 0.5, 0.1);
        let mu: f64 = scores.iter().zip(&q).map(|(a, w)| a * w).sum();
        let var: f64 = scores
            .iter()
            .zip(&q)
            .map(|(a, w)| w * (a - mu).powi(2))
            .sum();
        assert!(((mu - 0.5) / var.sqrt() - 0.1).abs() < 1e-10);
    }

    #[test]
    fn invalid_parameters_rejected() {
        assert!(Sprt::new(1.0, 0.0, 0.05, 0.05, EloModel::Logistic).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05, EloModel::Logistic).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5, EloModel::Logistic).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05, EloModel::Logistic).is_err());
        assert!(Sprt::new(0.0, 1e9, 0.05, 0.05, EloModel::Normalized).is_err());
    }

    #[test]
    fn status_follows_bounds() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Logistic).unwrap();
        assert_eq!(s.status(3.0), SprtStatus::AcceptH1);
        assert_eq!(s.status(-3.0), SprtStatus::AcceptH0);
        assert_eq!(s.status(0.0), SprtStatus::Continue);
        let empty = s.llr_trinomial(&Trinomial::default());
        assert!(empty.is_finite() && empty.abs() < 1e-2);
    }
}
