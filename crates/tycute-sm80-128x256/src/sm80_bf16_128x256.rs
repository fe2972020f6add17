//! The bf16 forms of tycute's sm80 128x256 configurations, for `kernels/sm80_gemm.cu`: A and B
//! `bfloat16_t`, fp32 accumulation (CuTe's `SM80_16x8x16_F32BF16BF16F32_TN`), C and D f32, bf16
//! or fp16. Each is the fp16 configuration of its layout with other element types
//! ([`sm80_with_elements!`](tycute_kernel::sm80_with_elements)): its TiledMMA's atom is the bf16
//! one of the same layouts, its S2G copy the fp16 one with the C/D value type, every other part
//! and every table the fp16 configuration's (the compile-time proof is type equality of the parts,
//! `Sm80SameMainloop`); the header differs in the MMA instruction
//! (`mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`) and the element types
//! (`TYCUTE_<config>_ELEMENT_AB`, `_ELEMENT_CD`).
//!
//! ```text
//! mma_bf16 = make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_2,_4>>{}, Tile<_32,_64,_16>{})
//! s2g_bf16 = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,bfloat16_t>{}, (_16,_16):(_1,_16), (_8,_1))
//! ```
//!
//! | configuration | A, B | C, D | layouts | derived from |
//! |---|---|---|---|---|
//! | `sm80_tn_128x256_bf16` | bf16 | f32 | TN | `sm80_tn_128x256` |
//! | `sm80_nt_128x256_bf16` | bf16 | f32 | NT | `sm80_nt_128x256` |
//! | `sm80_nn_128x256_bf16` | bf16 | f32 | NN | `sm80_nn_128x256` |
//! | `sm80_tt_128x256_bf16` | bf16 | f32 | TT | `sm80_tt_128x256` |
//! | `sm80_tn_128x256_bf16_bf16cd` | bf16 | bf16 | TN | `sm80_tn_128x256_f16cd` |
//! | `sm80_tn_128x256_bf16_f16cd` | bf16 | fp16 | TN | `sm80_tn_128x256_f16cd` |

use tycute_layout::{bfloat16_t, float, half_t};

use crate::sm80_mixed_128x256::{Sm80Nn128x256, Sm80Tt128x256};
use crate::sm80_nt_128x256::Sm80Nt128x256;
use crate::sm80_tn_128x256::Sm80Tn128x256;
use crate::sm80_variants::Sm80Tn128x256F16Cd;

tycute_kernel::sm80_with_elements!(
    /// TN, bf16 A and B, f32 C and D.
    Sm80Tn128x256Bf16 = Sm80Tn128x256, bfloat16_t, float, same,
    "sm80_tn_128x256_bf16",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp32 C and D: bfloat16_t A (M,K) and B (N,K) K-major"
);
tycute_kernel::sm80_with_elements!(
    /// NT, bf16 A and B, f32 C and D.
    Sm80Nt128x256Bf16 = Sm80Nt128x256, bfloat16_t, float, same,
    "sm80_nt_128x256_bf16",
    "sm80 NT 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp32 C and D: bfloat16_t A (M,K) M-major and B (N,K) N-major"
);
tycute_kernel::sm80_with_elements!(
    /// NN, bf16 A and B, f32 C and D.
    Sm80Nn128x256Bf16 = Sm80Nn128x256, bfloat16_t, float, same,
    "sm80_nn_128x256_bf16",
    "sm80 NN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp32 C and D: bfloat16_t A (M,K) M-major and B (N,K) K-major"
);
tycute_kernel::sm80_with_elements!(
    /// TT, bf16 A and B, f32 C and D.
    Sm80Tt128x256Bf16 = Sm80Tt128x256, bfloat16_t, float, same,
    "sm80_tt_128x256_bf16",
    "sm80 TT 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp32 C and D: bfloat16_t A (M,K) K-major and B (N,K) N-major"
);
tycute_kernel::sm80_with_elements!(
    /// TN, bf16 A, B, C and D.
    Sm80Tn128x256Bf16Bf16Cd = Sm80Tn128x256F16Cd, bfloat16_t, bfloat16_t, s2g,
    "sm80_tn_128x256_bf16_bf16cd",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, bf16 C and D: bfloat16_t A (M,K) and B (N,K) K-major"
);
tycute_kernel::sm80_with_elements!(
    /// TN, bf16 A and B, fp16 C and D.
    Sm80Tn128x256Bf16F16Cd = Sm80Tn128x256F16Cd, bfloat16_t, half_t, same,
    "sm80_tn_128x256_bf16_f16cd",
    "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators, fp16 C and D: bfloat16_t A (M,K) and B (N,K) K-major"
);

/// The registry's entries: the header and the build of `kernels/sm80_gemm.cu`.
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::kernel::sm80::Sm80Config;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm80Tn128x256Bf16 as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256Bf16>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Nt128x256Bf16 as Sm80Config>::NAME, header_with_values::<Sm80Nt128x256Bf16>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Nn128x256Bf16 as Sm80Config>::NAME, header_with_values::<Sm80Nn128x256Bf16>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tt128x256Bf16 as Sm80Config>::NAME, header_with_values::<Sm80Tt128x256Bf16>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tn128x256Bf16Bf16Cd as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256Bf16Bf16Cd>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tn128x256Bf16F16Cd as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256Bf16F16Cd>, Variant::SM80_GEMM),
    ]
};
