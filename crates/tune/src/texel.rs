//! Texel's loss over labelled count vectors: `mean (r - σ(K·eval))²`, `σ(x) = 1/(1+e^-x)`,
//! the fit of `K`, and the loss as an [`Objective`] for the local search.
//!
//! Evaluations are kept as exact integers (integer scores times integer counts), and every
//! sum over positions is made of partial sums over fixed chunks of [`CHUNK`] positions
//! combined in index order, so the loss does not depend on the number of threads or on the
//! path that led to a point (a resumed search sees the same numbers).

use crate::search::Objective;
use rayon::prelude::*;

/// Positions per partial sum.
pub const CHUNK: usize = 4096;

/// The logistic function `1/(1+e^-x)`.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Labelled positions, column-major: `cols[j][i]` = feature `j` of position `i`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LossData {
    /// One column per feature.
    pub cols: Vec<Vec<u16>>,
    /// Result of each position from the side to move's view: 1, 0.5 or 0.
    pub results: Vec<f64>,
}

impl LossData {
    /// Builds the columns from row vectors (`rows[i]` has one count per feature).
    pub fn from_rows(rows: &[Vec<u16>], results: Vec<f64>, features: usize) -> LossData {
        let mut cols = vec![Vec::with_capacity(rows.len()); features];
        for r in rows {
            for (j, col) in cols.iter_mut().enumerate() {
                col.push(r[j]);
            }
        }
        LossData { cols, results }
    }

    /// Positions.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Whether feature `j` is non-zero in some position.
    pub fn is_used(&self, j: usize) -> bool {
        self.cols[j].iter().any(|&c| c != 0)
    }

    /// Exact evaluations under integer-valued scores `x`.
    pub fn evals(&self, x: &[f64]) -> Vec<i64> {
        let mut e = vec![0i64; self.len()];
        for (j, col) in self.cols.iter().enumerate() {
            let v = x[j].round() as i64;
            if v == 0 {
                continue;
            }
            e.par_chunks_mut(CHUNK)
                .zip(col.par_chunks(CHUNK))
                .for_each(|(e, c)| {
                    for (e, &c) in e.iter_mut().zip(c) {
                        *e += v * c as i64;
                    }
                });
        }
        e
    }

    /// Mean squared error of evaluations `evals` (plus `delta·cols[j]` when `change` is
    /// `Some((j, delta))`) at scaling `k`.
    pub fn loss_of(&self, evals: &[i64], k: f64, change: Option<(usize, i64)>) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let n_chunks = self.len().div_ceil(CHUNK);
        let partial: Vec<f64> = (0..n_chunks)
            .into_par_iter()
            .map(|c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(self.len());
                let mut s = 0.0;
                match change {
                    None => {
                        for i in range {
                            let d = self.results[i] - sigmoid(k * evals[i] as f64);
                            s += d * d;
                        }
                    }
                    Some((j, delta)) => {
                        let col = &self.cols[j];
                        for i in range {
                            let e = evals[i] + delta * col[i] as i64;
                            let d = self.results[i] - sigmoid(k * e as f64);
                            s += d * d;
                        }
                    }
                }
                s
            })
            .collect();
        partial.iter().sum::<f64>() / self.len() as f64
    }

    /// The loss of scores `x` at scaling `k`.
    pub fn loss(&self, x: &[f64], k: f64) -> f64 {
        self.loss_of(&self.evals(x), k, None)
    }
}

/// The `K` minimising the loss of fixed evaluations: golden-section search on `ln K` over
/// `[k_min, k_max]` to a relative precision of about 1e-9.
pub fn fit_k(data: &LossData, evals: &[i64], k_min: f64, k_max: f64) -> f64 {
    let f = |u: f64| data.loss_of(evals, u.exp(), None);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (k_min.ln(), k_max.ln());
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > 1e-10 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The training loss at a fixed `K` as an [`Objective`]; keeps the exact evaluations of the
/// current point so that a one-score change costs one pass over the positions.
pub struct TexelObjective<'a> {
    data: &'a LossData,
    k: f64,
    evals: Vec<i64>,
    at: Vec<f64>,
}

impl<'a> TexelObjective<'a> {
    /// The objective on `data` at scaling `k`.
    pub fn new(data: &'a LossData, k: f64) -> TexelObjective<'a> {
        TexelObjective {
            data,
            k,
            evals: Vec::new(),
            at: Vec::new(),
        }
    }

    fn sync(&mut self, x: &[f64]) {
        if self.at.as_slice() != x {
            self.evals = self.data.evals(x);
            self.at = x.to_vec();
        }
    }
}

impl Objective for TexelObjective<'_> {
    fn value(&mut self, x: &[f64]) -> f64 {
        self.sync(x);
        self.data.loss_of(&self.evals, self.k, None)
    }

    fn value_with(&mut self, x: &[f64], j: usize, v: f64) -> f64 {
        self.sync(x);
        let delta = v.round() as i64 - x[j].round() as i64;
        self.data.loss_of(&self.evals, self.k, Some((j, delta)))
    }

    fn accept(&mut self, x: &[f64], j: usize, v: f64) {
        self.sync(x);
        let delta = v.round() as i64 - x[j].round() as i64;
        let col = &self.data.cols[j];
        for (e, &c) in self.evals.iter_mut().zip(col) {
            *e += delta * c as i64;
        }
        self.at[j] = v;
    }
}
