//! Stop signals in a program that runs external engines. SIGINT, SIGTERM and SIGHUP (Ctrl-C,
//! and what `scancel`, Kubernetes and a closed terminal send) would by default kill this
//! process alone and leave the engines, in process groups of their own, running. Instead,
//! while a run can stop ([`stop_on_interrupt`]), the first signal sets its flag (no new game
//! starts; the running ones finish and are saved); otherwise, and on a second signal, every
//! engine's processes are killed ([`crate::kill_all_engines`]) and the program exits with
//! 128 + the signal. A closed standard output ([`quiet_on_closed_output`]) ends the program
//! the same way, after the engines, as SIGPIPE would.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// The status of a command stopped by its stop flag (the Ctrl-C status).
const STOPPED: u8 = 130;

/// The run a first stop signal stops: its flag, and what is safe if a second one quits.
static RUN: Mutex<Option<(Arc<AtomicBool>, &'static str)>> = Mutex::new(None);

/// The first stop signal received (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Why the signals could not be watched (the program then runs with their default action).
#[derive(Debug, Error)]
pub enum SignalError {
    /// The handlers could not be installed.
    #[error("catching SIGINT, SIGTERM and SIGHUP: {0}")]
    Catch(#[source] std::io::Error),
    /// The thread that reads them could not be started.
    #[error("starting the signal thread: {0}")]
    Thread(#[source] std::io::Error),
}

/// Takes SIGINT, SIGTERM and SIGHUP from their default action, as the module says; call it
/// first, so that a signal that comes while a command loads still kills what it started.
///
/// The signals are caught by handlers (signal-hook's, which only write to a pipe) and read
/// by a thread, not blocked and waited for: a blocked signal stays blocked in every program
/// the threads start (std keeps the mask across exec), so the engines could not be
/// stopped by them.
pub fn watch_signals() -> Result<(), SignalError> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP]).map_err(SignalError::Catch)?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                on_signal(signal);
            }
        })
        .map_err(SignalError::Thread)?;
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
            crate::kill_all_engines();
            std::process::exit(128 + signal);
        }
    }
}

/// A stop flag for a run, set by the first SIGINT, SIGTERM or SIGHUP (no new game starts;
/// the running ones finish and are saved, and their engines are killed as they end). A
/// second signal kills every external engine's processes and exits at once; `saved` tells
/// the user what is safe then. Needs [`watch_signals`].
pub fn stop_on_interrupt(saved: &'static str) -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    *RUN.lock().unwrap_or_else(|e| e.into_inner()) = Some((stop.clone(), saved));
    stop
}

/// The exit status of a command: a run stopped by a signal (status 130, the Ctrl-C status)
/// exits with 128 + the signal received, as a process killed by it would report.
pub fn exit_status(code: ExitCode) -> ExitCode {
    match RECEIVED.load(Ordering::SeqCst) {
        signal @ 1..=127 if code == ExitCode::from(STOPPED) => ExitCode::from(128 + signal as u8),
        _ => code,
    }
}

/// Output piped into a reader that stops early (`| head`) closes under us, and Rust's print
/// macros then panic with a backtrace. With this panic hook a command line tool ends quietly
/// instead, as if killed by SIGPIPE (status 141), after stopping any engine it started; a
/// journal loses nothing (every line is flushed as it is written, and a torn last line is
/// skipped). Other panics go to the hook that was there before.
pub fn quiet_on_closed_output() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to std") && text.contains("Broken pipe") {
            crate::kill_all_engines();
            std::process::exit(141);
        }
        default(info)
    }));
}
