//! The ending of a match as users of fastchess and c-gomoku-cli read it: per pairing the
//! score `W - L - D`, the Elo difference with its 95% interval, LOS and the pentanomial
//! counts, from the first player's point of view. A two-player run gets one block; a
//! gauntlet one per candidate and opponent; a round robin of more players none (its pool
//! table says more).

use crate::matchup::{fmt_counts, fmt_estimate, match_stats};
use crate::{Results, fmt_pct};

/// The endings of `results`: one block for two players, else one per candidate (by name)
/// and opponent; none for a round robin of three or more.
pub fn match_endings(results: &Results, candidates: &[String]) -> String {
    let n = results.names.len();
    let mut blocks = Vec::new();
    if n == 2 && candidates.len() <= 1 {
        let first = candidates
            .first()
            .and_then(|c| results.names.iter().position(|m| m == c))
            .unwrap_or(0);
        blocks.push(ending(results, first, 1 - first));
    } else {
        for c in candidates {
            let Some(a) = results.names.iter().position(|m| m == c) else {
                continue;
            };
            for b in (0..n).filter(|&b| !candidates.contains(&results.names[b])) {
                blocks.push(ending(results, a, b));
            }
        }
    }
    blocks.retain(|b| !b.is_empty());
    blocks.concat()
}

/// The block of `a` against `b`, or nothing when they played no game.
fn ending(results: &Results, a: usize, b: usize) -> String {
    let pair = between(results, a, b);
    let Ok(m) = match_stats(&pair, 0) else {
        return String::new();
    };
    let (t, p) = (&m.trinomial, &m.pentanomial);
    if t.games() == 0 {
        return String::new();
    }
    let points = t.wins as f64 + 0.5 * t.draws as f64;
    let rule = "-".repeat(60);
    // With game pairs the pentanomial is the honest model (it keeps the two games of an
    // opening together); without any, the games are all there is.
    let (elo, nelo, los, model) = if p.pairs() > 0 {
        (p.elo_estimate(), p.nelo_estimate(), p.los(), "game pairs")
    } else {
        (t.elo_estimate(), t.nelo_estimate(), t.los(), "games")
    };
    let mut s = format!(
        "{rule}\nResults of {} vs {} ({} games, {} pairs):\n",
        pair.names[0],
        pair.names[1],
        t.games(),
        p.pairs()
    );
    s += &format!(
        "Score: {} - {} - {} (W - L - D), points {points:.1} ({})\n",
        t.wins,
        t.losses,
        t.draws,
        fmt_pct(points / t.games() as f64)
    );
    s += &format!(
        "Elo: {}, nElo: {}, LOS: {} (from the {model})\n",
        fmt_estimate(elo),
        fmt_estimate(nelo),
        los.map_or_else(|_| "-".into(), fmt_pct)
    );
    s += &format!("Ptnml(0-2): [{}]", fmt_counts(p));
    if m.unpaired > 0 {
        s += &format!(", {} games without a partner", m.unpaired);
    }
    s += &format!("\n{rule}\n");
    s
}

/// The games between pool players `a` and `b` alone, `a` as player 0.
fn between(results: &Results, a: usize, b: usize) -> Results {
    let index = |p: usize| usize::from(p == b);
    let mut kept = vec![None; results.games.len()];
    let mut games = Vec::new();
    for (i, g) in results.games.iter().enumerate() {
        if (g.first, g.second) == (a, b) || (g.first, g.second) == (b, a) {
            kept[i] = Some(games.len());
            let mut g = *g;
            (g.first, g.second) = (index(g.first), index(g.second));
            games.push(g);
        }
    }
    let pairs = results
        .pairs
        .iter()
        .filter_map(|&[x, y]| Some([kept[x]?, kept[y]?]))
        .collect();
    Results {
        path: results.path.clone(),
        kind: results.kind,
        names: vec![results.names[a].clone(), results.names[b].clone()],
        games,
        pairs,
        skipped: 0,
        lines: Vec::new(),
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::results_from_lines;
    use crate::read::tests::line;
    use gomoku_runner::GameResult;
    use std::path::Path;

    #[test]
    fn a_two_player_match_ends_with_score_elo_los_and_pairs() {
        let (a, b) = ((0, "a"), (1, "b"));
        let lines = vec![
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Draw)),
            line(2, 1, a, b, Some(GameResult::White)),
            line(3, 1, b, a, Some(GameResult::White)),
        ];
        let r = results_from_lines(Path::new("g"), lines);
        let text = match_endings(&r, &[]);
        assert!(
            text.contains("Results of a vs b (4 games, 2 pairs):"),
            "{text}"
        );
        // a: a win, a draw, a loss, a win.
        assert!(
            text.contains("Score: 2 - 1 - 1 (W - L - D), points 2.5 (62.5%)"),
            "{text}"
        );
        assert!(text.contains("Elo: +") && text.contains("LOS: "), "{text}");
        // a scored 1½ in pair 0 and 1 in pair 1.
        assert!(text.contains("Ptnml(0-2): [0, 0, 1, 1, 0]"), "{text}");
    }

    #[test]
    fn a_gauntlet_ends_with_a_block_per_opponent_and_a_round_robin_with_none() {
        let (a, b, c) = ((0, "a"), (1, "b"), (2, "c"));
        let lines = vec![
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Black)),
            line(2, 1, c, a, Some(GameResult::Black)),
            line(3, 1, a, c, Some(GameResult::Draw)),
        ];
        let r = results_from_lines(Path::new("g"), lines);
        let text = match_endings(&r, &["a".to_string()]);
        assert!(
            text.contains("Results of a vs b (2 games, 1 pairs):"),
            "{text}"
        );
        assert!(
            text.contains("Results of a vs c (2 games, 1 pairs):"),
            "{text}"
        );
        assert!(text.contains("Score: 1 - 1 - 0"), "{text}");
        assert!(text.contains("Score: 0 - 1 - 1"), "{text}");
        assert_eq!(match_endings(&r, &[]), "");
    }
}
