//! The match layer: a [`Batch`] of jobs (two players, an opening, its symmetry, the colours,
//! a per-job seed) played on a rayon pool into journal lines. Every command that plays games
//! goes through [`Batch::play`]: tournaments, SPRT looks, every tuning step and opening
//! verification. There is no other game loop.
//!
//! Each worker builds the players it meets once (from their factories) and reuses them from
//! game to game; `new_game` resets them, and each game draws its randomness from
//! [`job_rng`]`(seed, job index)`, so a game depends on its job alone: not on the thread, the
//! order jobs run in, the batch it is played in, or an interruption. A panic in a game (or a
//! player that cannot be built) is a failed game, journaled with its message, and the players
//! involved are rebuilt for the next job. Under [`PlayOptions::fatal_faults`] a crash or a
//! timeout instead stops the batch, as a journal that cannot be written does.

use crate::RunnerError;
use crate::game::{GameRecord, Reason, play_game};
use crate::journal::{Journal, JournalLine};
use crate::player::{Player, PlayerFactory, TimeControl};
use crate::schedule::{Job, job_rng};
use gomoku_board::{Geometry, Pos, Rule};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A named player and how to build it.
#[derive(Clone)]
pub struct Participant {
    /// Unique name.
    pub name: String,
    /// Builds a fresh instance (once per worker thread).
    pub factory: PlayerFactory,
}

impl std::fmt::Debug for Participant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Participant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Told about the progress of a run (called from worker threads).
pub trait Observer: Sync {
    /// The run starts: `total` jobs, of which `done` are already journaled.
    fn started(&self, _total: usize, _done: &[JournalLine]) {}
    /// A game was journaled.
    fn game_finished(&self, _line: &JournalLine) {}
    /// The run ends (all jobs done, or stopped).
    fn finished(&self, _summary: &BatchResult) {}
}

/// Where and how the games of a batch are played.
#[derive(Clone, Copy, Debug)]
pub struct Batch<'a> {
    /// The run hash written on every journal line.
    pub run: &'a str,
    /// The players, by index (jobs name them by index).
    pub participants: &'a [Participant],
    /// The openings, by index, before the jobs' symmetries.
    pub openings: &'a [Vec<Pos>],
    /// Board shape.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// Time control.
    pub control: TimeControl,
    /// Draw when this many stones are on the board (opening included).
    pub move_cap: Option<usize>,
    /// The seed every job's generator is derived from.
    pub seed: u64,
}

/// How to play a batch.
#[derive(Clone, Copy, Default)]
pub struct PlayOptions<'a> {
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Append each game to this journal as it ends, before it is counted.
    pub journal: Option<&'a Journal>,
    /// When set, no new job starts; running games finish and are journaled.
    pub stop: Option<&'a AtomicBool>,
    /// Progress reports.
    pub observer: Option<&'a dyn Observer>,
    /// c-gomoku-cli's `-fatalerror`: a player's crash or timeout (at the start or at a move)
    /// stops the batch with [`RunnerError::FatalFault`]; that game is not journaled, running
    /// games finish and are.
    pub fatal_faults: bool,
}

/// What a batch played.
#[derive(Clone, Debug, Default)]
pub struct BatchResult {
    /// The games played, by job index.
    pub lines: Vec<JournalLine>,
    /// Whether the stop flag ended the batch before every job was played.
    pub interrupted: bool,
    /// Threads used.
    pub threads: usize,
    /// Wall time.
    pub wall: Duration,
    /// The players' thinking time summed over the games (their `choose_move`).
    pub think: Duration,
    /// The players' reset and build time summed over the games (`new_game`, factories).
    pub reset: Duration,
}

impl BatchResult {
    /// One line for the console: games, wall time, rate, and where the workers' time went.
    pub fn describe(&self) -> String {
        let wall = self.wall.as_secs_f64();
        let per_minute = if wall > 0.0 {
            self.lines.len() as f64 * 60.0 / wall
        } else {
            0.0
        };
        format!(
            "{} games in {wall:.1}s on {} thread{}: {per_minute:.0} games/min; worker time: players thinking {:.1}%, engine resets and builds {:.1}%, runner {:.2}%",
            self.lines.len(),
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            100.0 * self.share(self.think),
            100.0 * self.share(self.reset),
            100.0 * self.overhead()
        )
    }

    /// The share of worker time spent neither thinking nor resetting players (the runner's
    /// own work and idle workers): 1 - (think + reset) / (wall x threads).
    pub fn overhead(&self) -> f64 {
        if self.wall.is_zero() || self.threads == 0 {
            0.0
        } else {
            1.0 - self.share(self.think + self.reset)
        }
    }

    /// `d` as a share of the workers' time (wall time x threads), 0 for an empty batch.
    pub fn share(&self, d: Duration) -> f64 {
        let capacity = self.wall.as_secs_f64() * self.threads as f64;
        if capacity > 0.0 {
            d.as_secs_f64() / capacity
        } else {
            0.0
        }
    }
}

/// The number of threads `threads` means (0: all cores).
pub fn effective_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    } else {
        threads
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

impl Batch<'_> {
    /// The opening of a job as played: the book's opening under the job's symmetry.
    pub fn opening(&self, job: &Job) -> Vec<Pos> {
        self.openings[job.opening]
            .iter()
            .map(|&p| job.transform.apply(p, self.geometry))
            .collect()
    }

    /// Plays `jobs` on a pool of `opts.threads` workers and returns their journal lines,
    /// sorted by job index (only those played before a stop).
    pub fn play(&self, jobs: &[Job], opts: &PlayOptions<'_>) -> Result<BatchResult, RunnerError> {
        if let Some(job) = jobs.iter().find(|j| {
            j.black.max(j.white) >= self.participants.len()
                || j.black == j.white
                || j.opening >= self.openings.len()
        }) {
            return Err(RunnerError::UnknownJobPlayer(job.index));
        }
        let threads = effective_threads(opts.threads).min(jobs.len().max(1));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("gomoku-worker-{i}"))
            .build()
            .map_err(RunnerError::ThreadPool)?;
        let next = AtomicUsize::new(0);
        let lines = Mutex::new(Vec::with_capacity(jobs.len()));
        let first_error: Mutex<Option<RunnerError>> = Mutex::new(None);
        // A journal that cannot be written, or a fatal fault, stops every worker.
        let halted = AtomicBool::new(false);
        let think_ns = AtomicU64::new(0);
        let reset_ns = AtomicU64::new(0);
        let stopped = || {
            halted.load(Ordering::Relaxed) || opts.stop.is_some_and(|s| s.load(Ordering::Relaxed))
        };
        let start = Instant::now();
        pool.scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| {
                    let mut players: Vec<Option<Box<dyn Player>>> =
                        (0..self.participants.len()).map(|_| None).collect();
                    while !stopped() {
                        let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let record = self.play_job(job, &mut players);
                        think_ns.fetch_add(record.think.as_nanos() as u64, Ordering::Relaxed);
                        reset_ns.fetch_add(record.reset.as_nanos() as u64, Ordering::Relaxed);
                        let names = [
                            self.participants[job.black].name.as_str(),
                            self.participants[job.white].name.as_str(),
                        ];
                        let halt = |e: RunnerError| {
                            halted.store(true, Ordering::Relaxed);
                            first_error
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                        };
                        if opts.fatal_faults
                            && record
                                .fault
                                .as_ref()
                                .is_some_and(|f| f.is_crash_or_timeout())
                        {
                            halt(RunnerError::FatalFault {
                                game: job.index + 1,
                                black: names[0].to_string(),
                                white: names[1].to_string(),
                                message: record.message.unwrap_or_default(),
                            });
                            break;
                        }
                        let line = JournalLine::new(self.run, job, names, &record);
                        if let Some(journal) = opts.journal
                            && let Err(e) = journal.append(&line)
                        {
                            halt(e);
                            break;
                        }
                        if let Some(obs) = opts.observer {
                            obs.game_finished(&line);
                        }
                        lines.lock().unwrap_or_else(|e| e.into_inner()).push(line);
                    }
                });
            }
        });
        if let Some(e) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        let mut lines = lines.into_inner().unwrap_or_else(|e| e.into_inner());
        lines.sort_by_key(|l| l.job);
        Ok(BatchResult {
            interrupted: lines.len() < jobs.len(),
            lines,
            threads,
            wall: start.elapsed(),
            think: Duration::from_nanos(think_ns.into_inner()),
            reset: Duration::from_nanos(reset_ns.into_inner()),
        })
    }

    /// Plays one job with the worker's players, building them on first use.
    fn play_job(&self, job: &Job, players: &mut [Option<Box<dyn Player>>]) -> GameRecord {
        let opening = self.opening(job);
        let build_start = Instant::now();
        let mut built = false;
        for idx in [job.black, job.white] {
            if players[idx].is_some() {
                continue;
            }
            let name = &self.participants[idx].name;
            match catch_unwind(AssertUnwindSafe(|| (self.participants[idx].factory)())) {
                Ok(Ok(p)) => {
                    players[idx] = Some(p);
                    built = true;
                }
                Ok(Err(e)) => {
                    return GameRecord::failed(opening, format!("cannot build {name}: {e}"));
                }
                Err(payload) => {
                    return GameRecord::failed(
                        opening,
                        format!("panic building {name}: {}", panic_message(&*payload)),
                    );
                }
            }
        }
        let build = if built {
            build_start.elapsed()
        } else {
            Duration::ZERO
        };
        let (b, w) = two_mut(players, job.black, job.white);
        let (Some(b), Some(w)) = (b.as_deref_mut(), w.as_deref_mut()) else {
            unreachable!("both players were built above");
        };
        let mut rng = job_rng(self.seed, job.index);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            play_game(
                [b, w],
                &opening,
                self.geometry,
                self.rule,
                self.control,
                self.move_cap,
                &mut rng,
            )
        }));
        match outcome {
            Ok(mut record) => {
                record.reset += build;
                record
            }
            Err(payload) => {
                players[job.black] = None;
                players[job.white] = None;
                GameRecord::failed(opening, format!("panic: {}", panic_message(&*payload)))
            }
        }
    }
}

/// The message of a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Two distinct elements of a slice, mutably.
fn two_mut<T>(v: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    assert_ne!(a, b, "a player cannot play itself");
    if a < b {
        let (x, y) = v.split_at_mut(b);
        (&mut x[a], &mut y[0])
    } else {
        let (x, y) = v.split_at_mut(a);
        (&mut y[0], &mut x[b])
    }
}

/// Whether a game ended by a player's fault (it lost without the board deciding).
pub fn is_forfeit(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::IllegalMove
            | Reason::Forbidden
            | Reason::TimeForfeit
            | Reason::Crash
            | Reason::Garbage
    )
}

/// Forfeits by player and reason: each game lost by a crash, a loss on time, an illegal or
/// forbidden move or a garbage answer counts once for the player at fault (the loser).
pub fn forfeits<'a>(
    lines: impl IntoIterator<Item = &'a JournalLine>,
) -> BTreeMap<(String, Reason), usize> {
    let mut out = BTreeMap::new();
    for l in lines.into_iter().filter(|l| is_forfeit(l.reason)) {
        let loser = match l.result {
            Some(crate::GameResult::Black) => &l.white,
            Some(crate::GameResult::White) => &l.black,
            _ => continue,
        };
        *out.entry((loser.clone(), l.reason)).or_insert(0) += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn threads_are_bounded() {
        assert_eq!(super::parse_threads("1"), Ok(1));
        assert_eq!(super::parse_threads("1024"), Ok(1024));
        for bad in ["0", "1025", "100000", "-1", "two"] {
            assert!(super::parse_threads(bad).is_err(), "{bad}");
        }
    }
}
