//! An external Gomocup engine as a player: [`ExternalPlayer`] implements [`Player`] over
//! gomoku-protocol's [`ExternalEngine`], and [`external_factory`] builds one per worker thread.
//!
//! * `new_game` (re)starts the process when there is none (first game, or after a fault
//!   killed it), sends `START n` (or `RECTSTART w,h`) and the `INFO` lines (`timeout_turn`,
//!   `timeout_match`, `max_memory`, `game_type`, `rule`, then the engine's options); a
//!   running engine is reused and only gets a new `START` (if that fails, one fresh
//!   process is tried).
//! * `choose_move` sends `BEGIN` on the empty board, `TURN x,y` when the position is the one
//!   the engine last answered plus one opponent move, and `BOARD` ... `DONE` otherwise (the
//!   first move after an opening, as Gomocup managers do; every move under `send_board`,
//!   c-gomoku-cli's `-sendbyboard`). `INFO time_left` goes before each
//!   request when the game is timed. The answer is checked against the board (off the board,
//!   occupied, renju-forbidden for Black).
//! * Every fault loses the game with its reason: crash, refusal to play or failure to start
//!   ([`PlayerFault::Crash`], journaled as `crash`), timeout ([`PlayerFault::Timeout`],
//!   `time_forfeit`), garbage ([`PlayerFault::Garbage`], `garbage`), a move off the board or
//!   on a stone ([`PlayerFault::IllegalMove`], `illegal_move`); a renju-forbidden move is
//!   handed to the runner as a move, which records `forbidden`. After a fault the process
//!   group is killed and the next game starts a fresh process.
//! * Dropping the player sends `END`, waits up to the tolerance for the engine to exit and
//!   kills its process group.
//!
//! External engines make games depend on time: an engine's search depends on the clock, the
//! machine and its load, so a tournament with external participants is not reproducible move
//! for move; determinism (same games on 1 or 64 threads, after resume) holds only for
//! in-process engines and built-in players. (An engine that searches to a fixed depth, like
//! `pbrain-gomoku-arena` with a depth-limited config, still plays the same moves.)

use crate::player::{
    ClockState, MoveAnswer, Player, PlayerFactory, PlayerFault, SearchCounters, TimeControl,
};
use gomoku_board::{Board, Geometry, Rule};
use gomoku_protocol::external::{
    EngineCommand, EngineFault, ExternalEngine, IllegalReason, Timeouts, Transcript,
};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How to run an external engine and the limits it plays under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program, its arguments, working directory and stderr file.
    pub command: EngineCommand,
    /// Limit per move (`INFO timeout_turn`).
    pub move_time: Duration,
    /// Limit for the engine's moves of a game (`INFO timeout_match`), if any.
    pub game_time: Option<Duration>,
    /// Added to the game time before each move (c-gomoku-cli's `tc=M/T+I`).
    pub increment: Duration,
    /// Extra time allowed past a limit before the engine loses on time.
    pub tolerance: Duration,
    /// `INFO max_memory`, in bytes.
    pub max_memory: Option<u64>,
    /// Limit for answering `START` (engines that load a network may need seconds).
    pub start_timeout: Duration,
    /// The least time between the engine's move and the next line sent to it.
    pub command_gap: Duration,
    /// Engine options, sent as `INFO NAME VALUE` after the limits of every game.
    pub options: Vec<(String, String)>,
    /// Every move is asked with `BOARD` (c-gomoku-cli's `-sendbyboard`), never `TURN`.
    pub send_board: bool,
    /// Keep the `MESSAGE` lines of each move for the journal (c-gomoku-cli's `-msg`).
    pub keep_messages: bool,
    /// A folder where each worker thread N appends the engine's protocol lines to
    /// `c-gomoku-cli.N.log`, N from 1 (c-gomoku-cli's `-log`).
    pub log_dir: Option<PathBuf>,
}

impl ExternalSpec {
    /// A spec with a move time, a 1 s tolerance and a 10 s start limit.
    pub fn new(command: EngineCommand, move_time: Duration) -> ExternalSpec {
        ExternalSpec {
            command,
            move_time,
            game_time: None,
            increment: Duration::ZERO,
            tolerance: Duration::from_millis(1000),
            max_memory: None,
            start_timeout: Duration::from_secs(10),
            command_gap: Duration::ZERO,
            options: Vec::new(),
            send_board: false,
            keep_messages: false,
            log_dir: None,
        }
    }

    /// The limits sent to and enforced on the engine.
    pub fn timeouts(&self) -> Timeouts {
        Timeouts {
            turn: Some(self.move_time),
            game: self.game_time,
            increment: self.increment,
            tolerance: self.tolerance,
            start: self.start_timeout,
            max_memory: self.max_memory,
            command_gap: self.command_gap,
        }
    }
}

/// An external engine as a [`Player`]. See the [module documentation](self).
pub struct ExternalPlayer {
    name: String,
    spec: ExternalSpec,
    engine: Option<ExternalEngine>,
    /// A fault of `new_game`, reported (and lost on) at the first move of the game.
    pending: Option<PlayerFault>,
    /// Whether the engine has answered a move in this game (TURN is used only then).
    moved: bool,
    started: u64,
    /// The `MESSAGE` lines of the last move, when the spec keeps them.
    messages: Vec<String>,
}

impl ExternalPlayer {
    /// A player that starts its engine at the first game.
    pub fn new(name: impl Into<String>, spec: ExternalSpec) -> ExternalPlayer {
        ExternalPlayer {
            name: name.into(),
            spec,
            engine: None,
            pending: None,
            moved: false,
            started: 0,
            messages: Vec::new(),
        }
    }

    /// How many engine processes this player has started (1 + restarts after faults).
    pub fn processes_started(&self) -> u64 {
        self.started
    }

    /// The running engine's process id, if one runs.
    pub fn pid(&self) -> Option<u32> {
        self.engine.as_ref().map(ExternalEngine::pid)
    }

    fn spawn(&mut self) -> Result<(), EngineFault> {
        if self.engine.is_none() {
            let mut engine = ExternalEngine::spawn(&self.spec.command)?;
            if let Some(dir) = &self.spec.log_dir {
                let path = worker_log(dir);
                let file = std::fs::File::options()
                    .create(true)
                    .append(true)
                    .open(&path)
                    .map_err(|source| EngineFault::Spawn {
                        program: format!("{} (its log {})", self.name, path.display()),
                        source,
                    })?;
                engine.set_transcript(Transcript::new(Box::new(file), &self.name));
            }
            self.engine = Some(engine);
            self.started += 1;
        }
        Ok(())
    }

    fn start(&mut self, geometry: Geometry, rule: Rule) -> Result<(), EngineFault> {
        let timeouts = self.spec.timeouts();
        for _ in 0..2 {
            let reused = self.engine.is_some();
            self.spawn()?;
            let engine = self.engine.as_mut().expect("spawned");
            let started = engine.start(geometry, rule, timeouts).and_then(|()| {
                self.spec
                    .options
                    .iter()
                    .try_for_each(|(name, value)| engine.info(name, value))
            });
            match started {
                Ok(()) => return Ok(()),
                Err(f @ EngineFault::Usage(_)) => return Err(f),
                Err(f) => {
                    // Kill it; an engine that died between games gets one fresh process.
                    self.engine = None;
                    if !reused {
                        return Err(f);
                    }
                }
            }
        }
        unreachable!("the second attempt uses a fresh process")
    }

    fn fault(&self, f: &EngineFault) -> PlayerFault {
        let what = format!("{}: {f}", self.spec.command.program.display());
        match f {
            EngineFault::Timeout { .. } => PlayerFault::Timeout(what),
            EngineFault::Garbage { .. } => PlayerFault::Garbage(what),
            EngineFault::IllegalMove { .. } => PlayerFault::IllegalMove(what),
            EngineFault::Crashed { .. }
            | EngineFault::Spawn { .. }
            | EngineFault::Refused { .. }
            | EngineFault::Usage(_)
            | EngineFault::Io(_) => PlayerFault::Crash(what),
        }
    }
}

/// The `-log` file of the calling worker thread: `c-gomoku-cli.N.log`, N from 1 as
/// c-gomoku-cli numbers its threads (1 outside a pool).
pub fn worker_log(dir: &Path) -> PathBuf {
    let worker = rayon::current_thread_index().map_or(1, |i| i + 1);
    dir.join(worker_log_name(worker))
}

/// The name of worker thread `worker`'s `-log` file (from 1), as c-gomoku-cli names it.
pub fn worker_log_name(worker: usize) -> String {
    format!("c-gomoku-cli.{worker}.log")
}

/// Whether `board` is `known` plus one move (so `TURN` suffices).
fn one_move_on(known: &Board, board: &Board) -> bool {
    let (k, b) = (known.history(), board.history());
    b.len() == k.len() + 1
        && b.starts_with(k)
        && board.stone_count() == known.stone_count() + 1
        && board.geometry() == known.geometry()
        && board.rule() == known.rule()
}

/// Search figures from an engine's `MESSAGE` line: the numbers after the words `depth`,
/// `seldepth`, `score` (or `eval`) and `nodes`, when present (pbrain-gomoku-arena writes
/// `depth D seldepth S score C nodes N ...`).
pub fn parse_search_message(message: &str) -> (u32, u32, i32, u64) {
    let (mut depth, mut seldepth, mut score, mut nodes) = (0, 0, 0, 0);
    let words: Vec<&str> = message.split_whitespace().collect();
    for w in words.windows(2) {
        let key = w[0].trim_end_matches([':', '=']).to_ascii_lowercase();
        let value = w[1].trim_end_matches([',', ';']);
        match key.as_str() {
            "depth" => depth = value.parse().unwrap_or(depth),
            "seldepth" => seldepth = value.parse().unwrap_or(seldepth),
            "score" | "eval" => score = value.parse().unwrap_or(score),
            "nodes" => nodes = value.parse().unwrap_or(nodes),
            _ => {}
        }
    }
    (depth, seldepth, score, nodes)
}

impl Player for ExternalPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, geometry: Geometry, rule: Rule) {
        self.moved = false;
        self.pending = None;
        if let Err(f) = self.start(geometry, rule) {
            self.pending = Some(self.fault(&f));
            self.engine = None;
        }
    }

    fn turn_limit(&self) -> Option<Duration> {
        Some(self.spec.move_time)
    }

    fn settle(&mut self) {
        if let Some(engine) = self.engine.as_mut() {
            engine.settle();
        }
    }

    fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    fn choose_move(
        &mut self,
        board: &Board,
        clock: &ClockState,
        _rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        if let Some(f) = self.pending.take() {
            return Err(f);
        }
        let Some(engine) = self.engine.as_mut() else {
            return Err(PlayerFault::Crash(format!(
                "{}: engine not started",
                self.spec.command.program.display()
            )));
        };
        // The runner's own clock (game time controls) caps the engine's time left.
        let cap = match clock.control {
            TimeControl::GameTime { .. } => clock.remaining,
            _ => None,
        };
        engine.set_time_cap(cap);
        let turn = match engine.position() {
            Some(known) if self.moved && !self.spec.send_board && one_move_on(known, board) => {
                board.history().last()
            }
            _ => None,
        };
        let reply = if board.stone_count() == 0 {
            engine.begin()
        } else if let Some(&last) = turn {
            engine.turn(last)
        } else {
            engine.board(board)
        };
        match reply {
            Ok(r) => {
                self.moved = true;
                let (depth, seldepth, score, nodes) = r
                    .messages
                    .last()
                    .map_or((0, 0, 0, 0), |m| parse_search_message(m));
                if self.spec.keep_messages {
                    self.messages = r.messages;
                }
                Ok(MoveAnswer {
                    pos: r.pos,
                    nodes,
                    depth,
                    score,
                    counters: SearchCounters {
                        seldepth,
                        ..SearchCounters::default()
                    },
                })
            }
            Err(
                f @ EngineFault::IllegalMove {
                    reason: IllegalReason::Forbidden,
                    ..
                },
            ) if f.illegal_pos().is_some() => {
                // The runner records the forbidden move and the loss (`forbidden`).
                Ok(MoveAnswer::just(f.illegal_pos().expect("checked")))
            }
            Err(f) => {
                let fault = self.fault(&f);
                // Kill the process group; the next game starts a fresh engine.
                self.engine = None;
                Err(fault)
            }
        }
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.end();
        }
    }
}

/// A factory of [`ExternalPlayer`]s (one engine process per worker thread that plays it).
/// Nothing is started here: the first game starts the process.
pub fn external_factory(name: &str, spec: ExternalSpec) -> PlayerFactory {
    let name = name.to_string();
    Arc::new(move || {
        Ok(Box::new(ExternalPlayer::new(name.clone(), spec.clone())) as Box<dyn Player>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::Pos;

    #[test]
    fn search_messages() {
        assert_eq!(
            parse_search_message(
                "depth 3 seldepth 7 score -12 nodes 4567 nps 100 time 1.0 ms pv 7,7"
            ),
            (3, 7, -12, 4567)
        );
        assert_eq!(parse_search_message("Depth: 9, Eval: 35;"), (9, 0, 35, 0));
        assert_eq!(parse_search_message("hello"), (0, 0, 0, 0));
    }

    #[test]
    fn turn_only_for_one_more_move() {
        let mut known = Board::standard15();
        known.make(Pos::new(7, 7));
        let mut b = known.clone();
        b.make(Pos::new(8, 8));
        assert!(one_move_on(&known, &b));
        b.make(Pos::new(9, 9));
        assert!(!one_move_on(&known, &b));
        assert!(!one_move_on(&b, &known));
    }

    #[test]
    fn a_missing_program_loses_by_crash_and_the_player_survives() {
        let spec = ExternalSpec::new(
            EngineCommand::new("/nonexistent/pbrain-x", [""; 0]),
            Duration::from_millis(100),
        );
        let mut p = ExternalPlayer::new("x", spec);
        let b = Board::standard15();
        for _ in 0..2 {
            p.new_game(b.geometry(), b.rule());
            let clock = ClockState {
                control: TimeControl::EngineDefault,
                remaining: None,
                ply: 0,
            };
            let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
            let r = p.choose_move(&b, &clock, &mut rng);
            assert!(matches!(r, Err(PlayerFault::Crash(ref m)) if m.contains("cannot start")));
        }
        assert_eq!(p.processes_started(), 0);
    }
}
