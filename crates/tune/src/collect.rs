//! Positions for Texel tuning: self-play games of the start table (with a root tie-break
//! margin, so games from the same opening differ), played as one step of the match layer
//! ([`collection_step`]), then replayed from their journal lines to keep the quiet positions:
//! no point completing a five for either side (so no four on the board) and no VCF for the
//! side to move within a few fours ([`quiet_games`]). The games are a fixed list of jobs, so
//! the collection shards and merges like a tournament, and a killed collection resumes from
//! its journal. Games of other runs (Texel's `runs`, such as a tournament against a stronger
//! engine) join them by [`run_games`].

use crate::TuneError;
use crate::features::Counter;
use crate::matches::{BookSlice, COLLECT_BATCH, SPLIT_BATCH, Step, StepSpec};
use crate::texel::LossData;
use gomoku_board::{Board, Color, Geometry, Pos, Rule};
use gomoku_config::run::{PlayerRecord, RunKind};
use gomoku_config::tune::{TexelSettings, TuneConfig};
use gomoku_engine::{Engine, EngineParams};
use gomoku_runner::journal::JOURNAL_FILE;
use gomoku_runner::{GameResult, JournalLine, Reason, RunInfo, batch_seed, job_rng, read_journal};
use rayon::prelude::*;
use std::path::Path;

/// Game indices of the games from other runs start here, above any self-play job's, so the
/// split by game keeps every game apart.
const RUN_GAMES_BASE: usize = 1 << 40;

/// One self-play game and its quiet positions.
#[derive(Clone, Debug, PartialEq)]
pub struct CollectedGame {
    /// Game (job) index.
    pub index: usize,
    /// Every stone in order, opening included.
    pub moves: Vec<Pos>,
    /// Black's score: 1, 0.5 or 0.
    pub black_score: f64,
    /// Stone counts of the quiet positions (the position before move number `n`).
    pub quiet: Vec<u16>,
}

/// The engine of the self-play games: the start table at the collection's depth and margin.
pub fn collection_engine(cfg: &TuneConfig, t: &TexelSettings) -> EngineParams {
    let mut engine = EngineParams {
        table: cfg.start_table.clone(),
        tie_break_margin: t.tie_break_margin,
        ..cfg.engine.clone()
    };
    engine.depth = t.depth;
    engine.tt_mib = engine.tt_mib.min(4);
    engine
}

/// The self-play games: `games` (rounded up to pairs) of the collection engine against
/// itself on the tuning openings, each pair under its own symmetry.
pub fn collection_step(cfg: &TuneConfig, t: &TexelSettings) -> Result<Step, TuneError> {
    let engine = collection_engine(cfg, t);
    let pairs = t.games.div_ceil(2);
    Step::new(
        cfg,
        StepSpec {
            name: "collect".into(),
            kind: RunKind::TuneStep {
                method: "texel".into(),
                step: 0,
                pairs: pairs as u64,
            },
            players: vec![
                PlayerRecord::engine("self-a", &engine),
                PlayerRecord::engine("self-b", &engine),
            ],
            book: BookSlice {
                openings: &cfg.tuning_openings,
                range: &cfg.file.tuning_openings,
                format: cfg.tuning_format,
                offset: 0,
            },
            pairs,
            seed: batch_seed(cfg.file.seed, COLLECT_BATCH),
        },
    )
}

/// The games of the run directories `dirs` that were decided on the board (a five, a full
/// board, the move cap, a renju foul), run after run in job order, renumbered past the
/// self-play jobs.
///
/// A run of another board or rule, or a game that cannot have been played on the tuning's
/// board, is an error naming the file (and line).
pub fn run_games(
    dirs: &[impl AsRef<Path>],
    cfg: &TuneConfig,
) -> Result<Vec<JournalLine>, TuneError> {
    let mut out = Vec::new();
    for dir in dirs {
        let dir = dir.as_ref();
        let info = RunInfo::load(dir)?;
        if info.geometry() != cfg.geometry || info.rule() != cfg.rule {
            return Err(TuneError::OtherBoard {
                dir: dir.to_path_buf(),
                geometry: info.geometry(),
                rule: info.rule(),
                tuning_geometry: cfg.geometry,
                tuning_rule: cfg.rule,
            });
        }
        let path = dir.join(JOURNAL_FILE);
        if !path.exists() {
            return Err(TuneError::NoJournal(path));
        }
        let journal = read_journal(&path)?;
        let mut kept = Vec::new();
        for (line, number) in journal.lines.into_iter().zip(journal.numbers) {
            line.check_game(Some(cfg.geometry))
                .map_err(|message| TuneError::Parse {
                    path: path.clone(),
                    message: format!("line {number}: {message}"),
                })?;
            let on_board = matches!(
                line.reason,
                Reason::Five
                    | Reason::BoardFull
                    | Reason::NoLegalMove
                    | Reason::MoveCap
                    | Reason::Forbidden
            );
            if on_board && line.result.is_some() {
                kept.push(line);
            }
        }
        // In job order: a journal is written in finishing order, which a resume changes.
        kept.sort_by_key(|l| l.job);
        for line in kept {
            out.push(JournalLine {
                job: RUN_GAMES_BASE + out.len(),
                ..line
            });
        }
    }
    Ok(out)
}

/// Replays the games (in parallel) and keeps their quiet positions, in game order. A game
/// without a result (it could not be played) keeps none.
pub fn quiet_games(
    lines: &[JournalLine],
    engine: &EngineParams,
    vcf_fours: u32,
    geometry: Geometry,
    rule: Rule,
) -> Result<Vec<CollectedGame>, TuneError> {
    engine.validate()?;
    lines
        .par_iter()
        .map_init(
            || Engine::new(engine.clone()),
            |checker, line| {
                let checker = checker
                    .as_mut()
                    .map_err(|e| TuneError::CheckingEngine(e.clone()))?;
                let opening = line.opening_points();
                let mut moves = opening.clone();
                moves.extend(line.move_points());
                let mut quiet = Vec::new();
                if line.result.is_some() {
                    let mut board =
                        Board::new(geometry, rule).map_err(|source| TuneError::Replay {
                            job: line.job,
                            source,
                        })?;
                    for (n, &p) in moves.iter().enumerate() {
                        if n >= opening.len() && is_quiet(&board, checker, vcf_fours) {
                            quiet.push(n as u16);
                        }
                        board.make(p);
                    }
                }
                Ok(CollectedGame {
                    index: line.job,
                    moves,
                    black_score: line.result.map_or(0.5, GameResult::black_score),
                    quiet,
                })
            },
        )
        .collect()
}

/// No five-point for either side, and no VCF for the side to move within `fours` fours.
pub fn is_quiet(board: &Board, checker: &mut Engine, fours: u32) -> bool {
    if gomoku_openings::has_five_point(board) {
        return false;
    }
    checker.new_game();
    checker.find_vcf(board, fours).is_none()
}

/// The count vectors and labels of the quiet positions, with each position's game index.
pub fn features(
    games: &[CollectedGame],
    counter: &Counter,
    geometry: Geometry,
    rule: Rule,
) -> (Vec<Vec<u16>>, Vec<f64>, Vec<usize>) {
    let per_game: Vec<Vec<(Vec<u16>, f64)>> = games
        .par_iter()
        .map(|g| {
            let mut board = Board::new(geometry, rule).expect("valid geometry");
            let mut out = Vec::with_capacity(g.quiet.len());
            let mut q = g.quiet.iter().peekable();
            for (n, &p) in g.moves.iter().enumerate() {
                if q.peek().is_some_and(|&&k| k as usize == n) {
                    q.next();
                    let stm_score = match board.to_move() {
                        Color::Black => g.black_score,
                        Color::White => 1.0 - g.black_score,
                    };
                    out.push((counter.count(&board), stm_score));
                }
                board.make(p);
            }
            out
        })
        .collect();
    let mut rows = Vec::new();
    let mut results = Vec::new();
    let mut game_of = Vec::new();
    for (g, list) in games.iter().zip(per_game) {
        for (r, s) in list {
            rows.push(r);
            results.push(s);
            game_of.push(g.index);
        }
    }
    (rows, results, game_of)
}

/// Splits positions by game: a game is in the validation set when its draw (the game's own
/// generator in the split's batch) falls below `fraction`. Returns `(training, validation)`.
pub fn split_by_game(
    rows: &[Vec<u16>],
    results: &[f64],
    game_of: &[usize],
    fraction: f64,
    seed: u64,
    features: usize,
) -> (LossData, LossData) {
    use rand::RngExt;
    let split_seed = batch_seed(seed, SPLIT_BATCH);
    let is_val = |g: usize| job_rng(split_seed, g).random::<f64>() < fraction;
    let (mut tr, mut trr, mut va, mut var) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut memo: Option<(usize, bool)> = None;
    for i in 0..rows.len() {
        let g = game_of[i];
        let v = match memo {
            Some((mg, v)) if mg == g => v,
            _ => {
                let v = is_val(g);
                memo = Some((g, v));
                v
            }
        };
        if v {
            va.push(rows[i].clone());
            var.push(results[i]);
        } else {
            tr.push(rows[i].clone());
            trr.push(results[i]);
        }
    }
    (
        LossData::from_rows(&tr, trr, features),
        LossData::from_rows(&va, var, features),
    )
}
