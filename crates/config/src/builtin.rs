//! The built-in engine: what the brain (`pbrain-gomoku-arena`), `analyze` and `play` search
//! with when no engine file is given. It is the strongest shipped engine file,
//! [`BUILTIN_ENGINE_FILE`], with its table, compiled into the binary so that the one
//! executable is enough in any Gomocup manager; it is parsed and checked like the file.
//!
//! `EngineParams::default()` stays the seed engine (the bench signature's): `bench`,
//! `openings` and `match`'s `default` keep it.

use crate::ConfigError;
use crate::engine::{LoadedEngine, parse_engine_with, parse_table};
use std::path::Path;

/// The shipped engine file the built-in engine equals, relative to the repository's root.
pub const BUILTIN_ENGINE_FILE: &str = "configs/engines/tuned-sel.ron";

/// [`BUILTIN_ENGINE_FILE`]'s text.
const ENGINE_TEXT: &str = include_str!("../../../configs/engines/tuned-sel.ron");

/// The table that file names (`File(...)`, relative to it) and its text.
const TABLE_NAME: &str = "../tables/rapfi-texel.ron";
const TABLE_TEXT: &str = include_str!("../../../configs/tables/rapfi-texel.ron");

/// The built-in engine, as [`BUILTIN_ENGINE_FILE`] loads (its path names that file).
pub fn builtin_engine() -> Result<LoadedEngine, ConfigError> {
    let path = Path::new(BUILTIN_ENGINE_FILE);
    parse_engine_with(ENGINE_TEXT, path, &|named| {
        let table_path = crate::resolve_relative(path, named);
        if named == Path::new(TABLE_NAME) {
            parse_table(TABLE_TEXT, &table_path)
        } else {
            // The engine file was pointed at another table: compile that one in as well.
            Err(ConfigError::invalid(
                table_path,
                format!("not compiled in: the built-in engine's table is {TABLE_NAME}"),
            ))
        }
    })
}
