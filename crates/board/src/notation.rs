//! Text notations for single points and move lists.
//!
//! - **pos** (Rapfi, Yixin, c-gomoku-cli): a column letter from `a` and a row number from 1,
//!   rows counted from the top: `h8` is `(7,7)`. Moves may be concatenated (`h8i7g7`) or
//!   separated by spaces or commas. One letter per column, so only 26 columns can be written.
//! - **xy** (Gomocup protocol): absolute `x,y`, both from 0: `7,7`.
//! - **GTP** (KataGomo): column letters without `I` (`AA`, `AB`.. after `Z`), row 1 at the
//!   bottom: on 15x15, `H8` is `(7,7)` and `A1` is `(0,14)`.
//!
//! Errors are [`BoardError::Parse`] with the line and column (characters, from 1) of the
//! offending token; points off the board are named in the message.

use crate::{BoardError, Geometry, Pos};

/// Column letters of GTP: `A` to `Z` without `I`.
const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The number of columns pos notation can write (`a` to `z`).
pub const POS_COLUMNS: usize = 26;

/// Reads one point in pos notation (`h8`, case-insensitive, surrounding spaces allowed).
pub fn parse_pos(s: &str, geometry: Geometry) -> Result<Pos, BoardError> {
    let moves = parse_pos_moves_at(s, geometry, 1, 1)?;
    match moves.as_slice() {
        [(pos, _)] => Ok(*pos),
        [] => Err(BoardError::parse(
            1,
            1,
            "expected a point such as h8, found nothing",
        )),
        [_, (_, col), ..] => Err(BoardError::parse(1, *col, "expected a single point")),
    }
}

/// Writes a point in pos notation (`h8`); fails for columns past `z`.
pub fn format_pos(pos: Pos) -> Result<String, BoardError> {
    let mut out = String::with_capacity(3);
    push_pos(&mut out, pos)?;
    Ok(out)
}

/// Reads a move list in pos notation: concatenated (`h8i7g7`) or separated by spaces or
/// commas. An empty string gives no moves. Errors name the column.
pub fn parse_pos_moves(s: &str, geometry: Geometry) -> Result<Vec<Pos>, BoardError> {
    Ok(parse_pos_moves_at(s, geometry, 1, 1)?
        .into_iter()
        .map(|(p, _)| p)
        .collect())
}

/// Writes a move list in pos notation, concatenated (`h8i7g7`); fails for columns past `z`.
pub fn format_pos_moves(moves: &[Pos]) -> Result<String, BoardError> {
    let mut out = String::with_capacity(moves.len() * 3);
    for &pos in moves {
        push_pos(&mut out, pos)?;
    }
    Ok(out)
}

fn push_pos(out: &mut String, pos: Pos) -> Result<(), BoardError> {
    if pos.x as usize >= POS_COLUMNS {
        return Err(BoardError::Unrepresentable {
            x: pos.x,
            y: pos.y,
            notation: "pos",
        });
    }
    out.push((b'a' + pos.x) as char);
    out.push_str(&(pos.y as usize + 1).to_string());
    Ok(())
}

/// Reads a pos move list that sits at `line`, starting at character column `first_col`;
/// returns each point with the column (from 1) where it starts.
pub(crate) fn parse_pos_moves_at(
    s: &str,
    geometry: Geometry,
    line: usize,
    first_col: usize,
) -> Result<Vec<(Pos, usize)>, BoardError> {
    let chars: Vec<char> = s.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let col = first_col + i;
        if !c.is_ascii_alphabetic() {
            return Err(BoardError::parse(
                line,
                col,
                format!("expected a column letter a..z, found '{c}'"),
            ));
        }
        let x = (c.to_ascii_lowercase() as u8 - b'a') as usize;
        i += 1;
        if i < chars.len() && chars[i].is_ascii_alphabetic() {
            return Err(BoardError::parse(
                line,
                col,
                format!(
                    "expected a move such as h8 (one column letter a..z, then the row \
                     number), found '{c}{}' (boards wider than 26 columns cannot be written \
                     in pos notation)",
                    chars[i]
                ),
            ));
        }
        let digits_start = i;
        let mut row: usize = 0;
        while i < chars.len() && chars[i].is_ascii_digit() {
            row = row
                .saturating_mul(10)
                .saturating_add(chars[i] as usize - '0' as usize);
            i += 1;
        }
        if i == digits_start {
            return Err(BoardError::parse(
                line,
                first_col + i,
                format!("expected a row number after '{c}'"),
            ));
        }
        let token: String = chars[col - first_col..i].iter().collect();
        if row == 0 {
            return Err(BoardError::parse(
                line,
                col,
                format!("{token}: rows are numbered from 1"),
            ));
        }
        if row > geometry.height {
            // The row saturated at usize::MAX for a huge number: no coordinate to show.
            let y = i64::try_from(row - 1).unwrap_or(i64::MAX);
            return Err(BoardError::parse(
                line,
                col,
                off_board_message(&token, x as i64, y, geometry),
            ));
        }
        if x >= geometry.width {
            return Err(BoardError::parse(
                line,
                col,
                off_board_message(&token, x as i64, row as i64 - 1, geometry),
            ));
        }
        moves.push((Pos::new(x as u8, (row - 1) as u8), col));
    }
    Ok(moves)
}

pub(crate) fn off_board_message(token: &str, x: i64, y: i64, geometry: Geometry) -> String {
    format!(
        "{token} ({x},{y}) is off the {}x{} board",
        geometry.width, geometry.height
    )
}

/// Reads a point in the Gomocup protocol's absolute `x,y` form (`7,7`; spaces allowed).
pub fn parse_xy(s: &str, geometry: Geometry) -> Result<Pos, BoardError> {
    let Some((a, b)) = s.split_once(',') else {
        return Err(BoardError::parse(
            1,
            1,
            format!("expected x,y, found '{s}'"),
        ));
    };
    let b_col = a.chars().count() + 2;
    let x = parse_int(a, 1, 1)?;
    let y = parse_int(b, 1, b_col)?;
    if !on_board(geometry, x, y) {
        return Err(BoardError::parse(
            1,
            1,
            off_board_message("point", x, y, geometry),
        ));
    }
    Ok(Pos::new(x as u8, y as u8))
}

/// Writes a point as the Gomocup protocol's `x,y`.
pub fn format_xy(pos: Pos) -> String {
    format!("{},{}", pos.x, pos.y)
}

/// Parses a (possibly signed) decimal integer with optional surrounding spaces, reporting
/// errors at `line` and column `col` (where `s` starts).
pub(crate) fn parse_int(s: &str, line: usize, col: usize) -> Result<i64, BoardError> {
    let lead = s.chars().take_while(|c| c.is_whitespace()).count();
    let t = s.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        let what = if t.is_empty() {
            "nothing".to_string()
        } else {
            format!("'{t}'")
        };
        return Err(BoardError::parse(
            line,
            col + lead,
            format!("expected an integer, found {what}"),
        ));
    }
    if digits.len() > 9 {
        return Err(BoardError::parse(
            line,
            col + lead,
            format!("number {t} is too large"),
        ));
    }
    t.parse::<i64>()
        .map_err(|e| BoardError::parse(line, col + lead, format!("bad integer '{t}': {e}")))
}

/// Reads a point in GTP notation as KataGomo writes it: column letters skipping `I`
/// (`AA`, `AB`.. past `Z`), row 1 at the bottom (`A1` is the bottom-left corner).
pub fn parse_gtp(s: &str, geometry: Geometry) -> Result<Pos, BoardError> {
    let lead = s.chars().take_while(|c| c.is_whitespace()).count();
    parse_gtp_at(s.trim(), geometry, 1, 1 + lead)
}

/// Writes a point in GTP notation (see [`parse_gtp`]); the board height fixes the row.
pub fn format_gtp(pos: Pos, geometry: Geometry) -> String {
    let x = pos.x as usize;
    let mut out = String::with_capacity(4);
    if x >= GTP_LETTERS.len() {
        out.push(GTP_LETTERS[(x / GTP_LETTERS.len() - 1) % GTP_LETTERS.len()] as char);
    }
    out.push(GTP_LETTERS[x % GTP_LETTERS.len()] as char);
    let row = geometry.height as i64 - pos.y as i64;
    out.push_str(&row.to_string());
    out
}

/// Reads one GTP token (no spaces) at `line`, column `col`.
pub(crate) fn parse_gtp_at(
    token: &str,
    geometry: Geometry,
    line: usize,
    col: usize,
) -> Result<Pos, BoardError> {
    let letters: Vec<char> = token
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let rest = &token[letters.len()..];
    let letter_index = |c: char, at: usize| -> Result<usize, BoardError> {
        let u = c.to_ascii_uppercase() as u8;
        GTP_LETTERS.iter().position(|&l| l == u).ok_or_else(|| {
            BoardError::parse(line, at, "GTP column letters skip I; 'I' is not a column")
        })
    };
    let x = match letters.as_slice() {
        [a] => letter_index(*a, col)?,
        [a, b] => (letter_index(*a, col)? + 1) * GTP_LETTERS.len() + letter_index(*b, col + 1)?,
        [] => {
            return Err(BoardError::parse(
                line,
                col,
                format!("expected a GTP point such as H8, found '{token}'"),
            ));
        }
        _ => {
            return Err(BoardError::parse(
                line,
                col,
                format!("too many column letters in '{token}'"),
            ));
        }
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 9 {
        return Err(BoardError::parse(
            line,
            col + letters.len(),
            format!("expected a row number in '{token}'"),
        ));
    }
    let row: i64 = rest.parse().unwrap_or(0);
    let y = geometry.height as i64 - row;
    if row < 1 || !on_board(geometry, x as i64, y) {
        return Err(BoardError::parse(
            line,
            col,
            off_board_message(token, x as i64, y, geometry),
        ));
    }
    Ok(Pos::new(x as u8, y as u8))
}

/// Whether signed coordinates of any size lie on the board.
pub(crate) fn on_board(geometry: Geometry, x: i64, y: i64) -> bool {
    x >= 0 && y >= 0 && (x as u64) < geometry.width as u64 && (y as u64) < geometry.height as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    const G15: Geometry = Geometry::square(15);

    #[test]
    fn pos_examples() {
        assert_eq!(parse_pos("h8", G15).unwrap(), Pos::new(7, 7));
        assert_eq!(parse_pos(" H8 ", G15).unwrap(), Pos::new(7, 7));
        assert_eq!(parse_pos("a1", G15).unwrap(), Pos::new(0, 0));
        assert_eq!(parse_pos("o15", G15).unwrap(), Pos::new(14, 14));
        assert_eq!(format_pos(Pos::new(7, 7)).unwrap(), "h8");
        assert_eq!(
            parse_pos_moves("h8i7g7", G15).unwrap(),
            vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(6, 6)]
        );
        assert_eq!(
            parse_pos_moves("h8, i7 ,g7", G15).unwrap(),
            parse_pos_moves("h8 i7 g7", G15).unwrap()
        );
        assert_eq!(parse_pos_moves("  ", G15).unwrap(), vec![]);
        assert_eq!(
            format_pos_moves(&[Pos::new(3, 2), Pos::new(4, 4)]).unwrap(),
            "d3e5"
        );
    }

    #[test]
    fn a_huge_row_number_is_off_the_board_below_it() {
        let err = parse_pos_moves("h99999999999999999999", G15).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("is off the 15x15 board"), "{text}");
        assert!(!text.contains(",-"), "no wrapped negative row: {text}");
    }

    #[test]
    fn pos_errors() {
        let col = |s: &str| match parse_pos_moves(s, G15).unwrap_err() {
            BoardError::Parse { line, column, .. } => (line, column),
            e => panic!("{e}"),
        };
        assert_eq!(col("h8 p1"), (1, 4));
        assert_eq!(col("h8i16"), (1, 3));
        assert_eq!(col("h8 i0"), (1, 4));
        assert_eq!(col("h8 9"), (1, 4));
        assert_eq!(col("h8 i"), (1, 5));
        assert_eq!(col("h8 aa3"), (1, 4));
        let msg = parse_pos("p16", G15).unwrap_err().to_string();
        assert!(msg.contains("p16") && msg.contains("off"), "{msg}");
        assert!(parse_pos("h8i9", G15).is_err());
        assert!(parse_pos("", G15).is_err());
        assert!(matches!(
            format_pos(Pos::new(26, 0)),
            Err(BoardError::Unrepresentable { x: 26, .. })
        ));
    }

    #[test]
    fn xy_examples() {
        assert_eq!(parse_xy("7,7", G15).unwrap(), Pos::new(7, 7));
        assert_eq!(parse_xy(" 3 , 14", G15).unwrap(), Pos::new(3, 14));
        assert_eq!(format_xy(Pos::new(3, 14)), "3,14");
        assert!(
            parse_xy("15,0", G15)
                .unwrap_err()
                .to_string()
                .contains("(15,0)")
        );
        assert!(parse_xy("-1,0", G15).is_err());
        assert!(parse_xy("7", G15).is_err());
        match parse_xy("7,x", G15).unwrap_err() {
            BoardError::Parse { column, .. } => assert_eq!(column, 3),
            e => panic!("{e}"),
        }
    }

    #[test]
    fn a_word_is_not_called_a_wide_board() {
        let e = parse_pos_moves("hello", G15).unwrap_err().to_string();
        assert!(
            e.contains("expected a move such as h8") && e.contains("'he'"),
            "{e}"
        );
    }

    #[test]
    fn gtp_examples() {
        assert_eq!(parse_gtp("H8", G15).unwrap(), Pos::new(7, 7));
        assert_eq!(parse_gtp("A1", G15).unwrap(), Pos::new(0, 14));
        assert_eq!(parse_gtp("j15", G15).unwrap(), Pos::new(8, 0));
        assert_eq!(parse_gtp("P10", G15).unwrap(), Pos::new(14, 5));
        assert!(parse_gtp("I5", G15).is_err());
        assert!(parse_gtp("Q5", G15).is_err());
        assert!(parse_gtp("A16", G15).is_err());
        assert!(parse_gtp("A0", G15).is_err());
        let g32 = Geometry::square(32);
        for x in 0..32u8 {
            let p = Pos::new(x, 31 - x);
            assert_eq!(parse_gtp(&format_gtp(p, g32), g32).unwrap(), p);
        }
        assert_eq!(format_gtp(Pos::new(25, 0), g32), "AA32");
    }
}
