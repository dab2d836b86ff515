//! The report of a run directory: `gomoku_report`'s input built from the typed run files
//! alone (`run.json`, `games.jsonl`, and `sprt.json` and `history.jsonl` when they are
//! there), plus the notable games as SGF.
//!
//! What it shows and where each part comes from:
//! - standings: the pool fit of `rate` with its defaults (Ordo-style, mean zero, first-mover
//!   advantage fixed at 0, ± 95% from the sandwich covariance, LOS from the covariance), so
//!   the table equals `rate --json DIR`; the fitted first-mover advantage is reported in the
//!   configuration list from a second fit;
//! - head-to-head: points per game of each row player against each column player, and the
//!   likelihood of superiority of every player over every other (Ordo's CFS) from the same
//!   pool fit's covariance (`PoolFit::los`), so the matrix agrees with the standings' LOS;
//! - sweeps: Elo against the one engine parameter that differs (`sweep.rs`);
//! - game lengths (draws apart), Black's score per opening with its 95% interval, speed per
//!   engine, forfeits by player and reason (the runner's count, as in `standings.json`),
//!   every game for the viewer of `report.html`, notable games (`games.rs`);
//! - the SPRT trace from `sprt.json`, the tuning history from `history.jsonl`;
//! - the configuration in words (`brief.rs`).

mod brief;
mod games;
mod sweep;

use crate::read::read_checked_journal;
use crate::{Rating, ResultsError, TableOptions, rate, results_from_lines};
use gomoku_report::{GameLink, HeadToHead, ReportInput, StandingRow, Superiority, write_report};
use gomoku_runner::journal::{JOURNAL_FILE, RUN_FILE};
use gomoku_runner::outputs::sgf_game;
use gomoku_runner::sprt::SprtSummary;
use gomoku_runner::{JournalLine, RunInfo};
use std::path::{Path, PathBuf};

/// A run directory's report, ready to write.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// The input of `gomoku_report::write_report`.
    pub input: ReportInput,
    /// The notable games as SGF files: (file name under `report/games/`, text).
    pub games: Vec<(String, String)>,
    /// What the reader should know but did not stop the report (a torn last line).
    pub warnings: Vec<String>,
}

impl RunReport {
    /// Builds the report of the run directory `dir`. Its journal is checked against its
    /// `run.json` line by line; a run file of another format version is refused.
    pub fn build(dir: &Path) -> Result<RunReport, ResultsError> {
        let journal = dir.join(JOURNAL_FILE);
        if !journal.is_file() {
            return Err(crate::not_a_run(dir, ResultsError::NoRunJournal));
        }
        let info = match dir.join(RUN_FILE).is_file() {
            true => Some(RunInfo::load(dir)?),
            false => None,
        };
        let (lines, torn) = read_checked_journal(&journal, info.as_ref())?;
        let mut report = RunReport::from_lines(dir, info, lines)?;
        report.warnings.extend(torn);
        Ok(report)
    }

    /// The report of run directory `dir` from its journal's lines already in memory (sorted
    /// by job, one per job, checked against `info`): what a run that has just written them
    /// reports without reading the journal back. [`RunReport::build`] reads them and calls
    /// this.
    pub fn from_lines(
        dir: &Path,
        info: Option<RunInfo>,
        lines: Vec<JournalLine>,
    ) -> Result<RunReport, ResultsError> {
        let journal = dir.join(JOURNAL_FILE);
        let results = results_from_lines(&journal, lines);
        if results.games.is_empty() {
            return Err(ResultsError::NothingToReport(journal));
        }
        let rating = rate(results, &TableOptions::default())?;
        let fitted = TableOptions {
            first_mover: true,
            ..TableOptions::default()
        };
        // The advantage is a line of the configuration list; a fit that fails leaves it out.
        let advantage = rate(rating.results.clone(), &fitted).ok();
        let sprt = SprtSummary::load(dir)?;
        let mut input = ReportInput {
            title: match &info {
                Some(i) => format!("gomoku-arena: {}", i.name()),
                None => format!("gomoku-arena: {}", dir.display()),
            },
            standings: standings(&rating),
            head_to_head: Some(head_to_head(&rating)),
            superiority: Some(superiority(&rating)),
            sweeps: sweep::sweeps(info.as_ref(), &rating),
            sprt: sprt.as_ref().map(brief::sprt_trace),
            ..ReportInput::default()
        };
        let mut tuning_note = None;
        if dir.join("history.jsonl").is_file() {
            match gomoku_tune::load_tuning_history(dir) {
                Ok(h) => input.tuning = Some(h),
                Err(e) => tuning_note = Some(format!("not shown: {e}")),
            }
        }
        let lines = &rating.results.lines;
        input.game_lengths = games::game_lengths(lines);
        input.draw_lengths = Some(games::draw_lengths(lines));
        input.openings = games::opening_scores(lines);
        input.speed = games::speeds(lines);
        input.forfeits = games::forfeits(lines);
        input.games = Some(games::game_records(
            lines,
            info.as_ref().map(|i| (i.geometry(), i.rule())),
        ));
        let mut sgfs: Vec<(String, String)> = Vec::new();
        // Without run.json there is no board to write a game on: no game links then.
        if let Some(i) = &info {
            for (label, line) in games::notable_games(&rating) {
                let file = format!("game-{}.sgf", line.job + 1);
                if !sgfs.iter().any(|(f, _)| *f == file) {
                    let per_round = i.jobs_per_round();
                    let Some(sgf) = sgf_game(line, i.geometry(), i.rule(), per_round) else {
                        continue;
                    };
                    sgfs.push((file.clone(), sgf));
                }
                input.notable_games.push(GameLink {
                    label,
                    path: format!("games/{file}"),
                    game: Some(line.job as u32 + 1),
                });
            }
        }
        // Every game is in report.html's viewer; the run's games.sgf stays in the run
        // directory, outside the report's (a link there broke when the report was moved).
        input.config =
            brief::config_brief(info.as_ref(), &rating, advantage.as_ref(), sprt.as_ref());
        if let Some(note) = tuning_note {
            input.config.push(("Tuning".into(), note));
        }
        Ok(RunReport {
            input,
            games: sgfs,
            warnings: Vec::new(),
        })
    }

    /// Writes the report into `dir/report/` (pages, charts, and the notable games under
    /// `games/`) and returns that directory.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, ResultsError> {
        let out = dir.join("report");
        write_report(&out, &self.input)?;
        if !self.games.is_empty() {
            let games = out.join("games");
            std::fs::create_dir_all(&games).map_err(|e| ResultsError::io(&games, e))?;
            for (file, sgf) in &self.games {
                let path = games.join(file);
                std::fs::write(&path, sgf).map_err(|e| ResultsError::io(&path, e))?;
            }
        }
        Ok(out)
    }
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

/// The likelihood that each player is stronger than each other (Ordo's CFS), in the order
/// of the standings, from the pool fit's covariance: `PoolFit::los`, the source of the
/// standings' "LOS to next" too.
fn superiority(r: &Rating) -> Superiority {
    let order: Vec<usize> = r.table.rows.iter().map(|row| row.index).collect();
    let fit = &r.table.fit;
    Superiority {
        names: order.iter().map(|&i| r.results.names[i].clone()).collect(),
        los: order
            .iter()
            .map(|&i| {
                order
                    .iter()
                    .map(|&j| (i != j).then(|| fit.los(i, j)))
                    .collect()
            })
            .collect(),
        method: format!(
            "from the pool fit, {} (normal approximation), as the standings' LOS",
            r.table.method.describe()
        ),
    }
}

fn head_to_head(r: &Rating) -> HeadToHead {
    let order: Vec<usize> = r.table.rows.iter().map(|row| row.index).collect();
    let h = &r.table.fit.head_to_head;
    let score = |i: usize, j: usize| {
        (i != j && h.games[i][j] > 0).then(|| h.points[i][j] / h.games[i][j] as f64)
    };
    HeadToHead {
        names: order.iter().map(|&i| r.results.names[i].clone()).collect(),
        scores: order
            .iter()
            .map(|&i| order.iter().map(|&j| score(i, j)).collect())
            .collect(),
        games: order
            .iter()
            .map(|&i| order.iter().map(|&j| h.games[i][j] as u32).collect())
            .collect(),
    }
}
