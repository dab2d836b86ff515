//! The tuner's contracts: Texel loss and K against a hand computation, the local search on a
//! known optimum, exact resume for Texel and SPSA, SPSA convergence on a noisy objective,
//! feature counts against the engine's evaluation, and the outputs of a whole run.

use gomoku_board::{Board, Pos};
use gomoku_engine::{CompiledTable, evaluate_from_scratch, seed_table};
use gomoku_tune::features::{Counter, dot};
use gomoku_tune::params::{scores_of, table_to_ron};
use gomoku_tune::search::{FnObjective, LocalSearch, StepRule};
use gomoku_tune::spsa::{SpsaSchedule, SpsaState, spsa_iteration};
use gomoku_tune::texel::{LossData, TexelObjective, fit_k, sigmoid};
use gomoku_tune::{RunOptions, load_tuning_history, run};
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
    for table in [seed_table(), rich] {
        let counter = Counter::new(&table);
        let compiled = CompiledTable::compile(&table).unwrap();
        let x = scores_of(&table);
        let mut board = Board::standard15();
        let mut rng = gomoku_tune::rng_for(3, 4, 5);
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

/// A temporary project: a book of 10 openings, the seed table, a depth-1 engine.
fn project(tag: &str, method: &str, confirmation: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("gomoku-tune-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut book = String::from("# test book\n");
    for m in [
        "h8g7", "h8i7", "h8g9", "h8i9", "h8h7", "h8h9", "h8g8", "h8i8", "h8f6", "h8j10",
    ] {
        book.push_str(m);
        book.push('\n');
    }
    std::fs::write(dir.join("book.txt"), book).unwrap();
    std::fs::write(dir.join("table.ron"), table_to_ron(&seed_table())).unwrap();
    std::fs::write(
        dir.join("engine.ron"),
        r#"Engine(name: "t", table: File("table.ron"), depth: 1, top_n: Some(6), tt_mib: 1)"#,
    )
    .unwrap();
    let cfg = format!(
        r#"Tune(
    name: "t-tuned",
    start_table: "table.ron",
    engine: "engine.ron",
    depth: 1,
    tuning_openings: (file: "book.txt", range: (0, 7)),
    holdout_openings: (file: "book.txt", range: (7, 10)),
    seed: 9,
    output: "out",
    pin: Some("own 11111"),
    order: ["own 011110 > own 011100"],
    move_cap: Some(120),
    method: {method},
    confirmation: {confirmation},
)"#
    );
    let path = dir.join("tune.ron");
    std::fs::write(&path, cfg).unwrap();
    (dir, path)
}

fn resume_matches_straight(method: &str, tag: &str) {
    let opts = |stop| RunOptions {
        resume: true,
        stop_after: stop,
        skip_confirmation: true,
        command: "test".into(),
        verbose: false,
    };
    let (_d1, p1) = project(&format!("{tag}-straight"), method, "(pairs: 1)");
    let cfg1 = gomoku_config::tune::load_tune(&p1).unwrap();
    let straight = run(&cfg1, &opts(None)).unwrap();
    assert!(straight.finished);
    assert_eq!(straight.history.len(), 5, "{:#?}", straight.history);

    let (_d2, p2) = project(&format!("{tag}-resumed"), method, "(pairs: 1)");
    let cfg2 = gomoku_config::tune::load_tune(&p2).unwrap();
    let first = run(
        &cfg2,
        &RunOptions {
            resume: false,
            ..opts(Some(2))
        },
    )
    .unwrap();
    assert!(!first.finished);
    assert_eq!(first.history.len(), 3);
    // Without --resume a checkpoint is refused.
    assert!(
        run(
            &cfg2,
            &RunOptions {
                resume: false,
                ..opts(None)
            }
        )
        .is_err()
    );
    let resumed = run(&cfg2, &opts(None)).unwrap();
    assert!(resumed.finished);
    assert_eq!(resumed.history, straight.history);
    assert_eq!(resumed.table, straight.table);
    let a = std::fs::read_to_string(cfg1.output.join("tuned.ron")).unwrap();
    let b = std::fs::read_to_string(cfg2.output.join("tuned.ron")).unwrap();
    assert_eq!(a, b);
}

#[test]
fn texel_resume_is_exact() {
    resume_matches_straight(
        "Texel((games: 12, depth: 1, tie_break_margin: 30, iterations: 4, step: 0.3, min_step: 0.0001, validation_fraction: 0.25))",
        "texel",
    );
}

#[test]
fn spsa_resume_is_exact() {
    resume_matches_straight(
        "Spsa((iterations: 4, pairs: 1, c_end_frac: 0.2, r_end: 0.002, tie_break_margin: 30))",
        "spsa",
    );
}

#[test]
fn a_whole_run_writes_table_history_confirmation_and_report() {
    let (dir, path) = project(
        "whole",
        "Match((iterations: 2, perturb: 2, step: 0.3, max_pairs: 4, batch_pairs: 2, tie_break_margin: 30))",
        "(pairs: 3, tie_break_margin: 30, also: [\"table.ron\"])",
    );
    let cfg = gomoku_config::tune::load_tune(&path).unwrap();
    let out = run(
        &cfg,
        &RunOptions {
            command: "gomoku-arena tune tune.ron".into(),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(out.finished);
    let table = gomoku_config::engine::load_table(dir.join("out/tuned.ron")).unwrap();
    assert_eq!(table.name, "t-tuned");
    assert!(table.description.contains("gomoku-arena tune tune.ron"));
    assert!(table.description.contains("seed 9"));
    let c = out.confirmation.unwrap();
    assert_eq!(c.players.len(), 3);
    assert_eq!(c.games, 3 * 2 * 3);
    assert!(dir.join("out/confirmation.json").exists());
    assert!(dir.join("out/report/report.md").exists());
    let h = load_tuning_history(dir.join("out")).unwrap();
    assert_eq!(h.steps.len(), 3);
    assert!(
        out.history
            .iter()
            .skip(1)
            .all(|l| l.note.contains("SPRT") || l.note.contains("budget"))
    );
}
