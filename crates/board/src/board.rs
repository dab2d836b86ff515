use crate::zobrist::{self, ZobristKeys};
use crate::{BoardError, Cell, Color, Geometry, Outcome, Pos, Rule};

/// Wall cells on every side of the playing area: a scan of up to this many steps from any
/// point never leaves the cell array, so hot loops need no bounds checks.
pub const PADDING: usize = 8;

/// The four line directions as `(dx, dy)`: horizontal, vertical, diagonal, anti-diagonal.
/// Index `d` here matches index `d` of [`Board::direction_offsets`].
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// The line through two different points, if they share one: `(d, dist)` with
/// `b = a + dist * DIRECTIONS[d]`; `None` when they are off every line or the same point.
pub fn line_between(a: Pos, b: Pos) -> Option<(usize, i32)> {
    let (dx, dy) = (b.x as i32 - a.x as i32, b.y as i32 - a.y as i32);
    if (dx, dy) == (0, 0) {
        return None;
    }
    DIRECTIONS
        .iter()
        .position(|&(ux, uy)| dx * uy == dy * ux)
        .map(|d| {
            let (ux, uy) = DIRECTIONS[d];
            (d, if ux != 0 { dx / ux } else { dy / uy })
        })
}

/// A position under a rule: stones in a padded cell array, the side to move, the move
/// history and an incrementally kept Zobrist key. Make and unmake are O(1).
#[derive(Clone)]
pub struct Board {
    geometry: Geometry,
    rule: Rule,
    stride: usize,
    cells: Vec<Cell>,
    key: u64,
    to_move: Color,
    stones: usize,
    history: Vec<Pos>,
    keys: &'static ZobristKeys,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "Board {} {} to move {}",
            self.geometry, self.rule, self.to_move
        )?;
        for y in 0..self.geometry.height {
            for x in 0..self.geometry.width {
                let c = match self.cell(Pos::new(x as u8, y as u8)) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones under the same rule with the same
    /// side to move (the history is not compared).
    fn eq(&self, other: &Self) -> bool {
        self.geometry == other.geometry
            && self.rule == other.rule
            && self.to_move == other.to_move
            && self.cells == other.cells
            && self.key == other.key
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board, Black to move. Renju needs k = 5.
    pub fn new(geometry: Geometry, rule: Rule) -> Result<Board, BoardError> {
        geometry.validate()?;
        if rule == Rule::Renju && geometry.k != 5 {
            return Err(BoardError::RuleNeedsFive {
                rule,
                k: geometry.k,
            });
        }
        let stride = geometry.width + PADDING;
        let rows = geometry.height + 2 * PADDING;
        // PADDING extra walls at each end keep diagonal scans from the corners in bounds.
        let mut cells = vec![Cell::Wall; rows * stride + 2 * PADDING];
        for y in 0..geometry.height {
            let start = (y + PADDING) * stride + PADDING;
            cells[start..start + geometry.width].fill(Cell::Empty);
        }
        Ok(Board {
            geometry,
            rule,
            stride,
            cells,
            key: 0,
            to_move: Color::Black,
            stones: 0,
            history: Vec::with_capacity(geometry.area()),
            keys: zobrist::keys(),
        })
    }

    /// The standard 15x15 freestyle board.
    pub fn standard15() -> Board {
        Board::new(Geometry::square(15), Rule::Freestyle).expect("15x15 k=5 is valid")
    }

    /// A board with the given stones set up (not part of the history) and `to_move` to play.
    /// Fails on a point off the board or placed twice. No rule check is made on set-up stones.
    pub fn from_stones(
        geometry: Geometry,
        rule: Rule,
        black: &[Pos],
        white: &[Pos],
        to_move: Color,
    ) -> Result<Board, BoardError> {
        let mut board = Board::new(geometry, rule)?;
        for (color, list) in [(Color::Black, black), (Color::White, white)] {
            for &pos in list {
                board.check_on_board(pos)?;
                if board.cell(pos) != Cell::Empty {
                    return Err(BoardError::Occupied(pos));
                }
                board.set_stone(pos, color);
            }
        }
        board.set_to_move(to_move);
        Ok(board)
    }

    /// Board width, height and k.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.geometry.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.geometry.height
    }

    /// Stones in a row needed to win.
    #[inline]
    pub fn k(&self) -> usize {
        self.geometry.k
    }

    /// The rule in force.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move (for set-up positions), keeping the key consistent.
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.key ^= self.keys.white_to_move;
            self.to_move = color;
        }
    }

    /// The Zobrist key of stones and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key the position would have after the side to move played at `pos` (on the board
    /// and empty), without playing it: for tables probed for every move of a list.
    #[inline]
    pub fn key_after(&self, pos: Pos) -> u64 {
        self.key
            ^ self
                .keys
                .stone(self.to_move, pos.x as usize, pos.y as usize)
            ^ self.keys.white_to_move
    }

    /// The key with the stone on `pos` taken away (the side to move unchanged); the key
    /// itself if `pos` is empty.
    #[inline]
    pub fn key_without(&self, pos: Pos) -> u64 {
        match self.cell(pos).color() {
            Some(color) => self.key ^ self.keys.stone(color, pos.x as usize, pos.y as usize),
            None => self.key,
        }
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Whether every point holds a stone.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.stones == self.geometry.area()
    }

    /// The moves made with [`Board::make`], oldest first (set-up stones are not included).
    #[inline]
    pub fn history(&self) -> &[Pos] {
        &self.history
    }

    /// The last move made, if any.
    #[inline]
    pub fn last_move(&self) -> Option<Pos> {
        self.history.last().copied()
    }

    /// Distance in the cell array between neighbours along each of [`DIRECTIONS`].
    #[inline]
    pub fn direction_offsets(&self) -> [isize; 4] {
        let s = self.stride as isize;
        [1, s, s + 1, s - 1]
    }

    /// Distance in the cell array between vertically adjacent points.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The padded cell array (walls around the playing area); see [`Board::index`].
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The index of a point in [`Board::cells`].
    #[inline]
    pub fn index(&self, pos: Pos) -> usize {
        (pos.y as usize + PADDING) * self.stride + pos.x as usize + PADDING
    }

    /// The point at a cell index; only meaningful for indices of points on the board.
    #[inline]
    pub fn pos_of(&self, index: usize) -> Pos {
        let i = index - PADDING;
        let y = i / self.stride - PADDING;
        let x = i % self.stride;
        Pos::new(x as u8, y as u8)
    }

    /// The cell at a point on the board.
    #[inline]
    pub fn cell(&self, pos: Pos) -> Cell {
        self.cells[self.index(pos)]
    }

    /// Whether a point given by signed coordinates lies on the board.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        self.geometry.contains(x, y)
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Pos> + use<> {
        let (w, h) = (self.geometry.width, self.geometry.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x as u8, y as u8)))
    }

    /// Fails unless the point lies on this board.
    pub fn check_on_board(&self, pos: Pos) -> Result<(), BoardError> {
        if (pos.x as usize) < self.geometry.width && (pos.y as usize) < self.geometry.height {
            Ok(())
        } else {
            Err(BoardError::OffBoard {
                x: pos.x as i64,
                y: pos.y as i64,
                width: self.geometry.width,
                height: self.geometry.height,
            })
        }
    }

    #[inline]
    fn set_stone(&mut self, pos: Pos, color: Color) {
        let i = self.index(pos);
        debug_assert_eq!(self.cells[i], Cell::Empty);
        self.cells[i] = color.cell();
        self.key ^= self.keys.stone(color, pos.x as usize, pos.y as usize);
        self.stones += 1;
    }

    #[inline]
    fn clear_stone(&mut self, pos: Pos) {
        let i = self.index(pos);
        let color = self.cells[i].color().expect("a stone to remove");
        self.cells[i] = Cell::Empty;
        self.key ^= self.keys.stone(color, pos.x as usize, pos.y as usize);
        self.stones -= 1;
    }

    /// Places a stone of the side to move and passes the move. O(1); the caller guarantees
    /// the point is on the board and empty (use [`Board::try_make`] for untrusted input).
    #[inline]
    pub fn make(&mut self, pos: Pos) {
        let color = self.to_move;
        self.set_stone(pos, color);
        self.history.push(pos);
        self.key ^= self.keys.white_to_move;
        self.to_move = color.opponent();
    }

    /// Takes back the last move made with [`Board::make`]; returns it, or `None` if there is
    /// none.
    #[inline]
    pub fn unmake(&mut self) -> Option<Pos> {
        let pos = self.history.pop()?;
        self.clear_stone(pos);
        self.key ^= self.keys.white_to_move;
        self.to_move = self.to_move.opponent();
        Some(pos)
    }

    /// Plays a move after checking it: on the board, empty, game not over, not forbidden.
    pub fn try_make(&mut self, pos: Pos) -> Result<(), BoardError> {
        self.check_on_board(pos)?;
        if self.cell(pos) != Cell::Empty {
            return Err(BoardError::Occupied(pos));
        }
        if self.outcome().is_some() {
            return Err(BoardError::GameOver);
        }
        if self.is_forbidden(pos) {
            return Err(BoardError::Forbidden(pos));
        }
        self.make(pos);
        Ok(())
    }

    /// Plays a sequence of moves with [`Board::try_make`]; an error names the move number.
    pub fn play_all(&mut self, moves: &[Pos]) -> Result<(), BoardError> {
        for (i, &pos) in moves.iter().enumerate() {
            self.try_make(pos).map_err(|e| e.at_move(i + 1))?;
        }
        Ok(())
    }

    /// Whether the side to move may play here: on the board, empty, and not renju-forbidden.
    pub fn is_legal(&self, pos: Pos) -> bool {
        self.check_on_board(pos).is_ok() && self.cell(pos) == Cell::Empty && !self.is_forbidden(pos)
    }

    /// Whether the side to move has a point to play: an empty one it is not forbidden (under
    /// renju, Black may have none on a board not yet full). Stops at the first it finds.
    pub fn has_legal_move(&self) -> bool {
        self.points()
            .any(|p| self.cell(p) == Cell::Empty && !self.is_forbidden(p))
    }

    /// Whether an empty point is forbidden to the side to move (only Black under renju).
    pub fn is_forbidden(&self, pos: Pos) -> bool {
        self.rule == Rule::Renju
            && self.to_move == Color::Black
            && crate::renju::is_forbidden(self, pos)
    }

    /// Length of the run of `cell` through index `i` along offset `d`, not counting `i`.
    #[inline]
    fn run_beside(&self, i: usize, d: isize, cell: Cell) -> usize {
        let mut n = 0;
        let mut j = i as isize + d;
        while self.cells[j as usize] == cell {
            n += 1;
            j += d;
        }
        let mut j = i as isize - d;
        while self.cells[j as usize] == cell {
            n += 1;
            j -= d;
        }
        n
    }

    /// Whether a run of `len` stones of `color` wins under the rule.
    #[inline]
    fn run_wins(&self, len: usize, color: Color) -> bool {
        let k = self.geometry.k;
        match self.rule {
            Rule::Freestyle => len >= k,
            Rule::Standard => len == k,
            Rule::Renju => match color {
                Color::Black => len == k,
                Color::White => len >= k,
            },
        }
    }

    /// Whether a stone of `color` at `pos` (on the board now, or hypothetically on an empty
    /// point) makes a winning row. Looks only at the four lines through `pos`.
    #[inline]
    pub fn wins_at(&self, pos: Pos, color: Color) -> bool {
        let i = self.index(pos);
        let cell = color.cell();
        self.direction_offsets()
            .iter()
            .any(|&d| self.run_wins(1 + self.run_beside(i, d, cell), color))
    }

    /// The winner, judged from the last move (a game ends at its first winning row).
    #[inline]
    pub fn winner(&self) -> Option<Color> {
        let pos = self.last_move()?;
        let color = self.cell(pos).color()?;
        self.wins_at(pos, color).then_some(color)
    }

    /// A stone of `color` that stands in a winning row, wherever it is (a position set up
    /// from stones has no last move to judge by).
    pub fn five_of(&self, color: Color) -> Option<Pos> {
        self.points()
            .find(|&p| self.cell(p).color() == Some(color) && self.wins_at(p, color))
    }

    /// The result if the game is over: the last move won, or the board is full.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(c) = self.winner() {
            Some(Outcome::Win(c))
        } else if self.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The winning row through the last move, from one end to the other, if it won.
    pub fn winning_line(&self) -> Option<Vec<Pos>> {
        let pos = self.last_move()?;
        let color = self.cell(pos).color()?;
        let cell = color.cell();
        for (dx, dy) in DIRECTIONS {
            let step = |p: Pos, s: i32| {
                let (x, y) = (p.x as i32 + dx * s, p.y as i32 + dy * s);
                (self.contains(x, y) && self.cell(Pos::new(x as u8, y as u8)) == cell)
                    .then(|| Pos::new(x as u8, y as u8))
            };
            let mut start = pos;
            while let Some(p) = step(start, -1) {
                start = p;
            }
            let mut line = vec![start];
            while let Some(p) = step(*line.last().expect("non-empty"), 1) {
                line.push(p);
            }
            if self.run_wins(line.len(), color) {
                return Some(line);
            }
        }
        None
    }

    /// Places a stone without touching history or side to move, for analysis code such as
    /// the renju check; undo it with [`Board::remove_stone`]. The point must be empty.
    #[inline]
    pub fn put_stone(&mut self, pos: Pos, color: Color) {
        self.set_stone(pos, color);
    }

    /// Removes a stone placed with [`Board::put_stone`].
    #[inline]
    pub fn remove_stone(&mut self, pos: Pos) {
        self.clear_stone(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn padding_walls_surround_every_point() {
        let b = Board::new(
            Geometry {
                width: 7,
                height: 4,
                k: 4,
            },
            Rule::Freestyle,
        )
        .unwrap();
        for pos in b.points() {
            let i = b.index(pos) as isize;
            assert_eq!(b.pos_of(i as usize), pos);
            for (d, &(dx, dy)) in b.direction_offsets().iter().zip(DIRECTIONS.iter()) {
                for s in 1..=PADDING as i32 {
                    for sign in [-1, 1] {
                        let (x, y) = (pos.x as i32 + dx * s * sign, pos.y as i32 + dy * s * sign);
                        let j = (i + d * (s * sign) as isize) as usize;
                        let expect_wall = !b.contains(x, y);
                        assert_eq!(
                            b.cells()[j] == Cell::Wall,
                            expect_wall,
                            "{pos:?} {dx},{dy} {s}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn five_wins_freestyle_overline_only_in_freestyle() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut b = Board::new(Geometry::square(15), rule).unwrap();
            // Black: a3..d3 and f3; White elsewhere; then e3 makes six.
            for x in [0u8, 1, 2, 3, 5] {
                b.make(p(x, 2));
                b.make(p(x, 10));
            }
            assert_eq!(b.winner(), None);
            b.make(p(4, 2));
            let expect = rule == Rule::Freestyle;
            assert_eq!(b.winner() == Some(Color::Black), expect, "{rule}");
        }
    }

    #[test]
    fn key_after_is_the_key_once_played() {
        let mut b = Board::standard15();
        for (x, y) in [(7, 7), (8, 7), (0, 14), (14, 0), (6, 9)] {
            let expect = b.key_after(p(x, y));
            b.make(p(x, y));
            assert_eq!(b.key(), expect);
        }
        b.set_to_move(b.to_move().opponent());
        let expect = b.key_after(p(1, 1));
        b.make(p(1, 1));
        assert_eq!(b.key(), expect);
    }

    /// The key without a stone is the key of the board that never had it, the side to
    /// move kept; an empty cell takes nothing away.
    #[test]
    fn key_without_a_stone_is_the_key_before_it() {
        let mut b = Board::standard15();
        for (x, y) in [(7, 7), (8, 7), (0, 14), (14, 0), (6, 9)] {
            let before = b.key();
            b.make(p(x, y));
            b.set_to_move(b.to_move().opponent());
            assert_eq!(b.key_without(p(x, y)), before);
            b.set_to_move(b.to_move().opponent());
        }
        assert_eq!(b.key_without(p(3, 3)), b.key());
    }

    #[test]
    fn unmake_restores_key_and_cells() {
        let mut b = Board::standard15();
        let empty = b.clone();
        b.make(p(7, 7));
        b.make(p(8, 8));
        assert_ne!(b.key(), empty.key());
        b.unmake();
        b.unmake();
        assert_eq!(b, empty);
        assert_eq!(b.unmake(), None);
    }

    /// Every point within four cells of a centre lies on the line `line_between` names, at
    /// the distance it names, or on none of the four lines; the centre itself is on none.
    #[test]
    fn line_between_names_the_line_and_the_distance() {
        let a = Pos::new(7, 7);
        assert_eq!(line_between(a, a), None);
        let mut on_lines = 0;
        for y in 3..=11u8 {
            for x in 3..=11u8 {
                let b = Pos::new(x, y);
                let on = DIRECTIONS.iter().enumerate().find_map(|(d, &(ux, uy))| {
                    (-4..=4)
                        .find(|&k| k != 0 && (7 + k * ux, 7 + k * uy) == (x as i32, y as i32))
                        .map(|k| (d, k))
                });
                assert_eq!(line_between(a, b), on, "{b:?}");
                on_lines += on.is_some() as usize;
            }
        }
        assert_eq!(on_lines, 32);
    }
}
