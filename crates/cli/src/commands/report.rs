//! `report`: the report of a run directory (Markdown, self-contained HTML, SVG and PNG
//! charts) in `DIR/report/`, built from `run.json` and `games.jsonl` alone, plus `sprt.json`
//! and `history.jsonl` when they are there.
//!
//! What it shows and where each part comes from:
//! - standings: the pool fit of `rate` with its defaults (Ordo-style, mean zero, first-mover
//!   advantage fixed at 0, ± 95% from the sandwich covariance, LOS from the covariance), so
//!   the table equals `rate --json DIR`; the fitted first-mover advantage is reported in the
//!   configuration list from a second fit;
//! - head-to-head: points per game of each row player against each column player;
//! - sweeps: for every parameter of the engines' resolved parameters in `run.json`
//!   (`config.participants[i].source.params`), the largest group of engines equal in every
//!   other parameter; a chart when the group covers all engines (two or more values) or has
//!   three values or more. Without parameters, names that differ only in one number
//!   (`seed-d2`, `seed-d4`) give the sweep (`d` is read as depth);
//! - game lengths: stones on the board at the end (opening included);
//! - first-mover score per opening: Black's score (the first stone's side), by book index;
//! - speed: per engine, median nodes/s over its moves (nodes / wall time of the move) and
//!   mean completed depth per move;
//! - SPRT trace from `sprt.json`; tuning history from `history.jsonl` (`gomoku_tune`);
//! - notable games, written as SGF under `report/games/`: the longest game, the shortest
//!   decisive game, and the biggest upsets (the winner rated at least 50 below the loser),
//!   plus the whole collection `games.sgf` when it exists.

use super::rate::{Rating, rate};
use super::report_data::{
    SourceKind, TableOptions, fmt_abs, fmt_signed, read_journal_lines, results_from_lines, run_info,
};
use anyhow::{Context, Result, bail};
use gomoku_board::Pos;
use gomoku_report::{
    EngineSpeed, GameLink, HeadToHead, OpeningScore, ReportInput, SprtDecision, SprtTrace,
    StandingRow, Sweep, SweepPoint, SweepX, write_report,
};
use gomoku_runner::journal::{JOURNAL_FILE, JournalLine, RunInfo};
use gomoku_runner::{GameResult, outputs::sgf_game};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `report`.
#[derive(clap::Args)]
pub struct Args {
    /// The run directory (with run.json and games.jsonl).
    dir: PathBuf,
}

/// Runs `report`.
pub fn run(args: Args) -> Result<ExitCode> {
    let out = write_run_report(&args.dir)?;
    println!("{}", out.join("report.md").display());
    println!("{}", out.join("report.html").display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the report of the run directory `dir` into `dir/report/` and returns that path.
pub fn write_run_report(dir: &Path) -> Result<PathBuf> {
    let (input, sgfs) = build(dir)?;
    let out = dir.join("report");
    write_report(&out, &input)
        .with_context(|| format!("writing the report of {}", dir.display()))?;
    if !sgfs.is_empty() {
        let games = out.join("games");
        std::fs::create_dir_all(&games)
            .with_context(|| format!("cannot create {}", games.display()))?;
        for (file, sgf) in sgfs {
            let path = games.join(file);
            std::fs::write(&path, sgf)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    Ok(out)
}

/// The report's input and the notable games' SGF files (name, text).
fn build(dir: &Path) -> Result<(ReportInput, Vec<(String, String)>)> {
    let journal = dir.join(JOURNAL_FILE);
    if !journal.is_file() {
        bail!(
            "{}: no {JOURNAL_FILE} (is {} a run directory?)",
            journal.display(),
            dir.display()
        );
    }
    let info = run_info(dir)?;
    let lines = read_journal_lines(&journal)?;
    let results = results_from_lines(&journal, lines)?;
    if results.games.is_empty() {
        bail!("{}: no finished games to report", journal.display());
    }
    let rating = rate(results, &TableOptions::default())?;
    let advantage = rate(
        rating.results.clone(),
        &TableOptions {
            first_mover: true,
            ..TableOptions::default()
        },
    )
    .ok();
    debug_assert_eq!(rating.results.kind, SourceKind::Journal);

    let mut input = ReportInput {
        title: match &info {
            Some(i) => format!("gomoku-arena: {}", i.name),
            None => format!("gomoku-arena: {}", dir.display()),
        },
        ..ReportInput::default()
    };
    input.standings = standings(&rating);
    input.head_to_head = Some(head_to_head(&rating));
    input.sweeps = sweeps(info.as_ref(), &rating);
    input.sprt = sprt_trace(dir)?;
    let history = dir.join("history.jsonl");
    let mut tuning_note = None;
    if history.is_file() {
        match gomoku_tune::load_tuning_history(dir) {
            Ok(h) => input.tuning = Some(h),
            Err(e) => tuning_note = Some(format!("not shown: {e}")),
        }
    }
    let lines = &rating.results.lines;
    input.game_lengths = lines
        .iter()
        .filter(|l| l.result.is_some())
        .map(|l| (l.opening_moves.len() + l.moves.len()) as u32)
        .collect();
    input.openings = opening_scores(lines);
    input.speed = speeds(lines);
    let notable = notable_games(dir, &rating);
    let mut sgfs = Vec::new();
    if let Some(info) = &info {
        let per_round = info.jobs / (info.rounds as usize).max(1);
        for n in &notable {
            if n.file.is_empty() || sgfs.iter().any(|(f, _)| f == &n.file) {
                continue;
            }
            if let Some(line) = lines.iter().find(|l| l.job == n.job)
                && let Some(sgf) = sgf_game(line, info.geometry(), info.rule(), per_round)
            {
                sgfs.push((n.file.clone(), sgf));
            }
        }
    }
    input.notable_games = notable
        .into_iter()
        .filter(|n| n.file.is_empty() || sgfs.iter().any(|(f, _)| f == &n.file))
        .map(|n| n.link)
        .collect();
    input.config = config_brief(
        info.as_ref(),
        &rating,
        advantage.as_ref(),
        input.sprt.as_ref(),
    );
    if let Some(note) = tuning_note {
        input.config.push(("Tuning".into(), note));
    }
    Ok((input, sgfs))
}

fn standings(r: &Rating) -> Vec<StandingRow> {
    r.table
        .rows
        .iter()
        .map(|row| StandingRow {
            rank: row.rank as u32,
            engine: row.name.clone(),
            elo: row.elo,
            elo_error95: row.error95,
            games: row.games as u32,
            wins: row.wins as u32,
            draws: row.draws as u32,
            losses: row.losses as u32,
            score: row.score(),
            first_mover_score: row.first_score(),
            los_next: row.los_next,
        })
        .collect()
}

fn head_to_head(r: &Rating) -> HeadToHead {
    let order: Vec<usize> = r.table.rows.iter().map(|row| row.index).collect();
    let h = &r.table.fit.head_to_head;
    HeadToHead {
        names: order.iter().map(|&i| r.results.names[i].clone()).collect(),
        scores: order
            .iter()
            .map(|&i| {
                order
                    .iter()
                    .map(|&j| {
                        (i != j && h.games[i][j] > 0).then(|| h.points[i][j] / h.games[i][j] as f64)
                    })
                    .collect()
            })
            .collect(),
        games: order
            .iter()
            .map(|&i| order.iter().map(|&j| h.games[i][j] as u32).collect())
            .collect(),
    }
}

/// Top-level fields of a Debug-printed struct: `Name { a: 1, b: Some(2), t: T { .. } }`.
pub fn debug_fields(text: &str) -> Option<Vec<(String, String)>> {
    let open = text.find('{')?;
    let body = text[open + 1..].trim_end().strip_suffix('}')?;
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut escaped, mut start) = (0i32, false, false, 0usize);
    let mut pieces = Vec::new();
    for (i, c) in body.char_indices() {
        if in_str {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&body[start..]);
    for p in pieces {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let (name, value) = p.split_once(':')?;
        out.push((name.trim().to_string(), value.trim().to_string()));
    }
    Some(out)
}

/// A parameter value as a sweep setting: numbers stay numbers (`Some(5)` is 5), a table is
/// its name, `None` is "all".
fn setting(value: &str) -> SweepX {
    let v = value
        .strip_prefix("Some(")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(value);
    if let Ok(x) = v.parse::<f64>() {
        return SweepX::Value(x);
    }
    if v == "None" {
        return SweepX::Category("all".into());
    }
    if let Some(fields) = debug_fields(v)
        && let Some((_, name)) = fields.iter().find(|(k, _)| k == "name")
    {
        return SweepX::Category(name.trim_matches('"').to_string());
    }
    SweepX::Category(v.to_string())
}

fn unit(knob: &str) -> Option<String> {
    match knob {
        "depth" => Some("plies".into()),
        "vcf_depth" => Some("fours".into()),
        "top_n" => Some("moves per node".into()),
        "radius" => Some("points".into()),
        "tt_mib" => Some("MiB".into()),
        _ => None,
    }
}

fn make_sweep(knob: &str, points: Vec<(SweepX, f64, f64)>) -> Sweep {
    let numeric = points.iter().all(|p| matches!(p.0, SweepX::Value(_)));
    let mut points = points;
    if numeric {
        points.sort_by(|a, b| match (&a.0, &b.0) {
            (SweepX::Value(x), SweepX::Value(y)) => x.total_cmp(y),
            _ => std::cmp::Ordering::Equal,
        });
    } else {
        // Numbers first in numeric order, then labels ("all", table names) as they come.
        let num = |x: &SweepX| match x {
            SweepX::Value(v) => Some(*v),
            SweepX::Category(c) => c.parse::<f64>().ok(),
        };
        points.sort_by(|a, b| match (num(&a.0), num(&b.0)) {
            (Some(x), Some(y)) => x.total_cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
    }
    Sweep {
        knob: knob.to_string(),
        unit: if numeric { unit(knob) } else { None },
        points: points
            .into_iter()
            .map(|(x, elo, err)| SweepPoint {
                x: if numeric {
                    x
                } else {
                    match x {
                        SweepX::Value(v) => SweepX::Category(format!("{v}")),
                        c => c,
                    }
                },
                elo,
                elo_error95: err,
            })
            .collect(),
    }
}

/// Sweeps from the engines' parameters in `run.json`, else from the names.
fn sweeps(info: Option<&RunInfo>, r: &Rating) -> Vec<Sweep> {
    let elo: BTreeMap<&str, (f64, f64)> = r
        .table
        .rows
        .iter()
        .map(|row| (row.name.as_str(), (row.elo, row.error95)))
        .collect();
    let mut engines: Vec<(String, Vec<(String, String)>)> = Vec::new();
    if let Some(parts) = info
        .and_then(|i| i.config.get("participants"))
        .and_then(|p| p.as_array())
    {
        for p in parts {
            let (Some(name), Some(params)) = (
                p.get("name").and_then(|n| n.as_str()),
                p.pointer("/source/params").and_then(|s| s.as_str()),
            ) else {
                continue;
            };
            if let Some(fields) = debug_fields(params)
                && elo.contains_key(name)
            {
                engines.push((name.to_string(), fields));
            }
        }
    }
    let mut out = Vec::new();
    if engines.len() >= 2 {
        let fields: Vec<String> = engines[0].1.iter().map(|(k, _)| k.clone()).collect();
        let value = |e: &(String, Vec<(String, String)>), f: &str| {
            e.1.iter()
                .find(|(k, _)| k == f)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        for f in &fields {
            let mut groups: BTreeMap<Vec<String>, Vec<usize>> = BTreeMap::new();
            for (i, e) in engines.iter().enumerate() {
                let key: Vec<String> = fields
                    .iter()
                    .filter(|g| *g != f)
                    .map(|g| value(e, g))
                    .collect();
                groups.entry(key).or_default().push(i);
            }
            let best = groups.values().max_by_key(|g| {
                let mut v: Vec<String> = g.iter().map(|&i| value(&engines[i], f)).collect();
                v.sort();
                v.dedup();
                v.len()
            });
            let Some(group) = best else { continue };
            let mut seen = Vec::new();
            let mut points = Vec::new();
            for &i in group {
                let v = value(&engines[i], f);
                if seen.contains(&v) {
                    continue;
                }
                seen.push(v.clone());
                let (e, err) = elo[engines[i].0.as_str()];
                points.push((setting(&v), e, err));
            }
            let whole = group.len() == engines.len() && engines.len() == r.table.rows.len();
            if points.len() >= 3 || (whole && points.len() >= 2) {
                out.push(make_sweep(f, points));
            }
        }
        return out;
    }
    // No parameters: names differing only in one number.
    if let Some((knob, values)) = name_sweep(&r.results.names) {
        let points = values
            .into_iter()
            .map(|(name, v)| {
                let (e, err) = elo[name.as_str()];
                (SweepX::Value(v), e, err)
            })
            .collect();
        out.push(make_sweep(&knob, points));
    }
    out
}

/// `seed-d2`, `seed-d4`, `seed-d6` -> ("depth", [2, 4, 6]).
pub fn name_sweep(names: &[String]) -> Option<(String, Vec<(String, f64)>)> {
    if names.len() < 2 {
        return None;
    }
    let chars: Vec<Vec<char>> = names.iter().map(|n| n.chars().collect()).collect();
    let shortest = chars.iter().map(Vec::len).min()?;
    let mut pre = (0..shortest)
        .take_while(|&i| chars.iter().all(|c| c[i] == chars[0][i]))
        .count();
    while pre > 0 && chars[0][pre - 1].is_ascii_digit() {
        pre -= 1;
    }
    let mut suf = (0..shortest - pre)
        .take_while(|&i| {
            chars
                .iter()
                .all(|c| c[c.len() - 1 - i] == chars[0][chars[0].len() - 1 - i])
        })
        .count();
    while suf > 0 && chars[0][chars[0].len() - suf].is_ascii_digit() {
        suf -= 1;
    }
    let mut values = Vec::new();
    for (n, c) in names.iter().zip(&chars) {
        let mid: String = c[pre..c.len() - suf].iter().collect();
        if mid.is_empty() || !mid.chars().all(|ch| ch.is_ascii_digit()) {
            return None;
        }
        values.push((n.clone(), mid.parse::<f64>().ok()?));
    }
    let prefix: String = chars[0][..pre].iter().collect();
    let letters: String = prefix
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let knob = match letters.as_str() {
        "d" | "depth" => "depth".to_string(),
        "top" | "n" => "top_n".to_string(),
        "" => "value".to_string(),
        other => other.to_string(),
    };
    Some((knob, values))
}

fn sprt_trace(dir: &Path) -> Result<Option<SprtTrace>> {
    let path = dir.join(super::sprt::SPRT_FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), e.line()))?;
    let num = |k: &str| {
        v.get(k)
            .and_then(serde_json::Value::as_f64)
            .with_context(|| format!("{}: no number '{k}'", path.display()))
    };
    let points = v
        .get("trace")
        .and_then(|t| t.as_array())
        .map(|t| {
            t.iter()
                .filter_map(|p| Some((p.get(0)?.as_u64()?, p.get(1)?.as_f64()?)))
                .collect()
        })
        .unwrap_or_default();
    let decision = match v.get("decision").and_then(|d| d.as_str()) {
        Some("H1") => SprtDecision::AcceptH1,
        Some("H0") => SprtDecision::AcceptH0,
        _ => SprtDecision::Inconclusive,
    };
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("?").to_string();
    Ok(Some(SprtTrace {
        label: format!("{} vs {}", s("candidate"), s("baseline")),
        points,
        lower: num("lower")?,
        upper: num("upper")?,
        elo0: num("elo0")?,
        elo1: num("elo1")?,
        decision,
    }))
}

fn opening_label(moves: &[[u8; 2]]) -> String {
    let pts: Vec<Pos> = moves.iter().map(|&[x, y]| Pos::new(x, y)).collect();
    gomoku_board::notation::format_pos_moves(&pts).unwrap_or_else(|_| format!("{moves:?}"))
}

fn opening_scores(lines: &[JournalLine]) -> Vec<OpeningScore> {
    let mut by: BTreeMap<usize, (String, f64, u32, bool)> = BTreeMap::new();
    for l in lines {
        let Some(result) = l.result else { continue };
        let e = by
            .entry(l.opening)
            .or_insert_with(|| (opening_label(&l.opening_moves), 0.0, 0, false));
        // Label with the untransformed opening when one game shows it.
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

fn speeds(lines: &[JournalLine]) -> Vec<EngineSpeed> {
    // name -> (nps samples, depth samples)
    let mut by: BTreeMap<String, (Vec<f64>, Vec<f64>, u64)> = BTreeMap::new();
    for l in lines {
        for i in 0..l.moves.len() {
            let black = (l.opening_moves.len() + i) % 2 == 0;
            let name = if black { &l.black } else { &l.white };
            let e = by.entry(name.clone()).or_default();
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
        .map(|(engine, (mut nps, depth, _))| {
            let mean_depth = depth.iter().sum::<f64>() / depth.len().max(1) as f64;
            let nodes_per_sec_median = median(&mut nps);
            EngineSpeed {
                engine,
                nodes_per_sec_median,
                mean_depth,
                nps_samples: nps,
                depth_samples: depth,
            }
        })
        .collect()
}

/// A notable game: its link and the journal line to write.
struct Notable {
    link: GameLink,
    job: usize,
    file: String,
}

fn notable_games(dir: &Path, r: &Rating) -> Vec<Notable> {
    let lines = &r.results.lines;
    let elo: BTreeMap<&str, f64> = r
        .table
        .rows
        .iter()
        .map(|row| (row.name.as_str(), row.elo))
        .collect();
    let played: Vec<&JournalLine> = lines.iter().filter(|l| l.result.is_some()).collect();
    let len = |l: &JournalLine| l.opening_moves.len() + l.moves.len();
    let mut out = Vec::new();
    let describe = |l: &JournalLine| {
        let res = match l.result {
            Some(GameResult::Black) => format!("{} (Black) won", l.black),
            Some(GameResult::White) => format!("{} (White) won", l.white),
            _ => "draw".into(),
        };
        format!(
            "game {}: {} vs {}, {res} after {} stones",
            l.job + 1,
            l.black,
            l.white,
            len(l)
        )
    };
    if let Some(l) = played
        .iter()
        .max_by_key(|l| (len(l), std::cmp::Reverse(l.job)))
    {
        out.push(Notable {
            link: GameLink {
                label: format!("longest game: {}", describe(l)),
                path: format!("games/game-{}.sgf", l.job + 1),
            },
            job: l.job,
            file: format!("game-{}.sgf", l.job + 1),
        });
    }
    if let Some(l) = played
        .iter()
        .filter(|l| l.result != Some(GameResult::Draw))
        .min_by_key(|l| (len(l), l.job))
    {
        out.push(Notable {
            link: GameLink {
                label: format!("shortest win: {}", describe(l)),
                path: format!("games/game-{}.sgf", l.job + 1),
            },
            job: l.job,
            file: format!("game-{}.sgf", l.job + 1),
        });
    }
    let mut upsets: Vec<(f64, &JournalLine)> = played
        .iter()
        .filter_map(|l| {
            let (w, lo) = match l.result? {
                GameResult::Black => (&l.black, &l.white),
                GameResult::White => (&l.white, &l.black),
                GameResult::Draw => return None,
            };
            let gap = elo.get(lo.as_str())? - elo.get(w.as_str())?;
            (gap >= 50.0).then_some((gap, *l))
        })
        .collect();
    upsets.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.job.cmp(&b.1.job)));
    for (gap, l) in upsets.into_iter().take(5) {
        out.push(Notable {
            link: GameLink {
                label: format!("upset ({gap:.0} Elo): {}", describe(l)),
                path: format!("games/game-{}.sgf", l.job + 1),
            },
            job: l.job,
            file: format!("game-{}.sgf", l.job + 1),
        });
    }
    if dir.join("games.sgf").is_file() {
        out.push(Notable {
            link: GameLink {
                label: "all games (one SGF collection)".into(),
                path: "../games.sgf".into(),
            },
            job: usize::MAX,
            file: String::new(),
        });
    }
    out
}

fn config_brief(
    info: Option<&RunInfo>,
    r: &Rating,
    advantage: Option<&Rating>,
    sprt: Option<&SprtTrace>,
) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = Vec::new();
    let mut push = |k: &str, v: String| c.push((k.to_string(), v));
    let games = r.results.games.len();
    if let Some(i) = info {
        let cfg = &i.config;
        let kind = cfg
            .get("kind")
            .and_then(|k| k.as_str())
            .unwrap_or("tournament");
        push("Name", format!("{} ({kind})", i.name));
        push("Players", i.players.join(", "));
        push(
            "Board",
            format!("{}x{}, {} in a row, {}", i.width, i.height, i.k, i.rule),
        );
        if let Some(o) = cfg.get("openings") {
            let s = |k: &str| {
                o.get(k)
                    .map(|v| v.to_string().trim_matches('"').to_string())
            };
            push(
                "Openings",
                format!(
                    "{} ({} openings, format {}, random symmetry per pair: {})",
                    s("file").unwrap_or_default(),
                    s("count").unwrap_or_default(),
                    s("format").unwrap_or_default(),
                    s("transform").unwrap_or_default()
                ),
            );
        }
        if let Some(t) = cfg.get("time_control").and_then(|t| t.as_str()) {
            push("Time control", t.to_string());
        }
        if let Some(m) = cfg.get("move_cap").and_then(serde_json::Value::as_u64) {
            push("Move cap", format!("draw at {m} stones"));
        }
        push("Seed", i.seed.to_string());
        push(
            "Games",
            format!(
                "{games} rated, {} without result, {} scheduled",
                r.results.skipped, i.jobs
            ),
        );
        push("Run", i.run.clone());
    } else {
        push(
            "Games",
            format!("{games} rated, {} without result", r.results.skipped),
        );
    }
    push(
        "Ratings",
        format!(
            "Ordo-style pool fit (Bradley-Terry, draws half a point, 400 per factor 10), mean 0, first-mover advantage fixed at 0; ± 95% and LOS from the {} (as gomoku-arena rate)",
            r.table.method.describe()
        ),
    );
    if let Some(a) = advantage {
        push(
            "First-mover advantage",
            format!(
                "{} ± {} Elo (fitted jointly in a second fit); Black scores {:.1}%, draws {:.1}%",
                fmt_signed(a.table.fit.first_mover_advantage),
                fmt_abs(gomoku_stats::Z95 * a.table.fit.first_mover_advantage_stderr),
                100.0 * r.table.first_mover_score,
                100.0 * r.table.fit.draw_rate
            ),
        );
    }
    if let Some(m) = &r.matchup {
        let p = &m.pentanomial;
        let est = |e: Result<gomoku_stats::EloEstimate, gomoku_stats::StatsError>| {
            e.map(|e| format!("{} ± {}", fmt_signed(e.elo), fmt_abs(e.error95)))
                .unwrap_or_else(|_| "-".into())
        };
        push(
            "Match",
            format!(
                "{} vs {}: pentanomial {:?} over {} pairs, Elo {}, nElo {}, LOS {}; trinomial Elo {}",
                r.results.names[m.player],
                r.results.names[m.opponent],
                p.0,
                p.pairs(),
                est(p.elo_estimate()),
                est(p.nelo_estimate()),
                p.los()
                    .map(|l| format!("{:.1}%", 100.0 * l))
                    .unwrap_or_else(|_| "-".into()),
                est(m.trinomial.elo_estimate()),
            ),
        );
    }
    if let Some(s) = sprt {
        let last = s.points.last().map_or(0.0, |p| p.1);
        push(
            "SPRT",
            format!(
                "{}: H0 {} / H1 {} Elo, LLR {:.3} in [{:.3}, {:.3}], {}",
                s.label,
                s.elo0,
                s.elo1,
                last,
                s.lower,
                s.upper,
                match s.decision {
                    SprtDecision::AcceptH1 => "H1 accepted",
                    SprtDecision::AcceptH0 => "H0 accepted",
                    SprtDecision::Inconclusive => "no decision",
                }
            ),
        );
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_fields_split_at_top_level_only() {
        let f = debug_fields(
            r#"EngineParams { table: PatternTable { name: "t, {x}", patterns: [P { a: 1 }] }, depth: 4, top_n: Some(10) }"#,
        )
        .unwrap();
        let keys: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["table", "depth", "top_n"]);
        assert_eq!(setting(&f[0].1), SweepX::Category("t, {x}".into()));
        assert_eq!(setting(&f[2].1), SweepX::Value(10.0));
        assert_eq!(setting("None"), SweepX::Category("all".into()));
    }

    #[test]
    fn names_differing_in_one_number_make_a_sweep() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (knob, values) = name_sweep(&names(&["seed-d12", "seed-d14", "seed-d2"])).unwrap();
        assert_eq!(knob, "depth");
        assert_eq!(
            values.iter().map(|v| v.1).collect::<Vec<_>>(),
            [12.0, 14.0, 2.0]
        );
        assert!(name_sweep(&names(&["alpha", "beta"])).is_none());
        assert!(name_sweep(&names(&["a-d2", "b-d4"])).is_none());
    }
}
