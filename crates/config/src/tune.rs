//! Tuning files (`configs/tune/*.ron`): which table to start from, which engine plays, the
//! method and its budget, the seed, the tuning and held-out openings, the output directory,
//! order constraints and the pinned score. This module loads and checks the file (every number
//! against its range, before any game); the fields, their defaults and limits:
//! `docs/CONFIG.md`, "Tuning files".

use crate::book::{BookFormatSpec, load_book};
use crate::checks::{count, real};
use crate::limits::{MAX_ITERATIONS, MAX_PAIRS, MAX_TEXEL_GAMES};
use crate::participants::ParticipantEntry;
use crate::run::{PlayerKind, PlayerRecord, TimeControlSpec};
use crate::tune_params::{ParamEntry, ParamTarget, TunedParam, check_placeholders, resolve_params};
pub use crate::tune_params::{ScoreRef, parse_score_ref};
use crate::{ConfigError, Spans};
use gomoku_board::opening::{BookFormat, Opening};
use gomoku_board::{Geometry, Rule};
use gomoku_engine::{EngineParams, PatternTable};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A slice of an opening book: the file and the half-open index range `(start, end)`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OpeningRange {
    /// The book (pos, offset or GTP notation), relative to the tuning file.
    pub file: PathBuf,
    /// Openings `start..end` of the book (0-based).
    pub range: (usize, usize),
}

defaults! {
    d_games: usize = 2000;
    d_collect_depth: u32 = 2;
    d_margin: i32 = 40;
    d_vcf_fours: u32 = 4;
    d_validation: f64 = 0.1;
    d_iterations: u32 = 30;
    d_step: f64 = 0.25;
    d_min_step: f64 = 0.01;
    d_move_cap: Option<usize> = Some(200);
    d_sprt_elo1: f64 = 15.0;
    d_alpha: f64 = 0.05;
    d_max_pairs: usize = 400;
    d_perturb: usize = 2;
    d_perturb_frac: f64 = 0.2;
    d_spsa_iter: u32 = 200;
    d_c_frac: f64 = 0.15;
    d_r_end: f64 = 0.002;
    d_pairs: usize = spsa_pairs_for_noise(SPSA_PAIR_VARIANCE, SPSA_ELO_AT_C_END, SPSA_SNR);
    d_a_frac: f64 = 0.1;
    d_alpha_spsa: f64 = 0.602;
    d_gamma: f64 = 0.101;
    d_conf_pairs: usize = 200;
}

/// The variance of a game pair's score (0..=2) between near-equal engines, measured on the
/// shipped confirmations at depth 4 (0.35 to 0.44; colours reversed, few draws): the noise
/// SPSA's default pairs are chosen for (docs/TUNING.md).
pub const SPSA_PAIR_VARIANCE: f64 = 0.45;
/// The Elo of θ+ against θ- at `c_end` that SPSA's default pairs are chosen to see.
pub const SPSA_ELO_AT_C_END: f64 = 20.0;
/// The signal-to-noise ratio of one iteration's result at [`SPSA_ELO_AT_C_END`]: 0.5 gives
/// the result the gradient's sign in 69% of iterations.
pub const SPSA_SNR: f64 = 0.5;
/// SPSA's default pairs before they were chosen from the noise: a run that left `pairs`
/// out then keeps them when resumed.
pub const SPSA_LEGACY_PAIRS: usize = 4;

/// The game pairs per SPSA iteration whose result (wins minus losses of θ+) has the
/// signal-to-noise ratio `snr` when θ+ is `elo` Elo stronger than θ-, for a pair-score
/// variance `variance`: `E r = P·elo/173.7` (the logistic's slope at an even score), `sd r =
/// 2·sqrt(P·variance)`, so `P = variance·(347.4·snr/elo)²`, rounded up.
pub const fn spsa_pairs_for_noise(variance: f64, elo: f64, snr: f64) -> usize {
    // 2·400/ln 10; `const` has no `ln`.
    const TWICE_SLOPE: f64 = 347.435_775_470_075_3;
    let root = TWICE_SLOPE * snr / elo;
    (variance * root * root).ceil() as usize
}

/// Texel tuning: positions from self-play, a logistic fit of the game results.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TexelSettings {
    /// Self-play games to collect positions from, rounded up to an even number: the games
    /// are played in pairs (one opening and symmetry, both colours), as every tuning batch is.
    #[serde(default = "d_games")]
    pub games: usize,
    /// Run directories whose games also give positions, relative to the tuning file (left
    /// out when empty, so the keys of older checkpoints stay the same).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<PathBuf>,
    /// Search depth of the self-play games.
    #[serde(default = "d_collect_depth")]
    pub depth: u32,
    /// Root tie-break margin of the self-play engine.
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
    /// Most fours of the VCF check that rejects positions with a forced win for the mover.
    #[serde(default = "d_vcf_fours")]
    pub vcf_fours: u32,
    /// Fraction of the games held out for the validation loss.
    #[serde(default = "d_validation")]
    pub validation_fraction: f64,
    /// Most sweeps of the local search.
    #[serde(default = "d_iterations")]
    pub iterations: u32,
    /// First step, relative to each score's magnitude.
    #[serde(default = "d_step")]
    pub step: f64,
    /// The search stops when the relative step falls below this.
    #[serde(default = "d_min_step")]
    pub min_step: f64,
}

/// Hill climbing on playing strength: a perturbed candidate must win an SPRT.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MatchSettings {
    /// Candidates to try (one match each).
    #[serde(default = "d_iterations")]
    pub iterations: u32,
    /// Scores perturbed per candidate.
    #[serde(default = "d_perturb")]
    pub perturb: usize,
    /// Perturbation relative to each score's magnitude.
    #[serde(default = "d_perturb_frac")]
    pub step: f64,
    /// SPRT H0 Elo (logistic).
    #[serde(default)]
    pub elo0: f64,
    /// SPRT H1 Elo.
    #[serde(default = "d_sprt_elo1")]
    pub elo1: f64,
    /// SPRT error rates (alpha = beta).
    #[serde(default = "d_alpha")]
    pub alpha: f64,
    /// Most game pairs per match (an unfinished SPRT rejects the candidate).
    #[serde(default = "d_max_pairs")]
    pub max_pairs: usize,
    /// Root tie-break margin of both engines during the matches.
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
}

/// SPSA as fishtest and OpenBench run it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpsaSettings {
    /// Iterations N.
    #[serde(default = "d_spsa_iter")]
    pub iterations: u32,
    /// Game pairs per iteration (theta+ against theta-); the default is chosen from the noise
    /// ([`spsa_pairs_for_noise`]).
    #[serde(default = "d_pairs")]
    pub pairs: usize,
    /// Final perturbation c_end_i relative to each start score's magnitude.
    #[serde(default = "d_c_frac")]
    pub c_end_frac: f64,
    /// fishtest's r_end: the final learning rate a_end_i / c_end_i².
    #[serde(default = "d_r_end")]
    pub r_end: f64,
    /// Stability constant A as a fraction of N.
    #[serde(default = "d_a_frac")]
    pub a_frac: f64,
    /// alpha of a_k.
    #[serde(default = "d_alpha_spsa")]
    pub alpha: f64,
    /// gamma of c_k.
    #[serde(default = "d_gamma")]
    pub gamma: f64,
    /// Root tie-break margin of both engines.
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
}

impl SpsaSettings {
    /// The game pairs per iteration when a file leaves `pairs` out.
    pub fn default_pairs() -> usize {
        d_pairs()
    }
}

/// The tuning method with its settings.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub enum MethodSettings {
    /// Texel's logistic fit of self-play results.
    Texel(TexelSettings),
    /// Hill climbing by SPRT matches.
    Match(MatchSettings),
    /// Simultaneous perturbation stochastic approximation.
    Spsa(SpsaSettings),
}

impl MethodSettings {
    /// `texel`, `match` or `spsa`.
    pub fn name(&self) -> &'static str {
        match self {
            MethodSettings::Texel(_) => "texel",
            MethodSettings::Match(_) => "match",
            MethodSettings::Spsa(_) => "spsa",
        }
    }

    /// The steps that play games, which a cluster run chains: Texel's one collection, or
    /// one per iteration of match hill climbing and SPSA.
    pub fn steps(&self) -> u32 {
        match self {
            MethodSettings::Texel(_) => 1,
            MethodSettings::Match(m) => m.iterations,
            MethodSettings::Spsa(s) => s.iterations,
        }
    }
}

/// The closing match of the tuned table against the start table on the held-out openings.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ConfirmationSettings {
    /// Game pairs.
    pub pairs: usize,
    /// Root tie-break margin of both engines.
    pub tie_break_margin: i32,
    /// Extra opponents (table files) rated in the same pool, e.g. the seed table.
    pub also: Vec<PathBuf>,
}

impl Default for ConfirmationSettings {
    fn default() -> Self {
        ConfirmationSettings {
            pairs: d_conf_pairs(),
            tie_break_margin: d_margin(),
            also: Vec::new(),
        }
    }
}

/// A tuning file's contents.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename = "Tune", deny_unknown_fields)]
pub struct TuneFile {
    /// Run name (the tuned table's name).
    pub name: String,
    /// The table to start from (none when `external` plays).
    #[serde(default, skip_serializing_if = "is_empty_path")]
    pub start_table: PathBuf,
    /// The engine that plays; its table is replaced by the tuned one (none when `external`
    /// plays).
    #[serde(default, skip_serializing_if = "is_empty_path")]
    pub engine: PathBuf,
    /// Search depth of the matches and of the confirmation (overrides the engine file's, which
    /// plays when it is left out; 0, not written, when `external` plays).
    #[serde(default)]
    pub depth: u32,
    /// An external engine that plays instead of ours, with `{name}` placeholders of the
    /// `params` in its arguments and options' values.
    #[serde(default, skip_serializing)]
    pub external: Option<ParticipantEntry>,
    /// Openings of the tuning games.
    pub tuning_openings: OpeningRange,
    /// Openings kept for the confirmation match.
    pub holdout_openings: OpeningRange,
    /// Seed of every random choice.
    pub seed: u64,
    /// Output directory.
    pub output: PathBuf,
    /// A score that is not tuned (e.g. `"own 11111"`).
    #[serde(default)]
    pub pin: Option<String>,
    /// Order constraints such as `"own 11111 > own 011110 > own 11110"`.
    #[serde(default)]
    pub order: Vec<String>,
    /// Draw after this many stones on the board.
    #[serde(default = "d_move_cap")]
    pub move_cap: Option<usize>,
    /// The method.
    pub method: MethodSettings,
    /// The confirmation match.
    #[serde(default)]
    pub confirmation: ConfirmationSettings,
    /// The limit of every move the tuning plays (its matches, Texel's self-play and the
    /// confirmation); `EngineDefault`: `depth` (and Texel's own self-play depth).
    #[serde(default)]
    pub time_control: TimeControlSpec,
    /// The parameters tuned (empty: every score of the start table but the pinned one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<ParamEntry>,
}

fn is_empty_path(p: &Path) -> bool {
    p.as_os_str().is_empty()
}

/// A loaded, resolved tuning configuration.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The file it came from.
    pub path: PathBuf,
    /// The parsed file (paths as written).
    pub file: TuneFile,
    /// The start table.
    pub start_table: PatternTable,
    /// Engine parameters of the matches (start table, depth applied).
    pub engine: EngineParams,
    /// The board of every game (15x15).
    pub geometry: Geometry,
    /// The rule of every game.
    pub rule: Rule,
    /// Tuning openings.
    pub tuning_openings: Vec<Opening>,
    /// The notation of the tuning openings' book (recorded in each step's `run.json`).
    pub tuning_format: BookFormat,
    /// Held-out openings.
    pub holdout_openings: Vec<Opening>,
    /// The notation of the held-out openings' book.
    pub holdout_format: BookFormat,
    /// Output directory, resolved.
    pub output: PathBuf,
    /// The pinned score.
    pub pin: Option<ScoreRef>,
    /// Pairs `(a, b)` meaning score a must exceed score b.
    pub order: Vec<(ScoreRef, ScoreRef)>,
    /// Extra confirmation opponents `(name, table)`.
    pub also: Vec<PatternTable>,
    /// Texel's `runs`, resolved: run directories whose games also give positions.
    pub texel_runs: Vec<PathBuf>,
    /// The file's `params`, resolved (empty: every score but the pinned one is tuned).
    pub params: Vec<TunedParam>,
    /// The external engine that plays, as written (its `{name}` placeholders unfilled).
    pub external: Option<PlayerRecord>,
}

/// The openings `range` of the book an [`OpeningRange`] at `field` names (on the 15x15
/// freestyle board of every tuning game).
fn load_range(
    spans: &Spans<'_>,
    r: &OpeningRange,
    field: &str,
) -> Result<(BookFormat, Vec<Opening>), ConfigError> {
    let path = spans.resolve(&r.file);
    let board = (Geometry::square(15), Rule::Freestyle);
    let (format, book) = load_book(&path, BookFormatSpec::Auto, board.0, board.1)?;
    let (a, b) = r.range;
    if a >= b || b > book.len() {
        return Err(spans.invalid(
            field,
            format!(
                "range ({a}, {b}) is empty or beyond the {} openings of {}",
                book.len(),
                path.display()
            ),
        ));
    }
    Ok((format, book[a..b].to_vec()))
}

/// Checks the method's settings and the confirmation's against their ranges (see
/// [`crate::limits`]); an error names the value's line and column within its section.
fn check_settings(file: &TuneFile, spans: &Spans<'_>) -> Result<(), ConfigError> {
    use crate::limits::MAX_DEPTH;
    let place = |section: &str, field: &str, r: Result<(), String>| {
        r.map_err(|m| spans.invalid(&format!("{section}.{field}"), m))
    };
    // The variant as the file writes it (`Texel`) holds the settings.
    let name = file.method.name();
    let m = &format!("method.{}{}", name[..1].to_uppercase(), &name[1..]);
    let margin = |v: i32| (v >= 0).then_some(()).ok_or(format!("{v} must be >= 0"));
    let unit = |v: f64| real(v, |v| v > 0.0 && v <= 1.0, "(0, 1]");
    let within =
        |v: f64, lo: f64, hi: f64| real(v, |v| (lo..=hi).contains(&v), &format!("[{lo}, {hi}]"));
    match &file.method {
        MethodSettings::Texel(t) => {
            let least = usize::from(t.runs.is_empty());
            place(m, "games", count(t.games, least, MAX_TEXEL_GAMES))?;
            place(m, "depth", count(t.depth, 1, MAX_DEPTH))?;
            if t.tie_break_margin <= 0 {
                let e = format!("{} must be > 0 so games differ", t.tie_break_margin);
                place(m, "tie_break_margin", Err(e))?;
            }
            place(m, "vcf_fours", count(t.vcf_fours, 0, 255))?;
            let fraction = real(t.validation_fraction, |v| (0.0..1.0).contains(&v), "[0, 1)");
            place(m, "validation_fraction", fraction)?;
            place(m, "iterations", count(t.iterations, 0, MAX_ITERATIONS))?;
            place(m, "step", unit(t.step))?;
            let min_step = real(t.min_step, |v| v > 0.0 && v <= t.step, "(0, step]");
            place(m, "min_step", min_step)?;
        }
        MethodSettings::Match(h) => {
            place(m, "iterations", count(h.iterations, 0, MAX_ITERATIONS))?;
            place(m, "perturb", count(h.perturb, 1, usize::MAX))?;
            place(m, "step", unit(h.step))?;
            crate::checks::hypotheses(spans, m, (h.elo0, h.elo1, h.alpha))?;
            place(m, "max_pairs", count(h.max_pairs, 1, MAX_PAIRS))?;
            place(m, "tie_break_margin", margin(h.tie_break_margin))?;
        }
        MethodSettings::Spsa(s) => {
            place(m, "iterations", count(s.iterations, 1, MAX_ITERATIONS))?;
            place(m, "pairs", count(s.pairs, 1, MAX_PAIRS))?;
            place(m, "c_end_frac", unit(s.c_end_frac))?;
            place(m, "r_end", unit(s.r_end))?;
            place(m, "a_frac", within(s.a_frac, 0.0, 1.0))?;
            place(m, "alpha", unit(s.alpha))?;
            place(m, "gamma", within(s.gamma, 0.0, 0.5))?;
            place(m, "tie_break_margin", margin(s.tie_break_margin))?;
        }
    }
    let c = "confirmation";
    place(c, "pairs", count(file.confirmation.pairs, 1, MAX_PAIRS))?;
    place(
        c,
        "tie_break_margin",
        margin(file.confirmation.tie_break_margin),
    )
}

/// Where the external engine's errors are placed.
const EXTERNAL_AT: &str = "external.External.command";

/// The start table and our engine of a tuning that plays it: the engine file's parameters
/// with the start table and the tuning's depth, if it gives one.
fn our_engine(
    file: &TuneFile,
    spans: &Spans<'_>,
) -> Result<(PatternTable, EngineParams), ConfigError> {
    let bad = |field: &str, m: String| spans.invalid(field, m);
    for (field, path) in [("start_table", &file.start_table), ("engine", &file.engine)] {
        if is_empty_path(path) {
            let m = "needed unless `external` names the engine that plays";
            return Err(spans.at_field(field, format!("{field}: {m}")));
        }
    }
    let start_table = crate::engine::load_table(spans.resolve(&file.start_table))
        .map_err(|e| bad("start_table", e.to_string()))?;
    let mut engine = crate::engine::load_engine(spans.resolve(&file.engine))
        .map_err(|e| bad("engine", e.to_string()))?
        .to_params();
    engine.table = start_table.clone();
    // Left out, the engine file's own depth: a `time_control` budget replaces it anyway.
    if file.depth != 0 || spans.field("depth").is_some() {
        engine.depth = file.depth;
    }
    engine.validate().map_err(|e| bad("depth", e.to_string()))?;
    Ok((start_table, engine))
}

/// The external engine of a tuning that plays one: an `External` entry, with no table, engine
/// file or depth of ours beside it, under SPSA or hill climbing with `params`, and no
/// `time_control` (the entry's own limits time it).
fn external_engine(
    file: &TuneFile,
    entry: &ParticipantEntry,
    spans: &Spans<'_>,
) -> Result<PlayerRecord, ConfigError> {
    let record = crate::participants::external_record(entry, spans, EXTERNAL_AT)?;
    let ours = |field: &str| {
        let m = format!("{field}: not with `external` (it is the engine that plays)");
        Err(spans.at_field(field, m))
    };
    if !is_empty_path(&file.start_table) {
        return ours("start_table");
    }
    if !is_empty_path(&file.engine) {
        return ours("engine");
    }
    if file.depth != 0 {
        return ours("depth");
    }
    if file.time_control != TimeControlSpec::EngineDefault {
        let m = "time_control: not with `external`: its move_time_ms and game_time_ms time it";
        return Err(spans.at_field("time_control", m));
    }
    for (field, given) in [
        ("pin", file.pin.is_some()),
        ("order", !file.order.is_empty()),
        ("confirmation.also", !file.confirmation.also.is_empty()),
    ] {
        if given {
            return Err(spans.at_field(field, format!("{field}: a table's, not with `external`")));
        }
    }
    if let MethodSettings::Texel(_) = file.method {
        let m = "method: Texel fits our table; an external engine is tuned by Spsa or Match";
        return Err(spans.at_field("method", m));
    }
    if file.params.is_empty() {
        let m = "external: list the parameters to tune in `params` (each a {NAME} of its args or options)";
        return Err(spans.at_field("external", m));
    }
    Ok(record)
}

/// Parses tuning text (`path` names the file in errors and anchors relative paths).
pub fn parse_tune(text: &str, path: &Path) -> Result<TuneConfig, ConfigError> {
    let (file, spans) = crate::parse_ron_spanned::<TuneFile>(text, path, false)?;
    crate::checks::run_file(&spans, &file.name, &file.output)?;
    let bad = |field: &str, m: String| spans.invalid(field, m);
    check_settings(&file, &spans)?;
    if let Err(e) = file.time_control.check() {
        return Err(spans.invalid("time_control", e));
    }
    let external = match &file.external {
        Some(entry) => Some(external_engine(&file, entry, &spans)?),
        None => None,
    };
    let (start_table, engine) = match &external {
        Some(_) => {
            // No table of ours plays: an empty one keeps the parameter space's scores empty.
            let none = PatternTable {
                name: String::new(),
                description: String::new(),
                patterns: Vec::new(),
                classes: Vec::new(),
                threats: Vec::new(),
                order: Vec::new(),
            };
            (none, EngineParams::default())
        }
        None => our_engine(&file, &spans)?,
    };
    let (tuning_format, tuning_openings) =
        load_range(&spans, &file.tuning_openings, "tuning_openings")?;
    let (holdout_format, holdout_openings) =
        load_range(&spans, &file.holdout_openings, "holdout_openings")?;
    if file.tuning_openings.file == file.holdout_openings.file {
        let (a, b) = file.tuning_openings.range;
        let (c, d) = file.holdout_openings.range;
        if a < d && c < b {
            return Err(bad(
                "holdout_openings",
                format!("range ({c}, {d}) overlaps tuning_openings ({a}, {b})"),
            ));
        }
    }
    let pin = file
        .pin
        .as_deref()
        .map(|t| parse_score_ref(t, &start_table))
        .transpose()
        .map_err(|m| bad("pin", m))?;
    let mut order = Vec::new();
    for chain in &file.order {
        let refs: Vec<ScoreRef> = chain
            .split('>')
            .map(|t| parse_score_ref(t.trim(), &start_table))
            .collect::<Result<_, _>>()
            .map_err(|m| bad("order", m))?;
        if refs.len() < 2 {
            return Err(bad("order", format!("'{chain}' needs at least one '>'")));
        }
        order.extend(refs.windows(2).map(|w| (w[0], w[1])));
    }
    let mut also = Vec::new();
    for t in &file.confirmation.also {
        also.push(
            crate::engine::load_table(spans.resolve(t))
                .map_err(|e| bad("confirmation.also", e.to_string()))?,
        );
    }
    let texel_runs: Vec<PathBuf> = match &file.method {
        MethodSettings::Texel(t) => t.runs.iter().map(|r| spans.resolve(r)).collect(),
        _ => Vec::new(),
    };
    // A run without its files is refused now, not after the self-play collection.
    for dir in &texel_runs {
        for file in ["run.json", "games.jsonl"] {
            if !dir.join(file).is_file() {
                let m = format!("{}: no {file} (not a run directory)", dir.display());
                return Err(bad("method.Texel.runs", m));
            }
        }
    }
    let params = resolve_params(
        &file.params,
        &spans,
        (&engine, &start_table),
        pin,
        external.is_some(),
    )?;
    if let Some(PlayerRecord {
        spec: PlayerKind::External(program),
        ..
    }) = &external
    {
        check_placeholders(program, &params, &spans, "external.External")?;
    }
    if let MethodSettings::Texel(_) = file.method {
        let field = params
            .iter()
            .position(|p| matches!(p.target, ParamTarget::Field(_)));
        if let Some(i) = field {
            let m = format!(
                "'{}' is an engine field: Texel fits table scores only (tune it by Spsa or Match)",
                params[i].name
            );
            return Err(bad(&format!("params[{i}].name"), m));
        }
    }
    Ok(TuneConfig {
        params,
        external,
        texel_runs,
        path: path.to_path_buf(),
        output: spans.resolve(&file.output),
        file,
        start_table,
        engine,
        geometry: Geometry::square(15),
        rule: Rule::Freestyle,
        tuning_openings,
        tuning_format,
        holdout_openings,
        holdout_format,
        pin,
        order,
        also,
    })
}

impl TuneConfig {
    /// What limits a move of the tuning's games, in words: `depth 4`, `100 ms a move`.
    pub fn limit_in_words(&self) -> String {
        match (&self.external, self.file.time_control) {
            (
                Some(PlayerRecord {
                    spec: PlayerKind::External(e),
                    ..
                }),
                _,
            ) => format!(
                "the external engine's own limits ({} ms a move)",
                e.move_time_ms
            ),
            (_, TimeControlSpec::EngineDefault) => format!("depth {}", self.engine.depth),
            (_, tc) => tc.in_words(),
        }
    }
}

/// Reads, resolves and validates a tuning file.
pub fn load_tune(path: impl AsRef<Path>) -> Result<TuneConfig, ConfigError> {
    crate::load_with(path.as_ref(), parse_tune)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shipped tuning file's path and text (its paths resolve to the shipped tables,
    /// engines and books).
    fn shipped(name: &str) -> (PathBuf, String) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../configs/tune")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        (path, text)
    }

    /// The shipped file with the first `from` replaced by `to` is refused at the line and
    /// column where `to` is written, with a message holding `needle`.
    fn refused(name: &str, from: &str, to: &str, needle: &str) {
        let (path, text) = shipped(name);
        crate::test_support::refused_at(&path, &text, (from, to, needle), parse_tune);
    }

    /// Values a tuning file may not hold, one a line: the shipped file, its text, what
    /// replaces it and what the message says (see [`crate::test_support::rows`]).
    const REFUSED: &str = r#"
        # SPSA: u64::MAX pairs panicked with a capacity overflow planning the first iteration;
        # 10^12 aborted on a 24 TB allocation.
        tiny-spsa.ron | pairs: 16 | pairs: 18446744073709551615 | pairs: 18446744073709551615 not in 1..=1000000
        tiny-spsa.ron | pairs: 16 | pairs: 1000000000000 | pairs: 1000000000000 not in 1..=1000000
        tiny-spsa.ron | pairs: 16 | pairs: 0 | pairs: 0 not in 1..=1000000
        tiny-spsa.ron | iterations: 3 | iterations: 4294967295 | iterations: 4294967295 not in 1..=100000
        tiny-spsa.ron | iterations: 3 | iterations: 0 | iterations: 0 not in 1..=100000
        # The confirmation's pairs panicked only after every iteration had run.
        tiny-spsa.ron | confirmation: (pairs: 16 | confirmation: (pairs: 18446744073709551615 | pairs: 18446744073709551615 not in 1..=1000000
        tiny-spsa.ron | pairs: 16, tie_break_margin: 40) | pairs: 16, tie_break_margin: -1) | tie_break_margin: -1 must be >= 0
        # Each of these ran and wrote `null` into state.json, which --resume then refused.
        tiny-spsa.ron | alpha: 0.602 | alpha: NaN | alpha: NaN not in (0, 1]
        tiny-spsa.ron | alpha: 0.602 | alpha: -1.0 | alpha: -1 not in (0, 1]
        tiny-spsa.ron | gamma: 0.101 | gamma: inf | gamma: inf not in [0, 0.5]
        tiny-spsa.ron | gamma: 0.101 | gamma: -0.1 | gamma: -0.1 not in [0, 0.5]
        tiny-spsa.ron | c_end_frac: 0.15 | c_end_frac: inf | c_end_frac: inf not in (0, 1]
        tiny-spsa.ron | r_end: 0.002 | r_end: NaN | r_end: NaN not in (0, 1]
        tiny-spsa.ron | a_frac: 0.1 | a_frac: -2.0 | a_frac: -2 not in [0, 1]
        tiny-spsa.ron | tie_break_margin: 40,\n    ) | tie_break_margin: -5,\n    ) | tie_break_margin: -5 must be >= 0
        # Texel: u64::MAX games panicked, 10^11 aborted on allocation; an infinite step was
        # accepted and every sweep tried infinite scores.
        rich-texel-d2.ron | games: 9000 | games: 18446744073709551615 | games: 18446744073709551615 not in 1..=2000000
        rich-texel-d2.ron | games: 9000 | games: 100000000000 | games: 100000000000 not in 1..=2000000
        rich-texel-d2.ron | games: 9000 | games: 0 | games: 0 not in 1..=2000000
        rich-texel-d2.ron | step: 0.25 | step: inf | step: inf not in (0, 1]
        rich-texel-d2.ron | min_step: 0.01 | min_step: 0.5 | min_step: 0.5 not in (0, step]
        rich-texel-d2.ron | min_step: 0.01 | min_step: NaN | min_step: NaN not in (0, step]
        rich-texel-d2.ron | depth: 2, | depth: 0, | depth: 0 not in 1..=64
        rich-texel-d2.ron | iterations: 60 | iterations: 100001 | iterations: 100001 not in 0..=100000
        rich-texel-d2.ron | vcf_fours: 4 | vcf_fours: 1000 | vcf_fours: 1000 not in 0..=255
        rich-texel-d2.ron | validation_fraction: 0.1 | validation_fraction: NaN | validation_fraction: NaN not in [0, 1)
        # Match hill climbing.
        tuned-match.ron | max_pairs: 64 | max_pairs: 18446744073709551615 | max_pairs: 18446744073709551615 not in 1..=1000000
        tuned-match.ron | elo1: 15.0 | elo1: 1e308 | elo1: 1e308 not in -2000..=2000
        tuned-match.ron | elo1: 15.0 | elo1: -1.0 | elo1: -1 must be above elo0 (0)
        tuned-match.ron | elo0: 0.0 | elo0: NaN | elo0: NaN not in -2000..=2000
        tuned-match.ron | step: 0.2 | step: inf | step: inf not in (0, 1]
        tuned-match.ron | alpha: 0.05 | alpha: 0.5 | alpha: 0.5 not in (0, 0.5)
        tuned-match.ron | iterations: 6 | iterations: 4294967295 | iterations: 4294967295 not in 0..=100000
        # A time control the matches cannot play.
        tiny-spsa.ron | seed: 5, | seed: 5, time_control: MoveTime(0), | time_control: MoveTime(0): the time per move must be in 1..=86400000 ms
        # Parameters (#46): a name the engine file and the table do not have, a bound or a
        # start outside the field's range, the tuning's own depth, the pin, a name twice, an
        # engine field under Texel.
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "futilty")],\n) | name: unknown parameter 'futilty'
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "top_n"), (name: "futility", max: Some(2000000))],\n) | max: 2000000 not in [0, 1000000] (futility's range)
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "top_n", min: Some(0))],\n) | min: 0 not in [1, 1024] (top_n's range)
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "futility", start: Some(3000), max: Some(2000))],\n) | start: 3000 not in [0, 2000]
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "depth")],\n) | name: 'depth' is the tuning's own
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "own 11111")],\n) | name: 'own 11111' is the pinned score
        tiny-spsa.ron | (pairs: 16, tie_break_margin: 40),\n) | (pairs: 16, tie_break_margin: 40),\n    params: [(name: "radius", c_end: Some(-1.0))],\n) | c_end: -1 not in (0, inf)
        rich-texel-d2.ron | seed000.ron"]),\n) | seed000.ron"]),\n    params: [(name: "futility"), (name: "own 011110")],\n) | name: 'futility' is an engine field: Texel fits table scores only
    "#;

    #[test]
    fn parameters_resolve_to_fields_and_scores_with_their_defaults() {
        let (path, text) = shipped("tiny-spsa.ron");
        let text = text.replacen(
            "tie_break_margin: 40),\n)",
            "tie_break_margin: 40),\n    params: [(name: \"futility\", min: Some(100), c_end: Some(50), r_end: Some(0.01)), (name: \"opp 011110\", start: Some(-9000))],\n)",
            1,
        );
        let cfg = parse_tune(&text, &path).unwrap();
        let [futility, score] = &cfg.params[..] else {
            panic!("{:?}", cfg.params)
        };
        assert!(matches!(futility.target, ParamTarget::Field(f) if f.name == "futility"));
        let engine_value = f64::from(cfg.engine.features.futility);
        assert_eq!(
            (futility.start, futility.min, futility.max),
            (engine_value, 100.0, 1e6)
        );
        assert_eq!((futility.c_end, futility.r_end), (Some(50.0), Some(0.01)));
        assert!(matches!(score.target, ParamTarget::Score(r) if r.opp));
        let m = f64::from(gomoku_engine::MAX_PATTERN_SCORE);
        assert_eq!(
            (score.start, score.min, score.max, score.c_end),
            (-9000.0, -m, m, None)
        );
    }

    #[test]
    fn a_tuning_without_depth_plays_the_engine_files() {
        // tiny-spsa.ron: rich-d4.ron at depth 2.
        let (path, text) = shipped("tiny-spsa.ron");
        assert_eq!(parse_tune(&text, &path).unwrap().engine.depth, 2);
        let left_out = text.replacen("    depth: 2,\n", "", 1);
        assert_ne!(left_out, text);
        assert_eq!(parse_tune(&left_out, &path).unwrap().engine.depth, 4);
        // Written, 0 is refused (see REFUSED).
    }

    #[test]
    fn spsa_pairs_default_to_what_the_noise_needs() {
        // 0.45·(347.4·0.5/20)² = 33.95.
        assert_eq!(d_pairs(), 34);
        assert_eq!(spsa_pairs_for_noise(0.5, 347.435_775_470_075_3, 1.0), 1);
        // A quarter of the Elo needs sixteen times the pairs: 0.45·34.74² = 543.2.
        assert_eq!(spsa_pairs_for_noise(0.45, 5.0, 0.5), 544);
    }

    #[test]
    fn every_setting_is_bounded_at_its_line() {
        for [name, from, to, needle] in crate::test_support::rows(REFUSED) {
            refused(&name, &from, &to, &needle);
        }
    }
}
