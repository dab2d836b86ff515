//! libFuzzer target `config_table`: see `gomoku_fuzz_targets::targets::config_table`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::config_table(data));
