//! [`Attention`]: the sm90 attention forward (`kernels/attention_sm90.cu`), loaded for one head
//! dim and element type, and its launch on device buffers: `O = softmax(Q Kᵀ · scale) V` and the
//! log-sum-exp of each row, for Q (batch, heads, seq_q, head dim), K and V (batch, heads, seq_k,
//! head dim), O like Q, all contiguous, and lse (batch, heads, seq_q) in f32. Causal masks are
//! top-left (row i sees columns 0..=i) and take seq_q = seq_k. Sequences of different lengths,
//! packed with FlashAttention's `cu_seqlens` offsets: [`AttnVarlen`] and
//! [`Attention::launch_varlen`].
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tycute_gemm::attention::{AttnShape, Attention};
//! let ctx = tycute_cuda::gpu::context()?;
//! let stream = ctx.default_stream();
//! let attn = Attention::<half::bf16>::load(&ctx, 128)?.ok_or("no NVRTC")?;
//! let s = AttnShape::new(4, 32, 4096, 4096, 128);
//! let q = stream.alloc_zeros::<half::bf16>(s.q_len())?;
//! let (k, v) = (stream.alloc_zeros::<half::bf16>(s.k_len())?, stream.alloc_zeros::<half::bf16>(s.k_len())?);
//! let mut o = stream.alloc_zeros::<half::bf16>(s.q_len())?;
//! let mut lse = stream.alloc_zeros::<f32>(s.batch * s.heads * s.seq_q)?;
//! attn.launch(&stream, &s, true, None, &q, &k, &v, &mut o, &mut lse)?;
//! # Ok(())
//! # }
//! ```
//!
//! The element type is the type parameter, so a buffer of the other 16-bit type does not compile:
//!
//! ```compile_fail
//! # fn f(a: &tycute_gemm::attention::Attention<half::bf16>, s: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
//! #      q: &tycute_cuda::cudarc::driver::CudaSlice<half::f16>, o: &mut tycute_cuda::cudarc::driver::CudaSlice<half::f16>,
//! #      lse: &mut tycute_cuda::cudarc::driver::CudaSlice<f32>) {
//! let shape = tycute_gemm::attention::AttnShape::new(1, 1, 128, 128, 128);
//! a.launch(s, &shape, false, None, q, q, q, o, lse).unwrap(); // fp16 buffers, a bf16 kernel
//! # }
//! ```

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute_enum};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::nvrtc::Arch;
use tycute_cuda::tma::{TensorMap, TensorMapArgs, TmaElement};

use crate::error::{driver, unsupported};
use crate::{GemmElem, Result};

mod shape;
mod varlen;

pub use shape::AttnShape;
pub use varlen::{AttnVarlen, DeviceVarlen};

/// `kernels/attention_sm90.cu`.
pub const ATTENTION_SM90_SOURCE: &str = include_str!("../../kernels/attention_sm90.cu");

/// The head dims the kernel is built for.
pub const HEAD_DIMS: [usize; 2] = [64, 128];

/// Rows of K and V per step (the kernel's `kBlockN`).
pub const BLOCK_N: usize = 128;

/// Rows of Q a CTA takes (the kernel's `kBlockM`): 64 per consumer warpgroup, three of them for
/// head dim 64 (one's exponentials hide behind two's products), two for 128.
pub const fn block_m(head_dim: usize) -> usize {
    if head_dim == 64 { 192 } else { 128 }
}

/// Threads of a CTA (the kernel's `kThreads`): a producer warpgroup and the consumers.
pub const fn threads(head_dim: usize) -> u32 {
    128 * (1 + block_m(head_dim) as u32 / 64)
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for half::bf16 {}
    impl Sealed for half::f16 {}
}

/// An element type the attention kernel takes (Q, K, V and O): `half::bf16` or `half::f16`.
pub trait AttnElement: GemmElem + sealed::Sealed {
    /// The kernel's `TYCUTE_ATTN_ELEMENT`.
    const MACRO: &'static str;
    /// The tensor maps' element type.
    const TMA: TmaElement;
    /// `bf16` or `f16` (the CUBIN's name).
    const TAG: &'static str;
}
impl AttnElement for half::bf16 {
    const MACRO: &'static str = "TYCUTE_ELEMENT_BF16";
    const TMA: TmaElement = TmaElement::Bf16;
    const TAG: &'static str = "bf16";
}
impl AttnElement for half::f16 {
    const MACRO: &'static str = "TYCUTE_ELEMENT_F16";
    const TMA: TmaElement = TmaElement::F16;
    const TAG: &'static str = "f16";
}

/// The attention kernel for head dim `head_dim` and element type `E`, loaded.
pub struct Attention<E: AttnElement> {
    _module: Arc<CudaModule>,
    f: CudaFunction,
    head_dim: usize,
    smem: u32,
    /// The GPU's SMs: the persistent kernel runs at most one CTA on each.
    sms: usize,
    /// Per stream, two zeroed words the causal launches take tiles through (the kernel leaves
    /// them zeroed; launches on one stream run one after the other).
    counters: Mutex<HashMap<usize, CudaSlice<u32>>>,
    _e: PhantomData<E>,
}

impl<E: AttnElement> Attention<E> {
    /// The NVRTC options of the build for `head_dim` (an error for a head dim the kernel has no
    /// build of).
    pub fn options(head_dim: usize) -> Result<Vec<String>> {
        if !HEAD_DIMS.contains(&head_dim) {
            return Err(unsupported(format!("attention: head dim {head_dim}; the kernel is built for {HEAD_DIMS:?}")));
        }
        Ok(vec![format!("-DTYCUTE_ATTN_HDIM={head_dim}"), format!("-DTYCUTE_ATTN_ELEMENT={}", E::MACRO)])
    }

    /// The CUBIN's name in `$TYCUTE_CUBIN_DIR` (`attention_sm90_d128_bf16`).
    pub fn stem(head_dim: usize) -> String {
        format!("attention_sm90_d{head_dim}_{}", E::TAG)
    }

    /// Dynamic shared memory of a launch: Q and O's staging (`block_m` rows each), two stages of
    /// K and V (`BLOCK_N` rows), the 10 barriers, two tile indices, 1024 bytes to align (the
    /// kernel's `kSmemBytes`).
    pub fn smem_bytes(head_dim: usize) -> u32 {
        let row = (head_dim * 2) as u32;
        2 * block_m(head_dim) as u32 * row + 4 * BLOCK_N as u32 * row + 8 * 10 + 8 + 1024
    }

    /// Builds (NVRTC, or the CUBIN `$TYCUTE_CUBIN_DIR` names) and loads the kernel for `head_dim`
    /// on an sm_90 GPU. `Ok(None)`: neither NVRTC nor a CUBIN directory (a reason to skip).
    pub fn load(ctx: &Arc<CudaContext>, head_dim: usize) -> Result<Option<Attention<E>>> {
        let opts = Self::options(head_dim)?;
        let Some(image) = crate::cubin(&Self::stem(head_dim), "attention_sm90.cu", ATTENTION_SM90_SOURCE, Arch::Sm90a, opts)? else {
            return Ok(None);
        };
        Self::load_image(ctx, head_dim, image).map(Some)
    }

    /// Loads the kernel from an sm_90a CUBIN built with [`Attention::options`]`(head_dim)`.
    pub fn load_image(ctx: &Arc<CudaContext>, head_dim: usize, image: Vec<u8>) -> Result<Attention<E>> {
        Self::options(head_dim)?;
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the attention CUBIN"))?;
        let f = module.load_function("attention_sm90_fwd").map_err(driver("kernel attention_sm90_fwd"))?;
        let smem = Self::smem_bytes(head_dim);
        f.set_attribute(CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem as i32)
            .map_err(driver("attention_sm90_fwd: shared memory attribute"))?;
        let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT).map_err(driver("SM count"))? as usize;
        Ok(Attention { _module: module, f, head_dim, smem, sms: sms.max(1), counters: Mutex::new(HashMap::new()), _e: PhantomData })
    }

    /// The head dim of this build.
    pub fn head_dim(&self) -> usize {
        self.head_dim
    }

    /// O and lse of q, k, v on `stream` (`scale`: the softmax scale, default 1/√head dim). The
    /// buffers hold at least the shape's elements (Q and O `q_len`, K and V `k_len`, lse batch ·
    /// heads · seq_q floats); anything the kernel cannot take is [`crate::Error::Unsupported`] naming
    /// the rule, before a launch.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<Q, K, V, O, L>(&self, stream: &Arc<CudaStream>, shape: &AttnShape, causal: bool, scale: Option<f32>, q: &Q, k: &K, v: &V, o: &mut O, lse: &mut L) -> Result<()>
    where
        Q: DevicePtr<E>,
        K: DevicePtr<E>,
        V: DevicePtr<E>,
        O: DevicePtrMut<E>,
        L: DevicePtrMut<f32>,
    {
        shape.check(self.head_dim, causal)?;
        let s = *shape;
        let d = s.head_dim as u64;
        // maps (x = head dim, y = seq, z = batch · heads)
        let g = Geometry {
            what: format!("the shape {s:?}"),
            lens: [s.q_len(), s.k_len(), s.batch * s.heads * s.seq_q],
            rows: (s.seq_q as u64, s.seq_k as u64),
            ld: d,
            z: ((s.batch * s.heads) as u64, s.seq_q as u64 * d, s.seq_k as u64 * d),
            seq: (s.seq_q, s.seq_k),
            bh: s.batch * s.heads,
            heads: s.heads,
            cu: None,
        };
        self.launch_geometry(stream, &g, causal, scale, q, k, v, o, lse)
    }

    /// O and lse of a batch of sequences of different lengths ([`AttnVarlen`], its offsets on the
    /// device): Q and O (total_q, heads, head dim), K and V (total_k, heads, head dim), lse (heads,
    /// total_q). A causal mask is top-left in each sequence and takes seq_q = seq_k there. The
    /// same rules and errors as [`Attention::launch`].
    #[allow(clippy::too_many_arguments)]
    pub fn launch_varlen<Q, K, V, O, L>(
        &self,
        stream: &Arc<CudaStream>,
        lens: &DeviceVarlen,
        causal: bool,
        scale: Option<f32>,
        q: &Q,
        k: &K,
        v: &V,
        o: &mut O,
        lse: &mut L,
    ) -> Result<()>
    where
        Q: DevicePtr<E>,
        K: DevicePtr<E>,
        V: DevicePtr<E>,
        O: DevicePtrMut<E>,
        L: DevicePtrMut<f32>,
    {
        lens.check(self.head_dim, causal)?;
        if lens.total_q() == 0 {
            return Ok(()); // no rows of Q: nothing to write
        }
        let (h, d) = (lens.heads() as u64, lens.head_dim() as u64);
        // maps (x = head dim, y = the rows of every sequence, z = heads)
        let g = Geometry {
            what: format!("{} sequences of {} and {} rows in all, {h} heads, head dim {d}", lens.batch(), lens.total_q(), lens.total_k()),
            lens: [lens.q_len(), lens.k_len(), lens.lse_len()],
            rows: (lens.total_q() as u64, lens.total_k().max(1) as u64),
            ld: h * d,
            z: (h, d, d),
            seq: (lens.max_seq_q(), 0),
            bh: lens.batch() * lens.heads(),
            heads: lens.heads(),
            cu: Some((&lens.cu_q, &lens.cu_k, lens.total_q())),
        };
        self.launch_geometry(stream, &g, causal, scale, q, k, v, o, lse)
    }

    #[allow(clippy::too_many_arguments)]
    fn launch_geometry<Q, K, V, O, L>(&self, stream: &Arc<CudaStream>, g: &Geometry, causal: bool, scale: Option<f32>, q: &Q, k: &K, v: &V, o: &mut O, lse: &mut L) -> Result<()>
    where
        Q: DevicePtr<E>,
        K: DevicePtr<E>,
        V: DevicePtr<E>,
        O: DevicePtrMut<E>,
        L: DevicePtrMut<f32>,
    {
        let [lq, lk, ll] = g.lens;
        for (name, have, need) in [("Q", q.len(), lq), ("K", k.len(), lk), ("V", v.len(), lk), ("O", o.len(), lq), ("lse", lse.len(), ll)] {
            if have < need {
                return Err(unsupported(format!("attention: {name} holds {have} elements, {} needs {need}", g.what)));
            }
        }
        let scale = scale.unwrap_or(1.0 / (self.head_dim as f32).sqrt());
        if !(scale.is_finite() && scale > 0.0) {
            return Err(unsupported(format!("attention: the softmax scale must be positive and finite, not {scale}")));
        }
        let (pq, _gq) = q.device_ptr(stream);
        let (pk, _gk) = k.device_ptr(stream);
        let (pv, _gv) = v.device_ptr(stream);
        let (po, _go) = o.device_ptr_mut(stream);
        let (pl, _gl) = lse.device_ptr_mut(stream);
        let d = self.head_dim as u64;
        // boxes of 64 columns (128 bytes: the swizzle's row) by `box_rows` rows (a block of Q, of K
        // and V; O's 64: a consumer's), 128-byte swizzle
        let map = |p: u64, rows: u64, z_stride: u64, box_rows: u32| -> Result<TensorMap> {
            let args = TensorMapArgs::new(p, (rows, d, g.ld), (g.z.0, z_stride), (box_rows, 64), 3);
            // SAFETY: p is a live allocation holding the geometry's elements (checked above), held
            // by its guard until the launch is queued.
            unsafe { TensorMap::tiled_3d(E::TMA, &args) }.map_err(|e| unsupported(format!("attention: tensor map: {e}")))
        };
        let (rq, rk) = g.rows;
        let (_, zq, zk) = g.z;
        let (tq, tk, tv, to) = (map(pq, rq, zq, block_m(self.head_dim) as u32)?, map(pk, rk, zk, BLOCK_N as u32)?, map(pv, rk, zk, BLOCK_N as u32)?, map(po, rq, zq, 64)?);
        let (sq, sk, bhi, heads) = (g.seq.0 as i32, g.seq.1 as i32, g.bh as i32, g.heads as i32);
        let scale_log2 = scale * std::f32::consts::LOG2_E;
        let causal_i = causal as i32;
        // a CTA per SM; causal, the tiles (of 1 to seq / 128 blocks) taken as they come through
        // this stream's counter, in groups of heads that fill the GPU once
        let n_m = g.seq.0.div_ceil(block_m(self.head_dim));
        let tiles = n_m * g.bh;
        let group = (self.sms / n_m.max(1)).max(1) as i32;
        let mut counters = self.counters.lock().map_err(|_| unsupported("attention: a launch on another thread panicked".to_string()))?;
        let key = stream.cu_stream() as usize;
        let counter = match counters.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(stream.alloc_zeros::<u32>(2).map_err(driver("attention: the tile counter"))?),
        };
        let (pc, _gc) = counter.device_ptr_mut(stream);
        let pc = if causal { pc } else { 0 };
        let (cu_q, _gcq, cu_k, _gck, total_q) = match g.cu {
            Some((cq, ck, total)) => {
                let (a, ga) = cq.device_ptr(stream);
                let (b, gb) = ck.device_ptr(stream);
                (a, Some(ga), b, Some(gb), total as i32)
            }
            None => (0, None, 0, None, 0),
        };
        let mut l = stream.launch_builder(&self.f);
        l.arg(&tq).arg(&tk).arg(&tv).arg(&to).arg(&pl).arg(&sq).arg(&sk).arg(&bhi).arg(&group).arg(&scale_log2).arg(&causal_i).arg(&pc);
        l.arg(&cu_q).arg(&cu_k).arg(&heads).arg(&total_q).arg(&po);
        let cfg = LaunchConfig {
            grid_dim: (tiles.min(self.sms) as u32, 1, 1),
            block_dim: (threads(self.head_dim), 1, 1),
            shared_mem_bytes: self.smem,
        };
        // SAFETY: the arguments are the kernel's, in its order; the maps and pointers cover the
        // buffers checked above, the offsets are the checked ones of the geometry.
        unsafe { l.launch(cfg) }.map_err(driver("launch attention_sm90_fwd"))?;
        Ok(())
    }
}

/// Where a launch's rows are: the buffers' lengths (Q and O, K and V, lse), the maps' rows (Q, K),
/// row pitch and z (extent, Q's stride, K's stride), the kernel's seq_q and seq_k (variable
/// lengths: the longest Q), sequences · heads, heads, and the device offsets with total_q.
struct Geometry<'a> {
    what: String,
    lens: [usize; 3],
    rows: (u64, u64),
    ld: u64,
    z: (u64, u64, u64),
    seq: (usize, usize),
    bh: usize,
    heads: usize,
    cu: Option<(&'a CudaSlice<i32>, &'a CudaSlice<i32>, usize)>,
}

/// The values a bench feeds the kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BenchInputs {
    /// Random multiples of 1/64 in [-1, 1] (the GEMM benches' kind).
    #[default]
    Grid,
    /// Standard normal values rounded to the element type (PyTorch's `randn`): more bits toggle
    /// in the tensor cores, and the H100 meets its power limit sooner (docs/perf.md).
    Normal,
}

impl BenchInputs {
    /// `grid` or `normal`; anything else is an error naming both.
    pub fn named(name: &str) -> Result<BenchInputs> {
        match name {
            "grid" => Ok(BenchInputs::Grid),
            "normal" => Ok(BenchInputs::Normal),
            other => Err(unsupported(format!("inputs `{other}`: grid (multiples of 1/64 in [-1, 1]) or normal"))),
        }
    }
}

impl<E: AttnElement> Attention<E> {
    /// TFLOP/s of the kernel at `shape` ([`AttnShape::flops`]), the median of `runs` runs queued on
    /// `stream`, each between its own pair of events ([`crate::bench`]'s method), the inputs
    /// (`inputs`' kind) rotated over two sets of Q, K and V.
    pub fn bench_tflops(&self, stream: &Arc<CudaStream>, shape: &AttnShape, causal: bool, runs: usize, inputs: BenchInputs) -> Result<f64> {
        shape.check(self.head_dim, causal)?;
        let sets = random_sets::<E>(stream, shape.q_len(), shape.k_len(), inputs)?;
        let mut o = stream.alloc_zeros::<E>(shape.q_len()).map_err(driver("O"))?;
        let mut lse = stream.alloc_zeros::<f32>(shape.batch * shape.heads * shape.seq_q).map_err(driver("lse"))?;
        for (q, k, v) in &sets {
            self.launch(stream, shape, causal, None, q, k, v, &mut o, &mut lse)?;
        }
        let mut ms = crate::bench::each_ms(stream, runs.max(1), crate::Timing::Queued, |i| {
            let (q, k, v) = &sets[i % 2];
            self.launch(stream, shape, causal, None, q, k, v, &mut o, &mut lse)
        })?;
        ms.sort_by(|a, b| a.total_cmp(b));
        Ok(shape.flops(causal) / (ms[ms.len() / 2] * 1e-3) / 1e12)
    }
}

impl<E: AttnElement> Attention<E> {
    /// [`Attention::bench_tflops`] for a batch of sequences of different lengths
    /// ([`AttnVarlen::flops`]), the same method: two random input sets rotated, the median of
    /// `runs` runs.
    pub fn bench_varlen_tflops(&self, stream: &Arc<CudaStream>, lens: &AttnVarlen, causal: bool, runs: usize, inputs: BenchInputs) -> Result<f64> {
        lens.check(self.head_dim, causal)?;
        let sets = random_sets::<E>(stream, lens.q_len(), lens.k_len(), inputs)?;
        let dev = lens.clone().upload(stream)?;
        let mut o = stream.alloc_zeros::<E>(lens.q_len().max(1)).map_err(driver("O"))?;
        let mut lse = stream.alloc_zeros::<f32>(lens.lse_len().max(1)).map_err(driver("lse"))?;
        for (q, k, v) in &sets {
            self.launch_varlen(stream, &dev, causal, None, q, k, v, &mut o, &mut lse)?;
        }
        let mut ms = crate::bench::each_ms(stream, runs.max(1), crate::Timing::Queued, |i| {
            let (q, k, v) = &sets[i % 2];
            self.launch_varlen(stream, &dev, causal, None, q, k, v, &mut o, &mut lse)
        })?;
        ms.sort_by(|a, b| a.total_cmp(b));
        Ok(lens.flops(causal) / (ms[ms.len() / 2] * 1e-3) / 1e12)
    }
}

/// Two sets of Q, K and V (`q_len`, `k_len`, `k_len` elements) of `inputs`' values on the device,
/// the benches' inputs.
#[allow(clippy::type_complexity)]
fn random_sets<E: AttnElement>(stream: &Arc<CudaStream>, q_len: usize, k_len: usize, inputs: BenchInputs) -> Result<Vec<(CudaSlice<E>, CudaSlice<E>, CudaSlice<E>)>> {
    let mut random = crate::bench::RandomHalves::of(E::CODE);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut uniform = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        ((state >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    };
    let mut upload = |n: usize| -> Result<CudaSlice<E>> {
        let bits: Vec<u16> = match inputs {
            BenchInputs::Grid => random.take(n.max(1)),
            // Box-Muller: two uniforms in (0, 1) to a standard normal
            BenchInputs::Normal => (0..n.max(1))
                .map(|_| {
                    let (u, v) = (uniform(), uniform());
                    let z = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
                    E::CODE.bits16(z as f32)
                })
                .collect(),
        };
        let host: Vec<E> = bits.into_iter().map(|b| E::from_bits(b as u32)).collect();
        stream.clone_htod(&host).map_err(driver("attention inputs"))
    };
    (0..2).map(|_| Ok((upload(q_len)?, upload(k_len)?, upload(k_len)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_inputs_by_name() {
        assert_eq!((BenchInputs::named("grid").unwrap(), BenchInputs::named("normal").unwrap()), (BenchInputs::Grid, BenchInputs::Normal));
        assert!(BenchInputs::named("randn").unwrap_err().to_string().contains("grid (multiples of 1/64 in [-1, 1]) or normal"));
    }

    #[test]
    fn shapes_the_kernel_cannot_take_are_named() {
        let ok = AttnShape::new(2, 3, 300, 300, 128);
        assert!(ok.check(128, true).is_ok());
        let e = AttnShape::new(1, 1, 100, 200, 128).check(128, true).unwrap_err().to_string();
        assert!(e.contains("causal") && e.contains("100") && e.contains("200"), "{e}");
        let e = AttnShape::new(1, 1, 100, 100, 96).check(128, false).unwrap_err().to_string();
        assert!(e.contains("head dim 96") && e.contains("128"), "{e}");
        let e = AttnShape::new(0, 1, 100, 100, 128).check(128, false).unwrap_err().to_string();
        assert!(e.contains("positive"), "{e}");
        let e = Attention::<half::bf16>::options(96).unwrap_err().to_string();
        assert!(e.contains("96") && e.contains("[64, 128]"), "{e}");
        assert_eq!(Attention::<half::f16>::options(64).unwrap(), ["-DTYCUTE_ATTN_HDIM=64", "-DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_F16"]);
        assert_eq!(Attention::<half::bf16>::stem(128), "attention_sm90_d128_bf16");
    }

    #[test]
    fn smem_and_flops() {
        // the kernel's kSmemBytes: (Q + O + 2 K + 2 V) tiles of 128 x head dim halves, 10 barriers,
        // two tile indices, 1024
        assert_eq!(Attention::<half::bf16>::smem_bytes(128), 197_720);
        // head dim 64: 192-row Q and O
        assert_eq!(Attention::<half::bf16>::smem_bytes(64), 115_800);
        assert_eq!((block_m(64), threads(64), block_m(128), threads(128)), (192, 512, 128, 384));
        let s = AttnShape::new(4, 32, 4096, 4096, 128);
        assert_eq!(s.flops(false), 4.0 * 128.0 * 4096.0 * 4096.0 * 128.0);
        assert_eq!(s.flops(true), s.flops(false) / 2.0);
    }
}
