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
