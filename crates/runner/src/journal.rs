//! The journal: `games.jsonl`, one JSON object per finished game, appended and flushed as each
//! game ends, and `run.json`, the normalized settings of the run. Everything a report needs is
//! in these two files; [`crate::outputs::write_outputs`] rebuilds every other output from them.
//!
//! A line is written in one `write` after the game ends and before it is counted, so a run
//! killed at any moment leaves whole lines plus at most one torn last line, which
//! [`read_journal`] ignores and [`Journal::open`] cuts off before appending.

use crate::RunnerError;
use crate::game::{GameRecord, GameResult, Reason, SideTotals};
use crate::schedule::Job;
use gomoku_board::{Geometry, Pos, Rule};
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
pub const TIMING_FIELDS: [&str; 3] = ["time_us", "side_time_us", "date"];

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
    /// When the game ended, UTC, `YYYY.MM.DD HH:MM:SS` (timing).
    pub date: String,
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
            date: utc_now(),
        }
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

    /// The line without its timing fields, for comparing runs.
    pub fn without_timing(&self) -> JournalLine {
        JournalLine {
            time_us: Vec::new(),
            side_time_us: [0; 2],
            date: String::new(),
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

/// The settings of a run, written to `run.json`: enough to rebuild every output from the
/// journal, and the normalized configuration whose hash identifies the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// Schema version ([`SCHEMA_VERSION`]).
    pub v: u32,
    /// The run hash: FNV-1a (64 bits, hex) of the normalized configuration, which includes
    /// the seed, the participants' resolved parameters and the openings.
    pub run: String,
    /// The tournament name.
    pub name: String,
    /// Participant names, by index.
    pub players: Vec<String>,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Row length.
    pub k: usize,
    /// Rule name.
    pub rule: String,
    /// The number of jobs in the full schedule.
    pub jobs: usize,
    /// Rounds (each plays every opening twice per pair).
    pub rounds: u32,
    /// The run seed.
    pub seed: u64,
    /// The normalized configuration as given by the caller (free-form).
    pub config: serde_json::Value,
}

impl RunInfo {
    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        Geometry {
            width: self.width,
            height: self.height,
            k: self.k,
        }
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule.parse().unwrap_or_default()
    }

    /// Reads `run.json` from an output directory.
    pub fn load(dir: &Path) -> Result<RunInfo, RunnerError> {
        let path = dir.join(RUN_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| RunnerError::io(&path, e))?;
        serde_json::from_str(&text).map_err(|e| RunnerError::Journal {
            path,
            line: e.line(),
            message: e.to_string(),
        })
    }

    /// Writes `run.json` into an output directory.
    pub fn save(&self, dir: &Path) -> Result<(), RunnerError> {
        let path = dir.join(RUN_FILE);
        let text = serde_json::to_string_pretty(self).expect("run info serializes");
        std::fs::write(&path, text + "\n").map_err(|e| RunnerError::io(&path, e))
    }
}

/// The key of `run.json` that names the shard of a sharded run, as `[I, N]`: the directory
/// holds the games `i` with `i % N == I`. Absent in unsharded and merged runs. It is a key
/// of its own beside the [`RunInfo`] fields (which readers of `run.json` deserialize and
/// which never include it), so a shard's `run.json` is the unsharded run's plus this key,
/// and its `run` hash is the unsharded run's.
pub const SHARD_KEY: &str = "shard";

/// Writes `run.json` into `dir`: `info`, plus [`SHARD_KEY`] for a shard.
pub fn save_run_file(
    dir: &Path,
    info: &RunInfo,
    shard: Option<(usize, usize)>,
) -> Result<(), RunnerError> {
    let Some((i, n)) = shard else {
        return info.save(dir);
    };
    let mut value = serde_json::to_value(info).expect("run info serializes");
    if let serde_json::Value::Object(map) = &mut value {
        map.insert(SHARD_KEY.to_string(), serde_json::json!([i, n]));
    }
    let path = dir.join(RUN_FILE);
    let text = serde_json::to_string_pretty(&value).expect("run info serializes");
    std::fs::write(&path, text + "\n").map_err(|e| RunnerError::io(&path, e))
}

/// The shard `(I, N)` recorded in `dir/run.json` ([`SHARD_KEY`]); `None` for an unsharded or
/// merged run, or when there is no `run.json`.
pub fn load_shard(dir: &Path) -> Result<Option<(usize, usize)>, RunnerError> {
    let path = dir.join(RUN_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(RunnerError::io(&path, e)),
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| RunnerError::Journal {
            path: path.clone(),
            line: e.line(),
            message: e.to_string(),
        })?;
    match value.get(SHARD_KEY) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => match serde_json::from_value::<(usize, usize)>(v.clone()) {
            Ok((i, n)) if n > 0 && i < n => Ok(Some((i, n))),
            _ => Err(RunnerError::Journal {
                path,
                line: 1,
                message: format!("\"{SHARD_KEY}\" must be [I, N] with 0 <= I < N, got {v}"),
            }),
        },
    }
}

/// `I/N`, or `all` for an unsharded run.
pub fn shard_name(shard: Option<(usize, usize)>) -> String {
    match shard {
        Some((i, n)) => format!("{i}/{n}"),
        None => "all".to_string(),
    }
}

/// FNV-1a, 64 bits: a stable hash of bytes (for run hashes; not for security).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The journal lines of a file, in file order, and the byte length of its whole lines.
#[derive(Debug, Default)]
pub struct JournalContents {
    /// Parsed lines.
    pub lines: Vec<JournalLine>,
    /// Bytes up to the end of the last whole line (the rest is a torn line).
    pub valid_len: u64,
    /// Whether a torn last line was found.
    pub torn: bool,
}

/// Reads a journal; a missing file reads as empty. A last line without its newline is a line
/// torn by a kill and is ignored; any other bad line is an error naming its number.
pub fn read_journal(path: &Path) -> Result<JournalContents, RunnerError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(JournalContents::default()),
        Err(e) => return Err(RunnerError::io(path, e)),
    };
    let mut out = JournalContents::default();
    let mut start = 0usize;
    let mut number = 0usize;
    while start < bytes.len() {
        number += 1;
        let Some(len) = bytes[start..].iter().position(|&b| b == b'\n') else {
            out.torn = true;
            break;
        };
        let line = &bytes[start..start + len];
        if !line.iter().all(|b| b.is_ascii_whitespace()) {
            let parsed: JournalLine =
                serde_json::from_slice(line).map_err(|e| RunnerError::Journal {
                    path: path.to_path_buf(),
                    line: number,
                    message: e.to_string(),
                })?;
            out.lines.push(parsed);
        }
        start += len + 1;
        out.valid_len = start as u64;
    }
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
        let mut text = serde_json::to_vec(line).expect("journal lines serialize");
        text.push(b'\n');
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
