//! The tests of `tycute-configs` and of the configuration crates it joins (tycute-kernel,
//! tycute-sm80, tycute-sm90), one module per module (`NAME.rs` tests module `NAME`; `registry.rs`
//! the registry). They link the library instead of being its unit tests: a `--test` build of
//! the library would evaluate every configuration's types a second time (docs/perf-history.md).

// `cute!` names `::tycute`, as in the library
extern crate tycute_layout as tycute;

#[cfg(feature = "kernel")]
mod analyze;
#[cfg(feature = "kernel")]
mod emit_header;
#[cfg(feature = "kernel")]
mod emit_sm80;
#[cfg(all(feature = "kernel", feature = "sm90"))]
mod emit_sm90;
#[cfg(all(feature = "kernel", feature = "sm90", feature = "sgemm_sm80_nt", feature = "crosswise"))]
mod registry;
#[cfg_attr(not(feature = "sm90"), allow(dead_code))]
mod one_path;
mod rows;
mod sgemm_sm80;
#[cfg(feature = "kernel")]
mod sm80_bf16_128x256;
#[cfg(feature = "kernel")]
mod sm80_mixed_128x256;
#[cfg(feature = "kernel")]
mod sm80_nt_128x256;
#[cfg(feature = "kernel")]
mod sm80_tn_128x256;
#[cfg(feature = "kernel")]
mod sm80_variants;
#[cfg(feature = "kernel")]
mod sm80_tf32_128x256;
#[cfg(feature = "sm90")]
mod sm90;
#[cfg(feature = "sm90")]
mod sm90_layouts;
#[cfg(feature = "sm90")]
mod tiled_values;

use tycute_configs::Row;

/// The dump's row `name` of thread `t` is the type-level partition whose text and table are
/// `part` (`one_path::Part`).
pub fn check_thread_row(thread_rows: fn(usize, bool) -> Option<Vec<Row>>, t: usize, name: &str, (text, table): &(String, Vec<i64>)) {
    let rows = thread_rows(t, true).expect("a thread of the configuration");
    let row = rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no row {name}"));
    assert_eq!(&row.text(), text, "thread {t} {name}");
    assert_eq!(row.table.as_deref(), Some(&table[..]), "thread {t} table:{name}");
}
