//! Global-memory tensors: layouts whose problem sizes and leading dimensions are run-time `int`s
//! in the kernel.
//!
//! The kernels build `mA = make_tensor(A, make_shape(M,K), make_stride(ldA,_1))` from run-time
//! `int`s, and every layout derived from it carries those: `gA = (_128,_64,1):(64,_1,_64)`
//! prints `64` (run-time `ldA`) next to `_64` (static `bK * _1`). tycute's algebra is static, so
//! here a run-time integer is a [`Dyn<N>`](tycute_tiled::copy::Dyn): its value `N` is a type (the
//! dump's problem size), and it prints without `_`. Two operations carry such leaves:
//!
//! * [`LocalTile`]: CuTe's `local_tile(mA, tiler, coord)` for a flat layout and a static tiler
//!   (each mode `s:d` becomes the tile mode `T:d` and the rest mode `ceil_div(s,T):(T*d)`; a rest
//!   mode whose coordinate is `_0` is sliced away at offset 0, CTA `(0,0)`), with CuTe's rule that
//!   a value computed from a run-time value is run-time;
//! * the divides a partition applies to such a tensor ([`DynLogicalDivide`], [`DynZippedDivide`])
//!   and with them `tidfrg_S/D` ([`DynTidfrgS`], [`DynTidfrgD`]) and `thrfrg_C`
//!   ([`DynThrfrgC`]): CuTe's definitions (`logical_divide(A, T) = composition(A, make_layout(T,
//!   complement(T, shape(coalesce(A)))))`, by mode), where the tilers are static and every
//!   composition with the run-time-strided A is CuTe's `composition_impl` after `coalesce_x`
//!   ([`DynComposition`]): a run-time stride never merges with its neighbour, so the result keeps
//!   the modes CuTe keeps (`tCgC = ((_2,_2),_4,(_2,_4)):((128,_8),_32,(2048,4096))`, where the same
//!   partition of a static layout would merge `(_2,_4)` into `_8`).
//!
//! A thread's partition of such a tensor ([`DynCopyPartition0`], [`DynMmaPartition0`]) is given for thread 0 (its layout
//! type); the dump evaluates other threads from the static tables (see
//! [`crate::rows::thread_tensor`]).

use core::ops::Mul;

use tycute_layout::algebra::complement::ComplementWithOp;
use tycute_layout::int::{CeilDiv, CeilDivOp, Prod, P1, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::tuple::{Concat, ConcatOp, Nil, Tup};
use tycute_layout::Underscore;
use tycute_tiled::copy::swizzle_slice::{CoalesceModes, DynCompositionOp, Mode};
use tycute_tiled::copy::{DynComposition, Dyn};
use tycute_layout::ComplementWith;
use tycute_tiled::copy::{AtomDst2Ref, AtomSrc2Ref, ThrVal2MN, TiledCopyMembers};
use tycute_tiled::mma::TiledMma;
use tycute_tiled::CountingTensor;
use typenum::{NInt, NonZero, PInt, UInt, UTerm, Unsigned, B1};

/// A run-time `int` of value `N` (a typenum integer): CuTe's dynamic integer, printed `N`.
pub type D<N> = Dyn<N>;

/// A leaf that is a static integer or a run-time [`Dyn`]: its value, and "a value of the same
/// kind" (a result computed from a run-time value is run-time).
pub trait Leaf {
    type Value;
    type Like<V>;
}
impl Leaf for Z0 {
    type Value = Z0;
    type Like<V> = V;
}
impl<U: Unsigned + NonZero> Leaf for PInt<U> {
    type Value = PInt<U>;
    type Like<V> = V;
}
impl<U: Unsigned + NonZero> Leaf for NInt<U> {
    type Value = NInt<U>;
    type Like<V> = V;
}
impl<N> Leaf for Dyn<N> {
    type Value = N;
    type Like<V> = Dyn<V>;
}
type Val<X> = <X as Leaf>::Value;
/// `ceil_div(s, T)` for a static tile `T`.
type CeilDivLeaf<S, T> = <S as Leaf>::Like<CeilDiv<Val<S>, T>>;
/// `T * d` for a static tile `T`.
type MulLeaf<T, Dd> = <Dd as Leaf>::Like<Prod<T, Val<Dd>>>;

/// The modes of `local_tile` of the flat modes `(S, D)` (`Self`) by the tile `Tile` at the rest
/// coordinate `Crd`: the tile modes and the kept rest modes.
pub trait TileModes<Tile, Crd> {
    type TileS;
    type TileD;
    type RestS;
    type RestD;
}
impl TileModes<Nil, Nil> for (Nil, Nil) {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Nil;
    type RestD = Nil;
}
impl<SH, ST, DH, DT, TH, TT, CH, CT> TileModes<Tup<TH, TT>, Tup<CH, CT>> for (Tup<SH, ST>, Tup<DH, DT>)
where
    SH: Leaf,
    DH: Leaf,
    Val<SH>: CeilDivOp<TH>,
    TH: Mul<Val<DH>>,
    (ST, DT): TileModes<TT, CT>,
    CH: KeepRest<CeilDivLeaf<SH, TH>, MulLeaf<TH, DH>, <(ST, DT) as TileModes<TT, CT>>::RestS, <(ST, DT) as TileModes<TT, CT>>::RestD>,
{
    type TileS = Tup<TH, <(ST, DT) as TileModes<TT, CT>>::TileS>;
    type TileD = Tup<DH, <(ST, DT) as TileModes<TT, CT>>::TileD>;
    type RestS = <CH as KeepRest<CeilDivLeaf<SH, TH>, MulLeaf<TH, DH>, <(ST, DT) as TileModes<TT, CT>>::RestS, <(ST, DT) as TileModes<TT, CT>>::RestD>>::S;
    type RestD = <CH as KeepRest<CeilDivLeaf<SH, TH>, MulLeaf<TH, DH>, <(ST, DT) as TileModes<TT, CT>>::RestS, <(ST, DT) as TileModes<TT, CT>>::RestD>>::D;
}
/// A rest mode `S:D` before the rest modes `(TS, TD)`: kept for the coordinate `_`, sliced away
/// (at 0) for `_0`.
pub trait KeepRest<S, D, TS, TD> {
    type S;
    type D;
}
impl<S, D, TS, TD> KeepRest<S, D, TS, TD> for Underscore {
    type S = Tup<S, TS>;
    type D = Tup<D, TD>;
}
impl<S, D, TS, TD> KeepRest<S, D, TS, TD> for Z0 {
    type S = TS;
    type D = TD;
}

/// `local_tile(L, Tile, Crd)` as a trait on the flat layout; see [`LocalTile`].
pub trait LocalTileOp<Tile, Crd> {
    type Output;
}
impl<S, Dd, Tile, Crd> LocalTileOp<Tile, Crd> for Layout<S, Dd>
where
    (S, Dd): TileModes<Tile, Crd>,
    <(S, Dd) as TileModes<Tile, Crd>>::TileS: ConcatOp<<(S, Dd) as TileModes<Tile, Crd>>::RestS>,
    <(S, Dd) as TileModes<Tile, Crd>>::TileD: ConcatOp<<(S, Dd) as TileModes<Tile, Crd>>::RestD>,
{
    // (TileM,TileN,...,kept rest modes)
    type Output = Layout<
        Concat<<(S, Dd) as TileModes<Tile, Crd>>::TileS, <(S, Dd) as TileModes<Tile, Crd>>::RestS>,
        Concat<<(S, Dd) as TileModes<Tile, Crd>>::TileD, <(S, Dd) as TileModes<Tile, Crd>>::RestD>,
    >;
}
/// `local_tile(L, Tile, Crd)` for CTA `(0,0)`: `L` a flat layout whose leaves may be run-time
/// ([`Dyn`]), `Tile` a tuple of static integers (one per mode of `L`), `Crd` a tuple of `_0`
/// (slice the rest mode) or `_` (keep it). The result is `(Tile..., kept rest modes...)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_kernel::dynamic::{LocalTile, D};
/// use tycute_layout::{Layout, Nil, Tup, typenum::{P1, P128, P64}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::text;
///
/// // mA = (128,64):(64,_1), gA = local_tile(mA, (_128,_64), (0,_))
/// type MA = Layout<Tup<D<P128>, Tup<D<P64>, Nil>>, Tup<D<P64>, Tup<P1, Nil>>>;
/// assert_eq!(text::<LocalTile<MA, cute!((_128,_64)), cute!((_0,_))>>(), "(_128,_64,1):(64,_1,_64)");
/// ```
pub type LocalTile<L, Tile, Crd> = <L as LocalTileOp<Tile, Crd>>::Output;

// ---------------------------------------------------------------------------------------------
// Layouts with run-time strides: flat modes, coalesce_x, divides

/// `T2<A, B>`: a pair.
pub type T2<A, B> = Tup<A, Tup<B, Nil>>;

/// The shape and stride of a layout (no bounds on them: tycute-layout's `ShapeOf` asks for a
/// layout whose leaves are static integers, and with run-time leaves the trait solver searches
/// long before it gives up; this one just splits).
pub trait SplitLayout {
    type S;
    type D;
}
impl<S, Dd> SplitLayout for Layout<S, Dd> {
    type S = S;
    type D = Dd;
}
type ShapeOf<L> = <L as SplitLayout>::S;
type StrideOf<L> = <L as SplitLayout>::D;

/// The flat modes `Mode<s, d>` of a shape tree (`Self`) and its stride tree `D`, in order,
/// before `Acc`.
pub trait FlatModes<Dd, Acc> {
    type Output;
}
impl<Dd, Acc> FlatModes<Dd, Acc> for Nil {
    type Output = Acc;
}
impl<H, T, DH, DT, Acc> FlatModes<Tup<DH, DT>, Acc> for Tup<H, T>
where
    T: FlatModes<DT, Acc>,
    H: FlatModes<DH, <T as FlatModes<DT, Acc>>::Output>,
{
    type Output = <H as FlatModes<DH, <T as FlatModes<DT, Acc>>::Output>>::Output;
}
impl<U: Unsigned + NonZero, Dd, Acc> FlatModes<Dd, Acc> for PInt<U> {
    type Output = Tup<Mode<PInt<U>, Dd>, Acc>;
}
impl<N, Dd, Acc> FlatModes<Dd, Acc> for Dyn<N> {
    type Output = Tup<Mode<Dyn<N>, Dd>, Acc>;
}
/// `coalesce_x(L)` as a list of modes: the flat modes of `L`, coalesced from the back; a
/// run-time stride merges with nothing.
pub type DynCoalesce<L> = CoSD<ShapeOf<L>, StrideOf<L>>;
type CoSD<S, Dd> = <<S as FlatModes<Dd, Nil>>::Output as CoalesceModes>::Output;

/// CuTe's plain `coalesce` (not `coalesce_x`) drops the static size-1 modes before merging: the
/// flat modes without them.
pub trait DropOnes {
    type Output;
}
impl DropOnes for Nil {
    type Output = Nil;
}
impl<Dd, T: DropOnes> DropOnes for Tup<Mode<PInt<UInt<UTerm, B1>>, Dd>, T> {
    type Output = T::Output;
}
impl<U: Unsigned, Ba: typenum::Bit, Bb: typenum::Bit, Dd, T: DropOnes> DropOnes for Tup<Mode<PInt<UInt<UInt<U, Ba>, Bb>>, Dd>, T>
where
    UInt<UInt<U, Ba>, Bb>: Unsigned + NonZero,
{
    type Output = Tup<Mode<PInt<UInt<UInt<U, Ba>, Bb>>, Dd>, T::Output>;
}
impl<N, Dd, T: DropOnes> DropOnes for Tup<Mode<Dyn<N>, Dd>, T> {
    type Output = Tup<Mode<Dyn<N>, Dd>, T::Output>;
}
/// The coalesced modes of `coalesce(L)` (plain: the static size-1 modes dropped; `Nil` when
/// nothing is left).
pub trait PlainCoalesce {
    type Output;
}
impl PlainCoalesce for Nil {
    type Output = Nil;
}
impl<H, T> PlainCoalesce for Tup<H, T>
where
    Tup<H, T>: CoalesceModes,
{
    type Output = <Tup<H, T> as CoalesceModes>::Output;
}

/// `shape(coalesce(A))` of a list of coalesced modes: an integer for one mode (`_1` for none),
/// else a tuple.
pub trait CoShape {
    type Output;
}
impl CoShape for Nil {
    type Output = P1;
}
impl<S, Dd> CoShape for Tup<Mode<S, Dd>, Nil> {
    type Output = S;
}
impl<S, Dd, M, T> CoShape for Tup<Mode<S, Dd>, Tup<M, T>>
where
    Tup<M, T>: Shapes,
{
    type Output = Tup<S, <Tup<M, T> as Shapes>::Output>;
}
/// The shapes of a list of modes, as a tuple.
pub trait Shapes {
    type Output;
}
impl Shapes for Nil {
    type Output = Nil;
}
impl<S, Dd, T: Shapes> Shapes for Tup<Mode<S, Dd>, T> {
    type Output = Tup<S, T::Output>;
}

/// A tiler element as a layout: an integer `N` is `N:_1`.
pub trait TileLayout {
    type Output;
}
impl<U: Unsigned + NonZero> TileLayout for PInt<U> {
    type Output = Layout<PInt<U>, P1>;
}
impl<S, Dd> TileLayout for Layout<S, Dd> {
    type Output = Layout<S, Dd>;
}
type TL<T> = <T as TileLayout>::Output;

/// `logical_divide(A, T)` of one mode `A` (a layout) by a tiler element `T`:
/// `composition(A, make_layout(T, complement(T, shape(coalesce(A)))))`, a layout `(tile, rest)`.
pub trait Divide1<T> {
    type Output;
}
type Flat<S, Dd> = <S as FlatModes<Dd, Nil>>::Output;
type PlainCoSD<S, Dd> = <<Flat<S, Dd> as DropOnes>::Output as PlainCoalesce>::Output;
type CoTarget<S, Dd> = <PlainCoSD<S, Dd> as CoShape>::Output;
type DivB<S, Dd, T> = Layout<
    T2<ShapeOf<TL<T>>, ShapeOf<ComplementWith<TL<T>, CoTarget<S, Dd>>>>,
    T2<StrideOf<TL<T>>, StrideOf<ComplementWith<TL<T>, CoTarget<S, Dd>>>>,
>;
impl<S, Dd, T> Divide1<T> for Layout<S, Dd>
where
    S: FlatModes<Dd, Nil>,
    Flat<S, Dd>: CoalesceModes + DropOnes,
    <Flat<S, Dd> as DropOnes>::Output: PlainCoalesce,
    PlainCoSD<S, Dd>: CoShape,
    T: TileLayout,
    TL<T>: SplitLayout + ComplementWithOp<CoTarget<S, Dd>>,
    ComplementWith<TL<T>, CoTarget<S, Dd>>: SplitLayout,
    CoSD<S, Dd>: DynCompositionOp<DivB<S, Dd, T>>,
{
    type Output = DynComposition<CoSD<S, Dd>, DivB<S, Dd, T>>;
}

/// One mode of `zipped_divide`, `Self = (S, D)` the mode, by the tiler element `T`: its tile
/// part and its rest part. `_` takes the mode as a `(tile, rest)` pair (CuTe's unzip of a mode
/// that `logical_divide` left alone); a tuple tiler divides the mode's sub-modes by mode.
pub trait ZipMode<T> {
    type TileS;
    type TileD;
    type RestS;
    type RestD;
}
impl<S0, S1, D0, D1> ZipMode<Underscore> for (T2<S0, S1>, T2<D0, D1>) {
    type TileS = S0;
    type TileD = D0;
    type RestS = S1;
    type RestD = D1;
}
macro_rules! zip_mode_divide {
    ($($t:ty => [$($g:tt)*]),*) => {$(
        impl<S, Dd, $($g)*> ZipMode<$t> for (S, Dd)
        where
            Layout<S, Dd>: Divide1<$t>,
            <Layout<S, Dd> as Divide1<$t>>::Output: SplitLayout,
            ShapeOf<<Layout<S, Dd> as Divide1<$t>>::Output>: Pair,
            StrideOf<<Layout<S, Dd> as Divide1<$t>>::Output>: Pair,
        {
            type TileS = <ShapeOf<<Layout<S, Dd> as Divide1<$t>>::Output> as Pair>::A;
            type TileD = <StrideOf<<Layout<S, Dd> as Divide1<$t>>::Output> as Pair>::A;
            type RestS = <ShapeOf<<Layout<S, Dd> as Divide1<$t>>::Output> as Pair>::B;
            type RestD = <StrideOf<<Layout<S, Dd> as Divide1<$t>>::Output> as Pair>::B;
        }
    )*};
}
zip_mode_divide!(PInt<U> => [U: Unsigned + NonZero], Layout<TS, TD> => [TS, TD]);
impl<S, Dd, TH, TT> ZipMode<Tup<TH, TT>> for (S, Dd)
where
    (S, Dd): ZipModes<Tup<TH, TT>>,
{
    type TileS = <(S, Dd) as ZipModes<Tup<TH, TT>>>::TileS;
    type TileD = <(S, Dd) as ZipModes<Tup<TH, TT>>>::TileD;
    type RestS = <(S, Dd) as ZipModes<Tup<TH, TT>>>::RestS;
    type RestD = <(S, Dd) as ZipModes<Tup<TH, TT>>>::RestD;
}
/// The two parts of a pair.
pub trait Pair {
    type A;
    type B;
}
impl<A, B> Pair for T2<A, B> {
    type A = A;
    type B = B;
}

/// `zipped_divide` over the modes `Self = (S list, D list)` by the tiler list `T`: the tile parts
/// and the rest parts (modes past the tiler go to the rest).
pub trait ZipModes<T> {
    type TileS;
    type TileD;
    type RestS;
    type RestD;
}
impl ZipModes<Nil> for (Nil, Nil) {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Nil;
    type RestD = Nil;
}
impl<SH, ST, DH, DT> ZipModes<Nil> for (Tup<SH, ST>, Tup<DH, DT>) {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Tup<SH, ST>;
    type RestD = Tup<DH, DT>;
}
impl<SH, ST, DH, DT, TH, TT> ZipModes<Tup<TH, TT>> for (Tup<SH, ST>, Tup<DH, DT>)
where
    (SH, DH): ZipMode<TH>,
    (ST, DT): ZipModes<TT>,
{
    type TileS = Tup<<(SH, DH) as ZipMode<TH>>::TileS, <(ST, DT) as ZipModes<TT>>::TileS>;
    type TileD = Tup<<(SH, DH) as ZipMode<TH>>::TileD, <(ST, DT) as ZipModes<TT>>::TileD>;
    type RestS = Tup<<(SH, DH) as ZipMode<TH>>::RestS, <(ST, DT) as ZipModes<TT>>::RestS>;
    type RestD = Tup<<(SH, DH) as ZipMode<TH>>::RestD, <(ST, DT) as ZipModes<TT>>::RestD>;
}

/// `zipped_divide(A, T)` for a layout `A` with run-time strides and a static tuple tiler `T`:
/// `((tiles...),(rests..., modes past T...))`.
pub type DynZippedDivide<A, T> = <A as ZippedDivideOp<T>>::Output;
/// `zipped_divide(A, T)` as one trait on the layout (so that a use normalizes `A` once, then
/// selects this impl on the concrete layout); see [`DynZippedDivide`].
pub trait ZippedDivideOp<T> {
    type Output;
}
impl<S, Dd, T> ZippedDivideOp<T> for Layout<S, Dd>
where
    (S, Dd): ZipModes<T>,
{
    type Output = Layout<
        T2<<(S, Dd) as ZipModes<T>>::TileS, <(S, Dd) as ZipModes<T>>::RestS>,
        T2<<(S, Dd) as ZipModes<T>>::TileD, <(S, Dd) as ZipModes<T>>::RestD>,
    >;
}

/// `logical_divide(A, T)` by mode (a tuple tiler of the same rank as `A`): each mode `(tile,rest)`.
pub trait ByMode<T> {
    type S;
    type D;
}
impl ByMode<Nil> for (Nil, Nil) {
    type S = Nil;
    type D = Nil;
}
impl<SH, ST, DH, DT, TH, TT> ByMode<Tup<TH, TT>> for (Tup<SH, ST>, Tup<DH, DT>)
where
    (SH, DH): ZipMode<TH>,
    (ST, DT): ByMode<TT>,
{
    type S = Tup<T2<<(SH, DH) as ZipMode<TH>>::TileS, <(SH, DH) as ZipMode<TH>>::RestS>, <(ST, DT) as ByMode<TT>>::S>;
    type D = Tup<T2<<(SH, DH) as ZipMode<TH>>::TileD, <(SH, DH) as ZipMode<TH>>::RestD>, <(ST, DT) as ByMode<TT>>::D>;
}
/// `logical_divide(A, T)` by mode, for a layout `A` with run-time strides.
pub type DynLogicalDivide<A, T> = <A as LogicalDivideOp<T>>::Output;
/// `logical_divide(A, T)` by mode as one trait on the layout; see [`DynLogicalDivide`].
pub trait LogicalDivideOp<T> {
    type Output;
}
impl<S, Dd, T> LogicalDivideOp<T> for Layout<S, Dd>
where
    (S, Dd): ByMode<T>,
{
    type Output = Layout<<(S, Dd) as ByMode<T>>::S, <(S, Dd) as ByMode<T>>::D>;
}

/// `L.compose(B, _)`: mode 0 of the rank-2 `L` composed with `B` (CuTe's composition after
/// `coalesce_x`), mode 1 kept.
pub trait ComposeMode0<B> {
    type Output;
}
impl<S0, S1, D0, D1, B> ComposeMode0<B> for Layout<T2<S0, S1>, T2<D0, D1>>
where
    S0: FlatModes<D0, Nil>,
    <S0 as FlatModes<D0, Nil>>::Output: CoalesceModes,
    CoSD<S0, D0>: DynCompositionOp<B>,
    DynComposition<CoSD<S0, D0>, B>: SplitLayout,
{
    type Output = Layout<
        T2<ShapeOf<DynComposition<CoSD<S0, D0>, B>>, S1>,
        T2<StrideOf<DynComposition<CoSD<S0, D0>, B>>, D1>,
    >;
}
/// `L.compose(B, _)`.
pub type DynComposeMode0<L, B> = <L as ComposeMode0<B>>::Output;

// ---------------------------------------------------------------------------------------------
// Partitions of a global-memory tensor

/// `tiled_copy.tidfrg_S(G)`: `(Thr,(FrgV,FrgX),(RestM,RestN,...))` of a layout `G` with run-time
/// strides: `zipped_divide(G, Tiler_MN)`, mode 0 composed with `thrval2mn` (of `src2ref`).
pub type DynTidfrgS<TC, G> = DynComposeMode0<DynZippedDivide<G, <TC as TiledCopyMembers>::Tiler_MN>, ThrVal2MN<TC, AtomSrc2Ref<TC>>>;
/// `tiled_copy.tidfrg_D(G)` (with `dst2ref`).
pub type DynTidfrgD<TC, G> = DynComposeMode0<DynZippedDivide<G, <TC as TiledCopyMembers>::Tiler_MN>, ThrVal2MN<TC, AtomDst2Ref<TC>>>;

/// `mma.thrfrg_C(G)`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))` of a layout `G` with run-time
/// strides, CuTe's four steps (see `tycute_tiled::mma::thrfrg`).
pub type DynThrfrgC<TM, G> = DynZippedDivide<
    DynComposeMode0<
        DynZippedDivide<
            DynLogicalDivide<G, T2<<TM as TiledMma>::PermM, <TM as TiledMma>::PermN>>,
            T2<Layout<<TM as TiledMma>::AtomM, P1>, Layout<<TM as TiledMma>::AtomN, P1>>,
        >,
        <TM as TiledMma>::AtomLayoutC_TV,
    >,
    T2<Underscore, T2<Layout<<TM as TiledMma>::ThrM, P1>, Layout<<TM as TiledMma>::ThrN, P1>>>,
>;

/// Thread 0's part of a [`DynTidfrgS`] / [`DynTidfrgD`] result `((Thr,Frg),(RestM,RestN,...))`
/// (CuTe's `tv_tensor(make_coord(_,_),_)` then `thr_tensor(0, _, repeat<R>(_))`):
/// `counting_iter(0) o (Frg,RestM,RestN,...)`.
pub trait TidfrgPartition0 {
    type Output;
}
impl<S0, S1, SR, D0, D1, DR> TidfrgPartition0 for Layout<T2<T2<S0, S1>, SR>, T2<T2<D0, D1>, DR>> {
    type Output = CountingTensor<Z0, Layout<Tup<S1, SR>, Tup<D1, DR>>>;
}
/// Thread 0's copy partition: the layout type of every thread's `partition_S/D` (thread 0 at
/// offset 0).
pub type DynCopyPartition0<L> = <L as TidfrgPartition0>::Output;

/// Thread 0's part of a [`DynThrfrgC`] result `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`:
/// `counting_iter(0) o (FrgV,RestM,RestN)`.
pub trait ThrfrgPartition0 {
    type Output;
}
impl<S0, S1, SR, D0, D1, DR> ThrfrgPartition0 for Layout<T2<S0, T2<S1, SR>>, T2<D0, T2<D1, DR>>> {
    type Output = CountingTensor<Z0, Layout<Tup<S1, SR>, Tup<D1, DR>>>;
}
/// Thread 0's MMA partition: the layout type of every thread's `partition_C`.
pub type DynMmaPartition0<L> = <L as ThrfrgPartition0>::Output;

/// `shape(tensor)` and `make_layout(shape(tensor))` of a thread's tensor whose layout may have
/// run-time strides (as one impl on the tensor, so that the solver sees the concrete shape).
pub trait TensorShapeOf {
    type Shape;
}
impl<N, S, Dd> TensorShapeOf for CountingTensor<N, Layout<S, Dd>> {
    type Shape = S;
}
/// `shape(tensor)`.
pub type DynTensorShape<T> = <T as TensorShapeOf>::Shape;
/// `make_layout(shape(tensor))` of a thread's tensor; see [`MakeFragmentOfShape`].
pub trait MakeFragmentOfShapeOp {
    type Output;
}
impl<N, S, Dd> MakeFragmentOfShapeOp for CountingTensor<N, Layout<S, Dd>>
where
    S: tycute_layout::algebra::make_layout::MakeLayoutLeftOp,
{
    type Output = tycute_layout::MakeLayoutLeft<S>;
}
/// `make_layout(shape(tensor))` (`make_fragment_C(tCgC)`, a compact fragment of the tensor's shape).
pub type MakeFragmentOfShape<T> = <T as MakeFragmentOfShapeOp>::Output;

/// A tuple without its last element.
pub trait DropLastOp {
    type Output;
}
impl<H> DropLastOp for Tup<H, Nil> {
    type Output = Nil;
}
impl<H, H2, T> DropLastOp for Tup<H, Tup<H2, T>>
where
    Tup<H2, T>: DropLastOp,
{
    type Output = Tup<H, <Tup<H2, T> as DropLastOp>::Output>;
}
/// `tensor(_,...,_,0)`: a thread's tensor with its last mode sliced at 0 (same offset; CuTe's
/// `tXsA(_,_,_,0)`, one pipeline stage); see [`SliceLastAt0`].
pub trait SliceLastAt0Op {
    type Output;
}
impl<N, S, Dd> SliceLastAt0Op for CountingTensor<N, Layout<S, Dd>>
where
    S: DropLastOp,
    Dd: DropLastOp,
{
    type Output = CountingTensor<N, Layout<<S as DropLastOp>::Output, <Dd as DropLastOp>::Output>>;
}
/// `tensor(_,...,_,0)`.
pub type SliceLastAt0<T> = <T as SliceLastAt0Op>::Output;
