//! What the protocol session plays with: the [`Brain`] trait, the engine-backed
//! [`EngineBrain`], a trivial [`CentreBrain`] and the legal fallback move used when a brain
//! returns nothing usable.

use gomoku_board::{Board, Cell, Geometry, Pos};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits, SearchResult, TimeBudget};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// How much a brain may think for one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Time for the search (`None` = no clock: the brain's configured depth limits it).
    pub time: Option<TimeBudget>,
    /// The manager asked for the fastest possible answer (`INFO timeout_turn 0`).
    pub fastest: bool,
}

/// A brain's answer: a move (maybe none) and a one-line description for `MESSAGE`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// The chosen point; checked by the session, which falls back to a legal point.
    pub best: Option<Pos>,
    /// Search statistics for a `MESSAGE` line (empty = none).
    pub info: String,
}

/// A move chooser driven by the protocol session. Search runs on the caller's thread.
pub trait Brain {
    /// Forgets everything about the previous game (called on START, RECTSTART, RESTART).
    fn new_game(&mut self);
    /// Chooses a move for the side to move of `board` within `budget`.
    fn think(&mut self, board: &Board, budget: Budget) -> Thought;
    /// Adapts to the manager's memory limit in bytes (0 = no limit); default: ignored.
    fn set_max_memory(&mut self, _bytes: u64) {}
    /// Sets the brain's option `key` (`INFO key value`): `None` when it has no such option,
    /// else whether `value` was taken (refused, nothing changes); default: no options.
    fn set_option(&mut self, _key: &str, _value: i64) -> Option<Result<(), String>> {
        None
    }
}

/// Every point of `geometry` ordered by Chebyshev distance from the centre, then row, column.
pub fn centre_order(geometry: Geometry) -> Vec<Pos> {
    let c = geometry.centre();
    let mut points: Vec<Pos> = (0..geometry.height)
        .flat_map(|y| (0..geometry.width).map(move |x| Pos::new(x as u8, y as u8)))
        .collect();
    points.sort_by_key(|p| {
        let d = (p.x as i32 - c.x as i32)
            .abs()
            .max((p.y as i32 - c.y as i32).abs());
        (d, p.y, p.x)
    });
    points
}

/// A legal move for the side to move: the legal point nearest to the stones (Chebyshev),
/// ties broken towards the centre; `None` when no point is legal.
pub fn fallback_move(board: &Board) -> Option<Pos> {
    let stones: Vec<Pos> = board
        .points()
        .filter(|&p| board.cell(p) != Cell::Empty)
        .collect();
    centre_order(board.geometry())
        .into_iter()
        .enumerate()
        .filter(|&(_, p)| board.is_legal(p))
        .min_by_key(|&(i, p)| {
            let near = stones
                .iter()
                .map(|s| {
                    (s.x as i32 - p.x as i32)
                        .abs()
                        .max((s.y as i32 - p.y as i32).abs())
                })
                .min()
                .unwrap_or(0);
            (near, i)
        })
        .map(|(_, p)| p)
}

/// A trivial brain: always the [`fallback_move`] (next to the stones, near the centre).
#[derive(Clone, Copy, Debug, Default)]
pub struct CentreBrain;

impl Brain for CentreBrain {
    fn new_game(&mut self) {}

    fn think(&mut self, board: &Board, _budget: Budget) -> Thought {
        Thought {
            best: fallback_move(board),
            info: String::new(),
        }
    }
}

/// The gomoku-arena engine as a brain: on a clock it deepens until its time manager stops it
/// (capped only by a depth the user set for the brain), without one it searches to its
/// configured depth, and with a node budget it searches that many nodes whatever the clock;
/// a seeded tie-break stream restarts with each game (so a game depends only on the seed,
/// the moves and, on a clock, the time).
pub struct EngineBrain {
    engine: Engine,
    params: EngineParams,
    depth_cap: Option<u32>,
    /// Nodes per search (the brain's `--nodes`): replaces the clock, on one thread.
    node_budget: Option<u64>,
    /// The table size the manager's `INFO max_memory` allows, MiB, if it sent one.
    tt_cap_mib: Option<usize>,
    seed: u64,
    rng: ChaCha8Rng,
}

impl EngineBrain {
    /// An engine brain with these parameters and tie-break seed.
    pub fn new(params: EngineParams, seed: u64) -> Result<EngineBrain, EngineError> {
        Ok(EngineBrain {
            engine: Engine::new(params.clone())?,
            params,
            depth_cap: None,
            node_budget: None,
            tt_cap_mib: None,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// The engine of `params` with its table within the memory limit, on one thread under a
    /// node budget (Lazy SMP's helpers would make a search's nodes, hence its move, vary).
    fn build(&self, params: &EngineParams) -> Result<Engine, EngineError> {
        let mut running = params.clone();
        running.tt_mib = self
            .tt_cap_mib
            .map_or(params.tt_mib, |cap| params.tt_mib.min(cap));
        if self.node_budget.is_some() {
            running.threads = 1;
        }
        Engine::new(running)
    }

    /// Caps the depth on a clock too (the brain's `--depth`); without a cap a clocked search
    /// deepens until its time is spent.
    pub fn with_depth_cap(mut self, cap: Option<u32>) -> EngineBrain {
        self.depth_cap = cap;
        self
    }

    /// Limits every search to `nodes` nodes (the brain's `--nodes`), on one thread, whatever
    /// the manager's clock says: a search then plays as the in-process engine under a node
    /// budget does, move for move, so a protocol run is as reproducible as an in-process one.
    /// The manager's time limit must leave room for the nodes.
    pub fn with_node_budget(mut self, nodes: Option<u64>) -> Result<EngineBrain, EngineError> {
        self.node_budget = nodes;
        if nodes.is_some() && self.params.threads > 1 {
            self.engine = self.build(&self.params)?;
        }
        Ok(self)
    }

    /// The search limits used for a budget: under a node budget those nodes (and the depth
    /// cap if one was set), as the runner's `Nodes` time control; else depth 1 when asked to
    /// be fastest; on a clock the time and the depth cap if one was set; without one the
    /// configured depth.
    pub fn limits(&self, budget: Budget) -> Limits {
        if let Some(nodes) = self.node_budget {
            return Limits {
                depth: self.depth_cap,
                nodes: Some(nodes),
                time: None,
            };
        }
        let depth = if budget.fastest {
            Some(1)
        } else if budget.time.is_some() {
            self.depth_cap
        } else {
            Some(self.depth_cap.unwrap_or(self.params.depth))
        };
        Limits {
            depth,
            nodes: None,
            time: budget.time,
        }
    }

    /// Runs one search and returns the engine's full result (what [`Brain::think`] reports).
    pub fn search(&mut self, board: &Board, budget: Budget) -> SearchResult {
        let limits = self.limits(budget);
        self.engine.search(board, &limits, &mut self.rng)
    }

    /// The parameters in use.
    pub fn params(&self) -> &EngineParams {
        &self.params
    }
}

/// One line of search statistics for a `MESSAGE`.
pub fn describe(r: &SearchResult) -> String {
    let micros = r.time.as_micros().max(1);
    let nps = r.nodes as u128 * 1_000_000 / micros;
    let mut s = format!(
        "depth {} seldepth {} score {} nodes {} nps {} time {:.3} ms",
        r.depth,
        r.seldepth,
        r.score,
        r.nodes,
        nps,
        r.time.as_secs_f64() * 1000.0
    );
    if let Some(w) = r.win_in {
        s.push_str(&format!(" win_in {w}"));
    }
    if !r.pv.is_empty() {
        s.push_str(" pv");
        for p in r.pv.iter().take(12) {
            s.push_str(&format!(" {},{}", p.x, p.y));
        }
    }
    s
}

impl Brain for EngineBrain {
    fn new_game(&mut self) {
        self.engine.new_game();
        self.rng = ChaCha8Rng::seed_from_u64(self.seed);
    }

    fn think(&mut self, board: &Board, budget: Budget) -> Thought {
        let r = self.search(board, budget);
        Thought {
            best: r.best,
            info: describe(&r),
        }
    }

    /// Every numeric field of the engine file is an option of its own name
    /// ([`gomoku_engine::fields`]): a value in its range rebuilds the engine with it.
    fn set_option(&mut self, key: &str, value: i64) -> Option<Result<(), String>> {
        let field = gomoku_engine::fields::numeric_field(key)?;
        let mut params = self.params.clone();
        let set = field
            .set(&mut params, value)
            .and_then(|()| self.build(&params).map_err(|e| e.to_string()));
        Some(set.map(|engine| {
            self.engine = engine;
            self.params = params;
        }))
    }

    /// Shrinks the transposition table to at most half of the limit (rebuilds the engine).
    fn set_max_memory(&mut self, bytes: u64) {
        if bytes == 0 {
            return;
        }
        let cap = ((bytes / (1 << 20)) / 2).max(1) as usize;
        self.tt_cap_mib = Some(cap);
        if self.params.tt_mib.min(cap) != self.engine.params().tt_mib
            && let Ok(e) = self.build(&self.params)
        {
            self.engine = e;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::Rule;

    #[test]
    fn the_memory_limit_caps_a_table_size_set_after_it() {
        let mut b = EngineBrain::new(EngineParams::default(), 1).unwrap();
        b.set_max_memory(8 << 20);
        assert_eq!(b.engine.params().tt_mib, 4);
        assert_eq!(b.set_option("tt_mib", 64), Some(Ok(())));
        assert_eq!((b.params.tt_mib, b.engine.params().tt_mib), (64, 4));
        assert_eq!(b.set_option("top_n", 5), Some(Ok(())));
        assert_eq!(
            (b.engine.params().top_n, b.engine.params().tt_mib),
            (Some(5), 4)
        );
    }

    #[test]
    fn on_a_clock_the_brain_deepens_past_its_depth_unless_capped() {
        let params = EngineParams {
            depth: 2,
            ..EngineParams::default()
        };
        let clocked = Budget {
            time: Some(TimeBudget::fixed(std::time::Duration::from_millis(300))),
            fastest: false,
        };
        let brain = EngineBrain::new(params.clone(), 0).unwrap();
        assert_eq!(brain.limits(Budget::default()).depth, Some(2));
        assert_eq!(brain.limits(clocked).depth, None);
        let fastest = Budget {
            time: None,
            fastest: true,
        };
        assert_eq!(brain.limits(fastest).depth, Some(1));
        let capped = EngineBrain::new(params.clone(), 0)
            .unwrap()
            .with_depth_cap(Some(3));
        assert_eq!(capped.limits(clocked).depth, Some(3));
        assert_eq!(capped.limits(Budget::default()).depth, Some(3));
        // Searched on a clock, it deepens past depth 2: on a mate in three (five plies) that
        // only deepening finds (the threat searches off) it goes on to the mate, which ends
        // the search long before a minute's clock, whatever the machine's load; without a
        // clock it stops at depth 2.
        let ps = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Pos::new(x, y)).collect::<Vec<_>>();
        let b = Board::from_stones(
            Geometry::square(15),
            Rule::Freestyle,
            &ps(&[(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)]),
            &ps(&[(3, 7), (0, 0), (14, 0), (0, 14), (14, 14)]),
            gomoku_board::Color::Black,
        )
        .unwrap();
        let deepening_only = EngineParams {
            vcf: false,
            vct: false,
            ..params
        };
        let mut brain = EngineBrain::new(deepening_only, 0).unwrap();
        let minute = Budget {
            time: Some(TimeBudget::fixed(std::time::Duration::from_secs(60))),
            fastest: false,
        };
        let r = brain.search(&b, minute);
        assert_eq!((r.depth, r.win_in), (5, Some(3)), "{r:?}");
        assert_eq!(brain.search(&b, Budget::default()).depth, 2);
    }

    #[test]
    fn a_node_budget_replaces_the_clock_on_one_thread() {
        let params = EngineParams {
            threads: 4,
            ..EngineParams::default()
        };
        let brain = EngineBrain::new(params, 0)
            .unwrap()
            .with_node_budget(Some(5000))
            .unwrap();
        assert_eq!(brain.engine.params().threads, 1);
        let clocked = Budget {
            time: Some(TimeBudget::fixed(std::time::Duration::from_millis(300))),
            fastest: false,
        };
        let fastest = Budget {
            time: None,
            fastest: true,
        };
        for budget in [Budget::default(), clocked, fastest] {
            let l = brain.limits(budget);
            assert_eq!((l.depth, l.nodes, l.time), (None, Some(5000), None));
        }
        let mut capped = brain.with_depth_cap(Some(3));
        assert_eq!(capped.limits(clocked).depth, Some(3));
        // An option that rebuilds the engine keeps it on one thread.
        assert_eq!(capped.set_option("threads", 2), Some(Ok(())));
        assert_eq!(
            (capped.params.threads, capped.engine.params().threads),
            (2, 1)
        );
    }

    #[test]
    fn fallback_prefers_points_next_to_stones() {
        let mut b = Board::standard15();
        assert_eq!(fallback_move(&b), Some(Pos::new(7, 7)));
        b.make(Pos::new(0, 0));
        let p = fallback_move(&b).unwrap();
        assert!(p.x <= 1 && p.y <= 1 && p != Pos::new(0, 0));
        let full = Board::new(
            Geometry {
                width: 3,
                height: 3,
                k: 3,
            },
            Rule::Freestyle,
        )
        .unwrap();
        assert_eq!(centre_order(full.geometry())[0], Pos::new(1, 1));
    }
}
