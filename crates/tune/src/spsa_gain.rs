//! SPSA's running estimate of the Elo of its current values against its start values, from
//! the games it has played anyway (no extra match).
//!
//! Iteration `k` plays `θ + p` against `θ - p` (`p = c_k·δ`) and steps `θ` by `t·p` with
//! `t = a_k/c_k² · r` (`r`: wins minus losses of `θ+` over `G` games; `a_k/c_k²` is the same
//! for every parameter of a common `r_end`, else its mean is taken). To first order the match
//! measures `D = E(θ+p) - E(θ-p) ≈ 2∇E·p` and the step gains `t∇E·p ≈ t·D/2`. With `D`
//! linearised around an even score (`D ≈ 400/(ln 10·¼)·(score - ½) = 347.4·r/G`) the gain is
//! `w·r²` with `w = a_k/c_k² · 173.7/G`. Since `r` both chose the step and measured it, `r²`
//! is biased up by the noise: `E[r²] = E[r]² + Var r`, so the estimate is `w·(r² - Var r)`,
//! with `Var r = 4P·v` for `P` pairs and `v` the variance of a pair's score (0..2) within an
//! iteration, pooled over the run so far. The 95% interval adds the iterations' variances
//! `w²·Var(r²) ≈ w²·(4r²·Var r + 2(Var r)²)` (normal `r`; the terms of `v` are summed, `v`
//! applied at the end).
//!
//! Where it fails: it is first order (it overstates gains near an optimum, where the surface
//! curves), it ignores clamping to the bounds, and its interval ignores the error of `v`. It
//! reads as a trend, not a measurement: the confirmation match measures.

use serde::{Deserialize, Serialize};

/// `400 / ln 10`: the Elo of a gain per `a_k/c_k² · r²/G` (see the module doc).
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The sums the estimate is made of; zero before the first iteration (and in a checkpoint
/// written before the estimate existed, which then counts from its resume).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GainEstimate {
    /// `Σ w·r²`.
    pub signal: f64,
    /// `Σ w·4P`, the bias per unit of `v`.
    pub bias: f64,
    /// `Σ 16·w²·P·r²`, the variance's term in `v`.
    pub var_v: f64,
    /// `Σ 32·w²·P²`, the variance's term in `v²`.
    pub var_v2: f64,
    /// Sum of squared deviations of the pairs' scores from their iteration's mean.
    pub squares: f64,
    /// Its degrees of freedom (pairs less one, per iteration).
    pub freedom: f64,
}

impl GainEstimate {
    /// Adds an iteration: `rate` = `a_k/c_k²` (0 when its update was not applied) and the
    /// pair scores of `θ+` (each `[game 1, game 2]`).
    pub fn add(&mut self, rate: f64, pairs: &[[f64; 2]]) {
        if pairs.is_empty() {
            return;
        }
        let p = pairs.len() as f64;
        let q: Vec<f64> = pairs.iter().map(|s| s[0] + s[1]).collect();
        let mean = q.iter().sum::<f64>() / p;
        self.squares += q.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>();
        self.freedom += p - 1.0;
        let r: f64 = q.iter().map(|x| 2.0 * x - 2.0).sum();
        let w = rate * ELO_PER_UNIT / (2.0 * p);
        self.signal += w * r * r;
        self.bias += w * 4.0 * p;
        self.var_v += 16.0 * w * w * p * r * r;
        self.var_v2 += 32.0 * w * w * p * p;
    }

    /// The Elo of the current values against the start values and its 95% half-width;
    /// `None` until the pairs of an iteration differ (no variance to correct by).
    pub fn elo(&self) -> Option<(f64, f64)> {
        if self.freedom <= 0.0 || self.squares <= 0.0 {
            return None;
        }
        let v = self.squares / self.freedom;
        let elo = self.signal - self.bias * v;
        let var = self.var_v * v + self.var_v2 * v * v;
        Some((elo, gomoku_stats::Z95 * var.sqrt()))
    }
}

#[cfg(test)]
mod tests {
    use super::GainEstimate;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Games of `θ+` scoring `score` on average (no draws), in pairs.
    fn pairs(rng: &mut ChaCha8Rng, score: f64, n: usize) -> Vec<[f64; 2]> {
        let mut game = || f64::from(u8::from(rng.random::<f64>() < score));
        (0..n).map(|_| [game(), game()]).collect()
    }

    #[test]
    fn pure_noise_gains_nothing_and_a_true_edge_gains() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // θ+ and θ- of equal strength: r² is all noise, which the bias removes.
        let mut noise = GainEstimate::default();
        for _ in 0..400 {
            noise.add(1.0, &pairs(&mut rng, 0.5, 8));
        }
        let (elo, e95) = noise.elo().unwrap();
        assert!(elo.abs() < e95, "{elo} ± {e95}");
        // θ+ scoring 60%: E[r] = 0.2·G per iteration, a gain of w·E[r]² each.
        let mut edge = GainEstimate::default();
        for _ in 0..400 {
            edge.add(1.0, &pairs(&mut rng, 0.6, 8));
        }
        let (elo, e95) = edge.elo().unwrap();
        let g = 16.0;
        let expected = 400.0 * (400.0 / std::f64::consts::LN_10) / g * (0.2 * g).powi(2);
        assert!(elo - e95 > 0.0, "{elo} ± {e95}");
        assert!(
            (elo - expected).abs() < e95,
            "{elo} ± {e95}, expected {expected}"
        );
        // No pair to pool a variance from, or pairs all alike: no estimate.
        assert_eq!(GainEstimate::default().elo(), None);
        let mut alike = GainEstimate::default();
        alike.add(1.0, &[[1.0, 1.0], [1.0, 1.0]]);
        assert_eq!(alike.elo(), None);
    }
}
