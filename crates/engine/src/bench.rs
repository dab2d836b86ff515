//! Benchmark positions and a runner that reports nodes, time and nodes per second per
//! position and per iteration depth (printed by the CLI's `bench` subcommand).

use crate::EngineError;
use crate::{Engine, EngineParams, IterationInfo, Limits};
use gomoku_board::{Board, Geometry, Pos, Rule};
use rand::SeedableRng;
use std::time::Duration;
use thiserror::Error;

/// A position to search and the depth to search it to.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    /// Short name.
    pub name: String,
    /// The position.
    pub board: Board,
    /// Suggested depth (the runner caps it at the engine's depth).
    pub depth: u32,
}

/// A benchmark line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bench line {line}: {message}")]
pub struct BenchError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Parses moves in pos notation ("h8i7": letter = column from `a`, number = row + 1 from the
/// top) and plays them on an empty board.
pub fn board_from_pos(geometry: Geometry, rule: Rule, moves: &str) -> Result<Board, String> {
    let mut board = Board::new(geometry, rule).map_err(|e| e.to_string())?;
    let bytes = moves.trim().as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i < bytes.len() {
        let c = bytes[i].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(format!("expected a column letter at character {}", i + 1));
        }
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let row: usize = moves.trim()[start..i]
            .parse()
            .map_err(|_| format!("expected a row number at character {}", start + 1))?;
        if row == 0 {
            return Err(format!("row 0 at character {}", start + 1));
        }
        n += 1;
        let pos = Pos::new(c - b'a', (row - 1) as u8);
        board
            .try_make(pos)
            .map_err(|e| format!("move {n} ({pos}): {e}"))?;
    }
    Ok(board)
}

/// The built-in positions, each searched to depth 6: seed 003's two openings (Black to play
/// its 5th move) and three middle games, under each rule and on a 20x20 board, so that the
/// signature sees renju's forbidden points and exact fives as well as freestyle.
pub fn bench_positions() -> Vec<BenchPosition> {
    const MIDDLE: &str = "h8i9i8g8j8h9h10g10g9";
    [
        ("seed003-a", Rule::Freestyle, 15, "h8i7g7i9"),
        ("seed003-b", Rule::Freestyle, 15, "h8i8i7g9"),
        ("middle-renju", Rule::Renju, 15, MIDDLE),
        ("middle-standard", Rule::Standard, 15, MIDDLE),
        ("middle-freestyle-20", Rule::Freestyle, 20, MIDDLE),
    ]
    .iter()
    .map(|&(name, rule, size, moves)| BenchPosition {
        name: name.into(),
        board: board_from_pos(Geometry::square(size), rule, moves).expect("valid position"),
        depth: 6,
    })
    .collect()
}

/// The depth of the bench signature.
pub const SIGNATURE_DEPTH: u32 = 6;

/// The bench signature: the total nodes of [`signature_params`] searching
/// [`bench_positions`]. As with a chess engine's `bench`, a change to the fixed-depth search
/// shows here (the VCT, skipped at a fixed depth, has its own oracle test); a commit that
/// changes the search on purpose updates this number and [`TUNED_BENCH_SIGNATURE`] (checked
/// by `gomoku-config`'s tests) and says why.
pub const BENCH_SIGNATURE: u64 = 33_467;

/// The bench signature of the shipped tuned engine (`configs/engines/tuned-d4.ron` at
/// [`SIGNATURE_DEPTH`] on [`bench_positions`]), pinned by a test in `gomoku-config`, which
/// loads the file. Unlike [`BENCH_SIGNATURE`], whose seed table has no cell classes, it
/// covers the code that reads classes and line kinds; an edit to the engine file or its
/// table changes it too.
pub const TUNED_BENCH_SIGNATURE: u64 = 23_272;

/// The bench signature of the built-in engine (`configs/engines/tuned-sel.ron`, compiled into
/// the binaries) at [`SIGNATURE_DEPTH`] on [`bench_positions`], pinned beside
/// [`TUNED_BENCH_SIGNATURE`]: it covers the search fields that engine turns on (checked by `gomoku-config`'s tests).
pub const BUILTIN_BENCH_SIGNATURE: u64 = 8_874;

/// The engine of the signature: the defaults (seed table) at [`SIGNATURE_DEPTH`], one thread.
pub fn signature_params() -> EngineParams {
    EngineParams {
        depth: SIGNATURE_DEPTH,
        threads: 1,
        ..EngineParams::default()
    }
}

/// The signature of the search as it is: see [`BENCH_SIGNATURE`].
pub fn signature() -> Result<u64, EngineError> {
    run_bench(&signature_params(), &bench_positions(), 1).map(|r| r.total_nodes)
}

/// Parses Rapfi's benchmark set (tab-separated: rule, size, depth, pos-notation moves; `#`
/// comments and a header line allowed). The caller supplies the text (it is GPL data).
pub fn parse_rapfi_bench(tsv: &str) -> Result<Vec<BenchPosition>, BenchError> {
    let mut out = Vec::new();
    for (n, line) in tsv.lines().enumerate() {
        let err = |message: String| BenchError {
            line: n + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("rule") {
            continue;
        }
        let f: Vec<&str> = line.split('\t').map(str::trim).collect();
        if f.len() != 4 {
            return Err(err(format!(
                "expected 4 tab-separated fields, found {}",
                f.len()
            )));
        }
        let rule: Rule = f[0].parse().map_err(|e| err(format!("{e}")))?;
        let size: usize = f[1]
            .parse()
            .map_err(|_| err(format!("bad board size '{}'", f[1])))?;
        let depth: u32 = f[2]
            .parse()
            .map_err(|_| err(format!("bad depth '{}'", f[2])))?;
        let board = board_from_pos(Geometry::square(size), rule, f[3]).map_err(err)?;
        out.push(BenchPosition {
            name: format!("rapfi-{}-{}", out.len() + 1, f[0].to_ascii_lowercase()),
            board,
            depth,
        });
    }
    Ok(out)
}

/// The measurements of one position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// Position name.
    pub name: String,
    /// Depth searched.
    pub depth: u32,
    /// Best move found.
    pub best: Option<Pos>,
    /// Its score.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes as Rapfi counts them ([`crate::SearchResult::rapfi_nodes`]).
    pub rapfi_nodes: u64,
    /// Wall time.
    pub time: Duration,
    /// Nodes per second.
    pub nps: f64,
    /// Per-iteration figures (cumulative nodes and time at the end of each depth).
    pub iterations: Vec<IterationInfo>,
}

impl BenchLine {
    /// The best move in pos notation, or `-`.
    pub fn best_text(&self) -> String {
        self.best
            .and_then(|p| gomoku_board::notation::format_pos(p).ok())
            .unwrap_or_else(|| "-".into())
    }
}

/// A whole benchmark run.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// One line per position.
    pub lines: Vec<BenchLine>,
    /// Sum of nodes.
    pub total_nodes: u64,
    /// Sum of nodes as Rapfi counts them.
    pub total_rapfi_nodes: u64,
    /// Sum of times.
    pub total_time: Duration,
    /// Overall nodes per second.
    pub nps: f64,
}

impl BenchReport {
    /// Overall nodes per second as Rapfi counts nodes.
    pub fn rapfi_nps(&self) -> f64 {
        self.total_rapfi_nodes as f64 / self.total_time.as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for BenchReport {
    /// A table: a line per position and one per completed iteration, then the total (with
    /// no newline after it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:<24} {:>5} {:>5} {:>7} {:>12} {:>12} {:>10} {:>12}",
            "position", "depth", "best", "score", "nodes", "rapfi nodes", "ms", "nodes/s"
        )?;
        for l in &self.lines {
            writeln!(
                f,
                "{:<24} {:>5} {:>5} {:>7} {:>12} {:>12} {:>10.2} {:>12.0}",
                l.name,
                l.depth,
                l.best_text(),
                l.score,
                l.nodes,
                l.rapfi_nodes,
                l.time.as_secs_f64() * 1000.0,
                l.nps
            )?;
            for i in &l.iterations {
                writeln!(
                    f,
                    "{:<24} {:>5} {:>5} {:>7} {:>12} {:>12} {:>10.2}",
                    "  iteration",
                    i.depth,
                    "",
                    i.score,
                    i.nodes,
                    "",
                    i.time.as_secs_f64() * 1000.0
                )?;
            }
        }
        write!(
            f,
            "total: {} nodes in {:.1} ms = {:.0} nodes/s; as Rapfi counts: {} nodes = {:.0} nodes/s",
            self.total_nodes,
            self.total_time.as_secs_f64() * 1000.0,
            self.nps,
            self.total_rapfi_nodes,
            self.rapfi_nps()
        )
    }
}

/// Searches every position `repeats` times (at least once), each with a fresh engine (empty
/// TT), to `min(position.depth, params.depth)`, and reports the run of median time (the
/// searches are deterministic, so the runs differ only in time).
pub fn run_bench(
    params: &EngineParams,
    positions: &[BenchPosition],
    repeats: usize,
) -> Result<BenchReport, EngineError> {
    let mut lines = Vec::new();
    for p in positions {
        let depth = p.depth.min(params.depth);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut runs = Vec::new();
        for _ in 0..repeats.max(1) {
            let mut engine = Engine::new(params.clone())?;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            runs.push(engine.search(&p.board, &limits, &mut rng));
        }
        runs.sort_by_key(|r| r.time);
        let r = runs.swap_remove(runs.len() / 2);
        lines.push(BenchLine {
            name: p.name.clone(),
            depth,
            best: r.best,
            score: r.score,
            nodes: r.nodes,
            rapfi_nodes: r.rapfi_nodes,
            time: r.time,
            nps: r.nodes as f64 / r.time.as_secs_f64().max(1e-9),
            iterations: r.iterations,
        });
    }
    let total_nodes = lines.iter().map(|l| l.nodes).sum();
    let total_rapfi_nodes = lines.iter().map(|l| l.rapfi_nodes).sum();
    let total_time: Duration = lines.iter().map(|l| l.time).sum();
    Ok(BenchReport {
        nps: total_nodes as f64 / total_time.as_secs_f64().max(1e-9),
        lines,
        total_nodes,
        total_rapfi_nodes,
        total_time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_1_search_counts_as_rapfi_a_root_and_two_entries_per_leaf() {
        // Without threat searches a depth-1 search is the root (entered once) and one leaf
        // per root move (a node, played or read); Rapfi enters a leaf twice (its search, then
        // its VCF search). No root move here beats the first, so none is searched again.
        let params = EngineParams {
            depth: 1,
            vcf: false,
            vct: false,
            ..EngineParams::default()
        };
        let report = run_bench(&params, &bench_positions(), 1).unwrap();
        for l in &report.lines {
            assert!(l.nodes > 0, "{}", l.name);
            assert_eq!(l.rapfi_nodes, 1 + 2 * l.nodes, "{}", l.name);
        }
    }

    #[test]
    fn the_bench_signature_is_pinned() {
        assert_eq!(
            signature().unwrap(),
            BENCH_SIGNATURE,
            "the search changed: if on purpose, update BENCH_SIGNATURE and say why in the commit"
        );
    }
}
