//! ARCHITECTURE.md's layer table is true of the workspace: every crate is in it, its `uses`
//! are exactly the `gomoku-*` entries of the crate's `[dependencies]`, and every one of them
//! sits on a lower row.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's short name (`gomoku-engine` is `engine`) and what it uses.
type Arrows = BTreeMap<String, BTreeSet<String>>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn short(package: &str) -> String {
    package
        .strip_prefix("gomoku-")
        .unwrap_or(package)
        .to_string()
}

/// The `gomoku-*` dependencies of every crate under `crates/`, from its `Cargo.toml`.
fn manifest_arrows() -> Arrows {
    let mut arrows = Arrows::new();
    for entry in std::fs::read_dir(workspace().join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let mut name = None;
        let mut uses = BTreeSet::new();
        let mut section = String::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.to_string();
            } else if section == "[package]" && line.starts_with("name") {
                name = line.split('"').nth(1).map(short);
            } else if section == "[dependencies]" && line.starts_with("gomoku-") {
                uses.insert(short(line.split([' ', '=', '.']).next().unwrap()));
            }
        }
        let name = name.unwrap_or_else(|| panic!("{}: no package name", manifest.display()));
        arrows.insert(name, uses);
    }
    arrows
}

/// The rows of ARCHITECTURE.md's layer table: crate, row, uses.
fn documented() -> (Arrows, BTreeMap<String, u32>) {
    let text = std::fs::read_to_string(workspace().join("ARCHITECTURE.md")).unwrap();
    let table = text
        .split("<!-- layers: checked by crates/cli/tests/architecture.rs -->")
        .nth(1)
        .expect("ARCHITECTURE.md has the layer table's marker");
    let body = table
        .split("```")
        .nth(1)
        .expect("the table is a code block");
    let (mut arrows, mut rows) = (Arrows::new(), BTreeMap::new());
    for line in body.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let (Some(row), Some(name)) = (words.next(), words.next()) else {
            panic!("a layer row needs a row and a crate: {line:?}");
        };
        if row == "row" {
            continue;
        }
        let row: u32 = row
            .parse()
            .unwrap_or_else(|_| panic!("bad row in {line:?}"));
        let uses = words.filter(|w| *w != "-").map(String::from).collect();
        assert!(
            arrows.insert(name.to_string(), uses).is_none(),
            "{name} is listed twice"
        );
        rows.insert(name.to_string(), row);
    }
    (arrows, rows)
}

#[test]
fn the_layer_table_is_the_workspace_and_every_arrow_points_down() {
    let actual = manifest_arrows();
    let (listed, rows) = documented();
    assert!(actual.len() >= 14, "found only {actual:?}");
    assert_eq!(
        listed.keys().collect::<Vec<_>>(),
        actual.keys().collect::<Vec<_>>(),
        "ARCHITECTURE.md's crates against crates/*/Cargo.toml"
    );
    for (name, uses) in &actual {
        assert_eq!(
            &listed[name], uses,
            "{name}: ARCHITECTURE.md's uses against its Cargo.toml"
        );
        for used in uses {
            assert!(
                rows[used] < rows[name],
                "{name} (row {}) uses {used} (row {}): an arrow must point down",
                rows[name],
                rows[used]
            );
        }
    }
}
