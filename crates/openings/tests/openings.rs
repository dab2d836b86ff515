//! Books: generation is deterministic and symmetry-free and its file rebuilds it, shipped books
//! are legal and quiet, verification counts what it plays and its shards merge into the
//! unsharded run, and conversion keeps every opening.

use gomoku_board::opening::BookFormat::{Gtp, Offset, Pos};
use gomoku_board::opening::{BookFormat, Opening, parse_book};
use gomoku_board::{Geometry, Rule, Symmetry};
use gomoku_engine::{Engine, EngineParams};
use gomoku_openings::{
    Book, GenerateParams, OpeningStats, OpeningsError, Verification, VerifyParams, convert,
    generate, has_five_point, has_vcf, parse_stones, parse_to_move, read_book, summarize,
    write_book,
};
use gomoku_runner::{JournalLine, OpenMode, RunInfo, RunOptions};
use gomoku_testdata::ScratchDir;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

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
fn a_generated_book_file_holds_its_openings_and_the_command_that_made_it() {
    let mut params = small_params(5);
    params.stones = parse_stones("3..6").unwrap();
    assert_eq!(params.stones, 3..=5);
    params.to_move = parse_to_move("white").unwrap();
    let book = generate(&params, &fast_engine()).unwrap();
    let text = book.to_text(&params, Some("engines/e.ron")).unwrap();
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    assert_eq!(
        header[1],
        "# made by: gomoku-arena openings generate --size 15 --rule freestyle --count 24 --stones 3..=5 --area 3 --depth 2 --margin 400 --balance 0 --to-move white --seed 5 --engine engines/e.ron"
    );
    assert!(header[3].starts_with(&format!("# attempts: {};", book.attempts)));
    let read = parse_book(&text, Pos, Geometry::square(15), Rule::Freestyle).unwrap();
    let made: Vec<Opening> = book.openings.iter().map(|o| o.opening.clone()).collect();
    assert_eq!(read, made);
    assert!(parse_stones("3..3").is_ok_and(|r| r.is_empty()));
    assert!(parse_stones("x").is_err() && parse_to_move("red").is_err());
}

/// A fresh scratch directory for one test.
fn scratch(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("openings-{tag}"))
}

fn book_of(lines: &[&str]) -> Book {
    let g = Geometry::square(15);
    Book {
        path: PathBuf::from("book.txt"),
        format: Pos,
        openings: lines
            .iter()
            .map(|m| Opening::new(gomoku_board::notation::parse_pos_moves(m, g).unwrap()))
            .collect(),
    }
}

fn verify_params(games_per_opening: u32, seed: u64) -> VerifyParams {
    VerifyParams {
        geometry: Geometry::square(15),
        rule: Rule::Freestyle,
        games_per_opening,
        tie_break_margin: 20,
        lopsided: 0.25,
        move_cap: Some(60),
        seed,
    }
}

/// Plays a verification (or one shard of it) on one thread, into `out` if given.
fn play(v: &Verification, out: Option<&Path>, shard: Option<(usize, usize)>) -> Vec<JournalLine> {
    let opts = RunOptions {
        threads: 1,
        output: out,
        shard,
        ..RunOptions::default()
    };
    v.play(&opts).unwrap().lines
}

fn without_timing(lines: &[JournalLine]) -> Vec<JournalLine> {
    lines.iter().map(JournalLine::without_timing).collect()
}

#[test]
fn verify_counts_match_a_hand_count() {
    // Black to move with an open four (d8..g8 open at both ends, white scattered): Black wins
    // every game. White to move with four in a column: White wins every game.
    let book = book_of(&["d8 a1 e8 a3 f8 a5 g8 a7", "h8 o1 a8 o2 a10 o3 a12 o4 a14"]);
    let mut params = verify_params(3, 1);
    params.move_cap = None;
    let v = Verification::new(book, params, &fast_engine()).unwrap();
    let lines = play(&v, None, None);
    assert_eq!(lines.len(), 6);
    // Rounds nest openings: job i plays opening i % 2.
    let openings: Vec<usize> = lines.iter().map(|l| l.opening).collect();
    assert_eq!(openings, vec![0, 1, 0, 1, 0, 1]);
    assert!(
        lines
            .iter()
            .all(|l| (l.black.as_str(), l.white.as_str()) == ("black", "white"))
    );
    let report = v.report(&lines);
    let counts: Vec<(u32, u32, u32, u32)> = report
        .openings
        .iter()
        .map(|s| (s.games, s.black_wins, s.white_wins, s.draws))
        .collect();
    assert_eq!(counts, vec![(3, 3, 0, 0), (3, 0, 3, 0)]);
    assert_eq!(report.overall, 0.5);
    assert_eq!(report.spread, 0.5);
    assert_eq!(report.lopsided, vec![0, 1]);
    assert_eq!(report.totals(), (6, 3, 3, 0));
    let (kept, text) = v.pruned_book(&report).unwrap();
    assert_eq!(kept, 0);
    assert!(text.contains("# kept 0 of 2 openings"), "{text}");
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

/// Three shards played into their own run directories and merged by the runner's merge give
/// the unsharded run's journal (apart from timing) and figures; a directory of another seed
/// is refused, and a partial merge lists the missing jobs.
#[test]
fn verify_shards_merge_into_the_unsharded_run() {
    let dir = scratch("verify-shards");
    let book = ["h8 g7 i9", "h8 i7 g9", "h8 h7 i8", "h8 g9 j8"];
    let v = Verification::new(book_of(&book), verify_params(2, 3), &fast_engine()).unwrap();
    let whole = play(&v, Some(&dir.join("whole")), None);
    assert_eq!(whole.len(), 8);
    let info = RunInfo::load(&dir.join("whole")).unwrap();
    assert_eq!(info.run, v.info().run);
    assert_eq!(
        info.config.kind,
        gomoku_config::run::RunKind::Verify {
            games_per_opening: 2
        }
    );
    let shards: Vec<PathBuf> = (0..3).map(|i| dir.join(format!("shard-{i}"))).collect();
    for (i, d) in shards.iter().enumerate() {
        let lines = play(&v, Some(d), Some((i, 3)));
        assert!(lines.iter().all(|l| l.job % 3 == i), "shard {i}");
        assert_eq!(RunInfo::load(d).unwrap().shard, Some((i, 3)));
    }
    let (merge, merged) = v.merge(&dir.join("merged"), &shards, false).unwrap();
    assert!(merge.complete());
    assert_eq!(without_timing(&merged), without_timing(&whole));
    assert_eq!(v.report(&merged).openings, v.report(&whole).openings);

    let (partial, lines) = v
        .merge(
            &dir.join("partial"),
            &[shards[0].clone(), shards[2].clone()],
            false,
        )
        .unwrap();
    assert_eq!(partial.missing, vec![1, 4, 7]);
    assert_eq!(lines.len(), 5);
    // The merged directory is this run's: resuming it plays exactly the missing jobs.
    let partial_dir = dir.join("partial");
    let resume = RunOptions {
        threads: 1,
        output: Some(&partial_dir),
        mode: OpenMode {
            resume: true,
            force: false,
        },
        ..RunOptions::default()
    };
    let resumed = v.play(&resume).unwrap();
    assert_eq!((resumed.resumed, resumed.lines.len()), (5, 8));
    assert_eq!(without_timing(&resumed.lines), without_timing(&whole));

    let other = Verification::new(book_of(&book), verify_params(2, 4), &fast_engine()).unwrap();
    let foreign = other
        .merge(&dir.join("foreign"), &shards, false)
        .unwrap_err();
    assert!(
        matches!(foreign, OpeningsError::ForeignRun { .. }),
        "{foreign}"
    );
    assert!(
        !dir.join("foreign").exists(),
        "nothing is written for a foreign run"
    );
    assert!(
        v.play(&RunOptions {
            shard: Some((3, 3)),
            ..RunOptions::default()
        })
        .is_err()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn conversion_round_trips_every_format() {
    let dir = scratch("convert");
    let g = Geometry::square(15);
    let book = book_of(&["h8 g7 i9", "h8 i7 g9 a1 o15"]);
    for format in [Offset, Pos, Gtp] {
        let path = dir.join(format!("sub/book.{format}"));
        write_book(
            &path,
            &convert(&book.openings, g, format, "book.txt").unwrap(),
        )
        .unwrap();
        let read = read_book(&path, g, Rule::Freestyle).unwrap();
        assert_eq!(
            (read.format, &read.openings),
            (format, &book.openings),
            "{format}"
        );
    }
    let offset = std::fs::read_to_string(dir.join("sub/book.offset")).unwrap();
    assert_eq!(offset.lines().next(), Some("0,0, -1,-1, 1,1"));
    assert_eq!(gomoku_openings::parse_format("gtp").unwrap(), Gtp);
    assert!(gomoku_openings::parse_format("sgf").is_err());
    std::fs::write(dir.join("bad.txt"), "h8 h8\n").unwrap();
    let err = read_book(&dir.join("bad.txt"), g, Rule::Freestyle).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&dir.join("bad.txt").display().to_string()),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
