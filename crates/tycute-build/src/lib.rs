//! The dependency of tycute's build script (with the `headers` feature): the named
//! configurations' CUDA header emitter, `tycute_build::emit::write_all(out_dir)`.
//!
//! A crate of its own so that a dependent asking for `configs` gets tycute-configs as a library
//! only, not a second host build for a build script that writes nothing without `headers`.

pub use tycute_configs::emit;
