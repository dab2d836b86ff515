//! Running a tournament: the schedule on a rayon pool, one set of players per worker, the
//! journal appended as games end, resume, shards, a stop flag, and panics caught per game.

use crate::RunnerError;
use crate::game::{GameRecord, play_game};
use crate::journal::{
    JOURNAL_FILE, Journal, JournalLine, RunInfo, SCHEMA_VERSION, fnv1a64, load_shard, read_journal,
    save_run_file, shard_name,
};
use crate::player::{Player, PlayerFactory, TimeControl};
use crate::schedule::{Job, Pairing, build_schedule, job_rng};
use gomoku_board::{Geometry, Pos, Rule};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
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

/// Everything that decides the games of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    /// Name (for reports).
    pub name: String,
    /// The players, by index.
    pub participants: Vec<Participant>,
    /// Who plays whom.
    pub pairing: Pairing,
    /// The opening book, each line already checked against board and rule.
    pub openings: Vec<Vec<Pos>>,
    /// Whether each opening pair gets a random symmetry of the board (from the seed).
    pub transform: bool,
    /// Rounds: each plays every opening in both colour orders for every pair.
    pub rounds: u32,
    /// Board shape.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// Time control.
    pub control: TimeControl,
    /// Draw when this many stones are on the board (opening included).
    pub move_cap: Option<usize>,
    /// The run seed.
    pub seed: u64,
    /// The normalized configuration (it must describe the players fully: their parameters
    /// enter the run hash only through it).
    pub config: serde_json::Value,
}

impl TournamentSpec {
    /// The full schedule.
    pub fn schedule(&self) -> Vec<Job> {
        build_schedule(
            self.participants.len(),
            &self.pairing,
            self.openings.len(),
            self.rounds,
            self.transform,
            self.geometry,
            self.seed,
        )
    }

    /// The run hash: FNV-1a of everything that decides the games.
    pub fn run_hash(&self) -> String {
        let key = serde_json::json!({
            "v": SCHEMA_VERSION,
            "config": self.config,
            "seed": self.seed,
            "players": self.participants.iter().map(|p| &p.name).collect::<Vec<_>>(),
            "pairing": format!("{:?}", self.pairing),
            "openings": self.openings.iter()
                .map(|o| o.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "transform": self.transform,
            "rounds": self.rounds,
            "geometry": [self.geometry.width, self.geometry.height, self.geometry.k],
            "rule": self.rule.name(),
            "control": format!("{:?}", self.control),
            "move_cap": self.move_cap,
        });
        format!("{:016x}", fnv1a64(key.to_string().as_bytes()))
    }

    /// The content of `run.json`.
    pub fn run_info(&self) -> RunInfo {
        RunInfo {
            v: SCHEMA_VERSION,
            run: self.run_hash(),
            name: self.name.clone(),
            players: self.participants.iter().map(|p| p.name.clone()).collect(),
            width: self.geometry.width,
            height: self.geometry.height,
            k: self.geometry.k,
            rule: self.rule.name().to_string(),
            jobs: self.schedule().len(),
            rounds: self.rounds,
            seed: self.seed,
            config: self.config.clone(),
        }
    }

    fn validate(&self) -> Result<(), RunnerError> {
        if self.participants.len() < 2 {
            return Err(RunnerError::Invalid(
                "a tournament needs at least two participants".into(),
            ));
        }
        let mut seen = HashSet::new();
        for p in &self.participants {
            if !seen.insert(p.name.as_str()) {
                return Err(RunnerError::Invalid(format!(
                    "two participants are named '{}'",
                    p.name
                )));
            }
        }
        if let Pairing::Gauntlet(c) = &self.pairing
            && c.iter().any(|&i| i >= self.participants.len())
        {
            return Err(RunnerError::Invalid(
                "a gauntlet candidate index is out of range".into(),
            ));
        }
        if self.openings.is_empty() {
            return Err(RunnerError::Invalid("the opening book is empty".into()));
        }
        Ok(())
    }
}

/// Told about the progress of a run (called from worker threads).
pub trait Observer: Sync {
    /// The run starts: `total` jobs in this shard, of which `done` are already journaled.
    fn started(&self, _total: usize, _done: &[JournalLine]) {}
    /// A game was journaled.
    fn game_finished(&self, _line: &JournalLine) {}
    /// The run ends (all jobs done, or stopped).
    fn finished(&self, _summary: &RunSummary) {}
}

/// How to run.
#[derive(Clone, Default)]
pub struct RunOptions<'a> {
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Output directory for `run.json` and `games.jsonl`; `None` keeps the games in memory.
    pub output: Option<PathBuf>,
    /// Continue the journal in `output`: skip finished jobs, append the rest.
    pub resume: bool,
    /// Play only the jobs with `index % n == i` (shard `(i, n)`). The split is striped rather
    /// than contiguous blocks because the schedule nests rounds, openings and pairs: a block
    /// would give one shard a few openings (or one round) and another shard others, with
    /// different game lengths and players of different speeds; stripes give every shard a fair
    /// mix of pairs, colours and openings, so shards take about the same time, any `n` works
    /// with any schedule length, and each shard's games are spread over the whole schedule
    /// (an early look at one shard already covers every pair). The shard's `run.json` records
    /// `(i, n)` and the run hash of the unsharded run; the jobs, openings and per-job seeds
    /// are the unsharded run's, so `crate::merge::merge_runs` rebuilds that run exactly.
    pub shard: Option<(usize, usize)>,
    /// When set, no new job starts; running games finish and are journaled.
    pub stop: Option<Arc<AtomicBool>>,
    /// Progress reports.
    pub observer: Option<&'a dyn Observer>,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct RunSummary {
    /// Every journaled game of this run and shard (resumed ones included), by job index.
    pub lines: Vec<JournalLine>,
    /// Jobs of this shard.
    pub total: usize,
    /// Jobs found finished in the journal at the start.
    pub resumed: usize,
    /// Jobs played now.
    pub played: usize,
    /// Whether the stop flag ended the run early.
    pub interrupted: bool,
    /// Threads used.
    pub threads: usize,
    /// Wall time of the games played now.
    pub wall: Duration,
    /// The players' thinking time summed over the games played now (their `choose_move`).
    pub think: Duration,
    /// The players' reset time summed over the games played now (their `new_game`: engines
    /// clear their transposition tables there).
    pub reset: Duration,
}

impl RunSummary {
    /// Whether every job of the shard has a journal line.
    pub fn complete(&self) -> bool {
        self.lines.len() == self.total
    }

    /// The share of worker time spent neither thinking nor resetting players (the runner's
    /// own work and idle workers): 1 - (think + reset) / (wall x threads).
    pub fn overhead(&self) -> f64 {
        let capacity = self.wall.as_secs_f64() * self.threads as f64;
        if capacity <= 0.0 {
            0.0
        } else {
            1.0 - (self.think + self.reset).as_secs_f64() / capacity
        }
    }

    /// The share of worker time spent in the players' `new_game` (clearing tables).
    pub fn reset_share(&self) -> f64 {
        let capacity = self.wall.as_secs_f64() * self.threads as f64;
        if capacity <= 0.0 {
            0.0
        } else {
            self.reset.as_secs_f64() / capacity
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
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
    assert_ne!(a, b);
    if a < b {
        let (x, y) = v.split_at_mut(b);
        (&mut x[a], &mut y[0])
    } else {
        let (x, y) = v.split_at_mut(a);
        (&mut y[0], &mut x[b])
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

/// Runs a tournament: plays the jobs of the shard not yet journaled, on `threads` workers,
/// and returns every journaled game of the shard. Each game uses its own generator seeded
/// from (seed, job index) and players reset by `new_game`, so the games do not depend on the
/// number of threads, the order jobs run in, or interruptions.
pub fn run_tournament(
    spec: &TournamentSpec,
    opts: &RunOptions<'_>,
) -> Result<RunSummary, RunnerError> {
    spec.validate()?;
    let info = spec.run_info();
    let run = info.run.clone();
    let mut schedule = spec.schedule();
    if let Some((i, n)) = opts.shard {
        if n == 0 || i >= n {
            return Err(RunnerError::Invalid(format!(
                "shard {i}/{n}: need 0 <= i < n"
            )));
        }
        schedule.retain(|j| j.index % n == i);
    }
    let total = schedule.len();
    let mut done: Vec<JournalLine> = Vec::new();
    let journal = match &opts.output {
        None => None,
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| RunnerError::io(dir, e))?;
            let path = dir.join(JOURNAL_FILE);
            let contents = read_journal(&path)?;
            if !opts.resume && !contents.lines.is_empty() {
                return Err(RunnerError::JournalExists(path));
            }
            if opts.resume {
                if let Some(bad) = contents.lines.iter().find(|l| l.run != run) {
                    return Err(RunnerError::RunMismatch {
                        path,
                        found: bad.run.clone(),
                        expected: run,
                    });
                }
                if !contents.lines.is_empty() {
                    // A run.json without a shard (a whole run, a merged run, or a shard
                    // journaled before shards were recorded) resumes as a shard only if
                    // every game in it belongs to that shard.
                    let recorded = load_shard(dir)?;
                    let mismatch = match (recorded, opts.shard) {
                        (Some(r), asked) => Some(r) != asked,
                        (None, Some((i, n))) => contents.lines.iter().any(|l| l.job % n != i),
                        (None, None) => false,
                    };
                    if mismatch {
                        return Err(RunnerError::Invalid(format!(
                            "{}: this directory holds {}, but {} was asked for; resume it with the same --shard (none for a whole or merged run)",
                            dir.display(),
                            match recorded {
                                Some(_) => format!("shard {}", shard_name(recorded)),
                                None => "games of several shards".to_string(),
                            },
                            match opts.shard {
                                Some(_) => format!("shard {}", shard_name(opts.shard)),
                                None => "the whole run".to_string(),
                            }
                        )));
                    }
                }
                let wanted: HashSet<usize> = schedule.iter().map(|j| j.index).collect();
                let mut seen = HashSet::new();
                done = contents
                    .lines
                    .into_iter()
                    .filter(|l| wanted.contains(&l.job) && seen.insert(l.job))
                    .collect();
            }
            save_run_file(dir, &info, opts.shard)?;
            Some(Journal::open(dir, contents.valid_len, !opts.resume)?)
        }
    };
    let finished: HashSet<usize> = done.iter().map(|l| l.job).collect();
    let todo: Vec<Job> = schedule
        .into_iter()
        .filter(|j| !finished.contains(&j.index))
        .collect();
    if let Some(obs) = opts.observer {
        obs.started(total, &done);
    }
    let resumed = done.len();
    let threads = effective_threads(opts.threads).min(todo.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("gomoku-worker-{i}"))
        .build()
        .map_err(|e| RunnerError::Invalid(format!("cannot start the thread pool: {e}")))?;

    let next = AtomicUsize::new(0);
    let lines = Mutex::new(done);
    let first_error: Mutex<Option<RunnerError>> = Mutex::new(None);
    let failed_io = AtomicBool::new(false);
    let think_ns = AtomicU64::new(0);
    let reset_ns = AtomicU64::new(0);
    let played = AtomicUsize::new(0);
    let stopped = || {
        failed_io.load(Ordering::Relaxed)
            || opts
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    let names: Vec<&str> = spec.participants.iter().map(|p| p.name.as_str()).collect();
    let start = Instant::now();
    pool.scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| {
                let mut players: Vec<Option<Box<dyn Player>>> =
                    (0..spec.participants.len()).map(|_| None).collect();
                loop {
                    if stopped() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = todo.get(i) else { break };
                    let opening: Vec<Pos> = spec.openings[job.opening]
                        .iter()
                        .map(|&p| job.transform.apply(p, spec.geometry))
                        .collect();
                    let record = play_job(spec, job, &opening, &mut players);
                    think_ns.fetch_add(record.think.as_nanos() as u64, Ordering::Relaxed);
                    reset_ns.fetch_add(record.reset.as_nanos() as u64, Ordering::Relaxed);
                    let line =
                        JournalLine::new(&run, job, [names[job.black], names[job.white]], &record);
                    if let Some(j) = &journal
                        && let Err(e) = j.append(&line)
                    {
                        failed_io.store(true, Ordering::Relaxed);
                        first_error
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .get_or_insert(e);
                        break;
                    }
                    played.fetch_add(1, Ordering::Relaxed);
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
    let summary = RunSummary {
        interrupted: lines.len() < total,
        lines,
        total,
        resumed,
        played: played.into_inner(),
        threads,
        wall: start.elapsed(),
        think: Duration::from_nanos(think_ns.into_inner()),
        reset: Duration::from_nanos(reset_ns.into_inner()),
    };
    if let Some(obs) = opts.observer {
        obs.finished(&summary);
    }
    Ok(summary)
}

/// Plays one job with the worker's players, building them on first use; a panic (or a
/// player that cannot be built) gives a failed record, and the players involved are
/// rebuilt for the next job.
fn play_job(
    spec: &TournamentSpec,
    job: &Job,
    opening: &[Pos],
    players: &mut [Option<Box<dyn Player>>],
) -> GameRecord {
    let build_start = Instant::now();
    let mut built = false;
    for idx in [job.black, job.white] {
        if players[idx].is_none() {
            match catch_unwind(AssertUnwindSafe(|| (spec.participants[idx].factory)())) {
                Ok(Ok(p)) => {
                    players[idx] = Some(p);
                    built = true;
                }
                Ok(Err(e)) => {
                    return GameRecord::failed(
                        opening.to_vec(),
                        format!("cannot build {}: {e}", spec.participants[idx].name),
                    );
                }
                Err(payload) => {
                    return GameRecord::failed(
                        opening.to_vec(),
                        format!(
                            "panic building {}: {}",
                            spec.participants[idx].name,
                            panic_message(&*payload)
                        ),
                    );
                }
            }
        }
    }
    let build = if built {
        build_start.elapsed()
    } else {
        Duration::ZERO
    };
    let (b, w) = two_mut(players, job.black, job.white);
    let (b, w) = (
        b.as_deref_mut().expect("built"),
        w.as_deref_mut().expect("built"),
    );
    let mut rng = job_rng(spec.seed, job.index);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        play_game(
            [b, w],
            opening,
            spec.geometry,
            spec.rule,
            spec.control,
            spec.move_cap,
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
            GameRecord::failed(
                opening.to_vec(),
                format!("panic: {}", panic_message(&*payload)),
            )
        }
    }
}
