//! Tournament files (`configs/tournaments/*.ron`): the schema, loading with every check done
//! before the first game, and the typed [`crate::run::RunConfig`] a run records.
//!
//! ```ron
//! Tournament(
//!     name: "quick",
//!     participants: [
//!         Engine("../engines/seed-d2.ron"),
//!         // one engine file with typed overrides, under a new name
//!         Variant(base: "../engines/seed-d4.ron", name: "seed-d4-top5", overrides: (top_n: 5)),
//!         // one line, one participant per value: seed-d2, seed-d4, seed-d6
//!         Sweep(base: "../engines/seed-d4.ron", field: "depth", values: [2, 4, 6], name: "seed-d{}"),
//!         Builtin(name: "greedy", kind: Greedy),
//!         // any Gomocup ("pbrain") engine, over its stdin/stdout
//!         External(name: "rapfi", command: "/path/to/pbrain-rapfi", args: [], dir: Some("."),
//!                  protocol: Gomocup, move_time_ms: 1000, game_time_ms: Some(60000),
//!                  tolerance_ms: 200, max_memory_mb: Some(350)),
//!     ],
//!     format: RoundRobin,                  // or Gauntlet(candidates: ["seed-d6"])
//!     board: (size: 15, k: 5, rule: Freestyle),   // or (width: 15, height: 12, ...)
//!     openings: (file: "../../openings/freestyle15.txt", format: Auto, limit: 20, transform: true),
//!     rounds: 1,
//!     time_control: EngineDefault,         // Depth(4), Nodes(20000), MoveTime(100), GameTime(base_ms: 10000, inc_ms: 100)
//!     seed: 1,
//!     threads: None,                       // all cores
//!     output: "../../reports/quick",
//!     move_cap: None,
//!     standings_every: 50,
//! )
//! ```
//!
//! - Every path in the file (engines, openings, `output`) is relative to the tournament
//!   file's directory, so a tournament runs the same from any working directory. The command
//!   line's `--out` overrides `output` (relative to the working directory).
//! - `Some(..)` may be left out around optional values (`limit: 20`, `top_n: 5`).
//! - `Sweep` fields: any [`Overrides`] field; `name` is a template in which `{}` is the value
//!   (`None` prints as `all`, a table file as its stem); the default template is
//!   `"<base name>-<field>{}"`. `table: "../tables/seed003.ron"` swaps the pattern table.
//! - Every opening is played twice per pair (colours reversed); `rounds` repeats the book.
//!   With `transform`, each (round, opening, pair) gets a random symmetry of the board drawn
//!   from the seed, the same for both games of the pair.
//! - Time controls: `EngineDefault` (each engine's own depth), `Depth(n)` (1..=64) and
//!   `Nodes(n)` give the same games on every machine; `MoveTime(ms)` and `GameTime(base_ms,
//!   inc_ms)` (1 ms to a day) depend on the machine's speed and load, so their games are not
//!   reproducible. Under `Nodes`, `MoveTime` and `GameTime` an engine deepens until its budget
//!   is spent (its configured depth applies only under `EngineDefault`); its time manager
//!   never starts an iteration it predicts it cannot finish, and moves over the budget are
//!   counted in the journal and the standings.
//! - `External` engines: `command` is a file relative to the tournament file (or an absolute
//!   path), else a program looked up in `PATH`; `dir` (default: the working directory of
//!   gomoku-arena) and `stderr` (a file the engine's stderr is appended to; default: discarded)
//!   are relative to the tournament file. `move_time_ms` is required (`INFO timeout_turn`);
//!   `game_time_ms` (`INFO timeout_match`, then `time_left` before each move), `max_memory_mb`
//!   (`INFO max_memory`) and `start_timeout_ms` (default 10000, for `START`) are optional;
//!   `tolerance_ms` (default 1000) is the grace past a limit before a loss on time;
//!   `command_gap_ms` (default 0) is a wait after the engine's move before anything more is
//!   sent to it, outside its clock (Rapfi needs about 10). These are
//!   the engine's own limits; the `time_control` applies to the other players (under
//!   `GameTime` the runner's clock also caps the engine's `time_left`). Each worker thread
//!   runs its own engine process, so give such tournaments `threads` that leave the engines
//!   a core each. Crashes, timeouts, garbage and illegal moves lose the game (journaled as
//!   `crash`, `time_forfeit`, `garbage`, `illegal_move`, `forbidden`) and the engine is
//!   restarted for the next game. Only the Gomocup board sizes the engine accepts and k = 5
//!   can be played.
//! - Determinism: games between in-process engines and built-in players are the same on any
//!   machine and thread count; games with an `External` engine depend on time (its search
//!   runs against the clock on a loaded machine), so they are not reproducible move for move
//!   (a fixed-depth engine such as `pbrain-gomoku-arena` still plays the same moves).
//! - Adjudication: a full board is a draw; `move_cap: N` draws a game when N stones are on the
//!   board (opening stones included).
//!
//! - Limits ([`crate::limits`] lists them all): `rounds` 1..=100000 and at most 10000000 games
//!   in the whole schedule (rounds × openings × pairs of players × 2), at most 1000
//!   participants, `threads` 1..=1024, names of at most 128 characters on one line, files
//!   of at most 64 MiB; an external engine's times at most a day (86400000 ms) and its
//!   `max_memory_mb` at most 1 TiB.
//!
//! Bad input is reported with the file, line and column: unknown fields and wrong types by
//! the RON parser; missing engine, external command or opening files, bad overrides, duplicate names and unknown
//! gauntlet candidates at the place they are written; a bad opening at its line in the book.

use crate::limits::{
    MAX_COMMAND_GAP_MS, MAX_JOBS, MAX_MEMORY_MB, MAX_PARTICIPANTS, MAX_ROUNDS, MAX_THREADS,
};
use crate::run::{
    BoardConfig, BookConfig, EngineSpec, ExternalConfig, Pairing, PlayerConfig, PlayerSpec,
    RUN_CONFIG_VERSION, RunConfig, RunKind,
};
use crate::{ConfigError, locate};
use gomoku_board::opening::{BookFormat, Opening, parse_book};
use gomoku_board::{BoardError, Geometry, Rule};
use gomoku_engine::EngineParams;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// The tournament file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Tournament")]
pub struct TournamentFile {
    /// The tournament's name (at most [`crate::MAX_NAME_LEN`] characters, one line).
    pub name: String,
    /// The players (2..=[`MAX_PARTICIPANTS`], each value of a sweep counted).
    pub participants: Vec<ParticipantEntry>,
    /// Who plays whom (default: round robin).
    #[serde(default)]
    pub format: FormatSpec,
    /// Board and rule (default: 15x15, five, freestyle).
    #[serde(default)]
    pub board: BoardSpec,
    /// The opening book.
    pub openings: OpeningsSpec,
    /// Passes through the book (default 1; 1..=[`MAX_ROUNDS`], and the whole schedule at
    /// most [`MAX_JOBS`] games).
    #[serde(default = "one")]
    pub rounds: u32,
    /// Time control (default: each engine's own depth).
    #[serde(default)]
    pub time_control: TimeControlSpec,
    /// The run seed (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Worker threads (default: all cores; 1..=[`MAX_THREADS`]).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Output directory, relative to this file.
    pub output: PathBuf,
    /// Draw when this many stones are on the board.
    #[serde(default)]
    pub move_cap: Option<usize>,
    /// Print the standings every this many games (0: only at the end; default 100).
    #[serde(default = "hundred")]
    pub standings_every: u64,
}

fn one() -> u32 {
    1
}

fn hundred() -> u64 {
    100
}

/// One entry of `participants`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ParticipantEntry {
    /// An engine file, under the name written in it.
    Engine(PathBuf),
    /// An engine file with overrides, under a new name.
    Variant {
        /// The engine file.
        base: PathBuf,
        /// The participant's name.
        name: String,
        /// Parameters to change.
        #[serde(default)]
        overrides: Overrides,
    },
    /// One participant per value of one field.
    Sweep {
        /// The engine file.
        base: PathBuf,
        /// The field of [`Overrides`] to set.
        field: String,
        /// Its values.
        values: Vec<ron::Value>,
        /// Name template, `{}` = the value.
        #[serde(default)]
        name: Option<String>,
    },
    /// A built-in player that needs no engine.
    Builtin {
        /// The participant's name.
        name: String,
        /// Which one.
        kind: BuiltinSpec,
    },
    /// An external engine speaking a protocol over its stdin/stdout.
    External {
        /// The participant's name.
        name: String,
        /// The program: a file relative to the tournament file, or a name looked up in `PATH`.
        command: String,
        /// Its arguments.
        #[serde(default)]
        args: Vec<String>,
        /// Its working directory, relative to the tournament file (default: gomoku-arena's).
        #[serde(default)]
        dir: Option<PathBuf>,
        /// The protocol (default Gomocup).
        #[serde(default)]
        protocol: ProtocolSpec,
        /// Milliseconds per move (`INFO timeout_turn`; 1..=[`MAX_TIME_MS`], a day).
        move_time_ms: u64,
        /// Milliseconds for the engine's moves of a game (`INFO timeout_match`;
        /// 1..=[`MAX_TIME_MS`]).
        #[serde(default)]
        game_time_ms: Option<u64>,
        /// Grace past a limit before the engine loses on time (default 1000;
        /// 0..=[`MAX_TIME_MS`]).
        #[serde(default = "thousand")]
        tolerance_ms: u64,
        /// `INFO max_memory`, in MiB (1..=[`MAX_MEMORY_MB`], 1 TiB).
        #[serde(default)]
        max_memory_mb: Option<u64>,
        /// Limit for answering `START` (default 10000; 1..=[`MAX_TIME_MS`]).
        #[serde(default = "ten_thousand")]
        start_timeout_ms: u64,
        /// The least time between the engine's move and the next line sent to it (default
        /// 0; 0..=[`MAX_COMMAND_GAP_MS`]): Rapfi loses a command that arrives as it
        /// finishes a move.
        #[serde(default)]
        command_gap_ms: u64,
        /// A file the engine's stderr is appended to, relative to the tournament file.
        #[serde(default)]
        stderr: Option<PathBuf>,
    },
}

fn thousand() -> u64 {
    1000
}

fn ten_thousand() -> u64 {
    10_000
}

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum ProtocolSpec {
    /// The Gomocup ("pbrain", Piskvork) protocol.
    #[default]
    Gomocup,
}

/// Whether `path` is a file the user may execute.
fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The program of an `External` entry: a file relative to the tournament file if one is
/// there (or the command is a path), else the first executable of that name in `PATH`.
pub fn resolve_command(tournament_file: &Path, command: &str) -> Result<PathBuf, String> {
    if command.is_empty() {
        return Err("external engine: empty command".into());
    }
    let local = crate::resolve_relative(tournament_file, Path::new(command));
    let is_path = command.contains('/');
    if is_path || local.exists() {
        return if executable(&local) {
            // Absolute: the engine may run in another folder (`dir`), and a bare relative
            // name would be looked up in PATH by the system.
            std::path::absolute(&local)
                .map_err(|e| format!("external engine {}: {e}", local.display()))
        } else if local.exists() {
            Err(format!(
                "external engine {}: not an executable file",
                local.display()
            ))
        } else {
            Err(format!("external engine {}: no such file", local.display()))
        };
    }
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(command))
        .find(|p| executable(p))
        .ok_or_else(|| {
            format!(
                "external engine '{command}': no such file beside {} and not found in PATH",
                tournament_file.display()
            )
        })
}

/// The built-in players.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum BuiltinSpec {
    /// Uniformly random legal moves.
    Random,
    /// Win if possible, else block, else a random point next to a stone.
    Greedy,
}

/// Changes to an engine's parameters; each field left out keeps the engine file's value.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    /// Search depth (1..=64).
    #[serde(default)]
    pub depth: Option<u32>,
    /// Moves per node (at least 1; `None` = full width).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub top_n: Option<Option<usize>>,
    /// Candidate radius (1..=4).
    #[serde(default)]
    pub radius: Option<u32>,
    /// Transposition table size in MiB (1..=[`gomoku_engine::MAX_TT_MIB`], 4096).
    #[serde(default)]
    pub tt_mib: Option<usize>,
    /// Use the transposition table.
    #[serde(default, alias = "tt")]
    pub use_tt: Option<bool>,
    /// Move ordering.
    #[serde(default, alias = "ordering")]
    pub use_ordering: Option<bool>,
    /// Iterative deepening.
    #[serde(default)]
    pub iterative_deepening: Option<bool>,
    /// Killer moves.
    #[serde(default)]
    pub killers: Option<bool>,
    /// History heuristic.
    #[serde(default)]
    pub history: Option<bool>,
    /// Root VCF search.
    #[serde(default)]
    pub vcf: Option<bool>,
    /// VCF depth (0..=255).
    #[serde(default)]
    pub vcf_depth: Option<u32>,
    /// Root tie-break margin (>= 0).
    #[serde(default)]
    pub tie_break_margin: Option<i32>,
    /// Search threads (1..=64; more than 1 makes games non-deterministic).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Root aspiration window half-width (0..=1000000; 0 = off).
    #[serde(default)]
    pub aspiration: Option<i32>,
    /// Late-move reductions.
    #[serde(default)]
    pub lmr: Option<bool>,
    /// Futility margin at depth 2 (0..=1000000; 0 = off).
    #[serde(default)]
    pub futility: Option<i32>,
    /// Threat extensions.
    #[serde(default)]
    pub threat_extension: Option<bool>,
    /// Leaves average the evaluation over two plies.
    #[serde(default)]
    pub eval_average: Option<bool>,
    /// Three defence.
    #[serde(default)]
    pub three_defence: Option<bool>,
    /// Root VCT on/off.
    #[serde(default)]
    pub vct: Option<bool>,
    /// VCT depth (attacker moves, five included; 2..=60).
    #[serde(default)]
    pub vct_depth: Option<u32>,
    /// Longest VCF a VCT three may threaten (1..=64).
    #[serde(default)]
    pub vct_threat: Option<u32>,
    /// A pattern table file (relative to the tournament file) instead of the engine's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<PathBuf>,
}

/// A present field of type `Option<T>`, even when its value is `None`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl Overrides {
    /// Applies the overrides to engine parameters; a `table` is read relative to
    /// `tournament_file` (the error names the table file).
    pub fn apply_with_table(
        &self,
        p: &mut EngineParams,
        tournament_file: &Path,
    ) -> Result<(), ConfigError> {
        self.apply(p);
        if let Some(table) = &self.table {
            p.table = crate::engine::load_table(crate::resolve_relative(tournament_file, table))?;
        }
        Ok(())
    }

    /// Applies the overrides to engine parameters, except `table`.
    pub fn apply(&self, p: &mut EngineParams) {
        macro_rules! set {
            ($($f:ident),*) => { $( if let Some(v) = self.$f { p.$f = v; } )* };
        }
        set!(
            depth,
            top_n,
            radius,
            tt_mib,
            use_tt,
            use_ordering,
            iterative_deepening,
            killers,
            history,
            vcf,
            vcf_depth,
            tie_break_margin,
            threads,
            vct,
            vct_depth,
            vct_threat
        );
        macro_rules! feature {
            ($($f:ident),*) => { $( if let Some(v) = self.$f { p.features.$f = v; } )* };
        }
        feature!(
            aspiration,
            lmr,
            futility,
            threat_extension,
            eval_average,
            three_defence
        );
    }
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

/// The rule, as written.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum RuleSpec {
    /// Five or more wins.
    #[default]
    Freestyle,
    /// Exactly five wins.
    Standard,
    /// Renju.
    Renju,
}

impl From<Rule> for RuleSpec {
    fn from(r: Rule) -> RuleSpec {
        match r {
            Rule::Freestyle => RuleSpec::Freestyle,
            Rule::Standard => RuleSpec::Standard,
            Rule::Renju => RuleSpec::Renju,
        }
    }
}

impl From<RuleSpec> for Rule {
    fn from(r: RuleSpec) -> Rule {
        match r {
            RuleSpec::Freestyle => Rule::Freestyle,
            RuleSpec::Standard => Rule::Standard,
            RuleSpec::Renju => Rule::Renju,
        }
    }
}

/// Board shape and rule.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Side of a square board (default 15; 3..=32).
    #[serde(default)]
    pub size: Option<usize>,
    /// Width (with `height`, instead of `size`; 3..=32).
    #[serde(default)]
    pub width: Option<usize>,
    /// Height (3..=32).
    #[serde(default)]
    pub height: Option<usize>,
    /// Row length (default 5; 3..=7 and at most the longer side).
    #[serde(default = "five")]
    pub k: usize,
    /// Rule (default freestyle).
    #[serde(default)]
    pub rule: RuleSpec,
}

fn five() -> usize {
    5
}

impl Default for BoardSpec {
    fn default() -> Self {
        BoardSpec {
            size: None,
            width: None,
            height: None,
            k: 5,
            rule: RuleSpec::Freestyle,
        }
    }
}

impl BoardSpec {
    /// The board shape and rule, checked; the message says what is wrong with `board`.
    pub fn resolve(&self) -> Result<(Geometry, Rule), String> {
        let (width, height) = match (self.size, self.width, self.height) {
            (Some(s), None, None) => (s, s),
            (None, Some(w), Some(h)) => (w, h),
            (None, None, None) => (15, 15),
            _ => return Err("board: give either size or both width and height".into()),
        };
        let geometry = Geometry {
            width,
            height,
            k: self.k,
        };
        let rule: Rule = self.rule.into();
        gomoku_board::Board::new(geometry, rule).map_err(|e| format!("board: {e}"))?;
        Ok((geometry, rule))
    }
}

/// Reads an opening book (`path` resolved) in `format` for this board and rule. A file that
/// cannot be read is [`ConfigError::Io`] (the caller places it where the book is named); a bad
/// opening is an error at its line and column in the book.
pub fn load_book(
    path: &Path,
    format: BookFormatSpec,
    geometry: Geometry,
    rule: Rule,
) -> Result<(BookFormat, Vec<Opening>), ConfigError> {
    let book = crate::read_input(path)?;
    let book_error = |e: BoardError| match e {
        BoardError::Parse {
            line,
            column,
            message,
        } => ConfigError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message: format!(
                "{message} (on {}x{} k={} {rule})",
                geometry.width, geometry.height, geometry.k
            ),
        },
        other => ConfigError::invalid(path, other.to_string()),
    };
    let format = match format {
        BookFormatSpec::Auto => {
            return gomoku_board::opening::parse_book_auto(&book, geometry, rule)
                .map_err(book_error);
        }
        BookFormatSpec::Offset => BookFormat::Offset,
        BookFormatSpec::Pos => BookFormat::Pos,
        BookFormatSpec::Gtp => BookFormat::Gtp,
    };
    Ok((
        format,
        parse_book(&book, format, geometry, rule).map_err(book_error)?,
    ))
}

/// The layout of the opening book.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum BookFormatSpec {
    /// Detected from the first line.
    #[default]
    Auto,
    /// Gomocup offsets from the centre.
    Offset,
    /// Pos notation (`h8i7g7`).
    Pos,
    /// KataGomo GTP (`15 L7 L8`).
    Gtp,
}

/// The opening book.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsSpec {
    /// The book file, relative to the tournament file.
    pub file: PathBuf,
    /// Its format (default: detected).
    #[serde(default)]
    pub format: BookFormatSpec,
    /// Use only the first this many openings.
    #[serde(default)]
    pub limit: Option<usize>,
    /// A random board symmetry per opening pair (default false).
    #[serde(default)]
    pub transform: bool,
}

/// The time control, as written (and as `run.json` records it).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum TimeControlSpec {
    /// Each engine's own depth.
    #[default]
    EngineDefault,
    /// Fixed depth (1..=64).
    Depth(u32),
    /// Node budget per move (at least 1).
    Nodes(u64),
    /// Milliseconds per move (machine-dependent; 1..=[`MAX_TIME_MS`], a day).
    MoveTime(u64),
    /// A clock per side (machine-dependent).
    GameTime {
        /// Milliseconds for the game (1..=[`MAX_TIME_MS`]).
        base_ms: u64,
        /// Milliseconds added per move (0..=[`MAX_TIME_MS`]).
        inc_ms: u64,
    },
}

/// The longest move or game time a time control accepts: one day, in milliseconds.
pub const MAX_TIME_MS: u64 = 86_400_000;

impl TimeControlSpec {
    /// Refuses budgets that cannot be played: a depth outside 1..=64, no nodes, a move or
    /// game time of zero or longer than a day (an increment may be zero).
    pub fn check(&self) -> Result<(), String> {
        let max_depth = gomoku_engine::MAX_DEPTH;
        match *self {
            TimeControlSpec::EngineDefault => Ok(()),
            TimeControlSpec::Depth(d) if !(1..=max_depth).contains(&d) => {
                Err(format!("Depth({d}): the depth must be in 1..={max_depth}"))
            }
            TimeControlSpec::Nodes(0) => Err("Nodes(0): the node budget must be at least 1".into()),
            TimeControlSpec::MoveTime(ms) if !(1..=MAX_TIME_MS).contains(&ms) => Err(format!(
                "MoveTime({ms}): the time per move must be in 1..={MAX_TIME_MS} ms"
            )),
            TimeControlSpec::GameTime { base_ms, inc_ms }
                if !(1..=MAX_TIME_MS).contains(&base_ms) || inc_ms > MAX_TIME_MS =>
            {
                Err(format!(
                    "GameTime(base_ms: {base_ms}, inc_ms: {inc_ms}): base_ms must be in \
                     1..={MAX_TIME_MS} and inc_ms in 0..={MAX_TIME_MS}"
                ))
            }
            _ => Ok(()),
        }
    }
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
    pub participants: Vec<PlayerConfig>,
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
}

/// Reads an engine file into a name and parameters (the engine module's `load_engine`).
pub type EngineLoader<'a> = &'a dyn Fn(&Path) -> Result<(String, EngineParams), ConfigError>;

fn quoted(p: &Path) -> String {
    format!("\"{}\"", p.display())
}

struct Locator<'a> {
    path: &'a Path,
    text: &'a str,
    seen: BTreeMap<String, usize>,
}

impl Locator<'_> {
    /// The place of the next occurrence of `needle` (each call moves on to the next one).
    fn next(&mut self, needle: &str) -> (usize, usize) {
        let n = self.seen.entry(needle.to_string()).or_insert(0);
        let at = locate(self.text, needle, *n);
        *n += 1;
        at
    }

    fn error_at(&self, at: (usize, usize), message: impl Into<String>) -> ConfigError {
        ConfigError::placed(self.path, Some(at), message)
    }
}

fn value_text(v: &ron::Value) -> String {
    match v {
        ron::Value::Option(None) => "all".into(),
        ron::Value::Option(Some(inner)) => value_text(inner),
        // A path (a table file) names its participant by its file stem.
        ron::Value::String(s) => Path::new(s)
            .file_stem()
            .map_or_else(|| s.clone(), |f| f.to_string_lossy().into_owned()),
        other => ron::to_string(other).unwrap_or_else(|_| "?".into()),
    }
}

/// Loads a tournament file, reading engine files with [`crate::engine::load_engine`].
/// Everything is checked here: no game starts on a bad file.
pub fn load_tournament(path: &Path) -> Result<Tournament, ConfigError> {
    let loader =
        |p: &Path| crate::engine::load_engine(p).map(|cfg| (cfg.name.clone(), cfg.to_params()));
    load_tournament_with(path, &loader)
}

/// Loads a tournament file, reading engine files with `load_engine`. Everything is checked
/// here: no game starts on a bad file.
pub fn load_tournament_with(
    path: &Path,
    load_engine: EngineLoader<'_>,
) -> Result<Tournament, ConfigError> {
    let text = crate::read_input(path)?;
    let file: TournamentFile = crate::parse_ron_lenient(&text, path)?;
    crate::check_output(path, &text, &file.output)?;
    if let Some(problem) = crate::name_problem(&file.name) {
        return Err(ConfigError::invalid_field(path, &text, "name", problem));
    }
    let mut loc = Locator {
        path,
        text: &text,
        seen: BTreeMap::new(),
    };
    let resolve = |p: &Path| crate::resolve_relative(path, p);

    let mut participants: Vec<PlayerConfig> = Vec::new();
    let engine = |name: String, origin: String, params: &EngineParams| PlayerConfig {
        name,
        origin: Some(origin),
        spec: PlayerSpec::Engine(Box::new(EngineSpec::from_params(params))),
    };
    let mut places = Vec::new();
    let too_many = |at| {
        ConfigError::placed(
            path,
            Some(at),
            format!("more than {MAX_PARTICIPANTS} participants (each value of a sweep counts)"),
        )
    };
    for entry in &file.participants {
        match entry {
            ParticipantEntry::Engine(base) => {
                let at = loc.next(&quoted(base));
                let (name, params) =
                    load_engine(&resolve(base)).map_err(|e| loc.error_at(at, e.to_string()))?;
                participants.push(engine(name, base.display().to_string(), &params));
                places.push(at);
            }
            ParticipantEntry::Variant {
                base,
                name,
                overrides,
            } => {
                let at = loc.next(&quoted(base));
                let (_, mut params) =
                    load_engine(&resolve(base)).map_err(|e| loc.error_at(at, e.to_string()))?;
                overrides
                    .apply_with_table(&mut params, path)
                    .map_err(|e| loc.error_at(at, format!("variant {name}: {e}")))?;
                params
                    .validate()
                    .map_err(|e| loc.error_at(at, format!("variant {name}: {e}")))?;
                participants.push(engine(name.clone(), origin_with(base, overrides), &params));
                places.push(at);
            }
            ParticipantEntry::Sweep {
                base,
                field,
                values,
                name,
            } => {
                let at = loc.next(&quoted(base));
                let (base_name, base_params) =
                    load_engine(&resolve(base)).map_err(|e| loc.error_at(at, e.to_string()))?;
                let field_at = locate(&text, &format!("\"{field}\""), 0);
                if values.is_empty() {
                    return Err(loc.error_at(field_at, format!("sweep of '{field}' has no values")));
                }
                for v in values {
                    let snippet = format!("({field}: {})", ron::to_string(v).unwrap_or_default());
                    let overrides: Overrides =
                        crate::parse_ron_lenient(&snippet, path).map_err(|e| {
                            let msg = match e {
                                ConfigError::Syntax { message, .. } => message,
                                other => other.to_string(),
                            };
                            loc.error_at(
                                field_at,
                                format!("sweep of '{field}' = {}: {msg}", value_text(v)),
                            )
                        })?;
                    let mut params = base_params.clone();
                    overrides
                        .apply_with_table(&mut params, path)
                        .map_err(|e| loc.error_at(field_at, format!("sweep of '{field}': {e}")))?;
                    let template = name
                        .clone()
                        .unwrap_or_else(|| format!("{base_name}-{field}{{}}"));
                    let pname = template.replace("{}", &value_text(v));
                    params.validate().map_err(|e| {
                        loc.error_at(field_at, format!("sweep participant {pname}: {e}"))
                    })?;
                    participants.push(engine(pname, origin_with(base, &overrides), &params));
                    places.push(at);
                    if participants.len() > MAX_PARTICIPANTS {
                        return Err(too_many(field_at));
                    }
                }
            }
            ParticipantEntry::Builtin { name, kind } => {
                let at = loc.next(&format!("\"{name}\""));
                participants.push(PlayerConfig {
                    name: name.clone(),
                    origin: None,
                    spec: PlayerSpec::Builtin(*kind),
                });
                places.push(at);
            }
            ParticipantEntry::External {
                name,
                command,
                args,
                dir,
                protocol,
                move_time_ms,
                game_time_ms,
                tolerance_ms,
                max_memory_mb,
                start_timeout_ms,
                command_gap_ms,
                stderr,
            } => {
                let at = loc.next(&format!("\"{command}\""));
                let program = resolve_command(path, command).map_err(|e| loc.error_at(at, e))?;
                let dir = match dir {
                    Some(d) => {
                        let d = resolve(d);
                        if !d.is_dir() {
                            return Err(loc.error_at(
                                at,
                                format!("external engine {name}: no directory {}", d.display()),
                            ));
                        }
                        Some(d)
                    }
                    None => None,
                };
                // Each number in its range; a limit of time may run to a day.
                let day = " (a day)";
                for (field, value, least, most, note) in [
                    ("move_time_ms", Some(*move_time_ms), 1, MAX_TIME_MS, day),
                    ("game_time_ms", *game_time_ms, 1, MAX_TIME_MS, day),
                    ("tolerance_ms", Some(*tolerance_ms), 0, MAX_TIME_MS, day),
                    (
                        "start_timeout_ms",
                        Some(*start_timeout_ms),
                        1,
                        MAX_TIME_MS,
                        day,
                    ),
                    (
                        "command_gap_ms",
                        Some(*command_gap_ms),
                        0,
                        MAX_COMMAND_GAP_MS,
                        "",
                    ),
                    ("max_memory_mb", *max_memory_mb, 1, MAX_MEMORY_MB, ""),
                ] {
                    if let Some(v) = value
                        && !(least..=most).contains(&v)
                    {
                        return Err(loc.error_at(
                            at,
                            format!(
                                "external engine {name}: {field} {v} not in {least}..={most}{note}"
                            ),
                        ));
                    }
                }
                // One protocol exists today; the field is parsed so that files stay valid
                // when a second one comes.
                let ProtocolSpec::Gomocup = protocol;
                participants.push(PlayerConfig {
                    name: name.clone(),
                    origin: None,
                    spec: PlayerSpec::External(Box::new(ExternalConfig {
                        command: command.clone(),
                        args: args.clone(),
                        move_time_ms: *move_time_ms,
                        game_time_ms: *game_time_ms,
                        tolerance_ms: *tolerance_ms,
                        max_memory_mb: *max_memory_mb,
                        start_timeout_ms: *start_timeout_ms,
                        command_gap_ms: *command_gap_ms,
                        program,
                        dir,
                        stderr: stderr.as_deref().map(resolve),
                    })),
                });
                places.push(at);
            }
        }
        if let Some(&at) = places.last()
            && participants.len() > MAX_PARTICIPANTS
        {
            return Err(too_many(at));
        }
    }
    let (first_line, _) = locate(&text, "participants", 0);
    if participants.len() < 2 {
        return Err(loc.error_at(
            (first_line, 1),
            "a tournament needs at least two participants",
        ));
    }
    let mut names = HashSet::new();
    for (p, &at) in participants.iter().zip(&places) {
        if let Some(problem) = crate::name_problem(&p.name) {
            let shown: String = p.name.chars().take(40).collect();
            return Err(loc.error_at(at, format!("participant name '{shown}': {problem}")));
        }
        if !names.insert(p.name.as_str()) {
            return Err(loc.error_at(at, format!("two participants are named '{}'", p.name)));
        }
    }

    let pairing = match &file.format {
        FormatSpec::RoundRobin => Pairing::RoundRobin,
        FormatSpec::Gauntlet { candidates } => {
            let mut idx = Vec::new();
            for c in candidates {
                match participants.iter().position(|p| &p.name == c) {
                    Some(i) => idx.push(i),
                    None => {
                        let at = locate(&text, &format!("\"{c}\""), 0);
                        return Err(loc.error_at(
                            at,
                            format!("gauntlet candidate '{c}' is not a participant"),
                        ));
                    }
                }
            }
            if idx.is_empty() || idx.len() == participants.len() {
                let at = locate(&text, "Gauntlet", 0);
                return Err(loc.error_at(
                    at,
                    "a gauntlet needs candidates and at least one other participant",
                ));
            }
            Pairing::Gauntlet(idx)
        }
    };

    let (geometry, rule) = file
        .board
        .resolve()
        .map_err(|e| loc.error_at(locate(&text, "board", 0), e))?;
    if geometry.k != 5
        && let Some((p, &at)) = participants
            .iter()
            .zip(&places)
            .find(|(p, _)| matches!(p.spec, PlayerSpec::External(_)))
    {
        return Err(loc.error_at(
            at,
            format!(
                "external engine {}: the Gomocup protocol plays five in a row, not k={}",
                p.name, geometry.k
            ),
        ));
    }

    let openings_file = resolve(&file.openings.file);
    let (book_format, mut openings) =
        load_book(&openings_file, file.openings.format, geometry, rule).map_err(|e| match e {
            ConfigError::Io { source, .. } => {
                let at = locate(&text, &quoted(&file.openings.file), 0);
                loc.error_at(
                    at,
                    format!("opening book {}: {source}", openings_file.display()),
                )
            }
            other => other,
        })?;
    if let Some(limit) = file.openings.limit {
        if limit == 0 {
            return Err(loc.error_at(
                locate(&text, "limit", 0),
                "limit: 0 takes no opening (leave it out to take the whole book)".to_string(),
            ));
        }
        openings.truncate(limit);
    }
    if let Some(cap) = file.move_cap {
        let cells = geometry.width * geometry.height;
        if !(1..=cells).contains(&cap) {
            return Err(loc.error_at(
                locate(&text, "move_cap", 0),
                format!("move_cap: {cap} not in 1..={cells}, the points of the board"),
            ));
        }
    }
    if openings.is_empty() {
        return Err(ConfigError::invalid(
            &openings_file,
            "the opening book holds no opening",
        ));
    }
    let rounds_at = locate(&text, "rounds", 0);
    if !(1..=MAX_ROUNDS).contains(&file.rounds) {
        return Err(loc.error_at(
            rounds_at,
            format!("rounds: {} not in 1..={MAX_ROUNDS}", file.rounds),
        ));
    }
    let pairs = pairing.pairs(participants.len()).len();
    let games = u128::from(file.rounds) * openings.len() as u128 * pairs as u128 * 2;
    if games > u128::from(MAX_JOBS) {
        let at = crate::field_position(&text, "rounds").unwrap_or((first_line, 1));
        return Err(loc.error_at(
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
        return Err(loc.error_at(locate(&text, "time_control", 0), e));
    }
    if let Some(threads) = file.threads
        && !(1..=MAX_THREADS).contains(&threads)
    {
        return Err(loc.error_at(
            locate(&text, "threads", 0),
            format!("threads: {threads} not in 1..={MAX_THREADS} (or None: all cores)"),
        ));
    }

    Ok(Tournament {
        path: path.to_path_buf(),
        name: file.name.clone(),
        participants,
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
        output: resolve(&file.output),
        move_cap: file.move_cap,
        standings_every: file.standings_every,
    })
}

impl Tournament {
    /// What decides the games, for `run.json` and the run hash (paths, threads and the
    /// output directory are left out: they do not change games).
    pub fn run_config(&self) -> RunConfig {
        RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: RunKind::Tournament,
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
            sprt: None,
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

/// Where a variant comes from: its engine file and the overrides, as RON.
pub(crate) fn origin_with(base: &Path, overrides: &Overrides) -> String {
    match ron::to_string(overrides) {
        Ok(o) => format!("{} with {o}", base.display()),
        Err(_) => base.display().to_string(),
    }
}
