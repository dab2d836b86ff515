//! The words' model: an [`Item`] per documented container, an [`Entry`] per field or variant,
//! a [`Section`] per file kind, and the [`Host`] file each is tried in.

use crate::{HOLE, Kind};

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
    /// Not required by the schema, but needed unless the field named first is written (a
    /// check at load asks for it; the note says what then): written in every example file
    /// that does not write that field, as a required field is.
    Unless(String, String),
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

    /// Needed unless the field `other` is written, which `note` explains (see
    /// [`Default::Unless`]).
    pub fn needed_unless(mut self, other: &str, note: impl Into<String>) -> Entry {
        self.default = Default::Unless(other.into(), note.into());
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
        let needed = |e: &&Entry| match &e.default {
            Default::Unless(other, _) => !written.contains(other),
            _ => e.required(),
        };
        let needed: Vec<&Entry> = self.entries.iter().filter(needed).collect();
        for e in needed {
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
