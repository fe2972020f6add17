//! SM70 (Volta) `mma.sync.m8n8k4` atoms (`cute/atom/mma_traits_sm70.hpp`).
//!
//! A Volta MMA is executed by a *quad pair*: 8 threads, lanes `0-3` and `16-19` of the warp for
//! the first of four quad pairs ([`SM70_QuadPair`]). The suffix `_TN`/`_NT`/`_NN`/`_TT` gives the
//! majorness of A and B (T = row-major "K-major" registers, N = column-major "M/N-major").

use tycute_layout::swizzle::recast::{float, half_t};
use tycute_macros::cute;

use crate::mma::{mma_op, mma_traits};

/// Logical thread id → lane: `(_4,_2):(_1,_16)`; threads 0-3 are lanes 0-3, threads 4-7 are
/// lanes 16-19.
pub type SM70_QuadPair = cute!((_4,_2):(_1,_16));
/// `(T8, V4) → (M8, K4)`, `(_8,_4):(_1,_8)`: thread `t` holds row `m = t` of the 8x4 tile, its 4
/// values are the 4 `k`.
pub type SM70_8x4_Row = cute!((_8,_4):(_1,_8));
/// `(T8, V4) → (M8, K4)`, `((_4,_2),_4):((_8,_4),_1)`: thread `t = t0 + 4 t1` holds column
/// `k = t0` of rows `4 t1 .. 4 t1 + 3` (its 4 values are 4 consecutive `m`).
pub type SM70_8x4_Col = cute!(((_4,_2),_4):((_8,_4),_1));
/// `(T8, V8) → (M8, N8)` for 16-bit accumulators, `(_8,_8):(_1,_8)`: thread `t` holds row
/// `m = t`, its 8 values are the 8 `n`.
pub type SM70_8x8_16b = cute!((_8,_8):(_1,_8));
/// `(T8, V8) → (M8, N8)` for 32-bit accumulators,
/// `((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))`: thread bits `(t0, t1, t2)` give
/// `m` bit 0, `n` bit 1 and `m` bit 2; value bits `(v0, v1, v2)` give `n` bit 0, `m` bit 1 and
/// `n` bit 2.
pub type SM70_8x8_32b = cute!(((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32)));

mma_op! {
    /// `mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16`
    SM70_8x8x4_F16F16F16F16_TN;
    /// `mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16`
    SM70_8x8x4_F16F16F16F16_NT;
    /// `mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16`
    SM70_8x8x4_F16F16F16F16_NN;
    /// `mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16`
    SM70_8x8x4_F16F16F16F16_TT;
    /// `mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32`
    SM70_8x8x4_F32F16F16F32_TN;
    /// `mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32`
    SM70_8x8x4_F32F16F16F32_NT;
    /// `mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32`
    SM70_8x8x4_F32F16F16F32_NN;
    /// `mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32`
    SM70_8x8x4_F32F16F16F32_TT;
}

macro_rules! sm70 {
    ($($op:ident: $d:ty, $a:ident, $b:ident, $c:ident;)*) => {$(
        mma_traits!($op {
            D = $d, A = half_t, B = half_t, C = $d;
            Shape_MNK = cute!((_8,_8,_4));
            ThrID = SM70_QuadPair;
            A_TV = $a;
            B_TV = $b;
            C_TV = $c;
        });
    )*};
}
sm70! {
    SM70_8x8x4_F16F16F16F16_TN: half_t, SM70_8x4_Row, SM70_8x4_Row, SM70_8x8_16b;
    SM70_8x8x4_F16F16F16F16_NT: half_t, SM70_8x4_Col, SM70_8x4_Col, SM70_8x8_16b;
    SM70_8x8x4_F16F16F16F16_NN: half_t, SM70_8x4_Col, SM70_8x4_Row, SM70_8x8_16b;
    SM70_8x8x4_F16F16F16F16_TT: half_t, SM70_8x4_Row, SM70_8x4_Col, SM70_8x8_16b;
    SM70_8x8x4_F32F16F16F32_TN: float, SM70_8x4_Row, SM70_8x4_Row, SM70_8x8_32b;
    SM70_8x8x4_F32F16F16F32_NT: float, SM70_8x4_Col, SM70_8x4_Col, SM70_8x8_32b;
    SM70_8x8x4_F32F16F16F32_NN: float, SM70_8x4_Col, SM70_8x4_Row, SM70_8x8_32b;
    SM70_8x8x4_F32F16F16F32_TT: float, SM70_8x4_Row, SM70_8x4_Col, SM70_8x8_32b;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::testutil::assert_bijective;
    use crate::mma::{val_types, MmaTraits, MMA_Atom};
    use tycute_layout::{show, table};

    #[test]
    fn layouts() {
        type A = MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>;
        assert_eq!(show::<<A as MmaTraits>::Shape_MNK>(), "(_8,_8,_4)");
        assert_eq!(show::<<A as MmaTraits>::LayoutC_TV>(), "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))");
        assert_eq!(table::<<A as MmaTraits>::ThrID>(), vec![0, 1, 2, 3, 16, 17, 18, 19]);
        assert_eq!(val_types::<A>(), "D=32b A=16b B=16b C=32b");
        assert_eq!(val_types::<MMA_Atom<SM70_8x8x4_F16F16F16F16_TT>>(), "D=16b A=16b B=16b C=16b");
        assert_bijective::<SM70_8x4_Row>(32);
        assert_bijective::<SM70_8x4_Col>(32);
        assert_bijective::<SM70_8x8_16b>(64);
        assert_bijective::<SM70_8x8_32b>(64);
    }
}
