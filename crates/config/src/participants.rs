//! A tournament's `participants`, as written and as the players of the run: engine files loaded (a
//! variant's overrides applied, a sweep expanded value by value), external commands found and
//! their limits checked, names checked and told apart. Each player keeps the path of the value
//! its errors are placed at.

use crate::engine::EngineLoader;
use crate::limits::{MAX_COMMAND_GAP_MS, MAX_MEMORY_MB, MAX_PARTICIPANTS, MAX_TIME_MS};
use crate::overrides::{EntryError, Overrides, load_entry, origin_with};
use crate::run::BuiltinSpec;
use crate::run::{EngineRecord, ExternalProgram, PlayerKind, PlayerRecord};
use crate::{ConfigError, Spans};
use gomoku_board::Geometry;
use gomoku_engine::EngineParams;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One entry of `participants`, as written: a sweep is expanded into several players.
#[derive(Clone, Debug, Deserialize, PartialEq)]
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
        /// Its working directory, relative to the tournament file.
        #[serde(default)]
        dir: Option<PathBuf>,
        /// The protocol.
        #[serde(default)]
        protocol: ProtocolSpec,
        /// Milliseconds per move (`INFO timeout_turn`).
        move_time_ms: u64,
        /// Milliseconds for the engine's moves of a game (`INFO timeout_match`).
        #[serde(default)]
        game_time_ms: Option<u64>,
        /// Milliseconds added to the game time before each of its moves.
        #[serde(default)]
        increment_ms: u64,
        /// Grace past a limit before the engine loses on time.
        #[serde(default = "thousand")]
        tolerance_ms: u64,
        /// `INFO max_memory`, in MiB.
        #[serde(default)]
        max_memory_mb: Option<u64>,
        /// Limit for answering `START`.
        #[serde(default = "ten_thousand")]
        start_timeout_ms: u64,
        /// The least time between the engine's move and the next line sent to it.
        #[serde(default)]
        command_gap_ms: u64,
        /// A file the engine's stderr is appended to, relative to the tournament file.
        #[serde(default)]
        stderr: Option<PathBuf>,
        /// Engine options, each sent as `INFO NAME VALUE` at the start of every game.
        #[serde(default)]
        options: Vec<(String, String)>,
        /// The whole position goes as `BOARD` before each move, never `TURN`.
        #[serde(default)]
        send_board: bool,
        /// Journal every `MESSAGE` line it sends while thinking.
        #[serde(default)]
        keep_messages: bool,
        /// A folder for its protocol lines (`c-gomoku-cli.N.log` per worker thread N),
        /// relative to the tournament file.
        #[serde(default)]
        log_dir: Option<PathBuf>,
    },
}

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum ProtocolSpec {
    /// The Gomocup ("pbrain", Piskvork) protocol.
    #[default]
    Gomocup,
}

defaults! {
    thousand: u64 = 1000;
    ten_thousand: u64 = 10_000;
}

/// A player and the path of the value it was written at.
pub(crate) type Placed = (PlayerRecord, String);

/// The players of `entries`, in order, each with the path its errors are placed at: at least
/// two, at most [`MAX_PARTICIPANTS`], each named once.
pub(crate) fn expand(
    entries: &[ParticipantEntry],
    spans: &Spans<'_>,
    load: EngineLoader<'_>,
) -> Result<Vec<Placed>, ConfigError> {
    let mut players: Vec<Placed> = Vec::new();
    let too_many = |at: &str| {
        spans.at_value(
            at,
            format!("more than {MAX_PARTICIPANTS} participants (each value of a sweep counts)"),
        )
    };
    for (i, entry) in entries.iter().enumerate() {
        let at = |field: &str| format!("participants[{i}].{field}");
        match entry {
            ParticipantEntry::Engine(base) => {
                let at = at("Engine");
                let (name, params) =
                    load(&spans.resolve(base)).map_err(|e| spans.at_value(&at, e.to_string()))?;
                players.push((engine(name, base.display().to_string(), &params), at));
            }
            ParticipantEntry::Variant {
                base,
                name,
                overrides,
            } => {
                let at = at("Variant.base");
                let (_, params) =
                    load_entry(load, spans.file(), base, overrides).map_err(|e| match e {
                        EntryError::Load(e) => spans.at_value(&at, e.to_string()),
                        EntryError::Change(e) => {
                            spans.at_value(&at, format!("variant {name}: {e}"))
                        }
                    })?;
                let origin = origin_with(base, overrides);
                players.push((engine(name.clone(), origin, &params), at));
            }
            ParticipantEntry::Sweep {
                base,
                field,
                values,
                name,
            } => {
                let (at, field_at) = (at("Sweep.base"), at("Sweep.field"));
                let (base_name, base_params) =
                    load(&spans.resolve(base)).map_err(|e| spans.at_value(&at, e.to_string()))?;
                if values.is_empty() {
                    let message = format!("sweep of '{field}' has no values");
                    return Err(spans.at_value(&field_at, message));
                }
                let template = name
                    .clone()
                    .unwrap_or_else(|| format!("{base_name}-{field}{{}}"));
                for v in values {
                    let (name, params, overrides) =
                        swept(spans.file(), field, v, &template, &base_params)
                            .map_err(|e| spans.at_value(&field_at, e))?;
                    let origin = origin_with(base, &overrides);
                    players.push((engine(name, origin, &params), at.clone()));
                    if players.len() > MAX_PARTICIPANTS {
                        return Err(too_many(&field_at));
                    }
                }
            }
            ParticipantEntry::Builtin { name, kind } => {
                let player = PlayerRecord {
                    name: name.clone(),
                    origin: None,
                    spec: PlayerKind::Builtin(*kind),
                };
                players.push((player, at("Builtin.name")));
            }
            ParticipantEntry::External { .. } => {
                let at = at("External.command");
                let player = external_record(entry, spans, &at)?;
                players.push((player, at));
            }
        }
        if let Some((_, at)) = players.last()
            && players.len() > MAX_PARTICIPANTS
        {
            return Err(too_many(at));
        }
    }
    if players.len() < 2 {
        return Err(spans.at_field(
            "participants",
            "a tournament needs at least two participants",
        ));
    }
    let mut names = HashSet::new();
    for (p, at) in &players {
        if let Some(problem) = crate::name_problem(&p.name) {
            let shown: String = p.name.chars().take(40).collect();
            return Err(spans.at_value(at, format!("participant name '{shown}': {problem}")));
        }
        if !names.insert(p.name.as_str()) {
            return Err(spans.at_value(at, format!("two participants are named '{}'", p.name)));
        }
    }
    Ok(players)
}

/// The player of an `External` entry: its program found relative to the file and its limits
/// checked; errors (another kind of entry among them) placed at `at`.
pub(crate) fn external_record(
    entry: &ParticipantEntry,
    spans: &Spans<'_>,
    at: &str,
) -> Result<PlayerRecord, ConfigError> {
    let ParticipantEntry::External {
        name,
        command,
        args,
        dir,
        protocol,
        move_time_ms,
        game_time_ms,
        increment_ms,
        tolerance_ms,
        max_memory_mb,
        start_timeout_ms,
        command_gap_ms,
        stderr,
        options,
        send_board,
        keep_messages,
        log_dir,
    } = entry
    else {
        return Err(spans.at_value(at, "an External(..) engine is expected here"));
    };
    // One protocol exists today; the field is parsed so that files stay valid when a second
    // one comes.
    let ProtocolSpec::Gomocup = protocol;
    let written = ExternalProgram {
        command: command.clone(),
        args: args.clone(),
        move_time_ms: *move_time_ms,
        game_time_ms: *game_time_ms,
        increment_ms: *increment_ms,
        tolerance_ms: *tolerance_ms,
        max_memory_mb: *max_memory_mb,
        start_timeout_ms: *start_timeout_ms,
        command_gap_ms: *command_gap_ms,
        options: options.clone(),
        send_board: *send_board,
        keep_messages: *keep_messages,
        program: PathBuf::new(),
        dir: dir.as_deref().map(|d| spans.resolve(d)),
        stderr: stderr.as_deref().map(|s| spans.resolve(s)),
        log_dir: log_dir.as_deref().map(|d| spans.resolve(d)),
    };
    let config = external(name, written, spans.file()).map_err(|e| spans.at_value(at, e))?;
    Ok(PlayerRecord {
        name: name.clone(),
        origin: None,
        spec: PlayerKind::External(Box::new(config)),
    })
}

/// An in-process engine player.
fn engine(name: String, origin: String, params: &EngineParams) -> PlayerRecord {
    PlayerRecord {
        name,
        origin: Some(origin),
        spec: PlayerKind::Engine(Box::new(EngineRecord::from_params(params))),
    }
}

/// The participant of a sweep's value `v` of `field` (its name from `template`), made from
/// the base engine's parameters, and the overrides that made it.
fn swept(
    file: &Path,
    field: &str,
    v: &ron::Value,
    template: &str,
    base: &EngineParams,
) -> Result<(String, EngineParams, Overrides), String> {
    let snippet = format!("({field}: {})", ron::to_string(v).unwrap_or_default());
    let overrides: Overrides = crate::parse_ron_lenient(&snippet, file).map_err(|e| {
        let msg = match e {
            ConfigError::Syntax { message, .. } => message,
            other => other.to_string(),
        };
        format!("sweep of '{field}' = {}: {msg}", value_text(v))
    })?;
    let mut params = base.clone();
    overrides
        .apply_with_table(&mut params, file)
        .map_err(|e| format!("sweep of '{field}': {e}"))?;
    let name = template.replace("{}", &value_text(v));
    params
        .validate()
        .map_err(|e| format!("sweep participant {name}: {e}"))?;
    Ok((name, params, overrides))
}

/// A sweep's value as its participant's name shows it.
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

/// An `External` entry's engine as written, with its program found (relative to `file`),
/// its directory there and each limit in its range.
fn external(name: &str, written: ExternalProgram, file: &Path) -> Result<ExternalProgram, String> {
    let program = resolve_command(file, &written.command)?;
    for d in [&written.dir, &written.log_dir].into_iter().flatten() {
        if !d.is_dir() {
            return Err(format!(
                "external engine {name}: no directory {}",
                d.display()
            ));
        }
    }
    // Each number in its range; a limit of time may run to a day.
    let (day, e) = (" (a day)", &written);
    let (t, gap, mb) = (MAX_TIME_MS, MAX_COMMAND_GAP_MS, MAX_MEMORY_MB);
    for (field, value, least, most, note) in [
        ("move_time_ms", Some(e.move_time_ms), 1, t, day),
        ("game_time_ms", e.game_time_ms, 1, t, day),
        ("increment_ms", Some(e.increment_ms), 0, t, day),
        ("tolerance_ms", Some(e.tolerance_ms), 0, t, day),
        ("start_timeout_ms", Some(e.start_timeout_ms), 1, t, day),
        ("command_gap_ms", Some(e.command_gap_ms), 0, gap, ""),
        ("max_memory_mb", e.max_memory_mb, 1, mb, ""),
    ] {
        if let Some(v) = value
            && !(least..=most).contains(&v)
        {
            return Err(format!(
                "external engine {name}: {field} {v} not in {least}..={most}{note}"
            ));
        }
    }
    if e.increment_ms > 0 && e.game_time_ms.is_none() {
        return Err(format!(
            "external engine {name}: increment_ms adds to a game clock: give game_time_ms"
        ));
    }
    for (option, value) in &e.options {
        if let Some(problem) = info_problem(option, value) {
            return Err(format!(
                "external engine {name}: option '{option}': {problem}"
            ));
        }
    }
    Ok(ExternalProgram { program, ..written })
}

/// Why an option cannot go out as one `INFO NAME VALUE` line, if it cannot: the name is one
/// word and neither holds a line break or other control character.
fn info_problem(name: &str, value: &str) -> Option<&'static str> {
    if name.is_empty() || name.chars().any(char::is_whitespace) {
        Some("the name must be one word")
    } else if name.chars().chain(value.chars()).any(char::is_control) {
        Some("a control character (a line break) cannot be sent in an INFO line")
    } else {
        None
    }
}

/// Refuses an external engine on a board the Gomocup protocol cannot play (k other than 5).
pub(crate) fn playable(
    players: &[Placed],
    geometry: Geometry,
    spans: &Spans<'_>,
) -> Result<(), ConfigError> {
    let external = players
        .iter()
        .find(|(p, _)| matches!(p.spec, PlayerKind::External(_)));
    match external {
        Some((p, at)) if geometry.k != 5 => Err(spans.at_value(
            at,
            format!(
                "external engine {}: the Gomocup protocol plays five in a row, not k={}",
                p.name, geometry.k
            ),
        )),
        _ => Ok(()),
    }
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
