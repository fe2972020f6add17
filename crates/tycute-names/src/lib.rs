//! CuTe atom names → Rust types: the lookup table for every atom name string used in the test
//! vectors (`tests/vectors/*.txt`), and the rule that produces it.
//!
//! This crate depends on nothing but `core`/`std`: `tycute-atom` re-exports it as
//! `tycute_atom::names` (the types it names are that crate's), and the generator of
//! `tycute vectors rust` (`tycute-vectors`, crate `tycute_vectors::gen_rust`) uses it without
//! compiling the type-level crates.
//!
//! # The mapping rule
//!
//! A CuTe type name as the vectors print it (`Copy_Atom<SM75_U32x4_LDSM_N,half_t>`,
//! `SM90_64x64x16_F16F16F16_SS<K,K>`, `UniversalFMA<float>`) becomes a Rust type by keeping its
//! structure (`Name<Arg,Arg>` → `Name<Arg, Arg>`) and qualifying every identifier:
//!
//! 1. **atoms and operations** → `tycute::atom::NAME` (the root crate re-exports this crate as
//!    `tycute::atom`): `Copy_Atom`, `MMA_Atom`, `UniversalCopy`, `UniversalFMA`, `DefaultCopy`,
//!    `AutoVectorizingCopy`, `AutoVectorizingCopyWithAssumedAlignment`, every name that starts
//!    with `SM` + two digits + `_` (`SM80_16x8x16_F16F16F16F16_TN`, `SM75_U32x4_LDSM_N`,
//!    `SM80_CP_ASYNC_CACHEALWAYS`, `SM90_64x128x16_F32F16F16_SS`, ...), and the GMMA major
//!    markers `K` and `MN` ([`ATOM_IDENTS`], [`is_atom_ident`]);
//! 2. **element types** → `tycute::NAME`: `half_t`, `bfloat16_t`, `tfloat32_t`, `float`,
//!    `double`, `uint8_t`, ..., `uint128_t` ([`ELEMENT_TYPES`]; defined in
//!    `tycute_layout::swizzle::recast`, re-exported at the root of `tycute`);
//! 3. **integer template arguments** (`AutoVectorizingCopyWithAssumedAlignment<64>`) →
//!    `tycute::typenum::P64`.
//!
//! So `Copy_Atom<SM75_U32x4_LDSM_N,half_t>` is
//! `tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>`, and
//! `Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,float>` is
//! `tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint128_t>, tycute::float>`.
//! [`rust_type`] implements the rule; [`NAMES`] lists its result for every name in the vectors.
//!
//! # Where an atom is expected
//!
//! The vectors name an MMA atom by its operation (`mma.LayoutA_TV SM80_16x8x8_F16F16F16F16_TN`,
//! the atom argument of `make_tiled_mma`); the atom is then `tycute::atom::MMA_Atom<OP>`, as CuTe
//! builds `MMA_Atom<Op>` from the operation. A `Copy_Atom<...>` name is already the atom. The
//! members are the associated types of `tycute::atom::MmaTraits` / `tycute::atom::CopyAtom`:
//!
//! | vector op | Rust |
//! |---|---|
//! | `mma.Shape_MNK` / `mma.ThrID` / `mma.LayoutA_TV` / `mma.LayoutB_TV` / `mma.LayoutC_TV` | `<MMA_Atom<OP> as MmaTraits>::Shape_MNK` / `::ThrID` / `::LayoutA_TV` / ... |
//! | `mma.ValTypes` | `val_types::<MMA_Atom<OP>>()` (text `D=32b A=16b B=16b C=32b`) |
//! | `copy.ThrID` | `<ATOM as CopyAtom>::ThrID` |
//! | `copy.SrcLayout_bits` / `DstLayout_bits` / `RefLayout_bits` | `<ATOM as CopyAtom>::BitLayoutSrc` / `BitLayoutDst` / `BitLayoutRef` |
//! | `copy.ValLayoutSrc` / `Dst` / `Ref`, `copy.NumValSrc` / `Dst` | `<ATOM as CopyAtom>::ValLayoutSrc` / ..., `::NumValSrc` / ... |
//! | `copy.right_inverse(ValLayoutRef)` | `RightInverse<<ATOM as CopyAtom>::ValLayoutRef>` |
//! | `copy.src2ref` / `copy.dst2ref` | `copy::Src2Ref<ATOM>` / `copy::Dst2Ref<ATOM>` |
//!
//! The rejected names ([`NAMES`] rows marked "rejects.txt" only) are valid Rust types whose
//! `CopyAtom`/`CopyTraits` impl does not hold: `Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>,half_t>`
//! ("cp.async sizeof(TS) is not supported"); `SM75_U32x1_LDSM_N` with `uint128_t` (the rejects
//! line `Copy_Atom SM75_U32x1_LDSM_N uint128_t` is `Copy_Atom<SM75_U32x1_LDSM_N, uint128_t>`,
//! "CopyOperation is not valid for Dst of ValType.").

/// Path prefix of atoms and operations.
pub const ATOM_PATH: &str = "tycute::atom::";
/// Path prefix of element types.
pub const ELEMENT_PATH: &str = "tycute::";
/// Path prefix of integer template arguments (`P64` for `64`).
pub const INT_PATH: &str = "tycute::typenum::P";

/// Identifiers that are atoms or operations besides the `SM<dd>_` names.
pub const ATOM_IDENTS: &[&str] = &[
    "Copy_Atom",
    "MMA_Atom",
    "UniversalCopy",
    "UniversalFMA",
    "DefaultCopy",
    "AutoVectorizingCopy",
    "AutoVectorizingCopyWithAssumedAlignment",
    "K",
    "MN",
];

/// Element type names (`tycute_layout::swizzle::recast`).
pub const ELEMENT_TYPES: &[&str] = &[
    "uint1_t", "uint2_t", "uint4_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint128_t", "int4_t",
    "int8_t", "int16_t", "int32_t", "int64_t", "half_t", "bfloat16_t", "tfloat32_t", "float_e4m3_t",
    "float_e5m2_t", "float", "double",
];

/// Whether `ident` is an atom or operation name (rule 1).
pub fn is_atom_ident(ident: &str) -> bool {
    if ATOM_IDENTS.contains(&ident) {
        return true;
    }
    let b = ident.as_bytes();
    b.len() > 5 && b.starts_with(b"SM") && b[2].is_ascii_digit() && b[3].is_ascii_digit() && b[4] == b'_'
}

/// The Rust type for a CuTe type name, by the rule above. `Err` names the first identifier that
/// the rule does not know, or a malformed name.
pub fn rust_type(cute: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut depth = 0i32;
    let mut rest = cute.trim();
    while let Some(c) = rest.chars().next() {
        match c {
            '<' => {
                depth += 1;
                out.push('<');
                rest = &rest[1..];
            }
            '>' => {
                depth -= 1;
                if depth < 0 {
                    return Err(format!("`{cute}`: unbalanced `>`"));
                }
                out.push('>');
                rest = &rest[1..];
            }
            ',' => {
                out.push_str(", ");
                rest = rest[1..].trim_start();
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
                let ident = &rest[..end];
                if ident.bytes().all(|b| b.is_ascii_digit()) {
                    out.push_str(INT_PATH);
                } else if is_atom_ident(ident) {
                    out.push_str(ATOM_PATH);
                } else if ELEMENT_TYPES.contains(&ident) {
                    out.push_str(ELEMENT_PATH);
                } else {
                    return Err(format!("`{cute}`: `{ident}` is not a known atom, operation or element type"));
                }
                out.push_str(ident);
                rest = &rest[end..];
            }
            c => return Err(format!("`{cute}`: unexpected `{c}`")),
        }
    }
    if depth != 0 {
        return Err(format!("`{cute}`: unbalanced `<`"));
    }
    Ok(out)
}

/// Every atom / operation name string in the test vectors and its Rust type (by the rule). The
/// comment gives the kind of name and the vector files that use it.
#[rustfmt::skip]
pub const NAMES: &[(&str, &str)] = &[
    ("Copy_Atom<AutoVectorizingCopy,half_t>", "tycute::atom::Copy_Atom<tycute::atom::AutoVectorizingCopy, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<DefaultCopy,half_t>", "tycute::atom::Copy_Atom<tycute::atom::DefaultCopy, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM75_U16x2_LDSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U16x2_LDSM_T, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U16x4_LDSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U16x4_LDSM_T, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U16x8_LDSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U16x8_LDSM_T, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U32x1_LDSM_N,float>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x1_LDSM_N, tycute::float>"), // copy atom; atoms.txt
    ("Copy_Atom<SM75_U32x1_LDSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x1_LDSM_N, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U32x2_LDSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x2_LDSM_N, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U32x4_LDSM_N,float>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::float>"), // copy atom; atoms.txt
    ("Copy_Atom<SM75_U32x4_LDSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>"), // copy atom; atoms.txt, rejects.txt, tiled_copy.txt
    ("Copy_Atom<SM75_U32x4_LDSM_N,uint8_t>", "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::uint8_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,float>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint128_t>, tycute::float>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint128_t>, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,tfloat32_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint128_t>, tycute::tfloat32_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint32_t>, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEALWAYS<tycute::uint64_t>, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEGLOBAL<tycute::uint128_t>, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM80_CP_ASYNC_CACHEGLOBAL<tycute::uint64_t>, tycute::half_t>"), // copy atom; rejects.txt
    ("Copy_Atom<SM90_U16x2_STSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U16x2_STSM_T, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM90_U16x4_STSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U16x4_STSM_T, tycute::half_t>"), // copy atom; atoms.txt
    ("Copy_Atom<SM90_U16x8_STSM_T,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U16x8_STSM_T, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM90_U32x1_STSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U32x1_STSM_N, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM90_U32x2_STSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U32x2_STSM_N, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<SM90_U32x4_STSM_N,float>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U32x4_STSM_N, tycute::float>"), // copy atom; atoms.txt
    ("Copy_Atom<SM90_U32x4_STSM_N,half_t>", "tycute::atom::Copy_Atom<tycute::atom::SM90_U32x4_STSM_N, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<UniversalCopy<half_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::half_t>, tycute::half_t>"), // copy atom; atoms.txt, tiled_copy.txt
    ("Copy_Atom<UniversalCopy<uint128_t>,float>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint128_t>, tycute::float>"), // copy atom; atoms.txt
    ("Copy_Atom<UniversalCopy<uint128_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint128_t>, tycute::half_t>"), // copy atom; atoms.txt, rejects.txt, tiled_copy.txt
    ("Copy_Atom<UniversalCopy<uint128_t>,uint8_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint128_t>, tycute::uint8_t>"), // copy atom; atoms.txt
    ("Copy_Atom<UniversalCopy<uint16_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint16_t>, tycute::half_t>"), // copy atom; atoms.txt, seeds.txt, tiled_copy.txt
    ("Copy_Atom<UniversalCopy<uint32_t>,float>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::float>"), // copy atom; tiled_copy.txt
    ("Copy_Atom<UniversalCopy<uint32_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::half_t>"), // copy atom; atoms.txt, rejects.txt, seeds.txt, tiled_copy.txt
    ("Copy_Atom<UniversalCopy<uint64_t>,half_t>", "tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint64_t>, tycute::half_t>"), // copy atom; atoms.txt, seeds.txt, tiled_copy.txt
    ("MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>", "tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x16_F16F16F16F16_TN>"), // MMA atom; rejects.txt
    ("SM70_8x8x4_F32F16F16F32_NT", "tycute::atom::SM70_8x8x4_F32F16F16F32_NT"), // MMA op; atoms.txt
    ("SM75_16x8x8_F32F16F16F32_TN", "tycute::atom::SM75_16x8x8_F32F16F16F32_TN"), // MMA op; atoms.txt
    ("SM75_U32x1_LDSM_N", "tycute::atom::SM75_U32x1_LDSM_N"), // copy op; rejects.txt
    ("SM80_16x8x16_F16F16F16F16_TN", "tycute::atom::SM80_16x8x16_F16F16F16F16_TN"), // MMA op; atoms.txt, rejects.txt, seeds.txt, tiled_copy.txt, tiled_mma.txt
    ("SM80_16x8x16_F32BF16BF16F32_TN", "tycute::atom::SM80_16x8x16_F32BF16BF16F32_TN"), // MMA op; atoms.txt
    ("SM80_16x8x16_F32F16F16F32_TN", "tycute::atom::SM80_16x8x16_F32F16F16F32_TN"), // MMA op; atoms.txt, tiled_copy.txt, tiled_mma.txt
    ("SM80_16x8x32_S32S8S8S32_TN", "tycute::atom::SM80_16x8x32_S32S8S8S32_TN"), // MMA op; atoms.txt
    ("SM80_16x8x8_F16F16F16F16_TN", "tycute::atom::SM80_16x8x8_F16F16F16F16_TN"), // MMA op; atoms.txt, rejects.txt, tiled_copy.txt, tiled_mma.txt
    ("SM80_16x8x8_F32F16F16F32_TN", "tycute::atom::SM80_16x8x8_F32F16F16F32_TN"), // MMA op; atoms.txt
    ("SM80_16x8x8_F32TF32TF32F32_TN", "tycute::atom::SM80_16x8x8_F32TF32TF32F32_TN"), // MMA op; atoms.txt, tiled_mma.txt
    ("SM80_8x8x4_F64F64F64F64_TN", "tycute::atom::SM80_8x8x4_F64F64F64F64_TN"), // MMA op; atoms.txt, tiled_mma.txt
    ("SM90_64x128x16_F32F16F16_RS<K,K>", "tycute::atom::SM90_64x128x16_F32F16F16_RS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt
    ("SM90_64x128x16_F32F16F16_SS<K,K>", "tycute::atom::SM90_64x128x16_F32F16F16_SS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt, tiled_copy.txt, tiled_mma.txt
    ("SM90_64x256x16_F32F16F16_SS<K,K>", "tycute::atom::SM90_64x256x16_F32F16F16_SS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt
    ("SM90_64x32x16_F32F16F16_SS<K,K>", "tycute::atom::SM90_64x32x16_F32F16F16_SS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt
    ("SM90_64x64x16_F16F16F16_RS<K,K>", "tycute::atom::SM90_64x64x16_F16F16F16_RS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt
    ("SM90_64x64x16_F16F16F16_SS<K,K>", "tycute::atom::SM90_64x64x16_F16F16F16_SS<tycute::atom::K, tycute::atom::K>"), // MMA op; atoms.txt, tiled_copy.txt, tiled_mma.txt
    ("SM90_64x64x16_F16F16F16_SS<MN,MN>", "tycute::atom::SM90_64x64x16_F16F16F16_SS<tycute::atom::MN, tycute::atom::MN>"), // MMA op; atoms.txt
    ("SM90_64x64x8_F32TF32TF32_SS_TN", "tycute::atom::SM90_64x64x8_F32TF32TF32_SS_TN"), // MMA op; atoms.txt
    ("UniversalFMA<float>", "tycute::atom::UniversalFMA<tycute::float>"), // MMA op; atoms.txt, tiled_mma.txt
];

/// The Rust type of a CuTe name from [`NAMES`].
pub fn lookup(cute: &str) -> Option<&'static str> {
    NAMES.iter().find(|(c, _)| *c == cute).map(|(_, r)| *r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_follows_the_rule() {
        for (cute, rust) in NAMES {
            assert_eq!(rust_type(cute).as_deref(), Ok(*rust), "{cute}");
        }
    }

    #[test]
    fn rule() {
        assert_eq!(
            rust_type("Copy_Atom<SM75_U32x4_LDSM_N,half_t>").unwrap(),
            "tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>"
        );
        assert_eq!(
            rust_type("SM90_64x64x16_F16F16F16_SS<MN,K>").unwrap(),
            "tycute::atom::SM90_64x64x16_F16F16F16_SS<tycute::atom::MN, tycute::atom::K>"
        );
        assert_eq!(
            rust_type("Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<64>,float>").unwrap(),
            "tycute::atom::Copy_Atom<tycute::atom::AutoVectorizingCopyWithAssumedAlignment<tycute::typenum::P64>, tycute::float>"
        );
        assert!(rust_type("Copy_Atom<SM75_U32x4_LDSM_N,complex_t>").is_err());
        assert!(rust_type("Copy_Atom<SM75_U32x4_LDSM_N,half_t").is_err());
        assert!(!is_atom_ident("SMEM_thing"));
        assert_eq!(lookup("UniversalFMA<float>"), Some("tycute::atom::UniversalFMA<tycute::float>"));
    }
}
