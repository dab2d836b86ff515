//! The brain-side protocol state machine: feed it the manager's lines one by one, write out
//! the replies it returns. Thinking happens inside [`Session::handle_line`], on the caller's
//! thread (the protocol needs no pondering, and a single-threaded brain must not read input
//! while it thinks).

use crate::brain::{Brain, fallback_move};
use crate::clock::Clock;
use crate::command::{BoardLine, Command, parse_board_line, parse_command, parse_int};
use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule};
use std::fmt;
use std::time::Instant;

/// `INFO` keys of the protocol and of other managers' extensions that a brain may ignore
/// (c-gomoku-cli's `max_depth`, `max_node`, `thread_num`; Yixin's and Piskvork's): any other
/// key is a brain option ([`Brain::set_option`]), and one the brain does not have is an error.
pub const IGNORED_INFO_KEYS: [&str; 8] = [
    "evaluate",
    "max_depth",
    "max_node",
    "thread_num",
    "caution",
    "strength",
    "pondering",
    "usedatabase",
];

/// One line the brain writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `OK`.
    Ok,
    /// The brain's move, `x,y`.
    Move(Pos),
    /// `ERROR text`: unsupported size, bad input, impossible request.
    Error(String),
    /// `UNKNOWN text`: a command this brain does not know.
    Unknown(String),
    /// `MESSAGE text`: information shown to the user (search statistics).
    Message(String),
    /// `DEBUG text`: information shown in the manager's debug mode.
    Debug(String),
    /// The `ABOUT` line, already formatted.
    About(String),
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A reply is one line: never let a message break it.
        let one = |s: &str| s.replace(['\r', '\n'], " ");
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Move(p) => write!(f, "{},{}", p.x, p.y),
            Reply::Error(s) => write!(f, "ERROR {}", one(s)),
            Reply::Unknown(s) => write!(f, "UNKNOWN {}", one(s)),
            Reply::Message(s) => write!(f, "MESSAGE {}", one(s)),
            Reply::Debug(s) => write!(f, "DEBUG {}", one(s)),
            Reply::About(s) => f.write_str(&one(s)),
        }
    }
}

/// The most characters of an unknown command echoed in `UNKNOWN`.
const ECHO_CHARS: usize = 64;

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `END` was received: exit.
    Exit,
}

/// What the brain answers to `ABOUT`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// Brain name.
    pub name: String,
    /// Version.
    pub version: String,
    /// Author.
    pub author: String,
    /// Country.
    pub country: String,
}

impl Default for About {
    fn default() -> Self {
        About {
            name: "gomoku-arena".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            author: "gomoku-arena developers".into(),
            country: "Unknown".into(),
        }
    }
}

impl fmt::Display for About {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let q = |s: &str| s.replace('"', "'");
        write!(
            f,
            "name=\"{}\", version=\"{}\", author=\"{}\", country=\"{}\"",
            q(&self.name),
            q(&self.version),
            q(&self.author),
            q(&self.country)
        )
    }
}

/// The protocol state of one brain process: board, rule, time settings and the brain.
pub struct Session<B: Brain> {
    brain: B,
    about: About,
    rule: Rule,
    board: Option<Board>,
    clock: Clock,
    max_memory: u64,
    game_type: Option<i64>,
    folder: Option<String>,
    block: Option<Vec<(i64, i64, i64)>>,
}

impl<B: Brain> Session<B> {
    /// A session with no game started (freestyle until `INFO rule` says otherwise).
    pub fn new(brain: B) -> Session<B> {
        Session {
            brain,
            about: About::default(),
            rule: Rule::Freestyle,
            board: None,
            clock: Clock::default(),
            max_memory: 0,
            game_type: None,
            folder: None,
            block: None,
        }
    }

    /// Replaces the `ABOUT` answer.
    pub fn with_about(mut self, about: About) -> Session<B> {
        self.about = about;
        self
    }

    /// The current position, if a game was started.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rule in force.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The time settings received so far.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The last `INFO max_memory` (bytes, 0 = none), `game_type` and `folder` values.
    pub fn info(&self) -> (u64, Option<i64>, Option<&str>) {
        (self.max_memory, self.game_type, self.folder.as_deref())
    }

    /// The brain.
    pub fn brain(&self) -> &B {
        &self.brain
    }

    /// Handles one input line, appending the replies to `out` in the order to write them.
    pub fn handle_line(&mut self, line: &str, out: &mut Vec<Reply>) -> Flow {
        if self.block.is_some() {
            self.board_line(line, out);
            return Flow::Continue;
        }
        let cmd = match parse_command(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                out.push(Reply::Error(e.to_string()));
                return Flow::Continue;
            }
        };
        match cmd {
            Command::Start(n) => self.start(n, n, out),
            Command::RectStart(w, h) => self.start(w, h, out),
            Command::Restart => match self.board.as_ref().map(|b| b.geometry()) {
                Some(g) => self.start(g.width as i64, g.height as i64, out),
                None => out.push(Reply::Error("RESTART before START".into())),
            },
            Command::Begin => match self.board.as_ref() {
                None => out.push(Reply::Error("BEGIN before START".into())),
                Some(b) if b.stone_count() > 0 => {
                    out.push(Reply::Error("BEGIN on a non-empty board".into()))
                }
                Some(_) => self.play_own(out),
            },
            Command::Turn(x, y) => {
                if let Some(pos) = self.point(x, y, out) {
                    let board = self.board.as_mut().expect("checked by point");
                    board.make(pos);
                    self.play_own(out);
                }
            }
            Command::Board => {
                if self.board.is_none() {
                    out.push(Reply::Error("BOARD before START".into()));
                }
                // Collect the block anyway so its lines are not taken for commands.
                self.block = Some(Vec::new());
            }
            Command::Info(key, value) => self.info_line(&key, &value, out),
            Command::End => return Flow::Exit,
            Command::About => out.push(Reply::About(self.about.to_string())),
            Command::Takeback(x, y) => self.takeback(x, y, out),
            Command::Play(x, y) => {
                if let Some(pos) = self.point(x, y, out) {
                    self.board.as_mut().expect("checked by point").make(pos);
                    out.push(Reply::Move(pos));
                }
            }
            Command::Unknown(word) => {
                // Echo a bounded prefix: a manager that sends a huge word gets it back cut.
                let cut: String = word.chars().take(ECHO_CHARS).collect();
                let more = if cut.len() < word.len() { "..." } else { "" };
                out.push(Reply::Unknown(format!("command {cut}{more}")))
            }
        }
        Flow::Continue
    }

    /// Checks that `x,y` is an empty point of the current board.
    fn point(&self, x: i64, y: i64, out: &mut Vec<Reply>) -> Option<Pos> {
        let Some(board) = self.board.as_ref() else {
            out.push(Reply::Error("no game started (send START first)".into()));
            return None;
        };
        let g = board.geometry();
        if x < 0 || y < 0 || x as usize >= g.width || y as usize >= g.height {
            out.push(Reply::Error(format!(
                "point {x},{y} is off the {}x{} board",
                g.width, g.height
            )));
            return None;
        }
        let pos = Pos::new(x as u8, y as u8);
        if board.cell(pos) != Cell::Empty {
            out.push(Reply::Error(format!("point {x},{y} is occupied")));
            return None;
        }
        Some(pos)
    }

    fn start(&mut self, width: i64, height: i64, out: &mut Vec<Reply>) {
        let bad = || Reply::Error(format!("unsupported board size {width}x{height}"));
        if !(1..=1000).contains(&width) || !(1..=1000).contains(&height) {
            self.board = None;
            out.push(bad());
            return;
        }
        let geometry = Geometry {
            width: width as usize,
            height: height as usize,
            k: 5,
        };
        match Board::new(geometry, self.rule) {
            Ok(b) => {
                self.board = Some(b);
                self.brain.new_game();
                out.push(Reply::Ok);
            }
            Err(e) => {
                self.board = None;
                out.push(Reply::Error(format!("unsupported board size: {e}")));
            }
        }
    }

    fn info_line(&mut self, key: &str, value: &str, out: &mut Vec<Reply>) {
        let number = || parse_int(value, "INFO value");
        let result = match key {
            "timeout_turn" => number().map(|v| self.clock.timeout_turn = Some(v.max(0) as u64)),
            "timeout_match" => number().map(|v| self.clock.timeout_match = Some(v.max(0) as u64)),
            "time_left" => number().map(|v| self.clock.time_left = Some(v.max(0) as u64)),
            "max_memory" => number().map(|v| {
                self.max_memory = v.max(0) as u64;
                self.brain.set_max_memory(self.max_memory);
            }),
            "game_type" => number().map(|v| self.game_type = Some(v)),
            "rule" => number().map(|v| self.set_rule(v, out)),
            "folder" => {
                self.folder = Some(value.to_string());
                Ok(())
            }
            // evaluate x,y (a GUI's mouse position) and the extensions of other managers
            // are ignored, as the protocol asks.
            _ if IGNORED_INFO_KEYS.contains(&key) => Ok(()),
            _ => {
                let taken = number().map_err(|e| e.to_string()).and_then(|v| {
                    self.brain.set_option(key, v).unwrap_or_else(|| {
                        Err("unknown key (the brain's options are the numeric fields of its engine file)".into())
                    })
                });
                if let Err(e) = taken {
                    out.push(Reply::Error(format!("INFO {key}: {e}")));
                }
                return;
            }
        };
        if let Err(e) = result {
            out.push(Reply::Error(format!("INFO {key}: {e}")));
        }
    }

    fn set_rule(&mut self, code: i64, out: &mut Vec<Reply>) {
        // Bit 2 (continuous game) is ignored; 1 = exact five; 4 = renju.
        let rule = match code & !2 {
            0 => Rule::Freestyle,
            1 => Rule::Standard,
            4 | 5 => Rule::Renju,
            _ => {
                out.push(Reply::Error(format!(
                    "unsupported rule {code} (0 freestyle, 1 exact five, 4 renju)"
                )));
                return;
            }
        };
        if rule == self.rule {
            return;
        }
        self.rule = rule;
        if let Some(board) = self.board.take() {
            self.board = Some(rebuild(&board, rule));
        }
    }

    fn takeback(&mut self, x: i64, y: i64, out: &mut Vec<Reply>) {
        let Some(board) = self.board.as_mut() else {
            out.push(Reply::Error("no game started (send START first)".into()));
            return;
        };
        let g = board.geometry();
        if x < 0 || y < 0 || x as usize >= g.width || y as usize >= g.height {
            out.push(Reply::Error(format!("point {x},{y} is off the board")));
            return;
        }
        let pos = Pos::new(x as u8, y as u8);
        let Some(color) = board.cell(pos).color() else {
            out.push(Reply::Error(format!("no stone at {x},{y}")));
            return;
        };
        if board.last_move() == Some(pos) {
            board.unmake();
        } else {
            let (mut black, mut white) = stones(board);
            black.retain(|&p| p != pos);
            white.retain(|&p| p != pos);
            match Board::from_stones(g, board.rule(), &black, &white, color) {
                Ok(b) => *board = b,
                Err(e) => {
                    out.push(Reply::Error(format!("takeback: {e}")));
                    return;
                }
            }
        }
        out.push(Reply::Ok);
    }

    fn board_line(&mut self, line: &str, out: &mut Vec<Reply>) {
        match parse_board_line(line) {
            Ok(None) => {}
            Ok(Some(BoardLine::Stone(x, y, f))) => {
                self.block.as_mut().expect("in a block").push((x, y, f));
            }
            Ok(Some(BoardLine::Done)) => {
                let lines = self.block.take().expect("in a block");
                if self.board.is_some() {
                    self.set_position(&lines, out);
                }
            }
            Err(e) => out.push(Reply::Error(format!("BOARD: {e}"))),
        }
    }

    /// Sets up a `BOARD` position and moves. Own stones are field 1. The brain is Black when
    /// both sides have as many stones, White when it has one fewer; otherwise the first stone
    /// listed is taken as Black. Stones are replayed in the order given when they alternate
    /// (so the board keeps a move history), else set up as a position.
    fn set_position(&mut self, lines: &[(i64, i64, i64)], out: &mut Vec<Reply>) {
        let board = self.board.as_ref().expect("a game");
        let (g, rule) = (board.geometry(), board.rule());
        let mut seen = vec![false; g.area()];
        let mut list: Vec<(Pos, bool)> = Vec::new();
        for &(x, y, f) in lines {
            if x < 0 || y < 0 || x as usize >= g.width || y as usize >= g.height {
                out.push(Reply::Error(format!(
                    "BOARD: point {x},{y} is off the board"
                )));
                continue;
            }
            let own = match f {
                1 => true,
                2 => false,
                3 => {
                    out.push(Reply::Debug(format!(
                        "BOARD: continuous-game marker at {x},{y} ignored"
                    )));
                    continue;
                }
                _ => {
                    out.push(Reply::Error(format!("BOARD: bad field {f} at {x},{y}")));
                    continue;
                }
            };
            let i = y as usize * g.width + x as usize;
            if seen[i] {
                out.push(Reply::Error(format!("BOARD: point {x},{y} given twice")));
                continue;
            }
            seen[i] = true;
            list.push((Pos::new(x as u8, y as u8), own));
        }
        let own_n = list.iter().filter(|s| s.1).count();
        let opp_n = list.len() - own_n;
        let me = if own_n == opp_n {
            Color::Black
        } else if own_n + 1 == opp_n {
            Color::White
        } else {
            out.push(Reply::Message(format!(
                "BOARD: {own_n} own and {opp_n} opponent stones; the first stone is taken as black"
            )));
            match list.first() {
                Some(&(_, false)) => Color::White,
                _ => Color::Black,
            }
        };
        let colour = |own: bool| if own { me } else { me.opponent() };
        let mut replay = Board::new(g, rule).expect("geometry already valid");
        let mut alternating = true;
        for &(p, own) in &list {
            if colour(own) != replay.to_move() {
                alternating = false;
                break;
            }
            replay.make(p);
        }
        let board = if alternating && replay.to_move() == me {
            replay
        } else {
            let pick = |c: Color| -> Vec<Pos> {
                list.iter()
                    .filter(|s| colour(s.1) == c)
                    .map(|s| s.0)
                    .collect()
            };
            Board::from_stones(g, rule, &pick(Color::Black), &pick(Color::White), me)
                .expect("points checked")
        };
        self.board = Some(board);
        self.play_own(out);
    }

    /// Thinks and plays the brain's move on the current board.
    fn play_own(&mut self, out: &mut Vec<Reply>) {
        let board = self.board.as_mut().expect("a game");
        if board.is_full() {
            out.push(Reply::Error("the board is full".into()));
            return;
        }
        let budget = self.clock.budget(board.stone_count());
        let start = Instant::now();
        let thought = if board.outcome().is_some() {
            // The game is already decided; any legal point will do.
            None
        } else {
            Some(self.brain.think(board, budget))
        };
        self.clock.spent(start.elapsed());
        let best = thought.as_ref().and_then(|t| t.best);
        let pos = match best {
            Some(p) if board.check_on_board(p).is_ok() && board.is_legal(p) => p,
            _ => {
                let Some(p) = fallback_move(board) else {
                    out.push(Reply::Error("no legal move".into()));
                    return;
                };
                if thought.is_some() {
                    let answered =
                        best.map_or("no move".to_string(), |b| format!("{},{}", b.x, b.y));
                    out.push(Reply::Debug(format!(
                        "brain answered {answered}, not a legal move; playing {},{}",
                        p.x, p.y
                    )));
                }
                p
            }
        };
        if let Some(t) = thought.as_ref().filter(|t| !t.info.is_empty()) {
            out.push(Reply::Message(t.info.clone()));
        }
        if let Some(t) = budget.time {
            out.push(Reply::Debug(format!(
                "budget {} ms (target {} ms)",
                t.hard.as_millis(),
                t.target.as_millis()
            )));
        }
        board.make(pos);
        out.push(Reply::Move(pos));
    }
}

/// The stones of each colour on a board, row by row.
fn stones(board: &Board) -> (Vec<Pos>, Vec<Pos>) {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for p in board.points() {
        match board.cell(p) {
            Cell::Black => black.push(p),
            Cell::White => white.push(p),
            _ => {}
        }
    }
    (black, white)
}

/// The same position under another rule (replaying the history when it holds every stone).
fn rebuild(board: &Board, rule: Rule) -> Board {
    let g = board.geometry();
    if board.stone_count() == board.history().len() {
        let mut b = Board::new(g, rule).expect("geometry already valid");
        for &p in board.history() {
            b.make(p);
        }
        b
    } else {
        let (black, white) = stones(board);
        Board::from_stones(g, rule, &black, &white, board.to_move()).expect("stones valid")
    }
}

/// Runs `session` on the lines of `input` (CR LF, LF or a lone CR end a line, as managers
/// send them), writing each reply to `output` and flushing it, until `END` or the end of
/// input. A panic while handling a line answers `ERROR internal error` and goes on: a brain
/// that dies takes the manager's game with it, a brain that answers keeps it.
pub fn serve<B: Brain>(
    session: &mut Session<B>,
    mut input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut replies = Vec::new();
    loop {
        match crate::read_line(&mut input, &mut buf)? {
            crate::LineRead::Eof => return Ok(()),
            crate::LineRead::TooLong => {
                crate::skip_line(&mut input)?;
                let e = Reply::Error(format!("line longer than {} bytes", crate::MAX_LINE));
                writeln!(output, "{e}")?;
                output.flush()?;
                continue;
            }
            crate::LineRead::Line => {}
        }
        let text = String::from_utf8_lossy(&buf);
        for line in text.split('\r') {
            replies.clear();
            let flow = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                session.handle_line(line, &mut replies)
            }))
            .unwrap_or_else(|_| {
                replies.push(Reply::Error("internal error".into()));
                Flow::Continue
            });
            for r in &replies {
                writeln!(output, "{r}")?;
                output.flush()?;
            }
            if flow == Flow::Exit {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests;
