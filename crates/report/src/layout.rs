//! Canvas sizes that depend on what a chart holds: computed when its spec is prepared
//! ([`crate::prepare`]) and followed when it is drawn ([`crate::plots`]).

use plotters::style::FontStyle;

use crate::style::{LABEL_SIZE, TITLE_SIZE, text_width};
use crate::text::truncate;

/// Cell size in pixels of the head-to-head heat map for `n` engines.
pub(crate) fn h2h_cell_size(n: usize) -> u32 {
    (600 / n.max(1) as u32).clamp(30, 72)
}

/// Height of the heat map's colour scale: at least the grid, and room for its rotated
/// description.
pub(crate) fn h2h_scale_height(grid: u32) -> u32 {
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
