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

/// The header values the kernels and the device library branch on (`#if`, `if constexpr`, a
/// template argument): the operand majors, the accumulator and output widths, the element codes,
/// the cluster, the C/D stage reuse and the consumer warpgroups.
pub const BRANCH_KEYS: &[&str] = &[
    "kAMnMajor",
    "kBMnMajor",
    "kAccBits",
    "kOutBits",
    "kElementA",
    "kElementB",
    "kElementAB",
    "kElementCD",
    "kClusterM",
    "kReuseSmemC",
    "kMmaWarpGroups",
];

/// Pairs of header values the kernels branch on together: a 16-bit A and B read K-major only (the
/// K-major family's `sm90_64x96`: wgmma's 16-bit form with the `tn` entry point alone) is a
/// branch the 8-bit and tf32 configurations, K-major only by their element, do not take; one
/// consumer of one warpgroup (`ONE_CONSUMER`: `sm90_64x96_sk`, the cooperative schedule with
/// 128 consumer threads) is one the ping-pong and two-warpgroup configurations do not.
pub const BRANCH_PAIRS: &[(&str, &str)] = &[("kElementAB", "kKMajorOnly"), ("kConsumers", "kMmaWarpGroups")];

/// Which builds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Every configuration of every kernel for each of its architectures (`tests/kernels.rs`,
    /// the newest NVRTC: every configuration's spills and SASS).
    Full,
    /// Per kernel, the fewest configurations (greedily) among which every value of every
    /// [`BRANCH_KEYS`] entry occurs, each for every architecture of the kernel: every branch of
    /// the kernels compiled by each other toolchain (`tests/toolchains.rs`).
    Branches,
    /// Every configuration for its kernel's first architecture (the one it is written for:
    /// sm_80 for `sm80_gemm.cu`, sm_90a for `sm90_gemm.cu`; those beyond the cover with the
    /// kernel's first entry point alone, its `// tycute-one-entry:` options, since the cover
    /// builds every entry point's branches), and the [`Scope::Branches`] cover
    /// for its other architectures (`tests/kernels.rs` in CI: the sm80 configurations' sm_90a
    /// builds, which run on the H100, are all built with spill checks by `scripts/device.sh pack`).
    Native,
}

/// The kernel builds of `scope`. A kernel's variants are the registry's builds of it
/// (`tycute::configs::variants`: one per configuration), else its own `// tycute-variant:`
/// lines (none: one build without options).
pub fn builds(scope: Scope) -> Vec<Build> {
    let mut out = Vec::new();
    for src in kernels::sources().expect("kernels/") {
        let registry = tycute::configs::variants(&src.name);
        let variants = if registry.is_empty() { src.variants() } else { registry };
        let archs = src.archs();
        let covering = match scope {
            Scope::Full => variants.clone(),
            Scope::Branches | Scope::Native => cover(variants.clone()),
        };
        let one_entry = src.one_entry();
        for (i, arch) in archs.into_iter().enumerate() {
            let chosen = if scope == Scope::Native && i == 0 { &variants } else { &covering };
            for variant in chosen {
                let mut variant = variant.clone();
                // Native, beyond the cover: the first entry point alone (`// tycute-one-entry:`)
                if scope == Scope::Native && !covering.contains(&variant) {
                    variant.extend(one_entry.iter().cloned());
                }
                out.push(Build { src: src.clone(), variant, arch });
            }
        }
    }
    // The costliest first, so that the two cores finish together: a Hopper kernel's build (wgmma,
    // TMA: the sm90 GEMM with four layouts in one build, the attention kernel) takes 3-4 times an
    // sm80 kernel's.
    out.sort_by_key(|b| std::cmp::Reverse(b.src.archs().first() == Some(&nvrtc::Arch::Sm90a)));
    out
}

/// The [`BRANCH_KEYS`] values of a variant's configuration header, as `key=value` pairs, and its
/// [`BRANCH_PAIRS`] as `a,b=value,value`; for a
/// build of no configuration, its own options (a `// tycute-variant:` line's `-DNAME=VALUE`s: the
/// attention kernel's head dims and element types each count).
fn branch_values(variant: &[String]) -> std::collections::BTreeSet<String> {
    let Some(name) = config_of(variant) else { return variant.iter().cloned().collect() };
    let value = |k: &str| tycute::gemm::headers::value(name, k);
    let pairs = BRANCH_PAIRS.iter().filter_map(|&(a, b)| Some(format!("{a},{b}={:?},{:?}", value(a)?, value(b)?)));
    BRANCH_KEYS.iter().filter_map(|k| Some(format!("{k}={:?}", value(k)?))).chain(pairs).collect()
}

/// A greedy cover: the variant with the most values not yet covered, until all are (the first
/// variant always: the kernel's own default).
fn cover(variants: Vec<Vec<String>>) -> Vec<Vec<String>> {
    let values: Vec<_> = variants.iter().map(|v| branch_values(v)).collect();
    let mut covered = std::collections::BTreeSet::new();
    let mut chosen: Vec<usize> = Vec::new();
    let mut next = if variants.is_empty() { None } else { Some(0) };
    while let Some(i) = next {
        covered.extend(values[i].iter().cloned());
        chosen.push(i);
        next = (0..variants.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| (values[i].difference(&covered).count(), std::cmp::Reverse(i)))
            .max()
            .filter(|&(n, _)| n > 0)
            .map(|(_, std::cmp::Reverse(i))| i);
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|i| variants[i].clone()).collect()
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
                let t = std::time::Instant::now();
                match f(job) {
                    Ok(line) => println!("{line}\n  ({:.1} s)", t.elapsed().as_secs_f64()),
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

/// No wgmma serialized by ptxas (its "(C7510) Potential Performance Loss: wgmma.mma_async
/// instructions are serialized due to ..." and the like, in the build's log): a Hopper kernel
/// whose wgmmas run one at a time compiles and runs right, only slowly.
pub fn no_wgmma_serialization(what: &str, log: &str) -> Result<(), String> {
    match log.lines().find(|l| l.contains("instructions are serialized")) {
        Some(l) => Err(format!("{what}: ptxas serializes wgmma: {}", l.trim())),
        None => Ok(()),
    }
}

/// The configuration a build's options name (`-DTYCUTE_SM80_CONFIG=NAME`, `-DTYCUTE_SM90_CONFIG=NAME`).
pub fn config_of(variant: &[String]) -> Option<&str> {
    variant.iter().find_map(|o| o.strip_prefix("-DTYCUTE_SM80_CONFIG=").or_else(|| o.strip_prefix("-DTYCUTE_SM90_CONFIG=")))
}

/// The bf16 form of the build's MMA instruction, and whether the build must have it: a
/// configuration whose header says bf16 A and B (`kElementAB` = 3) issues `HMMA.16816.F32.BF16`
/// (sm80_gemm.cu) or `HGMMA.64x<N>x16.F32.BF16` (sm90_gemm.cu, N the atom's), any other none of
/// it; an sm80 configuration of tf32 A and B (`kElementAB` = 4) issues `HMMA.1688.F32.TF32`.
/// `None` for a build of no configuration.
pub fn element_sass(b: &Build) -> Option<(String, bool)> {
    let name = config_of(&b.variant)?;
    let bf16 = tycute::gemm::headers::value(name, "kElementAB")? == [3];
    let tf32 = tycute::gemm::headers::value(name, "kElementAB")? == [4];
    let form = match b.src.name.as_str() {
        "sm80_gemm.cu" if tf32 => return Some(("HMMA.1688.F32.TF32".to_string(), true)),
        "sm80_gemm.cu" => "HMMA.16816.F32.BF16".to_string(),
        "sm90_gemm.cu" => format!("HGMMA.64x{}x16.F32.BF16", tycute::gemm::headers::value(name, "kAtomN")?.first()?),
        _ => return None,
    };
    Some((form, bf16))
}

/// The GMMA form an sm90 configuration's build must issue, by its A and B element (`kElementAB`)
/// and its atom's N: `HGMMA.64x<N>x16.F32` for fp16 and bf16, `QGMMA.64x<N>x32.F32.E4M3.E4M3` for
/// e4m3, `QGMMA.64x<N>x32.F32.E5M2.E5M2` for e5m2, `HGMMA.64x<N>x8.F32.TF32` for tf32. `None`
/// for any other build.
pub fn gmma_sass(b: &Build) -> Option<String> {
    if b.src.name != "sm90_gemm.cu" {
        return None;
    }
    let name = config_of(&b.variant)?;
    let n = *tycute::gemm::headers::value(name, "kAtomN")?.first()?;
    Some(match tycute::gemm::headers::value(name, "kElementAB")?.first()? {
        5 => format!("QGMMA.64x{n}x32.F32.E4M3.E4M3"),
        6 => format!("QGMMA.64x{n}x32.F32.E5M2.E5M2"),
        // f32 A and B read as tf32 (wgmma's .tf32 form, k8)
        4 => format!("HGMMA.64x{n}x8.F32.TF32"),
        _ => format!("HGMMA.64x{n}x16.F32"),
    })
}

/// The instructions of an sm90 build's epilogue: a 16-bit D through shared memory (`LDSM` of C,
/// `STSM` into sD, `UTMASTG`), an fp32 D from the registers (`kEpiDirect`: float2 stores,
/// `STG.E.64`). `None` for another kernel or a build of no configuration.
pub fn epilogue_sass(b: &Build) -> Option<Vec<&'static str>> {
    if b.src.name != "sm90_gemm.cu" {
        return None;
    }
    let name = config_of(&b.variant)?;
    let direct = tycute::gemm::headers::value(name, "kEpiDirect").and_then(|v| v.first().copied()).unwrap_or(0) == 1;
    Some(if direct { vec!["STG.E.64"] } else { vec!["LDSM", "STSM", "UTMASTG"] })
}

/// [`element_sass`], [`gmma_sass`] and [`epilogue_sass`] checked on the build's SASS opcodes: the counts, or an error
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
    for form in epilogue_sass(b).unwrap_or_default() {
        let n = tycute_cuda::sass::count(ops, form);
        if n == 0 {
            return Err(format!("{what}: no {form} in the SASS of its epilogue; it has {:?}", ops.keys().collect::<Vec<_>>()));
        }
        gmma += &format!("\n  {form}: {n}");
    }
    let Some((form, bf16)) = element_sass(b) else { return Ok(gmma) };
    let n = tycute_cuda::sass::count(ops, &form);
    match (bf16, n) {
        (true, 0) => Err(format!("{what}: a configuration of its element type without {form} in its SASS; it has {:?}", ops.keys().collect::<Vec<_>>())),
        (false, n) if n > 0 => Err(format!("{what}: {n} {form} in the SASS of a configuration whose A and B are not bf16")),
        _ => Ok(format!("{gmma}\n  {form}: {n}")),
    }
}
