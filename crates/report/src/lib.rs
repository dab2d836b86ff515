#![deny(missing_docs)]
//! Charts and reports for gomoku-arena runs.
//!
//! Fill a [`ReportInput`] with the statistics of a run and call
//! [`write_report`]: it writes every chart that has data as `<id>.svg` and
//! `<id>.png`, a `report.md` and a self-contained `report.html` (charts
//! inlined as SVG) into one directory. A chart without data is left out.
//!
//! Text is drawn with the bundled DejaVu Sans fonts (see
//! `assets/LICENSE-DejaVu.txt`), so PNGs render the same on a machine
//! without any system font.
//!
//! Chart ids (file stems): `elo`, `head-to-head`, `sweep-<knob>`, `sprt`,
//! `tuning`, `tuning-patterns`, `game-lengths`, `first-mover`, `speed`; on an SPRT
//! run (an input with an SPRT trace) the `sprt` chart comes first.
//!
//! Besides the charts, `report.html` holds the head-to-head matrix with the likelihood
//! of superiority (Ordo's CFS), the forfeits by player and reason, and a viewer of every
//! game in [`ReportInput::games`] (`viewer.rs`: the games as JSON in the page and a small
//! script that draws the board on demand; no network, no other file).

use std::path::{Path, PathBuf};

mod chart;
mod fonts;
pub mod input;
mod layout;
mod pages;
mod plots;
mod prepare;
mod render;
mod style;
mod text;
mod viewer;

pub use chart::{ChartData, ChartFile, Estimate, HistogramBin, Series, SpeedRow, SweepPlotPoint};
pub use input::{
    EngineSpeed, ForfeitCount, GameEnd, GameLink, GameRecord, GameRecords, HeadToHead,
    OpeningScore, Outcome, PatternTrajectory, ReportInput, SprtDecision, SprtTrace, StandingRow,
    Superiority, Sweep, SweepPoint, SweepX, TuningHistory, TuningStep,
};

use chart::Spec;
use rayon::prelude::*;
use render::render;

/// Errors while writing a report; each names the path involved.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The output directory could not be created.
    #[error("cannot create report directory {path}: {source}")]
    CreateDir {
        /// Directory that could not be created.
        path: PathBuf,
        /// Underlying I/O error.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// File that could not be written.
        path: PathBuf,
        /// Underlying I/O error.
        source: std::io::Error,
    },
    /// A chart could not be drawn or its image could not be written.
    #[error("cannot draw or write chart {path}: {message}")]
    Render {
        /// Chart file (SVG or PNG) being produced.
        path: PathBuf,
        /// What plotters reported.
        message: String,
    },
    /// The input is inconsistent (for example a non-square matrix).
    #[error("invalid report input: {0}")]
    InvalidInput(String),
    /// The bundled font could not be loaded (should never happen).
    #[error("cannot load bundled font: {0}")]
    Font(String),
}

/// Paths of everything [`write_report`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportFiles {
    /// `report.md`.
    pub markdown: PathBuf,
    /// `report.html` (self-contained).
    pub html: PathBuf,
    /// Every chart written, in report order.
    pub charts: Vec<ChartFile>,
}

fn create_dir(dir: &Path) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(|source| ReportError::CreateDir {
        path: dir.to_path_buf(),
        source,
    })
}

/// Refuses input whose parts do not fit together: a superiority matrix of other players
/// than the head-to-head's, or of another shape; a game board outside 1..=32.
fn check_input(input: &ReportInput) -> Result<(), ReportError> {
    if let Some(s) = &input.superiority {
        let names = input.head_to_head.as_ref().map(|h| &h.names);
        if names != Some(&s.names) {
            return Err(ReportError::InvalidInput(
                "the superiority matrix must name the head-to-head's players in its order".into(),
            ));
        }
        let n = s.names.len();
        if s.los.len() != n || s.los.iter().any(|r| r.len() != n) {
            return Err(ReportError::InvalidInput(format!(
                "superiority must be {n}×{n} (one row and column per name)"
            )));
        }
    }
    if let Some(g) = &input.games {
        let fits = |v: u8| (1..=32).contains(&v);
        if !fits(g.width) || !fits(g.height) {
            return Err(ReportError::InvalidInput(format!(
                "a game board of {}x{} (sides are 1 to 32)",
                g.width, g.height
            )));
        }
    }
    Ok(())
}

/// Writes every chart of `input` that has data; returns records and SVG text.
fn render_all(dir: &Path, input: &ReportInput) -> Result<Vec<(ChartFile, String)>, ReportError> {
    create_dir(dir)?;
    // On an SPRT run the test's trace is the answer: it comes first.
    let mut specs: Vec<Option<Spec>> = vec![input.sprt.as_ref().and_then(prepare::sprt)];
    specs.push(prepare::elo(&input.standings));
    if let Some(h) = &input.head_to_head {
        specs.push(prepare::head_to_head(h)?);
    }
    let mut ids = Vec::new();
    for s in &input.sweeps {
        specs.push(prepare::sweep(s, &mut ids));
    }
    if let Some(t) = &input.tuning {
        specs.push(prepare::tuning_progress(t));
        specs.push(prepare::tuning_patterns(t));
    }
    specs.push(prepare::game_lengths(
        &input.game_lengths,
        input.draw_lengths.as_deref(),
    ));
    specs.push(prepare::first_mover(&input.openings));
    specs.push(prepare::speed(&input.speed));
    // Each chart is drawn on its own (the fonts are registered once, behind a lock), and
    // drawing them is most of a small run's report: in parallel, in order.
    let specs: Vec<Spec> = specs.into_iter().flatten().collect();
    specs
        .into_par_iter()
        .map(|spec| render(dir, spec))
        .collect()
}

/// Writes all charts with data, `report.md` and `report.html` into `dir`
/// (created if missing). An input without data gives a report without charts.
pub fn write_report(dir: &Path, input: &ReportInput) -> Result<ReportFiles, ReportError> {
    check_input(input)?;
    let charts = render_all(dir, input)?;
    let records: Vec<ChartFile> = charts.iter().map(|(c, _)| c.clone()).collect();
    let markdown = dir.join("report.md");
    std::fs::write(&markdown, pages::markdown(input, &records)).map_err(|source| {
        ReportError::Write {
            path: markdown.clone(),
            source,
        }
    })?;
    let html = dir.join("report.html");
    std::fs::write(&html, pages::html(input, &charts)).map_err(|source| ReportError::Write {
        path: html.clone(),
        source,
    })?;
    Ok(ReportFiles {
        markdown,
        html,
        charts: records,
    })
}
