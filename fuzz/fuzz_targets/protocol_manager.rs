//! libFuzzer target `protocol_manager`: see `gomoku_fuzz_targets::targets::protocol_manager`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::targets::protocol_manager(data));
