//! A game of Gomoku between a person and an engine, driven one command line at a time: moves
//! in pos notation, `hint`, `undo`, `resign`, `new`, SGF `save` and `load`, and the board drawn
//! as plain text (column letters and row numbers exactly as pos notation reads them).
//!
//! No terminal I/O: a [`Session`] takes a line and writes its answer, line by line, to a
//! caller-given sink, and the engine sits behind the [`Brain`] trait, so the whole game is
//! tested with a scripted player. The only files it touches are the SGF files that `save` and
//! `load` name. The `play` subcommand of `gomoku-arena` wraps it in a stdin loop.
#![deny(missing_docs)]

mod session;
pub mod view;

pub use session::{Brain, Flow, Humans, MAX_COLUMNS, Session, Thought};
