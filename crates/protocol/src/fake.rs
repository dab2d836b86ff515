//! A deliberately faulty Gomocup engine, for the protocol and fault tests (the
//! `gomoku-fake-engine` binary of the `gomoku-arena` package runs it on stdin/stdout). Not an
//! engine anyone should play.
//!
//! The mode is `MODE[@N]`: the fault happens on the N-th move the engine is asked for in each
//! game (default 1; earlier moves are played as in `good`; the count restarts with START,
//! RECTSTART and RESTART), and MODE is one of `good` (the first empty point nearest the
//! centre), `crash` (exit with status 3), `hang` (never answer), `hang-child` (start a `sleep`
//! child in its process group, report its pid as `MESSAGE child N`, never answer),
//! `orphan` (leave behind a `sleep` that a shell starts through `setsid`: an orphan in
//! another session and process group, with no parent in the engine's tree; report its pid as
//! `MESSAGE child N` and play as `good`; needs `sh` and util-linux's `setsid`), `hang-setsid`
//! (leave such an orphan, report it, never answer), `garbage`
//! (answer nonsense), `occupied` (play on a stone), `offboard` (play a point off the board),
//! `mute` (close its output and keep running: the process becomes `sleep`), `flood` (write
//! without end and without a line break), `spam` (write `MESSAGE` lines without end),
//! `forbidden` (as Black under renju, play a forbidden point when there is one), `error`
//! (answer `ERROR`), `suggest` (answer `SUGGEST x,y` with its good move, and play it when the
//! manager says `PLAY`), `slow:MS` (sleep MS milliseconds, then play as `good`), `busy:MS`
//! (play as `good`, then stay busy MS milliseconds as Rapfi does while it finishes a move: a
//! command arriving then loses its first word, and the rest of its line is answered
//! `ERROR Unknown command: REST`).

use crate::brain::centre_order;
use crate::command::{BoardLine, Command, parse_board_line, parse_command};
use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The usage line of the modes.
pub const USAGE: &str = "usage: gomoku-fake-engine \
    good|crash|hang|hang-child|hang-setsid|orphan|mute|flood|spam|garbage|occupied|offboard|forbidden|error|suggest|slow:MS|busy:MS[@N]";

/// The exit status of the `crash` mode.
pub const CRASH_STATUS: i32 = 3;

/// What the engine does wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nothing: plays the first empty point nearest the centre.
    Good,
    /// Exits with [`CRASH_STATUS`].
    Crash,
    /// Never answers.
    Hang,
    /// Starts a `sleep` child, reports its pid, never answers.
    HangChild,
    /// Leaves an orphaned `sleep` in a session of its own, reports its pid, never answers.
    HangSetsid,
    /// Leaves an orphaned `sleep` in a session of its own, reports its pid, plays as `Good`.
    Orphan,
    /// Closes its output and goes on running (the process execs a shell that closes stdout
    /// and execs `sleep`).
    Mute,
    /// Writes without end and without a line break.
    Flood,
    /// Writes `MESSAGE spam` lines without end and never answers.
    Spam,
    /// Answers nonsense.
    Garbage,
    /// Plays on a stone.
    Occupied,
    /// Plays a point off the board.
    OffBoard,
    /// Plays a renju-forbidden point as Black when there is one.
    Forbidden,
    /// Answers `ERROR`.
    Error,
    /// Answers `SUGGEST x,y`, then plays the point when told `PLAY x,y`.
    Suggest,
    /// Sleeps this many milliseconds, then plays as `Good`.
    Slow(u64),
    /// Plays as `Good`, then for this many milliseconds reads a command's first word as
    /// Rapfi does while it finishes a move: dropped, the rest answered as unknown.
    Busy(u64),
}

/// Parses `MODE[@N]` into the mode and the move it starts at.
pub fn parse_mode(arg: &str) -> Option<(Mode, u32)> {
    let (m, n) = match arg.split_once('@') {
        Some((m, n)) => (m, n.parse().ok()?),
        None => (arg, 1),
    };
    let mode = match m {
        "good" => Mode::Good,
        "crash" => Mode::Crash,
        "hang" => Mode::Hang,
        "hang-child" => Mode::HangChild,
        "hang-setsid" => Mode::HangSetsid,
        "orphan" => Mode::Orphan,
        "mute" => Mode::Mute,
        "flood" => Mode::Flood,
        "spam" => Mode::Spam,
        "garbage" => Mode::Garbage,
        "occupied" => Mode::Occupied,
        "offboard" => Mode::OffBoard,
        "forbidden" => Mode::Forbidden,
        "error" => Mode::Error,
        "suggest" => Mode::Suggest,
        _ => match m.split_once(':')? {
            ("slow", ms) => Mode::Slow(ms.parse().ok()?),
            ("busy", ms) => Mode::Busy(ms.parse().ok()?),
            _ => return None,
        },
    };
    Some((mode, n))
}

fn say(out: &mut dyn Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn hang() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// Leaves a `sleep` in a new session whose parent, a shell, has exited, and reports its pid.
fn leave_orphan(out: &mut dyn Write) {
    // The sleep's output goes to /dev/null, so `output` returns when the shell exits.
    let script = "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!";
    match std::process::Command::new("sh")
        .args(["-c", script])
        .output()
    {
        Ok(o) => {
            let pid = String::from_utf8_lossy(&o.stdout).trim().to_string();
            say(out, &format!("MESSAGE child {pid}"));
        }
        Err(e) => say(out, &format!("MESSAGE no child: {e}")),
    }
}

struct Fake<'a> {
    out: &'a mut dyn Write,
    mode: Mode,
    at: u32,
    asked: u32,
    rule: Rule,
    board: Option<Board>,
    /// Until when a `busy` engine is still finishing its move.
    busy_until: Option<Instant>,
}

impl Fake<'_> {
    fn answer(&mut self) {
        let Some(board) = self.board.as_mut() else {
            say(self.out, "ERROR no game");
            return;
        };
        self.asked += 1;
        let mode = if self.asked >= self.at {
            self.mode
        } else {
            Mode::Good
        };
        let good = centre_order(board.geometry())
            .into_iter()
            .find(|&p| board.is_legal(p));
        match mode {
            Mode::Good => {}
            Mode::Crash => std::process::exit(CRASH_STATUS),
            Mode::Hang => hang(),
            Mode::Flood => {
                let chunk = [b'A'; 4096];
                while self.out.write_all(&chunk).is_ok() {}
                hang()
            }
            Mode::Spam => {
                while self.out.write_all(b"MESSAGE spam\n").is_ok() {}
                hang()
            }
            Mode::Mute => {
                use std::os::unix::process::CommandExt;
                let e = std::process::Command::new("sh")
                    .args(["-c", "exec >&-; exec sleep 3600"])
                    .exec();
                say(self.out, &format!("MESSAGE cannot exec sh: {e}"));
                hang()
            }
            Mode::HangChild => {
                match std::process::Command::new("sleep").arg("3600").spawn() {
                    Ok(child) => say(self.out, &format!("MESSAGE child {}", child.id())),
                    Err(e) => say(self.out, &format!("MESSAGE no child: {e}")),
                }
                hang()
            }
            Mode::HangSetsid => {
                leave_orphan(self.out);
                hang()
            }
            Mode::Orphan => leave_orphan(self.out),
            Mode::Garbage => {
                say(self.out, "this is not a move");
                return;
            }
            Mode::Occupied => {
                if let Some(p) = board.points().find(|&p| board.cell(p) != Cell::Empty) {
                    say(self.out, &format!("{},{}", p.x, p.y));
                    return;
                }
            }
            Mode::OffBoard => {
                let g = board.geometry();
                say(self.out, &format!("{},{}", g.width, g.height));
                return;
            }
            Mode::Forbidden => {
                if let Some(p) = board
                    .points()
                    .find(|&p| board.cell(p) == Cell::Empty && board.is_forbidden(p))
                {
                    say(self.out, &format!("{},{}", p.x, p.y));
                    return;
                }
            }
            Mode::Error => {
                say(self.out, "ERROR the fake engine refuses to play");
                return;
            }
            Mode::Suggest => {
                if let Some(p) = good {
                    say(self.out, &format!("SUGGEST {},{}", p.x, p.y));
                    return;
                }
            }
            Mode::Slow(ms) => std::thread::sleep(Duration::from_millis(ms)),
            Mode::Busy(ms) => {
                self.busy_until = Some(Instant::now() + Duration::from_millis(ms));
            }
        }
        match good {
            Some(p) => {
                board.make(p);
                say(self.out, &format!("{},{}", p.x, p.y));
            }
            None => say(self.out, "ERROR no legal move"),
        }
    }

    fn start(&mut self, w: i64, h: i64) {
        self.asked = 0;
        let g = Geometry {
            width: w.clamp(0, 1000) as usize,
            height: h.clamp(0, 1000) as usize,
            k: 5,
        };
        match Board::new(g, self.rule) {
            Ok(b) => {
                self.board = Some(b);
                say(self.out, "OK");
            }
            Err(e) => say(self.out, &format!("ERROR {e}")),
        }
    }

    fn put(&mut self, x: i64, y: i64) -> Option<Pos> {
        let b = self.board.as_mut()?;
        if !b.contains(x.clamp(-1, 1000) as i32, y.clamp(-1, 1000) as i32) {
            return None;
        }
        let p = Pos::new(x as u8, y as u8);
        (b.cell(p) == Cell::Empty).then(|| {
            b.make(p);
            p
        })
    }
}

/// Runs the engine in `mode` from move `at` on, reading commands from `input` and answering
/// on `out` until END or the end of input. The `crash` mode exits the process.
pub fn run(mode: Mode, at: u32, input: impl BufRead, out: &mut dyn Write) {
    let mut fake = Fake {
        out,
        mode,
        at,
        asked: 0,
        rule: Rule::Freestyle,
        board: None,
        busy_until: None,
    };
    let mut lines = input.lines();
    while let Some(Ok(line)) = lines.next() {
        // Rapfi reads END even while busy.
        let end = line.trim().eq_ignore_ascii_case("END");
        if fake.busy_until.take().is_some_and(|t| Instant::now() < t) && !end {
            if let Some((_, rest)) = line.trim().split_once(' ') {
                say(fake.out, &format!("ERROR Unknown command: {rest}"));
            }
            continue;
        }
        let cmd = match parse_command(&line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                say(fake.out, &format!("ERROR {e}"));
                continue;
            }
        };
        match cmd {
            Command::Start(n) => fake.start(n, n),
            Command::RectStart(w, h) => fake.start(w, h),
            Command::Restart => {
                if let Some(g) = fake.board.as_ref().map(|b| b.geometry()) {
                    fake.start(g.width as i64, g.height as i64);
                }
            }
            Command::Begin => fake.answer(),
            Command::Turn(x, y) => {
                if fake.put(x, y).is_some() {
                    fake.answer();
                } else {
                    say(fake.out, "ERROR bad move");
                }
            }
            Command::Board => {
                if let Some(g) = fake.board.as_ref().map(|b| b.geometry()) {
                    fake.board = Board::new(g, fake.rule).ok();
                }
                while let Some(Ok(l)) = lines.next() {
                    match parse_board_line(&l) {
                        Ok(Some(BoardLine::Done)) => break,
                        Ok(Some(BoardLine::Stone(x, y, _))) => {
                            fake.put(x, y);
                        }
                        _ => {}
                    }
                }
                fake.answer();
            }
            Command::Info(key, value) => {
                if key == "rule" {
                    fake.rule = match value.trim() {
                        "1" => Rule::Standard,
                        "4" => Rule::Renju,
                        _ => Rule::Freestyle,
                    };
                    let empty = fake.board.as_ref().filter(|b| b.stone_count() == 0);
                    if let Some(g) = empty.map(|b| b.geometry()) {
                        fake.board = Board::new(g, fake.rule).ok();
                    }
                }
            }
            Command::End => return,
            Command::About => say(
                fake.out,
                "name=\"gomoku-fake-engine\", version=\"0\", author=\"tests\"",
            ),
            Command::Takeback(..) => say(fake.out, "OK"),
            Command::Play(x, y) => {
                fake.put(x, y);
                say(fake.out, &format!("{x},{y}"));
            }
            Command::Unknown(w) => say(fake.out, &format!("UNKNOWN {w}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(mode: &str, input: &str) -> Vec<String> {
        let (mode, at) = parse_mode(mode).unwrap();
        let mut out = Vec::new();
        run(mode, at, input.as_bytes(), &mut out);
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn each_fault_answers_as_documented() {
        assert_eq!(session("good", "START 15\nBEGIN\n"), ["OK", "7,7"]);
        assert_eq!(session("offboard", "START 15\nBEGIN\n"), ["OK", "15,15"]);
        assert_eq!(session("occupied", "START 15\nTURN 7,7\n"), ["OK", "7,7"]);
        assert_eq!(
            session("error", "START 15\nBEGIN\n")[1],
            "ERROR the fake engine refuses to play"
        );
        assert_eq!(
            session("suggest", "START 15\nBEGIN\nPLAY 7,7\n"),
            ["OK", "SUGGEST 7,7", "7,7"]
        );
        assert_eq!(
            session("garbage", "START 15\nBEGIN\n")[1],
            "this is not a move"
        );
        // The fault starts at the N-th move asked for.
        assert_eq!(
            session("offboard@2", "START 15\nBEGIN\nTURN 0,0\n"),
            ["OK", "7,7", "15,15"]
        );
        assert!(parse_mode("nonsense").is_none());
    }

    #[test]
    fn forbidden_plays_a_double_three_for_black_under_renju() {
        // Black (the engine, to move after BOARD) has two twos meeting at 3,3: a double three
        // there, away from the centre where its good move would go.
        let board = "START 15\nINFO rule 4\nBOARD\n3,1,1\n14,14,2\n3,2,1\n14,12,2\n1,3,1\n14,10,2\n2,3,1\n14,8,2\nDONE\n";
        assert_eq!(session("forbidden", board), ["OK", "3,3"]);
        // Freestyle has no forbidden point: it plays its good move.
        let out = session("forbidden", &board.replace("INFO rule 4\n", ""));
        assert_eq!(out, ["OK", "7,7"]);
    }
}
