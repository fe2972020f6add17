//! SM90 GMMA shared-memory layout atoms `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`.
//!
//! Each atom is defined in bits, with a byte-address swizzle and an unset smem pointer flag:
//! ```text
//!   MN-major: Sw<b,4,3> o smem_ptr[1b] o (W,_8):(_1,W)     W = 128, 256, 512, 1024 bits
//!   K-major:  Sw<b,4,3> o smem_ptr[1b] o (_8,W):(W,_1)     b = 0, 1, 2, 3 (INTER..SW128)
//! ```
//! and the atom for element type T is `upcast<sizeof_bits<T>>` of it.

use crate::composed::upcast;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::Swizzle;
use crate::value::{AnyLayout, ComposedLayout, Func, Offset};

/// Width in bits of a CuTe / CUTLASS element type name.
pub fn sizeof_bits(name: &str) -> Option<i64> {
    let name = name
        .trim()
        .trim_start_matches("cute::")
        .trim_start_matches("cutlass::");
    Some(match name {
        "bool" | "uint1_t" | "bin1_t" | "uint1b_t" => 1,
        "int2_t" | "uint2_t" | "int2b_t" | "uint2b_t" => 2,
        "int4_t" | "uint4_t" | "int4b_t" | "uint4b_t" | "float_e2m1_t" => 4,
        "int6b_t" | "uint6b_t" | "float_e3m2_t" | "float_e2m3_t" => 6,
        "int8_t"
        | "uint8_t"
        | "char"
        | "signed char"
        | "unsigned char"
        | "float_e4m3_t"
        | "float_e5m2_t"
        | "float_ue8m0_t"
        | "float_ue4m3_t"
        | "type_erased_dynamic_float8_t" => 8,
        "half_t" | "bfloat16_t" | "int16_t" | "uint16_t" | "short" | "unsigned short"
        | "__half" | "__nv_bfloat16" => 16,
        "float" | "tfloat32_t" | "int32_t" | "uint32_t" | "int" | "unsigned" | "unsigned int" => 32,
        "double" | "int64_t" | "uint64_t" | "long long" | "unsigned long long"
        | "complex<float>" => 64,
        "uint128_t" | "int128_t" | "complex<double>" => 128,
        _ => return None,
    })
}

/// The bit-level atom `Layout_{major}_{kind}_Atom_Bits`.
pub fn atom_bits(major_k: bool, kind: &str) -> Result<ComposedLayout> {
    let (b, w) = match kind {
        "INTER" => (0, 128),
        "SW32" => (1, 256),
        "SW64" => (2, 512),
        "SW128" => (3, 1024),
        other => {
            return Err(Error::unsupported(format!(
                "unknown GMMA atom kind {other}"
            )))
        }
    };
    let (shape, stride) = if major_k {
        (
            IntTuple::tuple(vec![IntTuple::st(8), IntTuple::st(w)]),
            IntTuple::tuple(vec![IntTuple::st(w), IntTuple::st(1)]),
        )
    } else {
        (
            IntTuple::tuple(vec![IntTuple::st(w), IntTuple::st(8)]),
            IntTuple::tuple(vec![IntTuple::st(1), IntTuple::st(w)]),
        )
    };
    Ok(ComposedLayout {
        a: Func::Swizzle(Swizzle::new(b, 4, 3)?),
        offset: Offset::SmemPtr(1),
        b: Func::Layout(Layout::new(shape, stride)?),
    })
}

/// Parse `Layout_K_SW128_Atom<half_t>` (optionally `GMMA::`-qualified) into the atom.
pub fn atom(name: &str) -> Result<AnyLayout> {
    let n = name
        .trim()
        .trim_start_matches("cute::")
        .trim_start_matches("SM90::")
        .trim_start_matches("GMMA::");
    let bad = || {
        Error::unsupported(format!(
            "unknown GMMA atom {name}: expected Layout_{{K,MN}}_{{INTER,SW32,SW64,SW128}}_Atom<T>"
        ))
    };
    let rest = n.strip_prefix("Layout_").ok_or_else(bad)?;
    let (major_k, rest) = if let Some(r) = rest.strip_prefix("K_") {
        (true, r)
    } else if let Some(r) = rest.strip_prefix("MN_") {
        (false, r)
    } else {
        return Err(bad());
    };
    let (kind, rest) = rest.split_once("_Atom<").ok_or_else(bad)?;
    let ty = rest.strip_suffix('>').ok_or_else(bad)?;
    let bits = sizeof_bits(ty)
        .ok_or_else(|| Error::unsupported(format!("unknown element type {ty} in {name}")))?;
    let base = atom_bits(major_k, kind)?;
    upcast(bits, &base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms() {
        assert_eq!(
            atom("Layout_K_SW32_Atom<half_t>").unwrap().to_string(),
            "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)"
        );
        assert_eq!(
            atom("Layout_MN_SW128_Atom<float>").unwrap().to_string(),
            "Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)"
        );
        assert_eq!(
            atom("Layout_K_SW128_Atom<uint8_t>").unwrap().to_string(),
            "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)"
        );
        assert!(atom("Layout_X_SW32_Atom<half_t>").is_err());
        assert!(atom("Layout_K_SW32_Atom<foo>").is_err());
    }
}
