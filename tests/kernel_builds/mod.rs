//! The kernel builds that `tests/kernels.rs` and `tests/toolchains.rs` run, and running them on
//! every core.
#![allow(dead_code)]

use std::sync::Mutex;

use tycute_cuda::{kernels, nvrtc};

/// A kernel build: source, options (a variant), architecture.
pub struct Build {
    pub src: kernels::Source,
    pub variant: Vec<String>,
    pub arch: nvrtc::Arch,
}

/// The kernel builds: with `full`, every variant of every kernel for each of its architectures;
/// otherwise the first variant for each, the rest for sm_80 only. A kernel's variants are the
/// registry's builds of it (`tycute::configs::variants`: one per configuration), else its own
/// `// tycute-variant:` lines (none: one build without options).
pub fn builds(full: bool) -> Vec<Build> {
    let mut out = Vec::new();
    for src in kernels::sources().expect("kernels/") {
        let registry = tycute::configs::variants(&src.name);
        let variants = if registry.is_empty() { src.variants() } else { registry };
        for (i, variant) in variants.into_iter().enumerate() {
            for arch in src.archs() {
                // the variants of a kernel built for both: the first for both, the rest for sm_80
                if full || i == 0 || src.archs().len() == 1 || arch == nvrtc::Arch::Sm80 {
                    out.push(Build { src: src.clone(), variant: variant.clone(), arch });
                }
            }
        }
    }
    out
}

/// Whether build `b` is of an fp8 configuration (`kElementAB` 5 = e4m3 or 6 = e5m2).
pub fn is_fp8(b: &Build) -> bool {
    config_of(&b.variant).and_then(|name| tycute::gemm::headers::value(name, "kElementAB")).is_some_and(|v| v == [5] || v == [6])
}

/// `builds` with at most one fp8 configuration (the first): tests/toolchains.rs builds every
/// kernel with several compilers, and the fp8 configurations differ from one another in the
/// instruction's type only (CI's cold run is over its budget).
pub fn at_most_one_fp8(builds: Vec<Build>) -> Vec<Build> {
    let first = builds.iter().find(|b| is_fp8(b)).map(|b| b.variant.clone());
    builds.into_iter().filter(|b| !is_fp8(b) || Some(&b.variant) == first.as_ref()).collect()
}

/// Runs `jobs` on the machine's cores; the error messages of those that failed.
pub fn run_parallel<T: Send + Sync>(jobs: &[T], f: impl Fn(&T) -> Result<String, String> + Sync) -> Vec<String> {
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(jobs.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some(job) = jobs.get(i) else { break };
                match f(job) {
                    Ok(line) => println!("{line}"),
                    Err(e) => {
                        println!("FAILED: {e}");
                        failures.lock().unwrap().push(e);
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

/// The spills and registers of a ptxas `-v` report; an error when anything spills.
pub fn no_spills(what: &str, report: &[nvrtc::KernelReport]) -> Result<String, String> {
    if report.is_empty() {
        return Err(format!("{what}: no ptxas report"));
    }
    let mut line = what.to_string();
    for k in report {
        line += &format!("\n  {}: {} registers, spills {}/{} B", k.name, k.registers, k.spill_stores, k.spill_loads);
        if k.spill_stores > 0 || k.spill_loads > 0 {
            return Err(format!("{what}: {} spills {}/{} B", k.name, k.spill_stores, k.spill_loads));
        }
    }
    Ok(line)
}

/// The configuration a build's options name (`-DTYCUTE_SM80_CONFIG=NAME`, `-DTYCUTE_SM90_CONFIG=NAME`).
pub fn config_of(variant: &[String]) -> Option<&str> {
    variant.iter().find_map(|o| o.strip_prefix("-DTYCUTE_SM80_CONFIG=").or_else(|| o.strip_prefix("-DTYCUTE_SM90_CONFIG=")))
}

/// The bf16 form of the build's MMA instruction, and whether the build must have it: a
/// configuration whose header says bf16 A and B (`kElementAB` = 3) issues `HMMA.16816.F32.BF16`
/// (sm80_gemm.cu) or `HGMMA.64x<N>x16.F32.BF16` (sm90_gemm.cu, N the atom's), any other none of
/// it. `None` for a build of no configuration.
pub fn element_sass(b: &Build) -> Option<(String, bool)> {
    let name = config_of(&b.variant)?;
    let bf16 = tycute::gemm::headers::value(name, "kElementAB")? == [3];
    let form = match b.src.name.as_str() {
        "sm80_gemm.cu" => "HMMA.16816.F32.BF16".to_string(),
        "sm90_gemm.cu" => format!("HGMMA.64x{}x16.F32.BF16", tycute::gemm::headers::value(name, "kAtomN")?.first()?),
        _ => return None,
    };
    Some((form, bf16))
}

/// The GMMA form an sm90 configuration's build must issue, by its A and B element (`kElementAB`)
/// and its atom's N: `HGMMA.64x<N>x16.F32` for fp16 and bf16, `QGMMA.64x<N>x32.F32.E4M3.E4M3` for
/// e4m3, `QGMMA.64x<N>x32.F32.E5M2.E5M2` for e5m2. `None` for any other build.
pub fn gmma_sass(b: &Build) -> Option<String> {
    if b.src.name != "sm90_gemm.cu" {
        return None;
    }
    let name = config_of(&b.variant)?;
    let n = *tycute::gemm::headers::value(name, "kAtomN")?.first()?;
    Some(match tycute::gemm::headers::value(name, "kElementAB")?.first()? {
        5 => format!("QGMMA.64x{n}x32.F32.E4M3.E4M3"),
        6 => format!("QGMMA.64x{n}x32.F32.E5M2.E5M2"),
        _ => format!("HGMMA.64x{n}x16.F32"),
    })
}

/// [`element_sass`] and [`gmma_sass`] checked on the build's SASS opcodes: the counts, or an error
/// when a bf16 configuration lacks the bf16 form or another has it, or an sm90 build lacks the
/// GMMA form of its element.
pub fn check_element_sass(what: &str, b: &Build, ops: &std::collections::BTreeMap<String, usize>) -> Result<String, String> {
    let mut gmma = String::new();
    if let Some(form) = gmma_sass(b) {
        let n = tycute_cuda::sass::count(ops, &form);
        if n == 0 {
            return Err(format!("{what}: no {form} in the SASS; it has {:?}", ops.keys().collect::<Vec<_>>()));
        }
        gmma = format!("\n  {form}: {n}");
    }
    let Some((form, bf16)) = element_sass(b) else { return Ok(gmma) };
    let n = tycute_cuda::sass::count(ops, &form);
    match (bf16, n) {
        (true, 0) => Err(format!("{what}: a bf16 configuration without {form} in its SASS; it has {:?}", ops.keys().collect::<Vec<_>>())),
        (false, n) if n > 0 => Err(format!("{what}: {n} {form} in the SASS of a configuration whose A and B are not bf16")),
        _ => Ok(format!("{gmma}\n  {form}: {n}")),
    }
}
