//! The engine behind a session, and the loop that runs a session over a reader and a writer.

use crate::session::{Brain, Flow, Session, Thought};
use gomoku_board::Board;
use gomoku_engine::{Engine, Limits};
use gomoku_protocol::LineRead;
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};

/// The engine behind a session: a [`gomoku_engine::Engine`] with fixed limits and a seeded
/// random generator for its tie-breaks.
pub struct EngineBrain {
    engine: Engine,
    limits: Limits,
    rng: ChaCha8Rng,
    name: String,
}

impl EngineBrain {
    /// An engine searching within `limits`, its tie-breaks drawn from `rng`, shown as `name`.
    pub fn new(engine: Engine, limits: Limits, rng: ChaCha8Rng, name: String) -> EngineBrain {
        EngineBrain {
            engine,
            limits,
            rng,
            name,
        }
    }
}

impl Brain for EngineBrain {
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn think(&mut self, board: &Board) -> Thought {
        let r = self.engine.search(board, &self.limits, &mut self.rng);
        Thought {
            best: r.best,
            score: r.score,
            win_in: r.win_in,
            pv: r.pv,
            depth: r.depth,
            time: r.time,
        }
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

/// Runs `session` on the lines of `input`, writing `preamble`, then its answers to `output`
/// (each line flushed), until `quit` or the end of input; `prompt` is written before each
/// command (for a terminal). A reader that has gone (a broken pipe) ends the session
/// quietly; any other write error is returned.
pub fn serve<B: Brain>(
    session: &mut Session<B>,
    preamble: &[String],
    mut input: impl BufRead,
    output: impl Write,
    prompt: Option<&str>,
) -> std::io::Result<()> {
    let mut printer = Printer {
        out: output,
        error: None,
    };
    for line in preamble {
        printer.line(line);
    }
    session.start(&mut |l| printer.line(l));
    let mut buf = Vec::new();
    while !printer.closed()? {
        if let Some(p) = prompt {
            printer.write(p);
            if printer.closed()? {
                break;
            }
        }
        match gomoku_protocol::read_line(&mut input, &mut buf)? {
            LineRead::Eof => break,
            LineRead::Line => {}
            LineRead::TooLong => {
                gomoku_protocol::skip_line(&mut input)?;
                printer.line(&format!(
                    "line longer than {} bytes: ignored",
                    gomoku_protocol::MAX_LINE
                ));
                continue;
            }
        }
        let line = String::from_utf8_lossy(&buf);
        if session.command(&line, &mut |l| printer.line(l)) == Flow::Quit {
            printer.closed()?;
            break;
        }
    }
    Ok(())
}

/// Writes lines, flushing each one, and keeps the first error (reported after the command,
/// since the session's sink cannot fail).
struct Printer<W: Write> {
    out: W,
    error: Option<std::io::Error>,
}

impl<W: Write> Printer<W> {
    fn line(&mut self, line: &str) {
        self.write(line);
        self.write("\n");
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = write!(self.out, "{text}").and_then(|()| self.out.flush())
        {
            self.error = Some(e);
        }
    }

    /// Whether the reader has gone (a broken pipe: stop quietly); other errors are returned.
    fn closed(&mut self) -> std::io::Result<bool> {
        match self.error.take() {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(true),
            Some(e) => Err(e),
            None => Ok(false),
        }
    }
}
