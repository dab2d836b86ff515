//! `play`: a game against the engine on the terminal, in plain text (no terminal control
//! codes, so it also works with piped input and output).
//!
//! The board is drawn with column letters `a..` and row numbers `1..` exactly as pos notation
//! reads them (row 1 is the top line, `h8` is the point (7,7)); the last move is shown in
//! brackets and, under renju, the points forbidden to Black with `!`. Each engine move is
//! announced on one line such as `white: engine plays h8 (depth 4, score 120, 3.2 ms)`.
//! Commands: a move (`h8`), `hint`, `undo`, `save FILE.sgf`, `load FILE.sgf`, `resign`,
//! `new`, `board`, `help`, `quit`; end of input ends the session too.
//!
//! The game logic and the board drawing live in [`gomoku_play`] (no terminal I/O, tested
//! there); this module builds the engine from the arguments and runs the input loop.

use anyhow::{Context, Result, bail};
use gomoku_board::{Board, Geometry, Rule};
use gomoku_engine::{Engine, Limits};
use gomoku_play::{Brain, Flow, Humans, Session, Thought};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    /// Engine config (RON); the built-in default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Search depth in plies (overrides the engine config).
    #[arg(long)]
    depth: Option<u32>,
    /// Time limit per engine move in milliseconds.
    #[arg(long)]
    time_ms: Option<u64>,
    /// The sides you play: black, white, both (the engine only gives hints) or none (the
    /// engine plays itself to the end).
    #[arg(long, default_value = "black", value_parser = parse_humans)]
    human: Humans,
    /// Side of the square board (5 to 26: moves are typed with one column letter).
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// An SGF game to continue from (its size and its RU rule, if any, replace --size and
    /// --rule).
    #[arg(long)]
    load: Option<PathBuf>,
    /// Seed for the engine's tie-break draw (from the clock if omitted; printed at the start).
    #[arg(long)]
    seed: Option<u64>,
}

fn parse_humans(s: &str) -> Result<Humans, String> {
    s.parse()
}

/// The engine behind the session: a [`gomoku_engine::Engine`] with fixed limits and a seeded
/// random generator for its tie-breaks.
struct EngineBrain {
    engine: Engine,
    limits: Limits,
    rng: ChaCha8Rng,
    name: String,
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

/// Runs `play`: builds the engine, then reads commands from standard input until `quit` or
/// the end of input.
pub fn run(args: Args) -> Result<ExitCode> {
    let rule: Rule = args.rule.parse()?;
    if !(5..=gomoku_play::MAX_COLUMNS).contains(&args.size) {
        bail!(
            "--size {} is not supported: play needs 5 to {} (one column letter per column)",
            args.size,
            gomoku_play::MAX_COLUMNS
        );
    }
    let mut params = super::engine_params(args.engine.as_deref())?;
    if let Some(depth) = args.depth {
        params.depth = depth;
    }
    let limits = Limits {
        depth: args.depth,
        nodes: None,
        time: args.time_ms.map(Duration::from_millis),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut name = match &args.engine {
        Some(path) => match path.file_stem() {
            Some(stem) => format!("engine {}", stem.to_string_lossy()),
            None => format!("engine {}", path.display()),
        },
        None => "engine".to_string(),
    };
    name.push_str(&match args.time_ms {
        Some(ms) => format!(" (depth {}, {ms} ms)", params.depth),
        None => format!(" (depth {})", params.depth),
    });
    let brain = EngineBrain {
        engine: Engine::new(params).context("building the engine")?,
        limits,
        rng: ChaCha8Rng::seed_from_u64(seed),
        name,
    };
    let geometry = Geometry::square(args.size);
    let mut session =
        Session::new(geometry, rule, args.human, brain).map_err(anyhow::Error::msg)?;

    let stdout = std::io::stdout();
    let mut printer = Printer {
        out: stdout.lock(),
        error: None,
    };
    printer.line(&format!("seed {seed}"));
    if let Some(path) = &args.load {
        session
            .load_file(path, &mut |l| printer.line(l))
            .map_err(anyhow::Error::msg)
            .context("--load")?;
    }
    session.start(&mut |l| printer.line(l));
    if printer.closed()? {
        return Ok(ExitCode::SUCCESS);
    }

    let interactive = std::io::stdin().is_terminal();
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        if interactive {
            printer.prompt("> ");
        }
        if printer.closed()? {
            break;
        }
        buf.clear();
        let n = input
            .read_until(b'\n', &mut buf)
            .context("reading standard input")?;
        if n == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        let flow = session.command(&line, &mut |l| printer.line(l));
        if printer.closed()? || flow == Flow::Quit {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A seed from the clock, for games that differ from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Writes lines to standard output, flushing each one, and keeps the first error (reported
/// after the command, since the session's sink cannot fail).
struct Printer<W: Write> {
    out: W,
    error: Option<std::io::Error>,
}

impl<W: Write> Printer<W> {
    fn line(&mut self, line: &str) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.out, "{line}").and_then(|()| self.out.flush())
        {
            self.error = Some(e);
        }
    }

    fn prompt(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = write!(self.out, "{text}").and_then(|()| self.out.flush())
        {
            self.error = Some(e);
        }
    }

    /// Whether the reader of standard output has gone (a broken pipe: stop quietly); other
    /// write errors are returned.
    fn closed(&mut self) -> Result<bool> {
        match self.error.take() {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(true),
            Some(e) => Err(e).context("writing to standard output"),
            None => Ok(false),
        }
    }
}
