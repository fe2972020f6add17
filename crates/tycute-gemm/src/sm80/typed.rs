//! [`Sm80Gemm<C>`]: the sm80 GEMM of a configuration type, its A and B, C and D of the
//! configuration's element types at compile time.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use tycute_atom::copy::CopyAtom;
use tycute_atom::MmaTraits;
use tycute_configs::kernel::sm80::Sm80Kernel;
use tycute_cuda::cudarc::driver::{CudaContext, CudaSlice};

use crate::device::Stream;
use crate::elem::HostElement;
use crate::sm80::{InputElem, Sm80Header, Sm80Launcher, CUBIN_ENV};
use crate::{Error, Result};

/// The element type of C and D of configuration `C`: its S2G atom's value type, on the host.
pub type OutputOf<C> = <<<C as Sm80Kernel>::S2GAtom as CopyAtom>::ValType as HostElement>::Host;

/// The element type of A and B of configuration `C`: its MMA atom's `ValTypeA`, on the host
/// (`half::f16` for `half_t`, `half::bf16` for `bfloat16_t`, `f32` for `tfloat32_t`).
pub type InputOf<C> = <<<C as Sm80Kernel>::Mma as MmaTraits>::ValTypeA as HostElement>::Host;

/// The sm80 GEMM of the configuration type `C` (an [`Sm80Kernel`],
/// e.g. `tycute_configs::sm80_tn_128x256::Sm80Tn128x256`): its A and B buffers have the
/// configuration's input type ([`InputOf`]: its MMA atom's), its C and D buffers its output
/// type ([`OutputOf`]: its S2G atom's), so a buffer of the wrong type is a compile error rather
/// than a launch error; everything else is the [`Sm80Launcher`] it dereferences to.
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm80_tn_128x256::Sm80Tn128x256;
/// use tycute_gemm::sm80::Sm80Gemm;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm80Gemm::<Sm80Tn128x256>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<half::f16>(m * k)?; // A (m,k), K-major
/// let b = stream.alloc_zeros::<half::f16>(n * k)?; // B (n,k), K-major
/// let mut c = stream.alloc_zeros::<f32>(m * n)?; // C (m,n) column-major
/// gemm.run((m, n, k), &a, &b, &mut c, 1.0, 0.0, &stream)?; // C = A * B^T
/// # Ok(())
/// # }
/// ```
///
/// The bf16 configuration takes `half::bf16` A and B; fp16 buffers do not compile:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm80_bf16_128x256::Sm80Tn128x256Bf16;
/// use tycute_gemm::sm80::Sm80Gemm;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm80Gemm::<Sm80Tn128x256Bf16>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<half::f16>(64)?;
/// let b = stream.alloc_zeros::<half::f16>(64)?;
/// let mut c = stream.alloc_zeros::<f32>(64)?;
/// gemm.run((8, 8, 8), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&CudaSlice<bf16>`, found `&CudaSlice<f16>`
/// # Ok(())
/// # }
/// ```
///
/// The tf32 configuration's atom takes `tfloat32_t` A and B, fp32 in memory: `f32` buffers.
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm80_tf32_128x256::Sm80Tn128x256Tf32;
/// use tycute_gemm::sm80::Sm80Gemm;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm80Gemm::<Sm80Tn128x256Tf32>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<f32>(256 * 128)?; // A (m,k), K-major, read as tf32
/// let b = stream.alloc_zeros::<f32>(512 * 128)?;
/// let mut c = stream.alloc_zeros::<f32>(256 * 512)?;
/// gemm.run((256, 512, 128), &a, &b, &mut c, 1.0, 0.0, &stream)?;
/// # Ok(())
/// # }
/// ```
///
/// and 16-bit buffers do not compile:
///
/// ```compile_fail,E0308
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tycute_configs::sm80_tf32_128x256::Sm80Tn128x256Tf32;
/// use tycute_gemm::sm80::Sm80Gemm;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = Sm80Gemm::<Sm80Tn128x256Tf32>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<half::f16>(64)?;
/// let b = stream.alloc_zeros::<half::f16>(64)?;
/// let mut c = stream.alloc_zeros::<f32>(64)?;
/// gemm.run((8, 8, 8), &a, &b, &mut c, 1.0, 0.0, &stream)?; // expected `&CudaSlice<f32>`, found `&CudaSlice<f16>`
/// # Ok(())
/// # }
/// ```
pub struct Sm80Gemm<C> {
    gemm: Sm80Launcher,
    _config: PhantomData<fn() -> C>,
}

impl<C: Sm80Kernel> Sm80Gemm<C>
where
    <C::S2GAtom as CopyAtom>::ValType: HostElement,
    <C::Mma as MmaTraits>::ValTypeA: HostElement,
    InputOf<C>: InputElem,
{
    /// Builds the kernel of configuration `C` for the context's GPU (NVRTC, from the header
    /// `build.rs` wrote from `C`; or `$TYCUTE_CUBIN_DIR/<name>.cubin`) and loads it.
    pub fn new(ctx: &Arc<CudaContext>) -> Result<Sm80Gemm<C>> {
        let cfg = Sm80Header::named(C::NAME)?;
        let arch = tycute_cuda::gpu::arch(ctx)?;
        let image = cfg.cubin(arch)?.ok_or_else(|| Error::NoCompiler { kernel: C::NAME.to_string(), env: CUBIN_ENV.to_string() })?;
        Ok(Sm80Gemm { gemm: Sm80Launcher::load(ctx, &cfg, image)?, _config: PhantomData })
    }

    /// `C = alpha * A * B^T + beta * C` in place ([`Sm80Launcher::run`]), A and B of the
    /// configuration's input type, C of its output type.
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
        self.gemm.run(shape, a, b, c, alpha, beta, stream)
    }
}

impl<C> Deref for Sm80Gemm<C> {
    type Target = Sm80Launcher;
    fn deref(&self) -> &Sm80Launcher {
        &self.gemm
    }
}

impl<C> DerefMut for Sm80Gemm<C> {
    fn deref_mut(&mut self) -> &mut Sm80Launcher {
        &mut self.gemm
    }
}
