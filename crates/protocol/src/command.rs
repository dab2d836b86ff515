//! Parsing of the manager's command lines (brain side) and of the brain's answer lines
//! (manager side). Commands are case-insensitive; CR, LF and extra spaces are tolerated.

use thiserror::Error;

/// A malformed command argument or answer line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A command that needs an argument came without one.
    #[error("{command} needs an argument")]
    MissingArgument {
        /// The command word (upper case).
        command: &'static str,
    },
    /// Text that should be a number or `x,y` is not.
    #[error("bad {what}: '{text}'")]
    Bad {
        /// What was expected (e.g. "coordinates").
        what: &'static str,
        /// The offending text.
        text: String,
    },
}

/// One command from the manager, as sent on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new game on an n x n board.
    Start(i64),
    /// `RECTSTART w,h`: a new game on a w x h board.
    RectStart(i64, i64),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain opens the game on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played `x,y`; the brain answers its move.
    Turn(i64, i64),
    /// `BOARD`: a whole position follows as `x,y,field` lines up to `DONE`.
    Board,
    /// `INFO key value`: a setting (key in lower case, value trimmed, maybe empty).
    Info(String, String),
    /// `END`: the brain exits.
    End,
    /// `ABOUT`: the brain answers its name, version, author and country.
    About,
    /// `TAKEBACK x,y`: the stone at `x,y` is removed; answer `OK`.
    Takeback(i64, i64),
    /// `PLAY x,y`: the brain must play exactly `x,y` and answer it.
    Play(i64, i64),
    /// Any other command word (upper case) with the rest of the line.
    Unknown(String),
}

/// One line of a `BOARD` block: a stone or the terminating `DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// A stone `x,y,field` (field 1 own, 2 opponent's, 3 continuous-game marker).
    Stone(i64, i64, i64),
    /// `DONE`: the block ends and the brain moves.
    Done,
}

/// Removes line terminators and surrounding whitespace.
pub fn clean(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || c == '\0')
}

/// Splits a line into its upper-cased first word and the trimmed rest.
fn split_word(line: &str) -> (String, &str) {
    let line = clean(line);
    match line.find(char::is_whitespace) {
        Some(i) => (line[..i].to_ascii_uppercase(), line[i..].trim()),
        None => (line.to_ascii_uppercase(), ""),
    }
}

/// Parses a decimal integer with optional sign and surrounding spaces.
pub fn parse_int(text: &str, what: &'static str) -> Result<i64, ParseError> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::Bad {
            what,
            text: t.to_string(),
        });
    }
    t.parse().map_err(|_| ParseError::Bad {
        what,
        text: t.to_string(),
    })
}

/// Parses comma-separated integers (`x,y` or `x,y,field`), spaces allowed around each.
pub fn parse_ints<const N: usize>(text: &str, what: &'static str) -> Result<[i64; N], ParseError> {
    let bad = || ParseError::Bad {
        what,
        text: text.trim().to_string(),
    };
    let mut out = [0i64; N];
    let mut parts = text.split(',');
    for slot in out.iter_mut() {
        *slot = parse_int(parts.next().ok_or_else(bad)?, what).map_err(|_| bad())?;
    }
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok(out)
}

fn xy(command: &'static str, rest: &str) -> Result<(i64, i64), ParseError> {
    if rest.is_empty() {
        return Err(ParseError::MissingArgument { command });
    }
    let [x, y] = parse_ints::<2>(rest, "coordinates")?;
    Ok((x, y))
}

/// Parses one command line; `Ok(None)` for a blank line (which managers and brains ignore).
pub fn parse_command(line: &str) -> Result<Option<Command>, ParseError> {
    let (word, rest) = split_word(line);
    Ok(Some(match word.as_str() {
        "" => return Ok(None),
        "START" => {
            if rest.is_empty() {
                return Err(ParseError::MissingArgument { command: "START" });
            }
            Command::Start(parse_int(rest, "board size")?)
        }
        "RECTSTART" => {
            if rest.is_empty() {
                return Err(ParseError::MissingArgument {
                    command: "RECTSTART",
                });
            }
            let [w, h] = parse_ints::<2>(rest, "board size")?;
            Command::RectStart(w, h)
        }
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => {
            let (x, y) = xy("TURN", rest)?;
            Command::Turn(x, y)
        }
        "BOARD" => Command::Board,
        "INFO" => {
            let (key, value) = split_word(rest);
            if key.is_empty() {
                return Err(ParseError::MissingArgument { command: "INFO" });
            }
            Command::Info(key.to_ascii_lowercase(), value.to_string())
        }
        "END" => Command::End,
        "ABOUT" => Command::About,
        "TAKEBACK" => {
            let (x, y) = xy("TAKEBACK", rest)?;
            Command::Takeback(x, y)
        }
        "PLAY" => {
            let (x, y) = xy("PLAY", rest)?;
            Command::Play(x, y)
        }
        _ => Command::Unknown(word),
    }))
}

/// Parses one line inside a `BOARD` block; `Ok(None)` for a blank line.
pub fn parse_board_line(line: &str) -> Result<Option<BoardLine>, ParseError> {
    let line = clean(line);
    if line.is_empty() {
        return Ok(None);
    }
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(Some(BoardLine::Done));
    }
    let [x, y, f] = parse_ints::<3>(line, "board line")?;
    Ok(Some(BoardLine::Stone(x, y, f)))
}

/// One line written by a brain, as a manager classifies it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `OK`, possibly followed by text.
    Ok,
    /// A move `x,y` (coordinates not yet checked against the board).
    Move(i64, i64),
    /// `ERROR text`.
    Error(String),
    /// `UNKNOWN text`.
    Unknown(String),
    /// `MESSAGE text`.
    Message(String),
    /// `DEBUG text`.
    Debug(String),
    /// `SUGGEST x,y`: the brain proposes a move and waits for `PLAY`.
    Suggest(i64, i64),
    /// Anything else (an `ABOUT` answer looks like this too).
    Other(String),
}

/// Classifies one line written by a brain.
pub fn parse_answer(line: &str) -> Answer {
    let line = clean(line);
    let (word, rest) = split_word(line);
    match word.as_str() {
        "OK" => Answer::Ok,
        "ERROR" => Answer::Error(rest.to_string()),
        "UNKNOWN" => Answer::Unknown(rest.to_string()),
        "MESSAGE" => Answer::Message(rest.to_string()),
        "DEBUG" => Answer::Debug(rest.to_string()),
        "SUGGEST" => match parse_ints::<2>(rest, "coordinates") {
            Ok([x, y]) => Answer::Suggest(x, y),
            Err(_) => Answer::Other(line.to_string()),
        },
        _ => match parse_ints::<2>(line, "coordinates") {
            Ok([x, y]) => Answer::Move(x, y),
            Err(_) => Answer::Other(line.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_case_insensitive_and_tolerate_spaces() {
        assert_eq!(
            parse_command("  turn  7 , 8 \r\n"),
            Ok(Some(Command::Turn(7, 8)))
        );
        assert_eq!(parse_command("Start 15\r"), Ok(Some(Command::Start(15))));
        assert_eq!(
            parse_command("RECTSTART 20,15"),
            Ok(Some(Command::RectStart(20, 15)))
        );
        assert_eq!(
            parse_command("INFO Timeout_Turn  5000"),
            Ok(Some(Command::Info("timeout_turn".into(), "5000".into())))
        );
        assert_eq!(parse_command("\r\n"), Ok(None));
        assert_eq!(
            parse_command("swap2board"),
            Ok(Some(Command::Unknown("SWAP2BOARD".into())))
        );
        assert!(parse_command("TURN 7").is_err());
        assert!(parse_command("TURN a,b").is_err());
        assert!(parse_command("TURN 1,2,3").is_err());
        assert!(parse_command("START").is_err());
        assert!(parse_command("START 99999999999999999999").is_err());
    }

    #[test]
    fn board_lines_and_answers() {
        assert_eq!(
            parse_board_line("10, 10, 1\r"),
            Ok(Some(BoardLine::Stone(10, 10, 1)))
        );
        assert_eq!(parse_board_line("done"), Ok(Some(BoardLine::Done)));
        assert!(parse_board_line("10,10").is_err());
        assert_eq!(parse_answer("7,7\r"), Answer::Move(7, 7));
        assert_eq!(parse_answer("-1, 3"), Answer::Move(-1, 3));
        assert_eq!(parse_answer("ok"), Answer::Ok);
        assert_eq!(
            parse_answer("MESSAGE depth 3"),
            Answer::Message("depth 3".into())
        );
        assert_eq!(parse_answer("hello"), Answer::Other("hello".into()));
        assert_eq!(parse_answer("SUGGEST 1,2"), Answer::Suggest(1, 2));
    }
}
