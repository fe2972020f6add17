//! SM90 `stmatrix` copy operations (`cute/arch/copy_sm90.hpp`, `cute/atom/copy_traits_sm90.hpp`):
//! the stores that mirror SM75's `ldmatrix`. One warp (`ThrID = _32:_1`) stores 1, 2 or 4 8x8
//! matrices of 16-bit elements from registers to shared memory.
//!
//! The layouts are `ldmatrix`'s with source and destination exchanged: `SrcLayout` (registers)
//! is the matching `SM75_*_LDSM_*`'s `DstLayout`, `DstLayout` (shared memory rows, one 128-bit
//! row address per thread of the first 8/16/32) is its `SrcLayout`, and `RefLayout = SrcLayout`
//! (the registers are the reference). See [`crate::copy::sm75`] for what each layout means.

use tycute_macros::cute;

use crate::copy::sm75::{
    copy_op, LdsmDstU16x2, LdsmDstU16x4, LdsmDstU16x8, LdsmDstU32x1, LdsmDstU32x2, LdsmDstU32x4, LdsmSrcX1,
    LdsmSrcX2, LdsmSrcX4,
};
use crate::copy::CopyTraits;

copy_op! {
    /// `stmatrix.sync.aligned.x1.m8n8.shared.b16`: one 8x8 matrix, 32 bits per thread.
    SM90_U32x1_STSM_N;
    /// `stmatrix.sync.aligned.x2.m8n8.shared.b16`: two 8x8 matrices, 2 x 32 bits per thread.
    SM90_U32x2_STSM_N;
    /// `stmatrix.sync.aligned.x4.m8n8.shared.b16`: four 8x8 matrices, 4 x 32 bits per thread.
    SM90_U32x4_STSM_N;
    /// `stmatrix.sync.aligned.x1.trans.m8n8.shared.b16`: one transposed matrix, 2 x 16 bits per
    /// thread.
    SM90_U16x2_STSM_T;
    /// `stmatrix.sync.aligned.x2.trans.m8n8.shared.b16`: two transposed matrices, 4 x 16 bits
    /// per thread.
    SM90_U16x4_STSM_T;
    /// `stmatrix.sync.aligned.x4.trans.m8n8.shared.b16`: four transposed matrices, 8 x 16 bits
    /// per thread.
    SM90_U16x8_STSM_T;
}

macro_rules! stsm {
    ($($op:ident: $regs:ty, $rows:ty;)*) => {$(
        impl CopyTraits for $op {
            type ThrID = cute!(_32:_1);
            type SrcLayout = $regs;
            type DstLayout = $rows;
            type RefLayout = $regs;
        }
    )*};
}
stsm! {
    SM90_U32x1_STSM_N: LdsmDstU32x1, LdsmSrcX1;
    SM90_U32x2_STSM_N: LdsmDstU32x2, LdsmSrcX2;
    SM90_U32x4_STSM_N: LdsmDstU32x4, LdsmSrcX4;
    SM90_U16x2_STSM_T: LdsmDstU16x2, LdsmSrcX1;
    SM90_U16x4_STSM_T: LdsmDstU16x4, LdsmSrcX2;
    SM90_U16x8_STSM_T: LdsmDstU16x8, LdsmSrcX4;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::sm75::*;
    use crate::copy::{CopyAtom, Copy_Atom, Dst2Ref, Src2Ref};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::half_t;

    /// stmatrix is ldmatrix backwards: src2ref of one is dst2ref of the other.
    #[test]
    fn mirrors_ldsm() {
        macro_rules! mirror {
            ($($st:ty, $ld:ty;)*) => {$(
                assert_eq!(show::<Src2Ref<Copy_Atom<$st, half_t>>>(), show::<Dst2Ref<Copy_Atom<$ld, half_t>>>());
                assert_eq!(show::<Dst2Ref<Copy_Atom<$st, half_t>>>(), show::<Src2Ref<Copy_Atom<$ld, half_t>>>());
            )*};
        }
        mirror! {
            SM90_U32x1_STSM_N, SM75_U32x1_LDSM_N;
            SM90_U32x2_STSM_N, SM75_U32x2_LDSM_N;
            SM90_U32x4_STSM_N, SM75_U32x4_LDSM_N;
            SM90_U16x2_STSM_T, SM75_U16x2_LDSM_T;
            SM90_U16x4_STSM_T, SM75_U16x4_LDSM_T;
            SM90_U16x8_STSM_T, SM75_U16x8_LDSM_T;
        }
        type A = Copy_Atom<SM90_U32x1_STSM_N, half_t>;
        assert_eq!(show::<<A as CopyAtom>::ValLayoutDst>(), "((_8,_4),_8):((_8,_0),_1)");
    }
}
