//! libFuzzer target `book`: see `gomoku_fuzz_targets::targets::book`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::book(data));
