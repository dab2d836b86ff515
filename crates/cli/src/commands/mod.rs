//! One module per subcommand, each with an `Args` (clap) and a `run` returning the exit code.

pub mod analyze;
pub mod bench;
pub mod match_cmd;
pub mod merge;
pub mod openings;
pub mod play;
pub mod position;
pub mod rate;
pub mod report;
pub mod show;
pub mod sprt;
pub mod tournament;
pub mod tune;

use anyhow::{Context, Result};
use gomoku_engine::EngineParams;
use std::path::Path;

/// Engine parameters from a RON engine config, or the built-in defaults.
pub fn engine_params(path: Option<&Path>) -> Result<EngineParams> {
    match path {
        Some(path) => Ok(gomoku_config::engine::load_engine(path)
            .with_context(|| format!("loading engine config {}", path.display()))?
            .to_params()),
        None => Ok(EngineParams::default()),
    }
}

/// A `--threads` value: 1 to [`gomoku_config::limits::MAX_THREADS`], the bound config files
/// have too (a huge value would ask the system for that many threads).
pub fn parse_threads(text: &str) -> Result<usize, String> {
    let max = gomoku_config::limits::MAX_THREADS;
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a number of threads from 1 to {max}")),
    }
}

#[cfg(test)]
mod thread_tests {
    #[test]
    fn threads_are_bounded() {
        assert_eq!(super::parse_threads("1"), Ok(1));
        assert_eq!(super::parse_threads("1024"), Ok(1024));
        for bad in ["0", "1025", "100000", "-1", "two"] {
            assert!(super::parse_threads(bad).is_err(), "{bad}");
        }
    }
}
