//! [`Sm80Launcher`]: `sm80_gemm_tn` of one configuration, loaded, and its launches (packed, in
//! place, batched, in any layouts the configuration serves), with the stream-K tail.

use std::sync::Arc;

use tycute_cuda::cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute_enum};
use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, DevicePtr, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;

use crate::device::{SameBuffer, Stream};
use crate::elem::GemmElem;
use crate::error::{driver, unsupported};
use crate::layout::Layouts;
use crate::sm80::{check_elem, check_input, InputElem, Sm80Header, Sm80Strides};
use crate::stream_k::StreamKTail;
use crate::workspace::{workspace_for, StreamKWorkspaces};
use crate::Result;

/// `sm80_gemm_tn` of one configuration, loaded: the configuration chosen at run time by name
/// ([`Sm80Header::named`]); [`Sm80Gemm`](crate::sm80::Sm80Gemm) is the same chosen by type.
pub struct Sm80Launcher {
    /// The configuration the CUBIN was built for.
    pub cfg: Sm80Header,
    /// Whether a launch may split the tiles of its last, partly filled wave along K
    /// ([`StreamKTail`]); on by default, off for measuring what it brings.
    pub stream_k: bool,
    /// The device's multiprocessors: one CTA each at a time (the kernel's registers and shared
    /// memory allow one), so `tiles % sms` is the last wave's size.
    pub sms: usize,
    ctx: Arc<CudaContext>,
    _module: Arc<CudaModule>,
    f: CudaFunction,
    /// The stream-K units' fp32 partial tiles and arrival counters (zero between launches: the
    /// last unit of a tile clears its slot), per stream.
    workspaces: StreamKWorkspaces,
}

impl Sm80Launcher {
    /// The context the kernel is loaded in.
    pub fn ctx(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// Loads the kernel from a CUBIN and allows it its dynamic shared memory.
    pub fn load(ctx: &Arc<CudaContext>, cfg: &Sm80Header, image: Vec<u8>) -> Result<Sm80Launcher> {
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the CUBIN"))?;
        let f = module.load_function("sm80_gemm_tn").map_err(driver("kernel sm80_gemm_tn"))?;
        f.set_attribute(
            CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            cfg.smem_bytes as i32,
        )
        .map_err(driver("shared memory attribute"))?;
        let sms = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(driver("SM count"))? as usize;
        Ok(Sm80Launcher {
            cfg: cfg.clone(),
            stream_k: true,
            sms: sms.max(1),
            ctx: ctx.clone(),
            _module: module,
            f,
            workspaces: Default::default(),
        })
    }

    /// The stream-K split a launch of shape `(m, n, k)` (in the kernel's own terms: M and N
    /// exchanged for row-major C) and `batch` problems uses: none for batches (their grid is
    /// already batch times the tiles) or when [`Sm80Launcher::stream_k`] is off.
    pub fn stream_k_plan(&self, (m, n, k): (usize, usize, usize), batch: usize) -> Option<StreamKTail> {
        let (bm, bn, bk) = self.cfg.tile;
        if !self.stream_k || batch != 1 {
            return None;
        }
        StreamKTail::plan(m.div_ceil(bm) * n.div_ceil(bn), k.div_ceil(bk), self.sms)
    }

    /// `D = alpha * A * B^T + beta * C` on device buffers: A (m,k), B (n,k) of the
    /// configuration's input type (`half::f16` or `half::bf16`, or their bits as `u16`) in the
    /// configuration's own layouts (`cfg.layouts()`: TN or NT), C, D (m,n) column-major of the
    /// configuration's element type `T` ([`Sm80Header::out_bits`]: `f32`, or `half::f16` / `u16`;
    /// another is an error), packed ([`Sm80Strides::packed_for`]). Any shape
    /// [`Sm80Header::shape_ok`] takes.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<I: InputElem, T: GemmElem>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        a: &CudaSlice<I>,
        b: &CudaSlice<I>,
        c: &CudaSlice<T>,
        d: &mut CudaSlice<T>,
        alpha: f32,
        beta: f32,
    ) -> Result<()> {
        self.launch_batched(stream, (m, n, k), &Sm80Strides::packed_for((m, n, k), 1, &self.cfg.layouts()), a, b, c, d, alpha, beta)
    }

    /// `C = alpha * A * B^T + beta * C` in place: [`Sm80Launcher::launch`] with D the buffer of C (the
    /// kernel's C and D are not `__restrict__`, and each thread reads every element of C it
    /// reads before it writes the same element of D, and no other). A (m,k), B (n,k) halves in
    /// the configuration's own layouts, C (m,n) column-major of its element type, packed.
    #[allow(clippy::too_many_arguments)]
    pub fn run<I: InputElem, T: GemmElem>(
        &self,
        shape: (usize, usize, usize),
        a: &CudaSlice<I>,
        b: &CudaSlice<I>,
        c: &mut CudaSlice<T>,
        alpha: f32,
        beta: f32,
        stream: &Stream,
    ) -> Result<()> {
        check_elem::<T>(&self.cfg)?;
        let len = c.len();
        // the guard orders the launch after C's previous work and records it for C's next
        let (ptr, _guard) = c.device_ptr_mut(stream);
        let view = SameBuffer::<T>::new(ptr, len, stream);
        let mut same = SameBuffer::<T>::new(ptr, len, stream);
        self.launch_batched(stream, shape, &Sm80Strides::packed_for(shape, 1, &self.cfg.layouts()), a, b, &view, &mut same, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, in the configuration's own
    /// layouts (`cfg.layouts()`, C column-major): [`Sm80Launcher::launch_layouts`] with those.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_batched<A, B, C, D, I: InputElem, T: GemmElem>(
        &self,
        stream: &Stream,
        shape: (usize, usize, usize),
        s: &Sm80Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
    ) -> Result<()>
    where
        A: DevicePtr<I>,
        B: DevicePtr<I>,
        C: DevicePtr<T>,
        D: DevicePtrMut<T>,
    {
        self.launch_layouts(stream, shape, &self.cfg.layouts(), s, a, b, c, d, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, A (m,k), B (n,k), C and D (m,n)
    /// in layouts `l` with the leading dimensions and batch strides of `s` (checked by
    /// [`Sm80Strides::check_layouts`]: `l` must be this configuration's A and B majorness with C
    /// column-major, or the exchanged majorness with C row-major, see
    /// [`Layouts::kernel_operands`]; [`Layouts::sm80_config`] names the configuration), on any
    /// device buffers or views that hold them. C and D hold the configuration's element type `T`
    /// ([`check_elem`]). C is not read when beta is 0. One launch, grid
    /// (ceil(m / bM) * ceil(n / bN), batch), with m and n exchanged for row-major C; a single
    /// problem whose last wave is less than half full splits that wave's tiles along K
    /// ([`StreamKTail`], [`Sm80Launcher::stream_k`]), their partial sums meeting in a workspace of the
    /// stream's.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_layouts<A, B, C, D, I: InputElem, T: GemmElem>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        l: &Layouts,
        s: &Sm80Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
    ) -> Result<()>
    where
        A: DevicePtr<I>,
        B: DevicePtr<I>,
        C: DevicePtr<T>,
        D: DevicePtrMut<T>,
    {
        check_elem::<T>(&self.cfg)?;
        check_input::<I>(&self.cfg)?;
        s.check_layouts(&self.cfg, (m, n, k), l)?;
        let [la, lb, lc, ld] = s.lens(l, (m, n, k));
        if a.len() < la || b.len() < lb || c.len() < lc || d.len() < ld {
            return Err(unsupported(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} ({}) with {s:?}", s.batch, l.name())));
        }
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pc, _gc) = c.device_ptr(stream);
        let (pd, _gd) = d.device_ptr_mut(stream);
        // row-major C: the column-major D^T (n,m) = B * A^T, B as the kernel's A
        let (_, _, swapped) = l.kernel_operands();
        let ((km, kn), (p0, ld0, z0), (p1, ld1, z1)) = if swapped {
            ((n, m), (pb, s.ldb, s.batch_b), (pa, s.lda, s.batch_a))
        } else {
            ((m, n), (pa, s.lda, s.batch_a), (pb, s.ldb, s.batch_b))
        };
        let (mi, ni, ki) = (km as i32, kn as i32, k as i32);
        let (lda, ldb, ldc, ldd) = (ld0 as i32, ld1 as i32, s.ldc as i32, s.ldd as i32);
        let (za, zb, zc, zd) = (z0 as i64, z1 as i64, s.batch_c as i64, s.batch_d as i64);
        let (bm, bn, _) = self.cfg.tile;
        let tiles = km.div_ceil(bm) * kn.div_ceil(bn);
        // the stream-K tail: its workspace is this stream's (allocated zeroed on first use with
        // sms / 2 slots, the most a split of `sms` takes; again if a launch needs more, e.g.
        // after `sms` was raised)
        let plan = self.stream_k_plan((km, kn, k), s.batch);
        let (sk_first, sk_splits, ctas) = match plan {
            Some(p) => (p.first as i32, p.splits as i32, p.ctas(tiles)),
            None => (tiles as i32, 0i32, tiles),
        };
        if ctas > i32::MAX as usize {
            return Err(unsupported(format!("{km}x{kn}x{k}: {ctas} CTAs are more than the grid takes")));
        }
        let mut guard = self.workspaces.lock()?;
        let need = plan.map_or(0, |p| tiles - p.first);
        let ws = workspace_for(&mut guard, stream, need, self.sms.div_ceil(2), bm * bn)?;
        let mut launch = stream.launch_builder(&self.f);
        launch.arg(&mi).arg(&ni).arg(&ki);
        launch.arg(&p0).arg(&lda).arg(&za).arg(&p1).arg(&ldb).arg(&zb);
        launch.arg(&pc).arg(&ldc).arg(&zc).arg(&pd).arg(&ldd).arg(&zd);
        launch.arg(&alpha).arg(&beta);
        launch.arg(&sk_first).arg(&sk_splits).arg(&ws.sums).arg(&ws.counts);
        let cfg = LaunchConfig {
            grid_dim: (ctas as u32, s.batch as u32, 1),
            block_dim: (self.cfg.threads as u32, 1, 1),
            shared_mem_bytes: self.cfg.smem_bytes as u32,
        };
        // SAFETY: the argument list matches the kernel's signature (device pointers as
        // CUdeviceptr); the buffers hold every matrix of the batch with these strides (checked
        // above), and the shape, layouts and strides are ones the kernel takes (checked above; for
        // row-major C the kernel's problem is the exchanged one, which check_layouts checks). The
        // stream-K workspace has at least tiles - sk_first slots of bm * bn floats (checked
        // above), zero between launches of this stream, and belongs to this stream alone. The pointers' guards
        // (_ga.._gd, ws) live until after the launch is queued.
        unsafe { launch.launch(cfg) }.map_err(driver("launch sm80_gemm_tn"))?;
        let _ = &self.ctx;
        Ok(())
    }
}
