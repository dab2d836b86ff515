//! The first mover's score per opening: bars from 0.5 with their 95 % intervals.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::axes::{
    Res, box_key, frame, legend, line_key, max_text_width, mesh, row_label, row_seg, segment,
    text_beside,
};
use crate::chart::Spec;
use crate::input::OpeningScore;
use crate::style::{GREY, NAME_CHARS, ORANGE, POINT, SMALL_SIZE};
use crate::text::{fmt_num, truncate};

/// Horizontal bars from 0.5 to each opening's score, sorted by score, with the 95 %
/// interval as a whisker: blue when the first mover is ahead, orange when behind, grey at
/// exactly 0.5.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    bars: &[OpeningScore],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = bars.len();
    let labels: Vec<String> = bars
        .iter()
        .map(|b| format!("{} ({})", truncate(&b.opening, NAME_CHARS), b.games))
        .collect();
    let label_w = max_text_width(area, &labels, SMALL_SIZE)?;
    let mut chart = frame(area, label_w + 44)
        .build_cartesian_2d(-0.02..1.12, (0..(n as i32 - 1)).into_segmented())?;
    let fmt_y = |v: &SegmentValue<i32>| row_label(&labels, v);
    let fmt_x = |v: &f64| {
        if (0.0..=1.0).contains(v) {
            fmt_num(*v)
        } else {
            String::new()
        }
    };
    mesh(&mut chart, SMALL_SIZE, Some((&spec.x_desc, &spec.y_desc)))
        .y_labels(n)
        .y_label_formatter(&fmt_y)
        .x_label_formatter(&fmt_x)
        .disable_y_mesh()
        .draw()?;
    let bar_margin = if n > 30 { 1 } else { 3 };
    let color_of = |score: f64| {
        if score > 0.5 {
            POINT
        } else if score < 0.5 {
            ORANGE
        } else {
            GREY
        }
    };
    for (r, b) in bars.iter().enumerate() {
        let (y0, y1) = segment(row_seg(r, n) as usize, n);
        let score = b.score.clamp(0.0, 1.0);
        let mut rect = Rectangle::new([(0.5, y0), (score, y1)], color_of(score).filled());
        rect.set_margin(bar_margin, bar_margin, 0, 0);
        chart.draw_series(std::iter::once(rect))?;
        if let Some((low, high)) = b.interval.filter(|(l, h)| l.is_finite() && h.is_finite()) {
            chart.draw_series(std::iter::once(ErrorBar::new_horizontal(
                SegmentValue::CenterOf(row_seg(r, n)),
                low.clamp(0.0, 1.0),
                score,
                high.clamp(0.0, 1.0),
                BLACK.stroke_width(1),
                if n > 30 { 4 } else { 8 },
            )))?;
        }
    }
    chart
        .draw_series(LineSeries::new(
            [(0.5, SegmentValue::Exact(0)), (0.5, SegmentValue::Last)],
            BLACK.stroke_width(2),
        ))?
        .label("0.5 = balanced")
        .legend(line_key(16, BLACK.stroke_width(2)));
    if n <= 40 {
        // the score right of everything drawn on its row
        for (r, b) in bars.iter().enumerate() {
            let right = b
                .interval
                .map_or(b.score, |(_, h)| h.max(b.score))
                .clamp(0.5, 1.0);
            let at = (right, SegmentValue::CenterOf(row_seg(r, n)));
            text_beside(&mut chart, at, format!("{:.2}", b.score), 6)?;
        }
    }
    for (label, color) in [
        ("first mover ahead (> 0.5)", POINT),
        ("second mover ahead (< 0.5)", ORANGE),
        ("even (0.5)", GREY),
    ] {
        chart
            .draw_series(std::iter::empty::<Rectangle<(f64, SegmentValue<i32>)>>())?
            .label(label)
            .legend(box_key(color.filled()));
    }
    chart
        .draw_series(std::iter::empty::<Rectangle<(f64, SegmentValue<i32>)>>())?
        .label("95% interval")
        .legend(line_key(16, BLACK.stroke_width(1)));
    legend(&mut chart, SeriesLabelPosition::LowerRight, 0.9)
}
