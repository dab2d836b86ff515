//! Seeded parametric bootstrap of a pool fit.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::model::{PoolFit, PoolOptions, normalize};
use super::solver::{Cell, Core, fit_cells, sigmoid};
use crate::StatsError;

/// Parametric bootstrap: per-player SD and neighbour LOS over refits of simulated pools.
pub(super) fn bootstrap(
    cells: &[Cell],
    core: &Core,
    fit: &PoolFit,
    opts: &PoolOptions,
) -> Result<(Vec<f64>, Vec<f64>), StatsError> {
    let n = fit.ratings.len();
    let k = std::f64::consts::LN_10 / opts.scale;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let reps = opts.bootstrap_replicates;
    let mut sum = vec![0.0; n];
    let mut sum_sq = vec![0.0; n];
    let mut wins_next = vec![0.0; n.saturating_sub(1)];
    let sub_opts = PoolOptions {
        bootstrap_replicates: 0,
        ..*opts
    };
    for _ in 0..reps {
        let sim: Vec<Cell> = cells
            .iter()
            .map(|c| {
                let z = k * (core.ratings[c.first] - core.ratings[c.second] + core.advantage);
                let p = sigmoid(z);
                let p_draw = fit.draw_rate.min(2.0 * p.min(1.0 - p));
                let p_win = p - p_draw / 2.0;
                let (mut points, mut points_sq) = (0.0, 0.0);
                for _ in 0..c.n as u64 {
                    let u: f64 = rng.random();
                    if u < p_win {
                        points += 1.0;
                        points_sq += 1.0;
                    } else if u < p_win + p_draw {
                        points += 0.5;
                        points_sq += 0.25;
                    }
                }
                Cell {
                    points,
                    points_sq,
                    ..*c
                }
            })
            .collect();
        let (rep, _) = fit_cells(&sim, n, &sub_opts)?;
        let r = normalize(&rep.ratings, opts.anchor);
        for i in 0..n {
            sum[i] += r[i];
            sum_sq[i] += r[i] * r[i];
        }
        for (w, pair) in wins_next.iter_mut().zip(fit.order.windows(2)) {
            let d = r[pair[0]] - r[pair[1]];
            *w += if d > 0.0 {
                1.0
            } else if d == 0.0 {
                0.5
            } else {
                0.0
            };
        }
    }
    let m = reps as f64;
    let sd = (0..n)
        .map(|i| {
            let mean = sum[i] / m;
            ((sum_sq[i] - m * mean * mean).max(0.0) / (m - 1.0)).sqrt()
        })
        .collect();
    Ok((sd, wins_next.iter().map(|w| w / m).collect()))
}
