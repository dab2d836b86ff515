//! Tournament files (`configs/tournaments/*.ron`): the schema, loading with every check done
//! before the first game (engine files, external commands and the book read, every number
//! held to its limit), and the typed [`RunConfig`] a run records. The fields, their defaults
//! and limits: `docs/CONFIG.md`, "Tournament files".
//!
//! Every path in the file is relative to the file's directory. Errors in the file are placed at
//! the line and column the parser read the value at ([`crate::Spans`]); errors in a file it
//! names (an engine, a table, a book) keep that file's own place.

use crate::book::{load_openings, not_empty};
use crate::limits::{MAX_JOBS, MAX_ROUNDS};
use crate::run::{
    BoardConfig, BookConfig, CgcLayout, Pairing, PlayerRecord, RUN_CONFIG_VERSION, RunConfig,
    RunKind, SprtSettings,
};
use crate::{ConfigError, Spans, checks};
use gomoku_board::opening::{BookFormat, Opening};
use gomoku_board::{Geometry, Rule};
use serde::Deserialize;
use std::path::{Path, PathBuf};

pub use crate::book::{BoardSpec, BookFormatSpec, load_book};
pub use crate::engine::EngineLoader;
pub use crate::overrides::Overrides;
pub use crate::participants::{ParticipantEntry, ProtocolSpec, resolve_command};
pub use crate::run::{BuiltinSpec, RuleSpec, TimeControlSpec};

/// The tournament file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Tournament")]
pub struct TournamentFile {
    /// The tournament's name.
    pub name: String,
    /// The players.
    pub participants: Vec<ParticipantEntry>,
    /// Who plays whom.
    #[serde(default)]
    pub format: FormatSpec,
    /// Board and rule.
    #[serde(default)]
    pub board: BoardSpec,
    /// The opening book.
    pub openings: OpeningsSpec,
    /// Passes through the book.
    #[serde(default = "one")]
    pub rounds: u32,
    /// Time control.
    #[serde(default)]
    pub time_control: TimeControlSpec,
    /// The run seed.
    #[serde(default)]
    pub seed: u64,
    /// Worker threads (`None`: all cores).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Output directory, relative to this file.
    pub output: PathBuf,
    /// Draw when this many stones are on the board.
    #[serde(default)]
    pub move_cap: Option<usize>,
    /// Print the standings every this many games (0: only at the end).
    #[serde(default = "hundred")]
    pub standings_every: u64,
}

defaults! {
    one: u32 = 1;
    hundred: u64 = 100;
}

/// Who plays whom.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FormatSpec {
    /// Everyone plays everyone.
    #[default]
    RoundRobin,
    /// The candidates play the rest of the field.
    Gauntlet {
        /// Names of the candidates.
        candidates: Vec<String>,
    },
}

/// The opening book.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsSpec {
    /// The book file, relative to the tournament file.
    pub file: PathBuf,
    /// Its format.
    #[serde(default)]
    pub format: BookFormatSpec,
    /// Use only the first this many openings.
    #[serde(default)]
    pub limit: Option<usize>,
    /// Openings `start..end` of the book (a held-out slice), instead of `limit`.
    #[serde(default)]
    pub range: Option<(usize, usize)>,
    /// A random board symmetry per opening pair.
    #[serde(default)]
    pub transform: bool,
}

/// A tournament file loaded and checked: every engine built from its file, every opening
/// read and checked against the board and rule.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The tournament file.
    pub path: PathBuf,
    /// Name.
    pub name: String,
    /// Participants, by index.
    pub participants: Vec<PlayerRecord>,
    /// Who plays whom (indices).
    pub pairing: Pairing,
    /// Board shape.
    pub geometry: Geometry,
    /// Rule.
    pub rule: Rule,
    /// The book file.
    pub openings_file: PathBuf,
    /// Its format.
    pub book_format: BookFormat,
    /// The openings used (after `limit`).
    pub openings: Vec<Opening>,
    /// Random symmetry per opening pair.
    pub transform: bool,
    /// Rounds.
    pub rounds: u32,
    /// Time control.
    pub time_control: TimeControlSpec,
    /// Seed.
    pub seed: u64,
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Output directory (resolved against the tournament file's directory).
    pub output: PathBuf,
    /// Move cap.
    pub move_cap: Option<usize>,
    /// Standings interval.
    pub standings_every: u64,
    /// c-gomoku-cli's schedule instead of the tournament's (set by its command line only).
    pub cgc: Option<CgcLayout>,
    /// c-gomoku-cli's `-sprt`: the run stops when the test decides, counted game by game
    /// (set by its command line only).
    pub sprt: Option<SprtSettings>,
}

/// Reads and checks a tournament file, engine files read with
/// [`crate::engine::load_engine`]; no game starts on a bad file.
pub fn load_tournament(path: &Path) -> Result<Tournament, ConfigError> {
    load_tournament_with(path, &crate::engine::name_and_params)
}

/// Reads and checks a tournament file, engine files read with `load_engine`.
pub fn load_tournament_with(
    path: &Path,
    load_engine: EngineLoader<'_>,
) -> Result<Tournament, ConfigError> {
    crate::load_with(path, |text, path| {
        parse_tournament_with(text, path, load_engine)
    })
}

/// Parses and checks tournament text (`path` names the file in errors and anchors its
/// relative paths), engine files read with [`crate::engine::load_engine`].
pub fn parse_tournament(text: &str, path: &Path) -> Result<Tournament, ConfigError> {
    parse_tournament_with(text, path, &crate::engine::name_and_params)
}

/// Refuses a depth the file sets for a participant (a variant's `depth`, a sweep of it) that
/// the time control replaces: in-process engines search to the tournament's depth or
/// budget, so the file would say two things, and a sweep's values would play alike. An
/// engine file's own depth is its default: a time control replacing it is stated on the
/// console and in the report ([`RunConfig::replaced_depths`]), not refused.
fn depth_kept(
    entries: &[ParticipantEntry],
    time_control: TimeControlSpec,
    spans: &Spans<'_>,
) -> Result<(), ConfigError> {
    if time_control == TimeControlSpec::EngineDefault {
        return Ok(());
    }
    let why = format!(
        "time_control {time_control:?} replaces every engine's depth: leave the depth out, \
         or play time_control: EngineDefault"
    );
    for (i, entry) in entries.iter().enumerate() {
        match entry {
            ParticipantEntry::Variant { overrides, .. } if overrides.depth.is_some() => {
                let at = format!("participants[{i}].Variant.overrides.depth");
                return Err(spans.invalid(&at, format!("set here, but {why}")));
            }
            ParticipantEntry::Sweep { field, .. } if field == "depth" => {
                let at = format!("participants[{i}].Sweep.field");
                return Err(spans.at_value(&at, format!("a sweep of depth, but {why}")));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Parses and checks tournament text, engine files read with `load_engine`: every engine,
/// external command and opening is checked here.
pub fn parse_tournament_with(
    text: &str,
    path: &Path,
    load_engine: EngineLoader<'_>,
) -> Result<Tournament, ConfigError> {
    let (file, spans) = crate::parse_ron_spanned::<TournamentFile>(text, path, true)?;
    checks::run_file(&spans, &file.name, &file.output)?;
    let participants = crate::participants::expand(&file.participants, &spans, load_engine)?;
    let players: Vec<PlayerRecord> = participants.iter().map(|(p, _)| p.clone()).collect();
    let pairing = pairing(&file.format, &players, &spans)?;
    let (geometry, rule) = file
        .board
        .resolve()
        .map_err(|e| spans.at_field("board", e))?;
    crate::participants::playable(&participants, geometry, &spans)?;

    let openings_file = spans.resolve(&file.openings.file);
    let (book_format, mut openings) = load_openings(
        &spans,
        &file.openings.file,
        file.openings.format,
        (geometry, rule),
    )?;
    if let Some(limit) = file.openings.limit {
        if limit == 0 {
            return Err(spans.at_field(
                "openings.limit",
                "limit: 0 takes no opening (leave it out to take the whole book)",
            ));
        }
        openings.truncate(limit);
    }
    if let Some(range) = file.openings.range {
        if file.openings.limit.is_some() {
            return Err(spans.at_field(
                "openings.range",
                "give `range` or `limit`, not both (`limit: n` is `range: (0, n)`)",
            ));
        }
        crate::book::keep_range(&spans, &mut openings, range)?;
    }
    checks::move_cap(&spans, file.move_cap, geometry)?;
    not_empty(&openings, &openings_file)?;
    if !(1..=MAX_ROUNDS).contains(&file.rounds) {
        return Err(spans.at_field(
            "rounds",
            format!("rounds: {} not in 1..={MAX_ROUNDS}", file.rounds),
        ));
    }
    let pairs = pairing.pairs(players.len()).len();
    let games = u128::from(file.rounds) * openings.len() as u128 * pairs as u128 * 2;
    if games > u128::from(MAX_JOBS) {
        let at = spans.field("rounds").or(spans.field("participants"));
        return Err(ConfigError::placed(
            path,
            at,
            format!(
                "the schedule has {games} games ({} rounds x {} openings x {pairs} pairs of \
                 players x 2 colours); a run has at most {MAX_JOBS}: use fewer rounds, \
                 openings (limit) or participants",
                file.rounds,
                openings.len()
            ),
        ));
    }
    if let Err(e) = file.time_control.check() {
        return Err(spans.at_field("time_control", e));
    }
    depth_kept(&file.participants, file.time_control, &spans)?;
    checks::threads(&spans, file.threads)?;

    Ok(Tournament {
        path: path.to_path_buf(),
        name: file.name,
        participants: players,
        pairing,
        geometry,
        rule,
        openings_file,
        book_format,
        openings,
        transform: file.openings.transform,
        rounds: file.rounds,
        time_control: file.time_control,
        seed: file.seed,
        threads: file.threads,
        output: spans.resolve(&file.output),
        move_cap: file.move_cap,
        standings_every: file.standings_every,
        cgc: None,
        sprt: None,
    })
}

/// Who plays whom, by index: a gauntlet's candidates must be participants, and leave some.
fn pairing(
    format: &FormatSpec,
    players: &[PlayerRecord],
    spans: &Spans<'_>,
) -> Result<Pairing, ConfigError> {
    let FormatSpec::Gauntlet { candidates } = format else {
        return Ok(Pairing::RoundRobin);
    };
    let mut idx = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        match players.iter().position(|p| &p.name == c) {
            Some(at) => idx.push(at),
            None => {
                return Err(spans.at_value(
                    &format!("format.Gauntlet.candidates[{i}]"),
                    format!("gauntlet candidate '{c}' is not a participant"),
                ));
            }
        }
    }
    if idx.is_empty() || idx.len() == players.len() {
        return Err(spans.at_value(
            "format",
            "a gauntlet needs candidates and at least one other participant",
        ));
    }
    Ok(Pairing::Gauntlet(idx))
}

impl Tournament {
    /// What decides the games, for `run.json` and the run hash (paths, threads and the
    /// output directory are left out: they do not change games).
    pub fn run_config(&self) -> RunConfig {
        RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: self.cgc.map_or(RunKind::Tournament, RunKind::CGomokuCli),
            name: self.name.clone(),
            players: self.participants.clone(),
            pairing: self.pairing.clone(),
            board: BoardConfig::new(self.geometry, self.rule),
            book: BookConfig {
                file: file_name(&self.openings_file),
                format: self.book_format.name().to_string(),
                count: self.openings.len(),
                first: 0,
                transform: self.transform,
            },
            rounds: self.rounds,
            time_control: self.time_control,
            seed: self.seed,
            move_cap: self.move_cap,
            sprt: self.sprt,
            node_cap: None,
        }
    }
}

/// The last component of a path, for readers of `run.json`.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}
