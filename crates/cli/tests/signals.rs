//! `gomoku-arena tournament` stopped by SIGTERM, SIGHUP or two signals, with external engines
//! that leave orphans in other sessions: the run exits with 128 + the signal, nothing it
//! started is left running, and `--resume` completes the games of an uninterrupted run. Killed
//! with SIGKILL, it leaves nothing running either (the engines' watchdogs).
//!
//! Everything a run starts inherits a marker variable from the test's environment, so the
//! processes of its tree are found in /proc wherever they were reparented.

use gomoku_testdata::ScratchDir;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ARENA: &str = env!("CARGO_BIN_EXE_gomoku-arena");
const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// The marker variable every process of a run inherits.
const MARK: &str = "GOMOKU_SIGNALS_TEST";

/// Games of the tournament: 4 openings x 2 colours, one pair.
const GAMES: usize = 8;

/// A tournament of two fake engines: `steady` plays at once; `hider` leaves a `sleep` in a
/// session of its own on its third move of every game and hangs there until it loses on
/// time (`hider_ms` a move, 100 ms tolerance), so every game is the same on every run.
fn setup(tag: &str, hider_ms: u64) -> ScratchDir {
    let dir = ScratchDir::new(&format!("signals-{tag}"));
    std::fs::write(dir.join("book.txt"), "h8i9\nh8g7\nh8j8\nh8h10\n").unwrap();
    let config = format!(
        r#"Tournament(
    name: "{tag}",
    participants: [
        External(name: "steady", command: {FAKE:?}, args: ["good"], protocol: Gomocup,
                 move_time_ms: 5000),
        External(name: "hider", command: {FAKE:?}, args: ["hang-setsid@3"], protocol: Gomocup,
                 move_time_ms: {hider_ms}, tolerance_ms: 100),
    ],
    board: (size: 15),
    openings: (file: "book.txt", format: Pos),
    seed: 7,
    threads: 2,
    output: "out",
    standings_every: 0,
)
"#
    );
    std::fs::write(dir.join("t.ron"), config).unwrap();
    dir
}

/// `tournament` on the directory's config, marked with `mark`.
fn arena(dir: &Path, mark: &str, extra: &[&str]) -> Command {
    let mut cmd = Command::new(ARENA);
    cmd.arg("tournament")
        .arg(dir.join("t.ron"))
        .arg("--quiet")
        .args(extra)
        .env(MARK, mark)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd
}

/// The live (not zombie) processes carrying `MARK=mark`, as (pid, command name).
fn marked(mark: &str) -> Vec<(u32, String)> {
    let entry = format!("{MARK}={mark}");
    let mut found = Vec::new();
    for proc in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = proc.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(environ) = std::fs::read(proc.path().join("environ")) else {
            continue;
        };
        if !environ.split(|&b| b == 0).any(|e| e == entry.as_bytes()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(proc.path().join("stat")) else {
            continue;
        };
        let (Some((head, _)), Some((_, rest))) = (stat.split_once(')'), stat.rsplit_once(')'))
        else {
            continue;
        };
        if !rest.trim_start().starts_with(['Z', 'X']) {
            let name = head.split_once('(').map_or("", |(_, n)| n);
            found.push((pid, name.to_string()));
        }
    }
    found
}

/// A run's marker; dropping it kills what is left of the run, so that a failed test leaves
/// nothing running.
struct Mark(String);

impl Mark {
    fn new(tag: &str) -> Mark {
        Mark(format!("{tag}-{}", std::process::id()))
    }
}

impl Drop for Mark {
    fn drop(&mut self) {
        for (pid, _) in marked(&self.0) {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    }
}

/// Asserts that no process of the run is left (within ten seconds: a process killed on a busy
/// machine may wait its turn to exit; the wait ends as soon as none is left).
fn assert_none_left(mark: &str, when: &str) {
    let until = Instant::now() + Duration::from_secs(10);
    let mut left = marked(mark);
    while !left.is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        left = marked(mark);
    }
    assert!(left.is_empty(), "{when}: processes left running: {left:?}");
}

/// Waits until the run has a hider's orphan running (a game is in its hang).
fn wait_for_orphan(mark: &str, child: &mut Child) {
    let until = Instant::now() + Duration::from_secs(20);
    while !marked(mark).iter().any(|(_, name)| name == "sleep") {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the run ended ({status}) before an engine left an orphan");
        }
        assert!(Instant::now() < until, "no orphan appeared");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether a process blocks SIGHUP, SIGINT or SIGTERM (bits 0, 1 and 14 of SigBlk in
/// /proc/PID/status). A mask is kept across exec: an engine started by a thread that blocks
/// them could not be stopped by them, nor could its helpers.
fn deaf(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().any(|l| {
        l.strip_prefix("SigBlk:")
            .is_some_and(|m| u64::from_str_radix(m.trim(), 16).is_ok_and(|m| m & 0x4003 != 0))
    })
}

fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args(["-s", name, &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -s {name}");
}

/// Waits for the run to exit (at most `limit`) and returns its exit code.
fn exit_code(mut child: Child, limit: Duration) -> Option<i32> {
    let until = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("the run did not exit within {limit:?} of the signal");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The journaled games sorted by job, without what depends on the clock (times, dates, and
/// the timeout's message, which says how long the engine was waited for).
fn games(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("out/games.jsonl")).unwrap_or_default();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            for f in ["time_us", "side_time_us", "date", "message"] {
                v.as_object_mut().unwrap().remove(f);
            }
            v
        })
        .collect();
    lines.sort_by_key(|v| v["job"].as_u64());
    lines
}

/// Plays the tournament whole, then again stopped by `sig` mid-game, then resumed.
fn stopped_by(sig: &str, status: i32) {
    let tag = sig.to_lowercase();
    let whole = setup(&format!("{tag}-whole"), 300);
    let guard = Mark::new(&format!("{tag}-whole"));
    let mark = guard.0.as_str();
    let out = arena(&whole, mark, &[]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A run that ends by itself leaves nothing behind either.
    assert_none_left(mark, "after an uninterrupted run");
    let expected = games(&whole);
    assert_eq!(expected.len(), GAMES);
    assert!(
        expected.iter().all(|g| g["reason"] == "time_forfeit"),
        "{expected:?}"
    );

    let dir = setup(&tag, 300);
    let guard = Mark::new(&tag);
    let mark = guard.0.as_str();
    let mut child = arena(&dir, mark, &[]).spawn().unwrap();
    wait_for_orphan(mark, &mut child);
    // glibc's posix_spawn blocks every signal in the new process until its exec, so a
    // process caught in that window looks deaf for a moment: only one still deaf a little
    // later is.
    let maybe: Vec<_> = marked(mark).into_iter().filter(|&(p, _)| deaf(p)).collect();
    std::thread::sleep(Duration::from_millis(100));
    let deaf: Vec<_> = maybe.into_iter().filter(|&(p, _)| deaf(p)).collect();
    assert!(
        deaf.is_empty(),
        "started with stop signals blocked: {deaf:?}"
    );
    signal(&child, sig);
    // The running games end at their timeout (400 ms), then the run exits.
    assert_eq!(exit_code(child, Duration::from_secs(10)), Some(status));
    assert_none_left(mark, &format!("after SIG{sig}"));
    let journaled = games(&dir).len();
    assert!(
        (1..GAMES).contains(&journaled),
        "{journaled} of {GAMES} games journaled: not a stop mid-run"
    );

    let out = arena(&dir, mark, &["--resume"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_none_left(mark, "after the resumed run");
    assert_eq!(games(&dir), expected);
    for d in [whole, dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn sigterm_stops_the_run_kills_every_engine_process_and_resume_completes_it() {
    stopped_by("TERM", 143);
}

#[test]
fn sighup_stops_the_run_kills_every_engine_process_and_resume_completes_it() {
    stopped_by("HUP", 129);
}

#[test]
fn a_second_signal_kills_the_engines_and_their_orphans_at_once() {
    // A minute a move: only the second signal can end these games in time.
    let dir = setup("twice", 60_000);
    let guard = Mark::new("twice");
    let mark = guard.0.as_str();
    let mut child = arena(&dir, mark, &[]).spawn().unwrap();
    wait_for_orphan(mark, &mut child);
    signal(&child, "TERM");
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, "INT");
    assert_eq!(exit_code(child, Duration::from_secs(5)), Some(130));
    assert_none_left(mark, "after two signals");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_arena_killed_outright_leaves_no_engine_process() {
    // SIGKILL runs none of the arena's handlers: only the engines' watchdogs can act. The
    // hider ignores end of input (it hangs without reading) and SIGTERM, SIGHUP and SIGINT
    // (a shell's `trap ''` is kept across its exec), and leaves a `sleep` in a session of its
    // own, outside its process group.
    let dir = setup("sigkill", 60_000);
    let deaf_hider = format!(
        r#"External(name: "hider", command: "/bin/sh", args: ["-c", "trap '' TERM HUP INT; exec {FAKE} hang-setsid@3"], protocol: Gomocup,
                 move_time_ms: 60000, tolerance_ms: 100),"#
    );
    let config = std::fs::read_to_string(dir.join("t.ron")).unwrap();
    let (head, rest) = config
        .split_once("        External(name: \"hider\"")
        .unwrap();
    let (_, tail) = rest.split_once("tolerance_ms: 100),").unwrap();
    std::fs::write(
        dir.join("t.ron"),
        format!("{head}        {deaf_hider}{tail}"),
    )
    .unwrap();
    let guard = Mark::new("sigkill");
    let mark = guard.0.as_str();
    let mut child = arena(&dir, mark, &[]).spawn().unwrap();
    wait_for_orphan(mark, &mut child);
    let engines: Vec<_> = marked(mark)
        .into_iter()
        .filter(|(_, name)| name.starts_with("gomoku-fake"))
        .collect();
    assert!(!engines.is_empty(), "no engine running: {:?}", marked(mark));
    signal(&child, "KILL");
    let _ = child.wait();
    assert_none_left(mark, "after SIGKILL of the arena");
    let _ = std::fs::remove_dir_all(&dir);
}
