//! libFuzzer target `pgn`: see `gomoku_fuzz_targets::targets::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::pgn(data));
