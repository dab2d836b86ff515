//! `bench`: search a fixed set of positions and print nodes (ours and as Rapfi counts them),
//! nodes/s and time per iteration, and the bench signature (the node count the engine's tests
//! pin); then play the two game workloads and print games per second.

use anyhow::{Context, Result, bail};
use gomoku_board::{Geometry, Pos, Rule};
use gomoku_engine::EngineParams;
use gomoku_engine::bench::{
    BENCH_SIGNATURE, SIGNATURE_DEPTH, bench_positions, parse_rapfi_bench, run_bench, signature,
};
use gomoku_runner::{
    Batch, Pairing, Participant, PlayOptions, TimeControl, build_schedule, engine_factory,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Where the Rapfi bench positions live in a checkout with `../shared` beside it.
const RAPFI_BENCH: &str = "../shared/data/puzzles/rapfi_bench_positions.tsv";

/// The workloads' default book: the 36 Gomocup 2024-2026 freestyle 15x15 openings.
const GOMOCUP_BOOKS: [&str; 3] = [
    "../shared/data/openings/gomocup_freestyle15_2024.txt",
    "../shared/data/openings/gomocup_freestyle15_2025.txt",
    "../shared/data/openings/gomocup_freestyle15_2026.txt",
];

/// The book the workloads fall back on without `../shared`: the repository's own.
const OWN_BOOK: &str = "openings/freestyle15.txt";

/// Games per workload by default: the 36 Gomocup openings, both colours, 28 rounds.
const WORKLOAD_GAMES: u64 = 2016;

/// Arguments of `bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Engine config (RON); the built-in default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Search depth (overrides the engine config; positions may ask for less).
    #[arg(long)]
    depth: Option<u32>,
    /// Rapfi's benchmark positions (TSV); skipped if the file is absent.
    #[arg(long, default_value = RAPFI_BENCH)]
    rapfi: PathBuf,
    /// Search each position this many times and report the run of median time.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    repeat: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Games per workload (two copies of the seed engine at depth 1, VCF off and on); 0
    /// skips the workloads.
    #[arg(long, default_value_t = WORKLOAD_GAMES, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    games: u64,
    /// Play each workload this many times and report the run of median time.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    games_repeat: u32,
    /// The workloads' book (freestyle 15x15, any format); by default the Gomocup 2024-2026
    /// books in `../shared`, else `openings/freestyle15.txt`.
    #[arg(long)]
    book: Option<PathBuf>,
    /// Threads for the workloads.
    #[arg(long, default_value = "2", value_parser = super::parse_threads)]
    threads: usize,
}

/// The engine of the game workloads: `configs/engines/seed-d2.ron` at depth 1, with the
/// root VCF (and the VCT, which needs it) on or off.
fn workload_params(vcf: bool) -> EngineParams {
    EngineParams {
        depth: 1,
        tt_mib: 4,
        vcf,
        vcf_depth: 12,
        ..EngineParams::default()
    }
}

/// One workload's figures: the median run by wall time.
struct WorkloadFigures {
    name: &'static str,
    games: usize,
    moves: usize,
    wall: Duration,
    threads: usize,
    reset_share: f64,
}

impl WorkloadFigures {
    fn games_per_second(&self) -> f64 {
        self.games as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// The workloads' openings and a name for them: `book`, else the Gomocup books in
/// `../shared`, else the repository's own book; `None` when no book was given and neither
/// default is there (not run from a checkout).
fn workload_book(book: Option<&Path>) -> Result<Option<(String, Vec<Vec<Pos>>)>> {
    let geometry = Geometry::square(15);
    let read = |path: &Path| -> Result<Vec<Vec<Pos>>> {
        let book = gomoku_openings::read_book(path, geometry, Rule::Freestyle)
            .with_context(|| format!("reading the workload book {}", path.display()))?;
        Ok(book.openings.into_iter().map(|o| o.moves).collect())
    };
    if let Some(path) = book {
        return Ok(Some((path.display().to_string(), read(path)?)));
    }
    if GOMOCUP_BOOKS.iter().all(|p| Path::new(p).exists()) {
        let mut openings = Vec::new();
        for p in GOMOCUP_BOOKS {
            openings.extend(read(Path::new(p))?);
        }
        return Ok(Some((
            "the Gomocup 2024-2026 freestyle openings".into(),
            openings,
        )));
    }
    if !Path::new(OWN_BOOK).exists() {
        return Ok(None);
    }
    Ok(Some((OWN_BOOK.into(), read(Path::new(OWN_BOOK))?)))
}

/// Plays `games` games of each workload `repeat` times, the two alternating, on `threads`
/// threads, in memory (no journal): the match layer and the engine, nothing else.
fn run_workloads(
    openings: &[Vec<Pos>],
    games: usize,
    threads: usize,
    repeat: usize,
) -> Result<Vec<WorkloadFigures>> {
    if openings.is_empty() {
        bail!("the workload book has no openings");
    }
    let geometry = Geometry::square(15);
    let rounds = games.div_ceil(2 * openings.len());
    let rounds = u32::try_from(rounds).context("too many games for the book")?;
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
    let workloads = [("VCF off", false), ("VCF on", true)];
    let mut runs: Vec<Vec<WorkloadFigures>> = workloads.iter().map(|_| Vec::new()).collect();
    for _ in 0..repeat.max(1) {
        for (i, &(name, vcf)) in workloads.iter().enumerate() {
            let participants: Vec<Participant> = ["a", "b"]
                .into_iter()
                .map(|n| {
                    Ok(Participant {
                        name: n.into(),
                        factory: engine_factory(n, workload_params(vcf), None)?,
                    })
                })
                .collect::<Result<_>>()?;
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
                bail!(
                    "workload {name}: game {} failed: {}",
                    failed.job,
                    failed.message.as_deref().unwrap_or_default()
                );
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

/// Runs `bench`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut params = super::engine_params(args.engine.as_deref())?;
    if let Some(d) = args.depth {
        params.depth = d;
    }
    let mut positions = bench_positions();
    if args.rapfi.exists() {
        let text = gomoku_config::read_input(&args.rapfi)?;
        positions
            .extend(parse_rapfi_bench(&text).with_context(|| format!("{}", args.rapfi.display()))?);
    } else if !args.json {
        eprintln!(
            "note: {} not found; benching the built-in positions only",
            args.rapfi.display()
        );
    }
    // The book first: a bad one is reported before minutes of searching.
    let book = match args.games {
        0 => None,
        _ => workload_book(args.book.as_deref())?,
    };
    if book.is_none() && args.games > 0 && !args.json {
        eprintln!(
            "note: no workload book ({} or {OWN_BOOK} from the current folder); no games played",
            GOMOCUP_BOOKS[0]
        );
    }
    let report = run_bench(&params, &positions, args.repeat as usize)?;
    let signature = signature()?;
    let (book, workloads) = match book {
        None => (String::new(), Vec::new()),
        Some((book, openings)) => {
            let figures = run_workloads(
                &openings,
                args.games as usize,
                args.threads,
                args.games_repeat as usize,
            )?;
            (book, figures)
        }
    };
    if args.json {
        let lines: Vec<_> = report
            .lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "name": l.name, "depth": l.depth, "best": l.best_text(), "score": l.score,
                    "nodes": l.nodes, "rapfi_nodes": l.rapfi_nodes, "time_ms": l.time.as_secs_f64() * 1000.0, "nps": l.nps,
                    "iterations": l.iterations.iter().map(|i| serde_json::json!({
                        "depth": i.depth, "score": i.score, "nodes": i.nodes,
                        "time_ms": i.time.as_secs_f64() * 1000.0,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let obj = serde_json::json!({
            "positions": lines,
            "total_nodes": report.total_nodes,
            "total_time_ms": report.total_time.as_secs_f64() * 1000.0,
            "nps": report.nps,
            "total_rapfi_nodes": report.total_rapfi_nodes,
            "rapfi_nps": report.rapfi_nps(),
            "repeat": args.repeat,
            "signature": signature,
            "workloads": workloads.iter().map(|w| serde_json::json!({
                "name": w.name, "games": w.games, "moves": w.moves,
                "seconds": w.wall.as_secs_f64(), "games_per_second": w.games_per_second(),
                "threads": w.threads,
                "reset_share": w.reset_share,
            })).collect::<Vec<_>>(),
            "workload_book": book,
            "workload_repeat": args.games_repeat,
        });
        println!("{obj}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("{report} (median of {} runs per position)", args.repeat);
    println!(
        "signature: {signature} nodes (default engine, built-in positions, depth {SIGNATURE_DEPTH}){}",
        if signature == BENCH_SIGNATURE {
            String::new()
        } else {
            format!("; the pinned signature is {BENCH_SIGNATURE}: the search has changed")
        }
    );
    if let [off, on] = &workloads[..] {
        println!(
            "games: two copies of the seed engine at depth 1 on {book}, {} thread{}, in memory, median of {} runs:",
            off.threads,
            if off.threads == 1 { "" } else { "s" },
            args.games_repeat
        );
        for w in [off, on] {
            println!(
                "  {:<8} {} games ({} moves) in {:.3} s = {:.0} games/s; engine resets and builds {:.1}% of worker time",
                w.name,
                w.games,
                w.moves,
                w.wall.as_secs_f64(),
                w.games_per_second(),
                100.0 * w.reset_share
            );
        }
        println!(
            "  VCF on takes {:.1}x the time of VCF off",
            on.wall.as_secs_f64() / off.wall.as_secs_f64().max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workload_engine_is_the_shipped_seed_engine_at_depth_1() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/engines/seed-d2.ron");
        for vcf in [false, true] {
            let mut shipped = super::super::engine_params(Some(&path)).unwrap();
            shipped.depth = 1;
            shipped.vcf = vcf;
            let built_in = workload_params(vcf);
            // The file's description is worded differently; the scores are what count.
            shipped.table.description = built_in.table.description.clone();
            assert_eq!(built_in, shipped);
        }
    }
}
