//! Overrides: changes to an engine file's parameters, as tournament and SPRT files write them
//! (`Variant`, `Sweep`) and as `match` flags give them, and the one way an engine entry is
//! loaded and changed.

use crate::ConfigError;
use crate::engine::EngineLoader;
use gomoku_engine::EngineParams;
use serde::{Deserialize, Deserializer, Serialize};
use std::path::{Path, PathBuf};

/// Changes to an engine's parameters; each field left out keeps the engine file's value.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Overrides {
    /// Search depth.
    pub depth: Option<u32>,
    /// Moves per node (`None`: full width).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub top_n: Option<Option<usize>>,
    /// Candidate radius.
    pub radius: Option<u32>,
    /// Transposition table size in MiB.
    pub tt_mib: Option<usize>,
    /// Use the transposition table.
    #[serde(alias = "tt")]
    pub use_tt: Option<bool>,
    /// Move ordering.
    #[serde(alias = "ordering")]
    pub use_ordering: Option<bool>,
    /// Iterative deepening.
    pub iterative_deepening: Option<bool>,
    /// Killer moves.
    pub killers: Option<bool>,
    /// History heuristic.
    pub history: Option<bool>,
    /// Root VCF search.
    pub vcf: Option<bool>,
    /// VCF depth.
    pub vcf_depth: Option<u32>,
    /// Root tie-break margin.
    pub tie_break_margin: Option<i32>,
    /// Search threads.
    pub threads: Option<usize>,
    /// Root aspiration window half-width.
    pub aspiration: Option<i32>,
    /// Late-move reductions.
    pub lmr: Option<bool>,
    /// Logarithmic LMR scale.
    pub lmr_scale: Option<u32>,
    /// Move-count pruning base.
    pub move_count: Option<u32>,
    /// History gravity bound.
    pub history_bound: Option<u32>,
    /// Futility margin per ply at the node.
    pub node_futility: Option<i32>,
    /// Razoring margin per ply.
    pub razoring: Option<i32>,
    /// Futility margin at depth 2.
    pub futility: Option<i32>,
    /// Threat extensions.
    pub threat_extension: Option<bool>,
    /// Extension of the reply to a four, in hundredths of a ply.
    pub block_extension: Option<u32>,
    /// Counter-moves.
    pub counter_moves: Option<bool>,
    /// Leaves average the evaluation over two plies.
    pub eval_average: Option<bool>,
    /// Three defence.
    pub three_defence: Option<bool>,
    /// Exact defence.
    pub exact_defence: Option<bool>,
    /// Singular extension margin per ply.
    pub singular_margin: Option<i32>,
    /// Least depth of the singular test.
    pub singular_depth: Option<u32>,
    /// Plies the TT entry may lack for the singular test.
    pub singular_tt_depth: Option<u32>,
    /// Static wins.
    pub static_wins: Option<bool>,
    /// Most plies of threat quiescence.
    pub quiescence: Option<u32>,
    /// Delta pruning margin of the threat quiescence.
    pub quiescence_delta: Option<i32>,
    /// The quiescence moves of a side in which a plain four is played.
    pub quiescence_plain_fours: Option<u32>,
    /// Percentage of a fixed move time before which the next iteration always starts.
    pub fixed_time_start_share: Option<u32>,
    /// Moves searched one ply above the leaves (0 = every candidate).
    pub frontier_width: Option<u32>,
    /// Largest score at which raising alpha reduces a PV node's other moves (0 = off).
    pub alpha_reduction_bound: Option<i32>,
    /// Depth from which the alpha-improvement reduction stops.
    pub alpha_reduction_depth: Option<u32>,
    /// Moves searched at the root (0 = `top_n`'s).
    pub root_width: Option<u32>,
    /// Index of the first root move searched a ply shallower first (0 = off).
    pub root_reduction_from: Option<u32>,
    /// The ordering's weight of the opponent's gain, in percent.
    pub order_opp_gain: Option<u32>,
    /// The ordering's weight of the cell classes' worth, in percent.
    pub order_class_heat: Option<u32>,
    /// Root VCT on/off.
    pub vct: Option<bool>,
    /// VCT depth.
    pub vct_depth: Option<u32>,
    /// Longest VCF a VCT three may threaten.
    pub vct_threat: Option<u32>,
    /// A pattern table file instead of the engine's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<PathBuf>,
}

/// A present field of type `Option<T>`, even when its value is `None`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl Overrides {
    /// Applies the overrides to engine parameters; a `table` is read relative to
    /// `tournament_file` (the error names the table file).
    pub fn apply_with_table(
        &self,
        p: &mut EngineParams,
        tournament_file: &Path,
    ) -> Result<(), ConfigError> {
        self.apply(p);
        if let Some(table) = &self.table {
            p.table = crate::engine::load_table(crate::resolve_relative(tournament_file, table))?;
        }
        Ok(())
    }

    /// Applies the overrides to engine parameters, except `table`.
    pub fn apply(&self, p: &mut EngineParams) {
        macro_rules! set {
            ($($f:ident),*) => { $( if let Some(v) = self.$f { p.$f = v; } )* };
        }
        set! {
            depth, top_n, radius, tt_mib, use_tt, use_ordering, iterative_deepening, killers,
            history, vcf, vcf_depth, tie_break_margin, threads, vct, vct_depth, vct_threat
        }
        macro_rules! feature {
            ($($f:ident),*) => { $( if let Some(v) = self.$f { p.features.$f = v; } )* };
        }
        feature! {
            aspiration, lmr, lmr_scale, move_count, history_bound, node_futility, razoring,
            futility, threat_extension, block_extension, counter_moves, eval_average,
            three_defence, exact_defence, singular_margin, singular_depth, singular_tt_depth,
            static_wins, quiescence, quiescence_delta, quiescence_plain_fours,
            fixed_time_start_share, frontier_width, alpha_reduction_bound, alpha_reduction_depth,
            root_width, root_reduction_from, order_opp_gain, order_class_heat
        }
    }
}

/// Where a variant comes from: its engine file and the overrides, as RON.
pub(crate) fn origin_with(base: &Path, overrides: &Overrides) -> String {
    match ron::to_string(overrides) {
        Ok(o) => format!("{} with {o}", base.display()),
        Err(_) => base.display().to_string(),
    }
}

/// Why an engine entry does not make an engine: its file does not load, or the overrides
/// do not apply (a table that does not load, a value out of range).
pub(crate) enum EntryError {
    /// The engine file.
    Load(ConfigError),
    /// The overrides.
    Change(String),
}

/// The engine file `base` names (relative to `config_file`), loaded with `load`, with
/// `overrides` applied and checked: its file's name and the parameters.
pub(crate) fn load_entry(
    load: EngineLoader<'_>,
    config_file: &Path,
    base: &Path,
    overrides: &Overrides,
) -> Result<(String, EngineParams), EntryError> {
    let (name, mut params) =
        load(&crate::resolve_relative(config_file, base)).map_err(EntryError::Load)?;
    let change = |e: &dyn std::fmt::Display| EntryError::Change(e.to_string());
    overrides
        .apply_with_table(&mut params, config_file)
        .map_err(|e| change(&e))?;
    params.validate().map_err(|e| change(&e))?;
    Ok((name, params))
}
