//! Move ordering: interior nodes sort the candidates by their static score
//! (`SearchBoard::order_score`: pattern gain, the opponent's weighted by `order_opp_gain`,
//! the cell classes' worth weighted by `order_class_heat`, the table's ordering bonuses),
//! then history, and
//! keep the top N; frontier nodes keep board order, or with a frontier width are ordered
//! and cut the same way. Both bring the TT move, the killers and the counter-move to the
//! front. Sorting is done on packed integer keys so it needs no comparator and no
//! allocation.

use super::worker::Worker;
use gomoku_board::{Color, Rule};

impl Worker<'_> {
    /// Orders `list` in place (pattern score, then history), keeps the top-N legal moves, and
    /// puts the TT move and the killers first; `limit` is the width (`None` = all).
    pub(super) fn order(
        &mut self,
        list: &mut Vec<u32>,
        ply: usize,
        tt_move: u32,
        limit: Option<usize>,
    ) {
        let me = self.sb.to_move();
        let f = &self.p.features;
        let (opp_gain, heat) = (f.order_opp_gain as i64, f.order_class_heat as i64);
        self.lists.scored.clear();
        for &c in list.iter() {
            let s = if self.p.use_ordering {
                self.sb.order_score(c as usize, opp_gain, heat)
            } else {
                0
            };
            let h = if self.p.history {
                self.memory.history(me, c)
            } else {
                0
            };
            self.lists.scored.push(order_key(s, h, c));
        }
        let limit = limit.unwrap_or(usize::MAX);
        let check = self.sb.board().rule() == Rule::Renju && me == Color::Black;
        if self.p.use_ordering || self.p.history {
            // Only the best `limit` (plus slack for forbidden points) need sorting.
            let keep = if check { usize::MAX } else { limit };
            if keep < self.lists.scored.len() {
                self.lists.scored.select_nth_unstable(keep);
                self.lists.scored.truncate(keep);
            }
            self.lists.scored.sort_unstable();
        }
        list.clear();
        for i in 0..self.lists.scored.len() {
            if list.len() >= limit {
                break;
            }
            let c = self.lists.scored[i] as u16 as u32;
            if check && self.sb.is_forbidden(c as usize) {
                continue;
            }
            list.push(c);
        }
        // TT move, then killers, to the front (only if already in the list).
        let mut front = 0;
        let mut promote = |list: &mut Vec<u32>, m: u32| {
            if m == 0 {
                return;
            }
            if let Some(i) = list[front..].iter().position(|&x| x == m) {
                let i = i + front;
                let v = list.remove(i);
                list.insert(front, v);
                front += 1;
            }
        };
        promote(list, tt_move);
        if self.p.killers
            && let Some(k) = self.memory.killers(ply)
        {
            for km in k {
                if km != 0 && km != tt_move {
                    promote(list, km);
                }
            }
        }
        promote(list, self.counter_move());
    }

    /// Frontier move list: legal candidates in board order, TT move, killers and counter-move
    /// first (sorting
    /// the frontier by history saved nodes but cost more time than it saved).
    pub(super) fn frontier_order(&mut self, list: &mut Vec<u32>, ply: usize, tt_move: u32) {
        let me = self.sb.to_move();
        if self.sb.board().rule() == Rule::Renju && me == Color::Black {
            list.retain(|&c| !self.sb.is_forbidden(c as usize));
        }
        let mut front = 0;
        let mut promote = |list: &mut Vec<u32>, m: u32| {
            if m == 0 {
                return;
            }
            if let Some(i) = list[front..].iter().position(|&x| x == m) {
                list.swap(front, front + i);
                front += 1;
            }
        };
        promote(list, tt_move);
        if self.p.killers
            && let Some(k) = self.memory.killers(ply)
        {
            for km in k {
                if km != tt_move {
                    promote(list, km);
                }
            }
        }
        promote(list, self.counter_move());
    }

    /// The side to move's counter-move to the last move of the search (0 = none, or
    /// counter-moves off, or at the root): tried after the killers.
    fn counter_move(&self) -> u32 {
        if !self.p.features.counter_moves {
            return 0;
        }
        self.sb
            .search_stones_back()
            .next()
            .map_or(0, |last| self.memory.counter_move(self.sb.to_move(), last))
    }
}

/// One number whose ascending order is: higher pattern score first, then more history,
/// then the lower cell index (a total, deterministic order that sorts as a primitive).
#[inline]
fn order_key(score: i64, history: i32, cell: u32) -> u128 {
    // Flipping the sign bit maps signed to unsigned order; `!` then reverses it.
    let s = !((score as u64) ^ (1 << 63)) as u128;
    let h = !((history as u32) ^ (1 << 31)) as u128;
    s << 48 | h << 16 | (cell & 0xFFFF) as u128
}

#[cfg(test)]
mod tests {
    use super::order_key;
    use rand::{RngExt, SeedableRng};

    /// The packed key sorts exactly as (score descending, history descending, cell
    /// ascending), extremes and negative values included.
    #[test]
    fn order_key_sorts_like_the_tuple_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let scores = [i64::MIN, -1_000_000, -1, 0, 1, 50_000, i64::MAX];
        let hists = [i32::MIN, -7, 0, 3, i32::MAX];
        let mut items: Vec<(i64, i32, u32)> = Vec::new();
        for _ in 0..2000 {
            items.push((
                if rng.random_range(0..3) == 0 {
                    scores[rng.random_range(0..scores.len())]
                } else {
                    rng.random_range(-100_000..100_000)
                },
                hists[rng.random_range(0..hists.len())],
                rng.random_range(0..2000),
            ));
        }
        let mut by_tuple = items.clone();
        by_tuple.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let mut by_key = items.clone();
        by_key.sort_by_key(|&(s, h, c)| order_key(s, h, c));
        assert_eq!(by_tuple, by_key);
    }
}
