//! The report's numbers checked against `rate` and the journal: head-to-head counts and
//! scores, the CFS matrix, the Elo of every point of a depth sweep, the standings, the first
//! mover's score per opening, the draws among the game lengths and every game of the viewer,
//! on a small real tournament of the engine at depths 1, 2 and 3.

use gomoku_board::{Geometry, Rule};
use gomoku_config::run::{
    BoardConfig, BookConfig, Pairing, PlayerRecord, RUN_CONFIG_VERSION, RunConfig, RunKind,
};
use gomoku_config::tournament::{RuleSpec, TimeControlSpec};
use gomoku_engine::EngineParams;
use gomoku_report::{GameEnd, Outcome, SweepX};
use gomoku_results::{RunReport, TableOptions, load_results, rate};
use gomoku_runner::journal::JOURNAL_FILE;
use gomoku_runner::{GameResult, RunOptions, TournamentSpec, read_journal, run_tournament};
use gomoku_stats::FirstMover;
use gomoku_testdata::ScratchDir;

/// A round robin of depths 1, 2 and 3 on ten openings, both colours, played into a run dir.
fn tournament() -> ScratchDir {
    let dir = ScratchDir::new("results-report");
    let book = "h8g8i6\nh8i9g7\nh8h9j8\nh8g7i7\nh8i8g9\nh8g9g7\nh8i7i9\nh8h7f8\nh8j9h9\nh8g6i8\n";
    let geometry = Geometry::square(15);
    let openings: Vec<_> = gomoku_board::opening::parse_book(
        book,
        gomoku_board::opening::BookFormat::Pos,
        geometry,
        Rule::Freestyle,
    )
    .unwrap()
    .into_iter()
    .map(|o| o.moves)
    .collect();
    let players = (1..=3)
        .map(|depth| {
            let params = EngineParams {
                depth,
                tt_mib: 1,
                ..EngineParams::default()
            };
            PlayerRecord::engine(&format!("d{depth}"), &params)
        })
        .collect();
    let config = RunConfig {
        v: RUN_CONFIG_VERSION,
        kind: RunKind::Tournament,
        name: "report-check".into(),
        players,
        pairing: Pairing::RoundRobin,
        board: BoardConfig {
            width: 15,
            height: 15,
            k: 5,
            rule: RuleSpec::Freestyle,
        },
        book: BookConfig {
            file: "book.txt".into(),
            format: "pos".into(),
            count: openings.len(),
            first: 0,
            transform: true,
        },
        rounds: 1,
        time_control: TimeControlSpec::EngineDefault,
        seed: 5,
        move_cap: None,
        sprt: None,
        node_cap: None,
    };
    let spec = TournamentSpec::new(config, openings).unwrap();
    let summary = run_tournament(
        &spec,
        &RunOptions {
            threads: 2,
            output: Some(&dir),
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert_eq!(summary.lines.len(), 60);
    gomoku_runner::write_outputs(&dir).unwrap();
    dir
}

#[test]
fn head_to_head_sweep_and_first_mover_agree_with_rate_and_the_journal() {
    let dir = tournament();
    let input = RunReport::build(&dir).unwrap().input;
    let rating = rate(
        load_results(&dir, FirstMover::Black).unwrap(),
        &TableOptions::default(),
    )
    .unwrap();
    let lines = read_journal(&dir.join(JOURNAL_FILE)).unwrap().lines;
    assert_eq!(lines.len(), 60);

    // Head-to-head: games and the row player's score, counted from the journal.
    let h2h = input.head_to_head.expect("a head-to-head matrix");
    let index = |name: &str| h2h.names.iter().position(|n| n == name).unwrap();
    let mut games = [[0u32; 3]; 3];
    let mut points = [[0.0f64; 3]; 3];
    for l in &lines {
        let (b, w) = (index(&l.black), index(&l.white));
        let black = l.result.unwrap().black_score();
        games[b][w] += 1;
        games[w][b] += 1;
        points[b][w] += black;
        points[w][b] += 1.0 - black;
    }
    let mut compared = 0;
    for i in 0..3 {
        for j in (0..3).filter(|&j| j != i) {
            assert_eq!(h2h.games[i][j], games[i][j], "{i} vs {j}");
            let score = h2h.scores[i][j].unwrap();
            assert!(
                (score - points[i][j] / f64::from(games[i][j])).abs() < 1e-12,
                "{i} vs {j}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 6);

    // Standings and the depth sweep: the Elo of `rate`'s pool table, name by name.
    let elo_of = |name: &str| {
        rating
            .table
            .rows
            .iter()
            .find(|r| r.name == name)
            .unwrap()
            .elo
    };
    for row in &input.standings {
        assert!(
            (row.elo - elo_of(&row.engine)).abs() < 1e-9,
            "{}",
            row.engine
        );
    }
    let sweep = input
        .sweeps
        .iter()
        .find(|s| s.knob == "depth")
        .expect("a depth sweep");
    assert_eq!(sweep.points.len(), 3);
    for p in &sweep.points {
        let SweepX::Value(depth) = p.x else {
            panic!("a numeric depth")
        };
        assert!(
            (p.elo - elo_of(&format!("d{depth}"))).abs() < 1e-9,
            "depth {depth}"
        );
    }

    // First mover: the per-opening scores add up to Black's score in the journal.
    let black: f64 = lines.iter().map(|l| l.result.unwrap().black_score()).sum();
    let (sum, n) = input.openings.iter().fold((0.0, 0u32), |(s, n), o| {
        (s + o.score * f64::from(o.games), n + o.games)
    });
    assert_eq!(n, 60);
    assert!((sum - black).abs() < 1e-9, "{sum} vs {black}");
    assert!(lines.iter().any(|l| l.result != Some(GameResult::Draw)));
    for o in &input.openings {
        let (low, high) = o.interval.expect("an interval");
        assert!(low <= o.score && o.score <= high, "{}", o.opening);
        assert!((0.0..=1.0).contains(&low) && (0.0..=1.0).contains(&high));
    }

    // CFS: the pool fit's LOS of every row over every column, the standings' LOS to next
    // on the diagonal above the main one, and the two directions adding up to 1.
    let sup = input.superiority.as_ref().expect("a CFS matrix");
    assert_eq!(sup.names, h2h.names);
    let fit = &rating.table.fit;
    let pool = |name: &str| rating.results.names.iter().position(|n| n == name).unwrap();
    for i in 0..3 {
        for j in 0..3 {
            let los = sup.los[i][j];
            if i == j {
                assert_eq!(los, None);
                continue;
            }
            let los = los.unwrap();
            assert_eq!(los, fit.los(pool(&sup.names[i]), pool(&sup.names[j])));
            assert!((los + sup.los[j][i].unwrap() - 1.0).abs() < 1e-9);
        }
    }
    for (k, row) in input.standings.iter().enumerate().take(2) {
        assert!((sup.los[k][k + 1].unwrap() - row.los_next.unwrap()).abs() < 1e-12);
    }

    // Game lengths: the draws among them are the journal's draws.
    let drawn = lines
        .iter()
        .filter(|l| l.result == Some(GameResult::Draw))
        .count();
    assert_eq!(input.draw_lengths.as_ref().unwrap().len(), drawn);
    assert!(
        input.forfeits.is_empty(),
        "engines in process do not forfeit"
    );

    // The viewer has every game of the journal as it was played, by game number.
    let records = input.games.as_ref().expect("the games");
    assert_eq!((records.width, records.height, records.k), (15, 15, 5));
    assert_eq!(records.rule, "freestyle");
    assert_eq!(records.games.len(), 60);
    assert!(records.games.windows(2).all(|w| w[0].number < w[1].number));
    for l in &lines {
        let g = records
            .games
            .iter()
            .find(|g| g.number == l.job as u32 + 1)
            .unwrap();
        assert_eq!((&g.black, &g.white), (&l.black, &l.white));
        assert_eq!(g.opening_moves, l.opening_moves);
        assert_eq!(g.moves, l.moves);
        assert_eq!(g.opening, format!("#{}", l.opening + 1));
        let result = match l.result.unwrap() {
            GameResult::Black => Outcome::Black,
            GameResult::White => Outcome::White,
            GameResult::Draw => Outcome::Draw,
        };
        assert_eq!(g.result, result);
        assert_eq!(g.end.name(), l.reason.name());
        assert_ne!(g.end, GameEnd::Failed);
    }
    // Notable games link to the viewer; no link leaves the report's directory.
    assert!(!input.notable_games.is_empty());
    for link in &input.notable_games {
        let n = link.game.expect("a game number");
        assert!(records.games.iter().any(|g| g.number == n));
        assert!(!link.path.starts_with(".."), "{}", link.path);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
