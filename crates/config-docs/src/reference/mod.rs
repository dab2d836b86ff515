//! The words of `docs/CONFIG.md`: one [`Item`] per struct, enum and struct variant of the five
//! file kinds, one [`Entry`] per field or variant, a file per kind (`common.rs` for the entries
//! several kinds share, `hosts.rs` for the files their examples are written into). The tests
//! in `tests/docs.rs` hold every entry to the schema (names), the parser (defaults) and the
//! loaders (examples, limits), so a value here that drifts from the code fails `cargo test`.
//!
//! Adding a field to a config struct: add its [`Entry`] to the struct's [`Item`], in the
//! struct's order, then regenerate the page with `cargo run -p gomoku-config-docs`.

mod common;
mod engine;
mod hosts;
mod page;
mod sprt;
mod tournament;
mod tune;

pub use page::{appendix, example_books, limits_table, preamble};

use crate::Section;
#[cfg(doc)]
use crate::{Entry, Item};

/// Every section of the reference, in page order.
pub fn sections() -> Vec<Section> {
    vec![
        tournament::tournament(),
        engine::engine(),
        engine::table(),
        sprt::sprt(),
        tune::tune(),
    ]
}
