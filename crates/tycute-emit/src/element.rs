//! Element types by name: what a header calls an element type, read from the type itself (a
//! bf16 configuration says `bfloat16_t`, never "halves").

use tycute_layout::swizzle::recast::*;

/// The names of an element type: CuTe's, CUDA's, and its width.
pub trait ElementName {
    /// CuTe's name (`cute::bfloat16_t`).
    const CUTE: &'static str;
    /// The CUDA C++ type a kernel declares (`__nv_bfloat16`; `float` for `float`).
    const CUDA: &'static str;
    /// Width in bits.
    const BITS: u32;
}

macro_rules! names {
    ($($t:ident => $cute:literal, $cuda:literal, $bits:literal;)*) => {$(
        impl ElementName for $t {
            const CUTE: &'static str = $cute;
            const CUDA: &'static str = $cuda;
            const BITS: u32 = $bits;
        }
    )*};
}

names! {
    half_t => "cute::half_t", "__half", 16;
    bfloat16_t => "cute::bfloat16_t", "__nv_bfloat16", 16;
    tfloat32_t => "cute::tfloat32_t", "float", 32;
    float_e4m3_t => "cute::float_e4m3_t", "__nv_fp8_e4m3", 8;
    float_e5m2_t => "cute::float_e5m2_t", "__nv_fp8_e5m2", 8;
    float => "float", "float", 32;
    double => "double", "double", 64;
    int8_t => "int8_t", "signed char", 8;
    uint8_t => "uint8_t", "unsigned char", 8;
    int16_t => "int16_t", "short", 16;
    uint16_t => "uint16_t", "unsigned short", 16;
    int32_t => "int32_t", "int", 32;
    uint32_t => "uint32_t", "unsigned int", 32;
    int64_t => "int64_t", "long long", 64;
    uint64_t => "uint64_t", "unsigned long long", 64;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_agree_with_cute_widths() {
        use tycute_layout::swizzle::recast::Bits;
        use typenum::Integer;
        fn width<T: ElementName + SizeofBits>() -> bool {
            <Bits<T> as Integer>::I64 == T::BITS as i64
        }
        assert!(width::<bfloat16_t>() && width::<half_t>() && width::<float_e4m3_t>() && width::<float>());
        assert_eq!(<bfloat16_t as ElementName>::CUTE, "cute::bfloat16_t");
    }
}
