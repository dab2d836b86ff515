//! The journal: `games.jsonl`, one JSON object per finished game, appended and flushed as each
//! game ends, and `run.json`, the normalized settings of the run. Everything a report needs is
//! in these two files; [`crate::outputs::write_outputs`] rebuilds every other output from them.
//!
//! A line is written in one `write` after the game ends and before it is counted, so a run
//! killed at any moment leaves whole lines plus at most one torn last line, which
//! [`read_journal`] ignores and [`Journal::open`] cuts off before appending.

use crate::RunnerError;
use crate::game::{GameRecord, GameResult, Overshoots, Reason, SideTotals};
use crate::schedule::Job;
use gomoku_board::{Geometry, MAX_SIDE, Pos, Rule, Symmetry};
use gomoku_config::run::RunConfig;
use gomoku_config::{InputLines, read_input_text};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The version of the journal line schema.
pub const SCHEMA_VERSION: u32 = 1;

/// File name of the journal in the output directory.
pub const JOURNAL_FILE: &str = "games.jsonl";

/// File name of the run description in the output directory.
pub const RUN_FILE: &str = "run.json";

/// Journal fields that depend on the machine (timing), to drop when comparing runs.
pub const TIMING_FIELDS: [&str; 4] = ["time_us", "side_time_us", "overshoots", "date"];

/// One finished game as journaled. Points are `[x, y]` from the top-left corner (x = column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalLine {
    /// Schema version ([`SCHEMA_VERSION`]).
    pub v: u32,
    /// The run hash (same on every line of a run; see [`RunInfo::run`]).
    pub run: String,
    /// Job index in the schedule.
    pub job: usize,
    /// Round, from 0.
    pub round: u32,
    /// Pair index.
    pub pair: usize,
    /// Opening index in the book.
    pub opening: usize,
    /// Symmetry applied to the opening.
    pub transform: String,
    /// Name of the Black player (the first mover).
    pub black: String,
    /// Name of the White player.
    pub white: String,
    /// Participant index of Black.
    pub black_idx: usize,
    /// Participant index of White.
    pub white_idx: usize,
    /// The opening as played (after the transform).
    pub opening_moves: Vec<[u8; 2]>,
    /// The players' moves after the opening.
    pub moves: Vec<[u8; 2]>,
    /// `black`, `white`, `draw`, or null for a failed job.
    pub result: Option<GameResult>,
    /// Why the game ended.
    pub reason: Reason,
    /// Details of faults and failures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Nodes per move.
    pub nodes: Vec<u64>,
    /// Completed depth per move.
    pub depth: Vec<u32>,
    /// Score per move, from the mover's point of view.
    pub score: Vec<i32>,
    /// Search totals of Black and White.
    pub stats: [SideTotals; 2],
    /// Wall time per move in microseconds (timing: machine-dependent).
    pub time_us: Vec<u64>,
    /// Clock time used by Black and White in microseconds (timing).
    pub side_time_us: [u64; 2],
    /// Black's and White's moves over their limit (timing; left out when there are none).
    #[serde(default, skip_serializing_if = "no_overshoots")]
    pub overshoots: [Overshoots; 2],
    /// When the game ended, UTC, `YYYY.MM.DD HH:MM:SS` (timing).
    pub date: String,
    /// The engines' `MESSAGE` lines, each with the number of its move (stones on the board
    /// then, plus one); kept only for engines that ask for it, left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<(u32, String)>,
}

fn no_overshoots(o: &[Overshoots; 2]) -> bool {
    o.iter().all(Overshoots::is_none)
}

fn xy(p: Pos) -> [u8; 2] {
    [p.x, p.y]
}

impl JournalLine {
    /// The line of a finished job.
    pub fn new(run: &str, job: &Job, names: [&str; 2], record: &GameRecord) -> JournalLine {
        JournalLine {
            v: SCHEMA_VERSION,
            run: run.to_string(),
            job: job.index,
            round: job.round,
            pair: job.pair,
            opening: job.opening,
            transform: job.transform.name().to_string(),
            black: names[0].to_string(),
            white: names[1].to_string(),
            black_idx: job.black,
            white_idx: job.white,
            opening_moves: record.opening.iter().map(|&p| xy(p)).collect(),
            moves: record.moves.iter().map(|m| xy(m.pos)).collect(),
            result: record.result,
            reason: record.reason,
            message: record.message.clone(),
            nodes: record.moves.iter().map(|m| m.nodes).collect(),
            depth: record.moves.iter().map(|m| m.depth).collect(),
            score: record.moves.iter().map(|m| m.score).collect(),
            stats: record.sides,
            time_us: record.moves.iter().map(|m| m.time_us).collect(),
            side_time_us: record.side_time_us,
            overshoots: record.overshoots,
            date: utc_now(),
            messages: record.messages.clone(),
        }
    }

    /// Whether the line describes a game that can have been played: this format version, a
    /// known symmetry, one entry per move in each per-move list, and every stone on an empty
    /// point of the board (of `geometry` when known, else of the largest board), or what is
    /// wrong.
    pub fn check_game(&self, geometry: Option<Geometry>) -> Result<(), String> {
        if self.v != SCHEMA_VERSION {
            return Err(format!(
                "journal format version {}, but this gomoku-arena reads version {SCHEMA_VERSION}",
                self.v
            ));
        }
        if !Symmetry::ALL.iter().any(|s| s.name() == self.transform) {
            return Err(format!("unknown symmetry '{}'", self.transform));
        }
        let n = self.moves.len();
        for (name, len) in [
            ("nodes", self.nodes.len()),
            ("depth", self.depth.len()),
            ("score", self.score.len()),
            ("time_us", self.time_us.len()),
        ] {
            if len != n {
                return Err(format!("{len} entries in {name} for {n} moves"));
            }
        }
        let (width, height) = geometry.map_or((MAX_SIDE, MAX_SIDE), |g| (g.width, g.height));
        let (width, height) = (width as u8, height as u8);
        let mut taken = vec![false; width as usize * height as usize];
        let stones = self
            .opening_moves
            .iter()
            .enumerate()
            .map(|(k, m)| ("opening stone", k, m));
        let moves = self.moves.iter().enumerate().map(|(k, m)| ("move", k, m));
        for (what, k, &[x, y]) in stones.chain(moves) {
            if x >= width || y >= height {
                return Err(format!(
                    "{what} {} at ({x},{y}) is off the {width}x{height} board",
                    k + 1
                ));
            }
            let cell = &mut taken[y as usize * width as usize + x as usize];
            if std::mem::replace(cell, true) {
                return Err(format!("{what} {} at ({x},{y}) is on a stone", k + 1));
            }
        }
        Ok(())
    }

    /// The opening moves as points.
    pub fn opening_points(&self) -> Vec<Pos> {
        self.opening_moves
            .iter()
            .map(|&[x, y]| Pos::new(x, y))
            .collect()
    }

    /// The players' moves as points.
    pub fn move_points(&self) -> Vec<Pos> {
        self.moves.iter().map(|&[x, y]| Pos::new(x, y)).collect()
    }

    /// The name of the player of move `number` (stones on the board before it, plus one):
    /// Black's moves are the odd ones, as stones alternate from Black's first.
    pub fn mover_of(&self, number: u32) -> &str {
        if number % 2 == 1 {
            &self.black
        } else {
            &self.white
        }
    }

    /// The line without its timing fields and engine messages, for comparing runs.
    pub fn without_timing(&self) -> JournalLine {
        JournalLine {
            time_us: Vec::new(),
            side_time_us: [0; 2],
            overshoots: [Overshoots::default(); 2],
            date: String::new(),
            // An engine's messages speak of its search, which its clock decides.
            messages: Vec::new(),
            ..self.clone()
        }
    }
}

/// The current time, UTC, as `YYYY.MM.DD HH:MM:SS` (the PGN date style of c-gomoku-cli).
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}.{m:02}.{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The format version of `run.json`. Version 1 held the configuration as free-form JSON
/// with engine parameters as Debug text; it is refused with a message naming the version.
pub const RUN_FILE_VERSION: u32 = 2;

/// `run.json`: the run hash, the job count, the shard, and the typed configuration that
/// decides the games. Everything but the journal that a report needs is here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunInfo {
    /// Format version ([`RUN_FILE_VERSION`]).
    pub v: u32,
    /// The run hash ([`run_hash`]), the same on every journal line of the run.
    pub run: String,
    /// The number of jobs in the full (unsharded) schedule.
    pub jobs: usize,
    /// The shard `(I, N)` this directory plays: the jobs `i` with `i % N == I`. `None` for a
    /// whole or merged run. The hash is the unsharded run's, so shards merge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<(usize, usize)>,
    /// What decides the games.
    pub config: RunConfig,
}

impl RunInfo {
    /// The `run.json` of a run: its hash is taken over `config` and `openings` (the book's
    /// moves as played before any transform).
    pub fn new(config: RunConfig, openings: &[Vec<Pos>], jobs: usize) -> RunInfo {
        RunInfo {
            v: RUN_FILE_VERSION,
            run: run_hash(&config, openings),
            jobs,
            shard: None,
            config,
        }
    }

    /// The run's name.
    pub fn name(&self) -> &str {
        &self.config.name
    }

    /// Participant names, by index.
    pub fn players(&self) -> Vec<String> {
        self.config.players.iter().map(|p| p.name.clone()).collect()
    }

    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        self.config.board.geometry()
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.config.board.rule.into()
    }

    /// Jobs per round (for PGN round numbers): the whole schedule divided by the rounds.
    pub fn jobs_per_round(&self) -> usize {
        (self.jobs / self.config.rounds.max(1) as usize).max(1)
    }

    /// Reads `run.json` from a run directory; a file of another format version is refused
    /// with a message that names it.
    pub fn load(dir: &Path) -> Result<RunInfo, RunnerError> {
        read_versioned(&dir.join(RUN_FILE), RUN_FILE_VERSION)
    }

    /// Writes `run.json` into a run directory (atomically).
    pub fn save(&self, dir: &Path) -> Result<(), RunnerError> {
        let text = serde_json::to_string_pretty(self).expect("run info serializes");
        write_atomic(&dir.join(RUN_FILE), (text + "\n").as_bytes())
    }
}

/// Reads a JSON file whose `v` field must be `version`: one of another version (or none) is
/// refused with [`RunnerError::Version`], which names both.
pub fn read_versioned<T: serde::de::DeserializeOwned>(
    path: &Path,
    version: u32,
) -> Result<T, RunnerError> {
    let text = read_input_text(path).map_err(|e| RunnerError::io(path, e))?;
    let syntax = |e: serde_json::Error| RunnerError::Journal {
        path: path.to_path_buf(),
        line: e.line(),
        message: e.to_string(),
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(syntax)?;
    let found = value.get("v").and_then(serde_json::Value::as_u64);
    if found != Some(u64::from(version)) {
        return Err(RunnerError::Version {
            path: path.to_path_buf(),
            found: found.map_or_else(|| "none".to_string(), |v| v.to_string()),
            expected: version,
        });
    }
    serde_json::from_value(value).map_err(syntax)
}

/// The run hash: FNV-1a (64 bits, hex) of the canonical JSON of what decides the games (the
/// config's [`RunConfig::hash_key`]) and the book's moves.
pub fn run_hash(config: &RunConfig, openings: &[Vec<Pos>]) -> String {
    #[derive(Serialize)]
    struct Key {
        v: u32,
        config: RunConfig,
        openings: Vec<Vec<[u8; 2]>>,
    }
    let key = Key {
        v: RUN_FILE_VERSION,
        config: config.hash_key(),
        openings: openings
            .iter()
            .map(|o| o.iter().map(|&p| xy(p)).collect())
            .collect(),
    };
    let text = serde_json::to_string(&key).expect("run keys serialize");
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// `I/N`, or `all` for an unsharded run.
pub fn shard_name(shard: Option<(usize, usize)>) -> String {
    match shard {
        Some((i, n)) => format!("{i}/{n}"),
        None => "all".to_string(),
    }
}

/// Writes a file so that a reader (or a crash) sees the old contents or the new, never a
/// part: the text goes to a temporary file beside it, which is then renamed over it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunnerError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| RunnerError::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| RunnerError::io(path, e))
}

/// FNV-1a, 64 bits: a stable hash of bytes (for run hashes; not for security).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    Fnv1a64::default().with(bytes).0
}

/// FNV-1a, 64 bits, over bytes given in parts (a file streamed line by line): the hash of
/// the parts is [`fnv1a64`] of their concatenation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(pub u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a64 {
    /// The hash with `bytes` added.
    pub fn with(self, bytes: &[u8]) -> Fnv1a64 {
        Fnv1a64(bytes.iter().fold(self.0, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        }))
    }
}

/// The journal lines of a file, in file order, and the byte length of its whole lines.
#[derive(Debug, Default)]
pub struct JournalContents {
    /// Parsed lines.
    pub lines: Vec<JournalLine>,
    /// The line number in the file (from 1) of each parsed line.
    pub numbers: Vec<usize>,
    /// Bytes up to the end of the last whole line (the rest is a torn line).
    pub valid_len: u64,
    /// Whether a torn last line was found.
    pub torn: bool,
    /// Lines read, blank ones and a torn last one included: the torn line's number.
    pub lines_read: usize,
}

impl JournalContents {
    /// The lines in job order without their timing fields, for comparing runs (a resumed
    /// or sharded journal is in finishing order).
    pub fn by_job_without_timing(&self) -> Vec<JournalLine> {
        let mut lines: Vec<JournalLine> =
            self.lines.iter().map(JournalLine::without_timing).collect();
        lines.sort_by_key(|l| l.job);
        lines
    }
}

/// Reads a journal, streamed line by line through [`InputLines`] (so it may be of any
/// length, each line at most 64 MiB); a missing file reads as empty. A last line without its
/// newline is a line torn by a kill and is ignored; any other bad line is an error naming its
/// number.
pub fn read_journal(path: &Path) -> Result<JournalContents, RunnerError> {
    let mut input = match InputLines::open(path) {
        Ok(input) => input,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(JournalContents::default()),
        Err(e) => return Err(RunnerError::io(path, e)),
    };
    let mut out = JournalContents::default();
    while let Some(line) = input.next_line().map_err(|e| RunnerError::io(path, e))? {
        out.lines_read = line.number;
        if !line.terminated {
            out.torn = true;
            break;
        }
        if !line.bytes.iter().all(|b| b.is_ascii_whitespace()) {
            let parsed: JournalLine =
                serde_json::from_slice(line.bytes).map_err(|e| RunnerError::Journal {
                    path: path.to_path_buf(),
                    line: line.number,
                    message: e.to_string(),
                })?;
            out.lines.push(parsed);
            out.numbers.push(line.number);
        }
    }
    out.valid_len = input.whole_len();
    Ok(out)
}

/// An open journal, appended to by every worker.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: Mutex<BufWriter<File>>,
}

impl Journal {
    /// Opens `games.jsonl` in `dir` for appending, first cutting it to `valid_len` bytes
    /// (dropping a torn last line), or creates it empty when `valid_len` is 0 and `fresh`.
    pub fn open(dir: &Path, valid_len: u64, fresh: bool) -> Result<Journal, RunnerError> {
        let path = dir.join(JOURNAL_FILE);
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(fresh)
            .open(&path)
            .map_err(|e| RunnerError::io(&path, e))?;
        if !fresh {
            file.set_len(valid_len)
                .map_err(|e| RunnerError::io(&path, e))?;
        }
        let mut file = file;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| RunnerError::io(&path, e))?;
        Ok(Journal {
            path,
            file: Mutex::new(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// Appends one line and flushes it to the operating system before returning.
    pub fn append(&self, line: &JournalLine) -> Result<(), RunnerError> {
        self.append_all(std::slice::from_ref(line))
    }

    /// Appends lines in one write, flushed before returning: a kill leaves all of them, none,
    /// or whole lines and one torn last line (cut on resume). A game pair is journaled so.
    pub fn append_all(&self, lines: &[JournalLine]) -> Result<(), RunnerError> {
        // About a kilobyte a game: grown once, not doubled up from empty for every line.
        let mut text = Vec::with_capacity(2048 * lines.len());
        for line in lines {
            serde_json::to_writer(&mut text, line).expect("journal lines serialize");
            text.push(b'\n');
        }
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(&text)
            .and_then(|()| file.flush())
            .map_err(|e| RunnerError::io(&self.path, e))
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
