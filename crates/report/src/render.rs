//! A chart spec rendered twice from one drawing routine: as SVG text (kept for the HTML page)
//! and as a PNG.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::chart::{ChartFile, Spec};
use crate::{ReportError, fonts, plots};

/// Writes `spec` as `<id>.svg` and `<id>.png` in `dir`; returns the record
/// and the SVG text (for inlining into HTML).
pub(crate) fn render(dir: &Path, spec: Spec) -> Result<(ChartFile, String), ReportError> {
    fonts::ensure_registered()?;
    let svg_path = dir.join(format!("{}.svg", spec.id));
    let png_path = dir.join(format!("{}.png", spec.id));

    let mut svg = String::new();
    draw_on(
        SVGBackend::with_string(&mut svg, spec.size).into_drawing_area(),
        &spec,
        &svg_path,
    )?;
    std::fs::write(&svg_path, &svg).map_err(|source| ReportError::Write {
        path: svg_path.clone(),
        source,
    })?;
    draw_on(
        BitMapBackend::new(&png_path, spec.size).into_drawing_area(),
        &spec,
        &png_path,
    )?;

    let file = ChartFile {
        id: spec.id,
        title: spec.title,
        svg_path,
        png_path,
        size: spec.size,
        plotted: spec.data,
    };
    Ok((file, svg))
}

/// Draws `spec` on `root` and finishes the drawing (a PNG is written then); an error names
/// `path`, the file being produced.
fn draw_on<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    spec: &Spec,
    path: &Path,
) -> Result<(), ReportError>
where
    DB::ErrorType: 'static,
{
    plots::draw(spec, &root)
        .and_then(|()| root.present().map_err(Into::into))
        .map_err(|e| ReportError::Render {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
}
