//! Verification of a book by self-play: every opening played `games_per_opening` times by one
//! engine against itself, and the first-mover (Black) score per opening and over the book.
//!
//! A verification is a run like any other: its games are a fixed job list played by the
//! match layer ([`gomoku_runner::Batch::play`]) into a run directory
//! ([`gomoku_runner::RunDir`]) whose typed `run.json` has the kind [`RunKind::Verify`]. So it
//! resumes, shards (`I/N` plays the jobs `i % N == I`) and merges
//! ([`gomoku_runner::merge_runs`]) exactly as a tournament does, and every figure is computed
//! from the journal lines alone.
//!
//! Job `i` plays opening `i % n` in round `i / n` (rounds nest openings, as in a tournament
//! schedule, so every shard gets a mix of the book). The engine is two players of identical
//! parameters, `black` (player 0, always the first mover) and `white`, so that each side keeps
//! its own engine state within a game and the standings of a verification run read as the
//! first mover's score. Games differ by the engine's tie-break margin, drawn from the job's
//! generator ([`gomoku_runner::job_rng`]).

use crate::OpeningsError;
use crate::book::Book;
use gomoku_board::notation::format_pos_moves;
use gomoku_board::opening::{Opening, write_pos_book};
use gomoku_board::{Geometry, Pos, Rule, Symmetry};
use gomoku_config::run::{
    BoardConfig, BookConfig, Pairing, PlayerRecord, RUN_CONFIG_VERSION, RunConfig, RunKind,
};
use gomoku_config::tournament::TimeControlSpec;
use gomoku_engine::EngineParams;
use gomoku_runner::journal::{JOURNAL_FILE, RUN_FILE, read_journal};
use gomoku_runner::{
    Batch, GameResult, Job, JournalLine, MergeOptions, MergeReport, Participant, RunInfo,
    RunOptions, RunSummary, TimeControl, merge_runs, run_jobs,
};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The names of the two players of a verification: the engine as the first mover, and as
/// the second.
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// How to verify a book.
#[derive(Clone, Debug)]
pub struct VerifyParams {
    /// Board shape.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// Games per opening (the engine plays both sides; the tie-break margin varies games).
    pub games_per_opening: u32,
    /// Tie-break margin for the engine, so repeated games of an opening differ.
    pub tie_break_margin: i32,
    /// Flag openings whose Black score is further than this from 0.5 (read from the games
    /// afterwards, so not part of the run).
    pub lopsided: f64,
    /// Draw after this many stones (None: only a full board).
    pub move_cap: Option<usize>,
    /// Run seed.
    pub seed: u64,
}

/// A book, an engine and the options of its verification: the run and its players.
pub struct Verification {
    info: RunInfo,
    book: Book,
    moves: Vec<Vec<Pos>>,
    participants: Vec<Participant>,
    params: VerifyParams,
}

impl Verification {
    /// The verification of `book` by `engine` (its tie-break margin and threads are set here:
    /// one search thread per game, the work is spread over games).
    pub fn new(
        book: Book,
        params: VerifyParams,
        engine: &EngineParams,
    ) -> Result<Verification, OpeningsError> {
        if book.openings.is_empty() || params.games_per_opening == 0 {
            return Err(OpeningsError::Param(format!(
                "nothing to verify: {} openings, {} games per opening",
                book.openings.len(),
                params.games_per_opening
            )));
        }
        let mut engine = engine.clone();
        engine.tie_break_margin = params.tie_break_margin;
        engine.threads = 1;
        engine.validate()?;
        let g = params.geometry;
        let config = RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: RunKind::Verify {
                games_per_opening: params.games_per_opening,
            },
            name: format!("verify {}", book.path.display()),
            players: PLAYERS.map(|n| PlayerRecord::engine(n, &engine)).to_vec(),
            pairing: Pairing::RoundRobin,
            board: BoardConfig::new(g, params.rule),
            book: BookConfig {
                file: book.path.display().to_string(),
                format: book.format.name().to_string(),
                count: book.openings.len(),
                first: 0,
                transform: false,
            },
            rounds: params.games_per_opening,
            time_control: TimeControlSpec::EngineDefault,
            seed: params.seed,
            move_cap: params.move_cap,
            sprt: None,
            node_cap: None,
        };
        let moves: Vec<Vec<Pos>> = book.openings.iter().map(|o| o.moves.clone()).collect();
        let jobs = moves.len() * params.games_per_opening as usize;
        let info = RunInfo::new(config, &moves, jobs);
        let participants = gomoku_runner::players::participants(&info.config)?;
        Ok(Verification {
            info,
            book,
            moves,
            participants,
            params,
        })
    }

    /// The unsharded run's `run.json` (its hash is every shard's).
    pub fn info(&self) -> &RunInfo {
        &self.info
    }

    /// The book verified.
    pub fn openings(&self) -> &[Opening] {
        &self.book.openings
    }

    /// Every job: opening `i % n` in round `i / n`, the engine as `black` against itself.
    pub fn jobs(&self) -> Vec<Job> {
        let n = self.moves.len();
        (0..self.info.jobs)
            .map(|index| Job {
                index,
                round: (index / n) as u32,
                pair: 0,
                opening: index % n,
                black: 0,
                white: 1,
                transform: Symmetry::Identity,
            })
            .collect()
    }

    /// Plays the jobs of the shard not yet journaled (all of them without an output directory
    /// or `resume`) and returns every game of the shard, as a tournament run does.
    pub fn play(&self, opts: &RunOptions<'_>) -> Result<RunSummary, OpeningsError> {
        let batch = Batch {
            run: &self.info.run,
            participants: &self.participants,
            openings: &self.moves,
            geometry: self.params.geometry,
            rule: self.params.rule,
            control: TimeControl::EngineDefault,
            move_cap: self.params.move_cap,
            seed: self.params.seed,
        };
        Ok(run_jobs(&self.info, &batch, self.jobs(), opts)?)
    }

    /// Merges the run directories of shards of this verification into `out` (the runner's
    /// merge, as for tournament shards) and returns the merge and the merged games. Every
    /// input must be a shard of this book and these options: another run is refused before
    /// anything is written.
    pub fn merge(
        &self,
        out: &Path,
        dirs: &[PathBuf],
        force: bool,
    ) -> Result<(MergeReport, Vec<JournalLine>), OpeningsError> {
        for dir in dirs.iter().filter(|d| d.join(RUN_FILE).is_file()) {
            let found = RunInfo::load(dir)?.run;
            if found != self.info.run {
                return Err(OpeningsError::ForeignRun {
                    dir: dir.clone(),
                    found,
                    expected: self.info.run.clone(),
                });
            }
        }
        let report = merge_runs(out, dirs, &MergeOptions { force })?;
        let lines = read_journal(&out.join(JOURNAL_FILE))?.lines;
        Ok((report, lines))
    }

    /// The per-opening counts and book-level figures of `lines` (games of this verification,
    /// each once, of any shards).
    pub fn report(&self, lines: &[JournalLine]) -> VerifyReport {
        tally(self.moves.len(), lines, self.params.lopsided)
    }

    /// The per-opening table: index (from 1), games, B / W / D, first-mover score, moves.
    pub fn table(&self, report: &VerifyReport) -> String {
        let mut out = format!(
            "{:>5}  {:>5}  {:>4} {:>4} {:>4}  {:>6}  opening\n",
            "#", "games", "B", "W", "D", "score"
        );
        for s in &report.openings {
            let moves = format_pos_moves(&self.book.openings[s.index].moves).unwrap_or_default();
            // Writing to a String cannot fail.
            let _ = writeln!(
                out,
                "{:>5}  {:>5}  {:>4} {:>4} {:>4}  {:>6.3}  {moves}",
                s.index + 1,
                s.games,
                s.black_wins,
                s.white_wins,
                s.draws,
                s.first_mover_score()
            );
        }
        out
    }

    /// The closing line: games, first-mover score, B / W / D, spread and lopsided openings.
    pub fn summary(&self, report: &VerifyReport, seconds: f64) -> String {
        let (games, b, w, d) = report.totals();
        format!(
            "{} openings, {games} games in {seconds:.1} s: first-mover (Black) score {:.3} (B {b} / W {w} / D {d}), per-opening spread (sd) {:.3}, {} lopsided (|score - 0.5| > {})",
            self.moves.len(),
            report.overall,
            report.spread,
            report.lopsided.len(),
            self.params.lopsided
        )
    }

    /// The book without its lopsided openings, with a header that says how it was pruned,
    /// and the number of openings kept.
    pub fn pruned_book(&self, report: &VerifyReport) -> Result<(usize, String), OpeningsError> {
        let keep: Vec<Opening> = self
            .book
            .openings
            .iter()
            .enumerate()
            .filter(|(i, _)| !report.lopsided.contains(i))
            .map(|(_, o)| o.clone())
            .collect();
        let p = &self.params;
        let header = format!(
            "pruned from {} by: gomoku-arena openings verify --games-per-opening {} --tie-break {} --lopsided {} --seed {}\nkept {} of {} openings",
            self.book.path.display(),
            p.games_per_opening,
            p.tie_break_margin,
            p.lopsided,
            p.seed,
            keep.len(),
            self.book.openings.len()
        );
        Ok((keep.len(), write_pos_book(&keep, &header)?))
    }
}

/// Play statistics of one opening.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpeningStats {
    /// Index of the opening in the book.
    pub index: usize,
    /// Games played.
    pub games: u32,
    /// Black (first mover) wins.
    pub black_wins: u32,
    /// White wins.
    pub white_wins: u32,
    /// Draws.
    pub draws: u32,
    /// Games that failed.
    pub failed: u32,
}

impl OpeningStats {
    /// Black's score: (wins + draws/2) / games.
    pub fn first_mover_score(&self) -> f64 {
        let n = self.black_wins + self.white_wins + self.draws;
        if n == 0 {
            return 0.5;
        }
        (self.black_wins as f64 + 0.5 * self.draws as f64) / n as f64
    }
}

/// The result of verifying a book.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// Per opening, in book order.
    pub openings: Vec<OpeningStats>,
    /// Black's score over every game of the book.
    pub overall: f64,
    /// Standard deviation of the per-opening scores.
    pub spread: f64,
    /// Indices of openings whose first-mover score is outside `0.5 ± lopsided`.
    pub lopsided: Vec<usize>,
}

impl VerifyReport {
    /// Games, Black wins, White wins and draws over the book (failed games count as games).
    pub fn totals(&self) -> (u32, u32, u32, u32) {
        self.openings.iter().fold((0, 0, 0, 0), |(n, b, w, d), s| {
            (n + s.games, b + s.black_wins, w + s.white_wins, d + s.draws)
        })
    }
}

/// The per-opening counts and book-level figures of journaled games (of any shards, each game
/// once) for a book of `n_openings`. Lines naming an opening outside the book are ignored
/// (a run directory's hash already ties its lines to the book).
pub fn tally(n_openings: usize, lines: &[JournalLine], lopsided: f64) -> VerifyReport {
    let mut stats: Vec<OpeningStats> = (0..n_openings)
        .map(|index| OpeningStats {
            index,
            ..OpeningStats::default()
        })
        .collect();
    for l in lines {
        let Some(s) = stats.get_mut(l.opening) else {
            continue;
        };
        s.games += 1;
        match l.result {
            Some(GameResult::Black) => s.black_wins += 1,
            Some(GameResult::White) => s.white_wins += 1,
            Some(GameResult::Draw) => s.draws += 1,
            None => s.failed += 1,
        }
    }
    summarize(stats, lopsided)
}

/// Builds the book-level figures from per-opening counts.
pub fn summarize(openings: Vec<OpeningStats>, lopsided: f64) -> VerifyReport {
    let (mut points, mut games) = (0.0, 0u32);
    for s in &openings {
        points += s.black_wins as f64 + 0.5 * s.draws as f64;
        games += s.black_wins + s.white_wins + s.draws;
    }
    let overall = if games == 0 {
        0.5
    } else {
        points / games as f64
    };
    let scores: Vec<f64> = openings.iter().map(|s| s.first_mover_score()).collect();
    let mean = scores.iter().sum::<f64>() / scores.len().max(1) as f64;
    let spread = (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>()
        / scores.len().max(1) as f64)
        .sqrt();
    let lopsided = openings
        .iter()
        .filter(|s| (s.first_mover_score() - 0.5).abs() > lopsided)
        .map(|s| s.index)
        .collect();
    VerifyReport {
        openings,
        overall,
        spread,
        lopsided,
    }
}
