//! `rate`: Ordo-style ratings of a run directory, a journal or a results-only PGN.
//!
//! The fit is `gomoku_stats::fit_pool`: joint Bradley-Terry maximum likelihood, a draw half a
//! win, 400 points per factor 10 in odds (Ordo's `-z 200.24` is the same scale; Ordo's
//! default `-z 202` differs by 1%), ratings of mean zero (Ordo's `-a 0`), or one player
//! anchored (`--anchor NAME` at 0, `--anchor NAME=VALUE`; Ordo's `-A NAME -a VALUE`). The
//! first-mover advantage is 0 unless `--first-mover` fits it (Ordo's `-W`).
//!
//! PGN colours: gomoku PGNs (c-gomoku-cli, our `results.pgn`) put the first mover in
//! `[Black]`, and so does `rate` by default. Ordo and BayesElo read `[White]` as the side
//! with the "white advantage", so on a c-gomoku-cli PGN their fitted white advantage is the
//! *second* mover's, i.e. minus ours; the ratings are the same. `--pgn-white-first` reads a
//! chess-convention PGN (`[White]` moved first).
//!
//! Errors (± 95%): sandwich (robust) standard errors of the fit times 1.96 by default; with
//! `--bootstrap N` the parametric bootstrap's (Ordo's `-s N` simulations), seeded by `--seed`.

use super::report_data::{
    MatchStats, PoolTable, Results, SourceKind, TableOptions, load_results, match_stats, pool_table,
};
use anyhow::{Result, bail};
use gomoku_stats::FirstMover;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `rate`.
#[derive(clap::Args)]
pub struct Args {
    /// A run directory (its games.jsonl), a games.jsonl journal, or a results-only PGN.
    input: PathBuf,
    /// Anchor the ratings: NAME (at 0) or NAME=VALUE; default: mean zero.
    #[arg(long, value_name = "NAME[=VALUE]")]
    anchor: Option<String>,
    /// Fit a first-mover advantage term (default: fixed at 0, as Ordo without -W).
    #[arg(long)]
    first_mover: bool,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    json: bool,
    /// Errors and LOS from a parametric bootstrap with N replicates (default: sandwich).
    #[arg(long, value_name = "N", default_value_t = 0)]
    bootstrap: usize,
    /// Seed of the bootstrap.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The PGN follows the chess convention: [White] moved first (default: [Black] did).
    #[arg(long)]
    pgn_white_first: bool,
}

/// Parses `NAME` or `NAME=VALUE`.
fn parse_anchor(s: &str) -> Result<(String, f64)> {
    match s.rsplit_once('=') {
        Some((name, value)) => match value.trim().parse::<f64>() {
            Ok(v) if v.is_finite() => Ok((name.to_string(), v)),
            _ => bail!("--anchor {s}: the value after '=' must be a number"),
        },
        None => Ok((s.to_string(), 0.0)),
    }
}

/// The rating of a result set as computed by `rate` (shared with `report`).
pub struct Rating {
    /// The results.
    pub results: Results,
    /// The pool table.
    pub table: PoolTable,
    /// Two-player statistics (from the first player's point of view), for two players.
    pub matchup: Option<MatchStats>,
}

/// Rates a result set.
pub fn rate(results: Results, opts: &TableOptions) -> Result<Rating> {
    let table = pool_table(&results.names, &results.games, opts)?;
    let matchup = if results.names.len() == 2 {
        Some(match_stats(&results, 0)?)
    } else {
        None
    };
    Ok(Rating {
        results,
        table,
        matchup,
    })
}

/// The JSON object printed by `rate --json`.
pub fn rating_json(r: &Rating) -> serde_json::Value {
    let t = &r.table;
    json!({
        "source": r.results.path.display().to_string(),
        "format": match r.results.kind { SourceKind::Journal => "journal", SourceKind::Pgn => "pgn" },
        "games": r.results.games.len(),
        "skipped_games": r.results.skipped,
        "players": t.rows_json(),
        "scale": 400.0,
        "anchor": t.anchor.as_ref().map(|(n, v)| json!({ "name": n, "elo": v })),
        "errors": t.method.describe(),
        "first_mover_advantage": t.advantage_json(),
        "draw_rate": t.fit.draw_rate,
        "regularized": t.fit.regularized,
        "pairs": r.results.pairs.len(),
        "match": r.matchup.as_ref().map(|m| m.to_json(&r.results.names)),
    })
}

/// Runs `rate`.
pub fn run(args: Args) -> Result<ExitCode> {
    let anchor = args.anchor.as_deref().map(parse_anchor).transpose()?;
    if args.bootstrap == 1 {
        bail!("--bootstrap needs at least 2 replicates (or 0 for sandwich errors)");
    }
    let first_mover = if args.pgn_white_first {
        FirstMover::White
    } else {
        FirstMover::Black
    };
    let results = load_results(&args.input, first_mover)?;
    if results.games.is_empty() {
        bail!("{}: no finished games to rate", results.path.display());
    }
    let opts = TableOptions {
        anchor,
        first_mover: args.first_mover,
        bootstrap: args.bootstrap,
        seed: args.seed,
    };
    let rating = rate(results, &opts)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rating_json(&rating))?);
        return Ok(ExitCode::SUCCESS);
    }
    let t = &rating.table;
    let r = &rating.results;
    print!("{}", t.text());
    let mover = match (r.kind, args.pgn_white_first) {
        (SourceKind::Pgn, true) => "[White]",
        (SourceKind::Pgn, false) => "[Black]",
        (SourceKind::Journal, _) => "black",
    };
    println!(
        "{} games ({} skipped), draws {:.1}%, first mover ({mover}) scores {:.1}%",
        r.games.len(),
        r.skipped,
        100.0 * t.fit.draw_rate,
        100.0 * t.first_mover_score
    );
    if t.advantage_fitted {
        println!(
            "first-mover advantage {:+.1} ± {:.1} Elo (fitted)",
            t.fit.first_mover_advantage,
            gomoku_stats::Z95 * t.fit.first_mover_advantage_stderr
        );
    } else {
        println!("first-mover advantage 0 (fixed; --first-mover fits it)");
    }
    let anchor = match &t.anchor {
        Some((n, v)) => format!("{n} anchored at {v}"),
        None => "mean 0".into(),
    };
    println!(
        "Elo: pool fit, 400 per factor 10 in odds, {anchor}; ±95%: {}; LOS to the next row",
        t.method.describe()
    );
    if t.fit.regularized {
        println!(
            "note: a perfect score made the maximum-likelihood ratings infinite; one virtual draw per pair of players keeps them finite"
        );
    }
    if let Some(m) = &rating.matchup {
        print!("{}", m.text(&r.names));
    }
    Ok(ExitCode::SUCCESS)
}
