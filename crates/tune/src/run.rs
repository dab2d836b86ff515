//! The driver: runs a tuning configuration in its output directory, checkpointing after
//! every iteration, then writes the tuned table, plays the confirmation match and writes the
//! report.
//!
//! Files in the output directory: `state.json` (the checkpoint: method state, iteration,
//! scores, history), `history.jsonl`, `positions.jsonl` (Texel's self-play games and quiet
//! plies, reused by a rerun with the same settings), `tuned.ron`, `confirmation.json`,
//! `report/`.

use crate::collect::{CollectSpec, collect, features, load_games, save_games, split_by_game};
use crate::confirm::{Confirmation, confirm, head_to_head, standings};
use crate::features::Counter;
use crate::hill::{HillState, hill_iteration};
use crate::history::{HistoryLine, history_text, tuning_history};
use crate::matches::{Arena, play_pairs, wins_minus_losses};
use crate::params::{ParamSpace, score_name, table_to_ron};
use crate::search::{LocalSearch, StepRule};
use crate::spsa::{SpsaSchedule, SpsaState, spsa_iteration};
use crate::texel::{LossData, TexelObjective, fit_k};
use crate::{TuneError, write_atomic};
use gomoku_config::tune::{MethodSettings, TexelSettings, TuneConfig};
use gomoku_engine::{EngineParams, PatternTable};
use gomoku_report::ReportInput;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How to run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Continue from `state.json` if there is one.
    pub resume: bool,
    /// Stop (as if interrupted) after this many iterations in this invocation.
    pub stop_after: Option<u32>,
    /// Skip the confirmation match and the report (tests).
    pub skip_confirmation: bool,
    /// The command line, for the tuned table's description.
    pub command: String,
    /// Print progress to stderr.
    pub verbose: bool,
}

/// Wall-clock times of the phases of this invocation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timings {
    /// Texel: playing the self-play games (zero when the cache was used).
    pub collect: Duration,
    /// Texel: counting features and fitting K.
    pub prepare: Duration,
    /// The method's iterations.
    pub iterations: Duration,
    /// The confirmation match.
    pub confirmation: Duration,
}

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
}

/// The method's state in a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MethodState {
    /// Texel: the fitted K and the local search.
    Texel {
        /// The scaling constant.
        k: f64,
        /// The search.
        search: LocalSearch,
    },
    /// Match hill climbing.
    Match(HillState),
    /// SPSA.
    Spsa {
        /// Gains.
        schedule: SpsaSchedule,
        /// θ and k.
        state: SpsaState,
    },
}

/// `state.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Identifies the configuration (a resume under another one is refused).
    pub key: String,
    /// The method's name.
    pub method: String,
    /// Seed of the run.
    pub seed: u64,
    /// Iterations done.
    pub iteration: u32,
    /// Games played so far.
    pub games: u64,
    /// Whether the method has finished.
    pub finished: bool,
    /// Current scores.
    pub scores: Vec<f64>,
    /// The method's state.
    pub state: MethodState,
    /// The history so far.
    pub history: Vec<HistoryLine>,
    /// Texel: positions (training, validation).
    #[serde(default)]
    pub positions: Option<(usize, usize)>,
}

fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}

fn config_key(cfg: &TuneConfig) -> String {
    let mut file = cfg.file.clone();
    file.confirmation = Default::default();
    fnv(&format!(
        "{}|{:?}|{:?}|{:?}",
        serde_json::to_string(&file).expect("serializable"),
        cfg.start_table,
        cfg.engine,
        cfg.tuning_openings
    ))
}

fn collect_key(cfg: &TuneConfig, t: &TexelSettings) -> String {
    fnv(&format!(
        "{:?}|{:?}|{}|{}|{}|{}|{}|{:?}|{:?}",
        cfg.start_table,
        cfg.engine,
        t.games,
        t.depth,
        t.tie_break_margin,
        t.vcf_fours,
        cfg.file.seed,
        cfg.file.move_cap,
        cfg.tuning_openings
    ))
}

fn scores_named(space: &ParamSpace, x: &[f64]) -> Vec<(String, f64)> {
    (0..x.len())
        .map(|i| (score_name(&space.base, i), x[i]))
        .collect()
}

fn params_with(cfg: &TuneConfig, table: PatternTable, margin: i32) -> EngineParams {
    EngineParams {
        table,
        tie_break_margin: margin,
        ..cfg.engine.clone()
    }
}

struct TexelData {
    train: LossData,
    val: LossData,
    games: u64,
}

fn texel_data(
    cfg: &TuneConfig,
    t: &TexelSettings,
    dir: &Path,
    timings: &mut Timings,
    verbose: bool,
) -> Result<TexelData, TuneError> {
    let path = dir.join("positions.jsonl");
    let key = collect_key(cfg, t);
    let t0 = Instant::now();
    let games = match load_games(&path, &key)? {
        Some(g) => g,
        None => {
            if verbose {
                eprintln!(
                    "collecting positions: {} self-play games at depth {} ...",
                    t.games, t.depth
                );
            }
            let mut engine = params_with(cfg, cfg.start_table.clone(), t.tie_break_margin);
            engine.depth = t.depth;
            engine.tt_mib = engine.tt_mib.min(4);
            let g = collect(&CollectSpec {
                engine,
                openings: &cfg.tuning_openings,
                games: t.games,
                seed: cfg.file.seed,
                move_cap: cfg.file.move_cap,
                vcf_fours: t.vcf_fours,
                geometry: cfg.geometry,
                rule: cfg.rule,
                progress: verbose,
            })?;
            save_games(&path, &key, &g)?;
            timings.collect = t0.elapsed();
            if verbose {
                eprintln!("collected in {:.1} s", timings.collect.as_secs_f64());
            }
            g
        }
    };
    let t1 = Instant::now();
    let counter = Counter::new(&cfg.start_table);
    let (rows, results, game_of) = features(&games, &counter, cfg.geometry, cfg.rule);
    let (train, val) = split_by_game(
        &rows,
        &results,
        &game_of,
        t.validation_fraction,
        cfg.file.seed,
        counter.features(),
    );
    timings.prepare = t1.elapsed();
    if verbose {
        eprintln!(
            "{} quiet positions from {} games ({} training, {} validation), counted in {:.2} s",
            rows.len(),
            games.len(),
            train.len(),
            val.len(),
            timings.prepare.as_secs_f64()
        );
    }
    if train.is_empty() {
        return Err(TuneError::Invalid(
            "no quiet training position: play more games".into(),
        ));
    }
    Ok(TexelData {
        train,
        val,
        games: games.len() as u64,
    })
}

fn texel_line(
    space: &ParamSpace,
    data: &TexelData,
    k: f64,
    search: &LocalSearch,
    note: String,
) -> HistoryLine {
    HistoryLine {
        iteration: search.sweeps,
        method: "texel".into(),
        loss: Some(search.value),
        validation_loss: (!data.val.is_empty()).then(|| data.val.loss(&search.x, k)),
        elo: None,
        elo_error95: None,
        games: data.games,
        note,
        scores: scores_named(space, &search.x),
    }
}

fn load_checkpoint(path: &Path) -> Result<Checkpoint, TuneError> {
    let text = std::fs::read_to_string(path).map_err(|e| TuneError::io(path, e))?;
    serde_json::from_str(&text).map_err(|e| TuneError::Parse {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

fn save_checkpoint(dir: &Path, cp: &Checkpoint) -> Result<(), TuneError> {
    let json = serde_json::to_string_pretty(cp).expect("serializable");
    write_atomic(&dir.join("state.json"), json.as_bytes())?;
    write_atomic(
        &dir.join("history.jsonl"),
        history_text(&cp.history).as_bytes(),
    )
}

/// Runs (or resumes) a tuning configuration.
pub fn run(cfg: &TuneConfig, opts: &RunOptions) -> Result<RunOutcome, TuneError> {
    let dir = cfg.output.clone();
    std::fs::create_dir_all(&dir).map_err(|e| TuneError::io(&dir, e))?;
    let state_path = dir.join("state.json");
    let key = config_key(cfg);
    let space = ParamSpace::new(cfg.start_table.clone(), cfg.pin, &cfg.order);
    if !space.feasible(&space.start()) {
        return Err(TuneError::Invalid(format!(
            "the start table breaks the order constraints: {}",
            space.violations(&space.start()).join("; ")
        )));
    }
    let mut timings = Timings::default();
    let existing = if state_path.exists() {
        if !opts.resume {
            return Err(TuneError::CheckpointExists(state_path));
        }
        let cp = load_checkpoint(&state_path)?;
        if cp.key != key {
            return Err(TuneError::Mismatch(format!(
                "{}: checkpoint of another configuration (key {}, this one {key}); use another output directory",
                state_path.display(),
                cp.key
            )));
        }
        Some(cp)
    } else {
        None
    };
    let seed = cfg.file.seed;
    let arena = Arena {
        openings: &cfg.tuning_openings,
        geometry: cfg.geometry,
        rule: cfg.rule,
        move_cap: cfg.file.move_cap,
    };
    let mut positions = None;
    let t_iter;
    let mut done_now = 0u32;
    let budget_left = |done: u32| opts.stop_after.is_none_or(|s| done < s);
    let cp = match &cfg.file.method {
        MethodSettings::Texel(t) => {
            let finished_already = existing.as_ref().is_some_and(|c| c.finished);
            let data = if finished_already {
                None
            } else {
                Some(texel_data(cfg, t, &dir, &mut timings, opts.verbose)?)
            };
            let mut cp = match existing {
                Some(cp) => cp,
                None => {
                    let data = data.as_ref().expect("data loaded");
                    let t1 = Instant::now();
                    let x0 = space.start();
                    let evals = data.train.evals(&x0);
                    let k = fit_k(&data.train, &evals, 1e-9, 10.0);
                    let coords: Vec<usize> = space
                        .tuned
                        .iter()
                        .copied()
                        .filter(|&j| data.train.is_used(j))
                        .collect();
                    let mut obj = TexelObjective::new(&data.train, k);
                    let search = LocalSearch::new(
                        &mut obj,
                        x0,
                        coords,
                        t.step,
                        t.min_step,
                        StepRule::Relative,
                    );
                    timings.prepare += t1.elapsed();
                    let skipped: Vec<String> = space
                        .tuned
                        .iter()
                        .filter(|j| !search.coords.contains(j))
                        .map(|&j| score_name(&space.base, j))
                        .collect();
                    let note = format!(
                        "start: K = {k:.6e} fitted on the start table; {} scores tuned; not in any quiet training position (kept): {}",
                        search.coords.len(),
                        if skipped.is_empty() {
                            "none".into()
                        } else {
                            skipped.join(", ")
                        }
                    );
                    let line = texel_line(&space, data, k, &search, note);
                    let cp = Checkpoint {
                        key: key.clone(),
                        method: "texel".into(),
                        seed,
                        iteration: 0,
                        games: data.games,
                        finished: search.done,
                        scores: search.x.clone(),
                        state: MethodState::Texel { k, search },
                        history: vec![line],
                        positions: Some((data.train.len(), data.val.len())),
                    };
                    save_checkpoint(&dir, &cp)?;
                    cp
                }
            };
            t_iter = Instant::now();
            if let (Some(data), MethodState::Texel { k, search }) = (&data, cp.state.clone()) {
                let mut search = search;
                let search = &mut search;
                positions = Some((data.train.len(), data.val.len()));
                let feasible = |x: &[f64]| space.feasible(x);
                while !cp.finished && budget_left(done_now) {
                    let t0 = Instant::now();
                    let mut obj = TexelObjective::new(&data.train, k);
                    let r = search.sweep(&mut obj, &feasible);
                    let finished = search.done || search.sweeps >= t.iterations;
                    let note = format!(
                        "sweep with relative step {}: {} steps kept of {} tried ({} broke the order){}",
                        r.step,
                        r.accepted,
                        r.evaluated,
                        r.infeasible,
                        if r.accepted == 0 { "; step halved" } else { "" }
                    );
                    let line = texel_line(&space, data, k, search, note);
                    if opts.verbose {
                        eprintln!(
                            "iteration {}: training loss {:.6}, validation loss {:.6}, {} kept, step {} ({:.2} s)",
                            line.iteration,
                            search.value,
                            line.validation_loss.unwrap_or(f64::NAN),
                            r.accepted,
                            r.step,
                            t0.elapsed().as_secs_f64()
                        );
                    }
                    cp.history.push(line);
                    cp.state = MethodState::Texel {
                        k,
                        search: search.clone(),
                    };
                    cp.iteration = search.sweeps;
                    cp.scores = search.x.clone();
                    cp.finished = finished;
                    save_checkpoint(&dir, &cp)?;
                    done_now += 1;
                }
            }
            cp
        }
        MethodSettings::Match(m) => {
            let mut cp = existing.unwrap_or_else(|| {
                let x0 = space.start();
                Checkpoint {
                    key: key.clone(),
                    method: "match".into(),
                    seed,
                    iteration: 0,
                    games: 0,
                    finished: m.iterations == 0,
                    scores: x0.clone(),
                    state: MethodState::Match(HillState {
                        incumbent: x0.clone(),
                        k: 0,
                        pairs_played: 0,
                        accepted: 0,
                    }),
                    history: vec![HistoryLine {
                        iteration: 0,
                        method: "match".into(),
                        loss: None,
                        validation_loss: None,
                        elo: Some(0.0),
                        elo_error95: Some(0.0),
                        games: 0,
                        note: "start table".into(),
                        scores: scores_named(&space, &x0),
                    }],
                    positions: None,
                }
            });
            t_iter = Instant::now();
            if let MethodState::Match(state) = cp.state.clone() {
                let mut state = state;
                let state = &mut state;
                while !cp.finished && budget_left(done_now) {
                    let t0 = Instant::now();
                    let mut play = |cand: &[f64], inc: &[f64], pairs, stream| {
                        let a = params_with(
                            cfg,
                            space.table(cand, "candidate", ""),
                            m.tie_break_margin,
                        );
                        let b =
                            params_with(cfg, space.table(inc, "incumbent", ""), m.tie_break_margin);
                        play_pairs(&arena, &a, &b, pairs, seed, stream)
                    };
                    let rec = hill_iteration(&space, state, m, seed, &mut play)?;
                    cp.games += 2 * rec.pairs as u64;
                    let changes: Vec<String> = rec
                        .changes
                        .iter()
                        .map(|(n, a, b)| format!("{n} {a} -> {b}"))
                        .collect();
                    let note = format!(
                        "{}: {} ({}); pentanomial {:?}, candidate {:+.1} ± {:.1} Elo",
                        if rec.accepted { "accepted" } else { "rejected" },
                        changes.join(", "),
                        rec.reason,
                        rec.pentanomial,
                        rec.elo,
                        rec.error95
                    );
                    if opts.verbose {
                        eprintln!(
                            "iteration {}: {note} ({:.1} s)",
                            rec.k + 1,
                            t0.elapsed().as_secs_f64()
                        );
                    }
                    cp.history.push(HistoryLine {
                        iteration: state.k,
                        method: "match".into(),
                        loss: None,
                        validation_loss: None,
                        elo: Some(rec.elo),
                        elo_error95: Some(rec.error95),
                        games: cp.games,
                        note,
                        scores: scores_named(&space, &state.incumbent),
                    });
                    cp.state = MethodState::Match(state.clone());
                    cp.iteration = state.k;
                    cp.scores = state.incumbent.clone();
                    cp.finished = state.k >= m.iterations;
                    save_checkpoint(&dir, &cp)?;
                    done_now += 1;
                }
            }
            cp
        }
        MethodSettings::Spsa(s) => {
            let mut cp = existing.unwrap_or_else(|| {
                let x0 = space.start();
                let schedule = SpsaSchedule::fishtest(
                    &x0,
                    &space.tuned,
                    s.iterations,
                    s.c_end_frac,
                    s.r_end,
                    s.a_frac,
                    s.alpha,
                    s.gamma,
                );
                Checkpoint {
                    key: key.clone(),
                    method: "spsa".into(),
                    seed,
                    iteration: 0,
                    games: 0,
                    finished: false,
                    scores: x0.clone(),
                    state: MethodState::Spsa {
                        schedule,
                        state: SpsaState {
                            theta: x0.clone(),
                            k: 0,
                        },
                    },
                    history: vec![HistoryLine {
                        iteration: 0,
                        method: "spsa".into(),
                        loss: None,
                        validation_loss: None,
                        elo: None,
                        elo_error95: None,
                        games: 0,
                        note: "start table".into(),
                        scores: scores_named(&space, &x0),
                    }],
                    positions: None,
                }
            });
            t_iter = Instant::now();
            if let MethodState::Spsa { schedule, state } = cp.state.clone() {
                let mut state = state;
                let state = &mut state;
                let schedule = &schedule;
                while !cp.finished && budget_left(done_now) {
                    let t0 = Instant::now();
                    let mut err = None;
                    let mut play =
                        |probe: &crate::spsa::SpsaProbe, rng: &mut rand_chacha::ChaCha8Rng| {
                            let plus = space.table_stochastic(&probe.plus, "plus", rng);
                            let minus = space.table_stochastic(&probe.minus, "minus", rng);
                            let a = params_with(cfg, plus, s.tie_break_margin);
                            let b = params_with(cfg, minus, s.tie_break_margin);
                            let start = probe.k as usize * s.pairs;
                            match play_pairs(
                                &arena,
                                &a,
                                &b,
                                start..start + s.pairs,
                                seed,
                                crate::spsa::SPSA_STREAM,
                            ) {
                                Ok(r) => wins_minus_losses(&r),
                                Err(e) => {
                                    err = Some(e);
                                    0.0
                                }
                            }
                        };
                    let feasible = |x: &[f64]| space.feasible(x);
                    let rec =
                        spsa_iteration(schedule, state, &space.tuned, seed, &mut play, &feasible);
                    if let Some(e) = err {
                        return Err(e);
                    }
                    cp.games += 2 * s.pairs as u64;
                    let note = format!(
                        "theta+ wins - losses = {:+} over {} games; {}",
                        rec.result,
                        2 * s.pairs,
                        if rec.applied {
                            "update applied"
                        } else {
                            "update rejected: it broke an order constraint"
                        }
                    );
                    if opts.verbose {
                        eprintln!(
                            "iteration {}: {note} ({:.1} s)",
                            rec.k + 1,
                            t0.elapsed().as_secs_f64()
                        );
                    }
                    cp.history.push(HistoryLine {
                        iteration: state.k,
                        method: "spsa".into(),
                        loss: None,
                        validation_loss: None,
                        elo: None,
                        elo_error95: None,
                        games: cp.games,
                        note,
                        scores: scores_named(&space, &state.theta),
                    });
                    cp.state = MethodState::Spsa {
                        schedule: schedule.clone(),
                        state: state.clone(),
                    };
                    cp.iteration = state.k;
                    cp.scores = state.theta.clone();
                    cp.finished = state.k >= s.iterations;
                    save_checkpoint(&dir, &cp)?;
                    done_now += 1;
                }
            }
            cp
        }
    };
    timings.iterations = t_iter.elapsed();
    let method = cfg.file.method.name();
    let positions = positions.or(cp.positions);
    let mut description = describe(cfg, opts, &cp, positions);
    let mut table = space.table(&cp.scores, &cfg.file.name, &description);
    write_atomic(&dir.join("tuned.ron"), table_to_ron(&table).as_bytes())?;
    let mut confirmation = None;
    if cp.finished && !opts.skip_confirmation {
        let t0 = Instant::now();
        let c = run_confirmation(cfg, &table)?;
        timings.confirmation = t0.elapsed();
        description += &format!(
            " Confirmation at depth {} on held-out openings {}..{} of {} ({} pairs per match, colours reversed, tie-break margin {}):",
            cfg.engine.depth,
            cfg.file.holdout_openings.range.0,
            cfg.file.holdout_openings.range.1,
            cfg.file.holdout_openings.file.display(),
            c.pairs_per_match,
            cfg.file.confirmation.tie_break_margin
        );
        for m in c.matches.iter().filter(|m| m.a == c.players[0]) {
            description += &format!(
                " vs {}: {:+.1} ± {:.1} Elo (pentanomial {:?}), pool {:+.1} ± {:.1};",
                m.b, m.elo, m.error95, m.pentanomial, m.pool_elo_diff, m.pool_error95
            );
        }
        description.pop();
        description.push('.');
        table.description = description;
        write_atomic(&dir.join("tuned.ron"), table_to_ron(&table).as_bytes())?;
        let json = serde_json::to_string_pretty(&c).expect("serializable");
        write_atomic(&dir.join("confirmation.json"), json.as_bytes())?;
        write_report(cfg, opts, &cp, &c, &dir)?;
        confirmation = Some(c);
    }
    let _ = method;
    Ok(RunOutcome {
        dir,
        table,
        history: cp.history,
        finished: cp.finished,
        confirmation,
        timings,
        positions,
    })
}

fn describe(
    cfg: &TuneConfig,
    opts: &RunOptions,
    cp: &Checkpoint,
    positions: Option<(usize, usize)>,
) -> String {
    let first = cp.history.first();
    let last = cp.history.last();
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
    if let (Some(f), Some(l), "texel") = (first, last, cp.method.as_str()) {
        if let MethodState::Texel { k, .. } = &cp.state {
            s += &format!(" K = {k:.4e};");
        }
        if let Some((tr, va)) = positions {
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

fn unique_name(names: &[String], name: &str) -> String {
    let mut n = name.to_string();
    let mut k = 2;
    while names.contains(&n) {
        n = format!("{name}-{k}");
        k += 1;
    }
    n
}

/// Plays the confirmation match of `tuned` against the start table (and the extra tables)
/// on the held-out openings.
pub fn run_confirmation(cfg: &TuneConfig, tuned: &PatternTable) -> Result<Confirmation, TuneError> {
    let c = &cfg.file.confirmation;
    let mut players: Vec<(String, EngineParams)> = Vec::new();
    let mut names = Vec::new();
    for t in std::iter::once(tuned)
        .chain(std::iter::once(&cfg.start_table))
        .chain(cfg.also.iter())
    {
        let n = unique_name(&names, &t.name);
        names.push(n.clone());
        players.push((n, params_with(cfg, t.clone(), c.tie_break_margin)));
    }
    let arena = Arena {
        openings: &cfg.holdout_openings,
        geometry: cfg.geometry,
        rule: cfg.rule,
        move_cap: cfg.file.move_cap,
    };
    confirm(
        &arena,
        &players,
        c.pairs,
        cfg.file.seed,
        format!(
            "{} openings {}..{} (held out)",
            cfg.file.holdout_openings.file.display(),
            cfg.file.holdout_openings.range.0,
            cfg.file.holdout_openings.range.1
        ),
    )
}

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
        ("start table".to_string(), cfg.start_table.name.clone()),
        ("depth".to_string(), cfg.engine.depth.to_string()),
        ("iterations".to_string(), cp.iteration.to_string()),
        ("games (tuning)".to_string(), cp.games.to_string()),
        ("confirmation".to_string(), c.openings.clone()),
    ];
    for m in &c.matches {
        config.push((
            format!("{} vs {}", m.a, m.b),
            format!(
                "{:+.1} ± {:.1} Elo (pentanomial {:?}, W/D/L {:?}, LOS {:.3})",
                m.elo, m.error95, m.pentanomial, m.wdl, m.los
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
