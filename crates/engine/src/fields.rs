//! The numeric fields of [`EngineParams`] by the name an engine file gives them, with the
//! range each may take: the one list that a tuning file's parameters and the brain's
//! `INFO <field> <value>` name them by. A field's range is [`EngineParams::validate`]'s (a test
//! holds them equal), bounded above where `validate` has no bound.

use crate::params::EngineParams;
use crate::pattern::MAX_PATTERN_SCORE;
use crate::{
    MAX_BLOCK_EXTENSION, MAX_DEPTH, MAX_FRONTIER_WIDTH, MAX_HISTORY_BOUND, MAX_LMR_SCALE,
    MAX_MOVE_COUNT, MAX_ORDER_WEIGHT, MAX_QUIESCENCE, MAX_SCORE_MARGIN, MAX_SINGULAR_TT_DEPTH,
    MAX_TT_MIB, MAX_VCT_DEPTH,
};

/// One numeric field of an engine file.
#[derive(Clone, Copy, Debug)]
pub struct NumericField {
    /// Its name in an engine file (and its `INFO` key).
    pub name: &'static str,
    /// The least value it takes.
    pub min: i64,
    /// The greatest value it takes.
    pub max: i64,
    get: fn(&EngineParams) -> Option<i64>,
    set: fn(&mut EngineParams, i64),
}

impl NumericField {
    /// Its value in `params` (`None`: unset, as `top_n: None`).
    pub fn get(&self, params: &EngineParams) -> Option<i64> {
        (self.get)(params)
    }

    /// Sets it to `value` in `params`; a value outside `min..=max` is refused, naming the
    /// range, and changes nothing.
    pub fn set(&self, params: &mut EngineParams, value: i64) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!(
                "{}: {value} not in {}..={}",
                self.name, self.min, self.max
            ));
        }
        (self.set)(params, value);
        Ok(())
    }
}

/// `NumericField` for a plain field of [`EngineParams`] (`$($path).+` from the params).
macro_rules! field {
    ($name:literal, $min:expr, $max:expr, $ty:ty, $($path:ident).+) => {
        NumericField {
            name: $name,
            min: $min as i64,
            max: $max as i64,
            get: |p| Some(p.$($path).+ as i64),
            // In range by `set`'s check, so the cast is exact.
            set: |p, v| p.$($path).+ = v as $ty,
        }
    };
}

/// Every numeric field of an engine file, in the file's order.
pub const NUMERIC_FIELDS: &[NumericField] = &[
    field!("depth", 1, MAX_DEPTH, u32, depth),
    NumericField {
        name: "top_n",
        min: 1,
        // The most cells of a board (32x32).
        max: 1024,
        get: |p| p.top_n.map(|n| n as i64),
        set: |p, v| p.top_n = Some(v as usize),
    },
    field!("radius", 1, 4, u32, radius),
    field!("tt_mib", 1, MAX_TT_MIB, usize, tt_mib),
    field!("vcf_depth", 0, 255, u32, vcf_depth),
    field!(
        "tie_break_margin",
        0,
        MAX_PATTERN_SCORE,
        i32,
        tie_break_margin
    ),
    field!("threads", 1, 64, usize, threads),
    field!("aspiration", 0, MAX_SCORE_MARGIN, i32, features.aspiration),
    field!("lmr_scale", 0, MAX_LMR_SCALE, u32, features.lmr_scale),
    field!("move_count", 0, MAX_MOVE_COUNT, u32, features.move_count),
    field!(
        "history_bound",
        0,
        MAX_HISTORY_BOUND,
        u32,
        features.history_bound
    ),
    field!("futility", 0, MAX_SCORE_MARGIN, i32, features.futility),
    field!(
        "node_futility",
        0,
        MAX_SCORE_MARGIN,
        i32,
        features.node_futility
    ),
    field!("razoring", 0, MAX_SCORE_MARGIN, i32, features.razoring),
    field!(
        "block_extension",
        0,
        MAX_BLOCK_EXTENSION,
        u32,
        features.block_extension
    ),
    field!("quiescence", 0, MAX_QUIESCENCE, u32, features.quiescence),
    field!(
        "quiescence_delta",
        0,
        MAX_SCORE_MARGIN,
        i32,
        features.quiescence_delta
    ),
    field!(
        "quiescence_plain_fours",
        0,
        MAX_QUIESCENCE,
        u32,
        features.quiescence_plain_fours
    ),
    field!(
        "singular_margin",
        0,
        MAX_SCORE_MARGIN,
        i32,
        features.singular_margin
    ),
    field!("singular_depth", 1, MAX_DEPTH, u32, features.singular_depth),
    field!(
        "singular_tt_depth",
        0,
        MAX_SINGULAR_TT_DEPTH,
        u32,
        features.singular_tt_depth
    ),
    field!(
        "fixed_time_start_share",
        0,
        100,
        u32,
        features.fixed_time_start_share
    ),
    field!(
        "frontier_width",
        0,
        MAX_FRONTIER_WIDTH,
        u32,
        features.frontier_width
    ),
    field!(
        "root_width",
        0,
        MAX_FRONTIER_WIDTH,
        u32,
        features.root_width
    ),
    field!(
        "root_reduction_from",
        0,
        MAX_FRONTIER_WIDTH,
        u32,
        features.root_reduction_from
    ),
    field!(
        "order_opp_gain",
        0,
        MAX_ORDER_WEIGHT,
        u32,
        features.order_opp_gain
    ),
    field!(
        "order_class_heat",
        0,
        MAX_ORDER_WEIGHT,
        u32,
        features.order_class_heat
    ),
    field!(
        "alpha_reduction_bound",
        0,
        MAX_SCORE_MARGIN,
        i32,
        features.alpha_reduction_bound
    ),
    field!(
        "alpha_reduction_depth",
        0,
        MAX_DEPTH,
        u32,
        features.alpha_reduction_depth
    ),
    field!("vct_depth", 2, MAX_VCT_DEPTH, u32, vct_depth),
    field!("vct_threat", 1, 64, u32, vct_threat),
];

/// The numeric field called `name` in an engine file.
pub fn numeric_field(name: &str) -> Option<&'static NumericField> {
    NUMERIC_FIELDS.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_is_the_one_validate_checks() {
        for f in NUMERIC_FIELDS {
            let mut p = EngineParams::default();
            for v in [f.min, f.max] {
                f.set(&mut p, v).unwrap();
                assert_eq!(f.get(&p), Some(v), "{}", f.name);
                p.validate()
                    .unwrap_or_else(|e| panic!("{} = {v}: {e}", f.name));
            }
            let before = p.clone();
            for v in [f.min - 1, f.max + 1] {
                let e = f.set(&mut p, v).unwrap_err();
                assert!(e.contains(&format!("not in {}..={}", f.min, f.max)), "{e}");
                assert_eq!(p, before, "{} = {v} changed the params", f.name);
            }
            // Just outside the range, validate refuses too (above it, where it has a bound).
            let unbounded_above = ["top_n", "tie_break_margin"].contains(&f.name);
            for (v, bounded) in [(f.min - 1, true), (f.max + 1, !unbounded_above)] {
                let mut outside = before.clone();
                (f.set)(&mut outside, v);
                assert_eq!(outside.validate().is_err(), bounded, "{} = {v}", f.name);
            }
        }
    }

    #[test]
    fn fields_are_found_by_their_file_name() {
        assert_eq!(numeric_field("futility").unwrap().max, 1_000_000);
        assert!(numeric_field("lmr").is_none(), "a switch is not numeric");
        assert!(numeric_field("use_tt").is_none());
    }
}
