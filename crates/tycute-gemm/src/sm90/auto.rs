//! [`Sm90Auto`]: the launch API's choice per shape, in one object, for 16-bit A and B on an sm_90
//! GPU (and fp8 ones: [`Sm90Auto::launch_fp8`], [`pick_fp8`]'s configuration): the decode-sized kernel ([`crate::skinny`]) where [`crate::skinny::chosen`] takes the
//! problem, else the sm90 configuration [`pick_of`] names, launched through
//! [`Sm90Gemm::launch_staged`] (any leading dimensions), or, for few-tile problems, split along K
//! with a separate reduction ([`split_k`]). Each kernel is built (NVRTC) or read
//! (`$TYCUTE_CUBIN_DIR`) and loaded the first time a shape needs it. `tycute bench sm90` and its
//! sweep follow the same choice ([`sm90_choice`]).

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tycute_cuda::cudarc::driver::{CudaContext, DevicePtr, DevicePtrMut};

use crate::device::{SameBuffer, Stream};
use crate::elem::ElementCode;
use crate::error::{driver, unsupported};
use crate::layout::{Major, Order};
use crate::skinny::{SkinnyFp8, SkinnyGemm, SkinnyStrides};
use crate::sm90::split_k::{self, ReduceArgs, SplitKReduce, SplitWorkspace};
use crate::fp8::{Fp8, Scales};
use crate::sm90::{few_rows_on_64x96, fp8_decode_tiles, pick_fp8_on, pick_of, pick_of_tn, Bias, Sm90Gemm, Sm90Gpu, Sm90Header, Sm90Strides};
use crate::staging::{Stage, Staged};
use crate::Result;

/// What the launch API runs for one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sm90Choice {
    /// The decode-sized kernel (`skinny_gemm_tn`, or `_m64` above 16 rows).
    Skinny,
    /// An sm90 configuration, through [`Sm90Gemm::launch_staged`] (what it copies first).
    Sm90 {
        /// The configuration [`pick_of`] names.
        config: Sm90Header,
        /// The operands copied into aligned rows first ([`Sm90Gemm::stages`]).
        staged: Staged,
    },
    /// K cut into `splits` slices, their partial products by the fp32-output configuration
    /// `config` as a batch, added by `splitk_reduce` ([`split_k`]).
    SplitK {
        /// The configuration of the partial products ([`split_k::partial_config`]).
        config: Sm90Header,
        /// How many slices of K.
        splits: usize,
    },
}

impl Sm90Choice {
    /// "skinny_gemm", "sm90_128x256" or "sm90, staged A (misaligned)".
    pub fn describe(&self) -> String {
        match self {
            Sm90Choice::Skinny => "skinny_gemm".to_string(),
            Sm90Choice::Sm90 { config, staged } if staged.any() => format!("{}, {}", config.name, staged.describe()),
            Sm90Choice::Sm90 { config, .. } => config.name.to_string(),
            Sm90Choice::SplitK { config, splits } => format!("{}, split-K {splits} + splitk_reduce", config.name),
        }
    }
}

/// The leading dimensions of `s` as the skinny kernel's, where its layout is the one it takes: one
/// problem, A and B K-major, C and D row-major, no bias.
fn skinny_strides(s: &Sm90Strides, bias_none: bool) -> Option<SkinnyStrides> {
    (s.batch == 1 && bias_none && s.a == Major::K && s.b == Major::K && s.cd == Order::Row).then_some(SkinnyStrides { lda: s.lda, ldb: s.ldb, ldc: s.ldc, ldd: s.ldd })
}

/// The launch API's choice for `(m, n, k)` with strides `s`, `beta`, with or without a bias, on a
/// GPU of `sms` SMs, element `e`, the buffers at `[a, b, c, d]`: the skinny kernel where it takes
/// the layout and [`crate::skinny::chosen`] the shape (and A and B are 16-byte aligned), else
/// K split with a separate reduction where [`split_k::plan`] takes the problem (one problem, few
/// tiles, A and B as they lie), else [`pick_of`]'s configuration for the kernel's problem
/// (`(n, m, k)` for a column-major D, whose transpose the kernel computes) with what
/// [`Sm90Gemm::stages`] copies; where the kernel's B has rows half a sector off
/// ([`Sm90Gemm::kernel_b_half_sector`]) and the configuration has a form in clusters
/// ([`Sm90Header::multicast`]: `sm90_128x256_c2`), that form, those rows read as they lie.
/// `Err`: a shape no kernel
/// takes ([`Sm90Strides::check_fit`]), or an element type without sm90 configurations.
pub fn sm90_choice(shape: (usize, usize, usize), s: &Sm90Strides, beta: f32, bias_none: bool, gpu: Sm90Gpu, e: ElementCode, ptrs: [u64; 4]) -> Result<Sm90Choice> {
    // (pick on the kernel's problem: D^T = B A^T, (n, m, k), for a column-major D)
    let (km, kn) = s.cd.stored((shape.0, shape.1));
    // A and B both K-major, B's rows on whole sectors: the K-major-only tiles are weighed too
    let tn = s.a == Major::K && s.b == Major::K && !Sm90Gemm::kernel_b_half_sector(shape, s, [ptrs[0], ptrs[1]], 2);
    // 17 to 32 rows on an H200: the 64x96 tiles, not the skinny kernel or split-K
    let few_rows = tn && few_rows_on_64x96((km, kn, shape.2), s.batch, gpu);
    if let Some(ss) = skinny_strides(s, bias_none).filter(|_| !few_rows) {
        if crate::skinny::chosen(shape, &ss) && ptrs[0] % 16 == 0 && ptrs[1] % 16 == 0 {
            return Ok(Sm90Choice::Skinny);
        }
    }
    s.check_fit(shape)?;
    if let Some(splits) = split_k::plan(shape, s, gpu.sms, ptrs).filter(|_| !few_rows) {
        return Ok(Sm90Choice::SplitK { config: split_k::partial_config(e)?, splits });
    }
    let picked = if tn { pick_of_tn((km, kn, shape.2), s.batch, gpu, e)? } else { pick_of((km, kn, shape.2), s.batch, gpu, e)? };
    let config = multicast_form(picked, shape, s, [ptrs[0], ptrs[1]], 2);
    // (the form in clusters is of two CTAs: `Sm90Header::multicast`)
    let staged = Sm90Gemm::stages_in(shape, s, beta, ptrs, if config == picked { 1 } else { 2 });
    Ok(Sm90Choice::Sm90 { config, staged })
}

/// The configuration the launch API runs for `config`'s choice: its form in clusters of two
/// ([`Sm90Header::multicast`]) where the kernel's B, at device address `[a, b]`'s, elements of
/// `bytes` bytes, has rows half a sector off ([`Sm90Gemm::kernel_b_half_sector`]) and the
/// registry has that form; else `config`. `sm90_choice`, `fp8_choice` and `tycute bench` all
/// take it from here.
///
/// The 128x192 tiles have no such form: where [`pick`](crate::sm90::pick) chose them for the last
/// wave, the 128x256 tiles' form is taken (half-sector rows of B cost the one-CTA kernels about a
/// third of their speed, more than a last wave costs).
pub fn multicast_form(config: Sm90Header, shape: (usize, usize, usize), s: &Sm90Strides, ab: [u64; 2], bytes: usize) -> Sm90Header {
    if !Sm90Gemm::kernel_b_half_sector(shape, s, ab, bytes) {
        return config;
    }
    let wide = Sm90Header::named(&config.name.replacen("128x192", "128x256", 1)).unwrap_or(config);
    config.multicast().or_else(|| wide.multicast()).unwrap_or(config)
}

/// The launch API's fp8 choice ([`Sm90Auto::launch_fp8`]) for `(m, n, k)` with strides `s` (per
/// tensor scales or not, with or without a bias) on `gpu`, format `fp8`: the
/// decode-sized fp8 kernel where it takes the layout and [`crate::skinny::chosen_fp8`] the shape
/// (on an H200 the sm90 kernel's tiles of [`fp8_decode_tiles`] where they fill the SMs),
/// else [`pick_fp8_on`]'s configuration (on an H200 the 16-bit TN choice's tiles, the 96-column
/// ones among them) for the kernel's problem (`(n, m, k)` for a column-major D),
/// its operands as they lie (in clusters, as [`sm90_choice`], where the kernel's B has rows half a
/// sector off and the scales are per tensor). `Err`: a shape no kernel takes, or a format without kernels.
pub fn fp8_choice(shape: (usize, usize, usize), s: &Sm90Strides, tensor_scales: bool, bias_none: bool, gpu: Sm90Gpu, fp8: &str) -> Result<Sm90Choice> {
    s.check_fit(shape)?;
    let skinny = skinny_strides(s, bias_none).filter(|_| tensor_scales).is_some_and(|ss| crate::skinny::chosen_fp8(shape, &ss));
    let (km, kn) = s.cd.stored((shape.0, shape.1));
    let config = if skinny {
        // on an H200, the sm90 kernel's tiles where they fill the SMs (A loaded in boxes of its rows)
        match fp8_decode_tiles(shape, gpu, fp8) {
            Some(config) => config,
            None => return Ok(Sm90Choice::Skinny),
        }
    } else {
        pick_fp8_on((km, kn, shape.2), s.batch, gpu, fp8)?
    };
    // the kernel's B in rows half a sector off: the configuration's form in clusters, if any
    // (per-tensor scales: the per-row / per-column form is not launched in clusters; the
    // buffers' addresses are not asked for, fp8 operands being read as they lie)
    let config = if tensor_scales { multicast_form(config, shape, s, [0, 0], 1) } else { config };
    Ok(Sm90Choice::Sm90 { config, staged: Staged { a: Stage::Direct, b: Stage::Direct, cd: Stage::Direct } })
}

/// Every 16-bit sm90 kernel of one element type (fp16 or bf16), loaded as shapes need them, and
/// launched by [`sm90_choice`].
pub struct Sm90Auto {
    ctx: Arc<CudaContext>,
    element: ElementCode,
    gpu: Sm90Gpu,
    gemms: Mutex<HashMap<&'static str, Arc<Sm90Gemm>>>,
    skinny: Mutex<Option<Arc<SkinnyGemm>>>,
    skinny_fp8: Mutex<Vec<Arc<SkinnyFp8>>>,
    reduce: Mutex<Option<Arc<SplitKReduce>>>,
    /// The split launches' partials, one workspace per stream (launches on different streams
    /// never share one; on one stream they are ordered).
    split_ws: Mutex<HashMap<usize, SplitWorkspace>>,
}

impl Sm90Auto {
    /// The kernels of element `e` (fp16 or bf16) on `ctx`'s GPU (sm_90: an error names another);
    /// nothing is built or loaded yet.
    pub fn new(ctx: &Arc<CudaContext>, e: ElementCode) -> Result<Sm90Auto> {
        if e == ElementCode::F32 {
            return Err(unsupported("Sm90Auto takes fp16 or bf16 A and B (tf32 and fp8 have configurations of their own: Sm90Gemm::launch_tf32, launch_fp8)".to_string()));
        }
        match tycute_cuda::gpu::arch(ctx) {
            Ok(tycute_cuda::nvrtc::Arch::Sm90a) => {}
            Ok(a) => return Err(unsupported(format!("Sm90Auto needs an sm_90 GPU (wgmma, TMA), this one is {a}"))),
            Err(x) => return Err(unsupported(format!("Sm90Auto: {x}"))),
        }
        let gpu = Sm90Gpu::of(ctx)?;
        Ok(Sm90Auto { ctx: ctx.clone(), element: e, gpu, gemms: Mutex::new(HashMap::new()), skinny: Mutex::new(None), skinny_fp8: Mutex::new(Vec::new()), reduce: Mutex::new(None), split_ws: Mutex::new(HashMap::new()) })
    }

    /// The element type of A, B, C and D.
    pub fn element(&self) -> ElementCode {
        self.element
    }

    /// The context the kernels are loaded in.
    pub fn ctx(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The GPU's SMs (what the choice plans for).
    pub fn sms(&self) -> usize {
        self.gpu.sms
    }

    /// What the choice knows of the GPU: its SMs and its memory's bandwidth.
    pub fn gpu(&self) -> Sm90Gpu {
        self.gpu
    }

    /// [`sm90_choice`] on this GPU for buffers at aligned addresses.
    pub fn choice(&self, shape: (usize, usize, usize), s: &Sm90Strides, beta: f32, bias_none: bool) -> Result<Sm90Choice> {
        sm90_choice(shape, s, beta, bias_none, self.gpu, self.element, [0; 4])
    }

    /// The configuration `config`'s kernel, loaded once.
    pub fn gemm(&self, config: Sm90Header) -> Result<Arc<Sm90Gemm>> {
        let mut map = self.gemms.lock().map_err(|_| unsupported("Sm90Auto: a launch on another thread panicked".to_string()))?;
        if let Some(g) = map.get(config.name) {
            return Ok(g.clone());
        }
        let image = config.cubin()?.ok_or_else(|| unsupported(format!("{}: no CUBIN and no NVRTC to build it (set {} or put NVRTC on the library path)", config.name, config.cubin_env())))?;
        let mut g = Sm90Gemm::load_config(&self.ctx, config, image)?;
        // the fp32-output configurations run split-K's partial products here, whose slices are
        // the split already: whole tiles, no stream-K inside them
        g.stream_k = !config.epi_direct()?;
        let g = Arc::new(g);
        map.insert(config.name, g.clone());
        Ok(g)
    }

    /// The skinny kernel of this element type, loaded once.
    pub fn skinny(&self) -> Result<Arc<SkinnyGemm>> {
        let mut slot = self.skinny.lock().map_err(|_| unsupported("Sm90Auto: a launch on another thread panicked".to_string()))?;
        if let Some(g) = slot.as_ref() {
            return Ok(g.clone());
        }
        let g = Arc::new(SkinnyGemm::load(&self.ctx, self.element)?.ok_or_else(|| unsupported("skinny_gemm: no CUBIN and no NVRTC to build it".to_string()))?);
        *slot = Some(g.clone());
        Ok(g)
    }

    /// The split-K reduction, loaded once.
    pub fn reduce(&self) -> Result<Arc<SplitKReduce>> {
        let mut slot = self.reduce.lock().map_err(|_| unsupported("Sm90Auto: a launch on another thread panicked".to_string()))?;
        if let Some(r) = slot.as_ref() {
            return Ok(r.clone());
        }
        let r = Arc::new(SplitKReduce::load(&self.ctx)?.ok_or_else(|| unsupported("splitk_reduce: no CUBIN and no NVRTC to build it".to_string()))?);
        *slot = Some(r.clone());
        Ok(r)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z + bias` with the strides, batch and layouts of `s`
    /// (as [`Sm90Gemm::launch_bias`], any leading dimensions), by the launch API's choice; returns
    /// it. The first launch that needs a kernel builds or reads and loads it.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<A, B, C, D>(
        &self,
        stream: &Stream,
        shape: (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<Sm90Choice>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        let (la, lb, lc, ld) = (a.len(), b.len(), c.len(), d.len());
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pc, _gc) = c.device_ptr(stream);
        let (pd, _gd) = d.device_ptr_mut(stream);
        let choice = sm90_choice(shape, s, beta, matches!(bias, Bias::None), self.gpu, self.element, [pa, pb, pc, pd])?;
        // (the caller's buffers as views: their guards above order this launch in their streams)
        let (xa, xb, xc) = (SameBuffer::<u16>::new(pa, la, stream), SameBuffer::<u16>::new(pb, lb, stream), SameBuffer::<u16>::new(pc, lc, stream));
        let mut xd = SameBuffer::<u16>::new(pd, ld, stream);
        match choice {
            Sm90Choice::Skinny => {
                let ss = SkinnyStrides { lda: s.lda, ldb: s.ldb, ldc: s.ldc, ldd: s.ldd };
                self.skinny()?.launch(stream, shape, &ss, &xa, &xb, &xc, &mut xd, alpha, beta)?;
            }
            Sm90Choice::Sm90 { config, .. } => {
                self.gemm(config)?.launch_staged(stream, shape, s, &xa, &xb, &xc, &mut xd, alpha, beta, bias)?;
            }
            Sm90Choice::SplitK { config, splits } => {
                let (pbias, _gbias) = match bias {
                    Bias::None => (0, None),
                    Bias::Row(v) | Bias::Col(v) => {
                        let (p, g) = v.device_ptr(stream);
                        (p, Some(g))
                    }
                };
                self.launch_split(stream, shape, s, config, splits, (&xa, &xb), [pc, pd, pbias], [lc, ld], (alpha, beta), bias)?;
            }
        }
        Ok(choice)
    }

    /// `D_z = A_z * B_z^T` scaled by `scales` (`+ beta * C_z + bias`) for fp8 A and B of format
    /// `F` (K-major: [`Sm90Gemm::launch_fp8`]'s rules), by the fp8 choice per shape: the
    /// decode-sized fp8 kernel ([`crate::skinny::SkinnyFp8`]) where [`crate::skinny::chosen_fp8`]
    /// takes the problem (M <= 16, one problem, per-tensor scales, no bias, row-major C and D),
    /// else [`pick_fp8_on`]'s configuration (e4m3 on the 16-bit choice's tiles, e5m2 on 128x256
    /// tiles); C, D and the bias are bf16 (`u16` bits), the fp8 kernels' output, whatever this
    /// object's element. Returns what it ran. Leading dimensions, batch strides and K must be
    /// multiples of 16 (no staged copy of one-byte operands): an error names the rule.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_fp8<'s, F, A, B, C, D>(
        &self,
        stream: &Stream,
        shape: (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        scales: impl Into<Scales<'s>>,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<Sm90Choice>
    where
        F: Fp8,
        A: DevicePtr<F>,
        B: DevicePtr<F>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        let scales = scales.into();
        let choice = fp8_choice(shape, s, matches!(scales, Scales::Tensor(_)), matches!(bias, Bias::None), self.gpu, F::NAME)?;
        match (choice, scales) {
            (Sm90Choice::Skinny, Scales::Tensor(alpha)) => {
                let ss = SkinnyStrides { lda: s.lda, ldb: s.ldb, ldc: s.ldc, ldd: s.ldd };
                self.skinny_fp8(F::NAME)?.launch::<F, _, _, _, _>(stream, shape, &ss, a, b, c, d, alpha, beta)?;
            }
            (Sm90Choice::Sm90 { config, .. }, _) => self.gemm(config)?.launch_fp8::<F, _, _, _, _>(stream, shape, s, a, b, c, d, scales, beta, bias)?,
            (other, _) => return Err(unsupported(format!("the fp8 choice {} has no launch", other.describe()))),
        }
        Ok(choice)
    }

    /// The decode-sized fp8 kernel of format `fp8`, loaded once.
    pub fn skinny_fp8(&self, fp8: &str) -> Result<Arc<SkinnyFp8>> {
        let mut map = self.skinny_fp8.lock().map_err(|_| unsupported("Sm90Auto: a launch on another thread panicked".to_string()))?;
        if let Some(g) = map.iter().find(|g| g.format() == fp8) {
            return Ok(g.clone());
        }
        let g = Arc::new(SkinnyFp8::load(&self.ctx, fp8)?.ok_or_else(|| unsupported("skinny_gemm_fp8: no CUBIN and no NVRTC to build it".to_string()))?);
        map.push(g.clone());
        Ok(g)
    }

    /// The split launch of [`Sm90Choice::SplitK`]: the partial products into this stream's
    /// workspace, then the reduction into D (C, D and the bias at `[c, d, bias]`, C's and D's
    /// lengths `lens`).
    #[allow(clippy::too_many_arguments)]
    fn launch_split(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        config: Sm90Header,
        splits: usize,
        (a, b): (&SameBuffer<'_, u16>, &SameBuffer<'_, u16>),
        [pc, pd, pbias]: [u64; 3],
        [lc, ld]: [usize; 2],
        (alpha, beta): (f32, f32),
        bias: Bias<'_>,
    ) -> Result<()> {
        if splits < 2 || k % (8 * splits) != 0 || s.batch != 1 {
            return Err(unsupported(format!("split-K: {splits} slices of K = {k} (one problem, slices of a multiple of 8)")));
        }
        let ext = s.extents((m, n, k));
        if (beta != 0.0 && lc < ext[2]) || ld < ext[3] {
            return Err(unsupported(format!("a buffer is smaller than the {m}x{n}x{k} problem with {s:?} (C, D need {}, {} elements)", ext[2], ext[3])));
        }
        let (bias_mode, _) = bias.mode((m, n), 1, s.cd)?;
        let slice_k = k / splits;
        let (ps, ldw, slice) = split_k::partial_strides(s, (m, n), splits, slice_k);
        let (rows, cols) = s.cd.stored((m, n));
        let gemm = self.gemm(config)?;
        let reduce = self.reduce()?;
        let need = splits * slice;
        let mut map = self.split_ws.lock().map_err(|_| unsupported("Sm90Auto: a launch on another thread panicked".to_string()))?;
        // (tiles x slices <= SMs: at most a 128x256 tile of floats per SM)
        let fresh = || stream.alloc_zeros::<f32>(need.max(self.gpu.sms * 128 * 256)).map_err(driver("split-K workspace"));
        let ws = match map.entry(stream.cu_stream() as usize) {
            Entry::Occupied(o) if o.get().len() >= need => o.into_mut(),
            Entry::Occupied(mut o) => {
                o.insert(fresh()?);
                o.into_mut()
            }
            Entry::Vacant(v) => v.insert(fresh()?),
        };
        let (pw, _gw) = ws.device_ptr_mut(stream);
        let wc = SameBuffer::<f32>::new(pw, need, stream);
        let mut wd = SameBuffer::<f32>::new(pw, need, stream);
        gemm.launch_f32cd::<u16, _, _, _, _>(stream, (m, n, slice_k), &ps, a, b, &wc, &mut wd, 1.0f32, 0.0, Bias::None)?;
        let args = ReduceArgs { ws: pw, splits, slice, ldw, rows, cols, alpha, beta, c: pc, ldc: s.ldc, d: pd, ldd: s.ldd, bias: pbias, bias_mode };
        reduce.launch(stream, self.element, self.gpu.sms, &args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H100: Sm90Gpu = Sm90Gpu::H100_SXM;

    /// The choice, without a GPU: the skinny kernel for decode-sized TN problems (not with a batch,
    /// a bias, another layout or a misaligned A), the picked configuration otherwise, staged
    /// where the strides ask it.
    #[test]
    fn the_choice_per_shape() {
        let e = ElementCode::F16;
        let choose = |shape, s: Sm90Strides, bias_none| sm90_choice(shape, &s, 0.0, bias_none, H100, e, [0; 4]).unwrap();
        let pk = Sm90Strides::packed;
        assert_eq!(choose((1, 4096, 4096), pk((1, 4096, 4096), 1), true), Sm90Choice::Skinny);
        assert_eq!(choose((32, 4096, 4096), pk((32, 4096, 4096), 1), true), Sm90Choice::Skinny);
        let direct = Staged { a: Stage::Direct, b: Stage::Direct, cd: Stage::Direct };
        for (shape, batch, bias_none) in [((1, 4096, 4096), 2, true), ((1, 4096, 4096), 1, false), ((4096, 4096, 4096), 1, true)] {
            let Sm90Choice::Sm90 { config, staged } = choose(shape, pk(shape, batch), bias_none) else { panic!("{shape:?}") };
            assert_eq!((config, staged), (pick_of(shape, batch, H100, e).unwrap(), direct), "{shape:?}");
        }
        assert!(matches!(choose((1, 4096, 4096), Sm90Strides::packed_col((1, 4096, 4096), 1), true), Sm90Choice::Sm90 { .. }));
        // a column-major D: the kernel's problem is (n, m, k), and the choice is made on it
        let col = |shape| match choose(shape, Sm90Strides::packed_col(shape, 1), true) {
            Sm90Choice::Sm90 { config, .. } => config,
            other => panic!("{other:?}"),
        };
        assert_eq!(col((4096, 64, 4096)), pick_of((64, 4096, 4096), 1, H100, e).unwrap());
        assert_eq!(col((4096, 64, 4096)).name, "sm90_64x64");
        assert_eq!(col((4096, 256, 4096)).name, "sm90_128x64");
        let misaligned = sm90_choice((1, 4096, 4096), &pk((1, 4096, 4096), 1), 0.0, true, H100, e, [8, 0, 0, 0]).unwrap();
        assert!(matches!(misaligned, Sm90Choice::Sm90 { staged, .. } if staged.a == Stage::Misaligned));
        let odd = choose((300, 131, 517), pk((300, 131, 517), 1), true);
        assert_eq!(odd.describe(), "sm90, staged A (misaligned), B (misaligned), C/D (misaligned)");
        assert!(sm90_choice((0, 1, 1), &pk((1, 1, 1), 1), 0.0, true, H100, e, [0; 4]).is_err());
    }

    /// On an H200 a TN problem may take the K-major-only 64x96 or 128x96 tiles (`pick_of_tn`); another
    /// layout, or rows of B half a sector off, the tiles of any layout (`pick_of`).
    #[test]
    fn tn_problems_take_the_k_major_tiles_on_an_h200() {
        let h200 = Sm90Gpu::H200;
        let choose = |shape, s: Sm90Strides| sm90_choice(shape, &s, 0.0, true, h200, ElementCode::Bf16, [0; 4]).unwrap().describe();
        let shape = (64, 10240, 8192);
        assert_eq!(choose(shape, Sm90Strides::packed(shape, 1)), "sm90_64x96_bf16");
        assert_eq!(choose((256, 5120, 5120), Sm90Strides::packed((256, 5120, 5120), 1)), "sm90_128x96_bf16");
        // a column-major D: the kernel's problem is 10240 x 64 (80 tiles of 128 rows, not the model's range)
        assert_eq!(choose(shape, Sm90Strides::packed_col(shape, 1)), pick_of((10240, 64, 8192), 1, h200, ElementCode::Bf16).unwrap().name);
        assert_eq!(choose(shape, Sm90Strides::packed_ab(shape, 1, Major::K, Major::MN)), "sm90_bf16");
        assert_eq!(choose(shape, Sm90Strides::packed_ab(shape, 1, Major::MN, Major::K)), "sm90_bf16");
        // K = 8200: B's rows half a sector off
        assert_eq!(choose((64, 10240, 8200), Sm90Strides::packed((64, 10240, 8200), 1)), "sm90_bf16");
    }

    /// 17 to 32 rows of a TN problem on an H200: the 64x96 tiles where one round of them fits the
    /// SMs (N <= 12672), in place of the skinny kernel (N, K <= 4096) and split-K (N <= 5120, K
    /// >= 11008) that an H100 keeps; not with N or K below 2048, a batch, another layout or rows
    /// of B half a sector off.
    #[test]
    fn few_rows_take_the_64x96_tiles_on_an_h200() {
        let pk = Sm90Strides::packed;
        let on = |shape, s: Sm90Strides, gpu| sm90_choice(shape, &s, 0.0, true, gpu, ElementCode::F16, [0; 4]).unwrap().describe();
        for shape in [(24, 4096, 4096), (17, 12288, 4096), (32, 12672, 2048), (27, 6000, 4112)] {
            assert_eq!(on(shape, pk(shape, 1), Sm90Gpu::H200), "sm90_64x96", "{shape:?}");
        }
        // (few of them and a long k-loop: in one consumer, with the split tail)
        for shape in [(32, 4096, 11008), (20, 4096, 13824)] {
            assert_eq!(on(shape, pk(shape, 1), Sm90Gpu::H200), "sm90_64x96_sk", "{shape:?}");
        }
        assert_eq!(on((24, 4096, 4096), pk((24, 4096, 4096), 1), H100), "skinny_gemm");
        assert_eq!(on((32, 4096, 11008), pk((32, 4096, 11008), 1), H100), "sm90_128x256_f32cd, split-K 4 + splitk_reduce");
        // 16 rows, 33 rows, N = 12768 (133 tiles), N or K below 2048, a batch, an M-major A, K =
        // 4104 (B half a sector off)
        for (shape, s) in [
            ((16, 4096, 4096), pk((16, 4096, 4096), 1)),
            ((32, 12768, 4096), pk((32, 12768, 4096), 1)),
            ((32, 1024, 4096), pk((32, 1024, 4096), 1)),
            ((32, 4096, 1024), pk((32, 4096, 1024), 1)),
            ((32, 4096, 4096), pk((32, 4096, 4096), 2)),
            ((32, 4096, 4096), Sm90Strides::packed_ab((32, 4096, 4096), 1, Major::MN, Major::K)),
            ((32, 4096, 4104), pk((32, 4096, 4104), 1)),
        ] {
            assert_ne!(on(shape, s, Sm90Gpu::H200), "sm90_64x96", "{shape:?} {s:?}");
        }
        assert!(!few_rows_on_64x96((33, 4096, 4096), 1, Sm90Gpu::H200));
        assert_eq!(on((33, 4096, 4096), pk((33, 4096, 4096), 1), Sm90Gpu::H200), "sm90_64x96");
    }

    /// The fp8 choice: the decode-sized kernel for M <= 16 with per-tensor scales, no bias and
    /// a row-major D (K a multiple of 16), pick_fp8's configuration otherwise.
    #[test]
    fn the_fp8_choice_per_shape() {
        let pk = Sm90Strides::packed;
        let choose = |shape, s: Sm90Strides, tensor, bias_none| fp8_choice(shape, &s, tensor, bias_none, Sm90Gpu::H100_SXM, "e4m3").unwrap().describe();
        assert_eq!(choose((1, 4096, 4096), pk((1, 4096, 4096), 1), true, true), "skinny_gemm");
        assert_eq!(choose((16, 12288, 4096), pk((16, 12288, 4096), 1), true, true), "skinny_gemm");
        assert_eq!(choose((16, 4096, 4096), pk((16, 4096, 4096), 1), false, true), "sm90_64x64_e4m3"); // per-row scales
        assert_eq!(choose((16, 4096, 4096), pk((16, 4096, 4096), 1), true, false), "sm90_64x64_e4m3"); // a bias
        assert_eq!(choose((16, 4096, 4096), Sm90Strides::packed_col((16, 4096, 4096), 1), true, true), "sm90_128x128_e4m3"); // kernel problem 4096 x 16: N < 512
        assert_eq!(choose((17, 4096, 4096), pk((17, 4096, 4096), 1), true, true), "sm90_64x64_e4m3");
        assert_eq!(choose((8192, 8192, 8192), pk((8192, 8192, 8192), 1), true, true), "sm90_128x256_e4m3");
        // the last wave: 128x192 tiles where pick takes them and the ping-pong tiles do not win
        assert_eq!(choose((256, 10240, 8192), pk((256, 10240, 8192), 1), true, true), "sm90_128x192_e4m3");
        assert_eq!(choose((3072, 3072, 3072), pk((3072, 3072, 3072), 1), true, true), "sm90_128x128_e4m3");
        // the GPU test's (tests/gpu_sm90.rs, auto_launch_fp8_picks_per_shape)
        assert_eq!(choose((1152, 1920, 2176), pk((1152, 1920, 2176), 1), true, true), "sm90_128x192_e4m3");
        assert_eq!(fp8_choice((1, 4096, 4096), &pk((1, 4096, 4096), 1), true, true, Sm90Gpu::H100_SXM, "e5m2").unwrap(), Sm90Choice::Skinny);
        // rows of B half a sector off (K = 4112 bytes): the cluster form, with per-tensor scales only
        assert_eq!(choose((4096, 4096, 4112), pk((4096, 4096, 4112), 1), true, true), "sm90_128x256_e4m3_c2");
        assert_eq!(choose((4096, 4096, 4112), pk((4096, 4096, 4112), 1), false, true), "sm90_128x256_e4m3");
        assert_eq!(choose((4096, 4096, 4128), pk((4096, 4096, 4128), 1), true, true), "sm90_128x256_e4m3");
        // the GPU test's (tests/gpu_sm90.rs, auto_launch_fp8_picks_per_shape)
        assert_eq!(choose((1100, 8192, 144), pk((1100, 8192, 144), 1), true, true), "sm90_128x256_e4m3_c2");
        assert_eq!(choose((8192, 1024, 144), Sm90Strides::packed_col((8192, 1024, 144), 1), true, true), "sm90_128x256_e4m3_c2");
        assert_eq!(choose((1024, 8192, 144), pk((1024, 8192, 144), 1), false, true), "sm90_128x256_e4m3");
    }

    /// Rows of the kernel's B half a sector off (K = 4104 halves: 8208 bytes, 16 mod 32): the
    /// configuration's form in clusters (B multicast) where it has one, nothing copied for them;
    /// elsewhere (B MN-major, rows on a sector, a configuration without the form) the copies.
    #[test]
    fn half_sector_rows_of_b_run_in_clusters() {
        let choose = |shape, s: Sm90Strides, e| sm90_choice(shape, &s, 0.0, true, H100, e, [0; 4]).unwrap().describe();
        let (pk, f16, bf16) = (Sm90Strides::packed, ElementCode::F16, ElementCode::Bf16);
        assert_eq!(choose((4096, 4096, 4104), pk((4096, 4096, 4104), 1), f16), "sm90_128x256_c2");
        assert_eq!(choose((4095, 4096, 4104), pk((4095, 4096, 4104), 1), bf16), "sm90_128x256_bf16_c2");
        assert_eq!(choose((4096, 4096, 4104), pk((4096, 4096, 4104), 2), f16), "sm90_128x256_c2");
        // a column-major D: the kernel's B is A
        assert_eq!(choose((4096, 4096, 4104), Sm90Strides::packed_col((4096, 4096, 4104), 1), f16), "sm90_128x256_c2");
        // B N-major (tt): its rows are N long, on a sector; A's half-sector rows are copied as before
        let tt = Sm90Strides::packed_ab((4096, 4096, 4104), 1, Major::K, Major::MN);
        assert_eq!(choose((4096, 4096, 4104), tt, f16), "sm90_128x256, staged A (half-sector rows)");
        // rows on a sector (K = 4112), and a problem the 128x256 tiles do not take
        assert_eq!(choose((4096, 4096, 4112), pk((4096, 4096, 4112), 1), f16), "sm90_128x256");
        assert_eq!(choose((1000, 1000, 1000), pk((1000, 1000, 1000), 1), f16), "sm90");
        // a problem picked for the 128x192 tiles (3072^3), whose rows of B are half a sector off
        // (K = 3080): the 128x256 tiles' form in clusters, of either element type
        assert_eq!(pick_of((3072, 3072, 3080), 1, H100, f16).unwrap().name, "sm90_128x192");
        assert_eq!(choose((3072, 3072, 3080), pk((3072, 3072, 3080), 1), f16), "sm90_128x256_c2");
        assert_eq!(choose((3072, 3072, 3080), pk((3072, 3072, 3080), 1), bf16), "sm90_128x256_bf16_c2");
        assert_eq!(choose((3072, 3072, 3072), pk((3072, 3072, 3072), 1), bf16), "sm90_128x192_bf16");
        // misaligned operands are copied in clusters too
        assert_eq!(
            Sm90Gemm::stages_in((4096, 4096, 4101), &pk((4096, 4096, 4101), 1), 0.0, [0; 4], 2).describe(),
            "staged A (misaligned), B (misaligned)"
        );
        assert_eq!(Sm90Gemm::stages_in((4096, 4096, 4104), &pk((4096, 4096, 4104), 1), 0.0, [0; 4], 2).describe(), "");
        // the GPU test's cases (tests/gpu_sm90.rs, auto_launch_takes_every_shape)
        assert_eq!(choose((1024, 8192, 72), pk((1024, 8192, 72), 1), f16), "sm90_128x256_c2");
        assert_eq!(choose((1100, 8000, 136), pk((1100, 8000, 136), 2), f16), "sm90_128x256_c2");
        assert_eq!(choose((8192, 1024, 200), Sm90Strides::packed_col((8192, 1024, 200), 1), bf16), "sm90_128x256_bf16_c2");
        assert_eq!(choose((1024, 8192, 72), Sm90Strides::packed_ab((1024, 8192, 72), 1, Major::MN, Major::K), f16), "sm90_128x256_c2");
        assert_eq!(choose((1024, 8192, 72), Sm90Strides::packed_ab((1024, 8192, 72), 1, Major::K, Major::MN), f16), "sm90_128x256");
    }
}
