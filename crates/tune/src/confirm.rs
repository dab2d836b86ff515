//! The confirmation match: every pair of players (tuned, start, and any extra tables) plays
//! game pairs on held-out openings, colours reversed within a pair; ratings from a pool fit
//! (Ordo-style, sandwich errors) and, per match, pentanomial counts and Elo.

use crate::TuneError;
use crate::matches::{Arena, PairResult, play_pairs};
use gomoku_engine::EngineParams;
use gomoku_report::{HeadToHead, StandingRow};
use gomoku_stats::{Pentanomial, PoolGame, PoolOptions, Z95, fit_pool};
use serde::{Deserialize, Serialize};

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

/// The stream base of the confirmation's games.
pub const CONFIRM_STREAM: u64 = 0xc0f1;

/// Plays the round robin and rates it.
pub fn confirm(
    arena: &Arena<'_>,
    players: &[(String, EngineParams)],
    pairs: usize,
    seed: u64,
    openings: String,
) -> Result<Confirmation, TuneError> {
    let n = players.len();
    let mut games = Vec::new();
    let mut per_match: Vec<(usize, usize, Vec<PairResult>)> = Vec::new();
    let mut lengths = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let stream = CONFIRM_STREAM ^ ((a as u64) << 20) ^ ((b as u64) << 28);
            let res = play_pairs(arena, &players[a].1, &players[b].1, 0..pairs, seed, stream)?;
            for r in &res {
                games.push(PoolGame {
                    first: a,
                    second: b,
                    score: r.a_scores[0],
                });
                games.push(PoolGame {
                    first: b,
                    second: a,
                    score: 1.0 - r.a_scores[1],
                });
                lengths.extend(r.lengths);
            }
            per_match.push((a, b, res));
        }
    }
    let fit = fit_pool(&games, n, &PoolOptions::default())?;
    let mut ratings: Vec<Rating> = (0..n)
        .map(|i| Rating {
            name: players[i].0.clone(),
            elo: fit.ratings[i],
            error95: Z95 * fit.stderr_sandwich[i],
            games: fit.games[i],
            points: fit.points[i],
        })
        .collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    let mut matches = Vec::new();
    for (a, b, res) in per_match {
        let scores: Vec<[f64; 2]> = res.iter().map(|r| r.a_scores).collect();
        let (penta, tri) = Pentanomial::from_game_pairs(&scores)?;
        let est = penta.elo_estimate()?;
        let c = &fit.covariance;
        let var = c[a][a] + c[b][b] - 2.0 * c[a][b];
        matches.push(MatchSummary {
            a: players[a].0.clone(),
            b: players[b].0.clone(),
            pairs: res.len(),
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
        players: players.iter().map(|p| p.0.clone()).collect(),
        openings,
        pairs_per_match: pairs,
        games: games.len() as u64,
        ratings,
        matches,
        game_lengths: lengths,
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
