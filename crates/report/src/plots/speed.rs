//! Engine speed: nodes per second and depth per engine, median and interquartile range.

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::axes::{
    Res, bounds, frame, h_of, mesh, row_label, row_names, row_seg, segment, text_beside,
};
use crate::chart::{Spec, SpeedRow};
use crate::style::{GOOD, LABEL_SIZE, POINT};
use crate::text::{fmt_num, fmt_si};

/// Two panels side by side, nodes/s (with the names) and depth: per engine a dot at the
/// median and a bar over the interquartile range.
pub(super) fn draw<DB: DrawingBackend>(
    spec: &Spec,
    area: &DrawingArea<DB, Shift>,
    rows: &[SpeedRow],
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let (labels, label_w) = row_names(area, rows.iter().map(|r| r.engine.as_str()))?;
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
        let mut chart = frame(panel, label_area)
            .build_cartesian_2d(0.0..max, (0..(n as i32 - 1)).into_segmented())?;
        let fmt_y = |v: &SegmentValue<i32>| row_label(&labels, v);
        let fmt_x = |v: &f64| if p == 0 { fmt_si(*v) } else { fmt_num(*v) };
        let mut mesh = mesh(&mut chart, LABEL_SIZE, None);
        mesh.y_labels(n)
            .y_label_formatter(&fmt_y)
            .x_label_formatter(&fmt_x)
            .x_labels(if p == 0 { 8 } else { 6 })
            .x_desc(desc)
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
            text_beside(&mut chart, (end, y), text, 8)?;
        }
    }
    Ok(())
}
