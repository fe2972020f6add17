//! Seed 003 done right: CUTLASS 2.x `TensorOpMultiplicandCrosswise<16,32>` for a 64x32 (M x K)
//! warp tile of `half_t` A, read by `ldmatrix.x4` for `mma.m16n8k16`, as a tycute swizzle layout
//! and a tycute TiledCopy.
//!
//! The crosswise layout is the CuTe swizzle layout `Sw<2,3,3> o _0 o (_64,_32):(_32,_1)`
//! (`tests/vectors/crosswise.txt`, `cute_equivalent`: it equals CUTLASS's offset table at all 2048
//! entries): rows of 32 halves (64 bytes), the 16-byte chunk index (bits 3-4 of the element
//! offset) XORed with bits 1-2 of the row (bits 6-7 of the offset).
//!
//! CUTLASS's warp iterator (`MmaTensorOpMultiplicandTileIterator`, LdsmShape `<2,2>`, 4 ldsm
//! iterations along M, 2 k-groups) gives each lane one row address per `ldmatrix.x4`. In CuTe
//! that is `make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma)` for one warp of
//! m16n8k16: its `partition_S` of the smem tile is, for each lane, `(CPY, MMA_M, MMA_K)` =
//! `((_8,_1),_4,_2)`: the 8 halves of the lane's row (`CPY`) for each ldsm iteration (`MMA_M`,
//! 16 rows each) and each k-group (`MMA_K`, 16 columns each). The row address of iteration `s`,
//! k-group `g` is the partition's element `(0, s, g)`; the same partition of the coordinate
//! layout `(_64,_32):(_1,_64)` gives the `(m,k)` stored there.
//!
//! (Seed 003's table has each lane reading `(lane/2, 8*(lane%2) + (lane%8)/2)` at byte
//! `2*k + 256*m`; the iterator actually gives lane `l` the row `m = l % 16` at `k = 8*(l/16)`,
//! at the swizzled address.)

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN};
use tycute_layout::numeric::Bits;
use tycute_layout::typenum::Z0;
use tycute_layout::{half_t, table, Composition, MakeLayoutLeft};
use tycute_macros::cute;
use tycute_tiled::copy::{GetLayoutS_TV, MakeTiledCopyA, PartitionS, TidfrgS, TiledLayout_TV, TiledNumThr, Tiler_MN};
use tycute_tiled::mma::{MakeTiledMma, TileShape};
use typenum::Integer;

use tycute_kernel::rows::{tv_row, Row, Rows};

/// The 64x32 (M x K) warp tile, K-major: `(_64,_32):(_32,_1)`.
pub type TileLayout = cute!((_64,_32):(_32,_1));
/// `TensorOpMultiplicandCrosswise<16,32>` as a CuTe layout: `Sw<2,3,3> o _0 o (_64,_32):(_32,_1)`,
/// `(m,k) -> element offset`.
pub type SmemLayout = Composition<cute!(Sw<2,3,3>), TileLayout>;
/// `(m,k) -> m + 64 k`: the coordinates of the tile (what the partition of it gives is the `(m,k)`
/// each address holds).
pub type CoordMK = MakeLayoutLeft<cute!((_64,_32))>;

/// One warp of `mma.sync.m16n8k16` (`SM80_16x8x16_F16F16F16F16_TN`): a `(16,8,16)` tile.
pub type WarpMma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>>;
/// `make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma)`: one `ldmatrix.x4` covers a
/// 16x16 block of A; lane `l` gives the address of row `l % 16`, columns `8*(l/16) ..+8`.
pub type LdsmCopyA = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, WarpMma>;
/// Lane 0's `partition_S` of the smem tile: `(CPY, MMA_M, MMA_K)` (every lane has this layout
/// type, at its own offset and run-time strides).
pub type LanePartition = PartitionS<LdsmCopyA, SmemLayout, Z0>;

/// Lanes of the warp.
pub const LANES: usize = 32;
static_assertions::assert_type_eq_all!(TiledNumThr<LdsmCopyA>, cute!(_32));

/// One ldmatrix row address: lane, k-group, ldsm iteration, and the address (element offset, and
/// bytes) with the `(m, k)` it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdsmAddress {
    pub lane: usize,
    pub k_group: usize,
    pub ldsm_iter: usize,
    pub elem: i64,
    pub byte: i64,
    pub m: i64,
    pub k: i64,
}

/// Every lane's row addresses, from the type-level partition of the crosswise layout (and of the
/// coordinate layout, for `(m,k)`): lane-major, then k-group, then ldsm iteration.
pub fn addresses() -> Vec<LdsmAddress> {
    let elems = table::<TidfrgS<LdsmCopyA, SmemLayout>>();
    let coords = table::<TidfrgS<LdsmCopyA, CoordMK>>();
    let bytes_per_elem = <Bits<half_t> as Integer>::I64 / 8;
    // (CPY, MMA_M, MMA_K) = ((_8,_1),_4,_2): element (0, s, g) is at 8*s + 32*g
    let (cpy, iters, groups) = (8, 4, 2);
    let mut out = Vec::new();
    for lane in 0..LANES {
        let (e, c) = (tv_row(&elems, LANES, lane), tv_row(&coords, LANES, lane));
        for k_group in 0..groups {
            for ldsm_iter in 0..iters {
                let j = cpy * (ldsm_iter + iters * k_group);
                out.push(LdsmAddress {
                    lane,
                    k_group,
                    ldsm_iter,
                    elem: e[j],
                    byte: e[j] * bytes_per_elem,
                    m: c[j] % 64,
                    k: c[j] / 64,
                });
            }
        }
    }
    out
}

/// The dump: the layouts, then one row per lane, k-group and ldsm iteration
/// (`lane=L k_group=G ldsm_iter=S` -> `byte=.. elem=.. (m,k)=(..)`, crosswise.txt's format).
pub fn rows(tables: bool) -> Vec<Row> {
    let mut r = Rows::new(tables);
    r.layout::<SmemLayout>("smem (TensorOpMultiplicandCrosswise<16,32>)");
    if tables {
        // CUTLASS's offset table order: entry m*32 + k
        let t = table::<SmemLayout>();
        let v: Vec<String> = (0..64 * 32).map(|i| t[(i / 32) + 64 * (i % 32)].to_string()).collect();
        r.raw("offset_table_mk", v.join(" "));
    }
    tycute_kernel::reified_rows!(r;
        show TileShape<WarpMma> => "mma.tile_shape",
        layout TiledLayout_TV<LdsmCopyA> => "ldsm_copy_a.TiledLayout_TV",
        show Tiler_MN<LdsmCopyA> => "ldsm_copy_a.Tiler_MN",
        layout GetLayoutS_TV<LdsmCopyA> => "ldsm_copy_a.layoutS_TV",
    );
    let parts = table::<TidfrgS<LdsmCopyA, SmemLayout>>();
    for lane in 0..LANES {
        r.thread_tensor::<LanePartition>(&format!("tXsA lane={lane}"), &tv_row(&parts, LANES, lane));
    }
    for a in addresses() {
        r.raw(
            &format!("lane={} k_group={} ldsm_iter={}", a.lane, a.k_group, a.ldsm_iter),
            format!("byte={} elem={} (m,k)=({},{})", a.byte, a.elem, a.m, a.k),
        );
    }
    r.into_rows()
}

/// The dump of `tycute dump crosswise`.
pub const DUMP: tycute_kernel::registry::Config = tycute_kernel::registry::Config {
    name: "crosswise",
    about: "TensorOpMultiplicandCrosswise<16,32> (seed 003) as Sw<2,3,3> o (64,32):(32,1): every lane's ldmatrix.x4 row addresses",
    num_threads: 0,
    rows,
    thread_rows: tycute_kernel::registry::no_thread_rows,
};

/// The registry's entry: the dump (no kernel).
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::dump(DUMP)];
