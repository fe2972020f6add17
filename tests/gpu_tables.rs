//! On a GPU: `kernels/sgemm_sm80_tile.cu`, which takes every index from `sgemm_sm80.h`, moves a
//! random A tile (128 x 64 halves, leading dimension 72) through swizzled shared memory with
//! cp.async and reads it back with ldmatrix.x4. Every register of every thread must hold the two
//! halves that the type-level S2R copy says it receives (`tycute::gemm::tile_roundtrip`);
//! `tycute_configs::emit`'s tests already proved that to be what the MMA reads. Without a GPU
//! (or NVRTC) the test prints why and passes.
//!
//! On the device (no Rust there): build here with
//! `cargo test --release --test gpu_tables --no-run`, carry the executable, and run it with the
//! device's NVRTC on `LD_LIBRARY_PATH`, or with `TYCUTE_CUBIN_DIR=DIR` naming a directory holding `sgemm_sm80_tile.cubin` built here
//! (docs/headers.md has the commands and the result).

use tycute_cuda::gpu;

#[test]
fn sgemm_sm80_tile_roundtrip_on_the_gpu() {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let image = match tycute::gemm::cubin("sgemm_sm80_tile", "sgemm_sm80_tile.cu", tycute::gemm::cubin::TILE_ROUNDTRIP_SOURCE, arch, Vec::new()) {
        Ok(Some(image)) => image,
        Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_CUBIN_DIR)"),
        Err(e) => panic!("{e}"),
    };
    let (checked, bad) = tycute::gemm::tile_roundtrip(&ctx, image).unwrap_or_else(|e| panic!("{e}"));
    println!("{arch}: {checked} registers checked, {} wrong", bad.len());
    assert!(bad.is_empty(), "{}", bad[..bad.len().min(8)].join("\n"));
}
