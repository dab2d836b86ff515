//! The histogram of game lengths, draws stacked on the decisive games, with the median.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axes::{Res, box_key, frame, legend, line_key, mesh};
use crate::chart::{HistogramBin, Spec};
use crate::style::{BAD, LABEL_SIZE, ORANGE, POINT};
use crate::text::fmt_num;

/// Histogram bars (decisive games, draws stacked above them) plus a median line.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    bins: &[HistogramBin],
    median: f64,
    split: bool,
) -> Res
where
    DB::ErrorType: 'static,
{
    let xlo = f64::from(bins.first().map_or(0, |b| b.low));
    let xhi = f64::from(bins.last().map_or(1, |b| b.high));
    let ymax = f64::from(bins.iter().map(|b| b.count).max().unwrap_or(1).max(1));
    let mut chart = frame(area, 70).build_cartesian_2d(xlo..xhi, 0.0..ymax * 1.12)?;
    let fmt = |v: &f64| fmt_num(*v);
    mesh(&mut chart, LABEL_SIZE, Some((&spec.x_desc, &spec.y_desc)))
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .disable_x_mesh()
        .draw()?;
    let width = bins.first().map_or(1, |b| b.high - b.low);
    let per = if width == 1 {
        "per length".to_string()
    } else {
        format!("per {width}-move bin")
    };
    let bar = |b: &HistogramBin, from: u32, to: u32, color: RGBColor| {
        let mut r = Rectangle::new(
            [
                (f64::from(b.low), f64::from(from)),
                (f64::from(b.high), f64::from(to)),
            ],
            color.mix(0.85).filled(),
        );
        r.set_margin(0, 0, 1, 1);
        r
    };
    chart
        .draw_series(bins.iter().map(|b| bar(b, 0, b.count - b.draws, POINT)))?
        .label(if split {
            format!("decisive games {per}")
        } else {
            format!("games {per}")
        })
        .legend(box_key(POINT.mix(0.85).filled()));
    if split {
        chart
            .draw_series(
                bins.iter()
                    .filter(|b| b.draws > 0)
                    .map(|b| bar(b, b.count - b.draws, b.count, ORANGE)),
            )?
            .label(format!("draws {per}"))
            .legend(box_key(ORANGE.mix(0.85).filled()));
    }
    chart
        .draw_series(DashedLineSeries::new(
            [(median, 0.0), (median, ymax * 1.12)],
            8,
            5,
            BAD.stroke_width(2),
        ))?
        .label(format!("median {} moves", fmt_num(median)))
        .legend(line_key(16, BAD.stroke_width(2)));
    legend(&mut chart, SeriesLabelPosition::UpperRight, 0.85)
}
