//! SM89 (Ada; also sm_90) `mma.sync` atoms on fp8 (CuTe's `cute/atom/mma_traits_sm89.hpp`):
//! `mma.sync.aligned.m16n8k32.row.col.f32.<e4m3|e5m2>.<e4m3|e5m2>.f32`, one warp, a `16x8x32`
//! tile, fp32 accumulators. Their thread-value layouts are the SM80 `16x8x32` int8 atom's
//! ([`SM80_16x8x32_S32S8S8S32_TN`](crate::SM80_16x8x32_S32S8S8S32_TN): one-byte A and B, four k
//! a register); the decode-sized fp8 GEMM (`kernels/skinny_gemm_fp8.cu`) issues them through the
//! device library's texts (`tycute/arch/mma_sync.cuh`), which the test below holds to
//! [`MmaPtx::PTX`](crate::MmaPtx).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::show;
//! type A = MMA_Atom<SM89_16x8x32_F32E4M3E4M3F32_TN>;
//! // A: rows t1 + 8 v1, k = 4 t0 + v0 + 16 v2 (a register is v0's four bytes)
//! assert_eq!(show::<<A as MmaTraits>::LayoutA_TV>(), "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))");
//! assert_eq!(val_types::<A>(), "D=32b A=8b B=8b C=32b");
//! assert_eq!(<A as MmaPtx>::PTX, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32");
//! ```

use tycute_layout::swizzle::recast::{float, float_e4m3_t, float_e5m2_t};
use tycute_macros::cute;

use crate::mma::sm80::{MmaPtx, SM80_16x8_Row};
use crate::mma::{mma_op, mma_traits};

mma_op! {
    /// `mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32`
    SM89_16x8x32_F32E4M3E4M3F32_TN;
    /// `mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32`
    SM89_16x8x32_F32E5M2E5M2F32_TN;
}

// A: (T32, V16) → (M16, K32): rows t1 + 8 v1, k = 4 t0 + v0 + 16 v2.
// B: (T32, V8) → (N8, K32): n = t1, k = 4 t0 + v0 + 16 v1.
// C: SM80_16x8_Row.
mma_traits!(SM89_16x8x32_F32E4M3E4M3F32_TN {
    D = float, A = float_e4m3_t, B = float_e4m3_t, C = float;
    Shape_MNK = cute!((_16,_8,_32));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256)));
    B_TV = cute!(((_4,_8),(_4,_2)):((_32,_1),(_8,_128)));
    C_TV = SM80_16x8_Row;
});
mma_traits!(SM89_16x8x32_F32E5M2E5M2F32_TN {
    D = float, A = float_e5m2_t, B = float_e5m2_t, C = float;
    Shape_MNK = cute!((_16,_8,_32));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256)));
    B_TV = cute!(((_4,_8),(_4,_2)):((_32,_1),(_8,_128)));
    C_TV = SM80_16x8_Row;
});

impl MmaPtx for SM89_16x8x32_F32E4M3E4M3F32_TN {
    const PTX: &'static str = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
}
impl MmaPtx for SM89_16x8x32_F32E5M2E5M2F32_TN {
    const PTX: &'static str = "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::testutil::assert_bijective;
    use crate::mma::{LayoutA_TV, LayoutB_TV, LayoutC_TV, MMA_Atom};
    use crate::SM80_16x8x32_S32S8S8S32_TN;

    #[test]
    fn the_fp8_atoms_have_the_int8_atoms_layouts() {
        use tycute_layout::show;
        type I8 = MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>;
        type E4 = MMA_Atom<SM89_16x8x32_F32E4M3E4M3F32_TN>;
        type E5 = MMA_Atom<SM89_16x8x32_F32E5M2E5M2F32_TN>;
        for (a, b, c) in [
            (show::<LayoutA_TV<E4>>(), show::<LayoutB_TV<E4>>(), show::<LayoutC_TV<E4>>()),
            (show::<LayoutA_TV<E5>>(), show::<LayoutB_TV<E5>>(), show::<LayoutC_TV<E5>>()),
        ] {
            assert_eq!((a, b, c), (show::<LayoutA_TV<I8>>(), show::<LayoutB_TV<I8>>(), show::<LayoutC_TV<I8>>()));
        }
        assert_bijective::<LayoutA_TV<E4>>(16 * 32);
        assert_bijective::<LayoutB_TV<E4>>(8 * 32);
        assert_bijective::<LayoutC_TV<E4>>(16 * 8);
    }
}
