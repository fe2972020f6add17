//! On a GPU: `kernels/sm80_gemm.cu` with each sm80 configuration header (`sm80_tn_128x256.h`,
//! `sgemm_sm80.h`; every index from the header) against an f64 CPU
//! reference, exact inputs (multiples of 1/4), alpha = 1.5, beta = 0.5, the output poisoned with
//! NaN before the run; and the shapes it refuses. Without a GPU (or NVRTC) the GPU part prints why
//! and passes. A rough throughput figure is printed (a measurement, not an assertion).

use tycute_cuda::gpu;

#[test]
fn refuses_shapes_it_cannot_take() {
    let cfg = tycute::gpu_check::Sm80Config::named("sgemm_sm80").unwrap();
    assert!(cfg.shape_ok(256, 256, 128).is_ok());
    for (m, n, k) in [(0, 128, 64), (100, 128, 64), (128, 129, 64), (128, 128, 65)] {
        let e = cfg.shape_ok(m, n, k).unwrap_err();
        assert!(e.contains("M a multiple of 128, N of 128 and K of 64") && e.contains(&format!("{m}x{n}x{k}")), "{e}");
    }
    let wide = tycute::gpu_check::Sm80Config::named("sm80_tn_128x256").unwrap();
    assert_eq!((wide.tile, wide.threads), ((128, 256, 64), 256));
    assert!(wide.shape_ok(128, 128, 64).unwrap_err().contains("N of 256"));
    assert!(tycute::gpu_check::Sm80Config::named("sm81").unwrap_err().contains("sm80_tn_128x256, sgemm_sm80"));
}

#[test]
fn sm80_gemm_matches_the_cpu_on_the_gpu() {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    // TYCUTE_GEMM_CONFIG picks one configuration (with TYCUTE_GEMM_CUBIN, the CUBIN built for it)
    let names: Vec<String> = match std::env::var("TYCUTE_GEMM_CONFIG") {
        Ok(n) => vec![n],
        Err(_) => tycute::gpu_check::SM80_CONFIGS.iter().map(|s| s.to_string()).collect(),
    };
    for name in names {
        let cfg = tycute::gpu_check::Sm80Config::named(&name).unwrap_or_else(|e| panic!("{e}"));
        let image = match tycute::gpu_check::gemm_cubin(&cfg, arch) {
            Ok(Some(image)) => image,
            Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_GEMM_CUBIN)"),
            Err(e) => panic!("{e}"),
        };
        let g = tycute::gpu_check::Gemm::load(&ctx, &cfg, image).unwrap_or_else(|e| panic!("{e}"));
        for (m, n, k) in [(128, 256, 64), (256, 512, 192), (512, 256, 1024), (384, 768, 320)] {
            let wrong = tycute::gpu_check::gemm_check(&g, m, n, k).unwrap_or_else(|e| panic!("{e}"));
            println!("{name} {arch} {m}x{n}x{k}: {wrong} of {} elements wrong", m * n);
            assert_eq!(wrong, 0, "{name} {m}x{n}x{k}");
        }
        if std::env::var_os("TYCUTE_GEMM_BENCH").is_some() {
            for (m, n, k) in [(4096usize, 4096usize, 4096usize), (5120, 5120, 4096), (8192, 8192, 8192), (8192, 8192, 1024)] {
                let ours = tycute::gpu_check::gemm_bench(&g, m, n, k, 20).unwrap_or_else(|e| panic!("{e}"));
                match tycute::gpu_check::cublas_bench(&ctx, m, n, k, 20) {
                    Ok(cb) => println!(
                        "{name} {arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2} (fp16 in, fp32 accumulate and out; mean of 20 after 3 warm-up)",
                        ours / cb
                    ),
                    Err(e) => println!("{name} {arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s; cuBLAS skipped: {e}"),
                }
            }
        }
    }
}
