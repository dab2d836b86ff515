//! Plain-text drawing of the board: column letters and row numbers exactly as pos
//! notation reads them (`a1` top left, `h8` = (7,7)), the last move in brackets and renju
//! forbidden points marked for Black; and points written as pos notation writes them.

use gomoku_board::notation::format_pos;
use gomoku_board::renju::forbidden_points;
use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule};

/// The widest board pos notation can write (one column letter, `a` to `z`).
pub const MAX_COLUMNS: usize = gomoku_board::notation::POS_COLUMNS;

/// Glyph of a black stone.
pub const BLACK: char = 'X';
/// Glyph of a white stone.
pub const WHITE: char = 'O';
/// Glyph of an empty point.
pub const EMPTY: char = '.';
/// Glyph of an empty point where Black may not play (renju).
pub const FORBIDDEN: char = '!';

/// The glyph of a colour's stones.
pub fn glyph(color: Color) -> char {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Draws `board` as text lines: a header of column letters, one line per row (numbered on both
/// sides, row 1 at the top), and the column letters again. The last move is shown as `[X]`;
/// points in `forbidden` that are empty are shown as `!`. Columns past `z` are drawn as `?`
/// (the caller keeps boards to 26 columns).
pub fn draw(board: &Board, forbidden: &[Pos]) -> Vec<String> {
    let (width, height) = (board.width(), board.height());
    let label = height.to_string().len();
    let last = board.last_move();
    let letters: String = (0..width)
        .map(|x| format!(" {}", column_letter(x)))
        .collect();
    let header = format!("{:label$}{letters}", "");
    let mut lines = Vec::with_capacity(height + 2);
    lines.push(header.clone());
    for y in 0..height {
        let mut row = format!("{:>label$}", y + 1);
        for x in 0..width {
            let pos = Pos::new(x as u8, y as u8);
            row.push(separator(last, pos, y));
            row.push(match board.cell(pos) {
                Cell::Black => BLACK,
                Cell::White => WHITE,
                _ if forbidden.contains(&pos) => FORBIDDEN,
                _ => EMPTY,
            });
        }
        let after_last = last == Some(Pos::new((width - 1) as u8, y as u8));
        row.push(if after_last { ']' } else { ' ' });
        row.push_str(&(y + 1).to_string());
        lines.push(row);
    }
    lines.push(header);
    lines
}

/// An empty board that can be drawn and played in pos notation: refused when wider than
/// [`MAX_COLUMNS`], or when the board itself is refused (an invalid geometry, or renju with
/// k other than 5).
pub fn playable_board(geometry: Geometry, rule: Rule) -> Result<Board, String> {
    if geometry.width > MAX_COLUMNS {
        return Err(format!(
            "a board {} columns wide cannot be played here: moves are typed in pos notation, \
             which has {MAX_COLUMNS} column letters",
            geometry.width
        ));
    }
    Board::new(geometry, rule).map_err(|e| e.to_string())
}

/// The empty points where Black, to move under renju, may not play (none under other rules
/// or with White to move).
pub fn forbidden_for_black(board: &Board) -> Vec<Pos> {
    if board.rule() == Rule::Renju && board.to_move() == Color::Black {
        forbidden_points(board)
    } else {
        Vec::new()
    }
}

/// A position as `show` and `analyze` print it: a line naming the board and the rule, then
/// the board drawn with the points forbidden to Black.
pub fn draw_position(board: &Board) -> Vec<String> {
    let g = board.geometry();
    let mut lines = vec![format!(
        "{}x{}, {} in a row, {}",
        g.width,
        g.height,
        g.k,
        board.rule()
    )];
    lines.extend(draw(board, &forbidden_for_black(board)));
    lines
}

/// A point in pos notation (boards are kept to [`MAX_COLUMNS`], so this always succeeds).
pub fn show(pos: Pos) -> String {
    format_pos(pos).unwrap_or_else(|_| format!("({},{})", pos.x, pos.y))
}

/// Points in pos notation, separated by spaces.
pub fn pos_list(points: &[Pos]) -> String {
    points
        .iter()
        .map(|&p| show(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The character before the point `pos` on row `y`: `[` before the last move, `]` after it.
fn separator(last: Option<Pos>, pos: Pos, y: usize) -> char {
    match last {
        Some(m) if m == pos => '[',
        Some(m) if m.y as usize == y && pos.x > 0 && m.x == pos.x - 1 => ']',
        _ => ' ',
    }
}

/// The pos-notation letter of column `x` (`a` for 0).
fn column_letter(x: usize) -> char {
    if x < 26 {
        (b'a' + x as u8) as char
    } else {
        '?'
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::notation::parse_pos;
    use gomoku_board::{Geometry, Rule};

    #[test]
    fn what_is_typed_is_what_is_seen() {
        let g = Geometry::square(9);
        let mut board = Board::new(g, Rule::Freestyle).unwrap();
        board.make(parse_pos("c2", g).unwrap());
        board.make(parse_pos("h8", g).unwrap());
        let lines = draw(&board, &[]);
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "  a b c d e f g h i");
        assert_eq!(lines[2], "2 . . X . . . . . . 2");
        assert_eq!(lines[8], "8 . . . . . . .[O]. 8");
        assert_eq!(lines[10], lines[0]);
        // The glyph under a column letter is that column.
        let col_h = lines[0].find('h').unwrap();
        assert_eq!(lines[8].as_bytes()[col_h], b'O');
    }

    #[test]
    fn last_move_on_the_edges_and_forbidden_marks() {
        let g = Geometry::square(10);
        let mut board = Board::new(g, Rule::Freestyle).unwrap();
        board.make(Pos::new(9, 0));
        let lines = draw(&board, &[Pos::new(0, 9), Pos::new(9, 0)]);
        assert_eq!(lines[0], "   a b c d e f g h i j");
        assert_eq!(lines[1], " 1 . . . . . . . . .[X]1");
        assert_eq!(lines[10], "10 ! . . . . . . . . . 10");
        board.make(Pos::new(0, 1));
        assert_eq!(draw(&board, &[])[2], " 2[O]. . . . . . . . . 2");
    }
}
