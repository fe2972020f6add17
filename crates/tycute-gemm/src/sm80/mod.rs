//! The sm80 GEMM, `kernels/sm80_gemm.cu` (cp.async, ldmatrix, mma.sync; every index from a
//! configuration's header): its configurations as the host reads them ([`Sm80Header`]), strides
//! ([`Sm80Strides`]), the loaded kernel and its launches ([`Sm80Launcher`], and [`Sm80Gemm<C>`]
//! for a configuration type), its check ([`check_case`]) and its benchmark ([`bench_rotating`]).

pub mod bench;
pub mod check;
mod header;
mod launcher;
mod staged;
mod strides;
mod typed;

pub use bench::{bench, bench_rotating, cublas_bench};
pub use check::{check, check_case, Sm80Case, Sm80Report, F16_ACC_EXACT_K, GUARD};
pub use header::{check_elem, check_input, InputElem, Sm80Header, CUBIN_ENV, DEFAULT_SM80, SM80_CONFIGS};
pub use launcher::Sm80Launcher;
pub use staged::Sm80Staged;
pub use strides::Sm80Strides;
pub use typed::{InputOf, OutputOf, Sm80Gemm};
