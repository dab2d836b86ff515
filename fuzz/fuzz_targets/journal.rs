//! libFuzzer target `journal`: see `gomoku_fuzz_targets::targets::journal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::journal(data));
