//! [`Sm90Typed<C>`]: the sm90 GEMM of a configuration type, its A and B, C and D of the
//! configuration's element types at compile time (the sm80 kernel's is `Sm80Gemm<C>`; the
//! name `Sm90Gemm` is the untyped launcher's, which this dereferences to).

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use tycute_configs::kernel::sm90::Sm90Config;
use tycute_cuda::cudarc::driver::{CudaContext, CudaSlice, DevicePtr, DevicePtrMut, DeviceRepr};

use crate::device::{SameBuffer, Stream};
use crate::elem::HostElement;
use crate::fp8::{E4m3, E5m2, Fp8, HostFp8, Scales};
use crate::sm90::{Bias, Sm90AbElem, Sm90Gemm, Sm90Header, Sm90Strides};
use crate::{Error, Result};

/// The element type of A and B of sm90 configuration `C` (its `ElementAB`, on the host:
/// `half::f16` for `half_t`, `half::bf16` for `bfloat16_t`, [`E4m3`] for `float_e4m3_t`,
/// [`E5m2`] for `float_e5m2_t`, `f32` for `tfloat32_t`).
pub type InputOf<C> = <<C as Sm90Config>::ElementAB as Sm90Input>::Host;

/// An element type of the sm90 GEMM's A and B: its host type, and how a launch of it goes
/// (16-bit ones through [`Sm90Gemm::launch_bias`], fp8 ones through [`Sm90Gemm::launch_fp8`]).
pub trait Sm90Input {
    /// The element as the host and cudarc hold it.
    type Host: Copy + DeviceRepr + Unpin + 'static;
    /// `D = alpha * A * B^T + beta * C + bias` of `gemm` with A and B of this type, C and D the
    /// 16-bit output's bits.
    #[allow(clippy::too_many_arguments)]
    fn launch<A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_>) -> Result<()>
    where
        A: DevicePtr<Self::Host>,
        B: DevicePtr<Self::Host>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>;

    /// The same with fp32 C, D and bias ([`Sm90Gemm::launch_f32cd`]: an `_f32cd` configuration),
    /// `scales` as there.
    #[allow(clippy::too_many_arguments)]
    fn launch_f32<'s, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, f32>) -> Result<()>
    where
        A: DevicePtr<Self::Host>,
        B: DevicePtr<Self::Host>,
        C: DevicePtr<f32>,
        D: DevicePtrMut<f32>;
}

macro_rules! sm90_input_16 {
    ($t:ty, $host:ty) => {
        impl Sm90Input for $t {
            type Host = $host;
            fn launch<A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_>) -> Result<()>
            where
                A: DevicePtr<$host>,
                B: DevicePtr<$host>,
                C: DevicePtr<u16>,
                D: DevicePtrMut<u16>,
            {
                // the kernel moves 16-bit elements as their bits (the header names their type)
                let (pa, _ga) = a.device_ptr(stream);
                let (pb, _gb) = b.device_ptr(stream);
                let (va, vb) = (SameBuffer::<u16>::new(pa, a.len(), stream), SameBuffer::<u16>::new(pb, b.len(), stream));
                gemm.launch_bias(stream, shape, s, &va, &vb, c, d, alpha, beta, bias)
            }
            fn launch_f32<'s, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, f32>) -> Result<()>
            where
                A: DevicePtr<$host>,
                B: DevicePtr<$host>,
                C: DevicePtr<f32>,
                D: DevicePtrMut<f32>,
            {
                let (pa, _ga) = a.device_ptr(stream);
                let (pb, _gb) = b.device_ptr(stream);
                let (va, vb) = (SameBuffer::<u16>::new(pa, a.len(), stream), SameBuffer::<u16>::new(pb, b.len(), stream));
                gemm.launch_f32cd::<u16, _, _, _, _>(stream, shape, s, &va, &vb, c, d, scales, beta, bias)
            }
        }
    };
}
sm90_input_16!(tycute_layout::half_t, half::f16);
sm90_input_16!(tycute_layout::bfloat16_t, half::bf16);

macro_rules! sm90_input_fp8 {
    ($t:ty, $host:ty) => {
        impl Sm90Input for $t {
            type Host = $host;
            fn launch<A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_>) -> Result<()>
            where
                A: DevicePtr<$host>,
                B: DevicePtr<$host>,
                C: DevicePtr<u16>,
                D: DevicePtrMut<u16>,
            {
                gemm.launch_fp8::<$host, _, _, _, _>(stream, shape, s, a, b, c, d, alpha, beta, bias)
            }
            fn launch_f32<'s, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, f32>) -> Result<()>
            where
                A: DevicePtr<$host>,
                B: DevicePtr<$host>,
                C: DevicePtr<f32>,
                D: DevicePtrMut<f32>,
            {
                gemm.launch_f32cd::<$host, _, _, _, _>(stream, shape, s, a, b, c, d, scales, beta, bias)
            }
        }
    };
}
sm90_input_fp8!(tycute_layout::float_e4m3_t, E4m3);
sm90_input_fp8!(tycute_layout::float_e5m2_t, E5m2);

/// tf32 A and B are f32 in memory: wgmma's tf32 form reads the tf32 part of each f32's bits.
impl Sm90Input for tycute_layout::tfloat32_t {
    type Host = f32;
    fn launch<A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_>) -> Result<()>
    where
        A: DevicePtr<f32>,
        B: DevicePtr<f32>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        gemm.launch_tf32(stream, shape, s, a, b, c, d, alpha, beta, bias)
    }
    fn launch_f32<'s, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, f32>) -> Result<()>
    where
        A: DevicePtr<f32>,
        B: DevicePtr<f32>,
        C: DevicePtr<f32>,
        D: DevicePtrMut<f32>,
    {
        gemm.launch_f32cd::<f32, _, _, _, _>(stream, shape, s, a, b, c, d, scales, beta, bias)
    }
}

/// An element type of the sm90 GEMM's C, D and bias on the host (`half::f16`, `half::bf16`:
/// 16-bit, moved as their bits; `f32`: the `_f32cd` configurations), and how a typed launch hands
/// them to [`Sm90Gemm`]'s untyped launches.
pub trait Sm90Output: Copy + DeviceRepr + Unpin + 'static {
    /// The bias vector's element on the device: `u16` (the 16-bit type's bits, as [`Bias`]
    /// takes them) or `f32`.
    type Bias: Copy + 'static;
    /// [`Sm90Input::launch`] (or [`Sm90Input::launch_f32`]) of input `I` with C and D of this type.
    #[allow(clippy::too_many_arguments)]
    fn launch<I: Sm90Input, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_, Self::Bias>) -> Result<()>
    where
        A: DevicePtr<I::Host>,
        B: DevicePtr<I::Host>,
        C: DevicePtr<Self>,
        D: DevicePtrMut<Self>;
    /// [`Sm90Gemm::launch_fp8`] (or [`Sm90Gemm::launch_f32cd`]) of fp8 A and B `F` with C and D of this type.
    #[allow(clippy::too_many_arguments)]
    fn launch_fp8<'s, F: Fp8 + Sm90AbElem, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, Self::Bias>) -> Result<()>
    where
        A: DevicePtr<F>,
        B: DevicePtr<F>,
        C: DevicePtr<Self>,
        D: DevicePtrMut<Self>;
}

/// C and D (buffers of `T`) as the 16-bit buffers the untyped launches take (their bits unchanged).
fn views16<T, C: DevicePtr<T>, D: DevicePtrMut<T>>(stream: &Stream, c: &C, d: &mut D, launch: impl FnOnce(&SameBuffer<u16>, &mut SameBuffer<u16>) -> Result<()>) -> Result<()> {
    let (pc, _gc) = c.device_ptr(stream);
    let view = SameBuffer::<u16>::new(pc, c.len(), stream);
    let len = d.len();
    let (pd, _gd) = d.device_ptr_mut(stream);
    let mut dv = SameBuffer::<u16>::new(pd, len, stream);
    launch(&view, &mut dv)
}

macro_rules! sm90_output_16 {
    ($host:ty) => {
        impl Sm90Output for $host {
            type Bias = u16;
            fn launch<I: Sm90Input, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_, u16>) -> Result<()>
            where
                A: DevicePtr<I::Host>,
                B: DevicePtr<I::Host>,
                C: DevicePtr<$host>,
                D: DevicePtrMut<$host>,
            {
                views16(stream, c, d, |cv, dv| I::launch(gemm, stream, shape, s, a, b, cv, dv, alpha, beta, bias))
            }
            fn launch_fp8<'s, F: Fp8 + Sm90AbElem, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, u16>) -> Result<()>
            where
                A: DevicePtr<F>,
                B: DevicePtr<F>,
                C: DevicePtr<$host>,
                D: DevicePtrMut<$host>,
            {
                views16(stream, c, d, |cv, dv| gemm.launch_fp8::<F, _, _, _, _>(stream, shape, s, a, b, cv, dv, scales, beta, bias))
            }
        }
    };
}
sm90_output_16!(half::f16);
sm90_output_16!(half::bf16);

/// fp32 C, D and bias: the `_f32cd` configurations' ([`Sm90Gemm::launch_f32cd`]).
impl Sm90Output for f32 {
    type Bias = f32;
    fn launch<I: Sm90Input, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32, bias: Bias<'_, f32>) -> Result<()>
    where
        A: DevicePtr<I::Host>,
        B: DevicePtr<I::Host>,
        C: DevicePtr<f32>,
        D: DevicePtrMut<f32>,
    {
        I::launch_f32(gemm, stream, shape, s, a, b, c, d, Scales::Tensor(alpha), beta, bias)
    }
    fn launch_fp8<'s, F: Fp8 + Sm90AbElem, A, B, C, D>(gemm: &Sm90Gemm, stream: &Stream, shape: (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, scales: Scales<'s>, beta: f32, bias: Bias<'_, f32>) -> Result<()>
    where
        A: DevicePtr<F>,
        B: DevicePtr<F>,
        C: DevicePtr<f32>,
        D: DevicePtrMut<f32>,
    {
        gemm.launch_f32cd::<F, _, _, _, _>(stream, shape, s, a, b, c, d, scales, beta, bias)
    }
}

/// The element of the bias vector of sm90 configuration `C` on the device ([`Sm90Output::Bias`]:
/// `u16` bits of a 16-bit output, `f32` for the `_f32cd` configurations).
pub type BiasOf<C> = <OutputOf<C> as Sm90Output>::Bias;
/// The element type of C and D of sm90 configuration `C` (its `ElementCD`, on the host).
pub type OutputOf<C> = <<C as Sm90Config>::ElementCD as HostElement>::Host;

/// The sm90 GEMM of the configuration type `C` (an [`Sm90Config`], e.g.
/// `tycute_configs::sm90_128x256::Sm90_128x256` or `tycute_configs::sm90_bf16::Sm90_128x256Bf16`):
/// its A and B buffers have the configuration's input type ([`InputOf`]), its C and D buffers its
/// output type ([`OutputOf`]), so a buffer of the wrong type is a compile error rather than wrong
/// numbers; everything else is the [`Sm90Gemm`] it dereferences to.
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_bf16::Sm90_128x256Bf16;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Bf16>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<half::bf16>(m * k)?; // A (m,k), K-major
/// let b = stream.alloc_zeros::<half::bf16>(n * k)?; // B (n,k), K-major
/// let mut c = stream.alloc_zeros::<half::bf16>(m * n)?; // C (m,n) row-major
/// gemm.run((m, n, k), &a, &b, &mut c, 1.0, 0.0, &stream)?; // C = A * B^T
/// # Ok(())
/// # }
/// ```
///
/// The bf16 configuration takes `half::bf16` buffers; fp16 ones do not compile:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_bf16::Sm90_128x256Bf16;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Bf16>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<half::f16>(64)?;
/// let b = stream.alloc_zeros::<half::f16>(64)?;
/// let mut c = stream.alloc_zeros::<half::bf16>(64)?;
/// gemm.run((8, 8, 8), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&CudaSlice<bf16>`, found `&CudaSlice<f16>`
/// # Ok(())
/// # }
/// ```
///
/// The fp8 configurations (`sm90_fp8`) take [`E4m3`] / [`E5m2`] A and B (K-major: the kernel
/// has no other form) and bf16 C and D; `alpha` is the product of the per-tensor scales:
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_fp8::Sm90_128x256E4m3;
/// use tycute_gemm::fp8::E4m3;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256E4m3>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<E4m3>(m * k)?; // A (m,k), K-major, quantized with scale_a
/// let b = stream.alloc_zeros::<E4m3>(n * k)?; // B (n,k), K-major, quantized with scale_b
/// let mut c = stream.alloc_zeros::<half::bf16>(m * n)?; // C (m,n) row-major
/// let (scale_a, scale_b) = (0.5f32, 0.25f32);
/// gemm.run((m, n, k), &a, &b, &mut c, scale_a * scale_b, 0.0, &stream)?;
/// # Ok(())
/// # }
/// ```
///
/// An e4m3 configuration's A and B must be [`E4m3`]: e5m2 (or 16-bit) buffers do not compile:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_fp8::Sm90_128x256E4m3;
/// use tycute_gemm::fp8::E5m2;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256E4m3>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<E5m2>(256)?;
/// let b = stream.alloc_zeros::<E5m2>(256)?;
/// let mut c = stream.alloc_zeros::<half::bf16>(256)?;
/// gemm.run((16, 16, 16), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&CudaSlice<E4m3>`, found `&CudaSlice<E5m2>`
/// # Ok(())
/// # }
/// ```
///
/// The tf32 configuration (`sm90_tf32`) takes `f32` A and B (K-major; wgmma reads them as tf32)
/// and bf16 C and D:
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_tf32::Sm90_128x256Tf32;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Tf32>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<f32>(m * k)?; // A (m,k), K-major
/// let b = stream.alloc_zeros::<f32>(n * k)?; // B (n,k), K-major
/// let mut c = stream.alloc_zeros::<half::bf16>(m * n)?; // C (m,n) row-major
/// gemm.run((m, n, k), &a, &b, &mut c, 1.0, 0.0, &stream)?;
/// # Ok(())
/// # }
/// ```
///
/// Its A and B must be `f32`: 16-bit buffers do not compile:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_tf32::Sm90_128x256Tf32;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Tf32>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<half::bf16>(256)?;
/// let b = stream.alloc_zeros::<half::bf16>(256)?;
/// let mut c = stream.alloc_zeros::<half::bf16>(256)?;
/// gemm.run((16, 16, 16), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&CudaSlice<f32>`, found `&CudaSlice<bf16>`
/// # Ok(())
/// # }
/// ```
///
/// The `_f32cd` configurations (`sm90_f32cd`) take fp32 C, D and bias (the kernel stores them
/// from the registers):
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_f32cd::Sm90_128x256Bf16F32cd;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Bf16F32cd>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<half::bf16>(m * k)?; // A (m,k), K-major
/// let b = stream.alloc_zeros::<half::bf16>(n * k)?; // B (n,k), K-major
/// let mut c = stream.alloc_zeros::<f32>(m * n)?; // C (m,n) row-major, fp32
/// gemm.run((m, n, k), &a, &b, &mut c, 1.0, 0.5, &stream)?; // C = A * B^T + 0.5 * C
/// # Ok(())
/// # }
/// ```
///
/// and a 16-bit C or D does not compile there:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm90_f32cd::Sm90_128x256Bf16F32cd;
/// use tycute_gemm::sm90::Sm90Typed;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm90Typed::<Sm90_128x256Bf16F32cd>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<half::bf16>(64)?;
/// let b = stream.alloc_zeros::<half::bf16>(64)?;
/// let mut c = stream.alloc_zeros::<half::bf16>(64)?;
/// gemm.run((8, 8, 8), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&mut CudaSlice<f32>`, found `&mut CudaSlice<bf16>`
/// # Ok(())
/// # }
/// ```
pub struct Sm90Typed<C> {
    gemm: Sm90Gemm,
    _config: PhantomData<fn() -> C>,
}

impl<C: Sm90Config> Sm90Typed<C>
where
    C::ElementAB: Sm90Input,
    C::ElementCD: HostElement,
    OutputOf<C>: Sm90Output,
{
    /// Builds the kernel of configuration `C` (NVRTC, from the header `build.rs` wrote from `C`;
    /// or `$TYCUTE_CUBIN_DIR/<name>.cubin`) and loads it.
    pub fn new(ctx: &Arc<CudaContext>) -> Result<Sm90Typed<C>> {
        let cfg = Sm90Header::named(C::NAME)?;
        let image = cfg.cubin()?.ok_or_else(|| Error::NoCompiler { kernel: C::NAME.to_string(), env: cfg.cubin_env() })?;
        Ok(Sm90Typed { gemm: Sm90Gemm::load_config(ctx, cfg, image)?, _config: PhantomData })
    }

    /// `C = alpha * A * B^T + beta * C` in place ([`Sm90Gemm::run`]: A (m,k) and B (n,k)
    /// K-major, C (m,n) row-major, packed), A and B of the configuration's input type, C of its
    /// output type.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        shape: (usize, usize, usize),
        a: &CudaSlice<InputOf<C>>,
        b: &CudaSlice<InputOf<C>>,
        c: &mut CudaSlice<OutputOf<C>>,
        alpha: f32,
        beta: f32,
        stream: &Stream,
    ) -> Result<()> {
        let len = c.len();
        let (pc, _gc) = c.device_ptr_mut(stream);
        let view = SameBuffer::<OutputOf<C>>::new(pc, len, stream);
        let mut same = SameBuffer::<OutputOf<C>>::new(pc, len, stream);
        <OutputOf<C> as Sm90Output>::launch::<C::ElementAB, _, _, _, _>(&self.gemm, stream, shape, &Sm90Strides::packed(shape, 1), a, b, &view, &mut same, alpha, beta, Bias::None)
    }

    /// [`Sm90Gemm::launch_bias`] (or [`Sm90Gemm::launch_fp8`]) with A and B of the
    /// configuration's input type, C and D of its output type: strides, batches, column-major
    /// C/D and a bias (of the output type: `u16` bits of a 16-bit one, `f32`; [`BiasOf`]) as
    /// there. An `_f32cd` configuration ([`Sm90Gemm::launch_f32cd`]) takes `f32` C and D.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        stream: &Stream,
        shape: (usize, usize, usize),
        s: &Sm90Strides,
        a: &CudaSlice<InputOf<C>>,
        b: &CudaSlice<InputOf<C>>,
        c: &CudaSlice<OutputOf<C>>,
        d: &mut CudaSlice<OutputOf<C>>,
        alpha: f32,
        beta: f32,
        bias: Bias<'_, BiasOf<C>>,
    ) -> Result<()> {
        <OutputOf<C> as Sm90Output>::launch::<C::ElementAB, _, _, _, _>(&self.gemm, stream, shape, s, a, b, c, d, alpha, beta, bias)
    }
}

/// The host type of the fp8 A and B of configuration `C` ([`E4m3`] or [`E5m2`]).
pub type Fp8Of<C> = <<C as Sm90Config>::ElementAB as HostFp8>::Host;

impl<C: Sm90Config> Sm90Typed<C>
where
    C::ElementAB: Sm90Input + HostFp8,
    C::ElementCD: HostElement,
    OutputOf<C>: Sm90Output,
    Fp8Of<C>: Fp8 + Sm90AbElem,
{
    /// [`Sm90Gemm::launch_fp8`] of an fp8 configuration with A and B of its fp8 type and C, D
    /// (and the bias) of its output type: `D = scales(A * B^T) + beta * C + bias`, [`Scales`]
    /// per tensor (`Scales::Tensor(scale_a * scale_b)`, or an `f32`) or per row of A and of B
    /// (`Scales::RowCol`). Strides, batches, column-major C/D as there. Only the fp8
    /// configurations have it:
    ///
    /// ```no_run
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use tycute_configs::sm90_fp8_out::Sm90_128x256E4m3F16cd;
    /// use tycute_gemm::fp8::{quantize_rows, E4m3, Scales};
    /// use tycute_gemm::sm90::{Bias, Sm90Strides, Sm90Typed};
    /// let ctx = tycute_cuda::gpu::context()?;
    /// let gemm = Sm90Typed::<Sm90_128x256E4m3F16cd>::new(&ctx)?; // e4m3 A and B, fp16 C and D
    /// let stream = ctx.default_stream();
    /// let (m, n, k) = (256, 512, 128);
    /// let (qa, sa) = quantize_rows::<E4m3>(&vec![0.5f32; m * k], m); // one scale per row of A
    /// let (qb, sb) = quantize_rows::<E4m3>(&vec![0.25f32; n * k], n); // one per row of B
    /// let (a, b) = (stream.clone_htod(&qa)?, stream.clone_htod(&qb)?);
    /// let (sa, sb) = (stream.clone_htod(&sa)?, stream.clone_htod(&sb)?);
    /// let c = stream.alloc_zeros::<half::f16>(m * n)?;
    /// let mut d = stream.alloc_zeros::<half::f16>(m * n)?;
    /// let s = Sm90Strides::packed((m, n, k), 1);
    /// gemm.launch_scaled(&stream, (m, n, k), &s, &a, &b, &c, &mut d, Scales::RowCol { a: &sa, b: &sb }, 0.0, Bias::None)?;
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// A 16-bit configuration has no `launch_scaled` (its `ElementAB` is not an fp8 type):
    ///
    /// ```compile_fail,E0599
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use tycute_configs::sm90_bf16::Sm90_128x256Bf16;
    /// use tycute_gemm::sm90::{Bias, Sm90Strides, Sm90Typed};
    /// let ctx = tycute_cuda::gpu::context()?;
    /// let gemm = Sm90Typed::<Sm90_128x256Bf16>::new(&ctx)?;
    /// let stream = ctx.default_stream();
    /// let a = stream.alloc_zeros::<half::bf16>(64)?;
    /// let c = stream.alloc_zeros::<half::bf16>(64)?;
    /// let mut d = stream.alloc_zeros::<half::bf16>(64)?;
    /// gemm.launch_scaled(&stream, (8, 8, 8), &Sm90Strides::packed((8, 8, 8), 1), &a, &a, &c, &mut d, 1.0, 0.0, Bias::None)?;
    /// # Ok(())
    /// # }
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn launch_scaled<'s>(
        &self,
        stream: &Stream,
        shape: (usize, usize, usize),
        s: &Sm90Strides,
        a: &CudaSlice<Fp8Of<C>>,
        b: &CudaSlice<Fp8Of<C>>,
        c: &CudaSlice<OutputOf<C>>,
        d: &mut CudaSlice<OutputOf<C>>,
        scales: impl Into<Scales<'s>>,
        beta: f32,
        bias: Bias<'_, BiasOf<C>>,
    ) -> Result<()> {
        <OutputOf<C> as Sm90Output>::launch_fp8::<Fp8Of<C>, _, _, _, _>(&self.gemm, stream, shape, s, a, b, c, d, scales.into(), beta, bias)
    }
}

impl<C> Deref for Sm90Typed<C> {
    type Target = Sm90Gemm;
    fn deref(&self) -> &Sm90Gemm {
        &self.gemm
    }
}

impl<C> DerefMut for Sm90Typed<C> {
    fn deref_mut(&mut self) -> &mut Sm90Gemm {
        &mut self.gemm
    }
}
