//! The statistics of a two-player result set: per game (trinomial) and per game pair
//! (pentanomial), each with Elo, nElo and LOS. The pentanomial is the one to trust when the
//! games come in pairs, as it keeps the correlation of the two games of one opening.

use crate::pool::finite;
use crate::{Results, ResultsError, fmt_pct, fmt_signed};
use gomoku_stats::{EloEstimate, Pentanomial, PoolGame, StatsError, Trinomial, fmt_elo_pm};
use serde_json::{Value, json};

/// Two-player match statistics from one player's point of view.
#[derive(Clone, Debug)]
pub struct MatchStats {
    /// The player whose Elo is reported (pool index).
    pub player: usize,
    /// The opponent (pool index).
    pub opponent: usize,
    /// Per-game counts.
    pub trinomial: Trinomial,
    /// Pair counts.
    pub pentanomial: Pentanomial,
    /// Games not in a pair.
    pub unpaired: usize,
}

/// The match statistics of a two-player result set from `player`'s point of view.
pub fn match_stats(results: &Results, player: usize) -> Result<MatchStats, ResultsError> {
    let score = |g: &PoolGame| {
        if g.first == player {
            g.score
        } else {
            1.0 - g.score
        }
    };
    let mut trinomial = Trinomial::default();
    for g in &results.games {
        trinomial.add(score(g))?;
    }
    let mut pentanomial = Pentanomial::default();
    for [a, b] in &results.pairs {
        pentanomial.add_pair_score(score(&results.games[*a]) + score(&results.games[*b]))?;
    }
    Ok(MatchStats {
        player,
        opponent: 1 - player,
        trinomial,
        pentanomial,
        unpaired: results.games.len() - 2 * results.pairs.len(),
    })
}

/// An estimate as JSON (`null` for non-finite parts).
fn estimate_json(e: &EloEstimate) -> Value {
    json!({ "elo": finite(e.elo), "error95": finite(e.error95), "lower": finite(e.lower), "upper": finite(e.upper) })
}

/// `+12.3 ± 4.5`, or `-` when there is no estimate.
pub fn fmt_estimate(e: Result<EloEstimate, StatsError>) -> String {
    match e {
        // A score interval that reaches 0% or 100% has no finite Elo end: show its ends.
        Ok(e) if !e.error95.is_finite() => format!(
            "{} (95%: {} to {})",
            fmt_signed(e.elo),
            fmt_end(e.lower),
            fmt_end(e.upper)
        ),
        Ok(e) => fmt_elo_pm(e.elo, e.error95, 1),
        Err(_) => "-".into(),
    }
}

/// An end of an Elo interval: a signed number, or `-inf` / `+inf`.
fn fmt_end(x: f64) -> String {
    if x.is_finite() {
        fmt_signed(x)
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// Pair outcomes as `a, b, c, d, e` (by the player's points 0, ½, 1, 1½, 2).
pub fn fmt_counts(p: &Pentanomial) -> String {
    p.0.map(|n| n.to_string()).join(", ")
}

impl MatchStats {
    /// The statistics as JSON.
    pub fn to_json(&self, names: &[String]) -> Value {
        let t = &self.trinomial;
        let p = &self.pentanomial;
        let or_null = |r: Result<EloEstimate, StatsError>| {
            r.map(|e| estimate_json(&e)).unwrap_or(Value::Null)
        };
        json!({
            "player": names[self.player],
            "opponent": names[self.opponent],
            "trinomial": {
                "wins": t.wins, "draws": t.draws, "losses": t.losses,
                "score": t.score().ok(),
                "elo": or_null(t.elo_estimate()),
                "nelo": or_null(t.nelo_estimate()),
                "los": t.los().ok(),
                "draw_ratio": t.draw_ratio().ok(),
            },
            "pentanomial": {
                "counts": p.0,
                "pairs": p.pairs(),
                "unpaired_games": self.unpaired,
                "score": p.score().ok(),
                "elo": or_null(p.elo_estimate()),
                "nelo": or_null(p.nelo_estimate()),
                "los": p.los().ok(),
            },
        })
    }

    /// A few lines for the terminal.
    pub fn text(&self, names: &[String]) -> String {
        let t = &self.trinomial;
        let p = &self.pentanomial;
        let pct = |r: Result<f64, StatsError>| r.map_or_else(|_| "-".into(), fmt_pct);
        let mut s = format!(
            "{} vs {}: {} games, W/D/L {}/{}/{}\n",
            names[self.player],
            names[self.opponent],
            t.games(),
            t.wins,
            t.draws,
            t.losses
        );
        s += &format!(
            "  trinomial:   Elo {}  nElo {}  LOS {}\n",
            fmt_estimate(t.elo_estimate()),
            fmt_estimate(t.nelo_estimate()),
            pct(t.los())
        );
        s += &format!(
            "  pentanomial: Elo {}  nElo {}  LOS {}  pairs {} [LL LD DD+WL WD WW] = [{}]",
            fmt_estimate(p.elo_estimate()),
            fmt_estimate(p.nelo_estimate()),
            pct(p.los()),
            p.pairs(),
            fmt_counts(p)
        );
        if self.unpaired > 0 {
            s += &format!(" ({} games without a partner)", self.unpaired);
        }
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_open_at_one_end_shows_its_ends() {
        let mut t = Trinomial::default();
        for _ in 0..9 {
            t.add(1.0).unwrap();
        }
        t.add(0.5).unwrap();
        let text = fmt_estimate(t.elo_estimate());
        assert!(!text.contains("± inf"), "{text}");
        assert!(
            text.contains("(95%: +") && text.ends_with(" to +inf)"),
            "{text}"
        );
        let mut even = Trinomial::default();
        even.add(1.0).unwrap();
        even.add(0.0).unwrap();
        even.add(0.5).unwrap();
        assert!(fmt_estimate(even.elo_estimate()).contains(" ± "));
        let drawn = Pentanomial([0, 0, 5, 0, 0]);
        assert_eq!(
            fmt_estimate(drawn.elo_estimate()),
            "+0.0 (degenerate interval: no variance)"
        );
    }
    use crate::read::results_from_lines;
    use crate::read::tests::line;
    use gomoku_runner::GameResult;
    use std::path::Path;

    #[test]
    fn pairs_count_from_the_players_point_of_view() {
        let (a, b) = ((0, "a"), (1, "b"));
        let lines = vec![
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Draw)),
            line(2, 1, a, b, Some(GameResult::White)),
            line(3, 1, b, a, Some(GameResult::Black)),
            line(4, 2, a, b, Some(GameResult::Draw)),
        ];
        let r = results_from_lines(Path::new("g"), lines);
        let m = match_stats(&r, 0).unwrap();
        assert_eq!(
            (m.trinomial.wins, m.trinomial.draws, m.trinomial.losses),
            (1, 2, 2)
        );
        // a scored 1½ in pair 0 and 0 in pair 1; game 4 has no partner.
        assert_eq!(m.pentanomial.0, [1, 0, 0, 1, 0]);
        assert_eq!(m.unpaired, 1);
        let b_view = match_stats(&r, 1).unwrap();
        assert_eq!(b_view.pentanomial.0, [0, 1, 0, 0, 1]);
        let text = m.text(&r.names);
        assert!(
            text.contains("= [1, 0, 0, 1, 0] (1 games without a partner)"),
            "{text}"
        );
    }
}
