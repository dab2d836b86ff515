//! The pool Elo chart: one row per engine, best on top, a dot with its 95 % whisker and
//! the value beside it.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::axes::{
    Res, est_bounds, frame, mesh, padded, row_label, row_names, row_seg, text_beside,
};
use crate::chart::{Estimate, Spec};
use crate::style::{GREY, LABEL_SIZE, POINT};
use crate::text::{fmt_elo, fmt_elo_pm, fmt_num};

/// Horizontal points with whiskers, best on top, zero line.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[Estimate],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = points.len();
    let (labels, label_w) = row_names(area, points.iter().map(|p| p.label.as_str()))?;
    let (lo, hi) = est_bounds(points.iter());
    let (lo, hi) = padded(lo.min(0.0), hi.max(0.0), 0.12);
    // room for the value text right of the whiskers
    let hi = hi + (hi - lo) * 0.08;

    let mut chart = frame(area, label_w + 44)
        .margin_right(24)
        .build_cartesian_2d(lo..hi, (0..(n as i32 - 1)).into_segmented())?;
    let fmt_y = |v: &SegmentValue<i32>| row_label(&labels, v);
    let fmt_x = |v: &f64| fmt_num(*v);
    mesh(&mut chart, LABEL_SIZE, Some((&spec.x_desc, &spec.y_desc)))
        .y_labels(n)
        .y_label_formatter(&fmt_y)
        .x_label_formatter(&fmt_x)
        .draw()?;

    // zero line
    chart.draw_series(DashedLineSeries::new(
        [(0.0, SegmentValue::Exact(0)), (0.0, SegmentValue::Last)],
        6,
        4,
        GREY.stroke_width(1),
    ))?;
    for (r, p) in points.iter().enumerate() {
        let y = SegmentValue::CenterOf(row_seg(r, n));
        if let (Some(l), Some(h)) = (p.low, p.high) {
            chart.draw_series(std::iter::once(ErrorBar::new_horizontal(
                y.clone(),
                l,
                p.value,
                h,
                POINT.stroke_width(2),
                12,
            )))?;
        }
        chart.draw_series(std::iter::once(Circle::new(
            (p.value, y.clone()),
            5,
            POINT.filled(),
        )))?;
        let right = p.high.unwrap_or(p.value);
        let text = match (p.low, p.high) {
            (Some(l), Some(_)) => fmt_elo_pm(p.value, (p.value - l).abs()),
            _ => fmt_elo(p.value),
        };
        text_beside(&mut chart, (right, y), text, 10)?;
    }
    Ok(())
}
