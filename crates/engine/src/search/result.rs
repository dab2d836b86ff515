//! What a search reports: the move, its score and line, and the counters behind them.

use gomoku_board::{Color, Pos};
use std::time::Duration;

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
    /// Nodes as Rapfi counts them: one per entry into a search function (see
    /// [`crate`]'s "Counting"), for nodes per second that compare with the field's.
    pub rapfi_nodes: u64,
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

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

impl SearchResult {
    /// The result as [`Display`](std::fmt::Display) prints it, its score told as the side to
    /// move's (`to_move`), which it is.
    pub fn told_for(&self, to_move: Color) -> Told<'_> {
        Told {
            result: self,
            to_move: Some(to_move),
        }
    }
}

/// A [`SearchResult`] as text, with whose score it is when known
/// ([`SearchResult::told_for`]).
pub struct Told<'a> {
    result: &'a SearchResult,
    to_move: Option<Color>,
}

impl std::fmt::Display for SearchResult {
    /// The result as `analyze` prints it: the move and principal variation in pos notation,
    /// the score (with the mate distance), depth, nodes, time and the search's counters.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Told {
            result: self,
            to_move: None,
        }
        .fmt(f)
    }
}

impl std::fmt::Display for Told<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pos = |p: Pos| gomoku_board::notation::format_pos(p).unwrap_or_else(|_| "?".into());
        let r = self.result;
        let best = r.best.map_or_else(|| "(none)".into(), pos);
        let pv: Vec<String> = r.pv.iter().map(|&p| pos(p)).collect();
        writeln!(f, "best     {best}")?;
        let mate = match r.win_in {
            Some(n) if n > 0 => Some(format!("win in {n}")),
            Some(n) => Some(format!("loss in {}", -n)),
            None => None,
        };
        let side = self.to_move.map(|c| format!("for {c}, the side to move"));
        match [side, mate].into_iter().flatten().collect::<Vec<_>>() {
            notes if notes.is_empty() => writeln!(f, "score    {}", r.score)?,
            notes => writeln!(f, "score    {} ({})", r.score, notes.join(": "))?,
        }
        writeln!(f, "pv       {}", pv.join(" "))?;
        write!(
            f,
            "depth    {} (sel {})\nnodes    {}\ntime     {:.2} ms\nnps      {:.0}\ntt hits  {}\ncutoffs  {:.2}%",
            r.depth,
            r.seldepth,
            r.nodes,
            r.time.as_secs_f64() * 1000.0,
            r.nps(),
            r.tt_hits,
            r.cutoff_ratio * 100.0
        )
    }
}

/// What a search counts as it goes (see [`SearchResult`]'s fields of the same names).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counters {
    /// Makes, and the reads that stand for them.
    pub(super) nodes: u64,
    /// Entries into search functions, counted as Rapfi counts its nodes.
    pub(super) rapfi_nodes: u64,
    /// Transposition table probes that found the position.
    pub(super) tt_hits: u64,
    /// Nodes that failed high.
    pub(super) beta_cutoffs: u64,
    /// Fail-highs on the first move searched.
    pub(super) first_move_cutoffs: u64,
    /// Moves searched at interior nodes and at the root.
    pub(super) searched: u64,
    /// Moves left unsearched by cutoffs (or by futility).
    pub(super) pruned: u64,
    /// Deepest ply reached.
    pub(super) seldepth: usize,
}
