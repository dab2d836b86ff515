//! What the evaluation reads of a move without playing it: its pattern gains for either
//! colour, the static evaluation after it (`eval_after`, which quiet leaves use instead of
//! make, eval and unmake), and its cell classes (their worth to the side to move, the open
//! fours and fours a stone there makes), from the gain cache and the line kinds, or from
//! the lines' spans on a board that keeps no gain cache.

use super::board::{EVAL_LIMIT, SearchBoard};
use crate::cells::{CellClass, KIND_FIVE, KIND_FOUR, KIND_OPEN_FOUR, KIND_OPEN_THREE, KIND_THREE};
use gomoku_board::{ByColor, Color, line_between};
use std::ops::RangeInclusive;

impl SearchBoard {
    /// The gains of playing at the empty cell `i`, for each colour from its own view.
    #[inline]
    pub fn gains(&self, i: usize) -> ByColor<i64> {
        let table = &self.table.gains;
        if self.gains.is_kept() {
            let (g, _) = self.gains.current(i, table, &self.lines);
            let b = g[0][0] + g[1][0] + g[2][0] + g[3][0];
            let w = g[0][3] + g[1][3] + g[2][3] + g[3][3];
            return ByColor::new(b as i64, w as i64);
        }
        let h = self.gains.h();
        let mut g = ByColor::<i64>::default();
        if !table.is_empty() {
            for d in 0..4 {
                let (line, _) = self.gains.span_gain(table, self.lines.span(i, d, h), d);
                g[Color::Black] += line[0] as i64;
                g[Color::White] += line[3] as i64;
            }
            return g;
        }
        let entries = &self.table.entries;
        let centre = 2 * h;
        for d in 0..4 {
            let old = self.lines.span(i, d, h);
            let a = self.gains.window_sums(entries, old);
            let b = self.gains.window_sums(entries, old | (1 << centre));
            let c = self.gains.window_sums(entries, old | (2 << centre));
            g[Color::Black] += b[Color::Black] - a[Color::Black];
            g[Color::White] += c[Color::White] - a[Color::White];
        }
        g
    }

    /// The static evaluation the opponent would see after the side to move played at the
    /// empty cell `i` (what [`SearchBoard::make`] then [`SearchBoard::eval`] would give),
    /// computed without touching the board: from the gain cache, or without one (a board
    /// from [`SearchBoard::without_gain_cache`]) from the four lines' spans as `make`
    /// computes them. `None` when the move may make a four (its five-points must be found
    /// on the board), would fill the board, or the table has no gain arrays: the caller
    /// then plays the move.
    #[inline]
    pub fn eval_after(&self, i: usize) -> Option<i32> {
        if self.board.stone_count() + 1 >= self.board.geometry().area() {
            return None;
        }
        let color = self.board.to_move();
        let opp = color.opponent();
        let slot = 2 * color.index() + opp.index();
        let table = &self.table.gains;
        let (mut delta, four) = if !self.gains.is_kept() {
            if table.is_empty() {
                return None;
            }
            let h = self.gains.h();
            let mut delta = 0i64;
            let mut four = 0u8;
            for d in 0..4 {
                let (g, f) = self.gains.span_gain(table, self.lines.span(i, d, h), d);
                delta += g[slot] as i64;
                four |= f;
            }
            (delta, four)
        } else {
            let (g, four) = self.gains.current(i, table, &self.lines);
            let delta =
                g[0][slot] as i64 + g[1][slot] as i64 + g[2][slot] as i64 + g[3][slot] as i64;
            (delta, four)
        };
        if (four >> (4 * color.index())) & 0xF != 0 {
            return None;
        }
        if self.kinds.is_kept() {
            let (classes, threat) = self.kinds.delta(i, color, self.view());
            delta += classes[opp.index()] + threat;
        }
        Some((self.sums[opp] + delta).clamp(-EVAL_LIMIT, EVAL_LIMIT) as i32)
    }

    /// The move ordering's static score of a stone at the empty cell `i` for the side to
    /// move: its pattern gain, plus the opponent's weighted by `opp_gain_percent`, plus the
    /// cell classes' worth (its own class's score less the opponent's there) weighted by
    /// `heat_percent`, plus the table's ordering bonuses for the two classes. The search
    /// sorts by it; `tune-order` fits the bonuses against it.
    #[inline]
    pub fn order_score(&self, i: usize, opp_gain_percent: i64, heat_percent: i64) -> i64 {
        let me = self.board.to_move();
        let g = self.gains(i);
        g[me]
            + g[me.opponent()] * opp_gain_percent / 100
            + self.kinds.order_terms(i, me, heat_percent)
    }

    /// The side to move's cell class at the empty cell `i` and its opponent's, or `None`
    /// when the kinds are not kept.
    #[inline]
    pub fn cell_classes(&self, i: usize) -> Option<(CellClass, CellClass)> {
        let me = self.board.to_move();
        Some((
            self.kinds.class_of(i, me)?,
            self.kinds.class_of(i, me.opponent())?,
        ))
    }

    /// Whether the line kinds of the empty cells are kept (the table scores cell classes),
    /// which [`SearchBoard::threat_dirs`] and [`SearchBoard::makes_four`] read.
    #[inline]
    pub fn keeps_kinds(&self) -> bool {
        self.kinds.is_kept()
    }

    /// The lines (bit `d` for direction `d`) of the threat a stone of `color` at the empty
    /// cell `i` makes, by its cell class: an open four's, with `double_four` a double
    /// four's fours, and with `four_three` a four-three's four and three; 0 for any other
    /// class, or when the kinds are not kept. A stone stops such a threat only on one of
    /// these lines.
    #[inline]
    pub fn threat_dirs(&self, i: usize, color: Color, double_four: bool, four_three: bool) -> u8 {
        let lines = match self.kinds.class_of(i, color) {
            Some(CellClass::OpenFour) => KIND_OPEN_FOUR..=KIND_OPEN_FOUR,
            Some(CellClass::DoubleFour) if double_four => KIND_FOUR..=KIND_OPEN_FOUR,
            Some(CellClass::FourThree) if four_three => KIND_OPEN_THREE..=KIND_OPEN_FOUR,
            _ => return 0,
        };
        self.line_kind_dirs(i, color, lines)
    }

    /// `color`'s cell class at the empty cell `p` were the side to move to put a stone on
    /// the empty cell `c` (another cell), read from the line-kind table without playing it;
    /// `None` when the kinds are not kept.
    #[inline]
    pub fn class_after_stone(&self, p: usize, c: usize, color: Color) -> Option<CellClass> {
        let stone = self.board.to_move().cell() as u64;
        match line_between(self.pos(p), self.pos(c)) {
            Some((d, dist)) => {
                let line = (d, dist as isize);
                self.kinds
                    .class_with_stone(p, line, stone, color, self.view())
            }
            None => self.kinds.class_of(p, color),
        }
    }

    /// Whether a stone of `color` at the empty cell `i` makes a three (closed or open) on
    /// some line, and so a cell where a later stone makes a four (false when the kinds are
    /// not kept).
    #[inline]
    pub fn makes_three(&self, i: usize, color: Color) -> bool {
        self.line_kind_dirs(i, color, KIND_THREE..=KIND_OPEN_THREE) != 0
    }

    /// Whether a stone of `color` at the empty cell `i` makes a four, an open four or a five
    /// on some line (false when the kinds are not kept).
    #[inline]
    pub fn makes_four(&self, i: usize, color: Color) -> bool {
        self.line_kind_dirs(i, color, KIND_FOUR..=KIND_FIVE) != 0
    }

    /// The directions (bit `d` for direction `d`) along which a stone of `color` at the
    /// empty cell `i` makes a line of a kind in `kinds` (0 when the kinds are not kept).
    #[inline]
    fn line_kind_dirs(&self, i: usize, color: Color, kinds: RangeInclusive<u8>) -> u8 {
        let Some(k) = self.kinds.kinds_of(i, color) else {
            return 0;
        };
        (0..4)
            .filter(|d| kinds.contains(&(((k >> (8 * d)) & 0xF) as u8)))
            .fold(0, |dirs, d| dirs | 1 << d)
    }
}
