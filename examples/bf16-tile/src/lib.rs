//! A user's own kernel on tycute, the whole way: the design as types ([`design`]), a generic
//! function whose mismatch does not compile, the header its build script writes through
//! `tycute::emit` ([`HEADER`]), the kernel ([`KERNEL`]) compiled with NVRTC ([`compile`]), and a
//! launch on the GPU checked against a CPU reference ([`run`], `tests/gpu.rs`).

pub mod design;

use tycute::bounds::{CopyCovers, MmaTileDivides, SizeIs};

/// Bytes of one shared-memory stage of A for this kernel. Generic over the stage's layout, and
/// it compiles only for a layout of the tile's `bM * bK = 2048` elements: a `(64,64)` stage is a
/// compile error that says `size(layout) is _4<_096>, not 2048` (tests/ui).
pub fn stage_bytes_a<L: SizeIs<2048>>() -> usize {
    2048 * 2
}

/// The kernel's tile `(bM, bN, bK)` for a TiledMMA and a G2S copy of one's own choosing: compiles
/// only when the TiledMMA's tile divides `(64,128,32)` and the copy's tile divides A's
/// `(64,32)` tile, each failure naming both shapes in decimal (tests/ui).
pub fn tile_for<TM, G2S>() -> (usize, usize, usize)
where
    TM: MmaTileDivides<tycute::cute!((_64,_128,_32))>,
    G2S: CopyCovers<design::GmemA>,
{
    (design::BM, design::BN, design::BK)
}

use tycute::cuda::cudarc::driver::{LaunchConfig, PushKernelArg};
use tycute::cuda::cudarc::nvrtc::Ptx;
use tycute::cuda::nvrtc::{self, Arch, Cubin, Options};

/// The header `build.rs` wrote from the design's types.
pub const HEADER: &str = include_str!(concat!(env!("OUT_DIR"), "/bf16_tile.h"));
/// The kernel, which takes every index from [`HEADER`].
pub const KERNEL: &str = include_str!("../kernels/bf16_tile.cu");

/// The kernel compiled by NVRTC for `arch` (a register spill is an error).
pub fn compile(arch: Arch) -> Result<Cubin, nvrtc::Error> {
    nvrtc::compile("bf16_tile.cu", KERNEL, &[("bf16_tile.h", HEADER)], arch, &Options::default())
}

/// `D = A * B^T` on the GPU: `a` is 64x32 and `b` 128x32 bf16 (raw bits), K-major; `D` is
/// 64x128 fp32, M-major. `Err` says why it could not run (no driver, no NVRTC, ...).
pub fn run(a: &[u16], b: &[u16]) -> Result<Vec<f32>, String> {
    use design::{BK, BM, BN};
    if a.len() != BM * BK || b.len() != BN * BK {
        return Err(format!("A must hold {}x{} and B {}x{} values, got {} and {}", BM, BK, BN, BK, a.len(), b.len()));
    }
    let ctx = tycute::cuda::gpu::context().map_err(|e| e.to_string())?;
    let arch = tycute::cuda::gpu::arch(&ctx).map_err(|e| e.to_string())?;
    let cubin = compile(arch).map_err(|e| e.to_string())?;
    let module = ctx.load_module(Ptx::from_binary(cubin.image)).map_err(|e| format!("load the CUBIN: {e}"))?;
    let f = module.load_function("bf16_tile_gemm").map_err(|e| format!("kernel: {e}"))?;
    let stream = ctx.default_stream();
    let da = stream.clone_htod(a).map_err(|e| format!("copy A: {e}"))?;
    let db = stream.clone_htod(b).map_err(|e| format!("copy B: {e}"))?;
    // D starts as NaN: a value the kernel does not write shows
    let mut dd = stream.clone_htod(&vec![f32::NAN; BM * BN]).map_err(|e| format!("alloc D: {e}"))?;
    let mut launch = stream.launch_builder(&f);
    launch.arg(&da).arg(&db).arg(&mut dd);
    let cfg = LaunchConfig { grid_dim: (1, 1, 1), block_dim: (128, 1, 1), shared_mem_bytes: 0 };
    // SAFETY: the kernel takes (const u16* A, const u16* B, float* D) of the sizes checked above.
    unsafe { launch.launch(cfg) }.map_err(|e| format!("launch: {e}"))?;
    stream.clone_dtoh(&dd).map_err(|e| format!("copy D back: {e}"))
}
