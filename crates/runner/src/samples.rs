//! c-gomoku-cli's `-sample format=csv`: a line `POSITION,MOVE,RESULT` for each move an
//! engine played (not the opening's stones), POSITION every stone before it in pos notation
//! (`h8i9g9a1`), MOVE the move (`b1`), RESULT the game's result from the mover's point of
//! view (0 loss, 1 draw, 2 win). As in c-gomoku-cli, a game lost on time, by a crash, by an
//! illegal move or by an answer that is not a move gives no sample, and a forbidden move is
//! not one.
//!
//! Each move is kept with probability `freq`: the draws come from [`sample_rng`] (the run
//! seed and the game's index), so the same games give the same samples, on any number of
//! threads and after a resume. (c-gomoku-cli draws from a generator per worker thread.)
//! Games come in job order (c-gomoku-cli's in the order they finish).

use crate::game::{GameResult, Reason};
use crate::journal::JournalLine;
use crate::schedule::sample_rng;
use gomoku_board::BoardError;
use gomoku_board::notation::{format_pos, format_pos_moves};
use rand::RngExt;

/// The CSV of the sampled moves of `lines` (finished games, in the order to write them),
/// each kept with probability `freq` (1 keeps all) drawn from `seed`.
pub fn samples_csv(lines: &[JournalLine], freq: f64, seed: u64) -> Result<String, BoardError> {
    let mut out = String::new();
    for line in lines {
        let Some(result) = line.result else { continue };
        let played = match line.reason {
            Reason::TimeForfeit | Reason::Crash | Reason::IllegalMove | Reason::Garbage => {
                continue;
            }
            // The forbidden point is journaled but was never on the board.
            Reason::Forbidden => line.moves.len().saturating_sub(1),
            _ => line.moves.len(),
        };
        let mut stones = line.opening_points();
        let moves = line.move_points();
        let mut rng = sample_rng(seed, line.job);
        for &pos in &moves[..played] {
            if freq >= 1.0 || rng.random::<f64>() < freq {
                // Black moves when the stones on the board are even.
                let black = stones.len() % 2 == 0;
                let score = match (result, black) {
                    (GameResult::Draw, _) => 1,
                    (GameResult::Black, true) | (GameResult::White, false) => 2,
                    _ => 0,
                };
                out.push_str(&format!(
                    "{},{},{score}\n",
                    format_pos_moves(&stones)?,
                    format_pos(pos)?
                ));
            }
            stones.push(pos);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game from the opening h8 with moves a1 b1 a2, ended as `reason` says.
    fn game(result: GameResult, reason: Reason) -> JournalLine {
        use crate::game::{GameRecord, MoveRecord};
        use crate::schedule::Job;
        use gomoku_board::{Pos, Symmetry};
        let job = Job {
            index: 0,
            round: 0,
            pair: 0,
            opening: 0,
            black: 0,
            white: 1,
            transform: Symmetry::Identity,
        };
        let mut record = GameRecord::failed(vec![Pos::new(7, 7)], String::new());
        for (x, y) in [(0, 0), (1, 0), (0, 1)] {
            let pos = Pos::new(x, y);
            let (time_us, nodes, depth, score) = (0, 0, 0, 0);
            record.moves.push(MoveRecord {
                pos,
                time_us,
                nodes,
                depth,
                score,
            });
        }
        (record.result, record.reason) = (Some(result), reason);
        JournalLine::new("r", &job, ["a", "b"], &record)
    }

    #[test]
    fn results_are_the_movers_and_faulted_games_give_none() {
        let csv = |l: JournalLine| samples_csv(&[l], 1.0, 0).unwrap();
        // After h8 White moves first: a1 and a2 are White's, b1 Black's.
        assert_eq!(
            csv(game(GameResult::White, Reason::Five)),
            "h8,a1,2\nh8a1,b1,0\nh8a1b1,a2,2\n"
        );
        assert_eq!(
            csv(game(GameResult::Draw, Reason::MoveCap)),
            "h8,a1,1\nh8a1,b1,1\nh8a1b1,a2,1\n"
        );
        // The forbidden point is the last move journaled: it gives no sample.
        let forbidden = game(GameResult::Black, Reason::Forbidden);
        assert_eq!(csv(forbidden), "h8,a1,0\nh8a1,b1,2\n");
        for reason in [
            Reason::Crash,
            Reason::TimeForfeit,
            Reason::IllegalMove,
            Reason::Garbage,
        ] {
            assert_eq!(csv(game(GameResult::Black, reason)), "", "{reason:?}");
        }
    }
}
