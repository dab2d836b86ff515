//! The RON files under `configs/`: their schemas (serde types), loading with errors that name
//! the file, line and column, validation, and conversion into the plain parameter types of the
//! engine, runner and tuner crates (which know nothing of RON or files).
#![deny(missing_docs)]

pub mod engine;
pub mod sprt;
pub mod tournament;
pub mod tune;

use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A configuration problem, always naming the file and, where known, the line and column.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The RON text does not parse or does not fit the schema (unknown field, wrong type...).
    #[error("{path}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file parses but a value is not acceptable.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong and where (field name).
        message: String,
    },
}

impl ConfigError {
    /// An invalid-value error for a file.
    pub fn invalid(path: impl Into<PathBuf>, message: impl Into<String>) -> ConfigError {
        ConfigError::Invalid {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Parses RON text into `T`; errors carry `path` (used only for the message) and the position.
pub fn parse_ron<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, ConfigError> {
    ron::Options::default()
        .from_str(text)
        .map_err(|e: ron::error::SpannedError| ConfigError::Syntax {
            path: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
}

/// Reads and parses a RON file.
pub fn load_ron<T: DeserializeOwned>(path: &Path) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_ron(&text, path)
}

/// Resolves a path named inside a config file relative to that file's directory.
pub fn resolve_relative(config_file: &Path, named: &Path) -> PathBuf {
    if named.is_absolute() {
        named.to_path_buf()
    } else {
        config_file
            .parent()
            .unwrap_or_else(|| Path::new("."))
            .join(named)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        depth: u32,
    }

    #[test]
    fn unknown_field_names_line_and_column() {
        let err = parse_ron::<Sample>("(\n  depth: 4,\n  dpth: 5,\n)", Path::new("x.ron"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("x.ron:3:"), "{err}");
        assert!(err.contains("dpth"), "{err}");
    }
}
