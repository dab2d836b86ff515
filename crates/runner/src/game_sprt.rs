//! c-gomoku-cli's `-sprt` on a tournament run: the first player's results against the
//! second, counted game by game (trinomial, logistic Elo, the stats crate's GSPRT), and the
//! run stopped at the first game whose LLR crosses a bound, as c-gomoku-cli stops.
//!
//! Games are counted **in job order**, not in the order they finish: a game finished out of
//! order waits for the ones before it. So the deciding game is the same on 1 thread or 8
//! and after a resume (the journal's games are counted first). The games running when the
//! test decides finish and are journaled (a journaled game is never dropped); they are in
//! the run's PGN but not in the decision.

use crate::batch::{BatchResult, Observer};
use crate::game::GameResult;
use crate::journal::JournalLine;
use crate::progress::ConsoleObserver;
use crate::sprt::{Decision, decided};
use gomoku_config::run::SprtSettings;
use gomoku_stats::{EloModel, Sprt, StatsError, Trinomial};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Where the count stands.
#[derive(Default)]
struct Count {
    /// Finished games not yet counted (a game before them is still running), by job.
    waiting: BTreeMap<usize, JournalLine>,
    /// The next job to count.
    next: usize,
    counts: Trinomial,
    decision: Option<Decision>,
}

/// An observer that runs the test over the games `inner` sees, prints c-gomoku-cli's
/// `SPRT: LLR = ...` line after each counted game, and sets `stop` when the test decides.
pub struct GameSprtObserver<'a> {
    inner: &'a dyn Observer,
    console: &'a ConsoleObserver,
    stop: &'a AtomicBool,
    sprt: Sprt,
    count: Mutex<Count>,
}

impl<'a> GameSprtObserver<'a> {
    /// The test of `settings` (its model is taken as logistic, c-gomoku-cli's) over the
    /// games of player 0 against player 1.
    pub fn new(
        settings: &SprtSettings,
        inner: &'a dyn Observer,
        console: &'a ConsoleObserver,
        stop: &'a AtomicBool,
    ) -> Result<GameSprtObserver<'a>, StatsError> {
        let s = settings;
        let sprt = Sprt::new(s.elo0, s.elo1, s.alpha, s.beta, EloModel::Logistic)?;
        Ok(GameSprtObserver {
            inner,
            console,
            stop,
            sprt,
            count: Mutex::new(Count::default()),
        })
    }

    /// H0 or H1 once the test has decided.
    pub fn decision(&self) -> Option<Decision> {
        self.lock().decision
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Count> {
        self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts `line` and every waiting game after it, in job order, until the test decides;
    /// returns the lines to print.
    fn add(&self, count: &mut Count, line: JournalLine) -> Vec<String> {
        count.waiting.insert(line.job, line);
        let mut said = Vec::new();
        while count.decision.is_none() {
            let Some(line) = count.waiting.remove(&count.next) else {
                break;
            };
            count.next += 1;
            let first_black = line.black_idx == 0;
            let c = &mut count.counts;
            match line.result {
                Some(GameResult::Draw) => c.draws += 1,
                Some(GameResult::Black) if first_black => c.wins += 1,
                Some(GameResult::White) if !first_black => c.wins += 1,
                Some(_) => c.losses += 1,
                None => continue,
            }
            let llr = self.sprt.llr_trinomial(c);
            let (lower, upper) = (self.sprt.lower_bound(), self.sprt.upper_bound());
            let verdict = decided(self.sprt.status(llr));
            let tail = match verdict {
                Some(Decision::H1) => ". H1 accepted.",
                Some(_) => ". H0 accepted.",
                None => "",
            };
            said.push(format!(
                "SPRT: LLR = {llr:.3} [{lower:.3},{upper:.3}]{tail}"
            ));
            if verdict.is_some() {
                count.decision = verdict;
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        said
    }
}

impl Observer for GameSprtObserver<'_> {
    fn started(&self, total: usize, done: &[JournalLine]) {
        self.inner.started(total, done);
        let mut count = self.lock();
        for line in done {
            self.add(&mut count, line.clone());
        }
    }

    fn game_finished(&self, line: &JournalLine) {
        self.inner.game_finished(line);
        let mut count = self.lock();
        for text in self.add(&mut count, line.clone()) {
            self.console.println(&text);
        }
    }

    fn finished(&self, summary: &BatchResult) {
        self.inner.finished(summary);
    }
}
