//! `sprt`: a candidate engine against a baseline in game pairs until the generalized SPRT
//! (fishtest/fastchess, pentanomial) accepts H0 or H1 or the game cap is reached.
//!
//! Pair `i` plays opening `i mod book` of the configured range twice, colours reversed: game
//! `2i` with the candidate as Black (the first mover), game `2i + 1` with the baseline as
//! Black. Each game's randomness comes from `job_rng(seed, game index)` and the pair's
//! board symmetry (with `transform`) from (seed, pair index), so a pair's games do not depend
//! on the thread that plays them.
//!
//! Pairs are played in parallel batches on a rayon pool. After each batch the test is
//! evaluated **sequentially over the pairs in index order**: counts, LLR and decision after
//! every pair. The first pair whose LLR crosses a bound decides; the pairs of the batch after
//! it are discarded (not journaled, not counted). So the decision, the pairs used, the
//! journal and `sprt.json` (apart from its `machine` part: threads, batch size, discarded
//! pairs, wall time) are the same for any thread count or batch size.
//!
//! Outputs in the output directory: `run.json` and `games.jsonl` (the runner's journal format,
//! so `rate` and `report` read it; only counted pairs, appended in pair order after each batch
//! and before they are counted), `sprt.json` (rewritten after each batch), `results.pgn`,
//! `games.sgf`, `standings.json`, and `report/`. `--resume` continues a stopped test from the
//! complete pairs of its journal.

use super::report::write_run_report;
use anyhow::{Context, Result, bail};
use gomoku_board::{Pos, Symmetry};
use gomoku_config::sprt::{ModelSpec, SprtPlan, load_sprt};
use gomoku_runner::journal::{
    JOURNAL_FILE, Journal, JournalLine, RunInfo, SCHEMA_VERSION, fnv1a64, read_journal,
};
use gomoku_runner::schedule::splitmix64;
use gomoku_runner::{EnginePlayer, GameRecord, Job, Player, job_rng, play_game, write_outputs};
use gomoku_stats::{EloModel, Pentanomial, Sprt, SprtStatus, Trinomial};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde_json::{Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// File name of the SPRT summary in the output directory.
pub const SPRT_FILE: &str = "sprt.json";

/// Arguments of `sprt`.
#[derive(clap::Args)]
pub struct Args {
    /// The SPRT file (configs/sprt/*.ron).
    config: PathBuf,
    /// Worker threads (default: the file's `threads`, else all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Output directory, relative to the working directory (default: the file's `output`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue a stopped test from the complete pairs of its journal.
    #[arg(long)]
    resume: bool,
    /// Print only the final result.
    #[arg(long)]
    quiet: bool,
    /// Do not write the report.
    #[arg(long)]
    no_report: bool,
}

/// Which bound stopped the test, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    H0,
    H1,
    Capped,
    Interrupted,
}

impl Decision {
    fn name(self) -> &'static str {
        match self {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
            Decision::Capped => "capped",
            Decision::Interrupted => "interrupted",
        }
    }
}

/// The state of the test over the counted pairs.
struct State {
    sprt: Sprt,
    penta: Pentanomial,
    tri: Trinomial,
    trace: Vec<(u64, f64)>,
    llr: f64,
}

impl State {
    /// Counts one pair (the candidate's two scores) and returns the status after it.
    fn add(&mut self, scores: [f64; 2]) -> Result<SprtStatus> {
        self.tri.add(scores[0])?;
        self.tri.add(scores[1])?;
        self.penta.add_pair_score(scores[0] + scores[1])?;
        self.llr = self.sprt.llr_pentanomial(&self.penta);
        self.trace.push((self.penta.games(), self.llr));
        Ok(self.sprt.status(self.llr))
    }

    fn line(&self) -> String {
        let elo = match self.penta.elo_estimate() {
            Ok(e) => format!(
                "{} ± {}",
                super::report_data::fmt_signed(e.elo),
                super::report_data::fmt_abs(e.error95)
            ),
            Err(_) => "-".into(),
        };
        format!(
            "pairs {:>5}  games {:>6}  penta {:?}  Elo {elo}  LLR {:.3} [{:.3}, {:.3}]",
            self.penta.pairs(),
            self.penta.games(),
            self.penta.0,
            self.llr,
            self.sprt.lower_bound(),
            self.sprt.upper_bound()
        )
    }
}

/// What is fixed for the whole run.
struct Setup {
    plan: SprtPlan,
    names: [String; 2],
    run: String,
    threads: usize,
    batch: usize,
}

impl Setup {
    fn job(&self, pair: usize, game: usize) -> Job {
        let n = self.plan.openings.len();
        let transform = if self.plan.transform {
            let symmetries = Symmetry::of(self.plan.geometry);
            let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(
                self.plan.seed ^ splitmix64(pair as u64 ^ 0x5350_5254_5041_4952),
            ));
            symmetries[rng.random_range(0..symmetries.len())]
        } else {
            Symmetry::Identity
        };
        let (black, white) = if game == 0 { (0, 1) } else { (1, 0) };
        Job {
            index: 2 * pair + game,
            round: (pair / n) as u32,
            pair: 0,
            opening: self.plan.first_opening + pair % n,
            black,
            white,
            transform,
        }
    }

    fn opening(&self, job: &Job) -> Vec<Pos> {
        self.plan.openings[job.opening - self.plan.first_opening]
            .moves
            .iter()
            .map(|&p| job.transform.apply(p, self.plan.geometry))
            .collect()
    }

    fn run_info(&self) -> RunInfo {
        let n = self.plan.openings.len();
        let max_pairs = self.plan.max_pairs();
        RunInfo {
            v: SCHEMA_VERSION,
            run: self.run.clone(),
            name: self.plan.name.clone(),
            players: self.names.to_vec(),
            width: self.plan.geometry.width,
            height: self.plan.geometry.height,
            k: self.plan.geometry.k,
            rule: self.plan.rule.name().to_string(),
            jobs: 2 * max_pairs,
            rounds: max_pairs.div_ceil(n) as u32,
            seed: self.plan.seed,
            config: self.plan.normalized(),
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Plays the two games of a pair with the worker's players (built on first use).
fn play_pair(
    setup: &Setup,
    pair: usize,
    slot: &Mutex<Option<[EnginePlayer; 2]>>,
) -> Result<[JournalLine; 2]> {
    let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
    if slot.is_none() {
        let build = |name: &str, params: &gomoku_engine::EngineParams| {
            EnginePlayer::new(name, params.clone())
                .map_err(|e| anyhow::anyhow!("cannot build {name}: {e}"))
        };
        *slot = Some([
            build(&setup.names[0], &setup.plan.candidate.params)?,
            build(&setup.names[1], &setup.plan.baseline.params)?,
        ]);
    }
    let players = slot.as_mut().expect("built");
    let mut out = Vec::with_capacity(2);
    for game in 0..2 {
        let job = setup.job(pair, game);
        let opening = setup.opening(&job);
        let [cand, base] = &mut *players;
        let (b, w): (&mut dyn Player, &mut dyn Player) = if game == 0 {
            (cand, base)
        } else {
            (base, cand)
        };
        let mut rng = job_rng(setup.plan.seed, job.index);
        let record: GameRecord = catch_unwind(AssertUnwindSafe(|| {
            play_game(
                [b, w],
                &opening,
                setup.plan.geometry,
                setup.plan.rule,
                setup.plan.time_control,
                setup.plan.move_cap,
                &mut rng,
            )
        }))
        .map_err(|p| {
            anyhow::anyhow!(
                "game {} (pair {pair}) panicked: {}",
                job.index,
                panic_message(&*p)
            )
        })?;
        let names = [
            setup.names[job.black].as_str(),
            setup.names[job.white].as_str(),
        ];
        out.push(JournalLine::new(&setup.run, &job, names, &record));
    }
    let [a, b]: [JournalLine; 2] = out.try_into().map_err(|_| anyhow::anyhow!("two games"))?;
    Ok([a, b])
}

/// The candidate's score in a journaled game.
fn candidate_score(line: &JournalLine) -> Result<f64> {
    let result = line.result.with_context(|| {
        format!(
            "game {} could not be played: {}",
            line.job,
            line.message.as_deref().unwrap_or("no result")
        )
    })?;
    let black = result.black_score();
    Ok(if line.black_idx == 0 {
        black
    } else {
        1.0 - black
    })
}

fn sprt_json(setup: &Setup, state: &State, decision: Option<Decision>, machine: Value) -> Value {
    use super::report_data::{estimate_json, finite};
    let p = &setup.plan;
    let or_null = |r: Result<gomoku_stats::EloEstimate, gomoku_stats::StatsError>| {
        r.map(|e| estimate_json(&e)).unwrap_or(Value::Null)
    };
    json!({
        "v": 1,
        "name": p.name,
        "run": setup.run,
        "candidate": setup.names[0],
        "baseline": setup.names[1],
        "elo0": p.elo0,
        "elo1": p.elo1,
        "alpha": p.alpha,
        "beta": p.beta,
        "model": match p.model { ModelSpec::Logistic => "logistic", ModelSpec::Normalized => "normalized" },
        "lower": state.sprt.lower_bound(),
        "upper": state.sprt.upper_bound(),
        "max_games": p.max_games,
        "pairs": state.penta.pairs(),
        "games": state.penta.games(),
        "pentanomial": state.penta.0,
        "trinomial": { "wins": state.tri.wins, "draws": state.tri.draws, "losses": state.tri.losses },
        "elo": or_null(state.penta.elo_estimate()),
        "nelo": or_null(state.penta.nelo_estimate()),
        "los": state.penta.los().ok().map(finite),
        "llr": finite(state.llr),
        "decision": decision.map_or("running", Decision::name),
        "trace": state.trace.iter().map(|&(g, l)| json!([g, finite(l)])).collect::<Vec<_>>(),
        "machine": machine,
    })
}

fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// Runs `sprt`.
pub fn run(args: Args) -> Result<ExitCode> {
    let plan = load_sprt(&args.config)
        .with_context(|| format!("loading SPRT file {}", args.config.display()))?;
    let output = args.out.clone().unwrap_or_else(|| plan.output.clone());
    let threads =
        gomoku_runner::tournament::effective_threads(args.threads.or(plan.threads).unwrap_or(0));
    let batch = plan.batch_pairs.unwrap_or((2 * threads).max(4));
    let model = match plan.model {
        ModelSpec::Logistic => EloModel::Logistic,
        ModelSpec::Normalized => EloModel::Normalized,
    };
    let sprt = Sprt::new(plan.elo0, plan.elo1, plan.alpha, plan.beta, model)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.config.display()))?;
    let run = format!(
        "{:016x}",
        fnv1a64(
            json!({ "v": SCHEMA_VERSION, "sprt": plan.normalized() })
                .to_string()
                .as_bytes()
        )
    );
    let names = [plan.candidate.name.clone(), plan.baseline.name.clone()];
    let setup = Setup {
        plan,
        names,
        run,
        threads,
        batch,
    };
    let max_pairs = setup.plan.max_pairs();

    // The journal: fresh, or resumed from its complete pairs.
    std::fs::create_dir_all(&output)
        .with_context(|| format!("cannot create {}", output.display()))?;
    let journal_path = output.join(JOURNAL_FILE);
    let existing = read_journal(&journal_path)?;
    let mut kept: Vec<JournalLine> = Vec::new();
    if !existing.lines.is_empty() {
        if !args.resume {
            bail!(
                "{} already holds games: resume the test with --resume, or delete it to start over",
                journal_path.display()
            );
        }
        if let Some(bad) = existing.lines.iter().find(|l| l.run != setup.run) {
            bail!(
                "{}: journal of run {}, but this configuration is run {}; use another output directory or delete the journal",
                journal_path.display(),
                bad.run,
                setup.run
            );
        }
        let mut lines = existing.lines;
        lines.sort_by_key(|l| l.job);
        lines.dedup_by_key(|l| l.job);
        for (i, l) in lines.into_iter().enumerate() {
            if l.job != i {
                break;
            }
            kept.push(l);
        }
        kept.truncate(kept.len() / 2 * 2);
    }
    setup.run_info().save(&output)?;
    {
        let mut text = String::new();
        for l in &kept {
            text += &serde_json::to_string(l)?;
            text.push('\n');
        }
        std::fs::write(&journal_path, text)
            .with_context(|| format!("cannot write {}", journal_path.display()))?;
    }
    let journal = Journal::open(&output, std::fs::metadata(&journal_path)?.len(), false)?;

    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                eprintln!("\nsecond interrupt: exiting now (the journal holds every counted pair)");
                std::process::exit(130);
            }
            eprintln!("\ninterrupt: finishing the running batch (Ctrl-C again to quit now)");
        })
        .context("installing the Ctrl-C handler")?;
    }

    let mut state = State {
        sprt,
        penta: Pentanomial::default(),
        tri: Trinomial::default(),
        trace: Vec::new(),
        llr: 0.0,
    };
    let mut decision = None;
    for pair in kept.chunks(2) {
        let status = state.add([candidate_score(&pair[0])?, candidate_score(&pair[1])?])?;
        decision = match status {
            SprtStatus::AcceptH0 => Some(Decision::H0),
            SprtStatus::AcceptH1 => Some(Decision::H1),
            SprtStatus::Continue => None,
        };
        if decision.is_some() {
            break;
        }
    }
    let resumed = state.penta.pairs() as usize;
    let p = &setup.plan;
    eprintln!(
        "sprt {}: {} (candidate) vs {} (baseline), H0 {} / H1 {} {} Elo, alpha {} beta {}, bounds [{:.3}, {:.3}], at most {} games; {} openings, {} threads, {} pairs per batch, run {}, output {}",
        p.name,
        setup.names[0],
        setup.names[1],
        p.elo0,
        p.elo1,
        match p.model {
            ModelSpec::Logistic => "logistic",
            ModelSpec::Normalized => "normalized",
        },
        p.alpha,
        p.beta,
        state.sprt.lower_bound(),
        state.sprt.upper_bound(),
        2 * max_pairs,
        p.openings.len(),
        setup.threads,
        setup.batch,
        setup.run,
        output.display()
    );
    if resumed > 0 {
        eprintln!("resumed {resumed} pairs from the journal");
    }

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(setup.threads)
        .thread_name(|i| format!("gomoku-sprt-{i}"))
        .build()
        .context("starting the thread pool")?;
    let slots: Vec<Mutex<Option<[EnginePlayer; 2]>>> =
        (0..setup.threads).map(|_| Mutex::new(None)).collect();
    let spare = Mutex::new(None);
    let start = Instant::now();
    let mut next = resumed;
    let mut discarded = 0usize;
    let sprt_path = output.join(SPRT_FILE);
    let machine = |discarded: usize, start: &Instant| {
        json!({
            "threads": setup.threads,
            "batch_pairs": setup.batch,
            "discarded_pairs": discarded,
            "resumed_pairs": resumed,
            "wall_s": start.elapsed().as_secs_f64(),
        })
    };
    while decision.is_none() {
        if next >= max_pairs {
            decision = Some(Decision::Capped);
            break;
        }
        if stop.load(Ordering::SeqCst) {
            decision = Some(Decision::Interrupted);
            break;
        }
        let end = (next + setup.batch).min(max_pairs);
        let played: Vec<Result<[JournalLine; 2]>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|pair| {
                    let slot = rayon::current_thread_index()
                        .and_then(|i| slots.get(i))
                        .unwrap_or(&spare);
                    play_pair(&setup, pair, slot)
                })
                .collect()
        });
        for (k, lines) in played.into_iter().enumerate() {
            let lines = lines?;
            let scores = [candidate_score(&lines[0])?, candidate_score(&lines[1])?];
            for l in &lines {
                journal.append(l)?;
            }
            let status = state.add(scores)?;
            decision = match status {
                SprtStatus::AcceptH0 => Some(Decision::H0),
                SprtStatus::AcceptH1 => Some(Decision::H1),
                SprtStatus::Continue => None,
            };
            if decision.is_some() {
                discarded += end - next - k - 1;
                break;
            }
        }
        next = end;
        if !args.quiet {
            println!("{}", state.line());
        }
        write_atomic(
            &sprt_path,
            &serde_json::to_string_pretty(&sprt_json(
                &setup,
                &state,
                decision,
                machine(discarded, &start),
            ))?,
        )?;
    }
    drop(journal);
    let decision = decision.unwrap_or(Decision::Capped);
    let summary = sprt_json(&setup, &state, Some(decision), machine(discarded, &start));
    write_atomic(&sprt_path, &serde_json::to_string_pretty(&summary)?)?;

    let verdict = match decision {
        Decision::H1 => format!(
            "H1 accepted: {} is stronger than {} by about {} {} Elo or more",
            setup.names[0],
            setup.names[1],
            p.elo1,
            summary["model"].as_str().unwrap_or("")
        ),
        Decision::H0 => format!(
            "H0 accepted: {} is not {} {} Elo stronger than {}",
            setup.names[0],
            p.elo1,
            summary["model"].as_str().unwrap_or(""),
            setup.names[1]
        ),
        Decision::Capped => format!("no decision: the cap of {} games was reached", p.max_games),
        Decision::Interrupted => "interrupted: resume with --resume".into(),
    };
    println!("{}", state.line());
    let nelo = state
        .penta
        .nelo_estimate()
        .map(|e| {
            format!(
                "  nElo {} ± {}",
                super::report_data::fmt_signed(e.elo),
                super::report_data::fmt_abs(e.error95)
            )
        })
        .unwrap_or_default();
    let los = state
        .penta
        .los()
        .map(|l| format!("  LOS {:.1}%", 100.0 * l))
        .unwrap_or_default();
    println!(
        "W/D/L {}/{}/{}{nelo}{los}",
        state.tri.wins, state.tri.draws, state.tri.losses
    );
    println!("{verdict}");
    if discarded > 0 {
        eprintln!(
            "{discarded} pairs of the last batch were played after the decision and discarded (not journaled, not counted)"
        );
    }

    if state.penta.pairs() > 0 {
        write_outputs(&output)
            .with_context(|| format!("writing outputs to {}", output.display()))?;
        if !args.no_report {
            let report = write_run_report(&output)?;
            eprintln!("report in {}", report.display());
        }
    }
    eprintln!("results in {}", output.display());
    Ok(if decision == Decision::Interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}
