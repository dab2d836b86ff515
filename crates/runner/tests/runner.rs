//! Integration tests of the runner with the built-in players (no engine needed).

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_runner::journal::{JOURNAL_FILE, TIMING_FIELDS};
use gomoku_runner::{
    BuiltinKind, ClockState, GameResult, JournalLine, MoveAnswer, Pairing, Participant, Player,
    PlayerFault, Reason, RunOptions, RunnerError, TimeControl, TournamentSpec, play_game,
    read_journal, run_tournament, write_outputs,
};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-runner-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn openings() -> Vec<Vec<Pos>> {
    (0..6u8)
        .map(|i| {
            vec![
                Pos::new(4, 4),
                Pos::new(3 + i % 3, 3 + i / 3),
                Pos::new(2 + i % 4, 5),
            ]
        })
        .filter(|o| o[0] != o[1] && o[1] != o[2] && o[0] != o[2])
        .collect()
}

fn spec(players: Vec<Participant>) -> TournamentSpec {
    TournamentSpec {
        name: "test".into(),
        participants: players,
        pairing: Pairing::RoundRobin,
        openings: openings(),
        transform: true,
        rounds: 2,
        geometry: Geometry::square(9),
        rule: Rule::Freestyle,
        control: TimeControl::EngineDefault,
        move_cap: None,
        seed: 42,
        config: serde_json::json!({"test": true}),
    }
}

fn builtins() -> Vec<Participant> {
    vec![
        Participant {
            name: "greedy-a".into(),
            factory: BuiltinKind::Greedy.factory("greedy-a"),
        },
        Participant {
            name: "greedy-b".into(),
            factory: BuiltinKind::Greedy.factory("greedy-b"),
        },
        Participant {
            name: "random".into(),
            factory: BuiltinKind::Random.factory("random"),
        },
    ]
}

fn strip(lines: &[JournalLine]) -> Vec<serde_json::Value> {
    let mut out: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| {
            let mut v = serde_json::to_value(l).unwrap();
            for f in TIMING_FIELDS {
                v.as_object_mut().unwrap().remove(f);
            }
            v
        })
        .collect();
    out.sort_by_key(|v| v["job"].as_u64());
    out
}

#[test]
fn one_and_two_threads_give_identical_journals() {
    let s = spec(builtins());
    let mut runs = Vec::new();
    for threads in [1, 2, 3] {
        let dir = temp_dir(&format!("threads{threads}"));
        let opts = RunOptions {
            threads,
            output: Some(dir.clone()),
            ..Default::default()
        };
        let summary = run_tournament(&s, &opts).unwrap();
        assert!(summary.complete());
        let lines = read_journal(&dir.join(JOURNAL_FILE)).unwrap().lines;
        assert_eq!(lines.len(), summary.total);
        runs.push(strip(&lines));
    }
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0], runs[2]);
    // The games are not all alike: the generator differs per job.
    let distinct: std::collections::HashSet<_> =
        runs[0].iter().map(|v| v["moves"].to_string()).collect();
    assert!(distinct.len() > runs[0].len() / 2);
}

#[test]
fn every_opening_is_played_in_both_colour_orders_by_every_pair() {
    let s = spec(builtins());
    let summary = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            ..Default::default()
        },
    )
    .unwrap();
    let n_open = s.openings.len();
    assert_eq!(summary.lines.len(), 2 * 3 * n_open * 2);
    let mut count: HashMap<(u32, usize, usize, usize), usize> = HashMap::new();
    for l in &summary.lines {
        *count
            .entry((l.round, l.opening, l.black_idx, l.white_idx))
            .or_default() += 1;
        assert!(l.result.is_some());
        // The opening as played is the book line under the job's symmetry, both colours alike.
        assert_eq!(l.opening_moves.len(), s.openings[l.opening].len());
    }
    for round in 0..2 {
        for o in 0..n_open {
            for a in 0..3 {
                for b in 0..3 {
                    if a != b {
                        assert_eq!(
                            count.get(&(round, o, a, b)),
                            Some(&1),
                            "{round} {o} {a} {b}"
                        );
                    }
                }
            }
        }
    }
    let by_job: BTreeMap<usize, &JournalLine> = summary.lines.iter().map(|l| (l.job, l)).collect();
    for pair in by_job.values().collect::<Vec<_>>().chunks(2) {
        assert_eq!(pair[0].opening_moves, pair[1].opening_moves);
        assert_eq!(pair[0].black_idx, pair[1].white_idx);
    }
}

struct Panicker {
    after: usize,
}

impl Player for Panicker {
    fn name(&self) -> &str {
        "panicker"
    }
    fn new_game(&mut self, _: Geometry, _: Rule) {}
    fn choose_move(
        &mut self,
        board: &Board,
        _: &ClockState,
        _: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        if board.stone_count() >= self.after {
            panic!("deliberate test panic");
        }
        let p = board.points().find(|&p| board.is_legal(p)).unwrap();
        Ok(MoveAnswer::just(p))
    }
}

#[test]
fn a_panicking_player_fails_its_jobs_and_the_run_goes_on() {
    let mut players = builtins();
    players.push(Participant {
        name: "panicker".into(),
        factory: Arc::new(|| Ok(Box::new(Panicker { after: 6 }) as Box<dyn Player>)),
    });
    let s = spec(players);
    let dir = temp_dir("panic");
    let summary = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(dir.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(summary.complete());
    let failed: Vec<_> = summary
        .lines
        .iter()
        .filter(|l| l.reason == Reason::Failed)
        .collect();
    assert!(!failed.is_empty());
    for l in &failed {
        assert!(l.black == "panicker" || l.white == "panicker");
        assert!(l.result.is_none());
        assert!(
            l.message
                .as_deref()
                .unwrap()
                .contains("deliberate test panic")
        );
    }
    let ok = summary
        .lines
        .iter()
        .filter(|l| l.black != "panicker" && l.white != "panicker");
    assert!(ok.clone().count() > 0 && ok.clone().all(|l| l.result.is_some()));
    let standings = write_outputs(&dir).unwrap();
    assert_eq!(standings.failed as usize, failed.len());
}

#[test]
fn resume_after_a_torn_line_completes_the_same_games() {
    let s = spec(builtins());
    let full = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            ..Default::default()
        },
    )
    .unwrap();
    let dir = temp_dir("resume");
    run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(dir.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    let path = dir.join(JOURNAL_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    // Keep 10 whole lines and half of the 11th, as a kill in mid-write would.
    let cut: usize = text
        .split_inclusive('\n')
        .take(10)
        .map(str::len)
        .sum::<usize>()
        + 40;
    std::fs::write(&path, &text[..cut]).unwrap();
    assert!(read_journal(&path).unwrap().torn);
    let again = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(dir.clone()),
            ..Default::default()
        },
    );
    assert!(matches!(again, Err(RunnerError::JournalExists(_))));
    let resumed = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(dir.clone()),
            resume: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(resumed.resumed, 10);
    assert_eq!(resumed.played, full.total - 10);
    let lines = read_journal(&path).unwrap();
    assert!(!lines.torn);
    assert_eq!(strip(&lines.lines), strip(&full.lines));

    // Another seed is another run: its journal is refused.
    let mut other = spec(builtins());
    other.seed = 43;
    let err = run_tournament(
        &other,
        &RunOptions {
            output: Some(dir),
            resume: true,
            ..Default::default()
        },
    );
    assert!(
        matches!(err, Err(RunnerError::RunMismatch { .. })),
        "{err:?}"
    );
}

#[test]
fn shards_partition_the_schedule_and_merge_to_the_whole() {
    let s = spec(builtins());
    let full = run_tournament(
        &s,
        &RunOptions {
            threads: 1,
            ..Default::default()
        },
    )
    .unwrap();
    let mut merged = Vec::new();
    for i in 0..3 {
        let part = run_tournament(
            &s,
            &RunOptions {
                threads: 1,
                shard: Some((i, 3)),
                ..Default::default()
            },
        )
        .unwrap();
        assert!(part.lines.iter().all(|l| l.job % 3 == i));
        merged.extend(part.lines);
    }
    assert_eq!(strip(&merged), strip(&full.lines));
}

#[test]
fn outputs_are_c_gomoku_cli_pgn_that_the_stats_crate_reads() {
    let s = spec(builtins());
    let dir = temp_dir("outputs");
    let summary = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(dir.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    let standings = write_outputs(&dir).unwrap();
    let pgn = std::fs::read_to_string(dir.join("results.pgn")).unwrap();
    let parsed = gomoku_stats::parse_pgn(&pgn).unwrap();
    assert_eq!(parsed.games.len(), summary.lines.len());
    let first = &summary.lines[0];
    let expect = match first.result.unwrap() {
        GameResult::Black => "0-1",
        GameResult::White => "1-0",
        GameResult::Draw => "1/2-1/2",
    };
    assert!(pgn.starts_with("[Event \"1\"]\n[Date \""), "{pgn}");
    let head: String = pgn.lines().take(9).collect::<Vec<_>>().join("\n");
    assert!(
        head.contains(&format!("[Black \"{}\"]", first.black)),
        "{head}"
    );
    assert!(head.contains(&format!("[Result \"{expect}\"]")), "{head}");
    let sgf = std::fs::read_to_string(dir.join("games.sgf")).unwrap();
    assert_eq!(sgf.matches("(;FF[4]GM[4]").count(), summary.lines.len());
    assert!(sgf.contains("SZ[9]") && sgf.contains("C[opening move]"));
    let games = gomoku_board::sgf::parse_sgf_collection(&sgf).unwrap();
    assert_eq!(games.len(), summary.lines.len());
    assert_eq!(standings.games as usize, summary.lines.len());
    let total: u64 = standings.players.iter().map(|p| p.total.games()).sum();
    assert_eq!(total, 2 * standings.games);
    assert!(
        standings.players.iter().all(|p| p.elo.is_some()),
        "{:?}",
        standings.elo_note
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap())
            .unwrap();
    assert_eq!(json["games"].as_u64(), Some(standings.games));
}

struct Mover(Pos);
impl Player for Mover {
    fn name(&self) -> &str {
        "mover"
    }
    fn new_game(&mut self, _: Geometry, _: Rule) {}
    fn choose_move(
        &mut self,
        _: &Board,
        _: &ClockState,
        _: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        Ok(MoveAnswer::just(self.0))
    }
}

#[test]
fn faults_lose_and_caps_draw() {
    use gomoku_runner::BuiltinPlayer;
    let g = Geometry::square(9);
    let mut rng = gomoku_runner::job_rng(1, 0);
    let mut a = Mover(Pos::new(4, 4));
    let mut b = BuiltinPlayer::new("g", BuiltinKind::Greedy);
    // Black plays onto the opening stone: illegal, White wins.
    let r = play_game(
        [&mut a, &mut b],
        &[Pos::new(4, 4), Pos::new(0, 0)],
        g,
        Rule::Freestyle,
        TimeControl::EngineDefault,
        None,
        &mut rng,
    );
    assert_eq!(
        (r.result, r.reason),
        (Some(GameResult::White), Reason::IllegalMove)
    );
    let mut c = BuiltinPlayer::new("r1", BuiltinKind::Random);
    let mut d = BuiltinPlayer::new("r2", BuiltinKind::Random);
    let r = play_game(
        [&mut c, &mut d],
        &[],
        g,
        Rule::Freestyle,
        TimeControl::Depth(1),
        Some(4),
        &mut rng,
    );
    assert_eq!(
        (r.result, r.reason, r.moves.len()),
        (Some(GameResult::Draw), Reason::MoveCap, 4)
    );
}

fn engine_players(depths: &[u32], tt_mib: usize) -> Vec<Participant> {
    let use_tt = tt_mib > 0;
    let tt_mib = tt_mib.max(1);
    depths
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let name = format!("seed-d{d}-{i}");
            let params = gomoku_engine::EngineParams {
                depth: d,
                tt_mib,
                use_tt,
                ..Default::default()
            };
            Participant {
                factory: gomoku_runner::engine_factory(&name, params).unwrap(),
                name,
            }
        })
        .collect()
}

fn engine_spec(depths: &[u32], tt_mib: usize, rounds: u32) -> TournamentSpec {
    let book = "h8g8i6\nh8i9g7\nh8h9j8\nh8g7i7\nh8i8g9\nh8g9g7\nh8i7i9\nh8h7f8\nh8j9h9\nh8g6i8\n";
    let openings = gomoku_board::opening::parse_book(
        book,
        gomoku_board::opening::BookFormat::Pos,
        Geometry::square(15),
        Rule::Freestyle,
    )
    .unwrap()
    .into_iter()
    .map(|o| o.moves)
    .collect();
    TournamentSpec {
        geometry: Geometry::square(15),
        openings,
        rounds,
        ..spec(engine_players(depths, tt_mib))
    }
}

/// The speed figures of the report, measured in one run (`cargo test --release -p
/// gomoku-runner --test runner -- --ignored speed_figures --nocapture`).
#[test]
#[ignore]
fn speed_figures() {
    let measure = |s: &TournamentSpec, threads: usize, tag: &str| {
        let dir = temp_dir(tag);
        let t = std::time::Instant::now();
        let r = run_tournament(
            s,
            &RunOptions {
                threads,
                output: Some(dir),
                ..Default::default()
            },
        )
        .unwrap();
        let secs = t.elapsed().as_secs_f64();
        let moves: usize = r.lines.iter().map(|l| l.moves.len()).sum();
        println!(
            "{tag}: {threads} thread(s), {} games ({:.1} moves/game) in {secs:.2}s = {:.0} games/s; share of wall x threads: search {:.2}%, engine reset (TT clear) {:.2}%, runner {:.2}%",
            r.played,
            moves as f64 / r.played as f64,
            r.played as f64 / secs,
            100.0 * r.think.as_secs_f64() / (r.wall.as_secs_f64() * threads as f64),
            100.0 * r.reset_share(),
            100.0 * r.overhead()
        );
        r.played as f64 / secs
    };
    let mut greedy = spec(builtins());
    greedy.geometry = Geometry::square(15);
    greedy.openings = engine_spec(&[1, 1], 0, 1).openings;
    greedy.rounds = 200;
    let a = measure(&greedy, 1, "greedy");
    let b = measure(&greedy, 2, "greedy");
    println!("greedy: 2 threads / 1 thread = {:.2}x", b / a);
    let d1 = engine_spec(&[1, 1, 1], 0, 40);
    let a = measure(&d1, 1, "depth1");
    let b = measure(&d1, 2, "depth1");
    println!("depth 1: 2 threads / 1 thread = {:.2}x", b / a);
    let d4 = engine_spec(&[4, 4, 4], 16, 3);
    let a = measure(&d4, 1, "depth4");
    let b = measure(&d4, 2, "depth4");
    println!("depth 4: 2 threads / 1 thread = {:.2}x", b / a);
}

#[test]
fn engine_games_are_identical_on_one_and_two_threads() {
    // Depth 2 with a TT: any state carried between games would show here.
    let s = engine_spec(&[1, 2, 2], 1, 1);
    let one = run_tournament(
        &s,
        &RunOptions {
            threads: 1,
            ..Default::default()
        },
    )
    .unwrap();
    let two = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(one.lines.len(), 60);
    assert_eq!(strip(&one.lines), strip(&two.lines));
    assert!(one.lines.iter().all(|l| l.nodes.iter().sum::<u64>() > 0));
}
