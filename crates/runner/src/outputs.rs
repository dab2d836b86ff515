//! The files written at the end of a run, rebuilt from `run.json` and `games.jsonl` alone:
//!
//! - `results.pgn`: results-only PGN exactly as c-gomoku-cli writes it (`[Black]` is the first
//!   mover, `[White]` the second, the result from White's point of view: `1-0` when White
//!   wins), so Ordo and BayesElo read it as they read c-gomoku-cli's;
//! - `games.sgf`: every game in one SGF collection (FF[4] GM[4]) in c-gomoku-cli's layout:
//!   opening stones marked `C[opening move]`, played moves with their time `C[12ms]`. One
//!   collection file, as c-gomoku-cli's `-sgf` does: thousands of games make thousands of
//!   files otherwise, and SGF viewers and our own reader open collections;
//! - `standings.json`: [`crate::standings::Standings`].
//!
//! Games are written in job order; failed jobs (no result) are left out of both game files.

use crate::RunnerError;
use crate::game::{GameResult, Reason};
use crate::journal::{JOURNAL_FILE, JournalLine, RunInfo, read_journal, write_atomic};
use crate::standings::Standings;
use gomoku_board::sgf::escape_value;
use gomoku_board::{Color, Geometry, Rule};
use std::fmt::Write as _;
use std::path::Path;

/// c-gomoku-cli's termination text for a finished game.
pub fn termination(result: GameResult, reason: Reason) -> String {
    let winner = match result {
        GameResult::Black => "Black",
        GameResult::White => "White",
        GameResult::Draw => "",
    };
    match reason {
        Reason::Five => format!("{winner} win by five connection"),
        Reason::BoardFull => "Draw by fullfilled board".into(),
        Reason::MoveCap => "Draw by adjudication".into(),
        Reason::NoLegalMove => "Draw by no legal move".into(),
        Reason::IllegalMove => format!("{winner} win by opponent illegal move"),
        Reason::Forbidden => "Black play forbidden move".into(),
        Reason::TimeForfeit => format!("{winner} win by time forfeit"),
        Reason::Crash => format!("{winner} win by opponent crash"),
        Reason::Garbage => format!("{winner} win by opponent invalid answer"),
        Reason::Failed => "Unterminated".into(),
    }
}

fn round_game(line: &JournalLine, jobs_per_round: usize) -> (usize, usize) {
    let per = jobs_per_round.max(1);
    (line.round as usize + 1, line.job % per + 1)
}

/// One game in c-gomoku-cli's results-only PGN.
pub fn pgn_game(line: &JournalLine, jobs_per_round: usize) -> Option<String> {
    let result = line.result?;
    let (round, game) = round_game(line, jobs_per_round);
    let res = match result {
        GameResult::White => "1-0",
        GameResult::Draw => "1/2-1/2",
        GameResult::Black => "0-1",
    };
    let mut out = String::with_capacity(256);
    let _ = writeln!(out, "[Event \"{}\"]", line.job + 1);
    let _ = writeln!(out, "[Date \"{}\"]", line.date);
    let _ = writeln!(out, "[Round \"{round}.{game}\"]");
    let _ = writeln!(out, "[Black \"{}\"]", pgn_string(&line.black));
    let _ = writeln!(out, "[White \"{}\"]", pgn_string(&line.white));
    let _ = writeln!(out, "[Result \"{res}\"]");
    let _ = writeln!(
        out,
        "[Termination \"{}\"]",
        termination(result, line.reason)
    );
    let _ = writeln!(out, "[PlyCount \"{}\"]", line.moves.len());
    out.push_str(res);
    out.push_str("\n\n");
    Some(out)
}

/// A PGN tag value: `\\` and `"` escaped with a backslash, as the PGN standard has it, and
/// line breaks and other control characters (which a tag cannot hold) made spaces.
fn pgn_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn sgf_coord(v: u8) -> char {
    if v < 26 {
        (b'a' + v) as char
    } else {
        (b'A' + v - 26) as char
    }
}

/// One game as an SGF game tree in c-gomoku-cli's layout.
pub fn sgf_game(
    line: &JournalLine,
    geometry: Geometry,
    rule: Rule,
    jobs_per_round: usize,
) -> Option<String> {
    let result = line.result?;
    let (round, game) = round_game(line, jobs_per_round);
    let mut out = String::with_capacity(64 + 16 * (line.moves.len() + line.opening_moves.len()));
    let _ = write!(
        out,
        "(;FF[4]GM[4]GN[{}]EV[{}]DT[{}]RO[{round}.{game}]RU[{}]",
        line.job + 1,
        escape_value(&format!("{} x {}", line.black, line.white)),
        line.date,
        rule.gomocup_code()
    );
    if geometry.width == geometry.height {
        let _ = write!(out, "SZ[{}]", geometry.width);
    } else {
        let _ = write!(out, "SZ[{}:{}]", geometry.width, geometry.height);
    }
    let re = match result {
        GameResult::Black => "B+1",
        GameResult::White => "W+1",
        GameResult::Draw => "0",
    };
    let _ = writeln!(
        out,
        "PB[{}]PW[{}]RE[{re}]TE[{}]",
        escape_value(&line.black),
        escape_value(&line.white),
        termination(result, line.reason)
    );
    let mut color = Color::Black;
    let mut on_line = 0;
    for (i, &[x, y]) in line
        .opening_moves
        .iter()
        .chain(line.moves.iter())
        .enumerate()
    {
        let opening = i < line.opening_moves.len();
        if !line.opening_moves.is_empty() && i == line.opening_moves.len() {
            out.push('\n');
        }
        if !opening && on_line >= 8 {
            out.push('\n');
            on_line = 0;
        }
        let c = if color == Color::Black { 'B' } else { 'W' };
        let _ = write!(out, ";{c}[{}{}]", sgf_coord(x), sgf_coord(y));
        if opening {
            out.push_str("C[opening move]");
        } else {
            let t = line
                .time_us
                .get(i - line.opening_moves.len())
                .copied()
                .unwrap_or(0);
            let _ = write!(out, "C[{}ms]", t / 1000);
            on_line += 1;
        }
        color = color.opponent();
    }
    out.push_str(")\n\n");
    Some(out)
}

/// Writes `results.pgn`, `games.sgf` and `standings.json` into `dir` from its `run.json`
/// and `games.jsonl`. Returns the standings.
pub fn write_outputs(dir: &Path) -> Result<Standings, RunnerError> {
    let info = RunInfo::load(dir)?;
    let mut lines = read_journal(&dir.join(JOURNAL_FILE))?.lines;
    lines.sort_by_key(|l| l.job);
    lines.dedup_by_key(|l| l.job);
    write_outputs_from(dir, &info, &lines)
}

/// Writes the outputs of [`write_outputs`] from lines already read (sorted by job).
pub fn write_outputs_from(
    dir: &Path,
    info: &RunInfo,
    lines: &[JournalLine],
) -> Result<Standings, RunnerError> {
    let (pgn, sgf) = pgn_and_sgf(info, lines.iter());
    let standings = Standings::compute(&info.players(), lines);
    let write = |name: &str, text: &str| write_atomic(&dir.join(name), text.as_bytes());
    write("results.pgn", &pgn)?;
    write("games.sgf", &sgf)?;
    let json = serde_json::to_string_pretty(&standings).expect("standings serialize");
    write("standings.json", &(json + "\n"))?;
    Ok(standings)
}

/// The PGN and SGF texts of `lines` (in the order given), as `results.pgn` and `games.sgf`
/// hold them.
fn pgn_and_sgf<'a>(
    info: &RunInfo,
    lines: impl Iterator<Item = &'a JournalLine>,
) -> (String, String) {
    let per_round = info.jobs_per_round();
    let mut pgn = String::new();
    let mut sgf = String::new();
    for line in lines {
        if let Some(g) = pgn_game(line, per_round) {
            pgn.push_str(&g);
        }
        if let Some(g) = sgf_game(line, info.geometry(), info.rule(), per_round) {
            sgf.push_str(&g);
        }
    }
    (pgn, sgf)
}

/// The PGN and SGF texts of the run in `dir` with only the games player 0 lost
/// (c-gomoku-cli's `-loseonly` in a gauntlet: the first engine's losses).
pub fn losses_of_first(dir: &Path) -> Result<(String, String), RunnerError> {
    let (info, lines) = saved_games(dir, true)?;
    Ok(pgn_and_sgf(&info, lines.iter()))
}

/// The run file and the finished games of a run directory that c-gomoku-cli saves to its
/// files, in job order: every one, or under `-loseonly` (`lose_only`) those the first
/// engine lost.
pub fn saved_games(
    dir: &Path,
    lose_only: bool,
) -> Result<(RunInfo, Vec<JournalLine>), RunnerError> {
    let info = RunInfo::load(dir)?;
    let mut lines = read_journal(&dir.join(JOURNAL_FILE))?.lines;
    lines.sort_by_key(|l| l.job);
    lines.dedup_by_key(|l| l.job);
    let lost = |l: &JournalLine| match l.result {
        Some(GameResult::Black) => l.white_idx == 0,
        Some(GameResult::White) => l.black_idx == 0,
        _ => false,
    };
    lines.retain(|l| l.result.is_some() && (!lose_only || lost(l)));
    Ok((info, lines))
}

/// c-gomoku-cli's `-msg` file: for each game, a rule of dashes, `Game ID: N`, `Engines: BLACK
/// x WHITE`, then each engine message as `MOVE) NAME: TEXT` (MOVE: the stones on the board
/// when it was said, plus one; so an odd MOVE is Black's).
pub fn messages_text<'a>(lines: impl IntoIterator<Item = &'a JournalLine>) -> String {
    let mut out = String::new();
    for line in lines {
        let _ = writeln!(out, "{}", "-".repeat(40));
        let _ = writeln!(out, "Game ID: {}", line.job + 1);
        let _ = writeln!(out, "Engines: {} x {}", line.black, line.white);
        for (number, text) in &line.messages {
            let _ = writeln!(out, "{number}) {}: {text}", line.mover_of(*number));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A finished game between players whose names hold every character PGN and SGF
    /// must escape.
    fn line(black: &str, white: &str) -> JournalLine {
        let totals = serde_json::json!({
            "moves": 0, "nodes": 0, "depth_sum": 0, "seldepth_max": 0, "tt_hits": 0,
            "beta_cutoffs": 0, "first_move_cutoffs": 0,
        });
        let v = serde_json::json!({
            "v": 1, "run": "0123456789abcdef", "job": 0, "round": 0, "pair": 0, "opening": 0,
            "transform": "identity", "black": black, "white": white,
            "black_idx": 0, "white_idx": 1, "opening_moves": [],
            "moves": [[7, 7], [0, 0], [8, 7], [0, 1], [9, 7], [0, 2], [10, 7], [0, 3], [11, 7]],
            "result": "black", "reason": "five", "date": "2026.11.24",
            "nodes": [], "depth": [], "score": [], "time_us": [], "side_time_us": [0, 0],
            "stats": [totals, totals],
        });
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn names_are_escaped_in_pgn_and_sgf() {
        let black = "a \"quoted\" back\\slash ] name\nwith a newline";
        let white = "plain";
        let l = line(black, white);
        let pgn = pgn_game(&l, 1).unwrap();
        assert!(
            pgn.contains("[Black \"a \\\"quoted\\\" back\\\\slash ] name with a newline\"]"),
            "{pgn}"
        );
        assert_eq!(
            pgn.lines().filter(|t| t.starts_with('[')).count(),
            8,
            "{pgn}"
        );
        let sgf = sgf_game(&l, Geometry::square(15), Rule::Freestyle, 1).unwrap();
        let game = gomoku_board::sgf::parse_sgf(&sgf).unwrap_or_else(|e| panic!("{e}\n{sgf}"));
        assert_eq!(game.black_name.as_deref(), Some(black), "{sgf}");
        assert_eq!(game.white_name.as_deref(), Some(white));
        assert_eq!(game.replay(Rule::Freestyle).unwrap().stone_count(), 9);
    }
}
