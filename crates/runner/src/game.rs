//! One game between two players from an opening: [`play_game`] and the [`GameRecord`] it
//! returns. Used by tournaments, and by SPRT and tuning code that plays games from code.

use crate::player::{ClockState, MoveAnswer, Player, PlayerFault, TimeControl};
use gomoku_board::{Board, Cell, Color, Geometry, Outcome, Pos, Rule};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The result of a game, by stone colour (Black = the first mover of the whole game,
/// opening stones included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// A draw.
    Draw,
}

impl GameResult {
    /// The score of Black: 1, 0.5 or 0.
    pub fn black_score(self) -> f64 {
        match self {
            GameResult::Black => 1.0,
            GameResult::Draw => 0.5,
            GameResult::White => 0.0,
        }
    }

    /// The winner's colour, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Black => Some(Color::Black),
            GameResult::White => Some(Color::White),
            GameResult::Draw => None,
        }
    }

    fn win_for(color: Color) -> GameResult {
        match color {
            Color::Black => GameResult::Black,
            Color::White => GameResult::White,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A winning row.
    Five,
    /// The board is full: a draw.
    BoardFull,
    /// The move cap was reached: a draw.
    MoveCap,
    /// The side to move had no legal point (under renju, every empty point was forbidden to
    /// Black): a draw, as a full board is.
    NoLegalMove,
    /// A move onto a stone or off the board: the mover loses.
    IllegalMove,
    /// A renju-forbidden move by Black: Black loses.
    Forbidden,
    /// The mover's clock ran out or it did not answer in time: it loses.
    TimeForfeit,
    /// The mover crashed (an external engine exited or refused to play): it loses.
    Crash,
    /// The mover answered something that is not a move (an external engine's garbage line,
    /// an engine that found no move): it loses.
    Garbage,
    /// The game could not be played (a panic in the runner or a player, a player that could
    /// not be built): no result, not counted.
    Failed,
}

impl Reason {
    /// The snake_case name used in the journal.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::BoardFull => "board_full",
            Reason::MoveCap => "move_cap",
            Reason::NoLegalMove => "no_legal_move",
            Reason::IllegalMove => "illegal_move",
            Reason::Forbidden => "forbidden",
            Reason::TimeForfeit => "time_forfeit",
            Reason::Crash => "crash",
            Reason::Garbage => "garbage",
            Reason::Failed => "failed",
        }
    }
}

/// One move played by a player (opening moves are not included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The point.
    pub pos: Pos,
    /// Wall time of the player's answer, in microseconds (machine-dependent).
    pub time_us: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth completed.
    pub depth: u32,
    /// Score from the mover's point of view.
    pub score: i32,
}

/// Totals of one side's moves in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTotals {
    /// Moves made.
    pub moves: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Sum of completed depths (divide by `moves` for the mean).
    pub depth_sum: u64,
    /// Deepest selective depth reached.
    pub seldepth_max: u32,
    /// Transposition table hits.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub beta_cutoffs: u64,
    /// Beta cutoffs by the first move searched.
    pub first_move_cutoffs: u64,
}

impl SideTotals {
    fn add(&mut self, a: &MoveAnswer) {
        self.moves += 1;
        self.nodes += a.nodes;
        self.depth_sum += a.depth as u64;
        self.seldepth_max = self.seldepth_max.max(a.counters.seldepth);
        self.tt_hits += a.counters.tt_hits;
        self.beta_cutoffs += a.counters.beta_cutoffs;
        self.first_move_cutoffs += a.counters.first_move_cutoffs;
    }
}

/// The moves of one side that took longer than their limit (the move time, or a player's
/// own limit per move such as an external engine's `timeout_turn`) without losing on time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overshoots {
    /// How many moves.
    pub moves: u32,
    /// The largest excess, in microseconds.
    pub max_us: u64,
}

impl Overshoots {
    /// Whether no move went over.
    pub fn is_none(&self) -> bool {
        self.moves == 0
    }

    /// Counts a move that took `excess` past its limit.
    pub fn add(&mut self, excess: Duration) {
        self.moves += 1;
        self.max_us = self.max_us.max(excess.as_micros() as u64);
    }

    /// Both sides' counts together.
    pub fn merge(&mut self, other: &Overshoots) {
        self.moves += other.moves;
        self.max_us = self.max_us.max(other.max_us);
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The opening as played (after any symmetry transform).
    pub opening: Vec<Pos>,
    /// The players' moves after the opening.
    pub moves: Vec<MoveRecord>,
    /// The result; `None` only for [`Reason::Failed`].
    pub result: Option<GameResult>,
    /// Why the game ended.
    pub reason: Reason,
    /// Details of a fault (the illegal move, the crash message...).
    pub message: Option<String>,
    /// Search totals of Black and White.
    pub sides: [SideTotals; 2],
    /// Clock time used by Black and White, in microseconds.
    pub side_time_us: [u64; 2],
    /// Black's and White's moves over their limit (machine-dependent).
    pub overshoots: [Overshoots; 2],
    /// Time spent in the players' `choose_move`, exactly (not journaled).
    pub think: Duration,
    /// Time spent in the players' `new_game` (engines clear their tables) and, in tournaments,
    /// in building them (not journaled).
    pub reset: Duration,
    /// The fault that ended the game, as the player gave it (not journaled: `reason` and
    /// `message` say it there).
    pub fault: Option<PlayerFault>,
    /// The players' messages, each with the number of the move it came with (the stones on
    /// the board then, plus one, as c-gomoku-cli numbers them).
    pub messages: Vec<(u32, String)>,
}

impl GameRecord {
    /// A record of a game that could not be played.
    pub fn failed(opening: Vec<Pos>, message: String) -> GameRecord {
        GameRecord {
            opening,
            moves: Vec::new(),
            result: None,
            reason: Reason::Failed,
            message: Some(message),
            sides: [SideTotals::default(); 2],
            side_time_us: [0; 2],
            overshoots: [Overshoots::default(); 2],
            think: Duration::ZERO,
            reset: Duration::ZERO,
            fault: None,
            messages: Vec::new(),
        }
    }
}

/// Plays one game. `players[0]` takes Black (the first stone of the opening and every stone
/// of that colour after it), `players[1]` White. The opening is played on the board first; it
/// must be legal and not finished (tournaments check every opening before the first game).
/// The game ends at a winning row, a full board (draw), a side to move with no legal point
/// (draw: renju's Black when every empty point is forbidden), `move_cap` stones on the board
/// (draw; opening stones count, as c-gomoku-cli's `-drawafter`), or a fault, which loses.
/// All randomness of both players comes from `rng`.
pub fn play_game(
    players: [&mut dyn Player; 2],
    opening: &[Pos],
    geometry: Geometry,
    rule: Rule,
    control: TimeControl,
    move_cap: Option<usize>,
    rng: &mut ChaCha8Rng,
) -> GameRecord {
    let [black, white] = players;
    let mut players: [&mut dyn Player; 2] = [black, white];
    let mut record = GameRecord {
        opening: opening.to_vec(),
        moves: Vec::with_capacity(geometry.area().min(128)),
        result: None,
        reason: Reason::Failed,
        message: None,
        sides: [SideTotals::default(); 2],
        side_time_us: [0; 2],
        overshoots: [Overshoots::default(); 2],
        think: Duration::ZERO,
        reset: Duration::ZERO,
        fault: None,
        messages: Vec::new(),
    };
    let mut board = match Board::new(geometry, rule) {
        Ok(b) => b,
        Err(e) => {
            record.message = Some(format!("bad board: {e}"));
            return record;
        }
    };
    if let Err(e) = board.play_all(opening) {
        record.message = Some(format!("bad opening: {e}"));
        return record;
    }
    let reset_start = Instant::now();
    for p in players.iter_mut() {
        p.new_game(geometry, rule);
    }
    record.reset = reset_start.elapsed();
    let mut remaining = match control {
        TimeControl::GameTime { base, .. } => [Some(base); 2],
        _ => [None; 2],
    };
    let lose = |mover: Color| Some(GameResult::win_for(mover.opponent()));
    loop {
        match board.outcome() {
            Some(Outcome::Win(c)) => {
                record.result = Some(GameResult::win_for(c));
                record.reason = Reason::Five;
                break;
            }
            Some(Outcome::Draw) => {
                record.result = Some(GameResult::Draw);
                record.reason = Reason::BoardFull;
                break;
            }
            None => {}
        }
        if !board.has_legal_move() {
            record.result = Some(GameResult::Draw);
            record.reason = Reason::NoLegalMove;
            record.message = Some(format!(
                "{} ({}) has no legal move: every empty point is forbidden to it",
                board.to_move(),
                players[board.to_move().index()].name()
            ));
            break;
        }
        if move_cap.is_some_and(|cap| board.stone_count() >= cap) {
            record.result = Some(GameResult::Draw);
            record.reason = Reason::MoveCap;
            break;
        }
        let mover = board.to_move();
        let side = mover.index();
        let clock = ClockState {
            control,
            remaining: remaining[side],
            ply: board.history().len(),
        };
        players[side].settle();
        let start = Instant::now();
        let answer = players[side].choose_move(&board, &clock, rng);
        let elapsed = start.elapsed();
        record.think += elapsed;
        let time_us = elapsed.as_micros() as u64;
        record.side_time_us[side] += time_us;
        let number = board.stone_count() as u32 + 1;
        let said = players[side].take_messages().into_iter();
        record.messages.extend(said.map(|m| (number, m)));
        let answer = match answer {
            Ok(a) => a,
            Err(fault) => {
                record.result = lose(mover);
                record.reason = match fault {
                    PlayerFault::Timeout(_) => Reason::TimeForfeit,
                    PlayerFault::Crash(_) => Reason::Crash,
                    PlayerFault::Garbage(_) => Reason::Garbage,
                    PlayerFault::IllegalMove(_) => Reason::IllegalMove,
                };
                record.message = Some(format!("{mover} ({}): {fault}", players[side].name()));
                record.fault = Some(fault);
                break;
            }
        };
        if let (TimeControl::GameTime { increment, .. }, Some(left)) = (control, remaining[side]) {
            match left.checked_sub(elapsed) {
                Some(left) => remaining[side] = Some(left + increment),
                None => {
                    record.result = lose(mover);
                    record.reason = Reason::TimeForfeit;
                    record.message = Some(format!(
                        "{mover} ({}) overstepped its clock by {:.1} ms",
                        players[side].name(),
                        elapsed.saturating_sub(left).as_secs_f64() * 1e3
                    ));
                    break;
                }
            }
        }
        let limit = match (clock.move_limit(), players[side].turn_limit()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if let Some(limit) = limit
            && elapsed > limit
        {
            record.overshoots[side].add(elapsed - limit);
        }
        let pos = answer.pos;
        if board.check_on_board(pos).is_err() || board.cell(pos) != Cell::Empty {
            record.result = lose(mover);
            record.reason = Reason::IllegalMove;
            record.message = Some(format!(
                "{mover} ({}) played ({},{}) which is {}",
                players[side].name(),
                pos.x,
                pos.y,
                if board.check_on_board(pos).is_err() {
                    "off the board"
                } else {
                    "occupied"
                }
            ));
            break;
        }
        record.sides[side].add(&answer);
        record.moves.push(MoveRecord {
            pos,
            time_us,
            nodes: answer.nodes,
            depth: answer.depth,
            score: answer.score,
        });
        if board.is_forbidden(pos) {
            record.result = lose(mover);
            record.reason = Reason::Forbidden;
            record.message = Some(format!(
                "{mover} ({}) played a forbidden point",
                players[side].name()
            ));
            break;
        }
        board.make(pos);
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::{BuiltinKind, BuiltinPlayer};
    use rand::SeedableRng;

    /// A greedy player that takes `sleep` over every move.
    struct Slow(BuiltinPlayer, Duration);

    impl Player for Slow {
        fn name(&self) -> &str {
            self.0.name()
        }
        fn new_game(&mut self, geometry: Geometry, rule: Rule) {
            self.0.new_game(geometry, rule);
        }
        fn choose_move(
            &mut self,
            board: &Board,
            clock: &ClockState,
            rng: &mut ChaCha8Rng,
        ) -> Result<MoveAnswer, PlayerFault> {
            std::thread::sleep(self.1);
            self.0.choose_move(board, clock, rng)
        }
    }

    #[test]
    fn moves_over_the_move_time_are_counted_for_their_side() {
        for slow_side in 0..2 {
            let mut slow = Slow(
                BuiltinPlayer::new("slow", BuiltinKind::Greedy),
                Duration::from_millis(30),
            );
            let mut fast = BuiltinPlayer::new("fast", BuiltinKind::Greedy);
            let players: [&mut dyn Player; 2] = if slow_side == 0 {
                [&mut slow, &mut fast]
            } else {
                [&mut fast, &mut slow]
            };
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let record = play_game(
                players,
                &[],
                Geometry::square(9),
                Rule::Freestyle,
                TimeControl::MoveTime(Duration::from_millis(8)),
                Some(12),
                &mut rng,
            );
            assert_eq!(record.reason, Reason::MoveCap);
            let o = record.overshoots[slow_side];
            assert_eq!(o.moves, record.sides[slow_side].moves);
            assert!(o.max_us >= 20_000, "{o:?}");
        }
    }
}
