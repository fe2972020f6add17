//! Variants of [`crate::sm80_tn_128x256`] that change element types only, for
//! `kernels/sm80_gemm.cu`: fp16 accumulation (CuTe's `SM80_16x8x16_F16F16F16F16_TN`) and fp16 C
//! and D. Each is [`impl_sm80_variant!`](tycute_kernel::impl_sm80_variant) of the TN configuration: its
//! parts are TN's but for the TiledMMA's atom and/or the epilogue's S2G copy, its tables TN's
//! (computed once for all of them), and the compile-time proof that they are its own is type
//! equality of the parts (`Sm80SameMainloop`, `Sm80SameTables`), not a second derivation:
//!
//! * `SM80_16x8x16_F16F16F16F16_TN` has `SM80_16x8x16_F32F16F16F32_TN`'s `Shape_MNK`, `ThrID` and
//!   TV layouts (C: `SM80_16x8_Row`; `tycute_atom::SameMmaLayouts`), so every layout of the
//!   TiledMMA, its fragments and the copies built on it (`make_tiled_copy_A/B/C`) are TN's. The
//!   header changes in what is read off the atom: `TYCUTE_SM80_MMA_PTX` and the accumulator type
//!   (`kAccBits`: the kernel keeps two half accumulators per 32-bit register).
//! * fp16 C and D: the S2G copy `Copy_Atom<UniversalCopy<uint128_t>, half_t>` moves 8 halves (16
//!   bytes) per thread and vector; its thread layout `(_16,_16):(_1,_16)` gives a `(_128,_16)`
//!   tile per pass (16 threads of 8 rows along M, 16 columns). The fp32 tile `sC` is TN's: each
//!   vector reads 8 consecutive floats of one column of `sC`, which `Sw<2,3,5>` (it keeps the
//!   low 3 bits of a float offset) leaves contiguous and 32-byte aligned (`emit::sm80::check`
//!   proves it for every thread). Only the four S2G tables are derived for it.
//!
//! ```text
//! mma_f16acc = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_4>>{}, Tile<_32,_64,_16>{})
//! s2g_f16    = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>{}, (_16,_16):(_1,_16), (_8,_1))
//! ```

use tycute_atom::{Copy_Atom, MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, UniversalCopy};
use tycute_layout::{half_t, uint128_t, MakeLayoutLeft};
use tycute_macros::cute;
use tycute_tiled::copy::MakeTiledCopy;
use tycute_tiled::mma::MakeTiledMma;

use tycute_kernel::kernel::sm80::Sm80Config;
use crate::sm80_tn_128x256::{self as tn, Sm80Tn128x256};

/// TN's TiledMMA with the fp16-accumulating atom: 2x4 warps, `Tile<_32,_64,_16>`.
pub type MmaF16Acc = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, MakeLayoutLeft<cute!((_2,_4))>, cute!((_32,_64,_16))>;
/// `sC` (fp32) to fp16 D: 16 threads along M read 8 floats each (two 16-byte loads) and store 8
/// halves (one 16-byte store), 16 columns per pass.
pub type S2GCopyF16 = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_16,_16):(_1,_16)), MakeLayoutLeft<cute!((_8,_1))>>;

/// Declares a configuration: TN's parts, with the given TiledMMA and S2G copy.
macro_rules! tn_variant {
    ($(#[$m:meta])* $name:ident, $cname:literal, $about:literal, $mma:ty, $s2g:ty) => {
        $(#[$m])*
        pub struct $name;

        impl Sm80Config for $name {
            const NAME: &'static str = $cname;
            const ABOUT: &'static str = $about;
            type BM = cute!(_128);
            type BN = cute!(_256);
            type BK = cute!(_64);
            type Stages = tn::Stages;
            type SwizzleAtom = tn::SwizzleAtom;
            type SmemLayoutA = tn::SmemLayoutA;
            type SmemLayoutB = tn::SmemLayoutB;
            type SmemLayoutAStage = tn::SmemLayoutAStage;
            type SmemLayoutBStage = tn::SmemLayoutBStage;
            type G2SAtom = tn::G2SAtom;
            type CopyA = tn::CopyA;
            type CopyB = tn::CopyB;
            type MmaC = $mma;
            type S2RAtomA = tn::S2RAtom;
            type S2RAtomB = tn::S2RAtom;
            type SmemLayoutC = tn::SmemLayoutC;
            type R2SAtom = tn::R2SAtom;
            type S2GCopy = $s2g;
        }
    };
}

tn_variant!(
    /// fp16 accumulation, fp32 C and D.
    Sm80Tn128x256F16Acc,
    "sm80_tn_128x256_f16acc",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp16 accumulators (two per register), fp32 C and D: half_t A (M,K) and B (N,K) K-major",
    MmaF16Acc,
    tn::S2GCopy
);
tycute_kernel::impl_sm80_variant!(Sm80Tn128x256F16Acc, Sm80Tn128x256);

tn_variant!(
    /// fp32 accumulation, fp16 C and D.
    Sm80Tn128x256F16Cd,
    "sm80_tn_128x256_f16cd",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp16 C and D: half_t A (M,K) and B (N,K) K-major",
    tn::MmaC,
    S2GCopyF16
);
tycute_kernel::impl_sm80_variant!(Sm80Tn128x256F16Cd, Sm80Tn128x256, s2g);

tn_variant!(
    /// fp16 accumulation, fp16 C and D (CuTe's and cuBLAS's all-fp16 "HGEMM").
    Sm80Tn128x256F16AccF16Cd,
    "sm80_tn_128x256_f16acc_f16cd",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp16 accumulators (two per register), fp16 C and D: half_t A (M,K) and B (N,K) K-major",
    MmaF16Acc,
    S2GCopyF16
);
tycute_kernel::impl_sm80_variant!(Sm80Tn128x256F16AccF16Cd, Sm80Tn128x256F16Cd);

/// The registry's entries: the header and the build of `kernels/sm80_gemm.cu`.
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm80Tn128x256F16Acc as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256F16Acc>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tn128x256F16Cd as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256F16Cd>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tn128x256F16AccF16Cd as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256F16AccF16Cd>, Variant::SM80_GEMM),
    ]
};
