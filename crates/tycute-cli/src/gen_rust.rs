//! `tycute vectors rust [FILE]`: a Rust program that evaluates vector cases at the **type level**.
//!
//! Input: vector-format lines `category<TAB>op<TAB>args...` (anything from a `=>` field on is
//! ignored; blank lines and `#` comments are skipped). Output: the source of a `main.rs` that
//! depends only on the crate `tycute` and prints, for every case, `category<TAB>op<TAB>args...
//! <TAB>=><TAB>RESULT` exactly as `tycute eval` does.
//!
//! Every case becomes one type alias built from `tycute::cute!(..)` values and the algebra's type
//! aliases (`type T17 = tycute::Composition<tycute::cute!(A), tycute::cute!(B)>;`). Every
//! distinct type gets one item `const R17: &Repr = &<T17 as tycute::Reify>::REPR;` (one body per
//! value, so rustc reports every rejected case, not just the first with the same failing bound),
//! a static array `V` collects them, and one non-generic loop formats them
//! (`repr::format_repr`) or tabulates them (`repr::FlatFn`). Nothing is generic per
//! case, so the program costs the trait solver's work plus one constant per type, and a `table:`
//! line shares its main line's type. A case the type level rejects makes the program fail to
//! compile, with the error on that case's `type` line or its `const R..` line.
//!
//! The op → type mapping is the table `OPS`: the algebra and swizzles (`tycute::*`), the atoms
//! (`tycute::atom`: `<MMA_Atom<OP> as MmaTraits>::LayoutA_TV`, `copy::Src2Ref<Copy_Atom<..>>`),
//! TiledMMA (`tycute::tiled`: `ThrfrgA<TiledMMA<..>, Ref>`, `PartitionA<TM, Ref, _t>`, ...) and
//! TiledCopy (`tycute::tiled::copy`: `PartitionS<MakeTiledCopy<..>, Ref, _t>`, ...). CuTe type
//! names (atoms, operations, element types) become Rust types by the rule of
//! `crates/tycute-atom/src/names.rs` (included here). A thread's part of a swizzled tensor can
//! hold run-time strides and MixedBits offsets, which have no `Reify` constant: such values are
//! printed by `tycute::tiled::copy::text` / tabulated by `table_of` (one small function each).
//! An op or argument form outside the table makes the generator fail with "op X ... is not
//! supported at the type level". The generator never fakes a rejection: it emits no
//! `compile_error!`; an op that CuTe rejects (a line of `rejects.txt`) becomes the same
//! type-level evaluation as an accepted one, which then fails to compile with the rule's message.
//!
//! This file depends only on `std` and on `names.rs` (the root package's
//! `tests/static_vectors.rs` includes it with `#[path]`), so keep it self-contained.

use std::fmt::Write as _;
use std::path::Path;

/// CuTe type names → Rust types (the rule and table of `tycute-atom`; depends only on `core`).
#[path = "../../tycute-atom/src/names.rs"]
#[allow(dead_code)]
mod names;

/// The seed and crosswise lines (ops that name an object of a seed's configuration).
#[path = "gen_rust_seeds.rs"]
mod special;

/// `tycute vectors rust [FILE]`: reads FILE (stdin without one), prints the program.
pub fn run(file: Option<&Path>) -> Result<(), String> {
    let input = match file {
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?,
        None => {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| format!("stdin: {e}"))?;
            s
        }
    };
    let program = generate(&input)?;
    let mut out = std::io::stdout().lock();
    match std::io::Write::write_all(&mut out, program.as_bytes()).and_then(|_| std::io::Write::flush(&mut out)) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// The op table

/// What an argument (or a template argument of the op name) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
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
enum Form {
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
struct Op {
    name: &'static str,
    targs: &'static [Arg],
    args: &'static [Arg],
    form: Form,
}

use Arg::{AtomName, CopyAtom, Count, Int, Label, MmaAtom, SwVal, Thr, TiledCopy, TiledMma, Type, Val};
use Form::{Dyn, List, Text, Type as Ty};

const fn op(name: &'static str, args: &'static [Arg], form: Form) -> Op {
    Op { name, targs: &[], args, form }
}
const fn op_t(name: &'static str, targs: &'static [Arg], args: &'static [Arg], form: Form) -> Op {
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
const OPS: &[Op] = &[
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

// ---------------------------------------------------------------------------------------------
// Generation

/// How `main` produces a case's result.
#[derive(Clone, Copy)]
enum Kind {
    /// CuTe text of `V[i]`.
    Show(usize),
    /// Index table of `V[i]`.
    Table(usize),
    /// `F[i]()`.
    Func(usize),
}

/// The program for every case of `input` (see the module docs), or the first line that cannot be
/// translated: `line N: ...`.
pub fn generate(input: &str) -> Result<String, String> {
    generate_with(input, Bodies::PerValue)
}

/// Where the reified values are evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bodies {
    /// One `const R{i}` item per value (the default): rustc reports every rejected value, each at
    /// its own line.
    PerValue,
    /// All values in the one initializer of `static V`: the trait solver's normalizations are
    /// shared between values (about 30% less compile time for TiledMMA programs), but rustc
    /// reports only the first error per distinct failing bound. For programs that are expected
    /// to compile (a failing one can be regenerated with [`Bodies::PerValue`] to find its cases).
    OneBody,
}

/// [`generate`], choosing where the values are evaluated.
pub fn generate_with(input: &str, bodies: Bodies) -> Result<String, String> {
    let mut p = Program::default();
    let mut cases: Vec<(String, Kind)> = Vec::new();

    for (n, raw) in input.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let fields = match fields.iter().position(|f| *f == "=>") {
            Some(a) => &fields[..a],
            None => &fields[..],
        };
        if fields.len() < 2 {
            return Err(format!("line {}: expected `category<TAB>op<TAB>args...`: {line:?}", n + 1));
        }
        let case_input = fields.join("\t");
        let (op_name, args) = (fields[1], &fields[2..]);
        let (is_table, base) = match op_name.strip_prefix("table:") {
            Some(b) => (true, b),
            None => (false, op_name),
        };
        let translated = match special::translate(fields[0], base, args, is_table) {
            Some(r) => r,
            None => translate(base, args),
        };
        let (expr, form) = translated.map_err(|e| format!("line {}: {e}", n + 1))?;
        let kind = match form {
            Form::Type(_) => {
                let v = p.reified(&expr);
                if is_table {
                    Kind::Table(v)
                } else {
                    Kind::Show(v)
                }
            }
            Form::Dyn(_) => {
                let t = p.ty(&expr, false);
                let body = if is_table {
                    format!("join(tycute::tiled::copy::table_of::<T{t}>())")
                } else {
                    format!("tycute::tiled::copy::text::<T{t}>()")
                };
                Kind::Func(p.func(body))
            }
            Form::Row(_) => Kind::Func(p.func(expr)),
            Form::Text(_) | Form::List(_) => {
                if is_table {
                    return Err(format!("line {}: `{op_name}`: op {base} has no index table", n + 1));
                }
                Kind::Func(p.func(match form {
                    Form::List(_) => format!("join({expr})"),
                    _ => format!("ToString::to_string(&{expr})"),
                }))
            }
        };
        cases.push((case_input, kind));
    }
    Ok(emit(&p, &cases, bodies))
}

/// The items of a program: type aliases `T{n}`, reified values `V[i]` (each a `T{n}`), and
/// functions `f{i}` (result text computed at run time from static types).
#[derive(Default)]
struct Program {
    /// Distinct Rust types (index = `T` number) and whether they are reified (`Reify::REPR`).
    types: Vec<(String, bool)>,
    type_index: std::collections::HashMap<(String, bool), usize>,
    /// `V[i]` = `R{i}` = `<T{values[i]} as Reify>::REPR`.
    values: Vec<usize>,
    value_index: std::collections::HashMap<usize, usize>,
    /// Function bodies.
    funcs: Vec<String>,
    func_index: std::collections::HashMap<String, usize>,
}

impl Program {
    fn ty(&mut self, expr: &str, reify: bool) -> usize {
        let next = self.types.len();
        let key = (expr.to_string(), reify);
        if let Some(&i) = self.type_index.get(&key) {
            return i;
        }
        self.types.push(key.clone());
        self.type_index.insert(key, next);
        next
    }
    fn reified(&mut self, expr: &str) -> usize {
        let t = self.ty(expr, true);
        let next = self.values.len();
        *self.value_index.entry(t).or_insert_with(|| {
            self.values.push(t);
            next
        })
    }
    fn func(&mut self, body: String) -> usize {
        let next = self.funcs.len();
        *self.func_index.entry(body.clone()).or_insert_with(|| {
            self.funcs.push(body);
            next
        })
    }
}

fn emit(p: &Program, cases: &[(String, Kind)], bodies: Bodies) -> String {
    let mut s = String::with_capacity(256 * cases.len() + 4096);
    let _ = write!(
        s,
        "//! Generated by `tycute vectors rust`: {} cases ({} distinct values) evaluated at the type\n\
         //! level. Every value is computed by the trait solver; `main` prints the reified constants.\n\
         //! A case that the type level rejects fails to compile at its `type` line / `const R..` line\n\
         //! (or the line of the function that prints it).\n\
         #![allow(non_camel_case_types, dead_code, clippy::all)]\n\n\
         use tycute::repr::{{format_repr, FlatFn, Repr}};\n\n",
        cases.len(),
        p.values.len() + p.funcs.len()
    );
    for (i, (t, _)) in p.types.iter().enumerate() {
        let _ = writeln!(s, "type T{i} = {t};");
    }
    // One item per value: rustc reports one error per distinct failing bound and body, so a
    // body per value makes every rejected case show up (and point at its own line).
    s.push('\n');
    if bodies == Bodies::PerValue {
        for (i, t) in p.values.iter().enumerate() {
            let _ = writeln!(s, "const R{i}: &Repr = &<T{t} as tycute::Reify>::REPR;");
        }
    }
    let _ = write!(s, "\n/// Every distinct static value, reified.\nstatic V: [&Repr; {}] = [", p.values.len());
    for (i, t) in p.values.iter().enumerate() {
        match bodies {
            Bodies::PerValue => {
                if i % 16 == 0 {
                    s.push_str("\n   ");
                }
                let _ = write!(s, " R{i},");
            }
            Bodies::OneBody => {
                let _ = write!(s, "\n    &<T{t} as tycute::Reify>::REPR,");
            }
        }
    }
    s.push_str("\n];\n\n");
    for (i, body) in p.funcs.iter().enumerate() {
        let _ = writeln!(s, "fn f{i}() -> String {{ {body} }}");
    }
    let _ = write!(s, "/// Results that are not a single static value (functions of a static value).\nstatic F: [fn() -> String; {}] = [", p.funcs.len());
    for i in 0..p.funcs.len() {
        let _ = write!(s, "f{i}, ");
    }
    s.push_str("];\n\n");
    let _ = write!(
        s,
        "/// (input, kind, index): kind 0 = CuTe text of V[index], 1 = index table of V[index], 2 = F[index]().\n\
         static CASES: [(&str, u8, u32); {}] = [\n",
        cases.len()
    );
    for (inp, kind) in cases {
        let (k, i) = match kind {
            Kind::Show(i) => (0, i),
            Kind::Table(i) => (1, i),
            Kind::Func(i) => (2, i),
        };
        let _ = writeln!(s, "    ({inp:?}, {k}, {i}),");
    }
    s.push_str(
        r#"];

fn join<I: IntoIterator>(items: I) -> String
where
    I::Item: std::fmt::Display,
{
    let mut s = String::new();
    for (k, x) in items.into_iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s += &x.to_string();
    }
    s
}

fn main() {
    let mut out = String::new();
    for &(input, kind, i) in CASES.iter() {
        let i = i as usize;
        let result = match kind {
            0 => format_repr(V[i]),
            1 => join(FlatFn::from_repr(V[i]).map(|f| f.table()).unwrap_or_default()),
            _ => F[i](),
        };
        out.push_str(input);
        out.push_str("\t=>\t");
        out.push_str(&result);
        out.push('\n');
    }
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            panic!("stdout: {e}");
        }
    }
}
"#,
    );
    s
}

// ---------------------------------------------------------------------------------------------
// Translation of one case

/// The Rust type (or expression) of `op args`, with its form.
fn translate(op_name: &str, args: &[&str]) -> Result<(String, Form), String> {
    let (base, targs) = split_template(op_name)?;
    let rows: Vec<&Op> = OPS.iter().filter(|o| o.name == base).collect();
    if rows.is_empty() {
        return Err(format!("op {op_name} is not supported at the type level (unknown op)"));
    }
    let mut first_err = None;
    for row in rows.iter().filter(|r| r.targs.len() == targs.len() && r.args.len() == args.len()) {
        let t: Result<Vec<String>, String> = row.targs.iter().zip(&targs).map(|(k, a)| emit_arg(*k, a)).collect();
        let a: Result<Vec<String>, String> = row.args.iter().zip(args).map(|(k, a)| emit_arg(*k, a)).collect();
        match (t, a) {
            (Ok(t), Ok(a)) => {
                let template = match row.form {
                    Form::Type(x) | Form::Text(x) | Form::List(x) | Form::Dyn(x) | Form::Row(x) => x,
                };
                return Ok((fill(template, &t, &a), row.form));
            }
            (Err(e), _) | (_, Err(e)) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(match first_err {
        Some(e) => format!("op {op_name}: {e}"),
        None => {
            let arities: Vec<String> = rows
                .iter()
                .map(|r| {
                    let a: Vec<String> = r.args.iter().map(|k| format!("{k:?}")).collect();
                    format!("{}({})", r.name, a.join(", "))
                })
                .collect();
            format!(
                "op {op_name} with {} argument(s) and {} template argument(s) is not supported at the type level (forms: {})",
                args.len(),
                targs.len(),
                arities.join("; ")
            )
        }
    })
}

/// `recast_layout<uint8_t,half_t>` → (`recast_layout`, [`uint8_t`, `half_t`]). Nested `<>` in
/// template arguments are kept together.
fn split_template(op: &str) -> Result<(&str, Vec<&str>), String> {
    let Some(lt) = op.find('<') else { return Ok((op, Vec::new())) };
    let inner = op[lt + 1..].strip_suffix('>').ok_or_else(|| format!("op {op}: unbalanced `<...>` in the op name"))?;
    Ok((&op[..lt], split_top(inner, ',')?))
}

/// Splits at `sep` outside of `<>`/`()`/`[]`.
fn split_top(s: &str, sep: char) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("unbalanced brackets in `{s}`"));
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced brackets in `{s}`"));
    }
    out.push(&s[start..]);
    Ok(out)
}

/// `{tN}` → `t[N]`, `{N}` → `a[N]`.
fn fill(template: &str, t: &[String], a: &[String]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('}').expect("op table: unclosed `{`");
        let key = &rest[open + 1..close];
        match key.strip_prefix('t') {
            Some(k) => out.push_str(&t[k.parse::<usize>().expect("op table: bad `{tN}`")]),
            None => out.push_str(&a[key.parse::<usize>().expect("op table: bad `{N}`")]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

fn emit_arg(kind: Arg, a: &str) -> Result<String, String> {
    match kind {
        Arg::Val => {
            check_value(a).map_err(|e| format!("argument `{a}`: {e}"))?;
            Ok(format!("tycute::cute!({a})"))
        }
        Arg::Int => {
            parse_int(a).ok_or_else(|| format!("`{a}` is not an integer template argument"))?;
            Ok(format!("tycute::cute!({a})"))
        }
        Arg::Count => match a.parse::<u64>() {
            Ok(n) => Ok(n.to_string()),
            Err(_) => Err(format!("`{a}` is not a count")),
        },
        Arg::Type => type_path(a),
        Arg::Label => {
            if is_ident(a) && !looks_like_value(a) {
                Ok(String::new())
            } else {
                Err(format!("`{a}` is not a label"))
            }
        }
        Arg::SwVal => {
            if !a.starts_with("Sw<") {
                return Err(format!("`{a}` is not a swizzled layout"));
            }
            emit_arg(Arg::Val, a)
        }
        Arg::Thr => match a.strip_prefix("thr=").filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            Some(n) => Ok(format!("tycute::cute!(_{n})")),
            None => Err(format!("`{a}` is not a thread index `thr=N`")),
        },
        Arg::MmaAtom => mma_atom(a),
        Arg::CopyAtom => {
            if !a.trim_start().starts_with("Copy_Atom<") {
                return Err(format!("`{a}` is not a copy atom `Copy_Atom<Op,T>`"));
            }
            names::rust_type(a)
        }
        Arg::AtomName => {
            let t = names::rust_type(a)?;
            if t.is_empty() {
                return Err(format!("`{a}` is not a type name"));
            }
            Ok(t)
        }
        Arg::TiledMma => {
            // `ATOM,THR[,PERM]`
            let parts = split_top(a, ',')?;
            if !(2..=3).contains(&parts.len()) {
                return Err(format!("`{a}` is not a TiledMMA `ATOM,THR[,PERM]`"));
            }
            let atom = mma_atom(parts[0])?;
            let thr = layout_or_shape(parts[1])?;
            match parts.get(2) {
                Some(p) => Ok(format!("tycute::tiled::MakeTiledMma<{atom}, {thr}, {}>", emit_arg(Arg::Val, p)?)),
                None => Ok(format!("tycute::tiled::MakeTiledMma<{atom}, {thr}>")),
            }
        }
        Arg::TiledCopy => {
            // `make_tiled_copy(ATOM,THR,VAL)`
            let inner = a
                .strip_prefix("make_tiled_copy(")
                .and_then(|r| r.strip_suffix(')'))
                .ok_or_else(|| format!("`{a}` is not `make_tiled_copy(ATOM,THR,VAL)`"))?;
            let parts = split_top(inner, ',')?;
            if parts.len() != 3 {
                return Err(format!("`{a}` is not `make_tiled_copy(ATOM,THR,VAL)`"));
            }
            Ok(format!(
                "tycute::tiled::copy::MakeTiledCopy<{}, {}, {}>",
                emit_arg(Arg::CopyAtom, parts[0])?,
                emit_arg(Arg::Val, parts[1])?,
                emit_arg(Arg::Val, parts[2])?
            ))
        }
    }
}

/// An MMA atom: `MMA_Atom<OP>`, or the operation `OP` that CuTe wraps in `MMA_Atom<OP>`.
fn mma_atom(a: &str) -> Result<String, String> {
    let a = a.trim();
    if a.starts_with("Copy_Atom<") || a.starts_with('(') || a.starts_with('_') {
        return Err(format!("`{a}` is not an MMA atom"));
    }
    let t = names::rust_type(a)?;
    if t.is_empty() {
        return Err(format!("`{a}` is not an MMA atom"));
    }
    if a.starts_with("MMA_Atom<") {
        Ok(t)
    } else {
        Ok(format!("tycute::atom::MMA_Atom<{t}>"))
    }
}

/// A layout, or a shape `S` as the layout `make_layout(S)`.
fn layout_or_shape(a: &str) -> Result<String, String> {
    let v = emit_arg(Arg::Val, a)?;
    let is_layout = split_top(a, ':').map(|p| p.len() == 2).unwrap_or(false);
    Ok(if is_layout { v } else { format!("tycute::MakeLayoutLeft<{v}>") })
}

fn parse_int(s: &str) -> Option<i64> {
    let d = s.strip_prefix('-').unwrap_or(s);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f.is_ascii_alphabetic() || f == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `_`, `_8`, `_12` are CuTe values, not labels.
fn looks_like_value(s: &str) -> bool {
    s == "_" || s.strip_prefix('_').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// `Layout_K_SW32_Atom<half_t>` → `tycute::Layout_K_SW32_Atom<tycute::half_t>`.
fn type_path(s: &str) -> Result<String, String> {
    let s = s.trim();
    let (head, inner) = match s.find('<') {
        Some(lt) => {
            let inner = s[lt + 1..].strip_suffix('>').ok_or_else(|| format!("`{s}` is not a type name"))?;
            (&s[..lt], Some(inner))
        }
        None => (s, None),
    };
    if !is_ident(head) || looks_like_value(head) {
        return Err(format!("`{s}` is not a type name"));
    }
    match inner {
        None => Ok(format!("tycute::{head}")),
        Some(inner) => {
            let parts: Result<Vec<String>, String> = split_top(inner, ',')?.into_iter().map(type_path).collect();
            Ok(format!("tycute::{head}<{}>", parts?.join(", ")))
        }
    }
}

/// Checks that `s` is a static CuTe value in `cute::print` syntax (what `cute!` accepts, minus
/// dynamic integers, which have no type-level form).
fn check_value(s: &str) -> Result<(), String> {
    let mut p = ValueParser { s: s.as_bytes(), pos: 0 };
    p.value()?;
    if p.pos != p.s.len() {
        return Err(format!("unexpected `{}` at offset {}", &s[p.pos..], p.pos));
    }
    Ok(())
}

struct ValueParser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl ValueParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.pos..].starts_with(lit.as_bytes()) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, lit: &str) -> Result<(), String> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(format!("expected `{lit}` at offset {}", self.pos))
        }
    }
    fn digits(&mut self) -> Result<(), String> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(format!("expected digits at offset {start}"));
        }
        Ok(())
    }
    fn signed(&mut self) -> Result<(), String> {
        self.eat("-");
        self.digits()
    }
    /// value := item [` o ` item ` o ` item]
    fn value(&mut self) -> Result<(), String> {
        self.item()?;
        if self.eat(" o ") {
            self.item()?;
            self.expect(" o ")?;
            self.item()?;
        }
        Ok(())
    }
    /// item := `Sw<b,m,s>` | `smem_ptr[Nb](unset)` | term [`:` term]
    fn item(&mut self) -> Result<(), String> {
        if self.eat("Sw<") {
            self.signed()?;
            self.expect(",")?;
            self.signed()?;
            self.expect(",")?;
            self.signed()?;
            return self.expect(">");
        }
        if self.eat("smem_ptr[") {
            self.digits()?;
            return self.expect("b](unset)");
        }
        self.term()?;
        if self.eat(":") {
            self.term()?;
        }
        Ok(())
    }
    /// term := `_` | `_N` | `_-N` | `_N@i@j..` (a scaled basis stride, `E<j,i>` scaled by N)
    ///       | `(` [value {`,` value}] `)`
    fn term(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b'_') => {
                self.pos += 1;
                if self.peek().is_some_and(|b| b == b'-' || b.is_ascii_digit()) {
                    self.signed()?;
                    while self.eat("@") {
                        self.digits()?;
                    }
                }
                Ok(())
            }
            Some(b'(') => {
                self.pos += 1;
                if self.eat(")") {
                    return Ok(());
                }
                loop {
                    self.value()?;
                    if self.eat(")") {
                        return Ok(());
                    }
                    self.expect(",")?;
                }
            }
            Some(b) if b == b'-' || b.is_ascii_digit() => {
                Err(format!("dynamic integer at offset {}: the type level has only static values (`_N`)", self.pos))
            }
            Some(_) => Err(format!("unexpected `{}` at offset {}", self.s[self.pos] as char, self.pos)),
            None => Err("unexpected end of value".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_and_shares_table_lines() {
        let p = generate(
            "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1\n\
             algebra\ttable:coalesce\t(_2,_4):(_1,_2)\t=>\t0 1 2 3 4 5 6 7\n\
             swizzle\tupcast\t2\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\n\
             swizzle\tlayout<1>\t(_2,_4):(_1,_2)\n\
             swizzle\trecast_layout<uint8_t,half_t>\tSw<3,4,3>\n\
             swizzle\tgmma_atom.tile_to_shape\tLayout_K_SW32_Atom<half_t>\t(_64,_64)\t(_2,_1)\n\
             swizzle\ttile_to_shape\tSw333_K64\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\t(_64,_64)\n\
             swizzle\tswizzle_masks\tSw<3,3,3>\n",
        )
        .unwrap();
        assert!(p.contains("type T0 = tycute::Coalesce<tycute::cute!((_2,_4):(_1,_2))>;"), "{p}");
        assert!(p.contains("(\"algebra\\tcoalesce\\t(_2,_4):(_1,_2)\", 0, 0)"), "{p}");
        assert!(p.contains("(\"algebra\\ttable:coalesce\\t(_2,_4):(_1,_2)\", 1, 0)"), "{p}");
        assert!(p.contains("tycute::Upcast<tycute::cute!(2), tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>"));
        assert!(p.contains("tycute::LayoutAt<tycute::cute!((_2,_4):(_1,_2)), tycute::cute!(1)>"));
        assert!(p.contains("tycute::RecastLayout<tycute::uint8_t, tycute::half_t, tycute::cute!(Sw<3,4,3>)>"));
        assert!(p.contains("tycute::TileToShapeOrdered<tycute::Layout_K_SW32_Atom<tycute::half_t>, tycute::cute!((_64,_64)), tycute::cute!((_2,_1))>"));
        assert!(p.contains(
            "tycute::TileToShape<tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)), tycute::cute!((_64,_64))>"
        ));
        assert!(p.contains(
            "fn f0() -> String { ToString::to_string(&tycute::swizzle::swizzle_masks::<tycute::cute!(Sw<3,3,3>)>()) }"
        ));
        assert!(!p.contains("compile_error"));
    }

    #[test]
    fn seeds_and_crosswise() {
        let p = generate(
            "seeds\t000.sA\tsgemm_sm80_tn(m=128,n=128,k=64)\n\
             seeds\ttable:000.tXsA\tsgemm_sm80_tn(m=128,n=128,k=64)\tthr=37\n\
             seeds\t001.tile2mma\tSM80_16x8x16_F16F16F16F16_TN,1x1x1,Tile<_16,_8,_16>,copy_V=2\n\
             seeds\t001.make_tiled_copy_C_atom.Tiler_MN\tCopy_Atom<UniversalCopy<uint64_t>,half_t>(NumValSrc=4),SM80_16x8x16_F16F16F16F16_TN,1x1x1,Tile<_16,_8,_16>\n\
             seeds\t002.retile\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1)),V=4\t(_4,_2,_1):(_1,_4,_0)\n\
             seeds\t002.upcast<16>\t(_4,_8):(_8,_1)\n\
             crosswise\tcute_equivalent\tcomposition(Swizzle<2,3,3>,(_64,_32):(_32,_1))\tSw<2,3,3> o _0 o (_64,_32):(_32,_1)\n\
             crosswise\toffset_table_mk\tTensorOpMultiplicandCrosswise<16,32>,ldm=32,tile(M=64,K=32)\n",
        )
        .unwrap();
        assert!(p.contains(r#"tycute::configs::row("sgemm_sm80", "sA", None, false)"#), "{p}");
        assert!(p.contains(r#"tycute::configs::row("sgemm_sm80", "tXsA", Some(37), true)"#), "{p}");
        let tm = "tycute::tiled::MakeTiledMma<tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x16_F16F16F16F16_TN>, tycute::MakeLayoutLeft<tycute::cute!((_1,_1,_1))>, tycute::cute!((_16,_8,_16))>";
        assert!(p.contains(&format!("tycute::tiled::copy::CAtomTile2Mma<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::half_t>, {tm}>")), "{p}");
        assert!(p.contains(&format!("tycute::tiled::copy::Tiler_MN<tycute::tiled::copy::MakeTiledCopyC_Atom<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint64_t>, tycute::half_t>, {tm}>>")), "{p}");
        assert!(p.contains(", tycute::cute!((_4,_2,_1):(_1,_4,_0))>"), "{p}");
        assert!(p.contains("cute_equivalent_of_table(&tycute::table::<tycute::cute!(Sw<2,3,3> o _0 o (_64,_32):(_32,_1))>())"), "{p}");
        assert!(p.contains(r#"tycute::configs::row("crosswise", "offset_table_mk", None, false)"#), "{p}");
        // a seed 000 line of another configuration, an unknown step: refused with a reason
        let e = generate("seeds\t000.sA\tsgemm_sm80_tn(m=256,n=128,k=64)\n").unwrap_err();
        assert!(e.contains("the type-level configuration is sgemm_sm80_tn(m=128,n=128,k=64)"), "{e}");
        let e = generate("seeds\t002.frobnicate\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1))\n").unwrap_err();
        assert!(e.contains("002.frobnicate is not supported"), "{e}");
    }

    #[test]
    fn atoms_tiled_mma_tiled_copy() {
        let p = generate(
            "atoms\tmma.LayoutA_TV\tSM80_16x8x8_F16F16F16F16_TN\n\
             atoms\ttable:mma.LayoutA_TV\tSM80_16x8x8_F16F16F16F16_TN\n\
             atoms\tmma.ValTypes\tSM90_64x64x16_F16F16F16_SS<K,K>\n\
             atoms\tcopy.src2ref\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\n\
             tiled_mma\ttile_size<1>\tUniversalFMA<float>\t(_16,_8,_1):(_1,_16,_0)\t(_,_,_)\n\
             tiled_mma\tpartition_A\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(_,_,_)\t(_128,_64):(_64,_1)\tthr=37\n\
             tiled_copy\tmake_tiled_copy_A.partition_S\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\tthr=1\n\
             tiled_copy\ttable:make_tiled_copy_A.partition_S\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\tthr=1\n\
             tiled_copy\tmake_tiled_copy_S.Tiler_MN\tCopy_Atom<SM90_U32x4_STSM_N,half_t>\tCopy_Atom<UniversalCopy<uint128_t>,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\n\
             rejects\tmake_tiled_copy_A\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x8_F16F16F16F16_TN,(_1,_1,_1)\n\
             rejects\ttidfrg_S\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_32,_4):(_4,_1),(_1,_2):(_0,_1))\t_256:_1\n\
             rejects\tCopy_Atom\tSM75_U32x1_LDSM_N\tuint128_t\n",
        )
        .unwrap();
        let mma = "tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x8_F16F16F16F16_TN>";
        assert!(p.contains(&format!("type T0 = <{mma} as tycute::atom::MmaTraits>::LayoutA_TV;")), "{p}");
        assert!(p.contains("(\"atoms\\ttable:mma.LayoutA_TV\\tSM80_16x8x8_F16F16F16F16_TN\", 1, 0)"), "{p}");
        assert!(p.contains("tycute::atom::val_types::<tycute::atom::MMA_Atom<tycute::atom::SM90_64x64x16_F16F16F16_SS<tycute::atom::K, tycute::atom::K>>>()"));
        assert!(p.contains("tycute::atom::copy::Src2Ref<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>>"));
        assert!(p.contains("tycute::tiled::TileSize<tycute::tiled::TiledMMA<tycute::atom::MMA_Atom<tycute::atom::UniversalFMA<tycute::float>>, tycute::cute!((_16,_8,_1):(_1,_16,_0)), tycute::cute!((_,_,_))>, tycute::cute!(1)>"));
        assert!(p.contains(", tycute::cute!((_128,_64):(_64,_1)), tycute::cute!(_37)>"));
        // a swizzled partition is printed by a function of its type (run-time strides)
        assert!(p.contains("tycute::tiled::copy::text::<T"), "{p}");
        assert!(p.contains("join(tycute::tiled::copy::table_of::<T"), "{p}");
        assert!(p.contains("tycute::tiled::copy::MakeTiledCopyS<tycute::atom::Copy_Atom<tycute::atom::SM90_U32x4_STSM_N, tycute::half_t>, tycute::tiled::copy::MakeTiledCopyC_Atom<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint128_t>, tycute::half_t>, tycute::tiled::MakeTiledMma<"));
        assert!(p.contains("tycute::tiled::copy::MakeTiledCopyA<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>, tycute::tiled::MakeTiledMma<tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x8_F16F16F16F16_TN>, tycute::MakeLayoutLeft<tycute::cute!((_1,_1,_1))>>>"), "{p}");
        assert!(p.contains("tycute::tiled::copy::TidfrgS<tycute::tiled::copy::MakeTiledCopy<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::half_t>, tycute::cute!((_32,_4):(_4,_1)), tycute::cute!((_1,_2):(_0,_1))>, tycute::cute!(_256:_1)>"), "{p}");
        assert!(p.contains("<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x1_LDSM_N, tycute::uint128_t> as tycute::atom::CopyAtom>::ValLayoutRef"));
        assert!(!p.contains("compile_error"));
    }

    #[test]
    fn refuses_what_it_cannot_translate() {
        let e = generate("rejects\tmake_tiled_mma\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(32,_32,_16)\n").unwrap_err();
        assert!(e.contains("dynamic integer"), "{e}");
        let e = generate("atoms\tmma.ThrID\tCopy_Atom<UniversalCopy<uint32_t>,half_t>\n").unwrap_err();
        assert!(e.contains("not an MMA atom"), "{e}");
        let e = generate("atoms\tmma.ThrID\tSM80_16x8x8_F16F16F16F16_TN<complex_t>\n").unwrap_err();
        assert!(e.contains("complex_t"), "{e}");
        let e = generate("tiled_mma\tpartition_A\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(_,_,_)\t(_128,_64):(_64,_1)\tthread=3\n").unwrap_err();
        assert!(e.contains("thr=N"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,4):(_1,_4)\n").unwrap_err();
        assert!(e.contains("dynamic integer"), "{e}");
        let e = generate("algebra\tfrobnicate\t_4:_1\n").unwrap_err();
        assert!(e.contains("not supported at the type level"), "{e}");
        let e = generate("algebra\tcoalesce\t_4:_1\t_2\t_3\n").unwrap_err();
        assert!(e.contains("argument(s)"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,_2:(_1,_4)\n").unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
    }

    #[test]
    fn values() {
        for ok in [
            "_8",
            "_-1",
            "_",
            "(_,_2)",
            "()",
            "(_8):(_1)",
            "(_8:_1,(_4,_2):(_2,_1))",
            "(_2,_4):(_1@1@1,_1@0)",
            "Sw<3,4,-4> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ] {
            check_value(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in ["4", "_4:2", "(_4,", "Sw<3,3>", "_4 o _0", "x", "_1@", "_@1"] {
            assert!(check_value(bad).is_err(), "{bad}");
        }
    }
}
