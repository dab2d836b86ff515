//! Time and node budgets are limits of their own: under one the search deepens past the
//! configured depth until its budget says stop, an explicit depth still caps it, a single
//! legal reply is not searched deeper, and nothing runs past the hard limit by more than the
//! time of one node check.

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

#[test]
fn a_clock_deepens_past_the_configured_depth_and_an_explicit_depth_caps_it() {
    let b = middle_game();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Depth 2 configured; 300 ms is far more than depth 3 needs on any machine.
    let r = engine(2).search(&b, &Limits::move_time(Duration::from_millis(300)), &mut rng);
    assert!(r.depth > 2, "stopped at depth {}", r.depth);
    assert!(b.is_legal(r.best.unwrap()));
    // Depths grow one by one and the clock is the reason to stop, not a depth.
    let depths: Vec<u32> = r.iterations.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=r.depth).collect::<Vec<_>>());
    let capped = engine(2).search(
        &b,
        &Limits {
            depth: Some(3),
            time: Some(TimeBudget::fixed(Duration::from_secs(60))),
            ..Limits::default()
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

#[test]
fn a_single_legal_reply_gets_an_eighth_of_the_clock() {
    // White must block Black's four at (9,7); nothing else matters.
    let ps = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Pos::new(x, y)).collect::<Vec<_>>();
    let b = Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &ps(&[(5, 7), (6, 7), (7, 7), (8, 7), (7, 3)]),
        &ps(&[(4, 7), (7, 8), (6, 9), (2, 2)]),
        Color::White,
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let r = engine(4).search(&b, &Limits::move_time(Duration::from_millis(800)), &mut rng);
    assert_eq!(r.best, Some(Pos::new(9, 7)));
    // It deepens for the score within an eighth of the time (the bound is loose: the machine
    // may be loaded); the same search of a real choice deepens further.
    assert!(r.time < Duration::from_millis(400), "{:?}", r.time);
}

#[test]
fn the_hard_limit_stops_a_deep_search() {
    let b = middle_game();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Depth 40 cannot finish in 20 ms; the hard limit cuts it and the last completed
    // iteration's move is played. (The bound is loose: the test machine may be loaded.)
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
    assert!(r.time < Duration::from_millis(1000), "{:?}", r.time);
    assert!(b.is_legal(r.best.unwrap()));
}
