//! Elo against one knob: a line over a numeric axis, or one column per category.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::axes::{Res, bounds, est_bounds, estimate_vertical, frame, mesh, padded};
use crate::chart::{Spec, SweepPlotPoint};
use crate::style::{GREY, LABEL_SIZE, NAME_CHARS, POINT};
use crate::text::{fmt_num, truncate};

/// Whisker of a sweep's points: stroke width, tick width, dot radius.
const WHISKER: (u32, u32, u32) = (2, 12, 5);

/// A sweep's points with vertical whiskers: on a numeric axis joined by a line, on a
/// categorical one a column per category in the given order.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[SweepPlotPoint],
    categorical: bool,
) -> Res
where
    DB::ErrorType: 'static,
{
    let (ylo, yhi) = est_bounds(points.iter().map(|p| &p.elo));
    let y = padded(ylo, yhi, 0.1);
    let descs = Some((spec.x_desc.as_str(), spec.y_desc.as_str()));
    let fmt_y = |v: &f64| fmt_num(*v);
    if categorical {
        let n = points.len();
        let max_chars = ((area.dim_in_pixel().0 as usize - 120) / n / 8).clamp(4, NAME_CHARS);
        let labels: Vec<String> = points
            .iter()
            .map(|p| truncate(&p.label, max_chars))
            .collect();
        let mut chart =
            frame(area, 80).build_cartesian_2d((0..(n as i32 - 1)).into_segmented(), y.0..y.1)?;
        let fmt_x = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(k) if (*k as usize) < n => labels[*k as usize].clone(),
            _ => String::new(),
        };
        mesh(&mut chart, LABEL_SIZE, descs)
            .x_labels(n)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .draw()?;
        zero_line(&mut chart, (SegmentValue::Exact(0), SegmentValue::Last), y)?;
        for (k, p) in points.iter().enumerate() {
            estimate_vertical(
                &mut chart,
                SegmentValue::CenterOf(k as i32),
                &p.elo,
                WHISKER,
            )?;
        }
    } else {
        let (xlo, xhi) = bounds(points.iter().map(|p| p.x));
        let (xlo, xhi) = padded(xlo, xhi, 0.06);
        let mut chart = frame(area, 80).build_cartesian_2d(xlo..xhi, y.0..y.1)?;
        // integer knobs (depth, top_n): label integers only
        let integer = points.iter().all(|p| p.x == p.x.trunc());
        let fmt_x = |v: &f64| {
            if integer && *v != v.trunc() {
                String::new()
            } else {
                fmt_num(*v)
            }
        };
        let x_ticks = if integer {
            ((xhi - xlo).floor() as usize + 1).clamp(2, 12)
        } else {
            10
        };
        mesh(&mut chart, LABEL_SIZE, descs)
            .x_labels(x_ticks)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .draw()?;
        zero_line(&mut chart, (xlo, xhi), y)?;
        chart.draw_series(LineSeries::new(
            points.iter().map(|p| (p.x, p.elo.value)),
            POINT.stroke_width(2),
        ))?;
        for p in points {
            estimate_vertical(&mut chart, p.x, &p.elo, WHISKER)?;
        }
    }
    Ok(())
}

/// A dashed line at Elo 0 across the x axis (`from`, `to`), when 0 is inside the y range.
fn zero_line<DB: DrawingBackend, X: Ranged>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, RangedCoordf64>>,
    (from, to): (X::ValueType, X::ValueType),
    (ylo, yhi): (f64, f64),
) -> Res
where
    DB::ErrorType: 'static,
    X::ValueType: Clone,
{
    if ylo < 0.0 && yhi > 0.0 {
        chart.draw_series(DashedLineSeries::new(
            [(from, 0.0), (to, 0.0)],
            6,
            4,
            GREY.stroke_width(1),
        ))?;
    }
    Ok(())
}
