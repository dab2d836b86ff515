//! The confirmation match: every pair of players (tuned, start, and any extra tables) plays
//! game pairs on held-out openings, colours reversed within a pair, as one tournament of the
//! match layer; ratings from a pool fit (Ordo-style, sandwich errors) and, per match,
//! pentanomial counts and Elo. Its games are journaled in a run directory of their own
//! (`steps/confirmation/` in the tuning run's folder), which `rate` and `report` read as any
//! tournament's and a killed confirmation resumes from.

use crate::TuneError;
use crate::matches::{BookSlice, CONFIRM_BATCH, Step, StepSpec, game_lengths, game_pairs};
use gomoku_config::run::{Pairing, PlayerRecord, RunKind};
use gomoku_config::tune::TuneConfig;
use gomoku_engine::EngineParams;
use gomoku_report::{HeadToHead, StandingRow};
use gomoku_runner::journal::RunInfo;
use gomoku_runner::{JournalLine, batch_seed};
use gomoku_stats::{Pentanomial, PoolGame, PoolOptions, Z95, fit_pool, fmt_elo_pm};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// One player's pool rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Player name.
    pub name: String,
    /// Pool Elo (mean zero).
    pub elo: f64,
    /// 95% half-width (sandwich standard error times 1.96).
    pub error95: f64,
    /// Games played.
    pub games: u64,
    /// Points scored.
    pub points: f64,
}

/// One head-to-head match of the confirmation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// First player.
    pub a: String,
    /// Second player.
    pub b: String,
    /// Pairs played.
    pub pairs: usize,
    /// A's wins, draws, losses.
    pub wdl: [u64; 3],
    /// A's pair scores counted as `[0, 0.5, 1, 1.5, 2]`.
    pub pentanomial: [u64; 5],
    /// A's score fraction.
    pub score: f64,
    /// Pentanomial Elo of A against B.
    pub elo: f64,
    /// Its 95% half-width.
    pub error95: f64,
    /// Lower end of the 95% interval.
    pub lower95: f64,
    /// Upper end of the 95% interval.
    pub upper95: f64,
    /// Likelihood of superiority of A.
    pub los: f64,
    /// Pool Elo difference A - B.
    pub pool_elo_diff: f64,
    /// Its 95% half-width (from the pool covariance).
    pub pool_error95: f64,
}

/// The confirmation's outcome (`confirmation.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Confirmation {
    /// Players, in input order (the tuned table first).
    pub players: Vec<String>,
    /// What the openings were.
    pub openings: String,
    /// Game pairs per match.
    pub pairs_per_match: usize,
    /// Games in all.
    pub games: u64,
    /// Pool ratings, best first.
    pub ratings: Vec<Rating>,
    /// Every match.
    pub matches: Vec<MatchSummary>,
    /// Length (stones) of every game.
    pub game_lengths: Vec<u32>,
}

impl MatchSummary {
    /// The verdict of the match at 95%: which side is stronger, or that they are not
    /// separated.
    pub fn verdict(&self) -> String {
        if self.lower95 > 0.0 {
            format!(
                "{} is stronger than {} (the 95% interval lies above 0)",
                self.a, self.b
            )
        } else if self.upper95 < 0.0 {
            format!(
                "{} is weaker than {} (the 95% interval lies below 0)",
                self.a, self.b
            )
        } else {
            format!("{} and {} are not separated at 95%", self.a, self.b)
        }
    }
}

impl std::fmt::Display for Confirmation {
    /// The pool ratings, every match with its verdict, as the `tune` command prints them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "confirmation ({}, {} games):", self.openings, self.games)?;
        for r in &self.ratings {
            writeln!(
                f,
                "  {:<20} {:>7} Elo  ({} / {} points)",
                r.name,
                fmt_elo_pm(r.elo, r.error95, 1),
                r.points,
                r.games
            )?;
        }
        for m in &self.matches {
            let ([w, d, l], p) = (m.wdl, m.pentanomial);
            writeln!(
                f,
                "  {} vs {}: {} Elo (pentanomial {}-{}-{}-{}-{}, W/D/L {w}/{d}/{l}, LOS {:.1}%)\n    verdict: {}",
                m.a,
                m.b,
                fmt_elo_pm(m.elo, m.error95, 1),
                p[0],
                p[1],
                p[2],
                p[3],
                p[4],
                100.0 * m.los,
                m.verdict()
            )?;
        }
        Ok(())
    }
}

/// Names made unique by a suffix (`-2`, `-3`, ...), in order.
fn unique_names(names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &name in names {
        let mut n = name.to_string();
        let mut k = 2;
        while out.contains(&n) {
            n = format!("{name}-{k}");
            k += 1;
        }
        out.push(n);
    }
    out
}

/// The confirmation's step name: its games are in `steps/confirmation/` of the tuning run.
pub const CONFIRMATION_STEP: &str = "confirmation";

/// The run directory of the confirmation games of the tuning run in `tuning_dir`.
pub fn confirmation_dir(tuning_dir: &Path) -> PathBuf {
    tuning_dir.join("steps").join(CONFIRMATION_STEP)
}

/// The confirmation's games: a round robin of `tuned`, `start` (the player at the start
/// values) and the configuration's engine with each extra table (named by its table), `pairs`
/// game pairs per match on the held-out openings; names made unique by a suffix.
pub fn confirmation_step(
    cfg: &TuneConfig,
    [tuned, start]: [PlayerRecord; 2],
) -> Result<Step, TuneError> {
    let c = &cfg.file.confirmation;
    let also = cfg.also.iter().map(|t| {
        let params = EngineParams {
            table: t.clone(),
            tie_break_margin: c.tie_break_margin,
            ..cfg.engine.clone()
        };
        PlayerRecord::engine(&t.name, &params)
    });
    let mut players: Vec<PlayerRecord> = [tuned, start].into_iter().chain(also).collect();
    let names = unique_names(&players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>());
    for (p, name) in players.iter_mut().zip(names) {
        p.name = name;
    }
    Step::new(
        cfg,
        StepSpec {
            name: CONFIRMATION_STEP.into(),
            kind: RunKind::Tournament,
            players,
            book: BookSlice {
                openings: &cfg.holdout_openings,
                range: &cfg.file.holdout_openings,
                format: cfg.holdout_format,
                offset: 0,
            },
            pairs: c.pairs,
            seed: batch_seed(cfg.file.seed, CONFIRM_BATCH),
        },
    )
}

/// Plays the confirmation of `tuned` against `start` on `threads` workers into the run directory `dir`
/// (continuing its journal) and rates it; `None` when `stop` ended it first. A directory that
/// holds the confirmation of other settings (its `confirmation` section changed since) is
/// played again from its first game.
pub fn confirm(
    cfg: &TuneConfig,
    players: [PlayerRecord; 2],
    dir: &Path,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<Option<Confirmation>, TuneError> {
    let step = confirmation_step(cfg, players)?;
    if RunInfo::load(dir).is_ok_and(|old| old.run != step.run_hash()) {
        std::fs::remove_dir_all(dir).map_err(|e| TuneError::io(dir, e))?;
    }
    let summary = step.play_into(dir, None, threads, stop)?;
    if !summary.complete() {
        return Ok(None);
    }
    let lines = summary.lines;
    let names: Vec<String> = step
        .spec
        .participants
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let (a, b) = cfg.file.holdout_openings.range;
    let openings = format!(
        "{} openings {a}..{b} (held out)",
        cfg.file.holdout_openings.file.display()
    );
    rate(&names, &lines, cfg.file.confirmation.pairs, openings).map(Some)
}

/// Rates the games of a confirmation: a pool fit over all of them and, per match, the
/// pentanomial counts and Elo of its game pairs.
pub fn rate(
    names: &[String],
    lines: &[JournalLine],
    pairs: usize,
    openings: String,
) -> Result<Confirmation, TuneError> {
    let n = names.len();
    let mut games = Vec::new();
    // Each match's pairs, from its first player's view.
    type PerMatch = Vec<((usize, usize), Vec<[f64; 2]>)>;
    let mut per_match: PerMatch = Pairing::RoundRobin
        .pairs(n)
        .into_iter()
        .map(|m| (m, Vec::new()))
        .collect();
    for (a, b, s) in game_pairs(lines) {
        games.push(PoolGame {
            first: a,
            second: b,
            score: s[0],
        });
        games.push(PoolGame {
            first: b,
            second: a,
            score: 1.0 - s[1],
        });
        // A round robin's pair has its lower index first; a tournament plays it so.
        let (m, flip) = if a < b {
            ((a, b), false)
        } else {
            ((b, a), true)
        };
        if let Some((_, list)) = per_match.iter_mut().find(|(k, _)| *k == m) {
            list.push(if flip { [1.0 - s[1], 1.0 - s[0]] } else { s });
        }
    }
    let fit = fit_pool(&games, n, &PoolOptions::default())?;
    let mut ratings: Vec<Rating> = (0..n)
        .map(|i| Rating {
            name: names[i].clone(),
            elo: fit.ratings[i],
            error95: Z95 * fit.stderr_sandwich[i],
            games: fit.games[i],
            points: fit.points[i],
        })
        .collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    let mut matches = Vec::new();
    for ((a, b), scores) in per_match {
        let (penta, tri) = Pentanomial::from_game_pairs(&scores)?;
        let est = penta.elo_estimate()?;
        let c = &fit.covariance;
        let var = c[a][a] + c[b][b] - 2.0 * c[a][b];
        matches.push(MatchSummary {
            a: names[a].clone(),
            b: names[b].clone(),
            pairs: scores.len(),
            wdl: {
                let [l, d, w] = tri.ldw();
                [w, d, l]
            },
            pentanomial: penta.0,
            score: penta.score()?,
            elo: est.elo,
            error95: est.error95,
            lower95: est.lower,
            upper95: est.upper,
            los: penta.los()?,
            pool_elo_diff: fit.ratings[a] - fit.ratings[b],
            pool_error95: Z95 * var.max(0.0).sqrt(),
        });
    }
    Ok(Confirmation {
        players: names.to_vec(),
        openings,
        pairs_per_match: pairs,
        games: games.len() as u64,
        ratings,
        matches,
        game_lengths: game_lengths(lines),
    })
}

/// Standings rows for the report.
pub fn standings(c: &Confirmation) -> Vec<StandingRow> {
    let rows: Vec<StandingRow> = c
        .ratings
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
            for m in &c.matches {
                if m.a == r.name {
                    w += m.wdl[0] as u32;
                    d += m.wdl[1] as u32;
                    l += m.wdl[2] as u32;
                } else if m.b == r.name {
                    w += m.wdl[2] as u32;
                    d += m.wdl[1] as u32;
                    l += m.wdl[0] as u32;
                }
            }
            StandingRow {
                rank: k as u32 + 1,
                engine: r.name.clone(),
                elo: r.elo,
                elo_error95: r.error95,
                games: r.games as u32,
                wins: w,
                draws: d,
                losses: l,
                score: if r.games > 0 {
                    r.points / r.games as f64
                } else {
                    0.0
                },
                first_mover_score: None,
                los_next: None,
            }
        })
        .collect();
    rows
}

/// Head-to-head scores for the report.
pub fn head_to_head(c: &Confirmation) -> HeadToHead {
    let n = c.players.len();
    let idx = |name: &str| c.players.iter().position(|p| p == name).unwrap_or(0);
    let mut scores = vec![vec![None; n]; n];
    let mut games = vec![vec![0u32; n]; n];
    for m in &c.matches {
        let (a, b) = (idx(&m.a), idx(&m.b));
        scores[a][b] = Some(m.score);
        scores[b][a] = Some(1.0 - m.score);
        games[a][b] = 2 * m.pairs as u32;
        games[b][a] = 2 * m.pairs as u32;
    }
    HeadToHead {
        names: c.players.clone(),
        scores,
        games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_with_every_pair_drawn_says_its_interval_is_degenerate() {
        let penta = Pentanomial([0, 0, 6, 0, 0]);
        let est = penta.elo_estimate().unwrap();
        let c = Confirmation {
            players: vec!["tuned".into(), "start".into()],
            openings: "held out".into(),
            pairs_per_match: 6,
            games: 12,
            ratings: vec![
                Rating {
                    name: "tuned".into(),
                    elo: 0.0,
                    error95: 0.0,
                    games: 12,
                    points: 6.0,
                };
                1
            ],
            matches: vec![MatchSummary {
                a: "tuned".into(),
                b: "start".into(),
                pairs: 6,
                wdl: [0, 12, 0],
                pentanomial: penta.0,
                score: 0.5,
                elo: -est.elo.abs(),
                error95: est.error95,
                lower95: est.lower,
                upper95: est.upper,
                los: 0.5,
                pool_elo_diff: 0.0,
                pool_error95: 0.0,
            }],
            game_lengths: Vec::new(),
        };
        let text = c.to_string();
        assert!(!text.contains("± 0.0"), "{text}");
        assert!(
            text.contains("tuned vs start: +0.0 (degenerate interval: no variance) Elo"),
            "{text}"
        );
    }
}
