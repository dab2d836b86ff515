//! `pbrain-gomoku-arena`: the gomoku-arena engine as a Gomocup (Piskvork protocol) brain.
//!
//! Usage: `pbrain-gomoku-arena [--engine FILE.ron] [--seed S] [--depth D] [--tie-break-margin M]`
//!
//! The engine configuration is, in order: `--engine FILE`, else `pbrain-gomoku-arena.ron`
//! beside the executable if present, else the built-in defaults (`EngineParams::default()`).
//! `--seed` seeds the tie-break stream (restarted every game; default 0); `--depth` and
//! `--tie-break-margin` override the configured values. Commands come on stdin, answers go to
//! stdout (flushed after every line); the search runs on the main thread (no pondering). End
//! of input exits cleanly.
//!
//! To enter the engine in a Gomocup manager (Piskvork, c-gomoku-cli, gomoku-arena's own
//! `External` participants), copy the executable and a `pbrain-gomoku-arena.ron` engine
//! config (with `table: Inline(...)`, or its table file beside it) into one folder.

use anyhow::{Context, Result, bail};
use gomoku_engine::EngineParams;
use gomoku_protocol::{EngineBrain, Flow, Reply, Session};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The name of the optional config file beside the executable.
const CONFIG_NAME: &str = "pbrain-gomoku-arena.ron";

struct Args {
    engine: Option<PathBuf>,
    seed: u64,
    depth: Option<u32>,
    margin: Option<i32>,
}

fn parse_args() -> Result<Args> {
    let mut args = Args {
        engine: None,
        seed: 0,
        depth: None,
        margin: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().with_context(|| format!("{name} needs a value"));
        match a.as_str() {
            "--engine" => args.engine = Some(PathBuf::from(value("--engine")?)),
            "--seed" => args.seed = value("--seed")?.parse().context("--seed")?,
            "--depth" => args.depth = Some(value("--depth")?.parse().context("--depth")?),
            "--tie-break-margin" => {
                args.margin = Some(
                    value("--tie-break-margin")?
                        .parse()
                        .context("--tie-break-margin")?,
                )
            }
            "-h" | "--help" => {
                println!(
                    "usage: pbrain-gomoku-arena [--engine FILE.ron] [--seed S] [--depth D] [--tie-break-margin M]\n\
                     Speaks the Gomocup protocol on stdin/stdout."
                );
                std::process::exit(0);
            }
            "--version" => {
                println!("pbrain-gomoku-arena {}", env!("CARGO_PKG_VERSION"));
                std::process::exit(0);
            }
            other => bail!("unknown argument '{other}' (see --help)"),
        }
    }
    Ok(args)
}

/// Engine parameters from a RON engine config (`configs/engines/*.ron`; its table path is
/// relative to the config file).
fn load_params(path: &Path) -> Result<EngineParams> {
    Ok(gomoku_config::engine::load_engine(path)?.to_params())
}

fn params(args: &Args) -> Result<EngineParams> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join(CONFIG_NAME)))
        .filter(|p| p.is_file());
    let mut params = match args.engine.as_deref().or(beside.as_deref()) {
        Some(path) => {
            load_params(path).with_context(|| format!("engine config {}", path.display()))?
        }
        None => EngineParams::default(),
    };
    if let Some(d) = args.depth {
        params.depth = d;
    }
    if let Some(m) = args.margin {
        params.tie_break_margin = m;
    }
    Ok(params)
}

fn run() -> Result<()> {
    let args = parse_args()?;
    let brain = EngineBrain::new(params(&args)?, args.seed).context("engine parameters")?;
    let mut session = Session::new(brain);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut buf = Vec::new();
    let mut replies = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&buf);
        // Managers end lines with CR LF; a lone CR also ends a line.
        for line in text.split('\r') {
            replies.clear();
            let flow = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                session.handle_line(line, &mut replies)
            }))
            .unwrap_or_else(|_| {
                replies.push(Reply::Error("internal error".into()));
                Flow::Continue
            });
            let mut out = stdout.lock();
            for r in &replies {
                writeln!(out, "{r}")?;
                out.flush()?;
            }
            if flow == Flow::Exit {
                return Ok(());
            }
        }
    }
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
