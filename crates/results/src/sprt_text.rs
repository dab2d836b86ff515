//! An SPRT's state in words, for the console: a progress line per batch, the result and the
//! verdict. Estimates are given in the unit of the test's hypotheses (Elo or nElo, named).

use crate::{fmt_abs, fmt_signed};
use gomoku_config::run::ModelSpec;
use gomoku_runner::sprt::{Decision, Estimate, SprtSummary};

/// `+12.3 ± 4.5`, or `-` when there is no estimate yet.
pub fn estimate_text(e: Option<Estimate>) -> String {
    match e.and_then(|e| Some((e.elo?, e.error95.unwrap_or(f64::INFINITY)))) {
        Some((elo, err)) => format!("{} ± {}", fmt_signed(elo), fmt_abs(err)),
        None => "-".into(),
    }
}

/// One progress line: counts, the estimate in the test's own unit, and the LLR in its bounds.
pub fn progress_line(s: &SprtSummary) -> String {
    let est = match s.settings.model {
        ModelSpec::Logistic => s.elo,
        ModelSpec::Normalized => s.nelo,
    };
    let [p0, p1, p2, p3, p4] = s.pentanomial;
    format!(
        "pairs {:>5}  games {:>6}  penta {p0} {p1} {p2} {p3} {p4}  {} {}  LLR {:.3} [{:.3}, {:.3}]",
        s.pairs,
        s.games,
        s.settings.model.unit(),
        estimate_text(est),
        s.llr,
        s.lower,
        s.upper
    )
}

/// Games still to play before the LLR reaches the bound it heads for, at the rate it has
/// moved so far (its mean step per pair), within the test's cap; `None` before any pair or
/// while it has not moved. A forecast, not a promise: the drift is itself an estimate.
pub fn expected_more_games(s: &SprtSummary) -> Option<u64> {
    if s.pairs == 0 || s.llr == 0.0 {
        return None;
    }
    let drift = s.llr / s.pairs as f64;
    let bound = if drift > 0.0 { s.upper } else { s.lower };
    let pairs = ((bound - s.llr) / drift).max(0.0).ceil();
    let cap = (s.settings.max_games / 2).saturating_sub(s.pairs) as f64;
    Some(2 * pairs.min(cap) as u64)
}

/// Where the LLR stands between its bounds, from 0 (H0 accepted) to 1 (H1 accepted).
pub fn llr_fraction(s: &SprtSummary) -> f64 {
    ((s.llr - s.lower) / (s.upper - s.lower)).clamp(0.0, 1.0)
}

/// The results (W/D/L, Elo and nElo, LOS) and the verdict, two lines.
pub fn result_lines(s: &SprtSummary) -> String {
    let t = &s.trinomial;
    let los = s
        .los_percent
        .map(|l| format!("  LOS {l:.1}%"))
        .unwrap_or_default();
    let (c, b, unit) = (&s.candidate, &s.baseline, s.settings.model.unit());
    let verdict = match s.decision {
        Decision::H1 => format!(
            "H1 accepted: {c} is stronger than {b}; the test favours {} {unit} over {} {unit}",
            s.settings.elo1, s.settings.elo0
        ),
        Decision::H0 => format!(
            "H0 accepted: {c} is not {} {unit} stronger than {b}",
            s.settings.elo1
        ),
        Decision::Capped | Decision::Running => format!(
            "no decision: the cap of {} games was reached",
            s.settings.max_games
        ),
        Decision::Interrupted => "interrupted: resume with --resume".into(),
    };
    format!(
        "W/D/L {}/{}/{}  Elo {}  nElo {}{los}\n{verdict}",
        t.wins,
        t.draws,
        t.losses,
        estimate_text(s.elo),
        estimate_text(s.nelo)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(pairs: u64, llr: f64, max_games: u64) -> SprtSummary {
        serde_json::from_value(serde_json::json!({
            "v": 2, "name": "t", "run": "r", "candidate": "a", "baseline": "b",
            "settings": {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05,
                         "model": "Normalized", "max_games": max_games},
            "lower": -2.944, "upper": 2.944, "pairs": pairs, "games": 2 * pairs,
            "pentanomial": [0, 0, pairs, 0, 0], "trinomial": {"wins": 0, "draws": 0, "losses": 0},
            "elo": null, "nelo": null, "los_percent": null, "llr": llr,
            "decision": "Running", "trace": [], "machine": {"threads": 1, "batch_pairs": 1, "discarded_pairs": 0, "resumed_pairs": 0, "wall_s": 0.0},
        }))
        .unwrap()
    }

    #[test]
    fn the_forecast_extends_the_drift_to_the_bound_it_heads_for() {
        // +1.0 in 100 pairs: 1.944 more at 0.01 a pair is 195 pairs, 390 games.
        assert_eq!(expected_more_games(&summary(100, 1.0, 10_000)), Some(390));
        // Falling: toward the lower bound.
        assert_eq!(expected_more_games(&summary(100, -1.0, 10_000)), Some(390));
        // Never past the cap.
        assert_eq!(expected_more_games(&summary(100, 1.0, 300)), Some(100));
        assert_eq!(expected_more_games(&summary(0, 0.0, 300)), None);
        assert!((llr_fraction(&summary(10, 0.0, 300)) - 0.5).abs() < 1e-12);
        assert_eq!(llr_fraction(&summary(10, 9.0, 300)), 1.0);
    }
}
