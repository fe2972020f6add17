//! The tile round-trip on the GPU: `kernels/sgemm_sm80_tile.cu` moves a random A tile through
//! swizzled shared memory as `sgemm_sm80.h` says, and every ldmatrix register is compared with
//! what the type-level S2R copy says it receives (`tests/gpu_tables.rs`, `tycute`'s default run).

use std::sync::Arc;

use tycute_configs::sgemm_sm80::{CoordMK, S2RCopyA, NUM_THREADS};
use tycute_cuda::cudarc::driver::{CudaContext, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_layout::table;
use tycute_tiled::copy::TidfrgD;

use crate::error::driver;
use crate::{Error, Result};

/// Runs `sgemm_sm80_tile_roundtrip` (from the CUBIN `image`) on a random A tile (128 x 64 halves,
/// leading dimension 72) and compares every ldmatrix register of every thread with the two halves
/// the type-level S2R copy says it receives (`tidfrg_D(s2r_copy_a, make_layout((bM,bK)))`).
/// Returns `(registers checked, descriptions of the wrong ones)`.
pub fn tile_roundtrip(ctx: &Arc<CudaContext>, image: Vec<u8>) -> Result<(usize, Vec<String>)> {
    let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the CUBIN"))?;
    let f = module.load_function("sgemm_sm80_tile_roundtrip").map_err(driver("kernel sgemm_sm80_tile_roundtrip"))?;
    let (bm, lda) = (128usize, 72usize);
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) | 1;
    let a_host: Vec<u16> = (0..bm * lda)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 48) as u16
        })
        .collect();
    let stream = ctx.default_stream();
    let a = stream.clone_htod(&a_host).map_err(driver("copy A"))?;
    let copies = 16usize; // kS2RCopiesA
    let mut out = stream.alloc_zeros::<u32>(NUM_THREADS * copies * 4).map_err(driver("alloc"))?;
    let lda_arg = lda as i32;
    let mut launch = stream.launch_builder(&f);
    launch.arg(&a).arg(&lda_arg).arg(&mut out);
    let cfg = LaunchConfig { grid_dim: (1, 1, 1), block_dim: (NUM_THREADS as u32, 1, 1), shared_mem_bytes: 0 };
    // SAFETY: the kernel's signature is (const u16*, int, u32*); A holds 128 x lda halves and
    // out 128 x 16 x 4 words.
    unsafe { launch.launch(cfg) }.map_err(driver("launch"))?;
    let got = stream.clone_dtoh(&out).map_err(driver("copy back"))?;

    let crd = table::<TidfrgD<S2RCopyA, CoordMK>>();
    if crd.len() != NUM_THREADS * copies * 8 {
        return Err(Error::Header { config: "sgemm_sm80", what: format!("the S2R copy moves {} values, the kernel {}", crd.len(), NUM_THREADS * copies * 8) });
    }
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
    Ok((NUM_THREADS * copies * 4, bad))
}

