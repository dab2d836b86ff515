//! libFuzzer target `config_tournament`: see `gomoku_fuzz_targets::targets::config_tournament`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::config_tournament(data));
