//! Real-process tests of the Gomocup protocol (the binaries live in this package): the pbrain
//! binary in a scripted session and with RON engine configs, pbrain as an external engine
//! matching the in-process engine move for move (alone and as a tournament participant, at
//! a depth and at a node budget), the
//! fake engine's faults (alone and in tournaments, where each fault loses a game with its
//! reason and the engine is restarted), and renju legality.
//!
//! Timings are checked by what the clocks account (an engine's recorded time, pbrain's
//! budgets, the bytes an engine wrote), never by a wall-clock bound a busy machine breaks,
//! except as a guard against a hang. The round-trip cost is a bench
//! (`cargo bench -p gomoku-arena`); the one wall-clock test, pbrain answering within its
//! limits with no tolerance, is ignored by default and wants a quiet machine:
//! `cargo test -p gomoku-arena --test protocol -- --ignored no_tolerance`.

use gomoku_board::{Board, Color, Geometry, Pos, Rule};
use gomoku_engine::EngineParams;
use gomoku_protocol::{
    Brain, Budget, EngineBrain, EngineCommand, EngineFault, ExternalEngine, IllegalReason, Timeouts,
};
use gomoku_testdata::ScratchDir;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const PBRAIN: &str = env!("CARGO_BIN_EXE_pbrain-gomoku-arena");
const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");
const ARENA: &str = env!("CARGO_BIN_EXE_gomoku-arena");

/// A file of the repository.
fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
        .canonicalize()
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

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

/// The brain takes its engine file's numeric fields by `INFO` (its depth here, which its
/// `MESSAGE` line reports) and refuses an out-of-range value or an unknown key with `ERROR`,
/// keeping what it had.
#[test]
fn info_sets_an_engine_field_and_refuses_what_it_cannot_take() {
    let mut p = Raw::spawn(PBRAIN, &[]);
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("INFO depth 1\nINFO max_node 100");
    p.send("INFO depth 65");
    assert_eq!(p.answer(), "ERROR INFO depth: depth: 65 not in 1..=64");
    p.send("INFO no_such_field 3");
    let unknown = p.answer();
    assert!(
        unknown.starts_with("ERROR INFO no_such_field: unknown key"),
        "{unknown}"
    );
    p.send("BEGIN");
    let message = p.recv();
    assert!(message.starts_with("MESSAGE depth 1 "), "{message}");
    parse_move(&p.answer());
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

/// Whether a process is gone or a zombie awaiting its reaper, within ten seconds (a process
/// killed on a busy machine may wait its turn to exit; the wait ends when it has).
fn dead(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(10);
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
        // With no --engine the brain is the built-in engine.
        let params = EngineParams {
            depth,
            tie_break_margin: margin,
            ..gomoku_config::builtin::builtin_engine().unwrap().params
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
fn a_slow_engine_within_its_limit_plays_and_is_timed() {
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

/// An engine that loses the start of a command sent as it finishes a move (Rapfi does) is
/// refused with a hint naming the cure, and plays once the command gap is given.
#[test]
fn command_gap_cures_an_engine_that_drops_a_command_after_its_move() {
    let g = Geometry::square(15);
    let quick = Timeouts {
        turn: Some(Duration::from_millis(5000)),
        ..Timeouts::default()
    };
    let mut e = fake("busy:300");
    e.start(g, Rule::Freestyle, quick).unwrap();
    e.begin().unwrap();
    match e.turn(Pos::new(0, 0)) {
        Err(f @ EngineFault::Refused { dropped: true, .. }) => {
            let text = f.to_string();
            assert!(text.contains("Unknown command: 0,0"), "{text}");
            assert!(text.contains("command_gap_ms"), "{text}");
        }
        other => panic!("expected a refusal of a dropped command, got {other:?}"),
    }
    drop(e);

    let mut e = fake("busy:300");
    let gap = Duration::from_millis(400);
    let with_gap = Timeouts {
        command_gap: gap,
        ..quick
    };
    e.start(g, Rule::Freestyle, with_gap).unwrap();
    e.begin().unwrap();
    let t0 = Instant::now();
    let r = e.turn(Pos::new(0, 0)).unwrap();
    let call = t0.elapsed();
    // The gap is the manager's wait, not the engine's thinking time: the turn took the gap
    // (less the moment since the engine's move) and then the engine's time, which the gap is
    // no part of. Counted in, the engine's time would be nearly the whole call.
    assert!(
        call.saturating_sub(r.elapsed) >= gap / 2,
        "the engine was charged {:?} of a {call:?} turn",
        r.elapsed
    );
    e.turn(Pos::new(0, 1)).unwrap();
    assert!(e.end().is_some_and(|s| s.success()));
}

/// A refusal that quotes nothing sent is no dropped command.
#[test]
fn a_plain_refusal_gives_no_hint() {
    let mut e = fake("error");
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    match e.begin() {
        Err(f @ EngineFault::Refused { dropped: false, .. }) => {
            assert!(!f.to_string().contains("command_gap_ms"), "{f}");
        }
        other => panic!("expected a plain refusal, got {other:?}"),
    }
}

#[test]
fn crash_is_reported_with_its_status() {
    let mut e = fake("crash@2");
    let pid = e.pid();
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    e.begin().unwrap();
    match e.turn(Pos::new(0, 0)) {
        Err(EngineFault::Crashed { status, stopped }) => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
            assert!(!stopped);
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    drop(e);
    assert!(dead(pid));
}

#[test]
fn an_engine_that_writes_without_a_line_break_is_a_garbage_fault() {
    let mut e = fake("flood@2");
    let pid = e.pid();
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    e.begin().unwrap();
    match e.turn(Pos::new(0, 0)) {
        Err(EngineFault::Garbage { line }) => {
            assert!(line.contains("longer than 65536 bytes"), "{line}");
        }
        other => panic!("expected garbage, got {other:?}"),
    }
    drop(e);
    assert!(dead(pid));
}

/// The bytes process `pid` has written so far (`wchar` of /proc/PID/io).
fn written(pid: u32) -> u64 {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).unwrap();
    io.lines()
        .find_map(|l| l.strip_prefix("wchar:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no wchar in /proc/{pid}/io: {io}"))
}

/// An engine that talks without end while nobody reads (as between two turns) is made to
/// wait on its pipe, rather than have its lines buffered in our memory: once the bounded
/// queue (256 lines) and the pipe are full, it writes nothing more. Measured by what it
/// wrote, which the machine's load only slows down; the memory it would have cost us grows
/// with it.
#[test]
fn an_engine_that_writes_lines_without_end_waits_on_its_pipe_instead_of_growing_our_memory() {
    let mut e = fake("spam@1");
    let quick = Timeouts {
        turn: Some(Duration::from_millis(200)),
        tolerance: Duration::ZERO,
        ..Timeouts::default()
    };
    e.start(Geometry::square(15), Rule::Freestyle, quick)
        .unwrap();
    // Asked for a move, it only talks: its messages are read and the turn times out.
    assert!(matches!(e.begin(), Err(EngineFault::Timeout { .. })));
    // Nobody reads now. It must come to a stop: the same count over a quarter of a second.
    let pid = e.pid();
    let before = written(pid);
    let mut last = before;
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let now = written(pid);
        if now == last {
            break;
        }
        assert!(
            Instant::now() < until,
            "it kept writing: {} MB since the turn",
            (now - before) >> 20
        );
        last = now;
    }
    // What it wrote while nobody read fits in the queue, the pipe (at most 1 MiB) and a
    // read buffer; buffered without bound it would be tens of megabytes a second.
    assert!(
        last - before < 4 << 20,
        "{} KB written while nobody read",
        (last - before) >> 10
    );
    drop(e);
}

#[test]
fn an_engine_that_closes_its_output_is_stopped_not_reported_killed_by_a_signal() {
    let mut e = fake("mute@2");
    let pid = e.pid();
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    e.begin().unwrap();
    let fault = e.turn(Pos::new(0, 0)).unwrap_err();
    let text = fault.to_string();
    assert!(
        matches!(
            fault,
            EngineFault::Crashed {
                status: None,
                stopped: true
            }
        ),
        "{fault:?}"
    );
    assert!(
        text.contains("kept running; the runner stopped it"),
        "{text}"
    );
    assert!(!text.contains("signal"), "{text}");
    drop(e);
    assert!(dead(pid));
}

#[test]
fn a_hang_times_out_after_limit_plus_tolerance_and_the_group_dies() {
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
        Err(
            fault @ EngineFault::Timeout {
                limit: l,
                tolerance: t,
                elapsed,
            },
        ) => {
            assert_eq!((l, t), (limit, tolerance));
            assert!(elapsed >= limit + tolerance, "{elapsed:?}");
            // The message names both parts of the wait, in milliseconds.
            let text = fault.to_string();
            assert!(
                text.contains(&format!(
                    "(limit {:.1} ms plus {:.1} ms tolerance)",
                    limit.as_secs_f64() * 1e3,
                    tolerance.as_secs_f64() * 1e3
                )),
                "{text}"
            );
            // It gave up then, not at some later wait: how soon after depends on the
            // machine, so the bound only tells a timeout from none (the engine never answers).
            assert!(t0.elapsed() < limit + tolerance + Duration::from_secs(10));
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

/// Parent, process group and session of a process, from /proc/PID/stat.
fn ids(pid: u32) -> Option<(u32, u32, u32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    let f: Vec<u32> = rest
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    Some((f[0], f[1], f[2]))
}

/// The pid of the orphan the fake reported, once it has left the engine's group and session
/// and its parent (the shell) has exited.
fn orphan_of(e: &ExternalEngine) -> u32 {
    let child: u32 = e
        .last_message()
        .and_then(|m| m.strip_prefix("child "))
        .unwrap_or_else(|| panic!("the fake reports no orphan: {:?}", e.last_message()))
        .parse()
        .unwrap();
    let (_, _, session) = ids(e.pid()).expect("the engine runs");
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        match ids(child) {
            Some((parent, group, sid))
                if parent != e.pid() && group != e.pid() && sid != session =>
            {
                return child;
            }
            Some(_) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
            other => panic!("orphan {child} of engine {}: {other:?}", e.pid()),
        }
    }
}

/// Asserts that `pid` dies (killing it if not, so that a failure leaves nothing behind).
fn assert_dies(pid: u32, what: &str) {
    if !dead(pid) {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        panic!("{what} {pid} survived");
    }
}

#[test]
fn an_orphan_in_another_session_dies_when_its_hung_engine_is_dropped() {
    let mut e = fake("hang-setsid");
    let limit = Duration::from_millis(200);
    e.start(
        Geometry::square(15),
        Rule::Freestyle,
        Timeouts {
            turn: Some(limit),
            tolerance: Duration::from_millis(50),
            ..Timeouts::default()
        },
    )
    .unwrap();
    assert!(matches!(e.begin(), Err(EngineFault::Timeout { .. })));
    let (pid, orphan) = (e.pid(), orphan_of(&e));
    drop(e);
    assert!(dead(pid), "engine {pid} survived");
    assert_dies(orphan, "the engine's orphan");
}

#[test]
fn an_orphan_in_another_session_dies_when_its_engine_ends_cleanly() {
    let mut e = fake("orphan");
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    assert_eq!(e.begin().unwrap().pos, Pos::new(7, 7));
    let orphan = orphan_of(&e);
    // The engine exits on END by itself; what it left behind must not outlive it.
    let status = e.end().expect("the engine's exit status");
    assert!(status.success(), "{status}");
    assert_dies(orphan, "the engine's orphan");
}

#[test]
fn game_clock_timeout() {
    // A second for the whole game: the engine answers its first move at once, then sleeps
    // longer than the game: the second move is late, and its limit is what the first left
    // of the game by the manager's own count.
    let game = Duration::from_millis(1000);
    let tolerance = Duration::from_millis(20);
    let mut e = fake("slow:1500@2");
    e.start(
        Geometry::square(15),
        Rule::Freestyle,
        Timeouts {
            game: Some(game),
            tolerance,
            ..Timeouts::default()
        },
    )
    .unwrap();
    let first = e.begin().unwrap();
    let used = e.game_time_used();
    assert_eq!(used, first.elapsed);
    match e.turn(Pos::new(0, 0)) {
        Err(EngineFault::Timeout {
            limit,
            tolerance: t,
            elapsed,
        }) => {
            assert_eq!((limit, t), (game - used, tolerance));
            assert!(elapsed >= limit + tolerance, "{elapsed:?}");
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
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

/// The budget pbrain gives itself for one move (its `DEBUG budget H ms (target T ms)`
/// line) and the depth it reached (its `MESSAGE depth D ...` line), with the move.
struct Budgeted {
    hard_ms: u64,
    target_ms: u64,
    depth: u32,
    at: Pos,
}

impl Raw {
    /// Sends `command` and reads up to the move, keeping the budget and the depth.
    fn budgeted(&mut self, command: &str) -> Budgeted {
        self.send(command);
        let (mut budget, mut depth) = (None, None);
        loop {
            let l = self.recv();
            if let Some(rest) = l.strip_prefix("DEBUG budget ") {
                let n: Vec<u64> = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|w| w.parse().ok())
                    .collect();
                budget = Some((n[0], n[1]));
            } else if let Some(rest) = l.strip_prefix("MESSAGE depth ") {
                depth = rest.split(' ').next().and_then(|d| d.parse().ok());
            } else if !l.starts_with("MESSAGE") && !l.starts_with("DEBUG") {
                let (hard_ms, target_ms) = budget.unwrap_or_else(|| panic!("{command}: no budget"));
                return Budgeted {
                    hard_ms,
                    target_ms,
                    depth: depth.unwrap_or_else(|| panic!("{command}: no depth")),
                    at: parse_move(&l),
                };
            }
        }
    }
}

/// On a clock pbrain budgets every move within what the manager's `INFO` lines allow, less
/// its reserve for the pipes (15 ms), and its search stops on that budget, not on a depth
/// (40 never finishes). The budgets are pbrain's own accounting of the clock it was given,
/// the same on any machine; that it answers within them in wall time is
/// `pbrain_answers_within_the_turn_and_game_limits_with_no_tolerance` (ignored: a timing).
#[test]
fn pbrain_budgets_its_moves_within_the_turn_and_game_limits() {
    let corners = ["0,0", "14,0", "0,14", "14,14"];
    let check = |b: &Budgeted, limit_ms: u64, what: &str| {
        assert!(
            b.target_ms <= b.hard_ms && b.hard_ms + 15 <= limit_ms && b.hard_ms > 0,
            "{what}: budget {} ms (target {} ms) on a limit of {limit_ms} ms",
            b.hard_ms,
            b.target_ms
        );
        assert!(b.depth < 40, "{what}: depth {}", b.depth);
        assert!(b.at.x < 15 && b.at.y < 15, "{what}: {:?}", b.at);
    };
    let mut p = Raw::spawn(PBRAIN, &["--depth", "40"]);
    // 150 ms a move.
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("INFO timeout_turn 150");
    let first = p.budgeted("BEGIN");
    check(&first, 150, "BEGIN");
    for c in corners {
        let b = p.budgeted(&format!("TURN {c}"));
        check(&b, 150, c);
    }
    // 1.5 s for the game, with the time left as a manager reports it before each move: at
    // most a third of what is left.
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("INFO timeout_turn 100000\nINFO timeout_match 1500");
    let mut left = 1500;
    for command in
        std::iter::once("BEGIN".to_string()).chain(corners.iter().map(|c| format!("TURN {c}")))
    {
        p.send(&format!("INFO time_left {left}"));
        let b = p.budgeted(&command);
        check(
            &b,
            (left - 15) / 3 + 15,
            &format!("{command} with {left} ms left"),
        );
        left -= 250;
    }
    p.send("END");
    assert!(p.child.wait().unwrap().success());
}

/// The wall-clock side of the above: pbrain's answers arrive within the limits with no
/// tolerance at all. It depends on the machine being quiet (a busy one delays an answer past
/// 150 ms), so it is ignored by default; run it with
/// `cargo test -p gomoku-arena --test protocol -- --ignored no_tolerance`.
#[test]
#[ignore = "wall-clock timing: run on a quiet machine"]
fn pbrain_answers_within_the_turn_and_game_limits_with_no_tolerance() {
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

#[test]
fn pbrain_with_an_engine_config_answers_about_and_plays() {
    let cfg = repo("configs/engines/seed-d2.ron");
    let mut p = Raw::spawn(PBRAIN, &["--engine", cfg.to_str().unwrap()]);
    p.send("ABOUT");
    let about = p.answer();
    assert!(about.starts_with("name=\"gomoku-arena\""), "{about}");
    p.send("START 15");
    assert_eq!(p.answer(), "OK");
    p.send("INFO timeout_turn 5000\nINFO rule 0");
    p.send("BEGIN");
    let mut board = Board::standard15();
    board.try_make(parse_move(&p.answer())).expect("legal");
    board.try_make(Pos::new(3, 3)).unwrap();
    p.send("TURN 3,3");
    board.try_make(parse_move(&p.answer())).expect("legal");
    p.send("END");
    assert!(p.child.wait().unwrap().success());

    // A missing or broken config is an error naming the file, not a silent default.
    let out = Command::new(PBRAIN)
        .args(["--engine", "/nonexistent/engine.ron"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/engine.ron"));
}

#[test]
fn pbrain_reads_the_config_beside_its_executable() {
    let dir = temp_dir("beside");
    let exe = dir.join("pbrain-gomoku-arena");
    std::fs::copy(PBRAIN, &exe).unwrap();
    let table = repo("configs/tables/seed000.ron");
    let write_cfg = |depth: &str| {
        std::fs::write(
            dir.join("pbrain-gomoku-arena.ron"),
            format!("Engine(name: \"beside\", table: File({table:?}), depth: {depth})"),
        )
        .unwrap()
    };
    // Read: a broken file stops the engine with the file's name and line.
    write_cfg("\"two\"");
    let out = Command::new(&exe).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pbrain-gomoku-arena.ron:1:"), "{err}");
    // Used: the depth of the file shows in the search MESSAGE.
    write_cfg("1");
    let mut e = ExternalEngine::spawn(&EngineCommand::new(&exe, [""; 0])).unwrap();
    e.start(Geometry::square(15), Rule::Freestyle, Timeouts::default())
        .unwrap();
    let r = e.begin().unwrap();
    assert!(r.messages.last().unwrap().starts_with("depth 1 "), "{r:?}");
    drop(e);
    let _ = std::fs::remove_dir_all(&dir);
}

fn temp_dir(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("protocol-{tag}"))
}

/// A tournament directory with a book of `openings` (pos notation) and a config whose
/// participants are `participants` (RON entries).
fn tournament_dir(
    tag: &str,
    openings: &[&str],
    participants: &[String],
    extra: &str,
) -> ScratchDir {
    let dir = temp_dir(tag);
    std::fs::write(dir.join("book.txt"), openings.join("\n") + "\n").unwrap();
    let config = format!(
        "Tournament(\n    name: \"{tag}\",\n    participants: [\n        {}\n    ],\n    \
         board: (size: 15),\n    openings: (file: \"book.txt\", format: Pos),\n    \
         seed: 3,\n    threads: 2,\n    output: \"out\",\n    standings_every: 0,\n{extra})\n",
        participants.join(",\n        ")
    );
    std::fs::write(dir.join("t.ron"), config).unwrap();
    dir
}

fn run_tournament(dir: &Path) -> std::process::Output {
    let out = Command::new(ARENA)
        .arg("tournament")
        .arg(dir.join("t.ron"))
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn journal(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("out/games.jsonl")).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.sort_by_key(|v| v["job"].as_u64());
    lines
}

fn external(name: &str, command: &str, args: &[&str], extra: &str) -> String {
    format!(
        "External(name: {name:?}, command: {command:?}, args: {args:?}, protocol: Gomocup, {extra})"
    )
}

#[test]
fn pbrain_as_a_tournament_participant_plays_the_in_process_games() {
    // seed-d2 without the VCT, which runs only on a clock (the brain's) and so would make the
    // two sides differ; its table path made absolute for the copy.
    let shipped = std::fs::read_to_string(repo("configs/engines/seed-d2.ron")).unwrap();
    let tables = repo("configs/tables");
    let copy = shipped
        .replace("../tables", tables.to_str().unwrap())
        .replace("vcf_depth: 12,", "vcf_depth: 12,\n    vct: false,");
    assert!(copy.contains("vct: false") && copy != shipped);
    let dir = temp_dir("eq-engine");
    let cfg = dir.join("seed-d2.ron");
    std::fs::write(&cfg, copy).unwrap();
    let cfg = cfg.to_str().unwrap();
    let openings = ["h8i9", "h8g7i9", "h8j8"];
    let local = tournament_dir(
        "eq-local",
        &openings,
        &[
            format!("Engine({cfg:?})"),
            format!("Variant(base: {cfg:?}, name: \"other\")"),
        ],
        "",
    );
    let ext = tournament_dir(
        "eq-external",
        &openings,
        &[
            format!("Engine({cfg:?})"),
            external(
                "other",
                PBRAIN,
                // On a clock the brain deepens until its time is spent; `--depth 2` caps it
                // at the in-process engine's configured depth.
                &["--engine", cfg, "--depth", "2"],
                "move_time_ms: 20000, game_time_ms: Some(600000), tolerance_ms: 5000, \
                 max_memory_mb: Some(350)",
            ),
        ],
        "",
    );
    run_tournament(&local);
    run_tournament(&ext);
    let (a, b) = (journal(&local), journal(&ext));
    assert_eq!(a.len(), 6);
    assert_eq!(b.len(), 6);
    for (x, y) in a.iter().zip(&b) {
        for f in [
            "job",
            "black",
            "white",
            "opening_moves",
            "moves",
            "result",
            "reason",
        ] {
            // Not the search counters: on a clock the brain answers a single legal reply
            // after depth 1, where the depth-limited in-process engine searches it to 2.
            assert_eq!(x[f], y[f], "job {}: {f} differs", x["job"]);
        }
        assert!(x["moves"].as_array().unwrap().len() >= 8, "{x}");
    }
}

#[test]
fn pbrain_at_a_node_budget_plays_the_in_process_games_at_it() {
    // The shipped engine (the brain's built-in one) with its VCT, which a node budget runs
    // in both, and a clock the brain must not look at: a search that stopped on it would
    // play another move.
    let cfg = repo("configs/engines/tuned-sel.ron");
    let cfg = cfg.to_str().unwrap();
    let openings = ["h8i9", "h8g7i9", "h8j8"];
    let nodes = "time_control: Nodes(3000),\n";
    let local = tournament_dir(
        "nodes-local",
        &openings,
        &[
            format!("Engine({cfg:?})"),
            format!("Variant(base: {cfg:?}, name: \"other\")"),
        ],
        nodes,
    );
    let ext = tournament_dir(
        "nodes-external",
        &openings,
        &[
            format!("Engine({cfg:?})"),
            external(
                "other",
                PBRAIN,
                &["--nodes", "3000"],
                "move_time_ms: 20000, tolerance_ms: 5000, max_memory_mb: Some(350)",
            ),
        ],
        nodes,
    );
    run_tournament(&local);
    run_tournament(&ext);
    let (a, b) = (journal(&local), journal(&ext));
    assert_eq!((a.len(), b.len()), (6, 6));
    for (x, y) in a.iter().zip(&b) {
        for f in ["job", "black", "white", "opening_moves", "moves", "result"] {
            assert_eq!(x[f], y[f], "job {}: {f} differs", x["job"]);
        }
        assert!(x["moves"].as_array().unwrap().len() >= 8, "{x}");
    }
    for d in [local, ext] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// An SPRT's players may be Gomocup programs: the brain at a node budget, a field sent by
/// `INFO`, plays the games of the same test in process, and the test counts them alike.
#[test]
fn an_sprt_of_the_brain_through_the_protocol_plays_the_in_process_test() {
    let cfg = repo("configs/engines/tuned-sel.ron");
    let cfg = cfg.to_str().unwrap();
    let run = |tag: &str, candidate: String| {
        let dir = temp_dir(tag);
        std::fs::write(dir.join("book.txt"), "h8i9\nh8g7i9\nh8j8\n").unwrap();
        let config = format!(
            "Sprt(name: {tag:?}, candidate: {candidate}, baseline: Variant(base: {cfg:?}, \
             name: \"start\", overrides: (top_n: 3)), openings: (file: \"book.txt\", format: \
             Pos), elo0: 0.0, elo1: 100.0, max_games: 6, time_control: Nodes(3000), seed: 3, \
             threads: Some(2), output: \"out\")"
        );
        std::fs::write(dir.join("s.ron"), config).unwrap();
        let out = Command::new(ARENA)
            .arg("sprt")
            .arg(dir.join("s.ron"))
            .arg("--quiet")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let summary = std::fs::read_to_string(dir.join("out/sprt.json")).unwrap();
        let summary: serde_json::Value = serde_json::from_str(&summary).unwrap();
        (journal(&dir), summary)
    };
    let (a, sa) = run(
        "sprt-local",
        format!("Variant(base: {cfg:?}, name: \"tuned\", overrides: (top_n: 12))"),
    );
    let (b, sb) = run(
        "sprt-external",
        external(
            "tuned",
            PBRAIN,
            &["--nodes", "3000"],
            "move_time_ms: 20000, tolerance_ms: 5000, options: [(\"top_n\", \"12\")]",
        ),
    );
    assert_eq!((a.len(), b.len()), (6, 6));
    for (x, y) in a.iter().zip(&b) {
        for f in ["job", "black", "white", "opening_moves", "moves", "result"] {
            assert_eq!(x[f], y[f], "job {}: {f} differs", x["job"]);
        }
    }
    for f in ["pentanomial", "llr", "decision"] {
        assert_eq!(sa[f], sb[f], "{f}");
    }
    assert!(sa["pentanomial"].is_array(), "{sa}");
}

/// Processes whose command line contains `tag`.
fn processes_with(tag: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if String::from_utf8_lossy(&cmdline).contains(tag) {
            found.push(pid);
        }
    }
    found
}

/// In a tournament, an engine that drops a command sent as it finishes a move plays with a
/// command gap, and the gap is not charged to its moves.
#[test]
fn the_command_gap_is_waited_outside_the_engines_clock() {
    let cfg = repo("configs/engines/seed-d2.ron");
    let cfg = cfg.to_str().unwrap();
    let dir = tournament_dir(
        "gap",
        &["h8i9"],
        &[
            format!("Engine({cfg:?})"),
            external(
                "busy",
                FAKE,
                &["busy:100"],
                "move_time_ms: 1000, tolerance_ms: 1000, command_gap_ms: 200",
            ),
        ],
        "",
    );
    run_tournament(&dir);
    let lines = journal(&dir);
    assert_eq!(lines.len(), 2);
    for g in &lines {
        assert_eq!(g["reason"], "five", "{g}");
        let fake_is_black = g["black"] == "busy";
        let opening = g["opening_moves"].as_array().unwrap().len();
        let times: Vec<u64> = g["time_us"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(i, _)| ((opening + i) % 2 == 0) == fake_is_black)
            .map(|(_, t)| t.as_u64().unwrap())
            .collect();
        // Its second move and later ones came after a gap of 200 ms; an instant engine's
        // moves take far less. Charged with the gap, each would take nearly all of it (less
        // the opponent's thinking since its move), so the fastest of them tells: a busy
        // machine may slow some answers, not all of them.
        assert!(times.len() >= 3, "{g}");
        let fastest = times[1..].iter().min().unwrap();
        assert!(*fastest < 100_000, "{times:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn faulty_engines_lose_with_their_reason_and_are_restarted() {
    let cfg = repo("configs/engines/seed-d2.ron");
    let cfg = cfg.to_str().unwrap();
    // Each fake answers its first move of a game, then fails on the second.
    let tag = format!("fault-tournament-{}", std::process::id());
    let modes = [
        ("crash@2", "crash", "engine crashed"),
        ("hang@2", "time_forfeit", "timed out"),
        ("garbage@2", "garbage", "this is not a move"),
        ("occupied@2", "illegal_move", "occupied"),
        ("offboard@2", "illegal_move", "off the board"),
        ("error@2", "crash", "refuses to play"),
    ];
    let mut participants = vec![format!("Engine({cfg:?})")];
    for (mode, _, _) in modes {
        participants.push(external(
            mode,
            FAKE,
            &[mode, &tag],
            "move_time_ms: 300, tolerance_ms: 100",
        ));
    }
    let dir = tournament_dir(
        "faults",
        &["h8i9", "h8g7i9"],
        &participants,
        "    format: Gauntlet(candidates: [\"seed-d2\"]),\n",
    );
    let t0 = Instant::now();
    run_tournament(&dir);
    let elapsed = t0.elapsed();
    let lines = journal(&dir);
    // 6 pairs x 2 openings x 2 colours.
    assert_eq!(lines.len(), 24);
    for (mode, reason, text) in modes {
        let games: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|l| l["black"] == mode || l["white"] == mode)
            .collect();
        assert_eq!(games.len(), 4, "{mode}");
        for g in games {
            let fake_is_black = g["black"] == mode;
            let winner = if fake_is_black { "white" } else { "black" };
            assert_eq!(g["result"], winner, "{mode}: {g}");
            assert_eq!(g["reason"], reason, "{mode}: {g}");
            let message = g["message"].as_str().unwrap();
            assert!(message.contains(text), "{mode}: {message}");
            // The fake's first move of this game was played: a live (restarted) engine.
            let opening = g["opening_moves"].as_array().unwrap().len();
            let fake_moves = g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .filter(|(i, _)| ((opening + i) % 2 == 0) == fake_is_black)
                .count();
            assert_eq!(fake_moves, 1, "{mode}: {g}");
        }
    }
    // The standings count each player's forfeits by reason.
    let standings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/standings.json")).unwrap())
            .unwrap();
    for (mode, reason, _) in modes {
        let row = standings["forfeits"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["player"] == mode)
            .unwrap_or_else(|| panic!("{mode}: {standings}"));
        assert_eq!(
            (row["reason"].as_str(), row["games"].as_u64()),
            (Some(reason), Some(4))
        );
    }
    // 4 hangs of 400 ms on 2 threads, plus the rest: far below a minute.
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
    let left = processes_with(&tag);
    assert!(left.is_empty(), "fake engines survived the run: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_external_command_is_refused_before_any_game() {
    let dir = tournament_dir(
        "missing",
        &["h8i9"],
        &[
            "Builtin(name: \"greedy\", kind: Greedy)".to_string(),
            external("ghost", "bin/pbrain-ghost", &[], "move_time_ms: 100"),
        ],
        "",
    );
    let out = Command::new(ARENA)
        .arg("tournament")
        .arg(dir.join("t.ron"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("t.ron:5:"), "{err}");
    assert!(err.contains("pbrain-ghost: no such file"), "{err}");
    assert!(!dir.join("out/games.jsonl").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_interrupt_kills_the_engines_before_exiting() {
    let tag = format!("interrupt-test-{}", std::process::id());
    let dir = tournament_dir(
        "interrupt",
        &["h8i9"],
        &[
            "Builtin(name: \"greedy\", kind: Greedy)".to_string(),
            external("hung", FAKE, &["hang", &tag], "move_time_ms: 60000"),
        ],
        "",
    );
    let mut child = Command::new(ARENA)
        .arg("tournament")
        .arg(dir.join("t.ron"))
        .arg("--quiet")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    // Both games run at once (2 threads): two hung engines.
    while processes_with(&tag).len() < 2 {
        assert!(Instant::now() < until, "the engines did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let interrupt = || {
        let ok = Command::new("kill")
            .args(["-s", "INT", &child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok);
    };
    interrupt();
    std::thread::sleep(Duration::from_millis(200));
    interrupt();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let until = Instant::now() + Duration::from_secs(10);
    while !processes_with(&tag).is_empty() {
        assert!(
            Instant::now() < until,
            "engines survived: {:?}",
            processes_with(&tag)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_suggestion_is_played_and_a_forbidden_point_loses_under_renju() {
    let cfg = repo("configs/engines/seed-d2.ron");
    let cfg = cfg.to_str().unwrap();
    let tag = format!("suggest-forbidden-{}", std::process::id());
    let participants = vec![
        format!("Engine({cfg:?})"),
        external("suggest", FAKE, &["suggest", &tag], "move_time_ms: 1000"),
        external(
            "forbidden",
            FAKE,
            &["forbidden", &tag],
            "move_time_ms: 1000",
        ),
    ];
    // Black to move with a double three at d4 (two twos of Black meeting there).
    let dir = tournament_dir(
        "suggest-forbidden",
        &["d2o15d3o13b4o11c4o9"],
        &participants,
        "    format: Gauntlet(candidates: [\"seed-d2\"]),\n",
    );
    let config = std::fs::read_to_string(dir.join("t.ron")).unwrap();
    let renju = config.replace("board: (size: 15)", "board: (size: 15, rule: Renju)");
    assert_ne!(renju, config);
    std::fs::write(dir.join("t.ron"), renju).unwrap();
    run_tournament(&dir);
    let lines = journal(&dir);
    assert_eq!(lines.len(), 4);
    for g in &lines {
        let fake = if g["black"] == "seed-d2" {
            &g["white"]
        } else {
            &g["black"]
        };
        if fake == "forbidden" && g["black"] == "forbidden" {
            assert_eq!(
                (&g["result"], &g["reason"]),
                (&"white".into(), &"forbidden".into()),
                "{g}"
            );
        } else {
            // A suggesting engine, or a forbidden-mode White (no forbidden points), plays on.
            assert!(g["reason"] == "five" || g["reason"] == "board_full", "{g}");
            assert!(g["moves"].as_array().unwrap().len() > 2, "{g}");
        }
    }
    let left = processes_with(&tag);
    assert!(left.is_empty(), "fake engines survived the run: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_beside_the_config_runs_from_the_config_folder_and_another_dir() {
    use std::os::unix::fs::PermissionsExt;
    // A script beside the config, named bare; the engine runs in a folder of its own.
    let participants = [
        "Builtin(name: \"greedy\", kind: Greedy)".to_string(),
        external(
            "beside",
            "engine.sh",
            &[],
            "dir: Some(\"work\"), move_time_ms: 5000, tolerance_ms: 1000",
        ),
    ];
    let dir = tournament_dir("engine-beside", &["h8", "h8i9"], &participants, "");
    std::fs::create_dir_all(dir.join("work")).unwrap();
    let script = dir.join("engine.sh");
    std::fs::write(&script, format!("#!/bin/sh\nexec {FAKE} good\n")).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Run from the config's own folder, the config named without a folder.
    let out = Command::new(ARENA)
        .current_dir(&dir)
        .args(["tournament", "t.ron", "--quiet"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let lines = journal(&dir);
    assert_eq!(lines.len(), 4);
    for l in &lines {
        assert_eq!(l["reason"], "five", "{l}");
    }
    // The output is named as typed, without a detour through the config's folder.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("/../"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
