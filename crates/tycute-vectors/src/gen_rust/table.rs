//! The op table of `tycute vectors rust`: for every vector op, its arguments' kinds and the type
//! template (or run-time form) it becomes.


/// What an argument (or a template argument of the op name) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// A static CuTe value as `cute::print` writes it (`(_4,_2):(_2,_1)`, `_8`, `(_,_2)`,
    /// `Sw<3,3,3> o _0 o ...`); emitted as `tycute::cute!(TEXT)`. Dynamic integers are refused.
    Val,
    /// A plain integer template parameter (`upcast<2>`: `2`, `layout<1>`: `1`); emitted as the
    /// static value `tycute::cute!(N)`.
    Int,
    /// A run-time count (`swizzle_table Sw 512`): emitted as the integer literal.
    Count,
    /// A C++ type name (`Layout_K_SW32_Atom<half_t>`, `uint8_t`): emitted with every identifier
    /// qualified, `tycute::Layout_K_SW32_Atom<tycute::half_t>`.
    Type,
    /// A free label (`Sw333_sgemm_atom`): must be an identifier; not emitted.
    Label,
    /// A static swizzled layout (`Sw<3,3,3> o _0 o ...`): a [`Arg::Val`] for rows that need a
    /// different type for swizzled tensors; emitted as `tycute::cute!(TEXT)`.
    SwVal,
    /// A thread index `thr=N`: emitted as the static integer `tycute::cute!(_N)`.
    Thr,
    /// An MMA atom: the operation's CuTe name (`SM80_16x8x16_F16F16F16F16_TN`,
    /// `SM90_64x64x16_F16F16F16_SS<K,K>`, `UniversalFMA<float>`) or `MMA_Atom<OP>`; emitted as
    /// `tycute::atom::MMA_Atom<OP>` (names.rs's rule).
    MmaAtom,
    /// A copy atom `Copy_Atom<Op,T>`; emitted by names.rs's rule.
    CopyAtom,
    /// A copy operation or an element type (`SM75_U32x1_LDSM_N`, `uint128_t`); names.rs's rule.
    AtomName,
    /// A TiledMMA written as one field `ATOM,THR[,PERM]` (rejects.txt: `SM80_16x8x8_F16F16F16F16_TN,(_1,_1,_1)`),
    /// THR a shape or a layout: `tycute::tiled::MakeTiledMma<MMA_Atom<ATOM>, THR, PERM>` (a shape
    /// `S` is the layout `make_layout(S)`).
    TiledMma,
    /// A TiledCopy written as `make_tiled_copy(ATOM,THR,VAL)` (rejects.txt):
    /// `tycute::tiled::copy::MakeTiledCopy<ATOM, THR, VAL>`.
    TiledCopy,
}

/// How the case's result is produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// A type whose value is printed as CuTe text (`Reify::REPR`); a `table:` line prints its
    /// index table instead.
    Type(&'static str),
    /// An expression (in a `fn() -> String`) returning the exact result text; `Display` values
    /// are converted with `to_string`.
    Text(&'static str),
    /// An expression returning something iterable over integers, printed space-separated.
    List(&'static str),
    /// An expression returning the result text of a main line or its `table:` line alike (the
    /// row lookups of the seed and crosswise configurations, `tycute::configs::row`).
    Row(&'static str),
    /// A type that may hold run-time parts (a thread's part of a swizzled tensor: `Dyn` strides,
    /// `MixedBits` offsets): printed with `tycute::tiled::copy::text`, a `table:` line with
    /// `tycute::tiled::copy::table_of`.
    Dyn(&'static str),
}

/// One row of the op table. `{tN}` in the template is the N-th template argument of the op name
/// (`recast_layout<uint8_t,half_t>`), `{N}` the N-th argument. Rows are tried in order; the
/// first whose op name, template-argument kinds and argument kinds all match is used.
pub(crate) struct Op {
    pub(crate) name: &'static str,
    pub(crate) targs: &'static [Arg],
    pub(crate) args: &'static [Arg],
    pub(crate) form: Form,
}

use Arg::{AtomName, CopyAtom, Count, Int, Label, MmaAtom, SwVal, Thr, TiledCopy, TiledMma, Type, Val};
use Form::{Dyn, List, Text, Type as Ty};

pub(crate) const fn op(name: &'static str, args: &'static [Arg], form: Form) -> Op {
    Op { name, targs: &[], args, form }
}
pub(crate) const fn op_t(name: &'static str, targs: &'static [Arg], args: &'static [Arg], form: Form) -> Op {
    Op { name, targs, args, form }
}

// Type templates shared by rows (`concat!` pieces).

/// `Copy_Atom<..>` member `X` (`tycute::atom::CopyAtom`).
macro_rules! copy_member {
    ($x:literal) => {
        concat!("<{0} as tycute::atom::CopyAtom>::", $x)
    };
}
/// `MMA_Atom<..>` member `X` (`tycute::atom::MmaTraits`).
macro_rules! mma_member {
    ($x:literal) => {
        concat!("<{0} as tycute::atom::MmaTraits>::", $x)
    };
}
/// tiled_mma.txt's TiledMMA: `atom thr_layout perm`, printed rank 3 (as `TiledMMA` holds them).
macro_rules! tm {
    () => {
        "tycute::tiled::TiledMMA<{0}, {1}, {2}>"
    };
}
/// tiled_copy.txt's TiledMMA, arguments `{a} {b} {c}`: `make_tiled_mma(atom, thr_layout, perm)`
/// (pads the atom layout and the permutation to rank 3).
macro_rules! make_tm {
    ($a:literal, $b:literal, $c:literal) => {
        concat!("tycute::tiled::MakeTiledMma<{", $a, "}, {", $b, "}, {", $c, "}>")
    };
}
/// `make_tiled_copy(atom, thr, val)`.
macro_rules! tc_plain {
    () => {
        "tycute::tiled::copy::MakeTiledCopy<{0}, {1}, {2}>"
    };
}
/// `make_tiled_copy_X(copy_atom, make_tiled_mma(atom, thr, perm))`, X = A, B, C, C_Atom.
macro_rules! tc_mma {
    ($x:literal) => {
        concat!("tycute::tiled::copy::MakeTiledCopy", $x, "<{0}, ", make_tm!("1", "2", "3"), ">")
    };
}
/// `make_tiled_copy_S/D(r2s_atom, make_tiled_copy_C_atom(c_atom, make_tiled_mma(..)))`.
macro_rules! tc_sd {
    ($x:literal) => {
        concat!(
            "tycute::tiled::copy::MakeTiledCopy", $x,
            "<{0}, tycute::tiled::copy::MakeTiledCopyC_Atom<{1}, ", make_tm!("2", "3", "4"), ">>"
        )
    };
}
/// A member of a TiledCopy type template.
macro_rules! tc_member {
    ($m:literal, $tc:expr) => {
        concat!("tycute::tiled::copy::", $m, "<", $tc, ">")
    };
}

/// The op → type-level API mapping.
#[rustfmt::skip]
pub(crate) const OPS: &[Op] = &[
    // -- algebra.txt --------------------------------------------------------------------------
    op("identity",           &[Val],           Ty("{0}")),
    op("size",               &[Val],           Ty("tycute::Size<{0}>")),
    op("cosize",             &[Val],           Ty("tycute::Cosize<{0}>")),
    op("rank",               &[Val],           Ty("tycute::Rank<{0}>")),
    op("depth",              &[Val],           Ty("tycute::Depth<{0}>")),
    op("coalesce",           &[Val],           Ty("tycute::Coalesce<{0}>")),
    op("coalesce_profile",   &[Val, Val],      Ty("tycute::CoalesceProfile<{0}, {1}>")),
    op("filter",             &[Val],           Ty("tycute::Filter<{0}>")),
    op("filter_zeros",       &[Val],           Ty("tycute::FilterZeros<{0}>")),
    op("composition",        &[Val, Val],      Ty("tycute::Composition<{0}, {1}>")),
    op("composition_tiler",  &[Val, Val],      Ty("tycute::Composition<{0}, {1}>")),
    op("complement",         &[Val],           Ty("tycute::Complement<{0}>")),
    op("complement",         &[Val, Val],      Ty("tycute::ComplementWith<{0}, {1}>")),
    op("right_inverse",      &[Val],           Ty("tycute::RightInverse<{0}>")),
    op("left_inverse",       &[Val],           Ty("tycute::LeftInverse<{0}>")),
    op("logical_divide",     &[Val, Val],      Ty("tycute::LogicalDivide<{0}, {1}>")),
    op("zipped_divide",      &[Val, Val],      Ty("tycute::ZippedDivide<{0}, {1}>")),
    op("tiled_divide",       &[Val, Val],      Ty("tycute::TiledDivide<{0}, {1}>")),
    op("flat_divide",        &[Val, Val],      Ty("tycute::FlatDivide<{0}, {1}>")),
    op("logical_product",    &[Val, Val],      Ty("tycute::LogicalProduct<{0}, {1}>")),
    op("zipped_product",     &[Val, Val],      Ty("tycute::ZippedProduct<{0}, {1}>")),
    op("tiled_product",      &[Val, Val],      Ty("tycute::TiledProduct<{0}, {1}>")),
    op("flat_product",       &[Val, Val],      Ty("tycute::FlatProduct<{0}, {1}>")),
    op("blocked_product",    &[Val, Val],      Ty("tycute::BlockedProduct<{0}, {1}>")),
    op("raked_product",      &[Val, Val],      Ty("tycute::RakedProduct<{0}, {1}>")),
    op("upcast",             &[Int, Val],      Ty("tycute::Upcast<{0}, {1}>")),
    op("downcast",           &[Int, Val],      Ty("tycute::Downcast<{0}, {1}>")),
    op("max_common_vector",  &[Val, Val],      Ty("tycute::MaxCommonVector<{0}, {1}>")),
    op("max_common_layout",  &[Val, Val],      Ty("tycute::MaxCommonLayout<{0}, {1}>")),
    op("with_shape",         &[Val, Val],      Ty("tycute::WithShape<{0}, {1}>")),
    op("make_layout_like",   &[Val],           Ty("tycute::MakeLayoutLike<{0}>")),
    op_t("layout", &[Int],   &[Val],           Ty("tycute::LayoutAt<{0}, {t0}>")),
    op_t("take", &[Int, Int], &[Val],          Ty("tycute::Take<{0}, {t0}, {t1}>")),
    op("as_position_independent_swizzle_layout", &[Val], Ty("tycute::AsPositionIndependent<{0}>")),
    op("zip",                &[Val],           Ty("tycute::Zip<{0}>")),
    op("zip2",               &[Val, Val],      Ty("tycute::Zip2<{0}, {1}>")),
    op("make_ordered_layout",&[Val, Val],      Ty("tycute::MakeOrderedLayout<{0}, {1}>")),
    op("make_layout_left",   &[Val],           Ty("tycute::MakeLayoutLeft<{0}>")),
    op("make_layout_right",  &[Val],           Ty("tycute::MakeLayoutRight<{0}>")),
    op("idx2crd",            &[Val, Val],      Ty("tycute::Idx2Crd<{0}, {1}>")),
    op("crd2idx",            &[Val, Val, Val], Ty("tycute::Crd2Idx<{0}, {1}, {2}>")),
    // -- swizzle.txt ---------------------------------------------------------------------------
    // `tile_to_shape NAME ATOM SHAPE [ORDER]` (swizzle.txt) or `ATOM SHAPE` (rejects.txt).
    op("tile_to_shape",      &[Val, Val],             Ty("tycute::TileToShape<{0}, {1}>")),
    op("tile_to_shape",      &[Label, Val, Val],      Ty("tycute::TileToShape<{1}, {2}>")),
    op("tile_to_shape",      &[Val, Val, Val],        Ty("tycute::TileToShapeOrdered<{0}, {1}, {2}>")),
    op("tile_to_shape",      &[Label, Val, Val, Val], Ty("tycute::TileToShapeOrdered<{1}, {2}, {3}>")),
    op("swizzle_table",      &[Val, Count],    List("tycute::swizzle::swizzle_table::<{0}>({1})")),
    op("swizzle_apply",      &[Val, Val],      Ty("tycute::SwizzleApply<{0}, {1}>")),
    op("swizzle_masks",      &[Val],           Text("tycute::swizzle::swizzle_masks::<{0}>()")),
    op_t("recast_layout", &[Type, Type], &[Val], Ty("tycute::RecastLayout<{t0}, {t1}, {0}>")),
    op("gmma_atom",          &[Type],          Ty("{0}")),
    op("gmma_atom.position_independent", &[Type], Ty("tycute::AsPositionIndependent<{0}>")),
    op("gmma_atom.tile_to_shape", &[Type, Val],      Ty("tycute::TileToShape<{0}, {1}>")),
    op("gmma_atom.tile_to_shape", &[Type, Val, Val], Ty("tycute::TileToShapeOrdered<{0}, {1}, {2}>")),
    op("gmma_atom.tile_to_shape.position_independent", &[Type, Val],
        Ty("tycute::AsPositionIndependent<tycute::TileToShape<{0}, {1}>>")),
    op("gmma_atom.tile_to_shape.position_independent", &[Type, Val, Val],
        Ty("tycute::AsPositionIndependent<tycute::TileToShapeOrdered<{0}, {1}, {2}>>")),
    // -- atoms.txt: `mma.X ATOM`, `copy.X Copy_Atom<Op,T>` ---------------------------------------
    op("mma.Shape_MNK",      &[MmaAtom],       Ty(mma_member!("Shape_MNK"))),
    op("mma.ThrID",          &[MmaAtom],       Ty(mma_member!("ThrID"))),
    op("mma.LayoutA_TV",     &[MmaAtom],       Ty(mma_member!("LayoutA_TV"))),
    op("mma.LayoutB_TV",     &[MmaAtom],       Ty(mma_member!("LayoutB_TV"))),
    op("mma.LayoutC_TV",     &[MmaAtom],       Ty(mma_member!("LayoutC_TV"))),
    op("mma.ValTypes",       &[MmaAtom],       Text("tycute::atom::val_types::<{0}>()")),
    op("copy.ThrID",         &[CopyAtom],      Ty(copy_member!("ThrID"))),
    op("copy.SrcLayout_bits",&[CopyAtom],      Ty(copy_member!("BitLayoutSrc"))),
    op("copy.DstLayout_bits",&[CopyAtom],      Ty(copy_member!("BitLayoutDst"))),
    op("copy.RefLayout_bits",&[CopyAtom],      Ty(copy_member!("BitLayoutRef"))),
    op("copy.ValLayoutSrc",  &[CopyAtom],      Ty(copy_member!("ValLayoutSrc"))),
    op("copy.ValLayoutDst",  &[CopyAtom],      Ty(copy_member!("ValLayoutDst"))),
    op("copy.ValLayoutRef",  &[CopyAtom],      Ty(copy_member!("ValLayoutRef"))),
    op("copy.NumValSrc",     &[CopyAtom],      Ty(copy_member!("NumValSrc"))),
    op("copy.NumValDst",     &[CopyAtom],      Ty(copy_member!("NumValDst"))),
    op("copy.right_inverse(ValLayoutRef)", &[CopyAtom], Ty(concat!("tycute::RightInverse<", copy_member!("ValLayoutRef"), ">"))),
    op("copy.src2ref",       &[CopyAtom],      Ty("tycute::atom::copy::Src2Ref<{0}>")),
    op("copy.dst2ref",       &[CopyAtom],      Ty("tycute::atom::copy::Dst2Ref<{0}>")),
    // rejects.txt: `Copy_Atom OP T` (the atom's members exist only when CuTe's checks hold)
    op("Copy_Atom",          &[AtomName, AtomName], Ty("<tycute::atom::Copy_Atom<{0}, {1}> as tycute::atom::CopyAtom>::ValLayoutRef")),
    // -- tiled_mma.txt: `atom thr_layout perm [..]` ----------------------------------------------
    op("thr_layout_vmnk",    &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::ThrLayoutVMNK<", tm!(), ">"))),
    op_t("tile_size", &[Int], &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::TileSize<", tm!(), ", {t0}>"))),
    op_t("permutation_mnk", &[Int], &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::PermutationMNK<", tm!(), ", {t0}>"))),
    // size(mma): the TiledMMA's member (`tycute::Size<TM>` is the same value, but its error for
    // a rejected TiledMMA names only `SizeOp`, not the rule)
    op("size",               &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::ThrSize<", tm!(), ">"))),
    op("get_layoutA_TV",     &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::GetLayoutA_TV<", tm!(), ">"))),
    op("get_layoutB_TV",     &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::GetLayoutB_TV<", tm!(), ">"))),
    op("get_layoutC_TV",     &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::GetLayoutC_TV<", tm!(), ">"))),
    op("thrfrg_A",           &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::ThrfrgA<", tm!(), ", {3}>"))),
    op("thrfrg_B",           &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::ThrfrgB<", tm!(), ", {3}>"))),
    op("thrfrg_C",           &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::ThrfrgC<", tm!(), ", {3}>"))),
    op("partition_A",        &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionA<", tm!(), ", {3}, {4}>"))),
    op("partition_B",        &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionB<", tm!(), ", {3}, {4}>"))),
    op("partition_C",        &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionC<", tm!(), ", {3}, {4}>"))),
    op("partition_shape_A",  &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::PartitionShapeA<", tm!(), ", {3}>"))),
    op("partition_shape_B",  &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::PartitionShapeB<", tm!(), ", {3}>"))),
    op("partition_shape_C",  &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::PartitionShapeC<", tm!(), ", {3}>"))),
    op("partition_fragment_C.shape", &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::PartitionShapeC<", tm!(), ", {3}>"))),
    op("partition_fragment_A.layout", &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionFragmentA<", tm!(), ", {3}, {4}>"))),
    op("partition_fragment_B.layout", &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionFragmentB<", tm!(), ", {3}, {4}>"))),
    op("partition_fragment_C.layout", &[MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionFragmentC<", tm!(), ", {3}, {4}>"))),
    // rejects.txt: `TiledMMA MMA_Atom<..> L P` (the struct as given) and `make_tiled_mma atom L P`;
    // a TiledMMA's members exist only when its checks hold: evaluate its thread layout
    op("TiledMMA",           &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::ThrLayoutVMNK<", tm!(), ">"))),
    op("make_tiled_mma",     &[MmaAtom, Val, Val], Ty(concat!("tycute::tiled::ThrLayoutVMNK<", make_tm!("0", "1", "2"), ">"))),
    // rejects.txt: `make_fragment_C ATOM,THR,PERM tensor`
    op("make_fragment_C",    &[TiledMma, Val], Ty("tycute::tiled::MakeFragmentC<{0}, {1}>")),
    // -- tiled_copy.txt ------------------------------------------------------------------------
    // make_tiled_copy.X: `copy_atom thr val [ref [thr=t]]`
    op("make_tiled_copy.TiledLayout_TV", &[CopyAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_plain!()))),
    op("make_tiled_copy.Tiler_MN",       &[CopyAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_plain!()))),
    op("make_tiled_copy.layoutS_TV",     &[CopyAtom, Val, Val], Ty(tc_member!("GetLayoutS_TV", tc_plain!()))),
    op("make_tiled_copy.layoutD_TV",     &[CopyAtom, Val, Val], Ty(tc_member!("GetLayoutD_TV", tc_plain!()))),
    op("make_tiled_copy.tidfrg_S",       &[CopyAtom, Val, Val, Val], Ty(concat!("tycute::tiled::copy::TidfrgS<", tc_plain!(), ", {3}>"))),
    op("make_tiled_copy.tidfrg_D",       &[CopyAtom, Val, Val, Val], Ty(concat!("tycute::tiled::copy::TidfrgD<", tc_plain!(), ", {3}>"))),
    op("make_tiled_copy.partition_S",    &[CopyAtom, Val, Val, SwVal, Thr], Dyn(concat!("tycute::tiled::copy::PartitionS<", tc_plain!(), ", {3}, {4}>"))),
    op("make_tiled_copy.partition_S",    &[CopyAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::PartitionS<", tc_plain!(), ", {3}, {4}>"))),
    op("make_tiled_copy.partition_D",    &[CopyAtom, Val, Val, SwVal, Thr], Dyn(concat!("tycute::tiled::copy::PartitionD<", tc_plain!(), ", {3}, {4}>"))),
    op("make_tiled_copy.partition_D",    &[CopyAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::PartitionD<", tc_plain!(), ", {3}, {4}>"))),
    // make_tiled_copy_A/B/C/C_atom.X: `copy_atom mma_atom mma_thr mma_perm [..]`
    op("make_tiled_copy_A.TiledLayout_TV", &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("A")))),
    op("make_tiled_copy_A.Tiler_MN",       &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_mma!("A")))),
    op("make_tiled_copy_A.layoutS_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutS_TV", tc_mma!("A")))),
    op("make_tiled_copy_A.layoutD_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutD_TV", tc_mma!("A")))),
    op("make_tiled_copy_A.partition_S",    &[CopyAtom, MmaAtom, Val, Val, SwVal, Thr], Dyn(concat!("tycute::tiled::copy::PartitionS<", tc_mma!("A"), ", {4}, {5}>"))),
    op("make_tiled_copy_A.partition_S",    &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::PartitionS<", tc_mma!("A"), ", {4}, {5}>"))),
    // retile is static: the thread index does not enter
    op("make_tiled_copy_A.retile_D",       &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::RetileD<", tc_mma!("A"), ", {4}>"))),
    op("make_tiled_copy_B.TiledLayout_TV", &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("B")))),
    op("make_tiled_copy_B.Tiler_MN",       &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_mma!("B")))),
    op("make_tiled_copy_B.layoutS_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutS_TV", tc_mma!("B")))),
    op("make_tiled_copy_B.layoutD_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutD_TV", tc_mma!("B")))),
    op("make_tiled_copy_B.partition_S",    &[CopyAtom, MmaAtom, Val, Val, SwVal, Thr], Dyn(concat!("tycute::tiled::copy::PartitionS<", tc_mma!("B"), ", {4}, {5}>"))),
    op("make_tiled_copy_B.partition_S",    &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::PartitionS<", tc_mma!("B"), ", {4}, {5}>"))),
    op("make_tiled_copy_B.retile_D",       &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::RetileD<", tc_mma!("B"), ", {4}>"))),
    op("make_tiled_copy_C.TiledLayout_TV", &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("C")))),
    op("make_tiled_copy_C.Tiler_MN",       &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_mma!("C")))),
    op("make_tiled_copy_C.layoutS_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutS_TV", tc_mma!("C")))),
    op("make_tiled_copy_C.layoutD_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutD_TV", tc_mma!("C")))),
    op("make_tiled_copy_C.retile_S",       &[CopyAtom, MmaAtom, Val, Val, Val], Ty(concat!("tycute::tiled::copy::RetileS<", tc_mma!("C"), ", {4}>"))),
    op("make_tiled_copy_C_atom.TiledLayout_TV", &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("C_Atom")))),
    op("make_tiled_copy_C_atom.Tiler_MN",       &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_mma!("C_Atom")))),
    op("make_tiled_copy_C_atom.layoutS_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutS_TV", tc_mma!("C_Atom")))),
    op("make_tiled_copy_C_atom.layoutD_TV",     &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("GetLayoutD_TV", tc_mma!("C_Atom")))),
    // make_tiled_copy_S/D.X: `r2s_atom c_atom mma_atom mma_thr mma_perm [..]`
    op("make_tiled_copy_S.TiledLayout_TV", &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_sd!("S")))),
    op("make_tiled_copy_S.Tiler_MN",       &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_sd!("S")))),
    op("make_tiled_copy_S.retile_S",       &[CopyAtom, CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::RetileS<", tc_sd!("S"), ", {5}>"))),
    op("make_tiled_copy_S.partition_D",    &[CopyAtom, CopyAtom, MmaAtom, Val, Val, SwVal, Thr], Dyn(concat!("tycute::tiled::copy::PartitionD<", tc_sd!("S"), ", {5}, {6}>"))),
    op("make_tiled_copy_S.partition_D",    &[CopyAtom, CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::copy::PartitionD<", tc_sd!("S"), ", {5}, {6}>"))),
    op("make_tiled_copy_D.TiledLayout_TV", &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_sd!("D")))),
    op("make_tiled_copy_D.Tiler_MN",       &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("Tiler_MN", tc_sd!("D")))),
    // the MMA fragments that are retiled: `copy_atom mma_atom mma_thr mma_perm ref thr=t`
    // (the copy atom is not used), and the accumulator `mma_atom mma_thr mma_perm shape`
    op("partition_fragment_A.layout", &[CopyAtom, MmaAtom, Val, Val, SwVal, Thr], Ty(concat!("tycute::tiled::copy::SwizzledPartitionFragmentA<", make_tm!("1", "2", "3"), ", {4}, {5}>"))),
    op("partition_fragment_A.layout", &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionFragmentA<", make_tm!("1", "2", "3"), ", {4}, {5}>"))),
    op("partition_fragment_B.layout", &[CopyAtom, MmaAtom, Val, Val, SwVal, Thr], Ty(concat!("tycute::tiled::copy::SwizzledPartitionFragmentB<", make_tm!("1", "2", "3"), ", {4}, {5}>"))),
    op("partition_fragment_B.layout", &[CopyAtom, MmaAtom, Val, Val, Val, Thr], Ty(concat!("tycute::tiled::PartitionFragmentB<", make_tm!("1", "2", "3"), ", {4}, {5}>"))),
    op("partition_fragment_C.layout", &[MmaAtom, Val, Val, Val], Ty(concat!("tycute::MakeLayoutLeft<tycute::tiled::PartitionShapeC<", make_tm!("0", "1", "2"), ", {3}>>"))),
    // rejects.txt: a TiledCopy alone (its members exist only when CuTe's checks hold: evaluate
    // its TV layout), with the TiledMMA as one field `ATOM,THR[,PERM]`; `tidfrg_S/D` of a
    // `make_tiled_copy(ATOM,THR,VAL)`
    op("make_tiled_copy",        &[CopyAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_plain!()))),
    op("make_tiled_copy_A",      &[CopyAtom, TiledMma], Ty("tycute::tiled::copy::TiledLayout_TV<tycute::tiled::copy::MakeTiledCopyA<{0}, {1}>>")),
    op("make_tiled_copy_B",      &[CopyAtom, TiledMma], Ty("tycute::tiled::copy::TiledLayout_TV<tycute::tiled::copy::MakeTiledCopyB<{0}, {1}>>")),
    op("make_tiled_copy_C",      &[CopyAtom, TiledMma], Ty("tycute::tiled::copy::TiledLayout_TV<tycute::tiled::copy::MakeTiledCopyC<{0}, {1}>>")),
    op("make_tiled_copy_C_atom", &[CopyAtom, TiledMma], Ty("tycute::tiled::copy::TiledLayout_TV<tycute::tiled::copy::MakeTiledCopyC_Atom<{0}, {1}>>")),
    op("make_tiled_copy_A",      &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("A")))),
    op("make_tiled_copy_B",      &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("B")))),
    op("make_tiled_copy_C",      &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("C")))),
    op("make_tiled_copy_C_atom", &[CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_mma!("C_Atom")))),
    op("make_tiled_copy_S",      &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_sd!("S")))),
    op("make_tiled_copy_D",      &[CopyAtom, CopyAtom, MmaAtom, Val, Val], Ty(tc_member!("TiledLayout_TV", tc_sd!("D")))),
    op("tidfrg_S",               &[TiledCopy, Val], Ty("tycute::tiled::copy::TidfrgS<{0}, {1}>")),
    op("tidfrg_D",               &[TiledCopy, Val], Ty("tycute::tiled::copy::TidfrgD<{0}, {1}>")),
];

