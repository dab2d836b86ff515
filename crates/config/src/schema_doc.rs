//! The configuration reference, `docs/CONFIG.md`, generated from the schema.
//!
//! Two halves meet here. The schema half is [`trace`]: it reads every field and variant the
//! serde types of the five file kinds accept (and the shape of each value) from their
//! `Deserialize` impls. The words half is [`sections`] (in `schema_doc/reference.rs`): for
//! every struct, enum and struct variant, a title, an introduction and one [`Entry`] per field
//! or variant (meaning, default, limits, example). [`markdown`] renders the two together (the
//! type column comes from the trace, not from the words), and `crates/config/tests/docs.rs`
//! holds them to each other and to the loaders:
//!
//! - every name the schema accepts has an entry, and every entry names something the schema
//!   accepts (a field added without words fails `cargo test` with the field's name);
//! - `docs/CONFIG.md` is byte for byte what [`markdown`] renders;
//! - every documented default is what the file gets when the field is left out, and every
//!   required field is refused when left out;
//! - every example, and every limit's edge, goes through the real loader in a copy of the
//!   repository's `configs/` and `openings/`.
//!
//! Each documented container carries a [`Host`]: a whole file of its kind with a hole where
//! the container's fields (or, for an enum, its value) go, which is how the tests put one
//! field's example or limit into a file that loads.

mod reference;
pub mod trace;

pub use reference::{example_books, limits_table, sections};

use crate::ConfigError;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use trace::{Container, Schema, Shape, TraceError, VariantShape};

/// Where the generated reference lives, relative to the repository root.
pub const CONFIG_MD: &str = "docs/CONFIG.md";

/// The hole in a [`Host`] template.
pub const HOLE: &str = "@@";

/// The five kinds of configuration file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `configs/tournaments/*.ron`.
    Tournament,
    /// `configs/engines/*.ron`.
    Engine,
    /// `configs/tables/*.ron`.
    Table,
    /// `configs/sprt/*.ron`.
    Sprt,
    /// `configs/tune/*.ron`.
    Tune,
}

impl Kind {
    /// Every kind, in the order of the reference.
    pub const ALL: [Kind; 5] = [
        Kind::Tournament,
        Kind::Engine,
        Kind::Table,
        Kind::Sprt,
        Kind::Tune,
    ];

    /// The folder under `configs/` the shipped files of this kind live in.
    pub fn dir(self) -> &'static str {
        match self {
            Kind::Tournament => "tournaments",
            Kind::Engine => "engines",
            Kind::Table => "tables",
            Kind::Sprt => "sprt",
            Kind::Tune => "tune",
        }
    }

    /// The kind of a file by the folder it is in (`configs/sprt/x.ron` is an SPRT file).
    pub fn of_path(path: &Path) -> Option<Kind> {
        let dir = path.parent()?.file_name()?.to_str()?;
        Kind::ALL.into_iter().find(|k| k.dir() == dir)
    }

    /// The name a file of this kind starts with (`Tournament(...)`), serde's name of its root.
    pub fn root(self) -> &'static str {
        match self {
            Kind::Tournament => "Tournament",
            Kind::Engine => "Engine",
            Kind::Table => "PatternTable",
            Kind::Sprt => "Sprt",
            Kind::Tune => "Tune",
        }
    }

    /// The kind's name in running text (`a complete SPRT file`).
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Tournament => "tournament",
            Kind::Engine => "engine",
            Kind::Table => "pattern-table",
            Kind::Sprt => "SPRT",
            Kind::Tune => "tuning",
        }
    }

    /// Whether `Some(..)` may be left out around optional values (tournament and SPRT files).
    pub fn lenient(self) -> bool {
        matches!(self, Kind::Tournament | Kind::Sprt)
    }

    /// Every container the file kind's schema reaches.
    pub fn trace(self) -> Result<Schema, TraceError> {
        match self {
            Kind::Tournament => trace::trace::<crate::tournament::TournamentFile>(),
            Kind::Engine => trace::trace::<crate::engine::EngineFile>(),
            Kind::Table => trace::trace::<crate::engine::TableFile>(),
            Kind::Sprt => trace::trace::<crate::sprt::SprtFile>(),
            Kind::Tune => trace::trace::<crate::tune::TuneFile>(),
        }
    }

    /// Parses `text` into the file's serde type only (no file is read, nothing is checked
    /// beyond the schema) and returns it in `{:#?}` form, to compare two texts' values.
    pub fn parse(self, text: &str, path: &Path) -> Result<String, ConfigError> {
        use crate::{parse_ron, parse_ron_lenient};
        Ok(match self {
            Kind::Tournament => {
                format!(
                    "{:#?}",
                    parse_ron_lenient::<crate::tournament::TournamentFile>(text, path)?
                )
            }
            Kind::Engine => format!("{:#?}", parse_ron::<crate::engine::EngineFile>(text, path)?),
            Kind::Table => format!("{:#?}", parse_ron::<crate::engine::TableFile>(text, path)?),
            Kind::Sprt => format!(
                "{:#?}",
                parse_ron_lenient::<crate::sprt::SprtFile>(text, path)?
            ),
            Kind::Tune => format!("{:#?}", parse_ron::<crate::tune::TuneFile>(text, path)?),
        })
    }

    /// Loads a file of this kind with its real loader (engines, tables and books read, every
    /// check done), as the commands do.
    pub fn load(self, path: &Path) -> Result<(), ConfigError> {
        match self {
            Kind::Tournament => crate::tournament::load_tournament(path).map(drop),
            Kind::Engine => crate::engine::load_engine(path).map(drop),
            Kind::Table => crate::engine::load_table(path).map(drop),
            Kind::Sprt => crate::sprt::load_sprt(path).map(drop),
            Kind::Tune => crate::tune::load_tune(path).map(drop),
        }
    }
}

/// Every container reachable from the five file kinds, by serde name.
pub fn schema() -> Result<Schema, String> {
    let mut all = Schema::default();
    for kind in Kind::ALL {
        let schema = kind.trace().map_err(|e| format!("tracing {kind:?}: {e}"))?;
        for (name, container) in schema.containers {
            match all.containers.get(&name) {
                Some(seen) if *seen != container => {
                    return Err(format!("{name} traces differently from two kinds"));
                }
                _ => {
                    all.containers.insert(name, container);
                }
            }
        }
    }
    Ok(all)
}

/// A whole file of one kind with a [`HOLE`] where a container's fields (or an enum's value)
/// go; written as if it lived in `configs/<kind>/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    /// The file's kind.
    pub kind: Kind,
    /// The file, with one [`HOLE`].
    pub template: String,
}

impl Host {
    /// The file with `content` in the hole.
    pub fn fill(&self, content: &str) -> String {
        self.template.replacen(HOLE, content, 1)
    }
}

/// Whether a struct refuses a field it does not know (serde's `deny_unknown_fields`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// A misspelled field is an error at its line and column.
    Refused,
    /// A misspelled field is silently ignored (the reference warns).
    Ignored,
}

/// The default of a field.
#[derive(Clone, Debug, PartialEq)]
pub enum Default {
    /// The field must be written.
    Required,
    /// Leaving the field out is the same as writing this RON value (a test checks it); the
    /// note says what it means.
    Ron(String, String),
    /// A default that is not a value of the field (an override's "the engine file's value").
    Text(String),
}

/// A range a value is checked against at load; the tests load the values just outside it
/// and expect them refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// No range of its own (or one too tied to other fields to test alone: see the text).
    None,
    /// `lo..=hi` (no upper end when `hi` is `None`).
    Int {
        /// Least value.
        lo: i128,
        /// Greatest value.
        hi: Option<i128>,
    },
    /// A finite real number between two ends, each open (`true`) or closed; `None`: no end.
    Real {
        /// Lower end and whether it is excluded.
        lo: Option<(f64, bool)>,
        /// Upper end and whether it is excluded.
        hi: Option<(f64, bool)>,
    },
}

/// The limits column: a checked range and words.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The range the tests hold the loader to.
    pub check: Check,
    /// More (a condition on other fields, a count after expansion...).
    pub text: String,
}

/// One field of a struct or one variant of an enum.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The field or variant name.
    pub name: &'static str,
    /// Other names the schema accepts for it.
    pub aliases: Vec<&'static str>,
    /// A string that names a file (shown as `path`; resolved relative to the config file).
    pub path: bool,
    /// Its default (fields only; variants are [`Default::Required`]).
    pub default: Default,
    /// Its limits.
    pub limits: Limits,
    /// What it does, in a sentence or three (Markdown, one line).
    pub meaning: String,
    /// A short example: `name: value` for a field (other fields it needs may follow after a
    /// comma), the value itself for a variant (`Depth(4)`).
    pub example: String,
    /// A file to try the example in when the item's host does not suit it (a book notation
    /// needs a book in that notation).
    pub host: Option<Host>,
}

impl Entry {
    /// A field, required until told otherwise.
    pub fn field(name: &'static str, meaning: impl Into<String>) -> Entry {
        Entry {
            name,
            aliases: Vec::new(),
            path: false,
            default: Default::Required,
            limits: Limits {
                check: Check::None,
                text: String::new(),
            },
            meaning: meaning.into(),
            example: String::new(),
            host: None,
        }
    }

    /// A variant.
    pub fn variant(name: &'static str, meaning: impl Into<String>) -> Entry {
        Entry::field(name, meaning)
    }

    /// With this example.
    pub fn ex(mut self, example: impl Into<String>) -> Entry {
        self.example = example.into();
        self
    }

    /// Defaulting to this RON value.
    pub fn default(mut self, ron: impl Into<String>) -> Entry {
        self.default = Default::Ron(ron.into(), String::new());
        self
    }

    /// Defaulting to this RON value, which means `note`.
    pub fn default_means(mut self, ron: impl Into<String>, note: impl Into<String>) -> Entry {
        self.default = Default::Ron(ron.into(), note.into());
        self
    }

    /// With a default that is not a value (words only).
    pub fn default_text(mut self, text: impl Into<String>) -> Entry {
        self.default = Default::Text(text.into());
        self
    }

    /// An integer in `lo..=hi`.
    pub fn int(mut self, lo: i128, hi: impl Into<i128>) -> Entry {
        self.limits.check = Check::Int {
            lo,
            hi: Some(hi.into()),
        };
        self
    }

    /// An integer of at least `lo`.
    pub fn at_least(mut self, lo: i128) -> Entry {
        self.limits.check = Check::Int { lo, hi: None };
        self
    }

    /// A real number between two ends (`(value, open)`).
    pub fn real(mut self, lo: Option<(f64, bool)>, hi: Option<(f64, bool)>) -> Entry {
        self.limits.check = Check::Real { lo, hi };
        self
    }

    /// With words in the limits column.
    pub fn limit(mut self, text: impl Into<String>) -> Entry {
        self.limits.text = text.into();
        self
    }

    /// A string naming a file.
    pub fn path(mut self) -> Entry {
        self.path = true;
        self
    }

    /// Also accepted under these names.
    pub fn aliases(mut self, aliases: &[&'static str]) -> Entry {
        self.aliases = aliases.to_vec();
        self
    }

    /// Tried in this host rather than its item's.
    pub fn host(mut self, host: Host) -> Entry {
        self.host = Some(host);
        self
    }

    /// Whether the entry must be written (a required field).
    pub fn required(&self) -> bool {
        self.default == Default::Required
    }
}

/// One documented struct, enum or struct variant.
#[derive(Clone, Debug)]
pub struct Item {
    /// Its serde name, as [`trace`] finds it (`BoardSpec`, `ParticipantEntry::External`).
    pub id: &'static str,
    /// The words a type column links with (`board`).
    pub label: &'static str,
    /// Its anchor in the page.
    pub anchor: &'static str,
    /// Its heading.
    pub title: String,
    /// Words before its table.
    pub intro: String,
    /// A file to put its fields or value into.
    pub host: Host,
    /// Whether a misspelled field is refused (structs only).
    pub unknown: Unknown,
    /// Its fields or variants, in the order of the struct.
    pub entries: Vec<Entry>,
}

impl Item {
    /// A struct or struct variant, refusing unknown fields.
    pub fn new(
        id: &'static str,
        label: &'static str,
        anchor: &'static str,
        title: impl Into<String>,
        host: Host,
    ) -> Item {
        Item {
            id,
            label,
            anchor,
            title: title.into(),
            intro: String::new(),
            host,
            unknown: Unknown::Refused,
            entries: Vec::new(),
        }
    }

    /// With these words before the table.
    pub fn intro(mut self, intro: impl Into<String>) -> Item {
        self.intro = intro.into();
        self
    }

    /// With these entries.
    pub fn entries(mut self, entries: Vec<Entry>) -> Item {
        self.entries = entries;
        self
    }

    /// A struct that ignores unknown fields.
    pub fn ignores_unknown(mut self) -> Item {
        self.unknown = Unknown::Ignored;
        self
    }

    /// The entry of a field or variant name (or alias).
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.name == name || e.aliases.contains(&name))
    }

    /// The fields of the struct for one example: the example, then every other
    /// required field's example that writes no field already written.
    pub fn content_with(&self, example: &str) -> String {
        self.content(example, None)
    }

    /// The required fields' examples alone, without `except` (and without any example that
    /// writes it).
    pub fn required_content(&self, except: Option<&str>) -> String {
        self.content("", except)
    }

    fn content(&self, first: &str, except: Option<&str>) -> String {
        let mut parts: Vec<&str> = vec![first];
        let mut written = top_level_fields(first);
        for e in self.entries.iter().filter(|e| e.required()) {
            let fields = top_level_fields(&e.example);
            let clash = fields
                .iter()
                .any(|f| written.contains(f) || Some(f.as_str()) == except);
            if !clash {
                parts.push(&e.example);
                written.extend(fields);
            }
        }
        parts.retain(|p| !p.is_empty());
        parts.join(", ")
    }
}

/// The field names written at the top level of a field list such as
/// `name: "x", overrides: (top_n: 5)` (`name`, `overrides`; not `top_n`).
pub fn top_level_fields(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut prev) = (0i32, false, ' ');
    let mut word = String::new();
    for c in text.chars() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            _ if in_str => {}
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ':' if depth == 0 && !word.is_empty() => out.push(std::mem::take(&mut word)),
            c if c.is_ascii_alphanumeric() || c == '_' => {
                if depth == 0 {
                    word.push(c)
                }
            }
            c if c.is_whitespace() => {}
            _ => word.clear(),
        }
        if !(c.is_ascii_alphanumeric() || c == '_' || c.is_whitespace()) && c != ':' {
            word.clear();
        }
        prev = c;
    }
    out
}

/// The reference's part on one file kind.
#[derive(Clone, Debug)]
pub struct Section {
    /// The kind.
    pub kind: Kind,
    /// The heading.
    pub title: &'static str,
    /// The anchor.
    pub anchor: &'static str,
    /// Words under the heading.
    pub intro: String,
    /// The file's struct first, then what it uses.
    pub items: Vec<Item>,
    /// A complete file of this kind; its first line is `// configs/<kind>/<name>.ron`.
    pub example: String,
    /// Words after the example.
    pub outro: String,
}

/// Splits a field example `name: value, more: ...` into the value of `name` and the text
/// around it: `(before, value, after)`, the value running to the first comma outside
/// brackets and strings.
pub fn split_value<'a>(example: &'a str, name: &str) -> Option<(&'a str, &'a str, &'a str)> {
    let prefix = format!("{name}:");
    let start = example.find(&prefix)? + prefix.len();
    let rest = &example[start..];
    let skip = rest.len() - rest.trim_start().len();
    let rest = &rest[skip..];
    let (mut depth, mut in_str, mut end) = (0i32, false, rest.len());
    let mut prev = ' ';
    for (i, c) in rest.char_indices() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => depth -= 1,
            ',' if !in_str && depth == 0 => {
                end = i;
                break;
            }
            _ => {}
        }
        prev = c;
    }
    let value_start = start + skip;
    Some((
        &example[..value_start],
        &example[value_start..value_start + end],
        &example[value_start + end..],
    ))
}

/// The page: everything in [`sections`] with its types from [`schema`].
pub fn markdown() -> Result<String, String> {
    let schema = schema()?;
    let sections = sections();
    let items: BTreeMap<&str, (&Item, Kind)> = sections
        .iter()
        .flat_map(|s| s.items.iter().map(move |i| (i.id, (i, s.kind))))
        .collect();
    let mut out = String::new();
    out.push_str(&reference::preamble(&sections));
    for section in &sections {
        let _ = write!(
            out,
            "\n<a id=\"{}\"></a>\n\n## {}\n\n{}\n",
            section.anchor,
            section.title,
            section.intro.trim_end()
        );
        for item in &section.items {
            let container = schema.containers.get(item.id).ok_or_else(|| {
                format!(
                    "{}: documented but not in the schema (renamed or removed?)",
                    item.id
                )
            })?;
            render_item(&mut out, item, container, section.kind, &items)?;
        }
        let _ = write!(
            out,
            "\n### A complete {} file\n\n```ron\n{}\n```\n",
            section.kind.noun(),
            section.example.trim_end()
        );
        if !section.outro.is_empty() {
            let _ = write!(out, "\n{}\n", section.outro.trim_end());
        }
    }
    out.push_str(&reference::appendix());
    Ok(out)
}

fn render_item(
    out: &mut String,
    item: &Item,
    container: &Container,
    kind: Kind,
    items: &BTreeMap<&str, (&Item, Kind)>,
) -> Result<(), String> {
    let _ = write!(
        out,
        "\n<a id=\"{}\"></a>\n\n### {}\n\n",
        item.anchor, item.title
    );
    if !item.intro.is_empty() {
        let _ = write!(out, "{}\n\n", item.intro.trim_end());
    }
    let lenient = kind.lenient();
    match container {
        Container::Struct { names, shapes } => {
            let primary: Vec<&str> = names
                .iter()
                .copied()
                .filter(|n| !item.entries.iter().any(|e| e.aliases.contains(n)))
                .collect();
            if primary.len() != shapes.len() {
                return Err(format!(
                    "{}: the schema has {} fields under the names {names:?}; the reference's \
                     aliases leave {primary:?}",
                    item.id,
                    shapes.len()
                ));
            }
            out.push_str("| field | type | default | limits | meaning | example |\n");
            out.push_str("|---|---|---|---|---|---|\n");
            for (name, shape) in primary.iter().zip(shapes) {
                let entry = item
                    .entry(name)
                    .ok_or_else(|| format!("{}: field `{name}` is not documented", item.id))?;
                let mut field = format!("`{name}`");
                for alias in &entry.aliases {
                    let _ = write!(field, " (or `{alias}`)");
                }
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} |",
                    field,
                    type_text(shape, entry.path, lenient, items),
                    default_text(&entry.default),
                    limits_text(&entry.limits),
                    cell(&entry.meaning),
                    code(&entry.example)
                );
            }
            if item.unknown == Unknown::Ignored {
                out.push_str(
                    "\nA misspelled field here is **ignored**, not refused: check the names.\n",
                );
            }
        }
        Container::Enum { variants, shapes } => {
            out.push_str("| variant | holds | limits | meaning | example |\n");
            out.push_str("|---|---|---|---|---|\n");
            for name in variants {
                let entry = item
                    .entry(name)
                    .ok_or_else(|| format!("{}: variant `{name}` is not documented", item.id))?;
                let holds = match shapes.get(name) {
                    Some(VariantShape::Unit) | None => "—".to_string(),
                    Some(VariantShape::Newtype(shape)) => {
                        type_text(shape, entry.path, lenient, items)
                    }
                    Some(VariantShape::Tuple(shapes)) => shapes
                        .iter()
                        .map(|s| type_text(s, false, lenient, items))
                        .collect::<Vec<_>>()
                        .join(", "),
                    Some(VariantShape::Struct(id)) => match items.get(id.as_str()) {
                        Some((i, _)) => format!("fields: [{}](#{})", i.label, i.anchor),
                        None => return Err(format!("{id}: not documented")),
                    },
                };
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} | {} |",
                    name,
                    holds,
                    limits_text(&entry.limits),
                    cell(&entry.meaning),
                    code(&entry.example)
                );
            }
        }
    }
    Ok(())
}

/// A value's type in words, linking to the struct or enum it is.
fn type_text(
    shape: &Shape,
    path: bool,
    lenient: bool,
    items: &BTreeMap<&str, (&Item, Kind)>,
) -> String {
    let t = |s: &Shape| type_text(s, path, lenient, items);
    match shape {
        Shape::Bool => "bool".into(),
        Shape::Int { .. } => "integer".into(),
        Shape::Real => "number".into(),
        Shape::Str if path => "path".into(),
        Shape::Str => "string".into(),
        Shape::Option(inner) => {
            // `Option<Option<T>>` (an override that may set `None`) reads as one option.
            let inner = match &**inner {
                Shape::Option(i) => i,
                other => other,
            };
            if lenient {
                format!("{} or `None`", t(inner))
            } else {
                format!("`Some(`{}`)` or `None`", t(inner))
            }
        }
        Shape::Seq(inner) => format!("list of {}", t(inner)),
        Shape::Tuple(parts) => format!("({})", parts.iter().map(t).collect::<Vec<_>>().join(", ")),
        Shape::Named(id) => match items.get(id.as_str()) {
            Some((item, _)) => format!("[{}](#{})", item.label, item.anchor),
            None => format!("`{id}`"),
        },
        Shape::Any => "a value of the field".into(),
        Shape::Unit => "`()`".into(),
    }
}

fn default_text(default: &Default) -> String {
    match default {
        Default::Required => "**required**".into(),
        Default::Ron(ron, note) if note.is_empty() => code(ron),
        Default::Ron(ron, note) => format!("{} ({})", code(ron), cell(note)),
        Default::Text(text) => cell(text),
    }
}

/// The limits column.
pub fn limits_text(limits: &Limits) -> String {
    let real = |v: f64| format!("{v}");
    let check = match &limits.check {
        Check::None => String::new(),
        Check::Int { lo, hi: Some(hi) } => format!("{lo}..={hi}"),
        Check::Int { lo, hi: None } => format!("≥ {lo}"),
        Check::Real { lo, hi } => match (lo, hi) {
            (Some((lo, lo_open)), Some((hi, hi_open))) => format!(
                "{}{}, {}{}",
                if *lo_open { "(" } else { "[" },
                real(*lo),
                real(*hi),
                if *hi_open { ")" } else { "]" }
            ),
            (Some((lo, true)), None) => format!("> {}", real(*lo)),
            (Some((lo, false)), None) => format!("≥ {}", real(*lo)),
            (None, Some((hi, true))) => format!("< {}", real(*hi)),
            (None, Some((hi, false))) => format!("≤ {}", real(*hi)),
            (None, None) => "finite".into(),
        },
    };
    match (check.is_empty(), limits.text.is_empty()) {
        (true, true) => "—".into(),
        (false, true) => check,
        (true, false) => cell(&limits.text),
        (false, false) => format!("{check}; {}", cell(&limits.text)),
    }
}

/// Text for a table cell: one line, `|` escaped.
fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// Inline code for a table cell (empty: a dash).
fn code(text: &str) -> String {
    if text.is_empty() {
        return "—".into();
    }
    let text = cell(text);
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_runs_to_the_first_comma_outside_brackets() {
        let ex = r#"width: 15, height: 12"#;
        assert_eq!(
            split_value(ex, "width"),
            Some(("width: ", "15", ", height: 12"))
        );
        assert_eq!(
            split_value(ex, "height"),
            Some(("width: 15, height: ", "12", ""))
        );
        let ex = r#"values: [2, "a,b", (1, 2)], name: "x""#;
        assert_eq!(
            split_value(ex, "values").map(|s| s.1),
            Some(r#"[2, "a,b", (1, 2)]"#)
        );
        assert_eq!(split_value(ex, "depth"), None);
    }

    #[test]
    fn top_level_fields_skip_nested_ones() {
        assert_eq!(
            top_level_fields(
                r#"candidate: Variant(name: "a:b", overrides: (top_n: 5)), elo0: 0.0"#
            ),
            ["candidate", "elo0"]
        );
        assert!(top_level_fields("").is_empty());
    }

    #[test]
    fn limits_read_as_ranges() {
        let l = |check| {
            limits_text(&Limits {
                check,
                text: String::new(),
            })
        };
        assert_eq!(
            l(Check::Int {
                lo: 1,
                hi: Some(64)
            }),
            "1..=64"
        );
        assert_eq!(l(Check::Int { lo: 0, hi: None }), "≥ 0");
        assert_eq!(
            l(Check::Real {
                lo: Some((0.0, true)),
                hi: Some((0.5, true))
            }),
            "(0, 0.5)"
        );
        assert_eq!(
            l(Check::Real {
                lo: Some((0.0, false)),
                hi: Some((1.0, false))
            }),
            "[0, 1]"
        );
        assert_eq!(l(Check::None), "—");
    }
}
