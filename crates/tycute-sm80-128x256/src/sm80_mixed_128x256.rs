//! The two sm80 configurations with one operand of each majorness, for `kernels/sm80_gemm.cu`:
//! CuTe's NN (A M-major, B K-major) and TT (A K-major, B N-major). Each takes its A parts (smem
//! layout, G2S copy, S2R copy) from one of [`crate::sm80_tn_128x256`] (K-major) and
//! [`crate::sm80_nt_128x256`] (M-/N-major) and its B parts from the other; the CTA tile, stages,
//! TiledMMA and epilogue are theirs. The header says each operand's majorness and `ldmatrix`
//! separately, so the kernel needs nothing more; `emit::sm80::check` proves the tables as for
//! the other two.
//!
//! With C row-major, the host runs NN as the column-major `D^T = B * A^T`, whose operands are TT
//! (and TT as NN): the four configurations serve all eight layout combinations.

use tycute_kernel::kernel::sm80::Sm80Config;
use crate::sm80_nt_128x256 as nt;
use crate::sm80_tn_128x256 as tn;
use tycute_macros::cute;

/// The K-major G2S copy of the mixed configurations: 64 threads along M/N by 4 along K (8 halves
/// each along K), a `(_64,_32)` tile per pass: fewer rows per thread than the TN copy's 32x8
/// threads (a residue tile predicates each row; the kernel's residue instantiation is at the
/// register limit), and 8 consecutive threads still write one 16-byte column of 8 rows, which the
/// 128-byte swizzle spreads over 8 bank groups.
pub type CopyK = tycute_tiled::copy::MakeTiledCopy<tn::G2SAtom, cute!((_64,_4):(_1,_64)), tycute_layout::MakeLayoutLeft<cute!((_1,_8))>>;

/// NN: A (M,K) M-major, B (N,K) K-major.
pub struct Sm80Nn128x256;

impl Sm80Config for Sm80Nn128x256 {
    const NAME: &'static str = "sm80_nn_128x256";
    const ABOUT: &'static str =
        "sm80 NN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators: half_t A (M,K) M-major and B (N,K) K-major";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = tn::Stages;
    /// (A's atom; B's K-major atom has the same `Sw<3,3,3>`.)
    type SwizzleAtom = nt::SwizzleAtom;
    type SmemLayoutA = nt::SmemLayoutA;
    type SmemLayoutB = tn::SmemLayoutB;
    type SmemLayoutAStage = nt::SmemLayoutAStage;
    type SmemLayoutBStage = tn::SmemLayoutBStage;
    type G2SAtom = tn::G2SAtom;
    type CopyA = nt::CopyA;
    type CopyB = CopyK;
    type MmaC = tn::MmaC;
    type S2RAtomA = nt::S2RAtom;
    type S2RAtomB = tn::S2RAtom;
    type SmemLayoutC = tn::SmemLayoutC;
    type R2SAtom = tn::R2SAtom;
    type S2GCopy = tn::S2GCopy;
}
tycute_kernel::impl_sm80_kernel!(Sm80Nn128x256);

/// TT: A (M,K) K-major, B (N,K) N-major.
pub struct Sm80Tt128x256;

impl Sm80Config for Sm80Tt128x256 {
    const NAME: &'static str = "sm80_tt_128x256";
    const ABOUT: &'static str =
        "sm80 TT 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators: half_t A (M,K) K-major and B (N,K) N-major";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = tn::Stages;
    /// (A's atom; B's N-major atom has the same `Sw<3,3,3>`.)
    type SwizzleAtom = tn::SwizzleAtom;
    type SmemLayoutA = tn::SmemLayoutA;
    type SmemLayoutB = nt::SmemLayoutB;
    type SmemLayoutAStage = tn::SmemLayoutAStage;
    type SmemLayoutBStage = nt::SmemLayoutBStage;
    type G2SAtom = tn::G2SAtom;
    type CopyA = CopyK;
    type CopyB = nt::CopyB;
    type MmaC = tn::MmaC;
    type S2RAtomA = tn::S2RAtom;
    type S2RAtomB = nt::S2RAtom;
    type SmemLayoutC = tn::SmemLayoutC;
    type R2SAtom = tn::R2SAtom;
    type S2GCopy = tn::S2GCopy;
}
tycute_kernel::impl_sm80_kernel!(Sm80Tt128x256);

/// The registry's entries: the header and the build of `kernels/sm80_gemm.cu`.
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm80Nn128x256 as Sm80Config>::NAME, header_with_values::<Sm80Nn128x256>, Variant::SM80_GEMM),
        Entry::kernel(<Sm80Tt128x256 as Sm80Config>::NAME, header_with_values::<Sm80Tt128x256>, Variant::SM80_GEMM),
    ]
};
