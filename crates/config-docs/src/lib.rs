//! The configuration reference, `docs/CONFIG.md`, generated from the schema of
//! `gomoku-config`. This crate is not linked by any player: only its binary (which writes the
//! page) and its tests (which hold the page to the schema and the loaders) use it.
//!
//! Regenerate the page with `cargo run -p gomoku-config-docs`.
//!
//! Two halves meet here. The schema half is [`trace`]: it reads every field and variant the
//! serde types of the five file kinds accept (and the shape of each value) from their
//! `Deserialize` impls. The words half is [`sections`] (in `reference/`, a file per kind): for
//! every struct, enum and struct variant, a title, an introduction and one [`Entry`] per field
//! or variant (meaning, default, limits, example). [`markdown`] renders the two together (the
//! type column comes from the trace, not from the words), and `tests/docs.rs` holds them to each
//! other and to the loaders:
//!
//! - every name the schema accepts has an entry, and every entry names something the schema
//!   accepts (a field added without words fails `cargo test` with the field's name);
//! - `docs/CONFIG.md` is byte for byte what [`markdown`] renders;
//! - every documented default is what the file gets when the field is left out, and every
//!   required field is refused when left out;
//! - every example, and every limit's edge, goes through the real loader in a copy of the
//!   repository's `configs/` and `openings/`.
//!
//! Each documented container carries a [`Host`]: a whole file of its kind with a hole where
//! the container's fields (or, for an enum, its value) go, which is how the tests put one
//! field's example or limit into a file that loads.
#![deny(missing_docs)]

mod model;
mod reference;
mod render;
pub mod trace;

pub use model::{
    Check, Default, Entry, Host, Item, Limits, Section, Unknown, split_value, top_level_fields,
};
pub use reference::{example_books, limits_table, sections};
pub use render::{limits_text, markdown, schema};

use gomoku_config::ConfigError;
use std::path::Path;
use trace::{Schema, TraceError};

/// Where the generated reference lives, relative to the repository root.
pub const CONFIG_MD: &str = "docs/CONFIG.md";

/// The hole in a [`Host`] template.
pub const HOLE: &str = "@@";

/// The five kinds of configuration file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `configs/tournaments/*.ron`.
    Tournament,
    /// `configs/engines/*.ron`.
    Engine,
    /// `configs/tables/*.ron`.
    Table,
    /// `configs/sprt/*.ron`.
    Sprt,
    /// `configs/tune/*.ron`.
    Tune,
}

impl Kind {
    /// Every kind, in the order of the reference.
    pub const ALL: [Kind; 5] = [
        Kind::Tournament,
        Kind::Engine,
        Kind::Table,
        Kind::Sprt,
        Kind::Tune,
    ];

    /// The folder under `configs/` the shipped files of this kind live in.
    pub fn dir(self) -> &'static str {
        match self {
            Kind::Tournament => "tournaments",
            Kind::Engine => "engines",
            Kind::Table => "tables",
            Kind::Sprt => "sprt",
            Kind::Tune => "tune",
        }
    }

    /// The kind of a file by the folder it is in (`configs/sprt/x.ron` is an SPRT file).
    pub fn of_path(path: &Path) -> Option<Kind> {
        let dir = path.parent()?.file_name()?.to_str()?;
        Kind::ALL.into_iter().find(|k| k.dir() == dir)
    }

    /// The name a file of this kind starts with (`Tournament(...)`), serde's name of its root.
    pub fn root(self) -> &'static str {
        match self {
            Kind::Tournament => "Tournament",
            Kind::Engine => "Engine",
            Kind::Table => "PatternTable",
            Kind::Sprt => "Sprt",
            Kind::Tune => "Tune",
        }
    }

    /// The kind's name in running text (`a complete SPRT file`).
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Tournament => "tournament",
            Kind::Engine => "engine",
            Kind::Table => "pattern-table",
            Kind::Sprt => "SPRT",
            Kind::Tune => "tuning",
        }
    }

    /// Whether `Some(..)` may be left out around optional values (tournament and SPRT files).
    pub fn lenient(self) -> bool {
        matches!(self, Kind::Tournament | Kind::Sprt)
    }

    /// Every container the file kind's schema reaches.
    pub fn trace(self) -> Result<Schema, TraceError> {
        match self {
            Kind::Tournament => trace::trace::<gomoku_config::tournament::TournamentFile>(),
            Kind::Engine => trace::trace::<gomoku_config::engine::EngineFile>(),
            Kind::Table => trace::trace::<gomoku_config::engine::TableFile>(),
            Kind::Sprt => trace::trace::<gomoku_config::sprt::SprtFile>(),
            Kind::Tune => trace::trace::<gomoku_config::tune::TuneFile>(),
        }
    }

    /// Parses `text` into the file's serde type only (no file is read, nothing is checked
    /// beyond the schema) and returns it in `{:#?}` form, to compare two texts' values.
    pub fn parse(self, text: &str, path: &Path) -> Result<String, ConfigError> {
        use gomoku_config::{parse_ron, parse_ron_lenient};
        Ok(match self {
            Kind::Tournament => {
                format!(
                    "{:#?}",
                    parse_ron_lenient::<gomoku_config::tournament::TournamentFile>(text, path)?
                )
            }
            Kind::Engine => format!(
                "{:#?}",
                parse_ron::<gomoku_config::engine::EngineFile>(text, path)?
            ),
            Kind::Table => format!(
                "{:#?}",
                parse_ron::<gomoku_config::engine::TableFile>(text, path)?
            ),
            Kind::Sprt => format!(
                "{:#?}",
                parse_ron_lenient::<gomoku_config::sprt::SprtFile>(text, path)?
            ),
            Kind::Tune => format!(
                "{:#?}",
                parse_ron::<gomoku_config::tune::TuneFile>(text, path)?
            ),
        })
    }

    /// Loads a file of this kind with its real loader (engines, tables and books read, every
    /// check done), as the commands do.
    pub fn load(self, path: &Path) -> Result<(), ConfigError> {
        match self {
            Kind::Tournament => gomoku_config::tournament::load_tournament(path).map(drop),
            Kind::Engine => gomoku_config::engine::load_engine(path).map(drop),
            Kind::Table => gomoku_config::engine::load_table(path).map(drop),
            Kind::Sprt => gomoku_config::sprt::load_sprt(path).map(drop),
            Kind::Tune => gomoku_config::tune::load_tune(path).map(drop),
        }
    }
}
