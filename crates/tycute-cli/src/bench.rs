//! `tycute bench sm80|sm90`: a kernel on the GPU beside cuBLAS in the same process (the
//! method: [`tycute_gemm::bench`]; results: docs/perf.md).

use std::fmt::Write as _;

use tycute_cuda::gpu;
use tycute_cuda::nvrtc::Arch;
use tycute_gemm::sm80::{Sm80Header, Sm80Launcher, DEFAULT_SM80};
use tycute_gemm::sm90::{multicast_form, pick_of, pick_of_tn, sm90_choice, Sm90Choice, Sm90Gemm, Sm90Header, Sm90Strides, SM90_CONFIGS};
use tycute_gemm::skinny::{SkinnyGemm, SkinnyStrides};
use tycute_gemm::{ElementCode, Layouts, Major, Timing};

use crate::{emit, BenchArgs};

/// `tycute bench sm80 [--config NAME] [--shapes MxNxK,...] [--runs N]`, `tycute bench sm90
/// [--config sm90|sm90_128x256|auto] [--shapes ..] [--runs N] [--beta B] [--bias none|row|col]
/// [--layout tn|nt|nn|tt]`, each with `[--timing queued|alone] [--dtype fp16|bf16|tf32 (sm80)]`;
/// `tycute bench sm90 --dtype e4m3|e5m2 [--scales tensor|rowcol]` the fp8 configurations;
/// `--sweep FILE [--dtype D|all]` a list of shapes ([`crate::sweep`]).
pub fn run(args: &BenchArgs) -> i32 {
    if args.kernel == "attention" {
        return crate::bench_attention::run(args);
    }
    if let Some(file) = &args.sweep {
        return crate::sweep::run(args, file);
    }
    if let Err(e) = Timing::named(&args.timing) {
        eprintln!("error: {e}");
        return 2;
    }
    if args.kernel == "sm90" && args.config.as_deref().is_some_and(|c| c.ends_with("_f32cd")) {
        return bench_sm90_f32cd(args);
    }
    if let Some(f) = fp8_of(args) {
        return match args.kernel.as_str() {
            "sm90" => bench_sm90_fp8(args, f),
            other => {
                eprintln!("error: --dtype {f} is for sm90 (its fp8 configurations), not {other}");
                2
            }
        };
    }
    if args.scales != "tensor" {
        eprintln!("error: --scales {} is for the fp8 configurations (sm90, --dtype e4m3|e5m2)", args.scales);
        return 2;
    }
    if args.kernel == "sm90" && tf32_sm90(args) {
        return bench_sm90_tf32(args);
    }
    if let Err(e) = dtype(args) {
        eprintln!("error: {e}");
        return 2;
    }
    match args.kernel.as_str() {
        "sm80" if args.layout != "tn" => {
            eprintln!("error: --layout is for sm90 (the sm80 layouts are configurations: --config sm80_nt_128x256, ...)");
            2
        }
        "sm80" if args.bias != "none" => {
            eprintln!("error: --bias is for sm90");
            2
        }
        "sm90" if !["none", "row", "col"].contains(&args.bias.as_str()) => {
            eprintln!("error: --bias none|row|col, not `{}`", args.bias);
            2
        }
        "sm80" if args.beta != 0.0 => {
            eprintln!("error: --beta is measured for sm90 only (the sm80 bench runs beta = 0)");
            2
        }
        "sm80" => bench_sm80(args),
        "sm90" if args.smem_bytes.is_some() => {
            eprintln!("error: --smem-bytes is for sm80");
            2
        }
        "sm90" if !["tn", "nt", "nn", "tt"].contains(&args.layout.as_str()) => {
            eprintln!("error: --layout {}: tn, nt, nn or tt", args.layout);
            2
        }
        "sm90" => bench_sm90(args),
        other => {
            eprintln!("error: no benchmark for kernel `{other}` (available: sm80, sm90, attention)");
            2
        }
    }
}

/// `--dtype` (`None`: not given; checked by [`run`]). `tf32` is fp32 A and B on the host
/// (`ElementCode::F32`: the sm80 tf32 configurations read fp32 buffers as tf32).
fn dtype(args: &BenchArgs) -> Result<Option<ElementCode>, String> {
    match args.dtype.as_deref() {
        None => Ok(None),
        Some("fp16") => Ok(Some(ElementCode::F16)),
        Some("bf16") => Ok(Some(ElementCode::Bf16)),
        Some("tf32") => Ok(Some(ElementCode::F32)),
        Some(other) => Err(format!("--dtype fp16, bf16, tf32 or (sm90) e4m3, e5m2, not `{other}`")),
    }
}

/// The fp8 format asked for: `--dtype e4m3|e5m2`, or an fp8 `--config` (`auto-e4m3` /
/// `auto-e5m2` or a configuration's name ending so, or naming it before an output suffix:
/// `sm90_128x256_e4m3_f16cd`).
fn fp8_of(args: &BenchArgs) -> Option<&'static str> {
    let named = |s: &str| ["e4m3", "e5m2"].into_iter().find(|f| s.ends_with(f) || s.contains(&format!("_{f}_")));
    args.dtype.as_deref().and_then(named).or_else(|| args.config.as_deref().and_then(named))
}

/// `tycute bench sm90 --dtype e4m3|e5m2` (or `--config auto-e4m3 | sm90_128x256_e4m3 | ...`):
/// the fp8 choice per shape (`pick_fp8`; or the configuration named; fp8 A and B K-major, bf16 D, alpha
/// = the per-tensor scales' product) beside cuBLASLt fp8 with the same scaling and bf16 D, fast
/// accumulation (the kernel's) and its default mode, in one process
/// ([`tycute_gemm::sm90::bench_fp8_rotating`]).
fn bench_sm90_fp8(args: &BenchArgs, f: &str) -> i32 {
    if args.layout != "tn" || args.beta != 0.0 || args.bias != "none" {
        eprintln!("error: the fp8 bench runs TN (A and B K-major: the fp8 kernel's only form), beta 0 and no bias");
        return 2;
    }
    let rowcol = match args.scales.as_str() {
        "tensor" => false,
        "rowcol" => true,
        other => {
            eprintln!("error: --scales tensor or rowcol, not `{other}`");
            return 2;
        }
    };
    if let Some(d) = args.dtype.as_deref().filter(|d| *d != f) {
        eprintln!("error: --dtype {d} and --config {} disagree", args.config.as_deref().unwrap_or("?"));
        return 2;
    }
    // auto: the fp8 choice per shape (tycute_gemm::sm90::pick_fp8, Sm90Auto::launch_fp8's)
    let auto = match args.config.as_deref() {
        None | Some("auto") => true,
        Some(c) => c == format!("auto-{f}"),
    };
    let name = if auto { format!("sm90_128x256_{f}") } else { args.config.clone().unwrap_or_default() };
    let cfg = match Sm90Header::named(&name) {
        Ok(c) if c.fp8().ok().flatten() == Some(f) => c,
        Ok(c) => {
            eprintln!("error: configuration {} is not {f}", c.name);
            return 2;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let parsed = match bench_shapes(args, |m, n, k| {
        Sm90Strides::packed((m, n, k), 1).check((m, n, k))?;
        if k % 16 != 0 {
            return Err(tycute_gemm::Error::UnknownOption(format!("fp8: K a multiple of 16, not {m}x{n}x{k}")));
        }
        Ok(())
    }) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut loaded: Vec<Sm90Gemm> = Vec::new();
    // auto: the launch API's object, for the GPU's SM count and its decode-sized fp8 kernel
    // (loaded once); the configurations are loaded below, stream-K as --no-stream-k says
    let chooser = if auto {
        let ctx = match gpu::context() {
            Ok(c) => c,
            Err(why) => {
                eprintln!("error: no GPU to benchmark on: {why}");
                return 1;
            }
        };
        match tycute_gemm::sm90::Sm90Auto::new(&ctx, tycute_gemm::ElementCode::Bf16) {
            Ok(a) => Some(a),
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    } else {
        None
    };
    let out = if matches!(cfg.tma_elements(), Ok((_, tycute_cuda::tma::TmaElement::F16))) { "fp16" } else { "bf16" };
    let how = if rowcol { "per-row scales of A and B (Scales::RowCol)" } else { "alpha = scale_a * scale_b" };
    let which = if auto { format!("auto-{f} (the fp8 choice per shape)") } else { name.clone() };
    let mut text = format!(
        "sm90 GEMM {which} ({f} A and B K-major, {out} D, fp32 accumulate, {how}) vs cuBLASLt fp8 (per-tensor scales, bf16 D; fast accumulation, and its default mode), sm_90a, median of {} runs ({} timing), random inputs rotated over sets larger than L2\n{:<18} {:>10} {:>10} {:>7} {:>12}  {}\n",
        args.runs, args.timing, "shape", "tycute", "cuBLASLt", "ratio", "Lt default", "configuration"
    );
    for &(m, n, k) in &parsed {
        let cfg = match &chooser {
            Some(chooser) => match tycute_gemm::sm90::fp8_choice((m, n, k), &Sm90Strides::packed((m, n, k), 1), !rowcol, true, chooser.gpu(), f) {
                Ok(tycute_gemm::sm90::Sm90Choice::Sm90 { config, .. }) => config,
                Ok(_) => {
                    // the decode-sized fp8 kernel (M <= 16, per-tensor scales)
                    let sk = match chooser.skinny_fp8(f) {
                        Ok(sk) => sk,
                        Err(e) => {
                            eprintln!("error: {e}");
                            return 1;
                        }
                    };
                    let r = if f == "e4m3" {
                        tycute_gemm::sm90::bench_fp8_skinny_rotating::<tycute_gemm::fp8::E4m3>(&sk, chooser.ctx(), (m, n, k), args.runs, timing(args))
                    } else {
                        tycute_gemm::sm90::bench_fp8_skinny_rotating::<tycute_gemm::fp8::E5m2>(&sk, chooser.ctx(), (m, n, k), args.runs, timing(args))
                    };
                    fp8_line(&mut text, (m, n, k), "skinny_gemm_fp8", r);
                    continue;
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            },
            None => cfg,
        };
        if !loaded.iter().any(|g| g.config == cfg) {
            match load_sm90(cfg, "fp8") {
                Ok(mut g) => {
                    g.stream_k = !args.no_stream_k;
                    loaded.push(g);
                }
                Err(rc) => return rc,
            }
        }
        let Some(g) = loaded.iter().find(|g| g.config == cfg) else { return 1 };
        let name = cfg.name;
        let r = if f == "e4m3" {
            tycute_gemm::sm90::bench_fp8_rotating_scales::<tycute_gemm::fp8::E4m3>(g, (m, n, k), args.runs, timing(args), rowcol)
        } else {
            tycute_gemm::sm90::bench_fp8_rotating_scales::<tycute_gemm::fp8::E5m2>(g, (m, n, k), args.runs, timing(args), rowcol)
        };
        fp8_line(&mut text, (m, n, k), name, r);
    }
    text += "TFLOP/s; method and results: docs/perf.md\n";
    emit(&text);
    0
}

/// One line of the fp8 bench: the shape, tycute's and cuBLASLt's TFLOP/s, their ratio, cuBLASLt's
/// default mode, the kernel that ran.
#[allow(clippy::type_complexity)]
fn fp8_line(text: &mut String, (m, n, k): (usize, usize, usize), name: &str, r: tycute_gemm::Result<(f64, [tycute_gemm::Result<f64>; 2])>) {
    match r {
        Ok((ours, [fast, default])) => {
            let col = |x: &tycute_gemm::Result<f64>| x.as_ref().map_or("-".to_string(), |c| format!("{c:.1}"));
            let ratio = fast.as_ref().map_or("-".to_string(), |c| format!("{:.2}", ours / c));
            let _ = writeln!(text, "{:<18} {ours:>10.1} {:>10} {ratio:>7} {:>12}  {name}", format!("{m}x{n}x{k}"), col(&fast), col(&default));
            if let Err(e) = &fast {
                let _ = writeln!(text, "    cuBLASLt: {e}");
            }
        }
        Err(e) => {
            let _ = writeln!(text, "{m}x{n}x{k}: {name}: {e}");
        }
    }
}

/// The sm90 kernel of configuration `cfg` loaded on this machine's GPU (its CUBIN, or built by
/// NVRTC), for a bench of `what` (fp8, tf32); else the exit code, the reason printed.
fn load_sm90(cfg: Sm90Header, what: &str) -> Result<Sm90Gemm, i32> {
    let ctx = gpu::context().map_err(|why| {
        eprintln!("error: no GPU to benchmark on: {why}");
        1
    })?;
    if !matches!(gpu::arch(&ctx), Ok(Arch::Sm90a)) {
        eprintln!("error: the {what} sm90 kernel needs an sm_90 GPU (wgmma, TMA)");
        return Err(1);
    }
    let image = match cfg.cubin() {
        Ok(Some(i)) => i,
        Ok(None) => {
            eprintln!("error: {}: no NVRTC to build the kernel (source scripts/cuda-env.sh, or set {})", cfg.name, cfg.cubin_env());
            return Err(1);
        }
        Err(e) => {
            eprintln!("error: {}: {e}", cfg.name);
            return Err(1);
        }
    };
    Sm90Gemm::load_config(&ctx, cfg, image).map_err(|e| {
        eprintln!("error: {}: {e}", cfg.name);
        1
    })
}

/// Whether an sm90 bench asks for tf32: `--dtype tf32`, or a tf32 `--config` (`auto-tf32`,
/// `sm90_128x256_tf32`, `sm90_128x256_tf32_c2`).
fn tf32_sm90(args: &BenchArgs) -> bool {
    args.dtype.as_deref() == Some("tf32") || args.config.as_deref().is_some_and(|c| c.ends_with("tf32") || c.contains("_tf32_"))
}

/// `tycute bench sm90 --dtype tf32` (or `--config auto-tf32 | sm90_128x256_tf32`): the tf32
/// configuration (f32 A and B K-major read as tf32 by wgmma, bf16 D) beside cuBLAS
/// (`cublasGemmEx`, `CUBLAS_COMPUTE_32F_FAST_TF32`) and cuBLASLt (`matmul_tf32`), f32 D, on the
/// same inputs in one process ([`tycute_gemm::sm90::bench_tf32_rotating`]).
fn bench_sm90_tf32(args: &BenchArgs) -> i32 {
    if args.layout != "tn" || args.beta != 0.0 || args.bias != "none" {
        eprintln!("error: the tf32 bench runs TN (A and B K-major: wgmma's tf32 form has no transpose), beta 0 and no bias");
        return 2;
    }
    if let Some(d) = args.dtype.as_deref().filter(|d| *d != "tf32") {
        eprintln!("error: --dtype {d} and --config {} disagree", args.config.as_deref().unwrap_or("?"));
        return 2;
    }
    // auto: clusters of two (B multicast), 2-21 % faster than single CTAs at every shape measured
    // (docs/perf.md, "tf32 on sm90"); `sm90_128x256_tf32` by name for single CTAs and stream-K
    let name = match args.config.as_deref() {
        None | Some("auto") | Some("auto-tf32") => "sm90_128x256_tf32_c2".to_string(),
        Some(c) => c.to_string(),
    };
    let cfg = match Sm90Header::named(&name) {
        Ok(c) if c.tf32().unwrap_or(false) => c,
        Ok(c) => {
            eprintln!("error: configuration {} is not tf32", c.name);
            return 2;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let parsed = match bench_shapes(args, |m, n, k| Sm90Strides::packed((m, n, k), 1).check_elements((m, n, k), 4)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut g = match load_sm90(cfg, "tf32") {
        Ok(g) => g,
        Err(rc) => return rc,
    };
    g.stream_k = !args.no_stream_k;
    let mut text = format!(
        "sm90 GEMM {name} (f32 A and B K-major read as tf32, bf16 D, fp32 accumulate) vs cuBLAS and cuBLASLt TF32 (CUBLAS_COMPUTE_32F_FAST_TF32, f32 D), sm_90a, median of {} runs ({} timing), random inputs rotated over sets larger than L2\n{:<18} {:>10} {:>10} {:>7} {:>10}\n",
        args.runs, args.timing, "shape", "tycute", "cuBLAS", "ratio", "cuBLASLt"
    );
    for &(m, n, k) in &parsed {
        match tycute_gemm::sm90::bench_tf32_rotating(&g, (m, n, k), args.runs, timing(args)) {
            Ok((ours, [blas, lt])) => {
                let col = |x: &tycute_gemm::Result<f64>| x.as_ref().map_or("-".to_string(), |c| format!("{c:.1}"));
                let ratio = blas.as_ref().map_or("-".to_string(), |c| format!("{:.2}", ours / c));
                let _ = writeln!(text, "{:<18} {ours:>10.1} {:>10} {ratio:>7} {:>10}", format!("{m}x{n}x{k}"), col(&blas), col(&lt));
                for e in [&blas, &lt].into_iter().filter_map(|x| x.as_ref().err()) {
                    let _ = writeln!(text, "    {e}");
                }
            }
            Err(e) => {
                let _ = writeln!(text, "{m}x{n}x{k}: {name}: {e}");
            }
        }
    }
    text += "TFLOP/s; method and results: docs/perf.md\n";
    emit(&text);
    0
}

/// `tycute bench sm90 --config sm90_128x256_bf16_f32cd` (or `_f32cd`, `_e4m3_f32cd`,
/// `_tf32_f32cd`): an fp32-output configuration (fp32 C and D, stored from the registers) beside
/// cuBLAS / cuBLASLt with fp32 D on the same inputs in one process
/// ([`tycute_gemm::sm90::bench_f32cd_rotating`]); TN, beta 0, no bias.
fn bench_sm90_f32cd(args: &BenchArgs) -> i32 {
    if args.layout != "tn" || args.beta != 0.0 || args.bias != "none" {
        eprintln!("error: the fp32-output bench runs TN, beta 0 and no bias");
        return 2;
    }
    let name = args.config.clone().unwrap_or_default();
    let cfg = match Sm90Header::named(&name) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let parsed = match bench_shapes(args, |m, n, k| Sm90Strides::packed((m, n, k), 1).check_elements((m, n, k), 4)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut g = match load_sm90(cfg, "fp32-output") {
        Ok(g) => g,
        Err(rc) => return rc,
    };
    g.stream_k = !args.no_stream_k;
    let mut text = format!(
        "sm90 GEMM {name} (fp32 C and D from the registers, fp32 accumulate) vs cuBLAS / cuBLASLt with fp32 D on the same inputs, sm_90a, median of {} runs ({} timing), random inputs rotated over sets larger than L2\n{:<18} {:>10} {:>10} {:>7}\n",
        args.runs, args.timing, "shape", "tycute", "library", "ratio"
    );
    for &(m, n, k) in &parsed {
        match tycute_gemm::sm90::bench_f32cd_rotating(&g, (m, n, k), args.runs, timing(args)) {
            Ok((ours, lib)) => {
                let col = lib.as_ref().map_or("-".to_string(), |c| format!("{c:.1}"));
                let ratio = lib.as_ref().map_or("-".to_string(), |c| format!("{:.2}", ours / c));
                let _ = writeln!(text, "{:<18} {ours:>10.1} {col:>10} {ratio:>7}", format!("{m}x{n}x{k}"));
                if let Err(e) = &lib {
                    let _ = writeln!(text, "    {e}");
                }
            }
            Err(e) => {
                let _ = writeln!(text, "{m}x{n}x{k}: {name}: {e}");
            }
        }
    }
    text += "TFLOP/s; method and results: docs/perf.md\n";
    emit(&text);
    0
}

/// `--timing` (checked by [`run`]).
fn timing(args: &BenchArgs) -> Timing {
    Timing::named(&args.timing).unwrap_or_default()
}

/// Parses `MxNxK` shapes (the four defaults when none), each checked by `ok`.
fn bench_shapes(args: &BenchArgs, ok: impl Fn(usize, usize, usize) -> tycute_gemm::Result<()>) -> Result<Vec<(usize, usize, usize)>, String> {
    let shapes: Vec<String> = if args.shapes.is_empty() {
        ["4096x4096x4096", "5120x5120x4096", "8192x8192x8192", "8192x8192x1024"].iter().map(|s| s.to_string()).collect()
    } else {
        args.shapes.clone()
    };
    let mut parsed = Vec::new();
    for s in &shapes {
        let v: Vec<usize> = s.split('x').filter_map(|x| x.parse().ok()).collect();
        let [m, n, k] = v[..] else { return Err(format!("shape `{s}` is not MxNxK")) };
        ok(m, n, k).map_err(|e| e.to_string())?;
        parsed.push((m, n, k));
    }
    Ok(parsed)
}

/// `tycute bench sm90`: `kernels/sm90_gemm.cu` (`--layout`, TN by default; `--dtype` in and out, fp32 accumulate) beside
/// cublasGemmEx with the same types.
fn bench_sm90(args: &BenchArgs) -> i32 {
    let parsed = match bench_shapes(args, |m, n, k| Sm90Strides::packed((m, n, k), 1).check_fit((m, n, k))) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("error: no GPU to benchmark on: {why}");
            return 1;
        }
    };
    match gpu::arch(&ctx) {
        Ok(Arch::Sm90a) => {}
        Ok(a) => {
            eprintln!("error: the sm90 kernel needs an sm_90 GPU (wgmma, TMA), this one is {a}");
            return 1;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    }
    // --config sm90 | sm90_128x256 runs that configuration; without it (or `auto`) each shape runs
    // the one tycute_gemm::sm90::pick chooses, loading both
    let given = dtype(args).ok().flatten();
    let configs: Vec<Sm90Header> = match args.config.as_deref() {
        None | Some("auto") => {
            let e = given.unwrap_or(ElementCode::F16);
            SM90_CONFIGS.iter().copied().filter(|c| c.element().ok() == Some(e)).collect()
        }
        Some(name) => match Sm90Header::named(name) {
            Ok(c) if given.is_none() || c.element().ok() == given => vec![c],
            Ok(c) => {
                eprintln!("error: configuration {} is not {} (--dtype)", c.name, given.map_or("?", |e| e.name()));
                return 2;
            }
            Err(e) => {
                eprintln!("error: {e} (or `auto`, the default: per shape)");
                return 2;
            }
        },
    };
    // a configuration that fails to build or load is reported and the others run
    let mut gemms = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for cfg in configs {
        let image = match cfg.cubin() {
            Ok(Some(i)) => i,
            Ok(None) => {
                failed.push(format!("{}: no NVRTC to build the kernel (source scripts/cuda-env.sh, or set {})", cfg.name, cfg.cubin_env()));
                continue;
            }
            Err(e) => {
                failed.push(format!("{}: {e}", cfg.name));
                continue;
            }
        };
        match Sm90Gemm::load_config(&ctx, cfg, image) {
            Ok(g) => gemms.push(g),
            Err(e) => failed.push(format!("{}: {e}", cfg.name)),
        }
    }
    for f in &failed {
        eprintln!("error: {f}");
    }
    if gemms.is_empty() {
        eprintln!("error: no sm90 configuration could be built");
        return 1;
    }
    let e = gemms[0].config.element().unwrap_or(ElementCode::F16);
    let layouts = Layouts::named(&args.layout).unwrap_or(Layouts::TN);
    let majors = (layouts.a, layouts.b);
    let title = format!(
        "sm90 GEMM ({}, {} in and out, fp32 accumulate, beta {}, bias {}) vs cublasGemmEx (the same types, no bias), sm_90a",
        args.layout.to_uppercase(),
        e.name(),
        args.beta,
        args.bias
    );
    let mut text = format!(
        "{title}, median of {} runs ({} timing), random inputs rotated over sets larger than L2\n{:<18} {:>10} {:>10} {:>7}  {}\n",
        args.runs, args.timing, "shape", "tycute", "cuBLAS", "ratio", "configuration"
    );
    for g in gemms.iter_mut() {
        g.stream_k = !args.no_stream_k;
    }
    // decode-sized M (TN): the skinny kernel too, in the same process (loaded when a shape needs it)
    let mut skinny: Option<Option<SkinnyGemm>> = None;
    for &(m, n, k) in &parsed {
        let strides = Sm90Strides::packed_ab((m, n, k), 1, majors.0, majors.1);
        // (A and B both K-major, B's rows on whole sectors: the K-major-only tiles weighed too, as
        // the launch API does)
        let tn = majors == (Major::K, Major::K) && !Sm90Gemm::kernel_b_half_sector((m, n, k), &strides, [0, 0], 2);
        let picked = if tn { pick_of_tn((m, n, k), 1, gemms[0].gpu(), e) } else { pick_of((m, n, k), 1, gemms[0].gpu(), e) };
        let want = match picked {
            Ok(w) => w,
            Err(err) => {
                let _ = writeln!(text, "{m}x{n}x{k}: {err}");
                continue;
            }
        };
        // (`--config` names one configuration for every shape; without it, a choice that failed
        // to build runs as the first that did, said in the line)
        let forced = !matches!(args.config.as_deref(), None | Some("auto"));
        // (the launch API's form in clusters where the kernel's B has rows half a sector off)
        let want = multicast_form(want, (m, n, k), &strides, [0, 0], 2);
        let (i, instead) = match gemms.iter().position(|g| g.config == want) {
            Some(i) => (i, String::new()),
            None if forced => (0, String::new()),
            None => (0, format!(" (instead of {}, which failed to build)", want.name)),
        };
        let g = &gemms[i];
        let plan = g.schedule((m, n, k), &strides);
        let staged = Sm90Gemm::stages_in((m, n, k), &strides, args.beta, [0; 4], g.config.cluster_m().unwrap_or(1));
        // the skinny kernel where it takes the shape (TN, no bias): the launch API's choice
        // (sm90_choice) leads the line, the other kernel follows it
        let skinny_result = if majors == (Major::K, Major::K) && args.bias == "none" && SkinnyGemm::takes((m, n, k), &SkinnyStrides::packed((m, n, k))).is_ok() {
            let sk = skinny.get_or_insert_with(|| SkinnyGemm::load(&ctx, e).unwrap_or_else(|err| {
                let _ = writeln!(text, "skinny_gemm: {err}");
                None
            }));
            sk.as_ref().map(|sk| tycute_gemm::skinny::bench_rotating(sk, &ctx, (m, n, k), args.runs, timing(args)))
        } else {
            None
        };
        let auto = matches!(args.config.as_deref(), None | Some("auto"));
        let skinny_leads = auto
            && matches!(skinny_result, Some(Ok(_)))
            && matches!(sm90_choice((m, n, k), &strides, args.beta, args.bias == "none", gemms[0].gpu(), e, [0; 4]), Ok(Sm90Choice::Skinny));
        let row = |text: &mut String, ours: f64, cb: Option<f64>, name: &str| {
            let cbs = cb.map_or("-".to_string(), |c| format!("{c:.1}"));
            let ratio = cb.map_or("-".to_string(), |c| format!("{:.2}", ours / c));
            let _ = write!(text, "{:<18} {ours:>10.1} {cbs:>10} {ratio:>7}  {name}", format!("{m}x{n}x{k}"));
        };
        if let (true, Some(Ok((x, cb)))) = (skinny_leads, &skinny_result) {
            row(&mut text, *x, *cb, "skinny_gemm");
        }
        match tycute_gemm::sm90::bench_rotating_layout(g, (m, n, k), args.runs, args.beta, &args.bias, majors, timing(args), true) {
            Ok((ours, cb)) => {
                if skinny_leads {
                    let _ = write!(text, " ({} {ours:.1}", g.config.name);
                } else {
                    row(&mut text, ours, cb, g.config.name);
                }
                text += &instead;
                dump_trace(&gemms[i], &format!("{m}x{n}x{k}"));
                if plan.sk_tiles > 0 {
                    // the same shape with whole tiles only, in the same process: what stream-K brings
                    gemms[i].stream_k = false;
                    let whole = tycute_gemm::sm90::bench_rotating_layout(&gemms[i], (m, n, k), args.runs, args.beta, &args.bias, majors, timing(args), true);
                    gemms[i].stream_k = true;
                    dump_trace(&gemms[i], &format!("{m}x{n}x{k}-whole"));
                    let w = whole.map_or_else(|e| e.to_string(), |(w, _)| format!("{w:.1}"));
                    let form = if plan.split > 0 { format!("{} splits each", plan.split) } else { "a line".to_string() };
                    let _ = write!(text, ", stream-K on {} tiles, {form} ({w} with whole tiles)", plan.sk_tiles);
                }
                if staged.any() {
                    // the copies' worth: the same shape with the operands read where they lie, in
                    // the same process, where the TMA can (rows half a sector off: slow, not refused)
                    let direct = tycute_gemm::sm90::bench_rotating_layout(&gemms[i], (m, n, k), args.runs, args.beta, &args.bias, majors, timing(args), false);
                    let w = direct.map_or_else(|_| "not without them".to_string(), |(w, _)| format!("{w:.1} without them"));
                    let _ = write!(text, ", {} ({w})", staged.describe());
                }
                if skinny_leads {
                    text += ")";
                } else {
                    match &skinny_result {
                        Some(Ok((x, cb))) => {
                            let _ = write!(text, ", skinny_gemm {x:.1} ({})", cb.map_or("-".to_string(), |c| format!("{:.2} of cuBLAS", x / c)));
                        }
                        Some(Err(err)) => {
                            let _ = write!(text, ", skinny_gemm: {err}");
                        }
                        None => {}
                    }
                }
                text += "\n";
            }
            Err(e) => {
                let _ = writeln!(text, "{m}x{n}x{k}: {}: {e}", g.config.name);
            }
        }
    }
    for f in &failed {
        let _ = writeln!(text, "failed to build: {f}");
    }
    text += "TFLOP/s; method and results: docs/perf.md\n";
    emit(&text);
    i32::from(!failed.is_empty())
}

/// With `TYCUTE_SM90_TRACE=PREFIX` and a CUBIN built with `-DTYCUTE_SM90_TRACE`: the kernel's
/// record of its last launch ([`Sm90Gemm::trace`]), a line per unit, into
/// `PREFIX-NAME.txt` (a diagnostic: docs/perf-history.md, "sm90: stream-K").
fn dump_trace(g: &Sm90Gemm, name: &str) {
    let (Some(path), Some(tr)) = (std::env::var_os("TYCUTE_SM90_TRACE"), g.trace()) else { return };
    let mut out = String::new();
    for (j, u) in tr.iter().enumerate().filter(|(_, u)| u[7] == 1) {
        let _ = writeln!(out, "{} {} {:?}", j / 16, j % 16, u);
    }
    let file = format!("{}-{name}.txt", path.to_string_lossy());
    if let Err(e) = std::fs::write(&file, out) {
        eprintln!("error: {file}: {e}");
    }
}

/// Prints one benchmark's table: a line per shape with tycute's and cuBLAS's TFLOP/s (from
/// `run`) and their ratio, or the shape's error.
fn bench_table(
    title: &str,
    runs: usize,
    timing: &str,
    shapes: &[(usize, usize, usize)],
    mut run: impl FnMut((usize, usize, usize)) -> tycute_gemm::Result<(f64, Option<f64>)>,
) -> i32 {
    let mut text = format!(
        "{title}, median of {runs} runs ({timing} timing), random inputs rotated over sets larger than L2\n{:<18} {:>10} {:>10} {:>7}\n",
        "shape", "tycute", "cuBLAS", "ratio"
    );
    for &(m, n, k) in shapes {
        match run((m, n, k)) {
            Ok((ours, cb)) => {
                let cbs = cb.map_or("-".to_string(), |c| format!("{c:.1}"));
                let ratio = cb.map_or("-".to_string(), |c| format!("{:.2}", ours / c));
                let _ = writeln!(text, "{:<18} {ours:>10.1} {cbs:>10} {ratio:>7}", format!("{m}x{n}x{k}"));
            }
            Err(e) => {
                let _ = writeln!(text, "{m}x{n}x{k}: {e}");
            }
        }
    }
    text += "TFLOP/s; method and results: docs/perf.md\n";
    emit(&text);
    0
}

/// `tycute bench sm80`.
fn bench_sm80(args: &BenchArgs) -> i32 {
    let given = dtype(args).ok().flatten();
    let named = match (args.config.as_deref(), given) {
        (Some(name), _) => Sm80Header::named(name),
        (None, Some(ElementCode::Bf16)) => Layouts::TN.sm80_config_of(ElementCode::Bf16),
        (None, Some(ElementCode::F32)) => Layouts::TN.sm80_config_of(ElementCode::F32),
        (None, _) => Sm80Header::named(DEFAULT_SM80),
    };
    let mut cfg = match named {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if let Some(e) = given.filter(|&e| e != cfg.element_ab) {
        let name = |e: ElementCode| if e == ElementCode::F32 { "tf32" } else { e.name() };
        eprintln!("error: configuration {} takes {} A and B, not {} (--dtype)", cfg.name, name(cfg.element_ab), name(e));
        return 2;
    }
    if let Some(bytes) = args.smem_bytes {
        if bytes < cfg.smem_bytes {
            eprintln!("error: --smem-bytes {bytes} is less than the {} bytes {} needs", cfg.smem_bytes, cfg.name);
            return 2;
        }
        cfg.smem_bytes = bytes;
    }
    let parsed = match bench_shapes(args, |m, n, k| cfg.shape_ok(m, n, k)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("error: no GPU to benchmark on: {why}");
            return 1;
        }
    };
    let arch = match gpu::arch(&ctx) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let image = match cfg.cubin(arch) {
        Ok(Some(i)) => i,
        Ok(None) => {
            eprintln!("error: no NVRTC to build the kernel (source scripts/cuda-env.sh, or set TYCUTE_CUBIN_DIR)");
            return 1;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut g = match Sm80Launcher::load(&ctx, &cfg, image) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    g.stream_k = !args.no_stream_k;
    let title = format!(
        "sm80 GEMM {} ({}, {}, stream-K tail {}) vs cublasGemmEx ({}, {}), {arch}",
        cfg.name,
        cfg.layouts().ab(),
        cfg.types(),
        if g.stream_k { "on" } else { "off" },
        cfg.layouts().ab(),
        tycute_gemm::cublas::types(&cfg)
    );
    bench_table(&title, args.runs, &args.timing, &parsed, |shape| tycute_gemm::sm80::bench_rotating(&g, &ctx, shape, args.runs, timing(args)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: BenchArgs,
    }

    fn parse(words: &[&str]) -> BenchArgs {
        Wrap::try_parse_from(std::iter::once("bench").chain(words.iter().copied())).unwrap().args
    }

    /// `--dtype e4m3|e5m2` and the fp8 configurations' names select the fp8 bench; what it cannot
    /// take is refused (exit 2) before any GPU work.
    #[test]
    fn fp8_arguments() {
        assert_eq!(fp8_of(&parse(&["sm90", "--dtype", "e4m3"])), Some("e4m3"));
        assert_eq!(fp8_of(&parse(&["sm90", "--config", "auto-e5m2"])), Some("e5m2"));
        assert_eq!(fp8_of(&parse(&["sm90", "--config", "sm90_128x256_e4m3"])), Some("e4m3"));
        assert_eq!(fp8_of(&parse(&["sm90", "--dtype", "bf16"])), None);
        assert_eq!(run(&parse(&["sm80", "--dtype", "e4m3"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "e4m3", "--layout", "nt"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "e4m3", "--beta", "1"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "e5m2", "--config", "sm90_128x256_e4m3"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "e4m3", "--config", "sm90_128x256"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "e4m3", "--shapes", "256x256x40"])), 2);
        // per-row / per-column scales; the fp16-D configuration is fp8 too
        assert_eq!(run(&parse(&["sm90", "--dtype", "e4m3", "--scales", "rows"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "bf16", "--scales", "rowcol"])), 2);
        assert_eq!(fp8_of(&parse(&["sm90", "--config", "sm90_128x256_e4m3_f16cd"])), Some("e4m3"));
        assert_eq!(run(&parse(&["sm90", "--dtype", "e5m2", "--config", "sm90_128x256_e4m3_f16cd"])), 2);
    }

    /// `--dtype tf32` on sm90 and the tf32 configuration's names select the tf32 bench; what it
    /// cannot run is refused before any GPU work.
    #[test]
    fn sm90_tf32_arguments() {
        assert!(tf32_sm90(&parse(&["sm90", "--dtype", "tf32"])));
        assert!(tf32_sm90(&parse(&["sm90", "--config", "auto-tf32"])));
        assert!(!tf32_sm90(&parse(&["sm90", "--dtype", "bf16"])));
        assert_eq!(run(&parse(&["sm90", "--dtype", "tf32", "--layout", "nt"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "tf32", "--beta", "1"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "tf32", "--config", "sm90_128x256"])), 2);
        assert_eq!(run(&parse(&["sm90", "--dtype", "tf32", "--shapes", "256x256x42"])), 2);
    }
}
