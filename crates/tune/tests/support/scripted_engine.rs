//! A deterministic Gomocup engine whose strength two parameters set, for the test that tunes
//! an external engine (`tests/tune/external.rs`): its argument `--skill=N` (an integer) and
//! its option `INFO noise X` (a real). It plays the best point of a greedy rule (make five,
//! block five, lengthen its own lines and the opponent's), except that with probability
//! `blunder = min(1, |skill - 70| / 100 + |noise - 0.2|)` it plays a point near the stones
//! instead. Which moves blunder and where is drawn from a hash of the position, not from a
//! clock or a generator, so the same position with the same parameters always gets the same
//! move: the best parameters are `skill 70`, `noise 0.2`.

use std::io::{BufRead, Write};

/// The board, `0` empty, `1` the engine's stones, `2` the opponent's.
struct Game {
    size: usize,
    cells: Vec<u8>,
    moves: Vec<(usize, usize, u8)>,
}

impl Game {
    fn new(size: usize) -> Game {
        Game {
            size,
            cells: vec![0; size * size],
            moves: Vec::new(),
        }
    }

    fn put(&mut self, x: usize, y: usize, who: u8) {
        if x < self.size && y < self.size && self.cells[y * self.size + x] == 0 {
            self.cells[y * self.size + x] = who;
            self.moves.push((x, y, who));
        }
    }

    fn at(&self, x: i64, y: i64) -> Option<u8> {
        let n = self.size as i64;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| self.cells[(y * n + x) as usize])
    }

    /// The longest line of `who`'s stones that a stone at `(x, y)` would make, per direction.
    fn lines(&self, x: usize, y: usize, who: u8) -> [i64; 4] {
        [(1, 0), (0, 1), (1, 1), (1, -1)].map(|(dx, dy)| {
            let run = |s: i64| {
                (1..5)
                    .take_while(|&i| {
                        self.at(x as i64 + s * i * dx, y as i64 + s * i * dy) == Some(who)
                    })
                    .count() as i64
            };
            1 + run(1) + run(-1)
        })
    }

    /// The empty points within two of a stone (the centre on an empty board).
    fn candidates(&self) -> Vec<(usize, usize)> {
        let n = self.size;
        if self.moves.is_empty() {
            return vec![(n / 2, n / 2)];
        }
        let near = |x: usize, y: usize| {
            (-2..=2).any(|dy: i64| {
                (-2..=2).any(|dx: i64| {
                    self.at(x as i64 + dx, y as i64 + dy)
                        .is_some_and(|c| c != 0)
                })
            })
        };
        (0..n * n)
            .map(|i| (i % n, i / n))
            .filter(|&(x, y)| self.cells[y * n + x] == 0 && near(x, y))
            .collect()
    }

    /// FNV-1a of the moves and `salt`.
    fn hash(&self, salt: u64) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
        for &(x, y, who) in &self.moves {
            for b in [x as u8, y as u8, who] {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    }

    fn choose(&self, blunder: f64) -> (usize, usize) {
        let cells = self.candidates();
        let weight = |n: i64| if n >= 5 { 1e9 } else { 10f64.powi(n as i32) };
        let score = |&(x, y): &(usize, usize)| -> f64 {
            let own: f64 = self.lines(x, y, 1).iter().map(|&n| weight(n)).sum();
            let opp: f64 = self.lines(x, y, 2).iter().map(|&n| weight(n)).sum();
            1.1 * own + opp
        };
        let u = (self.hash(1) >> 11) as f64 / (1u64 << 53) as f64;
        if u < blunder {
            return cells[(self.hash(2) % cells.len() as u64) as usize];
        }
        let mut best = cells[0];
        for c in &cells[1..] {
            if score(c) > score(&best) {
                best = *c;
            }
        }
        best
    }
}

fn point(text: &str) -> Option<(usize, usize, Option<u8>)> {
    let mut parts = text.trim().split(',').map(|p| p.trim().parse::<usize>());
    let (x, y) = (parts.next()?.ok()?, parts.next()?.ok()?);
    let who = parts.next().and_then(Result::ok).map(|w| w as u8);
    Some((x, y, who))
}

fn main() {
    let skill: f64 = std::env::args()
        .find_map(|a| a.strip_prefix("--skill=").and_then(|v| v.parse().ok()))
        .unwrap_or(0.0);
    let mut noise = 1.0;
    let mut game = Game::new(15);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut lines = stdin.lock().lines();
    while let Some(Ok(line)) = lines.next() {
        let (command, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let reply = |game: &mut Game| {
            let blunder = ((skill - 70.0).abs() / 100.0 + (noise - 0.2f64).abs()).min(1.0);
            let (x, y) = game.choose(blunder);
            game.put(x, y, 1);
            format!("{x},{y}")
        };
        let answer = match command.to_ascii_uppercase().as_str() {
            "START" => {
                game = Game::new(rest.trim().parse().unwrap_or(15));
                Some("OK".to_string())
            }
            "RESTART" => {
                game = Game::new(game.size);
                Some("OK".to_string())
            }
            "INFO" => {
                if let Some(("noise", v)) = rest.trim().split_once(' ') {
                    noise = v.trim().parse().unwrap_or(noise);
                }
                None
            }
            "BEGIN" => Some(reply(&mut game)),
            "TURN" => {
                if let Some((x, y, _)) = point(rest) {
                    game.put(x, y, 2);
                }
                Some(reply(&mut game))
            }
            "BOARD" => {
                game = Game::new(game.size);
                for l in lines.by_ref() {
                    let Ok(l) = l else { return };
                    if l.trim().eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if let Some((x, y, who)) = point(&l) {
                        game.put(x, y, if who == Some(1) { 1 } else { 2 });
                    }
                }
                Some(reply(&mut game))
            }
            "ABOUT" => Some("name=\"scripted\", version=\"1\"".to_string()),
            "END" => return,
            _ => Some(format!("UNKNOWN {command}")),
        };
        if let Some(a) = answer
            && writeln!(out, "{a}").and_then(|()| out.flush()).is_err()
        {
            return;
        }
    }
}
