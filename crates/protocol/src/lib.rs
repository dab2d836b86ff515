//! The Gomocup ("pbrain") protocol of gomoku-arena, both sides of the pipe.
//!
//! * Brain side: [`session::Session`] is a line-oriented state machine (START, RECTSTART,
//!   RESTART, BEGIN, TURN, BOARD..DONE, INFO, END, ABOUT, TAKEBACK, PLAY) around a
//!   [`brain::Brain`]; the `pbrain-gomoku-arena` binary runs it on stdin/stdout with the
//!   gomoku-arena engine ([`brain::EngineBrain`]). Search runs on the main thread: the
//!   protocol needs no pondering and the brain never reads input while thinking.
//! * Manager side: [`external::ExternalEngine`] drives any Gomocup engine as a child process,
//!   with time limits and typed faults (crash, timeout, garbage, illegal move).
//!
//! Coordinates are `x,y` with `0,0` the top-left point, as in [`gomoku_board::Pos`].
#![deny(missing_docs)]

pub mod brain;
pub mod clock;
pub mod command;
pub mod external;
pub mod session;

pub use brain::{Brain, Budget, CentreBrain, EngineBrain, Thought};
pub use external::{
    EngineCommand, EngineFault, ExternalEngine, IllegalReason, MoveReply, Timeouts,
};
pub use session::{About, Flow, Reply, Session};
