//! Balanced opening books, made and proven by the project.
//!
//! [`generate`] places random stones in a small central area, throws away positions with a
//! five-point, a four or a forced VCF for either side, searches the rest and keeps those whose
//! score for the side to move lies within a margin of zero (or can be brought there by one or
//! two balancing moves, as Rapfi's generator does), deduplicated under the board symmetries.
//! Attempt `i` draws from a ChaCha stream seeded by `(seed, i)` and attempts are accepted in
//! index order, so a book is the same for a seed on any number of threads.
//!
//! [`verify`] plays every opening several times with an engine against itself and reports the
//! first-mover (Black) score per opening and over the book. Its games are a fixed job list
//! ([`verify_jobs`]), so [`verify_games`] can play one shard of it and [`tally`] can sum the
//! games of several shards.
#![deny(missing_docs)]

use gomoku_board::opening::{Opening, OpeningKey};
use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits, SearchResult};
use gomoku_runner::engine_player::EnginePlayer;
use gomoku_runner::game::{GameResult, play_game};
use gomoku_runner::player::TimeControl;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::ops::RangeInclusive;
use thiserror::Error;

/// Why a book could not be made or verified.
#[derive(Debug, Error)]
pub enum OpeningsError {
    /// The engine parameters are invalid.
    #[error("engine: {0}")]
    Engine(#[from] EngineError),
    /// A parameter is out of range.
    #[error("{0}")]
    Param(String),
    /// The attempt budget ran out before the book was full.
    #[error(
        "only {found} of {wanted} openings found in {attempts} attempts; widen the margin or the area"
    )]
    Exhausted {
        /// Openings found.
        found: usize,
        /// Openings asked for.
        wanted: usize,
        /// Attempts made.
        attempts: u64,
    },
}

/// How to generate a book.
#[derive(Clone, Debug)]
pub struct GenerateParams {
    /// Board shape.
    pub geometry: Geometry,
    /// Rule (renju books never contain a forbidden move for Black).
    pub rule: Rule,
    /// Openings wanted.
    pub count: usize,
    /// Stones per opening (before balancing moves).
    pub stones: RangeInclusive<usize>,
    /// Stones are placed within this Chebyshev distance of the centre.
    pub area: usize,
    /// Search depth of the balance check.
    pub depth: u32,
    /// Keep openings whose score for the side to move is within `±margin`.
    pub margin: i32,
    /// Balancing moves allowed after the random stones (0, 1 or 2).
    pub balance_moves: usize,
    /// The side to move in every opening, if fixed. Freestyle's first-move advantage is
    /// a tempo that a shallow search underrates: books with White to move (an extra Black
    /// stone) play far closer to even than books with Black to move.
    pub to_move: Option<Color>,
    /// Fours allowed in the VCF check of each side.
    pub vcf_depth: u32,
    /// The run seed.
    pub seed: u64,
    /// Give up after this many attempts.
    pub max_attempts: u64,
}

impl GenerateParams {
    /// Freestyle 15x15 defaults: 3 to 6 stones within 3 of the centre, depth 4, margin 150.
    pub fn new(geometry: Geometry, rule: Rule, count: usize, seed: u64) -> GenerateParams {
        GenerateParams {
            geometry,
            rule,
            count,
            stones: 3..=6,
            area: 3,
            depth: 4,
            margin: 150,
            balance_moves: 0,
            to_move: Some(Color::White),
            vcf_depth: 10,
            seed,
            max_attempts: 200 * count as u64 + 1000,
        }
    }

    fn check(&self) -> Result<(), OpeningsError> {
        let g = self.geometry;
        let side = 2 * self.area + 1;
        if side > g.width || side > g.height {
            return Err(OpeningsError::Param(format!(
                "area {} (a {side}x{side} square) does not fit the {g} board",
                self.area
            )));
        }
        if self.stones.is_empty()
            || *self.stones.start() == 0
            || *self.stones.end() > side * side / 2
        {
            return Err(OpeningsError::Param(format!(
                "stones {}..={} must be at least 1 and at most half the area",
                self.stones.start(),
                self.stones.end()
            )));
        }
        if self.balance_moves > 2 {
            return Err(OpeningsError::Param(
                "balance_moves must be 0, 1 or 2".into(),
            ));
        }
        if self.to_move.is_some() && self.balance_moves == 1 {
            return Err(OpeningsError::Param(
                "one balancing move changes the side to move: use 0 or 2 with a fixed side".into(),
            ));
        }
        if let Some(c) = self.to_move
            && !self.stones.clone().any(|n| stones_leave(n, c))
        {
            return Err(OpeningsError::Param(format!(
                "no stone count in {}..={} leaves {c} to move",
                self.stones.start(),
                self.stones.end()
            )));
        }
        Ok(())
    }
}

/// One accepted opening with the evidence that it is balanced.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedOpening {
    /// The moves, Black first.
    pub opening: Opening,
    /// Search score for the side to move at the generation depth.
    pub score: i32,
    /// The attempt that produced it.
    pub attempt: u64,
    /// Balancing moves added after the random stones.
    pub balanced_with: usize,
}

/// Why attempts were rejected, for the book's header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RejectCounts {
    /// A five-point or a four on the board.
    pub threat: u64,
    /// A VCF for either side.
    pub vcf: u64,
    /// Score outside the margin even after balancing.
    pub unbalanced: u64,
    /// The same opening up to symmetry as an earlier one.
    pub duplicate: u64,
}

/// A generated book with its statistics.
#[derive(Clone, Debug)]
pub struct GeneratedBook {
    /// The openings in acceptance order.
    pub openings: Vec<GeneratedOpening>,
    /// Attempts made.
    pub attempts: u64,
    /// Why the other attempts were rejected.
    pub rejected: RejectCounts,
}

enum Attempt {
    Threat,
    Vcf,
    Unbalanced,
    Accepted(GeneratedOpening),
}

/// A stream of randomness for item `index` of a run with `seed`, independent of the order in
/// which items are processed.
pub fn item_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Whether either side has a point that completes a winning row (a five, or a four on the
/// board that the side to move could finish or must block).
pub fn has_five_point(board: &Board) -> bool {
    board.points().any(|p| {
        board.cell(p) == Cell::Empty
            && (board.wins_at(p, Color::Black) || board.wins_at(p, Color::White))
    })
}

/// Whether the side to move, or the opponent if it were to move, has a VCF within `fours`.
pub fn has_vcf(engine: &mut Engine, board: &Board, fours: u32) -> bool {
    if engine.find_vcf(board, fours).is_some() {
        return true;
    }
    let mut other = board.clone();
    other.set_to_move(board.to_move().opponent());
    engine.find_vcf(&other, fours).is_some()
}

/// The opening's threat and balance check: `None` if it has a five-point, a four or a VCF;
/// otherwise the search result for the side to move.
fn quiet_score(
    engine: &mut Engine,
    board: &Board,
    params: &GenerateParams,
) -> Result<SearchResult, Attempt> {
    if has_five_point(board) {
        return Err(Attempt::Threat);
    }
    if has_vcf(engine, board, params.vcf_depth) {
        return Err(Attempt::Vcf);
    }
    engine.new_game();
    let limits = Limits {
        depth: Some(params.depth),
        ..Limits::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    Ok(engine.search(board, &limits, &mut rng))
}

/// Whether `n` stones (Black first) leave `color` to move.
fn stones_leave(n: usize, color: Color) -> bool {
    (n % 2 == 1) == (color == Color::White)
}

fn random_stones(rng: &mut ChaCha8Rng, params: &GenerateParams) -> Option<Board> {
    let g = params.geometry;
    let centre = g.centre();
    let counts: Vec<usize> = params
        .stones
        .clone()
        .filter(|&n| params.to_move.is_none_or(|c| stones_leave(n, c)))
        .collect();
    let n = counts[rng.random_range(0..counts.len())];
    let a = params.area as i32;
    let mut board = Board::new(g, params.rule).ok()?;
    let mut tries = 0;
    while board.stone_count() < n {
        tries += 1;
        if tries > 50 * n {
            return None;
        }
        let x = centre.x as i32 + rng.random_range(-a..=a);
        let y = centre.y as i32 + rng.random_range(-a..=a);
        let p = Pos::new(x as u8, y as u8);
        // The first stone goes on the centre, as in every Gomocup book.
        let p = if board.stone_count() == 0 { centre } else { p };
        if board.is_legal(p) {
            board.make(p);
            if board.winner().is_some() {
                return None;
            }
        }
    }
    Some(board)
}

/// Points within the area that the side to move may play, in a fixed order.
fn area_moves(board: &Board, area: usize) -> Vec<Pos> {
    let c = board.geometry().centre();
    let a = area as i32 + 1;
    let mut out = Vec::new();
    for dy in -a..=a {
        for dx in -a..=a {
            let (x, y) = (c.x as i32 + dx, c.y as i32 + dy);
            if board.contains(x, y) {
                let p = Pos::new(x as u8, y as u8);
                if board.is_legal(p) {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn attempt(engine: &mut Engine, params: &GenerateParams, index: u64) -> Attempt {
    let mut rng = item_rng(params.seed, index);
    let Some(mut board) = random_stones(&mut rng, params) else {
        return Attempt::Threat;
    };
    let mut result = match quiet_score(engine, &board, params) {
        Ok(r) => r,
        Err(a) => return a,
    };
    let mut added = 0;
    // Balancing: the side to move is ahead (or behind) by more than the margin; add the move
    // (for either side, alternating as play does) that leaves the position closest to zero.
    while result.score.abs() > params.margin && added < params.balance_moves {
        let mut best: Option<(i32, Pos, SearchResult)> = None;
        let mut moves = area_moves(&board, params.area);
        // Try a fixed-size random subset, so balancing costs a bounded number of searches.
        for i in (1..moves.len()).rev() {
            let j = rng.random_range(0..=i);
            moves.swap(i, j);
        }
        moves.truncate(8);
        for p in moves {
            board.make(p);
            if board.winner().is_none()
                && let Ok(r) = quiet_score(engine, &board, params)
                && best.as_ref().is_none_or(|(s, _, _)| r.score.abs() < *s)
            {
                best = Some((r.score.abs(), p, r));
            }
            board.unmake();
        }
        let Some((_, p, r)) = best else {
            return Attempt::Unbalanced;
        };
        board.make(p);
        result = r;
        added += 1;
    }
    if result.score.abs() > params.margin || result.win_in.is_some() {
        return Attempt::Unbalanced;
    }
    Attempt::Accepted(GeneratedOpening {
        opening: Opening::new(board.history().to_vec()),
        score: result.score,
        attempt: index,
        balanced_with: added,
    })
}

/// Generates a book. Deterministic for a seed; parallel over attempts on the current rayon
/// pool.
pub fn generate(
    params: &GenerateParams,
    engine: &EngineParams,
) -> Result<GeneratedBook, OpeningsError> {
    params.check()?;
    let mut engine_params = engine.clone();
    engine_params.tie_break_margin = 0;
    engine_params.threads = 1;
    engine_params.tt_mib = engine_params.tt_mib.min(8);
    engine_params.validate()?;
    Engine::new(engine_params.clone())?;
    let mut book = GeneratedBook {
        openings: Vec::with_capacity(params.count),
        attempts: 0,
        rejected: RejectCounts::default(),
    };
    let mut seen: HashSet<OpeningKey> = HashSet::new();
    let chunk = 64u64.max(params.count as u64 / 4);
    let mut next = 0u64;
    while book.openings.len() < params.count {
        if next >= params.max_attempts {
            return Err(OpeningsError::Exhausted {
                found: book.openings.len(),
                wanted: params.count,
                attempts: next,
            });
        }
        let end = (next + chunk).min(params.max_attempts);
        let results: Vec<Attempt> = (next..end)
            .into_par_iter()
            .map_init(
                || Engine::new(engine_params.clone()).expect("validated above"),
                |engine, i| attempt(engine, params, i),
            )
            .collect();
        for (i, a) in (next..end).zip(results) {
            if book.openings.len() == params.count {
                break;
            }
            book.attempts = i + 1;
            match a {
                Attempt::Threat => book.rejected.threat += 1,
                Attempt::Vcf => book.rejected.vcf += 1,
                Attempt::Unbalanced => book.rejected.unbalanced += 1,
                Attempt::Accepted(g) => {
                    if seen.insert(g.opening.canonical_key(params.geometry)) {
                        book.openings.push(g);
                    } else {
                        book.rejected.duplicate += 1;
                    }
                }
            }
        }
        next = end;
    }
    Ok(book)
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
    /// Flag openings whose Black score is further than this from 0.5.
    pub lopsided: f64,
    /// Draw after this many stones (None: only a full board).
    pub move_cap: Option<usize>,
    /// Run seed.
    pub seed: u64,
}

/// One game of a verification: the `game`-th game of opening `opening`, which is job
/// `opening * games_per_opening + game` of the verification's job list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyGame {
    /// Job index ([`verify_jobs`]).
    pub job: usize,
    /// Opening index in the book.
    pub opening: usize,
    /// Game number within the opening, from 0.
    pub game: u32,
    /// The result, `None` for a failed game.
    pub result: Option<GameResult>,
}

/// The job list of a verification: `(opening, game)` for every opening and game, opening-major;
/// job `i` is `(i / games_per_opening, i % games_per_opening)`. Shard `I/N` plays the jobs
/// `i % N == I` (striped, so every shard gets a mix of openings).
pub fn verify_jobs(n_openings: usize, games_per_opening: u32) -> Vec<(usize, u32)> {
    (0..n_openings)
        .flat_map(|o| (0..games_per_opening).map(move |g| (o, g)))
        .collect()
}

/// Plays every opening `games_per_opening` times, engine against itself, on the current rayon
/// pool; deterministic for a seed whatever the thread count.
pub fn verify(
    openings: &[Opening],
    params: &VerifyParams,
    engine: &EngineParams,
) -> Result<VerifyReport, OpeningsError> {
    let games = verify_games(openings, params, engine, None)?;
    Ok(tally(openings.len(), &games, params.lopsided))
}

/// Plays the games of a verification, or of shard `(i, n)` of it (the jobs `j % n == i` of
/// [`verify_jobs`]), on the current rayon pool, and returns them in job order. A game
/// depends only on the seed, its opening and its game number, never on the shard or thread.
pub fn verify_games(
    openings: &[Opening],
    params: &VerifyParams,
    engine: &EngineParams,
    shard: Option<(usize, usize)>,
) -> Result<Vec<VerifyGame>, OpeningsError> {
    if let Some((i, n)) = shard
        && (n == 0 || i >= n)
    {
        return Err(OpeningsError::Param(format!(
            "shard {i}/{n}: need 0 <= I < N"
        )));
    }
    let mut engine_params = engine.clone();
    engine_params.tie_break_margin = params.tie_break_margin;
    engine_params.threads = 1;
    engine_params.validate()?;
    let jobs: Vec<(usize, (usize, u32))> = verify_jobs(openings.len(), params.games_per_opening)
        .into_iter()
        .enumerate()
        .filter(|(j, _)| shard.is_none_or(|(i, n)| j % n == i))
        .collect();
    Ok(jobs
        .par_iter()
        .map_init(
            || {
                let a = EnginePlayer::new("a", engine_params.clone()).expect("validated");
                let b = EnginePlayer::new("b", engine_params.clone()).expect("validated");
                (a, b)
            },
            |(a, b), &(job, (o, g))| {
                let mut rng = item_rng(params.seed, (o as u64) << 20 | g as u64);
                let record = play_game(
                    [a, b],
                    &openings[o].moves,
                    params.geometry,
                    params.rule,
                    TimeControl::EngineDefault,
                    params.move_cap,
                    &mut rng,
                );
                VerifyGame {
                    job,
                    opening: o,
                    game: g,
                    result: record.result,
                }
            },
        )
        .collect())
}

/// The per-opening counts and book-level figures of the games played (of any shards, each
/// game once), for a book of `n_openings`.
pub fn tally(n_openings: usize, games: &[VerifyGame], lopsided: f64) -> VerifyReport {
    let mut stats: Vec<OpeningStats> = (0..n_openings)
        .map(|index| OpeningStats {
            index,
            ..OpeningStats::default()
        })
        .collect();
    for g in games {
        let s = &mut stats[g.opening];
        s.games += 1;
        match g.result {
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
