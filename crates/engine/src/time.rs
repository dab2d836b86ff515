//! The time manager: from what a clock allows (a limit per move, a game clock with its
//! increment) to the budget of one move, and the rule by which iterative deepening decides
//! whether another iteration can finish inside it. Every caller that plays on a clock (the
//! Gomocup brain, the runner's `MoveTime` and `GameTime`, `analyze --time-ms`) goes through
//! [`Clock::budget`], so they all spend time alike.

use std::time::Duration;

/// The smallest hard limit ever given to a search (below it a search cannot finish depth 1
/// on a crowded board anyway; callers with less time left still get at most half of it).
pub const MIN_BUDGET: Duration = Duration::from_millis(2);
/// A game clock is shared over at least this many of the mover's moves (and, early in the
/// game, over up to [`MAX_MOVES_TO_GO`]).
pub const MIN_MOVES_TO_GO: u32 = 20;
/// Moves a game clock is shared over on an empty board.
pub const MAX_MOVES_TO_GO: u32 = 30;

/// What a clock allows the side to move, as the time manager reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Limit for this move (Gomocup `timeout_turn`, a runner's `MoveTime`).
    pub turn: Option<Duration>,
    /// What is left on the mover's game clock (Gomocup `time_left`, a runner's `GameTime`).
    pub game_left: Option<Duration>,
    /// Time added to the game clock after each move.
    pub increment: Duration,
    /// Stones on the board (the game's progress: later moves get a larger share).
    pub stones: usize,
    /// Time lost per move outside the search (pipes, process scheduling), kept in reserve.
    pub overhead: Duration,
}

/// The time of one move: the search aims to finish by `target` and never runs past `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Time the move should take: no iteration starts that is predicted to end much later.
    pub target: Duration,
    /// Time the move must not exceed: the search stops here, mid-iteration if need be.
    pub hard: Duration,
}

impl TimeBudget {
    /// A fixed time per move used to the end: target and hard limit alike.
    pub fn fixed(time: Duration) -> TimeBudget {
        TimeBudget {
            target: time,
            hard: time,
        }
    }
}

impl Clock {
    /// A clock with only a limit per move and no overhead (an in-process search).
    pub fn per_move(turn: Duration) -> Clock {
        Clock {
            turn: Some(turn),
            ..Clock::default()
        }
    }

    /// The budget of the move, `None` when neither a move limit nor a game clock is set.
    ///
    /// - A move limit `t` gives a hard limit of `t` less a twentieth and the overhead.
    /// - A game clock with `left` gives a target of `left / moves_to_go + 3/4 increment`,
    ///   where `moves_to_go` falls from 30 to 20 as the board fills, and a hard limit of three
    ///   targets, never more than a third of what is left after the overhead.
    /// - With both, the smaller of each. The target never exceeds the hard limit.
    pub fn budget(&self) -> Option<TimeBudget> {
        let reserve = |t: Duration| t.saturating_sub(t / 20 + self.overhead);
        let turn = self.turn.map(|t| {
            let hard = reserve(t).max(MIN_BUDGET.min(t / 2));
            TimeBudget::fixed(hard)
        });
        let game = self.game_left.map(|left| {
            let usable = left.saturating_sub(self.overhead);
            let moves_to_go = MAX_MOVES_TO_GO
                .saturating_sub(self.stones as u32 / 4)
                .max(MIN_MOVES_TO_GO);
            let target = usable / moves_to_go + self.increment * 3 / 4;
            let cap = usable / 3;
            let floor = MIN_BUDGET.min(left / 2);
            TimeBudget {
                target: target.min(cap).max(floor),
                hard: (target * 3).min(cap).max(floor),
            }
        });
        match (turn, game) {
            (Some(a), Some(b)) => Some(TimeBudget {
                target: a.target.min(b.target),
                hard: a.hard.min(b.hard),
            }),
            (a, b) => a.or(b),
        }
    }
}

/// Whether iterative deepening should start another iteration: `elapsed` is the time used so
/// far, `last`, `before` and `before_that` how long the last three iterations took. The next
/// one is predicted to take `last` times the growth from `before_that` to `before` (the step
/// of the same parity: alternate depths grow unevenly in Gomoku), kept between 1.5 and 10;
/// it starts only if it is predicted to end by the
/// hard limit and by 1.25 targets (and never once the target is spent), so the move takes
/// about its target on average and never begins what it cannot finish. Under a fixed time
/// per move (target = hard) it also starts while less than `start_share` percent of the
/// time is spent (the engine's `fixed_time_start_share`; 0 = the prediction alone), and
/// the hard limit cuts it short.
pub fn start_next_iteration(
    budget: &TimeBudget,
    elapsed: Duration,
    last: Duration,
    before: Duration,
    before_that: Duration,
    start_share: u32,
) -> bool {
    let s = |d: Duration| d.as_secs_f64();
    time_fits(
        [s(elapsed), s(last), s(before), s(before_that)],
        s(budget.target),
        s(budget.hard),
        start_share,
    )
}

/// [`next_fits`] for time: a fixed time per move (target = hard) also starts the next
/// iteration while less than `start_share` percent of it is spent.
pub(crate) fn time_fits(cost: [f64; 4], target: f64, hard: f64, start_share: u32) -> bool {
    let early = target >= hard && cost[0] < target * f64::from(start_share) / 100.0;
    next_fits(cost, target, hard) || early
}

/// [`start_next_iteration`] over any cost that grows like time (nodes for a node budget):
/// `[spent, last, before, before_that]` against a target and a hard limit.
pub(crate) fn next_fits(cost: [f64; 4], target: f64, hard: f64) -> bool {
    let [spent, last, before, before_that] = cost;
    let growth = |a: f64, b: f64| if b > 0.0 { a / b } else { 4.0 };
    // Odd and even depths grow unevenly in Gomoku: the next step is most like the one two
    // plies back, of the same parity.
    let factor = if before_that > 0.0 {
        growth(before, before_that)
    } else {
        growth(last, before)
    }
    .clamp(1.5, 10.0);
    let end = spent + last * factor;
    spent < target && end <= hard && end <= target * 1.25
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn a_move_limit_keeps_a_twentieth_and_the_overhead() {
        let mut c = Clock::per_move(ms(100));
        assert_eq!(c.budget(), Some(TimeBudget::fixed(ms(95))));
        c.overhead = ms(30);
        assert_eq!(c.budget(), Some(TimeBudget::fixed(ms(65))));
        // Absurdly small limits still leave something, never more than half the limit.
        c.turn = Some(ms(3));
        assert_eq!(
            c.budget(),
            Some(TimeBudget::fixed(Duration::from_micros(1500)))
        );
        assert_eq!(Clock::default().budget(), None);
    }

    #[test]
    fn a_game_clock_is_shared_over_the_moves_to_go() {
        let c = Clock {
            game_left: Some(ms(60_000)),
            increment: ms(400),
            ..Clock::default()
        };
        // 60 s / 30 moves + 300 ms; hard = 3 targets.
        let b = c.budget().unwrap();
        assert_eq!(b.target, ms(2300));
        assert_eq!(b.hard, ms(6900));
        // Late in the game: 20 moves to go.
        let late = Clock { stones: 200, ..c }.budget().unwrap();
        assert_eq!(late.target, ms(3300));
        // Little left: never more than a third of it.
        let short = Clock {
            game_left: Some(ms(900)),
            increment: ms(0),
            ..c
        };
        let b = short.budget().unwrap();
        assert_eq!(b.target, ms(30));
        assert_eq!(b.hard, ms(90));
        let tiny = Clock {
            game_left: Some(ms(1)),
            increment: ms(0),
            ..c
        };
        let b = tiny.budget().unwrap();
        assert!(b.hard <= ms(1) / 2 + Duration::from_nanos(1), "{b:?}");
    }

    #[test]
    fn both_limits_take_the_smaller() {
        let c = Clock {
            turn: Some(ms(1000)),
            game_left: Some(ms(3000)),
            ..Clock::default()
        };
        let b = c.budget().unwrap();
        assert_eq!(b.target, ms(100));
        assert_eq!(b.hard, ms(300));
        assert!(b.target <= b.hard);
    }

    #[test]
    fn an_iteration_starts_only_if_it_is_predicted_to_finish() {
        let b = TimeBudget::fixed(ms(100));
        // 10 ms so far, last iteration 5 ms growing 3x: 10 + 15 <= 100.
        assert!(start_next_iteration(&b, ms(10), ms(5), ms(2), ms(1), 0));
        // 60 ms so far, last 30 ms growing 3x: 60 + 90 > 100.
        assert!(!start_next_iteration(&b, ms(60), ms(30), ms(10), ms(5), 0));
        // Alternate depths grow unevenly: after 6x then 2x, the next step is predicted at 6x
        // (30 + 72 > 100), after 2x then 6x at 2x (30 + 24 <= 100).
        assert!(!start_next_iteration(&b, ms(30), ms(12), ms(6), ms(1), 0));
        assert!(start_next_iteration(&b, ms(30), ms(12), ms(2), ms(1), 0));
        // Past the target nothing starts, whatever the prediction.
        let g = TimeBudget {
            target: ms(50),
            hard: ms(150),
        };
        assert!(!start_next_iteration(&g, ms(60), ms(1), ms(1), ms(1), 0));
        assert!(start_next_iteration(&g, ms(40), ms(10), ms(10), ms(10), 0));
    }

    #[test]
    fn a_fixed_move_time_starts_an_iteration_before_its_share_is_spent() {
        let b = TimeBudget::fixed(ms(100));
        // 30 ms spent, the next predicted to end at 30 + 72 > 100: it starts with a share
        // above 30%, not at 30% or below, nor with the share off.
        for (share, starts) in [(0, false), (30, false), (31, true), (50, true), (100, true)] {
            let s = start_next_iteration(&b, ms(30), ms(12), ms(6), ms(1), share);
            assert_eq!(s, starts, "share {share}");
        }
        // Past the share only the prediction decides: 60 + 90 > 100 does not start at 50%,
        // 60 + 30 <= 100 does.
        assert!(!start_next_iteration(&b, ms(60), ms(30), ms(10), ms(5), 50));
        assert!(start_next_iteration(&b, ms(60), ms(15), ms(2), ms(1), 50));
        // At 100% anything starts until the time is spent.
        assert!(start_next_iteration(&b, ms(99), ms(90), ms(9), ms(1), 100));
        assert!(!start_next_iteration(&b, ms(100), ms(1), ms(1), ms(1), 100));
    }

    #[test]
    fn a_game_clock_keeps_the_prediction_whatever_the_share() {
        // A game clock's move aims at its target and may run to the hard limit: an iteration
        // that is not predicted to finish never starts, early or not.
        let g = TimeBudget {
            target: ms(100),
            hard: ms(300),
        };
        // 10 ms spent, last 40 ms growing 10x: 10 + 400 > 300.
        for share in [0, 50, 100] {
            assert!(!start_next_iteration(
                &g,
                ms(10),
                ms(40),
                ms(40),
                ms(4),
                share
            ));
        }
        // The node budget's rule (`next_fits`) has no share at all: a node cap is target and
        // hard alike, and the same costs in nodes do not start.
        assert!(!next_fits([30.0, 12.0, 6.0, 1.0], 100.0, 100.0));
        assert!(time_fits([0.030, 0.012, 0.006, 0.001], 0.1, 0.1, 50));
    }
}
