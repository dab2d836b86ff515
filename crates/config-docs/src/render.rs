//! Rendering the page: the traced schema and the words, as Markdown tables.

use crate::trace::{Container, Schema, Shape, VariantShape};
use crate::{Check, Default, Item, Kind, Limits, Unknown, reference, sections};
use std::collections::BTreeMap;
use std::fmt::Write as _;

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
        Default::Unless(other, note) => {
            format!("**required** unless `{other}` is written ({})", cell(note))
        }
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
    use crate::{split_value, top_level_fields};

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
