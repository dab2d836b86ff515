//! c-gomoku-cli's command line (`gomoku-arena -engine cmd=... -engine cmd=... -games 72
//! ...`): read by `gomoku_config::cgc::parse_cgc`, played as a tournament with
//! c-gomoku-cli's schedule, and its `-pgn` and `-sgf` files copied from the run directory
//! (under `-loseonly`, only the first engine's losses). Under `-fatalerror` an engine's
//! crash or timeout ends the run with an error (exit code 2) after the finished games are
//! journaled; `--resume` goes on from them.

use anyhow::{Context, Result};
use gomoku_config::cgc::{load_cgc, parse_cgc};
use gomoku_runner::OpenMode;
use gomoku_runner::console_run::ConsoleRun;
use gomoku_runner::outputs::losses_of_first;
use std::path::Path;
use std::process::ExitCode;

/// Runs a c-gomoku-cli command line (the arguments after the program's name).
pub fn run(args: &[String]) -> Result<ExitCode> {
    let command = parse_cgc(args)?;
    let tournament = load_cgc(&command)?;
    let code = super::tournament::play(
        &tournament,
        &ConsoleRun {
            output: &tournament.output,
            threads: tournament.threads.unwrap_or(0),
            mode: OpenMode {
                resume: command.resume,
                force: command.force,
            },
            shard: None,
            quiet: false,
            verbose: true,
            what: "the match",
            fatal_faults: command.fatal_error,
        },
    )?;
    if code == ExitCode::SUCCESS && command.lose_only {
        let (pgn, sgf) = losses_of_first(&tournament.output)
            .with_context(|| format!("reading {}", tournament.output.display()))?;
        for (text, to) in [(pgn, &command.pgn), (sgf, &command.sgf)] {
            if let Some(to) = to {
                std::fs::write(to, text).with_context(|| format!("writing {}", to.display()))?;
                eprintln!("{} written (the first engine's losses)", to.display());
            }
        }
    } else if code == ExitCode::SUCCESS {
        for (file, to) in [("results.pgn", &command.pgn), ("games.sgf", &command.sgf)] {
            if let Some(to) = to {
                copy(&tournament.output.join(file), to)?;
            }
        }
    }
    Ok(code)
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    eprintln!("{} written", to.display());
    Ok(())
}
