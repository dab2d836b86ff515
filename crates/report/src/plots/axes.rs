//! What the charts share beyond the style: the result type, ranges padded around the data,
//! text widths, rows of a segmented axis, the frame, mesh and legend most charts draw, and
//! the marks several draw (an estimate with its whisker, a value beside a point).

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::{SegmentValue, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::{CoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use crate::chart::{DrawError, Estimate};
use crate::style::{
    DESC_SIZE, GREY, GRID, LABEL_SIZE, NAME_CHARS, POINT, SMALL_SIZE, anchored, font,
};
use crate::text::truncate;

/// What a drawing routine returns.
pub(super) type Res = Result<(), DrawError>;

/// Width in pixels of the widest of `labels` at `size`.
pub(super) fn max_text_width<DB: DrawingBackend>(
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

/// The names of a chart's rows as drawn (at most [`NAME_CHARS`] characters) and the width of
/// the widest at the label size.
pub(super) fn row_names<'n, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    names: impl Iterator<Item = &'n str>,
) -> Result<(Vec<String>, u32), DrawError>
where
    DB::ErrorType: 'static,
{
    let labels: Vec<String> = names.map(|name| truncate(name, NAME_CHARS)).collect();
    let width = max_text_width(area, &labels, LABEL_SIZE)?;
    Ok((labels, width))
}

/// `(lo, hi)` padded by `frac` of the span; a degenerate span becomes ±1.
pub(super) fn padded(lo: f64, hi: f64, frac: f64) -> (f64, f64) {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let span = hi - lo;
    if span <= f64::EPSILON * hi.abs().max(1.0) {
        (lo - 1.0, hi + 1.0)
    } else {
        (lo - span * frac, hi + span * frac)
    }
}

pub(super) fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
}

pub(super) fn est_bounds<'a>(e: impl Iterator<Item = &'a Estimate>) -> (f64, f64) {
    bounds(e.flat_map(|e| [Some(e.value), e.low, e.high].into_iter().flatten()))
}

/// Segment `k` of a segmented axis with `n` segments: (start, end).
pub(super) fn segment(k: usize, n: usize) -> (SegmentValue<i32>, SegmentValue<i32>) {
    let end = if k + 1 >= n {
        SegmentValue::Last
    } else {
        SegmentValue::Exact(k as i32 + 1)
    };
    (SegmentValue::Exact(k as i32), end)
}

/// Top-down row `r` of `n` as a segment index (segment 0 is at the bottom).
pub(super) fn row_seg(r: usize, n: usize) -> i32 {
    (n - 1 - r) as i32
}

/// Height in pixels of one row of a chart with `n` segmented rows.
pub(super) fn h_of<DB: DrawingBackend, X: Ranged, Y: Ranged>(
    chart: &ChartContext<'_, DB, Cartesian2d<X, Y>>,
    n: usize,
) -> u32 {
    let (_, h) = chart.plotting_area().dim_in_pixel();
    h / n.max(1) as u32
}

/// The frame most charts are drawn in: margins, and room below for the x axis's labels and
/// `y_labels` pixels left for the y axis's.
pub(super) fn frame<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    y_labels: u32,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(14)
        .margin_right(28)
        .x_label_area_size(52)
        .y_label_area_size(y_labels);
    builder
}

/// A chart's mesh in the house style: labels at `label_size`, the axis descriptions
/// (`descs`: x and y) if any, grid lines at the labelled ticks only. The caller adds the
/// formatters.
pub(super) fn mesh<'a, 'b, X, Y, XT, YT, DB>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    label_size: f64,
    descs: Option<(&str, &str)>,
) -> MeshStyle<'a, 'b, X, Y, DB>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = XT> + ValueFormatter<XT>,
    Y: Ranged<ValueType = YT> + ValueFormatter<YT>,
{
    let mut mesh = chart.configure_mesh();
    mesh.label_style(font(label_size))
        .axis_desc_style(font(DESC_SIZE))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT);
    if let Some((x, y)) = descs {
        mesh.x_desc(x).y_desc(y);
    }
    mesh
}

/// Draws the legend of the series with labels at `position`, on a white box of `opacity`.
pub(super) fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
    opacity: f64,
) -> Res
where
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(opacity))
        .border_style(GREY)
        .label_font(font(SMALL_SIZE))
        .draw()?;
    Ok(())
}

/// A point of the backend, in pixels.
type BackendCoord = (i32, i32);

/// A legend key: a line `length` pixels long.
pub(super) fn line_key(
    length: i32,
    style: ShapeStyle,
) -> impl Fn(BackendCoord) -> PathElement<BackendCoord> {
    move |(x, y)| PathElement::new(vec![(x, y), (x + length, y)], style)
}

/// A legend key: a small box.
pub(super) fn box_key(style: ShapeStyle) -> impl Fn(BackendCoord) -> Rectangle<BackendCoord> {
    move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], style)
}

/// The label of a segment of a top-down axis of `labels` (row 0 on top), none between rows.
pub(super) fn row_label(labels: &[String], v: &SegmentValue<i32>) -> String {
    let n = labels.len();
    match v {
        SegmentValue::CenterOf(k) if (*k as usize) < n => labels[n - 1 - *k as usize].clone(),
        _ => String::new(),
    }
}

/// Draws `text` at `dx` pixels right of the point `at`, centred on it vertically.
pub(super) fn text_beside<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    at: (X::ValueType, Y::ValueType),
    text: String,
    dx: i32,
) -> Res
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    X: Ranged,
    Y: Ranged,
{
    chart.draw_series(std::iter::once(
        EmptyElement::at(at)
            + Text::new(
                text,
                (dx, 0),
                anchored(font(SMALL_SIZE), HPos::Left, VPos::Center),
            ),
    ))?;
    Ok(())
}

/// Draws an estimate at `x` as a dot of `radius` with its whisker (`width`, `tick` wide) when
/// it has one.
pub(super) fn estimate_vertical<DB, X>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, RangedCoordf64>>,
    x: X::ValueType,
    e: &Estimate,
    (width, tick, radius): (u32, u32, u32),
) -> Res
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    X: Ranged,
    X::ValueType: Clone,
{
    if let (Some(l), Some(h)) = (e.low, e.high) {
        chart.draw_series(std::iter::once(ErrorBar::new_vertical(
            x.clone(),
            l,
            e.value,
            h,
            POINT.stroke_width(width),
            tick,
        )))?;
    }
    chart.draw_series(std::iter::once(Circle::new(
        (x, e.value),
        radius,
        POINT.filled(),
    )))?;
    Ok(())
}
