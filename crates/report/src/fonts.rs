//! Bundled DejaVu Sans fonts, registered once with plotters' `ab_glyph`
//! text renderer so PNG text renders without any system font.

use std::sync::OnceLock;

use plotters::style::{FontStyle, register_font};

use crate::ReportError;

/// Font family name every chart uses.
pub(crate) const FAMILY: &str = "sans-serif";

static REGULAR: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();

/// Registers the bundled fonts (once per process; later calls are free).
pub(crate) fn ensure_registered() -> Result<(), ReportError> {
    REGISTERED
        .get_or_init(|| {
            register_font(FAMILY, FontStyle::Normal, REGULAR)
                .map_err(|_| "DejaVuSans.ttf is not a valid font".to_string())?;
            register_font(FAMILY, FontStyle::Bold, BOLD)
                .map_err(|_| "DejaVuSans-Bold.ttf is not a valid font".to_string())
        })
        .clone()
        .map_err(ReportError::Font)
}
