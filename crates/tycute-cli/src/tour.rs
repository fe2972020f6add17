//! `tycute` without arguments: the embedded default, sgemm_sm80 TN, as far as this machine
//! allows, saying what it skipped and why:
//!
//! 1. the shared-memory layouts derived step by step at the type level;
//! 2. the CUDA header written from the types (`$TYCUTE_OUT`, default `target/tycute/`), and the
//!    host-side proof of its tables;
//! 3. the bank-conflict analysis of its shared-memory instructions;
//! 4. with NVRTC: the kernels on those tables compiled for sm_80 and sm_90a (registers, spills);
//! 5. with a GPU: the tile roundtrip on the device, every register checked; the sm80 GEMM
//!    (`kernels/sm80_gemm.cu`) checked against the CPU and timed beside cuBLAS.

use std::fmt::Write as _;

use tycute_cuda::{gpu, nvrtc};
use tycute_gemm::cubin::TILE_ROUNDTRIP_SOURCE;
use tycute_gemm::headers::HEADERS;
use tycute_gemm::sm80::{Sm80Header, Sm80Launcher, DEFAULT_SM80};

/// Runs the tour and prints it.
pub fn run() {
    let mut text =
        String::from("sgemm_sm80 (TN, 128x128x64, 3 stages): shared-memory layouts, evaluated by the trait solver\n\n");
    let steps = tycute_configs::sgemm_sm80::derivation();
    let width = steps.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in steps {
        let _ = writeln!(text, "{name:<width$}  {value}");
    }

    // 2. the header and the proof of its tables
    let out = std::env::var_os("TYCUTE_OUT").map_or_else(|| std::path::PathBuf::from("target/tycute"), Into::into);
    text += "\nCUDA header (every table from the types):\n";
    for (file, header) in HEADERS {
        let path = out.join(file);
        let tmp = out.join(format!(".{file}.tmp"));
        match std::fs::create_dir_all(&out).and_then(|_| std::fs::write(&tmp, header)).and_then(|_| std::fs::rename(&tmp, &path)) {
            Ok(()) => {
                let _ = writeln!(text, "  wrote {} ({} bytes)", path.display(), header.len());
            }
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                let _ = writeln!(text, "  skipped writing {}: {e} (set TYCUTE_OUT to a writable directory)", path.display());
            }
        }
    }
    {
        use tycute_configs::emit::sm80::check;
        use tycute_configs::kernel::sm80::Sm80Config;
        use tycute_configs::{sgemm_sm80::SgemmSm80, sm80_nt_128x256::Sm80Nt128x256, sm80_tn_128x256::Sm80Tn128x256};
        for (name, r) in [
            (SgemmSm80::NAME, check::<SgemmSm80>()),
            (Sm80Tn128x256::NAME, check::<Sm80Tn128x256>()),
            (Sm80Nt128x256::NAME, check::<Sm80Nt128x256>()),
        ] {
            match r {
                Ok(r) => {
                    for l in r.lines {
                        let _ = writeln!(text, "  proof ({name}): {l}");
                    }
                }
                Err(e) => {
                    let _ = writeln!(text, "  PROOF FAILED ({name}): {e}");
                }
            }
        }
    }

    // 3. bank conflicts
    text += "\n";
    text += &tycute_configs::analyze::report(
        "sgemm_sm80: shared-memory wavefronts per warp instruction (ideal = bytes / 128):",
        &tycute_configs::analyze::sm80::accesses::<tycute_configs::sgemm_sm80::SgemmSm80>(),
    );

    // 4. NVRTC
    text += "\nNVRTC:\n";
    let mut cubin_90a = None;
    if nvrtc::available() {
        let (major, minor) = nvrtc::version().unwrap_or((0, 0));
        let _ = writeln!(text, "  NVRTC {major}.{minor}");
        for arch in nvrtc::Arch::ALL {
            match nvrtc::compile_to_run("sgemm_sm80_tile.cu", TILE_ROUNDTRIP_SOURCE, HEADERS, arch, Vec::new()) {
                Ok(c) => {
                    for k in &c.kernels {
                        let _ = writeln!(
                            text,
                            "  sgemm_sm80_tile.cu {arch}: {} registers, {} B smem, {} B spilled{}",
                            k.registers,
                            k.smem_bytes,
                            k.spill_stores + k.spill_loads,
                            if c.cached { " (cached)" } else { "" }
                        );
                    }
                    if arch == nvrtc::Arch::Sm90a {
                        cubin_90a = Some(c);
                    }
                }
                Err(e) => {
                    let _ = writeln!(text, "  {arch}: {e}");
                }
            }
        }
    } else {
        text += "  skipped: NVRTC is not installed (`source scripts/cuda-env.sh` installs it from pip)\n";
    }

    // 5. the GPU
    text += "\nGPU:\n";
    match gpu::context() {
        Err(why) => {
            let _ = writeln!(text, "  skipped: {why}");
        }
        Ok(ctx) => match gpu::arch(&ctx) {
            Err(e) => {
                let _ = writeln!(text, "  skipped: {e}");
            }
            Ok(arch) => {
                let image = match (arch, cubin_90a) {
                    (nvrtc::Arch::Sm90a, Some(c)) => Some(c.image),
                    _ if nvrtc::available() => nvrtc::compile_to_run(
                        "sgemm_sm80_tile.cu",
                        TILE_ROUNDTRIP_SOURCE,
                        HEADERS,
                        arch,
                        Vec::new(),
                    )
                    .ok()
                    .map(|c| c.image),
                    _ => None,
                };
                match image {
                    None => text += "  skipped: no CUBIN for this GPU (NVRTC missing or failed, see above)\n",
                    Some(image) => match tycute_gemm::tile_roundtrip(&ctx, image) {
                        Ok((n, bad)) if bad.is_empty() => {
                            let _ = writeln!(text, "  tile roundtrip ({arch}): {n} registers, all as the types say");
                        }
                        Ok((n, bad)) => {
                            let _ = writeln!(text, "  tile roundtrip ({arch}): {} of {n} registers WRONG, first: {}", bad.len(), bad[0]);
                        }
                        Err(e) => {
                            let _ = writeln!(text, "  tile roundtrip failed: {e}");
                        }
                    },
                }
            }
        },
    }
    text += &gemm_on_gpu();
    text += "\nMore: `tycute --help` (eval, dump, emit, analyze, draw, bench, vectors).\n";
    crate::emit(&text);
}

/// The sm80 GEMM on the GPU, if there is one: exact check at 512x256x1024, then TFLOP/s at 4096^3
/// beside cuBLAS in the same process (a first look; `tests/gpu_gemm.rs` and docs/perf-history.md have
/// the method).
fn gemm_on_gpu() -> String {
    let mut t = String::new();
    let Ok(ctx) = gpu::context() else { return t };
    let Ok(arch) = gpu::arch(&ctx) else { return t };
    let cfg = match Sm80Header::named(DEFAULT_SM80) {
        Ok(c) => c,
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    let image = match cfg.cubin(arch) {
        Ok(Some(i)) => i,
        Ok(None) => return "  sm80 GEMM skipped: no NVRTC to build it\n".into(),
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    let g = match Sm80Launcher::load(&ctx, &cfg, image) {
        Ok(g) => g,
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    match tycute_gemm::sm80::check(&g, 512, 512, 1024) {
        Ok(0) => {
            let _ = writeln!(t, "  sm80 GEMM ({}) 512x512x1024 vs f64 CPU: every element exact", cfg.name);
        }
        Ok(n) => {
            let _ = writeln!(t, "  sm80 GEMM ({}) 512x512x1024 vs f64 CPU: {n} elements WRONG", cfg.name);
            return t;
        }
        Err(e) => {
            let _ = writeln!(t, "  sm80 GEMM: {e}");
            return t;
        }
    }
    let (m, n, k) = (4096, 4096, 4096);
    match tycute_gemm::sm80::bench(&g, m, n, k, 20) {
        Ok(ours) => match tycute_gemm::sm80::cublas_bench(&ctx, &cfg, (m, n, k), 20) {
            Ok(cb) => {
                let _ = writeln!(t, "  sm80 GEMM {m}x{n}x{k}: {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2}", ours / cb);
            }
            Err(e) => {
                let _ = writeln!(t, "  sm80 GEMM {m}x{n}x{k}: {ours:.1} TFLOP/s; cuBLAS skipped: {e}");
            }
        },
        Err(e) => {
            let _ = writeln!(t, "  sm80 GEMM timing: {e}");
        }
    }
    t
}

