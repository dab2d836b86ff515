//! Drawing routines, generic over the plotters backend so the SVG and the PNG of a chart
//! come from the same code: [`draw`] fills the canvas, draws the title and hands the rest to
//! the chart's own file. The helpers they share (axes, ranges, legends) are in `axes.rs`.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::chart::{ChartData, Spec};
use crate::style::{TITLE_SIZE, bold};
use crate::text::truncate;
use axes::Res;

mod axes;
mod elo;
mod first_mover;
mod h2h;
mod lengths;
mod speed;
mod sprt;
mod sweep;
mod tuning;

/// Draws any chart on `root` (which it fills first).
pub(crate) fn draw<DB: DrawingBackend>(spec: &Spec, root: &DrawingArea<DB, Shift>) -> Res
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let title = truncate(&spec.title, 90);
    let area = root.margin(10, 0, 0, 0).titled(&title, bold(TITLE_SIZE))?;
    match &spec.data {
        ChartData::Elo { points } => elo::draw(spec, &area, points),
        ChartData::HeadToHead {
            names,
            scores,
            games,
        } => h2h::draw(spec, &area, names, scores, games),
        ChartData::Sweep {
            categorical,
            points,
            ..
        } => sweep::draw(spec, &area, points, *categorical),
        ChartData::Sprt {
            points,
            lower,
            upper,
        } => sprt::draw(spec, &area, points, *lower, *upper),
        ChartData::TuningProgress { loss, elo } => tuning::progress(spec, &area, loss, elo),
        ChartData::TuningPatterns { series, .. } => tuning::patterns(spec, &area, series),
        ChartData::GameLengths {
            bins,
            median,
            split,
        } => lengths::draw(spec, &area, bins, *median, *split),
        ChartData::FirstMover { bars, .. } => first_mover::draw(spec, &area, bars),
        ChartData::Speed { rows } => speed::draw(spec, &area, rows),
    }
}
