//! libFuzzer target `sgf`: see `gomoku_fuzz_targets::targets::sgf`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::sgf(data));
