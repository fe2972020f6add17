//! SM80 (Ampere) `mma.sync` atoms (`cute/atom/mma_traits_sm80.hpp`) and CuTe's one-thread
//! [`UniversalFMA`] (`cute/atom/mma_traits.hpp`).
//!
//! All SM80 atoms use one warp, `ThrID = _32:_1`. In the thread modes `(_4,_8)`, lane
//! `t = t0 + 4 t1`: `t1` ("group id", 0..8) picks a row of the 8-row blocks, `t0` ("thread id in
//! group", 0..4) a group of consecutive columns. A `(m, k)` coordinate is the column-major index
//! `m + M k` (`(n, k)`: `n + N k`, `(m, n)`: `m + M n`).

use core::marker::PhantomData;

use tycute_layout::swizzle::recast::{bfloat16_t, double, float, half_t, int32_t, int8_t, tfloat32_t, SizeofBits};
use tycute_macros::cute;

use crate::mma::{mma_op, mma_traits, MmaTraits};

/// `(T32, V1) → (M8, K4)`, `((_4,_8),_1):((_8,_1),_0)`: lane `(t0, t1)` holds `(m, k) = (t1, t0)`.
pub type SM80_8x4 = cute!(((_4,_8),_1):((_8,_1),_0));
/// `(T32, V2) → (M8, N8)`, `((_4,_8),_2):((_16,_1),_8)`: lane `(t0, t1)` holds row `t1`,
/// columns `2 t0 + v`.
pub type SM80_8x8_Row = cute!(((_4,_8),_2):((_16,_1),_8));
/// `(T32, V4) → (M8, K16)`, `((_4,_8),_4):((_32,_1),_8)`: lane `(t0, t1)` holds row `t1`,
/// columns `4 t0 + v`.
pub type SM80_8x16_Row = cute!(((_4,_8),_4):((_32,_1),_8));
/// `(T32, V4) → (M16, N8)`, `((_4,_8),(_2,_2)):((_32,_1),(_16,_8))`: lane `(t0, t1)` holds rows
/// `t1 + 8 v1`, columns `2 t0 + v0`.
pub type SM80_16x8_Row = cute!(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)));

mma_op! {
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`
    SM80_16x8x8_F16F16F16F16_TN;
    /// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`
    SM80_16x8x16_F16F16F16F16_TN;
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`
    SM80_16x8x8_F32F16F16F32_TN;
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`
    SM80_16x8x16_F32F16F16F32_TN;
    /// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`
    SM80_16x8x8_F32BF16BF16F32_TN;
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`
    SM80_16x8x16_F32BF16BF16F32_TN;
    /// `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32`
    SM80_16x8x4_F32TF32TF32F32_TN;
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`
    SM80_16x8x8_F32TF32TF32F32_TN;
    /// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`
    SM80_8x8x4_F64F64F64F64_TN;
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32`
    SM80_8x8x16_S32S8S8S32_TN;
    /// `mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32`
    SM80_16x8x16_S32S8S8S32_TN;
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`
    SM80_16x8x32_S32S8S8S32_TN;
}

// ---------------------------------------------------------------------------------------------
// 16-bit inputs: m16n8k8 and m16n8k16, F16 or F32 accumulate, F16 or BF16 inputs

macro_rules! sm80_16x8x8 {
    ($($op:ident: $d:ty, $ab:ty;)*) => {$(
        // A: SM80_16x8_Row (rows t1 + 8 v1, k = 2 t0 + v0); B: SM80_8x8_Row (n = t1,
        // k = 2 t0 + v); C: SM80_16x8_Row.
        mma_traits!($op {
            D = $d, A = $ab, B = $ab, C = $d;
            Shape_MNK = cute!((_16,_8,_8));
            ThrID = cute!(_32:_1);
            A_TV = SM80_16x8_Row;
            B_TV = SM80_8x8_Row;
            C_TV = SM80_16x8_Row;
        });
    )*};
}
sm80_16x8x8! {
    SM80_16x8x8_F16F16F16F16_TN: half_t, half_t;
    SM80_16x8x8_F32F16F16F32_TN: float, half_t;
    SM80_16x8x8_F32BF16BF16F32_TN: float, bfloat16_t;
}

macro_rules! sm80_16x8x16 {
    ($($op:ident: $d:ty, $ab:ty;)*) => {$(
        // A: (T32, V8) → (M16, K16): rows t1 + 8 v1, k = 2 t0 + v0 + 8 v2.
        // B: (T32, V4) → (N8, K16): n = t1, k = 2 t0 + v0 + 8 v1.
        // C: SM80_16x8_Row.
        mma_traits!($op {
            D = $d, A = $ab, B = $ab, C = $d;
            Shape_MNK = cute!((_16,_8,_16));
            ThrID = cute!(_32:_1);
            A_TV = cute!(((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128)));
            B_TV = cute!(((_4,_8),(_2,_2)):((_16,_1),(_8,_64)));
            C_TV = SM80_16x8_Row;
        });
    )*};
}
sm80_16x8x16! {
    SM80_16x8x16_F16F16F16F16_TN: half_t, half_t;
    SM80_16x8x16_F32F16F16F32_TN: float, half_t;
    SM80_16x8x16_F32BF16BF16F32_TN: float, bfloat16_t;
}

/// The PTX instruction of an `mma.sync` operation, without operands (CuTe's `mma_sm80.hpp` wraps
/// the same): what a kernel emits for this atom. Implemented for the m16n8k16 operations on
/// 16-bit inputs and for the m16n8k8 TF32 one, whose operand lists agree except for the
/// accumulators: A is 4 and B 2 32-bit registers (two 16-bit values, or one TF32 value, per
/// register); C and D are 4 `.f32` registers, or 2 `.f16x2` registers for the F16 accumulator
/// (value `v` of `SM80_16x8_Row` in half `v % 2` of register `v / 2`: CuTe's `uint32_t[2]`).
pub trait MmaPtx {
    /// `mma.sync.aligned.m16n8k16.row.col.<D>.<A>.<B>.<C>`.
    const PTX: &'static str;
}
macro_rules! mma_ptx {
    ($($op:ident: $ptx:literal;)*) => {$(
        impl MmaPtx for $op {
            const PTX: &'static str = $ptx;
        }
    )*};
}
mma_ptx! {
    SM80_16x8x16_F16F16F16F16_TN: "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16";
    SM80_16x8x16_F32F16F16F32_TN: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    SM80_16x8x16_F32BF16BF16F32_TN: "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";
    SM80_16x8x8_F32TF32TF32F32_TN: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
}
impl<Op: MmaPtx> MmaPtx for crate::mma::MMA_Atom<Op> {
    const PTX: &'static str = Op::PTX;
}

// ---------------------------------------------------------------------------------------------
// TF32

// A: (T32, V2) → (M16, K4): rows t1 + 8 v, k = t0. B: SM80_8x4 (n = t1, k = t0). C: SM80_16x8_Row.
mma_traits!(SM80_16x8x4_F32TF32TF32F32_TN {
    D = float, A = tfloat32_t, B = tfloat32_t, C = float;
    Shape_MNK = cute!((_16,_8,_4));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),_2):((_16,_1),_8));
    B_TV = SM80_8x4;
    C_TV = SM80_16x8_Row;
});
// A: (T32, V4) → (M16, K8): rows t1 + 8 v0, k = t0 + 4 v1.
// B: (T32, V2) → (N8, K8): n = t1, k = t0 + 4 v.
// C: SM80_16x8_Row.
mma_traits!(SM80_16x8x8_F32TF32TF32F32_TN {
    D = float, A = tfloat32_t, B = tfloat32_t, C = float;
    Shape_MNK = cute!((_16,_8,_8));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_2,_2)):((_16,_1),(_8,_64)));
    B_TV = cute!(((_4,_8),_2):((_8,_1),_32));
    C_TV = SM80_16x8_Row;
});

// ---------------------------------------------------------------------------------------------
// F64

// A, B: SM80_8x4 (row t1, k = t0); C: SM80_8x8_Row (row t1, n = 2 t0 + v).
mma_traits!(SM80_8x8x4_F64F64F64F64_TN {
    D = double, A = double, B = double, C = double;
    Shape_MNK = cute!((_8,_8,_4));
    ThrID = cute!(_32:_1);
    A_TV = SM80_8x4;
    B_TV = SM80_8x4;
    C_TV = SM80_8x8_Row;
});

// ---------------------------------------------------------------------------------------------
// S8

// A, B: SM80_8x16_Row (row t1, k = 4 t0 + v); C: SM80_8x8_Row.
mma_traits!(SM80_8x8x16_S32S8S8S32_TN {
    D = int32_t, A = int8_t, B = int8_t, C = int32_t;
    Shape_MNK = cute!((_8,_8,_16));
    ThrID = cute!(_32:_1);
    A_TV = SM80_8x16_Row;
    B_TV = SM80_8x16_Row;
    C_TV = SM80_8x8_Row;
});
// A: (T32, V8) → (M16, K16): rows t1 + 8 v1, k = 4 t0 + v0. B: SM80_8x16_Row. C: SM80_16x8_Row.
mma_traits!(SM80_16x8x16_S32S8S8S32_TN {
    D = int32_t, A = int8_t, B = int8_t, C = int32_t;
    Shape_MNK = cute!((_16,_8,_16));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_4,_2)):((_64,_1),(_16,_8)));
    B_TV = SM80_8x16_Row;
    C_TV = SM80_16x8_Row;
});
// A: (T32, V16) → (M16, K32): rows t1 + 8 v1, k = 4 t0 + v0 + 16 v2.
// B: (T32, V8) → (N8, K32): n = t1, k = 4 t0 + v0 + 16 v1.
// C: SM80_16x8_Row.
mma_traits!(SM80_16x8x32_S32S8S8S32_TN {
    D = int32_t, A = int8_t, B = int8_t, C = int32_t;
    Shape_MNK = cute!((_16,_8,_32));
    ThrID = cute!(_32:_1);
    A_TV = cute!(((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256)));
    B_TV = cute!(((_4,_8),(_4,_2)):((_32,_1),(_8,_128)));
    C_TV = SM80_16x8_Row;
});

// ---------------------------------------------------------------------------------------------
// UniversalFMA

/// CuTe's `UniversalFMA<D, A = D, B = A, C = D>`: one thread computes one `d = a * b + c`
/// (`Shape_MNK = (_1,_1,_1)`, `ThrID = _1:_0`, every TV layout `(_1,_1):(_0,_0)`).
#[allow(clippy::type_complexity)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<fn() -> (D, A, B, C)>);
impl<D, A, B, C> Default for UniversalFMA<D, A, B, C> {
    fn default() -> Self {
        UniversalFMA(PhantomData)
    }
}
impl<D, A, B, C> Clone for UniversalFMA<D, A, B, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D, A, B, C> Copy for UniversalFMA<D, A, B, C> {}

impl<D: SizeofBits, A: SizeofBits, B: SizeofBits, C: SizeofBits> MmaTraits for UniversalFMA<D, A, B, C> {
    type ValTypeD = D;
    type ValTypeA = A;
    type ValTypeB = B;
    type ValTypeC = C;
    type Shape_MNK = cute!((_1,_1,_1));
    type ThrID = cute!(_1:_0);
    type LayoutA_TV = cute!((_1,_1):(_0,_0));
    type LayoutB_TV = cute!((_1,_1):(_0,_0));
    type LayoutC_TV = cute!((_1,_1):(_0,_0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::testutil::assert_bijective;
    use crate::mma::{val_types, LayoutA_TV, LayoutB_TV, LayoutC_TV, MMA_Atom, Shape_MNK, ThrID};
    use tycute_layout::{show, table};

    macro_rules! bijective {
        ($($op:ty: $m:literal $n:literal $k:literal;)*) => {$(
            assert_bijective::<LayoutA_TV<MMA_Atom<$op>>>($m * $k);
            assert_bijective::<LayoutB_TV<MMA_Atom<$op>>>($n * $k);
            assert_bijective::<LayoutC_TV<MMA_Atom<$op>>>($m * $n);
        )*};
    }

    #[test]
    fn tv_layouts_cover_their_tiles() {
        bijective! {
            SM80_16x8x8_F16F16F16F16_TN: 16 8 8;
            SM80_16x8x16_F32BF16BF16F32_TN: 16 8 16;
            SM80_16x8x8_F32TF32TF32F32_TN: 16 8 8;
            SM80_16x8x16_S32S8S8S32_TN: 16 8 16;
            SM80_16x8x32_S32S8S8S32_TN: 16 8 32;
            SM80_8x8x16_S32S8S8S32_TN: 8 8 16;
        }
        // m16n8k4 tf32 and m8n8k4 f64: one value per thread, the layouts are exact too.
        assert_bijective::<LayoutA_TV<MMA_Atom<SM80_16x8x4_F32TF32TF32F32_TN>>>(64);
        assert_bijective::<LayoutB_TV<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>>>(32);
        assert_bijective::<LayoutC_TV<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>>>(64);
    }

    #[test]
    fn ptx_of_the_m16n8k16_operations() {
        assert_eq!(<SM80_16x8x16_F16F16F16F16_TN as MmaPtx>::PTX, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16");
        assert_eq!(<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN> as MmaPtx>::PTX, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
        // the F16 accumulator: 16-bit C and D values, 4 per thread as for F32 (2 registers)
        assert_eq!(val_types::<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>>(), "D=16b A=16b B=16b C=16b");
    }

    /// m16n8k8 TF32 against the PTX ISA's fragment figures (not CuTe's layouts): with
    /// `g = lane / 4`, `q = lane % 4`, A's `a_i` is `(g + 8 (i % 2), q + 4 (i / 2))`, B's `b_i`
    /// is `(k, n) = (q + 4 i, g)`, C's `c_i` is `(g + 8 (i / 2), 2 q + i % 2)`; and the runtime
    /// twin has the same layouts.
    #[test]
    fn tf32_m16n8k8_matches_the_ptx_fragments() {
        type T = MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>;
        let frag = |vals: i64, f: &dyn Fn(i64, i64, i64) -> i64| -> Vec<i64> {
            (0..vals).flat_map(|i| (0..32).map(move |lane| (lane, i))).map(|(lane, i)| f(lane / 4, lane % 4, i)).collect()
        };
        assert_eq!(table::<LayoutA_TV<T>>(), frag(4, &|g, q, i| (g + 8 * (i % 2)) + 16 * (q + 4 * (i / 2))));
        assert_eq!(table::<LayoutB_TV<T>>(), frag(2, &|g, q, i| g + 8 * (q + 4 * i)));
        assert_eq!(table::<LayoutC_TV<T>>(), frag(4, &|g, q, i| (g + 8 * (i / 2)) + 16 * (2 * q + i % 2)));
        assert_eq!(<T as MmaPtx>::PTX, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
        assert_eq!(val_types::<T>(), "D=32b A=32b B=32b C=32b");
        let twin = tycute_dynamic::atom::mma::mma_atom("SM80_16x8x8_F32TF32TF32F32_TN").unwrap();
        assert_eq!(twin.shape_mnk.to_string(), show::<Shape_MNK<T>>());
        assert_eq!(twin.thr_id.to_string(), show::<ThrID<T>>());
        assert_eq!(twin.layout_a.to_string(), show::<LayoutA_TV<T>>());
        assert_eq!(twin.layout_b.to_string(), show::<LayoutB_TV<T>>());
        assert_eq!(twin.layout_c.to_string(), show::<LayoutC_TV<T>>());
    }

    #[test]
    fn f16_and_f32_accumulators_share_their_layouts() {
        // CuTe: both m16n8k16 f16-input atoms use SM80_16x8_Row for C and the same A and B
        fn same<A: crate::mma::SameMmaLayouts<B>, B>() {}
        same::<SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN>();
        same::<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>>();
        same::<SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F16F16F16F16_TN>();
        assert_eq!(
            show::<LayoutC_TV<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>>>(),
            show::<LayoutC_TV<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>>>()
        );
    }

    #[test]
    fn members() {
        type A = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
        assert_eq!(show::<Shape_MNK<A>>(), "(_16,_8,_16)");
        assert_eq!(show::<ThrID<A>>(), "_32:_1");
        assert_eq!(val_types::<A>(), "D=32b A=16b B=16b C=32b");
        assert_eq!(val_types::<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>>(), "D=64b A=64b B=64b C=64b");
        assert_eq!(val_types::<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>>(), "D=32b A=32b B=32b C=32b");
        type F = MMA_Atom<UniversalFMA<float>>;
        assert_eq!(show::<LayoutC_TV<F>>(), "(_1,_1):(_0,_0)");
        assert_eq!(table::<ThrID<F>>(), vec![0]);
        assert_eq!(val_types::<F>(), "D=32b A=32b B=32b C=32b");
        assert_eq!(val_types::<UniversalFMA<float, half_t>>(), "D=32b A=16b B=16b C=32b");
    }
}
