//! The header of FA3's bf16 head-dim-128 tile: its values, and an NVRTC compile of a small
//! kernel that includes it alone and `static_assert`s the tables against their layouts
//! (`kernels/attention_header_check.cu`). Without NVRTC the compile is skipped with a message
//! (under CI a failure), as the other NVRTC tests do.

//!
//! The `twin` module (one test binary with this one): the same tile against the runtime twin.
//!
//! The bf16 128 x 128 tile's type-level values are taken in one function, `twin::bf16_hd128_run`,
//! through one path (`header_with_layouts`, the header and the tile's layouts together): the
//! compiler solves a type's layouts once per path of a body (twice: type checking and borrow
//! checking), so the header's and the twin checks' uses of the same types cost one proof, where
//! each test naming them again cost another (the crate's test build: 118 s to 93 s with one body,
//! to 56 s with one path).

// `cute!` expands to `::tycute::...`
extern crate tycute_layout as tycute;

mod twin;

use twin::bf16_hd128_tile as bf16_hd128;


use tycute_attention::header::BF16_HD128_INCLUDE;
use tycute_cuda::nvrtc::{self, Arch, Options};

const CHECK: &str = include_str!("../../kernels/attention_header_check.cu");

fn value(h: &tycute_emit::Header, name: &str) -> Vec<i64> {
    h.values().iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no {name}")).1.clone()
}

#[test]
fn bf16_hd128_values() {
    let h = bf16_hd128().header.as_ref().unwrap();
    for (name, v) in [("kBlockM", 128), ("kBlockN", 128), ("kHeadDim", 128), ("kThreads", 256), ("kWarpgroups", 2), ("kAtomNQK", 128), ("kAtomNPV", 128), ("kPRegs32", 32), ("kRowSlots", 2), ("kColSlots", 32), ("kRowLanes", 4)] {
        assert_eq!(value(&h, name), vec![v], "{name}");
    }
    assert_eq!(value(&h, "row_lanes"), vec![0, 1, 2, 3]);
    assert_eq!(value(&h, "row_shuffle_xor"), vec![1, 2]);
    assert_eq!(value(&h, "p_from_s"), (0..64).collect::<Vec<i64>>());
    // thread 0's rows: 0 and 8
    assert_eq!(value(&h, "acc_row"), vec![0, 8]);
    let text = h.text();
    for line in [
        "namespace tycute { namespace attention_sm90_bf16_hd128 {",
        "// p_view = ((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)",
        "// acc_rows = ((_4,_8,_8),_2):((_0,_1,_16),_8)",
        "// s_acc_tv = ((_4,_8,_8),((_2,_2,_16),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))",
        "constexpr int ElementQKV_bits = 16;",
    ] {
        assert!(text.contains(line), "no `{line}` in the header:\n{}", &text[..text.len().min(3000)]);
    }
    // written whole to the test's scratch directory
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("attention_sm90_bf16_hd128.h");
    h.write(&path).unwrap();
    println!("header: {} ({} bytes)", path.display(), text.len());
    checked_in_is(BF16_HD128_INCLUDE, &text);
}

/// The environment variable that makes this test write the device library's copies of the
/// headers instead of comparing them (`TYCUTE_BLESS=1`), as trybuild's `TRYBUILD=overwrite` does.
const BLESS: &str = "TYCUTE_BLESS";

/// The device library's copy of a tile's header (what `kernels/attention_sm90.cu` includes) is the
/// text the types give now; with `TYCUTE_BLESS=1` it is written from them (when it differs).
fn checked_in_is(include: &str, text: &str) {
    let path = format!("{}/../../kernels/include/{include}", env!("CARGO_MANIFEST_DIR"));
    let have = std::fs::read_to_string(&path).ok();
    if have.as_deref() == Some(text) {
        return;
    }
    if std::env::var_os(BLESS).is_some_and(|v| v == "1") {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
        println!("kernels/include/{include}: written");
        return;
    }
    panic!(
        "kernels/include/{include} is {} the header the types give: `{BLESS}=1 cargo test -p tycute-attention --test header` writes it",
        if have.is_some() { "not" } else { "missing, not" }
    );
}

#[test]
fn bf16_hd128_compiles_with_nvrtc() {
    if !nvrtc::available() {
        if std::env::var_os("CI").is_some() {
            panic!("NVRTC is missing in CI: .ci/run installs it from pip (scripts/cuda-env.sh)");
        }
        eprintln!("skipped: NVRTC is not installed (source scripts/cuda-env.sh)");
        return;
    }
    let text = bf16_hd128().header.as_ref().unwrap().text();
    let cubin = nvrtc::compile("attention_header_check.cu", CHECK, &[("attention_sm90_bf16_hd128.h", &text)], Arch::Sm90a, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let k = cubin.kernel("attention_header_check").unwrap_or_else(|| panic!("no ptxas report:\n{}", cubin.log));
    println!("attention_header_check sm_90a: {} registers, spills {}/{} B", k.registers, k.spill_stores, k.spill_loads);
    assert_eq!((k.spill_stores, k.spill_loads), (0, 0));
}

/// A tile's header values the kernel branches on (the other tiles' headers: `twin`'s tests,
/// which take each tile's header and layouts from one call).
fn header_is(h: &tycute_emit::Header, threads: i64, bn: i64, col_slots: i64) {
    assert_eq!(value(h, "kThreads"), vec![threads]);
    assert_eq!(value(h, "kBlockN"), vec![bn]);
    assert_eq!(value(h, "kColSlots"), vec![col_slots]);
    assert_eq!(value(h, "kRowLanes"), vec![4]);
}
