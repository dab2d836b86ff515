//! The tuner's contracts: Texel loss and K against a hand computation, the local search on a
//! known optimum, SPSA convergence on a noisy objective, feature counts against the engine's
//! evaluation; and whole runs (`runs`): exact resume after a stop at any moment, sharded steps
//! equal to unsharded ones, the outputs, the shipped tuning files.

#[path = "tune/runs.rs"]
mod runs;

#[path = "tune/external.rs"]
mod external;

use gomoku_board::{Board, Pos};
use gomoku_engine::{
    CellClass, ClassSpec, CompiledTable, ThreatSpec, evaluate_from_scratch, seed_table,
};
use gomoku_tune::features::{Counter, dot};
use gomoku_tune::params::scores_of;
use gomoku_tune::search::{FnObjective, LocalSearch, StepRule};
use gomoku_tune::spsa::{SpsaSchedule, SpsaState, spsa_iteration};
use gomoku_tune::texel::{LossData, TexelObjective, fit_k, sigmoid};
use rand::RngExt;
use std::path::PathBuf;

/// Eight positions over two features with scores (50, -25): four at eval +100 (counts
/// (2, 0)) with results 1, 1, 1, 0 and four at eval -100 (counts (0, 4)) with results 0, 0,
/// 0, 1. With s = σ(100K) both halves give (3(1-s)² + s²)/4, minimised at s = 3/4:
/// K* = ln 3 / 100 = 0.010986122886681098, loss 0.1875. At K = 0.01, s = σ(1) and the loss
/// is 0.1878587774435157.
fn hand_data() -> LossData {
    let mut rows = Vec::new();
    let mut results = Vec::new();
    for r in [1.0, 1.0, 1.0, 0.0] {
        rows.push(vec![2u16, 0]);
        results.push(r);
    }
    for r in [0.0, 0.0, 0.0, 1.0] {
        rows.push(vec![0u16, 4]);
        results.push(r);
    }
    LossData::from_rows(&rows, results, 2)
}

#[test]
fn texel_loss_and_k_match_a_hand_computation() {
    let data = hand_data();
    let x = [50.0, -25.0];
    assert_eq!(
        data.evals(&x),
        vec![100, 100, 100, 100, -100, -100, -100, -100]
    );
    let at_001 = data.loss(&x, 0.01);
    assert!((at_001 - 0.1878587774435157).abs() < 1e-12, "{at_001}");
    let s = sigmoid(1.0);
    assert!((at_001 - (3.0 * (1.0 - s) * (1.0 - s) + s * s) / 4.0).abs() < 1e-12);
    let k = fit_k(&data, &data.evals(&x), 1e-9, 10.0);
    assert!((k - 0.010986122886681098).abs() < 1e-8, "{k}");
    assert!((data.loss(&x, k) - 0.1875).abs() < 1e-12);
    // The objective with a one-score change equals the loss from scratch.
    let mut obj = TexelObjective::new(&data, 0.01);
    use gomoku_tune::search::Objective;
    let v = obj.value_with(&x, 0, 60.0);
    assert!((v - data.loss(&[60.0, -25.0], 0.01)).abs() < 1e-15);
}

#[test]
fn local_search_finds_an_integer_optimum() {
    let target = [7.0, -3.0, 12.0, 0.0, -20.0];
    let mut f = FnObjective(|x: &[f64]| {
        x.iter()
            .zip(&target)
            .map(|(a, t)| (a - t) * (a - t) * 1.5)
            .sum::<f64>()
    });
    let mut s = LocalSearch::new(
        &mut f,
        vec![0.0; 5],
        (0..5).collect(),
        8.0,
        1.0,
        StepRule::Absolute,
    );
    s.run(&mut f, &|_| true, 100);
    assert_eq!(s.x, target);
    assert!(s.done);
    assert_eq!(s.value, 0.0);

    // Relative steps (log space) from a table-like start, with an order constraint that binds:
    // the optimum (137, 141) breaks x0 > x1, so the search stops on the boundary x0 = x1 + 1
    // at a point no single feasible ±1 step improves.
    let target = [137.0, 141.0];
    let mut f = FnObjective(|x: &[f64]| (x[0] - target[0]).powi(2) + (x[1] - target[1]).powi(2));
    let mut s = LocalSearch::new(
        &mut f,
        vec![100.0, 50.0],
        vec![0, 1],
        0.25,
        0.001,
        StepRule::Relative,
    );
    s.run(&mut f, &|x: &[f64]| x[0] > x[1], 1000);
    assert!(s.done);
    assert_eq!(s.x[0], s.x[1] + 1.0, "{:?}", s.x);
    let g = |x: &[f64]| (x[0] - target[0]).powi(2) + (x[1] - target[1]).powi(2);
    for j in 0..2 {
        for d in [-1.0, 1.0] {
            let mut y = s.x.clone();
            y[j] += d;
            assert!(
                y[0] <= y[1] || g(&y) >= s.value,
                "{y:?} improves on {:?}",
                s.x
            );
        }
    }
    assert!(s.value <= 17.0);
}

#[test]
fn counts_reproduce_the_engine_evaluation() {
    let rich = gomoku_config::engine::load_table(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../configs/tables/rich.ron"),
    )
    .unwrap();
    // Some classes scored, with distinct values, in an order other than the engine's.
    let mut classy = rich.clone();
    classy.classes = CellClass::ALL[1..]
        .iter()
        .rev()
        .step_by(2)
        .enumerate()
        .map(|(n, &class)| ClassSpec {
            class,
            own: 31 * (n as i32 + 1),
            opp: -17 * (n as i32 + 3),
        })
        .collect();
    // And some pairs of best classes, in no particular order.
    classy.threats = (0..=CellClass::Five.index())
        .flat_map(|a| (0..=CellClass::Five.index()).map(move |b| (a, b)))
        .filter(|(a, b)| (a + 2 * b) % 3 != 0)
        .map(|(a, b)| ThreatSpec {
            own: CellClass::ALL[a],
            opp: CellClass::ALL[b],
            score: 23 * a as i32 - 19 * b as i32 + 7,
        })
        .collect();
    for table in [seed_table(), rich, classy] {
        let counter = Counter::new(&table);
        let compiled = CompiledTable::compile(&table).unwrap();
        let x = scores_of(&table);
        let mut board = Board::standard15();
        let mut rng = gomoku_runner::job_rng(3, 5);
        for _ in 0..60 {
            let p = Pos::new(rng.random_range(0..15), rng.random_range(0..15));
            if board.is_legal(p) {
                board.make(p);
                if board.winner().is_some() {
                    board.unmake();
                    continue;
                }
            }
            let c = counter.count(&board);
            assert_eq!(dot(&c, &x) as i64, evaluate_from_scratch(&compiled, &board));
        }
    }
}

#[test]
fn spsa_converges_on_a_noisy_objective() {
    // Maximise f(θ) = -Σ (θ - θ*)² through game outcomes: each game between θ+ and θ- is
    // won by θ+ with probability σ((f(θ+) - f(θ-)) / 8) (no draws).
    let target = [30.0, -20.0, 10.0];
    let f = |x: &[f64]| -> f64 {
        -x.iter()
            .zip(&target)
            .map(|(a, t)| (a - t) * (a - t))
            .sum::<f64>()
    };
    let tuned = [0usize, 1, 2];
    let schedule = SpsaSchedule {
        iterations: 3000,
        alpha: 0.602,
        gamma: 0.101,
        big_a: 300.0,
        c: vec![4.0; 3],
        a: vec![40.0; 3],
    };
    let mut state = SpsaState {
        theta: vec![0.0; 3],
        k: 0,
    };
    let mut play = |probe: &gomoku_tune::spsa::SpsaProbe, rng: &mut rand_chacha::ChaCha8Rng| {
        let p = sigmoid((f(&probe.plus) - f(&probe.minus)) / 8.0);
        (0..8)
            .map(|_| if rng.random::<f64>() < p { 1.0 } else { -1.0 })
            .sum::<f64>()
    };
    for _ in 0..3000 {
        spsa_iteration(&schedule, &mut state, &tuned, 11, &mut play, &|_| true);
    }
    for (t, x) in target.iter().zip(&state.theta) {
        assert!((t - x).abs() < 2.5, "θ = {:?}", state.theta);
    }
}

/// The parameter space leaves the pinned score out of the tuned ones, and an order
/// constraint rejects exactly the points that break it (after rounding, as tables are).
#[test]
fn the_pin_is_never_tuned_and_the_order_rejects_what_breaks_it() {
    use gomoku_config::tune::ScoreRef;
    use gomoku_tune::ParamSpace;
    let table = seed_table();
    let own = |pattern| ScoreRef {
        pattern,
        opp: false,
    };
    let space = ParamSpace::new(table.clone(), Some(own(0)), &[(own(1), own(2))]);
    assert_eq!(space.tuned.len(), space.len() - 1);
    assert!(
        !space.tuned.contains(&0),
        "the pinned own score of pattern 0"
    );
    let mut x = space.start();
    assert!(space.feasible(&x));
    x[4] = x[2] - 0.6; // rounds below: kept
    assert!(space.feasible(&x), "{} > {}", x[2], x[4]);
    x[4] = x[2] - 0.4; // rounds equal: broken
    assert!(!space.feasible(&x));
    let broken = space.violations(&x);
    assert_eq!(broken.len(), 1);
    assert!(broken[0].contains(" must exceed "), "{broken:?}");
    x[4] = x[2] + 10.0;
    assert!(!space.feasible(&x));
}
