//! Standings from journal lines: per player games, wins, draws, losses, score, first-mover
//! score, head-to-head, and pool Elo with its error from a joint Bradley-Terry fit
//! ([`gomoku_stats::fit_pool`], Ordo-style, mean zero, 400 points per factor 10).

use crate::game::{GameResult, Overshoots, Reason};
use crate::journal::JournalLine;
use gomoku_stats::{PoolGame, PoolOptions, fit_pool, fmt_elo_pm};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The widest the name column of a text table grows: a longer name (from a PGN file, say)
/// overflows its row instead of widening every row, or exceeding the formatter's limit.
const NAME_COLUMN_MAX: usize = 40;

/// The width of the name column of a text table of `names`: the longest name's, at least 4
/// (`name`) and at most 40 characters.
pub fn name_column_width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, NAME_COLUMN_MAX)
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Points per game (0.5 when there are none).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / self.games() as f64
        }
    }

    fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerStanding {
    /// Participant index.
    pub index: usize,
    /// Name.
    pub name: String,
    /// All games.
    pub total: Wdl,
    /// Games as Black (the first mover).
    pub as_black: Wdl,
    /// Games as White.
    pub as_white: Wdl,
    /// Score over all games.
    pub score: f64,
    /// Score as Black.
    pub first_mover_score: f64,
    /// Pool Elo (mean of the pool 0), when the fit succeeds.
    pub elo: Option<f64>,
    /// Its standard error (Hessian).
    pub elo_stderr: Option<f64>,
    /// Results against each opponent, by participant index (`None` when they never met).
    pub head_to_head: Vec<Option<Wdl>>,
}

/// The format version of `standings.json` (version 1 had no `v`).
pub const STANDINGS_VERSION: u32 = 2;

/// The table of a tournament, as `standings.json` holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Format version ([`STANDINGS_VERSION`]).
    pub v: u32,
    /// Rows, best first (by Elo when fitted, else by score).
    pub players: Vec<PlayerStanding>,
    /// Games counted (failed jobs are not).
    pub games: u64,
    /// Jobs that failed (no result).
    pub failed: u64,
    /// Draws among counted games, as a fraction.
    pub draw_rate: f64,
    /// Black's score over all counted games.
    pub first_mover_score: f64,
    /// Why the pool fit is missing, if it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo_note: Option<String>,
    /// Games lost by a player's fault (crash, time, illegal or forbidden move, garbage), by
    /// player and reason; they count in the table as the losses they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<Forfeit>,
    /// Moves over their time limit that did not lose (machine-dependent), by player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overshoots: Vec<PlayerOvershoots>,
}

/// One player's moves over their time limit across the games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerOvershoots {
    /// The player.
    pub player: String,
    /// How many moves went over, and by at most how much.
    #[serde(flatten)]
    pub overshoots: Overshoots,
}

/// Games one player lost by one kind of fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The player at fault.
    pub player: String,
    /// The fault.
    pub reason: Reason,
    /// How many games.
    pub games: usize,
}

impl Standings {
    /// Computes the standings of `names.len()` participants from journal lines.
    pub fn compute<'a>(
        names: &[String],
        lines: impl IntoIterator<Item = &'a JournalLine>,
    ) -> Standings {
        let lines: Vec<&JournalLine> = lines.into_iter().collect();
        let mut standings = Standings::from_results(
            names,
            lines.iter().map(|l| (l.black_idx, l.white_idx, l.result)),
        );
        standings.forfeits = crate::batch::forfeits(lines.iter().copied())
            .into_iter()
            .map(|((player, reason), games)| Forfeit {
                player,
                reason,
                games,
            })
            .collect();
        let mut over: BTreeMap<&str, Overshoots> = BTreeMap::new();
        for l in &lines {
            for (name, o) in [(&l.black, &l.overshoots[0]), (&l.white, &l.overshoots[1])] {
                if !o.is_none() {
                    over.entry(name.as_str()).or_default().merge(o);
                }
            }
        }
        standings.overshoots = over
            .into_iter()
            .map(|(player, overshoots)| PlayerOvershoots {
                player: player.to_string(),
                overshoots,
            })
            .collect();
        standings
    }

    /// Computes the standings from `(black index, white index, result)` triples; a `None`
    /// result is a failed job.
    pub fn from_results(
        names: &[String],
        results: impl IntoIterator<Item = (usize, usize, Option<GameResult>)>,
    ) -> Standings {
        let n = names.len();
        let mut rows: Vec<PlayerStanding> = names
            .iter()
            .enumerate()
            .map(|(index, name)| PlayerStanding {
                index,
                name: name.clone(),
                total: Wdl::default(),
                as_black: Wdl::default(),
                as_white: Wdl::default(),
                score: 0.5,
                first_mover_score: 0.5,
                elo: None,
                elo_stderr: None,
                head_to_head: vec![None; n],
            })
            .collect();
        let mut pool = Vec::new();
        let (mut failed, mut draws, mut black_points) = (0u64, 0u64, 0.0);
        for (b, w, result) in results {
            let Some(result) = result else {
                failed += 1;
                continue;
            };
            if b >= n || w >= n {
                continue;
            }
            let s = result.black_score();
            black_points += s;
            draws += u64::from(result == GameResult::Draw);
            pool.push(PoolGame {
                first: b,
                second: w,
                score: s,
            });
            rows[b].total.add(s);
            rows[b].as_black.add(s);
            rows[b].head_to_head[w]
                .get_or_insert_with(Wdl::default)
                .add(s);
            rows[w].total.add(1.0 - s);
            rows[w].as_white.add(1.0 - s);
            rows[w].head_to_head[b]
                .get_or_insert_with(Wdl::default)
                .add(1.0 - s);
        }
        for r in &mut rows {
            r.score = r.total.score();
            r.first_mover_score = r.as_black.score();
        }
        let games = pool.len() as u64;
        let mut elo_note = None;
        if n >= 2 && games > 0 {
            match fit_pool(&pool, n, &PoolOptions::default()) {
                Ok(fit) => {
                    for r in &mut rows {
                        r.elo = fit.ratings.get(r.index).copied();
                        // The sandwich error stays calibrated when games are drawn (the
                        // Hessian one treats draws as coin flips and overstates the spread);
                        // `rate` and the report use it too, so all tables agree.
                        r.elo_stderr = fit.stderr_sandwich.get(r.index).copied();
                    }
                }
                Err(e) => elo_note = Some(e.to_string()),
            }
        }
        rows.sort_by(|a, b| {
            let key = |r: &PlayerStanding| r.elo.unwrap_or(0.0) * 1e-3 + r.score;
            let (ka, kb) = (key(a), key(b));
            match (a.elo, b.elo) {
                (Some(x), Some(y)) => y.total_cmp(&x),
                _ => kb.total_cmp(&ka),
            }
            .then(a.index.cmp(&b.index))
        });
        Standings {
            v: STANDINGS_VERSION,
            players: rows,
            games,
            failed,
            draw_rate: if games == 0 {
                0.0
            } else {
                draws as f64 / games as f64
            },
            first_mover_score: if games == 0 {
                0.5
            } else {
                black_points / games as f64
            },
            elo_note,
            forfeits: Vec::new(),
            overshoots: Vec::new(),
        }
    }

    /// A plain-text table for the terminal.
    pub fn table(&self) -> String {
        let width = name_column_width(self.players.iter().map(|p| p.name.as_str()));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:>3} {:<width$} {:>7} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>13}",
            "#", "name", "games", "W", "D", "L", "score", "black%", "white%", "elo"
        );
        for (rank, p) in self.players.iter().enumerate() {
            let elo = match (p.elo, p.elo_stderr) {
                (Some(e), Some(s)) if s.is_finite() => fmt_elo_pm(e, 1.96 * s, 0),
                (Some(e), _) => format!("{e:+.0}"),
                _ => "-".into(),
            };
            let _ = writeln!(
                out,
                "{:>3} {:<width$} {:>7} {:>6} {:>6} {:>6} {:>5.1}% {:>6.1}% {:>6.1}% {:>13}",
                rank + 1,
                p.name,
                p.total.games(),
                p.total.wins,
                p.total.draws,
                p.total.losses,
                100.0 * p.score,
                100.0 * p.first_mover_score,
                100.0 * p.as_white.score(),
                elo
            );
        }
        let _ = write!(
            out,
            "{} games, draws {:.1}%, first mover (black) scores {:.1}%",
            self.games,
            100.0 * self.draw_rate,
            100.0 * self.first_mover_score
        );
        if self.failed > 0 {
            let _ = write!(out, ", {} failed jobs", self.failed);
        }
        out.push('\n');
        if !self.forfeits.is_empty() {
            let list: Vec<String> = self
                .forfeits
                .iter()
                .map(|f| format!("{} {} x{}", f.player, f.reason.name(), f.games))
                .collect();
            let _ = writeln!(out, "forfeits: {}", list.join(", "));
        }
        if !self.overshoots.is_empty() {
            let list: Vec<String> = self
                .overshoots
                .iter()
                .map(|o| {
                    format!(
                        "{} {} move{} (worst +{:.1} ms)",
                        o.player,
                        o.overshoots.moves,
                        if o.overshoots.moves == 1 { "" } else { "s" },
                        o.overshoots.max_us as f64 / 1000.0
                    )
                })
                .collect();
            let _ = writeln!(out, "over the time limit: {}", list.join(", "));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_very_long_name_overflows_its_row_without_a_panic() {
        let names = ["n".repeat(70_000), "short".to_string()];
        let s = Standings::from_results(
            &names,
            [
                (0, 1, Some(GameResult::Black)),
                (1, 0, Some(GameResult::Draw)),
            ],
        );
        let table = s.table();
        assert!(table.contains(&names[0]));
        let short_row = table.lines().find(|l| l.contains("short")).unwrap();
        assert!(short_row.len() < 200, "{short_row}");
    }
}
