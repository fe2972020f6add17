//! Split-K with a separate reduction, for few-tile problems (M = 17..256 against N, K of
//! thousands: decode batches, small prefills): the tiles of D are fewer than the SMs, and each
//! would stream all of K alone. The launch cuts K into S equal slices and runs the fp32-output
//! configuration of A's and B's element type (`sm90_128x256_f32cd`, `sm90_128x256_bf16_f32cd`)
//! once over them as a batch of S problems (each slice a problem: A's and B's batch strides are
//! one slice along K), S times the CTAs, each partial product fp32 sums in a workspace; then
//! `kernels/splitk_reduce.cu` adds the S partials of each element in a fixed order (s = 0, 1, ...:
//! the results are bitwise repeatable) and writes `alpha * sum + bias + beta * C` into D, any
//! leading dimension and alignment of C and D.
//!
//! [`plan`] decides where it runs (the launch API's choice, [`crate::sm90::sm90_choice`]); the
//! environment variable `TYCUTE_SPLIT_K` overrides it for measuring (`off`: never; a number: that
//! many slices wherever the rules allow).

use std::sync::{Arc, OnceLock};

use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::nvrtc::Arch;

use crate::device::Stream;
use crate::elem::ElementCode;
use crate::error::{driver, unsupported};
use crate::layout::Major;
use crate::sm90::{Sm90Gemm, Sm90Header, Sm90Strides};
use crate::staging::Stage;
use crate::Result;

/// The reduction kernel's source (built by NVRTC at run time when no CUBIN is given).
pub const SPLITK_REDUCE_SOURCE: &str = include_str!("../../kernels/splitk_reduce.cu");

/// The reduction's CUBIN in `$TYCUTE_CUBIN_DIR`: `splitk_reduce.cubin`.
pub const SPLITK_REDUCE_STEM: &str = "splitk_reduce";

/// Most slices: more than 16 partial matrices cost more to add than their SMs bring.
pub const MAX_SPLITS: usize = 16;
/// Fewest k-blocks (64 k each, the 16-bit configurations' `kTileK`) per slice: a shorter slice is
/// mostly the pipeline's fill.
pub const MIN_SLICE_KBLOCKS: usize = 4;
/// The split configuration's CTA tile (`sm90_128x256_f32cd`).
const TILE: (usize, usize) = (128, 256);

/// The fp32-output configuration the partial products run on, for A and B of element `e`.
pub fn partial_config(e: ElementCode) -> Result<Sm90Header> {
    match e {
        ElementCode::F16 => Sm90Header::named("sm90_128x256_f32cd"),
        ElementCode::Bf16 => Sm90Header::named("sm90_128x256_bf16_f32cd"),
        ElementCode::F32 => Err(unsupported("split-K: fp16 or bf16 A and B, not fp32".to_string())),
    }
}

/// What `TYCUTE_SPLIT_K` asks (read once a process): `None` for the rule, `Some(0)` never, `Some(s)`
/// `s` slices wherever they are allowed.
fn forced() -> Option<usize> {
    static FORCED: OnceLock<Option<usize>> = OnceLock::new();
    *FORCED.get_or_init(|| match std::env::var("TYCUTE_SPLIT_K").ok()?.as_str() {
        "off" | "0" => Some(0),
        x => x.parse().ok(),
    })
}

/// The slices of one split launch, if `(m, n, k)` with strides `s` on `sms` SMs takes them:
/// * one problem (no batch), A and B read where they lie (16-byte aligned addresses `ptrs[0..2]`,
///   strides the TMA takes: [`Sm90Gemm::stages`] copies neither), C and D anywhere;
/// * S slices of K, each a multiple of 8 elements (the batch strides' 16 bytes) and of at least
///   [`MIN_SLICE_KBLOCKS`] k-blocks, S <= [`MAX_SPLITS`] and S times the 128x256 tiles within the
///   SMs;
/// * by the measured rule ([`takes`]): [`SPLITS`] slices where it takes the problem, none
///   elsewhere; `TYCUTE_SPLIT_K=S` asks S slices wherever the rules above allow them.
pub fn plan((m, n, k): (usize, usize, usize), s: &Sm90Strides, sms: usize, ptrs: [u64; 4]) -> Option<usize> {
    if s.batch != 1 || ptrs[0] % 16 != 0 || ptrs[1] % 16 != 0 {
        return None;
    }
    let st = Sm90Gemm::stages((m, n, k), s, 0.0, ptrs);
    if st.a != Stage::Direct || st.b != Stage::Direct || s.check_fit((m, n, k)).is_err() {
        return None;
    }
    let (mk, nk) = s.cd.stored((m, n));
    let tiles = mk.div_ceil(TILE.0) * nk.div_ceil(TILE.1);
    let kt = k.div_ceil(64);
    let most = (sms / tiles.max(1)).min(kt / MIN_SLICE_KBLOCKS).min(MAX_SPLITS);
    let fits = |x: usize| x >= 2 && x <= most && k % (8 * x) == 0;
    match forced() {
        Some(0) => None,
        Some(x) => fits(x).then_some(x),
        None => (takes((mk, nk, k)) && fits(SPLITS)).then_some(SPLITS),
    }
}

/// Slices of K where [`takes`] takes a problem.
pub const SPLITS: usize = 4;

/// The measured rule, on the kernel's problem (`(n, m, k)` for a column-major D): where 4 slices
/// beat the other kernels on the H100 (docs/perf.md, "Split-K with a separate reduction"), kept
/// for 16 < M <= 32 since the 64x64 tiles took 32 < M <= 64 (64x4096x14336: 144 against 123
/// TFLOP/s); measured first for half a tile row or less (16 < M <= 64) against a narrow N (at most 5120: 20 tiles or fewer) and a long
/// K (at least 11008), the MLP down projections at 64 tokens: 64x4096x11008 112 against 102
/// TFLOP/s (and 89 with 128x64 tiles), 64x4096x14336 124 against 114 (94). At 128 rows the
/// 128x64 tiles beat it (128x4096x14336: 257 against 235); elsewhere the partial products' extra
/// bytes and the second launch cost more than the slices' SMs bring (at K = 4096 the 128x256
/// configuration's partials run at about the speed of the whole 128x128 tiles: 128x4096x4096 135
/// against 146, and 89-125 with 8 slices).
pub fn takes((m, n, k): (usize, usize, usize)) -> bool {
    m > 16 && m <= 32 && n <= 5120 && k >= 11008
}

/// The strides of the partial products: S problems, problem `z` slice `z` of K (A's and B's batch
/// strides one slice: `slice_k` elements along a K-major row, `slice_k` columns of an MN-major
/// one), D_z the workspace's matrix `z`, stored as the caller's D (rows of `ldw` floats).
pub fn partial_strides(s: &Sm90Strides, (m, n): (usize, usize), splits: usize, slice_k: usize) -> (Sm90Strides, usize, usize) {
    let (r, q) = s.cd.stored((m, n));
    let ldw = q.next_multiple_of(8);
    let along = |major: Major, ld: usize| if major == Major::K { slice_k } else { slice_k * ld };
    let p = Sm90Strides {
        lda: s.lda,
        ldb: s.ldb,
        ldc: ldw,
        ldd: ldw,
        batch: splits,
        batch_a: along(s.a, s.lda),
        batch_b: along(s.b, s.ldb),
        batch_c: 0,
        batch_d: r * ldw,
        a: s.a,
        b: s.b,
        cd: s.cd,
    };
    (p, ldw, r * ldw)
}

/// The reduction kernel, loaded.
pub struct SplitKReduce {
    _module: Arc<CudaModule>,
    f16: CudaFunction,
    bf16: CudaFunction,
    f32: CudaFunction,
}

/// The reduction's arguments past the kernel's choice (see `kernels/splitk_reduce.cu`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReduceArgs {
    pub(crate) ws: u64,
    pub(crate) splits: usize,
    pub(crate) slice: usize,
    pub(crate) ldw: usize,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) alpha: f32,
    pub(crate) beta: f32,
    pub(crate) c: u64,
    pub(crate) ldc: usize,
    pub(crate) d: u64,
    pub(crate) ldd: usize,
    pub(crate) bias: u64,
    pub(crate) bias_mode: i32,
}

impl SplitKReduce {
    /// Builds (NVRTC) or reads (`$TYCUTE_CUBIN_DIR/splitk_reduce.cubin`) and loads the reduction
    /// for the context's GPU. `Ok(None)`: neither NVRTC nor a CUBIN directory.
    pub fn load(ctx: &Arc<CudaContext>) -> Result<Option<SplitKReduce>> {
        let arch: Arch = tycute_cuda::gpu::arch(ctx).map_err(|x| unsupported(format!("the split-K reduction: {x}")))?;
        let Some(image) = crate::cubin(SPLITK_REDUCE_STEM, "splitk_reduce.cu", SPLITK_REDUCE_SOURCE, arch, vec![])? else {
            return Ok(None);
        };
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the split-K reduction's CUBIN"))?;
        let f = |name: &str| module.load_function(name).map_err(driver(format!("kernel {name}")));
        Ok(Some(SplitKReduce { f16: f("splitk_reduce_f16")?, bf16: f("splitk_reduce_bf16")?, f32: f("splitk_reduce_f32")?, _module: module }))
    }

    /// Queues the reduction of `x` on `stream` for C, D and bias of element `e` on `sms` SMs.
    pub(crate) fn launch(&self, stream: &Stream, e: ElementCode, sms: usize, x: &ReduceArgs) -> Result<()> {
        let f = match e {
            ElementCode::F16 => &self.f16,
            ElementCode::Bf16 => &self.bf16,
            ElementCode::F32 => &self.f32,
        };
        let items = x.rows * x.cols.div_ceil(4);
        let grid = items.div_ceil(256).clamp(1, 16 * sms.max(1)) as u32;
        let (splits, rows, cols, bias_mode) = (x.splits as i32, x.rows as i32, x.cols as i32, x.bias_mode);
        let (slice, ldw, ldc, ldd) = (x.slice as i64, x.ldw as i64, x.ldc as i64, x.ldd as i64);
        let mut l = stream.launch_builder(f);
        l.arg(&x.ws).arg(&splits).arg(&slice).arg(&ldw).arg(&rows).arg(&cols).arg(&x.alpha).arg(&x.beta);
        l.arg(&x.c).arg(&ldc).arg(&x.d).arg(&ldd).arg(&x.bias).arg(&bias_mode);
        let cfg = LaunchConfig { grid_dim: (grid, 1, 1), block_dim: (256, 1, 1), shared_mem_bytes: 0 };
        // SAFETY: the arguments are the kernel's, in its signature's order and types; the caller
        // (Sm90Auto's split launch) checked that the workspace holds `splits` partials of `rows`
        // rows `ldw` apart, C (when beta != 0) and D `rows` rows of `cols` elements `ldc` / `ldd`
        // apart, the bias its rows' or columns' values, all alive until the launch completes.
        unsafe { l.launch(cfg) }.map_err(driver("launch splitk_reduce"))?;
        Ok(())
    }
}

/// A stream's split-K workspace: fp32 partials, grown when a launch needs more.
pub(crate) type SplitWorkspace = CudaSlice<f32>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    #[test]
    fn where_the_split_runs() {
        let pk = Sm90Strides::packed;
        let p = |shape: (usize, usize, usize), s: Sm90Strides| plan(shape, &s, 132, [0; 4]);
        // the down projections at 17-32 tokens: 4 slices (of 2752, 3584, 3456)
        assert_eq!(p((32, 4096, 11008), pk((32, 4096, 11008), 1)), Some(4));
        assert_eq!(p((32, 4096, 14336), pk((32, 4096, 14336), 1)), Some(4));
        assert_eq!(p((24, 5120, 13824), pk((24, 5120, 13824), 1)), Some(4));
        assert_eq!(p((128, 4096, 14336), pk((128, 4096, 14336), 1)), None); // 128x64 tiles there
        assert_eq!(p((64, 4096, 14336), pk((64, 4096, 14336), 1)), None); // 64x64 tiles there
        // not: K = 4096-8192, M > 128 or <= 16, N > 5120, a batch, a misaligned A, slices of K
        // not a multiple of 8 (K = 11012)
        assert_eq!(p((128, 4096, 4096), pk((128, 4096, 4096), 1)), None);
        assert_eq!(p((64, 8192, 8192), pk((64, 8192, 8192), 1)), None);
        assert_eq!(p((256, 4096, 14336), pk((256, 4096, 14336), 1)), None);
        assert_eq!(p((16, 4096, 14336), pk((16, 4096, 14336), 1)), None);
        assert_eq!(p((128, 8192, 28672), pk((128, 8192, 28672), 1)), None);
        assert_eq!(p((32, 4096, 14336), pk((32, 4096, 14336), 2)), None);
        assert_eq!(plan((32, 4096, 14336), &pk((32, 4096, 14336), 1), 132, [8, 0, 0, 0]), None);
        assert_eq!(p((128, 4096, 11012), pk((128, 4096, 11012), 1)), None);
        // column-major D: the kernel's problem is D^T (n, m)
        assert_eq!(p((4096, 32, 14336), Sm90Strides::packed_col((4096, 32, 14336), 1)), Some(4));
        assert_eq!(p((32, 4096, 14336), Sm90Strides::packed_col((32, 4096, 14336), 1)), None);
        assert_eq!(Sm90Strides::packed_col((1, 1, 1), 1).cd, Order::Col);
        // on few SMs: the slices times the tiles within them
        assert_eq!(plan((32, 4096, 14336), &pk((32, 4096, 14336), 1), 40, [0; 4]), None);
        // tests/gpu_sm90.rs's split cases
        assert_eq!(p((32, 1024, 16384), pk((32, 1024, 16384), 1)), Some(4));
        assert_eq!(p((30, 777, 11008), pk((30, 777, 11008), 1)), Some(4));
        assert_eq!(p((120, 32, 12288), Sm90Strides::packed_col((120, 32, 12288), 1)), Some(4));
        assert_eq!(p((32, 512, 11008), Sm90Strides::packed_ab((32, 512, 11008), 1, Major::MN, Major::K)), Some(4));
        assert_eq!(p((24, 640, 11008), Sm90Strides { lda: 11072, ..pk((24, 640, 11008), 1) }), Some(4));
    }

    #[test]
    fn the_partial_problems_are_slices_of_k() {
        let s = Sm90Strides { lda: 4104, ..Sm90Strides::packed((100, 300, 4096), 1) };
        let (p, ldw, slice) = partial_strides(&s, (100, 300), 4, 1024);
        assert_eq!((p.batch, p.batch_a, p.batch_b, p.lda, p.ldb), (4, 1024, 1024, 4104, 4096));
        assert_eq!((ldw, slice, p.ldd, p.batch_d, p.batch_c), (304, 100 * 304, 304, 100 * 304, 0));
        // the slices' extents are the caller's: the last slice ends where A's last row does
        assert_eq!(p.extents((100, 300, 1024))[0], s.extents((100, 300, 4096))[0]);
        let mn = Sm90Strides::packed_ab((64, 256, 2048), 1, Major::MN, Major::K);
        let (p, _, _) = partial_strides(&mn, (64, 256), 2, 1024);
        assert_eq!((p.batch_a, p.batch_b), (1024 * 64, 1024));
        assert_eq!(p.extents((64, 256, 1024))[0], mn.extents((64, 256, 2048))[0]);
    }
}
