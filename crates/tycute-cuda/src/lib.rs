//! # tycute-cuda
//!
//! The CUDA side of tycute, built on cudarc with NVRTC and the driver loaded at run time:
//!
//! * [`nvrtc`]: `kernels/*.cu` (plus generated headers) to CUBIN for `sm_80` and `sm_90a`, with
//!   ptxas's register / shared-memory / spill report, cached by content hash; a spill is a
//!   compile error;
//! * [`sass`]: `cuobjdump -sass` of a CUBIN and its instruction counts, to check that a kernel
//!   really uses `LDGSTS`, `LDSM`, `HMMA.16816`, `STSM`, ...;
//! * [`library`]: tycute's device library (`kernels/include/tycute/`), embedded: NVRTC gets it as
//!   named headers, nvcc through [`library::write_to`] or [`library::include_dir`];
//! * [`kernels`]: the kernel sources of the repository and the instructions each one declares it
//!   must contain (`// tycute-sass sm_80: LDGSTS LDSM HMMA.16816`);
//! * [`tma`]: `CUtensorMap` as a kernel argument, built with `cuTensorMapEncodeTiled`.
//!
//! Every fallible function returns [`Result`]: one [`Error`] saying what is wrong and what to do
//! (no driver, no device, no NVRTC, a compile error with its log, an unsupported architecture, a
//! TMA map argument the driver would refuse, a file). Nothing here needs a GPU; a machine without
//! NVRTC gets [`Error::NoNvrtc`] and one without a driver [`Error::NoDriver`], not a panic.

mod arch;
mod error;
pub mod kernels;
pub mod library;
pub mod nvrtc;
pub mod sass;
pub mod gpu;
pub mod tma;
mod tensor_map_args;

pub use error::{Error, Result};

/// The cudarc this crate is built on (driver, NVRTC, cuBLAS; dynamic loading, CUDA 13.0 API).
pub use cudarc;
