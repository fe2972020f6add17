//! The kernels' sources, embedded, and their CUBINs: a prebuilt file from the directory
//! `$TYCUTE_CUBIN_DIR` names (for a GPU machine without NVRTC, or to run CUBINs of a chosen NVRTC),
//! else NVRTC with the generated [`headers`](crate::headers).

use std::path::PathBuf;

use tycute_cuda::nvrtc::{self, Arch};

use crate::{Error, Result};

/// `kernels/sgemm_sm80_tile.cu`: the tile round-trip, which takes every index from `sgemm_sm80.h`
/// ([`tile_roundtrip`](crate::tile_roundtrip)).
pub const TILE_ROUNDTRIP_SOURCE: &str = include_str!("../kernels/sgemm_sm80_tile.cu");

/// `kernels/sm80_gemm.cu`: the sgemm_sm80 data flow on a configuration header's tables
/// ([`Sm80Launcher`](crate::sm80::Sm80Launcher)).
pub const SM80_GEMM_SOURCE: &str = include_str!("../kernels/sm80_gemm.cu");

/// `kernels/sm90_gemm.cu`: the persistent sm90 GEMM ([`Sm90Gemm`](crate::sm90::Sm90Gemm)).
pub const SM90_GEMM_SOURCE: &str = include_str!("../kernels/sm90_gemm.cu");

/// The environment variable naming a directory of prebuilt CUBINs, one per configuration
/// (`<configuration>.cubin`, `sgemm_sm80_tile.cubin` for the tile round trip), built for the GPU
/// that runs them (`scripts/device.sh pack` writes such directories).
pub const CUBIN_DIR_ENV: &str = "TYCUTE_CUBIN_DIR";

/// The CUBIN named `stem` (a configuration's name) of kernel source `src` (file name `name`) for
/// `arch` with the NVRTC options `extra` (`-DTYCUTE_SM80_CONFIG=...`): `$TYCUTE_CUBIN_DIR/stem.cubin`
/// if the variable is set (an error if that file cannot be read: no silent fallback to another
/// build), else NVRTC with the generated headers (a spill is a warning on stderr). `Ok(None)`:
/// neither is available (a reason to skip, not a failure).
pub fn cubin(stem: &str, name: &str, src: &str, arch: Arch, extra: Vec<String>) -> Result<Option<Vec<u8>>> {
    if let Some(dir) = std::env::var_os(CUBIN_DIR_ENV) {
        let path = PathBuf::from(dir).join(format!("{stem}.cubin"));
        return std::fs::read(&path).map(Some).map_err(|source| Error::CubinFile { env: CUBIN_DIR_ENV.to_string(), path, source });
    }
    if !nvrtc::available() {
        return Ok(None);
    }
    Ok(Some(nvrtc::compile_to_run(name, src, crate::headers::HEADERS, arch, extra)?.image))
}
