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
pub mod tune_order;

use anyhow::{Context, Result};
use gomoku_engine::EngineParams;
use std::path::{Path, PathBuf};

/// `--engine` of `analyze` and `play`: an engine file, else the built-in engine.
#[derive(clap::Args)]
pub struct EngineArg {
    /// Engine config (RON); if omitted, the built-in engine: configs/engines/tuned-sel.ron
    /// with its table, compiled in.
    #[arg(long)]
    pub engine: Option<PathBuf>,
}

impl EngineArg {
    /// The engine config, if one is given.
    pub fn file(&self) -> Option<&Path> {
        self.engine.as_deref()
    }

    /// The parameters of the engine config, or the built-in engine's.
    pub fn params(&self) -> Result<EngineParams> {
        match &self.engine {
            Some(path) => load_params(path),
            None => Ok(gomoku_config::builtin::builtin_engine()
                .context("the built-in engine")?
                .params),
        }
    }
}

/// `--engine` of `bench` and `openings`: an engine file, else the seed engine, whose bench
/// signature the tests pin and whose games the shipped books were made with.
#[derive(clap::Args)]
pub struct SeedEngineArg {
    /// Engine config (RON); if omitted, the seed engine (seed table, depth 4), the engine of
    /// the pinned bench signature.
    #[arg(long)]
    pub engine: Option<PathBuf>,
}

impl SeedEngineArg {
    /// The engine config, if one is given.
    pub fn file(&self) -> Option<&Path> {
        self.engine.as_deref()
    }

    /// The parameters of the engine config, or the seed engine's.
    pub fn params(&self) -> Result<EngineParams> {
        match &self.engine {
            Some(path) => load_params(path),
            None => Ok(EngineParams::default()),
        }
    }
}

/// The parameters of an engine file.
fn load_params(path: &Path) -> Result<EngineParams> {
    let engine = gomoku_config::engine::load_engine(path)
        .with_context(|| format!("loading engine config {}", path.display()))?;
    Ok(engine.params)
}
