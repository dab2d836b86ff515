//! `--verbose` output: the console's progress and standings plus c-gomoku-cli's line per
//! finished game (`Finished game 3 (A vs B): 1-0 {Black win by five connection}`, Black's
//! score first) and, with two engines, the first one's score against the second after it.
//! In debug mode (c-gomoku-cli's `-debug`) each game's moves and its engines' messages
//! follow its line.

use crate::batch::{BatchResult, Observer};
use crate::game::GameResult;
use crate::journal::JournalLine;
use crate::outputs::termination;
use crate::progress::ConsoleObserver;
use std::sync::{Mutex, MutexGuard};

/// The console observer plus c-gomoku-cli's line per game (and, with two engines, the score
/// of the first against the second after it).
pub struct VerboseObserver<'a> {
    console: &'a ConsoleObserver,
    two: Option<[String; 2]>,
    /// The first engine's wins, losses and draws.
    score: Mutex<[u64; 3]>,
    debug: bool,
}

impl VerboseObserver<'_> {
    /// Prints through `console` (its bar and standings go on); `names` are the
    /// participants, whose score is kept when there are two; `debug` adds each game's moves
    /// and messages.
    pub fn new<'a>(
        console: &'a ConsoleObserver,
        names: &[String],
        debug: bool,
    ) -> VerboseObserver<'a> {
        VerboseObserver {
            console,
            two: match names {
                [a, b] => Some([a.clone(), b.clone()]),
                _ => None,
            },
            score: Mutex::new([0; 3]),
            debug,
        }
    }

    fn score(&self) -> MutexGuard<'_, [u64; 3]> {
        self.score.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A game's moves (opening, then played) and its engines' messages, in c-gomoku-cli's
/// debug wording (`Engine NAME output message: TEXT`).
fn debug_text(line: &JournalLine) -> String {
    let points = |ps: Vec<gomoku_board::Pos>| {
        ps.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!(
        "Game {} opening: {}\nGame {} moves: {}",
        line.job + 1,
        points(line.opening_points()),
        line.job + 1,
        points(line.move_points())
    );
    for (number, message) in &line.messages {
        let name = line.mover_of(*number);
        text.push_str(&format!("\nEngine {name} output message: {message}"));
    }
    text
}

/// Adds a finished game to the first engine's wins, losses and draws.
fn count(score: &mut [u64; 3], line: &JournalLine) {
    let first_black = line.black_idx == 0;
    match line.result {
        Some(GameResult::Draw) => score[2] += 1,
        Some(GameResult::Black) => score[usize::from(!first_black)] += 1,
        Some(GameResult::White) => score[usize::from(first_black)] += 1,
        None => {}
    }
}

impl Observer for VerboseObserver<'_> {
    fn started(&self, total: usize, done: &[JournalLine]) {
        self.console.started(total, done);
        let mut score = self.score();
        for line in done {
            count(&mut score, line);
        }
    }

    fn game_finished(&self, line: &JournalLine) {
        // c-gomoku-cli's stdout line: the result with Black's score first.
        let (result, reason) = match line.result {
            Some(r) => {
                let text = match r {
                    GameResult::Black => "1-0",
                    GameResult::White => "0-1",
                    GameResult::Draw => "1/2-1/2",
                };
                (text, termination(r, line.reason))
            }
            None => ("*", "Unterminated".to_string()),
        };
        let mut text = format!(
            "Finished game {} ({} vs {}): {result} {{{reason}}}",
            line.job + 1,
            line.black,
            line.white
        );
        if self.debug {
            text = format!("{}\n{text}", debug_text(line));
        }
        // Held from the count to the print: workers finishing together print their score
        // lines in the order they counted.
        let mut score = self.score();
        if let Some([a, b]) = &self.two {
            count(&mut score, line);
            let [w, l, d] = *score;
            let n = w + l + d;
            let ratio = if n == 0 {
                0.0
            } else {
                (w as f64 + d as f64 / 2.0) / n as f64
            };
            text.push_str(&format!(
                "\nScore of {a} vs {b}: {w} - {l} - {d}  [{ratio:.3}] {n}"
            ));
        }
        self.console.println(&text);
        drop(score);
        self.console.game_finished(line);
    }

    fn finished(&self, summary: &BatchResult) {
        self.console.finished(summary);
    }
}
