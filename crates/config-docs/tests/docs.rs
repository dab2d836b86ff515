//! `docs/CONFIG.md` against the schema and the loaders: every field and variant the serde
//! types accept is documented (and nothing else is), the page is what the schema and the
//! words render, every documented default is the real one, every example loads, and every
//! documented limit is enforced. See this crate's `src/lib.rs`.
//!
//! After changing a config struct or the words: `cargo run -p gomoku-config-docs` rewrites
//! `docs/CONFIG.md`.

use gomoku_config_docs::trace::{Container, Schema, Shape, VariantShape};
use gomoku_config_docs::{
    CONFIG_MD, Check, Default, Entry, Host, Item, Kind, Section, Unknown, example_books, schema,
    sections, split_value,
};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where the reference's words live, for messages.
const WORDS: &str = "crates/config-docs/src/reference/";

/// Every disagreement between the traced schema and the reference's items.
fn undocumented(schema: &Schema, sections: &[Section]) -> Vec<String> {
    let items: Vec<&Item> = sections.iter().flat_map(|s| &s.items).collect();
    let mut problems = Vec::new();
    for (id, container) in &schema.containers {
        let Some(item) = items.iter().find(|i| i.id == *id) else {
            problems.push(format!(
                "`{id}` is in the schema but has no item in the reference"
            ));
            continue;
        };
        let (what, names, shapes_len): (&str, &[&str], Option<usize>) = match container {
            Container::Struct { names, shapes } => ("field", names, Some(shapes.len())),
            Container::Enum { variants, .. } => ("variant", variants, None),
        };
        for name in names {
            if item.entry(name).is_none() {
                problems.push(format!(
                    "{what} `{name}` of `{id}` is accepted by the schema but not documented"
                ));
            }
        }
        for e in &item.entries {
            for n in std::iter::once(&e.name).chain(&e.aliases) {
                if !names.contains(n) {
                    problems.push(format!(
                        "`{id}` documents {what} `{n}`, which the schema does not accept"
                    ));
                }
            }
        }
        if let Some(fields) = shapes_len {
            let primary = names
                .iter()
                .filter(|n| !item.entries.iter().any(|e| e.aliases.contains(n)))
                .count();
            if primary != fields {
                problems.push(format!(
                    "`{id}` has {fields} fields under the names {names:?}: document each alias \
                     with its field"
                ));
            }
        }
    }
    for item in items {
        if !schema.containers.contains_key(item.id) {
            problems.push(format!(
                "the reference documents `{}`, which no config reaches",
                item.id
            ));
        }
    }
    problems
}

#[test]
fn every_schema_field_and_variant_is_documented() {
    let problems = undocumented(&schema().unwrap(), &sections());
    assert!(
        problems.is_empty(),
        "docs/CONFIG.md and the config schema disagree:\n  {}\nAdd or fix the entries in {WORDS}, \
         then run cargo run -p gomoku-config-docs",
        problems.join("\n  ")
    );
}

#[test]
fn a_field_added_without_words_is_named() {
    // What the test above sees when someone adds `pub colour: String` to `TournamentFile`
    // and an enum variant to `RuleSpec` without words.
    let mut schema = schema().unwrap();
    match schema.containers.get_mut("Tournament") {
        Some(Container::Struct { names, shapes }) => {
            names.push("colour");
            shapes.push(Shape::Str);
        }
        other => panic!("Tournament traced as {other:?}"),
    }
    match schema.containers.get_mut("RuleSpec") {
        Some(Container::Enum { variants, shapes }) => {
            variants.push("Caro");
            shapes.insert("Caro", VariantShape::Unit);
        }
        other => panic!("RuleSpec traced as {other:?}"),
    }
    let problems = undocumented(&schema, &sections());
    for expected in [
        "variant `Caro` of `RuleSpec` is accepted by the schema but not documented",
        "field `colour` of `Tournament` is accepted by the schema but not documented",
    ] {
        assert!(problems.iter().any(|p| p == expected), "{problems:?}");
    }
    assert!(
        gomoku_config_docs::markdown().is_ok(),
        "the real schema renders (the failing one above must not be the real one)"
    );
}

#[test]
fn config_md_is_generated_from_the_schema() {
    let rendered = gomoku_config_docs::markdown().unwrap_or_else(|e| panic!("{e}"));
    let path = repo().join(CONFIG_MD);
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != rendered {
        let line = committed
            .lines()
            .zip(rendered.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(rendered.lines().count()));
        panic!(
            "{CONFIG_MD} is not what the schema and {WORDS} render (first difference at line \
             {}):\n  committed: {}\n  rendered:  {}\nRegenerate it with \
             cargo run -p gomoku-config-docs",
            line + 1,
            committed.lines().nth(line).unwrap_or("<end of file>"),
            rendered.lines().nth(line).unwrap_or("<end of file>"),
        );
    }
}

/// `a, b` without empty parts.
fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each documented struct with its section's kind.
fn structs() -> Vec<Item> {
    let schema = schema().unwrap();
    sections()
        .into_iter()
        .flat_map(|s| s.items)
        .filter(|i| matches!(schema.containers.get(i.id), Some(Container::Struct { .. })))
        .collect()
}

#[test]
fn documented_defaults_are_the_defaults() {
    let mut problems = Vec::new();
    for item in structs() {
        let kind = item.host.kind;
        let file = Path::new("configs").join(kind.dir()).join("default.ron");
        let required = item.required_content(None);
        let base = item.host.fill(&required);
        let parsed_base = kind.parse(&base, &file);
        for entry in &item.entries {
            match &entry.default {
                Default::Required => {
                    let text = item.host.fill(&item.required_content(Some(entry.name)));
                    if kind.parse(&text, &file).is_ok() {
                        problems.push(format!(
                            "{}.{} is documented as required, but a file without it parses:\n{text}",
                            item.id, entry.name
                        ));
                    }
                }
                Default::Ron(value, _) => {
                    let set = format!("{}: {value}", entry.name);
                    let text = item.host.fill(&join(&[&required, &set]));
                    match (parsed_base.as_ref(), kind.parse(&text, &file).as_ref()) {
                        (Ok(a), Ok(b)) if a == b => {}
                        (Ok(_), Ok(_)) => problems.push(format!(
                            "{}.{}: leaving it out is not the same as `{set}`",
                            item.id, entry.name
                        )),
                        (Err(e), _) | (_, Err(e)) => problems.push(format!(
                            "{}.{}: default `{set}` does not parse: {e}",
                            item.id, entry.name
                        )),
                    }
                }
                Default::Text(_) | Default::Unless(..) => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn unknown_fields_are_refused_or_said_to_be_ignored() {
    let mut problems = Vec::new();
    for item in structs() {
        let kind = item.host.kind;
        let file = Path::new("configs").join(kind.dir()).join("unknown.ron");
        let text = item.host.fill(&join(&[
            &item.required_content(None),
            "zz_no_such_field: 1",
        ]));
        let refused = match kind.parse(&text, &file) {
            Ok(_) => false,
            Err(e) => {
                let e = e.to_string();
                assert!(e.contains("zz_no_such_field"), "{}: {e}\n{text}", item.id);
                true
            }
        };
        if refused != (item.unknown == Unknown::Refused) {
            problems.push(format!(
                "{}: a misspelled field is {} but the reference says {:?}",
                item.id,
                if refused { "refused" } else { "ignored" },
                item.unknown
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A scratch copy of the repository's `configs/` and `openings/`, with the example books and
/// a stand-in for the release `pbrain-gomoku-arena` (External commands must be executables).
struct Tree {
    root: PathBuf,
}

impl Tree {
    fn new(tag: &str) -> Tree {
        let root =
            std::env::temp_dir().join(format!("gomoku-config-docs-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["configs", "openings"] {
            copy_dir(&repo().join(dir), &root.join(dir));
        }
        for (path, _, text) in example_books() {
            std::fs::write(root.join(path), text).unwrap();
        }
        // The run directory of Texel's `runs` example (loading checks that its files exist).
        let run = root.join("reports/sparring");
        std::fs::create_dir_all(&run).unwrap();
        for file in ["run.json", "games.jsonl"] {
            std::fs::write(run.join(file), "").unwrap();
        }
        let tree = Tree { root };
        tree.stub(&tree.root.join("target/release/pbrain-gomoku-arena"));
        tree
    }

    fn stub(&self, program: &Path) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir_all(program.parent().unwrap()).unwrap();
        std::fs::write(program, "#!/bin/sh\nexit 0\n").unwrap();
        std::fs::set_permissions(program, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    /// Writes `text` at `rel` (under the tree) and loads it with its kind's real loader.
    fn load(&self, rel: &Path, text: &str) -> Result<(), String> {
        let kind =
            Kind::of_path(rel).ok_or_else(|| format!("{}: not a config folder", rel.display()))?;
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        kind.load(&path).map_err(|e| e.to_string())
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The file in which an entry's example (or a changed copy of it) is tried.
fn example_file(item: &Item, entry: &Entry, example: &str, is_struct: bool) -> (Host, String) {
    let host = entry.host.clone().unwrap_or_else(|| item.host.clone());
    let content = if is_struct {
        item.content_with(example)
    } else {
        example.to_string()
    };
    let text = host.fill(&content);
    (host, text)
}

fn check_path(kind: Kind) -> PathBuf {
    Path::new("configs").join(kind.dir()).join("check.ron")
}

#[test]
fn every_field_and_variant_example_loads() {
    let tree = Tree::new("examples");
    let schema = schema().unwrap();
    let mut problems = Vec::new();
    for section in sections() {
        for item in &section.items {
            let is_struct = matches!(
                schema.containers.get(item.id),
                Some(Container::Struct { .. })
            );
            for entry in &item.entries {
                if entry.example.is_empty() {
                    problems.push(format!("{}.{} has no example", item.id, entry.name));
                    continue;
                }
                let (host, text) = example_file(item, entry, &entry.example, is_struct);
                if let Err(e) = tree.load(&check_path(host.kind), &text) {
                    problems.push(format!(
                        "{}.{}: `{}` does not load: {e}\n{text}",
                        item.id, entry.name, entry.example
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// The fenced blocks of `language` in Markdown text.
fn blocks<'a>(markdown: &'a str, language: &str) -> Vec<&'a str> {
    let fence = format!("```{language}\n");
    let mut out = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("\n```").expect("a closed fence");
        out.push(&body[..end]);
        rest = &body[end + 4..];
    }
    out
}

#[test]
fn every_example_file_in_config_md_loads() {
    let page = std::fs::read_to_string(repo().join(CONFIG_MD)).unwrap();
    let tree = Tree::new("page");
    // Books first: the config examples may name them.
    for book in blocks(&page, "text") {
        let Some(rel) = book
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .and_then(|l| l.split(':').next())
            .filter(|p| p.starts_with("openings/"))
        else {
            continue;
        };
        std::fs::write(tree.root.join(rel), format!("{book}\n")).unwrap();
    }
    let files: Vec<(PathBuf, &str)> = blocks(&page, "ron")
        .into_iter()
        .map(|text| {
            let first = text.lines().next().unwrap_or("");
            let rel = first
                .strip_prefix("// ")
                .and_then(|l| l.split(':').next())
                .unwrap_or_else(|| {
                    panic!("a ron block must start with `// configs/<kind>/<file>.ron`: {first}")
                });
            (PathBuf::from(rel), text)
        })
        .collect();
    assert_eq!(
        files.len(),
        Kind::ALL.len(),
        "one complete example per kind"
    );
    for (rel, text) in &files {
        std::fs::create_dir_all(tree.root.join(rel).parent().unwrap()).unwrap();
        std::fs::write(tree.root.join(rel), text).unwrap();
    }
    for (rel, text) in &files {
        if let Err(e) = tree.load(rel, text) {
            panic!("{} (in {CONFIG_MD}) does not load: {e}", rel.display());
        }
    }
}

#[test]
fn the_example_books_hold_the_same_openings() {
    use gomoku_board::opening::{BookFormat, parse_book};
    use gomoku_board::{Geometry, Rule};
    let mut seen = Vec::new();
    for (path, format, text) in example_books() {
        let format = match format {
            "Pos" => BookFormat::Pos,
            "Offset" => BookFormat::Offset,
            "Gtp" => BookFormat::Gtp,
            other => panic!("{other}"),
        };
        let book = parse_book(text, format, Geometry::square(15), Rule::Freestyle)
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(book.len(), 2, "{path}");
        seen.push(book);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
}

/// The value a documented limit's field holds, from the trace (options unwrapped).
fn value_shape(schema: &Schema, item: &Item, entry: &Entry) -> Option<Shape> {
    let shape = match schema.containers.get(item.id)? {
        Container::Struct { names, shapes } => {
            let primary: Vec<&&str> = names
                .iter()
                .filter(|n| !item.entries.iter().any(|e| e.aliases.contains(n)))
                .collect();
            let at = primary.iter().position(|n| **n == entry.name)?;
            shapes.get(at)?.clone()
        }
        Container::Enum { shapes, .. } => match shapes.get(entry.name)? {
            VariantShape::Newtype(shape) => shape.clone(),
            _ => return None,
        },
    };
    let mut shape = shape;
    while let Shape::Option(inner) = shape {
        shape = *inner;
    }
    Some(shape)
}

/// Values at the inner edges of an entry's documented range (its ends, or just inside an
/// open end).
fn inside(check: &Check) -> Vec<String> {
    match check {
        Check::None => Vec::new(),
        Check::Int { lo, hi } => std::iter::once(*lo)
            .chain(*hi)
            .map(|v| v.to_string())
            .collect(),
        Check::Real { lo, hi } => {
            let edge = |v: f64, open: bool, sign: f64| {
                if open {
                    v + sign * 1e-6 * v.abs().max(1.0)
                } else {
                    v
                }
            };
            lo.map(|(v, open)| edge(v, open, 1.0))
                .into_iter()
                .chain(hi.map(|(v, open)| edge(v, open, -1.0)))
                .map(|v| format!("{v:?}"))
                .collect()
        }
    }
}

/// Values just outside an entry's documented range.
fn outside(check: &Check, shape: &Shape) -> Vec<String> {
    let mut out = Vec::new();
    match check {
        Check::None => {}
        Check::Int { lo, hi } => {
            let unsigned = matches!(shape, Shape::Int { signed: false });
            if !(unsigned && *lo == 0) {
                out.push((lo - 1).to_string());
            }
            if let Some(hi) = hi {
                out.push((hi + 1).to_string());
            }
        }
        Check::Real { lo, hi } => {
            let beyond = |v: f64, open: bool, sign: f64| {
                if open {
                    v
                } else {
                    v + sign * 0.001 * v.abs().max(1.0)
                }
            };
            if let Some((v, open)) = lo {
                out.push(format!("{:?}", beyond(*v, *open, -1.0)));
            }
            if let Some((v, open)) = hi {
                out.push(format!("{:?}", beyond(*v, *open, 1.0)));
            }
            out.push("NaN".into());
        }
    }
    out
}

#[test]
fn documented_limits_are_enforced_at_their_edges() {
    let tree = Tree::new("limits");
    let schema = schema().unwrap();
    let mut problems = Vec::new();
    let mut checked = 0;
    for section in sections() {
        for item in &section.items {
            let is_struct = matches!(
                schema.containers.get(item.id),
                Some(Container::Struct { .. })
            );
            for entry in &item.entries {
                if entry.limits.check == Check::None {
                    continue;
                }
                let Some(shape) = value_shape(&schema, item, entry) else {
                    problems.push(format!(
                        "{}.{}: a limit on a value without one",
                        item.id, entry.name
                    ));
                    continue;
                };
                // The inner edges load, unless the limits' words add a condition on other
                // fields (then the edge may be refused for that).
                let edges = if entry.limits.text.is_empty() {
                    inside(&entry.limits.check)
                } else {
                    Vec::new()
                };
                let outer = outside(&entry.limits.check, &shape);
                for (value, accept) in edges
                    .into_iter()
                    .map(|v| (v, true))
                    .chain(outer.into_iter().map(|v| (v, false)))
                {
                    let example = if is_struct {
                        let (before, old, after) = split_value(&entry.example, entry.name)
                            .unwrap_or_else(|| {
                                panic!("{}.{}: example must write the field", item.id, entry.name)
                            });
                        let new = if old.starts_with("Some(") {
                            format!("Some({value})")
                        } else {
                            value.clone()
                        };
                        format!("{before}{new}{after}")
                    } else {
                        format!("{}({value})", entry.name)
                    };
                    let (host, text) = example_file(item, entry, &example, is_struct);
                    checked += 1;
                    match tree.load(&check_path(host.kind), &text) {
                        Ok(()) if accept => {}
                        Err(e) if accept => problems.push(format!(
                            "{}.{}: `{example}` is inside the documented limits but refused: {e}",
                            item.id, entry.name
                        )),
                        Ok(()) => problems.push(format!(
                            "{}.{}: `{example}` is outside the documented limits but loads",
                            item.id, entry.name
                        )),
                        Err(e) if e.contains(entry.name) || e.contains(&value) => {}
                        Err(e) => problems.push(format!(
                            "{}.{}: `{example}` is refused, but the message names neither the \
                             field nor the value: {e}",
                            item.id, entry.name
                        )),
                    }
                }
            }
        }
    }
    assert!(checked > 80, "only {checked} limits checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
