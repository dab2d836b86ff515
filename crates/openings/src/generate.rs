//! Book generation: random central stones, the threat and VCF filter, the balance search,
//! deduplication under symmetry, and the book file with the header that rebuilds it.
//!
//! Attempt `i` draws from its own ChaCha stream and attempts are accepted in index order, so
//! a book is the same for a seed on any number of threads, and a book's header (the command
//! that made it) rebuilds it bit for bit.

use crate::OpeningsError;
use gomoku_board::opening::{Opening, OpeningKey, write_pos_book};
use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule};
use gomoku_engine::{Engine, EngineParams, Limits, SearchResult};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::ops::RangeInclusive;

/// The most openings one `generate` may be asked for (a book of a million lines is already
/// tens of MiB; the shipped books have a few hundred).
pub const MAX_COUNT: usize = 1_000_000;

/// How to generate a book.
#[derive(Clone, Debug)]
pub struct GenerateParams {
    /// Board shape.
    pub geometry: Geometry,
    /// Rule (renju books never contain a forbidden move for Black).
    pub rule: Rule,
    /// Openings wanted (1..=[`MAX_COUNT`]).
    pub count: usize,
    /// Stones per opening (before balancing moves).
    pub stones: RangeInclusive<usize>,
    /// Stones are placed within this Chebyshev distance of the centre.
    pub area: usize,
    /// Search depth of the balance check (1..=[`gomoku_engine::MAX_DEPTH`]).
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
            max_attempts: (count as u64).saturating_mul(200).saturating_add(1000),
        }
    }

    fn check(&self) -> Result<(), OpeningsError> {
        if !(1..=MAX_COUNT).contains(&self.count) {
            return Err(OpeningsError::Param(format!(
                "count {} not in 1..={MAX_COUNT}",
                self.count
            )));
        }
        let max_depth = gomoku_engine::MAX_DEPTH;
        if !(1..=max_depth).contains(&self.depth) {
            return Err(OpeningsError::Param(format!(
                "depth {} not in 1..={max_depth}",
                self.depth
            )));
        }
        let g = self.geometry;
        let side = self.area.saturating_mul(2).saturating_add(1);
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

/// The generator of attempt `index`: independent of the order attempts run in. It is not the
/// runner's per-job generator (`gomoku_runner::job_rng`, which every game uses) because
/// attempts are not games, and because every shipped book is rebuilt bit for bit from the
/// seed in its header: another derivation would silently make other books from those seeds.
fn attempt_rng(seed: u64, index: u64) -> ChaCha8Rng {
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
    let mut rng = attempt_rng(params.seed, index);
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

impl GeneratedBook {
    /// The mean balance-search score of the openings, for the command's closing line.
    pub fn mean_score(&self) -> f64 {
        let sum: f64 = self.openings.iter().map(|g| g.score as f64).sum();
        sum / self.openings.len().max(1) as f64
    }

    /// The book file: a `#` header with the command that rebuilds it (`engine` is the engine
    /// file given, `None` for the built-in default) and the rejection counts, then one opening
    /// per line in pos notation.
    pub fn to_text(
        &self,
        params: &GenerateParams,
        engine: Option<&str>,
    ) -> Result<String, OpeningsError> {
        let g = params.geometry;
        let shape = if g.width == g.height {
            format!("--size {}", g.width)
        } else {
            format!("--width {} --height {}", g.width, g.height)
        };
        let k = if g.k == 5 {
            String::new()
        } else {
            format!(" --k {}", g.k)
        };
        let to_move = params.to_move.map_or("any", |c| match c {
            Color::Black => "black",
            Color::White => "white",
        });
        let flag = engine.map_or(String::new(), |e| format!(" --engine {e}"));
        let r = &self.rejected;
        let mut header = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            header,
            "gomoku-arena opening book: {} openings, {g}, {}",
            self.openings.len(),
            params.rule
        );
        let _ = writeln!(
            header,
            "made by: gomoku-arena openings generate {shape}{k} --rule {} --count {} --stones {}..={} --area {} --depth {} --margin {} --balance {} --to-move {to_move} --seed {}{flag}",
            params.rule,
            params.count,
            params.stones.start(),
            params.stones.end(),
            params.area,
            params.depth,
            params.margin,
            params.balance_moves,
            params.seed,
        );
        let _ = writeln!(
            header,
            "engine: {} (depth {} search for the balance check)",
            engine.unwrap_or("built-in default"),
            params.depth
        );
        let _ = writeln!(
            header,
            "attempts: {}; rejected: {} threats, {} VCF, {} unbalanced, {} duplicates under symmetry",
            self.attempts, r.threat, r.vcf, r.unbalanced, r.duplicate
        );
        header +=
            "format: pos notation (letter = column from a, number = row from the top), Black first";
        let openings: Vec<Opening> = self.openings.iter().map(|g| g.opening.clone()).collect();
        Ok(write_pos_book(&openings, &header)?)
    }
}

/// Parses a stone count for `--stones`: `A..=B`, `A..B` (B excluded) or `N`.
pub fn parse_stones(s: &str) -> Result<RangeInclusive<usize>, OpeningsError> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| OpeningsError::Param(format!("bad number '{t}' in stones '{s}'")))
    };
    if let Some((a, b)) = s.split_once("..=") {
        Ok(number(a)?..=number(b)?)
    } else if let Some((a, b)) = s.split_once("..") {
        match number(b)? {
            0 => Err(OpeningsError::Param(format!("empty range '{s}'"))),
            b => Ok(number(a)?..=b - 1),
        }
    } else {
        let n = number(s)?;
        Ok(n..=n)
    }
}

/// Parses the side to move for `--to-move`: `white`, `black`, or `any` (`None`).
pub fn parse_to_move(s: &str) -> Result<Option<Color>, OpeningsError> {
    match s {
        "white" => Ok(Some(Color::White)),
        "black" => Ok(Some(Color::Black)),
        "any" => Ok(None),
        other => Err(OpeningsError::Param(format!(
            "the side to move must be white, black or any, not '{other}'"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_and_depth_are_bounded() {
        let engine = EngineParams::default();
        let params = |count: usize, depth: u32| {
            let mut p = GenerateParams::new(Geometry::square(15), Rule::Freestyle, count, 1);
            p.depth = depth;
            p
        };
        // Depth 0 was accepted and a million never finished; a count of usize::MAX
        // panicked with a capacity overflow.
        for (count, depth, message) in [
            (1, 0, "depth 0 not in 1..=64"),
            (1, 1_000_000, "depth 1000000 not in 1..=64"),
            (
                usize::MAX,
                4,
                "count 18446744073709551615 not in 1..=1000000",
            ),
            (0, 4, "count 0 not in 1..=1000000"),
        ] {
            let e = generate(&params(count, depth), &engine).unwrap_err();
            assert_eq!(e.to_string(), message);
        }
        assert_eq!(params(usize::MAX, 4).max_attempts, u64::MAX);
        let mut wide = params(1, 1);
        wide.area = usize::MAX;
        let e = generate(&wide, &engine).unwrap_err().to_string();
        assert!(e.contains("does not fit the 15x15 k=5 board"), "{e}");
    }
}
