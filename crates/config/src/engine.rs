//! Engine and pattern-table files (`configs/engines/*.ron`, `configs/tables/*.ron`).
//!
//! A table file:
//! ```ron
//! PatternTable(
//!     name: "seed000",
//!     description: "...",
//!     patterns: [ (shape: "11111", own: 50000, opp: -50000), ... ],
//! )
//! ```
//! An engine file (every field but `name` and `table` optional, defaults as
//! `EngineParams::default()`; `table` is `File("path relative to this file")` or
//! `Inline(PatternTable(...))`):
//! ```ron
//! Engine(name: "seed-d4", table: File("../tables/seed000.ron"), depth: 4, top_n: Some(10),
//!        radius: 2, tt_mib: 16, tt: true, ordering: true, iterative_deepening: true,
//!        killers: true, history: true, vcf: true, vcf_depth: 12, tie_break_margin: 0,
//!        threads: 1,
//!        // search techniques (defaults: the ones SPRT kept):
//!        aspiration: 0, lmr: true, futility: 500, threat_extension: false, eval_average: false,
//!        // the root VCT (fours and threes), on by default:
//!        vct: true, vct_depth: 20, vct_threat: 3)
//! ```
//! Each field's documentation states its range (`tt_mib` 1..=4096, `depth` 1..=64, ...); a
//! value outside it is refused at its line and column. The files are read through
//! [`crate::read_input`] (at most 64 MiB).

use crate::{ConfigError, parse_ron, resolve_relative};
use gomoku_engine::{
    CellClass, ClassSpec, EngineParams, PatternSpec, PatternTable, SearchFeatures,
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

impl ClassFile {
    /// The file form of a class score.
    pub fn from_spec(c: &ClassSpec) -> ClassFile {
        ClassFile {
            class: ClassName(c.class),
            own: c.own,
            opp: c.opp,
        }
    }

    /// The engine's class score.
    pub fn to_spec(&self) -> ClassSpec {
        ClassSpec {
            class: self.class.0,
            own: self.own,
            opp: self.opp,
        }
    }
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
            classes: table.classes.iter().map(ClassFile::from_spec).collect(),
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
            classes: self.classes.iter().map(ClassFile::to_spec).collect(),
        }
    }
}

/// Where an engine file takes its table from.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum TableSource {
    /// A table file, relative to the engine file.
    File(PathBuf),
    /// A table written in place.
    Inline(TableFile),
}

fn d() -> EngineParams {
    EngineParams::default()
}
fn d_depth() -> u32 {
    d().depth
}
fn d_top_n() -> Option<usize> {
    d().top_n
}
fn d_radius() -> u32 {
    d().radius
}
fn d_tt_mib() -> usize {
    d().tt_mib
}
fn d_true() -> bool {
    true
}
fn d_vcf_depth() -> u32 {
    d().vcf_depth
}
fn d_threads() -> usize {
    d().threads
}

/// An engine file's contents.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename = "Engine", deny_unknown_fields)]
pub struct EngineFile {
    /// Engine name (used in reports and ratings).
    pub name: String,
    /// The evaluation table.
    pub table: TableSource,
    /// Nominal depth (1..=[`gomoku_engine::MAX_DEPTH`], 64).
    #[serde(default = "d_depth")]
    pub depth: u32,
    /// Width per node (at least 1; `None` = all candidates).
    #[serde(default = "d_top_n")]
    pub top_n: Option<usize>,
    /// Candidate radius (1..=4).
    #[serde(default = "d_radius")]
    pub radius: u32,
    /// Transposition table MiB (1..=[`gomoku_engine::MAX_TT_MIB`], 4096). Each engine has its
    /// own table, and a tournament builds each engine once per worker thread.
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
    /// Most fours in a VCF line (0..=255).
    #[serde(default = "d_vcf_depth")]
    pub vcf_depth: u32,
    /// Root tie-break margin (>= 0; 0 = deterministic).
    #[serde(default)]
    pub tie_break_margin: i32,
    /// Search threads (1..=64).
    #[serde(default = "d_threads")]
    pub threads: usize,
    /// Root aspiration window half-width (0..=1000000; 0 = off).
    #[serde(default = "d_aspiration")]
    pub aspiration: i32,
    /// Late-move reductions.
    #[serde(default = "d_lmr")]
    pub lmr: bool,
    /// Futility margin at depth 2 (0..=1000000; 0 = off).
    #[serde(default = "d_futility")]
    pub futility: i32,
    /// Threat extensions (a four does not use up a ply).
    #[serde(default = "d_threat_extension")]
    pub threat_extension: bool,
    /// Leaves average the evaluation over the last two plies.
    #[serde(default = "d_eval_average")]
    pub eval_average: bool,
    /// Three defence: against an open-four threat only its defences and fours are searched.
    #[serde(default = "d_three_defence")]
    pub three_defence: bool,
    /// Root VCT threat search on/off.
    #[serde(default = "d_vct")]
    pub vct: bool,
    /// Most attacker moves (five included) in a VCT (2..=[`gomoku_engine::MAX_VCT_DEPTH`], 60).
    #[serde(default = "d_vct_depth")]
    pub vct_depth: u32,
    /// Longest VCF (in fours) a three may threaten (1..=64).
    #[serde(default = "d_vct_threat")]
    pub vct_threat: u32,
}

fn d_aspiration() -> i32 {
    d().features.aspiration
}
fn d_lmr() -> bool {
    d().features.lmr
}
fn d_futility() -> i32 {
    d().features.futility
}
fn d_threat_extension() -> bool {
    d().features.threat_extension
}
fn d_eval_average() -> bool {
    d().features.eval_average
}
fn d_three_defence() -> bool {
    d().features.three_defence
}
fn d_vct() -> bool {
    d().vct
}
fn d_vct_depth() -> u32 {
    d().vct_depth
}
fn d_vct_threat() -> u32 {
    d().vct_threat
}

/// A loaded, validated engine configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Engine name.
    pub name: String,
    /// The file it came from.
    pub path: PathBuf,
    /// The parameters, table resolved.
    pub params: EngineParams,
}

impl EngineConfig {
    /// The engine parameters.
    pub fn to_params(&self) -> EngineParams {
        self.params.clone()
    }
}

/// Validates a table written in `text` (a table file, or an engine file with the table
/// inline); an error about one pattern is placed at that pattern's `shape`.
fn check_table(table: PatternTable, path: &Path, text: &str) -> Result<PatternTable, ConfigError> {
    table.validate().map_err(|e| {
        if let Some(i) = PatternTable::class_index(&e) {
            let at = crate::field_positions(text, "class").get(i).copied();
            return ConfigError::placed(path, at, format!("classes: {e}"));
        }
        let at = e
            .pattern_index()
            .and_then(|i| crate::field_positions(text, "shape").get(i).copied());
        ConfigError::placed(path, at, format!("patterns: {e}"))
    })?;
    Ok(table)
}

/// Parses table text (`path` only names the file in errors) and validates the table.
pub fn parse_table(text: &str, path: &Path) -> Result<PatternTable, ConfigError> {
    let f: TableFile = parse_ron(text, path)?;
    check_table(f.to_table(), path, text)
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

/// Reads and validates a table file.
pub fn load_table(path: impl AsRef<Path>) -> Result<PatternTable, ConfigError> {
    let path = path.as_ref();
    let text = crate::read_input(path)?;
    parse_table(&text, path)
}

/// Parses engine text; a `File` table is resolved relative to `path` and loaded.
pub fn parse_engine(text: &str, path: &Path) -> Result<EngineConfig, ConfigError> {
    let f: EngineFile = parse_ron(text, path)?;
    let table = match &f.table {
        TableSource::File(p) => load_table(resolve_relative(path, p))
            .map_err(|e| ConfigError::invalid_field(path, text, "table", e))?,
        TableSource::Inline(t) => check_table(t.to_table(), path, text)?,
    };
    if let Some(problem) = crate::name_problem(&f.name) {
        return Err(ConfigError::invalid_field(path, text, "name", problem));
    }
    let params = EngineParams {
        table,
        depth: f.depth,
        top_n: f.top_n,
        radius: f.radius,
        tt_mib: f.tt_mib,
        use_tt: f.tt,
        use_ordering: f.ordering,
        iterative_deepening: f.iterative_deepening,
        killers: f.killers,
        history: f.history,
        vcf: f.vcf,
        vcf_depth: f.vcf_depth,
        tie_break_margin: f.tie_break_margin,
        threads: f.threads,
        features: SearchFeatures {
            aspiration: f.aspiration,
            lmr: f.lmr,
            futility: f.futility,
            threat_extension: f.threat_extension,
            eval_average: f.eval_average,
            three_defence: f.three_defence,
        },
        vct: f.vct,
        vct_depth: f.vct_depth,
        vct_threat: f.vct_threat,
    };
    params.validate().map_err(|e| match e {
        gomoku_engine::EngineError::Param { field, message } => {
            // The RON field names differ from the struct's for three switches.
            let field = match field {
                "use_tt" => "tt",
                "use_ordering" => "ordering",
                other => other,
            };
            ConfigError::invalid_field(path, text, field, message)
        }
        other => ConfigError::invalid(path, other.to_string()),
    })?;
    Ok(EngineConfig {
        name: f.name,
        path: path.to_path_buf(),
        params,
    })
}

/// Reads, resolves and validates an engine file.
pub fn load_engine(path: impl AsRef<Path>) -> Result<EngineConfig, ConfigError> {
    let path = path.as_ref();
    let text = crate::read_input(path)?;
    parse_engine(&text, path)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
