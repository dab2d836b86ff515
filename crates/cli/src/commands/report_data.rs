//! What `rate`, `report` and `sprt` share: reading results (a run directory, a journal, a
//! results-only PGN) into pool games with their game pairs, the pool table (Ordo-style fit,
//! one row per player) and the two-player match statistics (trinomial and pentanomial).
//!
//! Conventions:
//! - the pool model's "first mover" is the player of the first stone: `black` in the journal,
//!   `[Black]` in a PGN (c-gomoku-cli's and our `results.pgn`'s convention); a PGN written the
//!   chess way (`[White]` moved first) is read with `FirstMover::White`. Ratings without the
//!   first-mover term do not depend on it; the first-mover advantage and score do.
//! - errors are the sandwich (robust, calibrated with draws) standard errors of
//!   `gomoku_stats::fit_pool` times 1.96, or the parametric bootstrap's when asked for;
//!   LOS to the next player uses the same source (covariance or bootstrap replicates).
//! - game pairs (for the pentanomial): in a journal, the two games sharing
//!   (round, pair, opening) with colours reversed; in a PGN, two consecutive games between
//!   the same two players with colours reversed. Games without a partner count only in the
//!   trinomial.

use anyhow::{Context, Result, bail};
use gomoku_runner::journal::{JOURNAL_FILE, JournalLine, RUN_FILE, read_journal};
use gomoku_stats::{
    Advantage, Anchor, EloEstimate, FirstMover, Pentanomial, PoolFit, PoolGame, PoolOptions,
    Trinomial, Z95, fit_pool, parse_pgn, to_pool_games,
};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the results came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// A `games.jsonl` journal (possibly inside a run directory).
    Journal,
    /// A results-only PGN.
    Pgn,
}

/// Results ready for the pool fit.
#[derive(Clone, Debug)]
pub struct Results {
    /// The file read.
    pub path: PathBuf,
    /// Its kind.
    pub kind: SourceKind,
    /// Player names, by pool index.
    pub names: Vec<String>,
    /// Games with a result, in file (journal: job) order.
    pub games: Vec<PoolGame>,
    /// Game pairs: indices into `games` of the two games of one opening, colours reversed.
    pub pairs: Vec<[usize; 2]>,
    /// Games without a result (failed jobs, unfinished `*` PGN games), not rated.
    pub skipped: usize,
    /// Journal lines kept (deduplicated by job, sorted), empty for a PGN.
    pub lines: Vec<JournalLine>,
}

/// Reads a journal, sorted and deduplicated by job. A torn last line (a run killed while
/// writing it) is skipped with a warning naming the file and line; any other bad line is an
/// error naming them.
pub fn read_journal_lines(path: &Path) -> Result<Vec<JournalLine>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let contents = read_journal(path)?;
    if contents.torn {
        let line = bytes[..contents.valid_len as usize]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        eprintln!(
            "warning: {}:{line}: torn last line (the run was stopped while writing it): ignored",
            path.display()
        );
    }
    let mut lines = contents.lines;
    lines.sort_by_key(|l| l.job);
    lines.dedup_by_key(|l| l.job);
    Ok(lines)
}

/// Results of journal lines: players named by participant index (only those with games),
/// pairs by (round, pair, opening).
pub fn results_from_lines(path: &Path, lines: Vec<JournalLine>) -> Result<Results> {
    let mut by_index: BTreeMap<usize, String> = BTreeMap::new();
    for l in &lines {
        if l.result.is_some() {
            by_index
                .entry(l.black_idx)
                .or_insert_with(|| l.black.clone());
            by_index
                .entry(l.white_idx)
                .or_insert_with(|| l.white.clone());
        }
    }
    let pool_index: BTreeMap<usize, usize> =
        by_index.keys().enumerate().map(|(k, &i)| (i, k)).collect();
    let names: Vec<String> = by_index.into_values().collect();
    let mut games = Vec::new();
    let mut skipped = 0;
    let mut groups: BTreeMap<(u32, usize, usize), Vec<usize>> = BTreeMap::new();
    for l in &lines {
        let Some(result) = l.result else {
            skipped += 1;
            continue;
        };
        groups
            .entry((l.round, l.pair, l.opening))
            .or_default()
            .push(games.len());
        games.push(PoolGame {
            first: pool_index[&l.black_idx],
            second: pool_index[&l.white_idx],
            score: result.black_score(),
        });
    }
    let mut pairs = Vec::new();
    for idx in groups.values() {
        // Pair games of the group with colours reversed, in job order.
        let mut used = vec![false; idx.len()];
        for a in 0..idx.len() {
            if used[a] {
                continue;
            }
            let ga = games[idx[a]];
            if let Some(b) = (a + 1..idx.len()).find(|&b| {
                !used[b] && games[idx[b]].first == ga.second && games[idx[b]].second == ga.first
            }) {
                used[a] = true;
                used[b] = true;
                pairs.push([idx[a], idx[b]]);
            }
        }
    }
    pairs.sort_unstable();
    Ok(Results {
        path: path.to_path_buf(),
        kind: SourceKind::Journal,
        names,
        games,
        pairs,
        skipped,
        lines,
    })
}

/// Results of a results-only PGN text; consecutive games of two players with colours
/// reversed form a pair.
pub fn results_from_pgn(path: &Path, text: &str, first_mover: FirstMover) -> Result<Results> {
    let parsed = parse_pgn(text).map_err(|e| match e {
        gomoku_stats::StatsError::Pgn { line, message } => {
            anyhow::anyhow!("{}:{line}: {message}", path.display())
        }
        other => anyhow::anyhow!("{}: {other}", path.display()),
    })?;
    let (names, games) = to_pool_games(&parsed.games, first_mover);
    let mut pairs = Vec::new();
    let mut i = 0;
    while i + 1 < games.len() {
        let (a, b) = (games[i], games[i + 1]);
        if a.first == b.second && a.second == b.first {
            pairs.push([i, i + 1]);
            i += 2;
        } else {
            i += 1;
        }
    }
    Ok(Results {
        path: path.to_path_buf(),
        kind: SourceKind::Pgn,
        names,
        games,
        pairs,
        skipped: parsed.unfinished,
        lines: Vec::new(),
    })
}

/// Reads a run directory (its `games.jsonl`), a journal file, or a results-only PGN. A file
/// whose first non-blank character is `{` is a journal; anything else is PGN.
pub fn load_results(path: &Path, first_mover: FirstMover) -> Result<Results> {
    let file = if path.is_dir() {
        let journal = path.join(JOURNAL_FILE);
        if !journal.is_file() {
            bail!(
                "{}: no {JOURNAL_FILE} in this directory (is it a run directory?)",
                path.display()
            );
        }
        journal
    } else {
        path.to_path_buf()
    };
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace()).copied();
    if first == Some(b'{') {
        let lines = read_journal_lines(&file)?;
        results_from_lines(&file, lines)
    } else {
        let text = String::from_utf8(bytes).map_err(|e| {
            let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
            anyhow::anyhow!("{}:{line}: not UTF-8 text", file.display())
        })?;
        results_from_pgn(&file, &text, first_mover)
    }
}

/// The `run.json` of a directory, if there is one.
pub fn run_info(dir: &Path) -> Result<Option<gomoku_runner::RunInfo>> {
    if dir.join(RUN_FILE).is_file() {
        Ok(Some(gomoku_runner::RunInfo::load(dir)?))
    } else {
        Ok(None)
    }
}

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
    /// Wins, draws, losses.
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

/// Fits the pool and builds its table.
pub fn pool_table(names: &[String], games: &[PoolGame], opts: &TableOptions) -> Result<PoolTable> {
    if games.is_empty() {
        bail!("no finished games to rate");
    }
    let anchor = match &opts.anchor {
        None => None,
        Some((name, rating)) => {
            let player = names.iter().position(|n| n == name).with_context(|| {
                format!(
                    "anchor '{name}' is not a player (players: {})",
                    names.join(", ")
                )
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
    let fit = fit_pool(games, names.len(), &popts).map_err(|e| match e {
        gomoku_stats::StatsError::DisconnectedPool { a, b } => anyhow::anyhow!(
            "players {} and {} are not connected by any chain of games: their ratings cannot be compared",
            names[a],
            names[b]
        ),
        other => anyhow::anyhow!("pool fit: {other}"),
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
    for g in games {
        let (a, b) = (g.first, g.second);
        let k = |s: f64| {
            if s > 0.75 {
                0
            } else if s < 0.25 {
                2
            } else {
                1
            }
        };
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

/// Two-player match statistics from one player's point of view.
#[derive(Clone, Debug)]
pub struct MatchStats {
    /// The player whose Elo is reported.
    pub player: usize,
    /// The opponent.
    pub opponent: usize,
    /// Per-game counts.
    pub trinomial: Trinomial,
    /// Pair counts.
    pub pentanomial: Pentanomial,
    /// Games not in a pair.
    pub unpaired: usize,
}

/// The match statistics of a two-player result set from `player`'s point of view.
pub fn match_stats(results: &Results, player: usize) -> Result<MatchStats> {
    let opponent = 1 - player;
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
        opponent,
        trinomial,
        pentanomial,
        unpaired: results.games.len() - 2 * results.pairs.len(),
    })
}

/// An estimate as JSON (`null` for non-finite parts).
pub fn estimate_json(e: &EloEstimate) -> Value {
    json!({ "elo": finite(e.elo), "error95": finite(e.error95), "lower": finite(e.lower), "upper": finite(e.upper) })
}

/// A finite number or JSON null.
pub fn finite(v: f64) -> Value {
    if v.is_finite() { json!(v) } else { Value::Null }
}

impl MatchStats {
    /// The statistics as JSON.
    pub fn to_json(&self, names: &[String]) -> Value {
        let t = &self.trinomial;
        let p = &self.pentanomial;
        let or_null = |r: Result<EloEstimate, gomoku_stats::StatsError>| {
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
        let pm = |r: Result<EloEstimate, gomoku_stats::StatsError>| match r {
            Ok(e) => format!("{} ± {}", fmt_signed(e.elo), fmt_abs(e.error95)),
            Err(_) => "-".into(),
        };
        let pct = |r: Result<f64, gomoku_stats::StatsError>| {
            r.map(|v| format!("{:.1}%", 100.0 * v))
                .unwrap_or_else(|_| "-".into())
        };
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
            pm(t.elo_estimate()),
            pm(t.nelo_estimate()),
            pct(t.los())
        );
        s += &format!(
            "  pentanomial: Elo {}  nElo {}  LOS {}  pairs {} [LL LD DD+WL WD WW] = {:?}",
            pm(p.elo_estimate()),
            pm(p.nelo_estimate()),
            pct(p.los()),
            p.pairs(),
            p.0
        );
        if self.unpaired > 0 {
            s += &format!(" ({} games without a partner)", self.unpaired);
        }
        s.push('\n');
        s
    }
}

/// `+12.3`, `-4.0`, `inf`.
pub fn fmt_signed(v: f64) -> String {
    if v.is_finite() {
        let v = if v.abs() < 0.05 { 0.0 } else { v };
        format!("{v:+.1}")
    } else if v > 0.0 {
        "+inf".into()
    } else if v < 0.0 {
        "-inf".into()
    } else {
        "?".into()
    }
}

/// `12.3` or `inf`.
pub fn fmt_abs(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.1}")
    } else {
        "inf".into()
    }
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
        let width = self
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let mut s = format!(
            "{:>4} {:<width$} {:>8} {:>7} {:>6} {:>7} {:>15} {:>7} {:>7} {:>6}\n",
            "rank", "name", "Elo", "±95%", "games", "score", "W/D/L", "first", "LOS", "draw"
        );
        for r in &self.rows {
            let first = r
                .first_score()
                .map_or_else(|| "-".into(), |v| format!("{:.1}%", 100.0 * v));
            let los = r
                .los_next
                .map_or_else(|| "-".into(), |v| format!("{:.1}%", 100.0 * v));
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
