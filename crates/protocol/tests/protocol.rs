//! Real-process tests of the protocol: the pbrain binary in a scripted session, pbrain as an
//! external engine matching the in-process engine move for move, the fake engine's faults,
//! and renju legality.

use gomoku_board::{Board, Color, Geometry, Pos, Rule};
use gomoku_engine::EngineParams;
use gomoku_protocol::{
    Brain, Budget, EngineBrain, EngineCommand, EngineFault, ExternalEngine, IllegalReason, Timeouts,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const PBRAIN: &str = env!("CARGO_BIN_EXE_pbrain-gomoku-arena");
const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// A raw child process speaking lines, for the scripted session.
struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
}

impl Raw {
    fn spawn(program: &str, args: &[&str]) -> Raw {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Raw {
            child,
            stdin: Some(stdin),
            rx,
        }
    }

    fn send(&mut self, text: &str) {
        // CR LF like Piskvork.
        let stdin = self.stdin.as_mut().unwrap();
        write!(stdin, "{}\r\n", text.replace('\n', "\r\n")).unwrap();
        stdin.flush().unwrap();
    }

    fn recv(&self) -> String {
        self.rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer within 20 s")
    }

    /// The next line that is not MESSAGE or DEBUG.
    fn answer(&self) -> String {
        loop {
            let l = self.recv();
            if !l.starts_with("MESSAGE") && !l.starts_with("DEBUG") {
                return l;
            }
        }
    }

    fn quiet(&self, wait: Duration) -> bool {
        self.rx.recv_timeout(wait).is_err()
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse_move(line: &str) -> Pos {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {line}"));
    Pos::new(x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

#[test]
fn scripted_session() {
    let mut p = Raw::spawn(PBRAIN, &["--depth", "2"]);
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("INFO timeout_turn 2000\nINFO timeout_match 100000\nINFO time_left 100000");
    p.send("INFO max_memory 83886080\nINFO game_type 1\nINFO rule 0\nINFO folder /tmp");
    let mut board = Board::standard15();
    p.send("BEGIN");
    let m = parse_move(&p.answer());
    board.try_make(m).expect("legal opening");
    let opp = Pos::new(m.x + 1, m.y + 1);
    board.try_make(opp).unwrap();
    p.send(&format!("turn  {},{} ", opp.x, opp.y));
    let m = parse_move(&p.answer());
    board.try_make(m).expect("legal reply");
    // A position with the brain to move as White (3 opponent stones, 2 own).
    p.send("RESTART");
    assert_eq!(p.answer(), "OK");
    p.send("BOARD\n7,7,2\n8,8,1\n7,8,2\n6,6,1\n7,6,2\nDONE");
    let m = parse_move(&p.answer());
    let mut b = Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &[Pos::new(7, 7), Pos::new(7, 8), Pos::new(7, 6)],
        &[Pos::new(8, 8), Pos::new(6, 6)],
        Color::White,
    )
    .unwrap();
    b.try_make(m).expect("legal reply to BOARD");
    // White must block the open three at 7,5 or 7,9.
    assert!(m == Pos::new(7, 5) || m == Pos::new(7, 9), "{m:?}");
    p.send("RECTSTART 20,15");
    assert_eq!(p.answer(), "OK");
    p.send("TURN 19,14");
    let m = parse_move(&p.answer());
    assert!(m.x < 20 && m.y < 15 && m != Pos::new(19, 14));
    p.send("START 99");
    assert!(p.answer().starts_with("ERROR"));
    p.send("TURN 1,1");
    assert!(p.answer().starts_with("ERROR"));
    p.send("SWAP2BOARD");
    assert!(p.answer().starts_with("UNKNOWN"));
    p.send("ABOUT");
    let about = p.answer();
    assert!(
        about.starts_with("name=\"gomoku-arena\", version=\""),
        "{about}"
    );
    assert!(about.contains("author=") && about.contains("country="));
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("TAKEBACK 3,3");
    assert!(p.answer().starts_with("ERROR"));
    p.send("TURN 3,3");
    let m = parse_move(&p.answer());
    p.send(&format!("TAKEBACK {},{}", m.x, m.y));
    assert_eq!(p.answer(), "OK");
    p.send("END");
    let status = p.child.wait().unwrap();
    assert!(status.success());
    assert!(p.quiet(Duration::from_millis(50)));
}

#[test]
fn eof_exits_cleanly() {
    let mut p = Raw::spawn(PBRAIN, &["--depth", "1"]);
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    // Garbage bytes and a half line, then EOF.
    let mut stdin = p.stdin.take().unwrap();
    stdin
        .write_all(b"\xff\xfe TURN x\r\nBOARD\r\n1,1,1\r\n")
        .unwrap();
    drop(stdin);
    let status = p.child.wait().unwrap();
    assert!(status.success(), "{status}");
}

fn pbrain(args: &[&str]) -> ExternalEngine {
    ExternalEngine::spawn(&EngineCommand::new(PBRAIN, args.iter().copied())).expect("spawn pbrain")
}

fn fake(mode: &str) -> ExternalEngine {
    ExternalEngine::spawn(&EngineCommand::new(FAKE, [mode])).expect("spawn fake")
}

/// Whether a process is gone or a zombie awaiting its reaper.
fn dead(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let gone = match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(s) => s
                .rsplit_once(')')
                .is_some_and(|(_, r)| r.trim_start().starts_with(['Z', 'X'])),
        };
        if gone || Instant::now() > until {
            return gone;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn pbrain_plays_the_same_moves_as_the_in_process_engine() {
    let depth = 3;
    let seed = 11;
    // A tie-break margin makes the seeded stream matter.
    let margin = 40;
    let geometry = Geometry::square(15);
    for rule in [Rule::Freestyle, Rule::Renju] {
        let (d, s, m) = (depth.to_string(), seed.to_string(), margin.to_string());
        let args = ["--depth", &d, "--seed", &s, "--tie-break-margin", &m];
        let mut ext = [pbrain(&args), pbrain(&args)];
        for e in &mut ext {
            e.start(geometry, rule, Timeouts::default()).unwrap();
        }
        let params = EngineParams {
            depth,
            tie_break_margin: margin,
            ..EngineParams::default()
        };
        let mut local = [
            EngineBrain::new(params.clone(), seed).unwrap(),
            EngineBrain::new(params, seed).unwrap(),
        ];
        for l in &mut local {
            l.new_game();
        }
        let mut board = Board::new(geometry, rule).unwrap();
        let mut last: Option<Pos> = None;
        for ply in 0..50 {
            let side = ply % 2;
            let expect = local[side]
                .think(&board, Budget::default())
                .best
                .expect("a move");
            let got = match last {
                None => ext[side].begin(),
                Some(p) => ext[side].turn(p),
            }
            .unwrap_or_else(|e| panic!("{rule} ply {ply}: {e}"))
            .pos;
            assert_eq!(got, expect, "{rule} ply {ply}");
            board.try_make(got).unwrap();
            last = Some(got);
            if board.outcome().is_some() {
                break;
            }
        }
        assert!(
            board.stone_count() >= 9,
            "{rule}: game too short to mean much"
        );
    }
}

#[test]
fn good_fake_and_slow_fake_within_the_limit() {
    let g = Geometry::square(15);
    let t = Timeouts {
        turn: Some(Duration::from_millis(1000)),
        tolerance: Duration::from_millis(200),
        ..Timeouts::default()
    };
    let mut e = fake("slow:50");
    e.start(g, Rule::Freestyle, t).unwrap();
    let r = e.begin().unwrap();
    assert_eq!(r.pos, Pos::new(7, 7));
    assert!(r.elapsed >= Duration::from_millis(50), "{:?}", r.elapsed);
    let r = e.turn(Pos::new(0, 0)).unwrap();
    assert!(e.position().unwrap().stone_count() == 3 && r.pos != Pos::new(7, 7));
    assert!(e.end().is_some_and(|s| s.success()));
}

#[test]
fn crash_is_reported_with_its_status() {
    let mut e = fake("crash@2");
    let pid = e.pid();
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    e.begin().unwrap();
    match e.turn(Pos::new(0, 0)) {
        Err(EngineFault::Crashed { status }) => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    drop(e);
    assert!(dead(pid));
}

#[test]
fn hang_times_out_within_limit_plus_tolerance_and_the_group_dies() {
    let limit = Duration::from_millis(300);
    let tolerance = Duration::from_millis(100);
    let mut e = fake("hang-child");
    let pid = e.pid();
    e.start(
        Geometry::square(15),
        Rule::Freestyle,
        Timeouts {
            turn: Some(limit),
            tolerance,
            ..Timeouts::default()
        },
    )
    .unwrap();
    let t0 = Instant::now();
    match e.begin() {
        Err(EngineFault::Timeout { limit: l, elapsed }) => {
            assert_eq!(l, limit);
            assert!(elapsed >= limit + tolerance, "{elapsed:?}");
            assert!(t0.elapsed() < limit + tolerance + Duration::from_millis(250));
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    let child: u32 = e
        .last_message()
        .and_then(|m| m.strip_prefix("child "))
        .expect("the fake reports its child")
        .parse()
        .unwrap();
    assert!(!dead_now(child));
    drop(e);
    assert!(dead(pid), "engine {pid} survived");
    assert!(dead(child), "grandchild {child} survived");
}

fn dead_now(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_err()
}

#[test]
fn game_clock_timeout() {
    // 150 ms for the whole game; the engine needs 100 ms per move: the second move is late.
    let mut e = fake("slow:100");
    e.start(
        Geometry::square(15),
        Rule::Freestyle,
        Timeouts {
            game: Some(Duration::from_millis(150)),
            tolerance: Duration::from_millis(20),
            ..Timeouts::default()
        },
    )
    .unwrap();
    e.begin().unwrap();
    assert!(matches!(
        e.turn(Pos::new(0, 0)),
        Err(EngineFault::Timeout { .. })
    ));
}

#[test]
fn garbage_and_occupied_are_faults() {
    let g = Geometry::square(15);
    let mut e = fake("garbage");
    let pid = e.pid();
    e.start(g, Rule::Freestyle, Timeouts::default()).unwrap();
    match e.begin() {
        Err(EngineFault::Garbage { line }) => assert_eq!(line, "this is not a move"),
        other => panic!("expected garbage, got {other:?}"),
    }
    drop(e);
    assert!(dead(pid));

    let mut e = fake("occupied@2");
    let pid = e.pid();
    e.start(g, Rule::Freestyle, Timeouts::default()).unwrap();
    e.begin().unwrap();
    match e.turn(Pos::new(3, 3)) {
        Err(
            f @ EngineFault::IllegalMove {
                reason: IllegalReason::Occupied,
                ..
            },
        ) => assert!(f.illegal_pos().is_some()),
        other => panic!("expected an occupied-square move, got {other:?}"),
    }
    drop(e);
    assert!(dead(pid));
}

#[test]
fn refusals_and_usage_errors() {
    let mut e = pbrain(&["--depth", "1"]);
    let r = e.start(Geometry::square(40), Rule::Freestyle, Timeouts::default());
    assert!(matches!(r, Err(EngineFault::Usage(_))), "{r:?}");
    let r = e.start(
        Geometry {
            width: 15,
            height: 15,
            k: 4,
        },
        Rule::Freestyle,
        Timeouts::default(),
    );
    assert!(matches!(r, Err(EngineFault::Usage(_))), "{r:?}");
    assert!(matches!(e.turn(Pos::new(1, 1)), Err(EngineFault::Usage(_))));
    let about = e.about().unwrap();
    assert!(about.starts_with("name=\"gomoku-arena\""));
    let missing = ExternalEngine::spawn(&EngineCommand::new("/nonexistent/engine", [""; 0]));
    assert!(matches!(missing, Err(EngineFault::Spawn { .. })));
}

/// Black positions (pbrain to move as Black) whose most tempting point is forbidden.
fn renju_traps() -> Vec<(Vec<Pos>, Vec<Pos>, Pos)> {
    let p = Pos::new;
    vec![
        // Double four at 8,7: horizontal 5..7 and vertical 4..6 both reach four.
        (
            vec![p(5, 7), p(6, 7), p(7, 7), p(8, 4), p(8, 5), p(8, 6)],
            vec![p(4, 7), p(8, 3), p(0, 0), p(14, 0), p(0, 14), p(14, 14)],
            p(8, 7),
        ),
        // Overline at 7,7: 3..6 and 8 in row 7, the far ends blocked so 2,7 is no five.
        (
            vec![p(3, 7), p(4, 7), p(5, 7), p(6, 7), p(8, 7)],
            vec![p(2, 7), p(9, 7), p(0, 0), p(14, 0), p(0, 14)],
            p(7, 7),
        ),
        // Double three at 7,7: open twos 5,7-6,7 and 7,5-7,6.
        (
            vec![p(5, 7), p(6, 7), p(7, 5), p(7, 6)],
            vec![p(0, 0), p(14, 0), p(0, 14), p(14, 14)],
            p(7, 7),
        ),
    ]
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let g = Geometry::square(15);
    for (black, white, trap) in renju_traps() {
        let board = Board::from_stones(g, Rule::Renju, &black, &white, Color::Black).unwrap();
        assert!(
            board.is_forbidden(trap),
            "test position: {trap:?} should be forbidden"
        );
        for depth in ["1", "3"] {
            let mut e = pbrain(&["--depth", depth]);
            e.start(g, Rule::Renju, Timeouts::default()).unwrap();
            let r = e
                .board(&board)
                .unwrap_or_else(|f| panic!("depth {depth} trap {trap:?}: {f}"));
            assert_ne!(r.pos, trap);
            assert!(board.is_legal(r.pos), "{:?} is not legal", r.pos);
        }
    }
}

/// Median of a list of durations.
fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The think time pbrain reports in its MESSAGE line (`time X.XXX ms`).
fn reported_think(message: &str) -> Option<Duration> {
    let mut it = message.split_whitespace();
    while let Some(w) = it.next() {
        if w == "time" {
            let ms: f64 = it.next()?.parse().ok()?;
            return Some(Duration::from_secs_f64(ms / 1000.0));
        }
    }
    None
}

/// Round-trip cost of a move through the protocol (send TURN .. receive the move), minus
/// the engine's own think time. Run with `--ignored --nocapture`.
#[test]
#[ignore]
fn round_trip_cost() {
    let g = Geometry::square(15);
    let opp = [
        Pos::new(0, 0),
        Pos::new(14, 0),
        Pos::new(0, 14),
        Pos::new(14, 14),
    ];
    for (name, mut e, by_message) in [
        ("fake good", fake("good"), false),
        ("pbrain depth 1", pbrain(&["--depth", "1"]), true),
    ] {
        let mut samples = Vec::new();
        for _ in 0..500 {
            e.start(g, Rule::Freestyle, Timeouts::default()).unwrap();
            for &o in &opp {
                let r = e.turn(o).unwrap();
                let think = if by_message {
                    r.message.as_deref().and_then(reported_think).unwrap()
                } else {
                    Duration::ZERO
                };
                samples.push(r.elapsed.saturating_sub(think));
            }
        }
        let n = samples.len();
        let mut sorted = samples.clone();
        sorted.sort();
        println!(
            "{name}: {n} moves, round trip minus think: median {:?}, p10 {:?}, p90 {:?}",
            median(samples),
            sorted[n / 10],
            sorted[n * 9 / 10]
        );
    }
}

#[test]
fn pbrain_obeys_turn_and_game_limits() {
    let g = Geometry::square(15);
    // Depth 40 never finishes: only the clock stops the search. No tolerance at all.
    let turn = Timeouts {
        turn: Some(Duration::from_millis(150)),
        tolerance: Duration::ZERO,
        ..Timeouts::default()
    };
    let game = Timeouts {
        game: Some(Duration::from_millis(1500)),
        tolerance: Duration::ZERO,
        ..Timeouts::default()
    };
    for t in [turn, game] {
        let mut e = pbrain(&["--depth", "40"]);
        e.start(g, Rule::Freestyle, t).unwrap();
        let mut longest = e.begin().unwrap().elapsed;
        for o in [
            Pos::new(0, 0),
            Pos::new(14, 0),
            Pos::new(0, 14),
            Pos::new(14, 14),
        ] {
            let r = e.turn(o).unwrap_or_else(|f| panic!("{t:?}: {f}"));
            longest = longest.max(r.elapsed);
        }
        // The search did use the clock (depth 40 cannot finish), within the limits.
        assert!(longest >= Duration::from_millis(5), "{longest:?}");
        assert!(e.game_time_used() < Duration::from_millis(1500));
    }
}
