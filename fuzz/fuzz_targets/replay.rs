//! libFuzzer's bytes to [`mgn_fuzz::replay`]: what must hold is said there.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mgn_fuzz::replay(data));
