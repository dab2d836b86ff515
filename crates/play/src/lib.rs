//! A game of Gomoku between a person and an engine, driven one command line at a time: moves
//! in pos notation, `hint`, `undo`, `resign`, `new`, SGF `save` and `load`, and the board drawn
//! as plain text (column letters and row numbers exactly as pos notation reads them).
//!
//! A [`Session`] takes a line and writes its answer, line by line, to a caller-given sink,
//! and the engine sits behind the [`Brain`] trait ([`EngineBrain`] is the real one), so the
//! whole game is tested with a scripted player. [`serve`] runs a session over any reader and
//! writer: the `play` subcommand of `gomoku-arena` hands it stdin and stdout. The only files
//! it touches are the SGF files that `save` and `load` name.
//!
//! The same text serves `show` and `analyze`: [`position`] sets a position up from moves,
//! stone lists or an SGF file as people type them, [`view`] draws it, and [`analysis`] tells
//! what a search of it found.
#![deny(missing_docs)]

pub mod analysis;
mod brain;
pub mod position;
mod record;
mod serve;
mod session;
pub mod view;

pub use brain::{Brain, EngineBrain, Humans, Thought, clock_seed};
pub use serve::serve;
pub use session::{Flow, Session};
pub use view::MAX_COLUMNS;
