//! The sm90 GEMM checked on the GPU: one problem (batch, strides, layouts, bias) run on exact
//! inputs with sentinels around D, against an f64 CPU reference and cuBLAS ([`Sm90Report`]), and
//! the in-place `run` against a separate D.

use tycute_cuda::cudarc::driver::CudaSlice;

use crate::bench::RandomHalves;
use crate::check::normwise;
use crate::cublas;
use crate::device::Stream;
use crate::elem::ElementCode;
use crate::error::driver;
use crate::layout::Order;
use crate::sm90::{Bias, BiasCase, Sm90Auto, Sm90Choice, Sm90Gemm, Sm90Strides};
use crate::staging::{Stage, Staged};
use crate::Result;

/// Runs `sm90_gemm_tn` at `m x n x k`, packed, row-major C and D (so n a multiple of 8), with
/// `alpha`, `beta`: [`check_case`]. Returns the number of wrong elements (written outside D and
/// unwritten ones included) and the first few.
pub fn check(g: &Sm90Gemm, shape: (usize, usize, usize), alpha: f32, beta: f32) -> Result<(usize, Vec<String>)> {
    let r = check_case(g, shape, &Sm90Strides::packed(shape, 1), alpha, beta)?;
    Ok((r.wrong + r.outside, r.examples))
}

/// What [`check_case`] found.
#[derive(Clone, Debug, Default)]
pub struct Sm90Report {
    /// Elements compared with the reference.
    pub checked: usize,
    /// Elements of the D matrices that differ from the reference (NaN, that is unwritten, included).
    pub wrong: usize,
    /// Elements of the D buffer outside the D matrices (a guard of [`GUARD`] halves before and
    /// after, the padding between rows or columns and between matrices) that no longer hold the
    /// sentinel.
    pub outside: usize,
    /// The first few wrong elements, described.
    pub examples: Vec<String>,
    /// For a single packed problem without a bias: the normwise relative difference of D from
    /// cuBLAS's (`cublasGemmEx`, the same layouts, fp32 compute, fp16 D, on the same device
    /// inputs), and how many elements differ bitwise; `None` elsewhere or without cuBLAS.
    pub cublas_rel_error: Option<f64>,
    /// See [`Sm90Report::cublas_rel_error`].
    pub cublas_differ: usize,
}

/// Halves of sentinel before and after the D matrices in [`check_case`] (a multiple of 8: D
/// stays 16-byte aligned).
pub const GUARD: usize = 1024;


/// Runs one problem (batch) of shape `(m, n, k)` with strides and layouts `s`: random A, B, C
/// (multiples of 1/64 in [-1, 1], exact in fp16 and bf16; every product and partial sum exact in f32 for K
/// <= 1024), NaN in their padding (and all of C when beta is 0: the kernel must not read it), D
/// poisoned with NaN inside its matrices and a sentinel NaN around them (a guard of [`GUARD`]
/// halves on each side, D passed as a view after it), one [`Sm90Gemm::launch_batched`], then every
/// element against an f64 reference rounded once to the configuration's element type (fp16 or
/// bf16): wrong when it differs from the exact value by more than half a unit in the last place
/// of that type (or is NaN).
pub fn check_case(g: &Sm90Gemm, shape: (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32) -> Result<Sm90Report> {
    check_case_bias(g, shape, s, alpha, beta, BiasCase::None)
}

/// [`check_case`] with a bias vector of random multiples of 1/64 in [-1, 1] added (its buffer
/// exactly the vector's length: compute-sanitizer reports a read past it).
pub fn check_case_bias(g: &Sm90Gemm, shape: (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32, bias: BiasCase) -> Result<Sm90Report> {
    Ok(check_any(Launcher::Direct(g), shape, s, alpha, beta, bias)?.0)
}

/// [`check_case`] through [`Sm90Gemm::launch_staged`]: strides the TMA cannot read as they are
/// (K or N odd in packed matrices, leading dimensions not multiples of 8) or reads at half speed;
/// also returns what the launch staged.
pub fn check_case_staged(g: &Sm90Gemm, shape: (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32) -> Result<(Sm90Report, Staged)> {
    let (r, how) = check_any(Launcher::Staged(g), shape, s, alpha, beta, BiasCase::None)?;
    let direct = Staged { a: Stage::Direct, b: Stage::Direct, cd: Stage::Direct };
    Ok((r, match how {
        Some(Sm90Choice::Sm90 { staged, .. }) => staged,
        _ => direct,
    }))
}

/// [`check_case_bias`] through [`Sm90Auto::launch`] (the launch API's choice of kernel); also
/// returns the choice.
pub fn check_case_auto(auto: &Sm90Auto, shape: (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32, bias: BiasCase) -> Result<(Sm90Report, Sm90Choice)> {
    let (r, how) = check_any(Launcher::Auto(auto), shape, s, alpha, beta, bias)?;
    Ok((r, how.ok_or_else(|| crate::error::unsupported("Sm90Auto: no choice reported".to_string()))?))
}

/// Who launches a checked problem.
#[derive(Clone, Copy)]
enum Launcher<'a> {
    /// `Sm90Gemm::launch_bias`: the strides as they are.
    Direct(&'a Sm90Gemm),
    /// `Sm90Gemm::launch_staged`.
    Staged(&'a Sm90Gemm),
    /// `Sm90Auto::launch`.
    Auto(&'a Sm90Auto),
}

#[allow(clippy::too_many_arguments)]
fn check_any(who: Launcher<'_>, (m, n, k): (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32, bias: BiasCase) -> Result<(Sm90Report, Option<Sm90Choice>)> {
    if let Launcher::Direct(_) = who {
        s.check((m, n, k))?;
    } else {
        s.check_fit((m, n, k))?;
    }
    // the kernels' element type (A, B, C, D, bias: fp16 or bf16); the sentinel around D: a
    // NaN of that type with a payload the kernel does not produce, the poison inside: its quiet NaN
    let (e, ctx): (ElementCode, &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>) = match who {
        Launcher::Direct(g) | Launcher::Staged(g) => (g.config.element()?, g.ctx()),
        Launcher::Auto(a) => (a.element(), a.ctx()),
    };
    let (sentinel, poison) = e.nan16();
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % 129) as f32 / 64.0 - 1.0
    };
    let ext = s.extents((m, n, k));
    // X: `rows` rows of `len` elements, `ld` apart, `batch` matrices `z` apart (or one when z is 0)
    let mut fill = |len_total: usize, rows: usize, len: usize, ld: usize, z: usize, nan: bool| -> Vec<f32> {
        let mut v = vec![f32::NAN; len_total];
        for b in 0..if z == 0 { 1 } else { s.batch } {
            for r in 0..rows {
                for x in 0..len {
                    v[b * z + r * ld + x] = if nan { f32::NAN } else { next() };
                }
            }
        }
        v
    };
    let (cr, cc) = s.cd.stored((m, n));
    let (ar, ac) = s.a.stored((m, k));
    let (br, bc) = s.b.stored((n, k));
    let a = fill(ext[0], ar, ac, s.lda, s.batch_a, false);
    let b = fill(ext[1], br, bc, s.ldb, s.batch_b, false);
    let c = fill(ext[2], cr, cc, s.ldc, s.batch_c, beta == 0.0);
    // index of element (i, j) of matrix z of C or D
    let at = |z: usize, zs: usize, ld: usize, i: usize, j: usize| z * zs + s.cd.offset(ld, i, j);
    let bits = |v: &[f32]| v.iter().map(|&x| e.bits16(x)).collect::<Vec<u16>>();
    let stream = ctx.default_stream();
    let da = stream.clone_htod(&bits(&a)).map_err(driver("A"))?;
    let db = stream.clone_htod(&bits(&b)).map_err(driver("B"))?;
    let dc = stream.clone_htod(&bits(&c)).map_err(driver("C"))?;
    // the bias: its length, one per problem or shared
    let (blen, bper) = match bias {
        BiasCase::None => (0, false),
        BiasCase::Row { per_problem } => (m, per_problem && s.batch > 1),
        BiasCase::Col { per_problem } => (n, per_problem && s.batch > 1),
    };
    let bias_len = if bper { blen * s.batch } else { blen };
    let bv: Vec<f32> = (0..bias_len).map(|_| next()).collect();
    let bias_at = |z: usize, i: usize, j: usize| -> f64 {
        let zz = if bper { z * blen } else { 0 };
        match bias {
            BiasCase::None => 0.0,
            BiasCase::Row { .. } => bv[zz + i] as f64,
            BiasCase::Col { .. } => bv[zz + j] as f64,
        }
    };
    // exactly the vector's length: a read past it is compute-sanitizer's out-of-bounds error
    let dbias = if bias_len == 0 { None } else { Some(stream.clone_htod(&bits(&bv)).map_err(driver("bias"))?) };
    let mut d0 = vec![sentinel; ext[3] + 2 * GUARD];
    let mut inside = vec![false; d0.len()];
    for z in 0..s.batch {
        for i in 0..m {
            for j in 0..n {
                let x = GUARD + at(z, s.batch_d, s.ldd, i, j);
                d0[x] = poison;
                inside[x] = true;
            }
        }
    }
    let mut dd = stream.clone_htod(&d0).map_err(driver("D"))?;
    let how = {
        let mut view = dd.slice_mut(GUARD..GUARD + ext[3]);
        let b = match (bias, &dbias) {
            (BiasCase::Row { .. }, Some(v)) => Bias::Row(v),
            (BiasCase::Col { .. }, Some(v)) => Bias::Col(v),
            _ => Bias::None,
        };
        match who {
            Launcher::Direct(g) => {
                g.launch_bias(&stream, (m, n, k), s, &da, &db, &dc, &mut view, alpha, beta, b)?;
                None
            }
            Launcher::Staged(g) => Some(Sm90Choice::Sm90 { config: g.config, staged: g.launch_staged(&stream, (m, n, k), s, &da, &db, &dc, &mut view, alpha, beta, b)? }),
            Launcher::Auto(a) => Some(a.launch(&stream, (m, n, k), s, &da, &db, &dc, &mut view, alpha, beta, b)?),
        }
    };
    let d = stream.clone_dtoh(&dd).map_err(driver("D back"))?;
    let mut r = Sm90Report::default();
    if bias == BiasCase::None {
        if let Some(dc) = cublas_same_problem(&stream, e, (m, n, k), s, &da, &db, &dc, alpha, beta)? {
            // every element of D (a packed single problem: D is d[GUARD..]); exact inputs, so
            // both sums are exact in f32 and rounded once to the element type
            let (mut e2, mut c2) = (0.0f64, 0.0f64);
            for (&x, &y) in d[GUARD..GUARD + dc.len()].iter().zip(&dc) {
                let (xv, yv) = (e.value16(x), e.value16(y));
                e2 += (xv - yv) * (xv - yv);
                c2 += yv * yv;
                r.cublas_differ += usize::from(x != y);
            }
            let rel = normwise(e2, c2);
            let limit = crate::check::cublas_limit(e);
            if !(rel <= limit) {
                r.wrong += 1;
                r.examples.push(format!("normwise relative difference from cuBLAS {rel:.3e} is above {limit:.1e}"));
            }
            r.cublas_rel_error = Some(rel);
        }
    }
    for (x, (&h, &ins)) in d.iter().zip(&inside).enumerate() {
        if !ins && h != sentinel {
            r.outside += 1;
            if r.examples.len() < 5 {
                r.examples.push(format!("D buffer element {x} (guard {GUARD}) outside the matrices was written: {:#06x}", h));
            }
        }
    }
    for z in 0..s.batch {
        let (za, zb) = (if s.batch_a == 0 { 0 } else { z }, if s.batch_b == 0 { 0 } else { z });
        let zc = if s.batch_c == 0 { 0 } else { z };
        let (a0, b0) = (za * s.batch_a, zb * s.batch_b);
        for i in 0..m {
            let ra: Vec<f64> = (0..k).map(|kk| a[a0 + s.a.offset(s.lda, i, kk)] as f64).collect();
            for j in 0..n {
                let dot: f64 = (0..k).map(|kk| ra[kk] * b[b0 + s.b.offset(s.ldb, j, kk)] as f64).sum();
                let cv = if beta == 0.0 { 0.0 } else { c[at(zc, s.batch_c, s.ldc, i, j)] as f64 };
                let want = alpha as f64 * dot + beta as f64 * cv + bias_at(z, i, j);
                let got = e.value16(d[GUARD + at(z, s.batch_d, s.ldd, i, j)]);
                // half a unit in the last place of the element type (unit roundoff u = 2^-11
                // fp16, 2^-8 bf16), and a little for the f32 sums' order
                let tol = want.abs() * (e.unit_roundoff() + 2f64.powi(-20)) + 2f64.powi(-24);
                r.checked += 1;
                if !(got - want).abs().le(&tol) {
                    r.wrong += 1;
                    if r.examples.len() < 5 {
                        r.examples.push(format!("D{z}({i},{j}) = {got}, want {want}"));
                    }
                }
            }
        }
    }
    Ok((r, how))
}

/// cuBLAS's D (halves) for one packed problem of [`check_case_bias`] on the same device inputs
/// (`cublasGemmEx` with the layouts' ops, fp32 compute, `alpha`, `beta`; row-major D as the
/// column-major `D^T = B A^T`), or `None` where the comparison does not apply (a batch, strides
/// other than packed) or cuBLAS is absent.
#[allow(clippy::too_many_arguments)]
fn cublas_same_problem(
    stream: &Stream,
    e: ElementCode,
    (m, n, k): (usize, usize, usize),
    s: &Sm90Strides,
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    c: &CudaSlice<u16>,
    alpha: f32,
    beta: f32,
) -> Result<Option<Vec<u16>>> {
    if *s != Sm90Strides::packed_layout((m, n, k), 1, s.a, s.b, s.cd) || !cublas::available() {
        return Ok(None);
    }
    let Ok(blas) = cublas::handle(stream) else { return Ok(None) };
    let (rows, cols, x, y, mx, my) = match s.cd {
        Order::Col => (m, n, a, b, s.a, s.b),
        Order::Row => (n, m, b, a, s.b, s.a),
    };
    let mut out = stream.clone_dtod(c).map_err(driver("cuBLAS C"))?;
    let t = cublas::data_type(e);
    cublas::gemm_ops(&blas, stream, (rows, cols, k), (mx, my), x, y, &mut out, t, t, (alpha, beta))?;
    stream.clone_dtoh(&out).map(Some).map_err(driver("cuBLAS D back"))
}

/// [`Sm90Gemm::run`] in place at `(m, n, k)` against [`Sm90Gemm::launch`] into a separate D on
/// the same random inputs (multiples of 1/64): the number of elements that differ (bitwise).
pub fn check_run_in_place(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), alpha: f32, beta: f32) -> Result<usize> {
    let stream = g.ctx().default_stream();
    let mut random = RandomHalves::of(g.config.element()?);
    let da = stream.clone_htod(&random.take(m * k)).map_err(driver("A"))?;
    let db = stream.clone_htod(&random.take(n * k)).map_err(driver("B"))?;
    let c0 = random.take(m * n);
    let dc = stream.clone_htod(&c0).map_err(driver("C"))?;
    let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, alpha, beta)?;
    let mut inplace = stream.clone_htod(&c0).map_err(driver("C"))?;
    g.run((m, n, k), &da, &db, &mut inplace, alpha, beta, &stream)?;
    let want = stream.clone_dtoh(&dd).map_err(driver("D back"))?;
    let got = stream.clone_dtoh(&inplace).map_err(driver("C back"))?;
    Ok(want.iter().zip(&got).filter(|(x, y)| x != y).count())
}

