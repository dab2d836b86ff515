//! The parameter space: a table's scores as a vector (`2·p` = own score of pattern `p`,
//! `2·p + 1` = its opponent score; then the same pair for each scored cell class, after
//! the P patterns), which of them are tuned, the order constraints, and
//! the way back to a [`PatternTable`] (rounded, deterministic or stochastic).

// The tuned table is written in the schema config reads, by config's own writer.
pub use gomoku_config::engine::table_to_ron;
use gomoku_config::tune::ScoreRef;
use gomoku_engine::{MAX_PATTERN_SCORE, PatternTable};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The start table, the tuned score indices and the order constraints.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpace {
    /// The table whose shapes are tuned (its scores are the start point).
    pub base: PatternTable,
    /// Indices (into the score vector) that are tuned, increasing.
    pub tuned: Vec<usize>,
    /// `(a, b)`: score `a` must exceed score `b`.
    pub order: Vec<(usize, usize)>,
}

/// The index of a score in the vector.
pub fn score_index(r: ScoreRef) -> usize {
    2 * r.pattern + usize::from(r.opp)
}

/// A readable name of score `i` of a table: `own 011110`, `opp 011110` or, for a class,
/// `own four-three`.
pub fn score_name(table: &PatternTable, i: usize) -> String {
    let side = if i.is_multiple_of(2) { "own" } else { "opp" };
    match table.patterns.get(i / 2) {
        Some(p) => format!("{side} {}", p.shape),
        None => format!(
            "{side} {}",
            table.classes[i / 2 - table.patterns.len()].class.name()
        ),
    }
}

impl ParamSpace {
    /// Every score tuned but the pinned one; order constraints as pairs of score refs.
    pub fn new(base: PatternTable, pin: Option<ScoreRef>, order: &[(ScoreRef, ScoreRef)]) -> Self {
        let pinned = pin.map(score_index);
        let tuned = (0..2 * (base.patterns.len() + base.classes.len()))
            .filter(|&i| Some(i) != pinned)
            .collect();
        ParamSpace {
            base,
            tuned,
            order: order
                .iter()
                .map(|&(a, b)| (score_index(a), score_index(b)))
                .collect(),
        }
    }

    /// The number of scores (tuned or not).
    pub fn len(&self) -> usize {
        2 * (self.base.patterns.len() + self.base.classes.len())
    }

    /// Whether the table has no patterns.
    pub fn is_empty(&self) -> bool {
        self.base.patterns.is_empty()
    }

    /// The start scores.
    pub fn start(&self) -> Vec<f64> {
        scores_of(&self.base)
    }

    /// Whether `x` satisfies every order constraint (compared after rounding).
    pub fn feasible(&self, x: &[f64]) -> bool {
        self.order.iter().all(|&(a, b)| x[a].round() > x[b].round())
    }

    /// The order constraints `x` breaks, as text (empty when feasible).
    pub fn violations(&self, x: &[f64]) -> Vec<String> {
        self.order
            .iter()
            .filter(|&&(a, b)| x[a].round() <= x[b].round())
            .map(|&(a, b)| {
                format!(
                    "{} must exceed {} ({:.0} vs {:.0})",
                    score_name(&self.base, a),
                    score_name(&self.base, b),
                    x[a].round(),
                    x[b].round()
                )
            })
            .collect()
    }

    /// The table with scores `x`, rounded to the nearest integer and clamped to the
    /// engine's range.
    pub fn table(&self, x: &[f64], name: &str, description: &str) -> PatternTable {
        let mut t = self.base.clone();
        t.name = name.to_string();
        t.description = description.to_string();
        for (p, spec) in t.patterns.iter_mut().enumerate() {
            spec.own = clamp_score(x[2 * p].round());
            spec.opp = clamp_score(x[2 * p + 1].round());
        }
        let base = 2 * t.patterns.len();
        for (c, spec) in t.classes.iter_mut().enumerate() {
            spec.own = clamp_score(x[base + 2 * c].round());
            spec.opp = clamp_score(x[base + 2 * c + 1].round());
        }
        t
    }

    /// The table with scores `x` rounded stochastically: `floor(v) + 1` with probability
    /// `v - floor(v)` (unbiased), drawing from `rng` in score order.
    pub fn table_stochastic(&self, x: &[f64], name: &str, rng: &mut ChaCha8Rng) -> PatternTable {
        let rounded: Vec<f64> = x
            .iter()
            .map(|&v| {
                let f = v.floor();
                let u: f64 = rng.random();
                if u < v - f { f + 1.0 } else { f }
            })
            .collect();
        self.table(&rounded, name, "")
    }
}

fn clamp_score(v: f64) -> i32 {
    v.clamp(-(MAX_PATTERN_SCORE as f64), MAX_PATTERN_SCORE as f64) as i32
}

/// The score vector of a table.
pub fn scores_of(table: &PatternTable) -> Vec<f64> {
    table
        .patterns
        .iter()
        .flat_map(|p| [p.own as f64, p.opp as f64])
        .chain(
            table
                .classes
                .iter()
                .flat_map(|c| [c.own as f64, c.opp as f64]),
        )
        .collect()
}
