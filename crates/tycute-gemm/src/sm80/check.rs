//! The sm80 GEMM checked on the GPU: one problem ([`Sm80Case`]) run on exact or random inputs
//! with sentinels around D, against an f64 CPU reference and cuBLAS ([`Sm80Report`]).

use crate::check::normwise;
use crate::cublas;
use crate::device::{Slice, Stream};
use crate::elem::{ElementCode, GemmElem};
use crate::error::{driver, unsupported};
use crate::layout::{Layouts, Order};
use crate::sm80::{Sm80Launcher, Sm80Strides};
use crate::Result;

/// Runs `sm80_gemm_tn` on random inputs of shape `m x n x k` (multiples of 1/4 in [-2, 2], exact
/// in fp16 and bf16, so every product and sum is exact in fp32) with alpha = 1.5, beta = 0.5, output poisoned with NaN
/// first, and compares with an f64 CPU reference. Returns the number of wrong (or unwritten)
/// elements, and counts a write outside D as wrong too.
pub fn check(g: &Sm80Launcher, m: usize, n: usize, k: usize) -> Result<usize> {
    let r = check_case(g, &Sm80Case::packed((m, n, k)))?;
    Ok(r.wrong + r.unwritten + r.outside)
}

/// One checked problem of [`check_case`].
#[derive(Clone, Debug)]
pub struct Sm80Case {
    /// (m, n, k).
    pub shape: (usize, usize, usize),
    /// Leading dimensions and batch; padding between rows, columns and matrices is poisoned.
    pub strides: Sm80Strides,
    /// D = alpha * A * B^T + beta * C.
    pub alpha: f32,
    /// With beta = 0, C is all NaN: the kernel must not read it.
    pub beta: f32,
    /// `None`: every element against the reference; `Some(s)`: the first and last row and
    /// column of each matrix and `s` random elements (every element is still checked for being
    /// written, and the memory around D for not being written).
    pub sample: Option<usize>,
    /// The layouts of A, B and C/D (the strides are read in them).
    pub layouts: Layouts,
    /// `None`: exact inputs (see [`check_case`]), every checked element must equal the
    /// reference (rounded to D's type). `Some(t)`: random normal inputs (rounded to fp16, C to
    /// its type), and the checked elements' normwise relative error
    /// `||D - ref||_2 / ||ref||_2` must be at most `t` (for fp16 accumulation, whose sums are
    /// not exact; [`Sm80Report::rel_error`]).
    pub tolerance: Option<f64>,
    /// Through [`Sm80Launcher::launch_staged`] (any K and leading dimensions of A and B) rather
    /// than `launch_layouts`.
    pub staged: bool,
}

impl Sm80Case {
    /// One packed TN problem, alpha = 1.5, beta = 0.5, every element checked.
    pub fn packed(shape: (usize, usize, usize)) -> Sm80Case {
        Sm80Case { shape, strides: Sm80Strides::packed(shape, 1), alpha: 1.5, beta: 0.5, sample: None, layouts: Layouts::TN, tolerance: None, staged: false }
    }

    /// One problem in layouts `l`, packed as the kernel allows ([`Sm80Strides::packed_for`]).
    pub fn packed_in(shape: (usize, usize, usize), l: Layouts) -> Sm80Case {
        Sm80Case { strides: Sm80Strides::packed_for(shape, 1, &l), layouts: l, ..Sm80Case::packed(shape) }
    }
}

/// What [`check_case`] found.
#[derive(Clone, Debug, Default)]
pub struct Sm80Report {
    /// Elements compared with the reference.
    pub checked: usize,
    /// Compared elements that differ (NaN included).
    pub wrong: usize,
    /// Elements of the D matrices left NaN (unwritten).
    pub unwritten: usize,
    /// Elements of the D buffer outside the D matrices (a guard of [`GUARD`] floats before and
    /// after, the padding between columns and between matrices) that no longer hold the sentinel.
    pub outside: usize,
    /// The first few wrong elements, described.
    pub examples: Vec<String>,
    /// `||D - ref||_2 / ||ref||_2` over the checked elements.
    pub rel_error: f64,
    /// `||D - D_cuBLAS||_2 / ||D_cuBLAS||_2` over all of D, where cuBLAS (`cublasGemmEx`, the same
    /// inputs, layouts, alpha, beta, accumulation and D type) computed the problem too: a single
    /// packed problem, and cuBLAS present; `None` otherwise. It counts in `wrong` when above the
    /// case's tolerance (exact inputs: 1e-6, both being exact; 1e-3 with fp16 accumulation,
    /// where cuBLAS rounds alpha * acc and beta * C in fp16 and the kernel their fp32 sum).
    pub cublas_rel_error: Option<f64>,
}

/// Elements of sentinel before and after the D matrices in [`check_case`].
pub const GUARD: usize = 1024;


/// The largest K at which fp16 accumulation of [`check_case`]'s exact inputs is exact: A and
/// B in {-1, 0, 1}, so every partial sum is an integer of magnitude at most K, and the integers
/// up to 2048 are fp16 values.
pub const F16_ACC_EXACT_K: usize = 2048;

/// Runs one [`Sm80Case`]: random A, B, C (padding NaN), D and a guard of [`GUARD`] elements on
/// each side filled with a NaN sentinel, one launch through [`Sm80Launcher::launch_layouts`] (D passed as
/// a view after the guard), then an f64 CPU reference. A and B are of the configuration's input
/// type (fp16 or bf16; f32 for tf32), C and D of its output type (fp32, fp16 or bf16).
///
/// Exact inputs (`case.tolerance == None`): A and B multiples of 1/4 in [-2, 2] (exact in fp16,
/// bf16 and tf32, and, summed, in fp32) with fp32 accumulation; with fp16 accumulation A and B in {-1, 0, 1} and
/// K at most [`F16_ACC_EXACT_K`] (every partial sum an fp16 integer); C multiples of 1/4 in
/// [-2, 2]. alpha * acc + beta * C is then exact in fp32, so D (rounded once to fp16 for fp16 D,
/// or bf16 D, as the reference is) must equal the reference.
pub fn check_case(g: &Sm80Launcher, case: &Sm80Case) -> Result<Sm80Report> {
    match g.cfg.element_cd {
        ElementCode::F16 => check_case_typed::<half::f16>(g, case),
        ElementCode::Bf16 => check_case_typed::<half::bf16>(g, case),
        ElementCode::F32 => check_case_typed::<f32>(g, case),
    }
}

fn check_case_typed<T: GemmElem>(g: &Sm80Launcher, case: &Sm80Case) -> Result<Sm80Report> {
    let (m, n, k) = case.shape;
    let s = &case.strides;
    let l = &case.layouts;
    if !case.staged {
        s.check_layouts(&g.cfg, case.shape, l)?;
    }
    let f16_acc = g.cfg.acc_bits == 16;
    if case.tolerance.is_none() && f16_acc && k > F16_ACC_EXACT_K {
        return Err(unsupported(format!(
            "{}: fp16 accumulation is exact on the check's inputs up to K = {F16_ACC_EXACT_K}, not {k} (give the case a tolerance)",
            g.cfg.name
        )));
    }
    let [(ao, al), (bo, bl), (co, cl)] = l.extents(case.shape);
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let next = |seed: &mut u64| {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    };
    // a standard normal (Box-Muller on two 31-bit uniforms)
    let normal = |seed: &mut u64| {
        let (u, v) = ((next(seed) as f64 + 0.5) / (1u64 << 31) as f64, (next(seed) as f64 + 0.5) / (1u64 << 31) as f64);
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    };
    let ab = g.cfg.element_ab;
    // element values: A and B as their type (fp16 or bf16) represents them; C as T does
    let mut value = |what: char| -> f32 {
        match (case.tolerance, what) {
            (Some(_), 'c') => T::from_f64(normal(&mut seed)).to_f64() as f32,
            (Some(_), _) => ab.round(normal(&mut seed)) as f32,
            (None, 'c') => (next(&mut seed) % 17) as f32 / 4.0 - 2.0,
            (None, _) if f16_acc => (next(&mut seed) % 3) as f32 - 1.0,
            (None, _) => (next(&mut seed) % 17) as f32 / 4.0 - 2.0,
        }
    };
    // X (rows, len) with row stride ld, batch stride z: random inside, NaN between
    let mut fill = |what: char, rows: usize, len: usize, ld: usize, z: usize, inside_nan: bool| -> Vec<f32> {
        let total = s.extent(rows, len, ld, z);
        let mut v = vec![f32::NAN; total];
        for b in 0..s.batch {
            for r in 0..rows {
                for x in 0..len {
                    v[b * z + r * ld + x] = if inside_nan { f32::NAN } else { value(what) };
                }
            }
        }
        v
    };
    let [la, lb, _, _] = s.lens(l, case.shape);
    let mut a = fill('a', ao, al, s.lda, s.batch_a, false);
    let mut b = fill('b', bo, bl, s.ldb, s.batch_b, false);
    // an M-/N-major operand's buffer holds its last column rounded up to 8 rows (NaN)
    a.resize(la, f32::NAN);
    b.resize(lb, f32::NAN);
    let c = fill('c', co, cl, s.ldc, s.batch_c, case.beta == 0.0);
    let d_len = s.extent(co, cl, s.ldd, s.batch_d);
    // element offsets: A(i,kk), B(j,kk), C/D(i,j) with outer stride ld
    let at_a = |i: usize, kk: usize| l.a.offset(s.lda, i, kk);
    let at_b = |j: usize, kk: usize| l.b.offset(s.ldb, j, kk);
    let at_c = |i: usize, j: usize, ld: usize| l.c.offset(ld, i, j);
    let halves = |x: &[f32]| -> Vec<u16> { x.iter().map(|&v| ab.bits16(v)).collect() };
    // the sentinel around (and the poison inside) D: a NaN of D's type with a payload no
    // arithmetic produces
    let sentinel = T::from_bits(T::SENTINEL);
    let stream = g.ctx().default_stream();
    let dc = stream.clone_htod(&c.iter().map(|&x| T::from_f64(x as f64)).collect::<Vec<T>>()).map_err(driver("C"))?;
    let mut dd = stream.clone_htod(&vec![sentinel; d_len + 2 * GUARD]).map_err(driver("D"))?;
    // A and B: 16-bit values as their bits, or (tf32) the f32 values themselves
    let d_cublas = if g.cfg.tf32() {
        let da = stream.clone_htod(&a).map_err(driver("A"))?;
        let db = stream.clone_htod(&b).map_err(driver("B"))?;
        launch_and_cublas::<f32, T>(g, case, &stream, &da, &db, &dc, &mut dd, d_len)?
    } else {
        let da = stream.clone_htod(&halves(&a)).map_err(driver("A"))?;
        let db = stream.clone_htod(&halves(&b)).map_err(driver("B"))?;
        launch_and_cublas::<u16, T>(g, case, &stream, &da, &db, &dc, &mut dd, d_len)?
    };
    let d: Vec<T> = stream.clone_dtoh(&dd).map_err(driver("D back"))?;

    let mut r = Sm80Report::default();
    // writes outside the matrices, and unwritten elements inside
    let mut inside = vec![false; d.len()];
    for z in 0..s.batch {
        for j in 0..n {
            for i in 0..m {
                let at = GUARD + z * s.batch_d + at_c(i, j, s.ldd);
                inside[at] = true;
                if d[at].to_f64().is_nan() {
                    r.unwritten += 1;
                }
            }
        }
    }
    for (at, (&x, &ins)) in d.iter().zip(&inside).enumerate() {
        if !ins && x.bits() != sentinel.bits() {
            r.outside += 1;
            if r.examples.len() < 8 {
                r.examples.push(format!("D buffer element {at} (guard {GUARD}, ldd {}) outside the matrices was written: {}", s.ldd, x.to_f64()));
            }
        }
    }
    // the reference on the chosen elements
    let mut pick: Vec<(usize, usize, usize)> = Vec::new();
    match case.sample {
        None => (0..s.batch).for_each(|z| (0..n).for_each(|j| (0..m).for_each(|i| pick.push((z, i, j))))),
        Some(count) => {
            for z in 0..s.batch {
                for i in 0..m {
                    pick.push((z, i, 0));
                    pick.push((z, i, n - 1));
                }
                for j in 0..n {
                    pick.push((z, 0, j));
                    pick.push((z, m - 1, j));
                }
            }
            for _ in 0..count {
                let x = next(&mut seed) as usize;
                pick.push((x % s.batch, (x / s.batch) % m, next(&mut seed) as usize % n));
            }
        }
    }
    let (mut err2, mut ref2) = (0.0f64, 0.0f64);
    for (z, i, j) in pick {
        let dot: f64 = (0..k).map(|kk| a[z * s.batch_a + at_a(i, kk)] as f64 * b[z * s.batch_b + at_b(j, kk)] as f64).sum();
        let mut want = case.alpha as f64 * dot;
        if case.beta != 0.0 {
            want += case.beta as f64 * c[z * s.batch_c + at_c(i, j, s.ldc)] as f64;
        }
        // D's type: the exact value rounded once (fp16 D)
        let want = T::from_f64(want).to_f64();
        let got = d[GUARD + z * s.batch_d + at_c(i, j, s.ldd)].to_f64();
        r.checked += 1;
        err2 += (got - want) * (got - want);
        ref2 += want * want;
        let bad = match case.tolerance {
            None => !(got - want).abs().le(&(1e-6 * want.abs().max(1.0))),
            Some(_) => got.is_nan(),
        };
        if bad {
            r.wrong += 1;
            if r.examples.len() < 8 {
                r.examples.push(format!("D[{z}][{i},{j}] = {got}, want {want}"));
            }
        }
    }
    r.rel_error = normwise(err2, ref2);
    if let Some(dc) = d_cublas {
        // cuBLAS's D against ours, every element (a packed single problem: D is d[GUARD..])
        let (mut e2, mut c2) = (0.0f64, 0.0f64);
        for (x, y) in d[GUARD..GUARD + dc.len()].iter().zip(&dc) {
            let (x, y) = (x.to_f64(), y.to_f64());
            e2 += (x - y) * (x - y);
            c2 += y * y;
        }
        let rel = normwise(e2, c2);
        // exact inputs: both exact (fp32 accumulation), except that cuBLAS's fp16 compute also
        // rounds alpha * acc and beta * C in fp16, where the kernel rounds the fp32 sum once
        let bound = case.tolerance.unwrap_or(if f16_acc { 1e-3 } else { 1e-6 });
        if !(rel <= bound) {
            r.wrong += 1;
            r.examples.push(format!("normwise relative difference from cuBLAS {rel:.3e} is above {bound:.1e}"));
        }
        r.cublas_rel_error = Some(rel);
    }
    if let Some(t) = case.tolerance {
        if !(r.rel_error <= t) {
            r.wrong += 1;
            r.examples.push(format!("normwise relative error {:.3e} over {} elements is above the tolerance {t:.1e}", r.rel_error, r.checked));
        }
    }
    Ok(r)
}

/// One launch of [`check_case`]'s problem into `dd` (D a view after the guard), then cuBLAS's D
/// ([`cublas_same_problem`]).
#[allow(clippy::too_many_arguments)]
fn launch_and_cublas<I: crate::sm80::InputElem, T: GemmElem>(
    g: &Sm80Launcher,
    case: &Sm80Case,
    stream: &Stream,
    da: &Slice<I>,
    db: &Slice<I>,
    dc: &Slice<T>,
    dd: &mut Slice<T>,
    d_len: usize,
) -> Result<Option<Vec<T>>> {
    {
        let mut view = dd.slice_mut(GUARD..GUARD + d_len);
        if case.staged {
            g.launch_staged(stream, case.shape, &case.layouts, &case.strides, da, db, dc, &mut view, case.alpha, case.beta)?;
        } else {
            g.launch_layouts(stream, case.shape, &case.layouts, &case.strides, da, db, dc, &mut view, case.alpha, case.beta)?;
        }
    }
    cublas_same_problem::<I, T>(g, case, stream, da, db, dc)
}

/// cuBLAS's D for the problem of `case` on the same device inputs (`cublasGemmEx`, the layouts'
/// ops, fp32 compute, fp16 compute for fp16 accumulators, or TF32 tensor cores
/// (`CUBLAS_COMPUTE_32F_FAST_TF32`) for tf32 A and B; row-major C as the exchanged
/// problem, as the kernel runs it), or `None` where the comparison does not apply: a batch,
/// strides other than packed, fp16 accumulation with fp32 D (cuBLAS's fp16 compute writes fp16
/// only), or no cuBLAS on the machine.
fn cublas_same_problem<I: crate::sm80::InputElem, T: GemmElem>(
    g: &Sm80Launcher,
    case: &Sm80Case,
    stream: &Stream,
    da: &Slice<I>,
    db: &Slice<I>,
    dc: &Slice<T>,
) -> Result<Option<Vec<T>>> {
    let (m, n, k) = case.shape;
    let l = &case.layouts;
    let f16_acc = g.cfg.acc_bits == 16;
    // cublasGemmEx has no bf16-input GEMM with fp16 C/D: the f64 reference alone checks those
    let bf16_in_f16_out = g.cfg.element_ab == ElementCode::Bf16 && T::CODE == ElementCode::F16;
    if case.strides != Sm80Strides::packed_for(case.shape, 1, l) || (f16_acc && T::BITS != 16) || bf16_in_f16_out {
        return Ok(None);
    }
    // an M-/N-major operand's packed leading dimension is rounded up to 8 (cuBLAS takes it as
    // the extent itself): compare only where the two agree
    let [(_, al), (_, bl), _] = l.extents(case.shape);
    if case.strides.lda != al || case.strides.ldb != bl {
        return Ok(None);
    }
    let Ok(blas) = cublas::handle(stream) else { return Ok(None) };
    let (rows, cols, x, y, mx, my) =
        if l.c == Order::Col { (m, n, da, db, l.a, l.b) } else { (n, m, db, da, l.b, l.a) };
    let mut out = stream.clone_dtod(dc).map_err(driver("cuBLAS C"))?;
    let (ab_type, d_type) = (cublas::data_type(g.cfg.element_ab), cublas::data_type(T::CODE));
    cublas::gemm_with(&blas, stream, (rows, cols, k), (mx, my), x, y, &mut out, ab_type, d_type, (case.alpha, case.beta), cublas::compute_of(&g.cfg))?;
    stream.clone_dtoh(&out).map(Some).map_err(driver("cuBLAS D back"))
}

