//! Element types on the host: the types C and D may hold ([`GemmElem`]), the host type of a
//! type-level element ([`HostElement`]), and fp16 bits.

use tycute_cuda::cudarc::driver::{DeviceRepr, ValidAsZeroBits};

/// A half-precision value's bits (the checks use values half represents exactly).
pub fn f16_bits(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// The value of half-precision bits (NaN for NaN).
pub fn f16_value(h: u16) -> f64 {
    half::f16::from_bits(h).to_f64()
}

/// An element type of C and D: `f32`, or fp16 as `half::f16` or as its bits (`u16`). An sm80
/// configuration writes one of them ([`Sm80Header::out_bits`](crate::sm80::Sm80Header::out_bits));
/// the launches check that the buffers they are given hold it.
pub trait GemmElem: DeviceRepr + ValidAsZeroBits + Copy + Default + Unpin + 'static {
    /// 32 or 16.
    const BITS: usize;
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

/// The host type of a type-level element type: `float` is `f32`, `half_t` is `half::f16`.
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
}
