//! [`Attention`]: the sm90 attention forward (`kernels/attention_sm90.cu`), loaded for one head
//! dim and element type, and its launch on device buffers: `O = softmax(Q Kᵀ · scale) V` and the
//! log-sum-exp of each row, for Q (batch, heads, seq_q, head dim), K and V (batch, heads, seq_k,
//! head dim), O like Q, all contiguous, and lse (batch, heads, seq_q) in f32. Causal masks are
//! top-left (row i sees columns 0..=i) and take seq_q = seq_k.
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

/// `kernels/attention_sm90.cu`.
pub const ATTENTION_SM90_SOURCE: &str = include_str!("../kernels/attention_sm90.cu");

/// The head dims the kernel is built for.
pub const HEAD_DIMS: [usize; 2] = [64, 128];

/// Rows of Q a CTA takes, and of K and V per step (the kernel's `kBlockM`, `kBlockN`).
pub const BLOCK: usize = 128;

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

/// The shape of one attention problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttnShape {
    /// Batch.
    pub batch: usize,
    /// Heads (Q, K and V have as many: no grouped K and V yet).
    pub heads: usize,
    /// Rows of Q and O.
    pub seq_q: usize,
    /// Rows of K and V.
    pub seq_k: usize,
    /// Columns of Q, K, V and O.
    pub head_dim: usize,
}

impl AttnShape {
    /// `(batch, heads, seq_q, seq_k, head_dim)`.
    pub fn new(batch: usize, heads: usize, seq_q: usize, seq_k: usize, head_dim: usize) -> AttnShape {
        AttnShape { batch, heads, seq_q, seq_k, head_dim }
    }

    /// Elements of Q (and O), and of K (and V).
    pub fn q_len(&self) -> usize {
        self.batch * self.heads * self.seq_q * self.head_dim
    }
    /// Elements of K (and V).
    pub fn k_len(&self) -> usize {
        self.batch * self.heads * self.seq_k * self.head_dim
    }

    /// The multiply-adds' FLOPs of the two products (4 · batch · heads · seq_q · seq_k · head dim),
    /// half of them with a causal mask (the convention FlashAttention and cuDNN report in).
    pub fn flops(&self, causal: bool) -> f64 {
        let f = 4.0 * (self.batch * self.heads) as f64 * self.seq_q as f64 * self.seq_k as f64 * self.head_dim as f64;
        if causal { f / 2.0 } else { f }
    }

    /// What the kernel cannot take, as a sentence naming the rule and the numbers.
    pub fn check(&self, head_dim_built: usize, causal: bool) -> Result<()> {
        let s = self;
        if s.batch == 0 || s.heads == 0 || s.seq_q == 0 || s.seq_k == 0 {
            return Err(unsupported(format!("attention: batch, heads, seq_q and seq_k must be positive, not {s:?}")));
        }
        if s.head_dim != head_dim_built {
            return Err(unsupported(format!(
                "attention: head dim {} given to the kernel built for head dim {head_dim_built} (load one with Attention::load(ctx, {}))",
                s.head_dim, s.head_dim
            )));
        }
        if causal && s.seq_q != s.seq_k {
            return Err(unsupported(format!("attention: a causal mask (top-left) takes seq_q = seq_k, not {} and {}", s.seq_q, s.seq_k)));
        }
        // the kernel's tile index and batch · heads are 32-bit
        if (s.seq_q.div_ceil(BLOCK) as u128) * (s.batch as u128) * (s.heads as u128) > i32::MAX as u128 {
            return Err(unsupported(format!("attention: {} blocks of Q x {} batches x {} heads pass the kernel's 32-bit tile index", s.seq_q.div_ceil(BLOCK), s.batch, s.heads)));
        }
        if s.seq_q.max(s.seq_k) > i32::MAX as usize / s.head_dim.max(1) {
            return Err(unsupported(format!("attention: seq {} x head dim {} passes the kernel's 32-bit row index", s.seq_q.max(s.seq_k), s.head_dim)));
        }
        Ok(())
    }
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

    /// Dynamic shared memory of a launch: Q, O's staging, two stages of K and V, the 10
    /// barriers, two tile indices, 1024 bytes to align (the kernel's `kSmemBytes`).
    pub fn smem_bytes(head_dim: usize) -> u32 {
        let tile = (BLOCK * head_dim * 2) as u32;
        6 * tile + 8 * 10 + 8 + 1024
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
        let lens = [("Q", q.len(), s.q_len()), ("K", k.len(), s.k_len()), ("V", v.len(), s.k_len()), ("O", o.len(), s.q_len()), ("lse", lse.len(), s.batch * s.heads * s.seq_q)];
        for (name, have, need) in lens {
            if have < need {
                return Err(unsupported(format!("attention: {name} holds {have} elements, the shape {s:?} needs {need}")));
            }
        }
        let scale = scale.unwrap_or(1.0 / (s.head_dim as f32).sqrt());
        if !(scale.is_finite() && scale > 0.0) {
            return Err(unsupported(format!("attention: the softmax scale must be positive and finite, not {scale}")));
        }
        let (pq, _gq) = q.device_ptr(stream);
        let (pk, _gk) = k.device_ptr(stream);
        let (pv, _gv) = v.device_ptr(stream);
        let (po, _go) = o.device_ptr_mut(stream);
        let (pl, _gl) = lse.device_ptr_mut(stream);
        let bh = (s.batch * s.heads) as u64;
        let d = s.head_dim as u64;
        // (x = head dim, y = seq, z = batch · heads), boxes of 64 columns (128 bytes: the
        // swizzle's row) by `rows` rows (128: a block of Q, K, V; O's 64: a consumer's), 128-byte
        // swizzle
        let map = |p: u64, seq: usize, rows: u32| -> Result<TensorMap> {
            let args = TensorMapArgs::new(p, (seq as u64, d, d), (bh, seq as u64 * d), (rows, 64), 3);
            // SAFETY: p is a live allocation of at least batch · heads · seq · head dim elements
            // (checked above), held by its guard until the launch is queued.
            unsafe { TensorMap::tiled_3d(E::TMA, &args) }.map_err(|e| unsupported(format!("attention: tensor map: {e}")))
        };
        let (tq, tk, tv, to) = (map(pq, s.seq_q, BLOCK as u32)?, map(pk, s.seq_k, BLOCK as u32)?, map(pv, s.seq_k, BLOCK as u32)?, map(po, s.seq_q, 64)?);
        let (sq, sk, bhi) = (s.seq_q as i32, s.seq_k as i32, (s.batch * s.heads) as i32);
        let scale_log2 = scale * std::f32::consts::LOG2_E;
        let causal_i = causal as i32;
        let mut l = stream.launch_builder(&self.f);
                // a CTA per SM; causal, the tiles (of 1 to seq / 128 blocks) taken as they come through
        // this stream's counter, in groups of heads that fill the GPU once
        let n_m = s.seq_q.div_ceil(BLOCK);
        let tiles = n_m * s.batch * s.heads;
        let group = (self.sms / n_m).max(1) as i32;
        let mut counters = self.counters.lock().map_err(|_| unsupported("attention: a launch on another thread panicked".to_string()))?;
        let key = stream.cu_stream() as usize;
        if !counters.contains_key(&key) {
            counters.insert(key, stream.alloc_zeros::<u32>(2).map_err(driver("attention: the tile counter"))?);
        }
        let counter = counters.get_mut(&key).expect("inserted above");
        let (pc, _gc) = counter.device_ptr_mut(stream);
        let pc = if causal { pc } else { 0 };
        l.arg(&tq).arg(&tk).arg(&tv).arg(&to).arg(&pl).arg(&sq).arg(&sk).arg(&bhi).arg(&group).arg(&scale_log2).arg(&causal_i).arg(&pc);
        let cfg = LaunchConfig {
            grid_dim: (tiles.min(self.sms) as u32, 1, 1),
            block_dim: (384, 1, 1),
            shared_mem_bytes: self.smem,
        };
        // SAFETY: the arguments are the kernel's, in its order; the maps and pointers cover the
        // buffers checked above.
        unsafe { l.launch(cfg) }.map_err(driver("launch attention_sm90_fwd"))?;
        Ok(())
    }
}

impl<E: AttnElement> Attention<E> {
    /// TFLOP/s of the kernel at `shape` ([`AttnShape::flops`]), the median of `runs` runs queued on
    /// `stream`, each between its own pair of events ([`crate::bench`]'s method), the inputs
    /// random multiples of 1/64 in [-1, 1] rotated over two sets of Q, K and V.
    pub fn bench_tflops(&self, stream: &Arc<CudaStream>, shape: &AttnShape, causal: bool, runs: usize) -> Result<f64> {
        shape.check(self.head_dim, causal)?;
        let mut random = crate::bench::RandomHalves::of(E::CODE);
        let mut upload = |n: usize| -> Result<tycute_cuda::cudarc::driver::CudaSlice<E>> {
            let host: Vec<E> = random.take(n).into_iter().map(|b| E::from_bits(b as u32)).collect();
            stream.clone_htod(&host).map_err(driver("attention inputs"))
        };
        let mut sets = Vec::new();
        for _ in 0..2 {
            sets.push((upload(shape.q_len())?, upload(shape.k_len())?, upload(shape.k_len())?));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(Attention::<half::bf16>::smem_bytes(64), 99_416);
        let s = AttnShape::new(4, 32, 4096, 4096, 128);
        assert_eq!(s.flops(false), 4.0 * 128.0 * 4096.0 * 4096.0 * 128.0);
        assert_eq!(s.flops(true), s.flops(false) / 2.0);
    }
}
