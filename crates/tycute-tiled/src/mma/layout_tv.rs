//! `get_layoutA/B/C_TV()`: `(thr_idx, val) -> ` the `(M,K)`, `(N,K)` or `(M,N)` index in the
//! TiledMMA's tile, colexicographic (`m + TileM * k`).
//!
//! ```text
//! ref_C          = make_layout((tile_size<0>, tile_size<1>))                      // (M,N) -> (M,N)
//! thridx_2_thrid = composition(make_layout((size(vmnk), _1), (_1, _0)),
//!                              right_inverse(make_layout(vmnk, complement(vmnk)))) // thr_idx -> (ThrV,ThrM,ThrN,ThrK)
//! layoutC_TV     = thrfrg_C(ref_C).compose(thridx_2_thrid, _)                       // (thr_idx,val) -> (M,N)
//!
//! atile          = (_, (make_layout((ThrM, ThrN), (_1, _0)), _))                    // (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))
//! layoutA_TV     = thrfrg_A(ref_A).compose(atile, _).compose(thridx_2_thrid, _)     // (thr_idx,val) -> (M,K)
//! btile          = (_, (make_layout((ThrM, ThrN), (_0, _1)), _))                    // (ThrV,(ThrN,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))
//! layoutB_TV     = thrfrg_B(ref_B).compose(btile, _).compose(thridx_2_thrid, _)     // (thr_idx,val) -> (N,K)
//! ```
//!
//! The layouts index the *thread index* (not the VMNK coordinate); thread modes that do not
//! touch an operand have stride 0 (ThrN in layoutA_TV, ThrM in layoutB_TV).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//!
//! // seed 000: sgemm_sm80's TiledMMA
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
//! assert_eq!(show::<GetLayoutA_TV<TM>>(), "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))");
//! assert_eq!(show::<GetLayoutB_TV<TM>>(), "((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))");
//! assert_eq!(show::<GetLayoutC_TV<TM>>(), "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
//! ```

use tycute_layout::algebra::complement::ComplementOp;
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::int::{P1, Z0};
use tycute_layout::layout::MakeLayoutOp;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::{Complement, Composition, Layout, MakeLayout, RightInverse, Underscore};

use crate::mma::thrfrg::{ThrfrgA, ThrfrgAOp, ThrfrgB, ThrfrgBOp, ThrfrgC, ThrfrgCOp};
use crate::mma::tiled_mma::{Parts, RankGated, TiledMMA, TiledMma, TiledMmaAtomLayoutRank3, TiledMmaPermutationRank3, PermutationRankOp, PermRankBit, PermRankNum, RankNum, A, B, C};
use tycute_layout::bounds::DecimalIfFailed;
use tycute_layout::int::{Eq, IsEqual};
use tycute_layout::layout::RankOfOp;
use tycute_layout::Rank;
use typenum::P3;
use crate::sealed::Sealed;

type Pair<A, B> = Tup<A, Tup<B, Nil>>;
/// `(L, _)`: compose mode 0, keep mode 1.
type Mode0<L> = Pair<L, Underscore>;

type Vmnk<TM> = <TM as TiledMma>::ThrLayoutVMNK;
// make_layout(vmnk, complement(vmnk))
type VmnkAndRest<TM> = MakeLayout<Pair<Vmnk<TM>, Complement<Vmnk<TM>>>>;
// make_layout((size(vmnk), _1), (_1, _0))
type ThrIdx<TM> = Layout<Pair<<TM as TiledMma>::Size, P1>, Pair<P1, Z0>>;

/// `thridx_2_thrid` of a TiledMMA as a trait; see [`ThrIdx2ThrId`].
///
/// (Implemented for the `TiledMMA` type itself rather than for every `TM: TiledMma`, so that
/// generic code that bounds `TM: ThrIdx2ThrIdOp` never has the trait solver explore the impl
/// with unknown sizes.)
pub trait ThrIdx2ThrIdOp: Sealed {
    type Output;
}
impl<Atom, L, P> ThrIdx2ThrIdOp for TiledMMA<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma,
    Vmnk<TiledMMA<Atom, L, P>>: ComplementOp,
    Pair<Vmnk<TiledMMA<Atom, L, P>>, Complement<Vmnk<TiledMMA<Atom, L, P>>>>: MakeLayoutOp,
    VmnkAndRest<TiledMMA<Atom, L, P>>: RightInverseOp,
    ThrIdx<TiledMMA<Atom, L, P>>: CompositionOp<RightInverse<VmnkAndRest<TiledMMA<Atom, L, P>>>>,
{
    // thr_idx -> (ThrV,ThrM,ThrN,ThrK)
    type Output = Composition<ThrIdx<TiledMMA<Atom, L, P>>, RightInverse<VmnkAndRest<TiledMMA<Atom, L, P>>>>;
}
/// `thridx_2_thrid`: `thr_idx -> (ThrV,ThrM,ThrN,ThrK)`,
/// `composition(make_layout((size(vmnk), _1), (_1, _0)), right_inverse(make_layout(vmnk, complement(vmnk))))`.
pub type ThrIdx2ThrId<TM> = <TM as ThrIdx2ThrIdOp>::Output;

// The rank gate: `get_layoutX_TV` of a TiledMMA whose atom layout does not have rank 3 reports
// CuTe's "TiledMMA requires rank-3 AtomLayoutMNK" and nothing else. The computation is a trait
// on the gate's output (`Parts<Atom, L, P>`), so that when the gate fails its self type is
// unknown and the trait solver does not explore the algebra with unknown shapes (E0275).

/// `get_layoutX_TV` (`X` = [`A`], [`B`], [`C`]; `Ref` its reference tile) computed on the
/// members of a TiledMMA that passed the rank gate.
#[doc(hidden)]
pub trait LayoutTvOfParts<X, Ref> {
    type Output;
}

/// `mma.get_layoutC_TV()` as a trait on the TiledMMA.
pub trait GetLayoutC_TVOp: Sealed {
    type Output;
}
impl<Atom, L, P> GetLayoutC_TVOp for TiledMMA<Atom, L, P>
where
    L: RankOfOp,
    Rank<L>: IsEqual<P3>,
    Eq<Rank<L>, P3>: DecimalIfFailed<Rank<L>>,
    Eq<Rank<L>, P3>: TiledMmaAtomLayoutRank3<RankNum<L>>,
    P: PermutationRankOp,
    PermRankBit<P>: TiledMmaPermutationRank3<PermRankNum<P>>,
    TiledMMA<Atom, L, P>: TiledMma,
    RankGated<Atom, L, P>: LayoutTvOfParts<C, <TiledMMA<Atom, L, P> as TiledMma>::RefC>,
{
    type Output = <RankGated<Atom, L, P> as LayoutTvOfParts<C, <TiledMMA<Atom, L, P> as TiledMma>::RefC>>::Output;
}
impl<Atom, L, P, R> LayoutTvOfParts<C, R> for Parts<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma + ThrIdx2ThrIdOp + ThrfrgCOp<R>,
    ThrfrgC<TiledMMA<Atom, L, P>, R>: CompositionOp<Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>,
{
    // (thr_idx,val) -> (M,N)
    type Output = Composition<ThrfrgC<TiledMMA<Atom, L, P>, R>, Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>;
}
/// `mma.get_layoutC_TV()`: `(thr_idx, val) -> (M,N)` index of the C tile.
pub type GetLayoutC_TV<TM> = <TM as GetLayoutC_TVOp>::Output;

// (_, (make_layout((ThrM,ThrN), (_1,_0)), _)): (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))
type ATile<TM> = Pair<Underscore, Pair<Layout<Pair<<TM as TiledMma>::ThrM, <TM as TiledMma>::ThrN>, Pair<P1, Z0>>, Underscore>>;
// (_, (make_layout((ThrM,ThrN), (_0,_1)), _)): (ThrV,(ThrN,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))
type BTile<TM> = Pair<Underscore, Pair<Layout<Pair<<TM as TiledMma>::ThrM, <TM as TiledMma>::ThrN>, Pair<Z0, P1>>, Underscore>>;

// ((ThrV,(ThrM,ThrN,ThrK)),(FrgV,(RestM,RestK)))
type AThrVmnk<TM, R> = Composition<ThrfrgA<TM, R>, Mode0<ATile<TM>>>;
// ((ThrV,(ThrM,ThrN,ThrK)),(FrgV,(RestN,RestK)))
type BThrVmnk<TM, R> = Composition<ThrfrgB<TM, R>, Mode0<BTile<TM>>>;

/// `mma.get_layoutA_TV()` as a trait on the TiledMMA.
pub trait GetLayoutA_TVOp: Sealed {
    type Output;
}
impl<Atom, L, P> GetLayoutA_TVOp for TiledMMA<Atom, L, P>
where
    L: RankOfOp,
    Rank<L>: IsEqual<P3>,
    Eq<Rank<L>, P3>: DecimalIfFailed<Rank<L>>,
    Eq<Rank<L>, P3>: TiledMmaAtomLayoutRank3<RankNum<L>>,
    P: PermutationRankOp,
    PermRankBit<P>: TiledMmaPermutationRank3<PermRankNum<P>>,
    TiledMMA<Atom, L, P>: TiledMma,
    RankGated<Atom, L, P>: LayoutTvOfParts<A, <TiledMMA<Atom, L, P> as TiledMma>::RefA>,
{
    type Output = <RankGated<Atom, L, P> as LayoutTvOfParts<A, <TiledMMA<Atom, L, P> as TiledMma>::RefA>>::Output;
}
impl<Atom, L, P, R> LayoutTvOfParts<A, R> for Parts<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma + ThrIdx2ThrIdOp + ThrfrgAOp<R>,
    ThrfrgA<TiledMMA<Atom, L, P>, R>: CompositionOp<Mode0<ATile<TiledMMA<Atom, L, P>>>>,
    AThrVmnk<TiledMMA<Atom, L, P>, R>: CompositionOp<Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>,
{
    // (thr_idx,val) -> (M,K)
    type Output = Composition<AThrVmnk<TiledMMA<Atom, L, P>, R>, Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>;
}
/// `mma.get_layoutA_TV()`: `(thr_idx, val) -> (M,K)` index of the A tile.
pub type GetLayoutA_TV<TM> = <TM as GetLayoutA_TVOp>::Output;

/// `mma.get_layoutB_TV()` as a trait on the TiledMMA.
pub trait GetLayoutB_TVOp: Sealed {
    type Output;
}
impl<Atom, L, P> GetLayoutB_TVOp for TiledMMA<Atom, L, P>
where
    L: RankOfOp,
    Rank<L>: IsEqual<P3>,
    Eq<Rank<L>, P3>: DecimalIfFailed<Rank<L>>,
    Eq<Rank<L>, P3>: TiledMmaAtomLayoutRank3<RankNum<L>>,
    P: PermutationRankOp,
    PermRankBit<P>: TiledMmaPermutationRank3<PermRankNum<P>>,
    TiledMMA<Atom, L, P>: TiledMma,
    RankGated<Atom, L, P>: LayoutTvOfParts<B, <TiledMMA<Atom, L, P> as TiledMma>::RefB>,
{
    type Output = <RankGated<Atom, L, P> as LayoutTvOfParts<B, <TiledMMA<Atom, L, P> as TiledMma>::RefB>>::Output;
}
impl<Atom, L, P, R> LayoutTvOfParts<B, R> for Parts<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma + ThrIdx2ThrIdOp + ThrfrgBOp<R>,
    ThrfrgB<TiledMMA<Atom, L, P>, R>: CompositionOp<Mode0<BTile<TiledMMA<Atom, L, P>>>>,
    BThrVmnk<TiledMMA<Atom, L, P>, R>: CompositionOp<Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>,
{
    // (thr_idx,val) -> (N,K)
    type Output = Composition<BThrVmnk<TiledMMA<Atom, L, P>, R>, Mode0<ThrIdx2ThrId<TiledMMA<Atom, L, P>>>>;
}
/// `mma.get_layoutB_TV()`: `(thr_idx, val) -> (N,K)` index of the B tile.
pub type GetLayoutB_TV<TM> = <TM as GetLayoutB_TVOp>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::TiledMMA;
    use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, SM90_64x64x16_F16F16F16_SS, K};
    use tycute_layout::{show, table};
    use tycute_macros::cute;

    fn covers_once(t: Vec<i64>, n: i64) {
        let mut t = t;
        t.sort_unstable();
        assert_eq!(t, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn sgemm_sm80() {
        type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
        assert_eq!(show::<ThrIdx2ThrId<TM>>(), "_128:_1");
        // C: every (m,n) of the 32x32 tile exactly once
        covers_once(table::<GetLayoutC_TV<TM>>(), 32 * 32);
    }

    #[test]
    fn gmma_every_thread_sees_the_whole_operand() {
        type TM = TiledMMA<MMA_Atom<SM90_64x64x16_F16F16F16_SS<K, K>>, cute!((_1,_1,_1):(_0,_0,_0))>;
        assert_eq!(show::<GetLayoutA_TV<TM>>(), "(_128,((_64,_16),(_1,_1))):(_0,((_1,_64),(_0,_0)))");
        covers_once(table::<GetLayoutC_TV<TM>>(), 64 * 64);
    }
}
