//! `openings`: generate a balanced book, verify a book by play, convert between formats. The
//! work is `gomoku_openings`'s; this module parses the arguments, calls it and prints.

use super::SeedEngineArg;
use super::merge::INCOMPLETE;
use super::position::BoardArgs;
use anyhow::{Result, bail};
use gomoku_board::opening::BookFormat;
use gomoku_openings::verify_run::{VerifyRun, parse_lopsided, run_verification};
use gomoku_openings::{GenerateParams, MAX_COUNT, Verification, VerifyParams};
use gomoku_openings::{parse_format, parse_stones, parse_to_move, read_book, write_book};
use gomoku_runner::OpenMode;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `openings`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Generate a balanced book by search (deterministic for a seed).
    Generate(GenerateArgs),
    /// Play every opening with an engine against itself and report the balance.
    Verify(VerifyArgs),
    /// Convert a book between the offset (Gomocup), pos (project) and GTP formats.
    Convert(ConvertArgs),
}

/// The engine, seed and threads of a command that searches or plays.
#[derive(clap::Args)]
struct RunArgs {
    #[command(flatten)]
    engine: SeedEngineArg,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores); 1..=1024.
    #[arg(long, value_parser = gomoku_runner::parse_threads)]
    threads: Option<usize>,
}

#[derive(clap::Args)]
struct GenerateArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Openings wanted (1..=1000000).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_COUNT as u64))]
    count: usize,
    /// Random stones per opening, as `A..=B`, `A..B` or `N`.
    #[arg(long, default_value = "3..=6", value_parser = parse_stones)]
    stones: RangeInclusive<usize>,
    /// Stones go within this distance of the centre.
    #[arg(long, default_value_t = 3)]
    area: usize,
    /// Search depth of the balance check (1..=64).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=gomoku_engine::MAX_DEPTH as i64))]
    depth: u32,
    /// Keep openings scored within ±margin for the side to move.
    #[arg(long, default_value_t = 150)]
    margin: i32,
    /// Balancing moves allowed after the random stones (0-2; 1 only with --to-move any).
    #[arg(long, default_value_t = 0)]
    balance: usize,
    /// Side to move in every opening: white (odd stone counts), black (even) or any.
    #[arg(long, default_value = "white")]
    to_move: String,
    #[command(flatten)]
    run: RunArgs,
    /// Output file (project format: pos notation, one opening a line).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The book to verify (format detected).
    file: PathBuf,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    run: RunArgs,
    /// Games per opening.
    #[arg(long, default_value_t = 2)]
    games_per_opening: u32,
    /// Engine tie-break margin, so repeated games of an opening differ.
    #[arg(long, default_value_t = 20)]
    tie_break: i32,
    /// Flag openings whose first-mover score is further than this from 0.5 (above 0 and
    /// below 0.5; the default flags an opening that one colour won in every game).
    #[arg(long, default_value_t = 0.4, value_parser = parse_lopsided)]
    lopsided: f64,
    /// Draw after this many stones.
    #[arg(long)]
    move_cap: Option<usize>,
    /// Run directory: run.json (kind Verify) and games.jsonl; without it the games stay in
    /// memory. With --merge, the merged directory to write.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the journal in --out: play only the games it lacks.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Write into --out even if it holds another run or other files.
    #[arg(long, requires = "out")]
    force: bool,
    /// Play only the games with job index % N == I, given as I/N (as `tournament --shard`);
    /// join the shards' directories with --merge.
    #[arg(long, value_parser = gomoku_runner::shard::parse_shard, requires = "out")]
    shard: Option<(usize, usize)>,
    /// Play nothing: merge these shard directories into --out (the runner's merge) and
    /// report the whole book; missing games are listed (exit code 3).
    #[arg(long, num_args = 1.., requires = "out", conflicts_with_all = ["shard", "resume"])]
    merge: Vec<PathBuf>,
    /// Write the book without the lopsided openings here.
    #[arg(long)]
    prune: Option<PathBuf>,
    /// Print a per-opening table.
    #[arg(long)]
    per_opening: bool,
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// The book to read (format detected).
    file: PathBuf,
    #[command(flatten)]
    board: BoardArgs,
    /// Output format: offset, pos (project format) or gtp.
    #[arg(long, value_parser = parse_format)]
    to: BookFormat,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `openings`.
pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Sub::Generate(a) => generate(a),
        Sub::Verify(a) => verify(a),
        Sub::Convert(a) => convert(a),
    }
}

fn generate(a: GenerateArgs) -> Result<ExitCode> {
    let mut params = GenerateParams::new(a.board.geometry(), a.board.rule, a.count, a.run.seed);
    (params.stones, params.area, params.depth) = (a.stones, a.area, a.depth);
    (params.margin, params.balance_moves) = (a.margin, a.balance);
    params.to_move = parse_to_move(&a.to_move)?;
    let engine = a.run.engine.params()?;
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(a.run.threads.unwrap_or(0));
    let book = pool
        .build()?
        .install(|| gomoku_openings::generate(&params, &engine))?;
    let engine_name = a.run.engine.file().map(|p| p.display().to_string());
    write_book(&a.out, &book.to_text(&params, engine_name.as_deref())?)?;
    println!(
        "wrote {} openings to {} in {:.1} s ({} attempts; mean search score {:.1})",
        book.openings.len(),
        a.out.display(),
        started.elapsed().as_secs_f64(),
        book.attempts,
        book.mean_score()
    );
    Ok(ExitCode::SUCCESS)
}

fn verify(a: VerifyArgs) -> Result<ExitCode> {
    let geometry = a.board.geometry();
    let book = read_book(&a.file, geometry, a.board.rule)?;
    let params = VerifyParams {
        geometry,
        rule: a.board.rule,
        games_per_opening: a.games_per_opening,
        tie_break_margin: a.tie_break,
        lopsided: a.lopsided,
        move_cap: a.move_cap,
        seed: a.run.seed,
    };
    let v = Verification::new(book, params, &a.run.engine.params()?)?;
    let started = Instant::now();
    let games = run_verification(
        &v,
        &VerifyRun {
            threads: a.run.threads.unwrap_or(0),
            out: a.out.as_deref(),
            mode: OpenMode {
                resume: a.resume,
                force: a.force,
            },
            shard: a.shard,
            merge: &a.merge,
        },
    )?;
    for note in &games.notes {
        eprintln!("verify: {note}");
    }
    let (lines, missing) = (games.lines, games.missing);
    let report = v.report(&lines);
    if a.per_opening {
        print!("{}", v.table(&report));
    }
    println!("{}", v.summary(&report, started.elapsed().as_secs_f64()));
    if !missing.is_empty() {
        eprintln!("verify: INCOMPLETE: {missing}; play them with --out OUT --resume");
    }
    if let Some(path) = &a.prune {
        if a.shard.is_some() || !missing.is_empty() {
            bail!("--prune needs every game of the book: merge the shards with --merge first");
        }
        let (kept, text) = v.pruned_book(&report)?;
        write_book(path, &text)?;
        println!("wrote {kept} openings to {}", path.display());
    }
    let code = if missing.is_empty() { 0 } else { INCOMPLETE };
    Ok(ExitCode::from(code))
}

fn convert(a: ConvertArgs) -> Result<ExitCode> {
    let geometry = a.board.geometry();
    let book = read_book(&a.file, geometry, a.board.rule)?;
    let source = a.file.display().to_string();
    let text = gomoku_openings::convert(&book.openings, geometry, a.to, &source)?;
    write_book(&a.out, &text)?;
    println!(
        "wrote {} openings to {}",
        book.openings.len(),
        a.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
