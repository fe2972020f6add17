//! SM75 (Turing) `mma.sync` atoms (`cute/atom/mma_traits_sm75.hpp`): one warp, `ThrID = _32:_1`.
//!
//! Lane `t = t0 + 4 t1` (`t0 < 4`, `t1 < 8`) is `(_4,_8)` in the thread modes below: `t1` picks
//! a row ("group id") and `t0` a pair of columns ("thread id in group").

use tycute_layout::swizzle::recast::{float, half_t, int32_t, int8_t};
use tycute_macros::cute;

use crate::mma::{mma_op, mma_traits};

mma_op! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`
    SM75_16x8x8_F32F16F16F32_TN;
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`
    SM75_16x8x8_F16F16F16F16_TN;
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32`
    SM75_8x8x16_S32S8S8S32_TN;
}

// A: (T32, V4) → (M16, K8): lane (t0, t1) holds rows t1 and t1 + 8 (value bit 1, stride 8) and
// columns 2 t0, 2 t0 + 1 (value bit 0, stride 16 = one column of 16 rows).
// B: (T32, V2) → (N8, K8): lane (t0, t1) holds column n = t1 and k = 2 t0, 2 t0 + 1.
// C: (T32, V4) → (M16, N8): lane (t0, t1) holds rows t1, t1 + 8 and columns 2 t0, 2 t0 + 1.
mma_traits!(SM75_16x8x8_F32F16F16F32_TN {
    D = float, A = half_t, B = half_t, C = float;
    Shape_MNK = cute!((_16,_8,_8));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)));
    B_TV = cute!(((_4,_8),_2):((_16,_1),_8));
    C_TV = cute!(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)));
});
mma_traits!(SM75_16x8x8_F16F16F16F16_TN {
    D = half_t, A = half_t, B = half_t, C = half_t;
    Shape_MNK = cute!((_16,_8,_8));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)));
    B_TV = cute!(((_4,_8),_2):((_16,_1),_8));
    C_TV = cute!(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)));
});
// A, B: (T32, V4) → (M8, K16): lane (t0, t1) holds row t1 and k = 4 t0 .. 4 t0 + 3.
// C: (T32, V2) → (M8, N8): lane (t0, t1) holds row t1 and n = 2 t0, 2 t0 + 1.
mma_traits!(SM75_8x8x16_S32S8S8S32_TN {
    D = int32_t, A = int8_t, B = int8_t, C = int32_t;
    Shape_MNK = cute!((_8,_8,_16));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),_4):((_32,_1),_8));
    B_TV = cute!(((_4,_8),_4):((_32,_1),_8));
    C_TV = cute!(((_4,_8),_2):((_16,_1),_8));
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::testutil::assert_bijective;
    use crate::mma::{val_types, LayoutA_TV, LayoutB_TV, LayoutC_TV, MMA_Atom};
    use tycute_layout::show;

    #[test]
    fn layouts() {
        type A = MMA_Atom<SM75_16x8x8_F32F16F16F32_TN>;
        assert_eq!(show::<LayoutB_TV<A>>(), "((_4,_8),_2):((_16,_1),_8)");
        assert_eq!(val_types::<A>(), "D=32b A=16b B=16b C=32b");
        assert_bijective::<LayoutA_TV<A>>(128);
        assert_bijective::<LayoutB_TV<A>>(64);
        assert_bijective::<LayoutC_TV<A>>(128);
        type S = MMA_Atom<SM75_8x8x16_S32S8S8S32_TN>;
        assert_eq!(val_types::<S>(), "D=32b A=8b B=8b C=32b");
        assert_bijective::<LayoutA_TV<S>>(128);
        assert_bijective::<LayoutC_TV<S>>(64);
    }
}
