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
//! * Stop signals: [`signals`] stops a run on the first SIGINT, SIGTERM or SIGHUP and, on a
//!   second, kills every engine's processes before the program exits.
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
pub mod signals;

/// The longest protocol line either side reads, in bytes (a `BOARD` line is a few bytes;
/// an `ABOUT` or `MESSAGE` line rarely a hundred): a longer one is a fault, never buffered.
pub const MAX_LINE: usize = 64 * 1024;

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A line (possibly the last, without its line feed) is in the buffer.
    Line,
    /// The first [`MAX_LINE`] bytes of a longer line are in the buffer and the rest is
    /// unread: a reader that goes on calls [`skip_line`] first.
    TooLong,
    /// The end of the input.
    Eof,
}

/// Reads one line into `buf` (cleared first), holding at most [`MAX_LINE`] bytes of it in
/// memory however long it is. It returns as soon as the limit is reached, so a writer that
/// never ends its line cannot keep it reading.
pub fn read_line(
    input: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<LineRead> {
    use std::io::{BufRead, Read};
    buf.clear();
    let n = input
        .by_ref()
        .take(MAX_LINE as u64)
        .read_until(b'\n', buf)?;
    Ok(if n == 0 {
        LineRead::Eof
    } else if n < MAX_LINE || buf.last() == Some(&b'\n') {
        LineRead::Line
    } else {
        LineRead::TooLong
    })
}

/// Reads and drops the input up to and including the next line feed (or to its end),
/// keeping nothing: what follows a [`LineRead::TooLong`].
pub fn skip_line(input: &mut impl std::io::BufRead) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        if let Some(at) = chunk.iter().position(|&b| b == b'\n') {
            input.consume(at + 1);
            return Ok(());
        }
        let len = chunk.len();
        input.consume(len);
    }
}

pub use brain::{Brain, Budget, CentreBrain, EngineBrain, Thought};
pub use external::{
    EngineCommand, EngineFault, ExternalEngine, IllegalReason, MoveReply, Timeouts, Transcript,
    kill_all_engines, live_engines,
};
pub use session::{About, Flow, Reply, Session, serve};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_and_the_next_one_read() {
        let mut text = vec![b'A'; 5 * MAX_LINE + 17];
        text.extend_from_slice(b"\r\nnext\nlast");
        let mut input = std::io::BufReader::with_capacity(1000, &text[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), LineRead::TooLong);
        assert_eq!(buf.len(), MAX_LINE);
        skip_line(&mut input).unwrap();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf, b"next\n");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), LineRead::Eof);
        // A line of exactly the limit, line feed included, is a line.
        let mut exact = vec![b'B'; MAX_LINE - 1];
        exact.push(b'\n');
        let mut input = &exact[..];
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), LineRead::Line);
    }
}
