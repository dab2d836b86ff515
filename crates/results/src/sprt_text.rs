//! An SPRT's state in words, for the console: the test's opening line, a progress line per
//! batch, the result and the verdict. Estimates are given in the unit of the test's
//! hypotheses (Elo or nElo, named).

use gomoku_config::run::ModelSpec;
use gomoku_config::sprt::SprtPlan;
use gomoku_runner::sprt::{Decision, Estimate, SprtSummary};
use gomoku_stats::fmt_elo_pm;
use std::path::Path;

/// The line that opens a test: the engines, the hypotheses, errors and cap, the book and
/// the output directory.
pub fn plan_line(plan: &SprtPlan, output: &Path) -> String {
    let test = &plan.test;
    format!(
        "sprt {}: {} (candidate) vs {} (baseline), H0 {} / H1 {} {}, alpha {} beta {}, at most {} games; {} openings, output {}",
        plan.name,
        plan.candidate.name,
        plan.baseline.name,
        test.elo0,
        test.elo1,
        test.model.unit(),
        test.alpha,
        test.beta,
        2 * plan.max_pairs(),
        plan.openings.len(),
        output.display()
    )
}

/// `+12.3 ± 4.5`, or `-` when there is no estimate yet.
pub fn estimate_text(e: Option<Estimate>) -> String {
    match e.and_then(|e| Some((e.elo?, e.error95.unwrap_or(f64::INFINITY)))) {
        Some((elo, err)) => fmt_elo_pm(elo, err, 1),
        None => "-".into(),
    }
}

/// The LLR against its bounds: `LLR 1.234 in (-2.944, 2.944)` while it runs, `LLR 2.950 >=
/// 2.944 (upper bound)` or `LLR -3.001 <= -2.944 (lower bound)` once it has crossed one.
pub fn llr_text(llr: f64, lower: f64, upper: f64) -> String {
    if llr >= upper {
        format!("LLR {llr:.3} >= {upper:.3} (upper bound)")
    } else if llr <= lower {
        format!("LLR {llr:.3} <= {lower:.3} (lower bound)")
    } else {
        format!("LLR {llr:.3} in ({lower:.3}, {upper:.3})")
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

/// The results (W/D/L, Elo and nElo, LOS), the pentanomial counts with the LLR against its
/// bounds and the hypotheses, and the verdict: three lines.
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
    let [p0, p1, p2, p3, p4] = s.pentanomial;
    format!(
        "W/D/L {}/{}/{}  Elo {}  nElo {}{los}\nPtnml(0-2): [{p0}, {p1}, {p2}, {p3}, {p4}]  {} [{}, {}] {unit}\n{verdict}",
        t.wins,
        t.draws,
        t.losses,
        estimate_text(s.elo),
        estimate_text(s.nelo),
        llr_text(s.llr, s.lower, s.upper),
        s.settings.elo0,
        s.settings.elo1
    )
}

#[cfg(test)]
mod llr_tests {
    use super::llr_text;

    #[test]
    fn a_crossed_bound_is_said_as_crossed() {
        assert_eq!(
            llr_text(2.95, -2.944, 2.944),
            "LLR 2.950 >= 2.944 (upper bound)"
        );
        assert_eq!(
            llr_text(-3.0, -2.944, 2.944),
            "LLR -3.000 <= -2.944 (lower bound)"
        );
        assert_eq!(llr_text(0.5, -2.944, 2.944), "LLR 0.500 in (-2.944, 2.944)");
    }
}
