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
