//! Writes `docs/CONFIG.md` from the schema and the words: `cargo run -p gomoku-config-docs`.
//! The `docs` test of this crate fails until the committed page is what this writes.

use std::path::Path;

fn main() {
    let page = match gomoku_config_docs::markdown() {
        Ok(page) => page,
        Err(e) => {
            eprintln!("the reference does not render: {e}");
            std::process::exit(1);
        }
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(gomoku_config_docs::CONFIG_MD);
    if let Err(e) = std::fs::write(&path, page) {
        eprintln!("{}: {e}", path.display());
        std::process::exit(1);
    }
    println!("wrote {}", gomoku_config_docs::CONFIG_MD);
}
