//! The checks several file kinds share: names, output directories, worker threads, move caps,
//! and numbers against their ranges, each refused at the line and column of its field.

use crate::limits::{MAX_ELO, MAX_NAME_LEN, MAX_THREADS};
use crate::{ConfigError, Spans};
use gomoku_board::Geometry;
use std::path::Path;

/// Why `name` cannot name a player or a run: empty, longer than [`MAX_NAME_LEN`]
/// characters, or holding a line break or another control character.
pub fn name_problem(name: &str) -> Option<String> {
    let len = name.chars().count();
    if name.trim().is_empty() {
        Some("must not be empty".into())
    } else if len > MAX_NAME_LEN {
        Some(format!(
            "is {len} characters long; a name has at most {MAX_NAME_LEN}"
        ))
    } else if name.chars().any(char::is_control) {
        Some("must not hold a line break, a tab or another control character".into())
    } else {
        None
    }
}

/// The `name` and `output` every run file has: a name that can head a report, and an output
/// directory that is not empty (it would resolve to the config file's own folder and write
/// the run's files among the configs) nor blank (`"   "` would make a folder named with
/// spaces).
pub(crate) fn run_file(spans: &Spans<'_>, name: &str, output: &Path) -> Result<(), ConfigError> {
    if output.to_string_lossy().trim().is_empty() {
        return Err(spans.invalid(
            "output",
            "must name a directory for the results (not empty, the config's own folder, nor blank)",
        ));
    }
    match name_problem(name) {
        Some(problem) => Err(spans.invalid("name", problem)),
        None => Ok(()),
    }
}

/// Worker threads of a tournament or SPRT: `None` (all cores) or 1..=[`MAX_THREADS`].
pub(crate) fn threads(spans: &Spans<'_>, threads: Option<usize>) -> Result<(), ConfigError> {
    match threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => Err(spans.at_field(
            "threads",
            format!("threads: {n} not in 1..={MAX_THREADS} (or None: all cores)"),
        )),
        _ => Ok(()),
    }
}

/// A move cap of at least one stone and at most the points of the board.
pub(crate) fn move_cap(
    spans: &Spans<'_>,
    cap: Option<usize>,
    geometry: Geometry,
) -> Result<(), ConfigError> {
    let cells = geometry.width * geometry.height;
    match cap {
        Some(cap) if !(1..=cells).contains(&cap) => Err(spans.at_field(
            "move_cap",
            format!("move_cap: {cap} not in 1..={cells}, the points of the board"),
        )),
        _ => Ok(()),
    }
}

/// A real number as messages show it: `1e308` rather than its 309 digits.
pub(crate) fn real_text(v: f64) -> String {
    if v.is_finite() && v.abs() >= 1e9 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// `Err(message)` unless `v` is finite and `ok(v)`; `range` says the range in the message.
pub(crate) fn real(v: f64, ok: impl Fn(f64) -> bool, range: &str) -> Result<(), String> {
    if v.is_finite() && ok(v) {
        Ok(())
    } else {
        Err(format!("{} not in {range}", real_text(v)))
    }
}

/// `Err(message)` unless `v` lies in `lo..=hi`.
pub(crate) fn count<T: PartialOrd + std::fmt::Display>(v: T, lo: T, hi: T) -> Result<(), String> {
    if lo <= v && v <= hi {
        Ok(())
    } else {
        Err(format!("{v} not in {lo}..={hi}"))
    }
}

/// An SPRT's hypotheses `elo0 < elo1`, finite and within ±[`MAX_ELO`] (as the test accepts
/// them), and its error rate `alpha`, each refused at its field in `section`.
pub(crate) fn hypotheses(
    spans: &Spans<'_>,
    section: &str,
    (elo0, elo1, alpha): (f64, f64, f64),
) -> Result<(), ConfigError> {
    let place = |key: &str, r: Result<(), String>| {
        let path = [section, key].join(if section.is_empty() { "" } else { "." });
        r.map_err(|m| spans.invalid(&path, m))
    };
    let elo = |v| {
        real(
            v,
            |v: f64| v.abs() <= MAX_ELO,
            &format!("-{MAX_ELO}..={MAX_ELO}"),
        )
    };
    place("elo0", elo(elo0))?;
    place("elo1", elo(elo1))?;
    if elo0 >= elo1 {
        let e = format!(
            "{} must be above elo0 ({})",
            real_text(elo1),
            real_text(elo0)
        );
        place("elo1", Err(e))?;
    }
    place("alpha", error_rate(alpha))
}

/// `Err(message)` unless `v` is an error rate of a test, in (0, 0.5).
pub(crate) fn error_rate(v: f64) -> Result<(), String> {
    real(v, |v| v > 0.0 && v < 0.5, "(0, 0.5)")
}
