//! The loop that runs a session over a reader and a writer.

use crate::brain::Brain;
use crate::session::{Flow, Session};
use gomoku_protocol::LineRead;
use std::io::{BufRead, Write};

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
