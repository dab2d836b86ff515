//! One module per subcommand, each with an `Args` (clap) and a `run` returning the exit code.

pub mod analyze;
pub mod bench;
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
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stop flag that the first Ctrl-C sets (no new game starts; the running ones finish and
/// are saved). A second Ctrl-C kills the external engines' process groups and exits at once
/// with status 130; `saved` tells the user what is safe then.
pub fn stop_on_interrupt(saved: &'static str) -> Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            eprintln!("\nsecond interrupt: exiting now ({saved})");
            // `exit` runs no destructors: the engines' process groups go first.
            gomoku_protocol::kill_all_engines();
            std::process::exit(130);
        }
        eprintln!(
            "\ninterrupt: no new games start; waiting for the running ones (Ctrl-C again to quit now)"
        );
    })
    .context("installing the Ctrl-C handler")?;
    Ok(stop)
}

/// Engine parameters from a RON engine config, or the built-in defaults.
pub fn engine_params(path: Option<&Path>) -> Result<EngineParams> {
    match path {
        Some(path) => Ok(gomoku_config::engine::load_engine(path)
            .with_context(|| format!("loading engine config {}", path.display()))?
            .to_params()),
        None => Ok(EngineParams::default()),
    }
}
