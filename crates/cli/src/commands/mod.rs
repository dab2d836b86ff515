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
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

/// The status of a command stopped by its stop flag (the Ctrl-C status).
const STOPPED: u8 = 130;

/// The run a first stop signal stops: its flag, and what is safe if a second one quits.
static RUN: Mutex<Option<(Arc<AtomicBool>, &'static str)>> = Mutex::new(None);

/// The first stop signal received (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Takes SIGINT, SIGTERM and SIGHUP (Ctrl-C, and what `scancel`, Kubernetes and a closed
/// terminal send) from their default action, which kills this process alone and leaves the
/// external engines, in process groups of their own, running. While a run can stop
/// ([`stop_on_interrupt`]), the first signal sets its flag; otherwise, and on a second
/// signal, every engine's processes are killed and the program exits with 128 + the signal.
///
/// The signals are caught by handlers (signal-hook's, which only write to a pipe) and read
/// by a thread, not blocked and waited for: a blocked signal stays blocked in every program
/// the threads start (std keeps the mask across exec), so the engines could not be
/// stopped by them.
pub fn watch_signals() -> Result<()> {
    let mut signals =
        Signals::new([SIGINT, SIGTERM, SIGHUP]).context("catching SIGINT, SIGTERM and SIGHUP")?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                on_signal(signal);
            }
        })
        .context("starting the signal thread")?;
    Ok(())
}

fn on_signal(signal: i32) {
    let first = RECEIVED
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    let run = RUN.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let name = signal_hook::low_level::signal_name(signal).unwrap_or("signal");
    // Not `eprintln!`: after a SIGHUP the terminal may be gone, and a failed write must not
    // end this thread.
    let mut err = std::io::stderr();
    match run {
        Some((flag, _)) if first => {
            flag.store(true, Ordering::SeqCst);
            let _ = writeln!(
                err,
                "\n{name}: no new games start; waiting for the running ones (a second signal, \
                 such as Ctrl-C, quits now)"
            );
        }
        run => {
            if let Some((_, saved)) = run {
                let _ = writeln!(err, "\n{name}: exiting now ({saved})");
            }
            // `exit` runs no destructors: the engines' processes go first.
            gomoku_protocol::kill_all_engines();
            std::process::exit(128 + signal);
        }
    }
}

/// A stop flag for a run, set by the first SIGINT, SIGTERM or SIGHUP (no new game starts;
/// the running ones finish and are saved, and their engines are killed as they end). A
/// second signal kills every external engine's processes and exits at once; `saved` tells
/// the user what is safe then. Needs [`watch_signals`].
pub fn stop_on_interrupt(saved: &'static str) -> Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    *RUN.lock().unwrap_or_else(|e| e.into_inner()) = Some((stop.clone(), saved));
    Ok(stop)
}

/// The exit status of a command: a run stopped by a signal (status 130, the Ctrl-C status)
/// exits with 128 + the signal received, as a process killed by it would report.
pub fn exit_status(code: ExitCode) -> ExitCode {
    match RECEIVED.load(Ordering::SeqCst) {
        signal @ 1..=127 if code == ExitCode::from(STOPPED) => ExitCode::from(128 + signal as u8),
        _ => code,
    }
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
