//! Drawing routines, generic over the plotters backend so the SVG and the
//! PNG of a chart come from the same code.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart::{ChartData, DrawError, Estimate, Series, Spec, SpeedRow, SweepPlotPoint};
use crate::fonts::FAMILY;
use crate::input::OpeningScore;
use crate::text::{fmt_elo, fmt_num, fmt_si, truncate};

type Res = Result<(), DrawError>;

/// Longest engine/opening name drawn in full on an axis.
const NAME_CHARS: usize = 28;
/// Font sizes (plotters units, ≈ pixel height of the em box × 1.24).
const TITLE_SIZE: f64 = 24.0;
const DESC_SIZE: f64 = 17.0;
const LABEL_SIZE: f64 = 15.0;
const SMALL_SIZE: f64 = 13.0;

const POINT: RGBColor = RGBColor(31, 119, 180);
const GRID: RGBColor = RGBColor(225, 225, 225);
const GREY: RGBColor = RGBColor(120, 120, 120);
const GOOD: RGBColor = RGBColor(44, 160, 44);
const BAD: RGBColor = RGBColor(214, 39, 40);
const ORANGE: RGBColor = RGBColor(255, 127, 14);

/// Qualitative palette (Tableau 10) for multi-series charts.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

fn font(size: f64) -> TextStyle<'static> {
    FontDesc::new(FontFamily::Name(FAMILY), size, FontStyle::Normal).color(&BLACK)
}

fn bold(size: f64) -> TextStyle<'static> {
    FontDesc::new(FontFamily::Name(FAMILY), size, FontStyle::Bold).color(&BLACK)
}

fn anchored(style: TextStyle<'static>, h: HPos, v: VPos) -> TextStyle<'static> {
    style.pos(Pos::new(h, v))
}

/// Width in pixels of the widest of `labels` at `size`.
fn max_text_width<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &[String],
    size: f64,
) -> Result<u32, DrawError>
where
    DB::ErrorType: 'static,
{
    let style = font(size);
    let mut w = 0;
    for l in labels {
        w = w.max(area.estimate_text_size(l, &style)?.0);
    }
    Ok(w)
}

/// `(lo, hi)` padded by `frac` of the span; a degenerate span becomes ±1.
fn padded(lo: f64, hi: f64, frac: f64) -> (f64, f64) {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let span = hi - lo;
    if span <= f64::EPSILON * hi.abs().max(1.0) {
        (lo - 1.0, hi + 1.0)
    } else {
        (lo - span * frac, hi + span * frac)
    }
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
}

fn est_bounds<'a>(e: impl Iterator<Item = &'a Estimate>) -> (f64, f64) {
    bounds(e.flat_map(|e| [Some(e.value), e.low, e.high].into_iter().flatten()))
}

/// Segment `k` of a segmented axis with `n` segments: (start, end).
fn segment(k: usize, n: usize) -> (SegmentValue<i32>, SegmentValue<i32>) {
    let end = if k + 1 >= n {
        SegmentValue::Last
    } else {
        SegmentValue::Exact(k as i32 + 1)
    };
    (SegmentValue::Exact(k as i32), end)
}

/// Top-down row `r` of `n` as a segment index (segment 0 is at the bottom).
fn row_seg(r: usize, n: usize) -> i32 {
    (n - 1 - r) as i32
}

/// Cell size in pixels of the head-to-head heat map for `n` engines.
pub(crate) fn h2h_cell_size(n: usize) -> u32 {
    (600 / n.max(1) as u32).clamp(30, 72)
}

/// Width in pixels of `text` in the bundled font (the fonts must be registered; a rough
/// estimate otherwise).
pub(crate) fn text_width(text: &str, size: f64, style: FontStyle) -> u32 {
    FontDesc::new(FontFamily::Name(FAMILY), size, style)
        .box_size(text)
        .map_or((text.chars().count() as f64 * size * 0.6) as u32, |b| b.0)
}

/// Height of the heat map's colour scale: at least the grid, and room for its rotated
/// description.
fn h2h_scale_height(grid: u32) -> u32 {
    grid.max(240)
}

/// Height taken by a chart's title band (`draw`'s margin and caption).
const TITLE_BAND: u32 = 46;

/// Canvas size of the head-to-head heat map of `names`: the grid, the names left of and
/// below it, and the colour scale, with no more margin than the layout of `draw_h2h` needs.
pub(crate) fn h2h_size(names: &[String], title: &str) -> (u32, u32) {
    let n = names.len() as u32;
    let cell = h2h_cell_size(names.len());
    let label_w = names
        .iter()
        .map(|s| text_width(&truncate(s, 24), LABEL_SIZE, FontStyle::Normal))
        .max()
        .unwrap_or(0);
    let grid = cell * n;
    let left = 40 + label_w + 10;
    // colour scale: gap, bar, ticks and numbers, the rotated description
    let width = left + grid + 36 + 110;
    let below = 12 + grid + 8 + label_w + 14 + 30;
    let height = TITLE_BAND + below.max(12 + h2h_scale_height(grid) + 12);
    let title_w = text_width(&truncate(title, 90), TITLE_SIZE, FontStyle::Bold) + 40;
    (width.max(title_w), height)
}

/// Panel height of the pattern chart's small multiples.
pub(crate) const PATTERN_PANEL_HEIGHT: u32 = 170;

/// Columns and rows of the pattern chart's small multiples for `n` panels.
pub(crate) fn pattern_grid(n: usize) -> (usize, usize) {
    let n = n.max(1);
    let cols = ((n as f64).sqrt().ceil() as usize).clamp(1, 6);
    (cols, n.div_ceil(cols))
}

/// Draws any chart on `root` (which it fills first).
pub(crate) fn draw<DB: DrawingBackend>(spec: &Spec, root: &DrawingArea<DB, Shift>) -> Res
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let title = truncate(&spec.title, 90);
    let area = root.margin(10, 0, 0, 0).titled(&title, bold(TITLE_SIZE))?;
    match &spec.data {
        ChartData::Elo { points } => draw_elo(spec, &area, points),
        ChartData::HeadToHead {
            names,
            scores,
            games,
        } => draw_h2h(spec, &area, names, scores, games),
        ChartData::Sweep {
            categorical,
            points,
            ..
        } => {
            if *categorical {
                draw_sweep_categorical(spec, &area, points)
            } else {
                draw_sweep_numeric(spec, &area, points)
            }
        }
        ChartData::Sprt {
            points,
            lower,
            upper,
        } => draw_sprt(spec, &area, points, *lower, *upper),
        ChartData::TuningProgress { loss, elo } => draw_tuning(spec, &area, loss, elo),
        ChartData::TuningPatterns { series, .. } => draw_patterns(spec, &area, series),
        ChartData::GameLengths {
            bins,
            median,
            split,
        } => draw_lengths(spec, &area, bins, *median, *split),
        ChartData::FirstMover { bars, .. } => draw_first_mover(spec, &area, bars),
        ChartData::Speed { rows } => draw_speed(spec, &area, rows),
    }
}

/// Horizontal points with whiskers, best on top, zero line.
fn draw_elo<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[Estimate],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = points.len();
    let labels: Vec<String> = points
        .iter()
        .map(|p| truncate(&p.label, NAME_CHARS))
        .collect();
    let label_w = max_text_width(area, &labels, LABEL_SIZE)?;
    let (lo, hi) = est_bounds(points.iter());
    let (lo, hi) = padded(lo.min(0.0), hi.max(0.0), 0.12);
    // room for the value text right of the whiskers
    let hi = hi + (hi - lo) * 0.08;

    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(24)
        .x_label_area_size(52)
        .y_label_area_size(label_w + 44)
        .build_cartesian_2d(lo..hi, (0..(n as i32 - 1)).into_segmented())?;
    let fmt_y = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) if (*k as usize) < n => labels[n - 1 - *k as usize].clone(),
        _ => String::new(),
    };
    let fmt_x = |v: &f64| fmt_num(*v);
    chart
        .configure_mesh()
        .y_labels(n)
        .y_label_formatter(&fmt_y)
        .x_label_formatter(&fmt_x)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
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
            (Some(l), Some(_)) => format!("{} ± {:.0}", fmt_elo(p.value), (p.value - l).abs()),
            _ => fmt_elo(p.value),
        };
        chart.draw_series(std::iter::once(
            EmptyElement::at((right, y))
                + Text::new(
                    text,
                    (10, 0),
                    anchored(font(SMALL_SIZE), HPos::Left, VPos::Center),
                ),
        ))?;
    }
    Ok(())
}

/// Diverging red (0) – near-white (0.5) – blue (1) colour for a score.
pub(crate) fn score_color(s: f64) -> RGBColor {
    let s = s.clamp(0.0, 1.0);
    let lerp = |a: (f64, f64, f64), b: (f64, f64, f64), t: f64| {
        RGBColor(
            (a.0 + (b.0 - a.0) * t).round() as u8,
            (a.1 + (b.1 - a.1) * t).round() as u8,
            (a.2 + (b.2 - a.2) * t).round() as u8,
        )
    };
    let red = (202.0, 0.0, 32.0);
    let mid = (247.0, 247.0, 247.0);
    let blue = (5.0, 113.0, 176.0);
    if s < 0.5 {
        lerp(red, mid, s * 2.0)
    } else {
        lerp(mid, blue, (s - 0.5) * 2.0)
    }
}

/// Heat map drawn in pixel coordinates: row names left, rotated column
/// names below, numbers in the cells, colour scale on the right.
fn draw_h2h<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    names: &[String],
    scores: &[Vec<Option<f64>>],
    games: &[Vec<u32>],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = names.len();
    let cell = h2h_cell_size(n) as i32;
    let labels: Vec<String> = names.iter().map(|s| truncate(s, 24)).collect();
    let label_w = max_text_width(area, &labels, LABEL_SIZE)? as i32;
    let left = 40 + label_w + 10;
    let top = 12;
    let grid = cell * n as i32;

    // cells
    let value_size = (f64::from(cell) * 0.36).clamp(11.0, 19.0);
    for (i, row) in scores.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            let x0 = left + j as i32 * cell;
            let y0 = top + i as i32 * cell;
            let fill = match v {
                Some(s) => score_color(*s),
                None => RGBColor(215, 215, 215),
            };
            area.draw(&Rectangle::new(
                [(x0, y0), (x0 + cell, y0 + cell)],
                fill.filled(),
            ))?;
            area.draw(&Rectangle::new(
                [(x0, y0), (x0 + cell, y0 + cell)],
                WHITE.stroke_width(1),
            ))?;
            let cx = x0 + cell / 2;
            let cy = y0 + cell / 2;
            match v {
                Some(s) => {
                    let color = if (*s - 0.5).abs() > 0.3 { WHITE } else { BLACK };
                    let g = games.get(i).and_then(|r| r.get(j)).copied().unwrap_or(0);
                    let two_lines = cell >= 44 && g > 0;
                    let vy = if two_lines { cy - cell / 8 } else { cy };
                    area.draw(&Text::new(
                        format!("{s:.2}"),
                        (cx, vy),
                        anchored(font(value_size), HPos::Center, VPos::Center).color(&color),
                    ))?;
                    if two_lines {
                        area.draw(&Text::new(
                            format!("n={g}"),
                            (cx, cy + cell / 4),
                            anchored(font(value_size * 0.62), HPos::Center, VPos::Center)
                                .color(&color),
                        ))?;
                    }
                }
                None if i == j => {
                    area.draw(&Text::new(
                        "–",
                        (cx, cy),
                        anchored(font(value_size), HPos::Center, VPos::Center).color(&GREY),
                    ))?;
                }
                None => {}
            }
        }
    }
    // row names
    for (i, l) in labels.iter().enumerate() {
        area.draw(&Text::new(
            l.clone(),
            (left - 8, top + i as i32 * cell + cell / 2),
            anchored(font(LABEL_SIZE), HPos::Right, VPos::Center),
        ))?;
    }
    // column names, rotated, hanging below the grid
    for (j, l) in labels.iter().enumerate() {
        area.draw(&Text::new(
            l.clone(),
            (left + j as i32 * cell + cell / 2, top + grid + 8),
            anchored(font(LABEL_SIZE), HPos::Right, VPos::Center)
                .transform(FontTransform::Rotate270),
        ))?;
    }
    // axis descriptions
    area.draw(&Text::new(
        spec.y_desc.clone(),
        (12, top + grid / 2),
        anchored(font(DESC_SIZE), HPos::Center, VPos::Center).transform(FontTransform::Rotate270),
    ))?;
    area.draw(&Text::new(
        spec.x_desc.clone(),
        (left + grid / 2, top + grid + 8 + label_w + 14),
        anchored(font(DESC_SIZE), HPos::Center, VPos::Top),
    ))?;

    // colour scale
    let bar_x = left + grid + 36;
    let bar_h = h2h_scale_height(grid as u32) as i32;
    let steps = 100;
    for k in 0..steps {
        let s0 = k as f64 / steps as f64;
        let y1 = top + bar_h - (bar_h * k) / steps;
        let y0 = top + bar_h - (bar_h * (k + 1)) / steps;
        area.draw(&Rectangle::new(
            [(bar_x, y0), (bar_x + 18, y1)],
            score_color(s0 + 0.5 / steps as f64).filled(),
        ))?;
    }
    area.draw(&Rectangle::new(
        [(bar_x, top), (bar_x + 18, top + bar_h)],
        GREY.stroke_width(1),
    ))?;
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let y = top + bar_h - (f64::from(bar_h) * t).round() as i32;
        area.draw(&PathElement::new(
            vec![(bar_x + 18, y), (bar_x + 23, y)],
            BLACK.stroke_width(1),
        ))?;
        area.draw(&Text::new(
            fmt_num(t),
            (bar_x + 26, y),
            anchored(font(SMALL_SIZE), HPos::Left, VPos::Center),
        ))?;
    }
    area.draw(&Text::new(
        "score of row vs column (0–1)",
        (bar_x + 78, top + bar_h / 2),
        anchored(font(DESC_SIZE), HPos::Center, VPos::Center).transform(FontTransform::Rotate90),
    ))?;
    Ok(())
}

/// Numeric sweep: line through the points plus vertical whiskers.
fn draw_sweep_numeric<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[SweepPlotPoint],
) -> Res
where
    DB::ErrorType: 'static,
{
    let (xlo, xhi) = bounds(points.iter().map(|p| p.x));
    let (xlo, xhi) = padded(xlo, xhi, 0.06);
    let (ylo, yhi) = est_bounds(points.iter().map(|p| &p.elo));
    let (ylo, yhi) = padded(ylo, yhi, 0.1);
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(80)
        .build_cartesian_2d(xlo..xhi, ylo..yhi)?;
    let fmt = |v: &f64| fmt_num(*v);
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
    chart
        .configure_mesh()
        .x_labels(x_ticks)
        .x_label_formatter(&fmt_x)
        .y_label_formatter(&fmt)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .draw()?;
    if ylo < 0.0 && yhi > 0.0 {
        chart.draw_series(DashedLineSeries::new(
            [(xlo, 0.0), (xhi, 0.0)],
            6,
            4,
            GREY.stroke_width(1),
        ))?;
    }
    chart.draw_series(LineSeries::new(
        points.iter().map(|p| (p.x, p.elo.value)),
        POINT.stroke_width(2),
    ))?;
    for p in points {
        if let (Some(l), Some(h)) = (p.elo.low, p.elo.high) {
            chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                p.x,
                l,
                p.elo.value,
                h,
                POINT.stroke_width(2),
                12,
            )))?;
        }
        chart.draw_series(std::iter::once(Circle::new(
            (p.x, p.elo.value),
            5,
            POINT.filled(),
        )))?;
    }
    Ok(())
}

/// Categorical sweep: one column per category, in the given order.
fn draw_sweep_categorical<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    points: &[SweepPlotPoint],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = points.len();
    let (ylo, yhi) = est_bounds(points.iter().map(|p| &p.elo));
    let (ylo, yhi) = padded(ylo, yhi, 0.1);
    let max_chars = ((area.dim_in_pixel().0 as usize - 120) / n / 8).clamp(4, NAME_CHARS);
    let labels: Vec<String> = points
        .iter()
        .map(|p| truncate(&p.label, max_chars))
        .collect();
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(80)
        .build_cartesian_2d((0..(n as i32 - 1)).into_segmented(), ylo..yhi)?;
    let fmt_x = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) if (*k as usize) < n => labels[*k as usize].clone(),
        _ => String::new(),
    };
    let fmt_y = |v: &f64| fmt_num(*v);
    chart
        .configure_mesh()
        .x_labels(n)
        .x_label_formatter(&fmt_x)
        .y_label_formatter(&fmt_y)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .draw()?;
    if ylo < 0.0 && yhi > 0.0 {
        chart.draw_series(DashedLineSeries::new(
            [(SegmentValue::Exact(0), 0.0), (SegmentValue::Last, 0.0)],
            6,
            4,
            GREY.stroke_width(1),
        ))?;
    }
    for (k, p) in points.iter().enumerate() {
        let x = SegmentValue::CenterOf(k as i32);
        if let (Some(l), Some(h)) = (p.elo.low, p.elo.high) {
            chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                x.clone(),
                l,
                p.elo.value,
                h,
                POINT.stroke_width(2),
                12,
            )))?;
        }
        chart.draw_series(std::iter::once(Circle::new(
            (x, p.elo.value),
            5,
            POINT.filled(),
        )))?;
    }
    Ok(())
}

/// LLR line with the two decision bounds.
fn draw_sprt<DB: DrawingBackend>(
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
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..xhi, ylo..yhi)?;
    let fmt = |v: &f64| fmt_num(*v);
    chart
        .configure_mesh()
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .draw()?;
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (xhi, 0.0)],
        GREY.stroke_width(1),
    ))?;
    chart
        .draw_series(DashedLineSeries::new(
            [(0.0, upper), (xhi, upper)],
            8,
            5,
            GOOD.stroke_width(2),
        ))?
        .label(format!("upper bound {} (accept H1)", fmt_num(upper)))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GOOD.stroke_width(2)));
    chart
        .draw_series(DashedLineSeries::new(
            [(0.0, lower), (xhi, lower)],
            8,
            5,
            BAD.stroke_width(2),
        ))?
        .label(format!("lower bound {} (accept H0)", fmt_num(lower)))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BAD.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|(g, l)| (*g as f64, *l)),
            POINT.stroke_width(2),
        ))?
        .label("LLR")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], POINT.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(GREY)
        .label_font(font(SMALL_SIZE))
        .draw()?;
    Ok(())
}

/// Loss (top) and Elo estimate (bottom) per iteration.
fn draw_tuning<DB: DrawingBackend>(
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
    let fmt = |v: &f64| fmt_num(*v);
    if let Some(a) = &panels[0] {
        let (ylo, yhi) = bounds(loss.iter().map(|p| p.1));
        let (ylo, yhi) = padded(ylo, yhi, 0.08);
        let mut chart = ChartBuilder::on(a)
            .margin(12)
            .margin_right(28)
            .x_label_area_size(48)
            .y_label_area_size(86)
            .build_cartesian_2d(xlo..xhi, ylo..yhi)?;
        chart
            .configure_mesh()
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .x_desc(spec.x_desc.as_str())
            .y_desc(spec.y_desc.as_str())
            .label_style(font(LABEL_SIZE))
            .axis_desc_style(font(DESC_SIZE))
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
            .draw()?;
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
        let (ylo, yhi) = padded(ylo, yhi, 0.08);
        let mut chart = ChartBuilder::on(a)
            .margin(12)
            .margin_right(28)
            .x_label_area_size(48)
            .y_label_area_size(86)
            .build_cartesian_2d(xlo..xhi, ylo..yhi)?;
        chart
            .configure_mesh()
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .x_desc(spec.x_desc.as_str())
            .y_desc(crate::prepare::ELO_DESC)
            .label_style(font(LABEL_SIZE))
            .axis_desc_style(font(DESC_SIZE))
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
            .draw()?;
        chart.draw_series(LineSeries::new(
            pts.iter().map(|(x, e)| (*x, e.value)),
            POINT.stroke_width(2),
        ))?;
        for (x, e) in &pts {
            if let (Some(l), Some(h)) = (e.low, e.high) {
                chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                    *x,
                    l,
                    e.value,
                    h,
                    POINT.stroke_width(1),
                    8,
                )))?;
            }
            chart.draw_series(std::iter::once(Circle::new(
                (*x, e.value),
                3,
                POINT.filled(),
            )))?;
        }
    }
    Ok(())
}

fn series_color(k: usize) -> RGBColor {
    if k < PALETTE.len() {
        PALETTE[k]
    } else {
        let c = Palette99::pick(k);
        let (r, g, b) = c.rgb();
        RGBColor(r, g, b)
    }
}

/// Small multiples: one panel per pattern with its change from the start value on its
/// own scale, the pattern's name and start value above it, a zero line.
fn draw_patterns<DB: DrawingBackend>(
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
        chart
            .configure_mesh()
            .x_labels(4)
            .y_labels(4)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .label_style(font(11.0))
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
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

/// Histogram bars (decisive games, draws stacked above them) plus a median line.
fn draw_lengths<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    bins: &[crate::chart::HistogramBin],
    median: f64,
    split: bool,
) -> Res
where
    DB::ErrorType: 'static,
{
    let xlo = f64::from(bins.first().map_or(0, |b| b.low));
    let xhi = f64::from(bins.last().map_or(1, |b| b.high));
    let ymax = f64::from(bins.iter().map(|b| b.count).max().unwrap_or(1).max(1));
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(70)
        .build_cartesian_2d(xlo..xhi, 0.0..ymax * 1.12)?;
    let fmt = |v: &f64| fmt_num(*v);
    chart
        .configure_mesh()
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .disable_x_mesh()
        .draw()?;
    let width = bins.first().map_or(1, |b| b.high - b.low);
    let per = if width == 1 {
        "per length".to_string()
    } else {
        format!("per {width}-move bin")
    };
    let bar = |b: &crate::chart::HistogramBin, from: u32, to: u32, color: RGBColor| {
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
        .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], POINT.mix(0.85).filled()));
    if split {
        chart
            .draw_series(
                bins.iter()
                    .filter(|b| b.draws > 0)
                    .map(|b| bar(b, b.count - b.draws, b.count, ORANGE)),
            )?
            .label(format!("draws {per}"))
            .legend(|(x, y)| {
                Rectangle::new([(x, y - 6), (x + 16, y + 6)], ORANGE.mix(0.85).filled())
            });
    }
    chart
        .draw_series(DashedLineSeries::new(
            [(median, 0.0), (median, ymax * 1.12)],
            8,
            5,
            BAD.stroke_width(2),
        ))?
        .label(format!("median {} moves", fmt_num(median)))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BAD.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(GREY)
        .label_font(font(SMALL_SIZE))
        .draw()?;
    Ok(())
}

/// Horizontal bars from 0.5 to each opening's score, sorted by score, with the 95 %
/// interval as a whisker: blue when the first mover is ahead, orange when behind, grey at
/// exactly 0.5.
fn draw_first_mover<DB: DrawingBackend>(
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
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(label_w + 44)
        .build_cartesian_2d(-0.02..1.12, (0..(n as i32 - 1)).into_segmented())?;
    let fmt_y = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) if (*k as usize) < n => labels[n - 1 - *k as usize].clone(),
        _ => String::new(),
    };
    let fmt_x = |v: &f64| {
        if (0.0..=1.0).contains(v) {
            fmt_num(*v)
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .y_labels(n)
        .y_label_formatter(&fmt_y)
        .x_label_formatter(&fmt_x)
        .x_desc(spec.x_desc.as_str())
        .y_desc(spec.y_desc.as_str())
        .label_style(font(SMALL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
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
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.stroke_width(2)));
    if n <= 40 {
        // the score right of everything drawn on its row
        for (r, b) in bars.iter().enumerate() {
            let right = b
                .interval
                .map_or(b.score, |(_, h)| h.max(b.score))
                .clamp(0.5, 1.0);
            chart.draw_series(std::iter::once(
                EmptyElement::at((right, SegmentValue::CenterOf(row_seg(r, n))))
                    + Text::new(
                        format!("{:.2}", b.score),
                        (6, 0),
                        anchored(font(SMALL_SIZE), HPos::Left, VPos::Center),
                    ),
            ))?;
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
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.filled()));
    }
    chart
        .draw_series(std::iter::empty::<Rectangle<(f64, SegmentValue<i32>)>>())?
        .label("95% interval")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.stroke_width(1)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(GREY)
        .label_font(font(SMALL_SIZE))
        .draw()?;
    Ok(())
}

/// Two panels side by side, nodes/s (with the names) and depth: per engine a dot at the
/// median and a bar over the interquartile range.
fn draw_speed<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    rows: &[SpeedRow],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let labels: Vec<String> = rows
        .iter()
        .map(|r| truncate(&r.engine, NAME_CHARS))
        .collect();
    let label_w = max_text_width(area, &labels, LABEL_SIZE)?;
    let (w, _) = area.dim_in_pixel();
    let left_w = (label_w + 44) + (w - label_w - 44) * 55 / 100;
    let (left, right) = area.split_horizontally(left_w);
    let panels = [
        (
            &left,
            label_w + 44,
            spec.x_desc.as_str(),
            rows.iter()
                .map(|r| (r.nodes_per_sec, r.nps_iqr))
                .collect::<Vec<_>>(),
        ),
        (
            &right,
            0,
            spec.y_desc.as_str(),
            rows.iter().map(|r| (r.depth, r.depth_iqr)).collect(),
        ),
    ];
    for (p, (panel, label_area, desc, values)) in panels.into_iter().enumerate() {
        let max = bounds(
            values
                .iter()
                .flat_map(|(v, q)| [Some(*v), q.map(|q| q.1)].into_iter().flatten()),
        )
        .1
        .max(0.0);
        let max = if max > 0.0 { max * 1.22 } else { 1.0 };
        let mut chart = ChartBuilder::on(panel)
            .margin(14)
            .margin_right(28)
            .x_label_area_size(52)
            .y_label_area_size(label_area)
            .build_cartesian_2d(0.0..max, (0..(n as i32 - 1)).into_segmented())?;
        let fmt_y = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(k) if (*k as usize) < n => labels[n - 1 - *k as usize].clone(),
            _ => String::new(),
        };
        let fmt_x = |v: &f64| if p == 0 { fmt_si(*v) } else { fmt_num(*v) };
        let mut mesh = chart.configure_mesh();
        mesh.y_labels(n)
            .y_label_formatter(&fmt_y)
            .x_label_formatter(&fmt_x)
            .x_labels(if p == 0 { 8 } else { 6 })
            .x_desc(desc)
            .label_style(font(LABEL_SIZE))
            .axis_desc_style(font(DESC_SIZE))
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
            .disable_y_mesh();
        if p == 0 {
            mesh.y_desc("engine");
        }
        mesh.draw()?;
        let color = if p == 0 { POINT } else { GOOD };
        for (r, (v, q)) in values.iter().enumerate() {
            let seg = row_seg(r, n);
            let y = SegmentValue::CenterOf(seg);
            if let Some((q1, q3)) = q {
                let (y0, y1) = segment(seg as usize, n);
                let mut rect = Rectangle::new([(*q1, y0), (*q3, y1)], color.mix(0.35).filled());
                let m = (f64::from(h_of(&chart, n)) * 0.3) as u32;
                rect.set_margin(m, m, 0, 0);
                chart.draw_series(std::iter::once(rect))?;
            }
            chart.draw_series(std::iter::once(Circle::new(
                (v.max(0.0), y.clone()),
                5,
                color.filled(),
            )))?;
            let end = q.map_or(*v, |q| q.1.max(*v));
            let text = if p == 0 {
                fmt_si(*v)
            } else {
                format!("{v:.1}")
            };
            chart.draw_series(std::iter::once(
                EmptyElement::at((end, y))
                    + Text::new(
                        text,
                        (8, 0),
                        anchored(font(SMALL_SIZE), HPos::Left, VPos::Center),
                    ),
            ))?;
        }
    }
    Ok(())
}

/// Height in pixels of one row of a chart with `n` segmented rows.
fn h_of<DB: DrawingBackend, X: Ranged, Y: Ranged>(
    chart: &ChartContext<'_, DB, Cartesian2d<X, Y>>,
    n: usize,
) -> u32 {
    let (_, h) = chart.plotting_area().dim_in_pixel();
    h / n.max(1) as u32
}
