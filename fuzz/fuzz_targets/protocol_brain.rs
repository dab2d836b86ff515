//! libFuzzer target `protocol_brain`: see `gomoku_fuzz_targets::targets::protocol_brain`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::protocol_brain(data));
