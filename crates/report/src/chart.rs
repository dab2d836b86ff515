//! Chart records: what a chart is to draw ([`Spec`]), what was written and the numbers it
//! shows ([`ChartFile`], [`ChartData`]).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::input::OpeningScore;

/// One chart written to disk: where it is, and the numbers it shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartFile {
    /// Stable identifier, also the file stem (`elo` → `elo.svg`, `elo.png`).
    pub id: String,
    /// Chart title as drawn.
    pub title: String,
    /// Path of the SVG file.
    pub svg_path: PathBuf,
    /// Path of the PNG file.
    pub png_path: PathBuf,
    /// Width and height in pixels (of both the SVG and the PNG).
    pub size: (u32, u32),
    /// The numbers actually plotted, in drawing order.
    pub plotted: ChartData,
}

/// The numbers a chart shows, so callers and tests can compare them with
/// the statistics they came from. Labels are the full, untruncated names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ChartData {
    /// Pool Elo per engine with 95 % whiskers, best first (drawn top down).
    Elo {
        /// One estimate per engine.
        points: Vec<Estimate>,
    },
    /// Head-to-head heat map: cell `[i][j]` is row `i`'s score against `j`.
    HeadToHead {
        /// Row and column names.
        names: Vec<String>,
        /// Cell values (`None` drawn grey, without a number).
        scores: Vec<Vec<Option<f64>>>,
        /// Games per cell.
        games: Vec<Vec<u32>>,
    },
    /// Elo against one knob.
    Sweep {
        /// Knob name.
        knob: String,
        /// Whether the x axis is categorical (then `x` is the category index).
        categorical: bool,
        /// Points in x order.
        points: Vec<SweepPlotPoint>,
    },
    /// SPRT log-likelihood ratio against games, with its bounds.
    Sprt {
        /// `(games, LLR)` points.
        points: Vec<(u64, f64)>,
        /// Lower (accept H0) bound.
        lower: f64,
        /// Upper (accept H1) bound.
        upper: f64,
    },
    /// Tuning loss and Elo estimate per iteration (one or two panels).
    TuningProgress {
        /// `(iteration, loss)` for iterations with a loss.
        loss: Vec<(u32, f64)>,
        /// Elo estimates for iterations with one; `label` is the iteration.
        elo: Vec<Estimate>,
    },
    /// Tuned pattern scores per iteration as small multiples: one panel per pattern,
    /// drawn as the change from its first value.
    TuningPatterns {
        /// One series per panel (the scores themselves), in panel order.
        series: Vec<Series>,
        /// Patterns in the input (more than `series.len()` when only those that moved
        /// most were drawn).
        total: usize,
    },
    /// Histogram of game lengths, draws stacked on the decisive games.
    GameLengths {
        /// Bins in increasing order; empty bins are included.
        bins: Vec<HistogramBin>,
        /// Median game length (moves), drawn as a vertical line.
        median: f64,
        /// Whether draws were told apart (else every bin is one bar of games).
        split: bool,
    },
    /// First-mover score per opening, sorted by score, highest first, drawn as bars
    /// from 0.5 with their 95 % intervals.
    FirstMover {
        /// Bars as drawn (top down).
        bars: Vec<OpeningScore>,
        /// Number of openings in the input (more than `bars.len()` when only
        /// the highest and lowest were drawn).
        total: usize,
    },
    /// Engine speed: median nodes/s and median depth per engine, with their
    /// interquartile ranges.
    Speed {
        /// One row per engine, in input order (drawn top down).
        rows: Vec<SpeedRow>,
    },
}

/// A value with an optional 95 % interval (`low..=high`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// What the value belongs to (engine name, iteration number, ...).
    pub label: String,
    /// The value.
    pub value: f64,
    /// Lower end of the whisker, `None` when the error is unknown.
    pub low: Option<f64>,
    /// Upper end of the whisker, `None` when the error is unknown.
    pub high: Option<f64>,
}

/// One plotted point of a sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPlotPoint {
    /// Numeric knob value, or the category index on a categorical axis.
    pub x: f64,
    /// Tick label (the category, or the formatted value).
    pub label: String,
    /// Elo with its whisker.
    pub elo: Estimate,
}

/// One line of a multi-series chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// `(iteration, value)` points.
    pub points: Vec<(u32, f64)>,
}

/// One histogram bin covering `low..high`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct HistogramBin {
    /// Inclusive lower edge.
    pub low: u32,
    /// Exclusive upper edge.
    pub high: u32,
    /// Number of values in the bin.
    pub count: u32,
    /// How many of them are draws (0 when draws are not told apart).
    pub draws: u32,
}

/// One engine's bars in the speed chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpeedRow {
    /// Engine name.
    pub engine: String,
    /// Median nodes per second.
    pub nodes_per_sec: f64,
    /// Interquartile range of the per-move nodes/s samples, if given.
    pub nps_iqr: Option<(f64, f64)>,
    /// Median depth reached (plies) over the depth samples, or the mean depth without
    /// samples.
    pub depth: f64,
    /// Interquartile range of the per-move depth samples, if given.
    pub depth_iqr: Option<(f64, f64)>,
}

/// A chart ready to draw: identity, size, axis descriptions and data.
pub(crate) struct Spec {
    pub id: String,
    pub title: String,
    pub size: (u32, u32),
    pub x_desc: String,
    pub y_desc: String,
    pub data: ChartData,
}

/// Axis description of every Elo axis.
pub(crate) const ELO_DESC: &str = "Elo (logistic, 400·log10), ±95% CI";

/// Error type of the drawing routines (any backend).
pub(crate) type DrawError = Box<dyn std::error::Error>;
