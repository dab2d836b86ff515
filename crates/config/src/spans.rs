//! RON text into a config type, with the place of everything the parser read.
//!
//! [`parse_ron`] deserializes through a thin wrapper around ron's deserializer that passes
//! every request on unchanged and writes down, by the path of the value
//! (`participants[1].Variant.base`, `method.Texel.games`), where the parser found each field
//! name, each enum variant and each string: ron hands identifiers and unescaped strings to the
//! visitor as slices of the text, and a slice's address is its place. ron's own errors carry
//! their span already; the loaders' checks after parsing place theirs with the [`Spans`].
//! A number or an escaped string has no place of its own: it is placed at its field's name,
//! or at the nearest enclosing value that has one.

use crate::ConfigError;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Parses RON text into `T`; errors carry `path` (used only for the message) and the position.
pub fn parse_ron<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, ConfigError> {
    parse_ron_spanned(text, path, false).map(|(value, _)| value)
}

/// As [`parse_ron`], with `Some(..)` optional around optional values (`limit: 20`), as the
/// tournament and SPRT files allow.
pub fn parse_ron_lenient<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, ConfigError> {
    parse_ron_spanned(text, path, true).map(|(value, _)| value)
}

/// Parses RON text into `T` (`lenient`: `Some(..)` may be left out), with the places of its
/// fields, variants and strings.
pub fn parse_ron_spanned<'a, T: DeserializeOwned>(
    text: &'a str,
    path: &'a Path,
    lenient: bool,
) -> Result<(T, Spans<'a>), ConfigError> {
    // A byte-order mark (some Windows editors write one) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut options = ron::Options::default();
    if lenient {
        options = options.with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    }
    let spans = RefCell::new(Spans {
        file: path,
        text,
        keys: BTreeMap::new(),
        values: BTreeMap::new(),
        name: None,
        failed_enum: None,
    });
    let root = At {
        rec: &spans,
        path: String::new(),
    };
    let value = options
        .from_str_seed(text, root.track(PhantomData::<T>, false))
        .map_err(|e| ConfigError::Syntax {
            path: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: match &e.code {
                ron::Error::NoSuchEnumVariant {
                    expected, found, ..
                } => unknown_variant(spans.borrow().failed_enum.as_deref(), found, expected),
                code => code.to_string(),
            },
        })?;
    Ok((value, spans.into_inner()))
}

/// Where a parsed RON text writes its fields, variants and strings, by path: `name`, `board.k`,
/// `participants[2]` (the entry's variant name), `participants[2].Sweep.field` (the string).
#[derive(Clone, Debug)]
pub struct Spans<'a> {
    file: &'a Path,
    text: &'a str,
    /// Byte offset of each field's name.
    keys: BTreeMap<String, usize>,
    /// Byte offset where each enum value (its variant name) or string (its opening quote) begins.
    values: BTreeMap<String, usize>,
    /// While parsing: the last field or variant name read, with its offset, which the map or
    /// enum access that asked for it files under the right path.
    name: Option<(String, usize)>,
    /// The path of the innermost enum value whose variant name did not parse, if one failed.
    failed_enum: Option<String>,
}

/// ron's message for an unknown variant names the Rust enum (`BuiltinSpec`) and suggests
/// nothing; this one names the field the user wrote and the closest variant.
fn unknown_variant(path: Option<&str>, found: &str, expected: &[&str]) -> String {
    let listed: Vec<String> = expected.iter().map(|v| format!("`{v}`")).collect();
    let choices = match listed.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    };
    let field = path
        .map(|p| &p[p.rfind('.').map_or(0, |i| i + 1)..])
        .filter(|f| !f.is_empty())
        .map_or(String::new(), |f| format!("{f}: "));
    let mut message = format!("{field}unknown value `{found}`, expected {choices}");
    if let Some(near) = closest(found, expected) {
        message.push_str(&format!("; did you mean `{near}`?"));
    }
    message
}

/// The candidate nearest to `typed` in edits (case aside), if it is near enough to be a
/// slip: at most a third of its letters, and at least one, differ.
fn closest<'c>(typed: &str, candidates: &[&'c str]) -> Option<&'c str> {
    let typed: Vec<char> = typed.to_lowercase().chars().collect();
    candidates
        .iter()
        .map(|&c| {
            (
                edit_distance(&typed, &c.to_lowercase().chars().collect::<Vec<_>>()),
                c,
            )
        })
        .filter(|&(d, c)| d <= (c.chars().count() / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Edits between `a` and `b`: insertions, deletions, substitutions and swaps of two
/// neighbours (the optimal string alignment distance), the slips of a typist.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

impl Spans<'_> {
    /// Line and column (from 1) of the name of the field at `path`, if it is written (a field
    /// left to its default is not).
    pub fn field(&self, path: &str) -> Option<(usize, usize)> {
        self.keys.get(path).map(|&at| line_column(self.text, at))
    }

    /// Line and column where the value at `path` begins: an enum value's variant name or a
    /// string's opening quote; else its field's name; else the place of the nearest value
    /// around it.
    pub fn value(&self, path: &str) -> Option<(usize, usize)> {
        let mut path = path;
        loop {
            if let Some(&at) = self.values.get(path).or_else(|| self.keys.get(path)) {
                return Some(line_column(self.text, at));
            }
            path = &path[..path.rfind(['.', '['])?];
        }
    }

    /// `message` at the name of the field `path`, or at the file alone when it is not written.
    pub fn at_field(&self, path: &str, message: impl Into<String>) -> ConfigError {
        ConfigError::placed(self.file, self.field(path), message)
    }

    /// `message` where the value at `path` begins (see [`Spans::value`]).
    pub fn at_value(&self, path: &str, message: impl Into<String>) -> ConfigError {
        ConfigError::placed(self.file, self.value(path), message)
    }

    /// An invalid value of the field `path`: `"<field>: <message>"` at the field's name.
    pub fn invalid(&self, path: &str, message: impl fmt::Display) -> ConfigError {
        let field = &path[path.rfind('.').map_or(0, |i| i + 1)..];
        self.at_field(path, format!("{field}: {message}"))
    }

    /// The file the text came from.
    pub fn file(&self) -> &Path {
        self.file
    }

    /// A path the text names, relative to its file's directory (see
    /// [`crate::resolve_relative`]).
    pub fn resolve(&self, named: &Path) -> PathBuf {
        crate::resolve_relative(self.file, named)
    }
}

/// Line and column (from 1) of a byte offset of `text`.
pub(crate) fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

impl Spans<'_> {
    /// The byte offset of `s` in the text, if `s` is a slice of it.
    fn offset(&self, s: &str) -> Option<usize> {
        let start = self.text.as_ptr() as usize;
        let at = (s.as_ptr() as usize).checked_sub(start)?;
        (at + s.len() <= self.text.len()).then_some(at)
    }

    /// Where the string literal whose contents start at `at` begins: its quote, or the `r` of
    /// a raw string.
    fn opening(&self, at: usize) -> usize {
        let b = self.text.as_bytes();
        if at == 0 || b[at - 1] != b'"' {
            return at;
        }
        let mut start = at - 1;
        while start > 0 && b[start - 1] == b'#' {
            start -= 1;
        }
        if start > 0 && b[start - 1] == b'r' {
            start - 1
        } else {
            at - 1
        }
    }
}

/// The spans being recorded and the path of the value being read.
#[derive(Clone)]
struct At<'r, 'a> {
    rec: &'r RefCell<Spans<'a>>,
    path: String,
}

impl<'r, 'a> At<'r, 'a> {
    /// `inner`, recording at this path; `name`: it reads a field or variant name.
    fn track<X>(&self, inner: X, name: bool) -> Track<'r, 'a, X> {
        Track {
            inner,
            at: self.clone(),
            name,
        }
    }

    fn child(&self, segment: &str) -> Self {
        let path = match (self.path.is_empty(), segment.starts_with('[')) {
            (true, _) | (_, true) => format!("{}{segment}", self.path),
            _ => format!("{}.{segment}", self.path),
        };
        At {
            rec: self.rec,
            path,
        }
    }

    /// A string the parser handed over as a slice of the text: a name to file later, or a
    /// string value at this path.
    fn note(&self, s: &str, name: bool) {
        let mut rec = self.rec.borrow_mut();
        let Some(at) = rec.offset(s) else { return };
        if name {
            rec.name = Some((s.to_string(), at));
        } else {
            let at = rec.opening(at);
            rec.values.entry(self.path.clone()).or_insert(at);
        }
    }

    /// Files the name the last field or variant seed read, at its place: a field's name at
    /// `path.<name>` (`field`), or a variant's at this path, where the enum value begins.
    /// Returns the path of what the name names: the field's value, or what the variant holds.
    fn named(&self, field: bool) -> Self {
        let mut rec = self.rec.borrow_mut();
        let Some((name, at)) = rec.name.take() else {
            return if field { self.child("?") } else { self.clone() };
        };
        let inside = self.child(&name);
        let (map, path) = if field {
            (&mut rec.keys, &inside.path)
        } else {
            (&mut rec.values, &self.path)
        };
        map.entry(path.clone()).or_insert(at);
        inside
    }
}

/// A deserializer, visitor or seed that records as it passes everything on; `name`: it is
/// reading a field or variant name.
struct Track<'r, 'a, X> {
    inner: X,
    at: At<'r, 'a>,
    name: bool,
}

macro_rules! forward_deserialize {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            let visitor = self.at.track(visitor, self.name);
            self.inner.$method($($arg,)* visitor)
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Track<'_, '_, D> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any(); deserialize_bool(); deserialize_i8(); deserialize_i16();
        deserialize_i32(); deserialize_i64(); deserialize_i128(); deserialize_u8();
        deserialize_u16(); deserialize_u32(); deserialize_u64(); deserialize_u128();
        deserialize_f32(); deserialize_f64(); deserialize_char(); deserialize_str();
        deserialize_string(); deserialize_bytes(); deserialize_byte_buf(); deserialize_option();
        deserialize_unit(); deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str); deserialize_seq();
        deserialize_tuple(len: usize); deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_map(); deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        deserialize_identifier(); deserialize_ignored_any();
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Track<'_, '_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        let deserializer = self.at.track(deserializer, self.name);
        self.inner.deserialize(deserializer)
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty);)*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.inner.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Track<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_visit! {
        visit_bool(bool); visit_i8(i8); visit_i16(i16); visit_i32(i32); visit_i64(i64);
        visit_i128(i128); visit_u8(u8); visit_u16(u16); visit_u32(u32); visit_u64(u64);
        visit_u128(u128); visit_f32(f32); visit_f64(f64); visit_char(char); visit_str(&str);
        visit_string(String); visit_bytes(&[u8]); visit_borrowed_bytes(&'de [u8]);
        visit_byte_buf(Vec<u8>);
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        self.at.note(v, self.name);
        self.inner.visit_borrowed_str(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let d = self.at.track(d, self.name);
        self.inner.visit_some(d)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let d = self.at.track(d, self.name);
        self.inner.visit_newtype_struct(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.inner.visit_seq(Items {
            inner: seq,
            at: self.at,
            next: 0,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let key = self.at.child("?");
        self.inner.visit_map(Fields {
            inner: map,
            at: self.at,
            key,
        })
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(self.at.track(data, false))
    }
}

/// A sequence's elements, at `path[0]`, `path[1]`...
struct Items<'r, 'a, A> {
    inner: A,
    at: At<'r, 'a>,
    next: usize,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<'_, '_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let at = self.at.child(&format!("[{}]", self.next));
        self.next += 1;
        self.inner.next_element_seed(at.track(seed, false))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// A struct's (or map's) fields, each at `path.<name>`, its name's place filed as it is read.
struct Fields<'r, 'a, A> {
    inner: A,
    at: At<'r, 'a>,
    /// The path of the field whose value comes next.
    key: At<'r, 'a>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Fields<'_, '_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let key = self.inner.next_key_seed(self.at.track(seed, true))?;
        self.key = self.at.named(true);
        Ok(key)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.inner.next_value_seed(self.key.track(seed, false))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

// An enum value (a `Track` of the enum access, then of the chosen variant's access): its
// variant name is filed at `path`, and what the variant holds lies at `path.<Variant>`.
impl<'r, 'a, 'de, A: EnumAccess<'de>> EnumAccess<'de> for Track<'r, 'a, A> {
    type Error = A::Error;
    type Variant = Track<'r, 'a, A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let read = self.inner.variant_seed(self.at.track(seed, true));
        if read.is_err() {
            // The innermost enum fails first; the enums around it fail after.
            let mut rec = self.at.rec.borrow_mut();
            rec.failed_enum.get_or_insert_with(|| self.at.path.clone());
        }
        let (value, inner) = read?;
        Ok((value, self.at.named(false).track(inner, false)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Track<'_, '_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.inner.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.inner.newtype_variant_seed(self.at.track(seed, false))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.inner.tuple_variant(len, self.at.track(visitor, false))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.inner
            .struct_variant(fields, self.at.track(visitor, false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        depth: u32,
        #[serde(default)]
        name: String,
        #[serde(default)]
        list: Vec<Choice>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    enum Choice {
        Path(String),
        Pair { a: u32, b: Option<String> },
        Plain,
    }

    #[test]
    fn fields_variants_and_strings_are_placed_where_written() {
        let text = "// depth: 9 in a comment\n(\n  name: \"depth: 3\", /* depth: 1 */\n  depth : 0,\n  list: [Path(\"a\\\"b\"), Pair(a: 1, b: r#\"x\"#), Plain],\n)";
        let (_, spans) = parse_ron_spanned::<Sample>(text, Path::new("s.ron"), true).unwrap();
        assert_eq!(spans.field("depth"), Some((4, 3)));
        assert_eq!(spans.field("name"), Some((3, 3)));
        assert_eq!(spans.value("name"), Some((3, 9)));
        assert_eq!(spans.field("missing"), None);
        assert_eq!(spans.value("list[0]"), Some((5, 10)));
        // An escaped string is not a slice of the text: its variant stands for it.
        assert_eq!(spans.value("list[0].Path"), Some((5, 10)));
        assert_eq!(spans.field("list[1].Pair.a"), Some((5, 29)));
        assert_eq!(spans.value("list[1].Pair.b"), Some((5, 38)));
        assert_eq!(spans.value("list[1].Pair.a"), Some((5, 29)));
        assert_eq!(spans.value("list[2]"), Some((5, 47)));
        let err = spans.invalid("depth", "0 not in 1..=64");
        assert_eq!(err.to_string(), "s.ron:4:3: depth: 0 not in 1..=64");
        let err = spans.invalid("list[1].Pair.c", "bad");
        assert_eq!(err.to_string(), "s.ron: c: bad");
    }

    #[test]
    fn a_misspelt_value_is_told_by_its_field_with_the_nearest_variant() {
        let err = parse_ron::<Sample>(
            "(\n  depth: 4,\n  list: [Plain, Plian],\n)",
            Path::new("x.ron"),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "x.ron:3:17: list[1]: unknown value `Plian`, expected `Path`, `Pair` or `Plain`; \
             did you mean `Plain`?"
        );
        let err = parse_ron::<Sample>("(depth: 4, list: [Zzz])", Path::new("x.ron"))
            .unwrap_err()
            .to_string();
        assert!(
            err.ends_with("expected `Path`, `Pair` or `Plain`"),
            "no guess: {err}"
        );
    }

    #[test]
    fn unknown_field_names_line_and_column() {
        let err = parse_ron::<Sample>("(\n  depth: 4,\n  dpth: 5,\n)", Path::new("x.ron"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("x.ron:3:"), "{err}");
        assert!(err.contains("dpth"), "{err}");
    }
}
