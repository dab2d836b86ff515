//! Move-ordering bonuses fitted to another engine's moves (`gomoku-arena tune-order`). In
//! every position of its games past the opening and more than [`TAIL_PLIES`] plies before
//! the end, each of our candidates is scored as our ordering scores it without bonuses
//! (pattern gains and the classes' worth under the engine's weights), with the mover's and
//! the opponent's cell class there. A coordinate search then moves each class's `own` and
//! `opp` bonus (the table's `order` section) by halving steps while the share of positions
//! whose played move ranks among the best 5, 10 and 14 grows on the training games (the best
//! 10 counted twice: the width of most nodes). Every [`HOLDOUT_EVERY`]th game is held out and
//! only reported. No result is fitted, only what a stronger player chose, so the games of a
//! strong engine are the data (as `configs/tune/rapfi-texel.ron` takes Rapfi's).

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_engine::{
    CELL_CLASS_COUNT, CellClass, ClassScores, ClassSpec, CompiledTable, Engine, EngineError,
    EngineParams,
};
use gomoku_runner::JournalLine;
use rayon::prelude::*;

/// Plies before a game's end whose positions are left out (the winner's last threats).
pub const TAIL_PLIES: usize = 6;
/// Every this many games (by index) one is held out.
pub const HOLDOUT_EVERY: usize = 5;
/// The coordinate search's steps, largest first; each runs up to [`ROUNDS_PER_STEP`] sweeps.
pub const STEPS: [i32; 6] = [4000, 2000, 1000, 500, 250, 125];
/// Sweeps over every bonus per step at most.
pub const ROUNDS_PER_STEP: usize = 4;
/// The ranks whose shares are reported: the played move among our best 1, 5, 10 and 14.
pub const RANKS: [usize; 4] = [1, 5, 10, 14];

/// One candidate of a position: its ordering score without bonuses, the mover's and the
/// opponent's class index there, and its cell (ties go to the lower cell, as in the search).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Candidate {
    score: i64,
    own: u8,
    opp: u8,
    cell: u32,
}

/// One position of the games: our candidates and which of them was played.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderSample {
    candidates: Vec<Candidate>,
    played: usize,
    /// Whether its game is held out.
    pub holdout: bool,
}

/// The positions of `games` on `geometry` under `rule` (a game whose moves do not replay is
/// skipped from its first bad move on), with the candidates of `params` scored without the
/// table's bonuses; positions whose played move is not a candidate are left out. Game `i`
/// of the list is held out when `i` is a multiple of [`HOLDOUT_EVERY`], so the list's order
/// must not depend on how the games were played (the CLI sorts each run by job).
pub fn order_samples(
    params: &EngineParams,
    games: &[JournalLine],
    geometry: Geometry,
    rule: Rule,
) -> Result<Vec<OrderSample>, EngineError> {
    // The table as it orders moves once it has bonuses: the line kinds kept (a table with
    // an `order` section keeps them even without classes). Its own bonuses, if any, are taken
    // out of each score below.
    let mut fitted = params.clone();
    if fitted.table.order.iter().all(|c| (c.own, c.opp) == (0, 0)) {
        fitted.table.order = vec![ClassSpec {
            class: CellClass::Five,
            own: 1,
            opp: 0,
        }];
    }
    let present = CompiledTable::compile(&fitted.table)?.order_scores;
    let engine = Engine::new(fitted)?;
    let f = params.features;
    let (opp_gain, heat) = (f.order_opp_gain as i64, f.order_class_heat as i64);
    let per_game: Vec<Vec<OrderSample>> = games
        .par_iter()
        .enumerate()
        .map(|(gi, line)| {
            let mut out = Vec::new();
            let Ok(mut board) = Board::new(geometry, rule) else {
                return out;
            };
            let moves: Vec<Pos> = (line.opening_moves.iter().chain(&line.moves))
                .map(|m| Pos::new(m[0], m[1]))
                .collect();
            for (n, &p) in moves.iter().enumerate() {
                // A move that does not replay (off the board, on a stone) ends the game here.
                let mut next = board.clone();
                if next.try_make(p).is_err() {
                    break;
                }
                if n >= line.opening_moves.len() && n + TAIL_PLIES < moves.len() {
                    let mut sb = engine.search_board(&board);
                    let mut cells = Vec::new();
                    sb.candidates(&mut cells);
                    // Points forbidden to Black under renju are never searched, nor ranked.
                    cells.retain(|&c| !sb.is_forbidden(c as usize));
                    let target = board.index(p) as u32;
                    if let Some(played) = cells.iter().position(|&c| c == target) {
                        let candidates = cells
                            .iter()
                            .map(|&c| {
                                let i = c as usize;
                                let (own, theirs) = sb
                                    .cell_classes(i)
                                    .unwrap_or((CellClass::None, CellClass::None));
                                let (own, opp) = (own.index() as u8, theirs.index() as u8);
                                Candidate {
                                    score: sb.order_score(i, opp_gain, heat)
                                        - class_bonus(&present, own, opp),
                                    own,
                                    opp,
                                    cell: c,
                                }
                            })
                            .collect();
                        out.push(OrderSample {
                            candidates,
                            played,
                            holdout: gi % HOLDOUT_EVERY == 0,
                        });
                    }
                }
                board = next;
            }
            out
        })
        .collect();
    Ok(per_game.into_iter().flatten().collect())
}

/// What `bonus` adds to the ordering score of a cell where the mover's class has index
/// `own` and the opponent's `opp` (as `SearchBoard::order_score` adds the table's).
fn class_bonus(bonus: &ClassScores, own: u8, opp: u8) -> i64 {
    bonus[own as usize][0] as i64 + bonus[opp as usize][1] as i64
}

/// How many candidates of `s` our ordering puts before the played move under `bonus`.
fn rank(s: &OrderSample, bonus: &ClassScores) -> usize {
    let score = |c: &Candidate| c.score + class_bonus(bonus, c.own, c.opp);
    let t = &s.candidates[s.played];
    let st = score(t);
    s.candidates
        .iter()
        .filter(|c| {
            let v = score(c);
            v > st || (v == st && c.cell < t.cell)
        })
        .count()
}

/// Percent of the samples (held out or not) whose played move is among our best `RANKS[k]`.
pub fn shares(samples: &[OrderSample], bonus: &ClassScores, holdout: bool) -> [f64; 4] {
    // Per rank, the samples within it; last, the samples counted.
    let counts = samples
        .par_iter()
        .filter(|s| s.holdout == holdout)
        .map(|s| {
            let r = rank(s, bonus);
            std::array::from_fn(|k| RANKS.get(k).is_none_or(|&top| r < top) as u64)
        })
        .reduce(|| [0; 5], |a, b| std::array::from_fn(|k| a[k] + b[k]));
    let n = counts[4].max(1);
    std::array::from_fn(|k| 100.0 * counts[k] as f64 / n as f64)
}

/// The objective on the training games: the best-5, twice the best-10 and the best-14
/// shares, averaged.
fn objective(samples: &[OrderSample], bonus: &ClassScores) -> f64 {
    let s = shares(samples, bonus, false);
    (s[1] + 2.0 * s[2] + s[3]) / 4.0
}

/// The bonuses from zero by the coordinate search (class `none` stays 0): deterministic,
/// the classes in index order, `+step` tried before `-step`.
pub fn fit_bonuses(samples: &[OrderSample]) -> ClassScores {
    let mut bonus = [[0; 2]; CELL_CLASS_COUNT];
    let mut best = objective(samples, &bonus);
    for step in STEPS {
        for _ in 0..ROUNDS_PER_STEP {
            let mut improved = false;
            for class in 1..CELL_CLASS_COUNT {
                for side in 0..2 {
                    for delta in [step, -step] {
                        let mut next = bonus;
                        next[class][side] += delta;
                        let o = objective(samples, &next);
                        if o > best {
                            (best, bonus, improved) = (o, next, true);
                        }
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    bonus
}

/// The table's `order` section for `bonus`: the classes with a non-zero bonus, in index
/// order.
pub fn order_section(bonus: &ClassScores) -> Vec<ClassSpec> {
    CellClass::ALL
        .iter()
        .zip(bonus)
        .filter(|(_, b)| **b != [0, 0])
        .map(|(&class, b)| ClassSpec {
            class,
            own: b[0],
            opp: b[1],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(score: i64, own: CellClass, cell: u32) -> Candidate {
        Candidate {
            score,
            own: own.index() as u8,
            opp: 0,
            cell,
        }
    }

    /// Positions where the played move is always the one three among twos that our score
    /// puts last: the fit must lift it to the top on the held-out games too.
    #[test]
    fn the_fit_lifts_the_class_that_is_always_played() {
        let samples: Vec<OrderSample> = (0..50)
            .map(|n| {
                let mut candidates: Vec<Candidate> = (0..20)
                    .map(|i| candidate(5000 + 100 * i, CellClass::Two, i as u32 + 1))
                    .collect();
                candidates.push(candidate(3000, CellClass::Three, 100));
                OrderSample {
                    candidates,
                    played: 20,
                    holdout: n % 5 == 0,
                }
            })
            .collect();
        let zero = [[0; 2]; CELL_CLASS_COUNT];
        assert_eq!(shares(&samples, &zero, true), [0.0; 4]);
        let bonus = fit_bonuses(&samples);
        assert_eq!(shares(&samples, &bonus, true), [100.0; 4]);
        assert!(bonus[CellClass::Three.index()][0] - bonus[CellClass::Two.index()][0] > 3900);
        assert_eq!(bonus[CellClass::None.index()], [0, 0]);
        let section = order_section(&bonus);
        assert!(section.iter().all(|c| c.class != CellClass::None));
        assert!(
            (section.iter()).any(|c| matches!(c.class, CellClass::Two | CellClass::Three)),
            "{section:?}"
        );
    }

    /// Ties go to the lower cell, as the search's packed keys break them.
    #[test]
    fn ties_rank_by_cell() {
        let zero = [[0; 2]; CELL_CLASS_COUNT];
        let s = |played| OrderSample {
            candidates: vec![
                candidate(7, CellClass::Two, 9),
                candidate(7, CellClass::Two, 3),
            ],
            played,
            holdout: false,
        };
        assert_eq!(rank(&s(0), &zero), 1);
        assert_eq!(rank(&s(1), &zero), 0);
    }
}
