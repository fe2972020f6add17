//! # tycute-gemm
//!
//! tycute's GEMMs on the GPU, the host side: the sm80 kernel (`kernels/sm80_gemm.cu`, module
//! [`sm80`]) and the sm90 kernel (`kernels/sm90_gemm.cu`, module [`sm90`]) loaded from CUBINs
//! built with the headers their configurations' types wrote ([`headers`]), launched on device
//! buffers in any layouts and strides they take, checked against an f64 reference and cuBLAS, and
//! timed beside cuBLAS. Nothing here needs a GPU to compile or to check shapes; a launch without
//! one is an [`Error`].
//!
//! The vocabulary both kernels share:
//! * layouts: [`Major`] (which index of A or B is contiguous), [`Order`] (how C and D are
//!   stored), [`Layouts`] (TN, NT, NN, TT with C's order);
//! * element types of C and D: [`GemmElem`];
//! * stream-K: the host's plans of who computes which k-blocks ([`stream_k`]);
//! * measuring: [`Timing`] and the helpers of [`bench`](mod@bench); the cuBLAS calls of [`cublas`], and
//!   cuBLASLt's fp8 and tf32 GEMMs ([`cublaslt`]);
//! * decode-sized M (M <= 16): [`skinny::SkinnyGemm`], `kernels/skinny_gemm.cu`;
//! * staged operands: copies of matrices into rows the TMA reads (odd leading dimensions): [`staging`];
//! * fp8 values on the host, e4m3 and e5m2, per-tensor and per-row scales ([`fp8::Scales`]): [`fp8`];
//! * one error type, [`Error`].
//!
//! And the sm90 attention forward (`kernels/attention_sm90.cu`): [`attention::Attention`].
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tycute_gemm::sm80::{Sm80Header, Sm80Launcher, DEFAULT_SM80};
//!
//! let ctx = tycute_cuda::gpu::context()?;
//! let cfg = Sm80Header::named(DEFAULT_SM80)?;
//! let image = cfg.cubin(tycute_cuda::gpu::arch(&ctx)?)?.ok_or("no NVRTC")?;
//! let gemm = Sm80Launcher::load(&ctx, &cfg, image)?;
//! assert_eq!(tycute_gemm::sm80::check(&gemm, 512, 512, 1024)?, 0); // every element exact
//! # Ok(())
//! # }
//! ```

pub mod attention;
pub mod bench;
mod check;
pub mod cublas;
pub mod cublaslt;
pub mod cubin;
pub mod env;
mod device;
mod elem;
mod error;
pub mod fp8;
pub mod headers;
mod layout;
pub mod sm80;
pub mod skinny;
pub mod sm90;
pub mod staging;
pub mod stream_k;
mod tile_roundtrip;
mod workspace;

pub use bench::Timing;
pub use cubin::cubin;
pub use elem::{f16_bits, f16_value, ElementCode, GemmElem, HostElement};
pub use error::{Error, Result};
pub use layout::{Layouts, Major, Order};
pub use tile_roundtrip::tile_roundtrip;
