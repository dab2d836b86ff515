//! What can go wrong with an external engine ([`EngineFault`]), in words a person reads,
//! and how a refusal that quotes a lost command word is told from other refusals.

use gomoku_board::Pos;
use std::fmt;
use std::process::ExitStatus;
use std::time::Duration;
use thiserror::Error;

/// Said of a refusal that looks like a lost command word.
const DROPPED_HINT: &str = " (it seems to have lost the start of a command sent right \
    after its move, as Rapfi does: set or raise its command_gap_ms, e.g. to 10)";

/// A duration in milliseconds as a person reads it (`150.1 ms`).
fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// Why a move of the engine is not acceptable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// Outside the board.
    OffBoard,
    /// On a stone.
    Occupied,
    /// Forbidden to Black under renju.
    Forbidden,
    /// The game was already over.
    GameOver,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::OffBoard => "off the board",
            IllegalReason::Occupied => "occupied",
            IllegalReason::Forbidden => "forbidden (renju)",
            IllegalReason::GameOver => "after the end of the game",
        })
    }
}

/// Everything that can go wrong with an external engine. After any fault except
/// [`EngineFault::Usage`], drop the engine (which kills it).
#[derive(Debug, Error)]
pub enum EngineFault {
    /// The program could not be started.
    #[error("cannot start {program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// The system error.
        source: std::io::Error,
    },
    /// The engine closed its output or exited.
    #[error("engine crashed ({})", crash_text(.status, *.stopped))]
    Crashed {
        /// Its exit status, if it exited on its own and the status could be collected.
        status: Option<ExitStatus>,
        /// It closed its output but was still running after a grace period, so the runner
        /// stopped it (a signal of ours is no crash status of the engine's).
        stopped: bool,
    },
    /// No answer within the limit plus the tolerance.
    #[error(
        "engine timed out: no answer after {} (limit {} plus {} tolerance)",
        ms(*elapsed),
        ms(*limit),
        ms(*tolerance)
    )]
    Timeout {
        /// The limit (without tolerance).
        limit: Duration,
        /// What the manager waits past the limit before calling it a loss on time.
        tolerance: Duration,
        /// Time waited.
        elapsed: Duration,
    },
    /// An answer that is not what the protocol expects.
    #[error("engine answered garbage: '{line}'")]
    Garbage {
        /// The line (cut to 200 characters).
        line: String,
    },
    /// A move that cannot be played.
    #[error("engine played an illegal move {x},{y}: {reason}")]
    IllegalMove {
        /// Column as answered (may be off the board).
        x: i64,
        /// Row as answered (may be off the board).
        y: i64,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// The engine answered `ERROR` (e.g. an unsupported board size).
    #[error("engine refused: {message}{}", if *.dropped { DROPPED_HINT } else { "" })]
    Refused {
        /// The text after `ERROR`.
        message: String,
        /// Whether the text quotes a part of what was just sent, as an engine that lost the
        /// start of a command sent right after its move does.
        dropped: bool,
    },
    /// The caller's request cannot be sent (k other than 5, a move that does not fit the
    /// position kept for this engine, no game started).
    #[error("bad request to engine: {0}")]
    Usage(String),
    /// Writing to the engine failed for another reason than its death.
    #[error("engine I/O: {0}")]
    Io(#[from] std::io::Error),
}

fn crash_text(status: &Option<ExitStatus>, stopped: bool) -> String {
    match status {
        _ if stopped => "it closed its output but kept running; the runner stopped it".into(),
        Some(s) => s.to_string(),
        None => "exit status unknown".into(),
    }
}

impl EngineFault {
    /// The point of an [`EngineFault::IllegalMove`] when it lies on a board of that size.
    pub fn illegal_pos(&self) -> Option<Pos> {
        match *self {
            EngineFault::IllegalMove { x, y, .. }
                if (0..256).contains(&x) && (0..256).contains(&y) =>
            {
                Some(Pos::new(x as u8, y as u8))
            }
            _ => None,
        }
    }
}

/// Whether an `ERROR` text names, as a word of its own, what follows the first word of the
/// first line sent (`Unknown command: 7,2` after `TURN 7,2`; the next line after a lone
/// `BOARD`): the engine lost that first word and read the rest as a command.
pub(super) fn quotes_sent(message: &str, first: &str) -> bool {
    let mut lines = first.lines();
    let head = lines.next().unwrap_or("").trim();
    let rest = match head.split_once(char::is_whitespace) {
        Some((_, rest)) => rest.split_whitespace().next().unwrap_or(""),
        None => lines.next().unwrap_or("").trim(),
    };
    !rest.is_empty()
        && message
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '_'))
            .any(|w| w.eq_ignore_ascii_case(rest))
}

/// The fault of a request before any game was started.
pub(super) fn no_game() -> EngineFault {
    EngineFault::Usage("no game started (call start first)".into())
}

#[cfg(test)]
mod tests {
    use super::quotes_sent;

    /// A refusal is read as a lost command word only when it names, as a word of its own,
    /// exactly what followed that word.
    #[test]
    fn a_lost_command_word_is_told_from_other_refusals() {
        for (message, sent, lost) in [
            ("Unknown command: 7,2", "TURN 7,2", true),
            ("Unknown command: 15", "START 15", true),
            ("Unknown command: TIME_LEFT", "INFO time_left 5", true),
            (
                "Unknown command: \"7,7,1\"",
                "BOARD\n7,7,1\n8,8,2\nDONE",
                true,
            ),
            ("Unknown command: 17,2", "TURN 7,2", false),
            ("bad move 11,12", "TURN 1,1", false),
            ("5 seconds left", "INFO time_left 5", false),
            ("abandoned", "BOARD\n7,7,1\nDONE", false),
            ("Unknown command", "BEGIN", false),
            ("", "TURN 7,2", false),
        ] {
            assert_eq!(
                quotes_sent(message, sent),
                lost,
                "{message:?} after {sent:?}"
            );
        }
    }
}
