//! Ratings of a pool of players by a joint maximum-likelihood Bradley-Terry fit, as Ordo
//! computes them: a draw counts as half a win and half a loss, the first mover's expected
//! score is `1 / (1 + 10^(-(r_first + adv - r_second) / scale))` (`scale` 400 by default),
//! ratings have mean zero or are anchored to one player.
//!
//! The fit is Newton's method with a backtracking line search on the (concave)
//! log-likelihood, starting from all zeros, so it is deterministic.
//!
//! **Divergent data.** When a player (or group) has scored 100% or 0% against the rest, or
//! the first mover scored 100% or 0%, the maximum-likelihood ratings are infinite. Then (and
//! whenever [`PoolOptions::prior_draws`] is positive) every pair of players that met gets
//! `prior_draws` virtual drawn games (1 if the option is 0), split evenly between the two
//! colour orders, and the fit is of that regularized likelihood; [`PoolFit::regularized`]
//! says so. Ratings are then finite, large for perfect scores, never NaN.
//!
//! **Errors.** `stderr_hessian` comes from the inverse observed information `I^-1` of the
//! half-point likelihood, mapped to the reported normalization (mean zero or anchor). That
//! likelihood treats every game as a win/loss trial, so with draws it overstates the errors
//! (by about `1 / sqrt(1 - draw_rate)` between equal players). `stderr_sandwich`, the
//! `covariance` and the covariance-based LOS use the robust sandwich `I^-1 J I^-1`, with `J`
//! the sum over games of the squared score residuals times the design outer products; it
//! equals `I^-1` when there are no draws and the fit is exact, and is calibrated with draws. The optional parametric bootstrap simulates
//! every game again from the fitted model, draws at the pool's observed draw rate (capped by
//! `2 * min(p, 1 - p)` so that each game keeps its model expected score `p`), refits, and
//! takes each player's standard deviation over the replicates. All randomness comes from
//! [`PoolOptions::seed`].

mod bootstrap;
mod model;
mod solver;

use crate::StatsError;
use bootstrap::bootstrap;
use model::normalize;
pub use model::{Advantage, Anchor, HeadToHead, PoolFit, PoolGame, PoolOptions};
use solver::{Cell, fit_cells};

/// Covariance of the normalized ratings from a free-parameter covariance `free`.
fn rating_covariance(free: &[f64], n: usize, anchor: Option<Anchor>) -> Vec<Vec<f64>> {
    let dim = (free.len() as f64).sqrt().round() as usize;
    let raw = |i: usize, j: usize| {
        if i == 0 || j == 0 {
            0.0
        } else {
            free[(i - 1) * dim + (j - 1)]
        }
    };
    // Normalized r' = r - m(r) with m the mean or the anchor's rating.
    let m: Vec<f64> = (0..n)
        .map(|i| match anchor {
            Some(a) => raw(i, a.player),
            None => (0..n).map(|j| raw(i, j)).sum::<f64>() / n as f64,
        })
        .collect();
    let mm = match anchor {
        Some(a) => raw(a.player, a.player),
        None => m.iter().sum::<f64>() / n as f64,
    };
    (0..n)
        .map(|i| (0..n).map(|j| raw(i, j) - m[i] - m[j] + mm).collect())
        .collect()
}

fn validate(games: &[PoolGame], n_players: usize, opts: &PoolOptions) -> Result<(), StatsError> {
    if games.is_empty() || n_players == 0 {
        return Err(StatsError::NoGames);
    }
    let bad = |name, value, reason| {
        Err(StatsError::InvalidParameter {
            name,
            value,
            reason,
        })
    };
    if !(opts.scale > 0.0 && opts.scale.is_finite()) {
        return bad("scale", opts.scale, "must be positive and finite");
    }
    if opts.tolerance.is_nan() || opts.tolerance <= 0.0 {
        return bad("tolerance", opts.tolerance, "must be positive");
    }
    if !(opts.prior_draws >= 0.0 && opts.prior_draws.is_finite()) {
        return bad(
            "prior_draws",
            opts.prior_draws,
            "must be non-negative and finite",
        );
    }
    if opts.bootstrap_replicates == 1 {
        return bad("bootstrap_replicates", 1.0, "must be 0 or at least 2");
    }
    if let Advantage::Fixed(v) = opts.first_mover_advantage
        && !v.is_finite()
    {
        return bad("first_mover_advantage", v, "must be finite");
    }
    if let Some(a) = opts.anchor {
        if a.player >= n_players {
            return Err(StatsError::PlayerOutOfRange {
                index: a.player,
                players: n_players,
            });
        }
        if !a.rating.is_finite() {
            return bad("anchor.rating", a.rating, "must be finite");
        }
    }
    for (g, game) in games.iter().enumerate() {
        for index in [game.first, game.second] {
            if index >= n_players {
                return Err(StatsError::PlayerOutOfRange {
                    index,
                    players: n_players,
                });
            }
        }
        if game.first == game.second {
            return Err(StatsError::SelfPlay {
                game: g,
                player: game.first,
            });
        }
        if !matches!(game.score, 0.0 | 0.5 | 1.0) {
            return Err(StatsError::InvalidScore(game.score));
        }
    }
    // Connectivity (undirected) by union-find.
    let mut parent: Vec<usize> = (0..n_players).collect();
    fn root(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    for g in games {
        let (a, b) = (root(&mut parent, g.first), root(&mut parent, g.second));
        parent[a] = b;
    }
    let r0 = root(&mut parent, 0);
    for p in 1..n_players {
        if root(&mut parent, p) != r0 {
            return Err(StatsError::DisconnectedPool { a: 0, b: p });
        }
    }
    Ok(())
}

fn aggregate(games: &[PoolGame], n: usize) -> Vec<Cell> {
    let mut dense = vec![(0.0, 0.0, 0.0); n * n];
    for g in games {
        let c = &mut dense[g.first * n + g.second];
        c.0 += 1.0;
        c.1 += g.score;
        c.2 += g.score * g.score;
    }
    dense
        .iter()
        .enumerate()
        .filter(|(_, c)| c.0 > 0.0)
        .map(|(i, c)| Cell {
            first: i / n,
            second: i % n,
            n: c.0,
            points: c.1,
            points_sq: c.2,
        })
        .collect()
}

/// Fits ratings to `games` among `n_players` players (see the module documentation).
///
/// # Errors
/// [`StatsError::NoGames`] for no games; [`StatsError::PlayerOutOfRange`],
/// [`StatsError::SelfPlay`] or [`StatsError::InvalidScore`] for a bad game;
/// [`StatsError::InvalidParameter`] for bad options; [`StatsError::DisconnectedPool`] when
/// some player is not linked to the others by games (including a player without games).
pub fn fit_pool(
    games: &[PoolGame],
    n_players: usize,
    opts: &PoolOptions,
) -> Result<PoolFit, StatsError> {
    fit_pool_ranked(games, n_players, opts, &[])
}

/// Ratings closer than this are equal when ranking: two fits of the same games with the
/// players numbered otherwise differ by rounding alone, far below it.
pub const RATING_TIE: f64 = 1e-6;

/// [`fit_pool`], with players of equal rating (to [`RATING_TIE`]) ranked by `tie_rank`,
/// lower first (`tie_rank[i]` is player `i`'s place; empty: the index), so that the order
/// does not hang on how the input numbered the players.
///
/// # Errors
/// Those of [`fit_pool`]; [`StatsError::InvalidParameter`] for a `tie_rank` of another
/// length.
pub fn fit_pool_ranked(
    games: &[PoolGame],
    n_players: usize,
    opts: &PoolOptions,
    tie_rank: &[usize],
) -> Result<PoolFit, StatsError> {
    validate(games, n_players, opts)?;
    if !tie_rank.is_empty() && tie_rank.len() != n_players {
        return Err(StatsError::InvalidParameter {
            name: "tie_rank.len()",
            value: tie_rank.len() as f64,
            reason: "one tie rank per player",
        });
    }
    let n = n_players;
    let cells = aggregate(games, n);
    let (core, regularized) = fit_cells(&cells, n, opts)?;
    let ratings = normalize(&core.ratings, opts.anchor);
    let hessian = rating_covariance(&core.inverse, n, opts.anchor);
    let stderr_hessian = (0..n).map(|i| hessian[i][i].max(0.0).sqrt()).collect();
    let covariance = rating_covariance(&core.sandwich, n, opts.anchor);
    let stderr_sandwich = (0..n).map(|i| covariance[i][i].max(0.0).sqrt()).collect();
    let dim = (core.inverse.len() as f64).sqrt().round() as usize;
    let first_mover_advantage_stderr = match opts.first_mover_advantage {
        Advantage::Fit => core.sandwich[dim * dim - 1].max(0.0).sqrt(),
        Advantage::Fixed(_) => 0.0,
    };

    // Ratings rounded to the tie grid compare as integers, so the order is a total one.
    let grid = |i: usize| (ratings[i] / RATING_TIE).round();
    let rank = |i: usize| tie_rank.get(i).copied().unwrap_or(i);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        grid(b)
            .total_cmp(&grid(a))
            .then(rank(a).cmp(&rank(b)))
            .then(a.cmp(&b))
    });

    let mut h2h = HeadToHead {
        points: vec![vec![0.0; n]; n],
        games: vec![vec![0; n]; n],
    };
    let mut draws = 0usize;
    for g in games {
        h2h.points[g.first][g.second] += g.score;
        h2h.points[g.second][g.first] += 1.0 - g.score;
        h2h.games[g.first][g.second] += 1;
        h2h.games[g.second][g.first] += 1;
        draws += usize::from(g.score == 0.5);
    }
    let points = h2h.points.iter().map(|r| r.iter().sum()).collect();
    let games_per = h2h.games.iter().map(|r| r.iter().sum()).collect();
    let draw_rate = draws as f64 / games.len() as f64;

    let mut fit = PoolFit {
        ratings,
        first_mover_advantage: core.advantage,
        first_mover_advantage_stderr,
        stderr_hessian,
        stderr_sandwich,
        covariance,
        stderr_bootstrap: None,
        order,
        los_next: Vec::new(),
        los_next_bootstrap: None,
        head_to_head: h2h,
        points,
        games: games_per,
        draw_rate,
        regularized,
        iterations: core.iterations,
    };
    fit.los_next = fit.order.windows(2).map(|w| fit.los(w[0], w[1])).collect();
    if opts.bootstrap_replicates >= 2 {
        let (sd, los) = bootstrap(&cells, &core, &fit, opts)?;
        fit.stderr_bootstrap = Some(sd);
        fit.los_next_bootstrap = Some(los);
    }
    Ok(fit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(first: usize, second: usize, score: f64) -> PoolGame {
        PoolGame {
            first,
            second,
            score,
        }
    }

    #[test]
    fn rejects_bad_input() {
        let o = PoolOptions::default();
        assert_eq!(fit_pool(&[], 2, &o), Err(StatsError::NoGames));
        assert!(matches!(
            fit_pool(&[g(0, 3, 1.0)], 2, &o),
            Err(StatsError::PlayerOutOfRange { .. })
        ));
        assert!(matches!(
            fit_pool(&[g(1, 1, 1.0)], 2, &o),
            Err(StatsError::SelfPlay { .. })
        ));
        assert!(matches!(
            fit_pool(&[g(0, 1, 0.7)], 2, &o),
            Err(StatsError::InvalidScore(_))
        ));
        assert!(matches!(
            fit_pool(&[g(0, 1, 1.0), g(2, 3, 0.5)], 4, &o),
            Err(StatsError::DisconnectedPool { .. })
        ));
        assert!(matches!(
            fit_pool(&[g(0, 1, 1.0)], 3, &o),
            Err(StatsError::DisconnectedPool { a: 0, b: 2 })
        ));
    }

    #[test]
    fn perfect_score_is_regularized_not_nan() {
        let games: Vec<_> = (0..10)
            .map(|i| g(i % 2, 1 - i % 2, if i % 2 == 0 { 1.0 } else { 0.0 }))
            .collect();
        let fit = fit_pool(&games, 2, &PoolOptions::default()).unwrap();
        assert!(fit.regularized);
        assert!(fit.ratings.iter().all(|r| r.is_finite()));
        assert!(fit.ratings[0] > 200.0);
        // 10 wins + 1 virtual draw out of 11: 400 log10(10.5 / 0.5) split around zero.
        let expected = 400.0 * (10.5f64 / 0.5).log10();
        assert!((fit.ratings[0] - fit.ratings[1] - expected).abs() < 1e-6);
        // First mover always winning: the fitted advantage stays finite.
        let fm: Vec<_> = (0..8).map(|i| g(i % 2, 1 - i % 2, 1.0)).collect();
        let o = PoolOptions {
            first_mover_advantage: Advantage::Fit,
            ..PoolOptions::default()
        };
        let fit = fit_pool(&fm, 2, &o).unwrap();
        assert!(fit.regularized && fit.first_mover_advantage.is_finite());
        assert!(fit.first_mover_advantage > 100.0);
    }

    #[test]
    fn anchor_shifts_ratings() {
        let games = [
            g(0, 1, 1.0),
            g(1, 0, 0.5),
            g(0, 2, 0.0),
            g(2, 1, 1.0),
            g(1, 2, 0.5),
        ];
        let mean = fit_pool(&games, 3, &PoolOptions::default()).unwrap();
        let o = PoolOptions {
            anchor: Some(Anchor {
                player: 1,
                rating: 2000.0,
            }),
            ..PoolOptions::default()
        };
        let anch = fit_pool(&games, 3, &o).unwrap();
        assert!((anch.ratings[1] - 2000.0).abs() < 1e-12);
        assert!(anch.stderr_hessian[1].abs() < 1e-9);
        for i in 0..3 {
            let d = anch.ratings[i] - mean.ratings[i];
            assert!((d - (2000.0 - mean.ratings[1])).abs() < 1e-9);
        }
        assert!((mean.ratings.iter().sum::<f64>()).abs() < 1e-9);
        // LOS of a difference does not depend on the normalization.
        assert!((mean.los(0, 2) - anch.los(0, 2)).abs() < 1e-12);
    }
}
