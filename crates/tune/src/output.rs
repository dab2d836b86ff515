//! What a run leaves for its reader: `tuned.ron` (the table in the schema of
//! `configs/tables/*.ron`, its description saying how it was made and, once confirmed, how it
//! played), `confirmation.json` and the report. Only the confirmation plays games, through the
//! match layer like every step.

use crate::TuneError;
use crate::checkpoint::{Checkpoint, MethodState};
use crate::confirm::{Confirmation, confirm, confirmation_dir, head_to_head, standings};
use crate::history::{HistoryLine, tuning_history};
use crate::matches::counts;
use crate::params::{ParamSpace, table_to_ron};
use crate::tuner::{RunOptions, TUNED_ENGINE, TUNED_OPTIONS, TUNED_TABLE, Timings, Tuner};
use gomoku_config::engine::engine_to_ron;
use gomoku_config::run::PlayerKind;
use gomoku_config::tune::TuneConfig;
use gomoku_config::tune_params::external_entry_lines;
use gomoku_engine::{EngineParams, PatternTable};
use gomoku_report::ReportInput;
use gomoku_runner::write_atomic;
use gomoku_stats::fmt_elo_pm;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The output directory.
    pub dir: PathBuf,
    /// The current (final when `finished`) table.
    pub table: PatternTable,
    /// The history so far.
    pub history: Vec<HistoryLine>,
    /// Whether the method has finished.
    pub finished: bool,
    /// The confirmation, when played.
    pub confirmation: Option<Confirmation>,
    /// Times of this invocation.
    pub timings: Timings,
    /// Texel: positions (training, validation).
    pub positions: Option<(usize, usize)>,
    /// The files of the tuned values: what each is (`tuned table`) and its path.
    pub files: Vec<(&'static str, PathBuf)>,
}

impl RunOutcome {
    /// What `tune` prints at its end: where an unfinished run stands (`merged`: after a
    /// `--merge-step`), or the tuned table, the confirmation and the report of a finished one.
    pub fn summary(&self, merged: bool) -> String {
        let iteration = self.history.last().map_or(0, |l| l.iteration);
        if !self.finished && merged {
            return format!("merged: the run stands at iteration {iteration}\n");
        }
        if !self.finished {
            return format!("stopped after iteration {iteration}; continue with --resume\n");
        }
        let mut text = String::new();
        for (what, path) in &self.files {
            text += &format!("{what}: {}\n", path.display());
        }
        match &self.confirmation {
            Some(c) => {
                let games = confirmation_dir(&self.dir);
                text += &format!(
                    "{c}confirmation games: {} (a run directory: `rate` and `report` read it)\nreport: {}\n",
                    games.display(),
                    self.dir.join("report").display()
                );
            }
            None if merged => {
                text += "finished: play the confirmation and write the report with --resume\n";
            }
            None => {}
        }
        text
    }
}

impl Tuner<'_> {
    /// Writes the tuned values (`tuned.ron` and the engine or option file) and, when the run
    /// has finished and `confirmation` is asked for, plays the confirmation and writes its
    /// file and the report.
    pub(crate) fn outputs(
        mut self,
        cp: Option<Checkpoint>,
        confirmation: bool,
    ) -> Result<RunOutcome, TuneError> {
        let Some(cp) = cp else {
            // Stopped during Texel's collection: nothing tuned yet.
            return Ok(RunOutcome {
                dir: self.dir,
                table: self.cfg.start_table.clone(),
                history: Vec::new(),
                finished: false,
                confirmation: None,
                timings: self.timings,
                positions: None,
                files: Vec::new(),
            });
        };
        let cfg = self.cfg;
        let mut description = describe(cfg, self.opts, &self.space, &cp);
        let mut table = self.space.table(&cp.scores, &cfg.file.name, &description);
        let mut files = self.write_values(&cp, &table)?;
        let mut played = None;
        if cp.finished && confirmation && !self.opts.skip_confirmation && !self.stopped() {
            let t0 = Instant::now();
            let dir = confirmation_dir(&self.dir);
            let margin = cfg.file.confirmation.tie_break_margin;
            // Each named as the tuned table and the start table are (or the external engine).
            let start_name = match &cfg.external {
                Some(record) => &record.name,
                None => &cfg.start_table.name,
            };
            let players = [
                self.contestant(&cp.scores, margin, &table.name),
                self.contestant(&self.space.start(), margin, start_name),
            ];
            played = confirm(cfg, players, &dir, self.opts.threads, self.stop())?;
            self.timings.confirmation = t0.elapsed();
        }
        if let Some(c) = &played {
            description += &format!(
                " Confirmation at {} on held-out openings {}..{} of {} ({} pairs per match, colours reversed, tie-break margin {}):",
                cfg.limit_in_words(),
                cfg.file.holdout_openings.range.0,
                cfg.file.holdout_openings.range.1,
                cfg.file.holdout_openings.file.display(),
                c.pairs_per_match,
                cfg.file.confirmation.tie_break_margin
            );
            for m in c.matches.iter().filter(|m| m.a == c.players[0]) {
                description += &format!(
                    " vs {}: {} Elo (pentanomial {}), pool {};",
                    m.b,
                    fmt_elo_pm(m.elo, m.error95, 1),
                    counts(&m.pentanomial),
                    fmt_elo_pm(m.pool_elo_diff, m.pool_error95, 1)
                );
            }
            description.pop();
            description.push('.');
            table.description = description;
            files = self.write_values(&cp, &table)?;
            let json = serde_json::to_string_pretty(c).expect("confirmations serialize");
            write_atomic(&self.dir.join("confirmation.json"), json.as_bytes())?;
            write_report(cfg, self.opts, &cp, c, &self.dir)?;
        }
        Ok(RunOutcome {
            dir: self.dir,
            table,
            finished: cp.finished,
            positions: cp.positions,
            history: cp.history,
            confirmation: played,
            timings: self.timings,
            files,
        })
    }

    /// Writes the tuned values of `cp`: our engine's as `table` in [`TUNED_TABLE`] and the
    /// whole engine in [`TUNED_ENGINE`], or an external engine's `args` and `options` in
    /// [`TUNED_OPTIONS`]; returns what it wrote.
    fn write_values(
        &self,
        cp: &Checkpoint,
        table: &PatternTable,
    ) -> Result<Vec<(&'static str, PathBuf)>, TuneError> {
        let cfg = self.cfg;
        let files = match &cfg.external {
            Some(record) => {
                let tuned = self.space.external(&cp.scores, record, &record.name);
                let PlayerKind::External(program) = &tuned.spec else {
                    unreachable!("the configuration's external engine is one")
                };
                let text = format!(
                    "// {}'s tuned values ({}, {} iterations, {} games{}): the lines of its External(..) entry.\n{}",
                    record.name,
                    cp.method,
                    cp.iteration,
                    cp.games,
                    if cp.finished { "" } else { ", unfinished" },
                    external_entry_lines(program)
                );
                vec![("tuned options", TUNED_OPTIONS, text)]
            }
            None => {
                let engine = EngineParams {
                    table: table.clone(),
                    ..self.space.engine(&cp.scores, &cfg.engine, "", "")
                };
                vec![
                    ("tuned table", TUNED_TABLE, table_to_ron(table)),
                    (
                        "tuned engine",
                        TUNED_ENGINE,
                        engine_to_ron(&cfg.file.name, &engine),
                    ),
                ]
            }
        };
        let mut written = Vec::new();
        for (what, name, text) in files {
            let path = self.dir.join(name);
            write_atomic(&path, text.as_bytes())?;
            written.push((what, path));
        }
        Ok(written)
    }
}

/// The tuned table's description: where it comes from, how it was made, the tuned engine
/// fields' values, and (Texel) the fit.
fn describe(cfg: &TuneConfig, opts: &RunOptions, space: &ParamSpace, cp: &Checkpoint) -> String {
    let mut s = format!(
        "Tuned from '{}' by `{}` (method {}, seed {}, tuning openings {}..{} of {}): {} iterations, {} games{}.",
        cfg.start_table.name,
        opts.command,
        cp.method,
        cp.seed,
        cfg.file.tuning_openings.range.0,
        cfg.file.tuning_openings.range.1,
        cfg.file.tuning_openings.file.display(),
        cp.iteration,
        cp.games,
        if cp.finished { "" } else { " (unfinished)" }
    );
    if !space.fields.is_empty() {
        let values = (space.fields.iter().zip(&cp.scores[space.scores()..]))
            .map(|(f, v)| format!("{} {}", f.name, v.round()))
            .collect::<Vec<_>>();
        s += &format!(" Its engine fields: {}.", values.join(", "));
    }
    if let (Some(f), Some(l), MethodState::Texel { k, .. }) =
        (cp.history.first(), cp.history.last(), &cp.state)
    {
        s += &format!(" K = {k:.4e};");
        if let Some((tr, va)) = cp.positions {
            s += &format!(" {tr} training / {va} validation positions;");
        }
        s += &format!(
            " training loss {:.5} -> {:.5}, validation loss {:.5} -> {:.5}.",
            f.loss.unwrap_or(f64::NAN),
            l.loss.unwrap_or(f64::NAN),
            f.validation_loss.unwrap_or(f64::NAN),
            l.validation_loss.unwrap_or(f64::NAN)
        );
    }
    s
}

/// The report of a finished run: settings, the confirmation's standings and matches, the
/// tuning history.
fn write_report(
    cfg: &TuneConfig,
    opts: &RunOptions,
    cp: &Checkpoint,
    c: &Confirmation,
    dir: &Path,
) -> Result<(), TuneError> {
    let mut config = vec![
        ("command".to_string(), opts.command.clone()),
        ("method".to_string(), cp.method.clone()),
        ("seed".to_string(), cp.seed.to_string()),
        match &cfg.external {
            Some(e) => ("external engine".to_string(), e.name.clone()),
            None => ("start table".to_string(), cfg.start_table.name.clone()),
        },
        ("limit".to_string(), cfg.limit_in_words()),
        ("iterations".to_string(), cp.iteration.to_string()),
        ("games (tuning)".to_string(), cp.games.to_string()),
        ("confirmation".to_string(), c.openings.clone()),
    ];
    for m in &c.matches {
        config.push((
            format!("{} vs {}", m.a, m.b),
            format!(
                "{} Elo (pentanomial {}, W/D/L {}, LOS {:.3})",
                fmt_elo_pm(m.elo, m.error95, 1),
                counts(&m.pentanomial),
                counts(&m.wdl),
                m.los
            ),
        ));
    }
    let input = ReportInput {
        title: format!("Tuning {} ({})", cfg.file.name, cp.method),
        config,
        standings: standings(c),
        head_to_head: Some(head_to_head(c)),
        tuning: Some(tuning_history(&cp.history)),
        game_lengths: c.game_lengths.clone(),
        ..Default::default()
    };
    gomoku_report::write_report(&dir.join("report"), &input)?;
    Ok(())
}
