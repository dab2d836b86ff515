//! The report's configuration list, in words: what ran (from the typed `run.json`), how the
//! ratings were computed, the match and the SPRT. Every value is written out; nothing is
//! printed with `{:?}`.

use crate::matchup::{fmt_counts, fmt_estimate};
use crate::{Rating, fmt_pct};
use gomoku_config::run::{Pairing, RunKind};
use gomoku_report::{SprtDecision, SprtTrace};
use gomoku_runner::RunInfo;
use gomoku_runner::journal::shard_name;
use gomoku_runner::sprt::{Decision, SprtSummary};
use gomoku_stats::{Z95, fmt_elo_pm};

fn kind(k: &RunKind) -> String {
    match k {
        RunKind::Tournament => "tournament".into(),
        RunKind::CGomokuCli(_) => "tournament (c-gomoku-cli's schedule)".into(),
        RunKind::Sprt => "SPRT".into(),
        RunKind::TuneStep {
            method,
            step,
            pairs,
        } => format!("tuning step {step} of {method}, {pairs} game pairs"),
        RunKind::Verify { games_per_opening } => {
            format!("opening verification, {games_per_opening} games per opening")
        }
    }
}

fn pairing(p: &Pairing, names: &[String]) -> String {
    match p {
        Pairing::RoundRobin => "round robin".into(),
        Pairing::Gauntlet(candidates) => {
            let c: Vec<&str> = candidates
                .iter()
                .filter_map(|&i| names.get(i).map(String::as_str))
                .collect();
            format!("gauntlet of {} against the rest", c.join(", "))
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// What ran, from `run.json`.
fn run_lines(i: &RunInfo, push: &mut impl FnMut(&str, String)) {
    let c = &i.config;
    let names = i.players();
    push("Name", format!("{} ({})", i.name(), kind(&c.kind)));
    push(
        "Players",
        format!("{} ({})", names.join(", "), pairing(&c.pairing, &names)),
    );
    push(
        "Board",
        format!(
            "{}x{}, {} in a row, {}",
            c.board.width,
            c.board.height,
            c.board.k,
            i.rule()
        ),
    );
    let b = &c.book;
    let from = if b.first > 0 {
        format!(" from #{}", b.first + 1)
    } else {
        String::new()
    };
    push(
        "Openings",
        format!(
            "{} ({} openings{from}, format {}, random symmetry per pair: {})",
            b.file,
            b.count,
            b.format,
            yes_no(b.transform)
        ),
    );
    push("Rounds", c.rounds.to_string());
    let replaced = c.replaced_depths_note().map(|n| format!(", which {n}"));
    push(
        "Time control",
        format!(
            "{}{}",
            c.time_control.in_words(),
            replaced.unwrap_or_default()
        ),
    );
    if let Some(m) = c.move_cap {
        push("Move cap", format!("draw at {m} stones"));
    }
    push("Seed", c.seed.to_string());
    let shard = i.shard.map(|s| format!(", shard {}", shard_name(Some(s))));
    push("Run", format!("{}{}", i.run, shard.unwrap_or_default()));
}

/// The SPRT chart's input.
pub(crate) fn sprt_trace(s: &SprtSummary) -> SprtTrace {
    SprtTrace {
        label: format!("{} vs {}", s.candidate, s.baseline),
        points: s.trace.clone(),
        lower: s.lower,
        upper: s.upper,
        elo0: s.settings.elo0,
        elo1: s.settings.elo1,
        unit: s.settings.model.unit().into(),
        decision: match s.decision {
            Decision::H1 => SprtDecision::AcceptH1,
            Decision::H0 => SprtDecision::AcceptH0,
            Decision::Running | Decision::Capped | Decision::Interrupted => {
                SprtDecision::Inconclusive
            }
        },
    }
}

/// The SPRT in one line: hypotheses, LLR in its bounds, where it stands, the estimate.
fn sprt_line(s: &SprtSummary) -> String {
    let t = &s.settings;
    let unit = t.model.unit();
    let decision = match s.decision {
        Decision::H1 => "H1 accepted".to_string(),
        Decision::H0 => "H0 accepted".to_string(),
        Decision::Capped => format!("no decision at the cap of {} games", t.max_games),
        Decision::Running => "still running".to_string(),
        Decision::Interrupted => "interrupted (resume with --resume)".to_string(),
    };
    let estimate = match t.model {
        gomoku_config::run::ModelSpec::Logistic => s.elo,
        gomoku_config::run::ModelSpec::Normalized => s.nelo,
    };
    let estimate = match estimate.and_then(|e| Some((e.elo?, e.error95))) {
        Some((elo, err)) => format!(
            "{} {unit}",
            fmt_elo_pm(elo, err.unwrap_or(f64::INFINITY), 1)
        ),
        None => "-".into(),
    };
    let los = s
        .los_percent
        .map(|l| format!(", LOS {l:.1}%"))
        .unwrap_or_default();
    format!(
        "{} vs {}: H0 {} / H1 {} {unit} ({} model), alpha {}, beta {}; {} after {} pairs: {decision}; {estimate}{los}",
        s.candidate,
        s.baseline,
        t.elo0,
        t.elo1,
        t.model.name(),
        t.alpha,
        t.beta,
        crate::sprt_text::llr_text(s.llr, s.lower, s.upper),
        s.pairs
    )
}

/// The configuration list of the report.
pub(crate) fn config_brief(
    info: Option<&RunInfo>,
    r: &Rating,
    advantage: Option<&Rating>,
    sprt: Option<&SprtSummary>,
) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = Vec::new();
    let mut push = |k: &str, v: String| c.push((k.to_string(), v));
    let games = r.results.games.len();
    let scheduled = match info {
        Some(i) => {
            run_lines(i, &mut push);
            format!(", {} scheduled", i.jobs)
        }
        None => String::new(),
    };
    push(
        "Games",
        format!(
            "{games} rated, {} without result{scheduled}",
            r.results.skipped
        ),
    );
    push(
        "Ratings",
        format!(
            "Ordo-style pool fit (Bradley-Terry, draws half a point, 400 per factor 10), mean 0, first-mover advantage fixed at 0; ± 95% and LOS from the {} (as gomoku-arena rate)",
            r.table.method.describe()
        ),
    );
    if let Some(a) = advantage {
        push(
            "First-mover advantage",
            format!(
                "{} Elo (fitted jointly in a second fit); Black scores {}, draws {}",
                fmt_elo_pm(
                    a.table.fit.first_mover_advantage,
                    Z95 * a.table.fit.first_mover_advantage_stderr,
                    1
                ),
                fmt_pct(r.table.first_mover_score),
                fmt_pct(r.table.fit.draw_rate)
            ),
        );
    }
    if let Some(m) = &r.matchup {
        let p = &m.pentanomial;
        push(
            "Match",
            format!(
                "{} vs {}: pentanomial [{}] over {} pairs, Elo {}, nElo {}, LOS {}; trinomial Elo {}",
                r.results.names[m.player],
                r.results.names[m.opponent],
                fmt_counts(p),
                p.pairs(),
                fmt_estimate(p.elo_estimate()),
                fmt_estimate(p.nelo_estimate()),
                p.los().map_or_else(|_| "-".into(), fmt_pct),
                fmt_estimate(m.trinomial.elo_estimate()),
            ),
        );
    }
    if let Some(s) = sprt {
        push("SPRT", sprt_line(s));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_pairings_in_words() {
        let step = RunKind::TuneStep {
            method: "spsa".into(),
            step: 3,
            pairs: 8,
        };
        assert_eq!(kind(&step), "tuning step 3 of spsa, 8 game pairs");
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(
            pairing(&Pairing::Gauntlet(vec![0]), &names),
            "gauntlet of a against the rest"
        );
    }
}
