//! `pbrain-gomoku-arena`: the gomoku-arena engine as a Gomocup (Piskvork protocol) brain.
//!
//! Usage: `pbrain-gomoku-arena [--engine FILE.ron] [--seed S] [--depth D] [--nodes N]
//! [--tie-break-margin M]`
//!
//! The engine configuration is, in order: `--engine FILE`, else `pbrain-gomoku-arena.ron`
//! beside the executable if present, else the built-in engine (`configs/engines/tuned-sel.ron`
//! with its table, compiled in: the executable alone is a complete brain).
//! `--seed` seeds the tie-break stream (restarted every game; default 0); `--tie-break-margin`
//! overrides the configured value. On a clock (`INFO timeout_turn` / `time_left`) the brain
//! deepens until its time manager stops it; `--depth` caps that depth, and is the depth when
//! the manager sets no clock (else the configured depth is). `--nodes N` stops every search at
//! N nodes instead, on one thread, whatever the clock (so the manager's time limit must leave
//! room for them): the brain then plays as the in-process engine under a tournament's or a
//! tuning's `time_control: Nodes(N)`, move for move, and a run through the protocol is as
//! reproducible as one in-process. Commands come on stdin, answers go to
//! stdout (flushed after every line); the search runs on the main thread (no pondering). End
//! of input exits cleanly. `INFO <field> <value>` sets any numeric field of the engine file
//! (`INFO futility 600`; docs/CONFIG.md lists the keys and ranges); an unknown key or a value
//! out of range is answered `ERROR` and changes nothing.
//!
//! To enter the engine in a Gomocup manager (Piskvork, c-gomoku-cli, gomoku-arena's own
//! `External` participants), the executable is enough; for another engine, put a
//! `pbrain-gomoku-arena.ron` engine config (with `table: Inline(...)`, or its table file
//! beside it) in its folder.

use anyhow::{Context, Result};
use gomoku_engine::EngineParams;
use gomoku_protocol::{EngineBrain, Session, serve};
use std::path::PathBuf;

/// The name of the optional config file beside the executable.
const CONFIG_NAME: &str = "pbrain-gomoku-arena.ron";

/// The gomoku-arena engine as a Gomocup brain: speaks the protocol on stdin and stdout.
#[derive(clap::Parser)]
#[command(version)]
struct Args {
    /// Engine config (RON); default: pbrain-gomoku-arena.ron beside the executable, else the
    /// built-in engine (configs/engines/tuned-sel.ron with its table, compiled in).
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Seed of the tie-break stream (restarted every game).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Depth cap, on a clock too (default: none on a clock, the engine config's without one).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=gomoku_engine::MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// Nodes per search, on one thread, whatever the clock (as a `Nodes(N)` time control);
    /// default: the clock decides.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Root tie-break margin (overrides the engine config).
    #[arg(long = "tie-break-margin")]
    margin: Option<i32>,
}

/// The engine's parameters: `--engine`, else the config beside the executable, else the
/// built-in engine's (a config's table path is relative to the config file).
fn params(args: &Args) -> Result<EngineParams> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join(CONFIG_NAME)))
        .filter(|p| p.is_file());
    let mut params = match args.engine.as_deref().or(beside.as_deref()) {
        Some(path) => {
            gomoku_config::engine::load_engine(path)
                .with_context(|| format!("engine config {}", path.display()))?
                .params
        }
        None => {
            gomoku_config::builtin::builtin_engine()
                .context("the built-in engine")?
                .params
        }
    };
    if let Some(m) = args.margin {
        params.tie_break_margin = m;
    }
    Ok(params)
}

fn run() -> Result<()> {
    let args = <Args as clap::Parser>::parse();
    let brain = EngineBrain::new(params(&args)?, args.seed)
        .context("engine parameters")?
        .with_depth_cap(args.depth)
        .with_node_budget(args.nodes)
        .context("engine parameters")?;
    serve(
        &mut Session::new(brain),
        std::io::stdin().lock(),
        std::io::stdout().lock(),
    )?;
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        // A closed stdout means the manager is gone: nothing more to say.
        let broken_pipe = e
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe);
        if !broken_pipe {
            eprintln!("pbrain-gomoku-arena: {e:#}");
            std::process::exit(2);
        }
    }
}
