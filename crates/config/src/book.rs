//! The board and the opening book of tournament and SPRT files: the board's shape checked by
//! `gomoku_board`, every opening of the book played out on it.

use crate::run::RuleSpec;
use crate::{ConfigError, Spans};
use gomoku_board::opening::{BookFormat, Opening, parse_book, parse_book_auto};
use gomoku_board::{BoardError, Geometry, Rule};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Board shape and rule.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardSpec {
    /// Side of a square board.
    pub size: Option<usize>,
    /// Width (with `height`, instead of `size`).
    pub width: Option<usize>,
    /// Height.
    pub height: Option<usize>,
    /// Row length that wins.
    pub k: usize,
    /// Rule.
    pub rule: RuleSpec,
}

impl Default for BoardSpec {
    fn default() -> Self {
        BoardSpec {
            size: None,
            width: None,
            height: None,
            k: 5,
            rule: RuleSpec::Freestyle,
        }
    }
}

impl BoardSpec {
    /// The board shape and rule, checked; the message says what is wrong with `board`.
    pub fn resolve(&self) -> Result<(Geometry, Rule), String> {
        let (width, height) = match (self.size, self.width, self.height) {
            (Some(s), None, None) => (s, s),
            (None, Some(w), Some(h)) => (w, h),
            (None, None, None) => (15, 15),
            _ => return Err("board: give either size or both width and height".into()),
        };
        let geometry = Geometry {
            width,
            height,
            k: self.k,
        };
        let rule: Rule = self.rule.into();
        gomoku_board::Board::new(geometry, rule).map_err(|e| format!("board: {e}"))?;
        Ok((geometry, rule))
    }
}

/// The layout of the opening book.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum BookFormatSpec {
    /// Detected from the first line.
    #[default]
    Auto,
    /// Gomocup offsets from the centre.
    Offset,
    /// Pos notation (`h8i7g7`).
    Pos,
    /// KataGomo GTP (`15 L7 L8`).
    Gtp,
}

/// Reads an opening book (`path` resolved) in `format` for this board and rule. A file that
/// cannot be read is [`ConfigError::Io`] (the caller places it where the book is named); a bad
/// opening is an error at its line and column in the book.
pub fn load_book(
    path: &Path,
    format: BookFormatSpec,
    geometry: Geometry,
    rule: Rule,
) -> Result<(BookFormat, Vec<Opening>), ConfigError> {
    let book = crate::read_input(path)?;
    let book_error = |e: BoardError| match e {
        BoardError::Parse {
            line,
            column,
            message,
        } => ConfigError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message: format!(
                "{message} (on {}x{} k={} {rule})",
                geometry.width, geometry.height, geometry.k
            ),
        },
        other => ConfigError::invalid(path, other.to_string()),
    };
    let format = match format {
        BookFormatSpec::Auto => return parse_book_auto(&book, geometry, rule).map_err(book_error),
        BookFormatSpec::Offset => BookFormat::Offset,
        BookFormatSpec::Pos => BookFormat::Pos,
        BookFormatSpec::Gtp => BookFormat::Gtp,
    };
    Ok((
        format,
        parse_book(&book, format, geometry, rule).map_err(book_error)?,
    ))
}

/// The book a run file names at `openings.file` (as written; `resolved` against the file),
/// read for this board and rule: a file that cannot be read is an error where it is named.
pub(crate) fn load_openings(
    spans: &Spans<'_>,
    written: &Path,
    format: BookFormatSpec,
    (geometry, rule): (Geometry, Rule),
) -> Result<(BookFormat, Vec<Opening>), ConfigError> {
    let resolved = spans.resolve(written);
    load_book(&resolved, format, geometry, rule).map_err(|e| match e {
        ConfigError::Io { source, .. } => spans.at_value(
            "openings.file",
            format!("opening book {}: {source}", resolved.display()),
        ),
        other => other,
    })
}

/// Keeps openings `start..end` of a run file's book (its `openings.range`), or refuses a range
/// that is empty or runs past the book, at that field.
pub(crate) fn keep_range(
    spans: &Spans<'_>,
    openings: &mut Vec<Opening>,
    (start, end): (usize, usize),
) -> Result<(), ConfigError> {
    if start >= end || end > openings.len() {
        return Err(spans.at_field(
            "openings.range",
            format!(
                "openings range ({start}, {end}): need start < end <= {} (the book's openings)",
                openings.len()
            ),
        ));
    }
    openings.truncate(end);
    openings.drain(..start);
    Ok(())
}

/// Refuses a book left without openings (after a `limit` or `range`).
pub(crate) fn not_empty(openings: &[Opening], book: &Path) -> Result<(), ConfigError> {
    if openings.is_empty() {
        return Err(ConfigError::invalid(
            book,
            "the opening book holds no opening",
        ));
    }
    Ok(())
}
