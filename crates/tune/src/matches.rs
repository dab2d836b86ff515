//! The games of a tuning step, played by the match layer. Every game a tuning run plays (an
//! iteration's match, Texel's self-play collection, the confirmation) is a [`Step`]: a small
//! tournament, one round over a book made for it, whose pair `p` plays opening `p` of that
//! book with both colours under the pair's symmetry. The book is the run's openings cycled
//! from an offset, so an iteration's pairs continue where the previous iteration's stopped,
//! and the schedule is exactly [`gomoku_runner::pair_jobs`]'s. The tournament goes through
//! [`gomoku_runner::run_tournament`], hence [`gomoku_runner::Batch::play`]: in memory, into a
//! run directory, or one shard of it, and a step's shards merge with
//! [`gomoku_runner::merge_runs`] exactly as a tournament's do.
//!
//! Randomness: iteration `k`'s games use the seed [`iteration_seed`] (`batch_seed(seed, k)`),
//! its other draws (a candidate, a perturbation, stochastic rounding) the generator
//! [`iteration_draws`]; the collection, the validation split and the confirmation have batch
//! numbers of their own. A game thus depends on the run seed, the step and its job index only.

use crate::TuneError;
use gomoku_board::Pos;
use gomoku_board::opening::{BookFormat, Opening};
use gomoku_config::run::{
    BoardConfig, BookConfig, Pairing, PlayerRecord, RUN_CONFIG_VERSION, RunConfig, RunKind,
};
use gomoku_config::tournament::file_name;
use gomoku_config::tune::{OpeningRange, TuneConfig};
use gomoku_runner::journal::{JOURNAL_FILE, read_journal};
use gomoku_runner::tournament::RunSummary;
use gomoku_runner::{
    JournalLine, MergeOptions, Observer, OpenMode, RunOptions, TournamentSpec, batch_seed, job_rng,
    merge_runs, run_tournament,
};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes per move at most (typical depth-4 moves need a few thousand): a few positions make
/// the search explode to hundreds of millions of nodes, which would stall a whole tuning run
/// on one move; a node cap, unlike a time cap, keeps the games deterministic.
pub const NODE_CAP: u64 = 2_000_000;

/// The batch number of Texel's self-play collection.
pub const COLLECT_BATCH: u64 = 1 << 40;
/// The batch number of Texel's split of the games into training and validation.
pub const SPLIT_BATCH: u64 = COLLECT_BATCH + 1;
/// The batch number of the confirmation match.
pub const CONFIRM_BATCH: u64 = COLLECT_BATCH + 2;
/// Iteration `k`'s draws use batch `DRAW_BATCH + k`, apart from its games' batch `k`.
const DRAW_BATCH: u64 = 1 << 32;

/// The seed of iteration `k`'s games.
pub fn iteration_seed(seed: u64, k: u32) -> u64 {
    batch_seed(seed, u64::from(k))
}

/// The generator of iteration `k`'s draws other than its games: a function of the run seed
/// and `k` alone, so an iteration replays exactly after a resume or on another machine.
pub fn iteration_draws(seed: u64, k: u32) -> ChaCha8Rng {
    job_rng(batch_seed(seed, DRAW_BATCH + u64::from(k)), 0)
}

/// Where a step's openings come from: a slice of a book, cycled from `offset`.
#[derive(Clone, Copy, Debug)]
pub struct BookSlice<'a> {
    /// The openings of the slice.
    pub openings: &'a [Opening],
    /// The slice as the tuning file names it.
    pub range: &'a OpeningRange,
    /// The book's notation.
    pub format: BookFormat,
    /// Pair `p` plays opening `(offset + p) mod len`.
    pub offset: usize,
}

/// The games of one step: a one-round tournament of its players over its own book.
#[derive(Clone, Debug)]
pub struct Step {
    /// The step's directory name (`collect`, `iteration-0003`, `confirmation`).
    pub name: String,
    /// The tournament (its config is the step's `run.json`).
    pub spec: TournamentSpec,
}

/// What a step plays.
#[derive(Clone, Debug)]
pub struct StepSpec<'a> {
    /// The step's directory name.
    pub name: String,
    /// What kind of run its `run.json` records.
    pub kind: RunKind,
    /// The players, by index (player 0 is Black in the first game of every pair).
    pub players: Vec<PlayerRecord>,
    /// The openings.
    pub book: BookSlice<'a>,
    /// Game pairs per pair of players.
    pub pairs: usize,
    /// The seed of its games.
    pub seed: u64,
}

impl Step {
    /// The step of a tuning configuration.
    pub fn new(cfg: &TuneConfig, s: StepSpec<'_>) -> Result<Step, TuneError> {
        let n = s.book.openings.len();
        if n == 0 || s.pairs == 0 {
            return Err(TuneError::EmptyStep(s.name));
        }
        let openings: Vec<Vec<Pos>> = (0..s.pairs)
            .map(|p| s.book.openings[(s.book.offset + p) % n].moves.clone())
            .collect();
        let config = RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: s.kind,
            name: format!("{} {}", cfg.file.name, s.name),
            players: s.players,
            pairing: Pairing::RoundRobin,
            board: BoardConfig::new(cfg.geometry, cfg.rule),
            book: BookConfig {
                file: file_name(&s.book.range.file),
                format: s.book.format.name().to_string(),
                count: s.pairs,
                first: s.book.range.range.0 + s.book.offset % n,
                transform: true,
            },
            rounds: 1,
            time_control: cfg.file.time_control,
            seed: s.seed,
            move_cap: cfg.file.move_cap,
            sprt: None,
            node_cap: Some(NODE_CAP),
        };
        let participants = gomoku_runner::players::participants(&config)?;
        Ok(Step {
            name: s.name,
            spec: TournamentSpec {
                config,
                participants,
                openings,
            },
        })
    }

    /// The step's run hash.
    pub fn run_hash(&self) -> String {
        self.spec.run_info().run
    }

    /// Plays the whole step in memory on `threads` workers (0: all cores). With `enough`, the
    /// step may end early: it is called with player 0's scores in the whole pairs played so
    /// far from pair 0 (see [`game_pairs`]) and stops the step when it returns true. Returns
    /// the games, sorted by job, or `None` when `stop` ended the step before it was complete
    /// (or enough).
    pub fn play(
        &self,
        threads: usize,
        stop: Option<&AtomicBool>,
        enough: Option<&Enough<'_>>,
    ) -> Result<Option<Vec<JournalLine>>, TuneError> {
        let look = enough.map(|enough| Look {
            enough,
            scores: Mutex::new(vec![None; self.spec.schedule().len()]),
            stop: AtomicBool::new(false),
            user: stop,
        });
        let summary = run_tournament(
            &self.spec,
            &RunOptions {
                threads,
                stop: look.as_ref().map_or(stop, |l| Some(&l.stop)),
                observer: look.as_ref().map(|l| l as &dyn Observer),
                ..RunOptions::default()
            },
        )?;
        let usable = summary.complete() || enough.is_some_and(|e| e(&pair_scores(&summary.lines)));
        Ok(usable.then_some(summary.lines))
    }

    /// Plays the step (or shard `(i, n)` of it) into the run directory `dir`, continuing its
    /// journal: a shard killed or requeued picks up where it stopped.
    pub fn play_into(
        &self,
        dir: &Path,
        shard: Option<(usize, usize)>,
        threads: usize,
        stop: Option<&AtomicBool>,
    ) -> Result<RunSummary, TuneError> {
        Ok(run_tournament(
            &self.spec,
            &RunOptions {
                threads,
                output: Some(dir),
                mode: OpenMode {
                    resume: true,
                    force: false,
                },
                shard,
                stop,
                ..RunOptions::default()
            },
        )?)
    }

    /// Merges the shard directories found in `shards` (`shard-*`) into the run directory
    /// `out` and returns the step's games, sorted by job. Refuses shards of another step and a
    /// merge with missing games (naming them and their shards).
    pub fn merge(&self, shards: &Path, out: &Path) -> Result<Vec<JournalLine>, TuneError> {
        let mut dirs: Vec<PathBuf> = match std::fs::read_dir(shards) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().starts_with("shard-"))
                .map(|e| e.path())
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(TuneError::io(shards, e)),
        };
        dirs.sort();
        if dirs.is_empty() {
            return Err(TuneError::NoShards {
                dir: shards.to_path_buf(),
                step: self.name.clone(),
            });
        }
        // The output is this step's own directory, rewritten by a repeated merge.
        let report = merge_runs(out, &dirs, &MergeOptions { force: true })?;
        let expected = self.run_hash();
        if report.run != expected {
            return Err(TuneError::ForeignShards {
                dir: shards.to_path_buf(),
                found: report.run,
                step: self.name.clone(),
                expected,
            });
        }
        if !report.complete() {
            return Err(TuneError::MissingGames {
                step: self.name.clone(),
                missing: report.missing_summary(),
            });
        }
        Ok(read_journal(&out.join(JOURNAL_FILE))?.lines)
    }
}

/// Told player 0's scores in the whole pairs played so far; true ends the step.
pub type Enough<'a> = dyn Fn(&[[f64; 2]]) -> bool + Sync + 'a;

/// Ends a step once `enough` says so, or once the user's stop flag is set.
struct Look<'a> {
    enough: &'a Enough<'a>,
    /// Player 0's score per job, as games finish (in any order).
    scores: Mutex<Vec<Option<f64>>>,
    stop: AtomicBool,
    user: Option<&'a AtomicBool>,
}

impl Observer for Look<'_> {
    fn game_finished(&self, line: &JournalLine) {
        if self.user.is_some_and(|u| u.load(Ordering::Relaxed)) {
            self.stop.store(true, Ordering::Relaxed);
        }
        let mut scores = self.scores.lock().unwrap_or_else(|e| e.into_inner());
        scores[line.job] = Some(score_of(line, 0));
        let pairs: Vec<[f64; 2]> = scores
            .chunks(2)
            .map_while(|c| Some([c[0]?, c.get(1).copied().flatten()?]))
            .collect();
        if (self.enough)(&pairs) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Player `who`'s score in a game; a game that could not be played counts as a draw (it
/// says nothing about the two players' strength, and a tuning run should not stop on one).
pub fn score_of(line: &JournalLine, who: usize) -> f64 {
    let black = line.result.map_or(0.5, |r| r.black_score());
    if line.black_idx == who {
        black
    } else {
        1.0 - black
    }
}

/// The whole game pairs from job 0 on (jobs `2p` and `2p + 1`, the same opening with the
/// colours reversed), up to the first pair with a game missing: `(first, second, scores)`,
/// with `first` Black in the pair's first game and `scores` its two scores.
pub fn game_pairs(lines: &[JournalLine]) -> Vec<(usize, usize, [f64; 2])> {
    lines
        .chunks(2)
        .enumerate()
        .map_while(|(p, c)| {
            let [a, b] = c else { return None };
            (a.job == 2 * p && b.job == 2 * p + 1).then(|| {
                let first = a.black_idx;
                (first, a.white_idx, [score_of(a, first), score_of(b, first)])
            })
        })
        .collect()
}

/// Player 0's scores in the whole game pairs of `lines` (see [`game_pairs`]).
pub fn pair_scores(lines: &[JournalLine]) -> Vec<[f64; 2]> {
    game_pairs(lines).iter().map(|p| p.2).collect()
}

/// Wins minus losses of player 0 over `pairs` of its scores.
pub fn wins_minus_losses(pairs: &[[f64; 2]]) -> f64 {
    pairs.iter().flatten().map(|s| 2.0 * s - 1.0).sum()
}

/// Stones on the board at the end of each game.
pub fn game_lengths(lines: &[JournalLine]) -> Vec<u32> {
    lines
        .iter()
        .map(|l| (l.opening_moves.len() + l.moves.len()) as u32)
        .collect()
}

/// Counts as `[a, b, c]`.
pub fn counts(c: &[u64]) -> String {
    let list: Vec<String> = c.iter().map(u64::to_string).collect();
    format!("[{}]", list.join(", "))
}
