//! `convert_layout_acc_rowcol` (FlashAttention-3, `hopper/utils.h`): the sm90 accumulator
//! fragment `((2,2,N/8),MMA_M,MMA_N)` re-viewed as `(rows, cols)` per thread,
//! `((2,MMA_M),(2,N/8,MMA_N))`, the layout softmax reduces over (row maxima and sums of S, the
//! rescaling of O):
//!
//! ```text
//! make_layout(make_layout(get<0,1>(l), get<1>(l)),                  // rows: v1 (8 apart), MMA_M
//!             make_layout(get<0,0>(l), get<0,2>(l), get<2>(l)))     // cols: v0, N/8, MMA_N
//! ```
//!
//! That the row mode alone decides the row is a fact about the TiledMMA, not about the view, and
//! it is proven here the same way as S to P: [`RowOfRegister`] is S's whole-tile thread-value map
//! taken against the reference `(kBlockM,kBlockN):(_1,_0)` (an element's row `m`), composed with
//! the view; [`AccRows`] requires its column mode to coalesce to stride 0 (every register of a
//! row slot holds the same row), and [`AccCols`] the same for the column map `(_0,_1)` and the
//! row mode. What the kernel needs as numbers (the row of each row slot per thread, and which
//! lanes share a row: the four lanes of a quad, reduced with shuffles of xor 1 and 2) comes from
//! these layouts at run time ([`RowTables`]).
//!
//! ```
//! use tycute_attention::{tile::*, ConvertLayoutAccRowcol};
//! use tycute_layout::show;
//! use tycute_layout::swizzle::recast::bfloat16_t;
//! type T = Hd128<bfloat16_t>;
//! assert_eq!(show::<ConvertLayoutAccRowcol<tycute_attention::s_to_p::SAccFragment<T>>>(), "((_2,_1),(_2,_16,_1)):((_2,_0),(_1,_4,_0))");
//! ```
//!
//! Over the whole tile (each proof a few seconds of type checking, so the assertions run once, in
//! `tests/header/main.rs` and its `twin` module, not as doctests):
//!
//! ```text
//! // (thread, row slot) -> m: lanes t0 of a quad (stride 0) share a row; t1 and the 8 warps
//! // pick it, row slot i adds 8 i
//! show::<AccRows<T>>()      == "((_4,_8,_8),_2):((_0,_1,_16),_8)"
//! // (thread, column slot) -> n: 2 t0 + v0 + 8 v2, independent of the row (t1 and the warps
//! // coalesce into one stride-0 mode of 64)
//! show::<AccCols<T>>()      == "((_4,_64),(_2,_16)):((_2,_0),(_1,_8))"
//! // O's accumulators (64x128x16 RS atoms over (128,128)) hold the same rows per thread
//! show::<SoftmaxRows<T>>()  == show::<AccRows<T>>()
//! ```

use tycute_layout::bounds::{DecIfFailed, SameOp};
use tycute_layout::int::{Eq, B1, P1, P2, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::algebra::coalesce::CoalesceProfileOp;
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::layout::{CosizeOp, LayoutAtOp};
use tycute_layout::{CoalesceProfile, Composition, Cosize, LayoutAt, Underscore};
use tycute_tiled::mma::fragment::PartitionFragmentCOp;
use tycute_tiled::mma::layout_tv::LayoutTvOfParts;
use tycute_tiled::mma::tiled_mma::C as OperandC;

use crate::s_to_p::AccTv;
use tycute_tiled::mma::PartitionFragmentC;
use crate::tile::AttentionTile;

type T2<A, B> = Tup<A, Tup<B, Nil>>;
type T3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;

/// `convert_layout_acc_rowcol` as a trait on the accumulator fragment's layout; see
/// [`ConvertLayoutAccRowcol`].
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_rowcol: the accumulator must be an sm90 GMMA fragment ((2,2,N/8),MMA_M,MMA_N), not `{Self}`",
    label = "not a GMMA accumulator fragment"
)]
pub trait ConvertLayoutAccRowcolOp {
    type Output;
}
impl<V, MM, MN, D0, D1, DV, DM, DN> ConvertLayoutAccRowcolOp for Layout<T3<T3<P2, P2, V>, MM, MN>, T3<T3<D0, D1, DV>, DM, DN>> {
    // ((2,MMA_M),(2,N/8,MMA_N))
    type Output = Layout<T2<T2<P2, MM>, T3<P2, V, MN>>, T2<T2<D1, DM>, T3<D0, DV, DN>>>;
}
/// `convert_layout_acc_rowcol(acc)`: `((2,2,N/8),MMA_M,MMA_N)` to `((2,MMA_M),(2,N/8,MMA_N))`.
pub type ConvertLayoutAccRowcol<Acc> = <Acc as ConvertLayoutAccRowcolOp>::Output;

type Qk<T> = <T as AttentionTile>::TiledMmaQK;
type Pv<T> = <T as AttentionTile>::TiledMmaPV;
type BM<T> = <T as AttentionTile>::BlockM;
type BN<T> = <T as AttentionTile>::BlockN;
type HD<T> = <T as AttentionTile>::HeadDim;
/// `(M,N):(_1,_0)`: an element of a C tile to its row.
type RowRef<M, N> = Layout<T2<M, N>, T2<P1, Z0>>;
/// `(M,N):(_0,_1)`: an element of a C tile to its column.
type ColRef<M, N> = Layout<T2<M, N>, T2<Z0, P1>>;
/// `make_layout((M,N))`.
type Ref<M, N> = Layout<T2<M, N>, T2<P1, M>>;
type Rowcol<TM, M, N> = ConvertLayoutAccRowcol<PartitionFragmentC<TM, Ref<M, N>, Z0>>;
type RegMode<L> = T2<Underscore, L>;

/// `(thread, (row slot, column slot)) -> m`: the row of the element each register of the
/// `(rows, cols)` view of TiledMMA `TM`'s accumulators over an `(M,N)` tile holds.
pub type RowOfRegister<TM, M, N> = Composition<AccTv<TM, RowRef<M, N>>, RegMode<Rowcol<TM, M, N>>>;
/// `(thread, (row slot, column slot)) -> n`: its column.
pub type ColOfRegister<TM, M, N> = Composition<AccTv<TM, ColRef<M, N>>, RegMode<Rowcol<TM, M, N>>>;

// (thread, (rows, cols)) -> the value mode's (rows) and (cols) parts
type RowsPart<L> = LayoutAt<LayoutAt<L, P1>, Z0>;
type ColsPart<L> = LayoutAt<LayoutAt<L, P1>, P1>;
type ThrPart<L> = LayoutAt<L, Z0>;

/// The row of a register depends on its row slot only: the column slots of
/// [`RowOfRegister`] all have stride 0 (`cosize == 1`).
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_rowcol: the registers of one row slot hold elements of {Rows} different rows, not one",
    label = "not a row layout"
)]
pub trait AccRowSlotIsOneRow<Rows = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Rows> AccRowSlotIsOneRow<Rows> for B1 {
    type Ok<X> = X;
}
/// The column of a register depends on its column slot only.
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_rowcol: the registers of one column slot hold elements of {Cols} different columns, not one",
    label = "not a column layout"
)]
pub trait AccColSlotIsOneCol<Cols = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Cols> AccColSlotIsOneCol<Cols> for B1 {
    type Ok<X> = X;
}

type ByMode = T2<P1, P1>;
/// `make_layout(thread mode, slot mode)` of a `(thread, (rows, cols))` map.
type ThrAnd<L, X> = Layout<T2<<ThrPart<L> as Parts>::S, <X as Parts>::S>, T2<<ThrPart<L> as Parts>::D, <X as Parts>::D>>;

/// The rows (or the columns) of TiledMMA `TM`'s accumulators over an `(M,N)` tile, in one
/// projection on normalized parameters: [`AccRowsOf`] and [`AccColsOf`] name their map several
/// times (the rule's bit, its number, the result), and an alias expands each of them again
/// (docs/perf.md, "Compile time").
#[doc(hidden)]
pub struct RowsMap<TM, M, N>(core::marker::PhantomData<fn() -> (TM, M, N)>);
/// See [`RowsMap`]: the columns.
#[doc(hidden)]
pub struct ColsMap<TM, M, N>(core::marker::PhantomData<fn() -> (TM, M, N)>);
/// A slot map's rule bit, its number, and the coalesced `(thread, slot)` map.
#[doc(hidden)]
pub trait SlotMapParts {
    /// Whether every register of a slot holds one row (column).
    type Bit;
    /// How many rows (columns) one slot's registers hold.
    type Spread;
    /// `(thread, slot) -> m` (`n`), coalesced by mode.
    type Out;
}
macro_rules! slot_map {
    ($map:ident, $of:ident, $reference:ident, $slot:ident, $other:ident) => {
        impl<TM, M, N> SlotMapParts for $map<TM, M, N>
        where
            TM: crate::s_to_p::PartsOf + PartitionFragmentCOp<Ref<M, N>, Z0>,
            PartitionFragmentC<TM, Ref<M, N>, Z0>: ConvertLayoutAccRowcolOp,
            <TM as crate::s_to_p::PartsOf>::Parts: LayoutTvOfParts<OperandC, $reference<M, N>>,
            AccTv<TM, $reference<M, N>>: CompositionOp<RegMode<Rowcol<TM, M, N>>>,
            $of<TM, M, N>: LayoutAtOp<P1> + LayoutAtOp<Z0>,
            LayoutAt<$of<TM, M, N>, P1>: LayoutAtOp<Z0> + LayoutAtOp<P1>,
            $other<$of<TM, M, N>>: CosizeOp,
            Cosize<$other<$of<TM, M, N>>>: typenum::IsEqual<P1>,
            ThrPart<$of<TM, M, N>>: Parts,
            $slot<$of<TM, M, N>>: Parts,
            ThrAnd<$of<TM, M, N>, $slot<$of<TM, M, N>>>: CoalesceProfileOp<ByMode>,
        {
            type Bit = Eq<Cosize<$other<$of<TM, M, N>>>, P1>;
            type Spread = Cosize<$other<$of<TM, M, N>>>;
            type Out = CoalesceProfile<ThrAnd<$of<TM, M, N>, $slot<$of<TM, M, N>>>, ByMode>;
        }
    };
}
slot_map!(RowsMap, RowOfRegister, RowRef, RowsPart, ColsPart);
slot_map!(ColsMap, ColOfRegister, ColRef, ColsPart, RowsPart);

/// `(thread, row slot) -> m` of TiledMMA `TM`'s accumulators over an `(M,N)` tile in the
/// `(rows, cols)` view, coalesced by mode, after the rule that a row slot's registers all hold
/// one row.
pub type AccRowsOf<TM, M, N> = <<RowsMap<TM, M, N> as SlotMapParts>::Bit as AccRowSlotIsOneRow<
    DecIfFailed<<RowsMap<TM, M, N> as SlotMapParts>::Bit, <RowsMap<TM, M, N> as SlotMapParts>::Spread>,
>>::Ok<<RowsMap<TM, M, N> as SlotMapParts>::Out>;
/// `(thread, column slot) -> n`, after the rule that a column slot's registers all hold one
/// column.
pub type AccColsOf<TM, M, N> = <<ColsMap<TM, M, N> as SlotMapParts>::Bit as AccColSlotIsOneCol<
    DecIfFailed<<ColsMap<TM, M, N> as SlotMapParts>::Bit, <ColsMap<TM, M, N> as SlotMapParts>::Spread>,
>>::Ok<<ColsMap<TM, M, N> as SlotMapParts>::Out>;
/// [`AccRowsOf`] S's accumulators of tile `T` (`TiledMmaQK` over `(kBlockM, kBlockN)`).
pub type AccRows<T> = AccRowsOf<Qk<T>, BM<T>, BN<T>>;
/// [`AccColsOf`] S's accumulators of tile `T`.
pub type AccCols<T> = AccColsOf<Qk<T>, BM<T>, BN<T>>;
/// [`AccRowsOf`] O's accumulators of tile `T` (`TiledMmaPV` over `(kBlockM, kHeadDim)`): O is
/// rescaled row by row with S's row statistics, so [`ORowsAreSRows`] requires them equal.
pub type OAccRows<T> = AccRowsOf<Pv<T>, BM<T>, HD<T>>;

/// O's row slots are S's: thread `t`'s row slot `i` is the same row of the tile in S's
/// accumulators and in O's, so the row maximum and sum a thread keeps for S rescale its own O
/// registers.
#[diagnostic::on_unimplemented(
    message = "softmax rows: O's accumulators (TiledMmaPV) hold other rows per thread than S's (TiledMmaQK): (thread, row slot) -> m is {O} for O, {S} for S",
    label = "O's rows are not S's"
)]
pub trait ORowsAreSRows<O = (), S = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<O, S> ORowsAreSRows<O, S> for B1 {
    type Ok<X> = X;
}
type Pair<L> = T2<<L as Parts>::S, <L as Parts>::D>;
type OSBit<T> = <Pair<OAccRows<T>> as SameOp<Pair<AccRows<T>>>>::Output;
/// [`AccRows`] of tile `T`, after the rule [`ORowsAreSRows`].
pub type SoftmaxRows<T> = <OSBit<T> as ORowsAreSRows<DecIfFailed<OSBit<T>, Pair<OAccRows<T>>>, DecIfFailed<OSBit<T>, Pair<AccRows<T>>>>>::Ok<AccRows<T>>;

/// A layout's shape `S` and stride `D`.
#[doc(hidden)]
pub trait Parts {
    type S;
    type D;
}
impl<S, D> Parts for Layout<S, D> {
    type S = S;
    type D = D;
}

/// What softmax needs, as numbers: per thread, the row of S each row slot of the `(rows, cols)`
/// view holds, and which lanes of its warp hold the same rows (the lanes a row maximum or sum is
/// reduced over). Computed from the layouts [`AccRows`] and [`AccCols`] (their tables), not
/// from the trait solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowTables {
    /// `rows[t][i]`: the row of S that row slot `i` of thread `t` holds.
    pub rows: Vec<Vec<i64>>,
    /// `cols[t][j]`: the column of S that column slot `j` of thread `t` holds.
    pub cols: Vec<Vec<i64>>,
    /// The lanes (within a warp) that hold the same rows as lane 0: `{0, 1, 2, 3}` on sm90.
    pub row_lanes: Vec<usize>,
    /// The xor masks of the butterfly reduction over [`RowTables::row_lanes`] (`1, 2`).
    pub shuffle_xors: Vec<usize>,
}

impl RowTables {
    /// The tables of two `(thread, slot)` maps, `rows` = [`AccRows`] and `cols` = [`AccCols`]
    /// as `table::<..>()`, for `threads` threads: checks that the lanes sharing a row form a
    /// group closed under xor (so a butterfly of shuffles reduces it), that they hold every
    /// column of their rows once between them, and that `threads` is whole warps.
    pub fn new(rows: &[i64], cols: &[i64], threads: usize, block_n: usize) -> Result<RowTables, String> {
        if threads == 0 || threads % 32 != 0 || rows.len() % threads != 0 || cols.len() % threads != 0 {
            return Err(format!("row tables: {threads} threads (whole warps), {} row and {} column entries", rows.len(), cols.len()));
        }
        let (nr, nc) = (rows.len() / threads, cols.len() / threads);
        // a layout (thread, slot) reads index t + threads * slot
        let rows: Vec<Vec<i64>> = (0..threads).map(|t| (0..nr).map(|i| rows[t + threads * i]).collect()).collect();
        let cols: Vec<Vec<i64>> = (0..threads).map(|t| (0..nc).map(|j| cols[t + threads * j]).collect()).collect();
        let row_lanes: Vec<usize> = (0..32).filter(|&l| rows[l] == rows[0]).collect();
        let n = row_lanes.len();
        if !n.is_power_of_two() || row_lanes.iter().any(|&l| l >= n) {
            return Err(format!("row tables: the lanes sharing lane 0's rows are {row_lanes:?}, not 0..{n} (a group that xor shuffles reduce)"));
        }
        for w in 0..threads / 32 {
            for l in 0..32 {
                let t = 32 * w + l;
                let lead = 32 * w + (l / n) * n;
                if rows[t] != rows[lead] {
                    return Err(format!("row tables: thread {t} holds rows {:?}, its group's lane {lead} rows {:?}", rows[t], rows[lead]));
                }
                if (0..32).filter(|&k| rows[32 * w + k] == rows[t]).count() != n {
                    return Err(format!("row tables: thread {t}'s rows are held by other lanes than its group of {n}"));
                }
            }
            // the group holds each column of its rows exactly once
            for g in (0..32).step_by(n) {
                let mut seen: Vec<i64> = (0..n).flat_map(|k| cols[32 * w + g + k].iter().copied()).collect();
                seen.sort_unstable();
                if seen != (0..block_n as i64).collect::<Vec<_>>() {
                    return Err(format!("row tables: lanes {}..{} of warp {w} do not hold each of the {block_n} columns once", g, g + n));
                }
            }
        }
        let shuffle_xors = (0..n.trailing_zeros()).map(|b| 1usize << b).collect();
        Ok(RowTables { rows, cols, row_lanes, shuffle_xors })
    }
}
