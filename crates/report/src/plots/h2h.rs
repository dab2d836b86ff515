//! The head-to-head heat map, drawn in pixel coordinates: the score of each pairing in its
//! cell, the names left of and below the grid, the colour scale right of it.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::axes::{Res, max_text_width};
use crate::chart::Spec;
use crate::layout::{h2h_cell_size, h2h_scale_height};
use crate::style::{DESC_SIZE, GREY, LABEL_SIZE, SMALL_SIZE, anchored, font, score_color};
use crate::text::{fmt_num, truncate};

/// Heat map drawn in pixel coordinates: row names left, rotated column
/// names below, numbers in the cells, colour scale on the right.
pub(super) fn draw<DB: DrawingBackend>(
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
