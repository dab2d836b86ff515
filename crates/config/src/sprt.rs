//! SPRT files (`configs/sprt/*.ron`): a candidate engine against a baseline, played in game
//! pairs (one opening, colours reversed) until the generalized SPRT of fishtest and fastchess
//! accepts H0 or H1 or the game cap is reached. This module loads and checks the file; the
//! fields, their defaults and limits: `docs/CONFIG.md`, "SPRT files".

use crate::book::{BoardSpec, BookFormatSpec, load_openings, not_empty};
use crate::checks::count;
use crate::limits::{MAX_JOBS, MAX_PAIRS};
use crate::overrides::{EntryError, Overrides, load_entry, origin_with};
use crate::participants::{ParticipantEntry, external_record};
use crate::run::{
    BoardConfig, BookConfig, Pairing, PlayerRecord, RUN_CONFIG_VERSION, RunConfig, RunKind,
    SprtSettings, TimeControlSpec,
};
use crate::{ConfigError, Spans, checks};
use gomoku_board::opening::{BookFormat, Opening};
use gomoku_board::{Geometry, Rule};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The SPRT file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sprt")]
pub struct SprtFile {
    /// The test's name.
    pub name: String,
    /// The engine under test (H1: it is `elo1` stronger): a tournament's participant entry
    /// but a `Sweep` (an engine file, a variant, an external engine or a built-in player).
    pub candidate: ParticipantEntry,
    /// The reference engine.
    pub baseline: ParticipantEntry,
    /// Board and rule.
    #[serde(default)]
    pub board: BoardSpec,
    /// The opening book.
    pub openings: SprtOpenings,
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Type I error.
    #[serde(default = "five_percent")]
    pub alpha: f64,
    /// Type II error.
    #[serde(default = "five_percent")]
    pub beta: f64,
    /// What kind of Elo `elo0` and `elo1` are.
    #[serde(default)]
    pub model: ModelSpec,
    /// The cap: the test stops, inconclusive, after `max_games / 2` pairs.
    pub max_games: u64,
    /// Time control.
    #[serde(default)]
    pub time_control: TimeControlSpec,
    /// The run seed.
    #[serde(default)]
    pub seed: u64,
    /// Worker threads (`None`: all cores).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Pairs per parallel batch (`None`: the default).
    #[serde(default)]
    pub batch_pairs: Option<usize>,
    /// Output directory, relative to this file.
    pub output: PathBuf,
    /// Draw when this many stones are on the board.
    #[serde(default)]
    pub move_cap: Option<usize>,
}

defaults! { five_percent: f64 = 0.05; }

pub use crate::run::ModelSpec;

/// The opening book of an SPRT.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtOpenings {
    /// The book file, relative to the SPRT file.
    pub file: PathBuf,
    /// Its format.
    #[serde(default)]
    pub format: BookFormatSpec,
    /// Openings `start..end` of the book (`None`: the whole book).
    #[serde(default)]
    pub range: Option<(usize, usize)>,
    /// A random board symmetry per pair.
    #[serde(default)]
    pub transform: bool,
}

/// An SPRT file loaded and checked.
#[derive(Clone, Debug)]
pub struct SprtPlan {
    /// The SPRT file.
    pub path: PathBuf,
    /// Name.
    pub name: String,
    /// The engine under test, with its origin.
    pub candidate: PlayerRecord,
    /// The reference engine.
    pub baseline: PlayerRecord,
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

/// Parses and checks SPRT text (`path` names the file in errors and anchors its relative
/// paths): engines, book and hypotheses.
pub fn parse_sprt(text: &str, path: &Path) -> Result<SprtPlan, ConfigError> {
    let (file, spans) = crate::parse_ron_spanned::<SprtFile>(text, path, true)?;
    checks::run_file(&spans, &file.name, &file.output)?;
    let candidate = player(&file.candidate, "candidate", &spans)?;
    let baseline = player(&file.baseline, "baseline", &spans)?;
    if candidate.name == baseline.name {
        return Err(spans.at_field(
            "baseline",
            format!(
                "candidate and baseline are both named '{}': give one a name with Variant(base: .., name: .., overrides: ())",
                candidate.name
            ),
        ));
    }

    let board = file
        .board
        .resolve()
        .map_err(|e| spans.at_field("board", e))?;
    let placed = [
        (candidate.clone(), "candidate".to_string()),
        (baseline.clone(), "baseline".to_string()),
    ];
    crate::participants::playable(&placed, board.0, &spans)?;
    checks::move_cap(&spans, file.move_cap, board.0)?;
    let openings_file = spans.resolve(&file.openings.file);
    let (book_format, mut openings) =
        load_openings(&spans, &file.openings.file, file.openings.format, board)?;
    let mut first_opening = 0;
    if let Some(range) = file.openings.range {
        crate::book::keep_range(&spans, &mut openings, range)?;
        first_opening = range.0;
    }
    not_empty(&openings, &openings_file)?;
    check_test(&file, &spans)?;
    checks::threads(&spans, file.threads)?;
    if let Some(pairs) = file.batch_pairs {
        count(pairs, 1, MAX_PAIRS)
            .map_err(|m| spans.invalid("batch_pairs", format!("{m} (or None: the default)")))?;
    }
    if let Err(e) = file.time_control.check() {
        return Err(spans.at_field("time_control", e));
    }

    Ok(SprtPlan {
        path: path.to_path_buf(),
        name: file.name,
        candidate,
        baseline,
        geometry: board.0,
        rule: board.1,
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
        output: spans.resolve(&file.output),
        move_cap: file.move_cap,
    })
}

/// The player of the `candidate` or `baseline` field (`role`), with its origin.
fn player(
    entry: &ParticipantEntry,
    role: &str,
    spans: &Spans<'_>,
) -> Result<PlayerRecord, ConfigError> {
    let no_overrides = Overrides::default();
    let (base, name, overrides) = match entry {
        ParticipantEntry::Engine(base) => (base, None, &no_overrides),
        ParticipantEntry::Variant {
            base,
            name,
            overrides,
        } => (base, Some(name), overrides),
        ParticipantEntry::External { .. } => return external_record(entry, spans, role),
        ParticipantEntry::Builtin { name, kind } => {
            if let Some(problem) = crate::name_problem(name) {
                return Err(spans.at_field(role, format!("{role}: the name {problem}")));
            }
            return Ok(PlayerRecord {
                name: name.clone(),
                origin: None,
                spec: crate::run::PlayerKind::Builtin(*kind),
            });
        }
        ParticipantEntry::Sweep { .. } => {
            return Err(spans.at_field(
                role,
                format!(
                    "{role}: a Sweep is several engines and an SPRT plays one against one: \
                     write the value you test as a Variant(base: .., name: .., overrides: (..))"
                ),
            ));
        }
    };
    let load = &crate::engine::name_and_params;
    let (file_name, params) =
        load_entry(load, spans.file(), base, overrides).map_err(|e| match (e, name) {
            (EntryError::Load(e), _) => spans.at_field(role, format!("{role}: {e}")),
            (EntryError::Change(e), Some(name)) => {
                spans.at_field(role, format!("{role} {name}: {e}"))
            }
            (EntryError::Change(e), None) => spans.at_field(role, format!("{role}: {e}")),
        })?;
    let Some(name) = name else {
        return Ok(PlayerRecord {
            origin: Some(base.display().to_string()),
            ..PlayerRecord::engine(&file_name, &params)
        });
    };
    if let Some(problem) = crate::name_problem(name) {
        return Err(spans.at_field(role, format!("{role}: the name {problem}")));
    }
    Ok(PlayerRecord {
        origin: Some(origin_with(base, overrides)),
        ..PlayerRecord::engine(name, &params)
    })
}

/// The hypotheses, error rates and game cap, each refused at its field.
fn check_test(file: &SprtFile, spans: &Spans<'_>) -> Result<(), ConfigError> {
    checks::hypotheses(spans, "", (file.elo0, file.elo1, file.alpha))?;
    let place = |key: &str, r: Result<(), String>| r.map_err(|m| spans.invalid(key, m));
    place("beta", checks::error_rate(file.beta))?;
    let max_games = count(file.max_games, 2, MAX_JOBS);
    place(
        "max_games",
        max_games.map_err(|m| format!("{m} (at least one pair)")),
    )
}

/// Reads and checks an SPRT file: engines, book and hypotheses; no game starts on a bad file.
pub fn load_sprt(path: &Path) -> Result<SprtPlan, ConfigError> {
    crate::load_with(path, parse_sprt)
}

impl SprtPlan {
    /// The most pairs the test plays (`max_games / 2`).
    pub fn max_pairs(&self) -> usize {
        (self.test.max_games / 2) as usize
    }

    /// What decides the games and the test's course, for `run.json` and the run hash.
    pub fn run_config(&self) -> RunConfig {
        RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: RunKind::Sprt,
            name: self.name.clone(),
            players: vec![self.candidate.clone(), self.baseline.clone()],
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

    /// The shipped `seed-d4-vs-d2.ron` with `from` replaced by `to` is refused at the line
    /// and column where `to` writes the field that `needle` begins with.
    fn refused(from: &str, to: &str, needle: &str) {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/sprt/seed-d4-vs-d2.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        crate::test_support::refused_at(&path, &text, (from, to, needle), parse_sprt);
    }

    /// Values `seed-d4-vs-d2.ron` may not hold, one a line: its text, what replaces it and
    /// what the message says (see [`crate::test_support::rows`]).
    const REFUSED: &str = r#"
        # 1e308 passed the load and failed when the run started, away from its line.
        elo1: 50.0 | elo1: 1e308 | elo1: 1e308 not in -2000..=2000
        elo0: 0.0 | elo0: -2500.0 | elo0: -2500 not in -2000..=2000
        elo0: 0.0 | elo0: NaN | elo0: NaN not in -2000..=2000
        elo1: 50.0 | elo1: -5.0 | elo1: -5 must be above elo0 (0)
        alpha: 0.05 | alpha: 0.7 | alpha: 0.7 not in (0, 0.5)
        beta: 0.05 | beta: NaN | beta: NaN not in (0, 0.5)
        max_games: 2000 | max_games: 18446744073709551615 | max_games: 18446744073709551615 not in 2..=10000000
        max_games: 2000 | max_games: 1 | max_games: 1 not in 2..=10000000
        threads: None | threads: Some(100000) | threads: 100000 not in 1..=1024
        threads: None, | threads: None,\n    batch_pairs: Some(18446744073709551615), | batch_pairs: 18446744073709551615 not in 1..=1000000
        name: "seed-d4-vs-d2" | name: " " | name: must not be empty
        # Several engines cannot be one side of a test.
        candidate: Engine("../engines/seed-d4.ron") | candidate: Sweep(base: "../engines/seed-d4.ron", field: "depth", values: [2, 3]) | candidate: a Sweep is several engines
        # A field the schema does not have is placed where it is written.
        name: "seed-d4-vs-d2", | name: "seed-d4-vs-d2", nme: 1, | nme
    "#;

    #[test]
    fn a_gomocup_program_or_a_builtin_player_may_be_either_side() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/sprt/seed-d4-vs-d2.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text
            .replace(
                "candidate: Engine(\"../engines/seed-d4.ron\")",
                "candidate: External(name: \"brain\", command: \"sh\", move_time_ms: 100)",
            )
            .replace(
                "baseline: Engine(\"../engines/seed-d2.ron\")",
                "baseline: Builtin(name: \"greedy\", kind: Greedy)",
            );
        let plan = parse_sprt(&text, &path).unwrap();
        assert!(matches!(
            plan.candidate.spec,
            crate::run::PlayerKind::External(_)
        ));
        assert!(matches!(
            plan.baseline.spec,
            crate::run::PlayerKind::Builtin(_)
        ));
        // The Gomocup protocol plays five in a row only: refused at the program's line.
        let four = text.replace("k: 5", "k: 4");
        let err = parse_sprt(&four, &path).err().unwrap().to_string();
        assert!(
            err.contains("seed-d4-vs-d2.ron:10:16: external engine brain"),
            "{err}"
        );
        assert!(err.contains("plays five in a row, not k=4"), "{err}");
    }

    #[test]
    fn hypotheses_errors_and_sizes_are_bounded_at_their_line() {
        for [from, to, needle] in crate::test_support::rows(REFUSED) {
            refused(&from, &to, &needle);
        }
    }
}
