//! Positions for Texel tuning: self-play games of one engine (with a root tie-break margin,
//! so games from the same opening differ), replayed to keep the quiet positions: no point
//! completing a five for either side (so no four on the board) and no VCF for the side to
//! move within a few fours. Deterministic: game `g` depends only on the seed and `g`.

use crate::features::Counter;
use crate::texel::LossData;
use crate::{TuneError, rng_for};
use gomoku_board::opening::Opening;
use gomoku_board::{Board, Color, Geometry, Pos, Rule, Symmetry};
use gomoku_engine::{Engine, EngineParams};
use gomoku_runner::{GameResult, Player, TimeControl, play_game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::Path;

/// One self-play game and its quiet positions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CollectedGame {
    /// Game index.
    pub index: usize,
    /// Every stone in order, opening included, as `(x, y)`.
    pub moves: Vec<(u8, u8)>,
    /// Black's score: 1, 0.5 or 0.
    pub black_score: f64,
    /// Stone counts of the quiet positions (the position before move number `n`).
    pub quiet: Vec<u16>,
}

/// What to play.
#[derive(Clone, Debug)]
pub struct CollectSpec<'a> {
    /// The engine of both sides (its tie-break margin should be > 0).
    pub engine: EngineParams,
    /// Openings, cycled; each pass over them uses the next board symmetry.
    pub openings: &'a [Opening],
    /// Games.
    pub games: usize,
    /// Seed.
    pub seed: u64,
    /// Draw after this many stones.
    pub move_cap: Option<usize>,
    /// Most fours of the VCF check.
    pub vcf_fours: u32,
    /// Board.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// Print a line to stderr every tenth of the games.
    pub progress: bool,
}

const COLLECT_STREAM: u64 = 0x7e5e1;

/// Opening `g` of a cycled book: opening `g mod n` under symmetry `(g div n) mod 8`.
pub fn cycled_opening(openings: &[Opening], g: usize, geometry: Geometry) -> Vec<Pos> {
    let n = openings.len();
    let syms = Symmetry::of(geometry);
    let sym = syms[(g / n) % syms.len()];
    openings[g % n].transform(sym, geometry).moves
}

/// Plays the games (in parallel) and keeps their quiet positions, in game order.
pub fn collect(spec: &CollectSpec<'_>) -> Result<Vec<CollectedGame>, TuneError> {
    if spec.openings.is_empty() {
        return Err(TuneError::Invalid(
            "no openings to collect games from".into(),
        ));
    }
    spec.engine.validate()?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let start = std::time::Instant::now();
    let games: Vec<Result<CollectedGame, TuneError>> = (0..spec.games)
        .into_par_iter()
        .map_init(
            || {
                (
                    crate::player::CappedPlayer::new("a", spec.engine.clone()),
                    crate::player::CappedPlayer::new("b", spec.engine.clone()),
                    Engine::new(spec.engine.clone()),
                )
            },
            |(a, b, checker), g| {
                let (Ok(a), Ok(b), Ok(checker)) = (a, b, checker) else {
                    return Err(TuneError::Invalid("engine could not be built".into()));
                };
                let game = play_one(spec, g, a, b, checker);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if spec.progress && spec.games >= 10 && n.is_multiple_of(spec.games / 10) {
                    eprintln!(
                        "  {n}/{} games, {:.0} s",
                        spec.games,
                        start.elapsed().as_secs_f64()
                    );
                }
                Ok(game)
            },
        )
        .collect();
    games.into_iter().collect()
}

fn play_one(
    spec: &CollectSpec<'_>,
    g: usize,
    a: &mut crate::player::CappedPlayer,
    b: &mut crate::player::CappedPlayer,
    checker: &mut Engine,
) -> CollectedGame {
    let opening = cycled_opening(spec.openings, g, spec.geometry);
    let mut rng = rng_for(spec.seed, COLLECT_STREAM, g as u64);
    let players: [&mut dyn Player; 2] = [a, b];
    let record = play_game(
        players,
        &opening,
        spec.geometry,
        spec.rule,
        TimeControl::EngineDefault,
        spec.move_cap,
        &mut rng,
    );
    let mut moves: Vec<(u8, u8)> = opening.iter().map(|p| (p.x, p.y)).collect();
    moves.extend(record.moves.iter().map(|m| (m.pos.x, m.pos.y)));
    let Some(result) = record.result else {
        return CollectedGame {
            index: g,
            moves,
            black_score: 0.5,
            quiet: Vec::new(),
        };
    };
    let mut quiet = Vec::new();
    let mut board = Board::new(spec.geometry, spec.rule).expect("valid geometry");
    let all: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    for (n, &p) in all.iter().enumerate() {
        if n >= opening.len() && is_quiet(&board, checker, spec.vcf_fours) {
            quiet.push(n as u16);
        }
        board.make(p);
    }
    CollectedGame {
        index: g,
        moves,
        black_score: GameResult::black_score(result),
        quiet,
    }
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
            for (n, &(x, y)) in g.moves.iter().enumerate() {
                if q.peek().is_some_and(|&&k| k as usize == n) {
                    q.next();
                    let stm_score = match board.to_move() {
                        Color::Black => g.black_score,
                        Color::White => 1.0 - g.black_score,
                    };
                    out.push((counter.count(&board), stm_score));
                }
                board.make(Pos::new(x, y));
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

/// Splits positions by game: a game is in the validation set when its draw from the seed
/// falls below `fraction`. Returns `(training, validation)`.
pub fn split_by_game(
    rows: &[Vec<u16>],
    results: &[f64],
    game_of: &[usize],
    fraction: f64,
    seed: u64,
    features: usize,
) -> (LossData, LossData) {
    use rand::RngExt;
    let is_val = |g: usize| {
        let mut rng = rng_for(seed, 0x5917, g as u64);
        rng.random::<f64>() < fraction
    };
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

/// Writes the games to a cache file: a key line, then one JSON game per line.
pub fn save_games(path: &Path, key: &str, games: &[CollectedGame]) -> Result<(), TuneError> {
    let tmp = path.with_extension("tmp");
    let mut f =
        std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(|e| TuneError::io(&tmp, e))?);
    let io = |e| TuneError::io(&tmp, e);
    writeln!(f, "{}", serde_json::json!({ "key": key })).map_err(io)?;
    for g in games {
        let line = serde_json::to_string(g).expect("serializable");
        writeln!(f, "{line}").map_err(io)?;
    }
    f.flush().map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| TuneError::io(path, e))
}

/// Reads a cache file; `None` if it is missing or was made with another key.
pub fn load_games(path: &Path, key: &str) -> Result<Option<Vec<CollectedGame>>, TuneError> {
    let Ok(f) = std::fs::File::open(path) else {
        return Ok(None);
    };
    let mut lines = std::io::BufReader::new(f).lines();
    let parse_err = |line: usize, m: String| TuneError::Parse {
        path: path.to_path_buf(),
        message: format!("line {line}: {m}"),
    };
    let Some(first) = lines.next() else {
        return Ok(None);
    };
    let first = first.map_err(|e| TuneError::io(path, e))?;
    let header: serde_json::Value =
        serde_json::from_str(&first).map_err(|e| parse_err(1, e.to_string()))?;
    if header.get("key").and_then(|k| k.as_str()) != Some(key) {
        return Ok(None);
    }
    let mut games = Vec::new();
    for (i, line) in lines.enumerate() {
        let line = line.map_err(|e| TuneError::io(path, e))?;
        games.push(serde_json::from_str(&line).map_err(|e| parse_err(i + 2, e.to_string()))?);
    }
    Ok(Some(games))
}
