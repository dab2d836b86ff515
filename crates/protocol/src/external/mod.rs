//! The manager side: drive an external Gomocup engine (any `pbrain-*` program) over its
//! stdin/stdout, with per-move and per-game time limits, and turn every way it can fail into
//! an [`EngineFault`].
//!
//! Answers are read by a reader thread that timestamps each line and hands it over a
//! channel, so a hung engine times out (`recv_timeout`) instead of blocking the caller.
//! `MESSAGE`, `DEBUG` and `UNKNOWN` lines are skipped (a move's `MESSAGE`s are kept with
//! it). A [`Transcript`] set on an engine records every line both ways (c-gomoku-cli's
//! `-log`).
//!
//! An engine runs in a process group of its own, with a mark in its environment that
//! everything it starts inherits; dropping an [`ExternalEngine`] kills the whole tree
//! (`processes.rs` says how), and [`kill_all_engines`] kills every engine of the program.

mod fault;
mod processes;
mod transcript;

pub use fault::{EngineFault, IllegalReason};
pub use processes::{kill_all_engines, live_engines};
pub use transcript::Transcript;

use fault::{no_game, quotes_sent};
use processes::{MARK, NEXT_MARK, Watchdog, kill_trees, registry};

use crate::command::{Answer, parse_answer};
use gomoku_board::{Board, BoardError, Cell, Geometry, Pos, Rule};
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// Lines of an engine's output held between reads (each at most [`crate::MAX_LINE`]).
const LINES_IN_FLIGHT: usize = 256;

/// A command sent this soon after the engine's move may meet an engine still finishing it.
const DROP_WINDOW: Duration = Duration::from_millis(20);

/// How long a crashed engine may take to exit after closing its output.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Working directory (`None` = the caller's).
    pub dir: Option<PathBuf>,
    /// File the engine's stderr is appended to (`None` = discarded).
    pub stderr: Option<PathBuf>,
}

impl EngineCommand {
    /// A command running `program` with `args` in the caller's directory.
    pub fn new(
        program: impl Into<PathBuf>,
        args: impl IntoIterator<Item = impl Into<String>>,
    ) -> EngineCommand {
        EngineCommand {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            dir: None,
            stderr: None,
        }
    }
}

/// Time and memory limits of a game, sent to the engine with `INFO` and enforced here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// Limit per move (`INFO timeout_turn`); `None` = none.
    pub turn: Option<Duration>,
    /// Limit for the engine's moves of a whole game (`INFO timeout_match`, `time_left`).
    pub game: Option<Duration>,
    /// Added to the game's time before each move (c-gomoku-cli's `tc=M/T+I`); only with
    /// `game`.
    pub increment: Duration,
    /// Extra time allowed past a limit before the engine is declared out of time.
    pub tolerance: Duration,
    /// Limit for answering `START` and `ABOUT`.
    pub start: Duration,
    /// `INFO max_memory` in bytes, if any.
    pub max_memory: Option<u64>,
    /// The least time between the engine's move and the next line sent to it (none by
    /// default): Rapfi loses the first word of a command that arrives as it finishes a move.
    pub command_gap: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            turn: None,
            game: None,
            increment: Duration::ZERO,
            tolerance: Duration::from_millis(1000),
            start: Duration::from_secs(10),
            max_memory: None,
            command_gap: Duration::ZERO,
        }
    }
}

/// An accepted move and how long the engine took for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReply {
    /// The move (legal on the position kept for the engine, and already played there).
    pub pos: Pos,
    /// From sending the command to receiving the answer line.
    pub elapsed: Duration,
    /// Every `MESSAGE` sent while thinking, in order.
    pub messages: Vec<String>,
}

enum Event {
    Line(String, Instant),
    /// A line over [`crate::MAX_LINE`] bytes; the reader stops there.
    TooLong,
    Eof,
}

/// A running external engine. Dropping it kills its processes.
pub struct ExternalEngine {
    child: Child,
    mark: u64,
    /// Kills the engine's processes if we are killed outright; stopped before the leader is
    /// reaped.
    watchdog: Option<Watchdog>,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    eof: bool,
    reaped: Option<Option<ExitStatus>>,
    board: Option<Board>,
    timeouts: Timeouts,
    game_used: Duration,
    /// Moves asked of the engine in this game: each brought its increment.
    game_requests: u32,
    time_cap: Option<Duration>,
    last_message: Option<String>,
    /// When the engine's last move arrived, until the next line is sent to it.
    last_move_at: Option<Instant>,
    /// Whether the first line since the engine's last move went out within [`DROP_WINDOW`]
    /// of it (so an `ERROR` quoting it may be a lost command word).
    sent_soon: bool,
    transcript: Option<Transcript>,
}

impl ExternalEngine {
    /// Starts the engine process (nothing is sent yet).
    pub fn spawn(cmd: &EngineCommand) -> Result<ExternalEngine, EngineFault> {
        let spawn_err = |source| EngineFault::Spawn {
            program: cmd.program.display().to_string(),
            source,
        };
        let mut c = Command::new(&cmd.program);
        c.args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .process_group(0);
        match &cmd.stderr {
            Some(path) => {
                let f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(spawn_err)?;
                c.stderr(f);
            }
            None => {
                c.stderr(Stdio::null());
            }
        }
        if let Some(dir) = &cmd.dir {
            c.current_dir(dir);
        }
        let mark = NEXT_MARK.fetch_add(1, Ordering::Relaxed);
        let mark_value = format!("{}.{mark}", std::process::id());
        c.env(MARK, &mark_value);
        // Started and listed under the lock, so that `kill_all_engines` sees every engine.
        let mut child = {
            let mut registry = registry();
            if registry.closed {
                return Err(spawn_err(std::io::Error::other("the program is exiting")));
            }
            let child = c.spawn().map_err(spawn_err)?;
            registry.live.push(child.id());
            child
        };
        let watchdog = Watchdog::start(child.id(), &format!("{MARK}={mark_value}"));
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
        // Bounded: an engine that writes line after line while nobody reads (between its
        // turns) fills the channel, then its pipe, and then waits; unbounded, a `yes
        // MESSAGE` grew our memory by 150 MB a second.
        let (tx, rx) = sync_channel(LINES_IN_FLIGHT);
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    match crate::read_line(&mut r, &mut buf) {
                        Ok(crate::LineRead::Line) => {}
                        Ok(crate::LineRead::TooLong) => {
                            let _ = tx.send(Event::TooLong);
                            return;
                        }
                        Ok(crate::LineRead::Eof) | Err(_) => break,
                    }
                    let now = Instant::now();
                    let text = String::from_utf8_lossy(&buf);
                    // Lines may end in CR LF, LF or a lone CR.
                    for part in text.split(['\r', '\n']) {
                        let part = part.trim();
                        if !part.is_empty() && tx.send(Event::Line(part.to_string(), now)).is_err()
                        {
                            return;
                        }
                    }
                }
                let _ = tx.send(Event::Eof);
            })
            .map_err(EngineFault::Io)?;
        Ok(ExternalEngine {
            child,
            mark,
            watchdog,
            stdin,
            rx,
            eof: false,
            reaped: None,
            board: None,
            timeouts: Timeouts::default(),
            game_used: Duration::ZERO,
            game_requests: 0,
            time_cap: None,
            last_message: None,
            last_move_at: None,
            sent_soon: false,
            transcript: None,
        })
    }

    /// The engine's process id (also its process group id).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The position as this side knows it (after its last move).
    pub fn position(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// Records every line sent to and read from the engine from now on.
    pub fn set_transcript(&mut self, transcript: Transcript) {
        self.transcript = Some(transcript);
    }

    /// The last `MESSAGE` line the engine sent.
    pub fn last_message(&self) -> Option<&str> {
        self.last_message.as_deref()
    }

    /// Time the engine's moves have used in the current game.
    pub fn game_time_used(&self) -> Duration {
        self.game_used
    }

    /// Caps the time left for the next moves (sent as `INFO time_left` and enforced, with the
    /// tolerance), on top of the game limit: for a manager that keeps its own clock, such as
    /// the tournament runner under a game time control. `None` removes the cap.
    pub fn set_time_cap(&mut self, cap: Option<Duration>) {
        self.time_cap = cap;
    }

    /// Waits until the command gap since the engine's last move has passed. Every line
    /// sent waits so; a manager that times the engine calls this first, so that the wait
    /// is not charged to the engine's move.
    pub fn settle(&mut self) {
        if let Some(at) = self.last_move_at.take() {
            let wait = (at + self.timeouts.command_gap).saturating_duration_since(Instant::now());
            if !wait.is_zero() {
                std::thread::sleep(wait);
            }
            self.sent_soon = at.elapsed() < DROP_WINDOW;
        }
    }

    /// A refusal of `sent`, the first line(s) sent since the engine's last move.
    fn refusal(&mut self, message: String, sent: &str) -> EngineFault {
        let dropped = std::mem::take(&mut self.sent_soon) && quotes_sent(&message, sent);
        EngineFault::Refused { message, dropped }
    }

    /// Sends one line and flushes (after the command gap).
    fn send(&mut self, text: &str) -> Result<(), EngineFault> {
        self.settle();
        if let Some(t) = self.transcript.as_mut() {
            t.sent(text);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.crashed());
        };
        let r = stdin
            .write_all(text.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        match r {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(self.crashed()),
            Err(e) => Err(EngineFault::Io(e)),
        }
    }

    /// Whether the engine process has exited (a zombie or gone), without reaping it.
    fn has_exited(&mut self) -> bool {
        if self.reaped.is_some() {
            return true;
        }
        match std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())) {
            // The state follows the command name in parentheses.
            Ok(stat) => stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
            Err(_) => match self.child.try_wait() {
                Ok(Some(status)) => {
                    // Reaped: its group id may be reused, and without /proc its other
                    // processes cannot be found.
                    if let Some(w) = self.watchdog.take() {
                        w.stop();
                    }
                    self.reaped = Some(Some(status));
                    let leader = self.child.id();
                    registry().live.retain(|&l| l != leader);
                    true
                }
                Ok(None) => false,
                Err(_) => true,
            },
        }
    }

    /// Kills the engine's processes (then the leader directly) and reaps the leader.
    fn kill_and_reap(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.reaped {
            return status;
        }
        let (leader, mark) = (self.child.id(), self.mark);
        if let Some(w) = self.watchdog.take() {
            w.stop();
        }
        kill_trees(&[leader], |m| m == mark);
        let _ = self.child.kill();
        // Unlisted before the leader is reaped, while its group id is still its own.
        registry().live.retain(|&l| l != leader);
        let status = self.child.wait().ok();
        self.reaped = Some(status);
        self.stdin = None;
        status
    }

    /// The engine is gone: give it a moment to exit, then collect its status.
    fn crashed(&mut self) -> EngineFault {
        let until = Instant::now() + EXIT_GRACE;
        while !self.has_exited() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let exited = self.has_exited();
        let status = self.kill_and_reap();
        EngineFault::Crashed {
            status: status.filter(|_| exited),
            stopped: !exited,
        }
    }

    /// Waits for the next line that is not MESSAGE/DEBUG/UNKNOWN, until `deadline`.
    fn next_answer(
        &mut self,
        sent: Instant,
        deadline: Option<(Instant, Duration)>,
        messages: &mut Vec<String>,
    ) -> Result<(Answer, String, Instant), EngineFault> {
        loop {
            if self.eof {
                return Err(self.crashed());
            }
            let event = match deadline {
                None => self.rx.recv().unwrap_or(Event::Eof),
                Some((at, limit)) => {
                    let wait = at.saturating_duration_since(Instant::now());
                    match self.rx.recv_timeout(wait) {
                        Ok(ev) => ev,
                        Err(RecvTimeoutError::Timeout) => {
                            return Err(EngineFault::Timeout {
                                limit,
                                tolerance: at.saturating_duration_since(sent).saturating_sub(limit),
                                elapsed: sent.elapsed(),
                            });
                        }
                        Err(RecvTimeoutError::Disconnected) => Event::Eof,
                    }
                }
            };
            match event {
                Event::Eof => self.eof = true,
                Event::TooLong => {
                    return Err(EngineFault::Garbage {
                        line: format!(
                            "a line longer than {} bytes without a line break",
                            crate::MAX_LINE
                        ),
                    });
                }
                Event::Line(line, at) => {
                    if let Some(t) = self.transcript.as_mut() {
                        t.received(&line);
                    }
                    match parse_answer(&line) {
                        Answer::Message(m) => {
                            self.last_message = Some(m.clone());
                            messages.push(m);
                        }
                        Answer::Debug(_) | Answer::Unknown(_) => {}
                        a => return Ok((a, line, at)),
                    }
                }
            }
        }
    }

    /// Sends `ABOUT` and returns the answer line (`name="...", version="..."...`).
    pub fn about(&mut self) -> Result<String, EngineFault> {
        self.send("ABOUT")?;
        let sent = Instant::now();
        let limit = self.timeouts.start;
        let (answer, line, _) =
            self.next_answer(sent, Some((sent + limit, limit)), &mut Vec::new())?;
        match answer {
            Answer::Error(message) => Err(EngineFault::Refused {
                message,
                dropped: false,
            }),
            _ => Ok(line),
        }
    }

    /// Starts a game: `START n` (or `RECTSTART w,h`), waits for `OK`, then sends the
    /// `INFO` lines (timeout_turn, timeout_match, max_memory, game_type 1, rule).
    pub fn start(
        &mut self,
        geometry: Geometry,
        rule: Rule,
        timeouts: Timeouts,
    ) -> Result<(), EngineFault> {
        if geometry.k != 5 {
            return Err(EngineFault::Usage(format!(
                "the Gomocup protocol plays five in a row, not k={}",
                geometry.k
            )));
        }
        let board = Board::new(geometry, rule).map_err(|e| EngineFault::Usage(e.to_string()))?;
        self.timeouts = timeouts;
        self.game_used = Duration::ZERO;
        self.game_requests = 0;
        self.board = None;
        let cmd = if geometry.width == geometry.height {
            format!("START {}", geometry.width)
        } else {
            format!("RECTSTART {},{}", geometry.width, geometry.height)
        };
        self.send(&cmd)?;
        let sent = Instant::now();
        let limit = timeouts.start;
        let mut chatter = Vec::new();
        loop {
            let (answer, _, _) =
                self.next_answer(sent, Some((sent + limit, limit)), &mut chatter)?;
            match answer {
                Answer::Ok => {
                    self.sent_soon = false;
                    break;
                }
                Answer::Error(message) => return Err(self.refusal(message, &cmd)),
                // Banners and other chatter before OK are tolerated.
                _ => {}
            }
        }
        let ms = |d: Duration| d.as_millis().min(u32::MAX as u128);
        let mut info = Vec::new();
        if let Some(t) = timeouts.turn.or(timeouts.game) {
            info.push(format!("INFO timeout_turn {}", ms(t)));
        }
        info.push(format!(
            "INFO timeout_match {}",
            timeouts.game.map_or(0, ms)
        ));
        if let Some(m) = timeouts.max_memory {
            info.push(format!("INFO max_memory {m}"));
        }
        info.push("INFO game_type 1".into());
        info.push(format!("INFO rule {}", rule.gomocup_code()));
        self.send(&info.join("\n"))?;
        self.board = Some(board);
        Ok(())
    }

    /// Sends an engine option as `INFO NAME VALUE` (after [`start`](Self::start)'s limits,
    /// as c-gomoku-cli sends its `option.NAME=VALUE`). The caller keeps line breaks out.
    pub fn info(&mut self, name: &str, value: &str) -> Result<(), EngineFault> {
        self.send(&format!("INFO {name} {value}"))
    }

    /// Asks for the opening move on the empty board (`BEGIN`).
    pub fn begin(&mut self) -> Result<MoveReply, EngineFault> {
        let board = self.game()?;
        if board.stone_count() > 0 {
            return Err(EngineFault::Usage("BEGIN on a non-empty board".into()));
        }
        self.request("BEGIN".into())
    }

    /// Tells the engine the opponent's move and gets its answer (`TURN x,y`).
    pub fn turn(&mut self, opponent: Pos) -> Result<MoveReply, EngineFault> {
        let board = self.board.as_mut().ok_or_else(no_game)?;
        board
            .try_make(opponent)
            .map_err(|e| EngineFault::Usage(format!("opponent's move: {e}")))?;
        self.request(format!("TURN {},{}", opponent.x, opponent.y))
    }

    /// Sends a whole position with the engine to move (`BOARD` ... `DONE`) and gets its move.
    /// Set-up stones go first, Black and White alternating, then the history in order.
    pub fn board(&mut self, position: &Board) -> Result<MoveReply, EngineFault> {
        let game = self.game()?;
        if game.geometry() != position.geometry() || game.rule() != position.rule() {
            return Err(EngineFault::Usage(
                "BOARD position has another geometry or rule than the game".into(),
            ));
        }
        let me = position.to_move();
        let history = position.history();
        let mut in_history = vec![false; position.cells().len()];
        for &p in history {
            in_history[position.index(p)] = true;
        }
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for p in position.points() {
            if in_history[position.index(p)] {
                continue;
            }
            match position.cell(p) {
                Cell::Black => black.push(p),
                Cell::White => white.push(p),
                _ => {}
            }
        }
        let mut order = Vec::with_capacity(position.stone_count());
        for i in 0..black.len().max(white.len()) {
            order.extend(black.get(i));
            order.extend(white.get(i));
        }
        order.extend(history);
        let mut text = String::from("BOARD");
        for p in order {
            let own = position.cell(p).color() == Some(me);
            text.push_str(&format!("\n{},{},{}", p.x, p.y, if own { 1 } else { 2 }));
        }
        text.push_str("\nDONE");
        self.board = Some(position.clone());
        self.request(text)
    }

    fn game(&self) -> Result<&Board, EngineFault> {
        self.board.as_ref().ok_or_else(no_game)
    }

    /// Sends a move request and waits for a legal move within the limits.
    fn request(&mut self, text: String) -> Result<MoveReply, EngineFault> {
        // The gap is waited out before the clock starts: it is the manager's, not the engine's.
        self.settle();
        let t = self.timeouts;
        // As c-gomoku-cli does, the increment comes before the move it is for.
        self.game_requests += 1;
        let banked = t.increment * self.game_requests;
        let game_left = t.game.map(|g| (g + banked).saturating_sub(self.game_used));
        let game_left = match (game_left, self.time_cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut said = String::new();
        if let Some(left) = game_left {
            said = format!("INFO time_left {}", left.as_millis());
            self.send(&said)?;
        }
        let limit = match (t.turn, game_left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // The clock starts before the write: the write is part of the round trip.
        let sent = Instant::now();
        self.send(&text)?;
        let deadline = limit.map(|l| (sent + l + t.tolerance, l));
        let mut messages = Vec::new();
        loop {
            let (answer, line, at) = self.next_answer(sent, deadline, &mut messages)?;
            let elapsed = at.saturating_duration_since(sent);
            let (x, y) = match answer {
                Answer::Move(x, y) => (x, y),
                Answer::Suggest(x, y) => {
                    // Accept the suggestion: the engine must now play it.
                    self.send(&format!("PLAY {x},{y}"))?;
                    continue;
                }
                Answer::Error(message) => {
                    let first = if said.is_empty() { &text } else { &said };
                    return Err(self.refusal(message, first));
                }
                _ => {
                    return Err(EngineFault::Garbage {
                        line: line.chars().take(200).collect(),
                    });
                }
            };
            self.game_used += elapsed;
            let board = self.board.as_mut().expect("a game");
            let illegal = |reason| EngineFault::IllegalMove { x, y, reason };
            if !board.contains(x.clamp(-1, 1000) as i32, y.clamp(-1, 1000) as i32) {
                return Err(illegal(IllegalReason::OffBoard));
            }
            let pos = Pos::new(x as u8, y as u8);
            self.last_move_at = Some(at);
            self.sent_soon = false;
            return match board.try_make(pos) {
                Ok(()) => Ok(MoveReply {
                    pos,
                    elapsed,
                    messages,
                }),
                Err(BoardError::Occupied(_)) => Err(illegal(IllegalReason::Occupied)),
                Err(BoardError::Forbidden(_)) => Err(illegal(IllegalReason::Forbidden)),
                Err(BoardError::GameOver) => Err(illegal(IllegalReason::GameOver)),
                Err(_) => Err(illegal(IllegalReason::OffBoard)),
            };
        }
    }

    /// Sends `END`, waits up to the tolerance for the engine to exit, then kills what is left.
    /// Returns the exit status.
    pub fn end(mut self) -> Option<ExitStatus> {
        if self.reaped.is_none() && self.send("END").is_ok() {
            let until = Instant::now() + self.timeouts.tolerance;
            while !self.has_exited() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        self.kill_and_reap()
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        self.kill_and_reap();
    }
}
