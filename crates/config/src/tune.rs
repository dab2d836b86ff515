//! Tuning files (`configs/tune/*.ron`): which table to start from, which engine plays, the
//! method and its budget, the seed, the tuning and held-out openings, the output directory,
//! order constraints and the pinned score.
//!
//! ```ron
//! Tune(
//!     name: "rich-texel",
//!     start_table: "../tables/rich.ron",
//!     engine: "../engines/rich-d4.ron",   // its table is replaced by the tuned one
//!     depth: 4,
//!     tuning_openings: (file: "../../openings/freestyle15.txt", range: (0, 20)),
//!     holdout_openings: (file: "../../openings/freestyle15.txt", range: (20, 40)),
//!     seed: 1,
//!     output: "../../reports/tune-rich-texel",
//!     pin: Some("own 11111"),
//!     order: ["own 11111 > own 011110 > own 11110", "own 11110 > own 011100"],
//!     method: Texel((games: 2000, depth: 2, tie_break_margin: 40)),
//!     confirmation: (pairs: 200, tie_break_margin: 40),
//! )
//! ```
//! Paths are relative to the tuning file. A score is named `own SHAPE` or `opp SHAPE`; an
//! order constraint `a > b > c` asks `a > b` and `b > c` of every table the tuner keeps.

use crate::{ConfigError, parse_ron, resolve_relative};
use gomoku_board::opening::{BookFormat, Opening, parse_book_auto};
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

fn d_games() -> usize {
    2000
}
fn d_collect_depth() -> u32 {
    2
}
fn d_margin() -> i32 {
    40
}
fn d_vcf_fours() -> u32 {
    4
}
fn d_validation() -> f64 {
    0.1
}
fn d_iterations() -> u32 {
    30
}
fn d_step() -> f64 {
    0.25
}
fn d_min_step() -> f64 {
    0.01
}
fn d_move_cap() -> Option<usize> {
    Some(200)
}

/// Texel tuning: positions from self-play, a logistic fit of the game results.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TexelSettings {
    /// Self-play games to collect positions from, rounded up to an even number: the games are
    /// played in pairs (one opening and symmetry, both colours), as every tuning batch is.
    #[serde(default = "d_games")]
    pub games: usize,
    /// Search depth of the self-play games (the start table plays both sides).
    #[serde(default = "d_collect_depth")]
    pub depth: u32,
    /// Root tie-break margin of the self-play engine (> 0 so games from an opening differ).
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
    /// Most fours of the VCF check that rejects positions with a forced win for the mover.
    #[serde(default = "d_vcf_fours")]
    pub vcf_fours: u32,
    /// Fraction of the games (not positions) held out for the validation loss.
    #[serde(default = "d_validation")]
    pub validation_fraction: f64,
    /// Most sweeps of the local search.
    #[serde(default = "d_iterations")]
    pub iterations: u32,
    /// First step, relative to each score's magnitude (0.25 = ±25%).
    #[serde(default = "d_step")]
    pub step: f64,
    /// The search stops when the relative step falls below this.
    #[serde(default = "d_min_step")]
    pub min_step: f64,
}

fn d_sprt_elo1() -> f64 {
    15.0
}
fn d_alpha() -> f64 {
    0.05
}
fn d_max_pairs() -> usize {
    400
}
fn d_perturb() -> usize {
    2
}
fn d_perturb_frac() -> f64 {
    0.2
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
    /// SPRT H0 Elo.
    #[serde(default)]
    pub elo0: f64,
    /// SPRT H1 Elo.
    #[serde(default = "d_sprt_elo1")]
    pub elo1: f64,
    /// SPRT error rates (alpha = beta).
    #[serde(default = "d_alpha")]
    pub alpha: f64,
    /// Most game pairs per match (an unfinished SPRT rejects the candidate). The test looks
    /// after every pair, in pair order, so its decision does not depend on how many pairs are
    /// played at once or on how the match is sharded.
    #[serde(default = "d_max_pairs")]
    pub max_pairs: usize,
    /// Root tie-break margin of both engines during the matches.
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
}

fn d_spsa_iter() -> u32 {
    200
}
fn d_c_frac() -> f64 {
    0.15
}
fn d_r_end() -> f64 {
    0.002
}
fn d_pairs() -> usize {
    4
}

/// SPSA as fishtest and OpenBench run it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpsaSettings {
    /// Iterations N.
    #[serde(default = "d_spsa_iter")]
    pub iterations: u32,
    /// Game pairs per iteration (theta+ against theta-, colours reversed).
    #[serde(default = "d_pairs")]
    pub pairs: usize,
    /// Final perturbation c_end_i relative to each start score's magnitude.
    #[serde(default = "d_c_frac")]
    pub c_end_frac: f64,
    /// fishtest's r_end: the final learning rate a_end_i / c_end_i².
    #[serde(default = "d_r_end")]
    pub r_end: f64,
    /// Stability constant A as a fraction of N (fishtest: 0.1).
    #[serde(default = "d_a_frac")]
    pub a_frac: f64,
    /// alpha of a_k (0.602).
    #[serde(default = "d_alpha_spsa")]
    pub alpha: f64,
    /// gamma of c_k (0.101).
    #[serde(default = "d_gamma")]
    pub gamma: f64,
    /// Root tie-break margin of both engines.
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
}

fn d_a_frac() -> f64 {
    0.1
}
fn d_alpha_spsa() -> f64 {
    0.602
}
fn d_gamma() -> f64 {
    0.101
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

fn d_conf_pairs() -> usize {
    200
}

/// The closing match of the tuned table against the start table on the held-out openings.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConfirmationSettings {
    /// Game pairs (colours reversed within a pair); openings cycle, each pass under another
    /// board symmetry.
    #[serde(default = "d_conf_pairs")]
    pub pairs: usize,
    /// Root tie-break margin of both engines (> 0 makes repeated openings differ).
    #[serde(default = "d_margin")]
    pub tie_break_margin: i32,
    /// Extra opponents (table files) rated in the same pool, e.g. the seed table.
    #[serde(default)]
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
    /// The table to start from.
    pub start_table: PathBuf,
    /// The engine that plays; its table is replaced by the tuned one.
    pub engine: PathBuf,
    /// Search depth of the matches and of the confirmation (overrides the engine file's).
    pub depth: u32,
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
}

/// A score of a table: which pattern and which side.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub struct ScoreRef {
    /// Index of the pattern in the start table; `P + c` (P patterns) for its `c`-th class.
    pub pattern: usize,
    /// `false`: own score, `true`: opponent score.
    pub opp: bool,
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
}

/// Parses `own SHAPE` / `opp SHAPE` (or `own CLASS`, such as `own four-three`) against a
/// table.
pub fn parse_score_ref(text: &str, table: &PatternTable) -> Result<ScoreRef, String> {
    let mut parts = text.split_whitespace();
    let (Some(side), Some(shape), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("'{text}': expected 'own SHAPE' or 'opp SHAPE'"));
    };
    let opp = match side {
        "own" => false,
        "opp" => true,
        _ => return Err(format!("'{text}': side must be 'own' or 'opp'")),
    };
    let class = || {
        let at = table.classes.iter().position(|c| c.class.name() == shape)?;
        Some(table.patterns.len() + at)
    };
    let pattern = table
        .patterns
        .iter()
        .position(|p| p.shape == shape)
        .or_else(class)
        .ok_or_else(|| {
            format!(
                "'{text}': no shape or class '{shape}' in table '{}'",
                table.name
            )
        })?;
    Ok(ScoreRef { pattern, opp })
}

fn load_range(
    config: &Path,
    config_text: &str,
    r: &OpeningRange,
    field: &str,
) -> Result<(BookFormat, Vec<Opening>), ConfigError> {
    let path = resolve_relative(config, &r.file);
    let text = crate::read_input(&path)?;
    let (format, book) = parse_book_auto(&text, Geometry::square(15), Rule::Freestyle)
        .map_err(|e| ConfigError::invalid(&path, e.to_string()))?;
    let (a, b) = r.range;
    if a >= b || b > book.len() {
        return Err(ConfigError::invalid_field(
            config,
            config_text,
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

/// Parses tuning text (`path` names the file in errors and anchors relative paths).
pub fn parse_tune(text: &str, path: &Path) -> Result<TuneConfig, ConfigError> {
    let file: TuneFile = parse_ron(text, path)?;
    crate::check_output(path, text, &file.output)?;
    let bad = |field: &str, m: String| ConfigError::invalid_field(path, text, field, m);
    if let Some(problem) = crate::name_problem(&file.name) {
        return Err(bad("name", problem));
    }
    let start_table = crate::engine::load_table(resolve_relative(path, &file.start_table))
        .map_err(|e| bad("start_table", e.to_string()))?;
    let mut engine = crate::engine::load_engine(resolve_relative(path, &file.engine))
        .map_err(|e| bad("engine", e.to_string()))?
        .to_params();
    engine.table = start_table.clone();
    engine.depth = file.depth;
    engine.validate().map_err(|e| bad("depth", e.to_string()))?;
    let (tuning_format, tuning_openings) =
        load_range(path, text, &file.tuning_openings, "tuning_openings")?;
    let (holdout_format, holdout_openings) =
        load_range(path, text, &file.holdout_openings, "holdout_openings")?;
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
            crate::engine::load_table(resolve_relative(path, t))
                .map_err(|e| bad("also", e.to_string()))?,
        );
    }
    match &file.method {
        MethodSettings::Texel(t) => {
            if t.tie_break_margin <= 0 {
                return Err(bad(
                    "tie_break_margin",
                    "must be > 0 so games differ".into(),
                ));
            }
            if !(0.0..1.0).contains(&t.validation_fraction) {
                return Err(bad("validation_fraction", "must lie in [0, 1)".into()));
            }
            if !(t.step > 0.0 && t.min_step > 0.0) {
                return Err(bad("step", "step and min_step must be positive".into()));
            }
        }
        MethodSettings::Match(m) => {
            let ok = m.elo0 < m.elo1 && m.alpha > 0.0 && m.alpha < 0.5;
            if !ok {
                return Err(bad("elo1", "need elo0 < elo1 and 0 < alpha < 0.5".into()));
            }
            if m.max_pairs == 0 || m.perturb == 0 {
                return Err(bad("max_pairs", "max_pairs and perturb must be > 0".into()));
            }
        }
        MethodSettings::Spsa(s) => {
            if s.pairs == 0 || s.iterations == 0 {
                return Err(bad("pairs", "pairs and iterations must be > 0".into()));
            }
            if !(s.c_end_frac > 0.0 && s.r_end > 0.0) {
                return Err(bad(
                    "c_end_frac",
                    "c_end_frac and r_end must be positive".into(),
                ));
            }
        }
    }
    Ok(TuneConfig {
        path: path.to_path_buf(),
        output: resolve_relative(path, &file.output),
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

/// Reads, resolves and validates a tuning file.
pub fn load_tune(path: impl AsRef<Path>) -> Result<TuneConfig, ConfigError> {
    let path = path.as_ref();
    let text = crate::read_input(path)?;
    parse_tune(&text, path)
}
