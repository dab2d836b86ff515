//! A small parser for results-only PGN: the `[White]`, `[Black]` and `[Result]` tags of
//! each game (other tags and any movetext are skipped), as Ordo reads them and as this
//! project writes them (`[Black]` is the first mover, as in c-gomoku-cli).
//!
//! A game ends at its termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) in the movetext, or
//! when the next game's tags start, or at the end of the text. Unfinished (`*`) games are
//! skipped and counted. Errors carry the 1-based line number.

use crate::StatsError;
use crate::pool::PoolGame;

/// Outcome of a finished game from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl PgnResult {
    /// White's score: 1, 0 or 0.5.
    #[must_use]
    pub fn white_score(self) -> f64 {
        match self {
            Self::WhiteWins => 1.0,
            Self::BlackWins => 0.0,
            Self::Draw => 0.5,
        }
    }
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PgnGame {
    /// The `[White]` tag.
    pub white: String,
    /// The `[Black]` tag.
    pub black: String,
    /// The result.
    pub result: PgnResult,
    /// Line on which the game's first tag stands.
    pub line: usize,
}

/// All finished games of a PGN text and the number of unfinished (`*`) games skipped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGames {
    /// Finished games in file order.
    pub games: Vec<PgnGame>,
    /// Games with result `*`.
    pub unfinished: usize,
}

/// Which colour moved first in the PGN (the pool model's "first mover").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstMover {
    /// `[White]` moved first (chess convention, Ordo).
    White,
    /// `[Black]` moved first (Gomoku, c-gomoku-cli).
    Black,
}

/// Parsed result token.
enum Token {
    Finished(PgnResult),
    Unfinished,
}

fn parse_result(s: &str) -> Option<Token> {
    match s {
        "1-0" => Some(Token::Finished(PgnResult::WhiteWins)),
        "0-1" => Some(Token::Finished(PgnResult::BlackWins)),
        "1/2-1/2" => Some(Token::Finished(PgnResult::Draw)),
        "*" => Some(Token::Unfinished),
        _ => None,
    }
}

#[derive(Default)]
struct Pending {
    start: usize,
    white: Option<String>,
    black: Option<String>,
    result: Option<(String, usize)>,
    marker: Option<(String, usize)>,
    seen: Vec<String>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.start == 0
    }
}

fn err(line: usize, message: impl Into<String>) -> StatsError {
    StatsError::Pgn {
        line,
        message: message.into(),
    }
}

/// Parses a tag line `[Name "value"]` into (name, value).
fn parse_tag(line: &str, no: usize) -> Result<(String, String), StatsError> {
    let inner = line
        .strip_prefix('[')
        .and_then(|s| s.trim_end().strip_suffix(']'))
        .ok_or_else(|| err(no, "tag line must end with ']'"))?;
    let (name, rest) = inner
        .trim_start()
        .split_once(char::is_whitespace)
        .ok_or_else(|| err(no, "tag needs a name and a quoted value"))?;
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| err(no, format!("value of tag {name} must be in double quotes")))?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                Some(o) => {
                    value.push('\\');
                    value.push(o);
                }
                None => value.push('\\'),
            }
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

fn finish(p: Pending, out: &mut PgnGames) -> Result<(), StatsError> {
    let start = p.start;
    let (text, no) = match (&p.result, &p.marker) {
        (Some((tag, tag_no)), Some((marker, marker_no))) => {
            if tag != marker {
                return Err(err(
                    *marker_no,
                    format!("termination marker {marker} disagrees with [Result \"{tag}\"]"),
                ));
            }
            (tag.clone(), *tag_no)
        }
        (Some((tag, no)), None) => (tag.clone(), *no),
        (None, Some((marker, no))) => (marker.clone(), *no),
        (None, None) => return Err(err(start, "game has no result")),
    };
    let token = parse_result(&text).ok_or_else(|| err(no, format!("unknown result {text:?}")))?;
    match token {
        Token::Unfinished => out.unfinished += 1,
        Token::Finished(result) => {
            let white = p
                .white
                .ok_or_else(|| err(start, "game has no [White] tag"))?;
            let black = p
                .black
                .ok_or_else(|| err(start, "game has no [Black] tag"))?;
            out.games.push(PgnGame {
                white,
                black,
                result,
                line: start,
            });
        }
    }
    Ok(())
}

/// Parses a PGN text into its finished games (see the module documentation).
///
/// # Errors
/// [`StatsError::Pgn`] with the line number for a malformed tag, an unknown result, a
/// missing `[White]`/`[Black]`/result, or a termination marker contradicting `[Result]`.
pub fn parse_pgn(text: &str) -> Result<PgnGames, StatsError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = PgnGames::default();
    let mut cur = Pending::default();
    let mut in_movetext = false;
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let line = raw.trim();
        if in_comment {
            if let Some(pos) = line.find('}') {
                in_comment = false;
                scan_movetext(&line[pos + 1..], no, &mut cur, &mut in_comment, &mut out)?;
            }
            continue;
        }
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        if line.starts_with('[') {
            if in_movetext {
                // A new game starts after movetext without a termination marker.
                if !cur.is_empty() {
                    finish(std::mem::take(&mut cur), &mut out)?;
                }
                in_movetext = false;
            }
            let (name, value) = parse_tag(line, no)?;
            if cur.seen.contains(&name) {
                // A repeated tag starts the next game (tags-only games without movetext).
                finish(std::mem::take(&mut cur), &mut out)?;
            }
            cur.seen.push(name.clone());
            if cur.is_empty() {
                cur.start = no;
            }
            match name.as_str() {
                "White" => cur.white = Some(value),
                "Black" => cur.black = Some(value),
                "Result" => cur.result = Some((value, no)),
                _ => {}
            }
            continue;
        }
        in_movetext = true;
        if cur.is_empty() {
            cur.start = no;
        }
        if scan_movetext(line, no, &mut cur, &mut in_comment, &mut out)? {
            in_movetext = false;
        }
    }
    if !cur.is_empty() {
        finish(cur, &mut out)?;
    }
    Ok(out)
}

/// Scans one movetext line; finishes the game at a termination marker (returns true then).
fn scan_movetext(
    line: &str,
    no: usize,
    cur: &mut Pending,
    in_comment: &mut bool,
    out: &mut PgnGames,
) -> Result<bool, StatsError> {
    let mut rest = line;
    let mut finished = false;
    while !rest.is_empty() {
        if *in_comment {
            match rest.find('}') {
                Some(p) => {
                    *in_comment = false;
                    rest = &rest[p + 1..];
                    continue;
                }
                None => return Ok(finished),
            }
        }
        rest = rest.trim_start();
        if rest.starts_with(';') {
            return Ok(finished);
        }
        if let Some(r) = rest.strip_prefix('{') {
            *in_comment = true;
            rest = r;
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if parse_result(token).is_some() {
            cur.marker = Some((token.to_string(), no));
            if cur.is_empty() {
                cur.start = no;
            }
            finish(std::mem::take(cur), out)?;
            finished = true;
        }
    }
    Ok(finished)
}

/// Player names (in order of first appearance) and pool games for [`crate::fit_pool`].
#[must_use]
pub fn to_pool_games(games: &[PgnGame], first_mover: FirstMover) -> (Vec<String>, Vec<PoolGame>) {
    let mut names: Vec<String> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut id = |name: &str, names: &mut Vec<String>| -> usize {
        *index.entry(name.to_string()).or_insert_with(|| {
            names.push(name.to_string());
            names.len() - 1
        })
    };
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let w = id(&g.white, &mut names);
        let b = id(&g.black, &mut names);
        let ws = g.result.white_score();
        out.push(match first_mover {
            FirstMover::White => PoolGame {
                first: w,
                second: b,
                score: ws,
            },
            FirstMover::Black => PoolGame {
                first: b,
                second: w,
                score: 1.0 - ws,
            },
        });
    }
    (names, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_results_and_skips_unfinished() {
        let text = "\u{feff}[Event \"x\"]\r\n[White \"A\"]\r\n[Black \"B \\\"q\\\"\"]\r\n[Result \"1-0\"]\r\n\r\n1-0\r\n\r\n\
                    [White \"B\"]\n[Black \"A\"]\n[Result \"*\"]\n\n*\n\n\
                    [White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1. h8 {a comment 1-0} i9 1/2-1/2\n\
                    [White \"A\"]\n[Black \"C\"]\n[Result \"0-1\"]\n\
                    [White \"C\"]\n[Black \"A\"]\n[Result \"1-0\"]\n";
        let parsed = parse_pgn(text).unwrap();
        assert_eq!(parsed.unfinished, 1);
        assert_eq!(parsed.games.len(), 4);
        assert_eq!(parsed.games[3].white, "C");
        assert_eq!(parsed.games[0].black, "B \"q\"");
        assert_eq!(parsed.games[1].result, PgnResult::Draw);
        assert_eq!(parsed.games[2].result, PgnResult::BlackWins);
        assert_eq!(parsed.games[2].line, 19);
        let (names, pool) = to_pool_games(&parsed.games, FirstMover::Black);
        assert_eq!(names, ["A", "B \"q\"", "B", "C"]);
        assert_eq!(
            pool[0],
            PoolGame {
                first: 1,
                second: 0,
                score: 0.0
            }
        );
        assert_eq!(
            pool[2],
            PoolGame {
                first: 3,
                second: 0,
                score: 1.0
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        let bad_result = "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n";
        assert_eq!(
            parse_pgn(bad_result).unwrap_err(),
            StatsError::Pgn {
                line: 3,
                message: "unknown result \"2-0\"".into()
            }
        );
        let bad_tag = "[White \"A\"]\n[Black B]\n";
        assert!(matches!(
            parse_pgn(bad_tag),
            Err(StatsError::Pgn { line: 2, .. })
        ));
        let mismatch = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n0-1\n";
        assert!(matches!(
            parse_pgn(mismatch),
            Err(StatsError::Pgn { line: 5, .. })
        ));
        let no_black = "\n[White \"A\"]\n[Result \"1-0\"]\n1-0\n";
        assert!(matches!(
            parse_pgn(no_black),
            Err(StatsError::Pgn { line: 2, .. })
        ));
        assert_eq!(parse_pgn("").unwrap(), PgnGames::default());
    }
}
