//! On a GPU: `kernels/sgemm_sm80_tile.cu`, which takes every index from `sgemm_sm80.h`, moves a
//! random A tile (128 x 64 halves, leading dimension 72) through swizzled shared memory with
//! cp.async and reads it back with ldmatrix.x4. Every register of every thread must hold the two
//! halves that the type-level S2R copy says it receives (`tidfrg_D(s2r_copy_a,
//! make_layout((bM,bK)))`), which `tests` of `tycute_configs::emit` already proved to be what the
//! MMA reads. Without a GPU (or NVRTC) the test prints why and passes.
//!
//! On the device (no Rust there): build here with
//! `cargo test --release --test gpu_tables --no-run`, carry the executable, and run it with the
//! device's NVRTC on `LD_LIBRARY_PATH` (docs/perf.md has the command).

use tycute::configs::sgemm_sm80::{CoordMK, S2RCopyA, NUM_THREADS};
use tycute::table;
use tycute::tiled::copy::TidfrgD;
use tycute_cuda::cudarc::driver::{LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::{gpu, nvrtc};

#[test]
fn sgemm_sm80_tile_roundtrip_on_the_gpu() {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    // a CUBIN built elsewhere (`TYCUTE_TILE_CUBIN=FILE`, for a machine without NVRTC), else NVRTC
    let image = match std::env::var_os("TYCUTE_TILE_CUBIN") {
        Some(path) => std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.to_string_lossy())),
        None => {
            if !nvrtc::available() {
                return eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_TILE_CUBIN)");
            }
            let src = include_str!("../kernels/sgemm_sm80_tile.cu");
            nvrtc::compile("sgemm_sm80_tile.cu", src, tycute::headers::HEADERS, arch, &Default::default())
                .unwrap_or_else(|e| panic!("{e}"))
                .image
        }
    };
    let module = ctx.load_module(Ptx::from_binary(image)).expect("load the CUBIN");
    let f = module.load_function("sgemm_sm80_tile_roundtrip").expect("kernel");

    // A: 128 rows (m) of lda halves, k contiguous; random bits (an LCG: fresh per run)
    let (bm, bk, lda) = (128usize, 64usize, 72usize);
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) | 1;
    let a_host: Vec<u16> = (0..bm * lda)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 48) as u16
        })
        .collect();
    let stream = ctx.default_stream();
    let a = stream.clone_htod(&a_host).expect("copy A");
    let copies = 16usize; // kS2RCopiesA
    let mut out = stream.alloc_zeros::<u32>(NUM_THREADS * copies * 4).expect("alloc");
    let lda_arg = lda as i32;
    let mut launch = stream.launch_builder(&f);
    launch.arg(&a).arg(&lda_arg).arg(&mut out);
    let cfg = LaunchConfig { grid_dim: (1, 1, 1), block_dim: (NUM_THREADS as u32, 1, 1), shared_mem_bytes: 0 };
    // SAFETY: the kernel's signature is (const u16*, int, u32*), A holds 128 x lda halves and out
    // 128 x 16 x 4 words.
    unsafe { launch.launch(cfg) }.expect("launch");
    let got = stream.clone_dtoh(&out).expect("copy back");

    // the tile element each destination value of each thread receives, from the types
    let crd = table::<TidfrgD<S2RCopyA, CoordMK>>();
    let per = crd.len() / NUM_THREADS;
    assert_eq!(per, copies * 8);
    let elem = |c: i64| a_host[(c as usize % bm) * lda + c as usize / bm] as u32;
    let mut bad = Vec::new();
    for t in 0..NUM_THREADS {
        for i in 0..copies {
            for r in 0..4 {
                let j = 8 * i + 2 * r;
                let want = elem(crd[t + NUM_THREADS * j]) | (elem(crd[t + NUM_THREADS * (j + 1)]) << 16);
                let g = got[(t * copies + i) * 4 + r];
                if g != want {
                    bad.push(format!("thread {t} ldmatrix {i} register {r}: got {g:#010x}, want {want:#010x}"));
                }
            }
        }
    }
    println!("{arch}: {} registers checked, {} wrong", NUM_THREADS * copies * 4, bad.len());
    assert!(bad.is_empty(), "{}", bad[..bad.len().min(8)].join("\n"));
    let _ = bk;
}
