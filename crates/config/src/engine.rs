//! Engine and pattern-table files (`configs/engines/*.ron`, `configs/tables/*.ron`): their
//! schemas, loading (a `File` table read relative to the engine file), validation against
//! the engine's own ranges, and a table written back as the text of a table file. The fields,
//! their defaults and limits: `docs/CONFIG.md`, "Engine files" and "Pattern-table files".

use crate::{ConfigError, Spans, resolve_relative};
use gomoku_engine::{
    CellClass, ClassSpec, EngineParams, PatternSpec, PatternTable, SearchFeatures, ThreatSpec,
};
use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One shape of a table file.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PatternFile {
    /// Cells: `1` own stone, `0` empty, `x` blocked.
    pub shape: String,
    /// Score when the side to move owns it.
    pub own: i32,
    /// Score when the opponent owns it.
    pub opp: i32,
}

/// A cell class as tables name it (`four-three`, `double-three`...); an unknown name is a
/// parse error that lists the known ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct ClassName(pub CellClass);

impl TryFrom<String> for ClassName {
    type Error = String;
    fn try_from(name: String) -> Result<ClassName, String> {
        CellClass::from_name(&name).map(ClassName).ok_or_else(|| {
            let known: Vec<&str> = CellClass::ALL[1..].iter().map(|c| c.name()).collect();
            format!(
                "unknown cell class '{name}' (the classes are: {})",
                known.join(", ")
            )
        })
    }
}

impl From<ClassName> for String {
    fn from(c: ClassName) -> String {
        c.0.name().to_string()
    }
}

/// One scored cell class of a table file.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClassFile {
    /// The class.
    pub class: ClassName,
    /// Score per cell of this class the side to move has.
    pub own: i32,
    /// Score per cell of this class its opponent has.
    pub opp: i32,
}

impl From<&ClassSpec> for ClassFile {
    fn from(c: &ClassSpec) -> ClassFile {
        ClassFile {
            class: ClassName(c.class),
            own: c.own,
            opp: c.opp,
        }
    }
}

impl From<&ClassFile> for ClassSpec {
    fn from(c: &ClassFile) -> ClassSpec {
        ClassSpec {
            class: c.class.0,
            own: c.own,
            opp: c.opp,
        }
    }
}

/// One scored pair of best classes of a table file.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ThreatFile {
    /// The side to move's best class (`none` when it has no class at all).
    pub own: ClassName,
    /// Its opponent's best class.
    pub opp: ClassName,
    /// Score added to the side to move's evaluation.
    pub score: i32,
}

/// A table file's contents.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename = "PatternTable", deny_unknown_fields)]
pub struct TableFile {
    /// Table name.
    pub name: String,
    /// Where the values come from.
    #[serde(default)]
    pub description: String,
    /// The shapes.
    pub patterns: Vec<PatternFile>,
    /// The scored cell classes (optional: older tables have none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<ClassFile>,
    /// The scored pairs of best classes (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub threats: Vec<ThreatFile>,
    /// Move-ordering bonuses per cell class (optional; not part of the evaluation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<ClassFile>,
}

impl TableFile {
    /// The file form of an engine table (the inverse of [`TableFile::to_table`]).
    pub fn from_table(table: &PatternTable) -> TableFile {
        TableFile {
            name: table.name.clone(),
            description: table.description.clone(),
            patterns: table
                .patterns
                .iter()
                .map(|p| PatternFile {
                    shape: p.shape.clone(),
                    own: p.own,
                    opp: p.opp,
                })
                .collect(),
            classes: table.classes.iter().map(ClassFile::from).collect(),
            threats: (table.threats.iter())
                .map(|t| ThreatFile {
                    own: ClassName(t.own),
                    opp: ClassName(t.opp),
                    score: t.score,
                })
                .collect(),
            order: table.order.iter().map(ClassFile::from).collect(),
        }
    }

    /// The engine's plain table.
    pub fn to_table(&self) -> PatternTable {
        PatternTable {
            name: self.name.clone(),
            description: self.description.clone(),
            patterns: self
                .patterns
                .iter()
                .map(|p| PatternSpec::new(&p.shape, p.own, p.opp))
                .collect(),
            classes: self.classes.iter().map(ClassSpec::from).collect(),
            threats: (self.threats.iter())
                .map(|t| ThreatSpec {
                    own: t.own.0,
                    opp: t.opp.0,
                    score: t.score,
                })
                .collect(),
            order: self.order.iter().map(ClassSpec::from).collect(),
        }
    }
}

/// Where an engine file takes its table from.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum TableSource {
    /// A table file, relative to the engine file.
    File(PathBuf),
    /// A table written in place.
    Inline(TableFile),
}

defaults! {
    d_depth: u32 = d().depth;
    d_top_n: Option<usize> = d().top_n;
    d_radius: u32 = d().radius;
    d_tt_mib: usize = d().tt_mib;
    d_true: bool = true;
    d_vcf_depth: u32 = d().vcf_depth;
    d_threads: usize = d().threads;
    d_aspiration: i32 = d().features.aspiration;
    d_lmr: bool = d().features.lmr;
    d_lmr_scale: u32 = d().features.lmr_scale;
    d_move_count: u32 = d().features.move_count;
    d_history_bound: u32 = d().features.history_bound;
    d_node_futility: i32 = d().features.node_futility;
    d_razoring: i32 = d().features.razoring;
    d_futility: i32 = d().features.futility;
    d_threat_extension: bool = d().features.threat_extension;
    d_block_extension: u32 = d().features.block_extension;
    d_counter_moves: bool = d().features.counter_moves;
    d_eval_average: bool = d().features.eval_average;
    d_three_defence: bool = d().features.three_defence;
    d_exact_defence: bool = d().features.exact_defence;
    d_singular_margin: i32 = d().features.singular_margin;
    d_singular_depth: u32 = d().features.singular_depth;
    d_singular_tt_depth: u32 = d().features.singular_tt_depth;
    d_static_wins: bool = d().features.static_wins;
    d_quiescence: u32 = d().features.quiescence;
    d_quiescence_delta: i32 = d().features.quiescence_delta;
    d_quiescence_plain_fours: u32 = d().features.quiescence_plain_fours;
    d_fixed_time_start_share: u32 = d().features.fixed_time_start_share;
    d_frontier_width: u32 = d().features.frontier_width;
    d_alpha_reduction_bound: i32 = d().features.alpha_reduction_bound;
    d_alpha_reduction_depth: u32 = d().features.alpha_reduction_depth;
    d_root_width: u32 = d().features.root_width;
    d_root_reduction_from: u32 = d().features.root_reduction_from;
    d_order_opp_gain: u32 = d().features.order_opp_gain;
    d_order_class_heat: u32 = d().features.order_class_heat;
    d_vct: bool = d().vct;
    d_vct_depth: u32 = d().vct_depth;
    d_vct_threat: u32 = d().vct_threat;
}

fn d() -> EngineParams {
    EngineParams::default()
}

/// An engine file's contents.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename = "Engine", deny_unknown_fields)]
pub struct EngineFile {
    /// Engine name (used in reports and ratings).
    pub name: String,
    /// The evaluation table.
    pub table: TableSource,
    /// Nominal depth.
    #[serde(default = "d_depth")]
    pub depth: u32,
    /// Width per node (`None`: all candidates).
    #[serde(default = "d_top_n")]
    pub top_n: Option<usize>,
    /// Candidate radius.
    #[serde(default = "d_radius")]
    pub radius: u32,
    /// Transposition table MiB.
    #[serde(default = "d_tt_mib")]
    pub tt_mib: usize,
    /// Transposition table on/off.
    #[serde(default = "d_true")]
    pub tt: bool,
    /// Pattern-score move ordering on/off.
    #[serde(default = "d_true")]
    pub ordering: bool,
    /// Iterative deepening on/off.
    #[serde(default = "d_true")]
    pub iterative_deepening: bool,
    /// Killer moves on/off.
    #[serde(default = "d_true")]
    pub killers: bool,
    /// History heuristic on/off.
    #[serde(default = "d_true")]
    pub history: bool,
    /// Root VCF search on/off.
    #[serde(default = "d_true")]
    pub vcf: bool,
    /// Most fours in a VCF line.
    #[serde(default = "d_vcf_depth")]
    pub vcf_depth: u32,
    /// Root tie-break margin.
    #[serde(default)]
    pub tie_break_margin: i32,
    /// Search threads.
    #[serde(default = "d_threads")]
    pub threads: usize,
    /// Root aspiration window half-width.
    #[serde(default = "d_aspiration")]
    pub aspiration: i32,
    /// Late-move reductions.
    #[serde(default = "d_lmr")]
    pub lmr: bool,
    /// Logarithmic LMR scale, in hundredths.
    #[serde(default = "d_lmr_scale")]
    pub lmr_scale: u32,
    /// Move-count pruning base.
    #[serde(default = "d_move_count")]
    pub move_count: u32,
    /// History gravity bound.
    #[serde(default = "d_history_bound")]
    pub history_bound: u32,
    /// Futility margin per ply at the node.
    #[serde(default = "d_node_futility")]
    pub node_futility: i32,
    /// Razoring margin per ply.
    #[serde(default = "d_razoring")]
    pub razoring: i32,
    /// Futility margin at depth 2.
    #[serde(default = "d_futility")]
    pub futility: i32,
    /// Threat extensions.
    #[serde(default = "d_threat_extension")]
    pub threat_extension: bool,
    /// Extension of the reply to a four, in hundredths of a ply.
    #[serde(default = "d_block_extension")]
    pub block_extension: u32,
    /// Counter-moves.
    #[serde(default = "d_counter_moves")]
    pub counter_moves: bool,
    /// Two-ply evaluation average.
    #[serde(default = "d_eval_average")]
    pub eval_average: bool,
    /// Three defence.
    #[serde(default = "d_three_defence")]
    pub three_defence: bool,
    /// Exact defence against open fours, double fours and four-threes.
    #[serde(default = "d_exact_defence")]
    pub exact_defence: bool,
    /// Singular extension margin per ply (0 = off).
    #[serde(default = "d_singular_margin")]
    pub singular_margin: i32,
    /// Least depth of the singular test.
    #[serde(default = "d_singular_depth")]
    pub singular_depth: u32,
    /// Plies the TT entry may lack for the singular test.
    #[serde(default = "d_singular_tt_depth")]
    pub singular_tt_depth: u32,
    /// Static wins from the cell-class counts.
    #[serde(default = "d_static_wins")]
    pub static_wins: bool,
    /// Most plies of threat quiescence.
    #[serde(default = "d_quiescence")]
    pub quiescence: u32,
    /// Delta pruning margin of the threat quiescence.
    #[serde(default = "d_quiescence_delta")]
    pub quiescence_delta: i32,
    /// The quiescence moves of a side in which a plain four is played.
    #[serde(default = "d_quiescence_plain_fours")]
    pub quiescence_plain_fours: u32,
    /// Percentage of a fixed move time before which the next iteration always starts.
    #[serde(default = "d_fixed_time_start_share")]
    pub fixed_time_start_share: u32,
    /// Moves searched one ply above the leaves, best first (0 = every candidate).
    #[serde(default = "d_frontier_width")]
    pub frontier_width: u32,
    /// Largest score that raising alpha reduces a PV node's other moves at (0 = off).
    #[serde(default = "d_alpha_reduction_bound")]
    pub alpha_reduction_bound: i32,
    /// Depth from which the alpha-improvement reduction stops.
    #[serde(default = "d_alpha_reduction_depth")]
    pub alpha_reduction_depth: u32,
    /// Moves searched at the root (0 = `top_n`'s).
    #[serde(default = "d_root_width")]
    pub root_width: u32,
    /// Index of the first root move searched a ply shallower first (0 = off).
    #[serde(default = "d_root_reduction_from")]
    pub root_reduction_from: u32,
    /// The ordering's weight of the opponent's gain, in percent.
    #[serde(default = "d_order_opp_gain")]
    pub order_opp_gain: u32,
    /// The ordering's weight of the cell classes' worth, in percent.
    #[serde(default = "d_order_class_heat")]
    pub order_class_heat: u32,
    /// Root VCT threat search on/off.
    #[serde(default = "d_vct")]
    pub vct: bool,
    /// Most attacker moves in a VCT.
    #[serde(default = "d_vct_depth")]
    pub vct_depth: u32,
    /// Longest VCF a VCT three may threaten.
    #[serde(default = "d_vct_threat")]
    pub vct_threat: u32,
}

/// An engine file loaded and checked: its name, where it is, and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedEngine {
    /// Engine name.
    pub name: String,
    /// The file it came from.
    pub path: PathBuf,
    /// The parameters, table resolved.
    pub params: EngineParams,
}

impl LoadedEngine {
    /// The engine parameters.
    pub fn to_params(&self) -> EngineParams {
        self.params.clone()
    }
}

/// Validates a table whose fields are written at `at` in a parsed text (`""` for a table
/// file, `table.Inline` for a table written in an engine file); an error about one pattern or
/// class is placed at its `shape` or `class`.
fn check_table(
    table: PatternTable,
    spans: &Spans<'_>,
    at: &str,
) -> Result<PatternTable, ConfigError> {
    let field = |path: String| spans.field(path.trim_start_matches('.'));
    table.validate().map_err(|e| {
        if let Some(i) = PatternTable::class_index(&e) {
            let place = field(format!("{at}.classes[{i}].class"));
            return ConfigError::placed(spans.file(), place, format!("classes: {e}"));
        }
        if let Some(i) = PatternTable::order_index(&e) {
            let place = field(format!("{at}.order[{i}].class"));
            return ConfigError::placed(spans.file(), place, format!("order: {e}"));
        }
        if let Some(i) = PatternTable::threat_index(&e) {
            let place = field(format!("{at}.threats[{i}].score"));
            return ConfigError::placed(spans.file(), place, format!("threats: {e}"));
        }
        let place = e
            .pattern_index()
            .and_then(|i| field(format!("{at}.patterns[{i}].shape")));
        ConfigError::placed(spans.file(), place, format!("patterns: {e}"))
    })?;
    Ok(table)
}

/// Parses table text (`path` only names the file in errors) and validates the table.
pub fn parse_table(text: &str, path: &Path) -> Result<PatternTable, ConfigError> {
    let (f, spans) = crate::parse_ron_spanned::<TableFile>(text, path, false)?;
    check_table(f.to_table(), &spans, "")
}

/// A table as the text of a table file, which [`parse_table`] reads back to an equal table:
/// one field per line and one pattern per line, so that two tuned tables diff by pattern.
pub fn table_to_ron(table: &PatternTable) -> String {
    // Depth 1 is the table's fields, 2 the patterns of the list; a pattern's own fields (depth
    // 3) stay on its line. Strings are written as typed (raw `r#"..."#` only when they hold a
    // quote or a backslash), so a description stays as readable as it was written.
    let pretty = PrettyConfig::new()
        .depth_limit(2)
        .escape_strings(false)
        .struct_names(false);
    let body = ron::ser::to_string_pretty(&TableFile::from_table(table), pretty)
        .expect("a table of strings and integers always serializes");
    // Struct names would be written for every pattern too (`PatternFile(shape: ...)`); only
    // the table's is wanted, as the files in `configs/tables/` have it.
    format!("PatternTable{body}\n")
}

/// An engine as the text of a complete engine file, its table written in place, which
/// [`parse_engine`] reads back to equal parameters (the table's description aside): one field
/// per line, one pattern per line.
pub fn engine_to_ron(name: &str, p: &EngineParams) -> String {
    // Whole, so that a feature added to the engine is a field of the file or an error here.
    let SearchFeatures {
        aspiration,
        lmr,
        lmr_scale,
        move_count,
        history_bound,
        node_futility,
        razoring,
        futility,
        threat_extension,
        block_extension,
        counter_moves,
        eval_average,
        three_defence,
        exact_defence,
        singular_margin,
        singular_depth,
        singular_tt_depth,
        static_wins,
        quiescence,
        quiescence_delta,
        quiescence_plain_fours,
        fixed_time_start_share,
        frontier_width,
        alpha_reduction_bound,
        alpha_reduction_depth,
        root_width,
        root_reduction_from,
        order_opp_gain,
        order_class_heat,
    } = p.features;
    let file = engine_settings!(EngineFile, p,
        name: name.to_string(),
        table: TableSource::Inline(TableFile::from_table(&p.table)),
        tt: p.use_tt,
        ordering: p.use_ordering,
        aspiration, lmr, lmr_scale, move_count, history_bound, node_futility, razoring, futility,
        threat_extension, block_extension, counter_moves, eval_average, three_defence,
        exact_defence, singular_margin, singular_depth, singular_tt_depth, static_wins, quiescence,
        quiescence_delta, quiescence_plain_fours, fixed_time_start_share, frontier_width,
        alpha_reduction_bound, alpha_reduction_depth, root_width, root_reduction_from,
        order_opp_gain, order_class_heat,
        vct: p.vct,
        vct_depth: p.vct_depth,
        vct_threat: p.vct_threat,
    );
    // Depth 1 is the engine's fields, 3 the patterns of its table's list (as in
    // `table_to_ron`); struct names only for the engine.
    let pretty = PrettyConfig::new()
        .depth_limit(3)
        .escape_strings(false)
        .struct_names(false);
    let body = ron::ser::to_string_pretty(&file, pretty)
        .expect("an engine of strings, numbers and switches always serializes");
    format!("Engine{body}\n")
}

/// Reads and validates a table file.
pub fn load_table(path: impl AsRef<Path>) -> Result<PatternTable, ConfigError> {
    crate::load_with(path.as_ref(), parse_table)
}

/// Parses engine text; a `File` table is resolved relative to `path` and loaded.
pub fn parse_engine(text: &str, path: &Path) -> Result<LoadedEngine, ConfigError> {
    parse_engine_with(text, path, &|named| {
        load_table(resolve_relative(path, named))
    })
}

/// Gives the table a `File(...)` names (as written, relative to the engine file).
pub(crate) type TableLoader<'a> = &'a dyn Fn(&Path) -> Result<PatternTable, ConfigError>;

/// [`parse_engine`] with the tables of `File(...)` from `table_file` (the built-in engine's
/// is compiled in).
pub(crate) fn parse_engine_with(
    text: &str,
    path: &Path,
    table_file: TableLoader<'_>,
) -> Result<LoadedEngine, ConfigError> {
    let (f, spans) = crate::parse_ron_spanned::<EngineFile>(text, path, false)?;
    let table = match &f.table {
        TableSource::File(p) => table_file(p).map_err(|e| spans.invalid("table", e))?,
        TableSource::Inline(t) => check_table(t.to_table(), &spans, "table.Inline")?,
    };
    if let Some(problem) = crate::name_problem(&f.name) {
        return Err(spans.invalid("name", problem));
    }
    let params = engine_settings!(EngineParams, &f,
        table,
        use_tt: f.tt,
        use_ordering: f.ordering,
        features: search_features!(SearchFeatures, &f),
        vct: f.vct,
        vct_depth: f.vct_depth,
        vct_threat: f.vct_threat,
    );
    params.validate().map_err(|e| match e {
        gomoku_engine::EngineError::Param { field, message } => {
            // The RON field names differ from the struct's for three switches.
            let field = match field {
                "use_tt" => "tt",
                "use_ordering" => "ordering",
                other => other,
            };
            spans.invalid(field, message)
        }
        other => ConfigError::invalid(path, other.to_string()),
    })?;
    Ok(LoadedEngine {
        name: f.name,
        path: path.to_path_buf(),
        params,
    })
}

/// Reads an engine file into a name and parameters: [`name_and_params`], or a stand-in.
pub type EngineLoader<'a> = &'a dyn Fn(&Path) -> Result<(String, EngineParams), ConfigError>;

/// Reads, resolves and validates an engine file.
pub fn load_engine(path: impl AsRef<Path>) -> Result<LoadedEngine, ConfigError> {
    crate::load_with(path.as_ref(), parse_engine)
}

/// An engine file's name and parameters: the [`EngineLoader`] of every
/// file but `match`'s built-in default engine.
pub fn name_and_params(path: &Path) -> Result<(String, EngineParams), ConfigError> {
    load_engine(path).map(|e| (e.name, e.params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::CompiledTable;

    fn table(description: &str) -> PatternTable {
        PatternTable {
            name: "round-trip".to_string(),
            description: description.to_string(),
            patterns: vec![
                PatternSpec::new("11111", 1_000_000, -1_000_000),
                PatternSpec::new("011110", 100_000, -100_000),
                PatternSpec::new("x11100", 512, -516),
                PatternSpec::new("0110", 0, 0),
            ],
            classes: vec![
                ClassSpec {
                    class: CellClass::FourThree,
                    own: 9000,
                    opp: -3000,
                },
                ClassSpec {
                    class: CellClass::Two,
                    own: 40,
                    opp: -30,
                },
            ],
            threats: vec![ThreatSpec {
                own: CellClass::Three,
                opp: CellClass::None,
                score: 250,
            }],
            order: vec![ClassSpec {
                class: CellClass::DoubleThree,
                own: 6500,
                opp: -9000,
            }],
        }
    }

    #[test]
    fn written_tables_read_back_equal() {
        let path = Path::new("round-trip.ron");
        for description in [
            "",
            "Tuned from 'rich': +51.8 \u{b1} 30.2 Elo, K = 5.1500e-4",
            "a \"quoted\" name, a back\\slash and r#\"raw\"# marks",
            "two\nlines",
        ] {
            let t = table(description);
            let text = table_to_ron(&t);
            let back = parse_table(&text, path).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, t, "{text}");
        }
    }

    #[test]
    fn written_engines_read_back_equal() {
        let mut p = EngineParams {
            table: table(""),
            depth: 7,
            top_n: None,
            tie_break_margin: 25,
            vct: !EngineParams::default().vct,
            ..EngineParams::default()
        };
        p.features.futility = 345;
        p.features.quiescence = 3;
        p.features.quiescence_delta = 3000;
        p.features.quiescence_plain_fours = 1;
        p.features.fixed_time_start_share = 50;
        p.features.frontier_width = 12;
        p.features.alpha_reduction_bound = 30_000;
        p.features.alpha_reduction_depth = 9;
        p.features.root_width = 20;
        p.features.root_reduction_from = 10;
        p.features.order_opp_gain = 50;
        p.features.order_class_heat = 200;
        p.features.lmr = !p.features.lmr;
        let text = engine_to_ron("tuned", &p);
        let back =
            parse_engine(&text, Path::new("tuned.ron")).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!((back.name.as_str(), &back.params), ("tuned", &p), "{text}");
        assert!(
            text.contains("\n            (shape: \"x11100\", own: 512, opp: -516),\n"),
            "{text}"
        );
    }

    #[test]
    fn one_pattern_per_line() {
        let text = table_to_ron(&table("from 'seed000'"));
        assert_eq!(
            text,
            "PatternTable(
    name: \"round-trip\",
    description: \"from 'seed000'\",
    patterns: [
        (shape: \"11111\", own: 1000000, opp: -1000000),
        (shape: \"011110\", own: 100000, opp: -100000),
        (shape: \"x11100\", own: 512, opp: -516),
        (shape: \"0110\", own: 0, opp: 0),
    ],
    classes: [
        (class: \"four-three\", own: 9000, opp: -3000),
        (class: \"two\", own: 40, opp: -30),
    ],
    threats: [
        (own: \"three\", opp: \"none\", score: 250),
    ],
    order: [
        (class: \"double-three\", own: 6500, opp: -9000),
    ],
)
"
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_a_syntax_error() {
        let text =
            "\u{feff}PatternTable(name: \"bom\", patterns: [(shape: \"11111\", own: 1, opp: -1)])";
        assert_eq!(parse_table(text, Path::new("bom.ron")).unwrap().name, "bom");
    }

    #[test]
    fn tables_without_classes_still_load_and_bad_classes_name_their_line() {
        let path = Path::new("t.ron");
        let old = "PatternTable(name: \"old\", patterns: [(shape: \"11111\", own: 1, opp: -1)])";
        assert!(parse_table(old, path).unwrap().classes.is_empty());
        let unknown = "PatternTable(\n name: \"t\",\n patterns: [(shape: \"11111\", own: 1, opp: -1)],\n classes: [\n  (class: \"four-four\", own: 1, opp: -1),\n ],\n)";
        let e = parse_table(unknown, path).unwrap_err().to_string();
        assert!(
            e.contains("t.ron:5") && e.contains("unknown cell class 'four-four'"),
            "{e}"
        );
        assert!(e.contains("double-four"), "{e}");
        let twice = "PatternTable(\n name: \"t\",\n patterns: [(shape: \"11111\", own: 1, opp: -1)],\n classes: [\n  (class: \"two\", own: 1, opp: -1),\n  (class: \"two\", own: 2, opp: -1),\n ],\n)";
        let e = parse_table(twice, path).unwrap_err().to_string();
        assert!(
            e.contains("t.ron:6") && e.contains("duplicates class 0"),
            "{e}"
        );
    }

    #[test]
    fn ordering_bonuses_load_and_bad_ones_name_their_line() {
        let path = Path::new("t.ron");
        let table = |order: &str| {
            format!(
                "PatternTable(\n name: \"t\",\n patterns: [(shape: \"11111\", own: 1, opp: -1)],\n order: [\n  (class: \"three\", own: 500, opp: 100),\n{order} ],\n)"
            )
        };
        let good = parse_table(&table(""), path).unwrap();
        assert_eq!(good.order.len(), 1);
        assert!(good.classes.is_empty() && good.threats.is_empty());
        // Bonuses alone keep the kinds, which ordering reads.
        let compiled = CompiledTable::compile(&good).unwrap();
        assert!(compiled.has_classes);
        assert_eq!(compiled.order_scores[CellClass::Three.index()], [500, 100]);
        assert_eq!(compiled.class_scores[CellClass::Three.index()], [0, 0]);
        let cases = [
            (
                "  (class: \"three\", own: 6, opp: 0),\n",
                "order 1 ('three'): duplicate of order 0",
            ),
            (
                "  (class: \"two\", own: 10000001, opp: 0),\n",
                "bonus 10000001 exceeds",
            ),
            (
                "  (class: \"three-three\", own: 6, opp: 0),\n",
                "unknown cell class",
            ),
        ];
        for (line, message) in cases {
            let e = parse_table(&table(line), path).unwrap_err().to_string();
            assert!(e.contains("t.ron:6") && e.contains(message), "{e}");
        }
    }

    #[test]
    fn bad_threats_name_their_line() {
        let path = Path::new("t.ron");
        let table = |threats: &str| {
            format!(
                "PatternTable(\n name: \"t\",\n patterns: [(shape: \"11111\", own: 1, opp: -1)],\n threats: [\n  (own: \"three\", opp: \"none\", score: 5),\n{threats} ],\n)"
            )
        };
        let good = parse_table(&table(""), path).unwrap();
        assert_eq!(good.threats.len(), 1);
        assert!(CompiledTable::compile(&good).unwrap().has_classes);
        let cases = [
            (
                "  (own: \"three\", opp: \"none\", score: 6),\n",
                "duplicate of threat 0",
            ),
            (
                "  (own: \"forbidden\", opp: \"none\", score: 6),\n",
                "not a best class",
            ),
            (
                "  (own: \"two\", opp: \"none\", score: 20000000),\n",
                "exceeds",
            ),
            (
                "  (own: \"thre\", opp: \"none\", score: 6),\n",
                "unknown cell class 'thre'",
            ),
        ];
        for (line, problem) in cases {
            let e = parse_table(&table(line), path).unwrap_err().to_string();
            assert!(e.contains("t.ron:6") && e.contains(problem), "{e}");
        }
    }
}
