//! Game budgets a tuner or scheduler can plan with: games for a target error bar, and the
//! expected length of an SPRT (Brownian approximation of the LLR, fishtest's
//! `LLR_drift_variance` with Wald's first-passage formulas).
//!
//! Both assume independent games with a given draw ratio (trinomial); game pairs with
//! correlated results usually need fewer games, so the figures are conservative there.

use crate::StatsError;
use crate::elo::{Z95, score_from_elo};
use crate::sprt::Sprt;

/// Per-game `[loss, draw, win]` probabilities for a logistic Elo and a draw ratio.
fn ldw_probs(elo: f64, draw_ratio: f64) -> Result<[f64; 3], StatsError> {
    if !elo.is_finite() {
        return Err(StatsError::InvalidParameter {
            name: "elo",
            value: elo,
            reason: "must be finite",
        });
    }
    let s = score_from_elo(elo);
    let (w, l) = (s - draw_ratio / 2.0, 1.0 - s - draw_ratio / 2.0);
    if !(0.0..1.0).contains(&draw_ratio) || w < 0.0 || l < 0.0 {
        return Err(StatsError::InvalidParameter {
            name: "draw_ratio",
            value: draw_ratio,
            reason: "must lie in [0, 1) and leave room for the expected score",
        });
    }
    Ok([l, draw_ratio, w])
}

/// Games needed so the fastchess 95% half-width is about `target_error95` Elo when the true
/// difference is `elo` with the given draw ratio: `n = (Z95 * sigma * dElo/ds / target)^2`.
///
/// # Errors
/// [`StatsError::InvalidParameter`] for a non-positive target or an impossible draw ratio.
pub fn games_for_error95(
    elo: f64,
    draw_ratio: f64,
    target_error95: f64,
) -> Result<f64, StatsError> {
    if !(target_error95 > 0.0 && target_error95.is_finite()) {
        return Err(StatsError::InvalidParameter {
            name: "target_error95",
            value: target_error95,
            reason: "must be positive and finite",
        });
    }
    let [_, d, _] = ldw_probs(elo, draw_ratio)?;
    let s = score_from_elo(elo);
    let var = s * (1.0 - s) - d / 4.0;
    let slope = 400.0 / (std::f64::consts::LN_10 * s * (1.0 - s));
    Ok((Z95 * var.sqrt() * slope / target_error95).powi(2))
}

/// Expected number of games until `sprt` stops when the true logistic Elo is `true_elo`
/// and games are drawn with probability `draw_ratio`.
///
/// # Errors
/// [`StatsError::InvalidParameter`] for a non-finite Elo or an impossible draw ratio.
pub fn expected_sprt_games(sprt: &Sprt, true_elo: f64, draw_ratio: f64) -> Result<f64, StatsError> {
    let probs = ldw_probs(true_elo, draw_ratio)?;
    // Zero-probability outcomes never occur; a tiny floor keeps the MLE defined.
    let floored: Vec<f64> = probs.iter().map(|p| p.max(1e-12)).collect();
    let total: f64 = floored.iter().sum();
    let p: Vec<f64> = floored.iter().map(|x| x / total).collect();
    let jumps = sprt.jumps(&p);
    let drift: f64 = p.iter().zip(&jumps).map(|(q, j)| q * j).sum();
    let var = p.iter().zip(&jumps).map(|(q, j)| q * j * j).sum::<f64>() - drift * drift;
    let (a, b) = (sprt.lower_bound(), sprt.upper_bound());
    if var <= 0.0 {
        return Ok(f64::INFINITY);
    }
    let k = 2.0 * drift / var;
    if (k * (b - a)).abs() < 1e-6 {
        return Ok(-a * b / var);
    }
    // Brownian motion with drift: P(hit b before a), then Wald's identity.
    let p_upper = (1.0 - (-k * a).exp()) / ((-k * b).exp() - (-k * a).exp());
    Ok((p_upper * b + (1.0 - p_upper) * a) / drift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::Trinomial;
    use crate::sprt::EloModel;

    #[test]
    fn error_budget_is_self_consistent() {
        let n = games_for_error95(20.0, 0.3, 10.0).unwrap();
        let s = score_from_elo(20.0);
        let t = Trinomial::new(
            (n * (s - 0.15)).round() as u64,
            (n * 0.3).round() as u64,
            (n * (0.85 - s)).round() as u64,
        );
        let e = t.elo_estimate().unwrap();
        assert!((e.error95 - 10.0).abs() < 0.05, "{e:?} for n = {n}");
        assert!(games_for_error95(0.0, 1.5, 10.0).is_err());
        assert!(games_for_error95(0.0, 0.2, 0.0).is_err());
    }

    #[test]
    fn sprt_budget_is_symmetric_and_positive() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, EloModel::Logistic).unwrap();
        let at0 = expected_sprt_games(&sprt, 0.0, 0.3).unwrap();
        let at1 = expected_sprt_games(&sprt, 10.0, 0.3).unwrap();
        let mid = expected_sprt_games(&sprt, 5.0, 0.3).unwrap();
        assert!(at0 > 1000.0 && at1 > 1000.0);
        assert!((at0 / at1 - 1.0).abs() < 0.05);
        assert!(mid > at0 && mid.is_finite());
    }
}
