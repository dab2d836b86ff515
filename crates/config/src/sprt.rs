//! SPRT files (`configs/sprt/*.ron`): a candidate engine against a baseline, played in game
//! pairs (one opening, colours reversed) until the generalized SPRT of fishtest and fastchess
//! accepts H0 or H1 or the game cap is reached.
//!
//! ```ron
//! Sprt(
//!     name: "d4-vs-d2",
//!     // an engine file under the name written in it, or a base with overrides and a new name
//!     candidate: Engine("../engines/seed-d4.ron"),
//!     baseline: Variant(base: "../engines/seed-d4.ron", name: "seed-d4-top5", overrides: (top_n: 5)),
//!     board: (size: 15, k: 5, rule: Freestyle),
//!     // range: the openings start..end (0-based, end excluded) of the book; pair i plays
//!     // opening start + (i mod (end - start)): the book is cycled
//!     openings: (file: "../../openings/freestyle15.txt", format: Pos, range: (0, 40), transform: true),
//!     elo0: 0.0,
//!     elo1: 10.0,
//!     alpha: 0.05,
//!     beta: 0.05,
//!     model: Normalized,            // or Logistic (the Elo kind of elo0 and elo1)
//!     max_games: 20000,             // the cap: at most max_games / 2 pairs
//!     time_control: EngineDefault,  // Depth(4), Nodes(20000), MoveTime(100), GameTime(base_ms: .., inc_ms: ..)
//!     seed: 1,
//!     threads: None,                // all cores
//!     batch_pairs: None,            // pairs per parallel batch (default: 2 per thread, at least 4)
//!     output: "../../reports/d4-vs-d2",
//!     move_cap: None,
//! )
//! ```
//!
//! Every path is relative to the SPRT file's directory. `Some(..)` may be left out around
//! optional values. Bad input is reported with the file, line and column, ranges included
//! ([`crate::limits`]): `elo0 < elo1` finite and within ±2000 (as the test accepts them, so
//! a bad hypothesis is refused at its line rather than when the run starts), `alpha` and
//! `beta` in (0, 0.5), `max_games` 2..=10000000, `threads` 1..=1024, `batch_pairs`
//! 1..=1000000.

use crate::ConfigError;
use crate::limits::{MAX_ELO, MAX_JOBS, MAX_PAIRS, MAX_THREADS};
use crate::run::{
    BoardConfig, BookConfig, Pairing, PlayerConfig, RUN_CONFIG_VERSION, RunConfig, RunKind,
    SprtSettings,
};
use crate::tournament::{BoardSpec, BookFormatSpec, Overrides, TimeControlSpec, load_book};
use gomoku_board::opening::{BookFormat, Opening};
use gomoku_board::{Geometry, Rule};
use gomoku_engine::EngineParams;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The SPRT file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sprt")]
pub struct SprtFile {
    /// The test's name (for reports; at most [`crate::MAX_NAME_LEN`] characters, one line).
    pub name: String,
    /// The engine under test (H1: it is `elo1` stronger).
    pub candidate: EngineEntry,
    /// The reference engine.
    pub baseline: EngineEntry,
    /// Board and rule (default: 15x15, five, freestyle).
    #[serde(default)]
    pub board: BoardSpec,
    /// The opening book.
    pub openings: SprtOpenings,
    /// Elo difference under H0 (finite, within ±[`MAX_ELO`]).
    pub elo0: f64,
    /// Elo difference under H1 (above `elo0`, within ±[`MAX_ELO`]).
    pub elo1: f64,
    /// Type I error (default 0.05), in (0, 0.5).
    #[serde(default = "five_percent")]
    pub alpha: f64,
    /// Type II error (default 0.05), in (0, 0.5).
    #[serde(default = "five_percent")]
    pub beta: f64,
    /// What kind of Elo `elo0` and `elo1` are (default normalized, as fishtest).
    #[serde(default)]
    pub model: ModelSpec,
    /// The cap: the test stops, inconclusive, after `max_games / 2` pairs (2..=[`MAX_JOBS`]).
    pub max_games: u64,
    /// Time control (default: each engine's own depth).
    #[serde(default)]
    pub time_control: TimeControlSpec,
    /// The run seed (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Worker threads (default: all cores; 1..=[`MAX_THREADS`]).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Pairs per parallel batch (default: 2 per thread, at least 4; 1..=[`MAX_PAIRS`]).
    #[serde(default)]
    pub batch_pairs: Option<usize>,
    /// Output directory, relative to this file.
    pub output: PathBuf,
    /// Draw when this many stones are on the board.
    #[serde(default)]
    pub move_cap: Option<usize>,
}

fn five_percent() -> f64 {
    0.05
}

/// One of the two engines.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EngineEntry {
    /// An engine file, under the name written in it.
    Engine(PathBuf),
    /// An engine file with overrides, under a new name.
    Variant {
        /// The engine file.
        base: PathBuf,
        /// The engine's name in the test.
        name: String,
        /// Parameters to change.
        #[serde(default)]
        overrides: Overrides,
    },
}

pub use crate::run::ModelSpec;

/// The opening book of an SPRT.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtOpenings {
    /// The book file, relative to the SPRT file.
    pub file: PathBuf,
    /// Its format (default: detected).
    #[serde(default)]
    pub format: BookFormatSpec,
    /// Openings `start..end` (0-based, end excluded) of the book; default the whole book.
    #[serde(default)]
    pub range: Option<(usize, usize)>,
    /// A random board symmetry per pair, from the seed (default false).
    #[serde(default)]
    pub transform: bool,
}

/// One engine, resolved.
#[derive(Clone, Debug)]
pub struct SprtEngine {
    /// Its name in the test.
    pub name: String,
    /// Its parameters.
    pub params: EngineParams,
    /// Where it came from: its engine file, and the overrides of a variant.
    pub origin: String,
}

/// An SPRT file loaded and checked.
#[derive(Clone, Debug)]
pub struct SprtPlan {
    /// The SPRT file.
    pub path: PathBuf,
    /// Name.
    pub name: String,
    /// The engine under test.
    pub candidate: SprtEngine,
    /// The reference engine.
    pub baseline: SprtEngine,
    /// Board shape.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// The book file (resolved).
    pub openings_file: PathBuf,
    /// Its format.
    pub book_format: BookFormat,
    /// The openings of the range, in book order.
    pub openings: Vec<Opening>,
    /// Index in the book of `openings[0]`.
    pub first_opening: usize,
    /// A random symmetry per pair.
    pub transform: bool,
    /// Hypotheses, errors, model and game cap.
    pub test: SprtSettings,
    /// Time control.
    pub time_control: TimeControlSpec,
    /// Seed.
    pub seed: u64,
    /// Threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Pairs per batch (`None`: the default).
    pub batch_pairs: Option<usize>,
    /// Output directory (resolved).
    pub output: PathBuf,
    /// Move cap.
    pub move_cap: Option<usize>,
}

/// Parses SPRT text (`path` names the file in errors and resolves relative paths).
pub fn parse_sprt(text: &str, path: &Path) -> Result<SprtPlan, ConfigError> {
    let file: SprtFile = crate::parse_ron_lenient(text, path)?;
    crate::check_output(path, text, &file.output)?;
    if let Some(problem) = crate::name_problem(&file.name) {
        return Err(ConfigError::invalid_field(path, text, "name", problem));
    }
    let at = |needle: &str, message: String| {
        ConfigError::placed(path, Some(crate::locate(text, needle, 0)), message)
    };
    let resolve = |p: &Path| crate::resolve_relative(path, p);

    let engine = |entry: &EngineEntry, role: &str| -> Result<SprtEngine, ConfigError> {
        let key = format!("{role}:");
        match entry {
            EngineEntry::Engine(base) => {
                let cfg = crate::engine::load_engine(resolve(base))
                    .map_err(|e| at(&key, format!("{role}: {e}")))?;
                Ok(SprtEngine {
                    origin: base.display().to_string(),
                    name: cfg.name,
                    params: cfg.params,
                })
            }
            EngineEntry::Variant {
                base,
                name,
                overrides,
            } => {
                let mut params = crate::engine::load_engine(resolve(base))
                    .map_err(|e| at(&key, format!("{role}: {e}")))?
                    .params;
                overrides
                    .apply_with_table(&mut params, path)
                    .map_err(|e| at(&key, format!("{role} {name}: {e}")))?;
                params
                    .validate()
                    .map_err(|e| at(&key, format!("{role} {name}: {e}")))?;
                if let Some(problem) = crate::name_problem(name) {
                    return Err(at(&key, format!("{role}: the name {problem}")));
                }
                Ok(SprtEngine {
                    origin: crate::tournament::origin_with(base, overrides),
                    name: name.clone(),
                    params,
                })
            }
        }
    };
    let candidate = engine(&file.candidate, "candidate")?;
    let baseline = engine(&file.baseline, "baseline")?;
    if candidate.name == baseline.name {
        return Err(at(
            "baseline:",
            format!(
                "candidate and baseline are both named '{}': give one a name with Variant(base: .., name: .., overrides: ())",
                candidate.name
            ),
        ));
    }

    let (geometry, rule) = file.board.resolve().map_err(|e| at("board", e))?;
    if let Some(cap) = file.move_cap {
        let cells = geometry.width * geometry.height;
        if !(1..=cells).contains(&cap) {
            return Err(at(
                "move_cap",
                format!("move_cap: {cap} not in 1..={cells}, the points of the board"),
            ));
        }
    }
    let openings_file = resolve(&file.openings.file);
    let (book_format, mut openings) =
        load_book(&openings_file, file.openings.format, geometry, rule).map_err(|e| match e {
            ConfigError::Io { source, .. } => at(
                &format!("\"{}\"", file.openings.file.display()),
                format!("opening book {}: {source}", openings_file.display()),
            ),
            other => other,
        })?;
    let mut first_opening = 0;
    if let Some((start, end)) = file.openings.range {
        if start >= end || end > openings.len() {
            return Err(at(
                "range",
                format!(
                    "openings range ({start}, {end}): need start < end <= {} (the book's openings)",
                    openings.len()
                ),
            ));
        }
        openings.truncate(end);
        openings.drain(..start);
        first_opening = start;
    }
    if openings.is_empty() {
        return Err(ConfigError::invalid(
            &openings_file,
            "the opening book holds no opening",
        ));
    }

    let real = crate::real_text;
    for (key, v) in [("elo0", file.elo0), ("elo1", file.elo1)] {
        if !(v.is_finite() && v.abs() <= MAX_ELO) {
            return Err(at(
                key,
                format!("{key}: {} not in -{MAX_ELO}..={MAX_ELO}", real(v)),
            ));
        }
    }
    if file.elo0 >= file.elo1 {
        return Err(at(
            "elo1",
            format!(
                "elo1: {} must be above elo0 ({})",
                real(file.elo1),
                real(file.elo0)
            ),
        ));
    }
    for (key, v) in [("alpha", file.alpha), ("beta", file.beta)] {
        if !(v > 0.0 && v < 0.5) {
            return Err(at(key, format!("{key}: {} not in (0, 0.5)", real(v))));
        }
    }
    if !(2..=MAX_JOBS).contains(&file.max_games) {
        return Err(at(
            "max_games",
            format!(
                "max_games: {} not in 2..={MAX_JOBS} (at least one pair)",
                file.max_games
            ),
        ));
    }
    if let Some(threads) = file.threads
        && !(1..=MAX_THREADS).contains(&threads)
    {
        return Err(at(
            "threads",
            format!("threads: {threads} not in 1..={MAX_THREADS} (or None: all cores)"),
        ));
    }
    if let Some(pairs) = file.batch_pairs
        && !(1..=MAX_PAIRS).contains(&pairs)
    {
        return Err(at(
            "batch_pairs",
            format!("batch_pairs: {pairs} not in 1..={MAX_PAIRS} (or None: the default)"),
        ));
    }
    if let Err(e) = file.time_control.check() {
        return Err(at("time_control", e));
    }

    Ok(SprtPlan {
        path: path.to_path_buf(),
        name: file.name,
        candidate,
        baseline,
        geometry,
        rule,
        openings_file,
        book_format,
        openings,
        first_opening,
        transform: file.openings.transform,
        test: SprtSettings {
            elo0: file.elo0,
            elo1: file.elo1,
            alpha: file.alpha,
            beta: file.beta,
            model: file.model,
            max_games: file.max_games,
        },
        time_control: file.time_control,
        seed: file.seed,
        threads: file.threads,
        batch_pairs: file.batch_pairs,
        output: resolve(&file.output),
        move_cap: file.move_cap,
    })
}

/// Reads and checks an SPRT file: engines, book and hypotheses; no game starts on a bad file.
pub fn load_sprt(path: &Path) -> Result<SprtPlan, ConfigError> {
    let text = crate::read_input(path)?;
    parse_sprt(&text, path)
}

impl SprtPlan {
    /// The most pairs the test plays (`max_games / 2`).
    pub fn max_pairs(&self) -> usize {
        (self.test.max_games / 2) as usize
    }

    /// What decides the games and the test's course, for `run.json` and the run hash.
    pub fn run_config(&self) -> RunConfig {
        let player = |e: &SprtEngine| PlayerConfig {
            origin: Some(e.origin.clone()),
            ..PlayerConfig::engine(&e.name, &e.params)
        };
        RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: RunKind::Sprt,
            name: self.name.clone(),
            players: vec![player(&self.candidate), player(&self.baseline)],
            pairing: Pairing::RoundRobin,
            board: BoardConfig::new(self.geometry, self.rule),
            book: BookConfig {
                file: crate::tournament::file_name(&self.openings_file),
                format: self.book_format.name().to_string(),
                count: self.openings.len(),
                first: self.first_opening,
                transform: self.transform,
            },
            rounds: self.max_pairs().div_ceil(self.openings.len().max(1)) as u32,
            time_control: self.time_control,
            seed: self.seed,
            move_cap: self.move_cap,
            sprt: Some(self.test),
            node_cap: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_field_names_line_and_column() {
        let p = Path::new("x.ron");
        let err = parse_sprt("Sprt(\n  name: \"a\",\n  nme: 1,\n)", p)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("x.ron:3:"), "{err}");
    }

    /// The shipped `seed-d4-vs-d2.ron` with `from` replaced by `to` is refused at the line
    /// and column where `to` writes the field that `needle` begins with.
    fn refused(from: &str, to: &str, needle: &str) {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/sprt/seed-d4-vs-d2.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        crate::test_support::refused_at(&path, &text, (from, to, needle), parse_sprt);
    }

    #[test]
    fn hypotheses_errors_and_sizes_are_bounded_at_their_line() {
        for (from, to, needle) in [
            // 1e308 passed the load and failed when the run started, away from its line.
            (
                "elo1: 50.0",
                "elo1: 1e308",
                "elo1: 1e308 not in -2000..=2000",
            ),
            (
                "elo0: 0.0",
                "elo0: -2500.0",
                "elo0: -2500 not in -2000..=2000",
            ),
            ("elo0: 0.0", "elo0: NaN", "elo0: NaN not in -2000..=2000"),
            (
                "elo1: 50.0",
                "elo1: -5.0",
                "elo1: -5 must be above elo0 (0)",
            ),
            ("alpha: 0.05", "alpha: 0.7", "alpha: 0.7 not in (0, 0.5)"),
            ("beta: 0.05", "beta: NaN", "beta: NaN not in (0, 0.5)"),
            (
                "max_games: 2000",
                "max_games: 18446744073709551615",
                "max_games: 18446744073709551615 not in 2..=10000000",
            ),
            (
                "max_games: 2000",
                "max_games: 1",
                "max_games: 1 not in 2..=10000000",
            ),
            (
                "threads: None",
                "threads: Some(100000)",
                "threads: 100000 not in 1..=1024",
            ),
            (
                "threads: None,",
                "threads: None,\n    batch_pairs: Some(18446744073709551615),",
                "batch_pairs: 18446744073709551615 not in 1..=1000000",
            ),
            (
                "name: \"seed-d4-vs-d2\"",
                "name: \" \"",
                "name: must not be empty",
            ),
        ] {
            refused(from, to, needle);
        }
    }
}
