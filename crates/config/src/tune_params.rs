//! A tuning file's scores (`own SHAPE`, as `pin`, `order` and `params` name them) and its
//! `params`: the parameters a run moves, each a numeric field of the engine
//! file (by its name there, [`gomoku_engine::fields`]) or a score of the start table (`own
//! SHAPE`, `opp SHAPE`), with its start, its bounds and fishtest's `c_end` / `r_end`. Each is
//! checked here against the field's own range (or the engine's score range), at the line of
//! the value.

use crate::checks::real;
use crate::{ConfigError, Spans};
use gomoku_engine::fields::{NUMERIC_FIELDS, NumericField, numeric_field};
use gomoku_engine::{EngineParams, MAX_PATTERN_SCORE, PatternTable};
use serde::{Deserialize, Serialize};

/// A score of a table: which pattern and which side.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub struct ScoreRef {
    /// Index of the pattern in the start table; `P + c` (P patterns) for its `c`-th class.
    pub pattern: usize,
    /// `false`: own score, `true`: opponent score.
    pub opp: bool,
}

/// Parses `own SHAPE` / `opp SHAPE` (or `own CLASS`, such as `own four-three`) against a
/// table.
pub fn parse_score_ref(text: &str, table: &PatternTable) -> Result<ScoreRef, String> {
    let mut parts = text.split_whitespace();
    let (Some(side), Some(shape), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("'{text}': expected 'own SHAPE' or 'opp SHAPE'"));
    };
    let opp = match side {
        "own" => false,
        "opp" => true,
        _ => return Err(format!("'{text}': side must be 'own' or 'opp'")),
    };
    let class = || {
        let at = table.classes.iter().position(|c| c.class.name() == shape)?;
        Some(table.patterns.len() + at)
    };
    let pattern = table
        .patterns
        .iter()
        .position(|p| p.shape == shape)
        .or_else(class)
        .ok_or_else(|| {
            format!(
                "'{text}': no shape or class '{shape}' in table '{}'",
                table.name
            )
        })?;
    Ok(ScoreRef { pattern, opp })
}

/// One tuned parameter as a tuning file writes it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ParamEntry {
    /// An engine file's numeric field (`futility`) or a table score (`own 011110`).
    pub name: String,
    /// The start value (default: the engine file's, or the start table's).
    #[serde(default)]
    pub start: Option<f64>,
    /// The least value (default: the field's least).
    #[serde(default)]
    pub min: Option<f64>,
    /// The greatest value (default: the field's greatest).
    #[serde(default)]
    pub max: Option<f64>,
    /// SPSA's final perturbation (default: the method's `c_end_frac` of the start's size).
    #[serde(default)]
    pub c_end: Option<f64>,
    /// SPSA's final learning rate `a_end / c_end²` (default: the method's `r_end`).
    #[serde(default)]
    pub r_end: Option<f64>,
}

/// What a parameter sets.
#[derive(Clone, Copy, Debug)]
pub enum ParamTarget {
    /// A score of the start table.
    Score(ScoreRef),
    /// A numeric field of the engine.
    Field(&'static NumericField),
}

/// A tuned parameter, resolved and checked.
#[derive(Clone, Debug)]
pub struct TunedParam {
    /// Its name as the file writes it.
    pub name: String,
    /// What it sets.
    pub target: ParamTarget,
    /// The start value.
    pub start: f64,
    /// The least value.
    pub min: f64,
    /// The greatest value.
    pub max: f64,
    /// SPSA's final perturbation, when the file gives one.
    pub c_end: Option<f64>,
    /// SPSA's final learning rate, when the file gives one.
    pub r_end: Option<f64>,
}

/// Resolves `entries` against the engine (fields) and the start table (scores); `pin` may not
/// be among them, nor `depth` (the tuning's own), nor a name twice. Errors name the file, the
/// line and the field.
pub(crate) fn resolve_params(
    entries: &[ParamEntry],
    spans: &Spans<'_>,
    engine: &EngineParams,
    table: &PatternTable,
    pin: Option<ScoreRef>,
) -> Result<Vec<TunedParam>, ConfigError> {
    let mut out: Vec<TunedParam> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let at = |field: &str| format!("params[{i}].{field}");
        let bad = |field: &str, m: String| spans.invalid(&at(field), m);
        if out.iter().any(|p| p.name == e.name) {
            return Err(bad("name", format!("'{}' is listed twice", e.name)));
        }
        let (target, limits, value) = match numeric_field(&e.name) {
            Some(f) if f.name == "depth" => {
                let m = "'depth' is the tuning's own (its `depth` field), not a parameter";
                return Err(bad("name", m.into()));
            }
            Some(f) => (
                ParamTarget::Field(f),
                (f.min as f64, f.max as f64),
                f.get(engine),
            ),
            None => {
                let score = parse_score_ref(&e.name, table).map_err(|m| {
                    let fields: Vec<&str> = NUMERIC_FIELDS.iter().map(|f| f.name).collect();
                    bad(
                        "name",
                        format!(
                            "unknown parameter {m}; a parameter is a numeric field of the engine file ({}) or a table score ('own SHAPE', 'opp SHAPE')",
                            fields[1..].join(", ")
                        ),
                    )
                })?;
                if Some(score) == pin {
                    return Err(bad("name", format!("'{}' is the pinned score", e.name)));
                }
                let s = &table.patterns;
                let (own, opp) = match s.get(score.pattern) {
                    Some(p) => (p.own, p.opp),
                    None => {
                        let c = &table.classes[score.pattern - s.len()];
                        (c.own, c.opp)
                    }
                };
                let v = if score.opp { opp } else { own };
                let m = f64::from(MAX_PATTERN_SCORE);
                (ParamTarget::Score(score), (-m, m), Some(i64::from(v)))
            }
        };
        let (lo, hi) = limits;
        let name = &e.name;
        let within = |field: &str, v: f64, (a, b): (f64, f64)| {
            real(v, |v| (a..=b).contains(&v), &format!("[{a}, {b}]"))
                .map_err(|m| bad(field, format!("{m} ({name}'s range)")))
        };
        let min = e.min.unwrap_or(lo);
        within("min", min, limits)?;
        let max = e.max.unwrap_or(hi);
        within("max", max, limits)?;
        if min >= max {
            return Err(bad("max", format!("{max} must exceed min ({min})")));
        }
        let start = match (e.start, value) {
            (Some(s), _) => s,
            (None, Some(v)) => v as f64,
            (None, None) => {
                let m = format!("{name} is None in the engine file: give a start");
                return Err(bad("name", m));
            }
        };
        within("start", start, (min, max))?;
        if let Some(c) = e.c_end {
            real(c, |c| c > 0.0, "(0, inf)").map_err(|m| bad("c_end", m))?;
        }
        if let Some(r) = e.r_end {
            real(r, |r| r > 0.0 && r <= 1.0, "(0, 1]").map_err(|m| bad("r_end", m))?;
        }
        out.push(TunedParam {
            name: e.name.clone(),
            target,
            start,
            min,
            max,
            c_end: e.c_end,
            r_end: e.r_end,
        });
    }
    Ok(out)
}
