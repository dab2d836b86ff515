//! Computes the line-kind tables of the commonest boards (`line_kinds::PREBUILT`: k = 5
//! under each rule) at build time, with the same code the engine runs for other boards, so
//! that a fresh process's first search does not wait for them.

use std::path::PathBuf;

#[path = "src/cells/line_kinds.rs"]
mod line_kinds;

fn main() {
    println!("cargo::rerun-if-changed=src/cells/line_kinds.rs");
    let mut tables = Vec::new();
    for (k, exact) in line_kinds::PREBUILT {
        tables.extend(line_kinds::kind_entries(k, exact));
    }
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    // `cells.rs` includes this file by name.
    let path = PathBuf::from(out_dir).join("line_kinds.bin");
    std::fs::write(&path, tables).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
