//! The four operand layouts of an sm90 configuration: A `(M,K)` and B `(N,K)` each K-major or
//! MN-major in global memory, read by the same kernel. BLAS names them by the transposes of a
//! column-major `D = A B`: TN (both K-major, the configurations as written), NT (both MN-major),
//! NN (A M-major, B K-major), TT (A K-major, B N-major).
//!
//! An MN-major operand lands in shared memory MN-major, as CUTLASS's sm90 collective lays it out,
//! and the GMMA reads it with its transpose bit set:
//!
//! ```text
//! sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, (bM,bK), Step<_2,_1>{})
//!    = Sw<3,4,3> o smem_ptr[16b] o ((_64,_2),(_8,_8)):((_1,_4096),(_64,_512))     // bM = 128, bK = 64
//! mma = make_tiled_mma(SM90_64x128x16_F32F16F16_SS<MN,K>{}, ...)                 // imm-trans-a = 1
//! TMA: (64 M, 64 K) boxes, one per 64 rows of M: box b lands at sA(64 b, 0)
//! ```
//!
//! `Step<_2,_1>` stacks the atom (64 MN x 8 K, 128-byte rows along MN) along K first, so one
//! 64-wide MN slice of the stage is one TMA box (a box's inner extent is at most the 128-byte
//! swizzle span), and the descriptor's canonical form `((64,n),(8,k)):((1,LBO),(64,SBO))` has LBO
//! the distance of the MN slices and SBO that of the 8-deep K groups.
//!
//! `Sm90Layout<C, MA, MB>` is configuration `C` with those majors: the stage layouts of
//! `OperandStage` and `C`'s TiledMMA on the atom with the other transpose bits
//! ([`tycute_atom::GmmaOperandMajors::WithMajors`]). The atom's layouts do not depend on the
//! majors ([`tycute_atom::mma::SameMmaLayouts`], checked below), so the TiledMMA's and the
//! epilogue's tables are `C`'s; what the majors change is the smem stage, the TMA boxes, the
//! descriptors' fields and the transpose bits, which `emit::sm90` derives per operand and major
//! and proves as the hardware reads them. A mismatch of the atom's majors and the stages'
//! layouts does not compile ([`tycute_kernel::kernel::sm90::GmmaMajorMatchesA`]).

use core::marker::PhantomData;

use tycute_atom::GmmaOperandMajors;
use tycute_layout::swizzle::gmma::{GmmaMajor, MajorK, MajorMN};
use tycute_layout::{half_t, Layout_K_SW128_Atom, Layout_MN_SW128_Atom, Nil, TileToShape, TileToShapeOrdered, Tup};
use tycute_macros::cute;
use tycute_tiled::mma::TiledMMA;

use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config};

/// One stage `(rows, bK)` of a half-precision GMMA operand of major `Self`, 128-byte swizzle.
pub trait OperandStage<Rows, Bk> {
    /// `GMMA::Layout_K_SW128_Atom<half_t>` or `GMMA::Layout_MN_SW128_Atom<half_t>`.
    type Atom;
    /// K-major: `tile_to_shape(atom, (rows,bK))`; MN-major: `tile_to_shape(atom, (rows,bK), Step<_2,_1>)`.
    type Stage;
}
impl<Rows, Bk> OperandStage<Rows, Bk> for MajorK
where
    Layout_K_SW128_Atom<half_t>: tycute_layout::algebra::tile_to_shape::TileToShapeOp<Tup<Rows, Tup<Bk, Nil>>>,
{
    type Atom = Layout_K_SW128_Atom<half_t>;
    // (_8,_64) atoms stacked along rows first: ((_8,rows/8),(_64,_1))
    type Stage = TileToShape<Layout_K_SW128_Atom<half_t>, Tup<Rows, Tup<Bk, Nil>>>;
}
impl<Rows, Bk> OperandStage<Rows, Bk> for MajorMN
where
    Layout_MN_SW128_Atom<half_t>: tycute_layout::algebra::tile_to_shape::TileToShapeOrderedOp<Tup<Rows, Tup<Bk, Nil>>, cute!((_2,_1))>,
{
    type Atom = Layout_MN_SW128_Atom<half_t>;
    // (_64,_8) atoms stacked along K first: ((_64,rows/64),(_8,bK/8))
    type Stage = TileToShapeOrdered<Layout_MN_SW128_Atom<half_t>, Tup<Rows, Tup<Bk, Nil>>, cute!((_2,_1))>;
}
/// [`OperandStage::Stage`].
pub type StageOf<Major, Rows, Bk> = <Major as OperandStage<Rows, Bk>>::Stage;

/// A TiledMMA of GMMA atoms with the atom's majors replaced.
pub trait RemajorOp<MA, MB> {
    type Output;
}
impl<Atom: GmmaOperandMajors, L, P, MA: GmmaMajor, MB: GmmaMajor> RemajorOp<MA, MB> for TiledMMA<Atom, L, P> {
    type Output = TiledMMA<Atom::WithMajors<MA, MB>, L, P>;
}
/// `make_tiled_mma(SS<MA,MB>{}, ...)` for the TiledMMA `M` of `SS<_,_>` (same thread layout and permutations).
pub type Remajor<M, MA, MB> = <M as RemajorOp<MA, MB>>::Output;

/// Configuration `C` with A `MA`-major and B `MB`-major.
pub struct Sm90Layout<C, MA, MB>(PhantomData<fn() -> (C, MA, MB)>);

tycute_kernel::sm90_derive! {
    impl[C, MA, MB] Sm90Layout<C, MA, MB> = C where [
        C: Sm90Config,
        MA: GmmaMajor + OperandStage<C::BM, C::BK>,
        MB: GmmaMajor + OperandStage<C::BN, C::BK>,
        C::MmaC: RemajorOp<MA, MB>,
    ] {
        NAME = C::NAME,
        SmemLayoutAStage = StageOf<MA, C::BM, C::BK>,
        SmemLayoutBStage = StageOf<MB, C::BN, C::BK>,
        MmaC = Remajor<C::MmaC, MA, MB>,
    }
}

macro_rules! all_layouts_checked {
    ($c:ty) => {
        static_assertions::assert_impl_all!(Sm90Layout<$c, MajorK, MajorK>: Sm90Checked);
        static_assertions::assert_impl_all!(Sm90Layout<$c, MajorMN, MajorMN>: Sm90Checked);
        static_assertions::assert_impl_all!(Sm90Layout<$c, MajorMN, MajorK>: Sm90Checked);
        static_assertions::assert_impl_all!(Sm90Layout<$c, MajorK, MajorMN>: Sm90Checked);
        // the TN variant is the configuration as written: the same stage layouts and TiledMMA
        tycute_kernel::assert_same_all! {
            [<Sm90Layout<$c, MajorK, MajorK> as Sm90Config>::SmemLayoutAStage, <$c as Sm90Config>::SmemLayoutAStage],
            [<Sm90Layout<$c, MajorK, MajorK> as Sm90Config>::SmemLayoutBStage, <$c as Sm90Config>::SmemLayoutBStage],
            [<Sm90Layout<$c, MajorK, MajorK> as Sm90Config>::MmaC, <$c as Sm90Config>::MmaC],
        }
    };
}
all_layouts_checked!(crate::sm90::Sm90);
all_layouts_checked!(crate::sm90_128x256::Sm90_128x256);
all_layouts_checked!(crate::sm90_128x192::Sm90_128x192);

// the MN-major atoms have the K-major atoms' layouts: the TiledMMA's tables are the same
static_assertions::assert_impl_all!(tycute_atom::SM90_64x128x16_F32F16F16_SS<MajorMN, MajorMN>: tycute_atom::SameMmaLayouts<tycute_atom::SM90_64x128x16_F32F16F16_SS<MajorK, MajorK>>);
static_assertions::assert_impl_all!(tycute_atom::SM90_64x256x16_F32F16F16_SS<MajorMN, MajorK>: tycute_atom::SameMmaLayouts<tycute_atom::SM90_64x256x16_F32F16F16_SS<MajorK, MajorK>>);
