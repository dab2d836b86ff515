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

use anyhow::{Result, bail};
use gomoku_results::{TableOptions, load_results, rate};
use gomoku_stats::FirstMover;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `rate`.
#[derive(clap::Args)]
pub struct Args {
    /// A run directory (its games.jsonl), a games.jsonl journal, or a results-only PGN.
    input: PathBuf,
    /// Anchor the ratings: NAME (at 0) or NAME=VALUE (VALUE from -100000 to 100000); default:
    /// mean zero.
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

/// The largest anchor rating in absolute value (far beyond any real scale, far from
/// overflowing the fit's sums).
const MAX_ANCHOR: f64 = 100_000.0;

/// Parses `NAME` or `NAME=VALUE`.
fn parse_anchor(s: &str) -> Result<(String, f64)> {
    match s.rsplit_once('=') {
        Some((name, value)) => match value.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v.abs() <= MAX_ANCHOR => Ok((name.to_string(), v)),
            _ => bail!(
                "--anchor {s}: the value after '=' must be a rating from -{MAX_ANCHOR} to \
                 {MAX_ANCHOR}"
            ),
        },
        None => Ok((s.to_string(), 0.0)),
    }
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
    for warning in &results.warnings {
        eprintln!("warning: {warning}");
    }
    let opts = TableOptions {
        anchor,
        first_mover: args.first_mover,
        bootstrap: args.bootstrap,
        seed: args.seed,
    };
    let rating = rate(results, &opts)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rating.to_json())?);
    } else {
        print!("{}", rating.text(first_mover));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_names_with_a_bounded_value() {
        assert_eq!(parse_anchor("a").unwrap(), ("a".to_string(), 0.0));
        assert_eq!(
            parse_anchor("a=b=-150").unwrap(),
            ("a=b".to_string(), -150.0)
        );
        for bad in ["a=1e308", "a=inf", "a=NaN", "a=-100001", "a=x"] {
            let e = parse_anchor(bad).unwrap_err().to_string();
            assert!(e.contains("from -100000 to 100000"), "{bad}: {e}");
        }
    }
}
