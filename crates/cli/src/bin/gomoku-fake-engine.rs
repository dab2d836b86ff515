//! Test tool: a deliberately faulty Gomocup engine for the protocol and fault tests of the
//! `gomoku-arena` package (`gomoku_protocol::fake` says what each mode does).
//!
//! Usage: `gomoku-fake-engine MODE[@N]`.

use gomoku_protocol::fake;

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "good".into());
    let Some((mode, at)) = fake::parse_mode(&arg) else {
        eprintln!("{}", fake::USAGE);
        std::process::exit(2);
    };
    fake::run(mode, at, std::io::stdin().lock(), &mut std::io::stdout());
}
