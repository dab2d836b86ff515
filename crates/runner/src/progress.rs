//! Live output for the terminal: a progress bar with games per minute and ETA (hidden when
//! stderr is not a terminal, as in tests and CI) and the standings table every N games; for
//! an SPRT, a bar of its LLR between the bounds.

use crate::batch::{BatchResult, Observer};
use crate::game::GameResult;
use crate::journal::JournalLine;
use crate::sprt::SprtSummary;
use crate::standings::Standings;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;

type Triple = (usize, usize, Option<GameResult>);

/// An [`Observer`] that draws a progress bar on stderr and prints standings to stdout.
pub struct ConsoleObserver {
    bar: ProgressBar,
    names: Vec<String>,
    every: u64,
    total: std::sync::atomic::AtomicU64,
    results: Mutex<Vec<Triple>>,
}

impl ConsoleObserver {
    /// An observer for these participants; `every` = 0 prints no intermediate standings.
    /// The bar is shown only when stderr is a terminal and `show_bar` is set.
    pub fn new(names: Vec<String>, every: u64, show_bar: bool) -> ConsoleObserver {
        let bar = if show_bar && std::io::stderr().is_terminal() {
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {pos}/{len} games  {gpm}  ETA {eta}",
            )
            .expect("a valid template")
            .with_key("gpm", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/min", s.per_sec() * 60.0);
            })
            .progress_chars("=> ");
            ProgressBar::new(0).with_style(style)
        } else {
            ProgressBar::hidden()
        };
        ConsoleObserver {
            bar,
            names,
            every,
            total: std::sync::atomic::AtomicU64::new(0),
            results: Mutex::new(Vec::new()),
        }
    }

    /// The standings of the games seen so far.
    pub fn standings(&self) -> Standings {
        let results = self.results.lock().unwrap_or_else(|e| e.into_inner());
        Standings::from_results(&self.names, results.iter().copied())
    }

    /// Prints a line above the bar (or plainly when there is none).
    pub fn println(&self, text: &str) {
        self.bar.suspend(|| println!("{text}"));
    }
}

impl Observer for ConsoleObserver {
    fn started(&self, total: usize, done: &[JournalLine]) {
        self.bar.set_length(total as u64);
        self.total
            .store(total as u64, std::sync::atomic::Ordering::Relaxed);
        self.bar.set_position(done.len() as u64);
        self.bar.reset_eta();
        let mut results = self.results.lock().unwrap_or_else(|e| e.into_inner());
        results.extend(done.iter().map(|l| (l.black_idx, l.white_idx, l.result)));
    }

    fn game_finished(&self, line: &JournalLine) {
        self.bar.inc(1);
        // A forfeit is news at once: an engine that crashes or loses on time every game
        // should not wait for the final table to be noticed.
        if crate::batch::is_forfeit(line.reason) {
            let loser = match line.result {
                Some(GameResult::Black) => &line.white,
                _ => &line.black,
            };
            self.bar.suspend(|| {
                eprintln!(
                    "forfeit in game {} ({} vs {}): {loser} loses by {}{}",
                    line.job,
                    line.black,
                    line.white,
                    line.reason.name(),
                    line.message
                        .as_deref()
                        .map(|m| format!(": {m}"))
                        .unwrap_or_default()
                );
            });
        }
        let n = {
            let mut results = self.results.lock().unwrap_or_else(|e| e.into_inner());
            results.push((line.black_idx, line.white_idx, line.result));
            results.len() as u64
        };
        // The last table is the caller's to print.
        let last = n == self.total.load(std::sync::atomic::Ordering::Relaxed);
        if self.every > 0 && n % self.every == 0 && !last {
            let table = self.standings().table();
            self.println(&format!("standings after {n} games:\n{table}"));
        }
    }

    fn finished(&self, _summary: &BatchResult) {
        self.bar.finish_and_clear();
    }
}

/// Steps of the LLR bar between the bounds.
const LLR_STEPS: u64 = 1000;

/// A bar of where an SPRT's LLR stands between its bounds (H0 at the left end, H1 at the
/// right), with the games a decision is forecast to need at the drift so far; shown only when
/// stderr is a terminal and `show` is set.
pub struct LlrBar(ProgressBar);

impl LlrBar {
    /// A bar, hidden unless stderr is a terminal and `show` is set.
    pub fn new(show: bool) -> LlrBar {
        LlrBar(if show && std::io::stderr().is_terminal() {
            let style = ProgressStyle::with_template("{elapsed_precise} H0 [{wide_bar}] H1  {msg}")
                .expect("a valid template")
                .progress_chars("=> ");
            ProgressBar::new(LLR_STEPS).with_style(style)
        } else {
            ProgressBar::hidden()
        })
    }

    /// Prints `line` above the bar (or plainly when there is none), then moves the bar to
    /// where the test `s` stands.
    pub fn update(&self, s: &SprtSummary, line: &str) {
        self.0.suspend(|| println!("{line}"));
        self.0
            .set_position((s.llr_fraction() * LLR_STEPS as f64).round() as u64);
        let more = s.expected_more_games().map_or(String::new(), |g| {
            format!(", about {g} more games at this rate")
        });
        let (llr, lower, upper) = (s.llr, s.lower, s.upper);
        self.0
            .set_message(format!("LLR {llr:.2} in [{lower:.2}, {upper:.2}]{more}"));
    }

    /// Clears the bar away.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}
