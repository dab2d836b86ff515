//! The pool table of `rate` and the report: `gomoku_stats::fit_pool` (Ordo-style joint
//! Bradley-Terry) and one row per player, best first; equal ratings by name, so that a run
//! directory and its PGN rank alike.
//!
//! The fit as Ordo's options would ask for it: a draw half a win, 400 points per factor 10 in
//! odds (Ordo's `-z 200.24` is the same scale; Ordo's default `-z 202` differs by 1%), ratings
//! of mean zero (Ordo's `-a 0`), or one player anchored (`rate --anchor NAME` at 0,
//! `--anchor NAME=VALUE`; Ordo's `-A NAME -a VALUE`). The first-mover advantage is 0 unless
//! `--first-mover` fits it (Ordo's `-W`).
//!
//! Errors (± 95%) are the sandwich (robust, calibrated with draws) standard errors of the fit
//! times 1.96, or with `--bootstrap N` the parametric bootstrap's (Ordo's `-s N` simulations,
//! seeded by `--seed`); LOS to the next row uses the same source (covariance or bootstrap
//! replicates), so the columns of one table agree.

use crate::{ResultsError, fmt_abs, fmt_pct};
use gomoku_runner::standings::name_column_width;
use gomoku_stats::{
    Advantage, Anchor, PoolFit, PoolGame, PoolOptions, StatsError, Z95, fit_pool_ranked,
};
use serde_json::{Value, json};

/// How the errors of the table were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorMethod {
    /// Sandwich covariance of the maximum-likelihood fit.
    Sandwich,
    /// Parametric bootstrap with this many replicates.
    Bootstrap(usize),
}

impl ErrorMethod {
    /// A short description.
    pub fn describe(self) -> String {
        match self {
            ErrorMethod::Sandwich => "sandwich (robust) covariance of the fit".into(),
            ErrorMethod::Bootstrap(n) => format!("parametric bootstrap, {n} replicates"),
        }
    }
}

/// One player's row of the pool table.
#[derive(Clone, Debug)]
pub struct PoolRow {
    /// Rank from 1.
    pub rank: usize,
    /// Pool index.
    pub index: usize,
    /// Name.
    pub name: String,
    /// Rating.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub error95: f64,
    /// Games.
    pub games: u64,
    /// Points.
    pub points: f64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Games as first mover.
    pub first_games: u64,
    /// Points as first mover.
    pub first_points: f64,
    /// LOS over the next row.
    pub los_next: Option<f64>,
}

impl PoolRow {
    /// Points per game.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            self.points / self.games as f64
        }
    }

    /// Points per game as first mover, if any.
    pub fn first_score(&self) -> Option<f64> {
        (self.first_games > 0).then(|| self.first_points / self.first_games as f64)
    }

    /// Share of drawn games.
    pub fn draw_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.draws as f64 / self.games as f64
        }
    }
}

/// The pool fit and its table.
#[derive(Clone, Debug)]
pub struct PoolTable {
    /// Rows, best first.
    pub rows: Vec<PoolRow>,
    /// The fit.
    pub fit: PoolFit,
    /// Where the errors come from.
    pub method: ErrorMethod,
    /// Whether the first-mover advantage was fitted.
    pub advantage_fitted: bool,
    /// The anchor, if any (name, rating).
    pub anchor: Option<(String, f64)>,
    /// Overall first-mover score.
    pub first_mover_score: f64,
}

/// Options of [`pool_table`].
#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    /// Anchor: a player's name and its rating.
    pub anchor: Option<(String, f64)>,
    /// Fit a first-mover advantage term.
    pub first_mover: bool,
    /// Bootstrap replicates (0: sandwich errors).
    pub bootstrap: usize,
    /// Bootstrap seed.
    pub seed: u64,
}

/// The largest anchor rating in absolute value (far beyond any real scale, far from
/// overflowing the fit's sums).
pub const MAX_ANCHOR: f64 = 100_000.0;

/// An anchor written `NAME` (at 0) or `NAME=VALUE`, VALUE within ±[`MAX_ANCHOR`].
pub fn parse_anchor(s: &str) -> Result<(String, f64), ResultsError> {
    match s.rsplit_once('=') {
        Some((name, value)) => match value.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v.abs() <= MAX_ANCHOR => Ok((name.to_string(), v)),
            _ => Err(ResultsError::BadAnchor(s.to_string())),
        },
        None => Ok((s.to_string(), 0.0)),
    }
}

/// Fits the pool and builds its table.
pub fn pool_table(
    names: &[String],
    games: &[PoolGame],
    opts: &TableOptions,
) -> Result<PoolTable, ResultsError> {
    if games.is_empty() {
        return Err(ResultsError::NoGames { path: None });
    }
    let anchor = match &opts.anchor {
        None => None,
        Some((name, rating)) => {
            let player = names.iter().position(|n| n == name).ok_or_else(|| {
                ResultsError::UnknownAnchor {
                    name: name.clone(),
                    players: names.to_vec(),
                }
            })?;
            Some(Anchor {
                player,
                rating: *rating,
            })
        }
    };
    let popts = PoolOptions {
        anchor,
        first_mover_advantage: if opts.first_mover {
            Advantage::Fit
        } else {
            Advantage::Fixed(0.0)
        },
        bootstrap_replicates: opts.bootstrap,
        seed: opts.seed,
        ..PoolOptions::default()
    };
    // Equal ratings rank by name: a journal numbers the players as the run lists them, a PGN
    // as they first appear, and the same games must rank the same from either.
    let mut by_name: Vec<usize> = (0..names.len()).collect();
    by_name.sort_by(|&a, &b| names[a].cmp(&names[b]));
    let mut tie_rank = vec![0; names.len()];
    for (place, &i) in by_name.iter().enumerate() {
        tie_rank[i] = place;
    }
    let fit = fit_pool_ranked(games, names.len(), &popts, &tie_rank).map_err(|e| match e {
        StatsError::DisconnectedPool { a, b } => {
            ResultsError::Disconnected(names[a].clone(), names[b].clone())
        }
        other => ResultsError::PoolFit(other),
    })?;
    let (stderr, los_next, method) = match (&fit.stderr_bootstrap, &fit.los_next_bootstrap) {
        (Some(sd), Some(los)) if opts.bootstrap >= 2 => (
            sd.clone(),
            los.clone(),
            ErrorMethod::Bootstrap(opts.bootstrap),
        ),
        _ => (
            fit.stderr_sandwich.clone(),
            fit.los_next.clone(),
            ErrorMethod::Sandwich,
        ),
    };
    let n = names.len();
    let mut wdl = vec![[0u64; 3]; n];
    let mut first = vec![(0u64, 0.0f64); n];
    let mut first_points = 0.0;
    // Win, draw or loss of a score; scores are 0, ½ or 1.
    let k = |s: f64| {
        if s > 0.75 {
            0
        } else if s < 0.25 {
            2
        } else {
            1
        }
    };
    for g in games {
        let (a, b) = (g.first, g.second);
        wdl[a][k(g.score)] += 1;
        wdl[b][k(1.0 - g.score)] += 1;
        first[a].0 += 1;
        first[a].1 += g.score;
        first_points += g.score;
    }
    let rows = fit
        .order
        .iter()
        .enumerate()
        .map(|(rank, &i)| PoolRow {
            rank: rank + 1,
            index: i,
            name: names[i].clone(),
            elo: fit.ratings[i],
            error95: Z95 * stderr[i],
            games: fit.games[i],
            points: fit.points[i],
            wins: wdl[i][0],
            draws: wdl[i][1],
            losses: wdl[i][2],
            first_games: first[i].0,
            first_points: first[i].1,
            los_next: los_next.get(rank).copied(),
        })
        .collect();
    Ok(PoolTable {
        rows,
        first_mover_score: first_points / games.len() as f64,
        fit,
        method,
        advantage_fitted: opts.first_mover,
        anchor: opts.anchor.clone(),
    })
}

/// A finite number, or JSON null (JSON has no infinities).
pub(crate) fn finite(v: f64) -> Value {
    if v.is_finite() { json!(v) } else { Value::Null }
}

impl PoolTable {
    /// The table as JSON rows.
    pub fn rows_json(&self) -> Value {
        Value::Array(
            self.rows
                .iter()
                .map(|r| {
                    json!({
                        "rank": r.rank,
                        "name": r.name,
                        "elo": finite(r.elo),
                        "error95": finite(r.error95),
                        "games": r.games,
                        "points": r.points,
                        "score": r.score(),
                        "wins": r.wins,
                        "draws": r.draws,
                        "losses": r.losses,
                        "first_mover_games": r.first_games,
                        "first_mover_score": r.first_score(),
                        "los_next": r.los_next,
                        "draw_rate": r.draw_rate(),
                    })
                })
                .collect(),
        )
    }

    /// The first-mover advantage as JSON.
    pub fn advantage_json(&self) -> Value {
        json!({
            "fitted": self.advantage_fitted,
            "elo": finite(self.fit.first_mover_advantage),
            "error95": finite(Z95 * self.fit.first_mover_advantage_stderr),
            "score": self.first_mover_score,
        })
    }

    /// A plain-text table for the terminal.
    pub fn text(&self) -> String {
        let width = name_column_width(self.rows.iter().map(|r| r.name.as_str()));
        let mut s = format!(
            "{:>4} {:<width$} {:>8} {:>7} {:>6} {:>7} {:>15} {:>7} {:>7} {:>6}\n",
            "rank", "name", "Elo", "±95%", "games", "score", "W/D/L", "first", "LOS", "draw"
        );
        for r in &self.rows {
            let first = r.first_score().map_or_else(|| "-".into(), fmt_pct);
            let los = r.los_next.map_or_else(|| "-".into(), fmt_pct);
            s += &format!(
                "{:>4} {:<width$} {:>8.2} {:>7} {:>6} {:>6.1}% {:>15} {:>7} {:>7} {:>5.1}%\n",
                r.rank,
                r.name,
                r.elo,
                fmt_abs(r.error95),
                r.games,
                100.0 * r.score(),
                format!("{}/{}/{}", r.wins, r.draws, r.losses),
                first,
                los,
                100.0 * r.draw_rate(),
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: usize, second: usize, score: f64) -> PoolGame {
        PoolGame {
            first,
            second,
            score,
        }
    }

    #[test]
    fn anchors_are_names_with_a_bounded_value() {
        assert_eq!(parse_anchor("a").unwrap(), ("a".to_string(), 0.0));
        assert_eq!(
            parse_anchor("a=b=-150").unwrap(),
            ("a=b".to_string(), -150.0)
        );
        for bad in ["a=1e308", "a=inf", "a=NaN", "a=-100001", "a=x"] {
            let e = parse_anchor(bad).unwrap_err().to_string();
            assert!(e.contains("from -100000 to 100000"), "{bad}: {e}");
        }
    }

    #[test]
    fn rows_count_results_by_colour_and_rank_by_rating() {
        let names = ["a".to_string(), "b".to_string()];
        let games = [
            game(0, 1, 1.0),
            game(1, 0, 0.5),
            game(0, 1, 0.0),
            game(1, 0, 0.0),
        ];
        let t = pool_table(&names, &games, &TableOptions::default()).unwrap();
        let a = t.rows.iter().find(|r| r.name == "a").unwrap();
        assert_eq!((a.wins, a.draws, a.losses), (2, 1, 1));
        assert_eq!((a.first_games, a.first_points), (2, 1.0));
        assert_eq!(t.rows[0].name, "a");
        assert!(t.rows[0].elo > 0.0 && (t.rows[0].elo + t.rows[1].elo).abs() < 1e-9);
        assert_eq!(t.first_mover_score, 0.375);
        assert_eq!(t.method, ErrorMethod::Sandwich);
        assert!(t.text().lines().nth(1).unwrap().contains("2/1/1"));
    }

    #[test]
    fn equal_ratings_rank_by_name_whatever_the_source_numbers_the_players() {
        // A journal numbers players as the run lists them, a PGN as they first appear:
        // the same games must rank the same.
        let a_first = ["a", "b", "c"].map(String::from);
        let games = [
            game(0, 1, 1.0),
            game(2, 0, 0.0),
            game(1, 2, 0.5),
            game(2, 1, 0.5),
        ];
        let c_first = ["c", "a", "b"].map(String::from);
        let renumbered = games.map(|g| game((g.first + 1) % 3, (g.second + 1) % 3, g.score));
        let ranks = |names: &[String], games: &[PoolGame]| -> Vec<String> {
            let t = pool_table(names, games, &TableOptions::default()).unwrap();
            t.rows.iter().map(|r| r.name.clone()).collect()
        };
        assert_eq!(ranks(&a_first, &games), ["a", "b", "c"]);
        assert_eq!(ranks(&c_first, &renumbered), ["a", "b", "c"]);
    }

    #[test]
    fn a_very_long_name_overflows_its_row_without_a_panic() {
        // Names from a PGN file are not bounded as config names are.
        let names = ["a".repeat(70_000), "b".to_string()];
        let games = [game(0, 1, 1.0), game(1, 0, 0.5)];
        let t = pool_table(&names, &games, &TableOptions::default()).unwrap();
        let text = t.text();
        assert!(text.contains(&names[0]));
        assert!(text.lines().nth(2).unwrap().len() < 200, "{}", &text[..300]);
    }

    #[test]
    fn bad_anchors_and_split_pools_are_named() {
        let names: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let games = [game(0, 1, 1.0), game(2, 3, 0.5)];
        let anchored = TableOptions {
            anchor: Some(("x".into(), 0.0)),
            ..TableOptions::default()
        };
        let err = pool_table(&names, &games, &anchored).unwrap_err();
        assert!(err.to_string().contains("anchor 'x'"), "{err}");
        let err = pool_table(&names, &games, &TableOptions::default()).unwrap_err();
        assert!(err.to_string().contains("not connected"), "{err}");
        assert!(pool_table(&names, &[], &TableOptions::default()).is_err());
    }
}
