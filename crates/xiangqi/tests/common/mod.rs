//! What the rules library's test files share.
#![allow(dead_code, reason = "each test file uses only some of the helpers")]

/// A seeded xorshift generator for the mutation tests: the same damage on every run.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
