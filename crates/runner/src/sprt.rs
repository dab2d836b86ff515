//! The SPRT driver: a candidate engine (player 0) against a baseline (player 1) in game pairs
//! until the generalized SPRT (fishtest/fastchess, pentanomial) accepts H0 or H1, or the game
//! cap is reached.
//!
//! Pair `p` is [`crate::schedule::pair_jobs`]'s: opening `p mod book` of the configured range
//! twice, the candidate Black (the first mover) in job `2p` and White in job `2p + 1`, with
//! the pair's symmetry when `transform` is set. Pairs are played through the match layer in
//! batches; after each batch the test is evaluated **sequentially over the pairs in index
//! order**: counts, LLR and decision after every pair. The first pair whose LLR crosses a
//! bound decides, and the pairs of the batch after it are discarded (not journaled, not
//! counted). So the decision, the pairs used, the journal and `sprt.json` (apart from its
//! `machine` part) are the same for any thread count or batch size.
//!
//! A pair is journaled in one write, after its batch and before it is counted, so the journal
//! always holds whole pairs in order (plus at most a torn line, cut on resume): `--resume`
//! recounts them and goes on from the next pair.

use crate::RunnerError;
use crate::batch::{Batch, PlayOptions};
use crate::journal::{JournalLine, RunInfo, write_atomic};
use crate::rundir::{OpenMode, RunDir};
use crate::schedule::pair_jobs;
use gomoku_config::run::{ModelSpec, SprtSettings};
use gomoku_config::sprt::SprtPlan;
use gomoku_stats::{EloEstimate, EloModel, Pentanomial, Sprt, SprtStatus, StatsError, Trinomial};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// File name of the SPRT summary in the output directory.
pub const SPRT_FILE: &str = "sprt.json";

/// The format version of `sprt.json` (version 1 was untyped).
pub const SPRT_FILE_VERSION: u32 = 2;

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Still running (a summary written between batches).
    Running,
    /// H0 accepted: the candidate is not `elo1` stronger.
    H0,
    /// H1 accepted: the candidate is stronger by about `elo1` or more.
    H1,
    /// The game cap was reached without a decision.
    Capped,
    /// Stopped by the user; `--resume` continues.
    Interrupted,
}

/// An Elo estimate with its 95% interval; `None` where a bound is infinite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Point estimate.
    pub elo: Option<f64>,
    /// Half-width of the 95% interval.
    pub error95: Option<f64>,
    /// Lower end of the 95% interval.
    pub lower: Option<f64>,
    /// Upper end of the 95% interval.
    pub upper: Option<f64>,
}

fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

impl Estimate {
    fn of(r: Result<EloEstimate, StatsError>) -> Option<Estimate> {
        r.ok().map(|e| Estimate {
            elo: finite(e.elo),
            error95: finite(e.error95),
            lower: finite(e.lower),
            upper: finite(e.upper),
        })
    }
}

/// Wins, draws and losses of the candidate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

/// How the test ran on this machine (the only part that depends on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// Worker threads.
    pub threads: usize,
    /// Pairs per batch.
    pub batch_pairs: usize,
    /// Pairs played after the decision and discarded.
    pub discarded_pairs: usize,
    /// Pairs recounted from the journal at the start.
    pub resumed_pairs: usize,
    /// Wall time in seconds.
    pub wall_s: f64,
}

/// `sprt.json`: the state of a test after its last counted pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSummary {
    /// Format version ([`SPRT_FILE_VERSION`]).
    pub v: u32,
    /// The test's name.
    pub name: String,
    /// The run hash (as in `run.json`).
    pub run: String,
    /// The candidate's name.
    pub candidate: String,
    /// The baseline's name.
    pub baseline: String,
    /// Hypotheses, errors, model and cap.
    pub settings: SprtSettings,
    /// The LLR bound that accepts H0.
    pub lower: f64,
    /// The LLR bound that accepts H1.
    pub upper: f64,
    /// Pairs counted.
    pub pairs: u64,
    /// Games counted.
    pub games: u64,
    /// Pair outcomes by the candidate's points 0, ½, 1, 1½, 2.
    pub pentanomial: [u64; 5],
    /// The candidate's games.
    pub trinomial: Wdl,
    /// Logistic Elo (pentanomial).
    pub elo: Option<Estimate>,
    /// Normalized Elo (pentanomial).
    pub nelo: Option<Estimate>,
    /// Likelihood of superiority, in percent.
    pub los_percent: Option<f64>,
    /// The log-likelihood ratio after the last counted pair.
    pub llr: f64,
    /// Where the test stands.
    pub decision: Decision,
    /// `(games, LLR)` after every counted pair.
    pub trace: Vec<(u64, f64)>,
    /// How it ran here.
    pub machine: Machine,
}

impl SprtSummary {
    /// Reads `sprt.json` from a run directory; `None` when there is none. A file of another
    /// format version is refused with a message that names it.
    pub fn load(dir: &Path) -> Result<Option<SprtSummary>, RunnerError> {
        let path = dir.join(SPRT_FILE);
        if !path.exists() {
            return Ok(None);
        }
        crate::journal::read_versioned(&path, SPRT_FILE_VERSION).map(Some)
    }

    /// Games still to play before the LLR reaches the bound it heads for, at the rate it has
    /// moved so far (its mean step per pair), within the test's cap; `None` before any pair
    /// or while it has not moved. A forecast, not a promise: the drift is itself an estimate.
    pub fn expected_more_games(&self) -> Option<u64> {
        if self.pairs == 0 || self.llr == 0.0 {
            return None;
        }
        let drift = self.llr / self.pairs as f64;
        let bound = if drift > 0.0 { self.upper } else { self.lower };
        let pairs = ((bound - self.llr) / drift).max(0.0).ceil();
        let cap = (self.settings.max_games / 2).saturating_sub(self.pairs) as f64;
        Some(2 * pairs.min(cap) as u64)
    }

    /// Where the LLR stands between its bounds, from 0 (H0 accepted) to 1 (H1 accepted).
    pub fn llr_fraction(&self) -> f64 {
        ((self.llr - self.lower) / (self.upper - self.lower)).clamp(0.0, 1.0)
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
    fn add(&mut self, scores: [f64; 2]) -> Result<SprtStatus, RunnerError> {
        self.tri.add(scores[0])?;
        self.tri.add(scores[1])?;
        self.penta.add_pair_score(scores[0] + scores[1])?;
        self.llr = self.sprt.llr_pentanomial(&self.penta);
        self.trace.push((self.penta.games(), self.llr));
        Ok(self.sprt.status(self.llr))
    }
}

/// How to run a test.
#[derive(Clone, Copy, Default)]
pub struct SprtOptions<'a> {
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Pairs per batch (0: two per thread, at least 4).
    pub batch_pairs: usize,
    /// How to open the output directory.
    pub mode: OpenMode,
    /// When set, the test stops after the running batch (decision `Interrupted`).
    pub stop: Option<&'a AtomicBool>,
    /// Called with the summary after every batch (progress).
    pub on_batch: Option<&'a (dyn Fn(&SprtSummary) + Sync)>,
}

/// The candidate's score in a journaled game; a game that could not be played stops the test.
fn candidate_score(line: &JournalLine) -> Result<f64, RunnerError> {
    let result = line.result.ok_or_else(|| RunnerError::Unplayed {
        job: line.job,
        message: line.message.as_deref().unwrap_or("no result").into(),
    })?;
    let black = result.black_score();
    Ok(if line.black_idx == 0 {
        black
    } else {
        1.0 - black
    })
}

/// The decision a status stands for, if the test has decided.
pub(crate) fn decided(status: SprtStatus) -> Option<Decision> {
    match status {
        SprtStatus::AcceptH0 => Some(Decision::H0),
        SprtStatus::AcceptH1 => Some(Decision::H1),
        SprtStatus::Continue => None,
    }
}

/// Runs (or resumes) the test of `plan` into the run directory `output`: `run.json`,
/// `games.jsonl` (whole pairs, in order) and `sprt.json`, rewritten after every batch.
pub fn run_sprt(
    plan: &SprtPlan,
    output: &Path,
    opts: &SprtOptions<'_>,
) -> Result<SprtSummary, RunnerError> {
    let test = plan.test;
    let model = match test.model {
        ModelSpec::Logistic => EloModel::Logistic,
        ModelSpec::Normalized => EloModel::Normalized,
    };
    let sprt = Sprt::new(test.elo0, test.elo1, test.alpha, test.beta, model).map_err(|source| {
        RunnerError::SprtSettings {
            path: plan.path.clone(),
            source,
        }
    })?;
    let config = plan.run_config();
    let openings: Vec<_> = plan.openings.iter().map(|o| o.moves.clone()).collect();
    let max_pairs = plan.max_pairs();
    let info = RunInfo::new(config, &openings, 2 * max_pairs);
    let (dir, done) = RunDir::open(output, &info, opts.mode)?;
    let threads = crate::batch::effective_threads(opts.threads);
    let batch_pairs = match opts.batch_pairs {
        0 => (2 * threads).max(4),
        n => n,
    };

    let mut state = State {
        sprt,
        penta: Pentanomial::default(),
        tri: Trinomial::default(),
        trace: Vec::new(),
        llr: 0.0,
    };
    // Whole pairs in order from the start; an orphan first game of a pair (its partner torn
    // off by a kill) is replayed with its pair, and readers keep one line per job.
    let whole = done
        .iter()
        .enumerate()
        .take_while(|(i, l)| l.job == *i)
        .count()
        / 2;
    let mut decision = None;
    let mut resumed = 0;
    for pair in done[..2 * whole].chunks(2) {
        resumed += 1;
        decision = decided(state.add([candidate_score(&pair[0])?, candidate_score(&pair[1])?])?);
        if decision.is_some() {
            break;
        }
    }

    let names = [plan.candidate.name.clone(), plan.baseline.name.clone()];
    let participants = crate::players::participants(&info.config)?;
    let batch = Batch {
        run: &info.run,
        participants: &participants,
        openings: &openings,
        geometry: plan.geometry,
        rule: plan.rule,
        control: crate::players::time_control(plan.time_control),
        move_cap: plan.move_cap,
        seed: plan.seed,
    };
    let start = Instant::now();
    let mut machine = Machine {
        threads,
        batch_pairs,
        discarded_pairs: 0,
        resumed_pairs: resumed,
        wall_s: 0.0,
    };
    let summary = |state: &State, decision: Decision, machine: Machine| SprtSummary {
        v: SPRT_FILE_VERSION,
        name: plan.name.clone(),
        run: info.run.clone(),
        candidate: names[0].clone(),
        baseline: names[1].clone(),
        settings: test,
        lower: state.sprt.lower_bound(),
        upper: state.sprt.upper_bound(),
        pairs: state.penta.pairs(),
        games: state.penta.games(),
        pentanomial: state.penta.0,
        trinomial: Wdl {
            wins: state.tri.wins,
            draws: state.tri.draws,
            losses: state.tri.losses,
        },
        elo: Estimate::of(state.penta.elo_estimate()),
        nelo: Estimate::of(state.penta.nelo_estimate()),
        los_percent: state.penta.los().ok().and_then(|l| finite(100.0 * l)),
        llr: state.llr,
        decision,
        trace: state.trace.clone(),
        machine,
    };
    let sprt_path = output.join(SPRT_FILE);
    let save = |s: &SprtSummary| {
        let text = serde_json::to_string_pretty(s).expect("summaries serialize");
        write_atomic(&sprt_path, (text + "\n").as_bytes())
    };
    let mut next = resumed;
    while decision.is_none() {
        if next >= max_pairs {
            decision = Some(Decision::Capped);
            break;
        }
        if opts.stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            decision = Some(Decision::Interrupted);
            break;
        }
        let end = (next + batch_pairs).min(max_pairs);
        let jobs = pair_jobs(
            next..end,
            openings.len(),
            plan.transform,
            plan.geometry,
            plan.seed,
        );
        let played = batch.play(
            &jobs,
            &PlayOptions {
                threads,
                ..PlayOptions::default()
            },
        )?;
        for (k, pair) in played.lines.chunks(2).enumerate() {
            let scores = [candidate_score(&pair[0])?, candidate_score(&pair[1])?];
            dir.journal().append_all(pair)?;
            decision = decided(state.add(scores)?);
            if decision.is_some() {
                machine.discarded_pairs += end - next - k - 1;
                break;
            }
        }
        next = end;
        machine.wall_s = start.elapsed().as_secs_f64();
        let now = summary(&state, decision.unwrap_or(Decision::Running), machine);
        save(&now)?;
        if let Some(f) = opts.on_batch {
            f(&now);
        }
    }
    machine.wall_s = start.elapsed().as_secs_f64();
    let last = summary(&state, decision.unwrap_or(Decision::Capped), machine);
    save(&last)?;
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(pairs: u64, llr: f64, max_games: u64) -> SprtSummary {
        serde_json::from_value(serde_json::json!({
            "v": 2, "name": "t", "run": "r", "candidate": "a", "baseline": "b",
            "settings": {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05,
                         "model": "Normalized", "max_games": max_games},
            "lower": -2.944, "upper": 2.944, "pairs": pairs, "games": 2 * pairs,
            "pentanomial": [0, 0, pairs, 0, 0], "trinomial": {"wins": 0, "draws": 0, "losses": 0},
            "elo": null, "nelo": null, "los_percent": null, "llr": llr,
            "decision": "Running", "trace": [], "machine": {"threads": 1, "batch_pairs": 1, "discarded_pairs": 0, "resumed_pairs": 0, "wall_s": 0.0},
        }))
        .unwrap()
    }

    #[test]
    fn the_forecast_extends_the_drift_to_the_bound_it_heads_for() {
        // +1.0 in 100 pairs: 1.944 more at 0.01 a pair is 195 pairs, 390 games.
        assert_eq!(summary(100, 1.0, 10_000).expected_more_games(), Some(390));
        // Falling: toward the lower bound.
        assert_eq!(summary(100, -1.0, 10_000).expected_more_games(), Some(390));
        // Never past the cap.
        assert_eq!(summary(100, 1.0, 300).expected_more_games(), Some(100));
        assert_eq!(summary(0, 0.0, 300).expected_more_games(), None);
        assert!((summary(10, 0.0, 300).llr_fraction() - 0.5).abs() < 1e-12);
        assert_eq!(summary(10, 9.0, 300).llr_fraction(), 1.0);
    }
}
