//! What an engine is and how long one search may run: [`EngineParams`] (the evaluation table
//! and every search switch, each of which can be turned off for ablations and tuning), their
//! range checks, and the per-search [`Limits`]. Kept apart from the search so that config
//! and tune can build and validate parameters without reading the searcher.

use crate::EngineError;
use crate::pattern::{PatternTable, seed_table};
use crate::time::TimeBudget;
use std::time::Duration;

/// The deepest nominal search depth accepted.
pub const MAX_DEPTH: u32 = 64;
/// The largest transposition table accepted, in MiB. Every engine holds its own table (an
/// engine's search threads share it, but a tournament builds each engine player once per
/// worker thread), so a tournament on T threads may hold T tables per engine player.
pub const MAX_TT_MIB: usize = 4096;
/// The most plies of threat quiescence accepted.
pub const MAX_QUIESCENCE: u32 = 32;
/// The largest logarithmic LMR scale accepted, in hundredths.
pub const MAX_LMR_SCALE: u32 = 400;
/// The largest extension of the block of a four accepted, in hundredths of a ply.
pub const MAX_BLOCK_EXTENSION: u32 = 300;
/// The largest move-count pruning base accepted.
pub const MAX_MOVE_COUNT: u32 = 64;
/// The largest history gravity bound accepted.
pub const MAX_HISTORY_BOUND: u32 = 1_000_000;
/// The deepest VCT accepted, in attacker moves.
pub const MAX_VCT_DEPTH: u32 = 60;
/// Upper bound of the widths [`SearchFeatures::frontier_width`] and
/// [`SearchFeatures::root_width`], and of [`SearchFeatures::root_reduction_from`].
pub const MAX_FRONTIER_WIDTH: u32 = 1024;
/// Upper bound of the move ordering's weights, in percent.
pub const MAX_ORDER_WEIGHT: u32 = 1000;
/// Default of [`SearchFeatures::singular_depth`] (Rapfi's is 6.65 plies).
pub const DEFAULT_SINGULAR_DEPTH: u32 = 7;
/// Default of [`SearchFeatures::singular_tt_depth`] (Rapfi's is 2.03 plies).
pub const DEFAULT_SINGULAR_TT_DEPTH: u32 = 2;
/// Upper bound of [`SearchFeatures::singular_tt_depth`].
pub const MAX_SINGULAR_TT_DEPTH: u32 = 16;
/// The largest score margin or bound a search field accepts (`aspiration`, `futility`,
/// `node_futility`, `razoring`, `quiescence_delta`, `singular_margin`,
/// `alpha_reduction_bound`): far from the mate scores, which a margin must never reach.
pub const MAX_SCORE_MARGIN: i32 = 1_000_000;
/// Default of [`SearchFeatures::alpha_reduction_depth`] (Rapfi's).
pub const DEFAULT_ALPHA_REDUCTION_DEPTH: u32 = 12;
/// Plies the per-ply arrays of a search (moves, PV, killers) are sized for: [`MAX_DEPTH`]
/// with a margin, so a node at the depth limit can still index its child's slot.
pub(crate) const MAX_PLY: usize = MAX_DEPTH as usize + 2;

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
    /// Transposition table size in MiB (1..=[`MAX_TT_MIB`]): the table takes the largest
    /// power of two of 16-byte entries that fits (at least 1024 entries).
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
    /// Search threads (1 = single-threaded; more = Lazy SMP helpers sharing the TT, one of
    /// them the VCT's under a clock with [`crate::Engine::set_vct_thread`]).
    pub threads: usize,
    /// Search techniques beyond plain PVS, each a switch for ablations and SPRT tests.
    pub features: SearchFeatures,
    /// VCT threat search (fours and threes) at the root after the VCF, under a time or node
    /// budget only (it takes a share of the budget, and with
    /// [`crate::Engine::set_vct_thread`] a helper thread too; a fixed-depth search skips it).
    pub vct: bool,
    /// VCT depth limit: the most moves of the attacker, its five included (one more than
    /// quintet's `limit`, which counts up to the unstoppable double threat).
    pub vct_depth: u32,
    /// The longest VCF (in fours) a three may threaten for it to count as a threat
    /// (quintet's `threat_limit`; 1 = only threes that threaten an open four or four-four).
    pub vct_threat: u32,
}

/// Search techniques of strong Gomoku engines, each a switch. The default keeps those an
/// SPRT run under a clock said help (logarithmic late-move reductions at scale 100, futility
/// 500 at depth 2 and 800 a ply at the node, three defence); [`SearchFeatures::NONE`] is
/// plain PVS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFeatures {
    /// Aspiration window half-width around the last iteration's score at the root (0 = off);
    /// a score outside it widens the window on that side step by step (each step half as
    /// large again), and after five failures or on a mate score the full window settles it.
    pub aspiration: i32,
    /// Late-move reductions: at depth 3 and more, a late quiet move (one that makes no four)
    /// is searched shallower with a null window first (by `lmr_scale`, or with it 0 one ply
    /// from the 4th move on), and again at full depth only if it beats alpha.
    pub lmr: bool,
    /// Logarithmic LMR (with `lmr` on; 0 = the one-ply reduction above, at most
    /// [`MAX_LMR_SCALE`]): from the 2nd move on, at depth 3 and more, a quiet move is reduced
    /// by this many hundredths of ln(depth)·ln(move number) plies, a ply less at PV nodes,
    /// a ply more where the evaluation is not improving and at cut nodes for a move that is
    /// no killer; a reduced move that beats alpha is searched again at full depth.
    pub lmr_scale: u32,
    /// Move-count pruning (0 = off, at most [`MAX_MOVE_COUNT`]): at depth 2 and more, once a
    /// move that does not lose is found, the quiet moves (no four) past this base plus
    /// depth^1.32 moves (half as many where the evaluation is not improving) are skipped;
    /// never when the opponent has a five-point, an open-four or a double-four point.
    pub move_count: u32,
    /// History gravity bound (0 = off: a cutoff adds its depth squared, without bound; at most
    /// [`MAX_HISTORY_BOUND`]): a cutoff's bonus, and the same penalty for every move searched
    /// before it at the node, move the counters under gravity within ±bound, and with
    /// `lmr_scale` a move's counter takes up to a ply off its reduction (or adds a third).
    pub history_bound: u32,
    /// Futility at the node (0 = off): a null-window node whose static evaluation beats beta
    /// by this margin per ply of depth past the first (a ply less where it is improving)
    /// returns it unsearched; never under a four, an open-four or a double-four threat, nor
    /// with a mate score for beta.
    pub node_futility: i32,
    /// Razoring margin per ply (0 = off): a null-window node of depth 1 or 2 whose static
    /// evaluation is this much per ply below alpha returns the leaf's threat quiescence (on),
    /// or its evaluation when the side to move has no four to play; guarded as
    /// `node_futility`.
    pub razoring: i32,
    /// Futility margin at depth 2 (0 = off): a quiet move whose static value after it plus
    /// the margin cannot reach alpha is not searched.
    pub futility: i32,
    /// Threat extensions: a move that makes a four does not use up a ply (at most as many
    /// extensions on a line as the nominal depth).
    pub threat_extension: bool,
    /// Extension of the reply to a four, in hundredths of a ply (0 = off, at most
    /// [`MAX_BLOCK_EXTENSION`]; Rapfi's is 130): the block, the one move that does not lose
    /// when the opponent has a five-point, is searched this much deeper than a ply less, the
    /// fractions summed along the line and taken a whole ply at a time (within twice the
    /// nominal depth from the root).
    pub block_extension: u32,
    /// Counter-moves: a quiet move that cuts off in answer to the opponent's last move is
    /// remembered for that move's cell (per colour, for the game), and tried after the
    /// killers wherever that cell is the last move again.
    pub counter_moves: bool,
    /// Leaves score the mean of the evaluation after the last move and before it, against
    /// the swing between odd and even depths.
    pub eval_average: bool,
    /// Three defence: where the opponent can make an open four and no four of his is on the
    /// board, only the moves that may stop it (on its line within five cells of the point)
    /// and the moves that make a four are searched; any other move loses to the open four.
    /// Needs the line kinds a table with cell classes keeps.
    pub three_defence: bool,
    /// Exact defence (with the three defence): below the frontier, only the moves after which
    /// the opponent has no open-four or double-four point left, nor a four-three point while
    /// we have no four to make (read from the line-kind table), and the moves that make a
    /// four are searched; off, the three defence keeps every cell on an open four's lines.
    pub exact_defence: bool,
    /// Singular extension margin, per ply of depth (0 = off): the TT move of a node of at
    /// least `singular_depth` plies, whose entry is a lower bound or exact, no mate, and at
    /// most `singular_tt_depth` plies shallower, is extended a ply when every other move
    /// fails low at about half the depth against its stored value less this margin times the
    /// depth; when even they reach beta, the node returns that bound (multi-cut).
    pub singular_margin: i32,
    /// The least depth of a node whose TT move is tested for a singular extension.
    pub singular_depth: u32,
    /// How many plies shallower than the node its TT entry may be for the singular test.
    pub singular_tt_depth: u32,
    /// Static wins: a node whose side to move has, by the cell-class counts, a five-point,
    /// an open-four or double-four point, or a four-three point against no four of the
    /// opponent's (and no five-point of his) is scored a win in 1, 3 or 5 plies at once.
    /// Needs the line kinds a table with cell classes keeps.
    pub static_wins: bool,
    /// Threat quiescence: the most plies (0 = off, at most [`MAX_QUIESCENCE`]) a leaf plays
    /// on along its side's fours near its last stone and the blocks of the opponent's four,
    /// standing pat on the evaluation.
    pub quiescence: u32,
    /// Delta pruning of the threat quiescence (0 = off, at most `MAX_SCORE_MARGIN`): a
    /// null-window quiescence node whose evaluation is this much below alpha returns it
    /// without playing its fours (Rapfi's `qvcfDeltaMargin`), its own open-four or
    /// four-three point included unless `static_wins` scores those first.
    pub quiescence_delta: i32,
    /// Plain fours in the threat quiescence (0 = all along, at most [`MAX_QUIESCENCE`]): a
    /// side plays a four that makes nothing else (class four, not four-two or better) only
    /// in its first this many quiescence moves, as Rapfi's leaf VCF search.
    pub quiescence_plain_fours: u32,
    /// Under a fixed time per move (target = hard limit), the percentage of it (0 = off, at
    /// most 100) before which iterative deepening starts the next iteration even when it is
    /// not predicted to finish: time a fixed move leaves is lost, and an iteration cut short
    /// still fills the TT and can prove a better root move. Time only: a node budget and a
    /// game clock keep the prediction alone.
    pub fixed_time_start_share: u32,
    /// Frontier width (0 = off, at most [`MAX_FRONTIER_WIDTH`]): a node one ply above the
    /// leaves searches only this many moves, the best by the ordering's score, where off it
    /// evaluates every candidate in board order (the moves left out are searched too when
    /// all these lose, as under `top_n`).
    pub frontier_width: u32,
    /// Alpha-improvement reduction (0 = off): once a move of a principal-variation node
    /// raises alpha without reaching beta, with a score smaller than this either way, the
    /// node's other moves are searched a ply shallower, a ply more at each further raise
    /// (Rapfi's, while the node's depth is 3 or more and below `alpha_reduction_depth`): a
    /// node whose first good move is found rarely has a better one.
    pub alpha_reduction_bound: i32,
    /// The depth from which the alpha-improvement reduction stops (Rapfi's is 12).
    pub alpha_reduction_depth: u32,
    /// Root width (0 = `top_n`'s, at most [`MAX_FRONTIER_WIDTH`], which is every candidate on
    /// any board): the root searches this many moves, the best by the ordering's score, where
    /// the nodes below it keep `top_n`. A move the root never searches is never played.
    pub root_width: u32,
    /// Root reduction (0 = off, at most [`MAX_FRONTIER_WIDTH`]): at depth 3 or more, the
    /// root moves from this index on (by last iteration's order) are searched a ply
    /// shallower with a null window first, and at full depth only if that beats alpha.
    pub root_reduction_from: u32,
    /// Weight of the opponent's pattern gain at a cell in the ordering's score, in percent
    /// (100: as much as one's own; at most [`MAX_ORDER_WEIGHT`]): how much blocking counts
    /// beside building.
    pub order_opp_gain: u32,
    /// Weight of the cell classes' worth (see `SearchBoard::order_score`) in the ordering's
    /// score, in percent (at most [`MAX_ORDER_WEIGHT`]).
    pub order_class_heat: u32,
}

impl SearchFeatures {
    /// Every technique off: plain PVS (the oracle tests compare it with minimax).
    pub const NONE: SearchFeatures = SearchFeatures {
        aspiration: 0,
        lmr: false,
        lmr_scale: 0,
        move_count: 0,
        history_bound: 0,
        node_futility: 0,
        razoring: 0,
        futility: 0,
        threat_extension: false,
        block_extension: 0,
        counter_moves: false,
        eval_average: false,
        three_defence: false,
        exact_defence: false,
        singular_margin: 0,
        singular_depth: DEFAULT_SINGULAR_DEPTH,
        singular_tt_depth: DEFAULT_SINGULAR_TT_DEPTH,
        static_wins: false,
        quiescence: 0,
        quiescence_delta: 0,
        quiescence_plain_fours: 0,
        fixed_time_start_share: 0,
        frontier_width: 0,
        alpha_reduction_bound: 0,
        alpha_reduction_depth: DEFAULT_ALPHA_REDUCTION_DEPTH,
        root_width: 0,
        root_reduction_from: 0,
        order_opp_gain: 100,
        order_class_heat: 100,
    };
}

impl Default for SearchFeatures {
    /// The techniques kept by SPRT: logarithmic late-move reductions at scale 100, futility
    /// margins of 500 at depth 2 and 800 a ply at the node, and the three defence.
    fn default() -> Self {
        SearchFeatures {
            lmr: true,
            lmr_scale: 100,
            node_futility: 800,
            futility: 500,
            three_defence: true,
            ..SearchFeatures::NONE
        }
    }
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
            vcf_depth: 255,
            tie_break_margin: 0,
            threads: 1,
            features: SearchFeatures::default(),
            vct: true,
            vct_depth: 20,
            vct_threat: 3,
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
        if !(1..=MAX_TT_MIB).contains(&self.tt_mib) {
            return bad("tt_mib", format!("{} not in 1..={MAX_TT_MIB}", self.tt_mib));
        }
        if self.vcf_depth > 255 {
            return bad("vcf_depth", format!("{} not in 0..=255", self.vcf_depth));
        }
        if self.tie_break_margin < 0 {
            return bad("tie_break_margin", "must be >= 0".into());
        }
        let f = &self.features;
        for (field, margin) in [
            ("aspiration", f.aspiration),
            ("futility", f.futility),
            ("node_futility", f.node_futility),
            ("razoring", f.razoring),
            ("quiescence_delta", f.quiescence_delta),
            ("singular_margin", f.singular_margin),
            ("alpha_reduction_bound", f.alpha_reduction_bound),
        ] {
            if !(0..=MAX_SCORE_MARGIN).contains(&margin) {
                return bad(field, format!("{margin} not in 0..={MAX_SCORE_MARGIN}"));
            }
        }
        // Fields from 0 to a bound, in the order an error names the first.
        let at_most = |fields: &[(&'static str, u32, u32)]| {
            for &(field, value, max) in fields {
                if value > max {
                    return bad(field, format!("{value} not in 0..={max}"));
                }
            }
            Ok(())
        };
        at_most(&[
            ("lmr_scale", f.lmr_scale, MAX_LMR_SCALE),
            ("move_count", f.move_count, MAX_MOVE_COUNT),
            ("block_extension", f.block_extension, MAX_BLOCK_EXTENSION),
            ("history_bound", f.history_bound, MAX_HISTORY_BOUND),
            ("quiescence", f.quiescence, MAX_QUIESCENCE),
            (
                "quiescence_plain_fours",
                f.quiescence_plain_fours,
                MAX_QUIESCENCE,
            ),
        ])?;
        if !(1..=MAX_DEPTH).contains(&self.features.singular_depth) {
            return bad(
                "singular_depth",
                format!("{} not in 1..={MAX_DEPTH}", self.features.singular_depth),
            );
        }
        at_most(&[
            (
                "singular_tt_depth",
                f.singular_tt_depth,
                MAX_SINGULAR_TT_DEPTH,
            ),
            ("frontier_width", f.frontier_width, MAX_FRONTIER_WIDTH),
            ("root_width", f.root_width, MAX_FRONTIER_WIDTH),
            (
                "root_reduction_from",
                f.root_reduction_from,
                MAX_FRONTIER_WIDTH,
            ),
            ("alpha_reduction_depth", f.alpha_reduction_depth, MAX_DEPTH),
            ("order_opp_gain", f.order_opp_gain, MAX_ORDER_WEIGHT),
            ("order_class_heat", f.order_class_heat, MAX_ORDER_WEIGHT),
            ("fixed_time_start_share", f.fixed_time_start_share, 100),
        ])?;
        if !(2..=MAX_VCT_DEPTH).contains(&self.vct_depth) {
            return bad(
                "vct_depth",
                format!("{} not in 2..={MAX_VCT_DEPTH}", self.vct_depth),
            );
        }
        if !(1..=64).contains(&self.vct_threat) {
            return bad("vct_threat", format!("{} not in 1..=64", self.vct_threat));
        }
        if !(1..=64).contains(&self.threads) {
            return bad("threads", format!("{} not in 1..=64", self.threads));
        }
        Ok(())
    }
}

/// Limits of one search; `None` means no limit of that kind. Time and nodes are limits of
/// their own: under either, the search deepens until the budget says stop, capped only by an
/// explicit `depth`; with neither, `depth` defaults to the engine's configured depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Nominal depth cap (overrides the engine's).
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Time budget for this move (see [`crate::time::Clock::budget`]).
    pub time: Option<TimeBudget>,
}

impl Limits {
    /// A fixed time for the move, used to the end (`analyze --time-ms`), no depth cap.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            time: Some(TimeBudget::fixed(time)),
            ..Limits::default()
        }
    }

    /// The depth the search may reach: the explicit cap, else [`MAX_DEPTH`] under a time or
    /// node budget, else the engine's configured depth.
    pub fn depth_cap(&self, configured: u32) -> u32 {
        match self.depth {
            Some(d) => d,
            None if self.time.is_some() || self.nodes.is_some() => MAX_DEPTH,
            None => configured,
        }
    }
}
