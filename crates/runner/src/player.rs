//! What the runner plays with: the [`Player`] trait, the clock it hands to a player, the answer
//! it expects back, and two built-in players that need no engine (for tests, baselines and the
//! speed benchmark of the runner itself).

use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
use gomoku_engine::{Clock, TimeBudget};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;

/// How much a player may think, for a whole game. Depth and node limits make games independent
/// of the machine; [`TimeControl::MoveTime`] and [`TimeControl::GameTime`] make them depend on
/// the machine's speed and load, so their results are not reproducible bit for bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// Each player uses its own configured limit (an engine's own depth).
    #[default]
    EngineDefault,
    /// A fixed search depth per move.
    Depth(u32),
    /// A node budget per move.
    Nodes(u64),
    /// A fixed time per move (machine-dependent).
    MoveTime(Duration),
    /// A clock per side: `base` for the game plus `increment` per move (machine-dependent).
    /// A side whose clock runs out loses on time.
    GameTime {
        /// Time for the whole game.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

/// What a player is told before each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// The time control of the game.
    pub control: TimeControl,
    /// Time left on the mover's clock (only under [`TimeControl::GameTime`]).
    pub remaining: Option<Duration>,
    /// The number of moves already on the board (opening included).
    pub ply: usize,
}

impl ClockState {
    /// The time budget of this move from the engine's time manager
    /// ([`gomoku_engine::Clock::budget`]): a move time (less a twentieth and the
    /// [`IN_PROCESS_OVERHEAD`]), or a share of the game clock; `None` for depth and node
    /// controls.
    pub fn move_budget(&self) -> Option<TimeBudget> {
        let clock = match self.control {
            TimeControl::MoveTime(t) => Clock {
                turn: Some(t),
                ..Clock::default()
            },
            TimeControl::GameTime { increment, .. } => Clock {
                game_left: Some(self.remaining.unwrap_or_default()),
                increment,
                ..Clock::default()
            },
            _ => return None,
        };
        Clock {
            stones: self.ply,
            overhead: IN_PROCESS_OVERHEAD,
            ..clock
        }
        .budget()
    }

    /// The time this move may take before it counts as over its budget: the move time, or
    /// what is left on the clock (beyond which the move loses on time).
    pub fn move_limit(&self) -> Option<Duration> {
        match self.control {
            TimeControl::MoveTime(t) => Some(t),
            TimeControl::GameTime { .. } => self.remaining,
            _ => None,
        }
    }
}

/// Time kept back per move for the runner's own work around an in-process search.
pub const IN_PROCESS_OVERHEAD: Duration = Duration::from_millis(1);

/// Engine search counters of one move (zero for players that do not search).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchCounters {
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Transposition table hits.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub beta_cutoffs: u64,
    /// Beta cutoffs produced by the first move searched.
    pub first_move_cutoffs: u64,
}

/// A player's answer: the move and what the search says about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAnswer {
    /// The chosen point.
    pub pos: Pos,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth completed.
    pub depth: u32,
    /// Score from the mover's point of view (engine units).
    pub score: i32,
    /// Other search counters.
    pub counters: SearchCounters,
}

impl MoveAnswer {
    /// An answer with only a move (for players that do not search).
    pub fn just(pos: Pos) -> MoveAnswer {
        MoveAnswer {
            pos,
            nodes: 0,
            depth: 0,
            score: 0,
            counters: SearchCounters::default(),
        }
    }
}

/// Why a player gave no move. The mover loses the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerFault {
    /// The player died (an external process exited, an engine refused to start...).
    #[error("crash: {0}")]
    Crash(String),
    /// The player did not answer in time.
    #[error("timeout: {0}")]
    Timeout(String),
    /// The player answered something that is not a move.
    #[error("garbage answer: {0}")]
    Garbage(String),
    /// The player answered a move that cannot be played and cannot be represented as a
    /// [`Pos`] of the board (an external engine's move off the board or on a stone).
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

impl PlayerFault {
    /// Whether the player died or went silent past its tolerance (not a wrong answer):
    /// the faults c-gomoku-cli's `-fatalerror` ends the whole run on.
    pub fn is_crash_or_timeout(&self) -> bool {
        matches!(self, PlayerFault::Crash(_) | PlayerFault::Timeout(_))
    }
}

/// A Gomoku player: an in-process engine, a built-in heuristic, or (later) an external
/// engine speaking the Gomocup protocol. A worker thread owns its players and reuses them
/// from game to game; [`Player::new_game`] must drop every state that would make a game
/// depend on the games played before it (transposition tables, history), or runs would not
/// be the same on 1 thread and on 64.
pub trait Player {
    /// The player's name, as in standings.
    fn name(&self) -> &str;
    /// Prepares for a new game on this board and rule, forgetting earlier games.
    fn new_game(&mut self, geometry: Geometry, rule: Rule);
    /// Chooses a move for the side to move of `board`. All randomness must come from `rng`.
    fn choose_move(
        &mut self,
        board: &Board,
        clock: &ClockState,
        rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault>;
    /// The player's own limit per move, if it has one beyond the game's time control (an
    /// external engine's `timeout_turn`): a move over it is counted as an overshoot.
    fn turn_limit(&self) -> Option<Duration> {
        None
    }
    /// Waits until the player may be asked for a move (an external engine's command gap),
    /// before its clock starts: the wait is the manager's, not the player's.
    fn settle(&mut self) {}
    /// What the player said while choosing its last move (an external engine's `MESSAGE`
    /// lines, when its spec keeps them), taken; nothing for players that keep none.
    fn take_messages(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Builds a fresh player; each worker thread calls it once per participant it meets.
pub type PlayerFactory = Arc<dyn Fn() -> Result<Box<dyn Player>, String> + Send + Sync>;

/// The built-in players that need no engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinKind {
    /// A uniformly random legal move.
    Random,
    /// Completes a winning row if it can, else blocks the opponent's winning point, else
    /// plays a random empty point next to a stone.
    Greedy,
}

impl BuiltinKind {
    /// A short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            BuiltinKind::Random => "random",
            BuiltinKind::Greedy => "greedy",
        }
    }

    /// A factory of this player under a name.
    pub fn factory(self, name: &str) -> PlayerFactory {
        let name = name.to_string();
        Arc::new(move || {
            Ok(Box::new(BuiltinPlayer {
                name: name.clone(),
                kind: self,
                scratch: Vec::new(),
            }) as Box<dyn Player>)
        })
    }
}

/// A player of a [`BuiltinKind`].
#[derive(Clone, Debug)]
pub struct BuiltinPlayer {
    name: String,
    kind: BuiltinKind,
    scratch: Vec<Pos>,
}

impl BuiltinPlayer {
    /// A built-in player with a name.
    pub fn new(name: impl Into<String>, kind: BuiltinKind) -> BuiltinPlayer {
        BuiltinPlayer {
            name: name.into(),
            kind,
            scratch: Vec::new(),
        }
    }
}

fn near_stone(board: &Board, pos: Pos) -> bool {
    let (x, y) = (pos.x as i32, pos.y as i32);
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) != (0, 0)
                && board.contains(x + dx, y + dy)
                && board.cell(Pos::new((x + dx) as u8, (y + dy) as u8)) != Cell::Empty
            {
                return true;
            }
        }
    }
    false
}

impl Player for BuiltinPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _geometry: Geometry, _rule: Rule) {}

    fn choose_move(
        &mut self,
        board: &Board,
        _clock: &ClockState,
        rng: &mut ChaCha8Rng,
    ) -> Result<MoveAnswer, PlayerFault> {
        let me = board.to_move();
        let legal = |p: Pos| board.cell(p) == Cell::Empty && !board.is_forbidden(p);
        self.scratch.clear();
        match self.kind {
            BuiltinKind::Random => self.scratch.extend(board.points().filter(|&p| legal(p))),
            BuiltinKind::Greedy => {
                let mut block = None;
                for p in board.points() {
                    if board.cell(p) != Cell::Empty {
                        continue;
                    }
                    if legal(p) && board.wins_at(p, me) {
                        return Ok(MoveAnswer::just(p));
                    }
                    if block.is_none() && board.wins_at(p, me.opponent()) && legal(p) {
                        block = Some(p);
                    }
                    if near_stone(board, p) && legal(p) {
                        self.scratch.push(p);
                    }
                }
                if let Some(p) = block {
                    return Ok(MoveAnswer::just(p));
                }
                if self.scratch.is_empty() {
                    self.scratch.extend(board.points().filter(|&p| legal(p)));
                }
            }
        }
        if self.scratch.is_empty() {
            return Err(PlayerFault::Garbage("no legal move".into()));
        }
        let i = rng.random_range(0..self.scratch.len());
        Ok(MoveAnswer::just(self.scratch[i]))
    }
}
