//! The Gomoku engine of gomoku-arena: a data-driven pattern evaluation and an alpha-beta
//! searcher whose every feature can be switched off for ablations and tuning.
//!
//! # Evaluation
//! A [`PatternTable`] lists shapes over own (`1`), empty (`0`) and blocked (`x`: opponent
//! stone or board edge) cells, each with an `own` score (counted when the side to move owns
//! an occurrence) and an `opp` score (counted when the opponent owns it). The evaluation from
//! the side to move's view is `Σ own·count(shapes of the side to move) + Σ opp·count(shapes
//! of the opponent)`, summed over every occurrence (overlapping ones too) on every row,
//! column and diagonal; mirrored shapes are separate entries.
//!
//! A table may also score cell classes (what a stone on an empty cell would make with its
//! four lines together: [`CellClass`]), once per empty cell for its owner, and threats
//! ([`ThreatSpec`]): the pair of the side to move's best class and its opponent's, once per
//! position, which says who holds the initiative. Both are kept from per-cell line kinds
//! and per-colour class counts updated by make and unmake.
//!
//! At load time the table is compiled ([`CompiledTable`]) into a flat array indexed by the
//! 2-bit code (`Cell` values: empty 0, black 1, white 2, wall 3) of a window of W cells,
//! W = the longest shape: entry = the sums, from Black's view and from White's view (a
//! [`ByColor`](gomoku_board::ByColor)), of the shapes, owned by either colour, that start at
//! the window's first cell. A line's score is the sum of lookups over all window starts
//! (windows may begin up to W-1 cells before the line, over the board's wall padding, so `x`
//! matches the edge). A move changes only the W windows per direction that contain it, so
//! its change of the sums is `entries[new] - entries[old]` over those windows: the table
//! holds it per window and cell as gain arrays (W lookups per direction), and the search
//! board keeps it per empty cell and direction (its gain cache), so
//! [`SearchBoard::make`] adds four numbers: no string search, no allocation. Both sums
//! (Black to move, White to move) are kept, so the evaluation of either side is one read;
//! unmake restores them from a stack.
//!
//! # Search
//! Negamax alpha-beta with PVS, iterative deepening, a lock-free-style Zobrist
//! transposition table ([`tt`]), candidates = empty points within `radius` of a stone along
//! the 8 line directions (per-cell counts kept under make/unmake), ordering by pattern gain
//! (own gain + opponent's gain at the point, weighted, + the cell classes' worth), a top-N
//! width (the root's may be wider), killers and history, and
//! forced moves: a side with a five-point wins at once; facing a four, only the block is
//! searched (two fours, or a block forbidden to Black under renju, lose). Threats are found
//! from per-move hints (which directions of a move hold enough own stones for a four), so
//! leaves pay almost nothing for them. At frontier nodes (depth 1) every candidate is
//! searched, ordered only by TT move, killers and history, without pattern scoring or width
//! limit: a leaf costs about what scoring the point for ordering would, so `top_n` and
//! pattern ordering apply from depth 2 up. A VCF (continuous fours) search runs
//! at the root before the main search; it considers every four on the board, forbids
//! Black's forbidden points under renju and lets White win on a point Black may not block.
//! When VCF is on and the opponent would have a VCF if it moved now, the root moves are
//! restricted to those after which it has none (if any). `threads > 1` runs Lazy SMP
//! helpers sharing the transposition table; only the main thread's answer is used, unless
//! [`Engine::set_vct_thread`] gave one helper the root's VCT and it found a win.
//!
//! # Counting
//! A *node* is one [`SearchBoard::make`] (with its incremental evaluation and five-threat
//! hint) and its later unmake, in the main search or the VCF search, or a read that stands
//! for one: a quiet leaf (or a depth-1 iteration's quiet root move) valued without playing
//! it, a VCF candidate whose five-points are read without playing it. Static evaluation at
//! a leaf is a read of the kept sums and is not counted separately.
//!
//! [`SearchResult::rapfi_nodes`] counts as Rapfi does, so that nodes per second compare with
//! the field's: one per entry into a search function. That is the root once per iteration
//! (and per aspiration re-search), every interior node, every leaf twice (Rapfi's `search`
//! hands a leaf to its VCF search, a second entry), every VCF attacker and defender node and
//! every VCT node. The VCF's tests of whether a point makes a four, and the replays of
//! known lines, are not nodes there: Rapfi reads fours from its pattern tables.
//!
//! Mate scores are `±(WIN - plies)`; [`SearchResult::win_in`] converts them to moves of the
//! winner.
#![deny(missing_docs)]

pub mod bench;
mod cells;
pub mod fields;
mod params;
mod pattern;
mod position;
pub mod reference;
mod score;
mod search;
pub mod time;
pub mod tt;

pub use cells::{
    CELL_CLASS_COUNT, CellClass, ClassCounts, ClassScores, KindTable, ThreatScores, best_class,
    class_counts, class_sums, for_each_cell_class, threat_of,
};
pub use params::{
    DEFAULT_ALPHA_REDUCTION_DEPTH, DEFAULT_SINGULAR_DEPTH, DEFAULT_SINGULAR_TT_DEPTH, EngineParams,
    Limits, MAX_BLOCK_EXTENSION, MAX_DEPTH, MAX_FRONTIER_WIDTH, MAX_HISTORY_BOUND, MAX_LMR_SCALE,
    MAX_MOVE_COUNT, MAX_ORDER_WEIGHT, MAX_QUIESCENCE, MAX_SCORE_MARGIN, MAX_SINGULAR_TT_DEPTH,
    MAX_TT_MIB, MAX_VCT_DEPTH, SearchFeatures,
};
pub use pattern::{
    ClassSpec, CompiledTable, MAX_PATTERN_LEN, MAX_PATTERN_SCORE, PatternSpec, PatternTable,
    TableError, ThreatSpec, evaluate_from_scratch, for_each_window, seed_table, tic_tac_toe_table,
};
pub use position::{EVAL_LIMIT, Fives, SearchBoard};
pub use score::{MATE_BOUND, WIN, is_mate, win_in};
pub use search::{Engine, IterationInfo, SearchResult, Told};
pub use time::{Clock, TimeBudget};

use thiserror::Error;

/// Why an engine could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The pattern table is invalid.
    #[error("pattern table: {0}")]
    Table(#[from] TableError),
    /// A parameter is out of range.
    #[error("parameter {field}: {message}")]
    Param {
        /// The field of [`EngineParams`].
        field: &'static str,
        /// What is wrong.
        message: String,
    },
}
