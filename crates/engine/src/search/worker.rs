//! One search's worker and its state, grouped in typed parts: the board, the limits and
//! stop ([`Control`]), the counters ([`Counters`]), the killers and history
//! ([`OrderingMemory`]), the move lists by ply ([`MoveLists`]), the four windows kept for
//! the threat searches ([`WindowLists`]), and the VCF's and the VCT's state. The searches
//! add their methods in modules of their own; the engine lends a worker its tables for a
//! search ([`Tables`]) and takes them back after.

use super::control::{
    Control, THREAT_TIME_SHARE, threat_cap, vct_time_share, vct_time_share_beside,
};
use super::history::OrderingMemory;
use super::result::{Counters, SearchResult};
use super::vcf::state::{VCF_NODE_CAP, VcfCache, VcfState};
use super::vct::proofs::{Node, ProofTable};
use super::vct::state::VctState;
use super::windows::WindowLists;
use crate::params::{EngineParams, Limits, MAX_PLY};
use crate::pattern::CompiledTable;
use crate::position::SearchBoard;
use crate::score::win_in;
use crate::tt::Tt;
use gomoku_board::{Board, Pos};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What a search learns that the next one starts from: killers, history, the VCF cache and
/// the VCT's proof table, lent to a worker and handed back after.
#[derive(Default)]
pub(super) struct Tables {
    pub(super) memory: OrderingMemory,
    pub(super) vcf_cache: VcfCache,
    pub(super) proofs: ProofTable,
    /// The salt of the threat caches' keys in this game (see `Engine::new_game`).
    pub(super) salt: u64,
    /// The last search's board, which the next search of the game continues.
    pub(super) board: Option<SearchBoard>,
    /// The last search's working lists, emptied for the next.
    pub(super) buffers: Buffers,
}

/// A worker's working lists, kept from search to search so that a move allocates nothing.
#[derive(Default)]
pub(super) struct Buffers {
    lists: MoveLists,
    /// The VCF line found, in reverse.
    vcf_line: Vec<u32>,
    /// The VCT's numbers of the moves of each of its plies.
    vct_values: Vec<Vec<Node>>,
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
                    evals: vec![NO_EVAL; MAX_PLY + 1],
                    carries: vec![0; MAX_PLY + 1],
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
        self.lists.evals.fill(NO_EVAL);
        self.lists.carries.fill(0);
        self.lists.mark.fill(false);
        self.vcf_line.clear();
        self
    }
}

/// The move lists of every ply of every search (see [`MOVE_LISTS`]), the principal
/// variation, and scratch lists.
#[derive(Default)]
pub(super) struct MoveLists {
    /// Move lists by ply: see [`MOVE_LISTS`].
    pub(super) moves: Vec<Vec<u32>>,
    /// A scratch list of cells.
    pub(super) raw: Vec<u32>,
    /// Ordering keys: see `ordering::order_key`.
    pub(super) scored: Vec<u128>,
    /// Per ply, the principal variation from there.
    pub(super) pv: Vec<[u32; MAX_PLY]>,
    pub(super) pv_len: Vec<usize>,
    /// Per ply, the side to move's static evaluation at the node the search is in there
    /// ([`NO_EVAL`] for none), kept only while the selectivity needs it.
    pub(super) evals: Vec<i32>,
    /// Per ply, the fraction of a ply (in hundredths, below 100) of the extensions along
    /// the line to the node there that has not yet made a whole ply: what the next
    /// extension adds to.
    pub(super) carries: Vec<i32>,
    /// One entry per cell, all false between uses (for deduplicating cell lists).
    pub(super) mark: Vec<bool>,
}

/// An entry of [`MoveLists::evals`] for a node with no static evaluation to compare.
pub(super) const NO_EVAL: i32 = i32::MIN;

/// What every search thread shares.
#[derive(Clone, Copy)]
pub(super) struct Parts<'e> {
    pub(super) params: &'e EngineParams,
    pub(super) table: &'e Arc<CompiledTable>,
    pub(super) tt: &'e Tt,
    pub(super) stop: &'e AtomicBool,
    /// A second stop, raised when another thread has settled the search: for the main
    /// thread the VCT helper's win, for the helpers the main thread's end.
    pub(super) settled: &'e AtomicBool,
}

/// A `settled` flag never raised: a search no other thread settles.
pub(super) static NEVER: AtomicBool = AtomicBool::new(false);

/// One search: the board and all per-search state, in parts (see the module doc).
pub(super) struct Worker<'e> {
    /// The board searched, with its incremental state.
    pub(super) sb: SearchBoard,
    /// The engine's parameters.
    pub(super) p: &'e EngineParams,
    /// The transposition table, shared by every thread.
    pub(super) tt: &'e Tt,
    /// The limits, and whether the search has stopped.
    pub(super) control: Control<'e>,
    /// Killers and history, lent by the engine.
    pub(super) memory: OrderingMemory,
    /// What the search counts.
    pub(super) stats: Counters,
    /// The move lists of every ply, the PV and scratch lists, kept from search to search.
    pub(super) lists: MoveLists,
    /// Four windows kept by ply and by position for the threat searches.
    pub(super) windows: WindowLists,
    /// The VCF's cache, budget and last line.
    pub(super) vcf: VcfState,
    /// The VCT's proof table, budget, limits and per-ply lists.
    pub(super) vct: VctState,
    /// XORed into the keys of the VCF cache and the proof table: the game's salt.
    pub(super) cache_salt: u64,
}

/// Move lists of a worker: the main search's plies, then the VCF's (up to 2 x 255 plies
/// deep, from wherever it starts), then the VCT's from [`VCT_LISTS`] on, then a second list
/// per ply of the main search from [`SINGULAR_LISTS`] on.
pub(super) const MOVE_LISTS: usize = SINGULAR_LISTS + MAX_PLY;
/// Where the lists begin that a node lends the search of its own position without its TT
/// move (the singular test), which runs at the node's ply while the node holds its list.
pub(super) const SINGULAR_LISTS: usize = VCT_LISTS + VCT_PLIES;
/// The most plies a VCT goes deep: two per attacker move, and a few to spare.
const VCT_PLIES: usize = 2 * crate::params::MAX_VCT_DEPTH as usize + 4;
/// Where the VCT's move lists begin: past any VCF started inside a VCT.
pub(super) const VCT_LISTS: usize =
    MAX_PLY + 2 * crate::params::MAX_VCT_DEPTH as usize + 2 * 255 + 4;

impl<'e> Worker<'e> {
    pub(super) fn from_parts(
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

    pub(super) fn into_tables(self) -> Tables {
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

    pub(super) fn pos(&self, c: u32) -> Pos {
        self.sb.pos(c as usize)
    }
}

impl Worker<'_> {
    /// Counts a node, and stops the search at a limit.
    #[inline]
    pub(super) fn tick(&mut self) {
        self.stats.nodes += 1;
        self.control.count(self.stats.nodes);
    }

    /// Runs a threat search with at most [`THREAT_TIME_SHARE`] of the move's target time
    /// from now, so that on a clock a position crowded with threats still leaves the main
    /// search its time. A threat search cut short by its share proved nothing and the search
    /// goes on; one cut short by the whole budget leaves the search stopped.
    pub(super) fn with_threat_share<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.with_time_share(THREAT_TIME_SHARE, f)
    }

    /// [`Self::with_threat_share`] with the share given.
    pub(super) fn with_time_share<R>(&mut self, share: f64, f: impl FnOnce(&mut Self) -> R) -> R {
        // Of the target, not the hard limit: on a game clock the hard limit is three targets.
        let until = self
            .control
            .target_time()
            .map(|t| Instant::now() + t.mul_f64(share));
        self.until(until, f)
    }

    /// The share of the move's target time `target` that this thread's root VCT takes
    /// before deepening.
    pub(super) fn vct_share(&self, target: Duration) -> f64 {
        if self.vct.beside {
            vct_time_share_beside(target)
        } else {
            vct_time_share(target)
        }
    }

    /// Runs `f` with the deadline brought forward to `until` (if earlier); a stop at that
    /// deadline is undone afterwards, one by the whole budget is not.
    pub(super) fn until<R>(&mut self, until: Option<Instant>, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.control.bring_forward(until);
        let r = f(self);
        self.control.restore(saved, self.stats.nodes);
        r
    }

    /// The result of this search: the move `best` (a cell), its score, principal variation
    /// and depth, with the counters so far.
    pub(super) fn result(
        &self,
        best: Option<u32>,
        score: i32,
        pv: Vec<u32>,
        depth: u32,
    ) -> SearchResult {
        let stats = &self.stats;
        let total = stats.searched + stats.pruned;
        SearchResult {
            best: best.map(|c| self.pos(c)),
            score,
            win_in: win_in(score),
            pv: pv.iter().map(|&c| self.pos(c)).collect(),
            depth,
            seldepth: stats.seldepth as u32,
            nodes: stats.nodes,
            rapfi_nodes: stats.rapfi_nodes,
            tt_hits: stats.tt_hits,
            beta_cutoffs: stats.beta_cutoffs,
            first_move_cutoffs: stats.first_move_cutoffs,
            cutoff_ratio: if total == 0 {
                0.0
            } else {
                stats.pruned as f64 / total as f64
            },
            time: self.control.start.elapsed(),
            iterations: Vec::new(),
        }
    }
}
