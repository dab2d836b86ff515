//! The checkpoint, `state.json`: the method's state, the iteration, the scores and the
//! history after the last finished iteration, with a format version and the key of the
//! configuration it belongs to. An iteration is a pure function of the checkpoint before it,
//! so resuming from one continues the run exactly; a checkpoint of another version or another
//! configuration is refused with a message that names it.

use crate::TuneError;
use crate::hill::HillState;
use crate::history::{HistoryLine, history_text};
use crate::search::LocalSearch;
use crate::spsa::{SpsaSchedule, SpsaState};
use crate::spsa_gain::GainEstimate;
use gomoku_config::run::{EngineRecord, PlayerKind, TimeControlSpec};
use gomoku_config::tune::{MethodSettings, SPSA_LEGACY_PAIRS, ScoreRef, SpsaSettings, TuneConfig};
use gomoku_config::tune_params::ParamEntry;
use gomoku_config::{InputLines, read_input_text};
use gomoku_runner::journal::read_versioned;
use gomoku_runner::journal::{Fnv1a64, JOURNAL_FILE, fnv1a64};
use gomoku_runner::{RunnerError, write_atomic};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::path::Path;

/// The checkpoint's file name in the output directory.
pub const STATE_FILE: &str = "state.json";

/// The format version of `state.json`. Version 1 carried no version field and keyed the
/// configuration by Debug text; it is refused with a message that names it.
pub const CHECKPOINT_VERSION: u32 = 2;

/// The method's state in a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MethodState {
    /// Texel: the fitted K and the local search.
    Texel {
        /// The scaling constant.
        k: f64,
        /// The search.
        search: LocalSearch,
    },
    /// Match hill climbing.
    Match(HillState),
    /// SPSA.
    Spsa {
        /// Gains.
        schedule: SpsaSchedule,
        /// θ and k.
        state: SpsaState,
        /// The running Elo estimate of θ against the start (zero in a checkpoint written
        /// before it: it then counts from the resume).
        #[serde(default)]
        gain: GainEstimate,
    },
}

/// `state.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Format version ([`CHECKPOINT_VERSION`]).
    pub v: u32,
    /// Identifies what decides the run ([`config_key`]): a resume under another one is refused.
    pub key: String,
    /// The method's name.
    pub method: String,
    /// Seed of the run.
    pub seed: u64,
    /// Iterations done.
    pub iteration: u32,
    /// Games counted so far.
    pub games: u64,
    /// Whether the method has finished.
    pub finished: bool,
    /// Current scores.
    pub scores: Vec<f64>,
    /// The method's state.
    pub state: MethodState,
    /// The history so far.
    pub history: Vec<HistoryLine>,
    /// Texel: positions (training, validation).
    #[serde(default)]
    pub positions: Option<(usize, usize)>,
}

/// The key of a tuning run: a hash of the canonical JSON of what decides its result (the
/// method and its settings, the seed, the pinned score, the order constraints, the move cap,
/// the engine with the start table's values, the tuning openings' moves, the journal of
/// each of Texel's `runs`, by content, the `params`, the time control and the external engine
/// that plays, if one does: its command, arguments and options as written, not its name).
/// Names, descriptions, file paths, the output directory and the confirmation are left out,
/// so renaming or moving files never breaks `--resume`.
pub fn config_key(cfg: &TuneConfig) -> String {
    #[derive(Serialize)]
    struct Key<'a> {
        v: u32,
        method: MethodSettings,
        // Left out when empty, so the keys of checkpoints from before `runs` stay the same.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        runs: Vec<String>,
        seed: u64,
        pin: Option<ScoreRef>,
        order: &'a [(ScoreRef, ScoreRef)],
        move_cap: Option<usize>,
        engine: EngineRecord,
        openings: Vec<Vec<[u8; 2]>>,
        // Left out when empty, so the keys of checkpoints from before `params` stay the same.
        #[serde(skip_serializing_if = "<[ParamEntry]>::is_empty")]
        params: &'a [ParamEntry],
        // Left out at its default, so the keys of checkpoints from before it stay the same.
        #[serde(skip_serializing_if = "is_engine_default")]
        time_control: TimeControlSpec,
        // Left out when ours plays, so the keys of checkpoints from before it stay the same.
        #[serde(skip_serializing_if = "Option::is_none")]
        external: Option<&'a PlayerKind>,
    }
    fn is_engine_default(tc: &TimeControlSpec) -> bool {
        *tc == TimeControlSpec::EngineDefault
    }
    let mut engine = EngineRecord::from_params(&cfg.engine);
    engine.table.name.clear();
    let mut method = cfg.file.method.clone();
    if let MethodSettings::Texel(t) = &mut method {
        t.runs.clear();
    }
    let runs = cfg
        .texel_runs
        .iter()
        .map(|dir| format!("{:016x}", journal_hash(&dir.join(JOURNAL_FILE))))
        .collect();
    let key = Key {
        v: CHECKPOINT_VERSION,
        method,
        runs,
        seed: cfg.file.seed,
        pin: cfg.pin,
        order: &cfg.order,
        move_cap: cfg.file.move_cap,
        engine,
        openings: cfg
            .tuning_openings
            .iter()
            .map(|o| o.moves.iter().map(|p| [p.x, p.y]).collect())
            .collect(),
        params: &cfg.file.params,
        time_control: cfg.file.time_control,
        external: cfg.external.as_ref().map(|r| &r.spec),
    };
    let text = serde_json::to_string(&key).expect("keys serialize");
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// `cfg`, or, when it leaves SPSA's `pairs` to the default and the checkpoint in its output
/// directory is of the same run under the default before it ([`SPSA_LEGACY_PAIRS`]), `cfg`
/// with those pairs: a run keeps the default it started with. Anything unreadable is left to
/// the checkpoint's own loading to report.
pub fn with_started_pairs(cfg: &TuneConfig) -> Cow<'_, TuneConfig> {
    let MethodSettings::Spsa(s) = &cfg.file.method else {
        return Cow::Borrowed(cfg);
    };
    let path = cfg.output.join(STATE_FILE);
    let Ok(cp) = load_checkpoint(&path) else {
        return Cow::Borrowed(cfg);
    };
    if s.pairs != SpsaSettings::default_pairs() || cp.key == config_key(cfg) {
        return Cow::Borrowed(cfg);
    }
    let mut legacy = cfg.clone();
    if let MethodSettings::Spsa(s) = &mut legacy.file.method {
        s.pairs = SPSA_LEGACY_PAIRS;
    }
    if config_key(&legacy) == cp.key {
        Cow::Owned(legacy)
    } else {
        Cow::Borrowed(cfg)
    }
}

/// The FNV-1a hash of the file at `path`, streamed line by line; a file that cannot be read
/// here hashes as empty (it is reported when the positions are loaded).
fn journal_hash(path: &Path) -> u64 {
    let hash = || -> std::io::Result<u64> {
        let mut input = InputLines::open(path)?;
        let mut h = Fnv1a64::default();
        while let Some(line) = input.next_line()? {
            h = h.with(line.bytes);
            if line.terminated {
                h = h.with(b"\n");
            }
        }
        Ok(h.0)
    };
    hash().unwrap_or_else(|_| fnv1a64(&[]))
}

/// Reads a checkpoint; one of another format version is refused with a message naming it.
pub fn load_checkpoint(path: &Path) -> Result<Checkpoint, TuneError> {
    match read_versioned(path, CHECKPOINT_VERSION) {
        Err(RunnerError::Version {
            path,
            found,
            expected,
        }) => Err(TuneError::Version {
            path,
            found,
            expected,
        }),
        read => Ok(read?),
    }
}

/// Writes the checkpoint and `history.jsonl` into the output directory `dir`, each atomically.
pub fn save_checkpoint(dir: &Path, cp: &Checkpoint) -> Result<(), TuneError> {
    let json = serde_json::to_string_pretty(cp).expect("checkpoints serialize");
    write_atomic(&dir.join(STATE_FILE), json.as_bytes())?;
    save_history(dir, cp)
}

/// Writes `history.jsonl` from the checkpoint `cp` (which holds the whole history) into
/// `dir` atomically, unless it already says that: a run killed between the checkpoint's
/// write and the history's left the history a step behind, and a resumed run that has no
/// step left to save would not write it again.
pub fn save_history(dir: &Path, cp: &Checkpoint) -> Result<(), TuneError> {
    let path = dir.join("history.jsonl");
    let text = history_text(&cp.history);
    if read_input_text(&path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    write_atomic(&path, text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::journal_hash;
    use gomoku_runner::journal::fnv1a64;

    #[test]
    fn a_journal_streamed_hashes_as_its_whole_bytes() {
        let dir = std::env::temp_dir().join(format!("gomoku-tune-hash-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.jsonl");
        for text in ["", "{}\n", "{}\n\n{\"a\":1}\n", "{}\n{\"torn"] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(journal_hash(&path), fnv1a64(text.as_bytes()), "{text:?}");
        }
        assert_eq!(journal_hash(&dir.join("missing")), fnv1a64(&[]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
