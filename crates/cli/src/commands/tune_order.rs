//! `tune-order`: fit the table's move-ordering bonuses (its `order` section) to the moves
//! played in the games of run directories, such as a stronger engine's self-play
//! (`gomoku_tune::order_fit`), print the share of positions whose played move our ordering
//! ranks among its best 1, 5, 10 and 14 before and after, and write the engine's table with
//! the fitted section.

use super::EngineArg;
use anyhow::{Context, Result, bail};
use gomoku_runner::journal::JOURNAL_FILE;
use gomoku_runner::{RunInfo, read_journal, write_atomic};
use gomoku_tune::order_fit::{
    HOLDOUT_EVERY, RANKS, fit_bonuses, order_samples, order_section, shares,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// How the sentence the fit adds to the table's description begins.
const FIT_SENTENCE: &str = " Move-ordering bonuses by `gomoku-arena tune-order`";

/// Arguments of `tune-order`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    engine: EngineArg,
    /// A run directory whose games hold the moves to fit (repeat for more; all of one board
    /// and rule).
    #[arg(long = "run", required = true)]
    runs: Vec<PathBuf>,
    /// Write the engine's table with the fitted `order` section here (else only the figures).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `tune-order`.
pub fn run(args: Args) -> Result<ExitCode> {
    let params = args.engine.params()?;
    let mut games = Vec::new();
    let mut board = None;
    for dir in &args.runs {
        let info = RunInfo::load(dir).with_context(|| format!("reading run {}", dir.display()))?;
        let this = (info.geometry(), info.rule());
        if *board.get_or_insert(this) != this {
            bail!(
                "{}: a run of another board or rule than the first",
                dir.display()
            );
        }
        let path = dir.join(JOURNAL_FILE);
        if !path.exists() {
            bail!("{}: no journal ({JOURNAL_FILE}) in the run", dir.display());
        }
        let journal = read_journal(&path).with_context(|| format!("reading {}", path.display()))?;
        // In job order: a journal lists games as they finished, which threads and resumes
        // change, and the held-out games are chosen by their place in the list.
        let mut lines = journal.lines;
        lines.sort_by_key(|l| l.job);
        games.extend(lines);
    }
    let Some((geometry, rule)) = board else {
        bail!("no run given");
    };
    let samples = order_samples(&params, &games, geometry, rule).context("the engine")?;
    let held = samples.iter().filter(|s| s.holdout).count();
    if held == 0 || held == samples.len() {
        bail!(
            "{} positions from {} games: too few to fit and to check on held-out games (every {HOLDOUT_EVERY}th game is held out)",
            samples.len(),
            games.len()
        );
    }
    println!(
        "{} games, {} positions ({} in the held-out games, every {HOLDOUT_EVERY}th)",
        games.len(),
        samples.len(),
        held
    );
    let line = |name: &str, s: [f64; 4]| {
        let cells: Vec<String> = (RANKS.iter().zip(s))
            .map(|(k, v)| format!("best {k} {v:.1}%"))
            .collect();
        println!("{name:<22} {}", cells.join(", "));
    };
    let zero = [[0; 2]; gomoku_engine::CELL_CLASS_COUNT];
    line("without bonuses, train", shares(&samples, &zero, false));
    let before = shares(&samples, &zero, true);
    line("without bonuses, held", before);
    if !params.table.order.is_empty() {
        let current = gomoku_engine::CompiledTable::compile(&params.table)
            .context("the engine's table")?
            .order_scores;
        line("the table's, train", shares(&samples, &current, false));
        line("the table's, held out", shares(&samples, &current, true));
    }
    let bonus = fit_bonuses(&samples);
    line("fitted, train", shares(&samples, &bonus, false));
    let held_out = shares(&samples, &bonus, true);
    line("fitted, held out", held_out);
    let mut table = params.table.clone();
    table.order = order_section(&bonus);
    for c in &table.order {
        println!(
            "  (class: \"{}\", own: {}, opp: {}),",
            c.class.name(),
            c.own,
            c.opp
        );
    }
    if let Some(out) = &args.out {
        let runs: Vec<String> = args.runs.iter().map(|d| d.display().to_string()).collect();
        // A refit replaces the sentence of the fit before, if the table has one.
        let kept = match table.description.find(FIT_SENTENCE) {
            Some(at) => table.description[..at].to_string(),
            None => table.description.clone(),
        };
        table.description = format!(
            "{}{FIT_SENTENCE} on the games of {}: the played move among our best 10 in {:.1}% -> {:.1}% of the held-out games' {held} positions.",
            kept.trim_end(),
            runs.join(", "),
            before[2],
            held_out[2],
        )
        .trim_start()
        .to_string();
        let text = gomoku_config::engine::table_to_ron(&table);
        write_atomic(out, text.as_bytes()).with_context(|| format!("writing {}", out.display()))?;
        println!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}
