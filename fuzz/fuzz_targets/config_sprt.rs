//! libFuzzer target `config_sprt`: see `gomoku_fuzz_targets::targets::config_sprt`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::config_sprt(data));
