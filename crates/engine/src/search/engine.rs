//! The engine: what outlives a search (the compiled table, the transposition table, the
//! killers and history, the threat searches' caches, the last search's board and lists)
//! and the searches it runs, with Lazy SMP helpers and the VCT helper thread when asked.

use super::history::OrderingMemory;
use super::result::SearchResult;
use super::vcf::state::VcfCache;
use super::vct::proofs::ProofTable;
use super::worker::{Buffers, NEVER, Parts, Tables, Worker};
use crate::EngineError;
use crate::params::{EngineParams, Limits, MAX_DEPTH};
use crate::pattern::CompiledTable;
use crate::position::SearchBoard;
use crate::score::win_in;
use crate::tt::Tt;
use gomoku_board::{Board, Pos};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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
        let s =
            self.table.full_sums(board)[board.to_move()] + self.table.threat_score(board) as i64;
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
        let mut w = self.worker(board, &Limits::default(), Instant::now());
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
        let mut w = self.worker(board, &limits, Instant::now());
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
            let mut w = self.worker(board, limits, start);
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
                let score = super::vct::win_score(moves);
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

    /// A worker for a search of `board` under `limits` started at `start`, lent this
    /// engine's tables (hand them back with `put_back`).
    pub(super) fn worker(&mut self, board: &Board, limits: &Limits, start: Instant) -> Worker<'_> {
        let tables = self.lend_tables();
        let engine: &Engine = self;
        let parts = Parts {
            params: &engine.params,
            table: &engine.table,
            tt: &engine.tt,
            stop: &engine.stop,
            settled: &NEVER,
        };
        Worker::from_parts(parts, board, limits, start, tables)
    }

    /// Tests only: makes this engine's VCT proof numbers and VCF cache `other`'s, as the
    /// VCT helper thread's are the main thread's.
    #[cfg(test)]
    pub(super) fn share_threat_caches(&mut self, other: &mut Engine) {
        self.proofs.share_numbers(&mut other.proofs);
        self.vcf_cache.share(&mut other.vcf_cache);
    }

    /// Tests only: whether this engine and `other` read and write the same proof numbers
    /// and VCF cache.
    #[cfg(test)]
    pub(super) fn shares_threat_caches_with(&self, other: &Engine) -> bool {
        self.proofs.shares_numbers_with(&other.proofs)
            && self.vcf_cache.is_shared_with(&other.vcf_cache)
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
        // A clock far beyond the win's proof (about a second): only the win can end the search
        // in half of it, however loaded the machine.
        let clock = Limits::move_time(Duration::from_secs(600));
        let r = e.search(
            &board,
            &clock,
            &mut <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1),
        );
        assert!(r.win_in.is_some_and(|w| w > 0 && w - 1 <= 14), "{r:?}");
        assert!(board.is_legal(r.best.unwrap()));
        assert!(r.time.as_secs() < 300, "the win did not stop it: {r:?}");
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
