//! The tuning charts: loss and Elo per iteration, and every pattern's score as small
//! multiples.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use plotters::coord::types::RangedCoordf64;

use super::axes::{Res, bounds, est_bounds, estimate_vertical, mesh, padded};
use crate::chart::{DrawError, ELO_DESC, Estimate, Series, Spec};
use crate::layout::pattern_grid;
use crate::style::{
    GREY, LABEL_SIZE, NAME_CHARS, ORANGE, PALETTE, POINT, SMALL_SIZE, anchored, font, series_color,
};
use crate::text::{fmt_num, fmt_si, truncate};

/// Loss (top) and Elo estimate (bottom) per iteration.
pub(super) fn progress<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    loss: &[(u32, f64)],
    elo: &[Estimate],
) -> Res
where
    DB::ErrorType: 'static,
{
    let iters = loss
        .iter()
        .map(|p| f64::from(p.0))
        .chain(elo.iter().filter_map(|e| e.label.parse::<f64>().ok()));
    let (xlo, xhi) = bounds(iters);
    let (xlo, xhi) = padded(xlo, xhi, 0.03);
    let panels = if !loss.is_empty() && !elo.is_empty() {
        let (a, b) = area.split_vertically(area.dim_in_pixel().1 / 2);
        vec![Some(a), Some(b)]
    } else if !loss.is_empty() {
        vec![Some(area.clone()), None]
    } else {
        vec![None, Some(area.clone())]
    };
    if let Some(a) = &panels[0] {
        let (ylo, yhi) = bounds(loss.iter().map(|p| p.1));
        let mut chart = panel(a, (xlo, xhi), (ylo, yhi), &spec.x_desc, &spec.y_desc)?;
        chart.draw_series(LineSeries::new(
            loss.iter().map(|(i, l)| (f64::from(*i), *l)),
            ORANGE.stroke_width(2),
        ))?;
        if loss.len() <= 60 {
            chart.draw_series(
                loss.iter()
                    .map(|(i, l)| Circle::new((f64::from(*i), *l), 3, ORANGE.filled())),
            )?;
        }
    }
    if let Some(a) = &panels[1] {
        let pts: Vec<(f64, &Estimate)> = elo
            .iter()
            .filter_map(|e| e.label.parse::<f64>().ok().map(|x| (x, e)))
            .collect();
        let (ylo, yhi) = est_bounds(elo.iter());
        let mut chart = panel(a, (xlo, xhi), (ylo, yhi), &spec.x_desc, ELO_DESC)?;
        chart.draw_series(LineSeries::new(
            pts.iter().map(|(x, e)| (*x, e.value)),
            POINT.stroke_width(2),
        ))?;
        for (x, e) in &pts {
            estimate_vertical(&mut chart, *x, e, (1, 8, 3))?;
        }
    }
    Ok(())
}

/// A panel of the progress chart over `x` and `y` (padded by 8 %), its mesh drawn.
fn panel<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    (xlo, xhi): (f64, f64),
    (ylo, yhi): (f64, f64),
    x_desc: &str,
    y_desc: &str,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, DrawError>
where
    DB::ErrorType: 'static,
{
    let (ylo, yhi) = padded(ylo, yhi, 0.08);
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(48)
        .y_label_area_size(86)
        .build_cartesian_2d(xlo..xhi, ylo..yhi)?;
    let fmt = |v: &f64| fmt_num(*v);
    mesh(&mut chart, LABEL_SIZE, Some((x_desc, y_desc)))
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .draw()?;
    Ok(chart)
}

/// Small multiples: one panel per pattern with its change from the start value on its
/// own scale, the pattern's name and start value above it, a zero line.
pub(super) fn patterns<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    series: &[Series],
) -> Res
where
    DB::ErrorType: 'static,
{
    let (w, h) = area.dim_in_pixel();
    let (grid, foot) = area.split_vertically(h.saturating_sub(28));
    foot.draw(&Text::new(
        format!("x: {}; y: {}", spec.x_desc, spec.y_desc),
        (w as i32 / 2, 10),
        anchored(font(SMALL_SIZE), HPos::Center, VPos::Center),
    ))?;
    let (cols, rows) = pattern_grid(series.len());
    let panels = grid.split_evenly((rows, cols));
    let (xlo, xhi) = bounds(
        series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| f64::from(p.0))),
    );
    let (xlo, xhi) = padded(xlo, xhi, 0.02);
    let name_chars = (w as usize / cols / 8).clamp(8, NAME_CHARS);
    let fmt_x = |v: &f64| fmt_num(*v);
    let fmt_y = |v: &f64| fmt_si(*v);
    for (k, (s, panel)) in series.iter().zip(&panels).enumerate() {
        let start = s.points[0].1;
        let (ylo, yhi) = bounds(s.points.iter().map(|p| p.1 - start).chain([0.0]));
        let (ylo, yhi) = padded(ylo, yhi, 0.1);
        let caption = format!(
            "{} (start {})",
            truncate(&s.name, name_chars),
            fmt_si(start)
        );
        let mut chart = ChartBuilder::on(panel)
            .margin(6)
            .margin_right(12)
            .caption(caption, font(SMALL_SIZE))
            .x_label_area_size(22)
            .y_label_area_size(46)
            .build_cartesian_2d(xlo..xhi, ylo..yhi)?;
        mesh(&mut chart, 11.0, None)
            .x_labels(4)
            .y_labels(4)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .draw()?;
        chart.draw_series(DashedLineSeries::new(
            [(xlo, 0.0), (xhi, 0.0)],
            4,
            3,
            GREY.stroke_width(1),
        ))?;
        chart.draw_series(LineSeries::new(
            s.points.iter().map(|(i, v)| (f64::from(*i), *v - start)),
            series_color(k % PALETTE.len()).stroke_width(2),
        ))?;
    }
    Ok(())
}
