//! Books: generation is deterministic and symmetry-free, shipped books are legal and quiet,
//! and verification counts what it plays.

use gomoku_board::opening::{BookFormat, Opening, parse_book};
use gomoku_board::{Board, Geometry, Rule, Symmetry};
use gomoku_engine::{Engine, EngineParams};
use gomoku_openings::{
    GenerateParams, OpeningStats, VerifyParams, generate, has_five_point, has_vcf, summarize,
    tally, verify, verify_games, verify_jobs,
};
use std::collections::HashSet;

fn fast_engine() -> EngineParams {
    EngineParams {
        depth: 2,
        tt_mib: 1,
        ..EngineParams::default()
    }
}

fn small_params(seed: u64) -> GenerateParams {
    let mut p = GenerateParams::new(Geometry::square(15), Rule::Freestyle, 24, seed);
    p.depth = 2;
    p.margin = 400;
    p
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn generation_is_deterministic_for_a_seed_on_any_thread_count() {
    let one = in_pool(1, || generate(&small_params(5), &fast_engine()).unwrap());
    let two = in_pool(2, || generate(&small_params(5), &fast_engine()).unwrap());
    assert_eq!(one.openings, two.openings);
    assert_eq!(one.attempts, two.attempts);
    assert_eq!(one.rejected, two.rejected);
    let other = generate(&small_params(6), &fast_engine()).unwrap();
    assert_ne!(
        one.openings, other.openings,
        "another seed gives another book"
    );
}

#[test]
fn generated_openings_are_distinct_under_symmetry_and_leave_white_to_move() {
    let g = Geometry::square(15);
    let book = generate(&small_params(9), &fast_engine()).unwrap();
    assert_eq!(book.openings.len(), 24);
    let keys: HashSet<_> = book
        .openings
        .iter()
        .map(|o| o.opening.canonical_key(g))
        .collect();
    assert_eq!(keys.len(), book.openings.len());
    for o in &book.openings {
        assert_eq!(
            o.opening.moves.len() % 2,
            1,
            "odd stone count: White to move"
        );
        assert!(o.score.abs() <= 400);
        // Every rotation and reflection of a kept opening has the same key: it would be a
        // duplicate, so it would have been rejected.
        for &s in Symmetry::of(g) {
            assert_eq!(
                o.opening.transform(s, g).canonical_key(g),
                o.opening.canonical_key(g)
            );
        }
    }
}

#[test]
fn an_opening_and_its_rotation_count_once() {
    let g = Geometry::square(15);
    let a = Opening::new(vec![
        gomoku_board::Pos::new(7, 7),
        gomoku_board::Pos::new(8, 6),
        gomoku_board::Pos::new(9, 7),
    ]);
    let b = a.transform(Symmetry::Rotate90, g);
    assert_ne!(a.moves, b.moves);
    let book = gomoku_board::opening::dedup(&[a.clone(), b], g);
    assert_eq!(book, vec![a]);
}

fn shipped(name: &str) -> String {
    let path = format!("{}/../../openings/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_shipped_opening_is_legal_and_free_of_immediate_threats() {
    let books = [
        ("freestyle15.txt", 15, Rule::Freestyle, 500),
        ("freestyle20.txt", 20, Rule::Freestyle, 100),
        ("standard15.txt", 15, Rule::Standard, 100),
        ("renju15.txt", 15, Rule::Renju, 100),
    ];
    let mut engine = Engine::new(fast_engine()).unwrap();
    for (name, size, rule, at_least) in books {
        let g = Geometry::square(size);
        let text = shipped(name);
        assert_eq!(BookFormat::detect(&text), Some(BookFormat::Pos), "{name}");
        let openings =
            parse_book(&text, BookFormat::Pos, g, rule).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            openings.len() >= at_least,
            "{name}: {} openings",
            openings.len()
        );
        let keys: HashSet<_> = openings.iter().map(|o| o.canonical_key(g)).collect();
        assert_eq!(
            keys.len(),
            openings.len(),
            "{name}: duplicates under symmetry"
        );
        for (i, o) in openings.iter().enumerate() {
            let board = o.board(g, rule).unwrap();
            assert!(
                !has_five_point(&board),
                "{name} line {}: a four on the board",
                i + 1
            );
            assert!(
                !has_vcf(&mut engine, &board, 10),
                "{name} opening {}: a VCF",
                i + 1
            );
        }
    }
}

#[test]
fn verify_counts_match_a_hand_count() {
    let g = Geometry::square(15);
    let p = |s: &str| gomoku_board::notation::parse_pos_moves(s, g).unwrap();
    // Black to move with an open four (d8..g8 open at both ends, white scattered): Black wins
    // every game. White to move with four in a column: White wins every game.
    let black_wins = Opening::new(p("d8 a1 e8 a3 f8 a5 g8 a7"));
    let white_wins = Opening::new(p("h8 o1 a8 o2 a10 o3 a12 o4 a14"));
    for o in [&black_wins, &white_wins] {
        Board::new(g, Rule::Freestyle)
            .unwrap()
            .play_all(&o.moves)
            .unwrap();
    }
    let params = VerifyParams {
        geometry: g,
        rule: Rule::Freestyle,
        games_per_opening: 3,
        tie_break_margin: 10,
        lopsided: 0.25,
        move_cap: None,
        seed: 1,
    };
    let report = verify(&[black_wins, white_wins], &params, &fast_engine()).unwrap();
    let counts: Vec<(u32, u32, u32, u32)> = report
        .openings
        .iter()
        .map(|s| (s.games, s.black_wins, s.white_wins, s.draws))
        .collect();
    assert_eq!(counts, vec![(3, 3, 0, 0), (3, 0, 3, 0)]);
    assert_eq!(report.overall, 0.5);
    assert_eq!(report.spread, 0.5);
    assert_eq!(report.lopsided, vec![0, 1]);
}

#[test]
fn summary_figures_are_the_hand_computed_ones() {
    let s = |index, b, w, d| OpeningStats {
        index,
        games: b + w + d,
        black_wins: b,
        white_wins: w,
        draws: d,
        failed: 0,
    };
    // Scores 1.0, 0.5 and 0.25 over 2, 4 and 4 games: overall (2 + 2 + 1) / 10 = 0.5;
    // mean of per-opening scores 7/12; spread sqrt(((5/12)^2 + (1/12)^2 + (4/12)^2) / 3).
    let r = summarize(vec![s(0, 2, 0, 0), s(1, 1, 1, 2), s(2, 0, 2, 2)], 0.3);
    assert!((r.overall - 0.5).abs() < 1e-12);
    let spread = ((25.0 + 1.0 + 16.0) / 144.0 / 3.0f64).sqrt();
    assert!((r.spread - spread).abs() < 1e-12);
    assert_eq!(r.lopsided, vec![0]);
}

#[test]
fn verify_shards_are_a_striped_partition_of_the_same_games() {
    let g = Geometry::square(15);
    let book: Vec<Opening> = ["h8 g7 i9", "h8 i7 g9", "h8 h7 i8"]
        .iter()
        .map(|m| Opening::new(gomoku_board::notation::parse_pos_moves(m, g).unwrap()))
        .collect();
    let params = VerifyParams {
        geometry: g,
        rule: Rule::Freestyle,
        games_per_opening: 2,
        tie_break_margin: 20,
        lopsided: 0.5,
        move_cap: Some(60),
        seed: 3,
    };
    assert_eq!(
        verify_jobs(3, 2),
        vec![(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    );
    let whole = in_pool(2, || {
        verify_games(&book, &params, &fast_engine(), None).unwrap()
    });
    assert_eq!(whole.len(), 6);
    let mut merged = Vec::new();
    for i in 0..4 {
        let shard = in_pool(1, || {
            verify_games(&book, &params, &fast_engine(), Some((i, 4))).unwrap()
        });
        assert!(shard.iter().all(|x| x.job % 4 == i));
        merged.extend(shard);
    }
    merged.sort_by_key(|x| x.job);
    assert_eq!(merged, whole);
    let report = tally(3, &merged, 0.5);
    let direct = verify(&book, &params, &fast_engine()).unwrap();
    assert_eq!(report.openings, direct.openings);
    assert!(verify_games(&book, &params, &fast_engine(), Some((4, 4))).is_err());
}
