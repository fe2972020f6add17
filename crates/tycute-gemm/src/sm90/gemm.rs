//! [`Sm90Gemm`]: the persistent sm90 kernel of one configuration, loaded (its four entry points),
//! and its launches: TMA descriptors from the header's boxes and swizzles, the batch as the maps'
//! third dimension, column-major C/D as `D^T = B A^T`, a bias, stream-K, clusters.

use std::sync::Arc;

use tycute_cuda::cudarc::driver::sys::{self, CUdevice_attribute, CUfunction_attribute_enum};
use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, DevicePtr, DriverError, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::tma::{TensorMap, TensorMapArgs, TmaElement};

use crate::fp8::{rowcol_strides, Fp8, Scales};

use crate::device::{SameBuffer, Stream};
use crate::error::{driver, unsupported};
use crate::layout::{Major, Order};
use crate::sm90::{Bias, LaunchParams, Sm90Header, Sm90Strides, LAYOUTS, SM90};
use crate::staging::{copy_2d, Pitched, Stage, Staged};
use crate::stream_k::{Sm90Schedule, SkForm};
use crate::workspace::{workspace_for, StreamKWorkspaces};
use crate::{Error, Result};

/// The sm90 kernel of one configuration, loaded (its four entry points).
pub struct Sm90Gemm {
    ctx: Arc<CudaContext>,
    _module: Arc<CudaModule>,
    /// The entry points `sm90_gemm_tn`, `_nt`, `_nn`, `_tt` (A, B K-major or MN-major: [`LAYOUTS`];
    /// an fp8 configuration has `sm90_gemm_tn` alone).
    f: [Option<CudaFunction>; 4],
    /// An fp8 configuration's `sm90_gemm_tn_rowcol` (per-row and per-column scales,
    /// [`Scales::RowCol`]); `None` for a 16-bit one, or a CUBIN built before it.
    f_rowcol: Option<CudaFunction>,
    /// The TMA element types of A and B, and of C and D (the configuration's).
    tma_ab: TmaElement,
    tma_cd: TmaElement,
    /// The fp8 format of A and B (`"e4m3"`, `"e5m2"`), `None` for 16-bit A and B.
    fp8: Option<&'static str>,
    /// f32 A and B read as tf32 (`kElementAB` 4): K-major only, launched with [`Sm90Gemm::launch_tf32`].
    tf32: bool,
    smem: u32,
    /// The GPU's SMs: the persistent kernel runs at most one CTA on each.
    sms: usize,
    /// The SMs at load (at most `TYCUTE_SM90_MAX_CTAS`), the most [`Sm90Gemm::limit_sms`] allows.
    max_sms: usize,
    /// The GPU's L2 bytes: a D larger than it is stored with an evict-first hint.
    l2_bytes: usize,
    /// The bandwidth of its memory in GB/s (what the per-shape choice weighs: [`Sm90Gemm::gpu`]).
    dram_gb_s: f64,
    /// Whether the CUBIN's producer takes A's box rows from `flags` (it defines
    /// [`SHORT_A_BOX_SYMBOL`]); a CUBIN built before it expects whole boxes, and gets them.
    short_a_box: bool,
    /// The configuration the CUBIN was built for.
    pub config: Sm90Header,
    /// Its launch values, read from the header once (a launch reads none of the header's text).
    p: LaunchParams,
    /// Whether a launch may cut the tiles of its last waves along K ([`Sm90Schedule`]); on by
    /// default, off for measuring what it brings.
    pub stream_k: bool,
    /// The stream-K forms a launch may take ([`SkForm::Auto`], or `TYCUTE_SM90_SK=line|split`).
    pub sk_form: SkForm,
    /// The stream-K partial sums (one slot per CTA) and flags (zero between launches: the unit
    /// that reads a slot lowers its flag), per stream.
    workspaces: StreamKWorkspaces,
}

impl Sm90Gemm {
    /// Loads the `sm90` kernel from an sm_90a CUBIN ([`Sm90Gemm::load_config`]).
    pub fn load(ctx: &Arc<CudaContext>, image: Vec<u8>) -> Result<Sm90Gemm> {
        Sm90Gemm::load_config(ctx, SM90, image)
    }

    /// Loads the kernel of configuration `config` from an sm_90a CUBIN built for it (the host
    /// reads the boxes, tile and threads from the same header) and allows it its dynamic shared memory.
    pub fn load_config(ctx: &Arc<CudaContext>, config: Sm90Header, image: Vec<u8>) -> Result<Sm90Gemm> {
        // the maps' element types (16-bit, or fp8 A and B with 16-bit C and D)
        let (tma_ab, tma_cd) = config.tma_elements()?;
        let fp8 = config.fp8()?;
        let tf32 = config.tf32()?;
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the CUBIN"))?;
        let smem = config.smem_bytes()?;
        let load = |name: &str| -> Result<CudaFunction> {
            let f = module.load_function(name).map_err(driver(format!("kernel {name}")))?;
            f.set_attribute(CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem as i32)
                .map_err(driver(format!("{name}: shared memory attribute")))?;
            Ok(f)
        };
        // fp8, tf32 and the K-major family: the K-major entry point alone (wgmma reads those
        // operands K-major only); in clusters, the entry points of a K-major B alone (tn, nn: the
        // multicast slices of B)
        let p = LaunchParams::of(&config)?;
        let more = |i: usize| if p.k_major_only || (p.cluster_m > 1 && LAYOUTS[i].2) { Ok(None) } else { load(LAYOUTS[i].0).map(Some) };
        let f = [Some(load(LAYOUTS[0].0)?), more(1)?, more(2)?, more(3)?];
        // (absent from a CUBIN built before it: a RowCol launch then says so)
        let f_rowcol = if fp8.is_some() { load(ROWCOL).ok() } else { None };
        // (a CUBIN built before the short boxes of A: whole boxes, which its producer expects)
        let short_a_box = module.get_global(SHORT_A_BOX_SYMBOL, &ctx.default_stream()).is_ok();
        // the SMs and the memory's bandwidth (what the per-shape choice weighs: Sm90Gemm::gpu)
        let gpu = crate::sm90::Sm90Gpu::of(ctx)?;
        // TYCUTE_SM90_MAX_CTAS=N launches at most N CTAs (so that a small problem still gives each
        // CTA several tiles, both consumers and the stage parities wrapping: for compute-sanitizer)
        let cap = std::env::var("TYCUTE_SM90_MAX_CTAS").ok().and_then(|v| v.parse::<usize>().ok()).unwrap_or(usize::MAX);
        let sms = gpu.sms.min(cap).max(1);
        let l2_bytes = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)
            .map_err(driver("L2 size"))? as usize;
        let dram_gb_s = gpu.dram_gb_s;
        let sk_form = match std::env::var("TYCUTE_SM90_SK").as_deref() {
            Ok("line") => SkForm::Line,
            Ok("split") => SkForm::Split,
            _ => SkForm::Auto,
        };
        Ok(Sm90Gemm { ctx: ctx.clone(), _module: module, f, f_rowcol, tma_ab, tma_cd, fp8, tf32, smem, sms, max_sms: sms, l2_bytes, dram_gb_s, config, p, stream_k: true, sk_form, workspaces: Default::default(), short_a_box })
    }

    /// The context the kernel is loaded in.
    pub fn ctx(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The SMs the persistent kernel uses (at most `TYCUTE_SM90_MAX_CTAS`).
    pub fn sms(&self) -> usize {
        self.sms
    }

    /// The GPU as the per-shape choice sees it ([`crate::sm90::pick_on`]): the SMs used, the
    /// memory's bandwidth.
    pub fn gpu(&self) -> crate::sm90::Sm90Gpu {
        crate::sm90::Sm90Gpu { sms: self.sms, dram_gb_s: self.dram_gb_s }
    }

    /// What a CUBIN built with `-DTYCUTE_SM90_TRACE` recorded of its last launch: per
    /// CTA (up to 256) and unit (up to 16) `[tile, kt0, kt1, start, mainloop done, partial sums
    /// stored or added, end, 1]` (globaltimer ns; all 0 where no unit ran); `None` for a CUBIN
    /// without it. A diagnostic (docs/perf-history.md, "sm90: stream-K").
    pub fn trace(&self) -> Option<Vec<[u64; 8]>> {
        let stream = self.ctx.default_stream();
        let view = self._module.get_global("tycute_trace", &stream).ok()?;
        let bytes = stream.clone_dtoh(&view).ok()?;
        Some(bytes.chunks_exact(64).map(|c| core::array::from_fn(|j| u64::from_le_bytes(c[8 * j..8 * j + 8].try_into().unwrap_or_default()))).collect())
    }

    /// Uses at most `n` SMs from now on (at least 1, at most those at load; `usize::MAX`: all of
    /// them again): smaller problems then take the schedules of larger ones (several tiles per
    /// CTA, stream-K), for tests.
    pub fn limit_sms(&mut self, n: usize) {
        self.sms = self.max_sms.min(n).max(1);
    }

    /// Whether this configuration's kernel walks stream-K schedules: the cooperative one
    /// (`sm90_128x256`), not ping-pong (`sm90`, `sm90_reuse_c`: its code there costs 5-7 %,
    /// docs/perf-history.md "sm90: stream-K on the last waves"), and not with clusters.
    pub fn has_stream_k(&self) -> bool {
        self.p.stream_k && self.p.cluster_m == 1
    }

    /// The schedule of a launch of `(m, n, k)` with strides `s` ([`Sm90Schedule::plan`] on the
    /// kernel's problem: column-major C/D exchange M and N); whole tiles without
    /// [`Sm90Gemm::has_stream_k`] or with [`Sm90Gemm::stream_k`] off.
    pub fn schedule(&self, (m, n, k): (usize, usize, usize), s: &Sm90Strides) -> Sm90Schedule {
        let (mk, nk) = if s.cd == Order::Row { (m, n) } else { (n, m) };
        let (tm, tn) = self.p.tile;
        let cl = self.p.cluster_m;
        let cluster_tiles = mk.div_ceil(tm * cl) * nk.div_ceil(tn) * s.batch;
        let form = (self.stream_k && self.has_stream_k()).then_some(self.sk_form);
        let plan = Sm90Schedule::plan_form(cluster_tiles, k.div_ceil(self.p.tile_k), (self.sms / cl).max(1), form);
        Sm90Schedule { grid: plan.grid * cl, ..plan }
    }

    /// `D = alpha * A * B^T + beta * C`: A (m,k), B (n,k) K-major halves; C, D (m,n) N-major
    /// (row-major) halves, packed (lda = ldb = k, ldc = ldd = n, so n a multiple of 8). C is not
    /// read when beta is 0. [`Sm90Gemm::launch_batched`] takes other strides, batches and layouts.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &CudaSlice<u16>,
        d: &mut CudaSlice<u16>,
        alpha: f32,
        beta: f32,
    ) -> Result<()> {
        self.launch_batched(stream, (m, n, k), &Sm90Strides::packed((m, n, k), 1), a, b, c, d, alpha, beta)
    }

    /// `C = alpha * A * B^T + beta * C` in place (C = D, row-major, packed: lda = ldb = k, ldc =
    /// n, so n a multiple of 8), as the sm80 `Gemm::run`. In place is safe: each epilogue
    /// sub-tile's C is loaded (its full barrier waited for) before that sub-tile of D is stored,
    /// and the sub-tiles are disjoint.
    #[allow(clippy::too_many_arguments)]
    pub fn run(&self, shape: (usize, usize, usize), a: &CudaSlice<u16>, b: &CudaSlice<u16>, c: &mut CudaSlice<u16>, alpha: f32, beta: f32, stream: &Stream) -> Result<()> {
        let len = c.len();
        // the guard orders the launch after C's previous work and records it for C's next
        let (ptr, _guard) = c.device_ptr_mut(stream);
        let view = SameBuffer::<u16>::new(ptr, len, stream);
        let mut same = SameBuffer::<u16>::new(ptr, len, stream);
        self.launch_batched(stream, shape, &Sm90Strides::packed(shape, 1), a, b, &view, &mut same, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, with the leading dimensions,
    /// batch strides and C/D order of `s` (checked by [`Sm90Strides::check`]), on any device
    /// buffers or views that hold them. C is not read when beta is 0. One launch: the batch is the
    /// TMA maps' third dimension and the tiles of every problem one persistent schedule;
    /// column-major C/D run as D^T = B A^T (the kernel's M and N, A and B swapped).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_batched<A, B, C, D>(&self, stream: &Stream, (m, n, k): (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32) -> Result<()>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        self.launch_bias(stream, (m, n, k), s, a, b, c, d, alpha, beta, Bias::None)
    }

    /// [`Sm90Gemm::launch_batched`] plus a [`Bias`]: `D_z = alpha * A_z * B_z^T + beta * C_z +
    /// bias` (the vector's length checked against m or n and the batch: an error, not a panic).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_bias<A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<()>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        if let Some(f) = self.fp8 {
            return Err(unsupported(format!("{} has {f} A and B (one byte each): launch it with Sm90Gemm::launch_fp8 (or Sm90Typed), not with 16-bit A and B", self.config.name)));
        }
        if self.tf32 {
            return Err(unsupported(format!("{} has f32 A and B (read as tf32): launch it with Sm90Gemm::launch_tf32 (or Sm90Typed), not with 16-bit A and B", self.config.name)));
        }
        self.launch_any(stream, (m, n, k), s, a, b, c, d, alpha, beta, bias, None)
    }

    /// [`Sm90Gemm::launch_bias`] for any leading dimensions, batch strides and buffer addresses:
    /// those the TMA cannot read (not multiples of 16 bytes: a packed A or B with K, a packed
    /// row-major D with N, not a multiple of 8) and those it reads at half speed (rows that start
    /// 16 bytes into a 32-byte sector: K = 4104). Each such A or B is first copied into rows 128
    /// bytes apart ([`crate::staging`]: `cuMemcpy2DAsync` on `stream` into a buffer allocated on
    /// it, freed in stream order after the launch); a misaligned C or D is computed in a staged D
    /// (C copied in when beta is not 0) and copied back. Returns what was staged
    /// ([`Sm90Gemm::stages`]); when nothing is, this is `launch_bias`. A copy is memory traffic of
    /// its own (its operand read and written once more): at 4096x4096x4104 docs/perf.md measures
    /// what it costs against the half-speed reads it saves.
    ///
    /// Refused as `launch_bias` refuses, for the rules a copy cannot mend
    /// ([`Sm90Strides::check_fit`]: the caller's strides must describe matrices that fit their
    /// buffers).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_staged<A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<Staged>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        s.check_fit((m, n, k))?;
        let ext = s.extents((m, n, k));
        if a.len() < ext[0] || b.len() < ext[1] || c.len() < ext[2] || d.len() < ext[3] {
            return Err(unsupported(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} with {s:?} (A, B, C, D need {ext:?} elements)", s.batch)));
        }
        let (d_len, c_len) = (d.len(), c.len());
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pc, _gc) = c.device_ptr(stream);
        let (pd, _gd) = d.device_ptr_mut(stream);
        let staged = Sm90Gemm::stages_in((m, n, k), s, beta, [pa, pb, pc, pd], self.p.cluster_m);
        let [ma, mb, mc, md] = Sm90Gemm::pitched((m, n, k), s);
        let mut s2 = *s;
        // a staged copy of X: the buffer and its layout (the buffer outlives the launch: dropped at
        // the end, freed in stream order)
        let stage = |from: u64, src: &Pitched, dst: &Pitched| -> Result<CudaSlice<u16>> {
            // SAFETY: uninitialised, but every element the kernel reads (each matrix's rows up to
            // its length; the TMA's extents stop there) is written by the copy before the launch
            let buf = unsafe { stream.alloc::<u16>(dst.elements().max(1)) }.map_err(driver("a staged operand"))?;
            {
                let (to, _g) = buf.device_ptr(stream);
                // SAFETY: `from` holds `src` (its extent checked against the buffer above), `to`
                // holds `dst` (just allocated)
                unsafe { copy_2d(stream, from, src, to, dst, 2) }?;
            }
            Ok(buf)
        };
        let (mut va, mut vb) = ((pa, a.len()), (pb, b.len()));
        let (sa, sb) = (ma.staged(2), mb.staged(2));
        let buf_a = if staged.a.staged() { Some(stage(pa, &ma, &sa)?) } else { None };
        let buf_b = if staged.b.staged() { Some(stage(pb, &mb, &sb)?) } else { None };
        if let Some(x) = &buf_a {
            (va, s2.lda, s2.batch_a) = ((x.device_ptr(stream).0, x.len()), sa.ld, sa.stride);
        }
        if let Some(x) = &buf_b {
            (vb, s2.ldb, s2.batch_b) = ((x.device_ptr(stream).0, x.len()), sb.ld, sb.stride);
        }
        // C and D: a staged D (C copied in with beta != 0, the kernel then in place), or the
        // caller's D; with beta 0 C is not read and D stands in for it (no map of a misaligned C)
        let sd = md.staged(2);
        let buf_d = if staged.cd.staged() {
            // SAFETY: as `stage`: the kernel writes every element of the matrices before the copy back reads them
            let buf = unsafe { stream.alloc::<u16>(sd.elements().max(1)) }.map_err(driver("a staged D"))?;
            if beta != 0.0 {
                // SAFETY: `pc` holds C (checked above); the buffer holds `sd`
                unsafe { copy_2d(stream, pc, &mc, buf.device_ptr(stream).0, &sd, 2) }?;
            }
            Some(buf)
        } else {
            None
        };
        let (vc, vd) = match &buf_d {
            Some(x) => {
                let p = (x.device_ptr(stream).0, x.len());
                (s2.ldc, s2.ldd, s2.batch_c, s2.batch_d) = (sd.ld, sd.ld, sd.stride, sd.stride);
                (p, p)
            }
            None if beta == 0.0 => {
                (s2.ldc, s2.batch_c) = (s.ldd, s.batch_d);
                ((pd, d_len), (pd, d_len))
            }
            None => ((pc, c_len), (pd, d_len)),
        };
        let (xa, xb, xc) = (SameBuffer::<u16>::new(va.0, va.1, stream), SameBuffer::<u16>::new(vb.0, vb.1, stream), SameBuffer::<u16>::new(vc.0, vc.1, stream));
        let mut xd = SameBuffer::<u16>::new(vd.0, vd.1, stream);
        self.launch_bias(stream, (m, n, k), &s2, &xa, &xb, &xc, &mut xd, alpha, beta, bias)?;
        if let Some(x) = &buf_d {
            // SAFETY: the staged D holds `sd` (written by the launch before, in stream order); `pd`
            // holds D (checked above)
            unsafe { copy_2d(stream, x.device_ptr(stream).0, &sd, pd, &md, 2) }?;
        }
        Ok(staged)
    }

    /// What [`Sm90Gemm::launch_staged`] copies for shape `(m, n, k)` with strides `s`, `beta` and
    /// the buffers at device addresses `[a, b, c, d]` (their starts: from a fresh allocation, 0
    /// mod 256, so only the strides count): A and B where [`Pitched::stage`] finds them
    /// misaligned, or their rows half a sector off in a problem large enough for the copy to pay
    /// ([`Sm90Gemm::copy_pays`]); C/D where D (or C with beta != 0) is misaligned.
    pub fn stages(shape: (usize, usize, usize), s: &Sm90Strides, beta: f32, ptrs: [u64; 4]) -> Staged {
        Sm90Gemm::stages_in(shape, s, beta, ptrs, 1)
    }

    /// [`Sm90Gemm::stages`] for a configuration in clusters of `cluster_m` CTAs along M: with
    /// clusters (B multicast) rows half a sector off are read as they lie, not copied. One CTA's
    /// TMA reads a B of such rows at about half speed, a cluster reads each slice of B once for
    /// both CTAs and keeps full speed (the H100/H200: 4096x4096x4104 0.58-0.69x cuBLAS as they lie,
    /// 0.64x copied, 0.95x or more multicast, docs/perf.md "Half-sector rows"); an A of such rows
    /// costs little either way.
    pub fn stages_in((m, n, k): (usize, usize, usize), s: &Sm90Strides, beta: f32, [a, b, c, d]: [u64; 4], cluster_m: usize) -> Staged {
        let [ma, mb, mc, md] = Sm90Gemm::pitched((m, n, k), s);
        let c_stage = if beta != 0.0 { mc.stage(c, 2) } else { Stage::Direct };
        let cd = match md.stage(d, 2).max(c_stage) {
            Stage::Misaligned => Stage::Misaligned,
            _ => Stage::Direct,
        };
        let pays = Sm90Gemm::copy_pays((m, n, k)) && cluster_m == 1;
        let ab = |x: Stage| if x == Stage::HalfSector && !pays { Stage::Direct } else { x };
        Staged { a: ab(ma.stage(a, 2)), b: ab(mb.stage(b, 2)), cd }
    }

    /// Whether copying A and B whose rows start half a sector off pays for a problem of `(m, n,
    /// k)`: the copies read and write A and B once (4 (m + n) k bytes, at about 1.35 TB/s through
    /// `cuMemcpy2DAsync`, plus some 20 us of allocation and launches), the half-speed reads cost
    /// about the aligned GEMM's time again (2 m n k flops at some 700 TFLOP/s). Measured on the
    /// H100 (docs/perf.md, "Odd sizes"): 4096x4096x4104 staged 513 TFLOP/s against 415 read where
    /// it lies; 1000x1000x1000 staged 68 against 120. So: m n / (m + n) >= 1024 (the copies'
    /// bytes against the flops) and 2 m n k >= 2^36 (the fixed cost under a fifth).
    pub fn copy_pays((m, n, k): (usize, usize, usize)) -> bool {
        let (m, n, k) = (m as u128, n as u128, k as u128);
        m * n >= 1024 * (m + n) && 2 * m * n * k >= 1 << 36
    }

    /// Whether the kernel's B (the caller's B, or A for a column-major D, whose transpose the
    /// kernel computes) is K-major with rows half a sector off ([`Stage::HalfSector`]) at device
    /// address `[a, b]`, elements of `bytes` bytes: where a configuration in clusters
    /// ([`Sm90Header::multicast`]) reads it at full speed.
    pub fn kernel_b_half_sector(shape: (usize, usize, usize), s: &Sm90Strides, [a, b]: [u64; 2], bytes: usize) -> bool {
        let [ma, mb, _, _] = Sm90Gemm::pitched(shape, s);
        let (major, m, addr) = if s.cd == Order::Row { (s.b, mb, b) } else { (s.a, ma, a) };
        major == Major::K && m.stage(addr, bytes) == Stage::HalfSector
    }

    /// A, B, C and D of shape `(m, n, k)` with strides `s` as [`Pitched`] matrices.
    fn pitched((m, n, k): (usize, usize, usize), s: &Sm90Strides) -> [Pitched; 4] {
        let (ar, ac) = s.a.stored((m, k));
        let (br, bc) = s.b.stored((n, k));
        let (r, cc) = s.cd.stored((m, n));
        let p = |rows, cols, ld, stride| Pitched { rows, cols, ld, batch: s.batch, stride };
        [p(ar, ac, s.lda, s.batch_a), p(br, bc, s.ldb, s.batch_b), p(r, cc, s.ldc, s.batch_c), p(r, cc, s.ldd, s.batch_d)]
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z + bias` of an fp8 configuration
    /// (`sm90_128x256_e4m3`, `sm90_128x256_e5m2`): A (m,k) and B (n,k) of its fp8 format `F`
    /// ([`crate::fp8::E4m3`], [`crate::fp8::E5m2`]), both K-major; C, D and the bias of the
    /// configuration's 16-bit output type (bf16, or fp16 for `sm90_128x256_e4m3_f16cd`, as `u16`
    /// bits). The products accumulate in fp32 (wgmma's fp8 accumulation); [`Scales`] multiply the
    /// accumulator: per-tensor scales as `alpha = scale_a * scale_b` (an `f32`, times any alpha of
    /// the caller's), or per-row scales of A and B (`Scales::RowCol`: `D[i][j] = a[i] * b[j] *
    /// acc[i][j]`, the vectors' lengths checked against m, n and the batch).
    /// Batches, strides, residues in M and N, beta with C, a bias and column-major C/D as
    /// [`Sm90Gemm::launch_bias`].
    ///
    /// Refused with an error naming the rule: a 16-bit configuration; `F` other than the
    /// configuration's format; an MN-major A or B (transpose it to K-major first); K, lda, ldb or
    /// the batch strides of A and B not multiples of 16 (16-byte TMA rows of one-byte elements);
    /// `RowCol` vectors of other lengths than m and n (or batch x m, batch x n).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_fp8<'s, F, A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        scales: impl Into<Scales<'s>>,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<()>
    where
        F: Fp8,
        A: DevicePtr<F>,
        B: DevicePtr<F>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        fp8_rules(self.config.name, self.fp8, F::NAME, (m, n, k), s)?;
        self.launch_scaled(stream, (m, n, k), s, a, b, c, d, scales.into(), beta, bias)
    }

    /// [`Sm90Gemm::launch_any`] with `scales`: alpha (per tensor), or the per-row and per-column
    /// vectors of the rowcol entry point (their lengths checked by `rowcol_strides`).
    #[allow(clippy::too_many_arguments)]
    fn launch_scaled<TA, TC, A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        scales: Scales<'_>,
        beta: f32,
        bias: Bias<'_, TC>,
    ) -> Result<()>
    where
        A: DevicePtr<TA>,
        B: DevicePtr<TA>,
        C: DevicePtr<TC>,
        D: DevicePtrMut<TC>,
    {
        match scales {
            Scales::Tensor(alpha) => self.launch_any(stream, (m, n, k), s, a, b, c, d, alpha, beta, bias, None),
            Scales::RowCol { a: va, b: vb } => {
                let (za, zb) = rowcol_strides((va.len(), vb.len()), (m, n), s.batch)?;
                let (pa, _ga) = va.device_ptr(stream);
                let (pb, _gb) = vb.device_ptr(stream);
                // the kernel's problem is D^T for column-major C/D: its rows are B's
                let rc = match s.cd {
                    Order::Row => RowCol { m: pa, n: pb, batch_m: za, batch_n: zb },
                    Order::Col => RowCol { m: pb, n: pa, batch_m: zb, batch_n: za },
                };
                self.launch_any(stream, (m, n, k), s, a, b, c, d, 1.0, beta, bias, Some(rc))
            }
        }
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z + bias` of a tf32 configuration
    /// (`sm90_128x256_tf32`): A (m,k) and B (n,k) f32 in memory, both K-major, which wgmma's tf32
    /// form reads as tf32 (the 10 high mantissa bits of each; the low 13 are ignored); f32
    /// accumulation; C, D and the bias of the configuration's 16-bit output type (as `u16` bits).
    /// Batches, strides, residues in M and N, beta with C, a bias and column-major C/D as
    /// [`Sm90Gemm::launch_bias`].
    ///
    /// Refused with an error naming the rule: a configuration that is not tf32; an MN-major A or
    /// B (wgmma's tf32 form has no transpose: transpose it to K-major first); K, lda, ldb or the
    /// batch strides of A and B not multiples of 4 (16-byte TMA rows of 4-byte elements).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_tf32<A, B, C, D>(&self, stream: &Stream, (m, n, k): (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_>) -> Result<()>
    where
        A: DevicePtr<f32>,
        B: DevicePtr<f32>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        tf32_rules(self.config.name, self.tf32, (m, n, k), s)?;
        self.launch_any(stream, (m, n, k), s, a, b, c, d, alpha, beta, bias, None)
    }

    /// `D_z = scales(A_z * B_z^T) + beta * C_z + bias` of an fp32-output configuration
    /// (`sm90_128x256_f32cd`, `_bf16_f32cd`, `_e4m3_f32cd`, `_tf32_f32cd`): C, D and the bias
    /// `f32`, A and B of the configuration's input as `TA` ([`Sm90AbElem`]: `u16` bits of fp16 or
    /// bf16, [`crate::fp8::E4m3`], or `f32` read as tf32), with that input's rules (fp8 and tf32:
    /// K-major, 16-byte rows, as [`Sm90Gemm::launch_fp8`] and [`Sm90Gemm::launch_tf32`]). `scales`
    /// as for fp8 (`Scales::Tensor(alpha)`, or an `f32` alpha; `Scales::RowCol` for fp8 inputs
    /// only). The kernel reads C and writes D from the registers (`kEpiDirect`: no TMA maps of C
    /// and D), 8-byte pairs where the strides are even.
    ///
    /// Refused with an error naming the rule: a 16-bit-output configuration (its launches take
    /// `u16` C and D); A and B of another type than the configuration's; the input's rules.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_f32cd<'s, TA, A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        scales: impl Into<Scales<'s>>,
        beta: f32,
        bias: Bias<'_, f32>,
    ) -> Result<()>
    where
        TA: Sm90AbElem,
        A: DevicePtr<TA>,
        B: DevicePtr<TA>,
        C: DevicePtr<f32>,
        D: DevicePtrMut<f32>,
    {
        let name = self.config.name;
        if !self.p.epi_direct {
            return Err(unsupported(format!("{name} has 16-bit C and D: launch it with u16 buffers (launch_bias, launch_fp8, launch_tf32 or Sm90Typed), not f32 ones")));
        }
        match (self.fp8, self.tf32) {
            (Some(_), _) => fp8_rules(name, self.fp8, TA::NAME, (m, n, k), s)?,
            (None, true) => {
                if TA::NAME != "tf32" {
                    return Err(unsupported(format!("{name} takes f32 A and B (read as tf32), not {}", TA::NAME)));
                }
                tf32_rules(name, true, (m, n, k), s)?
            }
            (None, false) => {
                if TA::NAME != "16-bit" {
                    return Err(unsupported(format!("{name} takes 16-bit A and B (u16 bits of its element type), not {}", TA::NAME)));
                }
            }
        }
        let scales = scales.into();
        if matches!(scales, Scales::RowCol { .. }) && self.fp8.is_none() {
            return Err(unsupported(format!("{name}: per-row and per-column scales are for fp8 A and B")));
        }
        self.launch_scaled(stream, (m, n, k), s, a, b, c, d, scales, beta, bias)
    }

    /// A launch of A and B of element `TA` (16-bit or fp8, the maps' types from the configuration), C and D of `TC`.
    #[allow(clippy::too_many_arguments)]
    fn launch_any<TA, TC, A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
        bias: Bias<'_, TC>,
        rowcol: Option<RowCol>,
    ) -> Result<()>
    where
        A: DevicePtr<TA>,
        B: DevicePtr<TA>,
        C: DevicePtr<TC>,
        D: DevicePtrMut<TC>,
    {
        if std::mem::size_of::<TA>() as u64 != self.tma_ab.bytes() || std::mem::size_of::<TC>() as u64 != self.tma_cd.bytes() {
            let how = if self.p.epi_direct { " (fp32 C, D and bias: launch it with Sm90Gemm::launch_f32cd or Sm90Typed)" } else { "" };
            return Err(unsupported(format!(
                "{}: A and B take {}-byte, C and D {}-byte elements, not {}-byte and {}-byte ones{how}",
                self.config.name,
                self.tma_ab.bytes(),
                self.tma_cd.bytes(),
                std::mem::size_of::<TA>(),
                std::mem::size_of::<TC>()
            )));
        }
        s.check_elements((m, n, k), self.tma_ab.bytes() as usize)?;
        // (the maps take the strides check_elements checked: a one-row matrix's row stride aligned)
        let s = &s.unused_aligned((m, n, k), self.tma_ab.bytes() as usize);
        // a configuration with the K-major entry point alone (fp8, tf32, the 16-bit members of the
        // K-major family): no map of an MN-major operand is built
        if (s.a == Major::MN || s.b == Major::MN) && self.p.k_major_only {
            return Err(unsupported(format!("{} has the K-major entry point alone (A and B K-major), not {:?}-major A and {:?}-major B", self.config.name, s.a, s.b)));
        }
        let (bias_mode, bias_batch) = bias.mode((m, n), s.batch, s.cd)?;
        let ext = s.extents((m, n, k));
        if a.len() < ext[0] || b.len() < ext[1] || c.len() < ext[2] || d.len() < ext[3] {
            return Err(unsupported(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} with {s:?} (A, B, C, D need {ext:?} elements)", s.batch)));
        }
        let p = &self.p;
        let ([box_a_k, box_a_mn, box_b_k, box_b_mn, box_c, box_d], [sw_a, sw_b, sw_c, sw_d]) = (p.boxes, p.swizzles);
        let batch = s.batch as u64;
        // one matrix for the whole batch: a map of depth 1, z = 0 in the kernel (flags bits 0-2)
        let depth = |stride: usize| if stride == 0 || batch == 1 { 1 } else { batch };
        let (ta, tb, tc, td, mk, nk, flags, pd, pbias, layout) = {
            let (pbias, _gbias) = match bias {
                Bias::None => (0, None),
                Bias::Row(v) | Bias::Col(v) => {
                    let (p, g) = v.device_ptr(stream);
                    (p, Some(g))
                }
            };
            let (pa, _ga) = a.device_ptr(stream);
            let (pb, _gb) = b.device_ptr(stream);
            let (pc, _gc) = c.device_ptr(stream);
            let (pd, _gd) = d.device_ptr_mut(stream);
            // the kernel's problem: row-major C/D as given; column-major D (m,n) is row-major
            // D^T (n,m) = B A^T, so M and N, A and B swap
            let ((mk, pa, lda, za, oa), (nk, pb, ldb, zb, ob)) = match s.cd {
                Order::Row => ((m, pa, s.lda, s.batch_a, s.a), (n, pb, s.ldb, s.batch_b, s.b)),
                Order::Col => ((n, pb, s.ldb, s.batch_b, s.b), (m, pa, s.lda, s.batch_a, s.a)),
            };
            // the kernel's operands: K-major (row-major) maps are (K inner, MN outer), MN-major
            // (column-major) ones (MN inner, K outer); the box {inner, outer} is the header's
            let operand = |mn: usize, major: Major, kbox: (u32, u32), mnbox: (u32, u32)| match major {
                Major::K => ((mn as u64, k as u64), kbox),
                Major::MN => ((k as u64, mn as u64), mnbox),
            };
            let ((ar, ac), bxa) = operand(mk, oa, box_a_k, box_a_mn);
            // a K-major A of fewer rows than a tile, loaded in one box a stage: a box of its rows
            // (rounded up to the swizzle atom's 8), not of the tile's, whose rows past M the TMA
            // would fill with zeros at a cost (flags bits 8-15 tell the kernel the bytes to expect)
            let a_rows = if self.short_a_box { a_box_rows(mk, oa, bxa, p) } else { 0 };
            let bxa = if a_rows > 0 { (bxa.0, a_rows as u32) } else { bxa };
            let ((br, bc), bxb) = operand(nk, ob, box_b_k, box_b_mn);
            let layout = LAYOUTS.iter().position(|&(_, x, y)| x == (oa == Major::MN) && y == (ob == Major::MN)).unwrap_or(0);
            // the kernel's flags: bits 0-2 one A / B / C for the whole batch; bit 3 a D that cannot
            // stay in L2 anyway, whose stores then evict first so that the operands, read again by
            // other tiles, stay (8192x8192x256: +10 %, docs/perf-history.md)
            let d_bytes = self.tma_cd.bytes() as usize * mk * nk * s.batch;
            let flags = i32::from(za == 0) | (i32::from(zb == 0) << 1) | (i32::from(s.batch_c == 0) << 2) | (i32::from(d_bytes > self.l2_bytes) << 3) | ((a_rows as i32) << 8);
            let (mk64, nk64) = (mk as u64, nk as u64);
            // SAFETY: the allocations hold every matrix of the batch with these strides (checked
            // above) and outlive the launch (the caller's borrows).
            unsafe {
                (
                    map(TensorMap::tiled_3d(self.tma_ab, &TensorMapArgs::new(pa, (ar, ac, lda as u64), (depth(za), za as u64), (bxa.1, bxa.0), sw_a)))?,
                    map(TensorMap::tiled_3d(self.tma_ab, &TensorMapArgs::new(pb, (br, bc, ldb as u64), (depth(zb), zb as u64), (bxb.1, bxb.0), sw_b)))?,
                    if self.p.epi_direct {
                        direct_c(pc, s.ldc, if depth(s.batch_c) > 1 { s.batch_c } else { 0 })
                    } else {
                        map(TensorMap::tiled_3d(self.tma_cd, &TensorMapArgs::new(pc, (mk64, nk64, s.ldc as u64), (depth(s.batch_c), s.batch_c as u64), (box_c.1, box_c.0), sw_c)))?
                    },
                    if self.p.epi_direct {
                        direct_c(0, 0, 0)
                    } else {
                        map(TensorMap::tiled_3d(self.tma_cd, &TensorMapArgs::new(pd, (mk64, nk64, s.ldd as u64), (batch, s.batch_d as u64), (box_d.1, box_d.0), sw_d)))?
                    },
                    mk,
                    nk,
                    flags,
                    pd,
                    pbias,
                    layout,
                )
            }
        };
        let f = self.f[layout].as_ref().ok_or_else(|| {
            unsupported(if p.cluster_m > 1 && self.f[2].is_some() {
                format!("{} multicasts slices of a K-major B in clusters: it takes B K-major (sm90_gemm_tn, _nn), not {}", self.config.name, LAYOUTS[layout].0)
            } else {
                format!("{} has the K-major entry point alone (A and B K-major), not {}", self.config.name, LAYOUTS[layout].0)
            })
        })?;
        // per-row and per-column scales: the tn entry point's scaled twin (fp8 rules: tn only)
        let f = match rowcol {
            None => f,
            Some(_) if p.cluster_m > 1 => return Err(unsupported(format!("{}: per-row and per-column scales are not launched in clusters", self.config.name))),
            Some(_) => self.f_rowcol.as_ref().ok_or_else(|| {
                unsupported(format!("{}: its CUBIN has no {ROWCOL} (per-row and per-column scales; built before them?): rebuild it", self.config.name))
            })?,
        };
        let (mi, ni, ki, bi) = (mk as i32, nk as i32, k as i32, s.batch as i32);
        let mut l = stream.launch_builder(f);
        // D's address and strides for the sub-tiles the threads store (N of the kernel's problem
        // not a multiple of 8: a TMA store clips rows in 16-byte units)
        let (ldd, batch_d) = (s.ldd as i64, if s.batch > 1 { s.batch_d as i64 } else { 0 });
        l.arg(&ta).arg(&tb).arg(&tc).arg(&td).arg(&mi).arg(&ni).arg(&ki).arg(&bi).arg(&flags).arg(&alpha).arg(&beta);
        l.arg(&pd).arg(&ldd).arg(&batch_d).arg(&pbias).arg(&bias_mode).arg(&bias_batch);
        // persistent: each cluster of kClusterM CTAs walks cluster tiles (kClusterM tiles along M)
        // of all the batch's problems, the last sk_tiles of them stream-K (Sm90Schedule)
        let cl = p.cluster_m;
        let plan = self.schedule((m, n, k), s);
        let grid = plan.grid as u32;
        let (sk_tiles, sk_split) = (plan.sk_tiles as i32, plan.split as i32);
        // the stream-K workspace: this stream's, a slot and a flag per CTA (per SM when first
        // allocated)
        let mut guard = self.workspaces.lock()?;
        let need = if plan.sk_tiles > 0 { plan.grid } else { 0 };
        let ws = workspace_for(&mut guard, stream, need, self.sms, p.slot_floats)?;
        let (pw, pf) = (ws.sums, ws.counts);
        l.arg(&sk_tiles).arg(&sk_split).arg(&pw).arg(&pf);
        // sm90_gemm_tn_rowcol: then the kernel's row and column scales and their batch strides
        let rc = rowcol.unwrap_or(RowCol { m: 0, n: 0, batch_m: 0, batch_n: 0 });
        if rowcol.is_some() {
            l.arg(&rc.m).arg(&rc.n).arg(&rc.batch_m).arg(&rc.batch_n);
        }
        let cfg = LaunchConfig { grid_dim: (grid, 1, 1), block_dim: (p.block_threads, 1, 1), shared_mem_bytes: self.smem };
        if cl > 1 {
            let mut args: [*mut core::ffi::c_void; 21] = [
                &ta as *const _ as *mut _,
                &tb as *const _ as *mut _,
                &tc as *const _ as *mut _,
                &td as *const _ as *mut _,
                &mi as *const _ as *mut _,
                &ni as *const _ as *mut _,
                &ki as *const _ as *mut _,
                &bi as *const _ as *mut _,
                &flags as *const _ as *mut _,
                &alpha as *const _ as *mut _,
                &beta as *const _ as *mut _,
                &pd as *const _ as *mut _,
                &ldd as *const _ as *mut _,
                &batch_d as *const _ as *mut _,
                &pbias as *const _ as *mut _,
                &bias_mode as *const _ as *mut _,
                &bias_batch as *const _ as *mut _,
                &sk_tiles as *const _ as *mut _,
                &sk_split as *const _ as *mut _,
                &pw as *const _ as *mut _,
                &pf as *const _ as *mut _,
            ];
            // SAFETY: a plain C union of launch-attribute values; the cluster dimension is its member here.
            let mut attr: sys::CUlaunchAttribute = unsafe { core::mem::zeroed() };
            attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
            attr.value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x: cl as u32, y: 1, z: 1 };
            let lc = sys::CUlaunchConfig {
                gridDimX: grid,
                gridDimY: 1,
                gridDimZ: 1,
                blockDimX: p.block_threads,
                blockDimY: 1,
                blockDimZ: 1,
                sharedMemBytes: self.smem,
                hStream: stream.cu_stream(),
                attrs: &mut attr,
                numAttrs: 1,
            };
            self.ctx.bind_to_thread().map_err(driver("context"))?;
            // SAFETY: as for the launch below: `args` points at the kernel's arguments in its
            // signature's order and types, all alive until cuLaunchKernelEx returns (it copies them);
            // the grid is a multiple of the cluster size.
            let r = unsafe { sys::cuLaunchKernelEx(&lc, f.cu_function(), args.as_mut_ptr(), core::ptr::null_mut()) };
            if r != sys::CUresult::CUDA_SUCCESS {
                return Err(Error::Driver { what: format!("launch {} (clusters of {cl})", LAYOUTS[layout].0), source: DriverError(r) });
            }
            return Ok(());
        }
        // SAFETY: the argument list matches the kernel's signature (four CUtensorMaps by value: A,
        // B, C, D; then int M, N, K, batch, flags (one matrix of A, B, C for the batch; D evict-first), float alpha, beta, D's address as a pointer,
        // long long ldd, batch_d, the bias's address (0 for none), int bias_mode, long long
        // bias_batch, int sk_tiles, sk_split, the stream-K sums' and flags' addresses; for
        // sm90_gemm_tn_rowcol then the scale vectors' addresses, of the kernel's M and N floats
        // per problem (rowcol_strides checked their lengths), and their long long batch strides); the stream-K
        // workspace has a slot of the tile's floats and a flag per CTA of the grid (checked above),
        // zero flags between launches, and belongs to this stream alone; the maps and D's address and strides describe the
        // buffers, which hold the batch (checked above); the shape, strides and tile count are ones
        // the kernel takes (Sm90Strides::check).
        unsafe { l.launch(cfg) }.map_err(driver(format!("launch {}", LAYOUTS[layout].0)))?;
        Ok(())
    }
}

/// The element types of A and B that [`Sm90Gemm::launch_f32cd`] takes: `u16` (the bits of fp16
/// or bf16), `f32` (read as tf32), [`crate::fp8::E4m3`], [`crate::fp8::E5m2`].
pub trait Sm90AbElem: Copy + 'static {
    /// `"16-bit"`, `"tf32"`, or the fp8 format's name (`"e4m3"`, `"e5m2"`).
    const NAME: &'static str;
}
impl Sm90AbElem for u16 {
    const NAME: &'static str = "16-bit";
}
impl Sm90AbElem for f32 {
    const NAME: &'static str = "tf32";
}
impl Sm90AbElem for crate::fp8::E4m3 {
    const NAME: &'static str = <crate::fp8::E4m3 as Fp8>::NAME;
}
impl Sm90AbElem for crate::fp8::E5m2 {
    const NAME: &'static str = <crate::fp8::E5m2 as Fp8>::NAME;
}

/// The entry point of per-row and per-column scales ([`Scales::RowCol`]).
const ROWCOL: &str = "sm90_gemm_tn_rowcol";

/// The scale vectors of a [`Scales::RowCol`] launch as the kernel takes them: per row and per
/// column of its problem (D^T's for column-major C/D), their batch strides in floats.
#[derive(Clone, Copy, Debug)]
struct RowCol {
    m: u64,
    n: u64,
    batch_m: i64,
    batch_n: i64,
}

/// What a kernel of 32-bit C and D (`kEpiDirect`) takes in its `tma_c` parameter instead of a
/// tensor map (`Sm90DirectC` of `gemm/sm90_config.cuh`: C's address, leading dimension and batch
/// stride in floats; 0 for one C for the whole batch); all zeros in its unused `tma_d`.
fn direct_c(ptr: u64, ldc: usize, batch_c: usize) -> TensorMap {
    let mut opaque = [0u64; 16];
    opaque[0] = ptr;
    opaque[1] = ldc as u64;
    opaque[2] = batch_c as u64;
    TensorMap(sys::CUtensorMap { opaque })
}

/// A TMA descriptor, or why not as an [`Error::Cuda`].
fn map(r: tycute_cuda::Result<TensorMap>) -> Result<TensorMap> {
    Ok(r?)
}

/// The rules of an fp8 launch ([`Sm90Gemm::launch_fp8`]) beyond [`Sm90Strides::check`]: the
/// configuration `config` has fp8 format `have` and the buffers `given`; A and B K-major; K, lda,
/// ldb and (with a batch) A's and B's batch strides multiples of 16 elements (16 bytes).
pub(crate) fn fp8_rules(config: &str, have: Option<&str>, given: &str, (m, n, k): (usize, usize, usize), s: &Sm90Strides) -> Result<()> {
    match have {
        None => return Err(unsupported(format!("{config} has 16-bit A and B: launch it with launch_bias / launch_batched, not with {given} buffers"))),
        Some(h) if h != given => return Err(unsupported(format!("{config} takes {h} A and B, not {given}"))),
        _ => {}
    }
    k_major_rules(config, "fp8", 1, (m, n, k), s)
}

/// The rules of a tf32 launch ([`Sm90Gemm::launch_tf32`]) beyond [`Sm90Strides::check`]: the
/// configuration `config` is tf32 (`is_tf32`); A and B K-major; K, lda, ldb and (with a batch) A's
/// and B's batch strides multiples of 4 elements (16 bytes).
pub(crate) fn tf32_rules(config: &str, is_tf32: bool, (m, n, k): (usize, usize, usize), s: &Sm90Strides) -> Result<()> {
    if !is_tf32 {
        return Err(unsupported(format!("{config} does not take f32 A and B (tf32): launch a tf32 configuration (sm90_128x256_tf32) with f32 buffers")));
    }
    k_major_rules(config, "tf32", 4, (m, n, k), s)
}

/// The rules wgmma's K-major-only forms (fp8, tf32: `what`) put on A and B: both K-major (no
/// transpose), and K, lda, ldb and (with a batch) their batch strides whole 16-byte TMA rows of
/// `bytes`-byte elements.
fn k_major_rules(config: &str, what: &str, bytes: usize, (m, n, k): (usize, usize, usize), s: &Sm90Strides) -> Result<()> {
    if s.a != Major::K || s.b != Major::K {
        return Err(unsupported(format!(
            "{config}: {what} A and B must be K-major (wgmma's {what} form reads A and B from K-major shared memory only, it has no transpose), not A {:?}-major, B {:?}-major: transpose the MN-major operand to K-major first",
            s.a, s.b
        )));
    }
    let per_row = 16 / bytes;
    let zs = if s.batch > 1 { [s.batch_a, s.batch_b] } else { [0, 0] };
    if k % per_row != 0 || [s.lda, s.ldb, zs[0], zs[1]].iter().any(|x| x % per_row != 0) {
        return Err(unsupported(format!(
            "{config}: {what} A and B need K, lda, ldb and their batch strides multiples of {per_row} (16-byte TMA rows of {bytes}-byte elements), not {m}x{n}x{k}, lda {}, ldb {}, batch strides {}, {}",
            s.lda, s.ldb, s.batch_a, s.batch_b
        )));
    }
    Ok(())
}

/// The device symbol by which a CUBIN of `kernels/sm90_gemm.cu` says its producer takes the rows
/// of A's box from `flags` bits 8-15 ([`a_box_rows`]).
pub const SHORT_A_BOX_SYMBOL: &str = "tycute_sm90_short_a_box";

/// The rows of A's box where the kernel's A (`mk` rows, major `major`, header box `bx` `{inner,
/// outer}`) has fewer rows than a tile of `p`'s and is K-major, loaded in one box a stage, by CTAs
/// outside clusters: `mk` rounded up to 8 (the 128-byte swizzle atom's rows); 0 (the header's box)
/// elsewhere. The kernel expects that many rows' bytes (flags bits 8-15); the stage's other rows
/// feed only accumulator rows past M, which are never stored.
pub(crate) fn a_box_rows(mk: usize, major: Major, bx: (u32, u32), p: &LaunchParams) -> usize {
    let one_box = major == Major::K && bx.1 as usize == p.tile.0 && p.cluster_m == 1;
    if one_box && mk < p.tile.0 && p.tile.0 <= 255 {
        mk.div_ceil(8) * 8
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tf32_rules_name_the_requirement() {
        let e = |shape, s: &Sm90Strides| tf32_rules("sm90_128x256_tf32", true, shape, s).err().map(|e| e.to_string()).unwrap_or_default();
        let p = Sm90Strides::packed((256, 200, 64), 1);
        assert_eq!(e((256, 200, 64), &p), "");
        let nt = Sm90Strides { a: Major::MN, lda: 256, ..p };
        assert!(e((256, 200, 64), &nt).contains("tf32 A and B must be K-major (wgmma's tf32 form reads A and B from K-major shared memory only"), "{}", e((256, 200, 64), &nt));
        let odd = Sm90Strides::packed((256, 200, 66), 1);
        assert!(e((256, 200, 66), &odd).contains("multiples of 4 (16-byte TMA rows of 4-byte elements)"));
        let not = tf32_rules("sm90_128x256", false, (256, 200, 64), &p).unwrap_err().to_string();
        assert!(not.contains("does not take f32 A and B (tf32)"), "{not}");
    }

    #[test]
    fn the_tf32_configuration_maps_f32_operands() {
        let t = Sm90Header::named("sm90_128x256_tf32").unwrap();
        assert_eq!((t.tma_elements().unwrap(), t.tf32().unwrap(), t.fp8().unwrap()), ((TmaElement::F32, TmaElement::Bf16), true, None));
        assert!(!SM90.tf32().unwrap());
    }

    #[test]
    fn fp8_rules_name_the_requirement() {
        let e = |shape, s: &Sm90Strides| fp8_rules("sm90_128x256_e4m3", Some("e4m3"), "e4m3", shape, s).err().map(|e| e.to_string()).unwrap_or_default();
        let p = Sm90Strides::packed((256, 200, 64), 2);
        assert_eq!(e((256, 200, 64), &p), "");
        assert!(e((256, 200, 64), &Sm90Strides::packed_ab((256, 200, 64), 1, Major::MN, Major::K)).contains("must be K-major") );
        assert!(e((256, 200, 64), &Sm90Strides::packed_ab((256, 200, 64), 1, Major::K, Major::MN)).contains("transpose the MN-major operand to K-major first"));
        assert!(e((256, 200, 40), &Sm90Strides::packed((256, 200, 40), 1)).contains("multiples of 16"));
        assert!(e((256, 200, 64), &Sm90Strides { lda: 72, ..p }).contains("multiples of 16"));
        assert!(e((256, 200, 64), &Sm90Strides { batch_b: 200 * 64 + 8, ..p }).contains("multiples of 16"));
        // one problem: the batch strides are not used
        assert_eq!(e((256, 200, 64), &Sm90Strides { batch_b: 8, batch: 1, ..p }), "");
        // column-major C/D: still both K-major
        assert_eq!(e((256, 200, 64), &Sm90Strides::packed_col((256, 200, 64), 1)), "");
        let wrong = fp8_rules("sm90_128x256_e4m3", Some("e4m3"), "e5m2", (256, 200, 64), &p).unwrap_err().to_string();
        assert!(wrong.contains("takes e4m3 A and B, not e5m2"), "{wrong}");
        let half = fp8_rules("sm90_128x256", None, "e4m3", (256, 200, 64), &p).unwrap_err().to_string();
        assert!(half.contains("16-bit A and B"), "{half}");
    }

    /// A K-major A of fewer rows than a tile is loaded in a box of its rows, rounded up to 8, where
    /// one box a stage holds the tile's rows and no cluster multicasts; elsewhere the header's box.
    #[test]
    fn a_box_of_the_rows_of_a_short_a() {
        use crate::sm90::Sm90Header;
        for name in ["sm90_64x96_e4m3", "sm90_128x96", "sm90_64x64", "sm90_128x128_e4m3"] {
            let cf = Sm90Header::named(name).unwrap();
            let p = LaunchParams::of(&cf).unwrap();
            let bx = p.boxes[0];
            assert_eq!(bx.1 as usize, p.tile.0, "{name}: one box of A's rows a stage");
            assert_eq!(a_box_rows(1, Major::K, bx, &p), 8, "{name}");
            assert_eq!(a_box_rows(16, Major::K, bx, &p), 16, "{name}");
            assert_eq!(a_box_rows(17, Major::K, bx, &p), 24, "{name}");
            assert_eq!(a_box_rows(p.tile.0, Major::K, bx, &p), 0, "{name}: a whole tile");
            assert_eq!(a_box_rows(1000, Major::K, bx, &p), 0, "{name}");
        }
        let p = LaunchParams::of(&crate::sm90::SM90).unwrap();
        assert_eq!(a_box_rows(16, Major::MN, p.boxes[1], &p), 0, "an MN-major A: its box is along M");
        let c2 = Sm90Header::named("sm90_128x256_e4m3_c2").unwrap();
        let p = LaunchParams::of(&c2).unwrap();
        assert_eq!(a_box_rows(16, Major::K, p.boxes[0], &p), 0, "clusters: the header's box");
    }

    #[test]
    fn map_elements_of_the_configurations() {
        use crate::sm90::{Sm90Header, SM90};
        assert_eq!(SM90.tma_elements().unwrap(), (TmaElement::F16, TmaElement::F16));
        assert_eq!(Sm90Header::named("sm90_128x256_bf16").unwrap().tma_elements().unwrap(), (TmaElement::Bf16, TmaElement::Bf16));
        let e4 = Sm90Header::named("sm90_128x256_e4m3").unwrap();
        assert_eq!((e4.tma_elements().unwrap(), e4.fp8().unwrap()), ((TmaElement::U8, TmaElement::Bf16), Some("e4m3")));
        let e5 = Sm90Header::named("sm90_128x256_e5m2").unwrap();
        assert_eq!((e5.tma_elements().unwrap(), e5.fp8().unwrap()), ((TmaElement::U8, TmaElement::Bf16), Some("e5m2")));
        assert_eq!(SM90.fp8().unwrap(), None);
        // fp16 C and D of the e4m3 configuration: its maps are FLOAT16
        let f16cd = Sm90Header::named("sm90_128x256_e4m3_f16cd").unwrap();
        assert_eq!((f16cd.tma_elements().unwrap(), f16cd.fp8().unwrap()), ((TmaElement::U8, TmaElement::F16), Some("e4m3")));
        assert_eq!(f16cd.smem_bytes().unwrap(), e4.smem_bytes().unwrap());
        // the launch values of the K-major-only headers (no MN-major boxes): those of the
        // cooperative 128x256 kernel, A's box 128 one-byte elements (128 bytes) wide
        for cf in [e4, e5] {
            let p = crate::sm90::LaunchParams::of(&cf).unwrap_or_else(|e| panic!("{}: {e}", cf.name));
            assert_eq!((p.tile, p.tile_k, p.stream_k, p.cluster_m), ((128, 256), 128, true, 1), "{}", cf.name);
            assert_eq!((p.boxes[0], p.boxes[1], p.boxes[3]), ((128, 128), (0, 0), (0, 0)), "{}", cf.name);
            assert_eq!(p.swizzles[0], 3);
            // the maps of a packed 256x512x128 problem pass the driver's rules in their element types
            let (ab, cd) = cf.tma_elements().unwrap();
            let a = TensorMapArgs::new(256, (256, 128, 128), (1, 0), (p.boxes[0].1, p.boxes[0].0), p.swizzles[0]);
            let d = TensorMapArgs::new(256, (256, 512, 512), (1, 0), (p.boxes[5].1, p.boxes[5].0), p.swizzles[3]);
            assert_eq!((a.broken_rule_of(ab), d.broken_rule_of(cd)), (None, None), "{}", cf.name);
        }
    }
}
