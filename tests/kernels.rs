//! Every kernel of `kernels/` compiles with NVRTC for sm_80 and sm_90a (or the architectures of its
//! `// tycute-arch:` line; every configuration of the registry for the kernel's first
//! architecture, the configurations covering its branches for the others: `Scope::Native` in
//! `tests/kernel_builds`; a configuration beyond the cover with its kernel's first entry point
//! alone, its `// tycute-one-entry:` options; all of them in full with `TYCUTE_KERNELS_FULL=1`), with the headers that
//! `build.rs` generates from the type-level configurations (`tycute::headers::HEADERS`), without
//! a register spill or a wgmma that ptxas serializes (C7510), and its SASS holds the instructions it declares (`// tycute-sass ARCH: OPS`)
//! and, for a bf16 configuration, the bf16 MMA form (`HMMA.16816.F32.BF16`,
//! `HGMMA.64xNx16.F32.BF16`), which no other configuration has.
//!
//! Without NVRTC (or cuobjdump) this test says so and skips; under CI (`CI` set) a missing tool is
//! a failure, since `.ci/run` installs both from pip.

use tycute_cuda::{nvrtc, sass};

mod kernel_builds;
use kernel_builds::{builds, check_element_sass, no_spills, no_wgmma_serialization, run_parallel, Scope};

fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} is missing in CI: .ci/run installs it (pip nvidia-cuda-nvrtc / nvidia-cuda-cuobjdump)");
    }
    eprintln!("skipped: {what} is not installed (see README: the CUDA tools)");
}

#[test]
fn every_kernel_compiles_without_spills_and_uses_its_instructions() {
    if !nvrtc::available() {
        return missing("NVRTC (libnvrtc.so.13 on LD_LIBRARY_PATH)");
    }
    let check_sass = sass::available();
    if !check_sass {
        missing("cuobjdump (on PATH)");
    }
    let (major, minor) = nvrtc::version().expect("nvrtc version");
    println!("NVRTC {major}.{minor}");
    // every configuration for its kernel's own architecture, the branch cover for the others;
    // TYCUTE_KERNELS_FULL=1: every configuration for every architecture
    let full = std::env::var_os("TYCUTE_KERNELS_FULL").is_some_and(|v| v == "1");
    let jobs = builds(if full { Scope::Full } else { Scope::Native });
    assert!(!jobs.is_empty(), "no kernels/*.cu");
    // one build per core at a time; each job's report is printed as it finishes
    let failures = run_parallel(&jobs, |b| {
        let what = format!("{} {} {}", b.src.name, b.variant.join(" "), b.arch);
        let opts = nvrtc::Options { extra: b.variant.clone(), ..Default::default() };
        let cubin = nvrtc::compile(&b.src.name, &b.src.text, tycute::headers::HEADERS, b.arch, &opts).map_err(|e| e.to_string())?;
        let mut report = no_spills(&format!("{what}{}", if cubin.cached { " (cached)" } else { "" }), &cubin.kernels)?;
        no_wgmma_serialization(&what, &cubin.log)?;
        if check_sass {
            let listing = sass::disassemble(&cubin).map_err(|e| format!("{what}: {e}"))?;
            let ops = sass::opcodes(&listing);
            for want in b.src.required_sass(b.arch) {
                let n = sass::count(&ops, &want);
                report += &format!("\n  {want}: {n}");
                if n == 0 {
                    return Err(format!("{what}: no {want} in the SASS; it has {:?}", ops.keys().collect::<Vec<_>>()));
                }
            }
            // the element type's MMA form: HMMA.16816.F32.BF16 / HGMMA.64xNx16.F32.BF16 exactly
            // in the bf16 configurations
            report += &check_element_sass(&what, b, &ops)?;
        }
        Ok(report)
    });
    assert!(failures.is_empty(), "{} of {} kernel builds failed (above)", failures.len(), jobs.len());
}

#[test]
fn a_compile_error_is_reported_with_the_log() {
    if !nvrtc::available() {
        return missing("NVRTC");
    }
    let e = nvrtc::compile(
        "bad.cu",
        "extern \"C\" __global__ void k() { undeclared(); }",
        &[],
        nvrtc::Arch::Sm80,
        &Default::default(),
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("could not compile bad.cu for sm_80") && msg.contains("undeclared"),
        "{msg}"
    );
}

#[test]
fn a_spill_is_an_error() {
    if !nvrtc::available() {
        return missing("NVRTC");
    }
    // 64 registers at most, and a live array far larger: ptxas must spill
    let src = "extern \"C\" __global__ void __launch_bounds__(1024, 1) k(float* d, int n) {\n\
               float v[256];\n\
               for (int i = 0; i < 256; ++i) v[i] = d[i * n];\n\
               float s = 0; for (int j = 0; j < 256; ++j) s += v[(j * 37) % 256] * v[j];\n\
               d[0] = s; }";
    let opts = nvrtc::Options {
        extra: vec!["--maxrregcount=32".into()],
        ..Default::default()
    };
    match nvrtc::compile("spill.cu", src, &[], nvrtc::Arch::Sm80, &opts) {
        Err(nvrtc::Error::Compile { log, .. }) => {
            println!(
                "spill rejected: {}",
                log.lines().find(|l| l.contains("spill")).unwrap_or("")
            );
            assert!(log.contains("spill"), "{log}")
        }
        Ok(c) => panic!("a kernel that spills compiled: {:?}", c.kernels),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_spill_at_run_time_is_a_warning_with_the_numbers() {
    if !nvrtc::available() {
        return missing("NVRTC");
    }
    // the kernel of `a_spill_is_an_error`, built the way `tycute bench` and the GPU tests build
    let src = "extern \"C\" __global__ void __launch_bounds__(1024, 1) k(float* d, int n) {\n\
               float v[256];\n\
               for (int i = 0; i < 256; ++i) v[i] = d[i * n];\n\
               float s = 0; for (int j = 0; j < 256; ++j) s += v[(j * 37) % 256] * v[j];\n\
               d[0] = s; }";
    let c = nvrtc::compile_to_run("spill.cu", src, &[], nvrtc::Arch::Sm80, vec!["--maxrregcount=32".into()])
        .unwrap_or_else(|e| panic!("a spill must not stop a kernel at run time: {e}"));
    let w = c.spill_warnings("spill.cu");
    println!("{w:?}");
    assert_eq!(w.len(), 1, "{w:?}");
    let (major, minor) = nvrtc::version().unwrap();
    assert!(w[0].starts_with(&format!("warning: NVRTC {major}.{minor}: spill.cu sm_80 kernel k: ptxas spills ")), "{}", w[0]);
}

/// The device library's fp8 `mma.sync` texts (`tycute/arch/mma_sync.cuh`, which
/// `kernels/skinny_gemm_fp8.cu` issues) are the SM89 atoms' (`MmaPtx::PTX`): one instruction, one
/// spelling.
#[test]
fn the_fp8_mma_texts_are_the_atoms() {
    use tycute::atom::{MmaPtx, SM89_16x8x32_F32E4M3E4M3F32_TN, SM89_16x8x32_F32E5M2E5M2F32_TN};
    let (_, text) = tycute_cuda::library::HEADERS.iter().find(|(n, _)| *n == "tycute/arch/mma_sync.cuh").expect("mma_sync.cuh in the library");
    for (name, ptx) in [("E4M3", SM89_16x8x32_F32E4M3E4M3F32_TN::PTX), ("E5M2", SM89_16x8x32_F32E5M2E5M2F32_TN::PTX)] {
        let line = format!("#define TYCUTE_MMA_16832_F32_{name}_PTX \"{ptx}\"");
        assert!(text.contains(&line), "mma_sync.cuh lacks `{line}`");
    }
}
