//! The engine and the state of one search. [`Engine`] owns what outlives a search (the
//! compiled table, the transposition table, killers and history, the threat searches'
//! caches, the last search's board and lists) and runs searches, with Lazy SMP helpers when
//! asked; a `Worker` holds everything one search thread needs, lent the engine's tables for
//! the search and handing them back after.
//!
//! The worker's state is grouped in typed parts: the board, the limits and stop
//! (`control::Control`), the counters (`result::Counters`), the move-ordering memory
//! (`ordering::OrderingMemory`), the move lists by ply (`MoveLists`), the four windows kept
//! by ply and by position (`windows::WindowLists`), and the VCF's and the VCT's state
//! (`vcf::VcfState`, `vct::VctState`). Each search adds its `Worker` methods in a child
//! module: `root` (forced moves, the threat searches, iterative deepening, tie-break),
//! `negamax` (the interior nodes), `ordering` (move ordering), `vcf` and `vct` (the threat
//! searches).

mod control;
mod negamax;
mod ordering;
mod result;
mod root;
mod vcf;
mod vct;
mod windows;

use crate::EngineError;
use crate::params::{EngineParams, Limits, MAX_DEPTH, MAX_PLY};
use crate::pattern::CompiledTable;
use crate::position::SearchBoard;
use crate::score::win_in;
use crate::tt::Tt;
use control::{Control, threat_cap};
use gomoku_board::{Board, Pos};
use ordering::OrderingMemory;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use vcf::{VCF_NODE_CAP, VcfCache, VcfState};
use vct::{ProofTable, VctState};
use windows::WindowLists;

use result::Counters;
pub use result::{IterationInfo, SearchResult};

/// A configured engine: compiled table, transposition table, killers and history.
pub struct Engine {
    params: EngineParams,
    table: Arc<CompiledTable>,
    tt: Tt,
    /// Killers and history, lent to each search.
    memory: OrderingMemory,
    /// Allocated by the first threat search (VCF or VCT): engines that run none never use it.
    vcf_cache: VcfCache,
    proofs: ProofTable,
    /// The last search's board, kept for the next search of the game (see
    /// [`SearchBoard::follow`]).
    board: Option<SearchBoard>,
    /// The last search's working lists (see `Buffers`).
    buffers: Buffers,
    /// The game's number modulo [`CACHE_EPOCHS`], which salts the threat searches' keys.
    epoch: u64,
    stop: Arc<AtomicBool>,
    /// Whether, on two threads or more under a clock, one searches the root's VCT from the
    /// start of the move (see [`Engine::set_vct_thread`]).
    vct_thread: bool,
    /// The tables of the VCT helper thread (see [`Engine::search_smp`]), kept from search to
    /// search of a game like the main thread's.
    vct_helper_tables: Option<Tables>,
    /// Tests only: the main thread beside the VCT helper runs no VCT of its own, so that
    /// only the helper can answer.
    #[cfg(test)]
    no_main_vct: bool,
}

/// Games before the threat caches' salt comes round (see [`Engine::new_game`]).
const CACHE_EPOCHS: u64 = crate::tt::EPOCHS;

/// The salt of the threat caches' keys in game `epoch` (0 for the first: a fresh engine's).
fn cache_salt(epoch: u64) -> u64 {
    // SplitMix64's finaliser: unrelated salts for consecutive epochs.
    let mut z = epoch.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
            memory: OrderingMemory::default(),
            // Allocated by the first threat search: engines that run none never need it.
            vcf_cache: VcfCache::default(),
            // Allocated by the first VCT: fixed-depth engines never run one.
            proofs: ProofTable::default(),
            board: None,
            buffers: Buffers::default(),
            epoch: 0,
            stop: Arc::new(AtomicBool::new(false)),
            vct_thread: false,
            #[cfg(test)]
            no_main_vct: false,
            vct_helper_tables: None,
        })
    }

    /// The parameters.
    pub fn params(&self) -> &EngineParams {
        &self.params
    }

    /// Forgets everything learnt: TT, killers, history.
    ///
    /// In O(1) for the big tables: the TT, the VCF cache and the VCT's proof table keep
    /// their entries, but a new game salts the keys they are found by (the TT checks its
    /// epoch), so an entry of another game is never found and never kept over a new one: the
    /// game searches exactly as on empty tables. Every `CACHE_EPOCHS` games the salt comes
    /// round and they are cleared for real.
    pub fn new_game(&mut self) {
        self.tt.new_game();
        self.memory.clear();
        self.epoch = (self.epoch + 1) % CACHE_EPOCHS;
        if self.epoch == 0 {
            self.vcf_cache.clear();
            self.proofs.clear();
        }
        // Its killers and history are forgotten with it.
        self.vct_helper_tables = None;
    }

    /// Sets the flag that stops a running search when raised (the search returns the best
    /// move of its last completed iteration).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// With `on`, a search on two threads or more under a clock gives one of them to the
    /// root's VCT from the start of the move, beside the main thread's share of it and
    /// sharing its proof table, instead of a Lazy SMP helper (see `Engine::search_smp`).
    /// Off by default: `analyze` turns it on, where finding a long win in the time is the
    /// point; in games the helpers' worth is what has been measured.
    pub fn set_vct_thread(&mut self, on: bool) {
        self.vct_thread = on;
    }

    /// The static evaluation from the side to move's view, computed from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let s = self.table.full_sums(board)[board.to_move()];
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
        let tables = w.into_tables();
        self.put_back(tables);
        line
    }

    /// Looks for a VCT (a win by fours and threes, see `search/vct.rs`) of the side to move
    /// with at most `max_moves` moves of its own, the five included, visiting at most
    /// `nodes` nodes: the first move of the shortest one found and its number of moves.
    pub fn find_vct(&mut self, board: &Board, max_moves: u32, nodes: u64) -> Option<(Pos, u32)> {
        let limits = Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        };
        let mut w = Worker::new(self, board, &limits, Instant::now());
        w.vct.cap = nodes.max(1);
        w.vcf.cap = nodes.max(1);
        let found = w.root_vct(max_moves.min(crate::params::MAX_VCT_DEPTH), true);
        let found = found.map(|(m, n)| (w.sb.pos(m as usize), n));
        let tables = w.into_tables();
        self.put_back(tables);
        found
    }

    /// Searches the position and returns the move to play with its statistics.
    pub fn search(&mut self, board: &Board, limits: &Limits, rng: &mut ChaCha8Rng) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        if self.params.threads <= 1 {
            let mut w = Worker::new(self, board, limits, start);
            let mut result = w.run(rng);
            result.time = start.elapsed();
            let tables = w.into_tables();
            self.put_back(tables);
            return result;
        }
        self.search_smp(board, limits, rng, start)
    }

    /// Lazy SMP: helper threads run the same iterative deepening without limits, sharing
    /// the transposition table, until the main thread is done; only the main thread's
    /// answer is used, the nodes of all threads are counted.
    ///
    /// With [`Engine::set_vct_thread`], under a clock with the VCT on, the first helper
    /// searches the root's VCT instead, from the start of the move, beside the share of it
    /// that the main thread gives it before deepening (a larger one than on one thread, see
    /// `vct_time_share_beside`). The two share one proof table (each proves what the other
    /// has proven) and one VCF cache, and go different ways (the main thread takes the last
    /// of equal attacker moves). A win the helper finds stops the main thread and is the
    /// answer; a VCT settled without one leaves the helper to deepen like the others.
    /// Deepening that stops with time spare goes back to the main thread's VCT, as on one
    /// thread. When the main thread is done, the VCT goes on to the move's target if
    /// deepening stopped with time spare, else (a single reply, a depth cap, a loss claimed)
    /// to the main thread's share; a win the deepening proved or a stop ends it at once.
    fn search_smp(
        &mut self,
        board: &Board,
        limits: &Limits,
        rng: &mut ChaCha8Rng,
        start: Instant,
    ) -> SearchResult {
        let helpers_stop = AtomicBool::new(false);
        let vct_won = AtomicBool::new(false);
        let vct_beside = self.vct_thread && self.params.vct && limits.time.is_some();
        let mut tables = self.lend_tables();
        let vct_tables = vct_beside.then(|| {
            let mut t = Tables {
                salt: cache_salt(self.epoch),
                ..self.vct_helper_tables.take().unwrap_or_default()
            };
            t.proofs.share_numbers(&mut tables.proofs);
            // The two list the same nodes' moves, each with VCFs that mostly fail.
            t.vcf_cache.share(&mut tables.vcf_cache);
            t
        });
        let main_parts = Parts {
            params: &self.params,
            table: &self.table,
            tt: &self.tt,
            stop: &self.stop,
            settled: if vct_beside { &vct_won } else { &NEVER },
        };
        // The helpers stop with the main thread, or at once on the caller's stop.
        let vct_parts = Parts {
            settled: &helpers_stop,
            ..main_parts
        };
        let helper_params = EngineParams {
            vcf: false,
            tie_break_margin: 0,
            ..self.params.clone()
        };
        let helper_parts = Parts {
            params: &helper_params,
            ..vct_parts
        };
        let helper_limits = Limits {
            depth: Some(MAX_DEPTH),
            nodes: None,
            time: None,
        };
        let lazy = |tables: Tables| {
            let mut w = Worker::from_parts(helper_parts, board, &helper_limits, start, tables);
            let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
            w.run(&mut rng);
            ((w.stats.nodes, w.stats.rapfi_nodes), w.into_tables())
        };
        let (mut result, tables, vct, helper_nodes) = std::thread::scope(|scope| {
            let (vct_done, vct_waited) = std::sync::mpsc::channel::<()>();
            let vct = vct_tables.map(|tables| {
                let won = &vct_won;
                scope.spawn(move || {
                    let mut w = Worker::from_parts(vct_parts, board, limits, start, tables);
                    let (found, refuted) = w.helper_vct();
                    if found.is_some() {
                        won.store(true, Ordering::Relaxed);
                    }
                    let _ = vct_done.send(());
                    let (mut nodes, mut tables) =
                        ((w.stats.nodes, w.stats.rapfi_nodes), w.into_tables());
                    if refuted {
                        let (more, t) = lazy(tables);
                        (nodes, tables) = ((nodes.0 + more.0, nodes.1 + more.1), t);
                    }
                    (found, tables, nodes)
                })
            });
            let handles: Vec<_> = (1 + vct.is_some() as usize..self.params.threads)
                .map(|_| scope.spawn(move || lazy(Tables::default()).0))
                .collect();
            let mut w = Worker::from_parts(main_parts, board, limits, start, tables);
            w.vct.beside = vct_beside;
            #[cfg(test)]
            if self.no_main_vct {
                w.vct.cap = 0;
            }
            let result = w.run(rng);
            // How long the VCT goes on (see above). A loss the deepening claims may be one
            // only within its width: the VCT still gets its share.
            let won_already = result.win_in.is_some_and(|n| n > 0);
            let wait = match w.control.target_time() {
                Some(target) if !w.control.stopped() && !won_already => {
                    let share = if w.vct.spare {
                        1.0
                    } else {
                        w.vct_share(target)
                    };
                    Some(start + target.mul_f64(share))
                }
                _ => None,
            };
            if vct.is_some()
                && let Some(until) = wait
            {
                let _ = vct_waited.recv_timeout(until.saturating_duration_since(Instant::now()));
            }
            helpers_stop.store(true, Ordering::Relaxed);
            let mut nodes = handles
                .into_iter()
                .map(|h| h.join().unwrap_or((0, 0)))
                .fold((0, 0), |a, n| (a.0 + n.0, a.1 + n.1));
            let vct = vct.and_then(|h| h.join().ok()).map(|(found, tables, n)| {
                nodes = (nodes.0 + n.0, nodes.1 + n.1);
                (found, tables)
            });
            (result, w.into_tables(), vct, nodes)
        });
        self.put_back(tables);
        if let Some((found, tables)) = vct {
            self.vct_helper_tables = Some(tables);
            if let Some((best, moves)) = found {
                let score = vct::win_score(moves);
                // The deepening's own win stands if it is as short. Depth and iterations stay
                // the deepening's, as when one thread's VCT wins after deepening.
                if result.score < score {
                    result.best = Some(best);
                    result.score = score;
                    result.win_in = win_in(score);
                    result.pv = vec![best];
                }
            }
        }
        result.nodes += helper_nodes.0;
        result.rapfi_nodes += helper_nodes.1;
        result.time = start.elapsed();
        result
    }

    /// Takes back the tables a worker borrowed, so the next search starts from what this one
    /// learnt.
    fn put_back(&mut self, t: Tables) {
        self.memory = t.memory;
        self.vcf_cache = t.vcf_cache;
        self.proofs = t.proofs;
        self.board = t.board;
        self.buffers = t.buffers;
    }

    /// Lends the tables that outlive a search to a worker.
    fn lend_tables(&mut self) -> Tables {
        Tables {
            memory: std::mem::take(&mut self.memory),
            vcf_cache: std::mem::take(&mut self.vcf_cache),
            proofs: std::mem::take(&mut self.proofs),
            salt: cache_salt(self.epoch),
            board: self.board.take(),
            buffers: std::mem::take(&mut self.buffers),
        }
    }
}

/// What a search learns that the next one starts from: killers, history, the VCF cache and
/// the VCT's proof table, lent to a worker and handed back after.
#[derive(Default)]
struct Tables {
    memory: OrderingMemory,
    vcf_cache: VcfCache,
    proofs: ProofTable,
    /// The salt of the threat caches' keys in this game (see [`Engine::new_game`]).
    salt: u64,
    /// The last search's board, which the next search of the game continues.
    board: Option<SearchBoard>,
    /// The last search's working lists, emptied for the next.
    buffers: Buffers,
}

/// A worker's working lists, kept from search to search so that a move allocates nothing.
#[derive(Default)]
struct Buffers {
    lists: MoveLists,
    /// The VCF line found, in reverse.
    vcf_line: Vec<u32>,
    /// The VCT's numbers of the moves of each of its plies.
    vct_values: Vec<Vec<vct::Node>>,
    /// Per VCT ply, the attacker move that last proved a node there (`u32::MAX` for none).
    vct_killers: Vec<u32>,
    windows: WindowLists,
}

impl Buffers {
    /// Lists as a fresh worker's for a board of `cells` cells (zero PV lengths, no cell
    /// marked), kept capacity. The move lists and the VCT's value lists keep what the last
    /// search left: each search function empties its list when it takes it, and there are
    /// hundreds of them, most never used.
    fn ready(mut self, cells: usize) -> Buffers {
        if self.lists.moves.len() != MOVE_LISTS || self.lists.mark.len() != cells {
            return Buffers {
                lists: MoveLists {
                    moves: (0..MOVE_LISTS).map(|_| Vec::new()).collect(),
                    raw: Vec::with_capacity(cells),
                    scored: Vec::with_capacity(cells),
                    pv: vec![[0; MAX_PLY]; MAX_PLY + 1],
                    pv_len: vec![0; MAX_PLY + 1],
                    mark: vec![false; cells],
                },
                vct_values: (0..VCT_PLIES).map(|_| Vec::new()).collect(),
                vct_killers: vec![u32::MAX; VCT_PLIES],
                vcf_line: Vec::with_capacity(600),
                windows: WindowLists::new(MOVE_LISTS - MAX_PLY),
            };
        }
        self.lists.raw.clear();
        self.lists.scored.clear();
        self.lists.pv_len.fill(0);
        self.lists.mark.fill(false);
        self.vcf_line.clear();
        self
    }
}

/// The move lists of every ply of every search (see [`MOVE_LISTS`]), the principal
/// variation, and scratch lists.
#[derive(Default)]
struct MoveLists {
    /// Move lists by ply: see [`MOVE_LISTS`].
    moves: Vec<Vec<u32>>,
    /// A scratch list of cells.
    raw: Vec<u32>,
    /// Ordering keys: see `ordering::order_key`.
    scored: Vec<u128>,
    /// Per ply, the principal variation from there.
    pv: Vec<[u32; MAX_PLY]>,
    pv_len: Vec<usize>,
    /// One entry per cell, all false between uses (for deduplicating cell lists).
    mark: Vec<bool>,
}

/// What every search thread shares.
#[derive(Clone, Copy)]
struct Parts<'e> {
    params: &'e EngineParams,
    table: &'e Arc<CompiledTable>,
    tt: &'e Tt,
    stop: &'e AtomicBool,
    /// A second stop, raised when another thread has settled the search: for the main
    /// thread the VCT helper's win, for the helpers the main thread's end.
    settled: &'e AtomicBool,
}

/// A `settled` flag never raised: a search no other thread settles.
static NEVER: AtomicBool = AtomicBool::new(false);

/// One search: the board and all per-search state, in parts (see the module doc).
struct Worker<'e> {
    /// The board searched, with its incremental state.
    sb: SearchBoard,
    /// The engine's parameters.
    p: &'e EngineParams,
    /// The transposition table, shared by every thread.
    tt: &'e Tt,
    /// The limits, and whether the search has stopped.
    control: Control<'e>,
    /// Killers and history, lent by the engine.
    memory: OrderingMemory,
    /// What the search counts.
    stats: Counters,
    /// The move lists of every ply, the PV and scratch lists, kept from search to search.
    lists: MoveLists,
    /// Four windows kept by ply and by position for the threat searches.
    windows: WindowLists,
    /// The VCF's cache, budget and last line.
    vcf: VcfState,
    /// The VCT's proof table, budget, limits and per-ply lists.
    vct: VctState,
    /// XORed into the keys of the VCF cache and the proof table: the game's salt.
    cache_salt: u64,
}

/// Move lists of a worker: the main search's plies, then the VCF's (up to 2 x 255 plies
/// deep, from wherever it starts), then the VCT's from [`VCT_LISTS`] on.
const MOVE_LISTS: usize = VCT_LISTS + VCT_PLIES;
/// The most plies a VCT goes deep: two per attacker move, and a few to spare.
const VCT_PLIES: usize = 2 * crate::params::MAX_VCT_DEPTH as usize + 4;
/// Where the VCT's move lists begin: past any VCF started inside a VCT.
const VCT_LISTS: usize = MAX_PLY + 2 * crate::params::MAX_VCT_DEPTH as usize + 2 * 255 + 4;

impl<'e> Worker<'e> {
    fn new(engine: &'e mut Engine, board: &Board, limits: &Limits, start: Instant) -> Worker<'e> {
        let tables = engine.lend_tables();
        let engine: &'e Engine = engine;
        let parts = Parts {
            params: &engine.params,
            table: &engine.table,
            tt: &engine.tt,
            stop: &engine.stop,
            settled: &NEVER,
        };
        Worker::from_parts(parts, board, limits, start, tables)
    }

    fn from_parts(
        parts: Parts<'e>,
        board: &Board,
        limits: &Limits,
        start: Instant,
        tables: Tables,
    ) -> Worker<'e> {
        let (table, radius) = (parts.table.clone(), parts.params.radius);
        let Tables {
            memory,
            vcf_cache,
            proofs,
            salt,
            board: kept,
            buffers,
        } = tables;
        // The last search's board, brought up to this position by the moves since (a game
        // goes on), else a new one: the same state either way.
        // Every search keeps the per-cell line gains, a depth-1 one too: the board follows
        // the game from move to move, so a game fills them once and then updates them where
        // its stones fall, which costs less than scanning every candidate's lines at every
        // move (depth-1 games of the seed engine: 11% fewer instructions with them).
        let build = |board: &Board| SearchBoard::new(board, table.clone(), radius);
        // Else one built empty that plays the game's moves, so that it can follow the next
        // game too; a position with stones not from moves gets a board of its own.
        let kept = kept
            .filter(|sb| sb.built_for(&table, radius, true))
            .and_then(|mut sb| sb.follow(board).then_some(sb))
            .or_else(|| {
                // A board built empty can only follow a position whose stones are moves.
                if board.stone_count() != board.history().len() {
                    return None;
                }
                let empty = Board::new(board.geometry(), board.rule()).ok()?;
                let mut sb = build(&empty);
                sb.follow(board).then_some(sb)
            });
        let sb = kept.unwrap_or_else(|| build(board));
        let cells = sb.cell_count();
        let Buffers {
            lists,
            vcf_line,
            vct_values,
            vct_killers,
            windows,
        } = buffers.ready(cells);
        let control = Control::new(parts.stop, parts.settled, limits, start, parts.params.depth);
        Worker {
            p: parts.params,
            tt: parts.tt,
            memory: memory.ready(cells),
            stats: Counters::default(),
            lists,
            windows,
            vcf: VcfState {
                cache: vcf_cache,
                left: VCF_NODE_CAP,
                cap: threat_cap(limits, VCF_NODE_CAP),
                line: vcf_line,
                gap: false,
            },
            vct: VctState {
                proofs,
                left: 0,
                // The VCT needs a budget to take its share of: a fixed-depth search has no
                // cap that suits every depth (at depth 4 one of 4,000 nodes cost ten times
                // the search), so it is skipped there, even under a node cap.
                cap: if control.budgeted {
                    threat_cap(limits, u64::MAX)
                } else {
                    0
                },
                unfinished: false,
                refuted: 1,
                beside: false,
                spare: false,
                values: vct_values,
                killers: vct_killers,
            },
            cache_salt: salt,
            control,
            sb,
        }
    }

    fn into_tables(self) -> Tables {
        Tables {
            memory: self.memory,
            vcf_cache: self.vcf.cache,
            proofs: self.vct.proofs,
            salt: self.cache_salt,
            board: Some(self.sb),
            buffers: Buffers {
                lists: self.lists,
                vcf_line: self.vcf.line,
                vct_values: self.vct.values,
                vct_killers: self.vct.killers,
                windows: self.windows,
            },
        }
    }

    fn pos(&self, c: u32) -> Pos {
        self.sb.pos(c as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// With the main thread's own VCT off, the helper's alone finds one of quintet's long
    /// wins (the main search's VCF off too) while the main thread deepens, and its win stops
    /// the search long before the clock would.
    #[test]
    fn the_vct_helpers_win_answers_and_stops_the_main_thread() {
        let Some(text) = gomoku_testdata::shared_text("data/puzzles/tactics_normalized.jsonl")
        else {
            return;
        };
        let line = text
            .lines()
            .find(|l| l.contains("/vct_game_black_l14_1\""))
            .expect("the case");
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let stones = |c: &str| -> Vec<Pos> {
            let cells = case[c].as_array().unwrap().iter();
            cells
                .map(|p| Pos::new(p[0].as_u64().unwrap() as u8, p[1].as_u64().unwrap() as u8))
                .collect()
        };
        let board = Board::from_stones(
            gomoku_board::Geometry::square(15),
            gomoku_board::Rule::Renju,
            &stones("black"),
            &stones("white"),
            gomoku_board::Color::Black,
        )
        .unwrap();
        let mut e = Engine::new(EngineParams {
            vcf: false,
            vct_threat: 2,
            threads: 2,
            ..EngineParams::default()
        })
        .unwrap();
        e.set_vct_thread(true);
        e.no_main_vct = true;
        let clock = Limits::move_time(Duration::from_secs(60));
        let r = e.search(
            &board,
            &clock,
            &mut <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1),
        );
        assert!(r.win_in.is_some_and(|w| w > 0 && w - 1 <= 14), "{r:?}");
        assert!(board.is_legal(r.best.unwrap()));
        assert!(r.time.as_secs() < 30, "the win did not stop it: {r:?}");
        assert!(
            r.depth > 0 && !r.iterations.is_empty(),
            "the main thread deepened: {r:?}"
        );
    }

    /// The VCT helper thread's proof table and the main thread's are one: after a search
    /// with the thread, the helper's tables are kept for the next move and read and write
    /// the engine's numbers; without the thread there is no helper VCT.
    #[test]
    fn the_vct_helper_shares_the_main_threads_proof_table_and_vcf_cache() {
        let board = Board::from_stones(
            gomoku_board::Geometry::square(15),
            gomoku_board::Rule::Freestyle,
            &[Pos::new(7, 7), Pos::new(8, 7)],
            &[Pos::new(7, 8)],
            gomoku_board::Color::White,
        )
        .unwrap();
        let limits = Limits::move_time(Duration::from_millis(50));
        for on in [true, false] {
            let mut e = Engine::new(EngineParams {
                threads: 2,
                ..EngineParams::default()
            })
            .unwrap();
            e.set_vct_thread(on);
            let r = e.search(
                &board,
                &limits,
                &mut <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3),
            );
            assert!(board.is_legal(r.best.expect("a move")));
            let helper = e.vct_helper_tables.as_ref();
            assert_eq!(helper.is_some(), on);
            if let Some(t) = helper {
                assert!(t.proofs.shares_numbers_with(&e.proofs));
                assert!(t.vcf_cache.is_shared_with(&e.vcf_cache));
            }
        }
    }
}
