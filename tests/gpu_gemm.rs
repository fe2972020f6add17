//! On a GPU: `kernels/sm80_gemm.cu` with each sm80 configuration header (`sm80_tn_128x256.h`,
//! `sgemm_sm80.h`; every index from the header) against an f64 CPU reference: exact inputs
//! (multiples of 1/4), D and a guard around it filled with a NaN sentinel before the run, then
//! every element of D checked for being written and right (a sample of them at 4096^3) and every
//! other element of D's buffer for still holding the sentinel. Full tiles and residues of M, N
//! and K, padded leading dimensions, alpha/beta other than 1/0, beta = 0 with C all NaN, and a
//! batch of 3 with strides larger than the matrices. And the shapes it refuses. Without a GPU (or
//! NVRTC) the GPU part prints why and passes. A rough throughput figure is printed with
//! TYCUTE_GEMM_BENCH (a measurement, not an assertion).
//!
//! Each configuration also runs every layout combination it serves (`Layouts`: TN, NT, NN or TT,
//! C column- or row-major through the exchange of A and B): the same checks on packed, padded,
//! residue and batched problems in those layouts.
//!
//! `residues_small` runs only the small residue cases (quick enough for compute-sanitizer).
//!
//! The fp16 variants of the TN configuration (`sm80_tn_128x256_f16acc`, `_f16cd`,
//! `_f16acc_f16cd`) run the same cases: fp16 C and D are checked exactly (the exact fp32 result
//! rounded once to fp16, as the reference is); fp16 accumulation exactly on inputs in {-1, 0, 1}
//! up to K = 2048 (`gemm::sm80::F16_ACC_EXACT_K`), and above that (4096^3) with random normal
//! data against a normwise relative error bound ([`F16_ACC_TOLERANCE`]). `run_in_place` checks
//! `Sm80Launcher::run` (C = alpha * A * B^T + beta * C, C and D one buffer) for each element type, and
//! `refuses_wrong_element_types` the errors for C/D buffers of the wrong type.
//!
//! The bf16 configurations (`sm80_tn_128x256_bf16`, `_nt_`, `_nn_`, `_tt_`, and TN with bf16 or
//! fp16 C/D) run the same cases: exact inputs (multiples of 1/4 are bf16 values) checked exactly,
//! random normal data (rounded to bf16) within a bound derived from the types' significands
//! ([`normal_tolerance`]), cuBLAS (`cublasGemmEx`, CUDA_R_16BF A and B) on the same device
//! inputs, NaN-poisoned D with guards.
//!
//! The tf32 configuration (`sm80_tn_128x256_tf32`: fp32 A and B, m16n8k8 TF32, fp32 C and D) runs
//! the same cases: exact inputs (multiples of 1/4 have 3 significant bits: tf32 values, so the
//! tensor core's truncation changes nothing and D must equal the reference), random normal fp32
//! data within a bound derived from tf32's 10 mantissa bits ([`normal_tolerance`],
//! [`TF32_TRUNCATION`]), cuBLAS's TF32 GEMM (`cublasGemmEx`, CUDA_R_32F A and B,
//! `CUBLAS_COMPUTE_32F_FAST_TF32`) on the same device inputs, NaN-poisoned D with guards, in
//! place, stream-K, and `Sm80Gemm<Sm80Tn128x256Tf32>` with `f32` buffers.

//! `stream_k_tail` runs problems whose last wave is split along K (with the SM count lowered so
//! that small problems have a partly filled last wave), twice each (the workspace must be left
//! zero).

use tycute::gemm::sm80::{check_elem, check_input, Sm80Case, Sm80Header, Sm80Launcher, Sm80Strides, F16_ACC_EXACT_K};
use tycute::gemm::stream_k::StreamKTail;
use tycute::gemm::{ElementCode, GemmElem, Layouts, Major, Order};
use tycute_cuda::gpu;

mod random;

/// The normwise relative error `||D - ref|| / ||ref||` allowed for fp16 accumulation on random
/// normal A, B (rounded to fp16) at K = 4096. fp16's unit roundoff is u = 2^-11 = 4.9e-4. The
/// accumulator is rounded at least once per m16n8k16 (K/16 = 256 times), its partial sums s_j
/// growing like sqrt(16 j); rounding errors of variance u^2 s_j^2 / 3 give an error of standard
/// deviation u * sqrt(16 * 256^2 / 6) = 0.2 against |ref| ~ sqrt(K) = 64: 3.3e-3, or 4.6e-3
/// if the hardware rounds twice per instruction (per k8), plus 2.8e-4 for fp16 D. 1e-2 is twice
/// the larger estimate; fp32 accumulation gives ~1e-7 (and fp16 D ~3e-4), so an fp16-accumulating
/// kernel that lost whole k-blocks or mixed registers would be far above it.
const F16_ACC_TOLERANCE: f64 = 1e-2;

/// The bound for fp32 accumulation on random normal data at depth `k` (the "normal data" cases,
/// against the f64 reference and cuBLAS), derived from the element types' significands. A and B
/// are rounded to their type (fp16: 11 bits, bf16: 8) before the reference sees them, so their
/// rounding costs nothing here; what is left is the fp32 accumulation, u32 = 2^-24 per rounding,
/// growing like sqrt(k) over a random walk of k roundings (6e-8 * 64 = 3.8e-6 at K = 4096), and
/// D's one rounding to its type, uniform within half an ulp: u_D / sqrt(3) normwise (fp32 3.4e-8,
/// fp16 2^-11 / sqrt(3) = 2.8e-4, bf16 2^-8 / sqrt(3) = 2.3e-3). Four times their sum: 1.5e-5
/// for fp32 D, 1.1e-3 for fp16 D, 9.0e-3 for bf16 D at K = 4096. fp16 accumulation:
/// [`F16_ACC_TOLERANCE`].
///
/// tf32 A and B ([`Sm80Header::tf32`]) are fp32 values the reference takes exactly, which the
/// tensor core reads truncated to tf32 (the kernel does not round them: sm80_tf32_128x256.rs):
/// each input a becomes a (1 - d) with d in [0, 2^-10) ([`TF32_TRUNCATION`]), uniform for random
/// data, so each product a b is off by a b (d_a + d_b) (the product of two tf32 values is exact in
/// fp32), with E[(d_a + d_b)^2] = 2^-20 (2/3 + 1/2): a relative standard deviation of
/// sqrt(7/6) 2^-10 = 1.05e-3 per product. Over K products of random sign the errors add like the
/// products themselves, so the normwise error is that, 1.05e-3 (2^-11 / sqrt(3) * sqrt(2) = 4e-4 if
/// the hardware rounded instead), on top of fp32's terms above. Four times the sum: 4.2e-3 at
/// K = 4096. cuBLAS's TF32 GEMM, compared on the same inputs, has its own input conversion: the
/// two differ by at most the sum of both errors, below the same bound.
fn normal_tolerance(cfg: &Sm80Header, k: usize) -> f64 {
    if cfg.acc_bits == 16 {
        return F16_ACC_TOLERANCE;
    }
    let acc = ElementCode::F32.unit_roundoff() * (k as f64).sqrt();
    let d = cfg.element_cd.unit_roundoff() / 3f64.sqrt();
    let inputs = if cfg.tf32() { (7.0f64 / 6.0).sqrt() * TF32_TRUNCATION } else { 0.0 };
    4.0 * (acc + d + inputs)
}

/// The largest relative error of an fp32 value read as tf32 by truncation (10 mantissa bits
/// kept): `2^-10`.
const TF32_TRUNCATION: f64 = 1.0 / 1024.0;

#[test]
fn normal_tolerances_follow_the_significands() {
    let t = |name: &str| normal_tolerance(&Sm80Header::named(name).unwrap(), 4096);
    assert!((1e-5..2e-5).contains(&t("sm80_tn_128x256")), "{}", t("sm80_tn_128x256"));
    assert!((1e-3..1.2e-3).contains(&t("sm80_tn_128x256_f16cd")));
    // bf16 inputs with fp32 D: the inputs are exact in the reference, the bound fp32's
    assert_eq!(t("sm80_tn_128x256_bf16"), t("sm80_tn_128x256"));
    // bf16 D: 8 significand bits, 2^3 times fp16's rounding
    assert!((8e-3..1e-2).contains(&t("sm80_tn_128x256_bf16_bf16cd")), "{}", t("sm80_tn_128x256_bf16_bf16cd"));
    assert_eq!(t("sm80_tn_128x256_f16acc"), F16_ACC_TOLERANCE);
    // tf32 inputs: 10 mantissa bits, truncated: 4 sqrt(7/6) 2^-10 plus fp32's
    assert!((4.2e-3..4.3e-3).contains(&t("sm80_tn_128x256_tf32")), "{}", t("sm80_tn_128x256_tf32"));
}

#[test]
fn tf32_configuration_reads_f32() {
    let tf32 = Sm80Header::named("sm80_tn_128x256_tf32").unwrap();
    assert!(tf32.tf32() && !Sm80Header::named("sm80_tn_128x256").unwrap().tf32());
    assert_eq!((tf32.element_ab, tf32.element_cd, tf32.layouts()), (ElementCode::F32, ElementCode::F32, Layouts::TN));
    assert_eq!(tf32.types(), "tf32 (fp32) in, fp32 accumulate, fp32 C/D");
    // 3 stages of (128 + 256) x 32 four-byte elements
    assert_eq!((tf32.tile, tf32.smem_bytes), ((128, 256, 32), 3 * 384 * 32 * 4));
    assert_eq!(Layouts::TN.sm80_config_of(ElementCode::F32).unwrap().name, "sm80_tn_128x256_tf32");
    assert_eq!(Layouts::TN.with_c(Order::Row).sm80_config_of(ElementCode::F32).unwrap().name, "sm80_tn_128x256_tf32");
    let e = Layouts::NT.sm80_config_of(ElementCode::F32).unwrap_err().to_string();
    assert!(e.contains("sm80_tn_128x256_tf32 (TN)"), "{e}");
    // A and B: f32 buffers; 16-bit ones (typed or raw bits) are refused
    assert!(check_input::<f32>(&tf32).is_ok() && check_elem::<f32>(&tf32).is_ok());
    for e in [check_input::<half::f16>(&tf32).unwrap_err().to_string(), check_input::<u16>(&tf32).unwrap_err().to_string()] {
        assert!(e.contains("tf32"), "{e}");
    }
    assert!(check_input::<f32>(&Sm80Header::named("sm80_tn_128x256").unwrap()).is_err());
    assert!(tycute::gemm::cublas::types(&tf32).contains("CUBLAS_COMPUTE_32F_FAST_TF32"));
}

#[test]
fn refuses_shapes_it_cannot_take() {
    let cfg = Sm80Header::named("sgemm_sm80").unwrap();
    for (m, n, k) in [(256, 256, 128), (1, 1, 8), (7, 7, 8), (127, 129, 64), (1000, 1000, 1000)] {
        assert!(cfg.shape_ok(m, n, k).is_ok(), "{m}x{n}x{k}");
    }
    for (m, n, k) in [(0, 128, 64), (128, 0, 64), (128, 128, 0), (128, 128, 65), (7, 7, 4)] {
        let e = cfg.shape_ok(m, n, k).unwrap_err().to_string();
        assert!(e.contains("K a positive multiple of 8") && e.contains(&format!("{m}x{n}x{k}")), "{e}");
    }
    let wide = Sm80Header::named("sm80_tn_128x256").unwrap();
    assert_eq!((wide.tile, wide.threads), ((128, 256, 64), 256));
    assert!(wide.shape_ok(128, 128, 64).is_ok());
    assert!(wide.shape_ok(1, 65535 * 256 + 1, 8).is_ok());
    assert!(wide.shape_ok(1 << 30, 1 << 20, 8).unwrap_err().to_string().contains("too large"));
    // leading dimensions and batch strides of A and B: multiples of 8 halves
    let shape = (100, 50, 40);
    assert!(Sm80Strides::packed(shape, 3).check(&wide, shape).is_ok());
    let e = Sm80Strides { lda: 44, ..Sm80Strides::packed(shape, 1) }.check(&wide, shape).unwrap_err().to_string();
    assert!(e.contains("multiples of 8 halves") && e.contains("lda 44"), "{e}");
    let e = Sm80Strides { batch_b: 2004, ..Sm80Strides::packed(shape, 2) }.check(&wide, shape).unwrap_err().to_string();
    assert!(e.contains("multiples of 8 halves"), "{e}");
    let e = Sm80Strides { ldd: 99, ..Sm80Strides::packed(shape, 1) }.check(&wide, shape).unwrap_err().to_string();
    assert!(e.contains("smaller than the shape"), "{e}");
    let e = Sm80Strides { batch_d: 4000, ..Sm80Strides::packed(shape, 2) }.check(&wide, shape).unwrap_err().to_string();
    assert!(e.contains("overlap"), "{e}");
    assert!(Sm80Strides { batch: 0, ..Sm80Strides::packed(shape, 1) }.check(&wide, shape).unwrap_err().to_string().contains("batch 0"));
    let e = Sm80Header::named("sm81").unwrap_err().to_string();
    assert!(e.contains("sm81") && e.contains("sm80_tn_128x256") && e.contains("sgemm_sm80"), "{e}");
}

#[test]
fn refuses_wrong_element_types() {
    // the element types of the configurations, read from their headers
    let types = |name: &str| {
        let c = Sm80Header::named(name).unwrap();
        (c.acc_bits, c.out_bits)
    };
    assert_eq!(types("sm80_tn_128x256"), (32, 32));
    assert_eq!(types("sm80_tn_128x256_f16acc"), (16, 32));
    assert_eq!(types("sm80_tn_128x256_f16cd"), (32, 16));
    assert_eq!(types("sm80_tn_128x256_f16acc_f16cd"), (16, 16));
    let f32_cd = Sm80Header::named("sm80_tn_128x256_f16acc").unwrap();
    let f16_cd = Sm80Header::named("sm80_tn_128x256_f16cd").unwrap();
    assert!(check_elem::<f32>(&f32_cd).is_ok() && check_elem::<half::f16>(&f16_cd).is_ok() && check_elem::<u16>(&f16_cd).is_ok());
    let e = check_elem::<f32>(&f16_cd).unwrap_err().to_string();
    assert!(e.contains("sm80_tn_128x256_f16cd") && e.contains("fp16") && e.contains("hold f32"), "{e}");
    let e = check_elem::<half::f16>(&f32_cd).unwrap_err().to_string();
    assert!(e.contains("reads and writes f32 C and D") && e.contains("half::f16"), "{e}");
    // bf16: A and B bf16, C and D of the S2G atom's type
    let bf16 = Sm80Header::named("sm80_tn_128x256_bf16").unwrap();
    let bf16_cd = Sm80Header::named("sm80_tn_128x256_bf16_bf16cd").unwrap();
    let bf16_f16cd = Sm80Header::named("sm80_tn_128x256_bf16_f16cd").unwrap();
    assert_eq!((bf16.element_ab, bf16.element_cd), (ElementCode::Bf16, ElementCode::F32));
    assert_eq!((bf16_cd.element_ab, bf16_cd.element_cd), (ElementCode::Bf16, ElementCode::Bf16));
    assert_eq!((bf16_f16cd.element_ab, bf16_f16cd.element_cd), (ElementCode::Bf16, ElementCode::F16));
    assert_eq!(bf16_cd.types(), "bf16 in, fp32 accumulate, bf16 C/D");
    assert!(check_elem::<half::bf16>(&bf16_cd).is_ok() && check_elem::<half::f16>(&bf16_f16cd).is_ok());
    let e = check_elem::<half::f16>(&bf16_cd).unwrap_err().to_string();
    assert!(e.contains("bf16 (half::bf16)") && e.contains("hold half::f16"), "{e}");
    let e = check_input::<half::f16>(&bf16).unwrap_err().to_string();
    assert!(e.contains("reads bf16 A and B") && e.contains("half::f16"), "{e}");
    assert!(check_input::<half::bf16>(&bf16).is_ok() && check_input::<u16>(&bf16).is_ok() && check_input::<half::bf16>(&f16_cd).is_err());
    // the layouts pick the fp32 configurations; the fp16 ones are chosen by name
    assert_eq!(Layouts::TN.sm80_config().unwrap().name, "sm80_tn_128x256");
    for (l, name) in [(Layouts::TN, "sm80_tn_128x256_bf16"), (Layouts::NT, "sm80_nt_128x256_bf16"), (Layouts::NN, "sm80_nn_128x256_bf16"), (Layouts::TT, "sm80_tt_128x256_bf16")] {
        assert_eq!(l.sm80_config_of(ElementCode::Bf16).unwrap().name, name);
    }
    // on a GPU, a launch with the wrong type is refused before anything runs
    let Ok(ctx) = gpu::context() else { return eprintln!("skipped the launch: no GPU") };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let image = match f16_cd.cubin(arch) {
        Ok(Some(image)) => image,
        _ => return eprintln!("skipped the launch: no CUBIN"),
    };
    let g = Sm80Launcher::load(&ctx, &f16_cd, image).unwrap_or_else(|e| panic!("{e}"));
    let stream = ctx.default_stream();
    let a = stream.alloc_zeros::<u16>(128 * 64).unwrap();
    let c = stream.alloc_zeros::<f32>(128 * 128).unwrap();
    let mut d = stream.alloc_zeros::<f32>(128 * 128).unwrap();
    let e = g.launch(&stream, (128, 128, 64), &a, &a, &c, &mut d, 1.0, 0.0).unwrap_err().to_string();
    assert!(e.contains("hold f32"), "{e}");
    let mut c = stream.alloc_zeros::<f32>(128 * 128).unwrap();
    assert!(g.run((128, 128, 64), &a, &a, &mut c, 1.0, 0.5, &stream).unwrap_err().to_string().contains("hold f32"));
}

#[test]
fn layouts_map_onto_configurations() {
    let tn = Sm80Header::named("sm80_tn_128x256").unwrap();
    let nt = Sm80Header::named("sm80_nt_128x256").unwrap();
    assert_eq!((tn.a_major, tn.b_major, tn.layouts()), (Major::K, Major::K, Layouts::TN));
    assert_eq!((nt.a_major, nt.b_major, nt.layouts()), (Major::MN, Major::MN, Layouts::NT));
    assert_eq!((nt.tile, nt.threads), ((128, 256, 64), 256));
    // C row-major: D^T = B * A^T, A and B exchanged, so TN and NT keep their configuration
    for c in [Order::Col, Order::Row] {
        assert_eq!(Layouts::TN.with_c(c).sm80_config().unwrap().name, "sm80_tn_128x256");
        assert_eq!(Layouts::NT.with_c(c).sm80_config().unwrap().name, "sm80_nt_128x256");
    }
    // NN and TT: one operand of each majorness; with C row-major each is the other exchanged
    let (nn, tt) = ("sm80_nn_128x256", "sm80_tt_128x256");
    assert_eq!(Layouts::NN.sm80_config().unwrap().name, nn);
    assert_eq!(Layouts::TT.sm80_config().unwrap().name, tt);
    assert_eq!(Layouts::NN.with_c(Order::Row).sm80_config().unwrap().name, tt);
    assert_eq!(Layouts::TT.with_c(Order::Row).sm80_config().unwrap().name, nn);
    assert_eq!(Sm80Header::named(nn).unwrap().layouts(), Layouts::NN);
    assert_eq!(Sm80Header::named(tt).unwrap().layouts(), Layouts::TT);
    for l in Layouts::all() {
        let cfg = l.sm80_config().unwrap();
        assert!(Sm80Strides::packed_for((127, 129, 64), 1, &l).check_layouts(&cfg, (127, 129, 64), &l).is_ok(), "{}", l.name());
    }
    // an M-/N-major operand takes any K; a K-major one K % 8 == 0
    assert!(nt.shape_ok(127, 129, 13).is_ok());
    assert!(tn.shape_ok(127, 129, 13).unwrap_err().to_string().contains("multiple of 8"));
    assert!(nt.shape_ok(0, 1, 1).is_err());
    // strides are read in the layouts: lda is A's column stride when A is M-major
    let shape = (127, 129, 64);
    let s = Sm80Strides::packed_for(shape, 2, &Layouts::NT);
    assert_eq!((s.lda, s.ldb, s.ldc, s.batch_a), (128, 136, 127, 128 * 64));
    assert!(s.check(&nt, shape).is_ok());
    let e = Sm80Strides { lda: 120, ..s }.check(&nt, shape).unwrap_err().to_string();
    assert!(e.contains("smaller than the shape"), "{e}");
    let e = Sm80Strides { lda: 132, ..s }.check(&nt, shape).unwrap_err().to_string();
    assert!(e.contains("multiples of 8 halves"), "{e}");
    let row = Layouts::NT.with_c(Order::Row);
    let s = Sm80Strides::packed_for(shape, 1, &row);
    assert_eq!((s.ldc, s.ldd), (129, 129));
    assert!(s.check_layouts(&nt, shape, &row).is_ok());
    let e = s.check_layouts(&tn, shape, &row).unwrap_err().to_string();
    assert!(e.contains("sm80_tn_128x256 is TN"), "{e}");
    // an M-major A's buffer holds its last column rounded up to 8 rows (whole 16-byte copies)
    let s = Sm80Strides::packed_for(shape, 1, &Layouts::NT);
    assert_eq!(s.lens(&Layouts::NT, shape), [63 * 128 + 128, 63 * 136 + 136, 129 * 127, 129 * 127]);
    assert_eq!(Layouts::all().len(), 8);
}

/// The cases of layouts `l` other than the kernel's own TN: packed (with M, N, K residues, K not
/// a multiple of 8 when no operand is K-major), alpha/beta, beta = 0, padded leading dimensions,
/// a batch of 2 with gaps; with `!small_only` also 1000^3-sized and sampled 4096^3 problems.
fn layout_cases(l: Layouts, small_only: bool) -> Vec<(String, Sm80Case)> {
    let mut v = Vec::new();
    let any_k = l.a == Major::K || l.b == Major::K;
    let mut shapes = vec![(1, 1, 8), (7, 9, 16), (127, 129, 64), (129, 127, 136), (300, 1100, 200), (1100, 40, 72)];
    if !any_k {
        shapes.extend([(33, 65, 13), (257, 130, 1), (130, 300, 77)]);
    }
    for shape in shapes {
        v.push(("packed".to_string(), Sm80Case::packed_in(shape, l)));
    }
    v.push(("alpha -0.75 beta 1.25".into(), Sm80Case { alpha: -0.75, beta: 1.25, ..Sm80Case::packed_in((257, 300, 88), l) }));
    v.push(("beta 0".into(), Sm80Case { alpha: 2.0, beta: 0.0, ..Sm80Case::packed_in((129, 257, 64), l) }));
    let shape = (200, 300, 96);
    let p = Sm80Strides::packed_for(shape, 1, &l);
    let strides = Sm80Strides { lda: p.lda + 8, ldb: p.ldb + 16, ldc: p.ldc + 3, ldd: p.ldd + 1, ..p };
    let strides = Sm80Strides { batch_a: 0, batch_b: 0, batch_c: 0, batch_d: 0, ..strides };
    v.push(("lda+8 ldb+16 ldc+3 ldd+1".into(), Sm80Case { strides, ..Sm80Case::packed_in(shape, l) }));
    for (shape, pad) in [((127, 129, 64), 24), ((256, 512, 128), 64)] {
        let p = Sm80Strides::packed_for(shape, 2, &l);
        let strides = Sm80Strides {
            ldd: p.ldd + 4,
            batch_a: p.batch_a + pad,
            batch_b: p.batch_b + 2 * pad,
            batch_c: 0,
            batch_d: p.batch_d + shape.0.max(shape.1) * 4 + pad + 4,
            ..p
        };
        v.push(("batch 2".into(), Sm80Case { strides, alpha: 0.5, beta: -1.5, ..Sm80Case::packed_in(shape, l) }));
    }
    if !small_only {
        for shape in [(128, 256, 64), (512, 256, 1024), (1000, 1000, 1000)] {
            v.push(("packed".into(), Sm80Case::packed_in(shape, l)));
        }
        v.push(("sampled".into(), Sm80Case { sample: Some(20000), ..Sm80Case::packed_in((4096, 4096, 4096), l) }));
    }
    v
}

/// Problems the kernel refuses as they lie, through `Sm80Launcher::launch_staged`: K not a
/// multiple of 8 (rounded up, both operands padded with zeros), leading dimensions exactly the
/// rows (odd), and a batch with an odd lda and one C for the batch.
fn staged_cases(l: Layouts) -> Vec<(String, Sm80Case)> {
    let exact = |shape: (usize, usize, usize), batch: usize| {
        let [(ao, al), (bo, bl), (co, cl)] = l.extents(shape);
        Sm80Strides { lda: al, ldb: bl, ldc: cl, ldd: cl, batch, batch_a: ao * al, batch_b: bo * bl, batch_c: co * cl, batch_d: co * cl }
    };
    let mut v = Vec::new();
    for shape in [(130, 70, 53), (64, 100, 1001), (7, 9, 3)] {
        v.push(("staged, exact leading dimensions".to_string(), Sm80Case { strides: exact(shape, 1), staged: true, ..Sm80Case::packed_in(shape, l) }));
    }
    let shape = (33, 40, 24);
    let e = exact(shape, 2);
    let [(ao, _), _, _] = l.extents(shape);
    let strides = Sm80Strides { lda: e.lda + 3, batch_a: ao * (e.lda + 3) + 5, batch_c: 0, ..e };
    v.push(("staged, lda+3, batch 2".to_string(), Sm80Case { strides, staged: true, alpha: 0.5, beta: -1.5, ..Sm80Case::packed_in(shape, l) }));
    v
}

/// The small residue cases: M, N, K tails, padded and odd leading dimensions, alpha/beta, batch.
fn small_cases() -> Vec<(String, Sm80Case)> {
    let mut v = Vec::new();
    let mut add = |label: &str, case: Sm80Case| v.push((label.to_string(), case));
    for shape in [(1, 1, 8), (7, 7, 8), (127, 129, 64), (129, 127, 136), (300, 1100, 200), (1100, 40, 72)] {
        add("packed", Sm80Case::packed(shape));
    }
    // alpha, beta not 0/1; beta = 0 (C all NaN, must not be read)
    add("alpha -0.75 beta 1.25", Sm80Case { alpha: -0.75, beta: 1.25, ..Sm80Case::packed((257, 300, 88)) });
    add("beta 0", Sm80Case { alpha: 2.0, beta: 0.0, ..Sm80Case::packed((129, 257, 64)) });
    // padded leading dimensions: ldc/ldd not multiples of 4 (element stores everywhere), and
    // multiples of 4 with a gap (16-byte stores in full tiles, gaps must stay untouched)
    let shape = (200, 300, 96);
    add("lda+8 ldb+16 ldc+3 ldd+1", Sm80Case {
        strides: Sm80Strides { lda: 104, ldb: 112, ldc: 203, ldd: 201, ..Sm80Strides::packed(shape, 1) },
        ..Sm80Case::packed(shape)
    });
    let shape = (256, 512, 128);
    add("full tiles, ldd+4", Sm80Case {
        strides: Sm80Strides { lda: 136, ldc: 260, ldd: 260, ..Sm80Strides::packed(shape, 1) },
        ..Sm80Case::packed(shape)
    });
    // batch 3 with strides larger than the matrices (and C shared by the batch)
    for (shape, pad) in [((129, 127, 136), 24), ((256, 256, 128), 64)] {
        let (m, n, k) = shape;
        let strides = Sm80Strides {
            lda: k + 8,
            ldd: m + 4,
            batch: 3,
            batch_a: m * (k + 8) + pad,
            batch_b: n * k + 2 * pad,
            batch_c: 0,
            batch_d: n * (m + 4) + pad + 4,
            ..Sm80Strides::packed(shape, 3)
        };
        add("batch 3", Sm80Case { strides, alpha: 0.5, beta: -1.5, ..Sm80Case::packed(shape) });
    }
    v
}

/// A context, its GPU's architecture, and named loaded kernels.
type Loaded = (std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, tycute_cuda::nvrtc::Arch, Vec<(String, Sm80Launcher)>);

/// The sm80 configurations to test: `default`, or those `TYCUTE_CONFIGS` names (`None`, with a
/// printed reason, when it names none of the sm80 kernel's; a name of no kernel fails).
fn chosen(default: &[&'static str]) -> Option<Vec<String>> {
    use tycute::gemm::{env, sm80::SM80_CONFIGS, sm90::SM90_CONFIGS};
    let sm90: Vec<&str> = SM90_CONFIGS.iter().map(|c| c.name).collect();
    let unknown = env::unknown_configs(&[&SM80_CONFIGS[..], &sm90[..]].concat());
    assert!(unknown.is_empty(), "TYCUTE_CONFIGS names no configuration of either kernel: {unknown:?} (sm80: {:?}; sm90: {sm90:?})", *SM80_CONFIGS);
    let names = env::selected_configs(&SM80_CONFIGS, default);
    if names.is_empty() {
        eprintln!("skipped: TYCUTE_CONFIGS names no sm80 configuration");
        return None;
    }
    Some(names.into_iter().map(String::from).collect())
}

/// The loaded kernels of the configurations `default` (or the sm80 ones `TYCUTE_CONFIGS` names;
/// `TYCUTE_CUBIN_DIR`: load their prebuilt CUBINs), with their names and the GPU's architecture; `None`
/// (and a printed reason) without a GPU or NVRTC.
fn load_gemms(default: &[&'static str]) -> Option<Loaded> {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("skipped: {why}");
            return None;
        }
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let names = chosen(default)?;
    let mut gemms = Vec::new();
    for name in names {
        let cfg = Sm80Header::named(&name).unwrap_or_else(|e| panic!("{e}"));
        let image = match cfg.cubin(arch) {
            Ok(Some(image)) => image,
            Ok(None) => {
                eprintln!("skipped: a GPU but no NVRTC (put libnvrtc.so.13 on LD_LIBRARY_PATH, or set TYCUTE_CUBIN_DIR)");
                return None;
            }
            Err(e) => panic!("{e}"),
        };
        gemms.push((name, Sm80Launcher::load(&ctx, &cfg, image).unwrap_or_else(|e| panic!("{e}"))));
    }
    Some((ctx, arch, gemms))
}

fn run_cases(small_only: bool) {
    let Some((ctx, arch, gemms)) = load_gemms(&tycute::gemm::sm80::SM80_CONFIGS) else { return };
    for (name, g) in gemms {
        let cfg = g.cfg.clone();
        let mut cases = small_cases();
        if !small_only {
            for shape in [(128, 256, 64), (256, 512, 192), (512, 256, 1024), (384, 768, 320), (1000, 1000, 1000)] {
                cases.push(("packed".into(), Sm80Case::packed(shape)));
            }
            cases.push(("sampled".into(), Sm80Case { sample: Some(20000), ..Sm80Case::packed((4096, 4096, 4096)) }));
        }
        // the kernel's own layouts first (TN: the cases above; NT: its own), then every other
        // layout combination this configuration serves
        if cfg.layouts() != Layouts::TN {
            cases = layout_cases(cfg.layouts(), small_only);
        }
        cases.extend(staged_cases(cfg.layouts()));
        for l in Layouts::all() {
            let (a, b, _) = l.kernel_operands();
            if l != cfg.layouts() && (a, b) == (cfg.a_major, cfg.b_major) {
                cases.extend(layout_cases(l, small_only));
            }
        }
        // random normal data (fresh each run), against the f64 reference and cuBLAS on the same
        // device inputs within normal_tolerance
        if !small_only {
            for (shape, sample) in [((1000, 1000, 1000), None), ((129, 127, 136), None), ((4096, 4096, 4096), Some(20000))] {
                let tolerance = Some(normal_tolerance(&cfg, shape.2));
                cases.push(("normal data".into(), Sm80Case { tolerance, sample, alpha: 1.25, beta: -0.5, ..Sm80Case::packed_in(shape, cfg.layouts()) }));
            }
        }
        // fp16 accumulation is exact on the check's inputs up to F16_ACC_EXACT_K; above, random
        // normal data within F16_ACC_TOLERANCE
        if cfg.acc_bits == 16 {
            for (label, case) in &mut cases {
                if case.shape.2 > F16_ACC_EXACT_K && case.tolerance.is_none() {
                    case.tolerance = Some(F16_ACC_TOLERANCE);
                    label.push_str(", normal data");
                }
            }
        }
        for (label, case) in &cases {
            let (m, n, k) = case.shape;
            let ln = case.layouts.name();
            let r = tycute::gemm::sm80::check_case(&g, case).unwrap_or_else(|e| panic!("{name} {m}x{n}x{k} {ln} {label}: {e}"));
            println!(
                "{name} {arch} {m}x{n}x{k} {ln} batch {} {label}: {} of {} checked wrong, {} unwritten, {} written outside, relative error {:.2e}, from cuBLAS {}",
                case.strides.batch,
                r.wrong,
                r.checked,
                r.unwritten,
                r.outside,
                r.rel_error,
                r.cublas_rel_error.map_or("-".to_string(), |e| format!("{e:.2e}"))
            );
            assert_eq!((r.wrong, r.unwritten, r.outside), (0, 0, 0), "{name} {m}x{n}x{k} {ln} {label}: {:?}", r.examples);
        }
        if !small_only && std::env::var_os("TYCUTE_GEMM_BENCH").is_some() {
            for (m, n, k) in [(4096usize, 4096usize, 4096usize), (5120, 5120, 4096), (8192, 8192, 8192), (8192, 8192, 1024)] {
                let ours = tycute::gemm::sm80::bench(&g, m, n, k, 20).unwrap_or_else(|e| panic!("{e}"));
                match tycute::gemm::sm80::cublas_bench(&ctx, &cfg, (m, n, k), 20) {
                    Ok(cb) => println!(
                        "{name} {arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s, cuBLAS {cb:.1} TFLOP/s, ratio {:.2} ({}; cuBLAS {}; mean of 20 after 3 warm-up)",
                        ours / cb,
                        cfg.types(),
                        tycute::gemm::cublas::types(&cfg)
                    ),
                    Err(e) => println!("{name} {arch} {m}x{n}x{k}: tycute {ours:.1} TFLOP/s; cuBLAS skipped: {e}"),
                }
            }
        }
    }
}

#[test]
fn sm80_gemm_matches_the_cpu_on_the_gpu() {
    run_cases(false);
}

#[test]
fn residues_small() {
    run_cases(true);
}

/// `Sm80Launcher::run`: C = alpha * A * B^T + beta * C in place, for each element type of C (fp32 and
/// fp16 configurations, fp16 as `half::f16` and as `u16`), on exact inputs (multiples of 1/4;
/// {-1, 0, 1} for fp16 accumulation), full tiles and residues, against an f64 reference rounded
/// to C's type.
#[test]
fn run_in_place() {
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let arch = gpu::arch(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let Some(names) = chosen(&[
        "sm80_tn_128x256",
        "sm80_tn_128x256_f16acc",
        "sm80_tn_128x256_f16cd",
        "sm80_tn_128x256_f16acc_f16cd",
        "sm80_tn_128x256_bf16",
        "sm80_tn_128x256_bf16_bf16cd",
        "sm80_tn_128x256_bf16_f16cd",
        "sm80_tn_128x256_tf32",
    ]) else {
        return;
    };
    for name in names {
        let cfg = Sm80Header::named(&name).unwrap_or_else(|e| panic!("{e}"));
        if cfg.layouts() != Layouts::TN {
            continue;
        }
        let image = match cfg.cubin(arch) {
            Ok(Some(image)) => image,
            Ok(None) => return eprintln!("skipped: a GPU but no NVRTC (or TYCUTE_CUBIN_DIR)"),
            Err(e) => panic!("{e}"),
        };
        let mut g = Sm80Launcher::load(&ctx, &cfg, image).unwrap_or_else(|e| panic!("{e}"));
        // the last: a stream-K tail on 6 pretended SMs (32 tiles: 5 waves + 2 tiles split 3 ways),
        // whose last unit alone reads C and writes D
        for (shape, sms) in [((256, 512, 128), g.sms), ((300, 257, 72), g.sms), ((1000, 1000, 1024), 6)] {
            g.sms = if sms == 6 { split_sms(&g, shape, sms) } else { sms };
            if sms == 6 {
                assert!(g.stream_k_plan(shape, 1).is_some(), "{name}: no stream-K split");
            }
            let bad = match cfg.element_cd {
                ElementCode::F32 if cfg.tf32() => in_place_with::<f32, f32>(&g, shape, |x| x, |a, b, c, alpha, beta, s| g.run(shape, a, b, c, alpha, beta, s)),
                ElementCode::F16 => in_place::<half::f16>(&g, shape) + in_place::<u16>(&g, shape),
                ElementCode::Bf16 => in_place::<half::bf16>(&g, shape),
                ElementCode::F32 => in_place::<f32>(&g, shape),
            };
            println!("{name} {arch} run {}x{}x{} in place: {bad} wrong", shape.0, shape.1, shape.2);
            assert_eq!(bad, 0, "{name} {shape:?}");
        }
    }
}

/// One in-place run; the number of wrong elements of C.
fn in_place<T: GemmElem>(g: &Sm80Launcher, shape: (usize, usize, usize)) -> usize {
    // A and B as the configuration's input type's bits (u16: the untyped launch takes either)
    let e = g.cfg.element_ab;
    in_place_with::<u16, T>(g, shape, move |x| e.bits16(x), |a, b, c, alpha, beta, stream| g.run(shape, a, b, c, alpha, beta, stream))
}

type Slice<T> = tycute_cuda::cudarc::driver::CudaSlice<T>;
type Stream = std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>;

/// [`in_place`] with the launch `run` (C = alpha * A * B^T + beta * C on the buffers it is given).
fn in_place_with<I: tycute_cuda::cudarc::driver::DeviceRepr + Copy, T: GemmElem>(
    g: &Sm80Launcher,
    (m, n, k): (usize, usize, usize),
    input: impl Fn(f32) -> I,
    run: impl FnOnce(&Slice<I>, &Slice<I>, &mut Slice<T>, f32, f32, &Stream) -> tycute::gemm::Result<()>,
) -> usize {
    let stream = g.ctx().default_stream();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let f16acc = g.cfg.acc_bits == 16;
    let mut ab = |len: usize| -> Vec<f32> { (0..len).map(|_| if f16acc { (next() % 3) as f32 - 1.0 } else { (next() % 17) as f32 / 4.0 - 2.0 }).collect() };
    let (a, b) = (ab(m * k), ab(n * k));
    let c: Vec<f32> = (0..m * n).map(|i| ((i * 7 + 3) % 17) as f32 / 4.0 - 2.0).collect();
    let halves = |x: &[f32]| x.iter().map(|&v| input(v)).collect::<Vec<I>>();
    let da = stream.clone_htod(&halves(&a)).unwrap();
    let db = stream.clone_htod(&halves(&b)).unwrap();
    let mut dc = stream.clone_htod(&c.iter().map(|&x| T::from_f64(x as f64)).collect::<Vec<T>>()).unwrap();
    let (alpha, beta) = (-0.75f32, 1.25f32);
    run(&da, &db, &mut dc, alpha, beta, &stream).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<T> = stream.clone_dtoh(&dc).unwrap();
    let mut bad = 0;
    for j in 0..n {
        for i in 0..m {
            let dot: f64 = (0..k).map(|kk| a[i * k + kk] as f64 * b[j * k + kk] as f64).sum();
            let want = T::from_f64(alpha as f64 * dot + beta as f64 * c[i + j * m] as f64).to_f64();
            if got[i + j * m].to_f64() != want {
                bad += 1;
            }
        }
    }
    bad
}

/// `Sm80Gemm<C>`: the configuration as a type, C's element type from it (a wrong buffer type
/// does not compile); each configuration's CUBIN built by NVRTC (or read from `TYCUTE_CUBIN_DIR`).
#[test]
fn typed_configurations() {
    use tycute::configs::sm80_tn_128x256::Sm80Tn128x256;
    use tycute::configs::sm80_bf16_128x256::{Sm80Tn128x256Bf16, Sm80Tn128x256Bf16Bf16Cd};
    use tycute::configs::sm80_tf32_128x256::Sm80Tn128x256Tf32;
    use tycute::configs::sm80_variants::Sm80Tn128x256F16Cd;
    use tycute::gemm::sm80::Sm80Gemm;
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    if !tycute_cuda::nvrtc::available() {
        return eprintln!("skipped: a GPU but no NVRTC");
    }
    let shape = (300, 257, 72);
    let (f16, bf16) = (half::f16::from_f32, half::bf16::from_f32);
    let f32_out = Sm80Gemm::<Sm80Tn128x256>::new(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let bad = in_place_with::<half::f16, f32>(&f32_out, shape, f16, |a, b, c, alpha, beta, s| f32_out.run(shape, a, b, c, alpha, beta, s));
    let f16_out = Sm80Gemm::<Sm80Tn128x256F16Cd>::new(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let bad16 = in_place_with::<half::f16, half::f16>(&f16_out, shape, f16, |a, b, c, alpha, beta, s| f16_out.run(shape, a, b, c, alpha, beta, s));
    println!("Sm80Gemm<Sm80Tn128x256> (f32 C): {bad} wrong; Sm80Gemm<Sm80Tn128x256F16Cd> (f16 C): {bad16} wrong");
    // bf16 A and B (half::bf16 buffers: fp16 ones do not compile), f32 and bf16 C
    let bf16_in = Sm80Gemm::<Sm80Tn128x256Bf16>::new(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let bad_b = in_place_with::<half::bf16, f32>(&bf16_in, shape, bf16, |a, b, c, alpha, beta, s| bf16_in.run(shape, a, b, c, alpha, beta, s));
    let bf16_all = Sm80Gemm::<Sm80Tn128x256Bf16Bf16Cd>::new(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let bad_bb = in_place_with::<half::bf16, half::bf16>(&bf16_all, shape, bf16, |a, b, c, alpha, beta, s| bf16_all.run(shape, a, b, c, alpha, beta, s));
    println!("Sm80Gemm<Sm80Tn128x256Bf16> (bf16 A, B, f32 C): {bad_b} wrong; Sm80Gemm<Sm80Tn128x256Bf16Bf16Cd> (bf16 C): {bad_bb} wrong");
    // tf32: f32 A, B and C (Sm80Gemm<Sm80Tn128x256Tf32>::run takes &CudaSlice<f32> A and B)
    let tf32 = Sm80Gemm::<Sm80Tn128x256Tf32>::new(&ctx).unwrap_or_else(|e| panic!("{e}"));
    let bad_t = in_place_with::<f32, f32>(&tf32, shape, |x| x, |a, b, c, alpha, beta, s| tf32.run(shape, a, b, c, alpha, beta, s));
    println!("Sm80Gemm<Sm80Tn128x256Tf32> (f32 A, B, C): {bad_t} wrong");
    assert_eq!((bad, bad16, bad_b, bad_bb, bad_t), (0, 0, 0, 0, 0));
}

/// A pretended SM count that splits problem `shape` of `g`'s tiles: `hint` (chosen for 128x256
/// tiles) when it does, else one SM fewer than the tiles (a last wave of one tile), or for one or
/// two tiles more SMs than twice the tiles (every tile split).
fn split_sms(g: &Sm80Launcher, (m, n, k): (usize, usize, usize), hint: usize) -> usize {
    let (bm, bn, bk) = g.cfg.tile;
    let (tiles, kt) = (m.div_ceil(bm) * n.div_ceil(bn), k.div_ceil(bk));
    [hint, tiles.saturating_sub(1), 2 * tiles + 1]
        .into_iter()
        .find(|&s| s > 0 && StreamKTail::plan(tiles, kt, s).is_some())
        .unwrap_or(hint)
}

#[test]
fn stream_k_plans() {
    // 5120x5120x4096 in 128x256 tiles on 132 SMs: 800 tiles = 6 full waves + 8 tiles, split 16 ways
    assert_eq!(StreamKTail::plan(800, 64, 132), Some(StreamKTail { first: 792, splits: 16 }));
    assert_eq!(StreamKTail { first: 792, splits: 16 }.ctas(800), 792 + 8 * 16);
    // 4096^3: 512 tiles = 3 waves + 116 (more than half full): no split
    assert_eq!(StreamKTail::plan(512, 64, 132), None);
    // whole waves: no split
    assert_eq!(StreamKTail::plan(264, 64, 132), None);
    // fewer tiles than half the SMs: all of them split (at least 4 k-tiles per unit)
    assert_eq!(StreamKTail::plan(32, 16, 132), Some(StreamKTail { first: 0, splits: 4 }));
    assert_eq!(StreamKTail::plan(32, 7, 132), None);
    assert_eq!(StreamKTail::plan(1, 1000, 132), Some(StreamKTail { first: 0, splits: 16 }));
}

#[test]
fn stream_k_tail() {
    let Some((_, arch, gemms)) =
        load_gemms(&["sm80_tn_128x256", "sm80_nt_128x256", "sm80_tn_128x256_f16acc", "sm80_tn_128x256_f16acc_f16cd", "sm80_tn_128x256_tf32"])
    else {
        return;
    };
    for (name, mut g) in gemms {
        let l = g.cfg.layouts();
        // (pretended SM count, case): whole tiles and a split last wave; a split of every tile
        // with M, N residues; a K residue (K % 64 != 0) in the last unit; C row-major; alpha/beta
        let cases = [
            (6, Sm80Case::packed_in((1000, 1000, 1024), l)),
            (64, Sm80Case { alpha: -0.75, beta: 1.25, ..Sm80Case::packed_in((300, 1100, 512), l) }),
            (64, Sm80Case::packed_in((257, 513, 520), l)),
            // C row-major with A and B exchanged: the layouts this configuration runs that way
            (6, Sm80Case::packed_in((1000, 1000, 1024), Layouts { a: g.cfg.b_major, b: g.cfg.a_major, c: Order::Row })),
            (9, Sm80Case { alpha: 0.5, beta: -1.5, ..Sm80Case::packed_in((640, 1024, 2048), l) }),
        ];
        for (sms, case) in &cases {
            let (m, n, k) = case.shape;
            let kernel_shape = if case.layouts.c == Order::Row { (n, m, k) } else { (m, n, k) };
            g.sms = split_sms(&g, kernel_shape, *sms);
            let sms = g.sms;
            let plan = g.stream_k_plan(kernel_shape, 1).unwrap_or_else(|| panic!("{name} {m}x{n}x{k} on {sms} SMs: no split"));
            for run in 0..2 {
                let r = tycute::gemm::sm80::check_case(&g, case).unwrap_or_else(|e| panic!("{name} {m}x{n}x{k}: {e}"));
                println!(
                    "{name} {arch} {m}x{n}x{k} {} on {sms} SMs, {plan:?}, run {run}: {} of {} checked wrong, {} unwritten, {} written outside",
                    case.layouts.name(),
                    r.wrong,
                    r.checked,
                    r.unwritten,
                    r.outside
                );
                assert_eq!((r.wrong, r.unwritten, r.outside), (0, 0, 0), "{name} {m}x{n}x{k} {plan:?}: {:?}", r.examples);
            }
        }
    }
}

/// The decode-sized GEMM (`kernels/skinny_gemm.cu`, `SkinnyGemm`: M <= 64, TN) against the f64
/// reference and cuBLAS, fp16 and bf16: M from 1 to 64 (both entry points), N and K residues of its 32 columns and 32-k
/// chunks, K not a multiple of 32, padded leading dimensions, alpha and beta with C; NaN in A's
/// and B's padding and D's, a sentinel around D. `TYCUTE_SKINNY_SMALL=1`: three cases (for
/// compute-sanitizer). On sm_80 and sm_90a GPUs.
#[test]
fn skinny_gemm_matches_the_cpu_on_the_gpu() {
    use tycute::gemm::skinny::{check_case, check_case_form, SkinnyForm, SkinnyGemm, SkinnyStrides};
    let ctx = match gpu::context() {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let small = std::env::var_os("TYCUTE_SKINNY_SMALL").is_some();
    let pk = SkinnyStrides::packed;
    let padded = |(_, n, k): (usize, usize, usize)| SkinnyStrides { lda: k + 8, ldb: k + 16, ldc: n + 3, ldd: n + 5 };
    let cases: Vec<((usize, usize, usize), SkinnyStrides, f32, f32)> = vec![
        ((1, 64, 64), pk((1, 64, 64)), 1.0, 0.0),
        ((5, 37, 40), padded((5, 37, 40)), 1.5, 0.5),
        ((16, 100, 264), pk((16, 100, 264)), 0.5, -1.0),
        ((1, 4096, 4096), pk((1, 4096, 4096)), 1.0, 0.0),
        ((3, 1, 8), pk((3, 1, 8)), 1.0, 0.0),
        ((8, 33, 4104), padded((8, 33, 4104)), 1.0, 0.25),
        ((9, 4099, 512), pk((9, 4099, 512)), 1.0, 0.0),
        ((16, 2048, 1024), padded((16, 2048, 1024)), -1.0, 1.0),
        ((12, 300, 2056), pk((12, 300, 2056)), 1.0, 0.0),
        // more CTAs than SMs and at most twice as many (132 SMs): CTAs of 4 warps, two a SM
        // (skinny_gemm_tn_w4), a residue of its 32 columns
        ((7, 5000, 1032), padded((7, 5000, 1032)), 1.0, 0.5),
        ((16, 5120, 2048), pk((16, 5120, 2048)), 1.0, 0.0),
        // 16 < M <= 64: four m16 tiles (skinny_gemm_tn_m64), rows past M in the second to fourth
        ((17, 100, 264), pk((17, 100, 264)), 1.0, 0.0),
        ((33, 37, 520), padded((33, 37, 520)), 1.5, 0.5),
        ((48, 4099, 64), pk((48, 4099, 64)), 1.0, 0.0),
        ((64, 2048, 1024), padded((64, 2048, 1024)), -1.0, 1.0),
    ];
    for e in [tycute::gemm::ElementCode::F16, tycute::gemm::ElementCode::Bf16] {
        let g = match SkinnyGemm::load(&ctx, e) {
            Ok(Some(g)) => g,
            Ok(None) => return eprintln!("skipped: no NVRTC and no TYCUTE_CUBIN_DIR"),
            Err(err) => panic!("{err}"),
        };
        for (shape, s, alpha, beta) in &cases[..if small { 3 } else { cases.len() }] {
            let r = check_case(&g, &ctx, *shape, s, *alpha, *beta).unwrap_or_else(|err| panic!("{err}"));
            let (m, n, k) = shape;
            println!(
                "skinny {} {m}x{n}x{k} {s:?} alpha {alpha} beta {beta}: {} of {} elements wrong, {} written outside D {:?}{}",
                e.name(), r.wrong, r.checked, r.outside, r.examples,
                r.cublas_rel_error.map_or(String::new(), |x| format!(" (cuBLAS: normwise {x:.1e}, {} elements differ)", r.cublas_differ))
            );
            assert_eq!((r.wrong, r.outside, r.checked), (0, 0, m * n), "skinny {} {m}x{n}x{k}: {:?}", e.name(), r.examples);
            // M <= 16 by each form of CTAs, whichever the launch API would take
            for form in if *m <= 16 { &[SkinnyForm::Warps8, SkinnyForm::Warps4, SkinnyForm::Cols16][..] } else { &[] } {
                let r = check_case_form(&g, &ctx, Some(*form), *shape, s, *alpha, *beta).unwrap_or_else(|err| panic!("{err}"));
                println!("skinny {} {m}x{n}x{k} {s:?} by {form:?}: {} of {} elements wrong, {} written outside D {:?}", e.name(), r.wrong, r.checked, r.outside, r.examples);
                assert_eq!((r.wrong, r.outside, r.checked), (0, 0, m * n), "skinny {} {m}x{n}x{k} by {form:?}: {:?}", e.name(), r.examples);
            }
        }
        // the warps' sums meet in a fixed order: two launches agree bit for bit
        for shape in [(16, 4096, 4096), (16, 5120, 4096), (64, 1024, 2048)] {
            let same = tycute::gemm::skinny::repeatable(&g, &ctx, shape).unwrap_or_else(|err| panic!("{err}"));
            println!("skinny {} {shape:?}: two launches {}", e.name(), if same { "bitwise equal" } else { "DIFFER" });
            assert!(same, "skinny {} {shape:?}: two launches differ", e.name());
        }
    }
}

/// Every sm80 configuration on problems drawn at random (`TYCUTE_RANDOM_SEED`,
/// `TYCUTE_RANDOM_CASES` per configuration, 12 unless set): each layout the configuration serves
/// (C column- or row-major), M, N and K log-uniform (1-3000, 1-3000, 1-8192), K and A's and B's
/// leading dimensions a multiple of 8 or not, C's and D's padded by any count, batches of 1-3 with
/// a shared C now and then, alpha and beta. A problem the direct launch refuses (K or a leading
/// dimension of A or B off the 16-byte rule) is refused with its rule and then runs through
/// `launch_staged`, as do some it takes; each exact against the f64 reference (every element up
/// to 10^8 multiply-adds a problem, a sample above), nothing written outside D.
#[test]
fn sm80_random_shapes() {
    let Some((_ctx, arch, gemms)) = load_gemms(&tycute::gemm::sm80::SM80_CONFIGS) else { return };
    let (seed, cases) = random::draws("sm80_random_shapes", 12);
    let mut r = random::Lcg(seed | 1);
    let mut next = move || r.next() as usize;
    let (mut exact, mut staged_after_refusal) = (0, 0);
    for (name, g) in &gemms {
        let cfg = &g.cfg;
        let served: Vec<Layouts> = Layouts::all().into_iter().filter(|l| (l.kernel_operands().0, l.kernel_operands().1) == (cfg.a_major, cfg.b_major)).collect();
        for i in 0..cases {
            let mut draw = random::Lcg(next() as u64);
            let (m, n, mut k) = (draw.log(1, 3000), draw.log(1, 3000), draw.log(1, 8192));
            let l = served[next() % served.len()];
            if next() % 10 < 7 {
                k = k.next_multiple_of(8);
            }
            let batch = if next() % 5 == 0 { 2 + next() % 2 } else { 1 };
            if m * n * k * batch > 400_000_000 {
                continue;
            }
            let p = Sm80Strides::packed_for((m, n, k), batch, &l);
            let [(ao, al), (bo, bl), (co, cl)] = l.extents((m, n, k));
            // A's and B's rows: packed (K or M/N exactly: odd where that is), padded by 8s, or by an odd count
            let mut ld = |len: usize| match next() % 4 {
                0 => len,
                1 => len + 1 + 2 * (next() % 4),
                _ => len.next_multiple_of(8) + 8 * (next() % 3),
            };
            let (lda, ldb) = (ld(al), ld(bl));
            let (ldc, ldd) = (cl + next() % 5, cl + next() % 9);
            let shared_c = batch > 1 && next() % 3 == 0;
            let strides = Sm80Strides {
                lda,
                ldb,
                ldc,
                ldd,
                batch_a: ao * lda + 8 * (next() % 2),
                batch_b: bo * ldb,
                batch_c: if shared_c { 0 } else { co * ldc },
                batch_d: co * ldd + next() % 7,
                ..p
            };
            let (alpha, beta) = ([1.0, 1.5, -0.75][next() % 3], [0.0, 0.0, 1.0, -1.5][next() % 4]);
            let sample = (m * n * k * batch > 100_000_000).then_some(20000);
            let mut case = Sm80Case { strides, alpha, beta, sample, staged: next() % 4 == 0, ..Sm80Case::packed_in((m, n, k), l) };
            if cfg.acc_bits == 16 && k > F16_ACC_EXACT_K {
                case.tolerance = Some(F16_ACC_TOLERANCE);
            }
            let what = format!("{name} {arch} random #{i} {m}x{n}x{k} {} batch {batch} lda {lda} ldb {ldb} ldc {ldc} ldd {ldd} alpha {alpha} beta {beta}", l.name());
            let r = match tycute::gemm::sm80::check_case(g, &case) {
                Ok(r) => r,
                Err(tycute::gemm::Error::Unsupported(why)) if !case.staged => {
                    // the direct launch's rules: K and A's and B's strides in 16-byte units; staged it runs
                    assert!(why.contains("multiple") || why.contains("launch_staged"), "{what}: refused without a rule: {why}");
                    staged_after_refusal += 1;
                    case.staged = true;
                    tycute::gemm::sm80::check_case(g, &case).unwrap_or_else(|e| panic!("{what} (staged after: {why}): {e}"))
                }
                Err(e) => panic!("{what}{}: {e}", if case.staged { " (staged)" } else { "" }),
            };
            println!("{what}{}: {} of {} checked wrong, {} unwritten, {} outside", if case.staged { " (staged)" } else { "" }, r.wrong, r.checked, r.unwritten, r.outside);
            assert_eq!((r.wrong, r.unwritten, r.outside), (0, 0, 0), "{what}: {:?}", r.examples);
            exact += 1;
        }
    }
    println!("sm80_random_shapes: {exact} exact ({staged_after_refusal} staged after the direct launch refused them)");
}
