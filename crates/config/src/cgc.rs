//! c-gomoku-cli's command line (`-engine cmd=... name=... -each tc=0/0.1 -games 72 -repeat
//! ...`), read with its meaning (its `options.cpp`) into [`MatchFlags`] and a
//! [`CgcLayout`], so the run goes the `match` command's way: the tournament text, its
//! loader, then the match layer, journal, resume and report of any tournament. The schedule
//! is c-gomoku-cli's own ([`CgcLayout`]); an option we cannot honour is refused by name.
//!
//! Each engine is an external Gomocup program: `cmd=` is split as c-gomoku-cli splits it
//! (spaces, `"..."` groups, `\` escapes) and started, as there, in the folder of its path.
//! `-each` settings win over an `-engine`'s own, as in c-gomoku-cli.

use crate::flags::{FlagsError, MatchFlags, flag_error, load_match, shipped_roots};
use crate::limits::{MAX_COMMAND_GAP_MS, MAX_JOBS};
use crate::run::{CgcLayout, ModelSpec, SprtSettings};
use crate::tournament::{BookFormatSpec, TimeControlSpec, Tournament};
use gomoku_board::Rule;
use std::path::{Path, PathBuf};

/// A c-gomoku-cli command line as read: the match, its layout and where its files go.
#[derive(Clone, Debug)]
pub struct CgcCommand {
    /// The match (engines, board, book, threads, move cap).
    pub flags: MatchFlags,
    /// The schedule's layout (`-games`, `-repeat`, `order=random srand=`).
    pub layout: CgcLayout,
    /// `-pgn FILE`: the run's `results.pgn` is copied there.
    pub pgn: Option<PathBuf>,
    /// `-sgf FILE`: the run's `games.sgf` is copied there.
    pub sgf: Option<PathBuf>,
    /// `-loseonly` with `-gauntlet`: `-pgn` and `-sgf` get only the games the first engine
    /// lost (the run directory keeps them all).
    pub lose_only: bool,
    /// `-sprt elo0= elo1= alpha= beta=`: logistic Elo, the game cap set by [`load_cgc`].
    pub sprt: Option<SprtSettings>,
    /// `-fatalerror`: an engine's crash or timeout (at the start or at a move) stops the run.
    pub fatal_error: bool,
    /// `-msg FILE`: the engines' messages, grouped by game, are written there.
    pub msg: Option<PathBuf>,
    /// `-log` (or `-debug`): each worker thread N writes the protocol lines of its engines
    /// to `c-gomoku-cli.N.log` in the current directory, as c-gomoku-cli does.
    pub log: bool,
    /// `-debug`: more on the console (each game's moves and engine messages) and `-log`.
    pub debug: bool,
    /// `-sample freq= format=csv file=`: the positions and moves written as CSV.
    pub sample: Option<SampleFile>,
    /// `--resume`: continue the journal in the output directory.
    pub resume: bool,
    /// `--force`: write into an output directory that holds another run.
    pub force: bool,
}

/// `-sample`: where c-gomoku-cli's CSV of positions goes and the share of moves kept.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleFile {
    /// `file=` (c-gomoku-cli's default `sample.csv`).
    pub file: PathBuf,
    /// `freq=`: the probability that a move is kept, 0 to 1 (default 1).
    pub freq: f64,
}

/// The words of `-sample`, checked; the binary formats are refused by name.
fn sample_words(words: &[String]) -> Result<SampleFile, FlagsError> {
    let mut s = SampleFile {
        file: PathBuf::from("sample.csv"),
        freq: 1.0,
    };
    for word in words {
        let shown = format!("-sample {word}");
        match word.split_once('=') {
            Some(("file", f)) if !f.is_empty() => s.file = PathBuf::from(f),
            Some(("freq", f)) => {
                s.freq = f
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|f| (0.0..=1.0).contains(f))
                    .ok_or_else(|| flag_error(&shown, "expected a number from 0 to 1"))?;
            }
            Some(("format", "csv")) => {}
            Some(("format", "bin" | "bin_lz4" | "binpack" | "binpack_lz4")) => {
                return Err(unsupported(
                    &shown,
                    "only format=csv is written (the binary formats are c-gomoku-cli's \
                     training-data layouts)",
                ));
            }
            _ => {
                return Err(flag_error(
                    &shown,
                    "expected freq=F, format=csv or file=FILE",
                ));
            }
        }
    }
    Ok(s)
}

/// c-gomoku-cli's options (`options.cpp`), each refused or read by [`parse_cgc`].
const OPTIONS: [&str; 24] = [
    "-engine",
    "-each",
    "-repeat",
    "-transform",
    "-gauntlet",
    "-loseonly",
    "-log",
    "-debug",
    "-sendbyboard",
    "-fatalerror",
    "-concurrency",
    "-games",
    "-rounds",
    "-rule",
    "-boardsize",
    "-drawafter",
    "-pgn",
    "-sgf",
    "-msg",
    "-resign",
    "-draw",
    "-openings",
    "-sprt",
    "-sample",
];

/// Whether a first argument is one of c-gomoku-cli's options (the binary then reads the
/// whole command line with [`parse_cgc`]).
pub fn is_cgc_option(arg: &str) -> bool {
    OPTIONS.contains(&arg)
}

/// c-gomoku-cli's default grace past a time limit, milliseconds.
const DEFAULT_TOLERANCE_MS: u64 = 3000;
/// c-gomoku-cli's default `INFO max_memory`, bytes (350 MiB).
const DEFAULT_MAX_MEMORY: u64 = 350 << 20;

/// One `-engine` or `-each` as written (c-gomoku-cli's `EngineOptions`).
#[derive(Clone, Debug, Default)]
struct EngineWords {
    cmd: Option<String>,
    name: Option<String>,
    /// `tc=`: milliseconds for the game (0: no limit), per move, and added before each move.
    match_ms: Option<u64>,
    turn_ms: Option<u64>,
    increment_ms: Option<u64>,
    tolerance_ms: Option<u64>,
    max_memory: Option<u64>,
    /// `command_gap_ms=` (ours, not c-gomoku-cli's): the least time between the engine's
    /// move and the next line sent to it, for engines such as Rapfi that drop one.
    command_gap_ms: Option<u64>,
    /// `depth=`, `nodes=` and `thread=` (0: not sent), as `INFO max_depth`, `max_node` and
    /// `thread_num`.
    depth: Option<u64>,
    nodes: Option<u64>,
    threads: Option<u64>,
    /// `option.NAME=VALUE`, in the order given.
    options: Vec<(String, String)>,
}

impl EngineWords {
    /// `each` laid over `self`, as c-gomoku-cli does: a value `-each` sets wins, a time of 0
    /// does not; and since its `-each` holds the defaults of tolerance and memory, these
    /// win too once any `-each` is given.
    fn with(&self, each: &EngineWords) -> EngineWords {
        EngineWords {
            cmd: each.cmd.clone().or(self.cmd.clone()),
            name: each.name.clone().or(self.name.clone()),
            match_ms: each.match_ms.filter(|&m| m > 0).or(self.match_ms),
            turn_ms: each.turn_ms.filter(|&t| t > 0).or(self.turn_ms),
            increment_ms: each.increment_ms.filter(|&i| i > 0).or(self.increment_ms),
            tolerance_ms: Some(each.tolerance_ms.unwrap_or(DEFAULT_TOLERANCE_MS)),
            max_memory: Some(each.max_memory.unwrap_or(DEFAULT_MAX_MEMORY)),
            command_gap_ms: each
                .command_gap_ms
                .filter(|&g| g > 0)
                .or(self.command_gap_ms),
            depth: each.depth.filter(|&d| d > 0).or(self.depth),
            nodes: each.nodes.filter(|&n| n > 0).or(self.nodes),
            threads: each.threads.filter(|&t| t > 0).or(self.threads),
            // The engine's own options go first, then every `-each`'s.
            options: self.options.iter().chain(&each.options).cloned().collect(),
        }
    }

    /// Lays two `-each` groups into one: the later one's values win.
    fn then(&self, later: &EngineWords) -> EngineWords {
        EngineWords {
            cmd: later.cmd.clone().or(self.cmd.clone()),
            name: later.name.clone().or(self.name.clone()),
            match_ms: later.match_ms.or(self.match_ms),
            turn_ms: later.turn_ms.or(self.turn_ms),
            increment_ms: later.increment_ms.or(self.increment_ms),
            tolerance_ms: later.tolerance_ms.or(self.tolerance_ms),
            max_memory: later.max_memory.or(self.max_memory),
            command_gap_ms: later.command_gap_ms.or(self.command_gap_ms),
            depth: later.depth.or(self.depth),
            nodes: later.nodes.or(self.nodes),
            threads: later.threads.or(self.threads),
            options: self.options.iter().chain(&later.options).cloned().collect(),
        }
    }
}

/// Seconds as c-gomoku-cli reads them (`0.1`, `180`), in milliseconds.
fn seconds(flag: &str, text: &str) -> Result<u64, FlagsError> {
    let s: f64 = text.trim().parse().map_err(|_| {
        flag_error(
            flag,
            format!("'{text}': expected seconds such as 0.1 or 180"),
        )
    })?;
    let ms = (s * 1000.0).trunc();
    if !s.is_finite() || ms < 0.0 || ms > crate::limits::MAX_TIME_MS as f64 {
        return Err(flag_error(flag, format!("'{text}': seconds out of range")));
    }
    Ok(ms as u64)
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, FlagsError> {
    text.trim()
        .parse()
        .map_err(|_| flag_error(flag, format!("'{text}': expected a whole number")))
}

/// The `key=value` words of an `-engine` or `-each`.
fn engine_words(flag: &str, words: &[String]) -> Result<EngineWords, FlagsError> {
    let mut e = EngineWords::default();
    for word in words {
        let shown = format!("{flag} {word}");
        let Some((key, value)) = word.split_once('=') else {
            return Err(flag_error(
                &shown,
                "expected key=value, such as cmd=./pbrain-x",
            ));
        };
        match key {
            "cmd" => e.cmd = Some(value.to_string()),
            "name" => e.name = Some(value.to_string()),
            "tc" => {
                let (left, inc) = value.split_once('+').unwrap_or((value, "0"));
                let (game, turn) = left.split_once('/').unwrap_or((left, left));
                e.match_ms = Some(seconds(&shown, game)?);
                e.turn_ms = Some(seconds(&shown, turn)?);
                e.increment_ms = Some(seconds(&shown, inc)?);
            }
            "tolerance" => e.tolerance_ms = Some(seconds(&shown, value)?),
            "maxmemory" => e.max_memory = Some(number(&shown, value)?),
            "command_gap_ms" => {
                let gap = number(&shown, value)?;
                if gap > MAX_COMMAND_GAP_MS {
                    return Err(flag_error(
                        &shown,
                        format!("{gap} ms: at most {MAX_COMMAND_GAP_MS} (10 cures Rapfi)"),
                    ));
                }
                e.command_gap_ms = Some(gap);
            }
            "depth" => e.depth = Some(number(&shown, value)?),
            "nodes" => e.nodes = Some(number(&shown, value)?),
            "thread" => e.threads = Some(number(&shown, value)?),
            _ if key.starts_with("option.") => {
                let name = &key["option.".len()..];
                if name.is_empty() {
                    return Err(flag_error(&shown, "give option.NAME=VALUE"));
                }
                e.options.push((name.to_string(), value.to_string()));
            }
            _ => {
                return Err(flag_error(
                    &shown,
                    "unknown; an engine takes cmd, name, tc, depth, nodes, maxmemory, thread, \
                     tolerance, option.NAME and (ours) command_gap_ms",
                ));
            }
        }
    }
    Ok(e)
}

/// `cmd=` split as c-gomoku-cli splits it: words at spaces, a word in `"..."` kept whole,
/// `\` escaping the next character.
fn split_command(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut escaped, mut started) = (false, false, false);
    for c in cmd.chars() {
        if escaped {
            word.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
            started = true;
        } else if c == '"' {
            quoted = !quoted;
            started = true;
        } else if c == ' ' && !quoted {
            if started {
                words.push(std::mem::take(&mut word));
                started = false;
            }
        } else {
            word.push(c);
            started = true;
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The `--engine` words of a merged c-gomoku-cli engine: `cmd:PROGRAM`, its arguments and
/// limits, started in the folder of its path as c-gomoku-cli starts it.
fn match_words(flag: &str, e: &EngineWords) -> Result<Vec<String>, FlagsError> {
    let Some(cmd) = &e.cmd else {
        return Err(flag_error(flag, "no cmd= (the engine's program)"));
    };
    let mut parts = split_command(cmd).into_iter();
    let Some(program) = parts.next() else {
        return Err(flag_error(flag, "cmd= is empty"));
    };
    let turn = match e.turn_ms {
        Some(t) if t > 0 => t,
        _ => {
            return Err(flag_error(
                flag,
                "give tc=MATCH/TURN with a time per move: gomoku-arena gives every external \
                 engine INFO timeout_turn",
            ));
        }
    };
    let mut words = vec![format!("cmd:{program}")];
    if let Some(name) = &e.name {
        words.push(format!("name={name}"));
    }
    words.push(format!("move_time_ms={turn}"));
    if let Some(game) = e.match_ms.filter(|&m| m > 0) {
        words.push(format!("game_time_ms={game}"));
        // c-gomoku-cli adds an increment only to a game clock.
        if let Some(inc) = e.increment_ms.filter(|&i| i > 0) {
            words.push(format!("increment_ms={inc}"));
        }
    }
    words.push(format!(
        "tolerance_ms={}",
        e.tolerance_ms.unwrap_or(DEFAULT_TOLERANCE_MS)
    ));
    let bytes = e.max_memory.unwrap_or(DEFAULT_MAX_MEMORY);
    if !bytes.is_multiple_of(1 << 20) {
        return Err(flag_error(
            flag,
            format!("maxmemory={bytes}: give a whole number of MiB in bytes (e.g. 367001600)"),
        ));
    }
    words.push(format!("max_memory_mb={}", bytes >> 20));
    if let Some(gap) = e.command_gap_ms {
        words.push(format!("command_gap_ms={gap}"));
    }
    // c-gomoku-cli sends a limit only when it is not 0, then the options in order.
    for (info, limit) in [
        ("max_depth", e.depth),
        ("max_node", e.nodes),
        ("thread_num", e.threads),
    ] {
        if let Some(n) = limit.filter(|&n| n > 0) {
            words.push(format!("option.{info}={n}"));
        }
    }
    words.extend(e.options.iter().map(|(o, v)| format!("option.{o}={v}")));
    if let Some(dir) = Path::new(&program)
        .parent()
        .filter(|_| program.contains('/'))
    {
        words.push(format!("dir={}", dir.display()));
    }
    words.extend(parts.map(|a| format!("arg={a}")));
    Ok(words)
}

/// The words of `-sprt` (c-gomoku-cli's defaults: elo0=0, elo1=0, alpha=beta=0.05), checked
/// as it checks them: `0 < alpha, beta < 1` and `elo0 < elo1`.
fn sprt_words(words: &[String]) -> Result<SprtSettings, FlagsError> {
    let mut s = SprtSettings {
        elo0: 0.0,
        elo1: 0.0,
        alpha: 0.05,
        beta: 0.05,
        model: ModelSpec::Logistic,
        max_games: 0,
    };
    for word in words {
        let shown = format!("-sprt {word}");
        let (key, text) = word.split_once('=').unwrap_or((word, ""));
        let slot = match key {
            "elo0" => &mut s.elo0,
            "elo1" => &mut s.elo1,
            "alpha" => &mut s.alpha,
            "beta" => &mut s.beta,
            _ => return Err(flag_error(&shown, "expected elo0=, elo1=, alpha= or beta=")),
        };
        *slot = text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && v.abs() <= crate::limits::MAX_ELO)
            .ok_or_else(|| flag_error(&shown, "expected a number"))?;
    }
    let unit = |p: f64| 0.0 < p && p < 1.0;
    if !(unit(s.alpha) && unit(s.beta) && s.alpha + s.beta < 1.0 && s.elo0 < s.elo1) {
        return Err(flag_error(
            "-sprt",
            "invalid parameters: give elo0 < elo1 and 0 < alpha, beta with alpha + beta < 1",
        ));
    }
    Ok(s)
}

/// The value after an option, or an error naming it.
fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, FlagsError> {
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .ok_or_else(|| flag_error(flag, "needs a value"))
}

/// The `key=value` words after an option, up to the next word that starts with `-`.
fn group<'a>(args: &'a [String], i: &mut usize) -> &'a [String] {
    let start = *i + 1;
    let mut end = start;
    while end < args.len() && !args[end].starts_with('-') {
        end += 1;
    }
    *i = end - 1;
    &args[start..end]
}

fn unsupported(flag: &str, why: &str) -> FlagsError {
    flag_error(flag, format!("not supported by gomoku-arena: {why}"))
}

/// Reads a c-gomoku-cli command line (without the program name). Besides its options it
/// takes `--out DIR` (the run directory, default `reports/c-gomoku-cli`), `--resume` and
/// `--force`, as `match` does.
pub fn parse_cgc(args: &[String]) -> Result<CgcCommand, FlagsError> {
    let mut engines: Vec<EngineWords> = Vec::new();
    let mut each: Option<EngineWords> = None;
    let mut flags = MatchFlags {
        name: "c-gomoku-cli".into(),
        engines: Vec::new(),
        gauntlet: false,
        games: None,
        rounds: 1,
        book: None,
        book_format: BookFormatSpec::Offset,
        transform: false,
        board: (15, 15),
        k: 5,
        rule: Rule::Freestyle,
        time_control: TimeControlSpec::EngineDefault,
        seed: 0,
        threads: Some(1),
        output: PathBuf::from("reports/c-gomoku-cli"),
        move_cap: None,
        roots: shipped_roots(),
    };
    let mut layout = CgcLayout {
        games: 1,
        repeat: false,
        order_seed: None,
    };
    let (mut random, mut srand) = (false, 0u64);
    let (mut pgn, mut sgf, mut resume, mut force) = (None, None, false, false);
    let (mut sprt, mut lose_only, mut send_board, mut fatal_error) = (None, false, false, false);
    let (mut msg, mut log, mut debug, mut sample) = (None, false, false, None);
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        match flag {
            "-engine" => engines.push(engine_words(flag, group(args, &mut i))?),
            "-each" => {
                let later = engine_words(flag, group(args, &mut i))?;
                each = Some(each.map_or(later.clone(), |e: EngineWords| e.then(&later)));
            }
            "-repeat" => layout.repeat = true,
            "-transform" => flags.transform = true,
            "-gauntlet" => flags.gauntlet = true,
            "-concurrency" => flags.threads = Some(number(flag, value(args, &mut i, flag)?)?),
            "-games" => layout.games = number(flag, value(args, &mut i, flag)?)?,
            "-rounds" => flags.rounds = number(flag, value(args, &mut i, flag)?)?,
            "-rule" => {
                let code: u32 = number(flag, value(args, &mut i, flag)?)?;
                flags.rule = [Rule::Freestyle, Rule::Standard, Rule::Renju]
                    .into_iter()
                    .find(|r| r.gomocup_code() == code)
                    .ok_or_else(|| flag_error(flag, format!("{code}: the rules are 0, 1 and 4")))?;
            }
            "-boardsize" => {
                let side = number(flag, value(args, &mut i, flag)?)?;
                flags.board = (side, side);
            }
            "-drawafter" => {
                let n: usize = number(flag, value(args, &mut i, flag)?)?;
                flags.move_cap = (n > 0).then_some(n);
            }
            "-pgn" => pgn = Some(PathBuf::from(value(args, &mut i, flag)?)),
            "-sgf" => sgf = Some(PathBuf::from(value(args, &mut i, flag)?)),
            "-openings" => {
                for word in group(args, &mut i) {
                    let shown = format!("-openings {word}");
                    match word.split_once('=') {
                        Some(("file", f)) => flags.book = Some(PathBuf::from(f)),
                        Some(("type", "offset")) => flags.book_format = BookFormatSpec::Offset,
                        Some(("type", "pos")) => flags.book_format = BookFormatSpec::Pos,
                        Some(("order", "sequential")) => random = false,
                        Some(("order", "random")) => random = true,
                        Some(("srand", n)) => srand = number(&shown, n)?,
                        _ => {
                            return Err(flag_error(
                                &shown,
                                "expected file=, type=offset|pos, order=sequential|random or \
                                 srand=N",
                            ));
                        }
                    }
                }
            }
            "--out" => flags.output = PathBuf::from(value(args, &mut i, flag)?),
            "--resume" => resume = true,
            "--force" => force = true,
            "-loseonly" => lose_only = true,
            "-sprt" => sprt = Some(sprt_words(group(args, &mut i))?),
            "-sample" => sample = Some(sample_words(group(args, &mut i))?),
            "-msg" => msg = Some(PathBuf::from(value(args, &mut i, flag)?)),
            "-log" => log = true,
            "-debug" => (log, debug) = (true, true),
            "-sendbyboard" => send_board = true,
            "-fatalerror" => fatal_error = true,
            "-resign" | "-draw" => {
                return Err(unsupported(flag, "games are not adjudicated by score"));
            }
            other => {
                return Err(flag_error(other, "unknown option"));
            }
        }
        i += 1;
    }
    if flags.book.is_none() {
        return Err(flag_error(
            "-openings",
            "give file=BOOK: gomoku-arena plays every game from a book's opening",
        ));
    }
    if layout.games == 0 {
        return Err(flag_error("-games", "0: give at least 1"));
    }
    if random {
        layout.order_seed = Some(srand);
    }
    for (n, e) in engines.iter().enumerate() {
        let flag = format!("-engine {}", n + 1);
        let merged = each.as_ref().map_or_else(|| e.clone(), |each| e.with(each));
        let mut words = match_words(&flag, &merged)?;
        if send_board {
            words.push("send_board=true".into());
        }
        if msg.is_some() || debug {
            words.push("keep_messages=true".into());
        }
        if log {
            words.push("log_dir=.".into());
        }
        flags.engines.push(words);
    }
    if engines.len() < 2 {
        return Err(flag_error("-engine", "at least 2 engines are needed"));
    }
    // As in c-gomoku-cli, -loseonly means nothing outside a gauntlet.
    lose_only &= flags.gauntlet;
    if sprt.is_some() && engines.len() > 2 {
        return Err(flag_error(
            "-sprt",
            "only 2 engines for SPRT (as in c-gomoku-cli)",
        ));
    }
    Ok(CgcCommand {
        flags,
        layout,
        pgn,
        sgf,
        lose_only,
        sprt,
        fatal_error,
        msg,
        log,
        debug,
        sample,
        resume,
        force,
    })
}

/// Builds and checks the tournament of a c-gomoku-cli command line: `match`'s loader on the
/// whole book, with c-gomoku-cli's layout.
pub fn load_cgc(command: &CgcCommand) -> Result<Tournament, FlagsError> {
    let mut tournament = load_match(&command.flags)?;
    let pairs = tournament
        .pairing
        .pairs(tournament.participants.len())
        .len();
    let games = u128::from(tournament.rounds) * pairs as u128 * u128::from(command.layout.games);
    if games > u128::from(MAX_JOBS) {
        return Err(flag_error(
            "-games",
            format!("the schedule has {games} games; a run has at most {MAX_JOBS}"),
        ));
    }
    tournament.cgc = Some(command.layout);
    tournament.sprt = command.sprt.map(|s| SprtSettings {
        max_games: games as u64,
        ..s
    });
    Ok(tournament)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn engines_take_each_and_split_their_command() {
        let c = parse_cgc(&args(
            "-each tc=0/0.1 -engine name=a cmd=/opt/e/pbrain-x -engine cmd=pbrain-y \
             tolerance=1 -rule 4 -boardsize 15 -games 72 -repeat -concurrency 2 \
             -drawafter 225 -openings file=open.txt type=pos order=random srand=7",
        ))
        .unwrap();
        assert_eq!(
            c.flags.engines[0],
            [
                "cmd:/opt/e/pbrain-x",
                "name=a",
                "move_time_ms=100",
                "tolerance_ms=3000",
                "max_memory_mb=350",
                "dir=/opt/e"
            ]
        );
        // As in c-gomoku-cli, once -each is given its default tolerance wins.
        assert!(c.flags.engines[1].contains(&"tolerance_ms=3000".to_string()));
        let alone = parse_cgc(&args(
            "-engine cmd=a tc=1 tolerance=1 -engine cmd=b tc=1 -openings file=o.txt",
        ))
        .unwrap();
        assert!(alone.flags.engines[0].contains(&"tolerance_ms=1000".to_string()));
        // Our command_gap_ms (Rapfi's cure): -each gives it to every engine; an -engine's
        // own is kept where -each gives none or 0 (as a time of 0 is); out of range names
        // the flag.
        let gap = |line: &str| -> Vec<Option<String>> {
            parse_cgc(&args(line))
                .unwrap()
                .flags
                .engines
                .iter()
                .map(|w| w.iter().find(|w| w.starts_with("command_gap_ms=")).cloned())
                .collect()
        };
        let ten = Some("command_gap_ms=10".to_string());
        assert_eq!(
            gap("-each tc=0/0.1 command_gap_ms=10 -engine cmd=a -engine cmd=b -openings file=o"),
            [ten.clone(), ten.clone()]
        );
        assert_eq!(
            gap("-each tc=0/0.1 -engine cmd=a command_gap_ms=10 -engine cmd=b -openings file=o"),
            [ten.clone(), None]
        );
        assert_eq!(
            gap(
                "-each tc=0/0.1 command_gap_ms=0 -engine cmd=a command_gap_ms=10 -engine cmd=b \
                 command_gap_ms=3 -openings file=o"
            ),
            [ten, Some("command_gap_ms=3".to_string())]
        );
        let err = parse_cgc(&args(
            "-each tc=0/0.1 command_gap_ms=5000 -engine cmd=a -engine cmd=b -openings file=o",
        ))
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("-each command_gap_ms=5000") && err.contains("at most 1000"),
            "{err}"
        );
        // An increment goes with a game clock (the README example's tc=180/30, plus one);
        // -each's wins, and without a game clock it is dropped, as c-gomoku-cli does.
        let inc = parse_cgc(&args(
            "-engine cmd=a tc=180/30+0.5 -engine cmd=b tc=0/1+2 -each tc=0/0+0.25 \
             -openings file=o.txt",
        ))
        .unwrap();
        let has = |e: usize, w: &str| inc.flags.engines[e].contains(&w.to_string());
        assert!(has(0, "game_time_ms=180000") && has(0, "increment_ms=250"));
        assert!(has(0, "move_time_ms=30000"));
        assert!(
            !inc.flags.engines[1]
                .iter()
                .any(|w| w.starts_with("increment_ms"))
        );
        assert_eq!(c.flags.rule, Rule::Renju);
        assert_eq!((c.flags.threads, c.flags.move_cap), (Some(2), Some(225)));
        assert_eq!(c.flags.book_format, BookFormatSpec::Pos);
        assert_eq!(
            c.layout,
            CgcLayout {
                games: 72,
                repeat: true,
                order_seed: Some(7)
            }
        );
        assert_eq!(
            split_command(r#"./e --x "a b" c\ d"#),
            ["./e", "--x", "a b", "c d"]
        );
    }

    #[test]
    fn limits_and_options_become_info_lines_in_c_gomoku_clis_order() {
        let c = parse_cgc(&args(
            "-engine cmd=a tc=1 option.hash=64 depth=3 -engine cmd=b tc=1 nodes=9 depth=0 \
             -each thread=2 option.style=x=y -openings file=o.txt",
        ))
        .unwrap();
        let options = |n: usize| -> Vec<&str> {
            c.flags.engines[n]
                .iter()
                .filter(|w| w.starts_with("option."))
                .map(String::as_str)
                .collect()
        };
        assert_eq!(
            options(0),
            [
                "option.max_depth=3",
                "option.thread_num=2",
                "option.hash=64",
                "option.style=x=y"
            ]
        );
        assert_eq!(
            options(1),
            [
                "option.max_node=9",
                "option.thread_num=2",
                "option.style=x=y"
            ]
        );
    }

    #[test]
    fn loseonly_counts_in_a_gauntlet_only_and_sprt_takes_c_gomoku_clis_defaults() {
        let base = "-engine cmd=a tc=1 -engine cmd=b tc=1 -openings file=o.txt -loseonly";
        assert!(!parse_cgc(&args(base)).unwrap().lose_only);
        let gauntlet = parse_cgc(&args(&format!("{base} -gauntlet"))).unwrap();
        assert!(gauntlet.lose_only);
        let c = parse_cgc(&args(&format!("{base} -sprt elo1=10 alpha=0.1"))).unwrap();
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.1, 0.05));
        let three = format!("{base} -engine cmd=c tc=1 -sprt elo1=10");
        let m = parse_cgc(&args(&three)).unwrap_err().to_string();
        assert!(m.starts_with("-sprt: only 2 engines"), "{m}");
    }

    #[test]
    fn what_we_cannot_honour_is_refused_by_name() {
        let base = "-engine cmd=a tc=1 -engine cmd=b tc=1 -openings file=o.txt";
        for (extra, named) in [
            ("-sprt elo1=0", "-sprt"),
            ("-sprt elo1=x", "-sprt elo1=x"),
            ("-sample format=binpack", "-sample format=binpack"),
            ("-sample freq=2", "-sample freq=2"),
            ("-each depth=x", "-each depth=x"),
            ("-each option.=1", "-each option.=1"),
            ("-each tc=10+x", "-each tc=10+x"),
            ("-rule 2", "-rule"),
            ("-bogus", "-bogus"),
        ] {
            let m = parse_cgc(&args(&format!("{base} {extra}")))
                .unwrap_err()
                .to_string();
            assert!(m.starts_with(named), "{extra}: {m}");
        }
        let m = parse_cgc(&args("-engine cmd=a tc=1 -engine cmd=b -openings file=o"))
            .unwrap_err()
            .to_string();
        assert!(m.starts_with("-engine 2: give tc="), "{m}");
    }
}
