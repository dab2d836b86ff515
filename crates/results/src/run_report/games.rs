//! What the journal says beyond results: game lengths (draws apart), Black's score per
//! opening with its 95% interval, search speed per engine, the forfeits, every game for the
//! viewer, and the notable games (longest, shortest win, upsets).

use crate::Rating;
use gomoku_board::notation::format_pos_moves;
use gomoku_board::{Geometry, Pos, Rule};
use gomoku_report::{
    EngineSpeed, ForfeitCount, GameEnd, GameRecord, GameRecords, OpeningScore, Outcome,
};
use gomoku_runner::{GameResult, JournalLine, Reason};
use gomoku_stats::{Trinomial, score_from_elo};
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

/// The lengths of the drawn games.
pub(crate) fn draw_lengths(lines: &[JournalLine]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.result == Some(GameResult::Draw))
        .map(|l| stones(l) as u32)
        .collect()
}

/// The report's name of a journal's end reason.
pub(crate) fn game_end(r: Reason) -> GameEnd {
    match r {
        Reason::Five => GameEnd::Five,
        Reason::BoardFull => GameEnd::BoardFull,
        Reason::MoveCap => GameEnd::MoveCap,
        Reason::NoLegalMove => GameEnd::NoLegalMove,
        Reason::IllegalMove => GameEnd::IllegalMove,
        Reason::Forbidden => GameEnd::Forbidden,
        Reason::TimeForfeit => GameEnd::TimeForfeit,
        Reason::Crash => GameEnd::Crash,
        Reason::Garbage => GameEnd::Garbage,
        Reason::Failed => GameEnd::Failed,
    }
}

/// Forfeits by player and reason, counted by the runner's rule (as in `standings.json`).
pub(crate) fn forfeits(lines: &[JournalLine]) -> Vec<ForfeitCount> {
    gomoku_runner::batch::forfeits(lines)
        .into_iter()
        .map(|((player, reason), games)| ForfeitCount {
            player,
            reason: game_end(reason),
            games: games as u32,
        })
        .collect()
}

/// Every game of the journal for the viewer, by game number, on the run's board (without a
/// `run.json`, the smallest square of at least 15 that holds every stone, five in a row).
pub(crate) fn game_records(lines: &[JournalLine], board: Option<(Geometry, Rule)>) -> GameRecords {
    let mut games: Vec<GameRecord> = lines
        .iter()
        .map(|l| GameRecord {
            number: l.job as u32 + 1,
            black: l.black.clone(),
            white: l.white.clone(),
            opening: format!("#{}", l.opening + 1),
            opening_moves: l.opening_moves.clone(),
            moves: l.moves.clone(),
            result: match l.result {
                Some(GameResult::Black) => Outcome::Black,
                Some(GameResult::White) => Outcome::White,
                Some(GameResult::Draw) => Outcome::Draw,
                None => Outcome::None,
            },
            end: game_end(l.reason),
        })
        .collect();
    games.sort_by_key(|g| g.number);
    let (width, height, k, rule) = match board {
        Some((g, rule)) => (g.width, g.height, g.k, rule.to_string()),
        None => {
            let most = lines
                .iter()
                .flat_map(|l| l.opening_moves.iter().chain(&l.moves))
                .map(|&[x, y]| usize::from(x.max(y)) + 1)
                .max()
                .unwrap_or(0);
            (
                most.max(15),
                most.max(15),
                5,
                "unknown (no run.json)".into(),
            )
        }
    };
    GameRecords {
        width: width.min(32) as u8,
        height: height.min(32) as u8,
        k: k as u8,
        rule,
        games,
    }
}

/// An opening in pos notation (`h8i9j8`), or as `x,y` points off the notation's range.
fn opening_label(moves: &[[u8; 2]]) -> String {
    let pts: Vec<Pos> = moves.iter().map(|&[x, y]| Pos::new(x, y)).collect();
    format_pos_moves(&pts).unwrap_or_else(|_| {
        let xy: Vec<String> = moves.iter().map(|[x, y]| format!("{x},{y}")).collect();
        xy.join(" ")
    })
}

/// The 95% interval of a score from its trinomial counts: the ends of `gomoku_stats`'s
/// Elo interval (normal approximation on the mean score, as fastchess) back on the score
/// scale.
fn score_interval(t: &Trinomial) -> Option<(f64, f64)> {
    let e = t.elo_estimate().ok()?;
    Some((score_from_elo(e.lower), score_from_elo(e.upper)))
}

/// Black's (the first stone's side) score per opening, by book index, with its 95% interval.
pub(crate) fn opening_scores(lines: &[JournalLine]) -> Vec<OpeningScore> {
    // opening -> (label, Black's results, whether the label is the untransformed opening)
    let mut by: BTreeMap<usize, (String, Trinomial, bool)> = BTreeMap::new();
    for l in lines {
        let Some(result) = l.result else { continue };
        let e = by
            .entry(l.opening)
            .or_insert_with(|| (opening_label(&l.opening_moves), Trinomial::default(), false));
        // Games are played under a random symmetry: label with the book's own orientation
        // when one game shows it.
        if l.transform == "identity" && !e.2 {
            e.0 = opening_label(&l.opening_moves);
            e.2 = true;
        }
        match result {
            GameResult::Black => e.1.wins += 1,
            GameResult::Draw => e.1.draws += 1,
            GameResult::White => e.1.losses += 1,
        }
    }
    by.into_iter()
        .filter_map(|(i, (label, t, _))| {
            Some(OpeningScore {
                opening: format!("#{} {label}", i + 1),
                score: t.score().ok()?,
                games: t.games() as u32,
                interval: score_interval(&t),
            })
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

/// A win is an upset when the ratings gave it at most this chance: one in four happens
/// every fourth game, one in ten is worth a look.
const UPSET_CHANCE: f64 = 0.10;

/// The chance of a win by the side whose expected score is `score`, in a pool that draws
/// `draw_rate` of its games: draws are taken from both sides' chances alike, as many as the
/// weaker side can give (the parametric bootstrap's model of the fit).
fn win_chance(score: f64, draw_rate: f64) -> f64 {
    score - draw_rate.min(2.0 * score.min(1.0 - score)) / 2.0
}

/// The notable games with their labels: the longest game, the shortest decisive game, and
/// the five least likely upsets (wins the ratings, colours and draw rate gave at most
/// [`UPSET_CHANCE`]).
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
    let (advantage, draw_rate) = (r.table.fit.first_mover_advantage, r.table.fit.draw_rate);
    let mut upsets: Vec<(f64, f64, &JournalLine)> = played
        .iter()
        .filter_map(|l| {
            let (winner, loser) = match l.result? {
                GameResult::Black => (&l.black, &l.white),
                GameResult::White => (&l.white, &l.black),
                GameResult::Draw => return None,
            };
            let gap = elo.get(loser.as_str())? - elo.get(winner.as_str())?;
            // The first mover's advantage (0 unless fitted) is Black's.
            let colour = match l.result? {
                GameResult::Black => advantage,
                _ => -advantage,
            };
            let chance = win_chance(score_from_elo(colour - gap), draw_rate);
            (chance <= UPSET_CHANCE).then_some((chance, gap, *l))
        })
        .collect();
    upsets.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.job.cmp(&b.2.job)));
    for (chance, gap, l) in upsets.into_iter().take(5) {
        let percent = 100.0 * chance;
        out.push((
            format!(
                "upset (a {percent:.1}% chance, {gap:.0} Elo below): {}",
                describe(l)
            ),
            l,
        ));
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

    #[test]
    fn upsets_are_only_wins_the_ratings_made_unlikely() {
        let (a, b, c) = ((0, "a"), (1, "b"), (2, "c"));
        // a beats b three games in four (about 190 Elo): b's win had a 25% chance.
        let mut lines = Vec::new();
        for (job, winner) in [b, a, a, a].into_iter().enumerate() {
            let (black, white) = if job % 2 == 0 { (a, b) } else { (b, a) };
            let result = if winner == black {
                GameResult::Black
            } else {
                GameResult::White
            };
            lines.push(line(job, 0, black, white, Some(result)));
        }
        let upsets = |lines: &[JournalLine]| -> Vec<String> {
            let r = rate(
                results_from_lines(Path::new("g"), lines.to_vec()),
                &TableOptions::default(),
            )
            .unwrap();
            let notable = notable_games(&r);
            notable
                .into_iter()
                .filter(|(label, _)| label.starts_with("upset"))
                .map(|(label, _)| label)
                .collect()
        };
        assert_eq!(upsets(&lines), Vec::<String>::new());
        // c loses 19 games of 20 to a: its one win is an upset.
        for k in 0..20 {
            let result = if k == 0 {
                GameResult::White
            } else {
                GameResult::Black
            };
            lines.push(line(4 + k, 1, a, c, Some(result)));
        }
        let got = upsets(&lines);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0].contains("% chance") && got[0].contains("a vs c"),
            "{got:?}"
        );
    }

    #[test]
    fn forfeits_draws_and_games_for_the_viewer() {
        let (a, b) = ((0, "a"), (1, "b"));
        let mut lines = vec![
            line(3, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Draw)),
            line(2, 1, a, b, Some(GameResult::White)),
            line(0, 1, b, a, None),
        ];
        lines[0].reason = Reason::Crash;
        lines[1].reason = Reason::BoardFull;
        lines[2].reason = Reason::TimeForfeit;
        lines[3].reason = Reason::Failed;
        // b lost game 4 by a crash, a lost game 3 on time
        let f = forfeits(&lines);
        let got: Vec<(&str, GameEnd, u32)> = f
            .iter()
            .map(|c| (c.player.as_str(), c.reason, c.games))
            .collect();
        assert_eq!(
            got,
            [("a", GameEnd::TimeForfeit, 1), ("b", GameEnd::Crash, 1)]
        );
        assert_eq!(draw_lengths(&lines), [3]);

        lines[2].moves.push([20, 3]);
        let g = game_records(&lines, None);
        assert_eq!(
            g.games.iter().map(|g| g.number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(g.games[0].result, Outcome::None);
        assert_eq!(g.games[0].end, GameEnd::Failed);
        assert_eq!(g.games[3].end, GameEnd::Crash);
        // without run.json: a square that holds every stone, at least 15
        assert_eq!((g.width, g.height, g.k), (21, 21, 5));
        let g = game_records(&lines, Some((Geometry::square(19), Rule::Renju)));
        assert_eq!((g.width, g.rule.as_str()), (19, "renju"));
    }
}
