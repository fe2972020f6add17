//! `thrfrg_A/B/C(ref)`: a reference layout of an operand, `(M,K,...)`, `(N,K,...)` or
//! `(M,N,...)`, re-tiled into `((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY,...)))`: which thread holds
//! which value of the operand.
//!
//! CuTe's four steps, the same for the three operands (`X,Y` = `M,K` for A, `N,K` for B, `M,N`
//! for C):
//!
//! ```text
//! t_tile     = (permutation_mnk<X>(), permutation_mnk<Y>())
//! t_tensor   = logical_divide(ref, t_tile)                          // (PermX,PermY)
//! a_tile     = (make_layout(size<X>(AtomShape_MNK)), make_layout(size<Y>(AtomShape_MNK)))
//! a_tensor   = zipped_divide(t_tensor, a_tile)                      // ((AtomX,AtomY),(RestX,RestY))
//! tv_tensor  = a_tensor.compose(AtomLayoutX_TV, _)                  // ((ThrV,FrgV),(RestX,RestY))
//! thr_tile   = (_, (make_layout(size<1+X>(vmnk)), make_layout(size<1+Y>(vmnk))))
//! thr_tensor = zipped_divide(tv_tensor, thr_tile)                   // ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))
//! ```
//!
//! `ref` must have rank 2 at least (CuTe's `CUTE_STATIC_ASSERT_V(rank(ref) >= Int<2>{})`); its
//! modes past the second stay in the rest: `(FrgV,(RestX,RestY,L))`.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//!
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
//! assert_eq!(
//!     show::<ThrfrgC<TM, cute!((_128,_128):(_1,_128))>>(),
//!     "(((_4,_8),(_2,_2)),((_2,_2),(_4,_8))):(((_256,_1),(_16,_1024)),((_128,_8),(_32,_2048)))"
//! );
//! ```

use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::divide::{LogicalDivideRaw, LogicalDivideRawOp, ZippedDivideRaw, ZippedDivideRawOp};
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::int::{GrEq, IsGreaterOrEqual, B1, P2};
use tycute_layout::layout::RankOfOp;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::{Composition, MakeLayoutLeft, Rank, Underscore};

use crate::mma::tiled_mma::{Parts, RankGated, TiledMMA, TiledMma, TiledMmaAtomLayoutRank3, TiledMmaPermutationRank3, PermutationRankOp, PermRankBit, PermRankNum, RankNum, A, B, C};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, IsEqual};
use typenum::P3;

// `Rank` of the atom layout (for the rank gate).
type LRank<L> = Rank<L>;

/// `thrfrg_X` (`X` = `A`, `B`, `C`) computed on the members of a TiledMMA that passed the rank
/// gate: when the gate fails, the self type is unknown and the trait solver does not explore the
/// algebra with unknown shapes (E0275), so CuTe's rank message is the only error.
pub trait ThrfrgOfParts<X, Ref> {
    type Output;
}
use crate::sealed::Sealed;

/// `(PermX, PermY)`: the permutation tiler.
pub type PermTile<PX, PY> = Tup<PX, Tup<PY, Nil>>;
/// `(make_layout(AtomX), make_layout(AtomY))`: the atom tiler.
pub type AtomTile<AX, AY> = Tup<MakeLayoutLeft<AX>, Tup<MakeLayoutLeft<AY>, Nil>>;
/// `(AtomLayoutX_TV, _)`: the (M,N) -> (Thr,Val) transform of the atom mode.
pub type TvTile<TV> = Tup<TV, Tup<Underscore, Nil>>;
/// `(_, (make_layout(ThrX), make_layout(ThrY)))`: the thread tiler.
pub type ThrTile<TX, TY> = Tup<Underscore, Tup<Tup<MakeLayoutLeft<TX>, Tup<MakeLayoutLeft<TY>, Nil>>, Nil>>;

// (PermX,PermY)
type TTensor<Ref, PT> = LogicalDivideRaw<Ref, PT>;
// ((AtomX,AtomY),(RestX,RestY))
type ATensor<Ref, PT, AT> = ZippedDivideRaw<TTensor<Ref, PT>, AT>;
// ((ThrV,FrgV),(RestX,RestY))
type TvTensor<Ref, PT, AT, TV> = Composition<ATensor<Ref, PT, AT>, TvTile<TV>>;
// ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))
type ThrTensor<Ref, PT, AT, TV, TT> = ZippedDivideRaw<TvTensor<Ref, PT, AT, TV>, TT>;

/// The four steps of `thrfrg_X` on `Self` (the reference layout), with the permutation tiler
/// `PT`, the atom tiler `AT`, the atom's TV layout `TV` and the thread tiler `TT`.
#[doc(hidden)]
pub trait ThrfrgSteps<PT, AT, TV, TT> {
    type Output;
}
impl<Ref, PT, AT, TV, TT> ThrfrgSteps<PT, AT, TV, TT> for Ref
where
    Ref: LogicalDivideRawOp<PT>,
    TTensor<Ref, PT>: ZippedDivideRawOp<AT>,
    ATensor<Ref, PT, AT>: CompositionOp<TvTile<TV>>,
    TvTensor<Ref, PT, AT, TV>: ZippedDivideRawOp<TT>,
{
    // ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))
    type Output = ThrTensor<Ref, PT, AT, TV, TT>;
}

/// CuTe's `CUTE_STATIC_ASSERT_V(rank(ref) >= Int<2>{})` in `thrfrg_A/B/C`; also the gate to
/// the steps, so that a rank-1 reference gives this error only. `RankNum` is `rank(ref)` in
/// decimal where the check fails.
#[diagnostic::on_unimplemented(
    message = "thrfrg_A/B/C: the reference layout must have rank >= 2 (rank(ref) >= _2): rank(ref) = {RankNum}",
    label = "a rank-{RankNum} layout cannot be partitioned by a TiledMMA"
)]
pub trait ThrfrgRefRank2<RankNum = ()>: Sealed {
    /// `T` where the check holds.
    #[doc(hidden)]
    type Ok<T>;
}
impl<RankNum> ThrfrgRefRank2<RankNum> for B1 {
    type Ok<T> = T;
}

/// The reference layout once its rank is known to be at least 2.
type RefOk<Ref> = <GrEq<Rank<Ref>, P2> as ThrfrgRefRank2<RefRankNum<Ref>>>::Ok<Ref>;
type Gated<Ref, PT, AT, TV, TT> = <RefOk<Ref> as ThrfrgSteps<PT, AT, TV, TT>>::Output;
/// `rank(ref)` in decimal where it is below 2.
type RefRankNum<Ref> = DecIfFailed<GrEq<Rank<Ref>, P2>, Rank<Ref>>;

macro_rules! thrfrg_op {
    (
        $(#[$m:meta])* $op:ident, $alias:ident, $x:ident, $tv:ident,
        perm($px:ident, $py:ident), atom($ax:ident, $ay:ident), thr($tx:ident, $ty:ident), $shape:literal
    ) => {
        #[doc = concat!("`mma.", stringify!($alias), "(ref)` as a trait on the TiledMMA; see [`", stringify!($alias), "`].")]
        pub trait $op<Ref>: Sealed {
            type Output;
        }
        impl<Atom, L, P, Ref> $op<Ref> for TiledMMA<Atom, L, P>
        where
            L: RankOfOp,
            LRank<L>: IsEqual<P3>,
            Eq<LRank<L>, P3>: DecimalIfFailed<LRank<L>>,
            Eq<LRank<L>, P3>: TiledMmaAtomLayoutRank3<RankNum<L>>,
            P: PermutationRankOp,
            PermRankBit<P>: TiledMmaPermutationRank3<PermRankNum<P>>,
            RankGated<Atom, L, P>: ThrfrgOfParts<$x, Ref>,
        {
            #[doc = $shape]
            type Output = <RankGated<Atom, L, P> as ThrfrgOfParts<$x, Ref>>::Output;
        }
        impl<Atom, L, P, Ref> ThrfrgOfParts<$x, Ref> for Parts<Atom, L, P>
        where
            TiledMMA<Atom, L, P>: TiledMma,
            Ref: RankOfOp,
            Rank<Ref>: IsGreaterOrEqual<P2>,
            <TiledMMA<Atom, L, P> as TiledMma>::$ax: MakeLayoutLeftOp,
            <TiledMMA<Atom, L, P> as TiledMma>::$ay: MakeLayoutLeftOp,
            <TiledMMA<Atom, L, P> as TiledMma>::$tx: MakeLayoutLeftOp,
            <TiledMMA<Atom, L, P> as TiledMma>::$ty: MakeLayoutLeftOp,
            GrEq<Rank<Ref>, P2>: DecimalIfFailed<Rank<Ref>>,
            GrEq<Rank<Ref>, P2>: ThrfrgRefRank2<RefRankNum<Ref>>,
            RefOk<Ref>: ThrfrgSteps<
                PermTile<<TiledMMA<Atom, L, P> as TiledMma>::$px, <TiledMMA<Atom, L, P> as TiledMma>::$py>,
                AtomTile<<TiledMMA<Atom, L, P> as TiledMma>::$ax, <TiledMMA<Atom, L, P> as TiledMma>::$ay>,
                <TiledMMA<Atom, L, P> as TiledMma>::$tv,
                ThrTile<<TiledMMA<Atom, L, P> as TiledMma>::$tx, <TiledMMA<Atom, L, P> as TiledMma>::$ty>,
            >,
        {
            #[doc = $shape]
            type Output = Gated<Ref, PermTile<<TiledMMA<Atom, L, P> as TiledMma>::$px, <TiledMMA<Atom, L, P> as TiledMma>::$py>, AtomTile<<TiledMMA<Atom, L, P> as TiledMma>::$ax, <TiledMMA<Atom, L, P> as TiledMma>::$ay>, <TiledMMA<Atom, L, P> as TiledMma>::$tv, ThrTile<<TiledMMA<Atom, L, P> as TiledMma>::$tx, <TiledMMA<Atom, L, P> as TiledMma>::$ty>>;
        }
        $(#[$m])*
        pub type $alias<TM, Ref> = <TM as $op<Ref>>::Output;
    };
}

thrfrg_op!(
    /// `mma.thrfrg_A(ref)`: `(M,K,...)` -> `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ///
    /// `ThrV`: the threads of one atom (`layout<0>(ThrLayoutVMNK)`), `ThrM`/`ThrK`: the atoms
    /// along M and K, `FrgV`: the values of one atom, `RestM`/`RestK`: the repetitions of the
    /// whole tile over the reference.
    ThrfrgAOp, ThrfrgA, A, AtomLayoutA_TV,
    perm(PermM, PermK), atom(AtomM, AtomK), thr(ThrM, ThrK),
    "((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))"
);
thrfrg_op!(
    /// `mma.thrfrg_B(ref)`: `(N,K,...)` -> `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ThrfrgBOp, ThrfrgB, B, AtomLayoutB_TV,
    perm(PermN, PermK), atom(AtomN, AtomK), thr(ThrN, ThrK),
    "((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))"
);
thrfrg_op!(
    /// `mma.thrfrg_C(ref)`: `(M,N,...)` -> `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    ThrfrgCOp, ThrfrgC, C, AtomLayoutC_TV,
    perm(PermM, PermN), atom(AtomM, AtomN), thr(ThrM, ThrN),
    "((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::TiledMMA;
    use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
    use tycute_layout::{show, table};
    use tycute_macros::cute;

    type Sm80 = MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>;

    /// The seed's `thrfrg_C` walk-through (000, "Visualization for 32x32 C tile with 2x2 atoms"),
    /// one step at a time.
    #[test]
    fn thrfrg_c_steps() {
        type TM = TiledMMA<Sm80, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
        type Ref = cute!((_32,_32):(_1,_32));
        type PT = PermTile<<TM as TiledMma>::PermM, <TM as TiledMma>::PermN>;
        type AT = AtomTile<<TM as TiledMma>::AtomM, <TM as TiledMma>::AtomN>;
        type TV = <TM as TiledMma>::AtomLayoutC_TV;
        // (PermM,PermN)
        assert_eq!(show::<TTensor<Ref, PT>>(), "((_32,_1),(_32,_1)):((_1,_0),(_32,_0))");
        // ((AtomM,AtomN),(RestM,RestN))
        assert_eq!(show::<ATensor<Ref, PT, AT>>(), "((_16,_8),(_2,_4)):((_1,_32),(_16,_256))");
        // ((ThrV,FrgV),(RestM,RestN))
        assert_eq!(
            show::<TvTensor<Ref, PT, AT, TV>>(),
            "(((_4,_8),(_2,_2)),(_2,_4)):(((_64,_1),(_32,_8)),(_16,_256))"
        );
        // ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))
        assert_eq!(
            show::<ThrfrgC<TM, Ref>>(),
            "(((_4,_8),(_2,_2)),((_2,_2),(_1,_2))):(((_64,_1),(_16,_256)),((_32,_8),(_0,_512)))"
        );
        // every element of the 32x32 tile exactly once
        let mut t = table::<ThrfrgC<TM, Ref>>();
        t.sort_unstable();
        assert_eq!(t, (0..1024).collect::<Vec<_>>());
    }

    #[test]
    fn rank3_reference_keeps_its_modes() {
        type TM = TiledMMA<Sm80, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
        assert_eq!(
            show::<ThrfrgC<TM, cute!((_64,_32,_3):(_1,_64,_2048))>>(),
            "(((_4,_8),(_2,_2)),((_2,_2),(_2,_2,_3))):(((_128,_1),(_16,_512)),((_64,_8),(_32,_1024,_2048)))"
        );
    }
}
