//! Time and node budgets are limits of their own: under one the search deepens past the
//! configured depth until its budget (or a proven result) says stop, an explicit depth still
//! caps it, a single legal reply deepens within an eighth of the budget, and the hard limit
//! stops a search that would never end. What is checked does not depend on the machine's
//! load: node counts, the search's own clock readings, a mate that ends the deepening; a
//! clock's length only guards against a hang.

use gomoku_board::{Board, Color, Geometry, Pos, Rule};
use gomoku_engine::bench::bench_positions;
use gomoku_engine::{Engine, EngineParams, Limits, TimeBudget};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

fn engine(depth: u32) -> Engine {
    Engine::new(EngineParams {
        depth,
        ..EngineParams::default()
    })
    .unwrap()
}

fn middle_game() -> Board {
    bench_positions()
        .into_iter()
        .find(|p| p.name == "seed003-b")
        .unwrap()
        .board
}

/// A freestyle 15x15 position of these stones.
fn position(black: &[(u8, u8)], white: &[(u8, u8)], to_move: Color) -> Board {
    let ps = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Pos::new(x, y)).collect::<Vec<_>>();
    Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &ps(black),
        &ps(white),
        to_move,
    )
    .unwrap()
}

/// Black to move wins in three (a four-three at h8: the four blocked, the three made an open
/// four, then five), five plies that a depth-2 search does not see.
fn mate_in_three() -> Board {
    position(
        &[(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)],
        &[(3, 7), (0, 0), (14, 0), (0, 14), (14, 14)],
        Color::Black,
    )
}

#[test]
fn a_clock_deepens_past_the_configured_depth_and_an_explicit_depth_caps_it() {
    let b = mate_in_three();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Depth 2 configured, the threat searches off so that deepening must find the win.
    let engine = || {
        Engine::new(EngineParams {
            depth: 2,
            vcf: false,
            vct: false,
            ..EngineParams::default()
        })
        .unwrap()
    };
    let plain = engine().search(&b, &Limits::default(), &mut rng);
    assert_eq!((plain.depth, plain.win_in), (2, None));
    // On a minute's clock it deepens past depth 2 until the mate is proven, which ends the
    // search long before the clock would: the depth reached is the mate's, on any machine.
    let clock = Limits::move_time(Duration::from_secs(60));
    let r = engine().search(&b, &clock, &mut rng);
    assert_eq!((r.depth, r.win_in), (5, Some(3)), "{r:?}");
    assert_eq!(r.best, Some(Pos::new(7, 7)));
    let depths: Vec<u32> = r.iterations.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=r.depth).collect::<Vec<_>>());
    let capped = engine().search(
        &b,
        &Limits {
            depth: Some(3),
            ..clock
        },
        &mut rng,
    );
    assert_eq!(capped.depth, 3);
}

#[test]
fn a_node_budget_deepens_and_does_not_start_what_it_cannot_finish() {
    let b = middle_game();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let budget = 300_000;
    let r = engine(2).search(
        &b,
        &Limits {
            nodes: Some(budget),
            ..Limits::default()
        },
        &mut rng,
    );
    assert!(r.depth > 2, "stopped at depth {}", r.depth);
    assert!(r.nodes <= budget);
    // Deterministic: the same budget gives the same search.
    let again = engine(2).search(
        &b,
        &Limits {
            nodes: Some(budget),
            ..Limits::default()
        },
        &mut rng,
    );
    assert_eq!(
        (again.best, again.depth, again.nodes),
        (r.best, r.depth, r.nodes)
    );
    // The iteration after the last completed one was not started when it could not fit:
    // either the budget ran out inside it (nodes at the budget) or it was never begun.
    let last = r.iterations.last().unwrap();
    assert!(
        r.nodes == budget || r.nodes == last.nodes,
        "{} nodes, last iteration ended at {}",
        r.nodes,
        last.nodes
    );
    // With an explicit depth the node limit is only a cap.
    let capped = engine(2).search(
        &b,
        &Limits {
            nodes: Some(budget),
            depth: Some(2),
            ..Limits::default()
        },
        &mut rng,
    );
    assert_eq!(capped.depth, 2);
}

/// White must block Black's four at (9,7); nothing else matters: one root move.
fn single_reply() -> Board {
    position(
        &[(5, 7), (6, 7), (7, 7), (8, 7), (7, 3)],
        &[(4, 7), (7, 8), (6, 9), (2, 2)],
        Color::White,
    )
}

#[test]
fn a_single_legal_reply_deepens_within_an_eighth_of_a_node_budget() {
    let b = single_reply();
    for budget in [50_000, 200_000, 800_000] {
        let limits = Limits {
            nodes: Some(budget),
            ..Limits::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let r = engine(4).search(&b, &limits, &mut rng);
        assert_eq!(r.best, Some(Pos::new(9, 7)));
        // It deepens for the score (past depth 4), but only within an eighth of the budget.
        assert!(r.depth > 4, "{budget}: depth {}", r.depth);
        assert!(r.nodes <= budget / 8, "{budget}: {} nodes", r.nodes);
        // The same budget on a real choice is spent well past an eighth.
        let choice = engine(4).search(&middle_game(), &limits, &mut rng);
        assert!(
            choice.nodes > budget / 4,
            "{budget}: {} nodes",
            choice.nodes
        );
    }
}

#[test]
fn a_single_legal_reply_starts_no_iteration_past_an_eighth_of_the_clock() {
    let b = single_reply();
    let clock = Duration::from_millis(800);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let r = engine(4).search(&b, &Limits::move_time(clock), &mut rng);
    assert_eq!(r.best, Some(Pos::new(9, 7)));
    // Each iteration began once the one before had ended, by the search's own clock, before
    // an eighth of the clock was spent (how many fit depends on the machine; the rule not).
    for w in r.iterations.windows(2) {
        assert!(
            w[0].time < clock / 8,
            "depth {} began after {:?} of {clock:?}",
            w[1].depth,
            w[0].time
        );
    }
}

#[test]
fn the_hard_limit_stops_a_deep_search() {
    let b = middle_game();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Depth 40 cannot finish in 20 ms, nor in a lifetime; the hard limit cuts it and the last
    // completed iteration's move is played. How far past 20 ms it returns depends on the
    // machine (one node check, which a busy machine may delay): ten seconds only tells a
    // heeded limit from one that is not.
    let r = engine(40).search(
        &b,
        &Limits {
            depth: Some(40),
            time: Some(TimeBudget {
                target: Duration::from_millis(20),
                hard: Duration::from_millis(20),
            }),
            ..Limits::default()
        },
        &mut rng,
    );
    assert!(r.depth < 40);
    assert!(r.time < Duration::from_secs(10), "{:?}", r.time);
    assert!(b.is_legal(r.best.unwrap()));
}
