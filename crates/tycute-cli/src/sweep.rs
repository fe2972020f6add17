//! `tycute bench sm90|sm80 --sweep FILE [--dtype D|all]`: every shape of a list (the checked-in
//! one is `bench/shapes.txt`) beside the reference library in the same process, a line per shape
//! as it is measured, then per dtype the geometric mean and the minimum of the ratios and the
//! worst shapes (issue 21; method and results: docs/perf.md, "The shape sweep").
//!
//! The list: one shape a line, `M N K [batch] [label]`, `#` to the end of a line a comment. A
//! shape the kernel cannot take (fp8 with K not a multiple of 16, a 16-bit K not a multiple of 8,
//! ...) is printed as skipped with the launch API's reason; a failed measurement as failed with
//! its error; neither stops the sweep.

use std::fmt::Write as _;
use std::path::Path;

use tycute_cuda::gpu;
use tycute_cuda::nvrtc::Arch;
use tycute_gemm::sm80::{Sm80Header, Sm80Launcher, DEFAULT_SM80};
use tycute_gemm::skinny::SkinnyGemm;
use tycute_gemm::sm90::{sm90_choice, Sm90Auto, Sm90Choice, Sm90Gemm, Sm90Header, Sm90Strides, SM90_CONFIGS};
use tycute_gemm::stream_k::Sm90Schedule;
use tycute_gemm::{ElementCode, Layouts, Major, Timing};

use crate::BenchArgs;

/// One line of a shape list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    /// Problems in one launch (1: a single GEMM).
    pub batch: usize,
    /// The line's label, else its dimensions.
    pub label: String,
    /// Its line in the file (from 1).
    pub line: usize,
}

impl Shape {
    /// `MxNxK`, with `xBATCH` after it for a batch.
    pub fn dims(&self) -> String {
        if self.batch > 1 {
            format!("{}x{}x{}x{}", self.m, self.n, self.k, self.batch)
        } else {
            format!("{}x{}x{}", self.m, self.n, self.k)
        }
    }

    /// Floating-point operations of the whole batch (a multiply-add counts two).
    pub fn flops(&self) -> f64 {
        2.0 * self.m as f64 * self.n as f64 * self.k as f64 * self.batch as f64
    }
}

/// The shapes of a list ([`self`]'s format); an error names the line and what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<Shape>, String> {
    let mut shapes = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let words: Vec<&str> = raw.split('#').next().unwrap_or("").split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let number = |what: &str, w: &str| -> Result<usize, String> {
            match w.parse::<usize>() {
                Ok(0) => Err(format!("line {line}: {what} is 0 (M, N, K and the batch are at least 1)")),
                Ok(v) if v > i32::MAX as usize => Err(format!("line {line}: {what} = {v} is past 2^31 - 1")),
                Ok(v) => Ok(v),
                Err(_) => Err(format!("line {line}: {what} `{w}` is not a whole number (a line is `M N K [batch] [label]`)")),
            }
        };
        if words.len() < 3 {
            return Err(format!("line {line}: `{}` has {} of the three dimensions M N K", raw.trim(), words.len()));
        }
        let (m, n, k) = (number("M", words[0])?, number("N", words[1])?, number("K", words[2])?);
        let (batch, rest) = match words.get(3) {
            Some(w) if w.chars().all(|c| c.is_ascii_digit()) => (number("the batch", w)?, &words[4..]),
            _ => (1, &words[3..]),
        };
        let elements = [m * k, n * k, m * n].into_iter().map(|e| e.checked_mul(batch)).collect::<Option<Vec<_>>>();
        if elements.is_none_or(|e| e.iter().any(|&x| x > 1 << 34)) {
            return Err(format!("line {line}: {m}x{n}x{k} x {batch}: an operand of more than 2^34 elements"));
        }
        let label = if rest.is_empty() { String::new() } else { rest.join(" ") };
        let mut s = Shape { m, n, k, batch, label, line };
        if s.label.is_empty() {
            s.label = s.dims();
        }
        shapes.push(s);
    }
    if shapes.is_empty() {
        return Err("the list holds no shapes (a line is `M N K [batch] [label]`)".to_string());
    }
    Ok(shapes)
}

/// What one shape gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// TFLOP/s of tycute and of the reference (`None`: absent), and how tycute ran it (the
    /// configuration and the plan).
    Measured { ours: f64, theirs: Option<f64>, how: String },
    /// The kernel does not take the shape: the launch API's reason.
    Skipped(String),
    /// The measurement failed: its error.
    Failed(String),
}

impl Outcome {
    /// tycute's TFLOP/s over the reference's, where both were measured.
    pub fn ratio(&self) -> Option<f64> {
        match self {
            Outcome::Measured { ours, theirs: Some(t), .. } if *t > 0.0 => Some(ours / t),
            _ => None,
        }
    }
}

/// One dtype's sweep in numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Shapes with a ratio.
    pub measured: usize,
    pub skipped: usize,
    /// Failed, or measured without a reference.
    pub failed: usize,
    /// The geometric mean of the ratios.
    pub geomean: Option<f64>,
    /// The smallest ratio and its shape's label and dimensions.
    pub min: Option<(f64, String)>,
    /// Ratios below 0.9 (the bar for the minimum).
    pub below_09: usize,
    /// The ratios from the smallest, at most 10, with their shapes.
    pub worst: Vec<(f64, String)>,
}

/// The summary of a sweep's outcomes.
pub fn summarize(rows: &[(Shape, Outcome)]) -> Summary {
    let mut ratios: Vec<(f64, String)> = rows.iter().filter_map(|(s, o)| o.ratio().map(|r| (r, format!("{} {}", s.label, s.dims())))).collect();
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    let skipped = rows.iter().filter(|(_, o)| matches!(o, Outcome::Skipped(_))).count();
    let geomean = (!ratios.is_empty()).then(|| (ratios.iter().map(|(r, _)| r.ln()).sum::<f64>() / ratios.len() as f64).exp());
    Summary {
        measured: ratios.len(),
        skipped,
        failed: rows.len() - ratios.len() - skipped,
        geomean,
        min: ratios.first().cloned(),
        below_09: ratios.iter().filter(|(r, _)| *r < 0.9).count(),
        worst: ratios.iter().take(10).cloned().collect(),
    }
}

/// Timed runs for a shape, per library: enough for about 0.1 s of GPU time at H100 speeds
/// (700 TFLOP/s or 3 TB/s, whichever bounds it), between 15 and `max` (the `--runs` given), so
/// that the large shapes keep a median of 15 or more and the sweep stays within minutes.
pub fn runs_for(s: &Shape, bytes_ab: usize, max: usize) -> usize {
    let bytes = (bytes_ab * (s.m + s.n) * s.k + 2 * s.m * s.n) as f64 * s.batch as f64;
    let secs = (s.flops() / 700e12).max(bytes / 3.0e12) + 4e-6;
    ((0.1 / secs).ceil() as usize).clamp(15.min(max), max.max(1))
}

/// The dtypes of `--dtype` for `kernel` (`all`: each one it has; none: fp16).
pub fn dtypes(kernel: &str, given: Option<&str>) -> Result<Vec<&'static str>, String> {
    let have: &[&'static str] = match kernel {
        "sm90" => &["fp16", "bf16", "e4m3", "e5m2", "tf32"],
        "sm80" => &["fp16", "bf16", "tf32"],
        other => return Err(format!("no sweep for kernel `{other}` (available: sm80, sm90)")),
    };
    match given {
        None => Ok(vec!["fp16"]),
        Some("all") => Ok(have.to_vec()),
        Some(d) => have.iter().find(|h| **h == d).map(|h| vec![*h]).ok_or_else(|| format!("--dtype {d}: the {kernel} sweep has {} or all", have.join(", "))),
    }
}

/// How tycute runs a shape: the configuration and the plan of the sm90 persistent kernel.
pub fn sm90_plan(name: &str, p: Sm90Schedule) -> String {
    if p.sk_tiles == 0 {
        format!("{name}, {} CTAs, whole tiles", p.grid)
    } else if p.split > 0 {
        format!("{name}, {} CTAs, stream-K: {} tiles x {} splits", p.grid, p.sk_tiles, p.split)
    } else {
        format!("{name}, {} CTAs, stream-K: a line over {} tiles", p.grid, p.sk_tiles)
    }
}

/// A 16-bit bench's result as an [`Outcome`]: a rule of the launch API (`Error::Unsupported`)
/// skips the shape, any other error fails it.
fn outcome(r: tycute_gemm::Result<(f64, Option<f64>)>, how: String) -> Outcome {
    match r {
        Ok((ours, theirs)) => Outcome::Measured { ours, theirs, how },
        Err(tycute_gemm::Error::Unsupported(why)) => Outcome::Skipped(why),
        Err(e) => Outcome::Failed(e.to_string()),
    }
}

type Runner<'a> = Box<dyn FnMut(&Shape, usize) -> Outcome + 'a>;

/// `tycute bench KERNEL --sweep FILE`: the exit code (0: every dtype ran; 1: a dtype could not
/// be loaded or no GPU; 2: bad arguments or list).
pub fn run(args: &BenchArgs, file: &Path) -> i32 {
    let timing = match Timing::named(&args.timing) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let dts = match dtypes(&args.kernel, args.dtype.as_deref()) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let forced = args.config.as_deref().filter(|c| !c.starts_with("auto"));
    if forced.is_some() && !(args.kernel == "sm90" && dts.len() == 1 && ["fp16", "bf16", "e4m3", "e5m2"].contains(&dts[0])) {
        eprintln!("error: --sweep takes --config (one configuration for every shape, instead of the choice) for one sm90 dtype: fp16, bf16, e4m3 or e5m2");
        return 2;
    }
    if !args.shapes.is_empty() || args.beta != 0.0 || args.bias != "none" || args.layout != "tn" || args.scales != "tensor" {
        eprintln!("error: --sweep runs TN, beta 0, no bias: --shapes, --beta, --bias, --layout and --scales are for single benches");
        return 2;
    }
    let shapes = match std::fs::read_to_string(file).map_err(|e| e.to_string()).and_then(|t| parse(&t)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
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
    if args.kernel == "sm90" && !matches!(arch, Arch::Sm90a) {
        eprintln!("error: the sm90 kernel needs an sm_90 GPU (wgmma, TMA), this one is {arch}");
        return 1;
    }
    let mut rc = 0;
    let mut summaries = Vec::new();
    for dt in dts {
        let runner = if args.kernel == "sm90" { sm90_runner(&ctx, dt, args, timing) } else { sm80_runner(&ctx, arch, dt, args, timing) };
        let (mut runner, reference, bytes_ab) = match runner {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {} {dt}: {e}", args.kernel);
                rc = 1;
                continue;
            }
        };
        crate::emit(&format!(
            "== {} {dt}: tycute vs {reference} (same inputs, same process), TN, median of up to {} runs ({} timing), inputs rotated past L2, TFLOP/s\n{:<26} {:<22} {:>8} {:>8} {:>6}  {}\n",
            args.kernel, args.runs, args.timing, "shape", "MxNxK[xbatch]", "tycute", "ref", "ratio", "configuration and plan"
        ));
        let mut rows = Vec::new();
        for s in &shapes {
            let runs = runs_for(s, bytes_ab, args.runs);
            let o = runner(s, runs);
            let line = match &o {
                Outcome::Measured { ours, theirs, how } => {
                    let t = theirs.map_or("-".to_string(), |t| format!("{t:.1}"));
                    let r = o.ratio().map_or("-".to_string(), |r| format!("{r:.2}"));
                    format!("{:<26} {:<22} {ours:>8.1} {t:>8} {r:>6}  {how}, {runs} runs\n", s.label, s.dims())
                }
                Outcome::Skipped(why) => format!("{:<26} {:<22} skipped: {why}\n", s.label, s.dims()),
                Outcome::Failed(why) => format!("{:<26} {:<22} failed: {why}\n", s.label, s.dims()),
            };
            crate::emit(&line);
            rows.push((s.clone(), o));
        }
        let sum = summarize(&rows);
        crate::emit(&summary_text(&args.kernel, dt, &sum, true));
        summaries.push((dt, sum));
    }
    if summaries.len() > 1 {
        let mut text = "== summary\n".to_string();
        for (dt, s) in &summaries {
            text += &summary_text(&args.kernel, dt, s, false);
        }
        crate::emit(&text);
    }
    rc
}

/// A dtype's summary: a line, and with `worst` the 10 smallest ratios.
pub fn summary_text(kernel: &str, dt: &str, s: &Summary, worst: bool) -> String {
    let mut text = format!("{kernel} {dt}: {} shapes measured, {} skipped, {} failed", s.measured, s.skipped, s.failed);
    if let (Some(g), Some((r, at))) = (s.geomean, &s.min) {
        let _ = write!(text, "; geometric mean {g:.3}x, minimum {r:.3}x ({at}), {} below 0.9x", s.below_09);
    }
    text += "\n";
    if worst && !s.worst.is_empty() {
        text += "  worst:";
        for (r, at) in &s.worst {
            let _ = write!(text, " {r:.2} {at};");
        }
        text += "\n";
    }
    text
}

/// The sm90 sweep of dtype `dt`: the runner, the reference's name, bytes of an A or B element.
fn sm90_runner<'a>(ctx: &'a std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, dt: &str, args: &'a BenchArgs, timing: Timing) -> Result<(Runner<'a>, &'static str, usize), String> {
    let load = |name: &str| -> Result<Sm90Gemm, String> {
        let cfg = Sm90Header::named(name).map_err(|e| e.to_string())?;
        let image = cfg.cubin().map_err(|e| format!("{name}: {e}"))?.ok_or_else(|| format!("{name}: no CUBIN and no NVRTC (set TYCUTE_CUBIN_DIR or source scripts/cuda-env.sh)"))?;
        let mut g = Sm90Gemm::load_config(ctx, cfg, image).map_err(|e| format!("{name}: {e}"))?;
        g.stream_k = !args.no_stream_k;
        Ok(g)
    };
    let packed = |s: &Shape| Sm90Strides::packed((s.m, s.n, s.k), s.batch);
    match dt {
        "fp16" | "bf16" => {
            let e = if dt == "fp16" { ElementCode::F16 } else { ElementCode::Bf16 };
            // the choice among the configurations of this type, or the one `--config` names
            let forced = args.config.as_deref().filter(|c| *c != "auto");
            let mut gemms = Vec::new();
            for c in SM90_CONFIGS.iter().filter(|c| c.element().ok() == Some(e) && !c.name.contains("reuse") && forced.is_none_or(|f| f == c.name)) {
                gemms.push(load(c.name)?);
            }
            if let (Some(f), true) = (forced, gemms.is_empty()) {
                return Err(format!("--config {f}: not an sm90 {dt} configuration"));
            }
            let first = gemms.first().ok_or("no configuration of this dtype")?;
            let gpu = first.gpu();
            // the launch API's choice per shape (tycute_gemm::sm90::sm90_choice, what Sm90Auto
            // launches): the skinny kernel for decode-sized M, else pick_of's configuration, staged
            // where the strides ask it; `--config` names one configuration for every shape
            let skinny = if forced.is_none() { SkinnyGemm::load(ctx, e).map_err(|x| x.to_string())? } else { None };
            // the split-K launches go through the launch API itself (its workspace and reduction)
            let auto = Sm90Auto::new(ctx, e).map_err(|x| x.to_string())?;
            let run = move |s: &Shape, runs: usize| -> Outcome {
                let shape = (s.m, s.n, s.k);
                // a batch: the strides as they are (the batched bench has no staging)
                if s.batch > 1 {
                    if let Err(e) = packed(s).check(shape) {
                        return Outcome::Skipped(e.to_string());
                    }
                }
                let choice = match (forced, sm90_choice(shape, &packed(s), 0.0, true, gpu, e, [0; 4])) {
                    (_, Err(e)) => return Outcome::Skipped(e.to_string()),
                    (Some(_), Ok(_)) => Sm90Choice::Sm90 { config: gemms[0].config, staged: Sm90Gemm::stages_in(shape, &packed(s), 0.0, [0; 4], gemms[0].config.cluster_m().unwrap_or(1)) },
                    (None, Ok(c)) => c,
                };
                let (config, staged) = match (choice, &skinny) {
                    (Sm90Choice::Skinny, Some(sk)) => {
                        let how = format!("skinny_gemm, {}", tycute_gemm::skinny::plan(s.n, gpu.sms, false));
                        return outcome(tycute_gemm::skinny::bench_rotating(sk, ctx, shape, runs, timing), how);
                    }
                    (Sm90Choice::Skinny, None) => return Outcome::Failed("skinny_gemm (the choice) is not loaded".to_string()),
                    (Sm90Choice::Sm90 { config, staged }, _) => (config, staged),
                    (c @ Sm90Choice::SplitK { .. }, _) => {
                        let r = tycute_gemm::sm90::bench_auto_rotating(&auto, shape, runs, timing).map(|(x, cb, _)| (x, cb));
                        return outcome(r, c.describe());
                    }
                };
                let Some(g) = gemms.iter().find(|g| g.config == config) else {
                    return Outcome::Failed(format!("{} (the choice) is not loaded", config.name));
                };
                let mut how = sm90_plan(g.config.name, g.schedule(shape, &packed(s)));
                let r = if s.batch > 1 {
                    tycute_gemm::sm90::bench_rotating_batched(g, shape, s.batch, runs, timing)
                } else {
                    if staged.any() {
                        how = format!("{how}, {}", staged.describe());
                    }
                    tycute_gemm::sm90::bench_rotating_layout(g, shape, runs, 0.0, "none", (Major::K, Major::K), timing, true)
                };
                outcome(r, how)
            };
            Ok((Box::new(run), "cublasGemmEx / cublasGemmStridedBatchedEx (same types, fp32 compute)", 2))
        }
        "e4m3" | "e5m2" => {
            // the fp8 choice per shape (tycute_gemm::sm90::fp8_choice, what Sm90Auto::launch_fp8
            // launches: the decode-sized fp8 kernel for M <= 16, else pick_fp8's configuration),
            // or the configuration `--config` names for every shape
            let forced = args.config.as_deref().filter(|c| !c.starts_with("auto"));
            if let Some(f) = forced {
                let cfg = Sm90Header::named(f).map_err(|e| e.to_string())?;
                if cfg.fp8().map_err(|e| e.to_string())? != Some(dt) {
                    return Err(format!("--config {f}: not an sm90 {dt} configuration"));
                }
            }
            let first = load(forced.unwrap_or(&format!("sm90_128x256_{dt}")))?;
            let (sms, gpu) = (first.sms(), first.gpu());
            let gemms = std::sync::Mutex::new(std::collections::HashMap::from([(first.config.name, std::sync::Arc::new(first))]));
            let e4m3 = dt == "e4m3";
            let dt = if e4m3 { "e4m3" } else { "e5m2" };
            // the decode-sized fp8 kernel through the launch API's object (loaded once)
            let auto = Sm90Auto::new(ctx, ElementCode::Bf16).map_err(|x| x.to_string())?;
            let run = move |s: &Shape, runs: usize| -> Outcome {
                let shape = (s.m, s.n, s.k);
                if s.batch > 1 {
                    return Outcome::Skipped("batched fp8: the fp8 reference here (cuBLASLt) runs one problem a call".to_string());
                }
                if let Err(e) = packed(s).check_elements(shape, 1) {
                    return Outcome::Skipped(e.to_string());
                }
                let name = match (forced, tycute_gemm::sm90::fp8_choice(shape, &packed(s), true, true, gpu, dt)) {
                    (Some(f), _) => f,
                    (None, Err(e)) => return Outcome::Skipped(e.to_string()),
                    (None, Ok(Sm90Choice::Sm90 { config, .. })) => config.name,
                    (None, Ok(_)) => {
                        // the decode-sized fp8 kernel (M <= 16)
                        let sk = match auto.skinny_fp8(dt) {
                            Ok(sk) => sk,
                            Err(e) => return Outcome::Failed(e.to_string()),
                        };
                        let how = format!("skinny_gemm_fp8, {}", tycute_gemm::skinny::plan(s.n, sms, true));
                        let r = if e4m3 {
                            tycute_gemm::sm90::bench_fp8_skinny_rotating::<tycute_gemm::fp8::E4m3>(&sk, ctx, shape, runs, timing)
                        } else {
                            tycute_gemm::sm90::bench_fp8_skinny_rotating::<tycute_gemm::fp8::E5m2>(&sk, ctx, shape, runs, timing)
                        };
                        return match r {
                            Ok((ours, [Ok(fast), _])) => Outcome::Measured { ours, theirs: Some(fast), how },
                            Ok((ours, [Err(e), _])) => Outcome::Measured { ours, theirs: None, how: format!("{how}; cuBLASLt: {e}") },
                            Err(e) => Outcome::Failed(e.to_string()),
                        };
                    }
                };
                let g = {
                    let Ok(mut map) = gemms.lock() else { return Outcome::Failed("the sweep's kernels: a lock poisoned".to_string()) };
                    match map.get(name) {
                        Some(g) => g.clone(),
                        None => match load(name) {
                            Ok(g) => map.entry(g.config.name).or_insert(std::sync::Arc::new(g)).clone(),
                            Err(e) => return Outcome::Failed(e),
                        },
                    }
                };
                let how = sm90_plan(g.config.name, g.schedule(shape, &packed(s)));
                let r = if e4m3 {
                    tycute_gemm::sm90::bench_fp8_rotating::<tycute_gemm::fp8::E4m3>(&g, shape, runs, timing)
                } else {
                    tycute_gemm::sm90::bench_fp8_rotating::<tycute_gemm::fp8::E5m2>(&g, shape, runs, timing)
                };
                match r {
                    Ok((ours, [Ok(fast), _])) => Outcome::Measured { ours, theirs: Some(fast), how },
                    Ok((ours, [Err(e), _])) => Outcome::Measured { ours, theirs: None, how: format!("{how}; cuBLASLt: {e}") },
                    Err(tycute_gemm::Error::Unsupported(why)) => Outcome::Skipped(why),
                    Err(e) => Outcome::Failed(e.to_string()),
                }
            };
            Ok((Box::new(run), "cuBLASLt fp8 (per-tensor scales, bf16 D, fast accumulation)", 1))
        }
        "tf32" => {
            let g = load("sm90_128x256_tf32_c2")?;
            let run = move |s: &Shape, runs: usize| -> Outcome {
                let shape = (s.m, s.n, s.k);
                if s.batch > 1 {
                    return Outcome::Skipped("batched tf32: not in the tf32 bench (one problem a call)".to_string());
                }
                if let Err(e) = packed(s).check_elements(shape, 4) {
                    return Outcome::Skipped(e.to_string());
                }
                let how = sm90_plan(g.config.name, g.schedule(shape, &packed(s)));
                match tycute_gemm::sm90::bench_tf32_rotating(&g, shape, runs, timing) {
                    Ok((ours, [Ok(blas), _])) => Outcome::Measured { ours, theirs: Some(blas), how },
                    Ok((ours, [Err(e), _])) => Outcome::Measured { ours, theirs: None, how: format!("{how}; cuBLAS: {e}") },
                    Err(tycute_gemm::Error::Unsupported(why)) => Outcome::Skipped(why),
                    Err(e) => Outcome::Failed(e.to_string()),
                }
            };
            Ok((Box::new(run), "cublasGemmEx TF32 (CUBLAS_COMPUTE_32F_FAST_TF32, f32 D)", 4))
        }
        other => Err(format!("no sm90 sweep for {other}")),
    }
}

/// The sm80 sweep of dtype `dt`: the TN configuration of that type beside cuBLAS.
fn sm80_runner<'a>(
    ctx: &'a std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>,
    arch: Arch,
    dt: &str,
    args: &'a BenchArgs,
    timing: Timing,
) -> Result<(Runner<'a>, &'static str, usize), String> {
    let cfg = match dt {
        "fp16" => Sm80Header::named(DEFAULT_SM80),
        "bf16" => Layouts::TN.sm80_config_of(ElementCode::Bf16),
        "tf32" => Layouts::TN.sm80_config_of(ElementCode::F32),
        other => return Err(format!("no sm80 sweep for {other}")),
    }
    .map_err(|e| e.to_string())?;
    let image = cfg.cubin(arch).map_err(|e| e.to_string())?.ok_or("no CUBIN and no NVRTC (set TYCUTE_CUBIN_DIR or source scripts/cuda-env.sh)")?;
    let mut g = Sm80Launcher::load(ctx, &cfg, image).map_err(|e| e.to_string())?;
    g.stream_k = !args.no_stream_k;
    let run = move |s: &Shape, runs: usize| -> Outcome {
        let shape = (s.m, s.n, s.k);
        if s.batch > 1 {
            return Outcome::Skipped("batched: the sm80 bench runs one problem a call".to_string());
        }
        if let Err(e) = g.cfg.shape_ok(s.m, s.n, s.k) {
            return Outcome::Skipped(e.to_string());
        }
        let how = format!("{}, stream-K tail {}", g.cfg.name, if g.stream_k { "on a short last wave" } else { "off" });
        outcome(tycute_gemm::sm80::bench_rotating(&g, ctx, shape, runs, timing), how)
    };
    Ok((Box::new(run), "cublasGemmEx (the configuration's types)", if dt == "tf32" { 4 } else { 2 }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(m: usize, n: usize, k: usize, batch: usize, label: &str, line: usize) -> Shape {
        Shape { m, n, k, batch, label: label.to_string(), line }
    }

    #[test]
    fn the_list_parses_with_batches_labels_and_comments() {
        let text = "# a comment\n\n128 4096 4096 llama.qkv  # tokens 128\n8 1024 1024 128 attn scores\n1000 1000 1000\n";
        let s = parse(text).unwrap();
        assert_eq!(s, vec![shape(128, 4096, 4096, 1, "llama.qkv", 3), shape(8, 1024, 1024, 128, "attn scores", 4), shape(1000, 1000, 1000, 1, "1000x1000x1000", 5)]);
        assert_eq!(s[1].dims(), "8x1024x1024x128");
        assert_eq!(s[1].flops(), 2.0 * 8.0 * 1024.0 * 1024.0 * 128.0);
    }

    #[test]
    fn bad_lines_name_the_line_and_the_problem() {
        let e = |t: &str| parse(t).unwrap_err();
        assert_eq!(e("1 2 3\n4 5\n"), "line 2: `4 5` has 2 of the three dimensions M N K");
        assert_eq!(e("# x\n4 five 6\n"), "line 2: N `five` is not a whole number (a line is `M N K [batch] [label]`)");
        assert_eq!(e("4 0 6\n"), "line 1: N is 0 (M, N, K and the batch are at least 1)");
        assert_eq!(e("4 4 6 0 x\n"), "line 1: the batch is 0 (M, N, K and the batch are at least 1)");
        assert_eq!(e("4 4 -6\n"), "line 1: K `-6` is not a whole number (a line is `M N K [batch] [label]`)");
        assert_eq!(e("4 4 4294967296\n"), "line 1: K = 4294967296 is past 2^31 - 1");
        assert_eq!(e("1000000 1000000 1000000\n"), "line 1: 1000000x1000000x1000000 x 1: an operand of more than 2^34 elements");
        assert_eq!(e("# only comments\n\n"), "the list holds no shapes (a line is `M N K [batch] [label]`)");
    }

    /// The checked-in list parses: at least 100 shapes, every class of issue 21 in it.
    #[test]
    fn the_checked_in_list() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/shapes.txt")).unwrap();
        let s = parse(&text).unwrap();
        assert!(s.len() >= 100, "{} shapes", s.len());
        for t in [1, 16, 32, 64, 128, 256, 1024, 4096, 16384] {
            assert!(s.iter().any(|x| x.m == t && x.label.contains(".t")), "no LLM shape at {t} tokens");
        }
        assert!(s.iter().any(|x| x.batch > 1));
        assert!(s.iter().any(|x| x.m % 8 != 0 && x.n % 8 != 0 && x.k % 8 != 0));
        assert!(s.iter().any(|x| (x.m, x.n, x.k) == (4095, 4096, 4104)));
        assert!(s.iter().any(|x| x.k <= 256 && x.m >= 4096));
        let mut labels: Vec<&str> = s.iter().map(|x| x.label.as_str()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), s.len(), "labels repeat");
    }

    #[test]
    fn the_summary_math() {
        let m = |ours: f64, theirs: f64| Outcome::Measured { ours, theirs: Some(theirs), how: String::new() };
        let rows = vec![
            (shape(1, 1, 8, 1, "a", 1), m(100.0, 200.0)),
            (shape(2, 1, 8, 1, "b", 2), m(200.0, 100.0)),
            (shape(3, 1, 8, 1, "c", 3), m(80.0, 100.0)),
            (shape(4, 1, 7, 1, "d", 4), Outcome::Skipped("K".into())),
            (shape(5, 1, 8, 1, "e", 5), Outcome::Failed("x".into())),
            (shape(6, 1, 8, 1, "f", 6), Outcome::Measured { ours: 1.0, theirs: None, how: String::new() }),
        ];
        let s = summarize(&rows);
        assert_eq!((s.measured, s.skipped, s.failed, s.below_09), (3, 1, 2, 2));
        // (0.5 * 2 * 0.8)^(1/3)
        assert!((s.geomean.unwrap() - 0.8f64.powf(1.0 / 3.0)).abs() < 1e-12);
        assert_eq!(s.min, Some((0.5, "a 1x1x8".to_string())));
        assert_eq!(s.worst.iter().map(|w| w.0).collect::<Vec<_>>(), vec![0.5, 0.8, 2.0]);
        let text = summary_text("sm90", "fp16", &s, true);
        assert!(text.starts_with("sm90 fp16: 3 shapes measured, 1 skipped, 2 failed; geometric mean 0.928x, minimum 0.500x (a 1x1x8), 2 below 0.9x\n  worst: 0.50 a 1x1x8;"), "{text}");
        let none = summarize(&[(shape(4, 1, 7, 1, "d", 4), Outcome::Skipped("K".into()))]);
        assert_eq!((none.geomean, none.min.clone()), (None, None));
        assert_eq!(summary_text("sm90", "e4m3", &none, true), "sm90 e4m3: 0 shapes measured, 1 skipped, 0 failed\n");
    }

    #[test]
    fn runs_are_bounded() {
        // tiny: all the runs asked for; 16384^3 (8.8 TFLOP, ~13 ms): 15
        assert_eq!(runs_for(&shape(1, 4096, 4096, 1, "", 1), 2, 50), 50);
        assert_eq!(runs_for(&shape(16384, 16384, 16384, 1, "", 1), 2, 50), 15);
        assert_eq!(runs_for(&shape(16384, 16384, 16384, 1, "", 1), 2, 5), 5);
        let mid = runs_for(&shape(4096, 4096, 4096, 1, "", 1), 2, 50);
        assert!((15..=50).contains(&mid), "{mid}");
    }

    #[test]
    fn dtypes_of_each_kernel() {
        assert_eq!(dtypes("sm90", None).unwrap(), vec!["fp16"]);
        assert_eq!(dtypes("sm90", Some("all")).unwrap(), vec!["fp16", "bf16", "e4m3", "e5m2", "tf32"]);
        assert_eq!(dtypes("sm80", Some("all")).unwrap(), vec!["fp16", "bf16", "tf32"]);
        assert_eq!(dtypes("sm80", Some("e4m3")).unwrap_err(), "--dtype e4m3: the sm80 sweep has fp16, bf16, tf32 or all");
        assert!(dtypes("sm70", None).is_err());
    }

    #[test]
    fn plans_read_as_words() {
        assert_eq!(sm90_plan("sm90_128x256", Sm90Schedule { grid: 132, sk_tiles: 8, split: 5 }), "sm90_128x256, 132 CTAs, stream-K: 8 tiles x 5 splits");
        assert_eq!(sm90_plan("sm90", Sm90Schedule { grid: 32, sk_tiles: 0, split: 0 }), "sm90, 32 CTAs, whole tiles");
        assert_eq!(sm90_plan("x", Sm90Schedule { grid: 132, sk_tiles: 140, split: 0 }), "x, 132 CTAs, stream-K: a line over 140 tiles");
    }
}
