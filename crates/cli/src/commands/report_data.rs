//! Kept only for `sprt.rs`'s import of the number formats, which now live in gomoku-results.

pub use gomoku_results::{fmt_abs, fmt_signed};
