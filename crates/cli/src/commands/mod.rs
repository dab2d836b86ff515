//! One module per subcommand, each with an `Args` (clap) and a `run` returning the exit code.

pub mod analyze;
pub mod bench;
pub mod cgc;
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
use std::path::{Path, PathBuf};

/// `--engine`: the engine of a command that searches or plays.
#[derive(clap::Args)]
pub struct EngineArg {
    /// Engine config (RON); the built-in default engine if omitted.
    #[arg(long)]
    pub engine: Option<PathBuf>,
}

impl EngineArg {
    /// The engine config, if one is given.
    pub fn file(&self) -> Option<&Path> {
        self.engine.as_deref()
    }

    /// The parameters of the engine config, or the built-in defaults.
    pub fn params(&self) -> Result<EngineParams> {
        let Some(path) = &self.engine else {
            return Ok(EngineParams::default());
        };
        let engine = gomoku_config::engine::load_engine(path)
            .with_context(|| format!("loading engine config {}", path.display()))?;
        Ok(engine.params)
    }
}
