//! The Gomocup ("pbrain") protocol of gomoku-arena, both sides of the pipe.
//!
//! * Brain side: [`session::Session`] is a line-oriented state machine (START, RECTSTART,
//!   RESTART, BEGIN, TURN, BOARD..DONE, INFO, END, ABOUT, TAKEBACK, PLAY) around a
//!   [`brain::Brain`]; the `pbrain-gomoku-arena` binary (package `gomoku-arena`) runs it on
//!   stdin/stdout with the gomoku-arena engine ([`brain::EngineBrain`]). Search runs on the
//!   main thread: the protocol needs no pondering and the brain never reads input while
//!   thinking.
//! * Manager side: [`external::ExternalEngine`] drives any Gomocup engine as a child process,
//!   with time limits and typed faults (crash, timeout, garbage, illegal move).
//! * Tournaments: gomoku-runner's `ExternalPlayer` makes such an engine a player (restarted
//!   after a fault; every fault loses the game with its reason).
//!
//! The binaries (`pbrain-gomoku-arena`, and the `gomoku-fake-engine` test tool over
//! [`fake`]) live in the `gomoku-arena` package, which can read RON engine configs.
//!
//! Coordinates are `x,y` with `0,0` the top-left point, as in [`gomoku_board::Pos`].
#![deny(missing_docs)]

pub mod brain;
pub mod clock;
pub mod command;
pub mod external;
pub mod fake;
pub mod session;

pub use brain::{Brain, Budget, CentreBrain, EngineBrain, Thought};
pub use external::{
    EngineCommand, EngineFault, ExternalEngine, IllegalReason, MoveReply, Timeouts,
    kill_all_engines, live_engines,
};
pub use session::{About, Flow, Reply, Session, serve};
