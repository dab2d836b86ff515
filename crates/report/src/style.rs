//! How the charts look: the bundled font at a few sizes, the colours, the palette. Shared by
//! the drawing routines ([`crate::plots`]), the layout that sizes a canvas before drawing
//! ([`crate::layout`]) and the HTML page's head-to-head table ([`crate::pages`]).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::fonts::FAMILY;

/// Longest engine/opening name drawn in full on an axis.
pub(crate) const NAME_CHARS: usize = 28;
/// Font sizes (plotters units, ≈ pixel height of the em box × 1.24).
pub(crate) const TITLE_SIZE: f64 = 24.0;
pub(crate) const DESC_SIZE: f64 = 17.0;
pub(crate) const LABEL_SIZE: f64 = 15.0;
pub(crate) const SMALL_SIZE: f64 = 13.0;

pub(crate) const POINT: RGBColor = RGBColor(31, 119, 180);
pub(crate) const GRID: RGBColor = RGBColor(225, 225, 225);
pub(crate) const GREY: RGBColor = RGBColor(120, 120, 120);
pub(crate) const GOOD: RGBColor = RGBColor(44, 160, 44);
pub(crate) const BAD: RGBColor = RGBColor(214, 39, 40);
pub(crate) const ORANGE: RGBColor = RGBColor(255, 127, 14);

/// Qualitative palette (Tableau 10) for multi-series charts.
pub(crate) const PALETTE: [RGBColor; 10] = [
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

/// The bundled font at `size`, black.
pub(crate) fn font(size: f64) -> TextStyle<'static> {
    FontDesc::new(FontFamily::Name(FAMILY), size, FontStyle::Normal).color(&BLACK)
}

/// The bundled bold font at `size`, black.
pub(crate) fn bold(size: f64) -> TextStyle<'static> {
    FontDesc::new(FontFamily::Name(FAMILY), size, FontStyle::Bold).color(&BLACK)
}

/// `style` anchored at `h`, `v` of the point it is drawn at.
pub(crate) fn anchored(style: TextStyle<'static>, h: HPos, v: VPos) -> TextStyle<'static> {
    style.pos(Pos::new(h, v))
}

/// Width in pixels of `text` in the bundled font (the fonts must be registered; a rough
/// estimate otherwise).
pub(crate) fn text_width(text: &str, size: f64, style: FontStyle) -> u32 {
    FontDesc::new(FontFamily::Name(FAMILY), size, style)
        .box_size(text)
        .map_or((text.chars().count() as f64 * size * 0.6) as u32, |b| b.0)
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

/// Colour of series `k`: the palette, then plotters' 99 colours.
pub(crate) fn series_color(k: usize) -> RGBColor {
    if k < PALETTE.len() {
        PALETTE[k]
    } else {
        let c = Palette99::pick(k);
        let (r, g, b) = c.rgb();
        RGBColor(r, g, b)
    }
}
