//! Element types on the host: the types A, B, C and D may hold ([`GemmElem`]), the host type of
//! a type-level element ([`HostElement`]), the element codes the headers write ([`ElementCode`]),
//! and fp16 / bf16 bits.

use tycute_cuda::cudarc::driver::{DeviceRepr, ValidAsZeroBits};

/// A half-precision value's bits (the checks use values half represents exactly).
pub fn f16_bits(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// The value of half-precision bits (NaN for NaN).
pub fn f16_value(h: u16) -> f64 {
    half::f16::from_bits(h).to_f64()
}

/// The element types a configuration's header names (`kElementAB`, `kElementCD`: the codes of
/// `kernels/include/tycute/arch/convert.cuh`, `TYCUTE_ELEMENT_F32` = 1, `_F16` = 2, `_BF16` = 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementCode {
    /// `float`.
    F32,
    /// `half_t`.
    F16,
    /// `bfloat16_t`.
    Bf16,
}

impl ElementCode {
    /// The header's code as an element type. Code 4, tf32 (`TYCUTE_ELEMENT_TF32`: the A and B of
    /// the sm80 GEMM's tf32 configurations), is `F32` on the host: A and B are fp32 in memory,
    /// whose bits the tf32 MMA reads as they are (it ignores the low 13 mantissa bits).
    pub fn from_code(code: i64) -> Option<ElementCode> {
        match code {
            1 | 4 => Some(ElementCode::F32),
            2 => Some(ElementCode::F16),
            3 => Some(ElementCode::Bf16),
            _ => None,
        }
    }

    /// Bits per element.
    pub fn bits(self) -> usize {
        if self == ElementCode::F32 { 32 } else { 16 }
    }

    /// `"fp32"`, `"fp16"`, `"bf16"`.
    pub fn name(self) -> &'static str {
        match self {
            ElementCode::F32 => "fp32",
            ElementCode::F16 => "fp16",
            ElementCode::Bf16 => "bf16",
        }
    }

    /// The value `x` as this type holds it (round to nearest even; fp32: `x as f32`).
    pub fn round(self, x: f64) -> f64 {
        match self {
            ElementCode::F32 => x as f32 as f64,
            ElementCode::F16 => half::f16::from_f64(x).to_f64(),
            ElementCode::Bf16 => half::bf16::from_f64(x).to_f64(),
        }
    }

    /// The bits of `x` in a 16-bit type (NaN: the type's quiet NaN), for A and B.
    pub fn bits16(self, x: f32) -> u16 {
        match self {
            ElementCode::Bf16 if x.is_nan() => 0x7fc0,
            ElementCode::Bf16 => half::bf16::from_f32(x).to_bits(),
            _ if x.is_nan() => 0x7e00,
            _ => half::f16::from_f32(x).to_bits(),
        }
    }

    /// The value of 16-bit bits of this type (NaN for NaN).
    pub fn value16(self, b: u16) -> f64 {
        match self {
            ElementCode::Bf16 => half::bf16::from_bits(b).to_f64(),
            _ => half::f16::from_bits(b).to_f64(),
        }
    }

    /// A 16-bit NaN of this type with a payload no arithmetic produces (the checks' sentinel
    /// around D) and the type's quiet NaN (the poison inside D).
    pub fn nan16(self) -> (u16, u16) {
        match self {
            ElementCode::Bf16 => (0x7fa5, 0x7fc0),
            _ => (0x7d5a, 0x7e00),
        }
    }

    /// Unit roundoff `u = 2^-p` of the type's `p`-bit significand (fp16: 11 bits, `2^-11`; bf16:
    /// 8 bits, `2^-8`; fp32: 24 bits, `2^-24`): a rounded value is within `u * |x|` of `x`.
    pub fn unit_roundoff(self) -> f64 {
        match self {
            ElementCode::F32 => (2.0f64).powi(-24),
            ElementCode::F16 => (2.0f64).powi(-11),
            ElementCode::Bf16 => (2.0f64).powi(-8),
        }
    }
}

/// An element type of C and D (and, 16-bit, of A and B): `f32`, fp16 as `half::f16` or as its
/// bits (`u16`), bf16 as `half::bf16`. A configuration writes one of them
/// ([`Sm80Header::element_cd`](crate::sm80::Sm80Header::element_cd)); the launches check that
/// the buffers they are given hold it.
pub trait GemmElem: DeviceRepr + ValidAsZeroBits + Copy + Default + Unpin + 'static {
    /// 32 or 16.
    const BITS: usize;
    /// The element type (`u16`: fp16 bits).
    const CODE: ElementCode;
    /// A NaN with a payload no arithmetic produces (a signalling NaN): the checks' sentinel
    /// around and poison inside D.
    const SENTINEL: u32;
    /// `"f32"`, `"half::f16"`, `"u16 (fp16 bits)"`.
    const NAME: &'static str;
    /// The nearest value (ties to even).
    fn from_f64(x: f64) -> Self;
    /// The value.
    fn to_f64(self) -> f64;
    /// The raw bits (for sentinels).
    fn bits(self) -> u32;
    /// The value with these bits.
    fn from_bits(b: u32) -> Self;
}

impl GemmElem for f32 {
    const BITS: usize = 32;
    const CODE: ElementCode = ElementCode::F32;
    const SENTINEL: u32 = 0x7fa5_a5a5;
    const NAME: &'static str = "f32";
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn bits(self) -> u32 {
        self.to_bits()
    }
    fn from_bits(b: u32) -> f32 {
        f32::from_bits(b)
    }
}

impl GemmElem for half::f16 {
    const BITS: usize = 16;
    const CODE: ElementCode = ElementCode::F16;
    const SENTINEL: u32 = 0x7d5a;
    const NAME: &'static str = "half::f16";
    fn from_f64(x: f64) -> half::f16 {
        half::f16::from_f64(x)
    }
    fn to_f64(self) -> f64 {
        half::f16::to_f64(self)
    }
    fn bits(self) -> u32 {
        self.to_bits() as u32
    }
    fn from_bits(b: u32) -> half::f16 {
        half::f16::from_bits(b as u16)
    }
}

impl GemmElem for u16 {
    const BITS: usize = 16;
    const CODE: ElementCode = ElementCode::F16;
    const SENTINEL: u32 = 0x7d5a;
    const NAME: &'static str = "u16 (fp16 bits)";
    fn from_f64(x: f64) -> u16 {
        half::f16::from_f64(x).to_bits()
    }
    fn to_f64(self) -> f64 {
        half::f16::from_bits(self).to_f64()
    }
    fn bits(self) -> u32 {
        self as u32
    }
    fn from_bits(b: u32) -> u16 {
        b as u16
    }
}

impl GemmElem for half::bf16 {
    const BITS: usize = 16;
    const CODE: ElementCode = ElementCode::Bf16;
    const SENTINEL: u32 = 0x7fa5;
    const NAME: &'static str = "half::bf16";
    fn from_f64(x: f64) -> half::bf16 {
        half::bf16::from_f64(x)
    }
    fn to_f64(self) -> f64 {
        half::bf16::to_f64(self)
    }
    fn bits(self) -> u32 {
        self.to_bits() as u32
    }
    fn from_bits(b: u32) -> half::bf16 {
        half::bf16::from_bits(b as u16)
    }
}

/// The host type of a type-level element type: `float` is `f32`, `half_t` is `half::f16`,
/// `bfloat16_t` is `half::bf16`.
pub trait HostElement {
    /// The element as the host and cudarc hold it.
    type Host: GemmElem;
}

impl HostElement for tycute_layout::float {
    type Host = f32;
}

impl HostElement for tycute_layout::half_t {
    type Host = half::f16;
}

impl HostElement for tycute_layout::bfloat16_t {
    type Host = half::bf16;
}

/// tf32 A and B are fp32 in memory (the tf32 MMA reads the top 19 bits of each).
impl HostElement for tycute_layout::tfloat32_t {
    type Host = f32;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_trip() {
        for x in [0.0f32, 1.0, -1.0, 0.015625, -0.984375, 0.5] {
            assert_eq!(f16_value(f16_bits(x)), x as f64);
        }
        assert!(f16_value(0x7e00).is_nan());
        assert_eq!(<u16 as GemmElem>::from_f64(1.0), 0x3c00);
        assert_eq!(half::f16::from_bits(0x3c00).bits(), 0x3c00);
    }

    #[test]
    fn bf16_codes_and_sentinels() {
        assert_eq!(ElementCode::from_code(3), Some(ElementCode::Bf16));
        assert_eq!(ElementCode::Bf16.bits16(1.0), 0x3f80);
        assert_eq!(ElementCode::F16.bits16(1.0), 0x3c00);
        assert!(half::bf16::from_bits(ElementCode::Bf16.bits16(f32::NAN)).is_nan());
        // each sentinel is a NaN of its own type
        assert!(<half::bf16 as GemmElem>::from_bits(<half::bf16 as GemmElem>::SENTINEL).to_f64().is_nan());
        assert!(<half::f16 as GemmElem>::from_bits(<half::f16 as GemmElem>::SENTINEL).to_f64().is_nan());
        assert!(f32::from_bits(<f32 as GemmElem>::SENTINEL).is_nan());
        // bf16 keeps 8 significand bits: 1 + 2^-8 rounds to 1, 1 + 2^-7 is exact
        assert_eq!(ElementCode::Bf16.round(1.0 + 1.0 / 256.0), 1.0);
        assert_eq!(ElementCode::Bf16.round(1.0 + 1.0 / 128.0), 1.0 + 1.0 / 128.0);
    }
}
