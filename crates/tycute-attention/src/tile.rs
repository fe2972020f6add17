//! An attention forward tile as FlashAttention-3 builds it on sm90 (`hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp`):
//! the two TiledMMAs of one iteration over K/V, their tiles, and the configurations FA3 picks
//! (`hopper/tile_size.h`, `tile_size_fwd_sm90`).
//!
//! ```text
//! TileShape_MNK    = (kBlockM, kBlockN, kHeadDim)                       // S = Q Kᵀ
//! TileShape_MNK_PV = (kBlockM, kHeadDim, kBlockN)                       // O = P V
//! AtomLayoutQK     = Layout<Shape<Int<kBlockM / 64>, _1, _1>>           // one warpgroup per 64 rows
//! TiledMmaQK       = make_tiled_mma(ss_op_selector<E, E, float, TileShape_MNK>(), AtomLayoutQK)
//!                                                                       // SM90_64x{kBlockN}x16_F32{E}{E}_SS<K,K>
//! TiledMmaPV       = make_tiled_mma(rs_op_selector<E, E, float, TileShape_MNK_PV, K, MN>(), AtomLayoutQK)
//!                                                                       // SM90_64x{kHeadDim}x16_F32{E}{E}_RS<K,MN>
//! ```
//!
//! The S tile is `(kBlockM, kBlockN)`, Q's `(kBlockM, kHeadDim)`, K's `(kBlockN, kHeadDim)`; P
//! is S converted to the element type, the A operand of P·V, whose K extent is S's N; V's tile
//! is `(kHeadDim, kBlockN)` as PV's B (`(N,K)`), O's `(kBlockM, kHeadDim)`.
//!
//! FA3's choices for 16-bit elements (`tile_size_fwd_sm90`, CUTLASS 3.8 era, read 2026-11-27):
//!
//! | head dim | kBlockM x kBlockN | PV from registers | here |
//! |---|---|---|---|
//! | 64  | 192 x 192 non-causal (PV from smem), 192 x 128 causal (RS) | causal only | [`Hd64`]: 192 x 128, RS |
//! | 128 | 128 x 176 non-causal, 128 x 128 causal | yes | [`Hd128`]: 128 x 128, [`Hd128N176`]: 128 x 176 |
//! | 256 | 128 x 80 | yes | [`Hd256`]: 128 x 80 |
//!
//! A tile with kBlockM = 192 has three consumer warpgroups (FA3 allows 1 to 3).
//!
//! The TV layouts of the head-dim-128 bf16 tile, as CuTe prints them (derived by hand from
//! `CLayout_64xN<128>` and `ALayout_64x16` with the warpgroup mode of stride 64 in M, and checked
//! against the runtime twin in `tests/header/twin.rs`):
//!
//! ```
//! use tycute_attention::tile::*;
//! use tycute_layout::show;
//! use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutC_TV, TileShape};
//!
//! type T = Hd128<tycute_layout::swizzle::recast::bfloat16_t>;
//! // S's accumulators: thread t0 + 4 t1 + 32 w (warp w of 8, two warpgroups: the warp mode of
//! // stride 16 and the warpgroup mode of stride 64 coalesce) holds row t1 + 8 v1 + 16 w,
//! // column 2 t0 + v0 + 8 v2
//! assert_eq!(
//!     show::<GetLayoutC_TV<TiledMmaQKOf<T>>>(),
//!     "((_4,_8,_8),((_2,_2,_16),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))"
//! );
//! // P as PV's A: the same rows, column 2 t0 + v0 + 8 v2 of a 16-wide K block
//! assert_eq!(
//!     show::<GetLayoutA_TV<TiledMmaPVOf<T>>>(),
//!     "((_4,_8,_8),((_2,_2,_2),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))"
//! );
//! assert_eq!(show::<TileShape<TiledMmaQKOf<T>>>(), "(_128,_128,_16)");
//! assert_eq!(show::<TileShape<TiledMmaPVOf<T>>>(), "(_128,_128,_16)");
//! ```

use core::marker::PhantomData;

use tycute_atom::{
    MMA_Atom, SM90_64x128x16_F32BF16BF16_RS, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32F16F16_RS,
    SM90_64x128x16_F32F16F16_SS, SM90_64x176x16_F32BF16BF16_SS, SM90_64x176x16_F32F16F16_SS,
    SM90_64x256x16_F32BF16BF16_RS, SM90_64x256x16_F32F16F16_RS, SM90_64x64x16_F32BF16BF16_RS,
    SM90_64x64x16_F32F16F16_RS, SM90_64x80x16_F32BF16BF16_SS, SM90_64x80x16_F32F16F16_SS, K, MN,
};
use typenum::consts::{P1, P128, P176, P192, P2, P256, P3, P64, P80};
use tycute_layout::swizzle::recast::{bfloat16_t, float_e4m3_t, half_t};
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::int::Z0;
use tycute_layout::Layout;
use tycute_tiled::mma::tiled_mma::{NoPermutation, TiledMMA};

type Tile3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;
type Tile2<A, B> = Tup<A, Tup<B, Nil>>;

/// What an attention forward kernel of FA3's shape is made of: its element type, its tiles and
/// its two TiledMMAs. [`Fa3Tile`] is the one implementation; the rules that tie the parts
/// together are [`crate::AccAsAregs`] (S's accumulators are P's registers) and the checks it names.
pub trait AttentionTile {
    /// Q, K, V, P and O's element type (`half_t` or `bfloat16_t`).
    type Element;
    /// `kBlockM`: rows of Q, S and O per CTA (64 per consumer warpgroup).
    type BlockM;
    /// `kBlockN`: rows of K and V per iteration, columns of S.
    type BlockN;
    /// `kHeadDim`: columns of Q, K, V and O.
    type HeadDim;
    /// The K extent of P·V's tile: P's columns, which must be S's (`kBlockN`).
    type BlockKPV;
    /// `TiledMmaQK`: S = Q Kᵀ, A = Q and B = K from shared memory.
    type TiledMmaQK;
    /// `TiledMmaPV`: O = P V, A = P from registers, B = V from shared memory.
    type TiledMmaPV;
    /// `(kBlockM, kBlockN)`: S's tile as coordinates `m + kBlockM n` (the reference layout of
    /// S's partition), `make_layout((kBlockM, kBlockN))`.
    type TileS;
    /// `(kBlockM, kBlockKPV)`: P's tile as PV's A, coordinates `m + kBlockM k`.
    type TileP;
}

/// An FA3 forward tile: `TiledMmaQK = make_tiled_mma(QkOp, (WG,_1,_1))`, `TiledMmaPV =
/// make_tiled_mma(PvOp, (WG,_1,_1))`, `WG` consumer warpgroups, S tile `(BM, BN)`, head dim `D`,
/// and P·V's K tile `PvK` (`BN` unless given: it exists as a parameter so that a tile whose
/// P·V reads another K extent than S's N can be written, and is rejected).
pub struct Fa3Tile<E, QkOp, PvOp, WG, BM, BN, D, PvK = BN>(PhantomData<fn() -> (E, QkOp, PvOp, WG, BM, BN, D, PvK)>);

/// `Layout<Shape<Int<kBlockM / 64>, _1, _1>>`: the consumer warpgroups along M,
/// `(WG,_1,_1):(_1,_0,_0)`.
pub type AtomLayoutQK<WG> = Layout<Tile3<WG, P1, P1>, Tile3<P1, Z0, Z0>>;

impl<E, QkOp, PvOp, WG, BM, BN, D, PvK> AttentionTile for Fa3Tile<E, QkOp, PvOp, WG, BM, BN, D, PvK> {
    type Element = E;
    type BlockM = BM;
    type BlockN = BN;
    type HeadDim = D;
    type BlockKPV = PvK;
    // make_tiled_mma(SM90_64xNx16_..._SS<K,K>, (WG,_1,_1))
    type TiledMmaQK = TiledMMA<MMA_Atom<QkOp>, AtomLayoutQK<WG>, NoPermutation>;
    // make_tiled_mma(SM90_64xDx16_..._RS<K,MN>, (WG,_1,_1))
    type TiledMmaPV = TiledMMA<MMA_Atom<PvOp>, AtomLayoutQK<WG>, NoPermutation>;
    // make_layout((kBlockM, kBlockN)): (M,N) -> m + kBlockM n
    type TileS = Layout<Tile2<BM, BN>, Tile2<P1, BM>>;
    // make_layout((kBlockM, kBlockN)): (M,K) -> m + kBlockM k
    type TileP = Layout<Tile2<BM, PvK>, Tile2<P1, BM>>;
}

/// A tile's `TiledMmaQK`.
pub type TiledMmaQKOf<T> = <T as AttentionTile>::TiledMmaQK;
/// A tile's `TiledMmaPV`.
pub type TiledMmaPVOf<T> = <T as AttentionTile>::TiledMmaPV;

/// The GMMA atoms of FA3's tiles for one element type (`ss_op_selector` / `rs_op_selector`
/// with f32 accumulators).
pub trait Fa3Atoms {
    /// `SM90_64x128x16_F32{E}{E}_SS<K,K>`.
    type Ss128;
    /// `SM90_64x176x16_F32{E}{E}_SS<K,K>`.
    type Ss176;
    /// `SM90_64x80x16_F32{E}{E}_SS<K,K>`.
    type Ss80;
    /// `SM90_64x64x16_F32{E}{E}_RS<K,MN>`.
    type Rs64;
    /// `SM90_64x128x16_F32{E}{E}_RS<K,MN>`.
    type Rs128;
    /// `SM90_64x256x16_F32{E}{E}_RS<K,MN>`.
    type Rs256;
}
impl Fa3Atoms for bfloat16_t {
    type Ss128 = SM90_64x128x16_F32BF16BF16_SS<K, K>;
    type Ss176 = SM90_64x176x16_F32BF16BF16_SS<K, K>;
    type Ss80 = SM90_64x80x16_F32BF16BF16_SS<K, K>;
    type Rs64 = SM90_64x64x16_F32BF16BF16_RS<K, MN>;
    type Rs128 = SM90_64x128x16_F32BF16BF16_RS<K, MN>;
    type Rs256 = SM90_64x256x16_F32BF16BF16_RS<K, MN>;
}
impl Fa3Atoms for half_t {
    type Ss128 = SM90_64x128x16_F32F16F16_SS<K, K>;
    type Ss176 = SM90_64x176x16_F32F16F16_SS<K, K>;
    type Ss80 = SM90_64x80x16_F32F16F16_SS<K, K>;
    type Rs64 = SM90_64x64x16_F32F16F16_RS<K, MN>;
    type Rs128 = SM90_64x128x16_F32F16F16_RS<K, MN>;
    type Rs256 = SM90_64x256x16_F32F16F16_RS<K, MN>;
}

/// Head dim 64: 192 x 128, three consumer warpgroups, P·V from registers (FA3's causal tile).
pub type Hd64<E> = Fa3Tile<E, <E as Fa3Atoms>::Ss128, <E as Fa3Atoms>::Rs64, P3, P192, P128, P64>;
/// Head dim 128: 128 x 128, two consumer warpgroups (FA3's causal tile).
pub type Hd128<E> = Fa3Tile<E, <E as Fa3Atoms>::Ss128, <E as Fa3Atoms>::Rs128, P2, P128, P128, P128>;
/// Head dim 128: 128 x 176 (FA3's non-causal tile): S's atom is `64x176x16`, 22 accumulator
/// column groups of 8 per thread, P·V's K is 11 blocks of 16.
pub type Hd128N176<E> = Fa3Tile<E, <E as Fa3Atoms>::Ss176, <E as Fa3Atoms>::Rs128, P2, P128, P176, P128>;
/// fp8 (e4m3) head dim 128, 128 x 128 (a stretch of this crate: FA3 takes 128 x 224 here), for
/// [`crate::permute_aregs_fp8`]: `SM90_64x128x32_F32E4M3E4M3_SS_TN` and `..._RS_TN`.
pub type Hd128Fp8 = Fa3Tile<
    float_e4m3_t,
    tycute_atom::SM90_64x128x32_F32E4M3E4M3_SS_TN,
    tycute_atom::SM90_64x128x32_F32E4M3E4M3_RS_TN,
    P2,
    P128,
    P128,
    P128,
>;
/// Head dim 256: 128 x 80, P·V's atom `64x256x16`.
pub type Hd256<E> = Fa3Tile<E, <E as Fa3Atoms>::Ss80, <E as Fa3Atoms>::Rs256, P2, P128, P80, P256>;

