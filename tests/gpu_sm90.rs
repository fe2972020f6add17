//! On an sm_90 GPU: `kernels/sm90_gemm.cu` (TMA + wgmma + stmatrix + TMA store, every index from
//! `sm90.h`) against an f64 CPU reference: exact inputs (multiples of 1/64 in [-1, 1]), D
//! poisoned with NaN first, shapes multiples of the tile, alpha/beta with and without C. Without a
//! GPU (or on another architecture, or without NVRTC and `TYCUTE_SM90_CUBIN`) it prints why and
//! passes. With `TYCUTE_GEMM_BENCH` set it also prints TFLOP/s beside cuBLAS (a measurement).

use tycute_cuda::{gpu, nvrtc};

#[test]
fn refuses_shapes_it_cannot_take() {
    assert!(tycute::gpu_sm90::shape_ok(256, 384, 128).is_ok());
    for (m, n, k) in [(0, 128, 64), (64, 128, 64), (128, 136, 64), (128, 128, 96)] {
        let e = tycute::gpu_sm90::shape_ok(m, n, k).unwrap_err();
        assert!(e.contains(&format!("{m}x{n}x{k}")), "{e}");
    }
}

#[test]
fn sm90_gemm_matches_the_cpu_on_the_gpu() {
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::driver::sys::is_culib_present() } {
        return eprintln!("skipped: no CUDA driver (libcuda.so) on this machine");
    }
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    match gpu::arch(&ctx) {
        Ok(nvrtc::Arch::Sm90a) => {}
        Ok(a) => return eprintln!("skipped: the sm90 GEMM needs an sm_90 GPU (wgmma, TMA), this one builds for {a}"),
        Err(e) => return eprintln!("skipped: {e}"),
    }
    let image = match tycute::gpu_check::cubin("TYCUTE_SM90_CUBIN", "sm90_gemm.cu", tycute::gpu_sm90::KERNEL, nvrtc::Arch::Sm90a) {
        Ok(Some(image)) => image,
        Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_SM90_CUBIN)"),
        Err(e) => panic!("{e}"),
    };
    let g = tycute::gpu_sm90::Sm90Gemm::load(&ctx, image).unwrap_or_else(|e| panic!("{e}"));
    let small = std::env::var_os("TYCUTE_SM90_SMALL").is_some(); // one small shape (for compute-sanitizer)
    let cases: &[((usize, usize, usize), f32, f32)] = if small {
        &[((256, 256, 320), 1.5, 0.5)]
    } else {
        // the last two have more tiles than an H100 has SMs: CTAs with 2 and more tiles, both
        // consumer warpgroups of the persistent kernel
        &[
            ((128, 128, 64), 1.0, 0.0),
            ((128, 128, 64), 1.5, 0.5),
            ((256, 384, 192), 1.5, 0.5),
            ((512, 256, 1024), 1.0, 0.0),
            ((384, 512, 576), 0.5, -1.0),
            ((2048, 2048, 128), 1.0, 0.0),
            ((1024, 3072, 256), 1.5, 0.5),
        ]
    };
    for &(shape, alpha, beta) in cases {
        let (wrong, first) = tycute::gpu_sm90::check(&g, shape, alpha, beta).unwrap_or_else(|e| panic!("{e}"));
        let (m, n, k) = shape;
        println!("sm_90a {m}x{n}x{k} alpha {alpha} beta {beta}: {wrong} of {} elements wrong {first:?}", m * n);
        assert_eq!(wrong, 0, "{m}x{n}x{k}: {first:?}");
    }
    if std::env::var_os("TYCUTE_GEMM_BENCH").is_some() {
        for shape in [(4096usize, 4096usize, 4096usize), (8192, 8192, 8192)] {
            let (ours, theirs) = tycute::gpu_sm90::bench(&g, shape, 20).unwrap_or_else(|e| panic!("{e}"));
            let (m, n, k) = shape;
            match theirs {
                Ok(cb) => println!(
                    "sm_90a {m}x{n}x{k}: tycute sm90 {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2} (fp16 in and out, fp32 accumulate; mean of 20 after 3 warm-up)",
                    ours / cb
                ),
                Err(e) => println!("sm_90a {m}x{n}x{k}: tycute sm90 {ours:.1} TFLOP/s; cuBLAS skipped: {e}"),
            }
        }
    }
}
