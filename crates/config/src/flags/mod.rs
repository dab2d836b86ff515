//! A tournament from command-line flags (`gomoku-arena match`), as fastchess and c-gomoku-cli
//! take them. The flags are written out as the text of a tournament file, one participant per
//! line, and that text is parsed by [`parse_tournament_with`]: every check, limit, message and
//! the typed [`RunConfig`](crate::run::RunConfig) are the tournament file's own, so a match
//! journals, reports and resumes as the file would. A problem the loader places at a line of
//! the text is reported under the flag that wrote the line (`--engine "seed-d4 depth=99":
//! ...`); a problem inside a file the flags name (an engine, a table, a book) keeps that
//! file's own line and column.
//!
//! An `--engine` is a list of words: the engine (an engine file, a shipped engine by name,
//! a built-in player or `cmd:PROGRAM`), then `key=value` settings: `name=`, any field of
//! [`Overrides`] for an engine, an `External` entry's fields for a program. The user reads
//! them in [`ENGINE_WORDS`] (the `match` command's help), kept here beside their parser.
//!
//! Paths are relative to the working directory; the text holds them absolute, and is parsed
//! as if it were a file in a folder that does not exist (nothing is written), so that a bare
//! command is looked up in `PATH`.

use crate::ConfigError;
use crate::overrides::origin_with;
use crate::tournament::{
    BookFormatSpec, Overrides, RuleSpec, TimeControlSpec, Tournament, parse_tournament_with,
};
use gomoku_board::Rule;
use gomoku_engine::EngineParams;
use std::path::{Path, PathBuf};
use thiserror::Error;

mod values;

pub use values::{
    parse_board, parse_book_format, parse_depth, parse_game_time, parse_move_time, parse_ms,
    parse_nodes,
};

/// The words of an `--engine`, as the `match` command's help tells them.
pub const ENGINE_WORDS: &str = "\
ENGINES:
  An --engine is one argument: the engine, then KEY=VALUE settings (quote a path with spaces
  inside it: --engine \"cmd:'/opt/my engine/pbrain-x' move_time_ms=100\"):
    configs/engines/seed-d4.ron    an engine file (a word with a / or ending in .ron)
    seed-d4                        a shipped engine by name (configs/engines/seed-d4.ron)
    default, random, greedy        built-in players (default: the engine of play/analyze)
    cmd:PROGRAM                    an external Gomocup (pbrain) engine
  Settings: name=NAME; for an engine any field a tournament's overrides take (depth=6,
  top_n=5, top_n=none, lmr=false, table=FILE); for cmd: move_time_ms, game_time_ms,
  increment_ms, tolerance_ms, max_memory_mb, start_timeout_ms, command_gap_ms, send_board=true,
  keep_messages=true, dir, stderr, log_dir, arg=WORD (once per argument) and
  option.NAME=VALUE (sent as INFO NAME VALUE at each game's start).
  A setting renames the engine as a sweep would (seed-d4 depth=6 plays as seed-d4-depth6).";

/// The flags of a match, as typed.
#[derive(Clone, Debug)]
pub struct MatchFlags {
    /// The run's name.
    pub name: String,
    /// One entry per `--engine`: its words (the engine, then `key=value` settings).
    pub engines: Vec<Vec<String>>,
    /// The first engine plays every other one; the others do not meet.
    pub gauntlet: bool,
    /// Games per pair of engines and round, even: the first `games / 2` openings of the
    /// book, each with both colours (`None`: [`DEFAULT_GAMES`], or the whole book if shorter).
    pub games: Option<usize>,
    /// Passes through the openings.
    pub rounds: u32,
    /// The opening book (`None`: the shipped book of the rule and board, `openings/` in
    /// [`MatchFlags::roots`]).
    pub book: Option<PathBuf>,
    /// The book's format.
    pub book_format: BookFormatSpec,
    /// A random board symmetry per opening and pair.
    pub transform: bool,
    /// Board width and height.
    pub board: (usize, usize),
    /// Row length that wins.
    pub k: usize,
    /// The rule.
    pub rule: Rule,
    /// The time control of the in-process players.
    pub time_control: TimeControlSpec,
    /// The run seed.
    pub seed: u64,
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// The output directory.
    pub output: PathBuf,
    /// Draw when this many stones are on the board (`None`: no cap).
    pub move_cap: Option<usize>,
    /// Folders that may hold `configs/engines/` and `openings/`, searched in order for a
    /// shipped engine named by name and for the default book.
    pub roots: Vec<PathBuf>,
}

/// Games per pair and round when `--games` is not given: enough to tell engines far apart,
/// short of playing a 600-opening book in full by accident.
pub const DEFAULT_GAMES: usize = 100;

/// The [`MatchFlags::roots`] of a command line: the working directory, then the repository
/// the executable was built in (`target/release/..`).
pub fn shipped_roots() -> Vec<PathBuf> {
    let mut roots = vec![PathBuf::from(".")];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).take(3).map(PathBuf::from));
    }
    roots
}

/// Why flags do not make a match.
#[derive(Debug, Error)]
pub enum FlagsError {
    /// A flag's value is wrong.
    #[error("{flag}: {message}")]
    Flag {
        /// The flag as typed (`--engine "seed-d4 depth=99"`).
        flag: String,
        /// What is wrong.
        message: String,
    },
    /// A file the flags name is wrong (its path, line and column).
    #[error(transparent)]
    Config(#[from] ConfigError),
}

pub(crate) fn flag_error(flag: &str, message: impl Into<String>) -> FlagsError {
    FlagsError::Flag {
        flag: flag.to_string(),
        message: message.into(),
    }
}

/// The folder the tournament text is parsed as if it lay in: none such exists, so a bare
/// command in it is looked up in `PATH`; every other path in the text is absolute.
const TEXT_DIR: &str = "<match flags>";

/// What the tournament text says of one `--engine`.
struct Entry {
    /// The flag as typed, for messages.
    flag: String,
    /// Its participant line.
    line: String,
    /// The participant's name (before duplicates are told apart).
    name: String,
    /// Whether `name=` gave it.
    named: bool,
    /// Where an engine comes from, for `run.json` (engines only).
    origin: Option<String>,
}

/// The kind of player an engine word names.
enum Kind {
    /// An engine file, as found.
    File(PathBuf),
    /// `EngineParams::default()`.
    Default,
    /// A built-in player by its RON variant name.
    Builtin(&'static str),
    /// A Gomocup program.
    External(String),
}

/// The engine file the text names for the built-in default engine, relative to [`TEXT_DIR`]:
/// the loader gives `EngineParams::default()` for it (every real engine file is named by its
/// absolute path, so none is taken for it).
const DEFAULT_ENGINE: &str = "default.ron";

/// A string or path as a RON string literal.
fn quote(s: &str) -> String {
    ron::to_string(s).unwrap_or_else(|_| format!("{s:?}"))
}

/// A value as RON (a spec's variant, which always serializes).
fn ron_text(value: &impl serde::Serialize) -> String {
    ron::to_string(value).unwrap_or_default()
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

fn quote_path(path: &Path) -> String {
    quote(&absolute(path).to_string_lossy())
}

/// The shipped engines (`configs/engines/*.ron`) in the first root that has any, by name.
fn shipped_names(roots: &[PathBuf]) -> Vec<String> {
    for root in roots {
        let Ok(read) = std::fs::read_dir(root.join("configs/engines")) else {
            continue;
        };
        let mut names: Vec<String> = read
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let p = e.path();
                let stem = p.file_stem()?.to_string_lossy().into_owned();
                (p.extension()? == "ron").then_some(stem)
            })
            .collect::<Vec<_>>();
        if !names.is_empty() {
            names.sort();
            return names;
        }
    }
    Vec::new()
}

fn kind(word: &str, roots: &[PathBuf]) -> Result<Kind, String> {
    if let Some(cmd) = word.strip_prefix("cmd:") {
        return if cmd.is_empty() {
            Err("cmd: needs the engine's program (cmd:/path/to/pbrain-x)".into())
        } else {
            Ok(Kind::External(cmd.to_string()))
        };
    }
    let builtin = word.strip_prefix("builtin:");
    match builtin.unwrap_or(word) {
        "default" => return Ok(Kind::Default),
        "random" => return Ok(Kind::Builtin("Random")),
        "greedy" => return Ok(Kind::Builtin("Greedy")),
        other if builtin.is_some() => {
            return Err(format!(
                "no built-in player '{other}' (they are default, random and greedy)"
            ));
        }
        _ => {}
    }
    let path = Path::new(word);
    if word.contains('/') || word.ends_with(".ron") || path.is_file() {
        return Ok(Kind::File(path.to_path_buf()));
    }
    let file = format!("configs/engines/{word}.ron");
    if let Some(found) = roots.iter().map(|r| r.join(&file)).find(|p| p.is_file()) {
        return Ok(Kind::File(crate::tidy(&found)));
    }
    let shipped = shipped_names(roots);
    let listed = if shipped.is_empty() {
        format!("no {file} here (run from the repository root, or give the engine file's path)")
    } else {
        format!("the shipped engines are {}", shipped.join(", "))
    };
    Err(format!(
        "'{word}' is not an engine file, a built-in player (default, random, greedy), a \
         shipped engine or cmd:PROGRAM; {listed}"
    ))
}

/// A setting word as `(key, value)`.
fn setting(word: &str) -> Result<(&str, &str), String> {
    match word.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k, v)),
        _ => Err(format!("'{word}': expected key=value, such as depth=6")),
    }
}

/// A participant name given by `name=`.
fn checked_name(value: &str) -> Result<String, String> {
    match crate::name_problem(value) {
        Some(problem) => Err(format!("name={value}: the name {problem}")),
        None => Ok(value.to_string()),
    }
}

/// The overrides of an engine's setting words: each checked alone against [`Overrides`] (so
/// the message names the word), then all of them as one RON map; and the name suffix they
/// give (`-depth6`).
fn overrides(words: &[(&str, &str)]) -> Result<(String, Overrides, String), String> {
    let mut fields = Vec::new();
    let mut suffix = String::new();
    for &(key, value) in words {
        let word = format!("{key}={value}");
        let (ron_value, shown) = if key == "table" {
            let path = Path::new(value);
            let stem = path
                .file_stem()
                .map_or_else(|| value.to_string(), |s| s.to_string_lossy().into_owned());
            (quote_path(path), stem)
        } else if matches!(value.to_ascii_lowercase().as_str(), "none" | "all") {
            ("None".to_string(), "all".to_string())
        } else if !value.is_empty()
            && value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.+-".contains(c))
        {
            (value.to_string(), value.to_string())
        } else {
            return Err(format!(
                "'{word}': a value is a number, true, false or none (table= takes a file)"
            ));
        };
        let field = format!("{key}: {ron_value}");
        crate::parse_ron_lenient::<Overrides>(&format!("({field})"), Path::new(&word)).map_err(
            |e| match e {
                ConfigError::Syntax { message, .. } => format!("'{word}': {message}"),
                other => other.to_string(),
            },
        )?;
        fields.push(field);
        suffix.push_str(&format!("-{key}{shown}"));
    }
    let map = format!("({})", fields.join(", "));
    let parsed = crate::parse_ron_lenient::<Overrides>(&map, Path::new("settings"))
        .map_err(|e| e.to_string())?;
    Ok((map, parsed, suffix))
}

/// The participant line of one `--engine`.
fn entry(words: &[String], flags: &MatchFlags) -> Result<Entry, FlagsError> {
    let flag = format!("--engine \"{}\"", words.join(" "));
    let err = |m: String| flag_error(&flag, m);
    let Some((first, rest)) = words.split_first() else {
        return Err(flag_error("--engine", "names no engine"));
    };
    let kind = kind(first, &flags.roots).map_err(err)?;
    let mut settings = Vec::new();
    let mut name = None;
    for word in rest {
        let (key, value) = setting(word).map_err(err)?;
        if key == "name" {
            name = Some(checked_name(value).map_err(err)?);
        } else {
            settings.push((key, value));
        }
    }
    let named = name.is_some();
    let (line, name, origin) = match kind {
        Kind::Builtin(variant) => {
            if let Some((key, value)) = settings.first() {
                return Err(err(format!(
                    "'{key}={value}': a built-in player takes no settings but name="
                )));
            }
            let name = name.unwrap_or_else(|| variant.to_ascii_lowercase());
            (
                format!("Builtin(name: {}, kind: {variant}),", quote(&name)),
                name,
                None,
            )
        }
        Kind::File(_) | Kind::Default => {
            let (base, base_name, shown) = match &kind {
                Kind::File(path) => {
                    let cfg = crate::engine::load_engine(path)
                        .map_err(|e| err(format!("engine file: {e}")))?;
                    (absolute(path), cfg.name, path.clone())
                }
                _ => (
                    PathBuf::from(DEFAULT_ENGINE),
                    "default".to_string(),
                    PathBuf::from("the built-in default engine"),
                ),
            };
            let (map, parsed, suffix) = overrides(&settings).map_err(err)?;
            let name = name.unwrap_or_else(|| format!("{base_name}{suffix}"));
            (
                format!(
                    "Variant(base: {}, name: {}, overrides: {map}),",
                    quote(&base.to_string_lossy()),
                    quote(&name)
                ),
                name,
                Some(if settings.is_empty() {
                    shown.display().to_string()
                } else {
                    origin_with(&shown, &parsed)
                }),
            )
        }
        Kind::External(command) => {
            let (line, name) = external(&command, &settings, name, flags).map_err(err)?;
            (line, name, None)
        }
    };
    Ok(Entry {
        flag,
        line,
        name,
        named,
        origin,
    })
}

/// The `External(...)` line of `cmd:COMMAND` with its settings, and its name.
fn external(
    command: &str,
    settings: &[(&str, &str)],
    name: Option<String>,
    flags: &MatchFlags,
) -> Result<(String, String), String> {
    // A path, or a file in the working directory, runs by its absolute path; a bare name
    // that is neither is looked up in PATH by the loader.
    let program = if command.contains('/') || Path::new(command).is_file() {
        absolute(Path::new(command)).to_string_lossy().into_owned()
    } else {
        command.to_string()
    };
    let mut fields = Vec::new();
    let mut args = Vec::new();
    let mut options = Vec::new();
    let mut move_time = match flags.time_control {
        TimeControlSpec::MoveTime(ms) => Some(ms),
        TimeControlSpec::GameTime { base_ms, .. } => Some(base_ms),
        _ => None,
    };
    for &(key, value) in settings {
        let word = format!("{key}={value}");
        match key {
            "arg" => args.push(quote(value)),
            _ if key.starts_with("option.") => {
                options.push(format!(
                    "({}, {})",
                    quote(&key["option.".len()..]),
                    quote(value)
                ));
            }
            "dir" | "stderr" | "log_dir" => {
                fields.push(format!("{key}: {}", quote_path(Path::new(value))))
            }
            "send_board" | "keep_messages" => {
                let on: bool = value
                    .parse()
                    .map_err(|_| format!("'{word}': expected true or false"))?;
                fields.push(format!("{key}: {on}"));
            }
            "move_time_ms" | "game_time_ms" | "increment_ms" | "tolerance_ms"
            | "start_timeout_ms" | "max_memory_mb" | "command_gap_ms" => {
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("'{word}': expected a whole number"))?;
                if key == "move_time_ms" {
                    move_time = Some(n);
                } else {
                    fields.push(format!("{key}: {n}"));
                }
            }
            _ => {
                return Err(format!(
                    "'{word}': an external engine takes name, arg, dir, stderr, move_time_ms, \
                     game_time_ms, increment_ms, tolerance_ms, max_memory_mb, start_timeout_ms, \
                     command_gap_ms, send_board, keep_messages, log_dir and option.NAME"
                ));
            }
        }
    }
    if !options.is_empty() {
        fields.push(format!("options: [{}]", options.join(", ")));
    }
    let Some(move_time) = move_time else {
        return Err(
            "give move_time_ms=MS (the engine's time per move, INFO timeout_turn): the match \
             has no --move-time or --game-time"
                .into(),
        );
    };
    let name = name.unwrap_or_else(|| {
        Path::new(command)
            .file_stem()
            .map_or_else(|| command.to_string(), |s| s.to_string_lossy().into_owned())
    });
    let line = format!(
        "External(name: {}, command: {}, args: [{}], move_time_ms: {move_time}{}),",
        quote(&name),
        quote(&program),
        args.join(", "),
        fields.iter().map(|f| format!(", {f}")).collect::<String>()
    );
    Ok((line, name))
}

/// The default book of a square board under a rule, `openings/<rule><side>.txt` in a root.
fn default_book(flags: &MatchFlags) -> Result<PathBuf, FlagsError> {
    let (w, h) = flags.board;
    let file = format!("openings/{}{w}.txt", flags.rule.name());
    let found = (w == h)
        .then(|| {
            flags
                .roots
                .iter()
                .map(|r| r.join(&file))
                .find(|p| p.is_file())
        })
        .flatten();
    found.map(|p| crate::tidy(&p)).ok_or_else(|| {
        flag_error(
            "--book",
            format!(
                "no book given, and no shipped book for a {w}x{h} board under {} ({file}): \
                 give --book FILE",
                flags.rule
            ),
        )
    })
}

/// The lines of the tournament text, each with the flag that wrote it.
type Lines = Vec<(String, String)>;

/// The label of the time control's flag.
fn time_flag(tc: TimeControlSpec) -> &'static str {
    match tc {
        TimeControlSpec::EngineDefault => "the time control",
        TimeControlSpec::Depth(_) => "--depth",
        TimeControlSpec::Nodes(_) => "--nodes",
        TimeControlSpec::MoveTime(_) => "--move-time",
        TimeControlSpec::GameTime { .. } => "--game-time",
    }
}

/// The tournament text of `flags`, one `(line, flag that wrote it)` per line, and the
/// participants' entries.
fn tournament_text(flags: &MatchFlags) -> Result<(Lines, Vec<Entry>), FlagsError> {
    let mut entries = Vec::new();
    for words in &flags.engines {
        entries.push(entry(words, flags)?);
    }
    // Two participants of one name that no name= gave: the later ones get -2, -3...
    let mut taken: Vec<String> = entries
        .iter()
        .filter(|e| e.named)
        .map(|e| e.name.clone())
        .collect();
    for e in entries.iter_mut().filter(|e| !e.named) {
        let mut name = e.name.clone();
        let mut n = 1;
        while taken.contains(&name) {
            n += 1;
            name = format!("{}-{n}", e.name);
        }
        if name != e.name {
            e.line = e.line.replacen(
                &format!("name: {}", quote(&e.name)),
                &format!("name: {}", quote(&name)),
                1,
            );
            e.name = name.clone();
        }
        taken.push(name);
    }
    if let Some(games) = flags.games
        && (games == 0 || games % 2 == 1)
    {
        return Err(flag_error(
            "--games",
            format!("{games}: give an even number (each opening is played with both colours)"),
        ));
    }
    let book = match &flags.book {
        Some(b) => b.clone(),
        None => default_book(flags)?,
    };
    // The loader takes the whole book when it is shorter than a limit; only a `--games`
    // typed is held to it (in `load_match`).
    let limit = flags.games.unwrap_or(DEFAULT_GAMES) / 2;
    let pairing = match (flags.gauntlet, entries.first()) {
        (true, Some(first)) => format!("Gauntlet(candidates: [{}])", quote(&first.name)),
        _ => "RoundRobin".into(),
    };
    let threads = flags
        .threads
        .map_or("None".into(), |t| format!("Some({t})"));
    let (name, output) = (quote(&flags.name), quote_path(&flags.output));
    let ((width, height), k) = (flags.board, flags.k);
    let rule = ron_text(&RuleSpec::from(flags.rule));
    let (file, format) = (quote_path(&book), ron_text(&flags.book_format));
    let (transform, rounds, seed) = (flags.transform, flags.rounds, flags.seed);
    let time_control = format!("    time_control: {},", ron_text(&flags.time_control));
    let mut lines = Vec::new();
    let mut add = |flag: &str, line: String| lines.push((line, flag.to_string()));
    add("--name", "Tournament(".into());
    add("--name", format!("    name: {name},"));
    add("--engine", "    participants: [".into());
    for e in &entries {
        add(&e.flag, format!("        {}", e.line));
    }
    add("--engine", "    ],".into());
    add("--gauntlet", format!("    format: {pairing},"));
    let board = format!("width: {width}, height: {height}, k: {k}, rule: {rule}");
    add("--board/--k/--rule", format!("    board: ({board}),"));
    let book = format!("file: {file}, format: {format}, limit: {limit}, transform: {transform}");
    add("--book", format!("    openings: ({book}),"));
    add("--games/--rounds", format!("    rounds: {rounds},"));
    add(time_flag(flags.time_control), time_control);
    add("--seed", format!("    seed: {seed},"));
    add("--threads", format!("    threads: {threads},"));
    add("--out", format!("    output: {output},"));
    if let Some(cap) = flags.move_cap {
        add("the move cap", format!("    move_cap: Some({cap}),"));
    }
    add("--name", ")".into());
    Ok((lines, entries))
}

/// Shows paths under the working directory as typed (relative), not as the absolute paths
/// the tournament text holds.
fn relative_text(text: &str) -> String {
    match std::env::current_dir() {
        Ok(cwd) if cwd.parent().is_some() => text.replace(&format!("{}/", cwd.display()), ""),
        _ => text.to_string(),
    }
}

fn relative_path(path: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(cwd) => path.strip_prefix(&cwd).unwrap_or(path).to_path_buf(),
        Err(_) => path.to_path_buf(),
    }
}

/// The loader's error, told under the flag that wrote its line when it is placed in the
/// tournament text; an error in a named file keeps that file's place.
fn placed(e: ConfigError, text_file: &Path, lines: &[(String, String)]) -> FlagsError {
    let message = |m: &str| {
        relative_text(m).replace(
            &format!("no such file beside {}", text_file.display()),
            "no such file in the working directory",
        )
    };
    match e {
        ConfigError::Syntax {
            path,
            line,
            message: m,
            ..
        } if path == text_file => {
            let flag = lines
                .get(line.saturating_sub(1))
                .map_or("the flags", |(_, f)| f.as_str());
            flag_error(flag, message(&m))
        }
        ConfigError::Invalid { path, message: m } if path == text_file => {
            flag_error("the flags", message(&m))
        }
        ConfigError::Syntax {
            path,
            line,
            column,
            message: m,
        } => FlagsError::Config(ConfigError::Syntax {
            path: relative_path(&path),
            line,
            column,
            message: message(&m),
        }),
        ConfigError::Invalid { path, message: m } => {
            FlagsError::Config(ConfigError::invalid(relative_path(&path), message(&m)))
        }
        ConfigError::Io { path, source } => FlagsError::Config(ConfigError::Io {
            path: relative_path(&path),
            source,
        }),
    }
}

/// Builds and checks the tournament of `flags` through the tournament file loader, with
/// the engines' origins (for `run.json`) and the output directory as typed.
pub fn load_match(flags: &MatchFlags) -> Result<Tournament, FlagsError> {
    let (lines, entries) = tournament_text(flags)?;
    let file = Path::new(TEXT_DIR).join("match.ron");
    let marker = Path::new(TEXT_DIR).join(DEFAULT_ENGINE);
    let text: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let loader = |p: &Path| {
        if p == marker {
            Ok(("default".to_string(), EngineParams::default()))
        } else {
            crate::engine::name_and_params(p)
        }
    };
    let mut tournament =
        parse_tournament_with(&text, &file, &loader).map_err(|e| placed(e, &file, &lines))?;
    if let Some(games) = flags.games
        && tournament.openings.len() < games / 2
    {
        return Err(flag_error(
            "--games",
            format!(
                "{games} games a pair need {} openings, and {} has {}: give fewer --games, or \
                 --rounds to play the book again",
                games / 2,
                relative_path(&tournament.openings_file).display(),
                tournament.openings.len()
            ),
        ));
    }
    for (p, e) in tournament.participants.iter_mut().zip(&entries) {
        p.origin = e.origin.as_ref().map(|o| relative_text(o));
    }
    tournament.path = PathBuf::new();
    tournament.openings_file = relative_path(&tournament.openings_file);
    tournament.output = flags.output.clone();
    Ok(tournament)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(engines: &[&str]) -> MatchFlags {
        MatchFlags {
            name: "m".into(),
            engines: engines
                .iter()
                .map(|e| e.split_whitespace().map(String::from).collect())
                .collect(),
            gauntlet: false,
            games: Some(4),
            rounds: 1,
            book: None,
            book_format: BookFormatSpec::Auto,
            transform: false,
            board: (15, 15),
            k: 5,
            rule: Rule::Freestyle,
            time_control: TimeControlSpec::EngineDefault,
            seed: 1,
            threads: None,
            output: "out".into(),
            move_cap: None,
            roots: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")],
        }
    }

    fn message(f: &MatchFlags) -> String {
        load_match(f).unwrap_err().to_string()
    }

    #[test]
    fn engines_by_name_file_and_settings() {
        let t = load_match(&flags(&[
            "seed-d2 depth=1",
            "greedy",
            "default top_n=none",
            "greedy",
        ]))
        .unwrap();
        let names: Vec<&str> = t.participants.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            ["seed-d2-depth1", "greedy", "default-top_nall", "greedy-2"]
        );
        assert_eq!(t.openings.len(), 2);
        assert_eq!(t.output, Path::new("out"));
        let origin = t.participants[0].origin.clone().unwrap();
        assert!(origin.contains("configs/engines/seed-d2.ron"), "{origin}");
    }

    #[test]
    fn without_games_a_match_plays_the_default_not_the_whole_book() {
        let mut f = flags(&["greedy", "random"]);
        f.games = None;
        let t = load_match(&f).unwrap();
        assert_eq!(t.openings.len(), DEFAULT_GAMES / 2);
        let short = std::env::temp_dir().join(format!("gomoku-short-{}.txt", std::process::id()));
        std::fs::write(&short, "h8f10e8\nh8i5h5\nh8j8g11\n").unwrap();
        f.book = Some(short.clone());
        let t = load_match(&f);
        std::fs::remove_file(&short).unwrap();
        assert_eq!(t.unwrap().openings.len(), 3, "a short book is played whole");
    }

    #[test]
    fn bad_engines_are_told_under_their_flag() {
        let m = message(&flags(&["seed-d2 depth=99", "greedy"]));
        assert!(
            m.starts_with("--engine \"seed-d2 depth=99\": ") && m.contains("depth"),
            "{m}"
        );
        let m = message(&flags(&["seed-d2 dpth=2", "greedy"]));
        assert!(
            m.contains("'dpth=2'") && m.contains("expected one of `depth`"),
            "{m}"
        );
        let mut f = flags(&["seed-d2 depth=3", "greedy"]);
        f.time_control = TimeControlSpec::Depth(2);
        let m = message(&f);
        assert!(
            m.starts_with("--engine \"seed-d2 depth=3\": ") && m.contains("Depth(2) replaces"),
            "{m}"
        );
        let m = message(&flags(&["no-such-engine", "greedy"]));
        assert!(m.contains("seed-d4"), "lists the shipped engines: {m}");
        let m = message(&flags(&["missing/engine.ron", "greedy"]));
        assert!(m.contains("missing/engine.ron"), "{m}");
        let m = message(&flags(&["greedy depth=2", "random"]));
        assert!(m.contains("takes no settings"), "{m}");
        let m = message(&flags(&["cmd:/bin/true", "greedy"]));
        assert!(m.contains("move_time_ms"), "{m}");
        let m = message(&flags(&["greedy"]));
        assert!(m.contains("at least two participants"), "{m}");
        let mut f = flags(&["greedy", "random"]);
        f.games = Some(3);
        assert!(message(&f).starts_with("--games: 3"));
        f.games = Some(100_000);
        assert!(message(&f).contains("openings"));
        f.games = Some(100);
        f.board = (19, 19);
        assert!(message(&f).starts_with("--book: no book given"));
        f.board = (40, 40);
        f.book = Some(PathBuf::from("x.txt"));
        assert!(
            message(&f).starts_with("--board/--k/--rule: "),
            "{}",
            message(&f)
        );
    }
}
