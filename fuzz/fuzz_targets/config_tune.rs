//! libFuzzer target `config_tune`: see `gomoku_fuzz_targets::targets::config_tune`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::config_tune(data));
