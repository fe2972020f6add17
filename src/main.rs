//! The `tycute` command line (`tycute --help`). Without arguments it runs the embedded default,
//! sgemm_sm80 TN, as far as this machine allows, and says what it skipped and why:
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

fn main() {
    if std::env::args_os().len() > 1 {
        return tycute_cli::main_with(bench);
    }
    let mut text =
        String::from("sgemm_sm80 (TN, 128x128x64, 3 stages): shared-memory layouts, evaluated by the trait solver\n\n");
    let steps = tycute::configs::sgemm_sm80::derivation();
    let width = steps.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in steps {
        let _ = writeln!(text, "{name:<width$}  {value}");
    }

    // 2. the header and the proof of its tables
    let out = std::env::var_os("TYCUTE_OUT").map_or_else(|| std::path::PathBuf::from("target/tycute"), Into::into);
    text += "\nCUDA header (every table from the types):\n";
    for (file, header) in tycute::headers::HEADERS {
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
        use tycute::configs::emit::sm80::check;
        use tycute::configs::kernel::sm80::Sm80Config;
        use tycute::configs::{sgemm_sm80::SgemmSm80, sm80_nt_128x256::Sm80Nt128x256, sm80_tn_128x256::Sm80Tn128x256};
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
    text += &tycute::configs::analyze::report(
        "sgemm_sm80: shared-memory wavefronts per warp instruction (ideal = bytes / 128):",
        &tycute::configs::analyze::sm80::accesses::<tycute::configs::sgemm_sm80::SgemmSm80>(),
    );

    // 4. NVRTC
    text += "\nNVRTC:\n";
    let mut cubin_90a = None;
    if nvrtc::available() {
        let (major, minor) = nvrtc::version().unwrap_or((0, 0));
        let _ = writeln!(text, "  NVRTC {major}.{minor}");
        for arch in nvrtc::Arch::ALL {
            match nvrtc::compile_to_run("sgemm_sm80_tile.cu", tycute::gpu_check::TILE_KERNEL, tycute::headers::HEADERS, arch, Vec::new()) {
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
                        tycute::gpu_check::TILE_KERNEL,
                        tycute::headers::HEADERS,
                        arch,
                        Vec::new(),
                    )
                    .ok()
                    .map(|c| c.image),
                    _ => None,
                };
                match image {
                    None => text += "  skipped: no CUBIN for this GPU (NVRTC missing or failed, see above)\n",
                    Some(image) => match tycute::gpu_check::tile_roundtrip(&ctx, image) {
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
    tycute_cli::emit(&text);
}

/// The sm80 GEMM on the GPU, if there is one: exact check at 512x256x1024, then TFLOP/s at 4096^3
/// beside cuBLAS in the same process (a first look; `tests/gpu_gemm.rs` and docs/perf.md have
/// the method).
fn gemm_on_gpu() -> String {
    let mut t = String::new();
    let Ok(ctx) = gpu::context() else { return t };
    let Ok(arch) = gpu::arch(&ctx) else { return t };
    let cfg = match tycute::gpu_check::Sm80Config::named(tycute::gpu_check::DEFAULT_SM80) {
        Ok(c) => c,
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    let image = match tycute::gpu_check::gemm_cubin(&cfg, arch) {
        Ok(Some(i)) => i,
        Ok(None) => return "  sm80 GEMM skipped: no NVRTC to build it\n".into(),
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    let g = match tycute::gpu_check::Gemm::load(&ctx, &cfg, image) {
        Ok(g) => g,
        Err(e) => return format!("  sm80 GEMM: {e}\n"),
    };
    match tycute::gpu_check::gemm_check(&g, 512, 512, 1024) {
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
    match tycute::gpu_check::gemm_bench(&g, m, n, k, 20) {
        Ok(ours) => match tycute::gpu_check::cublas_bench(&ctx, m, n, k, 20) {
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

/// `tycute bench sm80 [--config NAME] [--shapes MxNxK,...] [--runs N]`, `tycute bench sm90
/// [--config sm90|sm90_128x256|auto] [--shapes ..] [--runs N] [--beta B] [--bias none|row|col]
/// [--layout tn|nt|nn|tt]`, each with `[--timing queued|alone]`.
fn bench(args: &tycute_cli::BenchArgs) -> i32 {
    if let Err(e) = tycute::gpu_check::Timing::named(&args.timing) {
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
            eprintln!("error: no benchmark for kernel `{other}` (available: sm80, sm90)");
            2
        }
    }
}

/// `--timing` (checked by [`bench`]).
fn timing(args: &tycute_cli::BenchArgs) -> tycute::gpu_check::Timing {
    tycute::gpu_check::Timing::named(&args.timing).unwrap_or_default()
}

/// Parses `MxNxK` shapes (the four defaults when none), each checked by `ok`.
fn bench_shapes(args: &tycute_cli::BenchArgs, ok: impl Fn(usize, usize, usize) -> Result<(), String>) -> Result<Vec<(usize, usize, usize)>, String> {
    let shapes: Vec<String> = if args.shapes.is_empty() {
        ["4096x4096x4096", "5120x5120x4096", "8192x8192x8192", "8192x8192x1024"].iter().map(|s| s.to_string()).collect()
    } else {
        args.shapes.clone()
    };
    let mut parsed = Vec::new();
    for s in &shapes {
        let v: Vec<usize> = s.split('x').filter_map(|x| x.parse().ok()).collect();
        let [m, n, k] = v[..] else { return Err(format!("shape `{s}` is not MxNxK")) };
        ok(m, n, k)?;
        parsed.push((m, n, k));
    }
    Ok(parsed)
}

/// `tycute bench sm90`: `kernels/sm90_gemm.cu` (`--layout`, TN by default; fp16 in and out, fp32 accumulate) beside
/// cublasGemmEx with the same types.
fn bench_sm90(args: &tycute_cli::BenchArgs) -> i32 {
    let parsed = match bench_shapes(args, |m, n, k| tycute::gpu_sm90::Sm90Strides::packed((m, n, k), 1).check((m, n, k))) {
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
        Ok(tycute_cuda::nvrtc::Arch::Sm90a) => {}
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
    // the one tycute::gpu_sm90::pick chooses, loading both
    let configs: Vec<tycute::gpu_sm90::Sm90Config> = match args.config.as_deref() {
        None | Some("auto") => tycute::gpu_sm90::SM90_CONFIGS.to_vec(),
        Some(name) => match tycute::gpu_sm90::Sm90Config::named(name) {
            Ok(c) => vec![c],
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
        match tycute::gpu_sm90::Sm90Gemm::load_config(&ctx, cfg, image) {
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
    use tycute::gpu_sm90::Order;
    let orders = match args.layout.as_str() {
        "nt" => (Order::Col, Order::Col),
        "nn" => (Order::Col, Order::Row),
        "tt" => (Order::Row, Order::Col),
        _ => (Order::Row, Order::Row),
    };
    let title = format!(
        "sm90 GEMM ({}, fp16 in and out, fp32 accumulate, beta {}, bias {}) vs cublasGemmEx (no bias), sm_90a",
        args.layout.to_uppercase(),
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
    for &(m, n, k) in &parsed {
        let want = tycute::gpu_sm90::pick((m, n, k), 1, gemms[0].sms());
        // (the choice failed to build: the first that did, said in the line)
        let (i, instead) = match gemms.iter().position(|g| g.config == want) {
            Some(i) => (i, String::new()),
            None => (0, format!(" (instead of {}, which failed to build)", want.name)),
        };
        let g = &gemms[i];
        let plan = g.schedule((m, n, k), &tycute::gpu_sm90::Sm90Strides::packed_ab((m, n, k), 1, orders.0, orders.1));
        match tycute::gpu_sm90::bench_rotating_layout(g, (m, n, k), args.runs, args.beta, &args.bias, orders, timing(args)) {
            Ok((ours, cb)) => {
                let cbs = cb.map_or("-".to_string(), |c| format!("{c:.1}"));
                let ratio = cb.map_or("-".to_string(), |c| format!("{:.2}", ours / c));
                let _ = write!(text, "{:<18} {ours:>10.1} {cbs:>10} {ratio:>7}  {}{instead}", format!("{m}x{n}x{k}"), g.config.name);
                dump_trace(&gemms[i], &format!("{m}x{n}x{k}"));
                if plan.sk_tiles > 0 {
                    // the same shape with whole tiles only, in the same process: what stream-K brings
                    gemms[i].stream_k = false;
                    let whole = tycute::gpu_sm90::bench_rotating_layout(&gemms[i], (m, n, k), args.runs, args.beta, &args.bias, orders, timing(args));
                    gemms[i].stream_k = true;
                    dump_trace(&gemms[i], &format!("{m}x{n}x{k}-whole"));
                    let w = whole.map_or_else(|e| e, |(w, _)| format!("{w:.1}"));
                    let form = if plan.split > 0 { format!("{} splits each", plan.split) } else { "a line".to_string() };
                    let _ = write!(text, ", stream-K on {} tiles, {form} ({w} with whole tiles)", plan.sk_tiles);
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
    tycute_cli::emit(&text);
    i32::from(!failed.is_empty())
}

/// With `TYCUTE_SM90_TRACE=PREFIX` and a CUBIN built with `-DTYCUTE_SM90_TRACE`: the kernel's
/// record of its last launch ([`tycute::gpu_sm90::Sm90Gemm::trace`]), a line per unit, into
/// `PREFIX-NAME.txt` (a diagnostic: docs/perf.md, "sm90: stream-K").
fn dump_trace(g: &tycute::gpu_sm90::Sm90Gemm, name: &str) {
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
    mut run: impl FnMut((usize, usize, usize)) -> Result<(f64, Option<f64>), String>,
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
    tycute_cli::emit(&text);
    0
}

/// `tycute bench sm80`.
fn bench_sm80(args: &tycute_cli::BenchArgs) -> i32 {
    let mut cfg = match tycute::gpu_check::Sm80Config::named(args.config.as_deref().unwrap_or(tycute::gpu_check::DEFAULT_SM80)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
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
    let image = match tycute::gpu_check::gemm_cubin(&cfg, arch) {
        Ok(Some(i)) => i,
        Ok(None) => {
            eprintln!("error: no NVRTC to build the kernel (source scripts/cuda-env.sh, or set TYCUTE_GEMM_CUBIN)");
            return 1;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut g = match tycute::gpu_check::Gemm::load(&ctx, &cfg, image) {
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
        tycute::gpu_check::cublas_types(&cfg)
    );
    bench_table(&title, args.runs, &args.timing, &parsed, |shape| tycute::gpu_check::bench_rotating(&g, &ctx, shape, args.runs, timing(args)))
}
