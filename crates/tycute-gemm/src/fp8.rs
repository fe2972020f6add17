//! 8-bit floating point on the host: the two formats of Hopper's fp8 GEMMs, [`E4m3`] and
//! [`E5m2`] (the OCP formats CUDA calls `__nv_fp8_e4m3` and `__nv_fp8_e5m2`, CuTe
//! `float_e4m3_t` and `float_e5m2_t`), with the conversions the inputs of an fp8 GEMM are made
//! with and its results are checked by.
//!
//! | | E4M3 | E5M2 |
//! |---|---|---|
//! | sign, exponent, mantissa bits | 1, 4, 3 | 1, 5, 2 |
//! | exponent bias | 7 | 15 |
//! | largest finite | 448 (`0x7e`) | 57344 (`0x7b`) |
//! | smallest normal | 2^-6 | 2^-14 |
//! | smallest subnormal | 2^-9 | 2^-16 |
//! | infinities | none | `0x7c`, `0xfc` |
//! | NaN | `0x7f`, `0xff` | exponent 31 with a mantissa: `0x7d..=0x7f`, `0xfd..=0xff` |
//!
//! [`Fp8::from_f32`] is CUDA's `__nv_cvt_float_to_fp8(x, __NV_SATFINITE, kind)` (the
//! constructors `__nv_fp8_e4m3(float)`, and `cvt.rn.satfinite.{e4m3,e5m2}x2.f32` on sm_90):
//! round to nearest, ties to even; a magnitude beyond the largest finite value (infinity too)
//! saturates to it, keeping the sign; a NaN becomes the canonical NaN `0x7f`. [`Fp8::to_f32`]
//! is exact (every fp8 value is an f32).
//!
//! ```
//! use tycute_gemm::fp8::{E4m3, E5m2, Fp8};
//! assert_eq!(E4m3::from_f32(1.0).to_bits(), 0x38);
//! assert_eq!(E4m3::from_f32(1e9).to_f32(), 448.0); // saturates
//! assert_eq!(E5m2::from_f32(f32::NEG_INFINITY).to_f32(), -57344.0);
//! assert_eq!(E4m3::from_f32(0.3).to_f32(), 0.3125); // the nearest e4m3
//! assert!(E5m2::from_bits(0x7c).to_f32().is_infinite());
//! ```
//!
//! A per-tensor scale maps a tensor's largest magnitude onto the format's largest value, as
//! `torch._scaled_mm`'s users and cuBLASLt's `A_SCALE_POINTER` expect ([`quantize`]): the
//! GEMM multiplies its fp8 product by `scale_a * scale_b`. Per-row scales map each row of A (and
//! of B, (n,k): each column of D) onto the format on its own ([`quantize_rows`]): the GEMM
//! multiplies element (i, j) of the product by `scale_a[i] * scale_b[j]` ([`Scales::RowCol`],
//! `torch._scaled_mm`'s rowwise form).

use tycute_cuda::cudarc::driver::{CudaSlice, DeviceRepr, ValidAsZeroBits};

use crate::error::unsupported;
use crate::Result;

/// An 8-bit floating-point format: its bits, and the conversions of CUDA's `cuda_fp8.h` with
/// `__NV_SATFINITE`.
pub trait Fp8: Copy + Default + PartialEq + core::fmt::Debug + DeviceRepr + ValidAsZeroBits + Unpin + 'static {
    /// `"e4m3"` or `"e5m2"` (the PTX and CuTe spelling).
    const NAME: &'static str;
    /// Mantissa bits (3 or 2).
    const MANTISSA_BITS: u32;
    /// Exponent bias (7 or 15).
    const BIAS: i32;
    /// The largest finite value (448 or 57344).
    const MAX: f32;
    /// The value with these bits.
    fn from_bits(bits: u8) -> Self;
    /// The bits.
    fn to_bits(self) -> u8;
    /// The value, exactly (NaN for a NaN code, an infinity for E5M2's infinities).
    fn to_f32(self) -> f32;
    /// `x` rounded to nearest (ties to even), saturated to `±MAX`; NaN to `0x7f`.
    fn from_f32(x: f32) -> Self {
        Self::from_bits(encode(x, Self::MANTISSA_BITS, Self::BIAS, Self::MAX))
    }
    /// The value as f64.
    fn to_f64(self) -> f64 {
        self.to_f32() as f64
    }
}

macro_rules! fp8_type {
    ($(#[$m:meta])* $name:ident, $label:literal, $mbits:literal, $bias:literal, $max:literal, $decode:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $name(u8);

        impl Fp8 for $name {
            const NAME: &'static str = $label;
            const MANTISSA_BITS: u32 = $mbits;
            const BIAS: i32 = $bias;
            const MAX: f32 = $max;
            fn from_bits(bits: u8) -> Self {
                $name(bits)
            }
            fn to_bits(self) -> u8 {
                self.0
            }
            fn to_f32(self) -> f32 {
                $decode(self.0)
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({:#04x} = {})", $label, self.0, self.to_f32())
            }
        }

        // SAFETY: one byte, no padding, every bit pattern is a value (some are NaN), zero bits
        // are +0.
        unsafe impl DeviceRepr for $name {}
        // SAFETY: as above.
        unsafe impl ValidAsZeroBits for $name {}
    };
}

fp8_type!(
    /// An E4M3 value (`__nv_fp8_e4m3`, CuTe's `float_e4m3_t`): 4 exponent bits, 3 mantissa bits,
    /// no infinities, largest finite 448.
    E4m3, "e4m3", 3, 7, 448.0, decode_e4m3
);
fp8_type!(
    /// An E5M2 value (`__nv_fp8_e5m2`, CuTe's `float_e5m2_t`): 5 exponent bits, 2 mantissa bits,
    /// IEEE-style infinities and NaNs, largest finite 57344.
    E5m2, "e5m2", 2, 15, 57344.0, decode_e5m2
);

/// The host type of a type-level fp8 element type (the value types of the GMMA fp8 atoms):
/// `float_e4m3_t` is [`E4m3`], `float_e5m2_t` is [`E5m2`], so that a launch typed by an atom
/// takes buffers of its element types only.
///
/// ```
/// use tycute_atom::{MmaTraits, SM90_64x128x32_F32E4M3E5M2_SS_TN};
/// use tycute_gemm::fp8::{E4m3, E5m2, HostFp8};
/// type Op = SM90_64x128x32_F32E4M3E5M2_SS_TN;
/// fn takes<A: HostFp8<Host = E4m3>, B: HostFp8<Host = E5m2>>() {}
/// takes::<<Op as MmaTraits>::ValTypeA, <Op as MmaTraits>::ValTypeB>();
/// ```
pub trait HostFp8 {
    /// [`E4m3`] or [`E5m2`].
    type Host: Fp8;
}
impl HostFp8 for tycute_layout::float_e4m3_t {
    type Host = E4m3;
}
impl HostFp8 for tycute_layout::float_e5m2_t {
    type Host = E5m2;
}

/// The value of a finite, non-NaN code with `m` mantissa bits and bias `bias`.
fn decode_finite(bits: u8, m: u32, bias: i32) -> f32 {
    let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
    let exp = ((bits & 0x7f) >> m) as i32;
    let mant = (bits & ((1 << m) - 1)) as f32;
    let scale = |e: i32| (2.0f64).powi(e) as f32;
    if exp == 0 {
        // subnormal: mant * 2^(1 - bias - m)
        sign * mant * scale(1 - bias - m as i32)
    } else {
        sign * (1.0 + mant / (1 << m) as f32) * scale(exp - bias)
    }
}

fn decode_e4m3(bits: u8) -> f32 {
    if bits & 0x7f == 0x7f {
        return f32::NAN;
    }
    decode_finite(bits, 3, 7)
}

fn decode_e5m2(bits: u8) -> f32 {
    match bits & 0x7f {
        0x7c => {
            if bits & 0x80 != 0 {
                f32::NEG_INFINITY
            } else {
                f32::INFINITY
            }
        }
        0x7d..=0x7f => f32::NAN,
        _ => decode_finite(bits, 2, 15),
    }
}

/// `__nv_cvt_float_to_fp8(x, __NV_SATFINITE, kind)` for a format of `m` mantissa bits, bias
/// `bias` and largest finite value `max`.
///
/// `|x|` (an f32, so exact in f64) is divided by the spacing of the format at its binade (or at
/// the smallest normal binade, for subnormals): a power of two, so the quotient is exact, and
/// rounding it to an integer ties-to-even is the format's rounding. A quotient of `2^(m+1)`
/// is the next binade's first value; a result above `max` (only a tie between `max` and the
/// next power of two, or anything larger) is `max`.
fn encode(x: f32, m: u32, bias: i32, max: f32) -> u8 {
    if x.is_nan() {
        return 0x7f;
    }
    let sign: u8 = if x.is_sign_negative() { 0x80 } else { 0 };
    let a = (x as f64).abs();
    if a == 0.0 {
        return sign;
    }
    if a > max as f64 {
        // beyond the largest finite value: the saturated result, unless it rounds down to it
        // (RNE at the midpoint with the next binade's first value; above it, saturation)
        return sign | encode_finite(max as f64, m, bias);
    }
    sign | encode_finite(a, m, bias)
}

/// The code of the nearest value to a positive finite `a` (ties to even), clamped at the
/// largest finite code (for `a` up to the format's next power of two).
fn encode_finite(a: f64, m: u32, bias: i32) -> u8 {
    let emin = 1 - bias; // the exponent of the smallest normal binade
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
    let step = (2.0f64).powi(e - m as i32);
    let q = (a / step).round_ties_even() as u32; // 0 ..= 2^(m+1)
    let (e, q) = if q == 1 << (m + 1) { (e + 1, 1 << m) } else { (e, q) };
    let code = if q < 1 << m {
        // subnormal (only at e == emin), or zero
        q
    } else {
        (((e + bias) as u32) << m) | (q - (1 << m))
    };
    code as u8
}

/// The largest finite code (what `from_f32` gives above `MAX`).
#[cfg(test)]
fn max_code<T: Fp8>() -> u8 {
    T::from_f32(T::MAX).to_bits()
}

/// The per-tensor scale of `xs` for format `T`: `amax / T::MAX` (1 for an all-zero tensor), so
/// that `xs / scale` fills the format's range.
pub fn scale_of<T: Fp8>(xs: &[f32]) -> f32 {
    let amax = xs.iter().fold(0.0f32, |m, x| if x.abs() > m { x.abs() } else { m });
    if amax > 0.0 && amax.is_finite() {
        amax / T::MAX
    } else {
        1.0
    }
}

/// `xs` quantized to `T` with a per-tensor scale ([`scale_of`]): the codes of `x / scale` and
/// the scale, so that `code.to_f32() * scale` approximates `x` (to within the format's relative
/// spacing, `2^-m`, and its subnormal spacing times `scale`).
pub fn quantize<T: Fp8>(xs: &[f32]) -> (Vec<T>, f32) {
    let scale = scale_of::<T>(xs);
    (xs.iter().map(|&x| T::from_f32(x / scale)).collect(), scale)
}

/// `codes` as f32 values times `scale` (the inverse of [`quantize`], up to its rounding).
pub fn dequantize<T: Fp8>(codes: &[T], scale: f32) -> Vec<f32> {
    codes.iter().map(|c| c.to_f32() * scale).collect()
}

/// `xs`, `rows` rows of `xs.len() / rows` values each (an (m,k) A or an (n,k) B, K-major),
/// quantized row by row ([`quantize`] of each row): the codes and one scale per row, so that
/// `code.to_f32() * scale[row]` approximates `x`. (A row of zeros gets scale 1.)
pub fn quantize_rows<T: Fp8>(xs: &[f32], rows: usize) -> (Vec<T>, Vec<f32>) {
    let k = if rows == 0 { 0 } else { xs.len() / rows };
    let mut codes = Vec::with_capacity(xs.len());
    let mut scales = Vec::with_capacity(rows);
    for r in xs.chunks(k.max(1)).take(rows) {
        let (c, s) = quantize::<T>(r);
        codes.extend(c);
        scales.push(s);
    }
    (codes, scales)
}

/// How an fp8 GEMM scales its f32 product `acc = A * B^T` (the dequantization of its inputs)
/// before `beta * C` and the bias are added:
///
/// * `Tensor(alpha)`: `D = alpha * acc`, per-tensor scales as `alpha = scale_a * scale_b` (times
///   any alpha of the caller's); an `f32` converts into it, so `launch_fp8(.., alpha, ..)` reads
///   as before;
/// * `RowCol { a, b }`: `D[i][j] = a[i] * b[j] * acc[i][j]`, per-row scales of A (`a`, m floats)
///   and of B (`b`, n floats: B is (n,k), so one per column of D), `torch._scaled_mm`'s rowwise
///   form (`scale_a` (m,1), `scale_b` (1,n)). With a batch each vector is one for the whole
///   batch (m, resp. n floats) or one per problem, packed (batch x m, resp. batch x n). The
///   kernel's `sm90_gemm_tn_rowcol` entry point: the per-tensor one keeps its code.
#[derive(Clone, Copy, Debug)]
pub enum Scales<'a> {
    /// `D = alpha * acc`.
    Tensor(f32),
    /// `D[i][j] = a[i] * b[j] * acc[i][j]`.
    RowCol {
        /// One scale per row of A (m, or batch x m).
        a: &'a CudaSlice<f32>,
        /// One scale per row of B, i.e. per column of D (n, or batch x n).
        b: &'a CudaSlice<f32>,
    },
}

impl From<f32> for Scales<'_> {
    fn from(alpha: f32) -> Self {
        Scales::Tensor(alpha)
    }
}

/// The batch strides (in floats) of [`Scales::RowCol`] vectors of `len_a` and `len_b` floats for
/// `batch` problems of `(m, n)`: 0 for one vector for the whole batch, m (resp. n) for one per
/// problem; any other length is refused with the rule.
pub(crate) fn rowcol_strides((len_a, len_b): (usize, usize), (m, n): (usize, usize), batch: usize) -> Result<(i64, i64)> {
    let stride = |len: usize, want: usize, what: &str| -> Result<i64> {
        if len == want {
            Ok(0)
        } else if batch > 1 && len == batch * want {
            Ok(want as i64)
        } else {
            let of = if what == "a" { "A, m" } else { "B, n: per column of D" };
            let batched = if batch > 1 { format!("; or {} for one vector per problem of the batch of {batch}", batch * want) } else { String::new() };
            Err(unsupported(format!("Scales::RowCol: {what} has {len} floats, want {want} (one scale per row of {of}{batched})")))
        }
    };
    Ok((stride(len_a, m, "a")?, stride(len_b, n, "b")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code's value from its fields, written out independently of `decode_finite`:
    /// `(-1)^s * 2^(e - bias) * (1 + f / 2^m)`, or `2^(1 - bias) * f / 2^m` for `e = 0`.
    fn value_of_fields(bits: u8, m: u32, bias: i32) -> f64 {
        let s = if bits >> 7 == 1 { -1.0 } else { 1.0 };
        let e = ((bits >> m) & ((1 << (7 - m)) - 1)) as i32;
        let f = (bits & ((1 << m) - 1)) as f64 / (1u32 << m) as f64;
        if e == 0 {
            s * 2f64.powi(1 - bias) * f
        } else {
            s * 2f64.powi(e - bias) * (1.0 + f)
        }
    }

    #[test]
    fn e4m3_all_256_codes() {
        let mut finite = 0;
        for b in 0..=255u8 {
            let v = E4m3::from_bits(b).to_f32();
            if b & 0x7f == 0x7f {
                assert!(v.is_nan(), "{b:#04x}");
                continue;
            }
            finite += 1;
            assert_eq!(v as f64, value_of_fields(b, 3, 7), "{b:#04x}");
            // every finite code is its own value's encoding (-0 keeps its sign)
            assert_eq!(E4m3::from_f32(v).to_bits(), b, "{b:#04x} = {v}");
        }
        assert_eq!(finite, 254);
        assert_eq!(E4m3::from_bits(0x7e).to_f32(), 448.0);
        assert_eq!(E4m3::from_bits(0x01).to_f32(), 2f32.powi(-9));
        assert_eq!(E4m3::from_bits(0x08).to_f32(), 2f32.powi(-6));
        assert_eq!(E4m3::from_bits(0x38).to_f32(), 1.0);
        assert_eq!(max_code::<E4m3>(), 0x7e);
    }

    #[test]
    fn e5m2_all_256_codes() {
        let mut finite = 0;
        for b in 0..=255u8 {
            let v = E5m2::from_bits(b).to_f32();
            match b & 0x7f {
                0x7c => {
                    assert!(v.is_infinite() && (v < 0.0) == (b >> 7 == 1), "{b:#04x}");
                    // an infinity saturates (SATFINITE)
                    assert_eq!(E5m2::from_f32(v).to_bits(), b - 1);
                }
                0x7d..=0x7f => assert!(v.is_nan(), "{b:#04x}"),
                _ => {
                    finite += 1;
                    assert_eq!(v as f64, value_of_fields(b, 2, 15), "{b:#04x}");
                    assert_eq!(E5m2::from_f32(v).to_bits(), b, "{b:#04x} = {v}");
                }
            }
        }
        assert_eq!(finite, 248);
        assert_eq!(E5m2::from_bits(0x7b).to_f32(), 57344.0);
        assert_eq!(E5m2::from_bits(0x01).to_f32(), 2f32.powi(-16));
        assert_eq!(E5m2::from_bits(0x3c).to_f32(), 1.0);
        assert_eq!(max_code::<E5m2>(), 0x7b);
    }

    /// Between every two neighbouring finite values: the midpoint rounds to the one with the
    /// even code, and a hair either side of it to the nearer one.
    fn ties<T: Fp8>() {
        let mut vals: Vec<(f32, u8)> =
            (0..=0x7fu8).map(|b| (T::from_bits(b).to_f32(), b)).filter(|(v, _)| v.is_finite()).collect();
        vals.sort_by(|a, b| a.0.total_cmp(&b.0));
        for w in vals.windows(2) {
            let ((lo, bl), (hi, bh)) = (w[0], w[1]);
            let mid = (lo + hi) / 2.0; // exact: fp8 values have few bits
            assert_eq!(mid as f64, (lo as f64 + hi as f64) / 2.0);
            let even = if bl % 2 == 0 { bl } else { bh };
            assert_eq!(T::from_f32(mid).to_bits(), even, "{} tie {lo} | {hi}", T::NAME);
            assert_eq!(T::from_f32(-mid).to_bits(), even | 0x80, "{} tie -({lo} | {hi})", T::NAME);
            let below = f32::from_bits(mid.to_bits() - 1);
            let above = f32::from_bits(mid.to_bits() + 1);
            assert_eq!(T::from_f32(below).to_bits(), bl, "{} below the tie {lo} | {hi}", T::NAME);
            assert_eq!(T::from_f32(above).to_bits(), bh, "{} above the tie {lo} | {hi}", T::NAME);
        }
    }

    #[test]
    fn rounding_ties_to_even() {
        ties::<E4m3>();
        ties::<E5m2>();
        // named cases: 1 + 1/16 is halfway between 1 (0x38) and 1.125 (0x39): to 0x38
        assert_eq!(E4m3::from_f32(1.0625).to_bits(), 0x38);
        // 1.125 + 1/16 is halfway between 0x39 and 0x3a: to 0x3a
        assert_eq!(E4m3::from_f32(1.1875).to_bits(), 0x3a);
        // half the smallest subnormal rounds to zero (even), a hair more to the subnormal
        assert_eq!(E4m3::from_f32(2f32.powi(-10)).to_bits(), 0x00);
        assert_eq!(E4m3::from_f32(2f32.powi(-10) * 1.0001).to_bits(), 0x01);
        assert_eq!(E4m3::from_f32(-2f32.powi(-10)).to_bits(), 0x80);
        assert_eq!(E5m2::from_f32(3.0 * 2f32.powi(-17)).to_bits(), 0x02); // 1.5 subnormal steps: to 2
        // the largest subnormal and the smallest normal of e4m3 (7/8 and 8/8 of 2^-6): the tie
        // 15/16 * 2^-6 goes to the normal (code 0x08, even)
        assert_eq!(E4m3::from_f32(15.0 / 16.0 * 2f32.powi(-6)).to_bits(), 0x08);
    }

    #[test]
    fn saturation_and_nan() {
        // e4m3: 448 + 16 (half an ulp) is the tie between 448 (0x7e, even) and 480, which
        // e4m3 does not have: 448; anything above saturates too
        for x in [448.0f32, 449.0, 464.0, 465.0, 480.0, 1e6, f32::MAX, f32::INFINITY] {
            assert_eq!(E4m3::from_f32(x).to_bits(), 0x7e, "{x}");
            assert_eq!(E4m3::from_f32(-x).to_bits(), 0xfe, "-{x}");
        }
        // e5m2: 57344 + 4096 is the tie between 0x7b (odd) and 65536 (infinity's code): CUDA
        // rounds to 0x7c, then SATFINITE clamps to 0x7b
        for x in [57344.0f32, 60000.0, 61440.0, 61441.0, 65536.0, 1e30, f32::INFINITY] {
            assert_eq!(E5m2::from_f32(x).to_bits(), 0x7b, "{x}");
            assert_eq!(E5m2::from_f32(-x).to_bits(), 0xfb, "-{x}");
        }
        // NaN of either sign: the canonical 0x7f
        for x in [f32::NAN, -f32::NAN, f32::from_bits(0x7f80_0001)] {
            assert_eq!(E4m3::from_f32(x).to_bits(), 0x7f);
            assert_eq!(E5m2::from_f32(x).to_bits(), 0x7f);
        }
        assert_eq!(E4m3::from_f32(-0.0).to_bits(), 0x80);
        assert_eq!(E5m2::from_f32(0.0).to_bits(), 0x00);
    }

    #[test]
    fn every_f32_rounds_to_a_nearest_code() {
        // a sweep of f32 bit patterns over the formats' ranges: the code's value is a nearest
        // finite value (or the saturated one), and on a tie the even code
        for (name, max, codes) in [
            ("e4m3", 448.0f64, (0..=0x7eu8).map(|b| E4m3::from_bits(b).to_f64()).collect::<Vec<_>>()),
            ("e5m2", 57344.0, (0..=0x7bu8).map(|b| E5m2::from_bits(b).to_f64()).collect::<Vec<_>>()),
        ] {
            let enc = |x: f32| if name == "e4m3" { E4m3::from_f32(x).to_f64() } else { E5m2::from_f32(x).to_f64() };
            let mut bits = 0x3000_0000u32; // about 4.7e-10
            while bits < 0x4800_0000 {
                // up to 131072
                let x = f32::from_bits(bits);
                let got = enc(x);
                let best = codes.iter().map(|&c| (c - x as f64).abs()).fold(f64::INFINITY, f64::min);
                if (x as f64) <= max {
                    assert_eq!((got - x as f64).abs(), best, "{name} {x}");
                } else {
                    assert_eq!(got, max, "{name} {x}");
                }
                bits += 0x1_3579; // an odd stride: every mantissa pattern class gets visited
            }
        }
    }

    #[test]
    fn per_tensor_scales() {
        let xs: Vec<f32> = (0..1000).map(|i| ((i as f32) * 0.37).sin() * 3.0).collect();
        let (q, s) = quantize::<E4m3>(&xs);
        let amax = xs.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert_eq!(s, amax / 448.0);
        assert!(q.iter().any(|c| c.to_bits() & 0x7f == 0x7e), "amax maps onto the largest value");
        for (x, y) in xs.iter().zip(dequantize(&q, s)) {
            // relative spacing 2^-3 (half of it by rounding), or the subnormal spacing
            assert!((x - y).abs() <= (x.abs() / 16.0).max(s * 2f32.powi(-10)) * 1.0001, "{x} {y}");
        }
        assert_eq!(scale_of::<E5m2>(&[0.0, 0.0]), 1.0);
    }

    #[test]
    fn rowcol_lengths_are_checked_with_the_rule() {
        assert_eq!(rowcol_strides((100, 50), (100, 50), 1).unwrap(), (0, 0));
        assert_eq!(rowcol_strides((300, 50), (100, 50), 3).unwrap(), (100, 0));
        assert_eq!(rowcol_strides((100, 150), (100, 50), 3).unwrap(), (0, 50));
        let e = rowcol_strides((50, 50), (100, 50), 1).unwrap_err().to_string();
        assert!(e.contains("a has 50 floats, want 100 (one scale per row of A, m)"), "{e}");
        let e = rowcol_strides((100, 49), (100, 50), 2).unwrap_err().to_string();
        assert!(e.contains("b has 49 floats, want 50") && e.contains("or 100 for one vector per problem of the batch of 2)"), "{e}");
        // one problem: batch x m is not another form
        assert!(rowcol_strides((200, 50), (100, 50), 1).is_err());
    }

    #[test]
    fn rows_quantize_on_their_own() {
        let xs = [1.0f32, -2.0, 0.5, 100.0, 0.0, 0.0];
        let (q, s) = quantize_rows::<E4m3>(&xs, 3);
        assert_eq!(s.len(), 3);
        for (r, chunk) in xs.chunks(2).enumerate() {
            assert_eq!(s[r], scale_of::<E4m3>(chunk), "row {r}");
            for (x, c) in chunk.iter().zip(&q[2 * r..2 * r + 2]) {
                assert!((c.to_f32() * s[r] - x).abs() <= x.abs() * 0.0625 + 1e-6, "row {r}: {x} vs {}", c.to_f32() * s[r]);
            }
        }
    }
}
