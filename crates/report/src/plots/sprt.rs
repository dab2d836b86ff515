//! The SPRT trace: the log-likelihood ratio against games, between its two bounds.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axes::{Res, bounds, frame, legend, line_key, mesh, padded};
use crate::chart::Spec;
use crate::style::{BAD, GOOD, GREY, LABEL_SIZE, POINT};
use crate::text::fmt_num;

/// LLR line with the two decision bounds.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[(u64, f64)],
    lower: f64,
    upper: f64,
) -> Res
where
    DB::ErrorType: 'static,
{
    let max_games = points.iter().map(|p| p.0).max().unwrap_or(1).max(1) as f64;
    let (ylo, yhi) = bounds(points.iter().map(|p| p.1).chain([lower, upper]));
    let (ylo, yhi) = padded(ylo, yhi, 0.08);
    let xhi = max_games * 1.03;
    let mut chart = frame(area, 70).build_cartesian_2d(0.0..xhi, ylo..yhi)?;
    let fmt = |v: &f64| fmt_num(*v);
    mesh(&mut chart, LABEL_SIZE, Some((&spec.x_desc, &spec.y_desc)))
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .draw()?;
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (xhi, 0.0)],
        GREY.stroke_width(1),
    ))?;
    for (bound, color, label) in [
        (
            upper,
            GOOD,
            format!("upper bound {} (accept H1)", fmt_num(upper)),
        ),
        (
            lower,
            BAD,
            format!("lower bound {} (accept H0)", fmt_num(lower)),
        ),
    ] {
        chart
            .draw_series(DashedLineSeries::new(
                [(0.0, bound), (xhi, bound)],
                8,
                5,
                color.stroke_width(2),
            ))?
            .label(label)
            .legend(line_key(20, color.stroke_width(2)));
    }
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|(g, l)| (*g as f64, *l)),
            POINT.stroke_width(2),
        ))?
        .label("LLR")
        .legend(line_key(20, POINT.stroke_width(2)));
    legend(&mut chart, SeriesLabelPosition::UpperLeft, 0.85)
}
