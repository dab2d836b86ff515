//! A tuning file's scores (`own SHAPE`, as `pin`, `order` and `params` name them) and its
//! `params`: the parameters a run moves, each a numeric field of the engine
//! file (by its name there, [`gomoku_engine::fields`]) or a score of the start table (`own
//! SHAPE`, `opp SHAPE`), with its start, its bounds and fishtest's `c_end` / `r_end`. Each is
//! checked here against the field's own range (or the engine's score range), at the line of
//! the value. When the tuning plays an external engine, each parameter is a placeholder
//! `{name}` of its arguments or of its options' values instead ([`substitute`]), integer or
//! real with the decimals it names, and bounded by the file alone.

use crate::checks::real;
use crate::run::ExternalProgram;
use crate::{ConfigError, Spans};
use gomoku_engine::fields::{NUMERIC_FIELDS, NumericField, numeric_field};
use gomoku_engine::{EngineParams, MAX_PATTERN_SCORE, PatternTable};
use serde::{Deserialize, Serialize};

/// A score of a table: which pattern and which side.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub struct ScoreRef {
    /// Index of the pattern in the start table; `P + c` (P patterns) for its `c`-th class,
    /// `P + C + t` (C classes) for its `t`-th threat.
    pub pattern: usize,
    /// `false`: own score, `true`: opponent score (a threat has its one score, `false`).
    pub opp: bool,
}

/// Parses `own SHAPE` / `opp SHAPE` (or `own CLASS`, such as `own four-three`, or `threat
/// OWN/OPP`, such as `threat three/none`) against a table.
pub fn parse_score_ref(text: &str, table: &PatternTable) -> Result<ScoreRef, String> {
    let mut parts = text.split_whitespace();
    if let (Some("threat"), Some(pair), None) = (parts.next(), parts.next(), parts.next()) {
        let at = table
            .threats
            .iter()
            .position(|t| pair.split_once('/') == Some((t.own.name(), t.opp.name())));
        let Some(at) = at else {
            return Err(format!(
                "'{text}': no threat '{pair}' (written OWN/OPP) in table '{}'",
                table.name
            ));
        };
        let pattern = table.patterns.len() + table.classes.len() + at;
        return Ok(ScoreRef {
            pattern,
            opp: false,
        });
    }
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
    /// An external engine's parameter: the decimals it is written with (0: an integer). Left
    /// out of the file when 0, so the keys of runs from before it stay the same.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub decimals: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most decimals an external engine's parameter is written with.
pub const MAX_DECIMALS: u32 = 9;

/// What a parameter sets.
#[derive(Clone, Copy, Debug)]
pub enum ParamTarget {
    /// A score of the start table.
    Score(ScoreRef),
    /// A numeric field of the engine.
    Field(&'static NumericField),
    /// A placeholder `{name}` of an external engine's arguments or options.
    Placeholder,
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
    /// The decimals it is written with (0: an integer; engine fields and scores are).
    pub decimals: u32,
}

/// The placeholders `{name}` of `text` (a name is a letter or `_`, then letters, digits and
/// `_`; other braces are text).
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let Some(close) = rest.find('}') else { break };
        let name = &rest[..close];
        let mut chars = name.chars();
        let word = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if word {
            out.push(name);
            rest = &rest[close + 1..];
        }
    }
    out
}

/// `text` with each placeholder `{name}` that `value` knows replaced by its value.
pub fn substitute(text: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = text.to_string();
    for name in placeholders(text) {
        if let Some(v) = value(name) {
            out = out.replacen(&format!("{{{name}}}"), &v, 1);
        }
    }
    out
}

/// A parameter's value as an external engine reads it: rounded to `decimals` places, an
/// integer when 0.
pub fn param_text(v: f64, decimals: u32) -> String {
    let v = if v == 0.0 { 0.0 } else { v }; // no `-0`
    format!("{v:.0$}", decimals as usize)
}

/// `program`'s arguments and options as the lines of an `External(..)` entry (`args: [..],`
/// and `options: [..],`), ready to paste into a tournament or tuning file.
pub fn external_entry_lines(program: &ExternalProgram) -> String {
    let written = "lists of strings always serialize";
    format!(
        "args: {},\noptions: {},\n",
        ron::to_string(&program.args).expect(written),
        ron::to_string(&program.options).expect(written)
    )
}

/// Checks that every placeholder of `program`'s arguments and options' values is a parameter
/// and every parameter is used; errors at the argument, the option (the entry is at `at`) or
/// the parameter.
pub(crate) fn check_placeholders(
    program: &ExternalProgram,
    params: &[TunedParam],
    spans: &Spans<'_>,
    at: &str,
) -> Result<(), ConfigError> {
    let texts = (program.args.iter().enumerate())
        .map(|(i, a)| (format!("{at}.args[{i}]"), a))
        .chain(
            (program.options.iter().enumerate())
                .map(|(i, (_, v))| (format!("{at}.options[{i}]"), v)),
        );
    let mut used = vec![false; params.len()];
    for (path, text) in texts {
        for name in placeholders(text) {
            match params.iter().position(|p| p.name == name) {
                Some(i) => used[i] = true,
                None => {
                    let m = format!("{{{name}}} is no parameter: list it in `params`");
                    return Err(spans.at_value(&path, m));
                }
            }
        }
    }
    match used.iter().position(|u| !u) {
        Some(i) => Err(spans.invalid(
            &format!("params[{i}].name"),
            format!(
                "'{}' is used nowhere: write {{{}}} in the external engine's args or options",
                params[i].name, params[i].name
            ),
        )),
        None => Ok(()),
    }
}

/// Resolves `entries` against the engine (fields) and the start table (scores), or, with
/// `external`, as placeholders of an external engine; `pin` may not be among them, nor
/// `depth` (the tuning's own), nor a name twice. Errors name the file, the line and the field.
pub(crate) fn resolve_params(
    entries: &[ParamEntry],
    spans: &Spans<'_>,
    (engine, table): (&EngineParams, &PatternTable),
    pin: Option<ScoreRef>,
    external: bool,
) -> Result<Vec<TunedParam>, ConfigError> {
    let mut out: Vec<TunedParam> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let at = |field: &str| format!("params[{i}].{field}");
        let bad = |field: &str, m: String| spans.invalid(&at(field), m);
        if out.iter().any(|p| p.name == e.name) {
            return Err(bad("name", format!("'{}' is listed twice", e.name)));
        }
        if external {
            out.push(placeholder_param(e, spans, i)?);
            continue;
        }
        if e.decimals != 0 {
            let m = "only an external engine's parameter is real (engine fields and scores are integers)";
            return Err(bad("decimals", m.into()));
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
            decimals: 0,
        });
    }
    Ok(out)
}

/// An external engine's parameter: a placeholder name, a start and bounds written in the file
/// (there is no engine file to take them from), finite, in order.
fn placeholder_param(
    e: &ParamEntry,
    spans: &Spans<'_>,
    i: usize,
) -> Result<TunedParam, ConfigError> {
    let bad = |field: &str, m: String| spans.invalid(&format!("params[{i}].{field}"), m);
    if placeholders(&format!("{{{}}}", e.name)) != [e.name.as_str()] {
        let m = format!(
            "'{}': an external engine's parameter is a word (letters, digits, _), written {{NAME}} in its args or options",
            e.name
        );
        return Err(bad("name", m));
    }
    let given = |field: &str, v: Option<f64>| {
        // A value left out has no place of its own: the parameter's name has.
        let v = v.ok_or_else(|| {
            let m = format!(
                "{}: an external engine's parameter needs its {field}",
                e.name
            );
            spans.at_field(&format!("params[{i}].name"), m)
        })?;
        real(v, |_| true, "finite numbers").map_err(|m| bad(field, m))?;
        Ok::<f64, ConfigError>(v)
    };
    let (start, min, max) = (
        given("start", e.start)?,
        given("min", e.min)?,
        given("max", e.max)?,
    );
    if min >= max {
        return Err(bad("max", format!("{max} must exceed min ({min})")));
    }
    real(
        start,
        |s| (min..=max).contains(&s),
        &format!("[{min}, {max}]"),
    )
    .map_err(|m| bad("start", m))?;
    if let Some(c) = e.c_end {
        real(c, |c| c > 0.0, "(0, inf)").map_err(|m| bad("c_end", m))?;
    }
    if let Some(r) = e.r_end {
        real(r, |r| r > 0.0 && r <= 1.0, "(0, 1]").map_err(|m| bad("r_end", m))?;
    }
    crate::checks::count(e.decimals, 0, MAX_DECIMALS).map_err(|m| bad("decimals", m))?;
    Ok(TunedParam {
        name: e.name.clone(),
        target: ParamTarget::Placeholder,
        start,
        min,
        max,
        c_end: e.c_end,
        r_end: e.r_end,
        decimals: e.decimals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::{CellClass, ThreatSpec, seed_table};

    #[test]
    fn threats_are_named_own_slash_opp_after_the_patterns_and_classes() {
        let mut t = seed_table();
        t.threats = vec![
            ThreatSpec {
                own: CellClass::Three,
                opp: CellClass::None,
                score: 1,
            },
            ThreatSpec {
                own: CellClass::Two,
                opp: CellClass::DoubleThree,
                score: 2,
            },
        ];
        let p = t.patterns.len();
        let r = parse_score_ref("threat two/double-three", &t).unwrap();
        assert_eq!(
            r,
            ScoreRef {
                pattern: p + 1,
                opp: false
            }
        );
        for bad in ["threat two/three", "threat two", "threat three-none"] {
            let e = parse_score_ref(bad, &t).unwrap_err();
            assert!(
                e.contains("OWN/OPP") || e.contains("expected"),
                "{bad}: {e}"
            );
        }
    }
}
