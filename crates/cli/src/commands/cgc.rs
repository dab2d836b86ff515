//! c-gomoku-cli's command line (`gomoku-arena -engine cmd=... -engine cmd=... -games 72
//! ...`): read by `gomoku_config::cgc::parse_cgc`, played as a tournament with
//! c-gomoku-cli's schedule, and its `-pgn`, `-sgf`, `-msg` and `-sample` files written from the run
//! directory (under `-loseonly`, only the first engine's losses). Under `-fatalerror` an
//! engine's crash or timeout ends the run with an error (exit code 2) after the finished
//! games are journaled; `--resume` goes on from them. `-log` files are c-gomoku-cli's, in the
//! current directory: started afresh, or continued under `--resume`.

use anyhow::{Context, Result};
use gomoku_config::cgc::{load_cgc, parse_cgc};
use gomoku_runner::OpenMode;
use gomoku_runner::console_run::ConsoleRun;
use gomoku_runner::outputs::{losses_of_first, messages_text, saved_games};
use gomoku_runner::samples::samples_csv;
use std::path::Path;
use std::process::ExitCode;

/// Runs a c-gomoku-cli command line (the arguments after the program's name).
pub fn run(args: &[String]) -> Result<ExitCode> {
    let command = parse_cgc(args)?;
    let tournament = load_cgc(&command)?;
    let threads = tournament.threads.unwrap_or(0);
    if command.log && !command.resume {
        // c-gomoku-cli starts its logs afresh, one per worker thread.
        for worker in 1..=gomoku_runner::batch::effective_threads(threads) {
            let log = gomoku_runner::external_player::worker_log_name(worker);
            std::fs::write(&log, "").with_context(|| format!("writing {log}"))?;
        }
    }
    let code = super::tournament::play(
        &tournament,
        &ConsoleRun {
            output: &tournament.output,
            threads,
            mode: OpenMode {
                resume: command.resume,
                force: command.force,
            },
            shard: None,
            quiet: false,
            verbose: true,
            what: "the match",
            fatal_faults: command.fatal_error,
            debug: command.debug,
        },
    )?;
    if code != ExitCode::SUCCESS {
        return Ok(code);
    }
    let output = &tournament.output;
    let reading = || format!("reading {}", output.display());
    if command.lose_only {
        let (pgn, sgf) = losses_of_first(output).with_context(reading)?;
        for (text, to) in [(pgn, &command.pgn), (sgf, &command.sgf)] {
            if let Some(to) = to {
                std::fs::write(to, text).with_context(|| format!("writing {}", to.display()))?;
                eprintln!("{} written (the first engine's losses)", to.display());
            }
        }
    } else {
        for (file, to) in [("results.pgn", &command.pgn), ("games.sgf", &command.sgf)] {
            if let Some(to) = to {
                copy(&output.join(file), to)?;
            }
        }
    }
    if command.msg.is_some() || command.sample.is_some() {
        let (info, games) = saved_games(output, command.lose_only).with_context(reading)?;
        if let Some(to) = &command.msg {
            write(to, &messages_text(&games))?;
        }
        if let Some(sample) = &command.sample {
            let csv = samples_csv(&games, sample.freq, info.config.seed)?;
            write(&sample.file, &csv)?;
        }
    }
    Ok(code)
}

fn write(to: &Path, text: &str) -> Result<()> {
    std::fs::write(to, text).with_context(|| format!("writing {}", to.display()))?;
    eprintln!("{} written", to.display());
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    eprintln!("{} written", to.display());
    Ok(())
}
