//! Book files: reading any supported format (checked against board and rule), writing one
//! atomically, and converting between the offset (Gomocup), pos (project) and GTP formats.

use crate::OpeningsError;
use gomoku_board::opening::{
    BookFormat, Opening, parse_book, write_gtp_book, write_offset, write_pos_book,
};
use gomoku_board::{Geometry, Pos, Rule};
use std::path::{Path, PathBuf};

/// A book as read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// The file.
    pub path: PathBuf,
    /// Its format, as detected.
    pub format: BookFormat,
    /// The openings, each checked against the board and rule.
    pub openings: Vec<Opening>,
}

/// Reads a book file of any supported format (detected from its first opening) and checks
/// every line against the board and rule. At most [`gomoku_config::MAX_INPUT_BYTES`] (64 MiB)
/// are read: a larger file is refused as "larger than 64 MiB".
pub fn read_book(path: &Path, geometry: Geometry, rule: Rule) -> Result<Book, OpeningsError> {
    let text = gomoku_config::read_input(path).map_err(|e| match e {
        gomoku_config::ConfigError::Io { path, source } => OpeningsError::Io { path, source },
        other => OpeningsError::Param(other.to_string()),
    })?;
    let bad = |message: String| OpeningsError::Book {
        path: path.to_path_buf(),
        message,
    };
    let format = BookFormat::detect(&text)
        .ok_or_else(|| bad("cannot tell the book format (expected offset, pos or GTP)".into()))?;
    let openings = parse_book(&text, format, geometry, rule).map_err(|e| bad(e.to_string()))?;
    Ok(Book {
        path: path.to_path_buf(),
        format,
        openings,
    })
}

/// Writes a book (or any text) to `path`, creating its folder. The write is atomic, so a
/// killed command never leaves half a book where a whole one was.
pub fn write_book(path: &Path, text: &str) -> Result<(), OpeningsError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| OpeningsError::io(dir, e))?;
    }
    Ok(gomoku_runner::write_atomic(path, text.as_bytes())?)
}

/// The default book of `bench`'s game workloads in a checkout with `../shared` beside it:
/// the 36 Gomocup 2024-2026 freestyle 15x15 openings.
pub const GOMOCUP_BOOKS: [&str; 3] = [
    "../shared/data/openings/gomocup_freestyle15_2024.txt",
    "../shared/data/openings/gomocup_freestyle15_2025.txt",
    "../shared/data/openings/gomocup_freestyle15_2026.txt",
];

/// The book the workloads fall back on without `../shared`: the repository's own.
pub const OWN_BOOK: &str = "openings/freestyle15.txt";

/// A book's name and its openings' moves.
pub type NamedOpenings = (String, Vec<Vec<Pos>>);

/// The openings of `bench`'s game workloads (freestyle 15x15) and a name for them: `book`,
/// else the [`GOMOCUP_BOOKS`], else the [`OWN_BOOK`]; `None` when no book was given and
/// neither default is there (not run from a checkout).
pub fn workload_book(book: Option<&Path>) -> Result<Option<NamedOpenings>, OpeningsError> {
    let read = |path: &Path| {
        let book = read_book(path, Geometry::square(15), Rule::Freestyle).map_err(|e| {
            let (path, source) = (path.to_path_buf(), Box::new(e));
            OpeningsError::WorkloadBook { path, source }
        })?;
        Ok::<_, OpeningsError>(
            book.openings
                .into_iter()
                .map(|o| o.moves)
                .collect::<Vec<_>>(),
        )
    };
    if let Some(path) = book {
        return Ok(Some((path.display().to_string(), read(path)?)));
    }
    if GOMOCUP_BOOKS.iter().all(|p| Path::new(p).exists()) {
        let mut openings = Vec::new();
        for p in GOMOCUP_BOOKS {
            openings.extend(read(Path::new(p))?);
        }
        let name = "the Gomocup 2024-2026 freestyle openings";
        return Ok(Some((name.into(), openings)));
    }
    if !Path::new(OWN_BOOK).exists() {
        return Ok(None);
    }
    Ok(Some((OWN_BOOK.into(), read(Path::new(OWN_BOOK))?)))
}

/// Parses a format name: `offset`, `pos` or `gtp`.
pub fn parse_format(name: &str) -> Result<BookFormat, OpeningsError> {
    [BookFormat::Offset, BookFormat::Pos, BookFormat::Gtp]
        .into_iter()
        .find(|f| f.name() == name)
        .ok_or_else(|| {
            OpeningsError::Param(format!(
                "the format must be offset, pos or gtp, not '{name}'"
            ))
        })
}

/// The text of `openings` in `format`; a pos book says in its header where it came from.
pub fn convert(
    openings: &[Opening],
    geometry: Geometry,
    format: BookFormat,
    source: &str,
) -> Result<String, OpeningsError> {
    Ok(match format {
        BookFormat::Offset => write_offset(openings, geometry),
        BookFormat::Pos => write_pos_book(openings, &format!("converted from {source}"))?,
        BookFormat::Gtp => write_gtp_book(openings, geometry),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_are_read_up_to_64_mib() {
        // /dev/zero never ends: it was read until memory ran out.
        let e = read_book(
            Path::new("/dev/zero"),
            Geometry::square(15),
            Rule::Freestyle,
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "/dev/zero: larger than 64 MiB, the most gomoku-arena reads from one input file"
        );
    }
}
