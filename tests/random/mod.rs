//! What the GPU tests of random problems share (`auto_launch_random_shapes`,
//! `auto_launch_fp8_random_shapes`, `sm80_random_shapes`, `attention_random_shapes`): the draws'
//! seed and count from the environment, and a small deterministic generator.

#![allow(dead_code)]

/// `(seed, cases)`: `TYCUTE_RANDOM_SEED` (20261129 unless set) and `TYCUTE_RANDOM_CASES`
/// (`default` unless set), printed under the test's name so that a failure can be drawn again.
pub fn draws(test: &str, default: usize) -> (u64, usize) {
    let seed = std::env::var("TYCUTE_RANDOM_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261129u64);
    let cases = std::env::var("TYCUTE_RANDOM_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    println!("{test}: TYCUTE_RANDOM_SEED={seed} TYCUTE_RANDOM_CASES={cases}");
    (seed, cases)
}

/// Whether a test of random problems through the launch API (which takes every configuration)
/// runs in this process: not where `TYCUTE_CONFIGS` names configurations (`scripts/device.sh
/// check` runs a process per configuration, and runs these once apart); says why when not.
pub fn once(test: &str) -> bool {
    if std::env::var_os("TYCUTE_CONFIGS").is_some() {
        eprintln!("skipped: {test} takes every configuration through the launch API: it runs without TYCUTE_CONFIGS");
        return false;
    }
    true
}

/// A 64-bit linear congruential generator (its high bits).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() as usize) % (hi - lo + 1)
    }
    /// Log-uniform in `lo..=hi` (as many problems of 10 as of 1000; `lo` may be 0).
    pub fn log(&mut self, lo: usize, hi: usize) -> usize {
        let (a, b) = ((lo as f64 + 1.0).ln(), (hi as f64 + 2.0).ln());
        let x = a + (b - a) * (self.next() as f64 / (1u64 << 31) as f64);
        ((x.exp() as usize).saturating_sub(1)).clamp(lo, hi)
    }
    /// True `percent` times in 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
