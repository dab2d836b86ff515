//! Newton solver of the pool likelihood, divergence detection and regularization.

use super::model::{Advantage, PoolOptions};
use crate::StatsError;
use crate::linalg::{cholesky, cholesky_inverse, cholesky_solve};

/// Aggregated games of one ordered (first, second) pair; `n` may include virtual games.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cell {
    pub(super) first: usize,
    pub(super) second: usize,
    pub(super) n: f64,
    pub(super) points: f64,
    /// Sum of squared game scores (wins + draws / 4), for the sandwich covariance.
    pub(super) points_sq: f64,
}

/// Raw output of one Newton fit.
pub(super) struct Core {
    /// Ratings with player 0 at 0 (not yet normalized).
    pub(super) ratings: Vec<f64>,
    pub(super) advantage: f64,
    /// Inverse information over the free parameters (players 1.., then the advantage).
    pub(super) inverse: Vec<f64>,
    /// Sandwich covariance `I^-1 J I^-1` over the same parameters.
    pub(super) sandwich: Vec<f64>,
    pub(super) iterations: usize,
}

fn softplus(z: f64) -> f64 {
    if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}

pub(super) fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

/// Newton fit; `None` when the MLE does not exist numerically (divergence).
fn newton(
    cells: &[Cell],
    n_players: usize,
    advantage: Advantage,
    opts: &PoolOptions,
) -> Option<Core> {
    let k = std::f64::consts::LN_10 / opts.scale;
    let fit_adv = matches!(advantage, Advantage::Fit);
    let dim = n_players - 1 + usize::from(fit_adv);
    let fixed_adv = match advantage {
        Advantage::Fixed(v) => v,
        Advantage::Fit => 0.0,
    };
    // theta: ratings of players 1.. then (optionally) the advantage.
    let unpack = |theta: &[f64], i: usize| if i == 0 { 0.0 } else { theta[i - 1] };
    let adv_of = |theta: &[f64]| if fit_adv { theta[dim - 1] } else { fixed_adv };
    let loglik = |theta: &[f64]| -> f64 {
        let adv = adv_of(theta);
        cells
            .iter()
            .map(|c| {
                let z = k * (unpack(theta, c.first) - unpack(theta, c.second) + adv);
                -c.points * softplus(-z) - (c.n - c.points) * softplus(z)
            })
            .sum()
    };
    let limit = 100.0 * opts.scale;
    let mut theta = vec![0.0; dim];
    let mut ll = loglik(&theta);
    for iter in 1..=opts.max_iterations {
        let adv = adv_of(&theta);
        let mut grad = vec![0.0; dim];
        let mut info = vec![0.0; dim * dim];
        for c in cells {
            let z = k * (unpack(&theta, c.first) - unpack(&theta, c.second) + adv);
            let p = sigmoid(z);
            let e = k * (c.points - c.n * p);
            let w = k * k * c.n * p * (1.0 - p);
            let mut idx: [(usize, f64); 3] = [(usize::MAX, 0.0); 3];
            if c.first > 0 {
                idx[0] = (c.first - 1, 1.0);
            }
            if c.second > 0 {
                idx[1] = (c.second - 1, -1.0);
            }
            if fit_adv {
                idx[2] = (dim - 1, 1.0);
            }
            for &(i, si) in idx.iter().filter(|x| x.0 != usize::MAX) {
                grad[i] += si * e;
                for &(j, sj) in idx.iter().filter(|x| x.0 != usize::MAX) {
                    info[i * dim + j] += si * sj * w;
                }
            }
        }
        let l = cholesky(&info, dim)?;
        let step = cholesky_solve(&l, dim, &grad);
        // Backtracking line search on the concave log-likelihood.
        let mut t = 1.0;
        let mut next;
        loop {
            next = theta
                .iter()
                .zip(&step)
                .map(|(a, d)| a + t * d)
                .collect::<Vec<_>>();
            let ll_next = loglik(&next);
            if ll_next >= ll - 1e-12 * ll.abs().max(1.0) || t < 1e-12 {
                ll = ll_next;
                break;
            }
            t *= 0.5;
        }
        let moved = step.iter().map(|d| (t * d).abs()).fold(0.0, f64::max);
        theta = next;
        if theta.iter().any(|v| !v.is_finite() || v.abs() > limit) {
            return None;
        }
        if moved < opts.tolerance {
            // Information I and score outer product J at the optimum.
            let adv = adv_of(&theta);
            let mut info = vec![0.0; dim * dim];
            let mut outer = vec![0.0; dim * dim];
            for c in cells {
                let z = k * (unpack(&theta, c.first) - unpack(&theta, c.second) + adv);
                let p = sigmoid(z);
                let w = k * k * c.n * p * (1.0 - p);
                // Sum over the cell's games of (score - p)^2.
                let r2 = (c.points_sq - 2.0 * p * c.points + c.n * p * p).max(0.0);
                let mut idx = Vec::with_capacity(3);
                if c.first > 0 {
                    idx.push((c.first - 1, 1.0));
                }
                if c.second > 0 {
                    idx.push((c.second - 1, -1.0));
                }
                if fit_adv {
                    idx.push((dim - 1, 1.0));
                }
                for &(i, si) in &idx {
                    for &(j, sj) in &idx {
                        info[i * dim + j] += si * sj * w;
                        outer[i * dim + j] += si * sj * k * k * r2;
                    }
                }
            }
            let l = cholesky(&info, dim)?;
            let inverse = cholesky_inverse(&l, dim);
            let sandwich = sandwich(&inverse, &outer, dim);
            return Some(Core {
                ratings: (0..n_players).map(|i| unpack(&theta, i)).collect(),
                advantage: adv_of(&theta),
                inverse,
                sandwich,
                iterations: iter,
            });
        }
    }
    None
}

/// `A B A` for symmetric row-major `dim x dim` matrices.
fn sandwich(a: &[f64], b: &[f64], dim: usize) -> Vec<f64> {
    let mut ab = vec![0.0; dim * dim];
    for i in 0..dim {
        for k in 0..dim {
            let v = a[i * dim + k];
            for j in 0..dim {
                ab[i * dim + j] += v * b[k * dim + j];
            }
        }
    }
    let mut out = vec![0.0; dim * dim];
    for i in 0..dim {
        for k in 0..dim {
            let v = ab[i * dim + k];
            for j in 0..dim {
                out[i * dim + j] += v * a[k * dim + j];
            }
        }
    }
    out
}

/// Whether the plain MLE exists by the graph criterion: every player reachable from every
/// other along "scored something against" edges, and (if fitted) the first movers' total
/// score strictly between 0 and the number of games.
fn mle_exists(cells: &[Cell], n_players: usize, advantage: Advantage) -> bool {
    let mut adj = vec![Vec::new(); n_players];
    let (mut fm_points, mut fm_games) = (0.0, 0.0);
    for c in cells {
        if c.points > 0.0 {
            adj[c.first].push(c.second);
        }
        if c.points < c.n {
            adj[c.second].push(c.first);
        }
        fm_points += c.points;
        fm_games += c.n;
    }
    if matches!(advantage, Advantage::Fit) && !(fm_points > 0.0 && fm_points < fm_games) {
        return false;
    }
    let reach = |adj: &[Vec<usize>]| {
        let mut seen = vec![false; n_players];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen.iter().all(|&s| s)
    };
    let mut rev = vec![Vec::new(); n_players];
    for (v, out) in adj.iter().enumerate() {
        for &w in out {
            rev[w].push(v);
        }
    }
    reach(&adj) && reach(&rev)
}

/// Adds `prior` virtual draws to every pair of players that met, half in each colour order.
fn with_prior(cells: &[Cell], n_players: usize, prior: f64) -> Vec<Cell> {
    let mut met = vec![false; n_players * n_players];
    for c in cells {
        met[c.first * n_players + c.second] = true;
        met[c.second * n_players + c.first] = true;
    }
    let mut out = cells.to_vec();
    for i in 0..n_players {
        for j in 0..n_players {
            if i != j && met[i * n_players + j] {
                out.push(Cell {
                    first: i,
                    second: j,
                    n: prior / 2.0,
                    points: prior / 4.0,
                    points_sq: prior / 8.0,
                });
            }
        }
    }
    out
}

/// Fits plainly if the MLE exists, else (or if asked) with virtual draws.
pub(super) fn fit_cells(
    cells: &[Cell],
    n_players: usize,
    opts: &PoolOptions,
) -> Result<(Core, bool), StatsError> {
    let adv = opts.first_mover_advantage;
    if opts.prior_draws > 0.0 {
        let reg = with_prior(cells, n_players, opts.prior_draws);
        return newton(&reg, n_players, adv, opts)
            .map(|c| (c, true))
            .ok_or(StatsError::NoConvergence(opts.max_iterations));
    }
    if mle_exists(cells, n_players, adv)
        && let Some(core) = newton(cells, n_players, adv, opts)
    {
        return Ok((core, false));
    }
    let reg = with_prior(cells, n_players, 1.0);
    newton(&reg, n_players, adv, opts)
        .map(|c| (c, true))
        .ok_or(StatsError::NoConvergence(opts.max_iterations))
}
