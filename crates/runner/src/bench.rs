//! The game workloads of `gomoku-arena bench` and the bench's output. Two copies of the seed
//! engine at depth 1 (the root VCF off, then on) play a book in memory through the match
//! layer: no journal, no files, so the figures are the match layer's and the engine's alone.
//! [`BenchRun`] prints the engine's position table, the bench signature and the workloads'
//! games per second as one table or one JSON object.

use crate::RunnerError;
use crate::batch::{Batch, Participant, PlayOptions};
use crate::engine_player::engine_factory;
use crate::player::TimeControl;
use crate::schedule::{Pairing, build_schedule};
use gomoku_board::{Geometry, Pos, Rule};
use gomoku_engine::bench::{BENCH_SIGNATURE, BenchReport, SIGNATURE_DEPTH};
use gomoku_engine::{EngineError, EngineParams};
use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// The two workloads: a name and whether the root VCF (and the VCT, which needs it) is on.
const WORKLOADS: [(&str, bool); 2] = [("VCF off", false), ("VCF on", true)];

/// Why the workloads could not be played.
#[derive(Debug, Error)]
pub enum WorkloadError {
    /// The book is empty.
    #[error("the workload book has no openings")]
    NoOpenings,
    /// More rounds of the book than a schedule counts.
    #[error("too many games for the book: {0}")]
    TooManyGames(#[source] std::num::TryFromIntError),
    /// The workload engine's parameters are refused.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// The match layer failed.
    #[error("{0}")]
    Runner(#[from] RunnerError),
    /// A game ended with an error instead of a result.
    #[error("workload {workload}: game {job} failed: {message}")]
    GameFailed {
        /// The workload's name.
        workload: &'static str,
        /// The game's job index.
        job: usize,
        /// What went wrong.
        message: String,
    },
}

/// The engine of the game workloads: `configs/engines/seed-d2.ron` at depth 1, with the
/// root VCF (and the VCT, which needs it) on or off.
pub fn workload_params(vcf: bool) -> EngineParams {
    EngineParams {
        depth: 1,
        tt_mib: 4,
        vcf,
        vcf_depth: 12,
        ..EngineParams::default()
    }
}

/// One workload's figures: the median run by wall time.
#[derive(Clone, Debug)]
pub struct WorkloadFigures {
    /// `VCF off` or `VCF on`.
    pub name: &'static str,
    /// Games played.
    pub games: usize,
    /// Moves played in them.
    pub moves: usize,
    /// Wall time of the run.
    pub wall: Duration,
    /// Threads that played.
    pub threads: usize,
    /// The share of worker time spent resetting and building engines.
    pub reset_share: f64,
}

impl WorkloadFigures {
    /// Games per second of wall time.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// Plays `games` games of each workload `repeat` times, the two alternating, on `threads`
/// threads, in memory (no journal), from the 15x15 freestyle `openings`; returns each
/// workload's run of median wall time, VCF off first.
pub fn run_workloads(
    openings: &[Vec<Pos>],
    games: usize,
    threads: usize,
    repeat: usize,
) -> Result<Vec<WorkloadFigures>, WorkloadError> {
    if openings.is_empty() {
        return Err(WorkloadError::NoOpenings);
    }
    let geometry = Geometry::square(15);
    let rounds = games.div_ceil(2 * openings.len());
    let rounds = u32::try_from(rounds).map_err(WorkloadError::TooManyGames)?;
    let mut jobs = build_schedule(
        2,
        &Pairing::RoundRobin,
        openings.len(),
        rounds,
        false,
        geometry,
        1,
    );
    jobs.truncate(games);
    let mut runs: Vec<Vec<WorkloadFigures>> = WORKLOADS.iter().map(|_| Vec::new()).collect();
    for _ in 0..repeat.max(1) {
        for (i, &(name, vcf)) in WORKLOADS.iter().enumerate() {
            let participants: Vec<Participant> = ["a", "b"]
                .into_iter()
                .map(|n| {
                    Ok(Participant {
                        name: n.into(),
                        factory: engine_factory(n, workload_params(vcf), None)?,
                    })
                })
                .collect::<Result<_, EngineError>>()?;
            let batch = Batch {
                run: "bench",
                participants: &participants,
                openings,
                geometry,
                rule: Rule::Freestyle,
                control: TimeControl::EngineDefault,
                move_cap: None,
                seed: 1,
            };
            let r = batch.play(
                &jobs,
                &PlayOptions {
                    threads,
                    ..PlayOptions::default()
                },
            )?;
            if let Some(failed) = r.lines.iter().find(|l| l.message.is_some()) {
                return Err(WorkloadError::GameFailed {
                    workload: name,
                    job: failed.job,
                    message: failed.message.clone().unwrap_or_default(),
                });
            }
            runs[i].push(WorkloadFigures {
                name,
                games: r.lines.len(),
                moves: r.lines.iter().map(|l| l.moves.len()).sum(),
                wall: r.wall,
                threads: r.threads,
                reset_share: r.share(r.reset),
            });
        }
    }
    Ok(runs
        .into_iter()
        .map(|mut v| {
            v.sort_by_key(|f| f.wall);
            v.swap_remove(v.len() / 2)
        })
        .collect())
}

/// A whole bench: the positions searched, the signature, and the workloads played (none
/// when no book was found or none was asked for).
pub struct BenchRun<'a> {
    /// The engine's table of the positions.
    pub report: &'a BenchReport,
    /// Searches per position (the report holds the run of median time).
    pub repeat: u32,
    /// The bench signature measured (the default engine on the built-in positions).
    pub signature: u64,
    /// A name for the workloads' book (empty without workloads).
    pub book: &'a str,
    /// The workloads' figures: VCF off, then on; or none.
    pub workloads: &'a [WorkloadFigures],
    /// Runs per workload (the figures are of the run of median time).
    pub workload_repeat: u32,
}

impl BenchRun<'_> {
    /// The bench as one JSON object (`bench --json`).
    pub fn to_json(&self) -> serde_json::Value {
        let report = self.report;
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let lines: Vec<_> = report
            .lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "name": l.name, "depth": l.depth, "best": l.best_text(), "score": l.score,
                    "nodes": l.nodes, "rapfi_nodes": l.rapfi_nodes, "time_ms": ms(l.time), "nps": l.nps,
                    "iterations": l.iterations.iter().map(|i| serde_json::json!({
                        "depth": i.depth, "score": i.score, "nodes": i.nodes, "time_ms": ms(i.time),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        serde_json::json!({
            "positions": lines,
            "total_nodes": report.total_nodes,
            "total_time_ms": ms(report.total_time),
            "nps": report.nps,
            "total_rapfi_nodes": report.total_rapfi_nodes,
            "rapfi_nps": report.rapfi_nps(),
            "repeat": self.repeat,
            "signature": self.signature,
            "workloads": self.workloads.iter().map(|w| serde_json::json!({
                "name": w.name, "games": w.games, "moves": w.moves,
                "seconds": w.wall.as_secs_f64(), "games_per_second": w.games_per_second(),
                "threads": w.threads,
                "reset_share": w.reset_share,
            })).collect::<Vec<_>>(),
            "workload_book": self.book,
            "workload_repeat": self.workload_repeat,
        })
    }
}

impl fmt::Display for BenchRun<'_> {
    /// The position table, the signature (and whether it is the pinned one), then the
    /// workloads' games per second, with no newline after the last line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} (median of {} runs per position)",
            self.report, self.repeat
        )?;
        write!(
            f,
            "signature: {} nodes (default engine, built-in positions, depth {SIGNATURE_DEPTH}){}",
            self.signature,
            if self.signature == BENCH_SIGNATURE {
                String::new()
            } else {
                format!("; the pinned signature is {BENCH_SIGNATURE}: the search has changed")
            }
        )?;
        let [off, on] = self.workloads else {
            return Ok(());
        };
        write!(
            f,
            "\ngames: two copies of the seed engine at depth 1 on {}, {} thread{}, in memory, median of {} runs:",
            self.book,
            off.threads,
            if off.threads == 1 { "" } else { "s" },
            self.workload_repeat
        )?;
        for w in [off, on] {
            write!(
                f,
                "\n  {:<8} {} games ({} moves) in {:.3} s = {:.0} games/s; engine resets and builds {:.1}% of worker time",
                w.name,
                w.games,
                w.moves,
                w.wall.as_secs_f64(),
                w.games_per_second(),
                100.0 * w.reset_share
            )?;
        }
        write!(
            f,
            "\n  VCF on takes {:.1}x the time of VCF off",
            on.wall.as_secs_f64() / off.wall.as_secs_f64().max(1e-9)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_workload_engine_is_the_shipped_seed_engine_at_depth_1() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/engines/seed-d2.ron");
        for vcf in [false, true] {
            let mut shipped = gomoku_config::engine::load_engine(&path)
                .unwrap()
                .to_params();
            shipped.depth = 1;
            shipped.vcf = vcf;
            let built_in = workload_params(vcf);
            // The file's description is worded differently; the scores are what count.
            shipped.table.description = built_in.table.description.clone();
            assert_eq!(built_in, shipped);
        }
    }
}
