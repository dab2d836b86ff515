//! The limits of a search and its stop: a node budget or cap, a clock's time budget (a
//! target and a hard limit), the depth, the caller's stop flag and another thread's
//! (`settled`), and the shares of a move's time the threat searches may take before
//! deepening. A threat search runs with the deadline brought forward to its share; a stop
//! at that deadline is undone after it, one by the whole budget is not.

use crate::params::Limits;
use crate::time::TimeBudget;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a search must stop, and whether it has.
pub(super) struct Control<'e> {
    /// The caller's stop flag.
    stop: &'e AtomicBool,
    /// A second stop, raised when another thread has settled the search.
    settled: &'e AtomicBool,
    /// Whether a limit stopped the search.
    stopped: bool,
    /// When the search must stop: the budget's hard limit, or a threat search's share of it.
    deadline: Option<Instant>,
    /// The move's time budget, if it has one.
    pub(super) budget: Option<TimeBudget>,
    /// The most nodes the search may visit.
    pub(super) node_limit: Option<u64>,
    /// Whether the iterative deepening decides by itself when to stop (a time budget, or a
    /// node budget without an explicit depth): see `Worker::start_next_iteration`.
    pub(super) budgeted: bool,
    /// Whether the node limit is the budget (no explicit depth) rather than a safety cap.
    pub(super) node_budget: bool,
    /// When the search started.
    pub(super) start: Instant,
    /// The depth iterative deepening goes to.
    pub(super) target_depth: u32,
}

impl<'e> Control<'e> {
    /// The control of a search under `limits` started at `start`, stopped by `stop` or
    /// `settled`, with `depth` the engine's own depth.
    pub(super) fn new(
        stop: &'e AtomicBool,
        settled: &'e AtomicBool,
        limits: &Limits,
        start: Instant,
        depth: u32,
    ) -> Control<'e> {
        Control {
            stop,
            settled,
            stopped: false,
            deadline: limits.time.map(|t| start + t.hard),
            budget: limits.time,
            node_limit: limits.nodes,
            budgeted: budgeted(limits),
            node_budget: limits.nodes.is_some() && limits.depth.is_none(),
            start,
            target_depth: limits.depth_cap(depth),
        }
    }

    /// Whether a limit stopped the search.
    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Stops the search if `nodes`, the nodes so far, reach the limit, or (every 256
    /// nodes) a stop flag is raised or the deadline passed.
    #[inline]
    pub(super) fn count(&mut self, nodes: u64) {
        if let Some(n) = self.node_limit
            && nodes >= n
        {
            self.stopped = true;
        }
        // Every 256 nodes: a threat-search node can cost microseconds (its move generation
        // scans the board), so 1,024 of them could run milliseconds past the deadline.
        if nodes & 255 == 0 {
            if self.stop.load(Ordering::Relaxed) || self.settled.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stopped = true;
            }
        }
    }

    /// Brings the deadline forward to `until` (if earlier), for a threat search's share;
    /// returns the deadline to restore after it.
    pub(super) fn bring_forward(&mut self, until: Option<Instant>) -> Option<Instant> {
        let saved = self.deadline;
        if let Some(u) = until {
            self.deadline = Some(saved.map_or(u, |d| d.min(u)));
        }
        saved
    }

    /// Puts back the deadline `saved` after a threat search's share, `nodes` nodes into the
    /// search: a stop at the share's deadline is undone, one by the whole budget is not.
    pub(super) fn restore(&mut self, saved: Option<Instant>, nodes: u64) {
        self.deadline = saved;
        if self.stopped && !self.out_of_budget(nodes) {
            self.stopped = false;
        }
    }

    /// Whether a limit of the whole search has been reached after `nodes` nodes (the stop
    /// flag, the node budget or the hard time limit), as opposed to a threat search's share
    /// of the time.
    fn out_of_budget(&self, nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.settled.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|n| nodes >= n)
            || self.budget.is_some_and(|b| self.start.elapsed() >= b.hard)
    }

    /// The time the move should take on a clock (its target, never past its hard limit).
    pub(super) fn target_time(&self) -> Option<Duration> {
        self.budget.map(|b| b.target.min(b.hard))
    }
}

/// Whether the search spends a budget (a clock, or nodes with no explicit depth) rather than
/// searching to a fixed depth, where a node limit is only a safety cap.
fn budgeted(limits: &Limits) -> bool {
    limits.time.is_some() || (limits.nodes.is_some() && limits.depth.is_none())
}

/// The nodes one threat search may visit: a quarter of a node budget (the main search keeps
/// the rest), no cap on a clock alone (its time share bounds it), and at a fixed depth `cap`
/// (deterministic), within a quarter of any node cap.
pub(super) fn threat_cap(limits: &Limits, cap: u64) -> u64 {
    let quarter = limits.nodes.map(|n| (n / 4).max(1));
    match quarter {
        Some(q) if budgeted(limits) => q,
        Some(q) => cap.min(q),
        None if limits.time.is_some() => u64::MAX,
        None => cap,
    }
}

/// The share of a move's target time each root VCF search (the win, the defence) may use.
pub(super) const THREAT_TIME_SHARE: f64 = 0.25;

/// The most of a move's target time the VCT may take before deepening: in most positions it
/// finds nothing and spends its whole share proving so, which costs at fast controls (a
/// quarter at 20 ms a move lost 24 Elo) and pays on long thoughts (quintet's deeper cases
/// at 1 s need 0.2-2 s of VCT). A tenth up to 100 ms, rising with the logarithm of the
/// time to a half at 1 s and beyond; a VCT that settles sooner leaves the rest to deepening.
pub(super) fn vct_time_share(time: std::time::Duration) -> f64 {
    let decades = (time.as_secs_f64() / 0.1).max(1.0).log10();
    (0.1 + 0.4 * decades).min(VCT_TIME_SHARE_LONG)
}

/// The main thread's VCT share beside the VCT helper thread (`analyze`, see
/// [`Engine::set_vct_thread`](super::Engine::set_vct_thread)): four fifths of what one
/// thread leaves to deepening go to the VCT too, nine tenths of a second or more.
/// Quintet's 18-move win takes 0.4-1 s on two threads; at three quarters the main thread
/// left its last part to the helper alone, which missed it at 1 s in 4 of 50 analyses
/// against 1. The cost is depth where the VCT does not settle: about a ply in a third of
/// such game positions.
pub(super) fn vct_time_share_beside(time: std::time::Duration) -> f64 {
    1.0 - (1.0 - vct_time_share(time)) / 5.0
}

/// The VCT's share of a move of a second or more.
const VCT_TIME_SHARE_LONG: f64 = 0.5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vct_share_grows_from_a_tenth_at_100_ms_to_a_half_at_a_second_and_more_beside_the_helper()
    {
        let share = |ms: u64| vct_time_share(Duration::from_millis(ms));
        let beside = |ms: u64| vct_time_share_beside(Duration::from_millis(ms));
        assert!((beside(100) - 0.82).abs() < 1e-12);
        assert!((beside(1000) - 0.9).abs() < 1e-12);
        assert!((beside(60_000) - 0.9).abs() < 1e-12);
        assert_eq!(share(20), 0.1);
        assert_eq!(share(100), 0.1);
        assert!((share(1000) - VCT_TIME_SHARE_LONG).abs() < 1e-12);
        assert_eq!(share(60_000), VCT_TIME_SHARE_LONG);
        let mut last = 0.0;
        for ms in (100..=1000).step_by(50) {
            assert!(share(ms) >= last, "{ms}");
            last = share(ms);
        }
    }
}
