//! Texel's local search, generic over the objective: for each parameter in turn try `+δ`,
//! then `-δ`, keep the first that lowers the objective; a sweep over all parameters is one
//! iteration; when a sweep keeps nothing, the step is halved, and the search ends when it
//! falls below its minimum. Values stay integers (steps are rounded, at least 1).
//!
//! The state ([`LocalSearch`]) is plain data, so a search can be checkpointed between
//! sweeps and continued exactly.

use serde::{Deserialize, Serialize};

/// Something to minimise. [`Objective::value_with`] may be overridden to evaluate a one
/// coordinate change faster than from scratch (the Texel loss keeps the evaluations).
pub trait Objective {
    /// The value at `x`.
    fn value(&mut self, x: &[f64]) -> f64;
    /// The value at `x` with coordinate `j` set to `v`.
    fn value_with(&mut self, x: &[f64], j: usize, v: f64) -> f64 {
        let mut y = x.to_vec();
        y[j] = v;
        self.value(&y)
    }
    /// Called when coordinate `j` of `x` has been set to `v` for good (`x` is the old point).
    fn accept(&mut self, x: &[f64], j: usize, v: f64) {
        let _ = (x, j, v);
    }
}

/// A closure as an [`Objective`].
pub struct FnObjective<F>(pub F);

impl<F: FnMut(&[f64]) -> f64> Objective for FnObjective<F> {
    fn value(&mut self, x: &[f64]) -> f64 {
        (self.0)(x)
    }
}

/// How big a step is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum StepRule {
    /// `δ_j = max(1, round(step·max(|x_j|, 1)))`: relative to each value (log space).
    Relative,
    /// `δ_j = max(1, round(step))` for every parameter.
    Absolute,
}

/// The state of a local search between sweeps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalSearch {
    /// The current point.
    pub x: Vec<f64>,
    /// Its objective value.
    pub value: f64,
    /// The current step (relative or absolute, see [`StepRule`]).
    pub step: f64,
    /// The search ends when the step would fall below this.
    pub min_step: f64,
    /// Step rule.
    pub rule: StepRule,
    /// Coordinates searched, in this order.
    pub coords: Vec<usize>,
    /// Sweeps done.
    pub sweeps: u32,
    /// Whether the step fell below its minimum.
    pub done: bool,
}

/// What one sweep did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepReport {
    /// Steps kept.
    pub accepted: usize,
    /// Candidate points evaluated.
    pub evaluated: usize,
    /// Candidates skipped because they broke a constraint.
    pub infeasible: usize,
    /// The step used in this sweep.
    pub step: f64,
}

impl LocalSearch {
    /// A search from `x` (evaluated once here) over `coords`.
    pub fn new(
        objective: &mut dyn Objective,
        x: Vec<f64>,
        coords: Vec<usize>,
        step: f64,
        min_step: f64,
        rule: StepRule,
    ) -> LocalSearch {
        let value = objective.value(&x);
        LocalSearch {
            x,
            value,
            step,
            min_step,
            rule,
            coords,
            sweeps: 0,
            done: step < min_step,
        }
    }

    fn delta(&self, v: f64) -> f64 {
        let d = match self.rule {
            StepRule::Relative => self.step * v.abs().max(1.0),
            StepRule::Absolute => self.step,
        };
        d.round().max(1.0)
    }

    /// One sweep; `feasible` vets every candidate point (order constraints).
    pub fn sweep(
        &mut self,
        objective: &mut dyn Objective,
        feasible: &dyn Fn(&[f64]) -> bool,
    ) -> SweepReport {
        let mut report = SweepReport {
            accepted: 0,
            evaluated: 0,
            infeasible: 0,
            step: self.step,
        };
        if self.done {
            return report;
        }
        let coords = self.coords.clone();
        for j in coords {
            let old = self.x[j];
            let d = self.delta(old);
            for v in [old + d, old - d] {
                self.x[j] = v;
                let ok = feasible(&self.x);
                self.x[j] = old;
                if !ok {
                    report.infeasible += 1;
                    continue;
                }
                report.evaluated += 1;
                let value = objective.value_with(&self.x, j, v);
                if value < self.value {
                    objective.accept(&self.x, j, v);
                    self.x[j] = v;
                    self.value = value;
                    report.accepted += 1;
                    break;
                }
            }
        }
        self.sweeps += 1;
        if report.accepted == 0 {
            self.step /= 2.0;
            // An absolute step of 1 cannot shrink further on integers.
            let floor_hit = self.rule == StepRule::Absolute && report.step <= 1.0;
            if self.step < self.min_step || floor_hit {
                self.done = true;
            }
        }
        report
    }

    /// Sweeps until done or `max_sweeps` sweeps in all.
    pub fn run(
        &mut self,
        objective: &mut dyn Objective,
        feasible: &dyn Fn(&[f64]) -> bool,
        max_sweeps: u32,
    ) {
        while !self.done && self.sweeps < max_sweeps {
            self.sweep(objective, feasible);
        }
    }
}
