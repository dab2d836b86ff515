//! `bench`: search a fixed set of positions and print nodes (ours and as Rapfi counts them),
//! nodes/s and time per iteration, and the bench signature (the node count the engine's tests
//! pin); then play the two game workloads (`gomoku_runner::bench`) and print games per second.

use super::SeedEngineArg;
use anyhow::{Context, Result};
use gomoku_engine::bench::{bench_positions, parse_rapfi_bench, run_bench, signature};
use gomoku_openings::book::{GOMOCUP_BOOKS, OWN_BOOK, workload_book};
use gomoku_runner::bench::{BenchRun, run_workloads};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the Rapfi bench positions live in a checkout with `../shared` beside it.
const RAPFI_BENCH: &str = "../shared/data/puzzles/rapfi_bench_positions.tsv";

/// Games per workload by default: the 36 Gomocup openings, both colours, 28 rounds.
const WORKLOAD_GAMES: u64 = 2016;

/// Arguments of `bench`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    engine: SeedEngineArg,
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
    #[arg(long, default_value = "2", value_parser = gomoku_runner::parse_threads)]
    threads: usize,
}

/// Runs `bench`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut params = args.engine.params()?;
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
            let (games, repeat) = (args.games as usize, args.games_repeat as usize);
            (book, run_workloads(&openings, games, args.threads, repeat)?)
        }
    };
    let run = BenchRun {
        report: &report,
        repeat: args.repeat,
        signature,
        book: &book,
        workloads: &workloads,
        workload_repeat: args.games_repeat,
    };
    if args.json {
        println!("{}", run.to_json());
    } else {
        println!("{run}");
    }
    Ok(ExitCode::SUCCESS)
}
