//! `history.jsonl`: one line per iteration, and its conversion into the report's
//! [`gomoku_report::TuningHistory`].

use crate::TuneError;
use gomoku_config::InputLines;
use gomoku_report::{PatternTrajectory, TuningHistory, TuningStep};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One iteration of a tuning run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryLine {
    /// Iteration (0 = the start point, before any step).
    pub iteration: u32,
    /// `texel`, `match` or `spsa`.
    pub method: String,
    /// Texel: training loss after the iteration.
    pub loss: Option<f64>,
    /// Texel: validation loss after the iteration.
    pub validation_loss: Option<f64>,
    /// Match: Elo of the candidate against the incumbent; SPSA: the running estimate of the
    /// Elo of θ against the start values (`spsa_gain`).
    pub elo: Option<f64>,
    /// Half-width of the 95% interval of `elo`.
    pub elo_error95: Option<f64>,
    /// Games played by the method so far (self-play collection included).
    pub games: u64,
    /// What was decided and why.
    pub note: String,
    /// Every score after the iteration: `(name, value)`, in table order.
    pub scores: Vec<(String, f64)>,
}

/// Reads `history.jsonl` of an output directory, line by line through [`InputLines`].
pub fn read_history(dir: &Path) -> Result<Vec<HistoryLine>, TuneError> {
    let path = dir.join("history.jsonl");
    let io = |e| TuneError::io(&path, e);
    let mut input = InputLines::open(&path).map_err(io)?;
    let mut lines = Vec::new();
    while let Some(line) = input.next_line().map_err(io)? {
        let text = line.text().map_err(io)?;
        if text.trim().is_empty() {
            continue;
        }
        lines.push(serde_json::from_str(text).map_err(|e| TuneError::Parse {
            path: path.clone(),
            message: format!("line {}: {e}", line.number),
        })?);
    }
    Ok(lines)
}

/// The history as JSON lines.
pub fn history_text(lines: &[HistoryLine]) -> String {
    let mut s = String::new();
    for l in lines {
        s.push_str(&serde_json::to_string(l).expect("serializable"));
        s.push('\n');
    }
    s
}

/// The report's tuning history from `history.jsonl` in `dir`: the loss (Texel) or Elo
/// (match, SPSA) per iteration, and the trajectory of every score that changed.
pub fn load_tuning_history(dir: impl AsRef<Path>) -> Result<TuningHistory, TuneError> {
    let lines = read_history(dir.as_ref())?;
    Ok(tuning_history(&lines))
}

/// The report's tuning history from history lines (trajectories named as parameters when
/// some are not table scores, `own SHAPE` / `opp SHAPE`).
pub fn tuning_history(lines: &[HistoryLine]) -> TuningHistory {
    let loss_name = match lines.first().map(|l| l.method.as_str()) {
        Some("texel") => "Texel training loss (MSE)".to_string(),
        _ => String::new(),
    };
    let steps = lines
        .iter()
        .map(|l| TuningStep {
            iteration: l.iteration,
            loss: l.loss,
            elo: l.elo,
            elo_error95: l.elo_error95,
        })
        .collect();
    let mut patterns = Vec::new();
    if let Some(first) = lines.first() {
        for (k, (name, v0)) in first.scores.iter().enumerate() {
            let scores: Vec<f64> = lines
                .iter()
                .map(|l| l.scores.get(k).map_or(f64::NAN, |s| s.1))
                .collect();
            if scores.iter().any(|v| v != v0) {
                patterns.push(PatternTrajectory {
                    name: name.clone(),
                    scores,
                });
            }
        }
    }
    let score = |name: &str| name.starts_with("own ") || name.starts_with("opp ");
    TuningHistory {
        loss_name,
        steps,
        parameters: patterns.iter().any(|p| !score(&p.name)),
        patterns,
    }
}
