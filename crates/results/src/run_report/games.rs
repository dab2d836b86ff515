//! What the journal says beyond results: game lengths, Black's score per opening, search
//! speed per engine, and the notable games (longest, shortest win, upsets).

use crate::Rating;
use gomoku_board::Pos;
use gomoku_board::notation::format_pos_moves;
use gomoku_report::{EngineSpeed, OpeningScore};
use gomoku_runner::{GameResult, JournalLine};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// Stones on the board at the end of a game, opening included.
fn stones(l: &JournalLine) -> usize {
    l.opening_moves.len() + l.moves.len()
}

/// The lengths of the games with a result.
pub(crate) fn game_lengths(lines: &[JournalLine]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.result.is_some())
        .map(|l| stones(l) as u32)
        .collect()
}

/// An opening in pos notation (`h8i9j8`), or as `x,y` points off the notation's range.
fn opening_label(moves: &[[u8; 2]]) -> String {
    let pts: Vec<Pos> = moves.iter().map(|&[x, y]| Pos::new(x, y)).collect();
    format_pos_moves(&pts).unwrap_or_else(|_| {
        let xy: Vec<String> = moves.iter().map(|[x, y]| format!("{x},{y}")).collect();
        xy.join(" ")
    })
}

/// Black's (the first stone's side) score per opening, by book index.
pub(crate) fn opening_scores(lines: &[JournalLine]) -> Vec<OpeningScore> {
    // opening -> (label, points, games, whether the label is the untransformed opening)
    let mut by: BTreeMap<usize, (String, f64, u32, bool)> = BTreeMap::new();
    for l in lines {
        let Some(result) = l.result else { continue };
        let e = by
            .entry(l.opening)
            .or_insert_with(|| (opening_label(&l.opening_moves), 0.0, 0, false));
        // Games are played under a random symmetry: label with the book's own orientation
        // when one game shows it.
        if l.transform == "identity" && !e.3 {
            e.0 = opening_label(&l.opening_moves);
            e.3 = true;
        }
        e.1 += result.black_score();
        e.2 += 1;
    }
    by.into_iter()
        .map(|(i, (label, points, games, _))| OpeningScore {
            opening: format!("#{} {label}", i + 1),
            score: points / f64::from(games),
            games,
        })
        .collect()
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        0.5 * (v[m - 1] + v[m])
    }
}

/// Per engine that searched: median nodes/s over its moves (nodes / wall time of the move)
/// and mean completed depth per move.
pub(crate) fn speeds(lines: &[JournalLine]) -> Vec<EngineSpeed> {
    // name -> (nodes/s samples, depth samples, nodes)
    let mut by: BTreeMap<&str, (Vec<f64>, Vec<f64>, u64)> = BTreeMap::new();
    for l in lines {
        for i in 0..l.moves.len() {
            let black = (l.opening_moves.len() + i) % 2 == 0;
            let e = by
                .entry(if black { &l.black } else { &l.white })
                .or_default();
            let nodes = l.nodes.get(i).copied().unwrap_or(0);
            let t = l.time_us.get(i).copied().unwrap_or(0);
            e.2 += nodes;
            if nodes > 0 && t > 0 {
                e.0.push(nodes as f64 * 1e6 / t as f64);
            }
            if let Some(&d) = l.depth.get(i) {
                e.1.push(f64::from(d));
            }
        }
    }
    by.into_iter()
        .filter(|(_, (nps, _, nodes))| *nodes > 0 && !nps.is_empty())
        .map(|(engine, (mut nps, depth, _))| EngineSpeed {
            engine: engine.to_string(),
            nodes_per_sec_median: median(&mut nps),
            mean_depth: depth.iter().sum::<f64>() / depth.len().max(1) as f64,
            nps_samples: nps,
            depth_samples: depth,
        })
        .collect()
}

/// A game in words: `game 3: a vs b, a (Black) won after 41 stones`.
fn describe(l: &JournalLine) -> String {
    let result = match l.result {
        Some(GameResult::Black) => format!("{} (Black) won", l.black),
        Some(GameResult::White) => format!("{} (White) won", l.white),
        _ => "draw".into(),
    };
    format!(
        "game {}: {} vs {}, {result} after {} stones",
        l.job + 1,
        l.black,
        l.white,
        stones(l)
    )
}

/// The notable games with their labels: the longest game, the shortest decisive game, and
/// the five biggest upsets (the winner rated at least 50 below the loser).
pub(crate) fn notable_games(r: &Rating) -> Vec<(String, &JournalLine)> {
    let elo: BTreeMap<&str, f64> = r
        .table
        .rows
        .iter()
        .map(|row| (row.name.as_str(), row.elo))
        .collect();
    let played: Vec<&JournalLine> = r
        .results
        .lines
        .iter()
        .filter(|l| l.result.is_some())
        .collect();
    let mut out = Vec::new();
    // Ties go to the earliest game.
    if let Some(l) = played.iter().max_by_key(|l| (stones(l), Reverse(l.job))) {
        out.push((format!("longest game: {}", describe(l)), *l));
    }
    let decisive = played.iter().filter(|l| l.result != Some(GameResult::Draw));
    if let Some(l) = decisive.min_by_key(|l| (stones(l), l.job)) {
        out.push((format!("shortest win: {}", describe(l)), *l));
    }
    let mut upsets: Vec<(f64, &JournalLine)> = played
        .iter()
        .filter_map(|l| {
            let (winner, loser) = match l.result? {
                GameResult::Black => (&l.black, &l.white),
                GameResult::White => (&l.white, &l.black),
                GameResult::Draw => return None,
            };
            let gap = elo.get(loser.as_str())? - elo.get(winner.as_str())?;
            (gap >= 50.0).then_some((gap, *l))
        })
        .collect();
    upsets.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.job.cmp(&b.1.job)));
    for (gap, l) in upsets.into_iter().take(5) {
        out.push((format!("upset ({gap:.0} Elo): {}", describe(l)), l));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::tests::line;
    use crate::{TableOptions, rate, results_from_lines};
    use std::path::Path;

    #[test]
    fn openings_speeds_and_notable_games() {
        let (a, b) = ((0, "a"), (1, "b"));
        let mut lines = vec![
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Draw)),
            line(2, 1, a, b, Some(GameResult::White)),
            line(3, 1, b, a, Some(GameResult::White)),
        ];
        lines[1].moves.push([9, 9]);
        lines[2].opening = 1;
        lines[2].transform = "rot90".into();
        lines[3].opening = 1;
        lines[3].opening_moves = vec![[20, 20]];
        let openings = opening_scores(&lines);
        assert_eq!(openings[0].opening, "#1 h8");
        assert_eq!((openings[0].score, openings[0].games), (0.75, 2));
        assert_eq!(openings[1].score, 0.0);
        assert_eq!(game_lengths(&lines), [3, 4, 3, 3]);

        // Black's first move of line 0 is move 1 (the opening has one stone): it is White's.
        let speed = speeds(&lines[..1]);
        assert_eq!(speed[0].engine, "a");
        assert_eq!(speed[0].nodes_per_sec_median, 200.0 * 1e6 / 20.0);
        assert_eq!(speed[1].engine, "b");

        let r = rate(
            results_from_lines(Path::new("g"), lines),
            &TableOptions::default(),
        )
        .unwrap();
        let notable = notable_games(&r);
        assert!(
            notable[0]
                .0
                .starts_with("longest game: game 2: b vs a, draw after 4")
        );
        assert!(
            notable[1].0.starts_with("shortest win: game 1:"),
            "{notable:?}"
        );
    }
}
