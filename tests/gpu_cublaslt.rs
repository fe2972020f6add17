//! On a GPU: the yardstick of the fp8 and tf32 GEMMs, `tycute::gemm::cublaslt::CublasLt`, against
//! an f64 reference, so that a ratio against it compares like with like.
//!
//! * fp8: e4m3 x e4m3 and e4m3 x e5m2, per-tensor scales as device scalars, D of bf16, fp16 and
//!   fp32, D row- and column-major, with and without `FAST_ACCUM`; shapes with residues against
//!   any tile (K a multiple of 16 and D's rows a multiple of 16 bytes, as cuBLASLt's fp8 form
//!   needs; the refusal of others before any GPU work).
//! * tf32: fp32 A and B in all four layouts, fp32 D in both orders.
//!
//! The reference is f64 on the very values the GPU reads (the fp8 codes' values; the fp32 inputs).
//! Each element of D must lie within a bound derived here from the formats: with
//! `P = scale_a scale_b (|A| |B|^T)_ij` (the products' magnitudes),
//! `|D - ref| <= (e_in + K u_acc) P + u_D |ref|`, where `e_in` is the inputs' rounding (0 for fp8:
//! products of two fp8 values are exact in fp32; `2^-10` per input for tf32, so `2^-9`, which
//! covers rounding to nearest and truncation), `u_acc` the accumulation's unit roundoff (`2^-24`
//! for tf32's fp32 accumulation; `2^-13` for fp8, whose tensor-core accumulation keeps about 14
//! bits, DeepGEMM's measurement: without `FAST_ACCUM` cuBLASLt adds the tensor core's partial sums
//! into fp32 registers every few k-blocks, which helps at large K but not within a block; on the
//! H100 a 64x64x64 bf16 D was off by one bf16 ulp, more than fp32 accumulation allows) and `u_D`
//! D's (`2^-24`, `2^-11`, `2^-8` for fp32, fp16, bf16). D is poisoned with NaN before each call and
//! followed by a guard of 64 sentinel elements that must stay. Each case prints its worst error as
//! a share of its bound.
//!
//! Without a GPU or cuBLASLt it prints why and passes.

use half::{bf16, f16};
use tycute::gemm::cublaslt::{self, CublasLt, LtFp8, LtOut};
use tycute::gemm::fp8::{quantize, E4m3, E5m2};
use tycute::gemm::{Major, Order};
use tycute_cuda::cudarc::driver::{CudaStream, DeviceRepr, ValidAsZeroBits};
use tycute_cuda::gpu;

/// Elements after D that must keep their sentinel.
const GUARD: usize = 64;

/// A deterministic generator (xorshift64*), values roughly normal (sum of four uniforms).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn normal(&mut self) -> f32 {
        ((self.next() + self.next() + self.next() + self.next() - 2.0) * 3f64.sqrt()) as f32
    }
}

/// An element type of D as the test reads it back.
trait Out: LtOut + ValidAsZeroBits + Copy + Default + Unpin + 'static {
    /// Unit roundoff.
    const U: f64;
    fn nan() -> Self;
    fn sentinel() -> Self;
    fn value(self) -> f64;
    fn same_bits(self, other: Self) -> bool;
}
impl Out for f32 {
    const U: f64 = 1.0 / (1u64 << 24) as f64;
    fn nan() -> f32 {
        f32::NAN
    }
    fn sentinel() -> f32 {
        -12345.0
    }
    fn value(self) -> f64 {
        self as f64
    }
    fn same_bits(self, o: f32) -> bool {
        self.to_bits() == o.to_bits()
    }
}
impl Out for f16 {
    const U: f64 = 1.0 / 2048.0;
    fn nan() -> f16 {
        f16::NAN
    }
    fn sentinel() -> f16 {
        f16::from_f32(-1234.0)
    }
    fn value(self) -> f64 {
        self.to_f64()
    }
    fn same_bits(self, o: f16) -> bool {
        self.to_bits() == o.to_bits()
    }
}
impl Out for bf16 {
    const U: f64 = 1.0 / 256.0;
    fn nan() -> bf16 {
        bf16::NAN
    }
    fn sentinel() -> bf16 {
        bf16::from_f32(-1234.0)
    }
    fn value(self) -> f64 {
        self.to_f64()
    }
    fn same_bits(self, o: bf16) -> bool {
        self.to_bits() == o.to_bits()
    }
}

/// The GPU's stream and a cuBLASLt handle, or why there are none (the test then passes).
fn setup() -> Result<(std::sync::Arc<CudaStream>, CublasLt), String> {
    let ctx = gpu::context().map_err(|e| format!("no GPU ({e})"))?;
    if !cublaslt::available() {
        return Err("a GPU but no cuBLASLt (libcublasLt.so.13 on the library path)".into());
    }
    let stream = ctx.default_stream();
    let lt = CublasLt::new(&stream).map_err(|e| e.to_string())?;
    Ok((stream, lt))
}

/// D (`m x n` in `order`) checked against `reference(i, j) -> (value, products' magnitude)` with
/// the bound of the module's text; the guard after D must be intact. The largest error relative
/// to its bound.
fn check_d<D: Out>(what: &str, d: &[D], (m, n): (usize, usize), order: Order, e_in: f64, k_u: f64, reference: impl Fn(usize, usize) -> (f64, f64)) -> f64 {
    assert_eq!(d.len(), m * n + GUARD);
    for (g, x) in d[m * n..].iter().enumerate() {
        assert!(x.same_bits(D::sentinel()), "{what}: guard element {g} after D was written");
    }
    let mut worst = 0.0f64;
    for i in 0..m {
        for j in 0..n {
            let at = match order {
                Order::Row => i * n + j,
                Order::Col => i + j * m,
            };
            let got = d[at].value();
            let (want, p) = reference(i, j);
            assert!(got.is_finite(), "{what}: D({i},{j}) = {got} (unwritten or overflowed)");
            let bound = (e_in + k_u) * p + D::U * want.abs() + f64::MIN_POSITIVE;
            let err = (got - want).abs();
            assert!(err <= bound, "{what}: D({i},{j}) = {got}, the f64 reference {want}: error {err:.3e} over the bound {bound:.3e}");
            worst = worst.max(err / bound);
        }
    }
    worst
}

/// `D` of `len` elements poisoned with NaN, then the guard.
fn poisoned<D: Out + DeviceRepr>(stream: &std::sync::Arc<CudaStream>, len: usize) -> tycute_cuda::cudarc::driver::CudaSlice<D> {
    let host: Vec<D> = (0..len + GUARD).map(|i| if i < len { D::nan() } else { D::sentinel() }).collect();
    stream.clone_htod(&host).expect("copy D")
}

fn fp8_case<A: LtFp8, B: LtFp8, D: Out>(stream: &std::sync::Arc<CudaStream>, lt: &CublasLt, (m, n, k): (usize, usize, usize), order: Order, fast: bool, rng: &mut Rng) -> f64 {
    let what = format!("cuBLASLt fp8 {}x{} -> {} {m}x{n}x{k} {order:?}{}", A::NAME, B::NAME, D::NAME, if fast { " fast-accum" } else { "" });
    let xa: Vec<f32> = (0..m * k).map(|_| rng.normal()).collect();
    let xb: Vec<f32> = (0..n * k).map(|_| rng.normal() * 3.0).collect();
    let (qa, sa) = quantize::<A>(&xa);
    let (qb, sb) = quantize::<B>(&xb);
    let (a, b) = (stream.clone_htod(&qa).unwrap(), stream.clone_htod(&qb).unwrap());
    let (dsa, dsb) = (stream.clone_htod(&[sa]).unwrap(), stream.clone_htod(&[sb]).unwrap());
    let mut d = poisoned::<D>(stream, m * n);
    lt.matmul_fp8((m, n, k), &a, &b, (&dsa, &dsb), &mut d, order, fast).unwrap_or_else(|e| panic!("{what}: {e}"));
    let got: Vec<D> = stream.clone_dtoh(&d).unwrap();
    let (va, vb): (Vec<f64>, Vec<f64>) = (qa.iter().map(|x| x.to_f64()).collect(), qb.iter().map(|x| x.to_f64()).collect());
    let s = sa as f64 * sb as f64;
    let u_acc = 1.0 / 8192.0;
    let worst = check_d(&what, &got, (m, n), order, 0.0, k as f64 * u_acc, |i, j| {
        let (mut v, mut p) = (0.0, 0.0);
        for l in 0..k {
            v += va[i * k + l] * vb[j * k + l];
            p += (va[i * k + l] * vb[j * k + l]).abs();
        }
        (s * v, s * p)
    });
    println!("{what}: ok, worst error {:.1}% of its bound", 100.0 * worst);
    worst
}

fn tf32_case(stream: &std::sync::Arc<CudaStream>, lt: &CublasLt, (m, n, k): (usize, usize, usize), (ma, mb): (Major, Major), order: Order, rng: &mut Rng) {
    let what = format!("cuBLASLt tf32 {m}x{n}x{k} A {ma:?} B {mb:?} D {order:?}");
    let ha: Vec<f32> = (0..m * k).map(|_| rng.normal()).collect();
    let hb: Vec<f32> = (0..n * k).map(|_| rng.normal()).collect();
    // element (r, l) of an (rows, k) operand in its major: K-major r*k + l, MN-major r + l*rows
    let at = |major: Major, rows: usize, r: usize, l: usize| match major {
        Major::K => r * k + l,
        Major::MN => r + l * rows,
    };
    let (a, b) = (stream.clone_htod(&ha).unwrap(), stream.clone_htod(&hb).unwrap());
    let mut d = poisoned::<f32>(stream, m * n);
    lt.matmul_tf32((m, n, k), (ma, mb), &a, &b, &mut d, order).unwrap_or_else(|e| panic!("{what}: {e}"));
    let got: Vec<f32> = stream.clone_dtoh(&d).unwrap();
    let worst = check_d(&what, &got, (m, n), order, 1.0 / 512.0, k as f64 / (1u64 << 24) as f64, |i, j| {
        let (mut v, mut p) = (0.0f64, 0.0f64);
        for l in 0..k {
            let x = ha[at(ma, m, i, l)] as f64 * hb[at(mb, n, j, l)] as f64;
            v += x;
            p += x.abs();
        }
        (v, p)
    });
    println!("{what}: ok, worst error {:.1}% of its bound", 100.0 * worst);
}

#[test]
fn fp8_matches_the_f64_reference() {
    let (stream, lt) = match setup() {
        Ok(x) => x,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for shape in [(64, 64, 64), (200, 136, 272), (264, 136, 1040)] {
        for order in [Order::Row, Order::Col] {
            fp8_case::<E4m3, E4m3, bf16>(&stream, &lt, shape, order, false, &mut rng);
            fp8_case::<E4m3, E4m3, bf16>(&stream, &lt, shape, order, true, &mut rng);
        }
        fp8_case::<E4m3, E4m3, f16>(&stream, &lt, shape, Order::Row, false, &mut rng);
        fp8_case::<E4m3, E4m3, f32>(&stream, &lt, shape, Order::Row, false, &mut rng);
        fp8_case::<E4m3, E5m2, bf16>(&stream, &lt, shape, Order::Col, false, &mut rng);
    }
}

#[test]
fn fp8_refuses_what_it_cannot_take() {
    let (stream, lt) = match setup() {
        Ok(x) => x,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let a = stream.alloc_zeros::<E4m3>(64 * 72).unwrap();
    let b = stream.alloc_zeros::<E4m3>(64 * 72).unwrap();
    let s = stream.clone_htod(&[1.0f32]).unwrap();
    let mut d = stream.alloc_zeros::<bf16>(64 * 64).unwrap();
    let e = lt.matmul_fp8((64, 64, 72), &a, &b, (&s, &s), &mut d, Order::Row, false).unwrap_err().to_string();
    assert!(e.contains("multiple of 16"), "{e}");
    let e = lt.matmul_fp8((64, 64, 80), &a, &b, (&s, &s), &mut d, Order::Row, false).unwrap_err().to_string();
    assert!(e.contains("holds"), "{e}");
    // D's rows must be 16-byte aligned (cuBLASLt has no fp8 algorithm for 129 bf16 = 258 bytes)
    let a = stream.alloc_zeros::<E4m3>(257 * 1040).unwrap();
    let b = stream.alloc_zeros::<E4m3>(129 * 1040).unwrap();
    let mut d = stream.alloc_zeros::<bf16>(257 * 129).unwrap();
    let e = lt.matmul_fp8((257, 129, 1040), &a, &b, (&s, &s), &mut d, Order::Row, false).unwrap_err().to_string();
    assert!(e.contains("pad D"), "{e}");
}

#[test]
fn tf32_matches_the_f64_reference() {
    let (stream, lt) = match setup() {
        Ok(x) => x,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for shape in [(64, 64, 64), (200, 136, 260), (257, 129, 1031)] {
        for majors in [(Major::K, Major::K), (Major::MN, Major::K), (Major::K, Major::MN), (Major::MN, Major::MN)] {
            for order in [Order::Row, Order::Col] {
                tf32_case(&stream, &lt, shape, majors, order, &mut rng);
            }
        }
    }
}
