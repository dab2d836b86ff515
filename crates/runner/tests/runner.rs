//! Integration tests of the runner with the built-in players (no engine needed).

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_runner::journal::{JOURNAL_FILE, TIMING_FIELDS};
use gomoku_runner::{
    BuiltinKind, ClockState, GameResult, JournalLine, MoveAnswer, OpenMode, Participant, Player,
    PlayerFault, Reason, RunOptions, RunnerError, TimeControl, TournamentSpec, play_game,
    read_journal, run_tournament, write_outputs,
};
use gomoku_testdata::ScratchDir;

mod support;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use support::test_spec;

fn temp_dir(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("runner-{tag}"))
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

/// A round robin of `players` on 9x9 from [`openings`], two rounds, seed 42.
fn spec(players: Vec<Participant>) -> TournamentSpec {
    test_spec(players, openings(), 9, 2, 42)
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
            output: Some(&dir),
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
            output: Some(&dir),
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
            output: Some(&dir),
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
            output: Some(&dir),
            ..Default::default()
        },
    );
    assert!(matches!(again, Err(RunnerError::JournalExists(_))));
    let resumed = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(&dir),
            mode: OpenMode {
                resume: true,
                force: false,
            },
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(resumed.resumed, 10);
    assert_eq!(resumed.played(), full.total - 10);
    let lines = read_journal(&path).unwrap();
    assert!(!lines.torn);
    assert_eq!(strip(&lines.lines), strip(&full.lines));

    // Another seed is another run: its journal is refused.
    let mut other = spec(builtins());
    other.config.seed = 43;
    let err = run_tournament(
        &other,
        &RunOptions {
            output: Some(&dir),
            mode: OpenMode {
                resume: true,
                force: false,
            },
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
            output: Some(&dir),
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
    // The Event tag is the game's number, as c-gomoku-cli writes it; the user docs say so
    // (they once said the tournament's name went there).
    let config_md = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/CONFIG.md");
    let docs = std::fs::read_to_string(config_md).unwrap();
    assert!(
        docs.contains("The PGN's `Event` tag holds the game's number"),
        "docs/CONFIG.md does not say what the Event tag holds"
    );
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
fn no_legal_move_under_renju_is_a_draw_of_its_own() {
    use gomoku_runner::BuiltinPlayer;
    // 7x3, five to win: only the rows hold a five. Black to move, one point left (d1 in the
    // top row), and it makes six for Black: an overline, forbidden.
    let g = Geometry {
        width: 7,
        height: 3,
        k: 5,
    };
    let rows = ["BBB.BBW", "WWBWWBW", "WBWWBWB"];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let pos = Pos::new(x as u8, y as u8);
            match c {
                'B' => black.push(pos),
                'W' => white.push(pos),
                _ => {}
            }
        }
    }
    let opening: Vec<Pos> = black
        .iter()
        .zip(&white)
        .flat_map(|(&b, &w)| [b, w])
        .collect();
    let mut rng = gomoku_runner::job_rng(1, 0);
    let mut a = BuiltinPlayer::new("g1", BuiltinKind::Greedy);
    let mut b = BuiltinPlayer::new("g2", BuiltinKind::Greedy);
    let r = play_game(
        [&mut a, &mut b],
        &opening,
        g,
        Rule::Renju,
        TimeControl::EngineDefault,
        None,
        &mut rng,
    );
    assert_eq!(
        r.message,
        Some("black (g1) has no legal move: every empty point is forbidden to it".into())
    );
    assert_eq!(
        (r.result, r.reason),
        (Some(GameResult::Draw), Reason::NoLegalMove)
    );
    assert_eq!(Reason::NoLegalMove.name(), "no_legal_move");
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
                factory: gomoku_runner::engine_factory(&name, params, None).unwrap(),
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
    test_spec(engine_players(depths, tt_mib), openings, 15, rounds, 42)
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

#[test]
fn a_second_writer_is_refused_and_the_first_finishes_intact() {
    let s = spec(builtins());
    let dir = temp_dir("lock");
    let info = s.run_info();
    let (held, _) = gomoku_runner::RunDir::open(&dir, &info, OpenMode::default()).unwrap();
    let err = run_tournament(
        &s,
        &RunOptions {
            threads: 1,
            output: Some(&dir),
            mode: OpenMode {
                resume: true,
                force: true,
            },
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(matches!(err, RunnerError::Locked { .. }), "{err}");
    assert!(
        err.to_string()
            .contains(&format!("process {}", std::process::id())),
        "{err}"
    );
    // The lock goes with its holder; a lock file left behind (a killed run) is no obstacle.
    drop(held);
    assert!(dir.join(gomoku_runner::rundir::LOCK_FILE).exists());
    let summary = run_tournament(
        &s,
        &RunOptions {
            threads: 2,
            output: Some(&dir),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(summary.complete());
    assert_eq!(
        read_journal(&dir.join(JOURNAL_FILE)).unwrap().lines.len(),
        summary.total
    );
}

#[test]
fn foreign_journal_lines_and_foreign_directories_are_refused() {
    let s = spec(builtins());
    let dir = temp_dir("foreign");
    let run = |mode: OpenMode| {
        run_tournament(
            &s,
            &RunOptions {
                threads: 1,
                output: Some(&dir),
                mode,
                ..Default::default()
            },
        )
    };
    let resume = OpenMode {
        resume: true,
        force: false,
    };
    // A directory with files but no run is not ours.
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let err = run(OpenMode::default()).unwrap_err();
    assert!(matches!(err, RunnerError::NotARun { .. }), "{err}");
    assert!(err.to_string().contains("--force"), "{err}");
    let full = run(OpenMode {
        resume: false,
        force: true,
    })
    .unwrap();
    let path = dir.join(JOURNAL_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<JournalLine> = read_journal(&path).unwrap().lines;
    // Each kind of foreign line is refused with its line number on resume.
    let keep = 5;
    for (what, tamper) in [
        (
            "outside",
            Box::new(|l: &mut JournalLine| l.job = 999_999) as Box<dyn Fn(&mut JournalLine)>,
        ),
        (
            "run",
            Box::new(|l: &mut JournalLine| l.run = "0123456789abcdef".into()),
        ),
        ("players", Box::new(|l: &mut JournalLine| l.black_idx = 7)),
        (
            "names",
            Box::new(|l: &mut JournalLine| l.white = "somebody".into()),
        ),
        // Lines of this run that describe no game that can have been played.
        (
            "move 1 at (99,99) is off the 9x9 board",
            Box::new(|l: &mut JournalLine| l.moves[0] = [99, 99]),
        ),
        (
            "on a stone",
            Box::new(|l: &mut JournalLine| l.moves[1] = l.opening_moves[0]),
        ),
        ("version", Box::new(|l: &mut JournalLine| l.v = 2)),
        (
            "symmetry",
            Box::new(|l: &mut JournalLine| l.transform = "sideways".into()),
        ),
        (
            "entries in nodes",
            Box::new(|l: &mut JournalLine| l.nodes.push(1)),
        ),
    ] {
        let mut bad = lines[keep].clone();
        tamper(&mut bad);
        let mut body: String = text.split_inclusive('\n').take(keep).collect();
        body += &(serde_json::to_string(&bad).unwrap() + "\n");
        std::fs::write(&path, body).unwrap();
        let err = run(resume).unwrap_err();
        assert!(
            err.to_string()
                .contains(&format!("{JOURNAL_FILE}:{}:", keep + 1)),
            "{what}: {err}"
        );
        assert!(err.to_string().contains(what), "{what}: {err}");
    }
    // The untouched journal still resumes to the same games.
    lines.truncate(keep);
    let body: String = text.split_inclusive('\n').take(keep).collect();
    std::fs::write(&path, body).unwrap();
    let resumed = run(resume).unwrap();
    assert_eq!(resumed.resumed, keep);
    assert_eq!(strip(&resumed.lines), strip(&full.lines));
    // Another seed is another run: refused without --force, even without --resume.
    let mut other = spec(builtins());
    other.config.seed = 7;
    let err = run_tournament(
        &other,
        &RunOptions {
            output: Some(&dir),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(matches!(err, RunnerError::RunMismatch { .. }), "{err}");
}

#[test]
fn the_run_hash_ignores_table_descriptions_and_comments() {
    let dir = temp_dir("hash");
    let table = |description: &str, comment: &str, own: i32| {
        format!(
            "{comment}\nPatternTable(\n  name: \"t\",\n  description: \"{description}\",\n  patterns: [\n    (shape: \"11111\", own: 100000, opp: -100000), // five\n    (shape: \"011110\", own: {own}, opp: -5000),\n    (shape: \"01110\", own: 500, opp: -500),\n  ],\n)\n"
        )
    };
    let hash = |text: String| {
        std::fs::write(dir.join("table.ron"), text).unwrap();
        let t = gomoku_config::engine::load_table(dir.join("table.ron")).unwrap();
        let params = gomoku_engine::EngineParams {
            table: t,
            ..Default::default()
        };
        let mut s = spec(builtins());
        s.config.players[0] = gomoku_config::run::PlayerRecord::engine("greedy-a", &params);
        s.run_info().run
    };
    let base = hash(table("fitted by hand", "// v1", 5000));
    assert_eq!(
        base,
        hash(table(
            "refitted, same values",
            "// v2 with a longer comment",
            5000
        ))
    );
    assert_ne!(base, hash(table("fitted by hand", "// v1", 5001)));
}

/// Plays its moves in order (then the first legal point), sleeping `sleep` before each, and
/// records the clock it was shown.
struct Scripted {
    moves: Vec<Pos>,
    next: usize,
    sleep: std::time::Duration,
    seen: Vec<Option<std::time::Duration>>,
}

impl Scripted {
    fn new(moves: Vec<Pos>, sleep_ms: u64) -> Scripted {
        Scripted {
            moves,
            next: 0,
            sleep: std::time::Duration::from_millis(sleep_ms),
            seen: Vec::new(),
        }
    }
}

impl Player for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }
    fn new_game(&mut self, _: Geometry, _: Rule) {}
    fn choose_move(
        &mut self,
        board: &Board,
        clock: &ClockState,
        _: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        self.seen.push(clock.remaining);
        std::thread::sleep(self.sleep);
        let p = match self.moves.get(self.next) {
            Some(&p) => p,
            None => board.points().find(|&p| board.is_legal(p)).unwrap(),
        };
        self.next += 1;
        Ok(MoveAnswer::just(p))
    }
}

#[test]
fn a_forbidden_move_loses_for_black_under_renju_only() {
    // Black's (7,7) makes two open threes at once: a double three.
    let p = |x, y| Pos::new(x, y);
    let opening = [
        p(7, 5),
        p(0, 0),
        p(7, 6),
        p(0, 2),
        p(5, 7),
        p(0, 4),
        p(6, 7),
        p(0, 6),
    ];
    let play = |rule| {
        let mut black = Scripted::new(vec![p(7, 7)], 0);
        let mut white = Scripted::new(vec![], 0);
        play_game(
            [&mut black, &mut white],
            &opening,
            Geometry::square(15),
            rule,
            TimeControl::EngineDefault,
            Some(12),
            &mut gomoku_runner::job_rng(1, 0),
        )
    };
    let r = play(Rule::Renju);
    assert_eq!(
        (r.result, r.reason),
        (Some(GameResult::White), Reason::Forbidden)
    );
    assert_eq!(r.moves.len(), 1, "the forbidden move is recorded");
    assert!(r.message.unwrap().contains("forbidden"));
    let r = play(Rule::Freestyle);
    assert_ne!(r.reason, Reason::Forbidden);
    assert!(r.moves.len() > 1);
}

#[test]
fn a_move_off_the_board_or_onto_a_stone_loses() {
    for (pos, words) in [
        (Pos::new(20, 3), "off the board"),
        (Pos::new(4, 4), "occupied"),
    ] {
        let mut white = Mover(pos);
        let mut black = gomoku_runner::BuiltinPlayer::new("g", BuiltinKind::Greedy);
        let r = play_game(
            [&mut black, &mut white],
            &[Pos::new(4, 4)],
            Geometry::square(9),
            Rule::Freestyle,
            TimeControl::EngineDefault,
            None,
            &mut gomoku_runner::job_rng(1, 0),
        );
        assert_eq!(
            (r.result, r.reason),
            (Some(GameResult::Black), Reason::IllegalMove),
            "{words}"
        );
        assert!(r.message.unwrap().contains(words));
    }
}

#[test]
fn game_time_forfeits_a_slow_side_and_adds_increments() {
    use std::time::Duration;
    let control = |base_ms, inc_ms| TimeControl::GameTime {
        base: Duration::from_millis(base_ms),
        increment: Duration::from_millis(inc_ms),
    };
    // White needs at least 30 ms a move on a 20 ms clock: it loses on time at its first move,
    // however fast the machine.
    let mut black = Scripted::new(vec![], 0);
    let mut white = Scripted::new(vec![], 30);
    let r = play_game(
        [&mut black, &mut white],
        &[Pos::new(4, 4)],
        Geometry::square(9),
        Rule::Freestyle,
        control(20, 0),
        None,
        &mut gomoku_runner::job_rng(1, 0),
    );
    assert_eq!(
        (r.result, r.reason),
        (Some(GameResult::Black), Reason::TimeForfeit)
    );
    assert!(r.message.unwrap().contains("overstepped"));
    assert!(r.moves.is_empty(), "{:?}", r.moves);
    // 10 ms a move on 5 s + 10 ms (a clock no busy machine runs out in 8 moves): each move a
    // side sees the clock it had, less what the runner counted for its last move, plus the
    // increment, to the microsecond the record keeps.
    let mut black = Scripted::new(vec![], 0);
    let mut white = Scripted::new(vec![], 10);
    let (base, increment) = (Duration::from_millis(5000), Duration::from_millis(10));
    let r = play_game(
        [&mut black, &mut white],
        &[Pos::new(4, 4)],
        Geometry::square(9),
        Rule::Freestyle,
        control(5000, 10),
        Some(16),
        &mut gomoku_runner::job_rng(1, 0),
    );
    assert_eq!(r.reason, Reason::MoveCap, "{:?}", r.message);
    // White moves first (the opening is Black's stone): White's moves are the even ones.
    for (side, player, first) in [("white", &white, 0), ("black", &black, 1)] {
        let seen: Vec<Duration> = player.seen.iter().map(|s| s.unwrap()).collect();
        let used: Vec<u64> = r
            .moves
            .iter()
            .skip(first)
            .step_by(2)
            .map(|m| m.time_us)
            .collect();
        assert_eq!(seen.len(), used.len(), "{side}");
        assert_eq!(seen[0], base, "{side}");
        for (k, w) in seen.windows(2).enumerate() {
            // The record truncates the move's time to whole microseconds.
            let spent = (w[0] + increment).checked_sub(w[1]);
            let us = Duration::from_micros(used[k]);
            assert!(
                spent.is_some_and(|t| t >= us && t < us + Duration::from_micros(1)),
                "{side} move {k}: {:?} + {increment:?} became {:?}, the move took {us:?}: {seen:?}",
                w[0],
                w[1]
            );
        }
    }
}

/// A greedy player that sleeps before every move.
struct Sleepy(Box<dyn Player>);
impl Player for Sleepy {
    fn name(&self) -> &str {
        "sleepy"
    }
    fn new_game(&mut self, g: Geometry, r: Rule) {
        self.0.new_game(g, r);
    }
    fn choose_move(
        &mut self,
        board: &Board,
        clock: &ClockState,
        rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        std::thread::sleep(std::time::Duration::from_millis(25));
        self.0.choose_move(board, clock, rng)
    }
}

#[test]
fn moves_over_the_move_time_reach_the_journal_and_the_standings() {
    let greedy = BuiltinKind::Greedy.factory("sleepy");
    let sleepy: gomoku_runner::PlayerFactory =
        Arc::new(move || greedy().map(|p| Box::new(Sleepy(p)) as Box<dyn Player>));
    let mut s = test_spec(
        vec![
            Participant {
                name: "sleepy".into(),
                factory: sleepy,
            },
            Participant {
                name: "greedy".into(),
                factory: BuiltinKind::Greedy.factory("greedy"),
            },
        ],
        openings()[..1].to_vec(),
        9,
        1,
        7,
    );
    s.config.time_control = gomoku_config::tournament::TimeControlSpec::MoveTime(10);
    s.config.move_cap = Some(13);
    let dir = temp_dir("overshoots");
    let summary = run_tournament(
        &s,
        &RunOptions {
            threads: 1,
            output: Some(&dir),
            ..Default::default()
        },
    )
    .unwrap();
    let sleepy_moves: u32 = summary
        .lines
        .iter()
        .map(|l| l.stats[if l.black == "sleepy" { 0 } else { 1 }].moves)
        .sum();
    let over: u32 = summary
        .lines
        .iter()
        .map(|l| l.overshoots[if l.black == "sleepy" { 0 } else { 1 }].moves)
        .sum();
    assert_eq!(over, sleepy_moves);
    let journal = std::fs::read_to_string(dir.join(JOURNAL_FILE)).unwrap();
    assert!(journal.contains("\"overshoots\""), "{journal}");
    // Greedy may go over too on a busy machine: it would be listed first (by name).
    let standings = write_outputs(&dir).unwrap();
    let table = standings.table();
    let line = table
        .lines()
        .find(|l| l.starts_with("over the time limit: "))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        line.contains(&format!("sleepy {sleepy_moves} moves (worst +")),
        "{table}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap())
            .unwrap();
    let entry = json["overshoots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["player"] == "sleepy")
        .unwrap();
    assert_eq!(entry["moves"].as_u64(), Some(sleepy_moves as u64));
    assert!(entry["max_us"].as_u64().unwrap() >= 10_000);
}
