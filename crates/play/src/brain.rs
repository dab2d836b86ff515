//! The players of a session: the sides the person plays ([`Humans`]) and the engine as the
//! session sees it: the [`Brain`] trait, what it answers ([`Thought`]), the real one
//! ([`EngineBrain`], a [`gomoku_engine::Engine`]) and the one-line summary of an answer that
//! engine moves and hints print.

use gomoku_board::{Board, Color, Pos};
use gomoku_engine::{Engine, EngineError, EngineParams, Limits, TimeBudget};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::path::Path;
use std::time::Duration;

/// What the engine answers for a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Thought {
    /// The move it chose, `None` if it has none.
    pub best: Option<Pos>,
    /// Its score for the side to move.
    pub score: i32,
    /// A proven result: moves to a win (positive) or to a loss (negative).
    pub win_in: Option<i32>,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Pos>,
    /// The depth reached.
    pub depth: u32,
    /// The time spent.
    pub time: Duration,
}

/// The engine as the session sees it.
pub trait Brain {
    /// Forgets what was learnt in the previous game (hash table, history).
    fn new_game(&mut self);
    /// Searches `board` for the side to move.
    fn think(&mut self, board: &Board) -> Thought;
    /// A short description for headers and SGF player names, e.g. `engine (depth 4)`.
    fn name(&self) -> String;
}

/// The engine behind a session: a [`gomoku_engine::Engine`] with fixed limits and a seeded
/// random generator for its tie-breaks.
pub struct EngineBrain {
    engine: Engine,
    limits: Limits,
    rng: ChaCha8Rng,
    name: String,
}

/// A seed from the clock, for games that differ from run to run (`play` without `--seed`).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
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

    /// The engine of `params` (read from `file`, if any) as `play` asks for it: on a clock of
    /// `time_ms` a move it deepens until its time manager stops it, `depth` capping it;
    /// without one `depth`, if given, is its depth. Its tie-breaks come from `seed`, and its
    /// name says which engine it is and how it searches, e.g. `engine seed-d4 (depth 4)`.
    pub fn for_play(
        mut params: EngineParams,
        file: Option<&Path>,
        depth: Option<u32>,
        time_ms: Option<u64>,
        seed: u64,
    ) -> Result<EngineBrain, EngineError> {
        if let Some(depth) = depth {
            params.depth = depth;
        }
        let limits = Limits {
            depth,
            nodes: None,
            time: time_ms.map(|ms| TimeBudget::fixed(Duration::from_millis(ms))),
        };
        let mut name = match file {
            Some(path) => match path.file_stem() {
                Some(stem) => format!("engine {}", stem.to_string_lossy()),
                None => format!("engine {}", path.display()),
            },
            None => "engine".to_string(),
        };
        name.push_str(&match time_ms {
            Some(ms) => match depth {
                Some(d) => format!(" ({ms} ms, depth at most {d})"),
                None => format!(" ({ms} ms)"),
            },
            None => format!(" (depth {})", params.depth),
        });
        let engine = Engine::new(params)?;
        Ok(EngineBrain::new(
            engine,
            limits,
            ChaCha8Rng::seed_from_u64(seed),
            name,
        ))
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

/// Which sides the person at the keyboard plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Humans {
    /// The person plays Black, the engine White.
    Black,
    /// The person plays White, the engine Black.
    White,
    /// The person plays both sides (the engine only gives hints).
    Both,
    /// The engine plays both sides (a demo).
    None,
}

impl Humans {
    /// Whether a person plays `color`.
    pub fn plays(self, color: Color) -> bool {
        match self {
            Humans::Black => color == Color::Black,
            Humans::White => color == Color::White,
            Humans::Both => true,
            Humans::None => false,
        }
    }
}

impl std::str::FromStr for Humans {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Humans::Black),
            "white" | "w" => Ok(Humans::White),
            "both" => Ok(Humans::Both),
            "none" => Ok(Humans::None),
            _ => Err(format!("expected black, white, both or none, not '{s}'")),
        }
    }
}

/// `depth 4, score 120, 3.2 ms`, or `depth 4, win in 3, 3.2 ms` where the score is a mate
/// (its raw value, near a billion, says nothing more).
pub(crate) fn summary(t: &Thought) -> String {
    let verdict = match t.win_in {
        Some(n) if n > 0 => format!("win in {n}"),
        Some(n) => format!("loss in {}", -n),
        None => format!("score {}", t.score),
    };
    format!(
        "depth {}, {verdict}, {:.1} ms",
        t.depth,
        t.time.as_secs_f64() * 1000.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_is_told_in_moves_not_as_its_raw_score() {
        let mut t = Thought {
            score: 999_999_997,
            win_in: Some(3),
            depth: 4,
            time: Duration::from_millis(2),
            ..Thought::default()
        };
        assert_eq!(summary(&t), "depth 4, win in 3, 2.0 ms");
        t.win_in = Some(-2);
        assert_eq!(summary(&t), "depth 4, loss in 2, 2.0 ms");
        t.win_in = None;
        t.score = 120;
        assert_eq!(summary(&t), "depth 4, score 120, 2.0 ms");
    }
}
