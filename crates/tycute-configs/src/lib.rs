//! Named kernel configurations, evaluated at the type level: every layout a kernel uses is a type
//! derived by the trait solver from the atoms and the algebra, and printed with `show`.
//!
//! | module | configuration |
//! |---|---|
//! | [`sgemm_sm80`] | CUTLASS's `sgemm_sm80.cu` tutorial, `gemm_tn` (half_t, 128x128x64, cp.async + ldmatrix + m16n8k16) |
//! | [`sm90`] | Hopper: TMA G2S into 128B-swizzled K-major smem, a `64x128x16` GMMA warpgroup, seed 004's TMA warp-specialized epilogue (STSM R2S, LDSM S2R) |
//! | [`sm90_128x256`] | Hopper, CUTLASS's cooperative recipe: a `128x256x64` tile for two `64x256x16` GMMA warpgroups (`(_2,_1,_1)`), 128-row epilogue sub-tiles (header only: no dump) |
//! | [`crosswise`] | CUTLASS 2.x `TensorOpMultiplicandCrosswise<16,32>` (seed 003): the ldmatrix addresses of a 64x32 warp tile |
//! | [`sgemm_sm80_nt`] | the same tutorial's `gemm_nt<float>` (128x128x8, cp.async, 16x16 UniversalFMA) |
//!
//! Each configuration has a dump: `rows(tables)` (its thread-independent values) and
//! `thread_rows(t, tables)` (the tensors of thread `t`), each a [`Row`]: a name, the runtime
//! value read from the type, and its index table; `tycute dump NAME [--thread N]` prints them.

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

#[cfg(feature = "crosswise")]
pub mod crosswise;
#[cfg(feature = "kernel")]
pub mod analyze;
pub mod dynamic;
pub mod kernel;
#[cfg(feature = "kernel")]
pub mod emit;
pub mod rows;
pub mod sgemm_sm80;
pub mod sm80_tn_128x256;
#[cfg(feature = "kernel")]
pub mod sm80_nt_128x256;
#[cfg(feature = "kernel")]
pub mod sm80_mixed_128x256;
#[cfg(feature = "kernel")]
pub mod sm80_variants;
#[cfg(feature = "sgemm_sm80_nt")]
pub mod sgemm_sm80_nt;
#[cfg(feature = "sm90")]
pub mod sm90;
#[cfg(feature = "sm90")]
pub mod sm90_128x256;
#[cfg(feature = "sm90")]
pub mod sm90_layouts;
#[cfg(feature = "sm90")]
pub mod sm90_reuse;

pub use rows::{Row, RowValue};

/// What the exported macros (`impl_sm80_kernel!`, `impl_sm80_variant!`) name through `$crate::`,
/// so that they expand in a crate that depends only on `tycute` (not on tycute-tiled or
/// tycute-layout by name).
#[doc(hidden)]
pub mod __private {
    pub use tycute_layout;
    pub use tycute_tiled;
}

/// A named configuration and its dump.
pub struct Config {
    /// The name `tycute dump NAME` takes.
    pub name: &'static str,
    /// One line: what it is.
    pub about: &'static str,
    /// Threads of the kernel (0 when the dump has no per-thread part).
    pub num_threads: usize,
    /// The thread-independent rows; with `true`, each layout is followed by its `table:` row.
    pub rows: fn(bool) -> Vec<Row>,
    /// The rows of one thread (`None` for a thread past `num_threads`).
    pub thread_rows: fn(usize, bool) -> Option<Vec<Row>>,
}

#[allow(dead_code)]
fn no_thread_rows(_: usize, _: bool) -> Option<Vec<Row>> {
    None
}

/// `sgemm_sm80`.
pub const SGEMM_SM80: Config = Config {
    name: "sgemm_sm80",
    about: "sgemm_sm80.cu gemm_tn (half_t, TN, 128x128x64, 3 stages): cp.async G2S, ldmatrix S2R, 2x2 m16n8k16",
    num_threads: sgemm_sm80::NUM_THREADS,
    rows: sgemm_sm80::rows,
    thread_rows: sgemm_sm80::thread_rows,
};
/// `sgemm_sm80_nt`.
#[cfg(feature = "sgemm_sm80_nt")]
pub const SGEMM_SM80_NT: Config = Config {
    name: "sgemm_sm80_nt",
    about: "sgemm_sm80.cu gemm_nt<float> (NT, 128x128x8, 3 stages, SIMT): cp.async G2S, 16x16 UniversalFMA",
    num_threads: sgemm_sm80_nt::NUM_THREADS,
    rows: sgemm_sm80_nt::rows,
    thread_rows: sgemm_sm80_nt::thread_rows,
};
/// `sm90`.
#[cfg(feature = "sm90")]
pub const SM90: Config = Config {
    name: "sm90",
    about: "SM90 128x128x64, 4 stages: TMA into K-major SW128 smem, 64x128x16 GMMA warpgroup, seed 004's STSM epilogue (64x32 sub-tiles)",
    num_threads: sm90::NUM_THREADS,
    rows: sm90::rows,
    thread_rows: sm90::thread_rows,
};
/// `crosswise`.
#[cfg(feature = "crosswise")]
pub const CROSSWISE: Config = Config {
    name: "crosswise",
    about: "TensorOpMultiplicandCrosswise<16,32> (seed 003) as Sw<2,3,3> o (64,32):(32,1): every lane's ldmatrix.x4 row addresses",
    num_threads: 0,
    rows: crosswise::rows,
    thread_rows: no_thread_rows,
};

/// Every configuration built (cargo features `sgemm_sm80_nt`, `sm90`, `crosswise`, all on by
/// default), in the order `tycute dump list` lists them.
pub const CONFIGS: &[Config] = &[
    SGEMM_SM80,
    #[cfg(feature = "sgemm_sm80_nt")]
    SGEMM_SM80_NT,
    #[cfg(feature = "sm90")]
    SM90,
    #[cfg(feature = "crosswise")]
    CROSSWISE,
];

/// The configuration named `name`.
pub fn config(name: &str) -> Option<&'static Config> {
    CONFIGS.iter().find(|c| c.name == name)
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
