//! libFuzzer target `protocol_engine`: see `gomoku_fuzz_targets::targets::protocol_engine`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::protocol_engine(data));
