//! The environment variables the launch side reads, all in one place (docs/environment.md lists
//! every variable tycute reads).

/// A directory of prebuilt CUBINs, `<configuration>.cubin` each ([`crate::cubin()`]).
pub use crate::cubin::CUBIN_DIR_ENV;

/// The configurations a test or run is limited to: names separated by commas or spaces.
pub const CONFIGS_ENV: &str = "TYCUTE_CONFIGS";

/// The configurations of `all` to run: those `$TYCUTE_CONFIGS` names (in `all`'s order), or
/// `default` when it is unset. A name that is no configuration of `all` is left out here (it may
/// be another kernel's); [`unknown_configs`] reports names no kernel has.
pub fn selected_configs<'a>(all: &[&'a str], default: &[&'a str]) -> Vec<&'a str> {
    match std::env::var(CONFIGS_ENV) {
        Ok(list) => {
            let asked: Vec<&str> = list.split([',', ' ']).filter(|s| !s.is_empty()).collect();
            all.iter().copied().filter(|n| asked.contains(n)).collect()
        }
        Err(_) => default.to_vec(),
    }
}

/// The names in `$TYCUTE_CONFIGS` that are in none of `known`.
pub fn unknown_configs(known: &[&str]) -> Vec<String> {
    std::env::var(CONFIGS_ENV)
        .map(|list| list.split([',', ' ']).filter(|s| !s.is_empty() && !known.contains(s)).map(String::from).collect())
        .unwrap_or_default()
}
