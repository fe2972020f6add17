//! The header of one attention tile, written through the public emission API (`tycute-emit`):
//! what an FA3-style kernel on tycute's device library reads (docs/design.md, "Attention: S to P
//! in registers").
//!
//! | name | what |
//! |---|---|
//! | `kBlockM`, `kBlockN`, `kHeadDim`, `kThreads`, `kWarpgroups`, `kAtomNQK`, `kAtomNPV` | the tile, the consumer threads, the GMMA atoms' N |
//! | `ElementQKV_bits`, `ElementAccum_bits` | the element types |
//! | `s_acc_frag_*`, `s_acc_tv_*` | S's accumulator fragment `((2,2,N/8),MMA_M,MMA_N)` and `(thread, register) -> m + kBlockM n` as layouts (closed forms) |
//! | `s_acc[t][r]` | the same as a table: the element of S thread `t`'s accumulator `r` holds |
//! | `p_view_*`, `p_from_s[r]`, `kPRegs32` | `convert_layout_acc_Aregs(acc)` and its table: P·V's A register `r` is accumulator `p_from_s[r]` (proven at compile time; the table is also re-derived here by matching elements) |
//! | `p_a_tv_*` | P·V's A operand `(thread, register) -> m + kBlockM k` |
//! | `acc_rowcol_*`, `acc_rows_*`, `acc_cols_*` | the `(rows, cols)` view and `(thread, slot) -> row / column` |
//! | `acc_row[t][i]`, `acc_col[t][j]`, `kRowSlots`, `kColSlots` | the same as tables |
//! | `kRowLanes`, `row_lanes[]`, `row_shuffle_xor[]` | the lanes that share a row (a quad) and the xor masks of the reduction over them |
//!
//! Every table is checked against its layout before it is written, and the S to P map against a
//! brute-force match of S's and P's elements ([`tycute_emit::proof::retile`]).

use tycute_atom::MmaTraits;
use tycute_emit::{proof, ElementName, Error, Header};
use tycute_layout::int::Integer;
use tycute_layout::{repr::Repr, table, Reify};
use tycute_tiled::mma::TiledMma;

use crate::convert_layout_acc_rowcol::{AccCols, RowTables, SoftmaxRows};
use crate::s_to_p::{PARegTv, SAccFragment, SAccTv};
use crate::tile::AttentionTile;
use crate::{AccAsAregs, ConvertLayoutAccRowcol};

/// `(thread, slot)` table of a layout whose thread mode has `threads` entries: row `t` holds
/// `L(t + threads * i)` for every slot `i`.
pub fn per_thread(values: &[i64], threads: usize) -> Vec<Vec<i64>> {
    let n = values.len() / threads.max(1);
    (0..threads).map(|t| (0..n).map(|i| values[t + threads * i]).collect()).collect()
}

/// The layouts of an attention tile the header reads, evaluated where [`AttentionOn`] is named
/// (the pattern of `tycute_emit::MmaOn`): the function below is generic over plain type
/// parameters, not over the algebra's projections.
pub struct AttentionApplied<T, Frag, STv, View, ATv, Rowcol, Rows, Cols>(
    core::marker::PhantomData<fn() -> (T, Frag, STv, View, ATv, Rowcol, Rows, Cols)>,
);
/// Attention tile `T`'s layouts for [`header_with_layouts`]; naming it for a tile whose S to P view or
/// softmax rows break a rule is a compile error with the rule's message.
pub type AttentionOn<T> = AttentionApplied<
    T,
    SAccFragment<T>,
    SAccTv<T>,
    AccAsAregs<T>,
    PARegTv<T>,
    ConvertLayoutAccRowcol<SAccFragment<T>>,
    SoftmaxRows<T>,
    AccCols<T>,
>;
/// What [`header_with_layouts`] takes: [`AttentionOn`]`<Tile>`.
pub trait AttentionLayouts {
    /// The tile.
    type Tile: AttentionTile;
    /// `partition_fragment_C(TiledMmaQK, S)`.
    type Frag: Reify;
    /// S's `(thread, register) -> m + kBlockM n`.
    type STv: Reify;
    /// [`AccAsAregs`].
    type View: Reify;
    /// P·V's A `(thread, register) -> m + kBlockM k`.
    type ATv: Reify;
    /// `convert_layout_acc_rowcol(acc)`.
    type Rowcol: Reify;
    /// [`SoftmaxRows`].
    type Rows: Reify;
    /// [`AccCols`].
    type Cols: Reify;
}
impl<T: AttentionTile, F: Reify, S: Reify, V: Reify, A: Reify, RC: Reify, R: Reify, C: Reify> AttentionLayouts
    for AttentionApplied<T, F, S, V, A, RC, R, C>
{
    type Tile = T;
    type Frag = F;
    type STv = S;
    type View = V;
    type ATv = A;
    type Rowcol = RC;
    type Rows = R;
    type Cols = C;
}

/// The layouts of an [`AttentionLayouts`] as values, in the order of [`AttentionOn`]'s
/// parameters.
#[derive(Clone, Copy)]
pub struct TileLayouts {
    /// `partition_fragment_C(TiledMmaQK, S)`.
    pub frag: Repr,
    /// S's `(thread, register) -> m + kBlockM n`.
    pub s_tv: Repr,
    /// [`AccAsAregs`].
    pub view: Repr,
    /// P·V's A `(thread, register) -> m + kBlockM k`.
    pub a_tv: Repr,
    /// `convert_layout_acc_rowcol(acc)`.
    pub rowcol: Repr,
    /// [`SoftmaxRows`].
    pub rows: Repr,
    /// [`AccCols`].
    pub cols: Repr,
}

/// The header of an attention tile, `X` = [`AttentionOn`]`<Tile>`, in namespace `namespace`
/// (see the module's docs), and the tile's layouts as values: one path for a caller that reads
/// both (the borrow checker proves a tile's layouts once per path of a body, docs/design.md
/// "Compile time": the header test's build, 93 s to 56).
pub fn header_with_layouts<X>(namespace: &str, about: &str) -> (Result<Header, Error>, TileLayouts)
where
    X: AttentionLayouts,
    <X::Tile as AttentionTile>::Element: ElementName,
    <X::Tile as AttentionTile>::BlockM: Integer,
    <X::Tile as AttentionTile>::BlockN: Integer,
    <X::Tile as AttentionTile>::HeadDim: Integer,
    <X::Tile as AttentionTile>::TiledMmaQK: TiledMma,
    <X::Tile as AttentionTile>::TiledMmaPV: TiledMma,
    <<X::Tile as AttentionTile>::TiledMmaQK as TiledMma>::Size: Integer,
    <<X::Tile as AttentionTile>::TiledMmaQK as TiledMma>::AtomN: Integer,
    <<X::Tile as AttentionTile>::TiledMmaPV as TiledMma>::AtomN: Integer,
    <<<X::Tile as AttentionTile>::TiledMmaQK as TiledMma>::Atom as MmaTraits>::ValTypeC: ElementName,
{
    let layouts = TileLayouts {
        frag: X::Frag::REPR,
        s_tv: X::STv::REPR,
        view: X::View::REPR,
        a_tv: X::ATv::REPR,
        rowcol: X::Rowcol::REPR,
        rows: X::Rows::REPR,
        cols: X::Cols::REPR,
    };
    let header = (|| -> Result<Header, Error> {
        type T<X> = <X as AttentionLayouts>::Tile;
        let (bm, bn, d) = (<T<X> as AttentionTile>::BlockM::I64, <T<X> as AttentionTile>::BlockN::I64, <T<X> as AttentionTile>::HeadDim::I64);
        let threads = <<<T<X> as AttentionTile>::TiledMmaQK as TiledMma>::Size as Integer>::I64 as usize;

        // S's accumulators and P's A registers, per thread
        let s_acc = per_thread(&table::<X::STv>(), threads);
        let p_a = per_thread(&table::<X::ATv>(), threads);
        let view: Vec<i64> = table::<X::View>();
        // the type level proved view; match S's and P's elements by brute force as well
        let matched = proof::retile("S accumulators -> P·V's A", &p_a, &s_acc)?;
        if matched.iter().map(|&r| r as i64).collect::<Vec<_>>() != view {
            return Err(Error::new(format!("S to P: the proven view {view:?} is not the element match {matched:?}")));
        }
        let rows = RowTables::new(&table::<X::Rows>(), &table::<X::Cols>(), threads, bn as usize).map_err(Error::new)?;
        // every register, through the (rows, cols) view ((2,MMA_M),(2,N/8,MMA_N)) -> register, holds
        // the row of its row slot and the column of its column slot
        let rowcol = table::<X::Rowcol>();
        let (nrows, ncols) = (rows.rows[0].len(), rows.cols[0].len());
        if rowcol.len() != nrows * ncols || nrows * ncols != s_acc[0].len() {
            return Err(Error::new(format!("row tables: {nrows} row and {ncols} column slots for {} accumulators", s_acc[0].len())));
        }
        for t in 0..threads {
            for (k, &r) in rowcol.iter().enumerate() {
                let (i, j) = (k % nrows, k / nrows);
                let e = s_acc[t][r as usize];
                if (rows.rows[t][i], rows.cols[t][j]) != (e % bm, e / bm) {
                    return Err(Error::new(format!(
                        "row tables: thread {t}'s accumulator {r} (row slot {i}, column slot {j}) holds ({}, {}), the tables say ({}, {})",
                        e % bm,
                        e / bm,
                        rows.rows[t][i],
                        rows.cols[t][j]
                    )));
                }
            }
        }

        let mut h = Header::new(namespace)?.about(about);
        h.section("the tile");
        h.int("kBlockM", bm, "rows of Q, S, O per CTA")?;
        h.int("kBlockN", bn, "rows of K, V per iteration; columns of S, P")?;
        h.int("kHeadDim", d, "columns of Q, K, V, O")?;
        h.int("kThreads", threads as i64, "consumer threads (TiledMmaQK's and TiledMmaPV's)")?;
        h.int("kWarpgroups", threads as i64 / 128, "consumer warpgroups, 64 rows each")?;
        h.int("kAtomNQK", <<<T<X> as AttentionTile>::TiledMmaQK as TiledMma>::AtomN as Integer>::I64, "S = Q K^T: SM90_64x{N}x16 _SS atom")?;
        h.int("kAtomNPV", <<<T<X> as AttentionTile>::TiledMmaPV as TiledMma>::AtomN as Integer>::I64, "O = P V: SM90_64x{N}x16 _RS atom")?;
        h.element::<<T<X> as AttentionTile>::Element>("ElementQKV")?;
        h.element::<<<<T<X> as AttentionTile>::TiledMmaQK as TiledMma>::Atom as MmaTraits>::ValTypeC>("ElementAccum")?;

        h.section("S = Q K^T: accumulators");
        h.layout::<X::Frag>("s_acc_frag")?;
        h.layout::<X::STv>("s_acc_tv")?;
        h.table("s_acc", "thread t's accumulator r holds element s_acc[t][r] = m + kBlockM * n of S", &s_acc)?;

        h.section("P = S in registers as P V's A operand (convert_layout_acc_Aregs, proven a re-view)");
        h.layout::<X::View>("p_view")?;
        h.layout::<X::ATv>("p_a_tv")?;
        h.int("kPRegs32", view.len() as i64 / 2, "32-bit A registers of P per thread (two 16-bit values each)")?;
        h.retile("p_from_s", "P V's A value r is S's accumulator p_from_s[r], converted to ElementQKV", &matched)?;

        h.section("softmax: the accumulators as (rows, cols), convert_layout_acc_rowcol");
        h.layout::<X::Rowcol>("acc_rowcol")?;
        h.layout::<X::Rows>("acc_rows")?;
        h.layout::<X::Cols>("acc_cols")?;
        h.int("kRowSlots", rows.rows[0].len() as i64, "rows per thread (in S and in O)")?;
        h.int("kColSlots", rows.cols[0].len() as i64, "columns per thread and row")?;
        h.const_table("acc_row", "thread t's row slot i is row acc_row[t][i] of S and of O", &rows.rows)?;
        h.table("acc_col", "thread t's column slot j is column acc_col[t][j] of S", &rows.cols)?;
        h.int("kRowLanes", rows.row_lanes.len() as i64, "lanes that share a row: a row's max and sum reduce over them")?;
        h.array("row_lanes", &rows.row_lanes.iter().map(|&l| l as i64).collect::<Vec<_>>(), "lanes sharing lane 0's rows")?;
        h.array("row_shuffle_xor", &rows.shuffle_xors.iter().map(|&l| l as i64).collect::<Vec<_>>(), "__shfl_xor_sync masks of the row reduction")?;
        Ok(h)
    })();
    (header, layouts)
}

/// The namespace of FA3's bf16 head-dim-128 tile's header.
pub const BF16_HD128_NAMESPACE: &str = "tycute::attention_sm90_bf16_hd128";
/// Its one-line description.
pub const BF16_HD128_ABOUT: &str =
    "tycute attention (FA3-style) bf16, head dim 128, 128 x 128 tile: S = Q K^T (SS), O = P V (RS, P = S in registers)";
/// The header of FA3's bf16 head-dim-128 tile (128 x 128, two consumer warpgroups):
/// `header_with_layouts::<AttentionOn<Hd128<bfloat16_t>>>(BF16_HD128_NAMESPACE, BF16_HD128_ABOUT)`, named by
/// the caller (`tests/header/main.rs`) and not here: naming a tile
/// evaluates its whole derivation (a few seconds and about 1 GB of type checking, docs/design.md),
/// which the library's dependents should not pay for tiles they do not use.
pub type Bf16Hd128 = AttentionOn<crate::tile::Hd128<tycute_layout::swizzle::recast::bfloat16_t>>;

/// The namespace of FA3's head-dim-64 tile's header (192 x 128, three consumer warpgroups; its
/// tables are the same for bf16 and fp16).
pub const F16_HD64_NAMESPACE: &str = "tycute::attention_sm90_f16_hd64";
/// Its one-line description.
pub const F16_HD64_ABOUT: &str =
    "tycute attention (FA3-style) fp16, head dim 64, 192 x 128 tile, three consumer warpgroups: S = Q K^T (SS), O = P V (RS, P = S in registers)";
/// The header of FA3's head-dim-64 tile, as [`Bf16Hd128`].
pub type F16Hd64 = AttentionOn<crate::tile::Hd64<tycute_layout::swizzle::recast::half_t>>;

/// Where the attention kernel (`kernels/attention_sm90.cu`) includes these headers from: the
/// device library (`kernels/include`), compared with what the types give by `tests/header` (bf16
/// 128 x 128 and head dim 64), which writes them with `TYCUTE_BLESS=1`.
pub const BF16_HD128_INCLUDE: &str = "tycute/attention/sm90_bf16_hd128.h";
/// The head-dim-64 tile's header in the device library.
pub const F16_HD64_INCLUDE: &str = "tycute/attention/sm90_f16_hd64.h";

/// The fp8 path's permutation ([`crate::permute_aregs_fp8::Fp8Permutation`]) into a header:
/// `NAME_lane[t][r]` (the quad lane holding thread `t`'s 8-bit A value `r`) and `NAME_reg[t][r]`
/// (its accumulator there), after checking it against the tables it came from.
pub fn fp8_permutation(
    h: &mut Header,
    name: &str,
    perm: &crate::permute_aregs_fp8::Fp8Permutation,
    s_acc: &[Vec<i64>],
    p_a: &[Vec<i64>],
) -> Result<(), Error> {
    for (t, row) in p_a.iter().enumerate() {
        for (r, e) in row.iter().enumerate() {
            let (q, j) = (perm.lane[t][r] as usize, perm.reg[t][r] as usize);
            if s_acc.get((t & !3) + q).and_then(|a| a.get(j)) != Some(e) {
                return Err(Error::new(format!("{name}: thread {t}'s A value {r} is not lane {q}'s accumulator {j}")));
            }
        }
    }
    h.table(&format!("{name}_lane"), &format!("{name}: thread t's 8-bit A value r is held by lane {name}_lane[t][r] of its quad ..."), &perm.lane)?;
    h.table(&format!("{name}_reg"), &format!("{name}: ... in its accumulator {name}_reg[t][r]"), &perm.reg)
}
