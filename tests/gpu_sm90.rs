//! On an sm_90 GPU: `kernels/sm90_gemm.cu` (TMA + wgmma + stmatrix + TMA store, every index from
//! `sm90.h`) against an f64 CPU reference: exact inputs (multiples of 1/64 in [-1, 1]), NaN in the
//! padding of A, B, C, D poisoned with NaN inside its matrices and a sentinel around them (nothing
//! may be written outside D); full tiles, residue tiles in M, N and K (down to 1x1x8), padded
//! leading dimensions, batches (with one shared B and C), row- and column-major C/D, alpha/beta
//! with and without C, every layout of A and B; each single packed problem is also run by cuBLAS
//! (`cublasGemmEx`, the same layouts) on the same device inputs and compared. Without a GPU (or on another architecture, or without NVRTC and
//! `TYCUTE_CUBIN_DIR`) it prints why and passes. With `TYCUTE_GEMM_BENCH` set it also prints
//! TFLOP/s beside cuBLAS (a measurement).
//!
//! The bf16 configurations (`sm90_bf16`, `sm90_128x256_bf16`: A, B, C, D and the bias bf16) run
//! every case of their fp16 forms, stream-K included: the inputs are bf16 values, the reference is
//! rounded once to bf16 and D must be within half a bf16 ulp of the exact value (2^-8 relative:
//! bf16's 8-bit significand), cuBLAS runs `cublasGemmEx` with CUDA_R_16BF on the same device inputs.
//!
//! The tf32 configuration (`sm90_128x256_tf32`: f32 A and B read as tf32, K-major only, bf16 C and
//! D) runs its own cases ([`tf32_configuration_matches_the_reference_on_the_gpu`]).

use tycute::gemm::sm90::{BiasCase, Sm90Gemm, Sm90Strides};
use tycute::gemm::stream_k::SkForm;
use tycute::gemm::{Major, Order};
use tycute_cuda::{gpu, nvrtc};

mod random;
use random::Lcg;

#[test]
fn bf16_configurations() {
    use tycute::gemm::sm90::{pick_of, Sm90Gpu, Sm90Header, SM90, SM90_128X256};
    use tycute::gemm::ElementCode;
    let (b, b256) = (Sm90Header::named("sm90_bf16").unwrap(), Sm90Header::named("sm90_128x256_bf16").unwrap());
    assert_eq!((b.element().unwrap(), b256.element().unwrap()), (ElementCode::Bf16, ElementCode::Bf16));
    assert_eq!((SM90.element().unwrap(), SM90_128X256.element().unwrap()), (ElementCode::F16, ElementCode::F16));
    // the fp16 configurations' tiles and shared memory, and the same choice per shape
    assert_eq!((b.smem_bytes().unwrap(), b256.smem_bytes().unwrap()), (SM90.smem_bytes().unwrap(), SM90_128X256.smem_bytes().unwrap()));
    assert_eq!(pick_of((8192, 8192, 1024), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), b256);
    assert_eq!(pick_of((1000, 1000, 1000), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), b);
    assert_eq!(pick_of((1000, 1000, 1000), 1, Sm90Gpu::H100_SXM, ElementCode::F16).unwrap(), SM90);
    // decode-sized: the 128x256 tiles split along K, bf16 as fp16
    assert_eq!(pick_of((1, 4096, 11008), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), b256);
    assert_eq!(pick_of((64, 10240, 4096), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), b);
    // one wave of 128x64 tiles
    let b64 = Sm90Header::named("sm90_128x64_bf16").unwrap();
    assert_eq!(b64.element().unwrap(), ElementCode::Bf16);
    assert_eq!(pick_of((128, 6144, 4096), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), b64);
    // 32 < M <= 64: one wave of 64x64 tiles
    assert_eq!(pick_of((64, 4096, 4096), 1, Sm90Gpu::H100_SXM, ElementCode::Bf16).unwrap(), Sm90Header::named("sm90_64x64_bf16").unwrap());
}

#[test]
fn refuses_shapes_it_cannot_take() {
    for (m, n, k) in [(256, 384, 128), (1, 1, 8), (127, 129, 64), (129, 127, 136), (128, 128, 60), (1, 1, 4)] {
        assert!(tycute::gemm::sm90::shape_ok(m, n, k).is_ok(), "{m}x{n}x{k}");
    }
    for (m, n, k) in [(0, 128, 64), (64, 0, 64), (128, 136, 0), (1 << 31, 8, 8)] {
        let e = tycute::gemm::sm90::shape_ok(m, n, k).unwrap_err().to_string();
        assert!(e.contains(&format!("{m}x{n}x{k}")), "{e}");
    }
    // K not a multiple of 8 packed: lda = K breaks the 16-byte stride rule, which names the way out
    let e = Sm90Strides::packed((128, 128, 60), 1).check((128, 128, 60)).unwrap_err().to_string();
    assert!(e.contains("lda 60") && e.contains("launch_staged"), "{e}");
    let p = Sm90Strides::packed((7, 7, 8), 1);
    assert!(p.check((7, 7, 8)).unwrap_err().to_string().contains("multiples of 8"), "ldc = 7 is not a 16-byte TMA stride");
    assert!(padded((7, 7, 8), 1, Order::Row).check((7, 7, 8)).is_ok());
    // M- / N-major A and B: every layout, the contiguous extent a multiple of 8
    for (a, b) in [(Major::MN, Major::MN), (Major::MN, Major::K), (Major::K, Major::MN)] {
        assert!(padded_ab((64, 64, 64), 1, Order::Row, a, b).check((64, 64, 64)).is_ok());
    }
    let e = padded_ab((7, 64, 64), 1, Order::Row, Major::MN, Major::K).check((7, 64, 64)).unwrap_err().to_string();
    assert!(e.contains("multiple of 8") && e.contains("7x64x64"), "{e}");
    let e = Sm90Strides { lda: 64, ..padded_ab((72, 64, 64), 1, Order::Row, Major::MN, Major::K) }.check((72, 64, 64)).unwrap_err().to_string();
    assert!(e.contains("lda 64") && e.contains("MN-major A"), "{e}");
    let e = Sm90Strides { batch_d: 0, ..padded((64, 64, 64), 2, Order::Row) }.check((64, 64, 64)).unwrap_err().to_string();
    assert!(e.contains("overlap"), "{e}");
}

/// `batch` problems of `(m, n, k)` with C and D in `cd` order, every leading dimension rounded up
/// to a multiple of 8 plus 8 (padding the kernel must neither read nor write) and 64 halves
/// between the matrices of a batch.
fn padded((m, n, k): (usize, usize, usize), batch: usize, cd: Order) -> Sm90Strides {
    let ld = |x: usize| x.div_ceil(8) * 8 + 8;
    let (rows, cols) = if cd == Order::Row { (m, n) } else { (n, m) };
    let (lda, ldb, ldcd) = (ld(k), ld(k), ld(cols));
    Sm90Strides {
        lda,
        ldb,
        ldc: ldcd,
        ldd: ldcd,
        batch,
        batch_a: m * lda + 64,
        batch_b: n * ldb + 64,
        batch_c: rows * ldcd + 64,
        batch_d: rows * ldcd + 64,
        a: Major::K,
        b: Major::K,
        cd,
    }
}

/// [`padded`] with A and B of the majorness given (an M-major A (m,k) has columns of m, an N-major B (n,k) of n).
fn padded_ab(shape: (usize, usize, usize), batch: usize, cd: Order, a: Major, b: Major) -> Sm90Strides {
    let (m, n, k) = shape;
    let ld = |x: usize| x.div_ceil(8) * 8 + 8;
    let (lda, ldb) = (ld(if a == Major::K { k } else { m }), ld(if b == Major::K { k } else { n }));
    let (arows, brows) = (if a == Major::K { m } else { k }, if b == Major::K { n } else { k });
    Sm90Strides { lda, ldb, batch_a: arows * lda + 64, batch_b: brows * ldb + 64, a, b, ..padded(shape, batch, cd) }
}

/// Every configuration's kernel (those `TYCUTE_CONFIGS` names, if set), loaded, or why not
/// (no driver, another GPU, no NVRTC: printed, and the test passes).
fn loaded_configs() -> Result<Vec<Sm90Gemm>, String> {
    let ctx = gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 GEMM (wgmma, TMA)")?;
    let names: Vec<&str> = tycute::gemm::sm90::SM90_CONFIGS.iter().map(|c| c.name).collect();
    let chosen = tycute::gemm::env::selected_configs(&names, &names);
    if chosen.is_empty() {
        return Err("TYCUTE_CONFIGS names no sm90 configuration".into());
    }
    let mut out = vec![];
    for cfg in tycute::gemm::sm90::SM90_CONFIGS.iter() {
        if !chosen.contains(&cfg.name) {
            continue;
        }
        // the fp8 configurations: fp8_configurations_match_the_reference_on_the_gpu; the tf32
        // one: tf32_configuration_matches_the_reference_on_the_gpu
        if cfg.fp8().ok().flatten().is_some() || cfg.tf32().unwrap_or(false) {
            continue;
        }
        if let Err(e) = cfg.element() {
            eprintln!("skipped {}: {e}", cfg.name);
            continue;
        }
        let image = match cfg.cubin() {
            Ok(Some(image)) => image,
            Ok(None) => return Err(format!("a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set {})", cfg.cubin_env())),
            Err(e) => panic!("{e}"),
        };
        out.push(Sm90Gemm::load_config(&ctx, *cfg, image).unwrap_or_else(|e| panic!("{e}")));
    }
    Ok(out)
}

#[test]
fn sm90_gemm_matches_the_cpu_on_the_gpu() {
    match loaded_configs() {
        Ok(gs) => gs.iter().for_each(run_cases),
        Err(why) => eprintln!("skipped: {why}"),
    }
}

/// Stream-K schedules (`Sm90Schedule`, the configurations that have them: cooperative,
/// `sm90_128x256`), both forms: the line (the last full wave and the partial one cut along K into
/// ranges of k-blocks) and the split tail (the partial wave's tiles cut into equal k-ranges), a
/// tile's partial sums added by the CTA holding its k-block 0, after whole tiles. On 4 or 8 SMs
/// (at least three waves of these shapes, the last one partial): residues in M, N and K, batches,
/// both C/D orders, beta, a bias, another layout. A case runs where its schedule on the
/// configuration's tile is stream-K in the form asked for; every configuration runs cases of both
/// forms, and (all configurations loaded) every case runs on one at least. (With
/// `TYCUTE_SM90_SMALL`: the cases on 4 SMs only, for compute-sanitizer.)
#[test]
fn sm90_stream_k_matches_the_cpu_on_the_gpu() {
    let gs = match loaded_configs() {
        Ok(gs) => gs,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let small = std::env::var_os("TYCUTE_SM90_SMALL").is_some();
    let pk = Sm90Strides::packed;
    let row = |per_problem| BiasCase::Row { per_problem };
    let col = |per_problem| BiasCase::Col { per_problem };
    let nt = |shape| Sm90Strides::packed_ab(shape, 1, Major::MN, Major::MN);
    type Case = (usize, (usize, usize, usize), Sm90Strides, f32, f32, BiasCase);
    let mut cases: Vec<Case> = vec![
        // (padded: no cuBLAS comparison in the sanitizer's run, whose racecheck reports a WAR
        // hazard inside cuBLAS's own nvjet kernel)
        (4, (832, 320, 1024), padded((832, 320, 1024), 1, Order::Row), 1.5, 0.5, BiasCase::None),
        (4, (320, 832, 1000), padded((320, 832, 1000), 1, Order::Col), 1.0, 0.0, col(false)),
        // (the 64x96 tiles on 4 SMs: 5 tiles, the last one in 2 splits; 13 tiles, the line)
        (4, (320, 96, 1000), padded((320, 96, 1000), 1, Order::Row), 1.0, 0.5, row(false)),
        (4, (96, 320, 1024), padded((96, 320, 1024), 1, Order::Col), 1.5, 0.0, col(false)),
        (4, (832, 96, 1024), padded((832, 96, 1024), 1, Order::Row), 0.5, -1.0, row(false)),
        (4, (96, 832, 1000), padded((96, 832, 1000), 1, Order::Col), 1.0, 0.0, col(false)),
        // (13 tiles of 128x96, 128x192 or 128x256, 26 of 64x96: both forms on 4 SMs)
        (4, (1664, 96, 1024), padded((1664, 96, 1024), 1, Order::Row), 1.0, 0.5, row(false)),
    ];
    if !small {
        cases.extend::<Vec<Case>>(vec![
            (8, (1152, 576, 1024), pk((1152, 576, 1024), 1), 1.5, 0.5, BiasCase::None),
            (8, (1152, 576, 1000), padded((1152, 576, 1000), 1, Order::Row), 0.5, -1.0, row(false)),
            (8, (576, 1150, 1000), padded((576, 1150, 1000), 1, Order::Col), 1.5, 0.5, col(false)),
            (8, (830, 512, 1024), padded((830, 512, 1024), 2, Order::Row), 1.0, 0.0, row(true)),
            (8, (1152, 576, 1024), nt((1152, 576, 1024)), 1.0, 0.0, BiasCase::None),
        ]);
    }
    // which cases ran stream-K on some configuration
    let mut case_ran = vec![false; cases.len()];
    let mut any_sk = false;
    for mut g in gs {
        let name = g.config.name;
        if !g.has_stream_k() {
            println!("sm_90a {name}: no stream-K (ping-pong configurations take whole tiles)");
            continue;
        }
        any_sk = true;
        let k_only = g.config.k_major_only().unwrap_or(false);
        let mut ran = [0usize; 2];
        for (form, (i, (sms, shape, s, alpha, beta, bias))) in [SkForm::Line, SkForm::Split].into_iter().flat_map(|f| cases.iter().enumerate().map(move |c| (f, c))) {
            // (a K-major-only configuration, `sm90_64x96_sk`: the cases of K-major A and B)
            if k_only && (s.a != Major::K || s.b != Major::K) {
                continue;
            }
            g.sk_form = form;
            g.limit_sms(*sms);
            let plan = g.schedule(*shape, s);
            // a case whose tiles this configuration's tile does not leave a partial wave of (or
            // not one the form cuts) is another configuration's; every configuration runs cases
            // of both forms (asserted below)
            if !(plan.sk_tiles > 0 && (plan.split > 0) == (form == SkForm::Split)) {
                println!("sm_90a {name} {shape:?} on {sms} SMs: {plan:?}, not {form:?} stream-K for this tile: another configuration's case");
                continue;
            }
            ran[(form == SkForm::Split) as usize] += 1;
            case_ran[i] = true;
            let r = tycute::gemm::sm90::check_case_bias(&g, *shape, s, *alpha, *beta, *bias).unwrap_or_else(|e| panic!("{e}"));
            let (m, n, k) = shape;
            println!(
                "sm_90a {name} stream-K ({form:?}) {plan:?} on {} SMs: {m}x{n}x{k} batch {} {:?}/{:?}-major A/B, {:?}-major C/D alpha {alpha} beta {beta} bias {bias:?}: {} of {} elements wrong, {} written outside D {:?}",
                g.sms(), s.batch, s.a, s.b, s.cd, r.wrong, r.checked, r.outside, r.examples
            );
            assert_eq!((r.wrong, r.outside), (0, 0), "{name} {m}x{n}x{k} {s:?}: {:?}", r.examples);
            assert_eq!(r.checked, m * n * s.batch);
        }
        assert!(ran[0] > 0 && ran[1] > 0, "{name}: stream-K cases run in the line and split forms: {ran:?}");
    }
    // (every case is some configuration's: none is stream-K on no tile)
    if any_sk && std::env::var_os("TYCUTE_CONFIGS").is_none() {
        let dead: Vec<_> = cases.iter().zip(&case_ran).filter(|(_, r)| !**r).map(|(c, _)| (c.0, c.1)).collect();
        assert!(dead.is_empty(), "cases stream-K on no configuration: {dead:?}");
    }
}

/// Small M on all the GPU's SMs (issue 21): decode-sized problems whose few 128x256 tiles the
/// stream-K split tail cuts along K into up to 8 ranges (the plan `pick` now chooses for them),
/// with residues in M, N and K, a batch, beta and a bias, column-major C/D (the kernel's M and N
/// exchanged: the small dimension along N), against the f64 reference. Each case asserts that
/// its plan on a GPU of 100 SMs or more is the split tail. (Skipped under `TYCUTE_SM90_SMALL`.)
#[test]
fn sm90_small_m_split_k_matches_the_cpu_on_the_gpu() {
    if std::env::var_os("TYCUTE_SM90_SMALL").is_some() {
        return;
    }
    let gs = match loaded_configs() {
        Ok(gs) => gs,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let pk = Sm90Strides::packed;
    let row = |per_problem| BiasCase::Row { per_problem };
    type Case = ((usize, usize, usize), Sm90Strides, f32, f32, BiasCase);
    let cases: Vec<Case> = vec![
        ((1, 4096, 4096), pk((1, 4096, 4096), 1), 1.0, 0.0, BiasCase::None),
        ((16, 2048, 8192), pk((16, 2048, 8192), 1), 1.5, 0.5, BiasCase::None),
        ((3, 1000, 2056), padded((3, 1000, 2056), 1, Order::Row), 1.0, 0.0, row(false)),
        ((37, 1536, 11008), pk((37, 1536, 11008), 1), 0.5, -1.0, BiasCase::None),
        ((16, 1024, 4096), pk((16, 1024, 4096), 2), 1.0, 0.5, row(true)),
        ((4096, 8, 4096), Sm90Strides::packed_col((4096, 8, 4096), 1), 1.0, 0.0, BiasCase::None),
    ];
    for g in gs {
        let name = g.config.name;
        if !g.has_stream_k() {
            println!("sm_90a {name}: no stream-K (ping-pong configurations take whole tiles)");
            continue;
        }
        for (shape, s, alpha, beta, bias) in &cases {
            let plan = g.schedule(*shape, s);
            let r = tycute::gemm::sm90::check_case_bias(&g, *shape, s, *alpha, *beta, *bias).unwrap_or_else(|e| panic!("{e}"));
            let (m, n, k) = shape;
            println!(
                "sm_90a {name} small M {plan:?} on {} SMs: {m}x{n}x{k} batch {} {:?}-major C/D alpha {alpha} beta {beta} bias {bias:?}: {} of {} elements wrong, {} written outside D {:?}",
                g.sms(), s.batch, s.cd, r.wrong, r.checked, r.outside, r.examples
            );
            if g.sms() >= 100 {
                assert!(plan.split > 0, "{name} {m}x{n}x{k} on {} SMs: {plan:?} is not the split tail", g.sms());
            }
            assert_eq!((r.wrong, r.outside), (0, 0), "{name} {m}x{n}x{k} {s:?}: {:?}", r.examples);
            assert_eq!(r.checked, m * n * s.batch);
        }
    }
}

/// The cases of [`sm90_gemm_matches_the_cpu_on_the_gpu`] on one loaded configuration.
fn run_cases(g: &Sm90Gemm) {
    let name = g.config.name;
    let small = std::env::var_os("TYCUTE_SM90_SMALL").is_some(); // small residue shapes (for compute-sanitizer)
    let pk = Sm90Strides::packed;
    let cases: Vec<((usize, usize, usize), Sm90Strides, f32, f32)> = if small {
        vec![
            ((7, 7, 8), padded((7, 7, 8), 1, Order::Row), 1.5, 0.5),
            ((129, 127, 136), padded((129, 127, 136), 2, Order::Col), 1.5, 0.5),
            ((256, 256, 320), pk((256, 256, 320), 1), 1.5, 0.5),
            ((136, 120, 72), padded_ab((136, 120, 72), 2, Order::Col, Major::MN, Major::K), 1.5, 0.5),
            ((264, 136, 136), padded_ab((264, 136, 136), 1, Order::Row, Major::K, Major::MN), 1.0, 0.0),
            ((256, 256, 320), Sm90Strides::packed_ab((256, 256, 320), 1, Major::MN, Major::MN), 1.5, 0.5),
        ]
    } else {
        let shared_bc = |s: Sm90Strides| Sm90Strides { batch_b: 0, batch_c: 0, ..s };
        vec![
            // full tiles (the last two have more tiles than an H100 has SMs: CTAs with 2 and
            // more tiles, both consumer warpgroups of the persistent kernel)
            ((128, 128, 64), pk((128, 128, 64), 1), 1.0, 0.0),
            ((256, 384, 192), pk((256, 384, 192), 1), 1.5, 0.5),
            ((512, 256, 1024), pk((512, 256, 1024), 1), 1.0, 0.0),
            ((2048, 2048, 128), pk((2048, 2048, 128), 1), 1.0, 0.0),
            ((1024, 3072, 256), pk((1024, 3072, 256), 1), 1.5, 0.5),
            // residues in M, N and K, padded leading dimensions, both C/D orders
            ((1, 1, 8), padded((1, 1, 8), 1, Order::Row), 1.0, 0.0),
            ((1, 1, 8), padded((1, 1, 8), 1, Order::Col), 1.5, 0.5),
            ((7, 7, 8), padded((7, 7, 8), 1, Order::Row), 1.5, 0.5),
            ((7, 7, 8), padded((7, 7, 8), 1, Order::Col), 0.5, -1.0),
            ((127, 129, 64), padded((127, 129, 64), 1, Order::Row), 0.5, -1.0),
            ((127, 129, 64), padded((127, 129, 64), 1, Order::Col), 1.0, 0.0),
            ((129, 127, 136), padded((129, 127, 136), 1, Order::Row), 1.0, 0.0),
            ((129, 127, 136), padded((129, 127, 136), 1, Order::Col), 1.5, 0.5),
            ((1000, 1000, 1000), pk((1000, 1000, 1000), 1), 1.0, 0.0),
            ((1000, 1000, 1000), Sm90Strides::packed_col((1000, 1000, 1000), 1), 0.75, 0.25),
            // non-square, more tiles than SMs with residues
            ((300, 72, 200), padded((300, 72, 200), 1, Order::Col), -1.0, 0.25),
            ((72, 520, 24), padded((72, 520, 24), 1, Order::Row), 1.5, 0.5),
            ((2000, 1500, 136), padded((2000, 1500, 136), 1, Order::Row), 1.5, 0.5),
            // 128x256 tiles: a tile column of 256 with residues of N below 128 and above
            ((384, 300, 512), padded((384, 300, 512), 1, Order::Row), 1.5, 0.5),
            ((520, 1000, 264), padded((520, 1000, 264), 1, Order::Col), 1.0, 0.0),
            // batches: own matrices each, and one B and one C for the whole batch
            ((200, 136, 72), padded((200, 136, 72), 3, Order::Row), 1.5, 0.5),
            ((130, 100, 64), shared_bc(padded((130, 100, 64), 3, Order::Col)), 0.5, -1.0),
            ((256, 256, 128), pk((256, 256, 128), 3), 1.0, 0.0),
            ((1000, 600, 256), padded((1000, 600, 256), 4, Order::Col), 1.5, 0.5),
            // a D larger than the L2 (64 MiB against the H100's 50): its TMA stores evict first
            // (the kernel's flags bit 3), through the whole-tile epilogue and the one with C
            ((4096, 8192, 64), pk((4096, 8192, 64), 1), 1.0, 0.0),
            ((4096, 8192, 64), pk((4096, 8192, 64), 1), 1.5, 0.5),
        ]
        .into_iter()
        .chain(
            // the other layouts of A and B (NT, NN, TT: MN-major operands through wgmma's
            // transpose bits and (64, 64) TMA boxes), full and residue tiles, both C/D orders
            // (column-major swaps A and B, and so NN and TT), batches; M- / N-major extents
            // multiples of 8
            [(Major::MN, Major::MN), (Major::MN, Major::K), (Major::K, Major::MN)].into_iter().flat_map(|(a, b)| {
                let pab = |shape, cd| padded_ab(shape, 1, cd, a, b);
                [
                    ((8, 8, 8), pab((8, 8, 8), Order::Row), 1.5, 0.5),
                    ((8, 8, 8), pab((8, 8, 8), Order::Col), 1.0, 0.0),
                    ((256, 384, 192), Sm90Strides::packed_ab((256, 384, 192), 1, a, b), 1.5, 0.5),
                    ((136, 264, 136), pab((136, 264, 136), Order::Row), 0.5, -1.0),
                    ((264, 136, 72), pab((264, 136, 72), Order::Col), 1.5, 0.5),
                    ((1000, 1000, 1000), Sm90Strides::packed_ab((1000, 1000, 1000), 1, a, b), 1.0, 0.0),
                    ((2048, 2048, 128), Sm90Strides::packed_ab((2048, 2048, 128), 1, a, b), 1.0, 0.0),
                    ((520, 1000, 264), padded_ab((520, 1000, 264), 3, Order::Col, a, b), 1.5, 0.5),
                    ((200, 136, 72), padded_ab((200, 136, 72), 2, Order::Row, a, b), 1.0, 0.0),
                ]
            }),
        )
        .collect()
    };
    // in clusters (the `_c2` forms) B is multicast K-major: the layouts whose kernel B (the
    // caller's B, or A for a column-major D) is MN-major are refused with the rule
    let clusters = g.config.cluster_m().unwrap_or(1) > 1;
    // K-major A and B only (the 16-bit members of the K-major family, `sm90_64x96`): the other
    // layouts are refused with the rule
    let k_only = g.config.k_major_only().unwrap_or(false);
    let refused_k_only = |shape: &(usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32| {
        let e = tycute::gemm::sm90::check_case(g, *shape, s, alpha, beta).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("K-major entry point alone"), "{name}: {e}");
    };
    for (shape, s, alpha, beta) in &cases {
        if k_only && (s.a == Major::MN || s.b == Major::MN) {
            refused_k_only(shape, s, *alpha, *beta);
            continue;
        }
        if clusters && (if s.cd == Order::Row { s.b } else { s.a }) == Major::MN {
            let e = tycute::gemm::sm90::check_case(g, *shape, s, *alpha, *beta).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("multicasts slices of a K-major B"), "{name}: {e}");
            continue;
        }
        let r = tycute::gemm::sm90::check_case(g, *shape, s, *alpha, *beta).unwrap_or_else(|e| panic!("{e}"));
        let (m, n, k) = shape;
        println!(
            "sm_90a {name} {m}x{n}x{k} batch {} {:?}-major A, {:?}-major B, {:?}-major C/D ldd {} alpha {alpha} beta {beta}: {} of {} elements wrong, {} written outside D {:?}{}",
            s.batch, s.a, s.b, s.cd, s.ldd, r.wrong, r.checked, r.outside, r.examples,
            r.cublas_rel_error.map_or(String::new(), |e| format!(" (cuBLAS: normwise {e:.1e}, {} elements differ)", r.cublas_differ))
        );
        assert_eq!((r.wrong, r.outside), (0, 0), "{name} {m}x{n}x{k} {s:?}: {:?}", r.examples);
        assert_eq!(r.checked, m * n * s.batch);
    }
    // K not a multiple of 8 with 16-byte leading dimensions: the kernel as it is (the TMA fills
    // the last k-block past K with zeros)
    for (shape, s, alpha, beta) in [((200, 72, 77), padded((200, 72, 77), 1, Order::Row), 1.5, 0.5), ((130, 136, 3), padded((130, 136, 3), 2, Order::Col), 1.0, 0.0)] {
        let r = tycute::gemm::sm90::check_case(g, shape, &s, alpha, beta).unwrap_or_else(|e| panic!("{e}"));
        println!("sm_90a {name} {shape:?} (K odd, ld {}) alpha {alpha} beta {beta}: {} of {} elements wrong, {} written outside D {:?}", s.lda, r.wrong, r.checked, r.outside, r.examples);
        assert_eq!((r.wrong, r.outside, r.checked), (0, 0, shape.0 * shape.1 * s.batch), "{name} {shape:?} {s:?}: {:?}", r.examples);
    }
    // Sm90Gemm::launch_staged: strides the TMA cannot read (odd K, N or M in packed matrices) or
    // reads at half speed (rows 16 bytes off a 32-byte sector), copied into aligned rows first;
    // what is staged is part of the expectation
    let pk_ab = Sm90Strides::packed_ab;
    let shared_c = |s: Sm90Strides| Sm90Strides { batch_c: 0, ..s };
    let staged_cases: Vec<((usize, usize, usize), Sm90Strides, f32, f32, &str)> = if small {
        vec![((37, 21, 19), pk((37, 21, 19), 1), 1.5, 0.5, "staged A (misaligned), B (misaligned), C/D (misaligned)")]
    } else {
        vec![
            ((300, 131, 517), pk((300, 131, 517), 1), 1.5, 0.5, "staged A (misaligned), B (misaligned), C/D (misaligned)"),
            ((5, 3, 1), pk((5, 3, 1), 1), 1.0, 0.0, "staged A (misaligned), B (misaligned), C/D (misaligned)"),
            // (rows half a sector off: read where they lie in problems this small, copied in large
            // ones, `Sm90Gemm::copy_pays`; the copy is the misaligned cases' own)
            ((264, 136, 264), pk((264, 136, 264), 1), 1.5, 0.5, ""),
            ((1000, 1000, 1000), pk((1000, 1000, 1000), 1), 1.0, 0.0, ""),
            ((256, 256, 320), pk((256, 256, 320), 1), 1.0, 0.0, ""),
            ((130, 99, 45), shared_c(pk((130, 99, 45), 3)), 0.5, -1.0, "staged A (misaligned), B (misaligned), C/D (misaligned)"),
            ((77, 64, 64), Sm90Strides::packed_col((77, 64, 64), 2), 1.5, 0.5, "staged C/D (misaligned)"),
            ((128, 64, 50), pk_ab((128, 64, 50), 1, Major::MN, Major::K), 1.0, 0.0, "staged B (misaligned)"),
            ((72, 192, 136), pk_ab((72, 192, 136), 2, Major::K, Major::MN), 1.5, 0.5, ""),
        ]
    };
    for (shape, s, alpha, beta, want) in &staged_cases {
        if k_only && (s.a == Major::MN || s.b == Major::MN) {
            let e = tycute::gemm::sm90::check_case_staged(g, *shape, s, *alpha, *beta).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("K-major entry point alone"), "{name}: {e}");
            continue;
        }
        if clusters && (if s.cd == Order::Row { s.b } else { s.a }) == Major::MN {
            let e = tycute::gemm::sm90::check_case_staged(g, *shape, s, *alpha, *beta).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("multicasts slices of a K-major B"), "{name}: {e}");
            continue;
        }
        let (r, staged) = tycute::gemm::sm90::check_case_staged(g, *shape, s, *alpha, *beta).unwrap_or_else(|e| panic!("{e}"));
        let (m, n, k) = shape;
        println!(
            "sm_90a {name} launch_staged {m}x{n}x{k} batch {} {:?}-major A, {:?}-major B, {:?}-major C/D alpha {alpha} beta {beta} ({}): {} of {} elements wrong, {} written outside D {:?}{}",
            s.batch, s.a, s.b, s.cd, staged.describe(), r.wrong, r.checked, r.outside, r.examples,
            r.cublas_rel_error.map_or(String::new(), |e| format!(" (cuBLAS: normwise {e:.1e}, {} elements differ)", r.cublas_differ))
        );
        assert_eq!((r.wrong, r.outside, r.checked), (0, 0, m * n * s.batch), "{name} staged {m}x{n}x{k} {s:?}: {:?}", r.examples);
        assert_eq!(staged.describe(), *want, "{name} {m}x{n}x{k} {s:?}");
    }
    // bias per row / column of D (one vector for the batch or one per problem), with beta 0 and
    // not, residues, batches, both C/D orders (column-major: the kernel's D^T swaps them)
    let row = |per_problem| BiasCase::Row { per_problem };
    let col = |per_problem| BiasCase::Col { per_problem };
    let bias_cases: Vec<((usize, usize, usize), Sm90Strides, f32, f32, BiasCase)> = if small {
        vec![
            ((7, 7, 8), padded((7, 7, 8), 1, Order::Row), 1.5, 0.5, row(false)),
            ((129, 127, 136), padded((129, 127, 136), 2, Order::Col), 1.0, 0.0, col(true)),
            ((256, 256, 320), pk((256, 256, 320), 1), 1.5, 0.0, row(false)),
        ]
    } else {
        vec![
            ((256, 384, 192), pk((256, 384, 192), 1), 1.0, 0.0, row(false)),
            ((256, 384, 192), pk((256, 384, 192), 1), 1.5, 0.5, col(false)),
            ((1, 1, 8), padded((1, 1, 8), 1, Order::Row), 1.0, 0.0, col(false)),
            ((7, 7, 8), padded((7, 7, 8), 1, Order::Col), 0.5, -1.0, row(false)),
            ((127, 129, 64), padded((127, 129, 64), 1, Order::Row), 0.5, -1.0, row(false)),
            ((127, 129, 64), padded((127, 129, 64), 1, Order::Col), 1.0, 0.0, col(false)),
            ((129, 127, 136), padded((129, 127, 136), 1, Order::Row), 1.0, 0.0, col(false)),
            ((129, 127, 136), padded((129, 127, 136), 1, Order::Col), 1.5, 0.5, row(false)),
            ((384, 300, 512), padded((384, 300, 512), 1, Order::Row), 1.5, 0.5, col(false)),
            ((1000, 1000, 1000), pk((1000, 1000, 1000), 1), 1.0, 0.0, row(false)),
            ((2048, 2048, 128), pk((2048, 2048, 128), 1), 1.0, 0.0, col(false)),
            ((200, 136, 72), padded((200, 136, 72), 3, Order::Row), 1.5, 0.5, row(true)),
            ((200, 136, 72), padded((200, 136, 72), 3, Order::Row), 1.0, 0.0, col(false)),
            ((1000, 600, 256), padded((1000, 600, 256), 4, Order::Col), 1.5, 0.5, col(true)),
            ((1000, 600, 256), padded((1000, 600, 256), 4, Order::Col), 1.0, 0.0, row(false)),
        ]
    };
    for (shape, s, alpha, beta, bias) in &bias_cases {
        let r = tycute::gemm::sm90::check_case_bias(g, *shape, s, *alpha, *beta, *bias).unwrap_or_else(|e| panic!("{e}"));
        let (m, n, k) = shape;
        println!(
            "sm_90a {name} {m}x{n}x{k} batch {} {:?}-major C/D alpha {alpha} beta {beta} bias {bias:?}: {} of {} elements wrong, {} written outside D {:?}",
            s.batch, s.cd, r.wrong, r.checked, r.outside, r.examples
        );
        assert_eq!((r.wrong, r.outside), (0, 0), "{name} {m}x{n}x{k} {s:?} {bias:?}: {:?}", r.examples);
        assert_eq!(r.checked, m * n * s.batch);
    }
    // Sm90Gemm::run: C = alpha * A * B^T + beta * C in place, bitwise as a separate D
    for (shape, alpha, beta) in [((256, 384, 192), 1.5f32, 0.5f32), ((1000, 1000, 1000), 1.0, -1.0), ((130, 136, 64), 1.0, 0.0)] {
        let wrong = tycute::gemm::sm90::check_run_in_place(g, shape, alpha, beta).unwrap_or_else(|e| panic!("{e}"));
        println!("sm_90a {name} run in place {shape:?} alpha {alpha} beta {beta}: {wrong} elements differ from a separate D");
        assert_eq!(wrong, 0, "{name} run in place {shape:?}");
    }
    if std::env::var_os("TYCUTE_GEMM_BENCH").is_some() {
        for shape in [(4096usize, 4096usize, 4096usize), (8192, 8192, 8192)] {
            let (ours, theirs) = tycute::gemm::sm90::bench(g, shape, 20).unwrap_or_else(|e| panic!("{e}"));
            let (m, n, k) = shape;
            match theirs {
                Ok(cb) => println!(
                    "sm_90a {m}x{n}x{k}: tycute {name} {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2} ({} in and out, fp32 accumulate; mean of 20 after 3 warm-up)",
                    ours / cb,
                    g.config.element().map_or("?", |e| e.name())
                ),
                Err(e) => println!("sm_90a {m}x{n}x{k}: tycute {name} {ours:.1} TFLOP/s; cuBLAS skipped: {e}"),
            }
        }
    }
}

/// The fp8 configurations (`sm90_128x256_e4m3`, `sm90_128x256_e5m2`: A and B fp8 K-major, bf16 C
/// and D; `sm90_128x256_e4m3_f16cd`: fp16 C and D) through `Sm90Gemm::launch_fp8`: random inputs quantized with per-tensor scales (alpha =
/// scale_a * scale_b times the case's alpha), an f64 reference on the dequantized inputs, D
/// poisoned with NaN and a guard after it that must stay; residues in M and N, K a multiple of 16,
/// batch 2, alpha != 1, beta with C. D must be within half an ulp of D's type of the reference plus
/// (K/32 + 2) * 2^-13 * alpha * sum |a b| (wgmma's fp8 accumulation, the bound of
/// scripts/sm90-fp8-harness: K/32 + 1 roundings of the running sum and one for the alignment of
/// the products in the first block, which fp16 D showed: 1.15 of the K/32 + 1 bound at K = 16). Single problems with alpha = 1 and beta = 0 also run through
/// cuBLASLt (`matmul_fp8`, fast accumulation: the same accumulation) on the same device inputs,
/// held to the same bound. Then per-row and per-column scales (`Scales::RowCol`: A and B
/// quantized row by row, `D[i][j] = sa[i] * sb[j] * acc + beta * C + bias`): residues, a batch
/// with one vector per problem and one shared, beta with C, row and column bias, column-major
/// C/D, stream-K on 4 SMs, the same bound with the f32 product of the two scales (2^-22 relative
/// more) and D's rounding (2^-8 for bf16, 2^-11 for fp16); and the vectors' lengths refused with
/// the rule. Without an sm_90 GPU it prints why and passes.
#[test]
fn fp8_configurations_match_the_reference_on_the_gpu() {
    use tycute::gemm::fp8::{quantize, E4m3, E5m2, Fp8};
    use tycute::gemm::sm90::{Bias, Sm90Header};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the fp8 sm90 GEMM") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let names = ["sm90_128x256_e4m3", "sm90_128x256_e5m2", "sm90_128x256_e4m3_c2", "sm90_128x256_e4m3_f16cd", "sm90_128x128_e4m3", "sm90_128x192_e4m3", "sm90_128x64_e4m3", "sm90_64x64_e4m3", "sm90_64x96_e4m3", "sm90_128x96_e4m3", "sm90_64x96_e4m3_sk", "sm90_128x96_e4m3_sk"];
    let chosen = tycute::gemm::env::selected_configs(&names, &names);
    // each 4-SM case's (m, n, k): whether it ran stream-K on some configuration
    let mut sk_somewhere = std::collections::BTreeMap::new();
    for name in chosen {
        let cfg = Sm90Header::named(name).unwrap();
        let image = match cfg.cubin() {
            Ok(Some(image)) => image,
            Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (or set {})", cfg.cubin_env()),
            Err(e) => panic!("{e}"),
        };
        let mut g = Sm90Gemm::load_config(&ctx, cfg, image).unwrap_or_else(|e| panic!("{e}"));
        match cfg.fp8().unwrap() {
            Some("e4m3") => fp8_cases::<E4m3>(&mut g, &mut sk_somewhere),
            Some("e5m2") => fp8_cases::<E5m2>(&mut g, &mut sk_somewhere),
            other => panic!("{name}: {other:?}"),
        }
    }
    // (all configurations: every 4-SM case is stream-K on one at least)
    if std::env::var_os("TYCUTE_CONFIGS").is_none() {
        let dead: Vec<_> = sk_somewhere.iter().filter(|(_, sk)| !**sk).map(|(c, _)| *c).collect();
        assert!(dead.is_empty(), "4-SM cases stream-K on no configuration: {dead:?}");
    }

    fn fp8_cases<F: Fp8 + tycute::gemm::cublaslt::LtFp8>(g: &mut Sm90Gemm, sk_somewhere: &mut std::collections::BTreeMap<(usize, usize, usize), bool>) {
        let stream = g.ctx().default_stream();
        // D's type, bf16 or fp16 (the configuration's): its bits from and to f64, half its ulp
        let f16d = g.config.tma_elements().unwrap().1 == tycute_cuda::tma::TmaElement::F16;
        let to_bits = move |x: f64| if f16d { half::f16::from_f64(x).to_bits() } else { half::bf16::from_f64(x).to_bits() };
        let of_bits = move |b: u16| if f16d { half::f16::from_bits(b).to_f64() } else { half::bf16::from_bits(b).to_f64() };
        let round = 2f64.powi(if f16d { -11 } else { -8 });
        let poison: u16 = if f16d { 0x7e5a } else { 0x7fa5 };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        // (m, n, k, batch, alpha, beta, SMs): on 4 SMs the last wave is stream-K (at least one
        // case a configuration, asserted)
        let mut sk_cases = 0;
        for &(m, n, k, batch, alpha, beta, sms) in &[
            (256, 512, 128, 1, 1.0f32, 0.0f32, usize::MAX),
            (200, 136, 80, 1, 1.0, 0.0, usize::MAX),
            (129, 248, 64, 1, 0.25, 0.0, usize::MAX),
            (300, 264, 272, 2, 0.5, 0.75, usize::MAX),
            (1, 8, 16, 1, 1.0, 0.5, usize::MAX),
            (832, 320, 1024, 1, 0.5, 0.0, 4),
            (600, 520, 1024, 1, 1.0, 0.25, 4),
            // (the 64x96 tiles' stream-K on 4 SMs: 13 tiles, the last one in 2 splits)
            (832, 96, 2048, 1, 1.0, 0.5, 4),
        ] {
            g.limit_sms(sms);
            let s = Sm90Strides::packed((m, n, k), batch);
            // (in clusters of two the kernel runs whole tiles: its stream-K needs single CTAs)
            // the split tail where it applies, else the line (which `SkForm::Auto` no longer
            // takes by itself: docs/perf.md "The shape sweep")
            g.sk_form = SkForm::Auto;
            if sms == 4 && g.has_stream_k() {
                g.sk_form = SkForm::Split;
                if g.schedule((m, n, k), &s).sk_tiles == 0 {
                    g.sk_form = SkForm::Line;
                }
                // (a case whose tiles this configuration's tile cuts into no partial wave is
                // another tile's; every stream-K configuration runs one, asserted below)
                let sk = g.schedule((m, n, k), &s).sk_tiles > 0;
                sk_cases += sk as usize;
                *sk_somewhere.entry((m, n, k)).or_default() |= sk;
            }
            let g = &*g;
            let av: Vec<f32> = (0..batch * m * k).map(|_| rnd() as f32 * 3.0).collect();
            let bv: Vec<f32> = (0..batch * n * k).map(|_| rnd() as f32 * 0.5).collect();
            let (qa, sa) = quantize::<F>(&av);
            let (qb, sb) = quantize::<F>(&bv);
            let cv: Vec<u16> = (0..batch * m * n).map(|_| to_bits(rnd())).collect();
            let scale = alpha * sa * sb;
            let guard = 256;
            let da = stream.clone_htod(&qa).unwrap();
            let db = stream.clone_htod(&qb).unwrap();
            let dc = stream.clone_htod(&cv).unwrap();
            let mut dd = stream.clone_htod(&vec![poison; batch * m * n + guard]).unwrap();
            g.launch_fp8::<F, _, _, _, _>(&stream, (m, n, k), &s, &da, &db, &dc, &mut dd, scale, beta, Bias::None)
                .unwrap_or_else(|e| panic!("{} {m}x{n}x{k} batch {batch}: {e}", g.config.name));
            let d: Vec<u16> = stream.clone_dtoh(&dd).unwrap();
            assert!(d[batch * m * n..].iter().all(|&x| x == poison), "{}: a store past D", g.config.name);
            // the reference on the dequantized inputs and each element's bound
            let reference = |z: usize, i: usize, j: usize, alpha: f64, beta: f64| {
                let (mut acc, mut absum) = (0f64, 0f64);
                for l in 0..k {
                    let p = qa[z * m * k + i * k + l].to_f64() * qb[z * n * k + j * k + l].to_f64();
                    acc += p;
                    absum += p.abs();
                }
                let want = alpha * acc + beta * of_bits(cv[z * m * n + i * n + j]);
                let tol = want.abs() * round * 1.001 + alpha.abs() * absum * ((k / 32 + 2) as f64 * 2f64.powi(-13)) + 1e-6;
                (want, tol)
            };
            let mut worst = 0f64;
            for z in 0..batch {
                for i in 0..m {
                    for j in 0..n {
                        let (want, tol) = reference(z, i, j, scale as f64, beta as f64);
                        let got = of_bits(d[z * m * n + i * n + j]);
                        assert!((got - want).abs() <= tol, "{} {m}x{n}x{k} batch {batch} alpha {alpha} beta {beta}: D[{z}][{i}][{j}] = {got}, want {want} (bound {tol})", g.config.name);
                        worst = worst.max((got - want).abs() / tol);
                    }
                }
            }
            eprintln!("{} {m}x{n}x{k} batch {batch} alpha {alpha} beta {beta}: within the bound (worst error {worst:.3} of it)", g.config.name);
            // cuBLASLt with the same scales and accumulation, single problems with alpha 1, beta 0 (bf16 D)
            if batch == 1 && alpha == 1.0 && beta == 0.0 && !f16d {
                let lt = match tycute::gemm::cublaslt::CublasLt::new(&stream) {
                    Ok(lt) => lt,
                    Err(e) => {
                        eprintln!("cuBLASLt skipped: {e}");
                        continue;
                    }
                };
                let (dsa, dsb) = (stream.clone_htod(&[sa]).unwrap(), stream.clone_htod(&[sb]).unwrap());
                let mut dl = stream.alloc_zeros::<half::bf16>(m * n).unwrap();
                match lt.matmul_fp8::<F, F, half::bf16>((m, n, k), &da, &db, (&dsa, &dsb), &mut dl, Order::Row, true) {
                    Ok(()) => {
                        let l: Vec<half::bf16> = stream.clone_dtoh(&dl).unwrap();
                        for i in 0..m {
                            for j in 0..n {
                                let (want, tol) = reference(0, i, j, scale as f64, 0.0);
                                let got = l[i * n + j].to_f64();
                                assert!((got - want).abs() <= tol, "cuBLASLt {m}x{n}x{k}: D[{i}][{j}] = {got}, want {want} (bound {tol})");
                            }
                        }
                    }
                    // e5m2 x e5m2 is not a cuBLASLt form
                    Err(e) => eprintln!("cuBLASLt {m}x{n}x{k} {}: {e}", F::NAME),
                }
            }
        }
        g.limit_sms(usize::MAX);
        assert!(!g.has_stream_k() || sk_cases > 0, "{}: no case on 4 SMs is stream-K", g.config.name);
        if g.config.cluster_m().unwrap() == 1 {
            rowcol_cases::<F>(g, &mut rnd, f16d, round, poison);
        } else {
            // clusters: per-row and per-column scales are refused, naming them
            use tycute::gemm::fp8::Scales;
            let (a, c) = (stream.alloc_zeros::<F>(256 * 64).unwrap(), stream.alloc_zeros::<u16>(256 * 256).unwrap());
            let mut d = stream.alloc_zeros::<u16>(256 * 256).unwrap();
            let v = stream.alloc_zeros::<f32>(256).unwrap();
            let p = Sm90Strides::packed((256, 256, 64), 1);
            let e = g.launch_fp8::<F, _, _, _, _>(&stream, (256, 256, 64), &p, &a, &a, &c, &mut d, Scales::RowCol { a: &v, b: &v }, 0.0, Bias::None).unwrap_err().to_string();
            assert!(e.contains("not launched in clusters"), "{e}");
        }
        // refused before any GPU work: an MN-major operand, K not a multiple of 16
        let a = stream.alloc_zeros::<F>(64 * 64).unwrap();
        let c = stream.alloc_zeros::<u16>(64 * 64).unwrap();
        let mut d = stream.alloc_zeros::<u16>(64 * 64).unwrap();
        let mn = Sm90Strides::packed_ab((64, 64, 64), 1, Major::MN, Major::K);
        let e = g.launch_fp8::<F, _, _, _, _>(&stream, (64, 64, 64), &mn, &a, &a, &c, &mut d, 1.0, 0.0, Bias::None).unwrap_err().to_string();
        assert!(e.contains("K-major first"), "{e}");
        let e = g.launch_fp8::<F, _, _, _, _>(&stream, (64, 64, 40), &Sm90Strides::packed((64, 64, 40), 1), &a, &a, &c, &mut d, 1.0, 0.0, Bias::None).unwrap_err().to_string();
        assert!(e.contains("multiples of 16"), "{e}");
        let e = g.launch_bias(&stream, (64, 64, 64), &Sm90Strides::packed((64, 64, 64), 1), &c, &c, &c, &mut d, 1.0, 0.0, Bias::None).unwrap_err().to_string();
        assert!(e.contains("launch_fp8"), "{e}");
    }
}

/// Per-row and per-column scales ([`Scales::RowCol`]) of one fp8 configuration: see
/// `fp8_configurations_match_the_reference_on_the_gpu`.
fn rowcol_cases<F: tycute::gemm::fp8::Fp8>(g: &mut Sm90Gemm, rnd: &mut dyn FnMut() -> f64, f16d: bool, round: f64, poison: u16) {
    use tycute::gemm::fp8::{quantize_rows, Scales};
    use tycute::gemm::sm90::Bias;
    let stream = g.ctx().default_stream();
    let to_bits = |x: f64| if f16d { half::f16::from_f64(x).to_bits() } else { half::bf16::from_f64(x).to_bits() };
    let of_bits = |b: u16| if f16d { half::f16::from_bits(b).to_f64() } else { half::bf16::from_bits(b).to_f64() };
    // (m, n, k, batch, one scale vector per problem, beta, bias: 0 none / 1 row / 2 column, C/D order, SMs)
    for &(m, n, k, batch, per_problem, beta, bias, cd, sms) in &[
        (256usize, 512usize, 128usize, 1usize, false, 0.0f32, 0u8, Order::Row, usize::MAX),
        (200, 136, 80, 1, false, 0.0, 0, Order::Row, usize::MAX),
        (129, 248, 64, 1, false, 0.5, 2, Order::Row, usize::MAX),
        (300, 264, 272, 2, true, 0.75, 1, Order::Row, usize::MAX),
        (300, 264, 272, 2, false, 0.0, 0, Order::Row, usize::MAX),
        (136, 200, 96, 2, true, 0.5, 2, Order::Col, usize::MAX),
        (1, 8, 16, 1, false, 0.5, 0, Order::Row, usize::MAX),
        (832, 320, 1024, 1, false, 0.0, 0, Order::Row, 4),
        (600, 520, 1024, 1, false, 0.25, 2, Order::Row, 4),
    ] {
        g.limit_sms(sms);
        let s = match cd {
            Order::Row => Sm90Strides::packed((m, n, k), batch),
            Order::Col => Sm90Strides::packed_col((m, n, k), batch),
        };
        let g = &*g;
        // rows of very different magnitudes: each quantized with its own scale
        let av: Vec<f32> = (0..batch * m * k).map(|i| (rnd() * 2f64.powi((i / k % 7) as i32 - 3)) as f32).collect();
        let bv: Vec<f32> = (0..batch * n * k).map(|i| (rnd() * 2f64.powi((i / k % 5) as i32 - 2)) as f32).collect();
        let (qa, sa) = quantize_rows::<F>(&av, batch * m);
        let (qb, mut sb) = quantize_rows::<F>(&bv, batch * n);
        // one vector for the whole batch: problem 0's (the other problems' rows then scaled by it)
        let (sa, sb) = if per_problem || batch == 1 {
            (sa, sb)
        } else {
            sb.truncate(n);
            (sa[..m].to_vec(), sb)
        };
        let za = |z: usize| if sa.len() == m { 0 } else { z * m };
        let zb = |z: usize| if sb.len() == n { 0 } else { z * n };
        let cv: Vec<u16> = (0..batch * m * n).map(|_| to_bits(rnd())).collect();
        let bias_len = match bias {
            1 => m,
            2 => n,
            _ => 0,
        } * batch;
        let bv16: Vec<u16> = (0..bias_len.max(1)).map(|_| to_bits(rnd())).collect();
        let guard = 256;
        let (da, db, dc) = (stream.clone_htod(&qa).unwrap(), stream.clone_htod(&qb).unwrap(), stream.clone_htod(&cv).unwrap());
        let (dsa, dsb, dbias) = (stream.clone_htod(&sa).unwrap(), stream.clone_htod(&sb).unwrap(), stream.clone_htod(&bv16).unwrap());
        let mut dd = stream.clone_htod(&vec![poison; batch * m * n + guard]).unwrap();
        let b = match bias {
            1 => Bias::Row(&dbias),
            2 => Bias::Col(&dbias),
            _ => Bias::None,
        };
        g.launch_fp8::<F, _, _, _, _>(&stream, (m, n, k), &s, &da, &db, &dc, &mut dd, Scales::RowCol { a: &dsa, b: &dsb }, beta, b)
            .unwrap_or_else(|e| panic!("{} rowcol {m}x{n}x{k} batch {batch}: {e}", g.config.name));
        let d: Vec<u16> = stream.clone_dtoh(&dd).unwrap();
        assert!(d[batch * m * n..].iter().all(|&x| x == poison), "{}: a store past D", g.config.name);
        // D (i, j) of problem z at (row-major) z*m*n + i*n + j, or (column-major) z*m*n + j*m + i
        let at = |z: usize, i: usize, j: usize| z * m * n + if cd == Order::Row { i * n + j } else { j * m + i };
        let mut worst = 0f64;
        for z in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let (mut acc, mut absum) = (0f64, 0f64);
                    for l in 0..k {
                        let p = qa[z * m * k + i * k + l].to_f64() * qb[z * n * k + j * k + l].to_f64();
                        acc += p;
                        absum += p.abs();
                    }
                    let sc = sa[za(z) + i] as f64 * sb[zb(z) + j] as f64;
                    let add = match bias {
                        1 => of_bits(bv16[if bias_len == m { 0 } else { z * m } + i]),
                        2 => of_bits(bv16[if bias_len == n { 0 } else { z * n } + j]),
                        _ => 0.0,
                    };
                    let want = sc * acc + beta as f64 * of_bits(cv[at(z, i, j)]) + add;
                    let tol = want.abs() * round * 1.001 + sc * absum * ((k / 32 + 2) as f64 * 2f64.powi(-13) + 2f64.powi(-22)) + 1e-6;
                    let got = of_bits(d[at(z, i, j)]);
                    assert!(
                        (got - want).abs() <= tol,
                        "{} rowcol {m}x{n}x{k} batch {batch} {cd:?} beta {beta} bias {bias}: D[{z}][{i}][{j}] = {got}, want {want} (bound {tol})",
                        g.config.name
                    );
                    worst = worst.max((got - want).abs() / tol);
                }
            }
        }
        eprintln!(
            "{} rowcol {m}x{n}x{k} batch {batch} (per problem {per_problem}) {cd:?} beta {beta} bias {bias}: within the bound (worst error {worst:.3} of it)",
            g.config.name
        );
    }
    g.limit_sms(usize::MAX);
    // the vectors' lengths: refused with the rule, before any GPU work
    let a = stream.alloc_zeros::<F>(64 * 64).unwrap();
    let c = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let mut d = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let (v63, v64) = (stream.alloc_zeros::<f32>(63).unwrap(), stream.alloc_zeros::<f32>(64).unwrap());
    let p = Sm90Strides::packed((64, 64, 64), 1);
    let e = g.launch_fp8::<F, _, _, _, _>(&stream, (64, 64, 64), &p, &a, &a, &c, &mut d, Scales::RowCol { a: &v63, b: &v64 }, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("a has 63 floats, want 64"), "{e}");
    let e = g.launch_fp8::<F, _, _, _, _>(&stream, (64, 64, 64), &p, &a, &a, &c, &mut d, Scales::RowCol { a: &v64, b: &v63 }, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("b has 63 floats, want 64"), "{e}");
}

/// The fp8 test's 4-SM cases are stream-K schedules of the cooperative 128x256 and 128x192 kernels (the
/// schedule is the host's: checked here without a GPU).
#[test]
fn fp8_stream_k_cases_are_stream_k() {
    use tycute::gemm::stream_k::Sm90Schedule;
    // (the 128x256 and the 128x192 tiles: sm90_128x192_e4m3 runs the same cases)
    for ((m, n, k, batch), bn) in [(832usize, 320usize, 1024usize, 1usize), (600, 520, 1024, 1)].into_iter().flat_map(|c| [256, 192].map(|bn| (c, bn))) {
        let tiles = m.div_ceil(128) * n.div_ceil(bn) * batch;
        // (the GPU test takes the split tail where it applies, else the line)
        let plans = [SkForm::Split, SkForm::Line].map(|f| Sm90Schedule::plan_form(tiles, k.div_ceil(128), 4, Some(f)));
        assert!(plans.iter().any(|p| p.sk_tiles > 0), "{m}x{n}x{k} batch {batch}, 128x{bn} tiles: {plans:?}");
    }
}

/// The bound of one element of the tf32 configuration's D against the f64 reference on the f32
/// inputs, derived from what the hardware does: wgmma's tf32 form reads the 10 high mantissa bits
/// of each f32 (PTX ISA: the other bits are ignored), so each input is off by less than 2^-10 of
/// itself (truncated; rounding would halve it) and each product by at most (2 * 2^-10 + 2^-20)
/// |a b| (the product of two tf32 values is exact in f32); the f32 accumulation over K adds at
/// most K * 2^-24 of sum |a b| (a loose worst case); D's rounding to bf16 half an ulp, 2^-8 of
/// |D| (C and the bias are bf16 values, exact in the f32 epilogue). `absum` is |alpha| sum |a b|.
fn tf32_bound(want: f64, absum: f64, k: usize) -> f64 {
    want.abs() * 2f64.powi(-8) * 1.001 + absum * (2.0 * 2f64.powi(-10) + 2f64.powi(-20) + k as f64 * 2f64.powi(-24)) + 1e-6
}

#[test]
fn tf32_bound_covers_the_truncated_inputs() {
    // one product of two inputs each truncated by almost 2^-10 stays inside the inputs' term
    // alone (D's rounding left out: want = 0)
    let (a, b) = (1.0f64 + 2f64.powi(-10) - 2f64.powi(-23), 1.0 + 2f64.powi(-10) - 2f64.powi(-23));
    let (ta, tb) = (1.0f64, 1.0f64);
    assert!((a * b - ta * tb).abs() <= tf32_bound(0.0, a * b, 1));
    // and the bound is not loose by more than the accumulation's term at K = 4096
    assert!(tf32_bound(0.0, 1.0, 4096) < 2.5e-3);
}

/// The tf32 configuration (`sm90_128x256_tf32`) through `Sm90Typed` (f32 A and B, bf16 C and D):
/// random f32 inputs in [-1, 1] (full mantissas, so the tf32 reading shows), an f64 reference on
/// them, each element within [`tf32_bound`]; D poisoned with NaN and a guard after it that must
/// stay; residues in M and N, K a multiple of 4 (and residues in K), batch 2 with beta, alpha != 1,
/// row and column bias, column-major C/D, stream-K on 4 SMs, in place (`run`). Single problems with
/// alpha = 1 and beta = 0 also run through cuBLASLt TF32 (`matmul_tf32`, f32 D) on the same device
/// inputs, held to the same bound. MN-major operands are refused (wgmma's tf32 form is K-major
/// only). Without an sm_90 GPU it prints why and passes.
#[test]
fn tf32_configuration_matches_the_reference_on_the_gpu() {
    use tycute_configs::sm90_tf32::{c2::Sm90_128x256Tf32C2, Sm90_128x256Tf32};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the tf32 sm90 GEMM") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let names = ["sm90_128x256_tf32", "sm90_128x256_tf32_c2"];
    let chosen = tycute::gemm::env::selected_configs(&names, &names);
    if chosen.is_empty() {
        return eprintln!("skipped: TYCUTE_CONFIGS names no tf32 sm90 configuration");
    }
    for name in chosen {
        let done = match name {
            "sm90_128x256_tf32" => tf32_cases::<Sm90_128x256Tf32>(&ctx),
            _ => tf32_cases::<Sm90_128x256Tf32C2>(&ctx),
        };
        if !done {
            return eprintln!("skipped: a GPU but no NVRTC (or TYCUTE_CUBIN_DIR)");
        }
    }
}

/// The cases of [`tf32_configuration_matches_the_reference_on_the_gpu`] for one tf32 configuration
/// (single CTAs, or clusters of two, which run whole tiles: no stream-K); false: no compiler.
fn tf32_cases<C>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>) -> bool
where
    C: tycute_configs::kernel::sm90::Sm90Config<ElementAB = tycute::tfloat32_t, ElementCD = tycute::bfloat16_t>,
{
    use tycute::gemm::sm90::{Bias, Sm90Typed};
    let mut g = match Sm90Typed::<C>::new(ctx) {
        Ok(g) => g,
        Err(tycute::gemm::Error::NoCompiler { .. }) => return false,
        Err(e) => panic!("{e}"),
    };
    let name = C::NAME;
    let stream = ctx.default_stream();
    let bf = |x: f64| half::bf16::from_f64(x);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    // (m, n, k, batch, alpha, beta, bias: 0 none, 1 row, 2 column, C/D order, SMs)
    for &(m, n, k, batch, alpha, beta, bias, cd, sms) in &[
        (256, 512, 128, 1, 1.0f32, 0.0f32, 0, Order::Row, usize::MAX),
        (200, 136, 80, 1, 1.0, 0.0, 0, Order::Row, usize::MAX),
        (129, 248, 36, 1, 0.25, 0.0, 1, Order::Row, usize::MAX),
        (300, 264, 272, 2, 0.5, 0.75, 2, Order::Row, usize::MAX),
        (136, 200, 96, 1, 1.5, 0.5, 1, Order::Col, usize::MAX),
        (1, 8, 4, 1, 1.0, 0.5, 0, Order::Row, usize::MAX),
        (832, 320, 1024, 1, 0.5, 0.0, 0, Order::Row, 4),
        (600, 520, 1024, 1, 1.0, 0.25, 2, Order::Row, 4),
    ] {
        g.limit_sms(sms);
        let mut s = Sm90Strides::packed((m, n, k), batch);
        if cd == Order::Col {
            s = Sm90Strides { cd: Order::Col, ldc: m, ldd: m, ..s };
        }
        // (a tf32 configuration in clusters of two would run whole tiles: the kernel's stream-K
        // needs single CTAs; the registry's has them) the split tail where it applies, else the
        // line (which `SkForm::Auto` no longer takes by itself: docs/perf.md "The shape sweep")
        g.sk_form = SkForm::Auto;
        if sms == 4 && g.has_stream_k() {
            g.sk_form = SkForm::Split;
            if g.schedule((m, n, k), &s).sk_tiles == 0 {
                g.sk_form = SkForm::Line;
            }
            assert!(g.schedule((m, n, k), &s).sk_tiles > 0, "{m}x{n}x{k} batch {batch} on 4 SMs is not stream-K");
        }
        let av: Vec<f32> = (0..batch * m * k).map(|_| rnd() as f32).collect();
        let bv: Vec<f32> = (0..batch * n * k).map(|_| rnd() as f32).collect();
        let cv: Vec<half::bf16> = (0..batch * m * n).map(|_| bf(rnd())).collect();
        let blen = if bias == 1 { m } else { n };
        let biasv: Vec<half::bf16> = (0..blen).map(|_| bf(rnd())).collect();
        let guard = 256;
        let poison = half::bf16::from_bits(0x7fa5);
        let da = stream.clone_htod(&av).unwrap();
        let db = stream.clone_htod(&bv).unwrap();
        let dc = stream.clone_htod(&cv).unwrap();
        let dbias = stream.clone_htod(&biasv.iter().map(|x| x.to_bits()).collect::<Vec<u16>>()).unwrap();
        let mut dd = stream.clone_htod(&vec![poison; batch * m * n + guard]).unwrap();
        let b = match bias {
            1 => Bias::Row(&dbias),
            2 => Bias::Col(&dbias),
            _ => Bias::None,
        };
        g.launch(&stream, (m, n, k), &s, &da, &db, &dc, &mut dd, alpha, beta, b).unwrap_or_else(|e| panic!("{m}x{n}x{k} batch {batch}: {e}"));
        let d: Vec<half::bf16> = stream.clone_dtoh(&dd).unwrap();
        assert!(d[batch * m * n..].iter().all(|&x| x.to_bits() == poison.to_bits()), "a store past D");
        // D(i, j) of problem z at i * n + j (row-major) or i + j * m (column-major); so is C
        let at = |z: usize, i: usize, j: usize| z * m * n + if cd == Order::Row { i * n + j } else { i + j * m };
        let reference = |z: usize, i: usize, j: usize| {
            let (mut acc, mut absum) = (0f64, 0f64);
            for l in 0..k {
                let p = f64::from(av[z * m * k + i * k + l]) * f64::from(bv[z * n * k + j * k + l]);
                acc += p;
                absum += p.abs();
            }
            let bterm = match bias {
                1 => biasv[i].to_f64(),
                2 => biasv[j].to_f64(),
                _ => 0.0,
            };
            let want = f64::from(alpha) * acc + f64::from(beta) * cv[at(z, i, j)].to_f64() + bterm;
            (want, tf32_bound(want, f64::from(alpha).abs() * absum, k))
        };
        let mut worst = 0f64;
        for z in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let (want, tol) = reference(z, i, j);
                    let got = d[at(z, i, j)].to_f64();
                    assert!((got - want).abs() <= tol, "{m}x{n}x{k} batch {batch} alpha {alpha} beta {beta} bias {bias} {cd:?}: D[{z}][{i}][{j}] = {got}, want {want} (bound {tol})");
                    worst = worst.max((got - want).abs() / tol);
                }
            }
        }
        eprintln!("{name} {m}x{n}x{k} batch {batch} alpha {alpha} beta {beta} bias {bias} {cd:?}: within the bound (worst error {worst:.3} of it)");
        // cuBLASLt TF32 on the same device inputs, single problems with alpha 1, beta 0, no bias
        if batch == 1 && alpha == 1.0 && beta == 0.0 && bias == 0 && cd == Order::Row {
            match tycute::gemm::cublaslt::CublasLt::new(&stream) {
                Ok(lt) => {
                    let mut dl = stream.alloc_zeros::<f32>(m * n).unwrap();
                    lt.matmul_tf32((m, n, k), (Major::K, Major::K), &da, &db, &mut dl, Order::Row).unwrap_or_else(|e| panic!("cuBLASLt tf32: {e}"));
                    let l: Vec<f32> = stream.clone_dtoh(&dl).unwrap();
                    for i in 0..m {
                        for j in 0..n {
                            let (want, tol) = reference(0, i, j);
                            let got = f64::from(l[i * n + j]);
                            assert!((got - want).abs() <= tol, "cuBLASLt tf32 {m}x{n}x{k}: D[{i}][{j}] = {got}, want {want} (bound {tol})");
                        }
                    }
                }
                Err(e) => eprintln!("cuBLASLt skipped: {e}"),
            }
        }
    }
    g.limit_sms(usize::MAX);
    // in place: C = A B^T + 0.5 C
    {
        let (m, n, k) = (264, 520, 200);
        let av: Vec<f32> = (0..m * k).map(|_| rnd() as f32).collect();
        let bv: Vec<f32> = (0..n * k).map(|_| rnd() as f32).collect();
        let cv: Vec<half::bf16> = (0..m * n).map(|_| bf(rnd())).collect();
        let (da, db) = (stream.clone_htod(&av).unwrap(), stream.clone_htod(&bv).unwrap());
        let mut dc = stream.clone_htod(&cv).unwrap();
        g.run((m, n, k), &da, &db, &mut dc, 1.0, 0.5, &stream).unwrap();
        let d: Vec<half::bf16> = stream.clone_dtoh(&dc).unwrap();
        for i in 0..m {
            for j in 0..n {
                let (mut acc, mut absum) = (0f64, 0f64);
                for l in 0..k {
                    let p = f64::from(av[i * k + l]) * f64::from(bv[j * k + l]);
                    acc += p;
                    absum += p.abs();
                }
                let want = acc + 0.5 * cv[i * n + j].to_f64();
                let tol = tf32_bound(want, absum, k);
                assert!((d[i * n + j].to_f64() - want).abs() <= tol, "in place {m}x{n}x{k}: C[{i}][{j}] = {}, want {want} (bound {tol})", d[i * n + j]);
            }
        }
    }
    // refused before any GPU work: an MN-major operand, K not a multiple of 4, 16-bit launches
    let a = stream.alloc_zeros::<f32>(64 * 64).unwrap();
    let c = stream.alloc_zeros::<half::bf16>(64 * 64).unwrap();
    let mut d = stream.alloc_zeros::<half::bf16>(64 * 64).unwrap();
    let mn = Sm90Strides::packed_ab((64, 64, 64), 1, Major::MN, Major::K);
    let e = g.launch(&stream, (64, 64, 64), &mn, &a, &a, &c, &mut d, 1.0, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("tf32 A and B must be K-major") && e.contains("K-major first"), "{e}");
    let e = g.launch(&stream, (64, 64, 42), &Sm90Strides::packed((64, 64, 42), 1), &a, &a, &c, &mut d, 1.0, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("multiples of 4") || e.contains("multiple of"), "{e}");
    let u = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let mut du = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let e = g.launch_bias(&stream, (64, 64, 64), &Sm90Strides::packed((64, 64, 64), 1), &u, &u, &u, &mut du, 1.0, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("launch_tf32"), "{e}");
    true
}

/// The tf32 test's 4-SM cases are stream-K schedules of `sm90_128x256_tf32` (128x256 tiles, k-blocks
/// of 32; the schedule is the host's: checked here without a GPU).
#[test]
fn tf32_stream_k_cases_are_stream_k() {
    use tycute::gemm::stream_k::Sm90Schedule;
    for (m, n, k) in [(832usize, 320usize, 1024usize), (600, 520, 1024)] {
        // (the GPU test takes the split tail where it applies, else the line)
        let plans = [SkForm::Split, SkForm::Line].map(|f| Sm90Schedule::plan_form(m.div_ceil(128) * n.div_ceil(256), k.div_ceil(32), 4, Some(f)));
        assert!(plans.iter().any(|p| p.sk_tiles > 0), "{m}x{n}x{k}: {plans:?}");
    }
}

/// The fp32-output configurations (`sm90_f32cd`: fp16, bf16, e4m3 and tf32 A and B with fp32 C,
/// D and bias, stored from the registers) through `Sm90Typed` (f32 C, D and bias buffers): random
/// inputs of the input type (the reference computed in f64 on the values the GPU reads), each
/// element of D within a bound derived from the input's form: 16-bit products are exact in f32
/// and fp8 ones too, tf32 reads each f32 truncated (2^-10 of itself, [`tf32_bound`]'s term); the
/// accumulation over K adds at most K * 2^-23 of sum |a b| (fp8: wgmma's own accumulation,
/// (K/32 + 2) * 2^-13, as the fp8 test), the f32 epilogue (alpha * acc + beta * C + bias) a few
/// f32 roundings, 2^-22 of the terms' magnitudes. D is poisoned with a NaN of a payload no
/// arithmetic makes, over its padding (ldd > n) and a guard after it: the padding and the guard
/// must keep it (the threads' stores clip at N and M). Residues in M and N (N odd: the last
/// column's pairs are stored one by one), batch 2 with beta and a per-problem C, alpha != 1, row
/// and column bias, column-major C/D, an M-major A (16-bit inputs), stream-K on 4 SMs, in place
/// (`run`). Single problems with alpha 1, beta 0 also run through cuBLASLt with fp32 D on the same
/// device inputs (tf32: `matmul_tf32`; e4m3: `matmul_fp8` with unit scales), held to the same
/// bound. Without an sm_90 GPU it prints why and passes.
#[test]
fn f32cd_configurations_match_the_reference_on_the_gpu() {
    use tycute_configs::sm90_f32cd::{Sm90_128x256Bf16F32cd, Sm90_128x256E4m3F32cd, Sm90_128x256F32cd, Sm90_128x256Tf32F32cd};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 GEMM") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let names = ["sm90_128x256_f32cd", "sm90_128x256_bf16_f32cd", "sm90_128x256_e4m3_f32cd", "sm90_128x256_tf32_f32cd"];
    let chosen = tycute::gemm::env::selected_configs(&names, &names);
    if chosen.is_empty() {
        return eprintln!("skipped: TYCUTE_CONFIGS names no fp32-output sm90 configuration");
    }
    let acc16 = |k: usize| (k as f64 + 2.0) * 2f64.powi(-23);
    for name in chosen {
        let done = match name {
            "sm90_128x256_f32cd" => f32cd_cases::<Sm90_128x256F32cd>(&ctx, |x| {
                let h = half::f16::from_f64(x);
                (h, h.to_f64())
            }, acc16, false),
            "sm90_128x256_bf16_f32cd" => f32cd_cases::<Sm90_128x256Bf16F32cd>(&ctx, |x| {
                let h = half::bf16::from_f64(x);
                (h, h.to_f64())
            }, acc16, false),
            "sm90_128x256_e4m3_f32cd" => f32cd_cases::<Sm90_128x256E4m3F32cd>(&ctx, |x| {
                use tycute::gemm::fp8::Fp8;
                let q = tycute::gemm::fp8::E4m3::from_f32((x * 2.0) as f32);
                (q, f64::from(q.to_f32()))
            }, |k| (k / 32 + 2) as f64 * 2f64.powi(-13), true),
            _ => f32cd_cases::<Sm90_128x256Tf32F32cd>(&ctx, |x| (x as f32, f64::from(x as f32)), |k| tf32_bound(0.0, 1.0, k), true),
        };
        if !done {
            return eprintln!("skipped: a GPU but no NVRTC (or TYCUTE_CUBIN_DIR)");
        }
    }
}

/// The cases of [`f32cd_configurations_match_the_reference_on_the_gpu`] for one configuration:
/// `input(x)` is the input element nearest `x` and its value, `rel(k)` the bound's relative term
/// of sum |a b| at depth k; `k_major`: A and B K-major only (fp8, tf32). False: no compiler.
fn f32cd_cases<C>(
    ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>,
    input: impl Fn(f64) -> (tycute::gemm::sm90::InputOf<C>, f64),
    rel: impl Fn(usize) -> f64,
    k_major: bool,
) -> bool
where
    C: tycute_configs::kernel::sm90::Sm90Config<ElementCD = tycute::float>,
    C::ElementAB: tycute::gemm::sm90::Sm90Input,
{
    use tycute::gemm::sm90::{Bias, Sm90Typed};
    let mut g = match Sm90Typed::<C>::new(ctx) {
        Ok(g) => g,
        Err(tycute::gemm::Error::NoCompiler { .. }) => return false,
        Err(e) => panic!("{e}"),
    };
    let name = C::NAME;
    let stream = ctx.default_stream();
    let mut seed = 0x6a09_e667_f3bc_c909u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let poison = f32::from_bits(0x7fa5_a5a5);
    // (m, n, k, batch, alpha, beta, bias: 0 none, 1 row, 2 column, C/D order, A's major, SMs)
    for &(m, n, k, batch, alpha, beta, bias, cd, am, sms) in &[
        (256, 512, 128, 1, 1.0f32, 0.0f32, 0, Order::Row, Major::K, usize::MAX),
        (200, 136, 80, 1, 1.0, 0.0, 0, Order::Row, Major::K, usize::MAX),
        (129, 135, 64, 1, 0.25, 0.0, 1, Order::Row, Major::K, usize::MAX),
        (300, 264, 272, 2, 0.5, 0.75, 2, Order::Row, Major::K, usize::MAX),
        (136, 201, 96, 1, 1.5, 0.5, 1, Order::Col, Major::K, usize::MAX),
        (1, 8, 16, 1, 1.0, 0.5, 0, Order::Row, Major::K, usize::MAX),
        (264, 200, 96, 1, 1.0, 0.5, 2, Order::Row, Major::MN, usize::MAX),
        (832, 320, 1024, 1, 0.5, 0.0, 0, Order::Row, Major::K, 4),
        (600, 520, 1024, 1, 1.0, 0.25, 2, Order::Row, Major::K, 4),
    ] {
        if am == Major::MN && k_major {
            continue;
        }
        g.limit_sms(sms);
        let mut s = padded_ab((m, n, k), batch, cd, am, Major::K);
        if k_major {
            // (fp8: 16-byte TMA rows of A and B are 16 elements: K-major strides multiples of 16)
            let ld = k.div_ceil(16) * 16 + 16;
            s = Sm90Strides { lda: ld, ldb: ld, batch_a: m * ld + 64, batch_b: n * ld + 64, ..s };
        }
        // on 4 SMs the split tail where it applies, else the line (which `SkForm::Auto` no longer
        // takes by itself: docs/perf.md "The shape sweep")
        g.sk_form = SkForm::Auto;
        if sms == 4 {
            g.sk_form = SkForm::Split;
            if g.schedule((m, n, k), &s).sk_tiles == 0 {
                g.sk_form = SkForm::Line;
            }
            assert!(g.schedule((m, n, k), &s).sk_tiles > 0, "{m}x{n}x{k} batch {batch} on 4 SMs is not stream-K");
        }
        let ext = s.extents((m, n, k));
        // A (m,k) at i * lda + l (K-major) or i + l * lda (M-major), B (n,k) at j * ldb + l
        let a_at = |z: usize, i: usize, l: usize| z * s.batch_a + if am == Major::K { i * s.lda + l } else { i + l * s.lda };
        let b_at = |z: usize, j: usize, l: usize| z * s.batch_b + j * s.ldb + l;
        let cd_at = |ld: usize, zs: usize, z: usize, i: usize, j: usize| z * zs + if cd == Order::Row { i * ld + j } else { i + j * ld };
        let (mut av, mut bv) = (Vec::with_capacity(ext[0]), Vec::with_capacity(ext[1]));
        let (mut aval, mut bval) = (vec![0f64; ext[0]], vec![0f64; ext[1]]);
        for i in 0..ext[0] {
            let (h, v) = input(rnd());
            av.push(h);
            aval[i] = v;
        }
        for j in 0..ext[1] {
            let (h, v) = input(rnd());
            bv.push(h);
            bval[j] = v;
        }
        let cv: Vec<f32> = (0..ext[2]).map(|_| rnd() as f32).collect();
        let blen = if bias == 1 { m } else { n };
        let biasv: Vec<f32> = (0..blen).map(|_| rnd() as f32).collect();
        let guard = 256;
        let da = stream.clone_htod(&av).unwrap();
        let db = stream.clone_htod(&bv).unwrap();
        let dc = stream.clone_htod(&cv).unwrap();
        let dbias = stream.clone_htod(&biasv).unwrap();
        let mut dd = stream.clone_htod(&vec![poison; ext[3] + guard]).unwrap();
        let b = match bias {
            1 => Bias::Row(&dbias),
            2 => Bias::Col(&dbias),
            _ => Bias::None,
        };
        g.launch(&stream, (m, n, k), &s, &da, &db, &dc, &mut dd, alpha, beta, b).unwrap_or_else(|e| panic!("{name} {m}x{n}x{k} batch {batch}: {e}"));
        let d: Vec<f32> = stream.clone_dtoh(&dd).unwrap();
        let reference = |z: usize, i: usize, j: usize| {
            let (mut acc, mut absum) = (0f64, 0f64);
            for l in 0..k {
                let p = aval[a_at(z, i, l)] * bval[b_at(z, j, l)];
                acc += p;
                absum += p.abs();
            }
            let bterm = match bias {
                1 => f64::from(biasv[i]),
                2 => f64::from(biasv[j]),
                _ => 0.0,
            };
            let cterm = f64::from(beta) * f64::from(cv[cd_at(s.ldc, s.batch_c, z, i, j)]);
            let want = f64::from(alpha) * acc + cterm + bterm;
            let mag = (f64::from(alpha) * acc).abs() + cterm.abs() + bterm.abs();
            (want, f64::from(alpha).abs() * absum * rel(k) + mag * 2f64.powi(-22) + 1e-6)
        };
        let mut worst = 0f64;
        let mut written = vec![false; ext[3] + guard];
        for z in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let (want, tol) = reference(z, i, j);
                    let at = cd_at(s.ldd, s.batch_d, z, i, j);
                    written[at] = true;
                    let got = f64::from(d[at]);
                    assert!((got - want).abs() <= tol, "{name} {m}x{n}x{k} batch {batch} alpha {alpha} beta {beta} bias {bias} {cd:?} A {am:?}: D[{z}][{i}][{j}] = {got}, want {want} (bound {tol})");
                    worst = worst.max((got - want).abs() / tol);
                }
            }
        }
        let stray = (0..d.len()).find(|&x| !written[x] && d[x].to_bits() != poison.to_bits());
        assert!(stray.is_none(), "{name} {m}x{n}x{k}: a store outside D at element {stray:?} (padding or guard)");
        eprintln!("{name} {m}x{n}x{k} batch {batch} alpha {alpha} beta {beta} bias {bias} {cd:?} A {am:?}: within the bound (worst error {worst:.3} of it)");
        // cuBLASLt with fp32 D on the same device inputs (tf32, e4m3), packed single problems
        if batch == 1 && alpha == 1.0 && beta == 0.0 && bias == 0 && cd == Order::Row && s.lda == k && s.ldd == n {
            f32cd_cublaslt::<C>(&stream, (m, n, k), &da, &db, &|i, j| reference(0, i, j));
        }
    }
    g.limit_sms(usize::MAX);
    // in place: C = A B^T + 0.5 C
    {
        let (m, n, k) = (264, 520, 208);
        let (av, aval): (Vec<_>, Vec<f64>) = (0..m * k).map(|_| input(rnd())).unzip();
        let (bv, bval): (Vec<_>, Vec<f64>) = (0..n * k).map(|_| input(rnd())).unzip();
        let cv: Vec<f32> = (0..m * n).map(|_| rnd() as f32).collect();
        let (da, db) = (stream.clone_htod(&av).unwrap(), stream.clone_htod(&bv).unwrap());
        let mut dc = stream.clone_htod(&cv).unwrap();
        g.run((m, n, k), &da, &db, &mut dc, 1.0, 0.5, &stream).unwrap_or_else(|e| panic!("{name} in place: {e}"));
        let d: Vec<f32> = stream.clone_dtoh(&dc).unwrap();
        for i in 0..m {
            for j in 0..n {
                let (mut acc, mut absum) = (0f64, 0f64);
                for l in 0..k {
                    let p = aval[i * k + l] * bval[j * k + l];
                    acc += p;
                    absum += p.abs();
                }
                let want = acc + 0.5 * f64::from(cv[i * n + j]);
                let tol = absum * rel(k) + (acc.abs() + 0.5 * f64::from(cv[i * n + j]).abs()) * 2f64.powi(-22) + 1e-6;
                assert!((f64::from(d[i * n + j]) - want).abs() <= tol, "{name} in place {m}x{n}x{k}: C[{i}][{j}] = {}, want {want} (bound {tol})", d[i * n + j]);
            }
        }
    }
    // refused before any GPU work: 16-bit C and D through the untyped launches
    let u = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let mut du = stream.alloc_zeros::<u16>(64 * 64).unwrap();
    let e = g.launch_bias(&stream, (64, 64, 64), &Sm90Strides::packed((64, 64, 64), 1), &u, &u, &u, &mut du, 1.0, 0.0, Bias::None).unwrap_err().to_string();
    assert!(e.contains("launch_f32cd") || e.contains("launch_fp8") || e.contains("launch_tf32"), "{e}");
    eprintln!("{name}: every case within its bound, nothing written outside D");
    true
}

/// cuBLASLt with fp32 D beside an `_f32cd` configuration (its input's form: tf32 through
/// `matmul_tf32`, e4m3 through `matmul_fp8` with unit scales; 16-bit inputs: none here), each
/// element within `reference`'s bound.
fn f32cd_cublaslt<C>(
    stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    (m, n, k): (usize, usize, usize),
    da: &tycute_cuda::cudarc::driver::CudaSlice<tycute::gemm::sm90::InputOf<C>>,
    db: &tycute_cuda::cudarc::driver::CudaSlice<tycute::gemm::sm90::InputOf<C>>,
    reference: &dyn Fn(usize, usize) -> (f64, f64),
) where
    C: tycute_configs::kernel::sm90::Sm90Config,
    C::ElementAB: tycute::gemm::sm90::Sm90Input,
{
    use std::any::Any;
    let lt = match tycute::gemm::cublaslt::CublasLt::new(stream) {
        Ok(lt) => lt,
        Err(e) => return eprintln!("cuBLASLt skipped: {e}"),
    };
    let mut dl = stream.alloc_zeros::<f32>(m * n).unwrap();
    if let (Some(a), Some(b)) = ((da as &dyn Any).downcast_ref::<tycute_cuda::cudarc::driver::CudaSlice<f32>>(), (db as &dyn Any).downcast_ref::<tycute_cuda::cudarc::driver::CudaSlice<f32>>()) {
        lt.matmul_tf32((m, n, k), (Major::K, Major::K), a, b, &mut dl, Order::Row).unwrap_or_else(|e| panic!("cuBLASLt tf32: {e}"));
    } else if let (Some(a), Some(b)) = (
        (da as &dyn Any).downcast_ref::<tycute_cuda::cudarc::driver::CudaSlice<tycute::gemm::fp8::E4m3>>(),
        (db as &dyn Any).downcast_ref::<tycute_cuda::cudarc::driver::CudaSlice<tycute::gemm::fp8::E4m3>>(),
    ) {
        let one = stream.clone_htod(&[1.0f32]).unwrap();
        lt.matmul_fp8((m, n, k), a, b, (&one, &one), &mut dl, Order::Row, true).unwrap_or_else(|e| panic!("cuBLASLt fp8: {e}"));
    } else {
        return;
    }
    let l: Vec<f32> = stream.clone_dtoh(&dl).unwrap();
    for i in 0..m {
        for j in 0..n {
            let (want, tol) = reference(i, j);
            let got = f64::from(l[i * n + j]);
            assert!((got - want).abs() <= tol, "cuBLASLt {} {m}x{n}x{k}: D[{i}][{j}] = {got}, want {want} (bound {tol})", C::NAME);
        }
    }
    eprintln!("cuBLASLt (fp32 D) beside {} {m}x{n}x{k}: within the same bound", C::NAME);
}

/// `Sm90Auto`: the launch API's choice per shape (the skinny kernel for decode-sized TN problems,
/// K split with a separate reduction for few-tile ones, else `pick_of`'s configuration, staged
/// where the strides ask it), fp16 and bf16, each problem against the f64 reference (and cuBLAS
/// where packed), with the kernel it chose.
#[test]
fn auto_launch_takes_every_shape() {
    use tycute::gemm::sm90::{check_case_auto, Sm90Auto, Sm90Choice};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 GEMM (wgmma, TMA)") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let pk = Sm90Strides::packed;
    let row = BiasCase::Row { per_problem: false };
    let col = BiasCase::Col { per_problem: false };
    // (shape, strides, alpha, beta, bias, the kernel chosen: skinny, split-K, the 128x64 tiles or
    // another sm90 configuration)
    let (skinny, split, narrow, narrow64, sm90, c2) = ("skinny", "split", "128x64", "64x64", "sm90", "c2");
    let cases: Vec<((usize, usize, usize), Sm90Strides, f32, f32, BiasCase, &str)> = vec![
        ((1, 4096, 512), pk((1, 4096, 512), 1), 1.0, 0.0, BiasCase::None, skinny),
        ((16, 300, 1000), pk((16, 300, 1000), 1), 1.5, 0.5, BiasCase::None, skinny),
        ((32, 1024, 512), pk((32, 1024, 512), 1), 1.0, 0.0, BiasCase::None, skinny),
        // a decode step's one row of A with a row stride off the 16 bytes (it addresses nothing)
        ((1, 4096, 4096), Sm90Strides { lda: 4100, ..pk((1, 4096, 4096), 1) }, 1.0, 0.0, BiasCase::None, skinny),
        ((5, 64, 64), pk((5, 64, 64), 1), 1.0, 0.0, row, sm90),
        ((16, 200, 72), pk((16, 200, 72), 2), 1.0, 0.0, BiasCase::None, sm90),
        ((33, 64, 64), Sm90Strides::packed_col((33, 64, 64), 1), 1.5, 0.5, BiasCase::None, narrow64),
        ((300, 131, 517), pk((300, 131, 517), 1), 1.0, 0.0, BiasCase::None, sm90),
        ((256, 384, 192), pk((256, 384, 192), 1), 1.5, 0.5, BiasCase::None, sm90),
        ((129, 127, 136), padded((129, 127, 136), 1, Order::Row), 1.0, 0.0, BiasCase::None, sm90),
        // split-K (4 slices: split_k::plan's rule, 16 < M <= 32, N <= 5120, K >= 11008; the
        // column-major D's kernel problem is 32 x 120; the M-major A's slices are columns of it;
        // an odd N: D written by the reduction)
        ((32, 1024, 16384), pk((32, 1024, 16384), 1), 1.0, 0.0, BiasCase::None, split),
        ((30, 777, 11008), pk((30, 777, 11008), 1), 1.5, 0.5, col, split),
        ((120, 32, 12288), Sm90Strides::packed_col((120, 32, 12288), 1), 1.0, 0.5, row, split),
        ((32, 512, 11008), Sm90Strides::packed_ab((32, 512, 11008), 1, Major::MN, Major::K), 1.0, 0.0, BiasCase::None, split),
        ((24, 640, 11008), Sm90Strides { lda: 11072, ..pk((24, 640, 11008), 1) }, -1.0, 1.0, row, split),
        // 17 to 32 rows on an H200: the 64x96 tiles (cost::few_rows_on_64x96) in place of the
        // skinny kernel, split-K and the 128x256 tiles an H100 keeps (residues in M, N and K)
        ((24, 4096, 4096), pk((24, 4096, 4096), 1), 1.0, 0.0, BiasCase::None, skinny),
        ((20, 5120, 13824), pk((20, 5120, 13824), 1), 1.5, 0.5, row, split),
        ((27, 6000, 4112), pk((27, 6000, 4112), 1), 1.0, 0.5, col, sm90),
        // 64x64 tiles (M > 32, one wave of them; above 64 rows with N >= 512)
        ((64, 4096, 4096), pk((64, 4096, 4096), 1), 1.0, 0.0, BiasCase::None, narrow64),
        ((40, 1000, 3000), pk((40, 1000, 3000), 1), 1.5, 0.5, col, narrow64),
        ((50, 64, 2048), Sm90Strides::packed_col((50, 64, 2048), 1), 1.0, 0.0, row, narrow64),
        ((200, 1000, 2048), pk((200, 1000, 2048), 1), 1.5, 0.5, col, narrow64),
        ((256, 1024, 1024), Sm90Strides::packed_ab((256, 1024, 1024), 1, Major::MN, Major::MN), 1.0, 0.0, BiasCase::None, narrow64),
        ((700, 300, 512), padded((700, 300, 512), 1, Order::Col), 1.0, 0.0, row, narrow64), // the kernel's problem: 300 x 700
        // 128x64 tiles (one wave of them where the 128x128 ones would leave half the SMs idle and
        // the 64x64 ones make more than one)
        ((200, 4000, 512), pk((200, 4000, 512), 1), 1.5, 0.5, col, narrow),
        ((256, 4096, 1024), Sm90Strides::packed_ab((256, 4096, 1024), 1, Major::MN, Major::MN), 1.0, 0.0, BiasCase::None, narrow),
        ((4000, 250, 512), padded((4000, 250, 512), 1, Order::Col), 1.0, 0.0, row, narrow), // the kernel's problem: 250 x 4000
        // the kernel's B in rows half a sector off (K = 72, 136, 200: 16 mod 32 bytes): clusters
        // of two along M, B multicast (an odd count of tile rows: 1100 / 128; a batch; the
        // column-major D's kernel B is A; nn); tt (B N-major) takes the one-CTA form
        ((1024, 8192, 72), pk((1024, 8192, 72), 1), 1.0, 0.0, BiasCase::None, c2),
        ((1100, 8000, 136), pk((1100, 8000, 136), 2), 1.5, 0.5, row, c2),
        ((8192, 1024, 200), Sm90Strides::packed_col((8192, 1024, 200), 1), 1.0, 0.5, col, c2),
        ((1024, 8192, 72), Sm90Strides::packed_ab((1024, 8192, 72), 1, Major::MN, Major::K), 1.0, 0.0, BiasCase::None, c2),
        ((1024, 8192, 72), Sm90Strides::packed_ab((1024, 8192, 72), 1, Major::K, Major::MN), 1.0, 0.0, BiasCase::None, sm90),
    ];
    for e in [tycute::gemm::ElementCode::F16, tycute::gemm::ElementCode::Bf16] {
        let auto = Sm90Auto::new(&ctx, e).unwrap_or_else(|err| panic!("{err}"));
        for (shape, s, alpha, beta, bias, kind) in &cases {
            let (r, choice) = match check_case_auto(&auto, *shape, s, *alpha, *beta, *bias) {
                Ok(x) => x,
                Err(tycute::gemm::Error::Unsupported(why)) if why.contains("no CUBIN") => return eprintln!("skipped: {why}"),
                Err(err) => panic!("{err}"),
            };
            let (m, n, k) = shape;
            println!(
                "sm_90a auto {} {m}x{n}x{k} batch {} {:?}-major C/D alpha {alpha} beta {beta} bias {bias:?} ({}): {} of {} elements wrong, {} written outside D {:?}",
                e.name(), s.batch, s.cd, choice.describe(), r.wrong, r.checked, r.outside, r.examples
            );
            assert_eq!((r.wrong, r.outside, r.checked), (0, 0, m * n * s.batch), "auto {} {m}x{n}x{k}: {:?}", e.name(), r.examples);
            // on a GPU of HBM3e bandwidth (an H200) a TN problem in the cost model's range may take
            // the K-major-only 64x96 or 128x96 tiles (pick_of_tn) where the H100's rule names another kind
            let (km, kn) = s.cd.stored((*m, *n));
            if let Sm90Choice::Sm90 { config, .. } = choice {
                if config.name.starts_with("sm90_64x96") || config.name.starts_with("sm90_128x96") {
                    assert!(auto.gpu().dram_gb_s >= tycute::gemm::sm90::MODEL_FROM_GB_S, "auto {m}x{n}x{k}: {}", config.name);
                    assert_eq!(config, tycute::gemm::sm90::pick_of_tn((km, kn, *k), s.batch, auto.gpu(), e).unwrap(), "auto {m}x{n}x{k}");
                    continue;
                }
            }
            let chosen = match choice {
                Sm90Choice::Skinny => skinny,
                Sm90Choice::SplitK { .. } => split,
                Sm90Choice::Sm90 { config, .. } if config.name.starts_with("sm90_128x64") => narrow,
                Sm90Choice::Sm90 { config, .. } if config.name.starts_with("sm90_64x64") => narrow64,
                Sm90Choice::Sm90 { config, .. } if config.name.ends_with("_c2") => c2,
                Sm90Choice::Sm90 { .. } => sm90,
            };
            assert_eq!(chosen, *kind, "auto {m}x{n}x{k}: {}", choice.describe());
        }
    }
}

/// `Sm90Auto` on the GPU it finds: few-tile problems with long k-loops, where a GPU of HBM3e
/// bandwidth (an H200) takes the form the cost model prices ([`pick_on`](tycute::gemm::sm90::pick_on):
/// the stream-K tiles) and an H100 the measured rule; either way the choice is `pick_of`'s for
/// this GPU and the result exact (TN: `pick_of_tn`, the K-major-only 64x96 tiles weighed too).
#[test]
fn auto_launch_follows_the_gpu() {
    use tycute::gemm::sm90::{check_case_auto, pick_of_tn, Sm90Auto, Sm90Choice};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 GEMM (wgmma, TMA)") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    for e in [tycute::gemm::ElementCode::F16, tycute::gemm::ElementCode::Bf16] {
        let auto = Sm90Auto::new(&ctx, e).unwrap_or_else(|err| panic!("{err}"));
        let gpu = auto.gpu();
        // (an H200: 128x192 stream-K, 128x192, 64x96 in one round of 88 and 128 tiles, 128x96 in
        // one round of 108)
        for (m, n, k) in [(64, 2048, 16384), (200, 4096, 8192), (256, 2048, 4096), (64, 12288, 2048), (256, 5120, 2048)] {
            let s = Sm90Strides::packed((m, n, k), 1);
            let (r, choice) = match check_case_auto(&auto, (m, n, k), &s, 1.0, 0.5, BiasCase::None) {
                Ok(x) => x,
                Err(tycute::gemm::Error::Unsupported(why)) if why.contains("no CUBIN") => return eprintln!("skipped: {why}"),
                Err(err) => panic!("{err}"),
            };
            println!(
                "sm_90a auto {} {m}x{n}x{k} on {} SMs, {:.0} GB/s ({}): {} of {} elements wrong, {} written outside D",
                e.name(), gpu.sms, gpu.dram_gb_s, choice.describe(), r.wrong, r.checked, r.outside
            );
            assert_eq!((r.wrong, r.outside, r.checked), (0, 0, m * n), "auto {} {m}x{n}x{k}: {:?}", e.name(), r.examples);
            let Sm90Choice::Sm90 { config, .. } = choice else { panic!("{m}x{n}x{k}: {}", choice.describe()) };
            assert_eq!(config, pick_of_tn((m, n, k), 1, gpu, e).unwrap(), "{m}x{n}x{k}");
        }
    }
}

/// `Sm90Auto::launch_fp8`: the fp8 choice per shape (the decode-sized fp8 kernel for M <= 16 with
/// per-tensor scales, else `pick_fp8_on`: 64x64, 128x64, 128x128 or 128x256 e4m3 tiles, and on an
/// H200 the 96-column ones), each problem exact: inputs in {-1, 0, 1} (e4m3 and e5m2 codes), K <= 4096, so every sum is an integer the
/// accumulator holds exactly and D is its bf16 rounding (with beta, of the sum plus beta * C, C in
/// {-1, 0, 1}); D poisoned, with a guard.
#[test]
fn auto_launch_fp8_picks_per_shape() {
    use tycute::gemm::fp8::{E4m3, E5m2, Fp8};
    use tycute::gemm::sm90::Sm90Auto;
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the fp8 sm90 GEMM") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let auto = Sm90Auto::new(&ctx, tycute::gemm::ElementCode::Bf16).unwrap_or_else(|e| panic!("{e}"));
    // (shape, C/D order, rowcol scales, beta, what runs)
    let e4m3 = [
        ((1, 4096, 512), Order::Row, false, 0.0, "skinny_gemm"),
        ((5, 1000, 2048), Order::Row, false, 1.0, "skinny_gemm"),
        ((16, 12288, 1024), Order::Row, false, 0.0, "skinny_gemm"),
        // 160 CTAs of 32 columns on 132 SMs: the 16-column CTAs (skinny_gemm_fp8_tn_n16), a residue of them
        ((7, 5112, 1024), Order::Row, false, 1.0, "skinny_gemm"),
        ((16, 296, 1024), Order::Row, true, 0.0, "sm90_64x64_e4m3"), // (bf16 D: rows of a multiple of 8)
        ((64, 1000, 2048), Order::Row, false, 0.5, "sm90_64x64_e4m3"),
        ((128, 1000, 1024), Order::Row, true, 0.0, "sm90_64x64_e4m3"), // one wave of 64x64 tiles
        ((200, 4000, 1024), Order::Row, true, 0.0, "sm90_128x64_e4m3"), // 252 64x64 tiles, 126 of 128x64
        ((4000, 200, 1024), Order::Col, false, 1.0, "sm90_128x64_e4m3"), // the kernel's problem: 200 x 4000
        ((256, 256, 512), Order::Row, false, 0.0, "sm90_128x128_e4m3"),
        ((1500, 2000, 256), Order::Row, false, 0.0, "sm90_128x128_e4m3"), // many tiles, short K: ping-pong
        ((1152, 1920, 2176), Order::Row, false, 0.0, "sm90_128x192_e4m3"), // one round: 90 tiles of 128x192, not 72 of 128x256
        // rows of B half a sector off (K = 144 bytes): clusters of two, B multicast (per-tensor
        // scales; per-row ones take the one-CTA form); a column-major D's kernel B is A
        ((1100, 8192, 144), Order::Row, false, 0.5, "sm90_128x256_e4m3_c2"),
        ((8192, 1024, 144), Order::Col, false, 0.0, "sm90_128x256_e4m3_c2"),
        ((1024, 8192, 144), Order::Row, true, 0.0, "sm90_128x256_e4m3"),
    ];
    let e5m2 = [((3, 2000, 1024), Order::Row, false, 1.0, "skinny_gemm"), ((100, 512, 256), Order::Row, false, 0.0, "sm90_128x256_e5m2")];
    cases::<E4m3>(&auto, &e4m3);
    cases::<E5m2>(&auto, &e5m2);
    // the choice of the GPU found (`pick_fp8_on`): on an H200 the 96-column tiles, 64x96 in one
    // round of 128, 128x96 in one of 108, 64x96 in two rounds of 230 in place of 86 128x256 tiles
    // (K = 4096: the sums stay below 2^12, exact in wgmma's fp8 accumulation too)
    let on_gpu: Vec<_> = [(64, 12288, 4096), (256, 5120, 4096), (64, 22016, 4096)]
        .into_iter()
        .map(|shape| (shape, Order::Row, false, 0.0, tycute::gemm::sm90::pick_fp8_on(shape, 1, auto.gpu(), "e4m3").unwrap().name))
        // and decode-sized M on the sm90 kernel's tiles (`fp8_decode_tiles`: 107 of 64x96, 108 of
        // 128x128, 230 of 64x96 in two rounds; A in boxes of 16 and 8 rows)
        .chain([(16, 10240, 4096), (3, 10240, 4096), (16, 13824, 2048), (5, 22016, 2048)].into_iter().map(|shape| {
            (shape, Order::Row, false, 0.0, tycute::gemm::sm90::fp8_decode_tiles(shape, auto.gpu(), "e4m3").map_or("skinny_gemm", |c| c.name))
        }))
        .collect();
    cases::<E4m3>(&auto, &on_gpu);

    #[allow(clippy::type_complexity)]
    fn cases<F: Fp8>(auto: &Sm90Auto, cases: &[((usize, usize, usize), Order, bool, f32, &str)]) {
        let stream = auto.ctx().default_stream();
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        let mut tri = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 3) as f32 - 1.0
        };
        for &((m, n, k), cd, rowcol, beta, want) in cases {
            let (ran, wrong) = fp8_exact_case::<F>(auto, &stream, (m, n, k), cd, rowcol, beta, &mut tri).unwrap_or_else(|e| panic!("{} {m}x{n}x{k}: {e}", F::NAME));
            println!("sm_90a auto {} {m}x{n}x{k} {cd:?}-major D rowcol {rowcol} beta {beta} ({ran}): {wrong} of {} elements wrong", F::NAME, m * n);
            assert_eq!((wrong, ran.as_str()), (0, want), "auto {} {m}x{n}x{k}", F::NAME);
        }
    }
}

/// One fp8 problem through `Sm90Auto::launch_fp8` on inputs from `tri` (values in {-1, 0, 1}),
/// packed, D of order `cd` (bf16) poisoned with a guard after it, per-tensor scales or (`rowcol`)
/// per-row / per-column ones of 1: what ran, and how many elements of D are not the bf16
/// rounding of the exact sum (every sum an integer the accumulator holds exactly). Panics on a
/// store past D; `Err`: the launch's refusal.
fn fp8_exact_case<F: tycute::gemm::fp8::Fp8>(
    auto: &tycute::gemm::sm90::Sm90Auto,
    stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    (m, n, k): (usize, usize, usize),
    cd: Order,
    rowcol: bool,
    beta: f32,
    tri: &mut dyn FnMut() -> f32,
) -> Result<(String, usize), tycute::gemm::Error> {
    use tycute::gemm::fp8::Scales;
    use tycute::gemm::sm90::{Bias, Sm90Choice};
    let s = if cd == Order::Row { Sm90Strides::packed((m, n, k), 1) } else { Sm90Strides::packed_col((m, n, k), 1) };
    let av: Vec<f32> = (0..m * k).map(|_| tri()).collect();
    let bv: Vec<f32> = (0..n * k).map(|_| tri()).collect();
    let cv: Vec<f32> = (0..m * n).map(|_| tri()).collect();
    let (qa, qb): (Vec<F>, Vec<F>) = (av.iter().map(|&x| F::from_f32(x)).collect(), bv.iter().map(|&x| F::from_f32(x)).collect());
    let (da, db) = (stream.clone_htod(&qa).unwrap(), stream.clone_htod(&qb).unwrap());
    let c = stream.clone_htod(&cv.iter().map(|&x| half::bf16::from_f32(x).to_bits()).collect::<Vec<u16>>()).unwrap();
    let (poison, guard) = (0x7fa5u16, 256);
    let mut dd = stream.clone_htod(&vec![poison; m * n + guard]).unwrap();
    let (va, vb) = (stream.clone_htod(&vec![1.0f32; m]).unwrap(), stream.clone_htod(&vec![1.0f32; n]).unwrap());
    let scales = if rowcol { Scales::RowCol { a: &va, b: &vb } } else { Scales::Tensor(1.0) };
    let choice = auto.launch_fp8::<F, _, _, _, _>(stream, (m, n, k), &s, &da, &db, &c, &mut dd, scales, beta, Bias::None)?;
    let d: Vec<u16> = stream.clone_dtoh(&dd).unwrap();
    let ran = match choice {
        Sm90Choice::Sm90 { config, .. } => config.name.to_string(),
        other => other.describe(),
    };
    assert!(d[m * n..].iter().all(|&x| x == poison), "{} {m}x{n}x{k} {ran}: a store past D", F::NAME);
    let mut wrong = 0;
    for i in 0..m {
        for j in 0..n {
            let acc: f32 = (0..k).map(|l| av[i * k + l] * bv[j * k + l]).sum::<f32>() + beta * cv[cd.offset(s.ldc, i, j)];
            if d[cd.offset(s.ldd, i, j)] != half::bf16::from_f32(acc).to_bits() {
                wrong += 1;
            }
        }
    }
    Ok((ran, wrong))
}

/// One draw of [`auto_launch_random_shapes`]: a problem as a user may hand it to `Sm90Auto`.
#[derive(Debug)]
struct RandomCase {
    shape: (usize, usize, usize),
    s: Sm90Strides,
    alpha: f32,
    beta: f32,
    bias: BiasCase,
}

/// A random problem: M from each of the launch API's ranges (decode-sized, 17-64 rows, few tiles,
/// many), N and K log-uniform, K and the leading dimensions a multiple of 8 or not (the staged
/// path), each major and order, padded leading dimensions, a batch with a shared A or B, alpha,
/// beta, a row or column bias; M x N x K x batch at most `budget` (the f64 reference's time).
fn random_case(r: &mut Lcg, budget: usize) -> RandomCase {
    loop {
        // one draw in eight a few-tile problem with a long k-loop (split-K, stream-K, the 64x96
        // tiles), up to 5x the budget
        let few_tiles = r.chance(12);
        let m = match r.range(0, 9) {
            _ if few_tiles => r.log(17, 256),
            0..=2 => r.log(1, 16),
            3..=4 => r.log(17, 64),
            5..=6 => r.log(65, 512),
            _ => r.log(513, 4096),
        };
        let n = if few_tiles { r.log(1024, 6144) } else { r.log(1, 8192) };
        let mut k = if few_tiles { r.log(4096, 16384) } else { r.log(8, 16384) };
        let budget = if few_tiles { 5 * budget } else { budget };
        if r.chance(70) {
            k = k.div_ceil(8) * 8;
        }
        let batch = if r.chance(80) { 1 } else { r.range(2, 3) };
        let (a, b) = (if r.chance(70) { Major::K } else { Major::MN }, if r.chance(70) { Major::K } else { Major::MN });
        // an MN-major operand's contiguous extent a multiple of 8 mostly (else a refusal: check_fit)
        let round8 = |x: usize| x.div_ceil(8) * 8;
        let m = if a == Major::MN && r.chance(85) { round8(m) } else { m };
        let n = if b == Major::MN && r.chance(85) { round8(n) } else { n };
        let cd = if r.chance(75) { Order::Row } else { Order::Col };
        let mut s = Sm90Strides::packed_layout((m, n, k), batch, a, b, cd);
        // padding: none, a multiple of 8, or odd (then the staged path or a refusal)
        let mut pad = |ld: &mut usize| match r.range(0, 9) {
            0..=5 => {}
            6..=8 => *ld += 8 * r.range(1, 8),
            _ => *ld += r.range(1, 7),
        };
        pad(&mut s.lda);
        pad(&mut s.ldb);
        pad(&mut s.ldc);
        s.ldd = if r.chance(50) { s.ldc } else { s.ldd.max(s.ldc) + 8 * r.range(0, 4) };
        // batch strides: one matrix after the other (rounded to 8), A or B shared now and then
        let one = |rows: usize, cols: usize, ld: usize| ((rows - 1) * ld + cols).div_ceil(8) * 8;
        let ((ar, ac), (br, bc), (cr, cc)) = (a.stored((m, k)), b.stored((n, k)), cd.stored((m, n)));
        s.batch_a = if batch > 1 && r.chance(15) { 0 } else { one(ar, ac, s.lda) };
        s.batch_b = if batch > 1 && r.chance(15) { 0 } else { one(br, bc, s.ldb) };
        s.batch_c = one(cr, cc, s.ldc);
        s.batch_d = one(cr, cc, s.ldd);
        if m * n * k * batch > budget {
            continue;
        }
        let alpha = [1.0, 1.5, -1.0][r.range(0, 2)];
        let beta = [0.0, 0.0, 0.5, 1.0][r.range(0, 3)];
        let per_problem = batch > 1 && r.chance(50);
        let bias = match r.range(0, 5) {
            0 => BiasCase::Row { per_problem },
            1 => BiasCase::Col { per_problem },
            _ => BiasCase::None,
        };
        return RandomCase { shape: (m, n, k), s, alpha, beta, bias };
    }
}

/// `Sm90Auto` on random problems (`random_case`: every range of M the launch API tells apart, N
/// and K log-uniform, K and leading dimensions off the 16-byte rule, each major and order,
/// batches, alpha, beta, bias), fp16 and bf16: each is exact against the f64 reference (every
/// element, the memory around D untouched; cuBLAS beside it where packed), or refused by the rule
/// `Sm90Strides::check_fit` names, never another error. `TYCUTE_RANDOM_SEED` and
/// `TYCUTE_RANDOM_CASES` (per element type, 40 unless set) choose the draws; the seed is printed.
#[test]
fn auto_launch_random_shapes() {
    use tycute::gemm::sm90::{check_case_auto, Sm90Auto};
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 GEMM (wgmma, TMA)") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    if !random::once("auto_launch_random_shapes") {
        return;
    }
    let (seed, cases) = random::draws("auto_launch_random_shapes", 40);
    let (mut exact, mut refused) = (0, 0);
    for e in [tycute::gemm::ElementCode::F16, tycute::gemm::ElementCode::Bf16] {
        let auto = Sm90Auto::new(&ctx, e).unwrap_or_else(|err| panic!("{err}"));
        let mut r = Lcg(seed ^ e as u64);
        for i in 0..cases {
            let c = random_case(&mut r, 400_000_000);
            let (m, n, k) = c.shape;
            let s = &c.s;
            let what = format!(
                "random {} #{i} {m}x{n}x{k} batch {} A {:?} B {:?} C/D {} lda {} ldb {} ldc {} ldd {} batch strides {} {} {} {} alpha {} beta {} bias {:?}",
                e.name(), s.batch, s.a, s.b, s.cd.name(), s.lda, s.ldb, s.ldc, s.ldd, s.batch_a, s.batch_b, s.batch_c, s.batch_d, c.alpha, c.beta, c.bias
            );
            match check_case_auto(&auto, c.shape, s, c.alpha, c.beta, c.bias) {
                Ok((rep, choice)) => {
                    println!("{what} ({}): {} of {} wrong, {} outside", choice.describe(), rep.wrong, rep.checked, rep.outside);
                    assert_eq!((rep.wrong, rep.outside, rep.checked), (0, 0, m * n * s.batch), "{what}: {:?}", rep.examples);
                    exact += 1;
                }
                Err(tycute::gemm::Error::Unsupported(why)) if why.contains("no CUBIN") => return eprintln!("skipped: {why}"),
                Err(tycute::gemm::Error::Unsupported(why)) => {
                    // only what the documented fit check refuses, with its words
                    let rule = s.check_fit(c.shape).expect_err(&format!("{what}: refused although check_fit takes it: {why}"));
                    assert_eq!(rule.to_string(), tycute::gemm::Error::Unsupported(why.clone()).to_string(), "{what}");
                    println!("{what}: refused: {why}");
                    refused += 1;
                }
                Err(err) => panic!("{what}: {err}"),
            }
        }
    }
    println!("auto_launch_random_shapes: {exact} exact, {refused} refused by check_fit");
}

/// `Sm90Auto::launch_fp8` on random problems (e4m3 and e5m2): M from each of the fp8 choice's
/// ranges, N log-uniform, K a multiple of 16 up to 4096 (one draw in ten not: refused with the
/// rule), row- or column-major D, per-tensor or per-row/per-column scales, beta; inputs in
/// {-1, 0, 1}, so each sum is an integer the accumulator holds exactly and D (bf16) must be its
/// rounding, bit for bit; D poisoned, a guard after it. `TYCUTE_RANDOM_SEED`,
/// `TYCUTE_RANDOM_CASES` (per format, 30 unless set).
#[test]
fn auto_launch_fp8_random_shapes() {
    use tycute::gemm::fp8::{E4m3, E5m2, Fp8};
    use tycute::gemm::sm90::Sm90Auto;
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the fp8 sm90 GEMM") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    if !random::once("auto_launch_fp8_random_shapes") {
        return;
    }
    let (seed, cases) = random::draws("auto_launch_fp8_random_shapes", 30);
    let auto = Sm90Auto::new(&ctx, tycute::gemm::ElementCode::Bf16).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Lcg(seed ^ 0xf8);
    let mut exact = run::<E4m3>(&auto, &mut r, cases);
    exact += run::<E5m2>(&auto, &mut r, cases);
    println!("auto_launch_fp8_random_shapes: {exact} exact");

    /// `cases` draws of format `F`: how many ran exact (the rest refused with the rule, or past the budget).
    fn run<F: Fp8>(auto: &Sm90Auto, r: &mut Lcg, cases: usize) -> usize {
        let stream = auto.ctx().default_stream();
        let mut exact = 0;
        for i in 0..cases {
            let m = match r.range(0, 9) {
                0..=3 => r.log(1, 16),
                4..=5 => r.log(17, 128),
                _ => r.log(129, 3000),
            };
            let n = r.log(8, 8192).div_ceil(8) * 8; // (bf16 D: rows of a multiple of 8 elements)
            let k = if r.chance(90) { r.log(16, 4096).div_ceil(16) * 16 } else { r.log(16, 4096) | 1 };
            if m * n * k > 300_000_000 {
                continue;
            }
            let cd = if r.chance(75) { Order::Row } else { Order::Col };
            let (m, n) = if cd == Order::Col { (n, m.div_ceil(8) * 8) } else { (m, n) };
            let rowcol = r.chance(40);
            let beta = [0.0, 0.5, 1.0][r.range(0, 2)];
            let mut tri = || (r.next() % 3) as f32 - 1.0;
            let what = format!("random {} #{i} {m}x{n}x{k} {cd:?}-major D rowcol {rowcol} beta {beta}", F::NAME);
            let (ran, wrong) = match fp8_exact_case::<F>(auto, &stream, (m, n, k), cd, rowcol, beta, &mut tri) {
                Ok(x) => x,
                Err(tycute::gemm::Error::Unsupported(why)) if why.contains("no CUBIN") => {
                    eprintln!("skipped: {why}");
                    return 0;
                }
                Err(tycute::gemm::Error::Unsupported(why)) if k % 16 != 0 => {
                    assert!(why.contains("multiple of 16") || why.contains("multiples of 16"), "{what}: refused without the rule: {why}");
                    println!("{what}: refused: {why}");
                    continue;
                }
                Err(e) => panic!("{what}: {e}"),
            };
            assert!(k % 16 == 0, "{what}: K = {k} is not a multiple of 16, yet it ran");
            println!("{what} ({ran}): {wrong} of {} elements wrong", m * n);
            assert_eq!(wrong, 0, "{what} ({ran})");
            exact += 1;
        }
        exact
    }
}
