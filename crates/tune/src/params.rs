//! The parameter space: a table's scores as a vector (`2·p` = own score of pattern `p`,
//! `2·p + 1` = its opponent score; then the same pair for each scored cell class, after
//! the P patterns; then one score per threat), followed by the engine fields a tuning
//! file's `params` names, or by an external engine's placeholders (its table is empty);
//! which of them are tuned, their bounds and gains when the file gives them, the order
//! constraints, and the way back to a [`PatternTable`], to [`EngineParams`] and to an
//! external engine's arguments and options (rounded, deterministic or stochastic).

// The tuned table is written in the schema config reads, by config's own writer.
pub use gomoku_config::engine::table_to_ron;
use gomoku_config::run::{PlayerKind, PlayerRecord};
use gomoku_config::tune::ScoreRef;
use gomoku_config::tune_params::{ParamTarget, TunedParam, param_text, substitute};
use gomoku_engine::fields::NumericField;
use gomoku_engine::{EngineParams, MAX_PATTERN_SCORE, PatternTable};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The start table, the engine fields, the tuned indices and the order constraints.
#[derive(Clone, Debug)]
pub struct ParamSpace {
    /// The table whose shapes are tuned (its scores are the start point).
    pub base: PatternTable,
    /// Indices (into the vector) that are tuned.
    pub tuned: Vec<usize>,
    /// `(a, b)`: score `a` must exceed score `b`.
    pub order: Vec<(usize, usize)>,
    /// The engine fields tuned, whose values follow the scores in the vector.
    pub fields: Vec<&'static NumericField>,
    /// An external engine's placeholders tuned (name, decimals), which follow the fields.
    pub placeholders: Vec<(String, u32)>,
    /// Per index, the bounds the file gives it (a method keeps it within them).
    pub bounds: Vec<Option<(f64, f64)>>,
    /// Per index, the file's SPSA `c_end` and `r_end`, when it gives them.
    pub gains: Vec<(Option<f64>, Option<f64>)>,
    start: Vec<f64>,
}

/// The number of paired scores of a table (own and opp of each pattern and class), where
/// the threat scores begin.
pub fn paired_scores(table: &PatternTable) -> usize {
    2 * (table.patterns.len() + table.classes.len())
}

/// The number of scores of a table: the pairs, then one per threat.
pub fn score_count(table: &PatternTable) -> usize {
    paired_scores(table) + table.threats.len()
}

/// The index of a score of `table` in the vector.
pub fn score_index(table: &PatternTable, r: ScoreRef) -> usize {
    let pairs = table.patterns.len() + table.classes.len();
    match r.pattern.checked_sub(pairs) {
        Some(t) => 2 * pairs + t,
        None => 2 * r.pattern + usize::from(r.opp),
    }
}

/// A readable name of score `i` of a table: `own 011110`, `opp 011110` or, for a class,
/// `own four-three`, or, for a threat, `threat three/none`.
pub fn score_name(table: &PatternTable, i: usize) -> String {
    if let Some(t) = i.checked_sub(paired_scores(table)) {
        let t = &table.threats[t];
        return format!("threat {}/{}", t.own.name(), t.opp.name());
    }
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
        let pinned = pin.map(|r| score_index(&base, r));
        let scores = score_count(&base);
        let tuned = (0..scores).filter(|&i| Some(i) != pinned).collect();
        let order = (order.iter())
            .map(|&(a, b)| (score_index(&base, a), score_index(&base, b)))
            .collect();
        ParamSpace {
            start: scores_of(&base),
            base,
            tuned,
            order,
            fields: Vec::new(),
            placeholders: Vec::new(),
            bounds: vec![None; scores],
            gains: vec![(None, None); scores],
        }
    }

    /// The space that tunes `params` only (their start, bounds and gains), engine fields
    /// after the scores; with no `params`, `self` unchanged.
    pub fn with_params(mut self, params: &[TunedParam]) -> Self {
        if params.is_empty() {
            return self;
        }
        self.tuned.clear();
        for p in params {
            let i = match p.target {
                ParamTarget::Score(r) => score_index(&self.base, r),
                ParamTarget::Field(f) => {
                    self.fields.push(f);
                    self.push_value()
                }
                ParamTarget::Placeholder => {
                    self.placeholders.push((p.name.clone(), p.decimals));
                    self.push_value()
                }
            };
            self.start[i] = p.start;
            self.bounds[i] = Some((p.min, p.max));
            self.gains[i] = (p.c_end, p.r_end);
            self.tuned.push(i);
        }
        self
    }

    /// A value after the scores (a field or a placeholder), its index.
    fn push_value(&mut self) -> usize {
        self.start.push(0.0);
        self.bounds.push(None);
        self.gains.push((None, None));
        self.start.len() - 1
    }

    /// The number of values (tuned or not): the scores, then the fields.
    pub fn len(&self) -> usize {
        self.start.len()
    }

    /// The number of scores, where the fields begin.
    pub fn scores(&self) -> usize {
        score_count(&self.base)
    }

    /// The name of value `i`: a score's (`own 011110`) or a field's (`futility`).
    pub fn name(&self, i: usize) -> String {
        match i.checked_sub(self.scores()) {
            Some(j) if j < self.fields.len() => self.fields[j].name.to_string(),
            Some(j) => self.placeholders[j - self.fields.len()].0.clone(),
            None => score_name(&self.base, i),
        }
    }

    /// The decimals value `i` is played with: a placeholder's, else 0 (an integer).
    pub fn decimals(&self, i: usize) -> u32 {
        let first = self.scores() + self.fields.len();
        i.checked_sub(first)
            .map_or(0, |j| self.placeholders.get(j).map_or(0, |p| p.1))
    }

    /// `record`, an external engine, renamed `name`, with the placeholders of its arguments
    /// and options' values filled with `x`'s values, each rounded to its decimals.
    pub fn external(&self, x: &[f64], record: &PlayerRecord, name: &str) -> PlayerRecord {
        let first = self.scores() + self.fields.len();
        let value = |placeholder: &str| {
            let j = self.placeholders.iter().position(|p| p.0 == placeholder)?;
            Some(param_text(x[first + j], self.placeholders[j].1))
        };
        let mut spec = record.spec.clone();
        if let PlayerKind::External(program) = &mut spec {
            for a in &mut program.args {
                *a = substitute(a, &value);
            }
            for (_, v) in &mut program.options {
                *v = substitute(v, &value);
            }
        }
        PlayerRecord {
            name: name.to_string(),
            origin: record.origin.clone(),
            spec,
        }
    }

    /// Whether every value the file bounds lies within its bounds.
    pub fn within_bounds(&self, x: &[f64]) -> bool {
        let inside =
            |(v, b): (&f64, &Option<(f64, f64)>)| b.is_none_or(|(lo, hi)| (lo..=hi).contains(v));
        x.iter().zip(&self.bounds).all(inside)
    }

    /// `x` with every value the file bounds brought within its bounds.
    pub fn clamp(&self, x: &mut [f64]) {
        for (v, b) in x.iter_mut().zip(&self.bounds) {
            if let Some((lo, hi)) = *b {
                *v = v.clamp(lo, hi);
            }
        }
    }

    /// Whether the table has no patterns.
    pub fn is_empty(&self) -> bool {
        self.base.patterns.is_empty()
    }

    /// The start values.
    pub fn start(&self) -> Vec<f64> {
        self.start.clone()
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
        let base = paired_scores(&t);
        for (i, spec) in t.threats.iter_mut().enumerate() {
            spec.score = clamp_score(x[base + i].round());
        }
        t
    }

    /// `base` with the table of `x` (see [`ParamSpace::table`]) and its fields set to `x`'s
    /// values, rounded to the nearest integer and clamped to each field's range.
    pub fn engine(
        &self,
        x: &[f64],
        base: &EngineParams,
        name: &str,
        description: &str,
    ) -> EngineParams {
        let mut params = EngineParams {
            table: self.table(x, name, description),
            ..base.clone()
        };
        for (f, v) in self.fields.iter().zip(&x[self.scores()..]) {
            let v = (v.round() as i64).clamp(f.min, f.max);
            f.set(&mut params, v)
                .expect("clamped into the field's range");
        }
        params
    }

    /// `x` rounded stochastically to each value's decimals (integers but for a real
    /// placeholder): with `s = 10^decimals`, `(floor(v·s) + 1)/s` with probability
    /// `v·s - floor(v·s)` (unbiased), drawing from `rng` for the tuned values only, in the
    /// vector's order. The others are the start's, already on their grid: drawing for them
    /// too would make the draws of the tuned values depend on the table's size, so the same
    /// parameters tuned in-process (behind the scores) and through the protocol (an external
    /// engine's, no table) would be rounded apart.
    pub fn round_stochastic(&self, x: &[f64], rng: &mut ChaCha8Rng) -> Vec<f64> {
        let mut tuned = vec![false; x.len()];
        for &i in &self.tuned {
            tuned[i] = true;
        }
        x.iter()
            .enumerate()
            .map(|(i, &v)| {
                if !tuned[i] {
                    return v;
                }
                let scale = 10f64.powi(self.decimals(i) as i32);
                let v = v * scale;
                let f = v.floor();
                let u: f64 = rng.random();
                (if u < v - f { f + 1.0 } else { f }) / scale
            })
            .collect()
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
        .chain(table.threats.iter().map(|t| t.score as f64))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn param(name: &str, target: ParamTarget, start: f64) -> TunedParam {
        TunedParam {
            name: name.into(),
            target,
            start,
            min: 0.0,
            max: 1000.0,
            c_end: None,
            r_end: None,
            decimals: 0,
        }
    }

    #[test]
    fn fields_round_as_the_same_placeholders_of_an_external_engine() {
        let field = |name| {
            let f = gomoku_engine::fields::numeric_field(name).unwrap();
            param(name, ParamTarget::Field(f), 0.0)
        };
        let ours = ParamSpace::new(gomoku_engine::seed_table(), None, &[])
            .with_params(&[field("top_n"), field("futility")]);
        let empty = PatternTable {
            name: String::new(),
            description: String::new(),
            patterns: Vec::new(),
            classes: Vec::new(),
            threats: Vec::new(),
            order: Vec::new(),
        };
        let theirs = ParamSpace::new(empty, None, &[]).with_params(&[
            param("top_n", ParamTarget::Placeholder, 0.0),
            param("futility", ParamTarget::Placeholder, 0.0),
        ]);
        let at = ours.scores();
        assert!(at > 0);
        let mut x = ours.start();
        let mut rounded_apart = false;
        for k in 0..64 {
            let (a, b) = (4.0 + k as f64 / 7.0, 300.0 + k as f64 * 1.3);
            (x[at], x[at + 1]) = (a, b);
            let seed = |k| ChaCha8Rng::seed_from_u64(k);
            let r = ours.round_stochastic(&x, &mut seed(k));
            assert_eq!(r[..at], x[..at], "a score not tuned stays as it is");
            assert_eq!(r[at..], theirs.round_stochastic(&[a, b], &mut seed(k))[..]);
            // The draws do depend on the seed: the two spaces agree on what varies.
            rounded_apart |= r[at..] != ours.round_stochastic(&x, &mut seed(k + 100))[at..];
        }
        assert!(rounded_apart);
    }
}
