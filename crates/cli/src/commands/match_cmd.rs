//! `match`: a tournament from flags alone, as fastchess and c-gomoku-cli take them. The flags
//! become a tournament file's text, loaded by the tournament loader
//! (`gomoku_config::flags`), and the run is a tournament's: the same journal, PGN, SGF,
//! standings and report, resumed the same way.

use anyhow::{Context, Result};
use gomoku_board::Rule;
use gomoku_config::flags::{
    ENGINE_WORDS, MatchFlags, load_match, parse_board, parse_book_format, parse_depth,
    parse_game_time, parse_move_time, parse_nodes, shipped_roots,
};
use gomoku_config::tournament::{BookFormatSpec, TimeControlSpec};
use gomoku_runner::OpenMode;
use gomoku_runner::console_run::ConsoleRun;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
EXAMPLES:
  gomoku-arena match --engine seed-d4 --engine \"seed-d4 top_n=5\" --games 100
  gomoku-arena match --engine configs/engines/tuned-d4.ron --engine greedy --depth 2 --verbose
  gomoku-arena match --engine tuned-d4 --engine \"cmd:target/release/pbrain-gomoku-arena \\
      arg=--depth arg=4\" --move-time 100ms --threads 1 --games 20 --out reports/sparring
  gomoku-arena match ... --resume      # continue an interrupted match (the same flags)";

/// Arguments of `match`.
#[derive(clap::Args)]
#[command(after_help = format!("{ENGINE_WORDS}\n\n{EXAMPLES}"))]
pub struct Args {
    /// A participant, repeated (at least two): "ENGINE [KEY=VALUE]...", one quoted
    /// argument; see ENGINES below.
    #[arg(long = "engine", required = true, value_name = "ENGINE [KEY=VALUE]...")]
    engines: Vec<String>,
    /// The first engine plays every other one (the others do not meet); default: everyone
    /// plays everyone.
    #[arg(long)]
    gauntlet: bool,
    /// Games per pair of engines and round, even: the book's first GAMES/2 openings, each
    /// with both colours (default: 100, or the whole book if shorter).
    #[arg(long)]
    games: Option<usize>,
    /// Passes through the openings.
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// The opening book (default: the shipped one of the board and rule, e.g.
    /// openings/freestyle15.txt).
    #[arg(long)]
    book: Option<PathBuf>,
    /// The book's format: auto, pos, offset or gtp.
    #[arg(long, default_value = "auto", value_parser = parse_book_format)]
    book_format: BookFormatSpec,
    /// A random board symmetry for each opening and pair.
    #[arg(long)]
    transform: bool,
    /// Board: a side (15) or WIDTHxHEIGHT (15x12); 3..=32.
    #[arg(long, default_value = "15", value_parser = parse_board)]
    board: (usize, usize),
    /// Stones in a row that win (3..=7).
    #[arg(long, default_value_t = 5)]
    k: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: Rule,
    /// Time control: a fixed depth (1..=64) for every in-process engine (default: each
    /// engine's own depth).
    #[arg(long, group = "tc", value_parser = parse_depth)]
    depth: Option<TimeControlSpec>,
    /// Time control: nodes per move.
    #[arg(long, group = "tc", value_parser = parse_nodes)]
    nodes: Option<TimeControlSpec>,
    /// Time control: time per move (100, 100ms, 1.5s), also an external engine's
    /// move_time_ms unless it sets one; not reproducible move for move.
    #[arg(long, group = "tc", value_parser = parse_move_time)]
    move_time: Option<TimeControlSpec>,
    /// Time control: a clock per side, BASE+INC (10s+0.1s, 10000+100).
    #[arg(long, group = "tc", value_parser = parse_game_time)]
    game_time: Option<TimeControlSpec>,
    /// The run seed (openings' symmetries, tie-breaks, random players).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: all cores); 1..=1024. An external engine wants a core.
    #[arg(long, value_parser = gomoku_runner::parse_threads)]
    threads: Option<usize>,
    /// Output directory: journal, PGN, SGF, standings and report.
    #[arg(long, default_value = "reports/match")]
    out: PathBuf,
    /// The run's name (in the report).
    #[arg(long, default_value = "match")]
    name: String,
    /// Continue the journal in the output directory (give the same flags).
    #[arg(long)]
    resume: bool,
    /// Write into the output directory even if it holds another run or other files.
    #[arg(long)]
    force: bool,
    /// Print a line as each game ends, as c-gomoku-cli does:
    /// `Finished game 3 (A vs B): 1-0 {Black win by five connection}` (1-0: the first mover,
    /// Black, won), and with two engines the score after it.
    #[arg(long, short)]
    verbose: bool,
    /// No progress bar and no intermediate standings.
    #[arg(long, conflicts_with = "verbose")]
    quiet: bool,
}

/// Runs `match`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut engines = Vec::new();
    for e in &args.engines {
        engines.push(shell_words::split(e).with_context(|| format!("--engine \"{e}\": quoting"))?);
    }
    let flags = MatchFlags {
        name: args.name.clone(),
        engines,
        gauntlet: args.gauntlet,
        games: args.games,
        rounds: args.rounds,
        book: args.book.clone(),
        book_format: args.book_format,
        transform: args.transform,
        board: args.board,
        k: args.k,
        rule: args.rule,
        time_control: [args.depth, args.nodes, args.move_time, args.game_time]
            .into_iter()
            .flatten()
            .next()
            .unwrap_or_default(),
        seed: args.seed,
        threads: args.threads,
        output: args.out.clone(),
        move_cap: None,
        roots: shipped_roots(),
    };
    let tournament = load_match(&flags)?;
    super::tournament::play(
        &tournament,
        &ConsoleRun {
            output: &tournament.output,
            threads: tournament.threads.unwrap_or(0),
            mode: OpenMode {
                resume: args.resume,
                force: args.force,
            },
            shard: None,
            quiet: args.quiet,
            verbose: args.verbose,
            what: "the match",
            fatal_faults: false,
            debug: false,
        },
    )
}
