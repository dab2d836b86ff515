//! `gomoku-arena`: one subcommand per job. The binary is thin: it parses arguments, loads
//! files, calls the library crates and reports errors with context.

mod commands;

use clap::{Parser, Subcommand};
use gomoku_protocol::signals;
use std::process::ExitCode;

/// Play Gomoku engine variants against each other, rate them, tune them and chart the results.
#[derive(Parser)]
#[command(name = "gomoku-arena", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show a position given as moves or stone lists, with the rule's verdict.
    Show(commands::show::Args),
    /// Rate a run directory, a journal or a results-only PGN (Ordo-style pool fit).
    Rate(commands::rate::Args),
    /// Run an SPRT file: game pairs until the GSPRT accepts H0 or H1 or the cap.
    Sprt(commands::sprt::Args),
    /// Write the report (Markdown, HTML, charts) of a run directory into DIR/report.
    Report(commands::report::Args),
    /// Play a tournament file on all cores: journal, PGN, SGF and standings.
    Tournament(commands::tournament::Args),
    /// Play a match from flags alone (engines, book, time control): a tournament's files.
    Match(commands::match_cmd::Args),
    /// Merge the shard directories of a tournament into one run (journal, PGN, SGF, report).
    Merge(commands::merge::Args),
    /// Search one position and print the engine's verdict.
    Analyze(commands::analyze::Args),
    /// Search a fixed set of positions and print nodes, nodes/s and time per depth.
    Bench(commands::bench::Args),
    /// Generate, verify and convert opening books.
    Openings(commands::openings::Args),
    /// Play a game against the engine on the terminal (plain text; also works piped).
    Play(commands::play::Args),
    /// Tune the evaluation's pattern table (Texel, SPRT hill climbing or SPSA) from a tuning file.
    Tune(commands::tune::Args),
    /// Fit the table's move-ordering bonuses to the moves played in run directories' games.
    TuneOrder(commands::tune_order::Args),
}

fn main() -> ExitCode {
    signals::quiet_on_closed_output();
    // First: a signal that comes while a command loads still kills what it started.
    if let Err(err) = signals::watch_signals() {
        eprintln!("warning: {}", error_text(&err.into()));
    }
    // c-gomoku-cli's single-dash options are not clap's: its command line has its own reader.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .first()
        .is_some_and(|a| gomoku_config::cgc::is_cgc_option(a))
    {
        return finish(commands::cgc::run(&args));
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Show(args) => commands::show::run(args),
        Command::Rate(args) => commands::rate::run(args),
        Command::Sprt(args) => commands::sprt::run(args),
        Command::Report(args) => commands::report::run(args),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Match(args) => commands::match_cmd::run(args),
        Command::Merge(args) => commands::merge::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Tune(args) => commands::tune::run(args),
        Command::TuneOrder(args) => commands::tune_order::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Openings(args) => commands::openings::run(args),
    };
    finish(result)
}

/// The exit status of a command's result, its error printed.
fn finish(result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => signals::exit_status(code),
        Err(err) => {
            eprintln!("error: {}", error_text(&err));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes joined by ": ", leaving out a cause whose text the message
/// already holds (our library errors print their source inline, so `{:#}` repeats it).
fn error_text(err: &anyhow::Error) -> String {
    let mut text = err.to_string();
    for cause in err.chain().skip(1) {
        let c = cause.to_string();
        if !text.contains(&c) {
            text.push_str(": ");
            text.push_str(&c);
        }
    }
    text
}
