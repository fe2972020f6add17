//! The dependency of tycute-gemm's build script: the named configurations' CUDA header emitter,
//! `tycute_build::emit::write_all(out_dir)`.
//!
//! A crate of its own so that a dependent asking for tycute's `configs` feature gets
//! tycute-configs as a library only, never a second, host build of it for a build script.

pub use tycute_configs::emit;
