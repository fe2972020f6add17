//! tycute's device library, `kernels/include/tycute/` (docs/kernels.md): the arch layer (each PTX
//! instruction once), the GEMM building blocks (sm80 mainloop and epilogue; sm90 producer,
//! mainloop, epilogue and its warps), the tile schedulers with the one stream-K walk
//! (`tycute/scheduler/stream_k.h`), and the attention tiles' headers (`tycute/attention/`: emitted
//! by `crates/tycute-attention` from its proofs, checked against them by its tests).
//!
//! * NVRTC: [`crate::nvrtc::compile`] passes every header of [`HEADERS`] as a named header, so a
//!   kernel says `#include "tycute/arch/mbarrier.cuh"` with nothing else to do.
//! * nvcc: `-I kernels/include` in this repository ([`include_dir`]; the crate's `kernels` is a link to it,
//!   so the packaged crate carries the library); a user's `build.rs` writes the
//!   embedded copy with [`write_to`] (`write_to(&out_dir)` then `nvcc -I $OUT_DIR ...`), so the
//!   library comes with the crate and matches it.

use std::path::{Path, PathBuf};

use crate::error::{file, Result};

/// Every header of the library: `(include name, text)`, the include name relative to
/// `kernels/include` (`"tycute/arch/tma.cuh"`).
pub const HEADERS: &[(&str, &str)] = &[
    ("tycute/arch/cluster.cuh", include_str!("../kernels/include/tycute/arch/cluster.cuh")),
    ("tycute/arch/convert.cuh", include_str!("../kernels/include/tycute/arch/convert.cuh")),
    ("tycute/arch/cp_async.cuh", include_str!("../kernels/include/tycute/arch/cp_async.cuh")),
    ("tycute/arch/fence.cuh", include_str!("../kernels/include/tycute/arch/fence.cuh")),
    ("tycute/arch/ldmatrix.cuh", include_str!("../kernels/include/tycute/arch/ldmatrix.cuh")),
    ("tycute/arch/mbarrier.cuh", include_str!("../kernels/include/tycute/arch/mbarrier.cuh")),
    ("tycute/arch/mma_sync.cuh", include_str!("../kernels/include/tycute/arch/mma_sync.cuh")),
    ("tycute/arch/setmaxnreg.cuh", include_str!("../kernels/include/tycute/arch/setmaxnreg.cuh")),
    ("tycute/arch/smem.cuh", include_str!("../kernels/include/tycute/arch/smem.cuh")),
    ("tycute/arch/stmatrix.cuh", include_str!("../kernels/include/tycute/arch/stmatrix.cuh")),
    ("tycute/arch/tma.cuh", include_str!("../kernels/include/tycute/arch/tma.cuh")),
    ("tycute/arch/wgmma.cuh", include_str!("../kernels/include/tycute/arch/wgmma.cuh")),
    ("tycute/arch/wgmma_operands.cuh", include_str!("../kernels/include/tycute/arch/wgmma_operands.cuh")),
    // the attention tiles' headers, emitted by crates/tycute-attention (written by its header test with TYCUTE_BLESS=1)
    ("tycute/attention/sm90_bf16_hd128.h", include_str!("../kernels/include/tycute/attention/sm90_bf16_hd128.h")),
    ("tycute/attention/sm90_f16_hd64.h", include_str!("../kernels/include/tycute/attention/sm90_f16_hd64.h")),
    ("tycute/gemm/closed_form.cuh", include_str!("../kernels/include/tycute/gemm/closed_form.cuh")),
    ("tycute/gemm/skinny.cuh", include_str!("../kernels/include/tycute/gemm/skinny.cuh")),
    ("tycute/gemm/sm80_config.cuh", include_str!("../kernels/include/tycute/gemm/sm80_config.cuh")),
    ("tycute/gemm/sm80_epilogue.cuh", include_str!("../kernels/include/tycute/gemm/sm80_epilogue.cuh")),
    ("tycute/gemm/sm80_mainloop.cuh", include_str!("../kernels/include/tycute/gemm/sm80_mainloop.cuh")),
    ("tycute/gemm/sm90_config.cuh", include_str!("../kernels/include/tycute/gemm/sm90_config.cuh")),
    ("tycute/gemm/sm90_epilogue.cuh", include_str!("../kernels/include/tycute/gemm/sm90_epilogue.cuh")),
    ("tycute/gemm/sm90_epilogue_warps.cuh", include_str!("../kernels/include/tycute/gemm/sm90_epilogue_warps.cuh")),
    ("tycute/gemm/sm90_mainloop.cuh", include_str!("../kernels/include/tycute/gemm/sm90_mainloop.cuh")),
    ("tycute/gemm/sm90_producer.cuh", include_str!("../kernels/include/tycute/gemm/sm90_producer.cuh")),
    ("tycute/gemm/sm90_smem.cuh", include_str!("../kernels/include/tycute/gemm/sm90_smem.cuh")),
    ("tycute/scheduler/sm80_stream_k.cuh", include_str!("../kernels/include/tycute/scheduler/sm80_stream_k.cuh")),
    ("tycute/scheduler/sm80_tile_scheduler.cuh", include_str!("../kernels/include/tycute/scheduler/sm80_tile_scheduler.cuh")),
    ("tycute/scheduler/sm90_stream_k.cuh", include_str!("../kernels/include/tycute/scheduler/sm90_stream_k.cuh")),
    ("tycute/scheduler/sm90_tile_scheduler.cuh", include_str!("../kernels/include/tycute/scheduler/sm90_tile_scheduler.cuh")),
    ("tycute/scheduler/stream_k.h", include_str!("../kernels/include/tycute/scheduler/stream_k.h")),
];

/// `kernels/include` of this source tree (for `nvcc -I`): holds `tycute/...`.
pub fn include_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/include"))
}

/// Writes every header of [`HEADERS`] under `dir` (`dir/tycute/arch/...`, directories created;
/// a file with the same text is left alone, so a build script does not retrigger itself) and
/// returns `dir`, the directory to pass as `-I`; a file or directory that cannot be written is an
/// [`Error::File`](crate::Error::File) naming it.
pub fn write_to(dir: &Path) -> Result<PathBuf> {
    for (name, text) in HEADERS {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).is_ok_and(|t| t == *text) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(file(parent))?;
        }
        std::fs::write(&path, text).map_err(file(&path))?;
    }
    Ok(dir.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`HEADERS`] lists exactly the files of `kernels/include`, each with its current text.
    #[test]
    fn headers_are_the_directory() {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, out)
                } else {
                    out.push(p)
                }
            }
        }
        let root = include_dir();
        let mut files = Vec::new();
        walk(&root, &mut files);
        let mut names: Vec<String> = files.iter().map(|p| p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/")).collect();
        names.sort();
        let listed: Vec<&str> = HEADERS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, listed, "add the new header to tycute-cuda's library::HEADERS");
        for (n, t) in HEADERS {
            assert_eq!(std::fs::read_to_string(root.join(n)).unwrap(), *t, "{n}");
        }
    }

    #[test]
    fn write_to_writes_every_header() {
        let dir = std::env::temp_dir().join(format!("tycute-library-{}", std::process::id()));
        let inc = write_to(&dir).unwrap();
        for (n, t) in HEADERS {
            assert_eq!(std::fs::read_to_string(inc.join(n)).unwrap(), *t);
        }
        write_to(&dir).unwrap(); // (again: unchanged files are left alone)
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
