//! `play`: a game against the engine on the terminal, in plain text (no terminal control
//! codes, so it also works with piped input and output). The game, its commands and the
//! board drawing are [`gomoku_play`]'s; this module hands its session stdin and stdout.

use super::EngineArg;
use anyhow::{Context, Result, bail};
use gomoku_board::{Geometry, Rule};
use gomoku_play::{EngineBrain, Humans, Session, clock_seed, serve};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    engine: EngineArg,
    /// Search depth in plies; with --time-ms a cap, alone it overrides the engine config's.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=gomoku_engine::MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// Time per engine move in milliseconds (1..=86400000): the engine deepens until its
    /// time manager stops it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time_ms: Option<u64>,
    /// The sides you play: black, white, both (the engine only gives hints) or none (the
    /// engine plays itself to the end).
    #[arg(long, default_value = "black", value_parser = parse_humans)]
    human: Humans,
    /// Side of the square board (5 to 26: moves are typed with one column letter).
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// An SGF game to continue from (its size and its RU rule, if any, replace --size and
    /// --rule).
    #[arg(long)]
    load: Option<PathBuf>,
    /// With --load, the game to take from a collection (such as a run's games.sgf), from 1.
    #[arg(long, requires = "load")]
    game: Option<usize>,
    /// Seed for the engine's tie-break draw (from the clock if omitted; printed at the start).
    #[arg(long)]
    seed: Option<u64>,
}

fn parse_humans(s: &str) -> Result<Humans, String> {
    s.parse()
}

/// Runs `play`: builds the engine, then reads commands from standard input until `quit` or
/// the end of input.
pub fn run(args: Args) -> Result<ExitCode> {
    let rule: Rule = args.rule.parse()?;
    if !(5..=gomoku_play::MAX_COLUMNS).contains(&args.size) {
        bail!(
            "--size {} is not supported: play needs 5 to {} (one column letter per column)",
            args.size,
            gomoku_play::MAX_COLUMNS
        );
    }
    let params = args.engine.params()?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let file = args.engine.file();
    let brain = EngineBrain::for_play(params, file, args.depth, args.time_ms, seed)
        .context("building the engine")?;
    let geometry = Geometry::square(args.size);
    let mut session =
        Session::new(geometry, rule, args.human, brain).map_err(anyhow::Error::msg)?;
    let mut preamble = vec![format!("seed {seed}")];
    if let Some(path) = &args.load {
        session
            .load_file(path, args.game, &mut |l| preamble.push(l.to_string()))
            .map_err(anyhow::Error::msg)
            .context("--load")?;
    }
    let prompt = std::io::stdin().is_terminal().then_some("> ");
    serve(
        &mut session,
        &preamble,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        prompt,
    )
    .context("standard input or output")?;
    Ok(ExitCode::SUCCESS)
}
