//! The registry: every configuration tycute ships, in one list, read by everything that needs
//! them. Each configuration crate (`tycute-sm80`, `tycute-sm80-128x256`, `tycute-sm90`) lists its configuration modules
//! once (`tycute_kernel::configurations!`), each module ending in its `ENTRIES`; this module
//! joins those lists (sm80's, then sm90's) and answers from them:
//!
//! * the headers the root build script writes ([`crate::emit::write_all`]), and their values;
//! * the NVRTC builds of the kernels ([`variants`]: `-DTYCUTE_SM80_CONFIG=NAME` per configuration
//!   of `kernels/sm80_gemm.cu`, ...) and the configurations a kernel runs ([`names_of_kernel`],
//!   the bench's choices);
//! * the dumps (`tycute dump NAME`: [`CONFIGS`], [`config`], [`row`]).
//!
//! Adding a configuration: one file in the crate of its architecture (ending in its `ENTRIES`) and
//! one line (its module's name) in that crate's `configurations!` list.

use std::sync::LazyLock;

pub use tycute_kernel::registry::{no_thread_rows, Config, Entry, Variant};

static ENTRIES: LazyLock<Vec<Entry>> = LazyLock::new(|| {
    #[allow(unused_mut)]
    let mut all = tycute_sm80::entries();
    all.extend(tycute_sm80_128x256::entries());
    #[cfg(feature = "sm90")]
    all.extend(tycute_sm90::entries());
    all
});

/// Every configuration built (cargo features `kernel`, `sgemm_sm80_nt`, `sm90`, `crosswise`, all
/// on by default), in the registry's order.
pub fn entries() -> &'static [Entry] {
    &ENTRIES
}

/// The entry named `name`.
pub fn entry(name: &str) -> Option<&'static Entry> {
    entries().iter().find(|e| e.name == name)
}

/// Every configuration with a dump, in the order `tycute dump list` lists them: the registry's
/// order, those with per-thread tensors (a kernel's threads) before the layout-only ones.
pub static CONFIGS: LazyLock<Vec<Config>> = LazyLock::new(|| {
    let mut dumps: Vec<Config> = entries().iter().filter_map(|e| e.dump).collect();
    dumps.sort_by_key(|c| c.num_threads == 0);
    dumps
});

/// The configuration named `name` (its dump).
pub fn config(name: &str) -> Option<&'static Config> {
    CONFIGS.iter().find(|c| c.name == name)
}

/// The NVRTC option sets kernel file `kernel` (`sm80_gemm.cu`) is built with: one per
/// configuration of that kernel, in the registry's order: the builds `tests/kernels.rs`,
/// `tests/toolchains.rs` and `scripts/kernel-matrix.sh` (through `tycute emit all`'s
/// `variants.txt`) make; the kernel files list none of their own.
pub fn variants(kernel: &str) -> Vec<Vec<String>> {
    entries().iter().filter_map(|e| e.variant.filter(|v| v.kernel == kernel).map(|v| v.options(e.name))).collect()
}

/// The configurations kernel file `kernel` runs (those with a [`Variant`] of it), in the
/// registry's order: the choices of a bench or a test of that kernel.
pub fn names_of_kernel(kernel: &str) -> Vec<&'static str> {
    entries().iter().filter(|e| e.variant.is_some_and(|v| v.kernel == kernel)).map(|e| e.name).collect()
}

/// One value of a configuration's dump, by name: row `name` of configuration `config` (its
/// `table:` row with `table`), thread-independent (`thread = None`) or of thread `thread`. This is
/// what the programs of `tycute vectors rust` print for a seed or crosswise line that names an
/// object of a configuration (`000.sA`, `000.tXsA thr=37`): the value comes from the
/// configuration's types. The rows of a (configuration, thread) are computed once per process.
pub fn row(config: &str, name: &str, thread: Option<usize>, table: bool) -> Result<String, String> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    type Cache = Mutex<HashMap<(String, Option<usize>), HashMap<String, String>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cfg = self::config(config).ok_or_else(|| format!("no configuration named {config}"))?;
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let rows = match cache.entry((config.to_string(), thread)) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => {
            let rows = match thread {
                None => (cfg.rows)(true),
                Some(t) => (cfg.thread_rows)(t, true)
                    .ok_or_else(|| format!("{config} has {} threads: no thread {t}", cfg.num_threads))?,
            };
            let mut map = HashMap::new();
            for r in rows {
                if let Some(t) = r.table_text() {
                    map.insert(format!("table:{}", r.name), t);
                }
                map.insert(r.name.clone(), r.text());
            }
            e.insert(map)
        }
    };
    let key = if table { format!("table:{name}") } else { name.to_string() };
    rows.get(&key).cloned().ok_or_else(|| match thread {
        None => format!("{config} has no row {key}"),
        Some(t) => format!("{config} has no row {key} for thread {t}"),
    })
}
