//! Openings (a few stones to start a game from) and opening books in the formats in use:
//!
//! - [`BookFormat::Offset`] (Gomocup, Piskvork, c-gomoku-cli): `x,y, x,y, ...` offsets from
//!   the centre `(floor(width/2), floor(height/2))`, y growing downwards; separators `, ` or
//!   a bare `,`, a trailing comma allowed.
//! - [`BookFormat::Pos`] (Rapfi, c-gomoku-cli and this project's own books): one opening per
//!   line in pos notation (`h8i7g7`, see [`crate::notation`]).
//! - [`BookFormat::Gtp`] (KataGomo): `15 L7 L8 M8`, the board side then GTP points (columns
//!   skip `I`, row 1 at the bottom).
//!
//! In every format `#` starts a comment (whole line or trailing), blank lines are ignored,
//! CRLF line ends and a missing final newline are fine. The first move is Black's.

use crate::notation::{self, off_board_message, on_board, parse_int};
use crate::{Board, BoardError, Color, Geometry, Outcome, Pos, Rule, Symmetry};

/// A sequence of moves to start a game from; the first move is Black's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The moves, Black first, alternating.
    pub moves: Vec<Pos>,
}

/// The stones of an opening as sorted sets, ignoring move order; see [`Opening::key`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpeningKey {
    /// Black's stones, sorted.
    pub black: Vec<Pos>,
    /// White's stones, sorted.
    pub white: Vec<Pos>,
}

impl Opening {
    /// An opening from its moves (Black first).
    pub fn new(moves: Vec<Pos>) -> Opening {
        Opening { moves }
    }

    /// The side to move after the opening.
    pub fn to_move(&self) -> Color {
        match self.moves.len() % 2 {
            0 => Color::Black,
            _ => Color::White,
        }
    }

    /// Plays the opening on an empty board, checking every move and that the game is still
    /// open afterwards; an error names the move number.
    pub fn board(&self, geometry: Geometry, rule: Rule) -> Result<Board, BoardError> {
        let mut board = Board::new(geometry, rule)?;
        play_checked(&mut board, &self.moves)?;
        Ok(board)
    }

    /// The opening with every point mapped by `sym`, which must fit the board.
    pub fn transform(&self, sym: Symmetry, geometry: Geometry) -> Opening {
        Opening {
            moves: self.moves.iter().map(|&p| sym.apply(p, geometry)).collect(),
        }
    }

    /// The black and white stones as sorted lists, ignoring move order.
    pub fn key(&self) -> OpeningKey {
        let mut black: Vec<Pos> = self.moves.iter().step_by(2).copied().collect();
        let mut white: Vec<Pos> = self.moves.iter().skip(1).step_by(2).copied().collect();
        black.sort_unstable();
        white.sort_unstable();
        OpeningKey { black, white }
    }

    /// The smallest [`Opening::key`] over the board's symmetries: an opening, its rotations
    /// and reflections and any reordering of its moves all share this key.
    pub fn canonical_key(&self, geometry: Geometry) -> OpeningKey {
        self.canonical_symmetry(geometry).1
    }

    /// The symmetry that gives [`Opening::canonical_key`] (the first of [`Symmetry::of`] on a
    /// tie) and that key.
    pub fn canonical_symmetry(&self, geometry: Geometry) -> (Symmetry, OpeningKey) {
        Symmetry::of(geometry)
            .iter()
            .map(|&s| (s, self.transform(s, geometry).key()))
            .min_by(|a, b| a.1.cmp(&b.1))
            .expect("at least the identity")
    }

    /// The opening turned by the symmetry of [`Opening::canonical_symmetry`], moves kept in
    /// their order.
    pub fn canonical(&self, geometry: Geometry) -> Opening {
        self.transform(self.canonical_symmetry(geometry).0, geometry)
    }

    /// The moves in pos notation, concatenated (`h8i7g7`); fails for columns past `z`.
    pub fn to_pos(&self) -> Result<String, BoardError> {
        notation::format_pos_moves(&self.moves)
    }

    /// The moves as Gomocup offsets from the centre: `0,0, 1,-1, 2,0`.
    pub fn to_offset(&self, geometry: Geometry) -> String {
        let c = geometry.centre();
        let pairs: Vec<String> = self
            .moves
            .iter()
            .map(|p| format!("{},{}", p.x as i64 - c.x as i64, p.y as i64 - c.y as i64))
            .collect();
        pairs.join(", ")
    }

    /// The opening in KataGomo's GTP form: the board side (`WxH` if not square), then points.
    pub fn to_gtp(&self, geometry: Geometry) -> String {
        let mut out = if geometry.width == geometry.height {
            geometry.width.to_string()
        } else {
            format!("{}x{}", geometry.width, geometry.height)
        };
        for &p in &self.moves {
            out.push(' ');
            out.push_str(&notation::format_gtp(p, geometry));
        }
        out
    }
}

/// Keeps the first of every group of openings that share a [`Opening::canonical_key`].
pub fn dedup(openings: &[Opening], geometry: Geometry) -> Vec<Opening> {
    let mut seen = std::collections::HashSet::new();
    openings
        .iter()
        .filter(|o| seen.insert(o.canonical_key(geometry)))
        .cloned()
        .collect()
}

/// Plays `moves` with full checks and fails if the game is over at the end.
fn play_checked(board: &mut Board, moves: &[Pos]) -> Result<(), BoardError> {
    board.play_all(moves)?;
    if board.outcome().is_some() {
        return Err(BoardError::GameOver.at_move(moves.len()));
    }
    Ok(())
}

/// The layout of an opening book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BookFormat {
    /// Gomocup offsets from the centre: `0,0, 1,-1, 2,0`.
    Offset,
    /// Pos notation, one opening per line: `h8i7j8`.
    Pos,
    /// KataGomo GTP: `15 L7 L8 M8`.
    Gtp,
}

impl BookFormat {
    /// Guesses the format from the first line that is not blank or a comment: a letter starts
    /// pos, a number with a comma offset, a number and a space GTP. `None` if nothing fits.
    pub fn detect(text: &str) -> Option<BookFormat> {
        let content = lines(text).map(|(_, c)| c.trim()).find(|c| !c.is_empty())?;
        let first = content.chars().next()?;
        if first.is_ascii_alphabetic() {
            Some(BookFormat::Pos)
        } else if first.is_ascii_digit() || first == '-' || first == '+' {
            if content.contains(',') {
                Some(BookFormat::Offset)
            } else {
                Some(BookFormat::Gtp)
            }
        } else {
            None
        }
    }

    /// The format's lowercase name: `offset`, `pos` or `gtp`.
    pub fn name(self) -> &'static str {
        match self {
            BookFormat::Offset => "offset",
            BookFormat::Pos => "pos",
            BookFormat::Gtp => "gtp",
        }
    }
}

impl std::fmt::Display for BookFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Numbered lines (from 1) with `\r`, a leading byte-order mark and `#` comments removed.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').enumerate().map(|(i, raw)| {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = match line.find('#') {
            Some(at) => &line[..at],
            None => line,
        };
        (i + 1, content)
    })
}

/// Column (characters, from 1) of byte offset `at` in `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// Reads one line's moves with the column of each move.
fn parse_line(
    content: &str,
    line: usize,
    format: BookFormat,
    geometry: Geometry,
) -> Result<Vec<(Pos, usize)>, BoardError> {
    match format {
        BookFormat::Pos => notation::parse_pos_moves_at(content, geometry, line, 1),
        BookFormat::Offset => parse_offset_line(content, line, geometry),
        BookFormat::Gtp => parse_gtp_line(content, line, geometry),
    }
}

fn parse_offset_line(
    content: &str,
    line: usize,
    geometry: Geometry,
) -> Result<Vec<(Pos, usize)>, BoardError> {
    // Segments between commas, with their byte offsets.
    let mut segments = Vec::new();
    let mut start = 0;
    for (i, c) in content.char_indices() {
        if c == ',' {
            segments.push((start, &content[start..i]));
            start = i + 1;
        }
    }
    let last = &content[start..];
    if !(last.trim().is_empty() && !segments.is_empty() && segments.len() & 1 == 0) {
        // Not a trailing comma after a complete pair: a real segment.
        segments.push((start, last));
    }
    if segments.len() & 1 == 1 {
        let (at, last) = segments[segments.len() - 1];
        let col = column(content, at) + (last.len() - last.trim_start().len());
        return Err(BoardError::parse(
            line,
            col,
            "odd number of coordinates: the last x has no y",
        ));
    }
    let centre = geometry.centre();
    let mut moves = Vec::with_capacity(segments.len() / 2);
    for (n, pair) in segments.chunks(2).enumerate() {
        let (xs, xt) = pair[0];
        let (ys, yt) = pair[1];
        let col = column(content, xs) + (xt.len() - xt.trim_start().len());
        let dx = parse_int(xt, line, column(content, xs))?;
        let dy = parse_int(yt, line, column(content, ys))?;
        let (x, y) = (centre.x as i64 + dx, centre.y as i64 + dy);
        if !on_board(geometry, x, y) {
            let token = format!("offset {dx},{dy}");
            return Err(BoardError::parse(
                line,
                col,
                format!(
                    "move {}: {}",
                    n + 1,
                    off_board_message(&token, x, y, geometry)
                ),
            ));
        }
        moves.push((Pos::new(x as u8, y as u8), col));
    }
    Ok(moves)
}

fn parse_gtp_line(
    content: &str,
    line: usize,
    geometry: Geometry,
) -> Result<Vec<(Pos, usize)>, BoardError> {
    let mut tokens = content.split_whitespace().map(|t| {
        let at = t.as_ptr() as usize - content.as_ptr() as usize;
        (column(content, at), t)
    });
    let Some((size_col, size)) = tokens.next() else {
        return Ok(Vec::new());
    };
    let (w, h) = match size.split_once(['x', 'X', ':']) {
        Some((w, h)) => (w, h),
        None => (size, size),
    };
    let (w, h) = (w.parse::<usize>(), h.parse::<usize>());
    match (w, h) {
        (Ok(w), Ok(h)) if (w, h) == (geometry.width, geometry.height) => {}
        (Ok(w), Ok(h)) => {
            return Err(BoardError::parse(
                line,
                size_col,
                format!(
                    "the opening is for a {w}x{h} board, not {}x{}",
                    geometry.width, geometry.height
                ),
            ));
        }
        _ => {
            return Err(BoardError::parse(
                line,
                size_col,
                format!("expected the board size first, found '{size}'"),
            ));
        }
    }
    tokens
        .enumerate()
        .map(|(n, (col, token))| {
            notation::parse_gtp_at(token, geometry, line, col)
                .map_err(|e| match e {
                    BoardError::Parse {
                        line,
                        column,
                        message,
                    } => BoardError::parse(line, column, format!("move {}: {message}", n + 1)),
                    e => e,
                })
                .map(|p| (p, col))
        })
        .collect()
}

/// Reads and checks one line: `None` for a blank or comment line.
fn read_line(
    content: &str,
    line: usize,
    format: BookFormat,
    empty: &Board,
) -> Option<Result<Opening, BoardError>> {
    if content.trim().is_empty() {
        return None;
    }
    let moves = match parse_line(content, line, format, empty.geometry()) {
        Ok(m) => m,
        Err(e) => return Some(Err(e)),
    };
    if moves.is_empty() {
        return None;
    }
    let points: Vec<Pos> = moves.iter().map(|&(p, _)| p).collect();
    let mut board = empty.clone();
    let at = |number: usize, message: String| {
        let col = moves[number.clamp(1, moves.len()) - 1].1;
        Some(Err(BoardError::parse(line, col, message)))
    };
    if let Err(e) = board.play_all(&points) {
        let number = match &e {
            BoardError::BadMove { number, .. } => *number,
            _ => 1,
        };
        return at(number, e.to_string());
    }
    if let Some(outcome) = board.outcome() {
        let what = match outcome {
            Outcome::Win(c) => format!("{c} has five in a row"),
            Outcome::Draw => "the board is full".to_string(),
        };
        let n = points.len();
        return at(n, format!("move {n}: the opening ends the game ({what})"));
    }
    Some(Ok(Opening::new(points)))
}

/// Reads a book and checks every opening by playing it on a `geometry` board under `rule`
/// (on the board, no point twice, no renju-forbidden move, game still open at the end).
/// The first bad line gives a [`BoardError::Parse`] with its line, column and move number.
pub fn parse_book(
    text: &str,
    format: BookFormat,
    geometry: Geometry,
    rule: Rule,
) -> Result<Vec<Opening>, BoardError> {
    let empty = Board::new(geometry, rule)?;
    check_header(text, geometry, rule)?;
    lines(text)
        .filter_map(|(line, content)| read_line(content, line, format, &empty))
        .collect()
}

/// The header line our books begin with (`openings generate` writes it).
const HEADER_MARK: &str = "gomoku-arena opening book:";

/// Refuses a book whose header (as `openings generate` writes it: `# gomoku-arena opening
/// book: N openings, 20x20 k=5, freestyle`) names another board size, row length or rule
/// than the one it is about to be played on: its openings may well fit, but were balanced
/// for another game.
pub fn check_header(text: &str, geometry: Geometry, rule: Rule) -> Result<(), BoardError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !line.starts_with('#') {
            if line.is_empty() {
                continue;
            }
            break;
        }
        let Some(at) = line.find(HEADER_MARK) else {
            continue;
        };
        let what = &line[at + HEADER_MARK.len()..];
        let column = raw.find(HEADER_MARK).unwrap_or(0) + 1;
        let mismatch = |said: String, board: String| {
            BoardError::parse(
                i + 1,
                column,
                format!("the book's header says it is for {said}, but the game is {board}"),
            )
        };
        for word in what.split([',', ' ']).filter(|w| !w.is_empty()) {
            if let Some((w, h)) = word.split_once('x')
                && let (Ok(w), Ok(h)) = (w.parse::<usize>(), h.parse::<usize>())
                && (w, h) != (geometry.width, geometry.height)
            {
                let board = format!("{}x{}", geometry.width, geometry.height);
                return Err(mismatch(format!("{w}x{h} boards"), board));
            }
            if let Some(k) = word
                .strip_prefix("k=")
                .and_then(|k| k.parse::<usize>().ok())
                && k != geometry.k
            {
                return Err(mismatch(format!("k={k}"), format!("k={}", geometry.k)));
            }
            if let Ok(said) = word.parse::<Rule>()
                && said != rule
            {
                return Err(mismatch(format!("the {said} rule"), format!("{rule}")));
            }
        }
    }
    Ok(())
}

/// [`parse_book`] with the format found by [`BookFormat::detect`]; a text with no opening
/// gives an empty book.
pub fn parse_book_auto(
    text: &str,
    geometry: Geometry,
    rule: Rule,
) -> Result<(BookFormat, Vec<Opening>), BoardError> {
    match BookFormat::detect(text) {
        Some(format) => Ok((format, parse_book(text, format, geometry, rule)?)),
        None if lines(text).all(|(_, c)| c.trim().is_empty()) => Ok((BookFormat::Pos, Vec::new())),
        None => {
            let (line, _) = lines(text)
                .find(|(_, c)| !c.trim().is_empty())
                .expect("a non-blank line");
            Err(BoardError::parse(
                line,
                1,
                "cannot tell the book format (expected offset, pos or GTP)",
            ))
        }
    }
}

/// Like [`parse_book`] but returns the error of every bad line (empty if all are good).
pub fn validate_book(
    text: &str,
    format: BookFormat,
    geometry: Geometry,
    rule: Rule,
) -> Vec<BoardError> {
    let empty = match Board::new(geometry, rule) {
        Ok(b) => b,
        Err(e) => return vec![e],
    };
    if let Err(e) = check_header(text, geometry, rule) {
        return vec![e];
    }
    lines(text)
        .filter_map(|(line, content)| read_line(content, line, format, &empty))
        .filter_map(Result::err)
        .collect()
}

/// Writes a book in Gomocup offset format, one `x,y, x,y` line per opening.
pub fn write_offset(openings: &[Opening], geometry: Geometry) -> String {
    let mut out = String::new();
    for o in openings {
        out.push_str(&o.to_offset(geometry));
        out.push('\n');
    }
    out
}

/// Writes a book in the project's format: the header as `# ` comment lines, then one
/// opening per line in pos notation. Fails for columns past `z`.
pub fn write_pos_book(openings: &[Opening], header: &str) -> Result<String, BoardError> {
    let mut out = String::new();
    for l in header.lines() {
        if l.is_empty() {
            out.push_str("#\n");
        } else {
            out.push_str("# ");
            out.push_str(l);
            out.push('\n');
        }
    }
    for o in openings {
        out.push_str(&o.to_pos()?);
        out.push('\n');
    }
    Ok(out)
}

/// Writes a book in KataGomo's GTP format, one opening per line.
pub fn write_gtp_book(openings: &[Opening], geometry: Geometry) -> String {
    let mut out = String::new();
    for o in openings {
        out.push_str(&o.to_gtp(geometry));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const G15: Geometry = Geometry::square(15);

    fn err_at(e: BoardError) -> (usize, usize, String) {
        e.parse_position()
    }

    #[test]
    fn detect_formats() {
        assert_eq!(BookFormat::detect("0,0, 1,1\r\n"), Some(BookFormat::Offset));
        assert_eq!(BookFormat::detect("# x\n\nh8i9\n"), Some(BookFormat::Pos));
        assert_eq!(BookFormat::detect("# x\n15 H8 J9\n"), Some(BookFormat::Gtp));
        assert_eq!(BookFormat::detect("# only\n\n"), None);
        assert_eq!(BookFormat::detect("!!"), None);
    }

    #[test]
    fn offset_separators_and_trailing_comma() {
        let f = BookFormat::Offset;
        let a = parse_book("0,0, 1,-1, 2,0", f, G15, Rule::Freestyle).unwrap();
        let b = parse_book("0,0,1,-1,2,0\r\n", f, G15, Rule::Freestyle).unwrap();
        let c = parse_book("0,0, 1,-1, 2,0, \n\n", f, G15, Rule::Freestyle).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(
            a[0].moves,
            vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 7)]
        );
    }

    #[test]
    fn offset_errors() {
        let f = BookFormat::Offset;
        let e = |t: &str| err_at(parse_book(t, f, G15, Rule::Freestyle).unwrap_err());
        assert_eq!(e("0,0\n0,0, 1").0, 2);
        let (l, c, m) = e("0,0, 1,1\n0,0, 8,0, 1,1");
        assert_eq!((l, c), (2, 6));
        assert!(m.contains("move 2") && m.contains("(15,7)"), "{m}");
        let (l, c, m) = e("0,0, 1,1, 0,0");
        assert_eq!((l, c), (1, 11));
        assert!(m.contains("move 3") && m.contains("occupied"), "{m}");
        let (l, c, _) = e("0,0, x,1");
        assert_eq!((l, c), (1, 6));
        assert_eq!(e("0,0,, 1,1").0, 1);
        // A five ends the game.
        let (l, _, m) = e("0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0");
        assert_eq!(l, 1);
        assert!(m.contains("move 9") && m.contains("ends the game"), "{m}");
    }

    #[test]
    fn pos_book_with_comments() {
        let text = "# header\n\nh8i9 # trailing\n  # indented comment\nh8,j10\n";
        let book = parse_book(text, BookFormat::Pos, G15, Rule::Freestyle).unwrap();
        assert_eq!(book.len(), 2);
        let out = write_pos_book(&book, "header\n\nmore").unwrap();
        assert_eq!(out, "# header\n#\n# more\nh8i9\nh8j10\n");
        assert_eq!(
            parse_book(&out, BookFormat::Pos, G15, Rule::Freestyle).unwrap(),
            book
        );
        let (l, c, _) =
            err_at(parse_book("h8\nh8h8", BookFormat::Pos, G15, Rule::Freestyle).unwrap_err());
        assert_eq!((l, c), (2, 3));
    }

    #[test]
    fn gtp_lines() {
        let text = "# c\n15 H8 J9 # x\n";
        let book = parse_book(text, BookFormat::Gtp, G15, Rule::Renju).unwrap();
        assert_eq!(book[0].moves, vec![Pos::new(7, 7), Pos::new(8, 6)]);
        assert_eq!(write_gtp_book(&book, G15), "15 H8 J9\n");
        let (l, c, _) =
            err_at(parse_book("15 H8\n20 H8", BookFormat::Gtp, G15, Rule::Renju).unwrap_err());
        assert_eq!((l, c), (2, 1));
        let (l, c, m) =
            err_at(parse_book("15 H8 I9", BookFormat::Gtp, G15, Rule::Renju).unwrap_err());
        assert_eq!((l, c), (1, 7));
        assert!(m.contains("move 2"), "{m}");
    }

    #[test]
    fn validate_lists_every_bad_line() {
        let text = "0,0\n0,0, 9,9\n1,1\n0,0, 0,0\n";
        let errs = validate_book(text, BookFormat::Offset, G15, Rule::Freestyle);
        let lines: Vec<usize> = errs.into_iter().map(|e| err_at(e).0).collect();
        assert_eq!(lines, vec![2, 4]);
    }

    #[test]
    fn canonical_ignores_symmetry_and_order() {
        let o = Opening::new(vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 9)]);
        let r = o.transform(Symmetry::Rotate90, G15);
        let reordered = Opening::new(vec![Pos::new(9, 9), Pos::new(8, 6), Pos::new(7, 7)]);
        assert_eq!(o.canonical_key(G15), r.canonical_key(G15));
        assert_eq!(o.canonical_key(G15), reordered.canonical_key(G15));
        assert_eq!(o.canonical(G15).key(), o.canonical_key(G15));
        assert_eq!(dedup(&[o.clone(), r, reordered], G15), vec![o]);
    }
}
