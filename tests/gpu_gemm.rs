//! On a GPU: `kernels/sm80_gemm.cu` (every index from `sgemm_sm80.h`) against an f64 CPU
//! reference, exact inputs (multiples of 1/4), alpha = 1.5, beta = 0.5, the output poisoned with
//! NaN before the run; and the shapes it refuses. Without a GPU (or NVRTC) the GPU part prints why
//! and passes. A rough throughput figure is printed (a measurement, not an assertion).

use tycute_cuda::gpu;

#[test]
fn refuses_shapes_it_cannot_take() {
    assert!(tycute::gpu_check::gemm_shape_ok(256, 256, 128).is_ok());
    for (m, n, k) in [(0, 128, 64), (100, 128, 64), (128, 129, 64), (128, 128, 65)] {
        let e = tycute::gpu_check::gemm_shape_ok(m, n, k).unwrap_err();
        assert!(e.contains("multiples of 128") && e.contains(&format!("{m}x{n}x{k}")), "{e}");
    }
}

#[test]
fn sm80_gemm_matches_the_cpu_on_the_gpu() {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let image = match tycute::gpu_check::cubin("TYCUTE_GEMM_CUBIN", "sm80_gemm.cu", tycute::gpu_check::GEMM_KERNEL, arch) {
        Ok(Some(image)) => image,
        Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_GEMM_CUBIN)"),
        Err(e) => panic!("{e}"),
    };
    let g = tycute::gpu_check::Gemm::load(&ctx, image).unwrap_or_else(|e| panic!("{e}"));
    for (m, n, k) in [(128, 128, 64), (256, 384, 192), (512, 256, 1024)] {
        let wrong = tycute::gpu_check::gemm_check(&g, m, n, k).unwrap_or_else(|e| panic!("{e}"));
        println!("{arch} {m}x{n}x{k}: {wrong} of {} elements wrong", m * n);
        assert_eq!(wrong, 0, "{m}x{n}x{k}");
    }
    if std::env::var_os("TYCUTE_GEMM_BENCH").is_some() {
        for (m, n, k) in [(4096usize, 4096usize, 4096usize), (5120, 5120, 4096), (8192, 8192, 8192), (8192, 8192, 1024)] {
            let ours = tycute::gpu_check::gemm_bench(&g, m, n, k, 20).unwrap_or_else(|e| panic!("{e}"));
            match tycute::gpu_check::cublas_bench(&ctx, m, n, k, 20) {
                Ok(cb) => println!(
                    "{arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2} (fp16 in, fp32 accumulate and out; mean of 20 after 3 warm-up)",
                    ours / cb
                ),
                Err(e) => println!("{arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s; cuBLAS skipped: {e}"),
            }
        }
    }
}
