//! SPSA with fishtest's schedule and update. Iteration `k` (from 0):
//! `c_k,i = c_i/(k+1)^γ`, `a_k,i = a_i/(k+1+A)^α`, `δ_i = ±1` (Rademacher), a match of
//! `θ + c_k·δ` against `θ - c_k·δ`, then `θ_i += a_k,i/c_k,i · result · δ_i` where `result` is
//! the wins minus losses of `θ+` (fishtest's `R_k·c_k·result·flip` with `R_k = a_k/c_k²`).
//! The generator of iteration `k` comes from the seed and `k` alone
//! ([`crate::matches::iteration_draws`]), so the state is just `θ` and `k`. An iteration is
//! split in two around its games ([`probe`], then [`update`]) so that the games can be played
//! anywhere in between, sharded on a cluster included.

use crate::matches::iteration_draws;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The gain sequences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaSchedule {
    /// Iterations N.
    pub iterations: u32,
    /// alpha (0.602).
    pub alpha: f64,
    /// gamma (0.101).
    pub gamma: f64,
    /// Stability constant A.
    pub big_a: f64,
    /// `c_i` per score (0 for scores not tuned).
    pub c: Vec<f64>,
    /// `a_i` per score.
    pub a: Vec<f64>,
}

impl SpsaSchedule {
    /// fishtest's parametrisation: `c_end_i = c_end_frac·max(|θ0_i|, 1)`, `a_end_i =
    /// r_end·c_end_i²`, `c_i = c_end_i·N^γ`, `a_i = a_end_i·(A+N)^α`, `A = a_frac·N`.
    #[allow(clippy::too_many_arguments)]
    pub fn fishtest(
        theta0: &[f64],
        tuned: &[usize],
        iterations: u32,
        c_end_frac: f64,
        r_end: f64,
        a_frac: f64,
        alpha: f64,
        gamma: f64,
    ) -> SpsaSchedule {
        let mut schedule = SpsaSchedule {
            iterations,
            alpha,
            gamma,
            big_a: a_frac * iterations as f64,
            c: vec![0.0; theta0.len()],
            a: vec![0.0; theta0.len()],
        };
        for &i in tuned {
            schedule.set_gains(i, c_end_frac * theta0[i].abs().max(1.0), r_end);
        }
        schedule
    }

    /// Sets parameter `i`'s gains from its final perturbation `c_end` and final learning rate
    /// `r_end`: `c_i = c_end·N^γ`, `a_i = r_end·c_end²·(A+N)^α`.
    pub fn set_gains(&mut self, i: usize, c_end: f64, r_end: f64) {
        let n = f64::from(self.iterations);
        let a_end = r_end * c_end * c_end;
        self.c[i] = c_end * n.powf(self.gamma);
        self.a[i] = a_end * (self.big_a + n).powf(self.alpha);
    }

    /// `c_k` per score.
    pub fn c_k(&self, k: u32) -> Vec<f64> {
        let f = ((k + 1) as f64).powf(self.gamma);
        self.c.iter().map(|c| c / f).collect()
    }

    /// `a_k` per score.
    pub fn a_k(&self, k: u32) -> Vec<f64> {
        let f = (k as f64 + 1.0 + self.big_a).powf(self.alpha);
        self.a.iter().map(|a| a / f).collect()
    }
}

/// The state between iterations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaState {
    /// Current scores (real-valued).
    pub theta: Vec<f64>,
    /// Iterations done.
    pub k: u32,
}

/// One iteration's perturbation.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaProbe {
    /// Iteration index.
    pub k: u32,
    /// `±1` per tuned score, 0 elsewhere.
    pub delta: Vec<f64>,
    /// `θ + c_k·δ`.
    pub plus: Vec<f64>,
    /// `θ - c_k·δ`.
    pub minus: Vec<f64>,
}

/// What one iteration did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaRecord {
    /// Iteration index.
    pub k: u32,
    /// Wins minus losses of `θ+`.
    pub result: f64,
    /// Whether the update was kept (false: it broke an order constraint).
    pub applied: bool,
}

/// The perturbation of iteration `state.k`, and the iteration's generator after drawing it
/// (for the stochastic rounding of the two tables).
pub fn probe(
    schedule: &SpsaSchedule,
    state: &SpsaState,
    tuned: &[usize],
    seed: u64,
) -> (SpsaProbe, ChaCha8Rng) {
    let k = state.k;
    let mut rng = iteration_draws(seed, k);
    let c_k = schedule.c_k(k);
    let mut delta = vec![0.0; state.theta.len()];
    for &i in tuned {
        delta[i] = if rng.random::<bool>() { 1.0 } else { -1.0 };
    }
    let plus: Vec<f64> = (0..delta.len())
        .map(|i| state.theta[i] + c_k[i] * delta[i])
        .collect();
    let minus: Vec<f64> = (0..delta.len())
        .map(|i| state.theta[i] - c_k[i] * delta[i])
        .collect();
    (
        SpsaProbe {
            k,
            delta,
            plus,
            minus,
        },
        rng,
    )
}

/// Ends the iteration of `probe` with `result`, the wins minus losses of `θ+`: updates `θ`
/// unless the new point is not `feasible`.
pub fn update(
    schedule: &SpsaSchedule,
    state: &mut SpsaState,
    tuned: &[usize],
    probe: &SpsaProbe,
    result: f64,
    feasible: &dyn Fn(&[f64]) -> bool,
) -> SpsaRecord {
    let k = probe.k;
    let c_k = schedule.c_k(k);
    let a_k = schedule.a_k(k);
    let mut next = state.theta.clone();
    for &i in tuned {
        if c_k[i] > 0.0 {
            next[i] += a_k[i] / c_k[i] * result * probe.delta[i];
        }
    }
    let applied = feasible(&next);
    if applied {
        state.theta = next;
    }
    state.k = k + 1;
    SpsaRecord { k, result, applied }
}

/// One whole iteration: [`probe`], `play` (given the probe and the iteration's generator,
/// returns the wins minus losses of `θ+`), [`update`]. For simulations; a tuning run plays the
/// games of an iteration as a step between the two halves.
pub fn spsa_iteration(
    schedule: &SpsaSchedule,
    state: &mut SpsaState,
    tuned: &[usize],
    seed: u64,
    play: &mut dyn FnMut(&SpsaProbe, &mut ChaCha8Rng) -> f64,
    feasible: &dyn Fn(&[f64]) -> bool,
) -> SpsaRecord {
    let (probe, mut rng) = probe(schedule, state, tuned, seed);
    let result = play(&probe, &mut rng);
    update(schedule, state, tuned, &probe, result, feasible)
}
