//! The searcher: negamax alpha-beta with principal-variation search, iterative deepening, a
//! transposition table, pattern-score ordering with a top-N width, killers, history,
//! forced-move logic and a VCF threat search.

use crate::EngineError;
use crate::pattern::{CompiledTable, PatternTable, seed_table};
use crate::position::{Fives, SearchBoard};
use crate::tt::{Bound, Tt};
use gomoku_board::{Board, Color, Pos, Rule};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of a win on the board now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000_000;
/// Scores at least this large in absolute value are mate scores.
pub const MATE_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
/// The deepest nominal search depth accepted.
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;

/// Whether a score is a mate score (a win or a loss in a known number of plies).
#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// For a mate score, the number of moves of the winner to the win: positive when the side to
/// move wins, negative when it loses; `None` for other scores.
pub fn win_in(score: i32) -> Option<i32> {
    if !is_mate(score) {
        return None;
    }
    let plies = WIN - score.abs();
    let moves = (plies + 1) / 2;
    Some(if score > 0 { moves } else { -moves })
}

/// What the engine is: its evaluation table and every search switch.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineParams {
    /// The pattern table (the evaluation function).
    pub table: PatternTable,
    /// Nominal search depth in plies (1..=64).
    pub depth: u32,
    /// Moves searched per node after ordering (`None` = every candidate).
    pub top_n: Option<usize>,
    /// Candidates: empty points within this distance of a stone along the 8 line directions.
    pub radius: u32,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Use the transposition table.
    pub use_tt: bool,
    /// Order moves by pattern score (own gain + opponent's gain at the point).
    pub use_ordering: bool,
    /// Iterative deepening (off: search the target depth directly).
    pub iterative_deepening: bool,
    /// Killer moves (two per ply).
    pub killers: bool,
    /// History heuristic.
    pub history: bool,
    /// VCF threat search at the root before the main search.
    pub vcf: bool,
    /// VCF depth limit: the most fours the attacker may play before its five (quintet's
    /// convention: a line of 12 fours then the five needs 12).
    pub vcf_depth: u32,
    /// Choose uniformly among root moves scoring within this margin of the best (0 = off).
    pub tie_break_margin: i32,
    /// Search threads (1 = single-threaded; more = Lazy SMP helpers sharing the TT).
    pub threads: usize,
}

impl Default for EngineParams {
    fn default() -> Self {
        EngineParams {
            table: seed_table(),
            depth: 4,
            top_n: Some(10),
            radius: 2,
            tt_mib: 16,
            use_tt: true,
            use_ordering: true,
            iterative_deepening: true,
            killers: true,
            history: true,
            vcf: true,
            vcf_depth: 12,
            tie_break_margin: 0,
            threads: 1,
        }
    }
}

impl EngineParams {
    /// Checks the ranges (the table is checked when compiled).
    pub fn validate(&self) -> Result<(), EngineError> {
        let bad = |field: &'static str, message: String| Err(EngineError::Param { field, message });
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return bad("depth", format!("{} not in 1..={MAX_DEPTH}", self.depth));
        }
        if self.top_n == Some(0) {
            return bad("top_n", "must be at least 1 (or None)".into());
        }
        if !(1..=4).contains(&self.radius) {
            return bad("radius", format!("{} not in 1..=4", self.radius));
        }
        if self.tt_mib == 0 || self.tt_mib > 65536 {
            return bad("tt_mib", format!("{} not in 1..=65536", self.tt_mib));
        }
        if self.vcf_depth > 255 {
            return bad("vcf_depth", format!("{} not in 0..=255", self.vcf_depth));
        }
        if self.tie_break_margin < 0 {
            return bad("tie_break_margin", "must be >= 0".into());
        }
        if !(1..=64).contains(&self.threads) {
            return bad("threads", format!("{} not in 1..=64", self.threads));
        }
        Ok(())
    }
}

/// Limits of one search; `None` means no limit (depth: the engine's depth).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Nominal depth (overrides the engine's).
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Time budget for this move.
    pub time: Option<Duration>,
}

/// One completed iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo {
    /// Nominal depth.
    pub depth: u32,
    /// Root score.
    pub score: i32,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// Time so far in this search.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Pos>,
}

/// The answer of a search and its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Pos>,
    /// Score from the side to move's view; mate scores are `±(WIN - plies)`.
    pub score: i32,
    /// For mate scores: `+N` the side to move wins with its N-th move from now, `-N` the
    /// opponent wins with its N-th move. `None` if no mate score. Proven for VCF wins and
    /// forced lines; with a top-N width, "proven within the searched tree".
    pub win_in: Option<i32>,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached by the main search.
    pub seldepth: u32,
    /// Nodes: makes (each with its incremental evaluation and later unmake) in the main
    /// search and in VCF.
    pub nodes: u64,
    /// Transposition table probes that found the position.
    pub tt_hits: u64,
    /// Nodes that failed high.
    pub beta_cutoffs: u64,
    /// Fail-highs on the first move searched.
    pub first_move_cutoffs: u64,
    /// Seed 000's 剪枝比: moves left unsearched by cutoffs / (those + moves searched), over
    /// the interior nodes of the main search.
    pub cutoff_ratio: f64,
    /// Wall time of the search.
    pub time: Duration,
    /// The completed iterations.
    pub iterations: Vec<IterationInfo>,
}

/// A configured engine: compiled table, transposition table, killers and history.
pub struct Engine {
    params: EngineParams,
    table: Arc<CompiledTable>,
    tt: Tt,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    vcf_cache: Vec<(u64, u32)>,
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// Validates the parameters, compiles the table and allocates the TT.
    pub fn new(params: EngineParams) -> Result<Engine, EngineError> {
        params.validate()?;
        let table = Arc::new(CompiledTable::compile(&params.table)?);
        let tt = Tt::new(if params.use_tt { params.tt_mib } else { 0 });
        Ok(Engine {
            params,
            table,
            tt,
            killers: vec![[0; 2]; MAX_PLY + 2],
            history: Vec::new(),
            vcf_cache: vec![(0, 0); VCF_CACHE],
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The parameters.
    pub fn params(&self) -> &EngineParams {
        &self.params
    }

    /// Forgets everything learnt: TT, killers, history.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [0; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.vcf_cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Sets the flag that stops a running search when raised (the search returns the best
    /// move of its last completed iteration).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// The static evaluation from the side to move's view, computed from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let s = self.table.full_sums(board)[board.to_move().index()];
        s.clamp(-crate::position::EVAL_LIMIT, crate::position::EVAL_LIMIT) as i32
    }

    /// A search board for this engine's table and radius (for tests and tools).
    pub fn search_board(&self, board: &Board) -> SearchBoard {
        SearchBoard::new(board, self.table.clone(), self.params.radius)
    }

    /// Looks for a VCF (a win by continuous fours) of the side to move with at most
    /// `max_fours` fours before the five; returns the shortest line found: attacker and
    /// defender moves alternating, ending with the five (under renju, when White's last four
    /// is on a point Black may not take, Black's reply is missing: the line has even length).
    pub fn find_vcf(&mut self, board: &Board, max_fours: u32) -> Option<Vec<Pos>> {
        let mut w = Worker::new(self, board, &Limits::default(), Instant::now());
        let line = w.root_vcf(max_fours);
        let line = line.map(|l| l.iter().map(|&c| w.sb.pos(c as usize)).collect());
        let (killers, history, cache) = w.into_tables();
        self.killers = killers;
        self.history = history;
        self.vcf_cache = cache;
        line
    }

    /// Searches the position and returns the move to play with its statistics.
    pub fn search(&mut self, board: &Board, limits: &Limits, rng: &mut ChaCha8Rng) -> SearchResult {
        let start = Instant::now();
        let cells = board.cells().len();
        if self.history.len() != 2 * cells {
            self.history = vec![0; 2 * cells];
        }
        self.tt.new_search();
        if self.params.threads <= 1 {
            let mut w = Worker::new(self, board, limits, start);
            let mut result = w.run(rng);
            result.time = start.elapsed();
            let (killers, history, cache) = w.into_tables();
            self.killers = killers;
            self.history = history;
            self.vcf_cache = cache;
            return result;
        }
        self.search_smp(board, limits, rng, start)
    }

    /// Lazy SMP: helper threads run the same iterative deepening without limits, sharing
    /// the transposition table, until the main thread is done; only the main thread's
    /// answer is used, the nodes of all threads are counted.
    fn search_smp(
        &mut self,
        board: &Board,
        limits: &Limits,
        rng: &mut ChaCha8Rng,
        start: Instant,
    ) -> SearchResult {
        let helpers_stop = AtomicBool::new(false);
        let tables = (
            std::mem::take(&mut self.killers),
            std::mem::take(&mut self.history),
            std::mem::take(&mut self.vcf_cache),
        );
        let main_parts = Parts {
            params: &self.params,
            table: &self.table,
            tt: &self.tt,
            stop: &self.stop,
        };
        let helper_params = EngineParams {
            vcf: false,
            tie_break_margin: 0,
            ..self.params.clone()
        };
        let helper_parts = Parts {
            params: &helper_params,
            stop: &helpers_stop,
            ..main_parts
        };
        let helper_limits = Limits {
            depth: Some(MAX_DEPTH),
            nodes: None,
            time: None,
        };
        let (mut result, tables, helper_nodes) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..self.params.threads)
                .map(|_| {
                    let hl = &helper_limits;
                    scope.spawn(move || {
                        let mut w = Worker::from_parts(
                            helper_parts,
                            board,
                            hl,
                            start,
                            (Vec::new(), Vec::new(), vec![(0, 0); VCF_CACHE]),
                        );
                        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
                        w.run(&mut rng);
                        w.nodes
                    })
                })
                .collect();
            let mut w = Worker::from_parts(main_parts, board, limits, start, tables);
            let result = w.run(rng);
            helpers_stop.store(true, Ordering::Relaxed);
            let nodes: u64 = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (result, w.into_tables(), nodes)
        });
        self.killers = tables.0;
        self.history = tables.1;
        self.vcf_cache = tables.2;
        result.nodes += helper_nodes;
        result.time = start.elapsed();
        result
    }
}

#[derive(Clone, Copy, Debug)]
struct RootMove {
    cell: u32,
    score: i32,
    exact: bool,
}

/// Killers, history and VCF cache handed back to the engine after a search.
type Tables = (Vec<[u32; 2]>, Vec<i32>, Vec<(u64, u32)>);

/// What every search thread shares.
#[derive(Clone, Copy)]
struct Parts<'e> {
    params: &'e EngineParams,
    table: &'e Arc<CompiledTable>,
    tt: &'e Tt,
    stop: &'e AtomicBool,
}

/// One search: the board and all per-search state.
struct Worker<'e> {
    sb: SearchBoard,
    p: &'e EngineParams,
    tt: &'e Tt,
    stop: &'e AtomicBool,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    nodes: u64,
    tt_hits: u64,
    beta_cutoffs: u64,
    first_move_cutoffs: u64,
    searched: u64,
    pruned: u64,
    seldepth: usize,
    stopped: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    start: Instant,
    target_depth: u32,
    moves: Vec<Vec<u32>>,
    raw: Vec<u32>,
    /// Ordering keys: see [`order_key`].
    scored: Vec<u128>,
    pv: Vec<[u32; MAX_PLY]>,
    pv_len: Vec<usize>,
    mark: Vec<bool>,
    vcf_cache: Vec<(u64, u32)>,
    vcf_line: Vec<u32>,
    vcf_gap: bool,
    /// VCF nodes left for the current threat search (see [`VCF_NODE_CAP`]).
    vcf_left: u64,
}

const VCF_CACHE: usize = 1 << 15;

/// Most VCF nodes one threat search may visit. Positions crowded with fours can make a
/// 12-four search explode (a depth-4 move once took 236M nodes); past the cap the search
/// answers "no VCF found", which is counted in nodes and so is deterministic.
const VCF_NODE_CAP: u64 = 200_000;

/// Searches this deep or deeper keep per-cell line gains (see `SearchBoard::new`); filling
/// them costs more than a depth-1 search saves (depth-1 games: 1,300 games/s with them,
/// 2,940 without; depth 2 gains about 10% with them).
const GAIN_CACHE_MIN_DEPTH: u32 = 2;

impl<'e> Worker<'e> {
    fn new(engine: &'e mut Engine, board: &Board, limits: &Limits, start: Instant) -> Worker<'e> {
        let history = std::mem::take(&mut engine.history);
        let killers = std::mem::take(&mut engine.killers);
        let vcf_cache = std::mem::take(&mut engine.vcf_cache);
        let engine: &'e Engine = engine;
        let parts = Parts {
            params: &engine.params,
            table: &engine.table,
            tt: &engine.tt,
            stop: &engine.stop,
        };
        Worker::from_parts(parts, board, limits, start, (killers, history, vcf_cache))
    }

    fn from_parts(
        parts: Parts<'e>,
        board: &Board,
        limits: &Limits,
        start: Instant,
        tables: Tables,
    ) -> Worker<'e> {
        let target = limits.depth.unwrap_or(parts.params.depth);
        let (table, radius) = (parts.table.clone(), parts.params.radius);
        let sb = if target >= GAIN_CACHE_MIN_DEPTH {
            SearchBoard::new(board, table, radius)
        } else {
            SearchBoard::without_gain_cache(board, table, radius)
        };
        let cells = sb.cell_count();
        let (mut killers, mut history, vcf_cache) = tables;
        if history.len() != 2 * cells {
            history = vec![0; 2 * cells];
        }
        // Age the history so old searches fade and the counters cannot overflow.
        history.iter_mut().for_each(|h| *h /= 8);
        if killers.len() != MAX_PLY + 2 {
            killers = vec![[0; 2]; MAX_PLY + 2];
        }
        Worker {
            p: parts.params,
            tt: parts.tt,
            stop: parts.stop,
            killers,
            history,
            nodes: 0,
            tt_hits: 0,
            beta_cutoffs: 0,
            first_move_cutoffs: 0,
            searched: 0,
            pruned: 0,
            seldepth: 0,
            stopped: false,
            deadline: limits.time.map(|t| start + t),
            node_limit: limits.nodes,
            start,
            target_depth: limits.depth.unwrap_or(parts.params.depth),
            moves: (0..MAX_PLY + 600).map(|_| Vec::new()).collect(),
            raw: Vec::with_capacity(cells),
            scored: Vec::with_capacity(cells),
            pv: vec![[0; MAX_PLY]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 1],
            mark: vec![false; cells],
            vcf_cache,
            vcf_line: Vec::with_capacity(600),
            vcf_gap: false,
            vcf_left: VCF_NODE_CAP,
            sb,
        }
    }

    fn into_tables(self) -> Tables {
        (self.killers, self.history, self.vcf_cache)
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if let Some(n) = self.node_limit
            && self.nodes >= n
        {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stopped = true;
            }
        }
    }

    fn pos(&self, c: u32) -> Pos {
        self.sb.pos(c as usize)
    }

    fn result(&self, best: Option<u32>, score: i32, pv: Vec<u32>, depth: u32) -> SearchResult {
        let total = self.searched + self.pruned;
        SearchResult {
            best: best.map(|c| self.pos(c)),
            score,
            win_in: win_in(score),
            pv: pv.iter().map(|&c| self.pos(c)).collect(),
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            tt_hits: self.tt_hits,
            beta_cutoffs: self.beta_cutoffs,
            first_move_cutoffs: self.first_move_cutoffs,
            cutoff_ratio: if total == 0 {
                0.0
            } else {
                self.pruned as f64 / total as f64
            },
            time: self.start.elapsed(),
            iterations: Vec::new(),
        }
    }

    /// Root: forced moves, VCF, then iterative deepening and the tie-break.
    fn run(&mut self, rng: &mut ChaCha8Rng) -> SearchResult {
        let me = self.sb.to_move();
        let mine = self.sb.all_fives(me);
        if let Some(q) = mine.first() {
            return self.result(Some(q), WIN - 1, vec![q], 1);
        }
        let theirs = self.sb.all_fives(me.opponent());
        // Root moves: the legal candidates (or the forced blocks), ordered.
        let mut cands = Vec::new();
        if theirs.len > 0 {
            let legal: Vec<u32> = theirs
                .as_slice()
                .iter()
                .copied()
                .filter(|&q| !self.sb.is_forbidden(q as usize))
                .collect();
            if theirs.len >= 2 || legal.is_empty() {
                // Lost: the opponent completes a five whatever we do.
                let mv = legal.first().copied().or_else(|| self.any_legal());
                return self.result(mv, -(WIN - 2), mv.into_iter().collect(), 1);
            }
            cands = legal;
        } else {
            self.raw.clear();
            self.sb.candidates(&mut self.raw);
            let mut raw = std::mem::take(&mut self.raw);
            self.order(&mut raw, 0, 0, self.p.top_n);
            cands.extend_from_slice(&raw);
            self.raw = raw;
            if cands.is_empty() {
                let mv = self.any_legal();
                return self.result(mv, 0, mv.into_iter().collect(), 0);
            }
        }
        if self.p.vcf
            && self.p.vcf_depth >= 1
            && let Some(line) = self.root_vcf(self.p.vcf_depth)
        {
            let plies = line.len() as i32 + self.vcf_gap as i32;
            return self.result(Some(line[0]), WIN - plies, line, 0);
        }
        if self.p.vcf && self.p.vcf_depth >= 1 && theirs.len == 0 {
            cands = self.vcf_defence(cands);
        }
        let mut roots: Vec<RootMove> = cands
            .iter()
            .map(|&c| RootMove {
                cell: c,
                score: -INF,
                exact: false,
            })
            .collect();
        let target = self.node_depth_limit();
        let first = if self.p.iterative_deepening {
            1
        } else {
            target
        };
        let mut iterations = Vec::new();
        let mut done: Option<(Vec<RootMove>, i32, Vec<u32>, u32)> = None;
        for depth in first..=target {
            let (score, pv) = self.root_iteration(depth as i32, &mut roots);
            if self.stopped {
                break;
            }
            // Stable sort: best first for the next iteration.
            roots.sort_by_key(|r| std::cmp::Reverse(r.score));
            iterations.push(IterationInfo {
                depth,
                score,
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: pv.iter().map(|&c| self.pos(c)).collect(),
            });
            done = Some((roots.clone(), score, pv, depth));
            if is_mate(score) && (WIN - score.abs()) <= depth as i32 {
                break;
            }
        }
        let (roots, score, pv, depth) = match done {
            Some(d) => d,
            None => {
                // Not even depth 1 finished: the first ordered candidate.
                let c = cands[0];
                let mut r = self.result(Some(c), self.sb.eval(), vec![c], 0);
                r.iterations = iterations;
                return r;
            }
        };
        let mut best = roots[0].cell;
        let mut pv = pv;
        let m = self.p.tie_break_margin;
        if m > 0 && !is_mate(score) {
            let pool: Vec<&RootMove> = roots
                .iter()
                .filter(|r| r.exact && r.score >= score - m)
                .collect();
            if pool.len() > 1 {
                let pick = pool[rng.random_range(0..pool.len())];
                if pick.cell != best {
                    best = pick.cell;
                    pv = vec![best];
                }
            }
        }
        let final_score = roots
            .iter()
            .find(|r| r.cell == best)
            .map_or(score, |r| r.score);
        let mut r = self.result(Some(best), final_score, pv, depth);
        r.iterations = iterations;
        r
    }

    fn node_depth_limit(&self) -> u32 {
        self.target_depth.clamp(1, MAX_DEPTH)
    }

    fn any_legal(&mut self) -> Option<u32> {
        let cells: Vec<u32> = self
            .sb
            .board()
            .points()
            .map(|p| self.sb.index(p) as u32)
            .collect();
        cells
            .into_iter()
            .find(|&c| self.sb.is_empty(c as usize) && !self.sb.is_forbidden(c as usize))
    }

    /// One root iteration; returns the best score and PV. With a tie-break margin, every
    /// root move scoring within the margin of the best gets an exact score.
    fn root_iteration(&mut self, depth: i32, roots: &mut [RootMove]) -> (i32, Vec<u32>) {
        let margin = self.p.tie_break_margin;
        let beta = INF;
        let mut best = -INF;
        let mut best_pv: Vec<u32> = Vec::new();
        self.pv_len[0] = 0;
        for (n, rm) in roots.iter_mut().enumerate() {
            let alpha = if best == -INF {
                -INF
            } else if margin > 0 && !is_mate(best) {
                best - margin - 1
            } else {
                best
            };
            self.sb.make(rm.cell as usize);
            self.tick();
            let score = if n == 0 || alpha == -INF {
                -self.negamax(depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.stopped {
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.sb.unmake();
            if self.stopped {
                break;
            }
            self.searched += 1;
            rm.score = score;
            rm.exact = score > alpha;
            if score > best {
                best = score;
                best_pv.clear();
                best_pv.push(rm.cell);
                best_pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
            }
        }
        (best, best_pv)
    }

    #[inline]
    fn hist_index(&self, color: Color, c: u32) -> usize {
        color.index() * (self.history.len() / 2) + c as usize
    }

    /// Orders `list` in place (pattern score, then history), keeps the top-N legal moves, and
    /// puts the TT move and the killers first; `limit` is the width (`None` = all).
    fn order(&mut self, list: &mut Vec<u32>, ply: usize, tt_move: u32, limit: Option<usize>) {
        let me = self.sb.to_move();
        let opp = me.opponent();
        self.scored.clear();
        for &c in list.iter() {
            let s = if self.p.use_ordering {
                let g = self.sb.gains(c as usize);
                g[me.index()] + g[opp.index()]
            } else {
                0
            };
            let h = if self.p.history {
                self.history[self.hist_index(me, c)]
            } else {
                0
            };
            self.scored.push(order_key(s, h, c));
        }
        let limit = limit.unwrap_or(usize::MAX);
        let check = self.sb.board().rule() == Rule::Renju && me == Color::Black;
        if self.p.use_ordering || self.p.history {
            // Only the best `limit` (plus slack for forbidden points) need sorting.
            let keep = if check { usize::MAX } else { limit };
            if keep < self.scored.len() {
                self.scored.select_nth_unstable(keep);
                self.scored.truncate(keep);
            }
            self.scored.sort_unstable();
        }
        list.clear();
        for i in 0..self.scored.len() {
            if list.len() >= limit {
                break;
            }
            let c = self.scored[i] as u16 as u32;
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
        if self.p.killers && ply < self.killers.len() {
            let k = self.killers[ply];
            for km in k {
                if km != 0 && km != tt_move {
                    promote(list, km);
                }
            }
        }
    }

    /// Frontier move list: legal candidates in board order, TT move and killers first (sorting
    /// the frontier by history saved nodes but cost more time than it saved).
    fn frontier_order(&mut self, list: &mut Vec<u32>, ply: usize, tt_move: u32) {
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
        if self.p.killers && ply < self.killers.len() {
            let k = self.killers[ply];
            for km in k {
                if km != tt_move {
                    promote(list, km);
                }
            }
        }
    }

    /// Negamax with PVS from the side to move's view at `ply` (>= 1).
    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = 0;
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let (mine, theirs) = self.sb.recent_fives();
        if mine.len > 0 {
            return WIN - (ply as i32 + 1);
        }
        if theirs.len >= 2 {
            return -(WIN - (ply as i32 + 2));
        }
        let forced = theirs.first();
        if let Some(q) = forced
            && self.sb.is_forbidden(q as usize)
        {
            return -(WIN - (ply as i32 + 2));
        }
        if self.sb.is_full() {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.sb.eval();
        }
        let key = self.sb.key();
        let mut tt_move = 0u32;
        if self.p.use_tt
            && let Some(e) = self.tt.probe(key)
        {
            self.tt_hits += 1;
            tt_move = e.mv as u32;
            if e.depth as i32 >= depth {
                let s = score_from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        if let Some(q) = forced {
            moves.push(q);
        } else if depth == 1 {
            // Frontier: every candidate is searched (a leaf costs about what scoring the
            // point for ordering would), TT move and killers first.
            self.sb.candidates(&mut moves);
            self.frontier_order(&mut moves, ply, tt_move);
        } else {
            self.sb.candidates(&mut moves);
            self.order(&mut moves, ply, tt_move, self.p.top_n);
        }
        if moves.is_empty() {
            self.moves[ply] = moves;
            return 0;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        let n_moves = moves.len();
        for (n, &m) in moves.iter().enumerate() {
            let score = if depth == 1
                && let Some(e) = self.sb.eval_after(m as usize)
            {
                // A quiet leaf: its evaluation comes from the gain tables without playing
                // it (the same number make, eval and unmake would give; counted as a node).
                self.tick();
                self.seldepth = self.seldepth.max(ply + 1);
                self.pv_len[ply + 1] = 0;
                -e
            } else {
                self.sb.make(m as usize);
                self.tick();
                let score = if n == 0 {
                    -self.negamax(depth - 1, ply + 1, -beta, -alpha)
                } else {
                    let s = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
                    if s > alpha && s < beta && !self.stopped {
                        -self.negamax(depth - 1, ply + 1, -beta, -alpha)
                    } else {
                        s
                    }
                };
                self.sb.unmake();
                score
            };
            if self.stopped {
                self.moves[ply] = moves;
                return 0;
            }
            self.searched += 1;
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let child_len = self.pv_len[ply + 1];
                    head[ply][0] = m;
                    head[ply][1..1 + child_len].copy_from_slice(&tail[0][..child_len]);
                    self.pv_len[ply] = child_len + 1;
                    if score >= beta {
                        self.cutoff(ply, n, n_moves, m, depth, forced.is_none());
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        if self.p.use_tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                score_to_tt(best, ply),
                best_move as u16,
                depth.clamp(0, 255) as u8,
                bound,
            );
        }
        best
    }

    /// Book-keeping of a beta cutoff by move `m`, the `n`th of `n_moves`: statistics, and
    /// killers and history unless the move was forced.
    #[inline]
    fn cutoff(&mut self, ply: usize, n: usize, n_moves: usize, m: u32, depth: i32, quiet: bool) {
        self.beta_cutoffs += 1;
        if n == 0 {
            self.first_move_cutoffs += 1;
        }
        self.pruned += (n_moves - n - 1) as u64;
        if quiet {
            if self.p.killers && ply < self.killers.len() {
                let k = &mut self.killers[ply];
                if k[0] != m {
                    k[1] = k[0];
                    k[0] = m;
                }
            }
            if self.p.history {
                let hi = self.hist_index(self.sb.to_move(), m);
                self.history[hi] = self.history[hi].saturating_add(depth * depth);
            }
        }
    }

    /// If the opponent would have a VCF were it to move now, the root moves after which it
    /// has none (all legal candidates are tried, best ordered first, top-N kept); otherwise,
    /// or if no move defends, `cands` unchanged.
    fn vcf_defence(&mut self, cands: Vec<u32>) -> Vec<u32> {
        let me = self.sb.to_move();
        self.sb.set_to_move(me.opponent());
        let threat = self.root_vcf(self.p.vcf_depth).is_some();
        self.sb.set_to_move(me);
        if !threat || self.stopped {
            return cands;
        }
        let mut all = Vec::new();
        self.sb.candidates(&mut all);
        let top_n = self.p.top_n;
        // Order every legal candidate (width unlimited here).
        self.order(&mut all, 0, 0, None);
        let mut defenders = Vec::new();
        for &c in &all {
            self.sb.make_light(c as usize);
            self.tick();
            let mine = self.sb.last_move_fives();
            self.vcf_line.clear();
            self.vcf_left = VCF_NODE_CAP;
            let loses = self.vcf(1, self.p.vcf_depth, mine);
            self.sb.unmake();
            if self.stopped {
                return cands;
            }
            if !loses {
                defenders.push(c);
                if top_n.is_some_and(|n| defenders.len() >= n) {
                    break;
                }
            }
        }
        if defenders.is_empty() {
            cands
        } else {
            defenders
        }
    }

    /// VCF from the current position for the side to move, shortest first: a full-depth
    /// attempt, then (if it wins) shallower limits to find a shorter line.
    fn root_vcf(&mut self, max_fours: u32) -> Option<Vec<u32>> {
        let me = self.sb.to_move();
        if let Some(q) = self.sb.all_fives(me).first() {
            return Some(vec![q]);
        }
        if max_fours < 1 {
            return None;
        }
        if self.vcf_cache.len() != VCF_CACHE {
            self.vcf_cache = vec![(0, 0); VCF_CACHE];
        }
        let theirs = self.sb.all_fives(me.opponent());
        self.vcf_line.clear();
        self.vcf_left = VCF_NODE_CAP;
        if !self.vcf(0, max_fours, theirs) {
            return None;
        }
        let mut line: Vec<u32> = self.vcf_line.iter().rev().copied().collect();
        let found = line.len() as u32 / 2;
        let mut gap = self.vcf_gap;
        for budget in 1..found {
            self.vcf_line.clear();
            if self.vcf(0, budget, theirs) {
                line = self.vcf_line.iter().rev().copied().collect();
                gap = self.vcf_gap;
                break;
            }
        }
        self.vcf_gap = gap;
        Some(line)
    }

    /// Whether the side to move (the attacker, with no five-point of its own) wins by
    /// at most `budget` continuous fours and then a five; `theirs` are the
    /// defender's five-points. On success `vcf_line` holds the line in reverse.
    fn vcf(&mut self, vply: usize, budget: u32, theirs: Fives) -> bool {
        if budget < 1 || theirs.len >= 2 || self.stopped || self.vcf_left == 0 {
            return false;
        }
        self.vcf_left -= 1;
        let key = self.sb.key();
        let slot = key as usize & (VCF_CACHE - 1);
        if self.vcf_cache[slot].0 == key && self.vcf_cache[slot].1 >= budget {
            return false;
        }
        let attacker = self.sb.to_move();
        let renju = self.sb.board().rule() == Rule::Renju;
        let idx = MAX_PLY + vply;
        if idx >= self.moves.len() {
            return false;
        }
        let mut moves = std::mem::take(&mut self.moves[idx]);
        moves.clear();
        if let Some(q) = theirs.first() {
            moves.push(q);
        } else {
            let mut mark = std::mem::take(&mut self.mark);
            self.sb.four_candidates(attacker, &mut moves, &mut mark);
            self.mark = mark;
        }
        // Pass 1: keep real fours; a double five-point wins at once.
        let mut fours = 0;
        let mut win = false;
        for i in 0..moves.len() {
            let p = moves[i];
            if renju && attacker == Color::Black && self.sb.is_forbidden(p as usize) {
                continue;
            }
            self.sb.make_light(p as usize);
            self.tick();
            let f = self.sb.last_move_fives();
            self.sb.unmake();
            if f.len >= 2 {
                self.vcf_line.push(f.cells[1]);
                self.vcf_line.push(f.cells[0]);
                self.vcf_line.push(p);
                self.vcf_gap = false;
                win = true;
                break;
            }
            if f.len == 1 {
                moves[fours] = p | (f.cells[0] << 16);
                fours += 1;
            }
        }
        if !win {
            moves.truncate(fours);
            for &pq in moves.iter() {
                let (p, q) = (pq & 0xffff, pq >> 16);
                self.sb.make_light(p as usize);
                self.tick();
                if renju && attacker == Color::White && self.sb.is_forbidden(q as usize) {
                    // Black cannot block on a forbidden point.
                    self.sb.unmake();
                    self.vcf_line.push(q);
                    self.vcf_line.push(p);
                    self.vcf_gap = true;
                    win = true;
                    break;
                }
                self.sb.make_light(q as usize);
                self.tick();
                let t = self.sb.last_move_fives();
                let w = self.vcf(vply + 2, budget - 1, t);
                self.sb.unmake();
                self.sb.unmake();
                if w {
                    self.vcf_line.push(q);
                    self.vcf_line.push(p);
                    win = true;
                    break;
                }
                if self.stopped {
                    break;
                }
            }
        }
        self.moves[idx] = moves;
        // A search cut short by the stop flag or the node cap proved nothing: do not cache it.
        if !win && !self.stopped && self.vcf_left > 0 {
            self.vcf_cache[slot] = (key, budget);
        }
        win
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

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
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
