//! A result set rated as `rate` rates it: the pool table, and for two players their match
//! statistics. The report's standings are this same computation with the default options, so
//! `report` and `rate --json` always agree.

use crate::{MatchStats, PoolTable, Results, ResultsError, SourceKind, TableOptions};
use crate::{match_stats, pool_table};
use gomoku_stats::{FirstMover, Z95, fmt_elo_pm};
use serde_json::{Value, json};

/// The rating of a result set.
#[derive(Clone, Debug)]
pub struct Rating {
    /// The results.
    pub results: Results,
    /// The pool table.
    pub table: PoolTable,
    /// Two-player statistics (from the first player's point of view), for two players.
    pub matchup: Option<MatchStats>,
}

/// Rates a result set.
pub fn rate(results: Results, opts: &TableOptions) -> Result<Rating, ResultsError> {
    if results.games.is_empty() {
        return Err(ResultsError::NoGames {
            path: Some(results.path),
        });
    }
    let table = pool_table(&results.names, &results.games, opts)?;
    let matchup = if results.names.len() == 2 {
        Some(match_stats(&results, 0)?)
    } else {
        None
    };
    Ok(Rating {
        results,
        table,
        matchup,
    })
}

impl Rating {
    /// The JSON object of `rate --json`.
    pub fn to_json(&self) -> Value {
        let t = &self.table;
        let r = &self.results;
        json!({
            "source": r.path.display().to_string(),
            "format": match r.kind { SourceKind::Journal => "journal", SourceKind::Pgn => "pgn" },
            "games": r.games.len(),
            "skipped_games": r.skipped,
            "players": t.rows_json(),
            "scale": 400.0,
            "anchor": t.anchor.as_ref().map(|(n, v)| json!({ "name": n, "elo": v })),
            "errors": t.method.describe(),
            "first_mover_advantage": t.advantage_json(),
            "draw_rate": t.fit.draw_rate,
            "regularized": t.fit.regularized,
            "pairs": r.pairs.len(),
            "match": self.matchup.as_ref().map(|m| m.to_json(&r.names)),
        })
    }

    /// The terminal output of `rate`: the table, how it was computed, and the match. A PGN
    /// was read with `first_mover` (which tag names the player of the first stone).
    pub fn text(&self, first_mover: FirstMover) -> String {
        let t = &self.table;
        let r = &self.results;
        let mover = match (r.kind, first_mover) {
            (SourceKind::Pgn, FirstMover::White) => "[White]",
            (SourceKind::Pgn, FirstMover::Black) => "[Black]",
            (SourceKind::Journal, _) => "black",
        };
        let mut s = t.text();
        s += &format!(
            "{} games ({} skipped), draws {:.1}%, first mover ({mover}) scores {:.1}%\n",
            r.games.len(),
            r.skipped,
            100.0 * t.fit.draw_rate,
            100.0 * t.first_mover_score
        );
        if t.advantage_fitted {
            s += &format!(
                "first-mover advantage {} Elo (fitted)\n",
                fmt_elo_pm(
                    t.fit.first_mover_advantage,
                    Z95 * t.fit.first_mover_advantage_stderr,
                    1
                )
            );
        } else {
            s += "first-mover advantage 0 (fixed; --first-mover fits it)\n";
        }
        let anchor = match &t.anchor {
            Some((n, v)) => format!("{n} anchored at {v}"),
            None => "mean 0".into(),
        };
        s += &format!(
            "Elo: pool fit, 400 per factor 10 in odds, {anchor}; ±95%: {}; LOS to the next row\n",
            t.method.describe()
        );
        if t.fit.regularized {
            s += "note: a perfect score made the maximum-likelihood ratings infinite; one virtual draw per pair of players keeps them finite\n";
        }
        if let Some(m) = &self.matchup {
            s += &m.text(&r.names);
        }
        s
    }
}
