//! SM90 (Hopper) warpgroup MMA atoms, GMMA (`cute/atom/mma_traits_sm90_gmma.hpp` and
//! `mma_traits_sm90_gmma_ext.hpp`): `wgmma.mma_async` on a `64 x N x K` tile by one warpgroup
//! (`ThrID = _128:_1`), for every `N` from 8 to 256 in steps of 8 as CuTe defines them.
//!
//! * `SM90_64xNx16_{F16F16F16,F32F16F16,F32BF16BF16}_SS<MajorA, MajorB>`: A and B in shared
//!   memory (through descriptors), each K-major ([`K`]) or MN-major ([`MN`]);
//! * `SM90_64xNx16_{...}_RS<MajorA, MajorB>`: A in registers, which must be K-major (CuTe's
//!   `static_assert` "Register source operand A must have K major layout.");
//! * the forms that are K-major only, TF32 (`SM90_64xNx8_F32TF32TF32_SS_TN`, `..._RS_TN`) and fp8
//!   (`SM90_64xNx32_F32E4M3E4M3_SS_TN`, ...), are in [`sm90_tf32`](crate::mma::sm90_tf32) and
//!   [`sm90_fp8`](crate::mma::sm90_fp8), with the rule they share in
//!   [`sm90_k_major`](crate::mma::sm90_k_major).
//!
//! CuTe's optional `ScaleIn` template arguments (`scaleA`, `scaleB`, negation of the inputs) do
//! not change any layout and are not modelled. The major markers do not change the layouts
//! either (the TV layouts are logical); they are the same types as the GMMA smem atoms' majors
//! ([`MajorK`], [`MajorMN`] of `tycute_layout::swizzle::gmma`).
//!
//! The layouts are CuTe's formulas in `N`:
//!
//! | layout | value | meaning |
//! |---|---|---|
//! | [`ABLayout<M, K>`] | `(_128,(M,K)):(_0,(_1,M))` | smem operands: every thread of the warpgroup "holds" the whole `M x K` tile (thread stride 0) |
//! | [`CLayout_64xN<N>`] | `((_4,_8,_4),(_2,_2,N/8)):((_128,_1,_16),(_64,_8,_512))` | accumulators: thread `t0 + 4 t1 + 32 t2` (warp `t2`) holds rows `t1 + 16 t2 + 8 v1` and columns `2 t0 + v0 + 8 v2` of the `64 x N` tile |
//! | [`ALayout_64x16`] | `((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))` | 16-bit A in registers, `64 x 16`: rows `t1 + 16 t2 + 8 v1`, columns `2 t0 + v0 + 8 v2` |
//! | [`ALayout_64x8`] | `((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))` | 32-bit (TF32) A in registers, `64 x 8`: rows `t1 + 16 t2 + 8 v0`, columns `t0 + 4 v1` |

use core::marker::PhantomData;

use tycute_layout::int::Quot;
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::gmma::{GmmaMajor, MajorK, MajorMN};
use tycute_layout::swizzle::recast::{bfloat16_t, float, half_t};
use tycute_layout::tuple::{Nil, Tup};
use tycute_macros::cute;
#[allow(unused_imports)]
use typenum::consts::*;

use crate::mma::MmaTraits;

/// `GMMA::Major::K`: the operand is K-major in shared memory (an alias of the GMMA smem atoms'
/// [`MajorK`]). Printed `K` in CuTe's atom names (`SM90_64x64x16_F16F16F16_SS<K,K>`).
pub type K = MajorK;
/// `GMMA::Major::MN`: the operand is M-major (A) or N-major (B) in shared memory (an alias of
/// [`MajorMN`]).
pub type MN = MajorMN;

/// Rejects an RS (register-sourced A) GMMA whose A is not K-major.
#[diagnostic::on_unimplemented(
    message = "GMMA RS: Register source operand A must have K major layout.",
    label = "A of an _RS GMMA atom must be `K`"
)]
pub trait GmmaRegisterSourceMajor {}
impl GmmaRegisterSourceMajor for MajorK {}

/// The operand majors of a GMMA operation whose A and B come from shared memory
/// (`SM90_64xNx16_*_SS<MajorA, MajorB>`, or an `MMA_Atom` of one): what its instruction's
/// `imm-trans-a` / `imm-trans-b` say (0 for [`K`], 1 for [`MN`]), and so how the shared-memory
/// layouts it reads through its descriptors must be laid out. `WithMajors<A2, B2>` is the same
/// operation with other majors (the same layouts: [`crate::mma::SameMmaLayouts`]).
///
/// ```
/// use tycute_atom::{mma::SameMmaLayouts, GmmaOperandMajors, SM90_64x128x16_F32F16F16_SS, K, MN};
/// type TN = SM90_64x128x16_F32F16F16_SS<K, K>;
/// type NT = <TN as GmmaOperandMajors>::WithMajors<MN, MN>;
/// fn same<A: SameMmaLayouts<B>, B>() {}
/// same::<TN, NT>();
/// assert!(<<NT as GmmaOperandMajors>::MajorA as tycute_layout::swizzle::gmma::GmmaMajor>::MN);
/// ```
pub trait GmmaOperandMajors {
    /// The major of A in shared memory.
    type MajorA: GmmaMajor;
    /// The major of B in shared memory.
    type MajorB: GmmaMajor;
    /// The same operation reading A `A2`-major and B `B2`-major.
    type WithMajors<A2: GmmaMajor, B2: GmmaMajor>;
}
impl<Op: GmmaOperandMajors> GmmaOperandMajors for crate::mma::MMA_Atom<Op> {
    type MajorA = Op::MajorA;
    type MajorB = Op::MajorB;
    type WithMajors<A2: GmmaMajor, B2: GmmaMajor> = crate::mma::MMA_Atom<Op::WithMajors<A2, B2>>;
}

/// `GMMA::CLayout_64xN<N>`: `(T128, V N/2) → (M64, N)` accumulators,
/// `((_4,_8,_4),(_2,_2,N/8)):((_128,_1,_16),(_64,_8,_512))`. Lane `t0 + 4 t1` of warp `t2` holds
/// rows `t1 + 16 t2 + 8 v1` and columns `2 t0 + v0 + 8 v2` (index `m + 64 n`).
pub type CLayout_64xN<N> = Layout<
    // ((_4,_8,_4),(_2,_2,N/8))
    Tup<cute!((_4,_8,_4)), Tup<Tup<P2, Tup<P2, Tup<Quot<N, P8>, Nil>>>, Nil>>,
    // ((_128,_1,_16),(_64,_8,_512))
    cute!(((_128,_1,_16),(_64,_8,_512))),
>;

/// `GMMA::ALayout_64x8`: `(T128, V4) → (M64, K8)` for 32-bit A in registers,
/// `((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))`: lane `t0 + 4 t1` of warp `t2` holds rows
/// `t1 + 16 t2 + 8 v0` and columns `t0 + 4 v1`.
pub type ALayout_64x8 = cute!(((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256)));
/// `GMMA::ALayout_64x16`: `(T128, V8) → (M64, K16)` for 16-bit A in registers,
/// `((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))`: lane `t0 + 4 t1` of warp `t2` holds
/// rows `t1 + 16 t2 + 8 v1` and columns `2 t0 + v0 + 8 v2`.
pub type ALayout_64x16 = cute!(((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512)));

/// `GMMA::ABLayout<M, K>`: `(T128, V M*K) → (M, K)` for an operand in shared memory,
/// `(_128,(M,K)):(_0,(_1,M))`: the instruction reads the tile through a descriptor, so every
/// thread is mapped to the whole tile (thread stride `_0`) and value `(m, k)` is `m + M k`.
pub type ABLayout<M, Kk> = Layout<
    // (_128,(M,K))
    Tup<P128, Tup<Tup<M, Tup<Kk, Nil>>, Nil>>,
    // (_0,(_1,M))
    Tup<Z0, Tup<Tup<P1, Tup<M, Nil>>, Nil>>,
>;

/// The instruction of a GMMA operation whose A and B come from shared memory (`_SS`), as a
/// kernel issues it: `PTX {d...}, desc-a, desc-b, scale-d, imm-scale-a, imm-scale-b[, imm-trans-a,
/// imm-trans-b]` (tycute's device library, `kernels/include/tycute/arch/wgmma.cuh`), with
/// [`GmmaPtx::D_REGS`] accumulator registers per thread. The sm90 headers carry it
/// (`TYCUTE_<config>_WGMMA_PTX`), so that the kernel issues the configuration's atom, whatever its N.
///
/// ```
/// use tycute_atom::{GmmaPtx, MMA_Atom, SM90_64x256x16_F32F16F16_SS, K};
/// assert_eq!(<MMA_Atom<SM90_64x256x16_F32F16F16_SS<K, K>> as GmmaPtx>::PTX, "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16");
/// assert_eq!(<SM90_64x256x16_F32F16F16_SS<K, K> as GmmaPtx>::D_REGS, 128);
/// ```
pub trait GmmaPtx {
    /// `wgmma.mma_async.sync.aligned.m64n<N>k<K>.<D>.<A>.<B>`.
    const PTX: &'static str;
    /// 32-bit accumulator registers per thread: `64 * N / 128` values, two per register when
    /// they are 16-bit.
    const D_REGS: usize;
    /// Whether the accumulators are f32 (one per register).
    const D_F32: bool;
}
impl<Op: GmmaPtx> GmmaPtx for crate::mma::MMA_Atom<Op> {
    const PTX: &'static str = Op::PTX;
    const D_REGS: usize = Op::D_REGS;
    const D_F32: bool = Op::D_F32;
}

/// One GMMA operation type with two major parameters.
macro_rules! gmma_struct {
    ($name:ident, $doc:expr) => {
        #[doc = $doc]
        pub struct $name<MajorA, MajorB>(PhantomData<fn() -> (MajorA, MajorB)>);
        impl<A, B> Default for $name<A, B> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<A, B> Clone for $name<A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B> Copy for $name<A, B> {}
    };
}

macro_rules! gmma_16 {
    ($n:literal, $N:ty, $ss:ident, $rs:ident, $d:ty, $ab:ty, $ptx:literal, $f32:literal) => {
        gmma_struct!($ss, concat!(
            "`wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k16.", $ptx,
            "`, A and B from shared memory: `(_64,_", stringify!($n), ",_16)`, A `ABLayout<64,16>`, B `ABLayout<",
            stringify!($n), ",16>`, C `CLayout_64xN<", stringify!($n), ">`."
        ));
        gmma_struct!($rs, concat!(
            "`wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k16.", $ptx,
            "`, A from registers (must be `K`-major), B from shared memory: `(_64,_", stringify!($n),
            ",_16)`, A `ALayout_64x16`, B `ABLayout<", stringify!($n), ",16>`, C `CLayout_64xN<",
            stringify!($n), ">`."
        ));
        impl<A: GmmaMajor, B: GmmaMajor> MmaTraits for $ss<A, B> {
            type ValTypeD = $d;
            type ValTypeA = $ab;
            type ValTypeB = $ab;
            type ValTypeC = $d;
            type Shape_MNK = Tup<P64, Tup<$N, Tup<P16, Nil>>>;
            type ThrID = cute!(_128:_1);
            type LayoutA_TV = ABLayout<P64, P16>;
            type LayoutB_TV = ABLayout<$N, P16>;
            type LayoutC_TV = CLayout_64xN<$N>;
        }
        impl<A: GmmaMajor, B: GmmaMajor> GmmaPtx for $ss<A, B> {
            const PTX: &'static str = concat!("wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k16.", $ptx);
            const D_F32: bool = $f32;
            const D_REGS: usize = if Self::D_F32 { $n / 2 } else { $n / 4 };
        }
        impl<A: GmmaMajor, B: GmmaMajor> GmmaOperandMajors for $ss<A, B> {
            type MajorA = A;
            type MajorB = B;
            type WithMajors<A2: GmmaMajor, B2: GmmaMajor> = $ss<A2, B2>;
        }
        impl<A: GmmaMajor + GmmaRegisterSourceMajor, B: GmmaMajor> MmaTraits for $rs<A, B> {
            type ValTypeD = $d;
            type ValTypeA = $ab;
            type ValTypeB = $ab;
            type ValTypeC = $d;
            type Shape_MNK = Tup<P64, Tup<$N, Tup<P16, Nil>>>;
            type ThrID = cute!(_128:_1);
            type LayoutA_TV = ALayout_64x16;
            type LayoutB_TV = ABLayout<$N, P16>;
            type LayoutC_TV = CLayout_64xN<$N>;
        }
    };
}

/// All GMMA atoms of one `N`.
macro_rules! gmma_n {
    ($($n:literal, $N:ty: $f16ss:ident, $f16rs:ident, $f32ss:ident, $f32rs:ident,
        $bf16ss:ident, $bf16rs:ident;)*) => {$(
        gmma_16!($n, $N, $f16ss, $f16rs, half_t, half_t, "f16.f16.f16", false);
        gmma_16!($n, $N, $f32ss, $f32rs, float, half_t, "f32.f16.f16", true);
        gmma_16!($n, $N, $bf16ss, $bf16rs, float, bfloat16_t, "f32.bf16.bf16", true);
    )*};
}

// N = 8, 16, 32, 64, 96, 128, 192, 256 are in mma_traits_sm90_gmma.hpp, the other multiples of 8
// in mma_traits_sm90_gmma_ext.hpp; the layouts are the same formulas.
gmma_n! {
    8, P8: SM90_64x8x16_F16F16F16_SS, SM90_64x8x16_F16F16F16_RS, SM90_64x8x16_F32F16F16_SS, SM90_64x8x16_F32F16F16_RS,
        SM90_64x8x16_F32BF16BF16_SS, SM90_64x8x16_F32BF16BF16_RS;
    16, P16: SM90_64x16x16_F16F16F16_SS, SM90_64x16x16_F16F16F16_RS, SM90_64x16x16_F32F16F16_SS, SM90_64x16x16_F32F16F16_RS,
        SM90_64x16x16_F32BF16BF16_SS, SM90_64x16x16_F32BF16BF16_RS;
    24, P24: SM90_64x24x16_F16F16F16_SS, SM90_64x24x16_F16F16F16_RS, SM90_64x24x16_F32F16F16_SS, SM90_64x24x16_F32F16F16_RS,
        SM90_64x24x16_F32BF16BF16_SS, SM90_64x24x16_F32BF16BF16_RS;
    32, P32: SM90_64x32x16_F16F16F16_SS, SM90_64x32x16_F16F16F16_RS, SM90_64x32x16_F32F16F16_SS, SM90_64x32x16_F32F16F16_RS,
        SM90_64x32x16_F32BF16BF16_SS, SM90_64x32x16_F32BF16BF16_RS;
    40, P40: SM90_64x40x16_F16F16F16_SS, SM90_64x40x16_F16F16F16_RS, SM90_64x40x16_F32F16F16_SS, SM90_64x40x16_F32F16F16_RS,
        SM90_64x40x16_F32BF16BF16_SS, SM90_64x40x16_F32BF16BF16_RS;
    48, P48: SM90_64x48x16_F16F16F16_SS, SM90_64x48x16_F16F16F16_RS, SM90_64x48x16_F32F16F16_SS, SM90_64x48x16_F32F16F16_RS,
        SM90_64x48x16_F32BF16BF16_SS, SM90_64x48x16_F32BF16BF16_RS;
    56, P56: SM90_64x56x16_F16F16F16_SS, SM90_64x56x16_F16F16F16_RS, SM90_64x56x16_F32F16F16_SS, SM90_64x56x16_F32F16F16_RS,
        SM90_64x56x16_F32BF16BF16_SS, SM90_64x56x16_F32BF16BF16_RS;
    64, P64: SM90_64x64x16_F16F16F16_SS, SM90_64x64x16_F16F16F16_RS, SM90_64x64x16_F32F16F16_SS, SM90_64x64x16_F32F16F16_RS,
        SM90_64x64x16_F32BF16BF16_SS, SM90_64x64x16_F32BF16BF16_RS;
    72, P72: SM90_64x72x16_F16F16F16_SS, SM90_64x72x16_F16F16F16_RS, SM90_64x72x16_F32F16F16_SS, SM90_64x72x16_F32F16F16_RS,
        SM90_64x72x16_F32BF16BF16_SS, SM90_64x72x16_F32BF16BF16_RS;
    80, P80: SM90_64x80x16_F16F16F16_SS, SM90_64x80x16_F16F16F16_RS, SM90_64x80x16_F32F16F16_SS, SM90_64x80x16_F32F16F16_RS,
        SM90_64x80x16_F32BF16BF16_SS, SM90_64x80x16_F32BF16BF16_RS;
    88, P88: SM90_64x88x16_F16F16F16_SS, SM90_64x88x16_F16F16F16_RS, SM90_64x88x16_F32F16F16_SS, SM90_64x88x16_F32F16F16_RS,
        SM90_64x88x16_F32BF16BF16_SS, SM90_64x88x16_F32BF16BF16_RS;
    96, P96: SM90_64x96x16_F16F16F16_SS, SM90_64x96x16_F16F16F16_RS, SM90_64x96x16_F32F16F16_SS, SM90_64x96x16_F32F16F16_RS,
        SM90_64x96x16_F32BF16BF16_SS, SM90_64x96x16_F32BF16BF16_RS;
    104, P104: SM90_64x104x16_F16F16F16_SS, SM90_64x104x16_F16F16F16_RS, SM90_64x104x16_F32F16F16_SS, SM90_64x104x16_F32F16F16_RS,
        SM90_64x104x16_F32BF16BF16_SS, SM90_64x104x16_F32BF16BF16_RS;
    112, P112: SM90_64x112x16_F16F16F16_SS, SM90_64x112x16_F16F16F16_RS, SM90_64x112x16_F32F16F16_SS, SM90_64x112x16_F32F16F16_RS,
        SM90_64x112x16_F32BF16BF16_SS, SM90_64x112x16_F32BF16BF16_RS;
    120, P120: SM90_64x120x16_F16F16F16_SS, SM90_64x120x16_F16F16F16_RS, SM90_64x120x16_F32F16F16_SS, SM90_64x120x16_F32F16F16_RS,
        SM90_64x120x16_F32BF16BF16_SS, SM90_64x120x16_F32BF16BF16_RS;
    128, P128: SM90_64x128x16_F16F16F16_SS, SM90_64x128x16_F16F16F16_RS, SM90_64x128x16_F32F16F16_SS, SM90_64x128x16_F32F16F16_RS,
        SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32BF16BF16_RS;
    136, P136: SM90_64x136x16_F16F16F16_SS, SM90_64x136x16_F16F16F16_RS, SM90_64x136x16_F32F16F16_SS, SM90_64x136x16_F32F16F16_RS,
        SM90_64x136x16_F32BF16BF16_SS, SM90_64x136x16_F32BF16BF16_RS;
    144, P144: SM90_64x144x16_F16F16F16_SS, SM90_64x144x16_F16F16F16_RS, SM90_64x144x16_F32F16F16_SS, SM90_64x144x16_F32F16F16_RS,
        SM90_64x144x16_F32BF16BF16_SS, SM90_64x144x16_F32BF16BF16_RS;
    152, P152: SM90_64x152x16_F16F16F16_SS, SM90_64x152x16_F16F16F16_RS, SM90_64x152x16_F32F16F16_SS, SM90_64x152x16_F32F16F16_RS,
        SM90_64x152x16_F32BF16BF16_SS, SM90_64x152x16_F32BF16BF16_RS;
    160, P160: SM90_64x160x16_F16F16F16_SS, SM90_64x160x16_F16F16F16_RS, SM90_64x160x16_F32F16F16_SS, SM90_64x160x16_F32F16F16_RS,
        SM90_64x160x16_F32BF16BF16_SS, SM90_64x160x16_F32BF16BF16_RS;
    168, P168: SM90_64x168x16_F16F16F16_SS, SM90_64x168x16_F16F16F16_RS, SM90_64x168x16_F32F16F16_SS, SM90_64x168x16_F32F16F16_RS,
        SM90_64x168x16_F32BF16BF16_SS, SM90_64x168x16_F32BF16BF16_RS;
    176, P176: SM90_64x176x16_F16F16F16_SS, SM90_64x176x16_F16F16F16_RS, SM90_64x176x16_F32F16F16_SS, SM90_64x176x16_F32F16F16_RS,
        SM90_64x176x16_F32BF16BF16_SS, SM90_64x176x16_F32BF16BF16_RS;
    184, P184: SM90_64x184x16_F16F16F16_SS, SM90_64x184x16_F16F16F16_RS, SM90_64x184x16_F32F16F16_SS, SM90_64x184x16_F32F16F16_RS,
        SM90_64x184x16_F32BF16BF16_SS, SM90_64x184x16_F32BF16BF16_RS;
    192, P192: SM90_64x192x16_F16F16F16_SS, SM90_64x192x16_F16F16F16_RS, SM90_64x192x16_F32F16F16_SS, SM90_64x192x16_F32F16F16_RS,
        SM90_64x192x16_F32BF16BF16_SS, SM90_64x192x16_F32BF16BF16_RS;
    200, P200: SM90_64x200x16_F16F16F16_SS, SM90_64x200x16_F16F16F16_RS, SM90_64x200x16_F32F16F16_SS, SM90_64x200x16_F32F16F16_RS,
        SM90_64x200x16_F32BF16BF16_SS, SM90_64x200x16_F32BF16BF16_RS;
    208, P208: SM90_64x208x16_F16F16F16_SS, SM90_64x208x16_F16F16F16_RS, SM90_64x208x16_F32F16F16_SS, SM90_64x208x16_F32F16F16_RS,
        SM90_64x208x16_F32BF16BF16_SS, SM90_64x208x16_F32BF16BF16_RS;
    216, P216: SM90_64x216x16_F16F16F16_SS, SM90_64x216x16_F16F16F16_RS, SM90_64x216x16_F32F16F16_SS, SM90_64x216x16_F32F16F16_RS,
        SM90_64x216x16_F32BF16BF16_SS, SM90_64x216x16_F32BF16BF16_RS;
    224, P224: SM90_64x224x16_F16F16F16_SS, SM90_64x224x16_F16F16F16_RS, SM90_64x224x16_F32F16F16_SS, SM90_64x224x16_F32F16F16_RS,
        SM90_64x224x16_F32BF16BF16_SS, SM90_64x224x16_F32BF16BF16_RS;
    232, P232: SM90_64x232x16_F16F16F16_SS, SM90_64x232x16_F16F16F16_RS, SM90_64x232x16_F32F16F16_SS, SM90_64x232x16_F32F16F16_RS,
        SM90_64x232x16_F32BF16BF16_SS, SM90_64x232x16_F32BF16BF16_RS;
    240, P240: SM90_64x240x16_F16F16F16_SS, SM90_64x240x16_F16F16F16_RS, SM90_64x240x16_F32F16F16_SS, SM90_64x240x16_F32F16F16_RS,
        SM90_64x240x16_F32BF16BF16_SS, SM90_64x240x16_F32BF16BF16_RS;
    248, P248: SM90_64x248x16_F16F16F16_SS, SM90_64x248x16_F16F16F16_RS, SM90_64x248x16_F32F16F16_SS, SM90_64x248x16_F32F16F16_RS,
        SM90_64x248x16_F32BF16BF16_SS, SM90_64x248x16_F32BF16BF16_RS;
    256, P256: SM90_64x256x16_F16F16F16_SS, SM90_64x256x16_F16F16F16_RS, SM90_64x256x16_F32F16F16_SS, SM90_64x256x16_F32F16F16_RS,
        SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32BF16BF16_RS;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::testutil::assert_bijective;
    use crate::mma::{val_types, LayoutA_TV, LayoutB_TV, LayoutC_TV, MMA_Atom, Shape_MNK, ThrID};
    use tycute_layout::{show, table};

    #[test]
    fn members() {
        type A = MMA_Atom<SM90_64x128x16_F32F16F16_RS<K, K>>;
        assert_eq!(show::<Shape_MNK<A>>(), "(_64,_128,_16)");
        assert_eq!(show::<ThrID<A>>(), "_128:_1");
        assert_eq!(show::<LayoutA_TV<A>>(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
        assert_eq!(show::<LayoutB_TV<A>>(), "(_128,(_128,_16)):(_0,(_1,_128))");
        assert_eq!(show::<LayoutC_TV<A>>(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
        assert_eq!(val_types::<A>(), "D=32b A=16b B=16b C=32b");
        type B = MMA_Atom<SM90_64x24x16_F32BF16BF16_SS<MN, K>>;
        assert_eq!(show::<LayoutB_TV<B>>(), "(_128,(_24,_16)):(_0,(_1,_24))");
        assert_eq!(show::<LayoutC_TV<B>>(), "((_4,_8,_4),(_2,_2,_3)):((_128,_1,_16),(_64,_8,_512))");
        type T = MMA_Atom<crate::SM90_64x8x8_F32TF32TF32_RS_TN>;
        assert_eq!(show::<Shape_MNK<T>>(), "(_64,_8,_8)");
        assert_eq!(show::<LayoutA_TV<T>>(), "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))");
        assert_eq!(val_types::<T>(), "D=32b A=32b B=32b C=32b");
    }

    #[test]
    fn tv_layouts_cover_their_tiles() {
        assert_bijective::<ALayout_64x8>(64 * 8);
        assert_bijective::<ALayout_64x16>(64 * 16);
        assert_bijective::<CLayout_64xN<P8>>(64 * 8);
        assert_bijective::<CLayout_64xN<P24>>(64 * 24);
        assert_bijective::<CLayout_64xN<P256>>(64 * 256);
        // smem operands: every thread sees the whole tile
        let t = table::<ABLayout<P64, P16>>();
        assert_eq!(t.len(), 128 * 64 * 16);
        assert!(t.chunks(128).enumerate().all(|(i, c)| c.iter().all(|&x| x == i as i64)));
    }
}
