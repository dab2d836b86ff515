//! libFuzzer target `config_engine`: see `gomoku_fuzz_targets::targets::config_engine`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::config_engine(data));
