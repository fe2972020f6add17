//! `sm90.h`: the values of the sm90 configuration ([`crate::sm90`]) that its TMA + GMMA kernel
//! needs, and [`check`], which interprets them the way the hardware does (TMA's swizzled box
//! writes, the GMMA descriptor's canonical layout, `stmatrix`'s row addresses).
//!
//! | value | type | meaning |
//! |---|---|---|
//! | `kTmaBoxX[1][2]`, `kTmaBoxesX`, `kTmaBoxOffX[j][2]`, `kTmaSwizzleA/B` (`X` = `A_K`, `A_MN`, `B_K`, `B_MN`) | the stage of that operand and major (`sm90_layouts::StageOf`), the smem atom's `Sw<B,4,3>` | the box of `cuTensorMapEncodeTiled` (innermost first), the boxes of a stage and their start bytes, the `CUtensorMapSwizzle` |
//! | `kMnX`, `kGmmaLboX`, `kGmmaSboX`, `kGmmaOffX[..][k]` | the stage's layout, `thrfrg_A/B(mma, (rows,bK))` | the wgmma transpose bit, descriptor fields and each wgmma's start byte in a stage |
//! | `kReuseSmemC` | `Sm90Config::ReuseSmemC` | D stored through C's epilogue stages |
//! | `acc_crd[t][r]` | `thrfrg_C(mma, make_layout((bM,bN)))` | accumulator `r` of thread `t` as `m + kTileM*n` |
//! | `r2s_smem[t][i]` | `tidfrg_D(tiled_r2s, sD_epi)` | the `stmatrix.x4` row address thread `t` gives its `i`-th store of a sub-tile |
//! | `kR2SAcc[e][8*i+v]` | `tidfrg_S(tiled_r2s, make_layout(EpilogueTile))`, `zipped_divide((bM,bN), EpilogueTile)`, `thrfrg_C` | the accumulator that value `v` of store `i` of sub-tile `e` carries (the same for every thread) |
//! | `s2r_smem[t][i]`, `kS2RAcc[e][8*i+v]` | `tidfrg_S(tiled_s2r, sC_epi)`, `tidfrg_D(tiled_s2r, make_layout(EpilogueTile))` | the same for the `ldmatrix.x4` loads of C |
//! | `kTmaBoxD[2]`, `kTmaSwizzleD`, `kEpiOriginM/N[e]` | `product_each(shape(sD(_,_,0)))`, `Sw<2,4,3>`, `zipped_divide` | the TMA store of each sub-tile |

use tycute_layout::{show, table, LayoutAt, Size};
use tycute_tiled::copy::{TidfrgD, TidfrgS};
use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC, TileShape};
use typenum::Integer;

use super::{flat, swizzle_bms, Header};
use tycute_layout::repr::Repr;
use crate::kernel::sm90::{Sm90Config, TmaSwizzleMode};
use crate::rows::tv_row;

/// Threads of one warpgroup: the unit of a wgmma (and of `thrfrg_A`'s identical rows).
const WARPGROUP: usize = 128;

/// The type-level values of one sm90 configuration that its header needs, evaluated: each method
/// is `show`/`table` of one of the configuration module's CuTe-named types (every sm90
/// configuration module names them alike; [`sm90_types!`] writes the impl). The rest of this
/// module is ordinary code over these values.
pub trait Sm90Types {
    /// The configuration (its name, TMA modes).
    type Cfg: Sm90Config;
    /// One line for the header.
    const ABOUT: &'static str;
    /// `size(mma)`: the consumer threads that own the accumulators of a tile.
    const THREADS: usize;
    /// `show` of `cta_tiler`, `bP`, the smem atoms of A/B and of D, the TMA boxes of B and D, `sA(_,_,0)`,
    /// `sB(_,_,0)`, `sD(_,_,0)`, the TiledMMA's tile, the epilogue tile, its stages.
    fn texts() -> Texts;
    /// `sD(_,_,0)` (element units, swizzled).
    fn sd() -> Vec<i64>;
    /// `thr_layout_vmnk`, `thrfrg_A(mma, (bM,bK))`, `layoutA_TV`, `thrfrg_B(mma, (bN,bK))`, `layoutB_TV`,
    /// `thrfrg_C(mma, (bM,bN))`, `partition_fragment_C` of thread 0.
    fn mma() -> [Vec<i64>; 7];
    /// `size<0>(accumulators)`: the registers of one wgmma.
    fn acc_per_mma() -> i64;
    /// The TiledMMA's GMMA atom: its instruction ([`tycute_atom::GmmaPtx::PTX`]), its
    /// accumulator registers per thread, whether they are f32.
    fn wgmma() -> (&'static str, usize, bool);
    /// `zipped_divide((bM,bN), EpilogueTile)`, `tidfrg_D(tiled_r2s, sD_epi)`, `tidfrg_S(tiled_r2s,
    /// EpilogueTile)`, `tidfrg_S(tiled_s2r, sC_epi)`, `tidfrg_D(tiled_s2r, EpilogueTile)`.
    fn epilogue() -> [Vec<i64>; 5];
    /// One stage of A (`(bM,bK)`) and of B (`(bN,bK)`) in each major, in the order
    /// [`OPERANDS`]: `show` of the stage (position independent), its table (element units, swizzled, by `mn + rows*k`)
    /// and the table of its `layout_b()` (unswizzled), from [`crate::sm90_layouts::StageOf`].
    fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4];
}

/// The operands and majors a header describes: `(name, operand A, MN-major)`; the kernel's
/// layout `tn` reads `A_K` and `B_K`, `nt` `A_MN` and `B_MN`, `nn` `A_MN` and `B_K`, `tt`
/// `A_K` and `B_MN`.
pub const OPERANDS: [(&str, bool, bool); 4] = [("A_K", true, false), ("A_MN", true, true), ("B_K", false, false), ("B_MN", false, true)];

/// The values of [`Sm90Types::texts`] (`.text()` is each one's CuTe text).
pub struct Texts {
    pub cta_tiler: Repr,
    pub stages: Repr,
    pub smem_atom_a: Repr,
    pub smem_atom_d: Repr,
    pub box_b: Repr,
    pub box_d: Repr,
    pub sa: Repr,
    pub sb: Repr,
    pub sd: Repr,
    pub mma_tile: Repr,
    /// `thr_layout_vmnk` (its shape: `(V,M,N,K)` threads).
    pub vmnk: Repr,
    /// `ClusterShape`.
    pub cluster: Repr,
    pub epi_tile: Repr,
    pub stages_cd: Repr,
    /// `sC(_,_,0)`, position independent (the kernel loads C with D's box: it must be `sD(_,_,0)`).
    pub sc: Repr,
}

/// `impl Sm90Types for $cfg` from the types of configuration module `crate::$m` (`variant T, of
/// $cfg, module`: for a test variant `T` of configuration `$cfg` whose types are `module`'s).
macro_rules! sm90_types {
    ($cfg:ty, $m:ident, $about:expr) => {
        sm90_types!(variant $cfg, of $cfg, $m, $about);
    };
    (variant $ty:ty, of $cfg:ty, $($m:ident)::+, $about:expr) => {
        impl Sm90Types for $ty {
            type Cfg = $cfg;
            const ABOUT: &'static str = $about;
            const THREADS: usize = crate::$($m)::+::NUM_THREADS;
            fn texts() -> Texts {
                use crate::$($m)::+ as c;
                Texts {
                    cta_tiler: <c::CtaTiler as tycute_layout::Reify>::REPR,
                    stages: <c::Stages as tycute_layout::Reify>::REPR,
                    smem_atom_a: <c::SmemAtomA as tycute_layout::Reify>::REPR,
                    smem_atom_d: <c::SmemAtomD as tycute_layout::Reify>::REPR,
                    box_b: <c::TmaBoxB as tycute_layout::Reify>::REPR,
                    box_d: <c::TmaBoxD as tycute_layout::Reify>::REPR,
                    sa: <c::SmemLayoutAStage as tycute_layout::Reify>::REPR,
                    sb: <c::SmemLayoutBStage as tycute_layout::Reify>::REPR,
                    sd: <c::SmemLayoutDStage as tycute_layout::Reify>::REPR,
                    mma_tile: <TileShape<c::Mma> as tycute_layout::Reify>::REPR,
                    vmnk: <ThrLayoutVMNK<c::Mma> as tycute_layout::Reify>::REPR,
                    cluster: <c::ClusterShape as tycute_layout::Reify>::REPR,
                    epi_tile: <c::EpilogueTile as tycute_layout::Reify>::REPR,
                    stages_cd: <c::StagesCD as tycute_layout::Reify>::REPR,
                    sc: <tycute_layout::AsPositionIndependent<<$cfg as Sm90Config>::SmemLayoutCStage> as tycute_layout::Reify>::REPR,
                }
            }
            fn sd() -> Vec<i64> {
                table::<crate::$($m)::+::SmemLayoutDStage>()
            }
            fn mma() -> [Vec<i64>; 7] {
                use crate::$($m)::+ as c;
                [
                    table::<ThrLayoutVMNK<c::Mma>>(),
                    table::<ThrfrgA<c::Mma, c::CoordMK>>(),
                    table::<GetLayoutA_TV<c::Mma>>(),
                    table::<ThrfrgB<c::Mma, c::CoordNK>>(),
                    table::<GetLayoutB_TV<c::Mma>>(),
                    table::<ThrfrgC<c::Mma, c::CoordMN>>(),
                    table::<c::Accumulators>(),
                ]
            }
            fn wgmma() -> (&'static str, usize, bool) {
                type Atom = <crate::$($m)::+::Mma as tycute_tiled::mma::TiledMma>::Atom;
                (<Atom as tycute_atom::GmmaPtx>::PTX, <Atom as tycute_atom::GmmaPtx>::D_REGS, <Atom as tycute_atom::GmmaPtx>::D_F32)
            }
            fn acc_per_mma() -> i64 {
                <Size<LayoutAt<crate::$($m)::+::Accumulators, tycute_layout::typenum::Z0>> as Integer>::I64
            }
            fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
                use crate::sm90_layouts::StageOf;
                use tycute_layout::swizzle::gmma::{MajorK, MajorMN};
                use tycute_layout::AsPositionIndependent;
                type Bm = <$cfg as Sm90Config>::BM;
                type Bn = <$cfg as Sm90Config>::BN;
                type Bk = <$cfg as Sm90Config>::BK;
                macro_rules! one {
                    ($l:ty) => {
                        (show::<AsPositionIndependent<$l>>(), table::<AsPositionIndependent<$l>>(), table::<crate::sm90::InnerLayout<AsPositionIndependent<$l>>>())
                    };
                }
                [
                    one!(StageOf<MajorK, Bm, Bk>),
                    one!(StageOf<MajorMN, Bm, Bk>),
                    one!(StageOf<MajorK, Bn, Bk>),
                    one!(StageOf<MajorMN, Bn, Bk>),
                ]
            }
            fn epilogue() -> [Vec<i64>; 5] {
                use crate::$($m)::+ as c;
                [
                    table::<c::EpiTiles>(),
                    table::<TidfrgD<c::TiledR2S, c::SD>>(),
                    table::<TidfrgS<c::TiledR2S, c::CoordEpi>>(),
                    table::<TidfrgS<c::TiledS2R, c::SC>>(),
                    table::<TidfrgD<c::TiledS2R, c::CoordEpi>>(),
                ]
            }
        }
    };
}

sm90_types!(
    crate::sm90::Sm90,
    sm90,
    "sm90: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, a 64x128x16 GMMA warpgroup (f32 accumulators), 128x128x64 CTA tile, 4 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong"
);
sm90_types!(
    variant crate::sm90_128x256::c2::Sm90_128x256C2,
    of crate::sm90_128x256::Sm90_128x256,
    sm90_128x256::c2,
    "sm90_128x256 with clusters of two CTAs along M (B multicast)"
);
sm90_types!(
    crate::sm90::Sm90ReuseSmemC,
    sm90,
    "sm90_reuse_c: sm90 (ping-pong 128x128x64, 64x32 epilogue sub-tiles) with ReuseSmemC: D is stored through the stage its C sub-tile was loaded into"
);
sm90_types!(
    crate::sm90_128x256::Sm90_128x256,
    sm90_128x256,
    "sm90_128x256: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, two 64x256x16 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators), 128x256x64 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of half_t D (N-major) in 128x32 sub-tiles"
);

/// CuTe's `Swizzle<B,M,S>` applied to `x`.
pub fn swizzle(x: i64, (b, m, s): (i64, i64, i64)) -> i64 {
    let mask = ((1i64 << b) - 1) << (m + s);
    x ^ ((x & mask) >> s)
}

/// The byte-level swizzle of a GMMA smem atom (`Sw<B,4,3> o smem_ptr[16b] o ..`) as the hardware
/// names it: `(B, CUtensorMapSwizzle, GMMA layout type, swizzle span in bytes)`. TMA and GMMA
/// know exactly the swizzles `Sw<B,4,3>` (16-byte units permuted within `16 << B`-byte rows):
/// `CU_TENSOR_MAP_SWIZZLE_{NONE,32B,64B,128B}` = 0..3 = B, GMMA `INTERLEAVE, B128, B64, B32` =
/// 0, 1, 2, 3.
pub fn hw_swizzle(atom: &Repr) -> Result<(i64, i64, i64, i64), String> {
    let (b, m, s) = swizzle_bms(atom).ok_or_else(|| format!("`{}` is not swizzled", atom.text()))?;
    if m != 4 || s != 3 || !(0..=3).contains(&b) {
        return Err(format!("Sw<{b},{m},{s}> (bytes) is not a TMA/GMMA swizzle (Sw<B,4,3>, B <= 3)"));
    }
    Ok((b, b, (4 - b) % 4, 16 << b))
}

/// Bytes of a half.
const ELEM: i64 = 2;
/// Values per `stmatrix.x4` of one thread (4 registers x 2 halves).
const STSM_VALS: usize = 8;

/// Every value of the header, from the types.
pub struct Tables {
    /// The configuration's name (the header's namespace).
    pub name: &'static str,
    pub about: &'static str,
    /// `size(mma)`: the consumer threads of one tile.
    pub threads: usize,
    pub tile: (i64, i64, i64),
    pub stages: i64,
    /// `(B,M,S)` on bytes, the `CUtensorMapSwizzle`, the GMMA layout type and the span, of sA/sB and of sD.
    pub sw_ab: (i64, i64, i64, i64),
    pub sw_d: (i64, i64, i64, i64),
    /// `sD(_,_,0)`: offsets (halves, swizzled) by `m + rows*k`.
    pub sd: Vec<i64>,
    /// The CuTe text of `sD(_,_,0)`.
    sd_text: String,
    /// `sD(_,_,0)`'s flattened shape and stride.
    sd_flat: (Vec<i64>, Vec<i64>),
    /// The mainloop's operands A and B, each K-major and MN-major ([`OPERANDS`]' order).
    pub ops: Vec<Operand>,
    /// The TMA box of D (M, N): outer, inner extents.
    pub box_d: (i64, i64),
    /// CTAs of a cluster along M; each loads `box_b_mcast` (B's box split along N) and multicasts it
    /// to all of them: `mcast_b[r]` = (N origin in the tile, start byte in a stage of sB) of CTA r's slice.
    pub cluster_m: i64,
    pub box_b_mcast: (i64, i64),
    pub mcast_b: Vec<(i64, i64)>,
    /// The TiledMMA's tile `(M,N,K)` and the atom's `N` (one wgmma's).
    pub mma_tile: (i64, i64, i64),
    pub atom_n: i64,
    /// `MMA_M`, `MMA_K`: wgmmas per warpgroup along M, and per stage along K.
    pub mma_m: usize,
    pub mma_k: usize,
    /// `[warpgroup][block]`: the tile coordinates (`m + bM*k`) of each wgmma's A block, by value of
    /// `layoutA_TV`; B alike.
    gmma_blocks_a: Vec<Vec<Vec<i64>>>,
    gmma_blocks_b: Vec<Vec<Vec<i64>>>,
    /// `(m', k')` of value `v` of warpgroup 0's A (and B) operand (`layoutA_TV` of thread 0).
    atom_a: Vec<(i64, i64)>,
    atom_b: Vec<(i64, i64)>,
    pub acc_crd: Vec<Vec<i64>>,
    /// `partition_fragment_C` of thread 0 (compact, checked).
    frag: Vec<i64>,
    pub frag_c: Vec<i64>,
    pub acc_per_mma: i64,
    pub epi_tile: (i64, i64),
    pub epi_tiles: (i64, i64),
    pub epi_stages: i64,
    /// `ReuseSmemC`: D through C's stages.
    pub reuse_c: bool,
    pub epi_origin: Vec<(i64, i64)>,
    /// `[t][i]`: stmatrix row address (halves) in stage 0 of sD; `r2s_stage` the stage stride.
    pub r2s_smem: Vec<Vec<i64>>,
    pub r2s_stage: i64,
    /// `[e][8*i+v]`: accumulator register.
    pub r2s_acc: Vec<Vec<i64>>,
    /// The same for the ldmatrix loads of C from sC (`tiled_s2r`).
    pub s2r_smem: Vec<Vec<i64>>,
    pub s2r_acc: Vec<Vec<i64>>,
}

/// One operand of the mainloop (A or B) in one major: its stage in shared memory, the TMA boxes
/// that fill it and the GMMA descriptors that read it.
#[derive(Clone, Debug)]
pub struct Operand {
    /// `A_K`, `A_MN`, `B_K`, `B_MN`.
    pub name: &'static str,
    /// Operand A (else B).
    pub is_a: bool,
    /// MN-major (the wgmma's transpose bit).
    pub mn: bool,
    /// Rows of the stage: `bM` or `bN`.
    pub rows: i64,
    /// `show` of the stage (`Sw<3,4,3> o smem_ptr[16b] o ...`).
    text: String,
    /// The stage: offsets (halves, swizzled) by `mn + rows*k`.
    pub smem: Vec<i64>,
    /// The TMA box `{inner, outer}` (the tensor map's order: K then MN for K-major, MN then K for
    /// MN-major); for B K-major the slice one CTA of a cluster loads.
    pub box_dims: (i64, i64),
    /// The boxes of one stage: `(MN origin in the tile, start byte in the stage)`.
    pub boxes: Vec<(i64, i64)>,
    /// The descriptor's strides read off the stage (bytes): `pitch` between the 16-byte rows of
    /// the swizzle pattern (K-major: rows 0 and 1; MN-major: k 0 and 1), `sbo` and `lbo`
    /// (K-major: rows 0 and 8, k 0 and 8; MN-major: k 0 and 8, MN slices of 64 0 and 1).
    pub pitch: i64,
    pub sbo: i64,
    pub lbo: i64,
    /// A: `[warpgroup * mma_m + m][k_block]`, the start byte of the block warpgroup `wg`'s wgmma
    /// `(m, k)` reads in a stage; B: `[warpgroup][k_block]`.
    pub gmma_off: Vec<Vec<i64>>,
}

/// Where thread `t` sits in `thr_layout_vmnk` (the row of a `thrfrg_*` table that is its own).
fn vmnk_pos(vmnk: &[i64], t: usize) -> Result<usize, String> {
    vmnk.iter().position(|&x| x == t as i64).ok_or_else(|| format!("thread {t} is not in thr_layout_vmnk"))
}

/// Thread `t`'s coordinate `(v, m, n, k)` in `thr_layout_vmnk` (of shape `vmnk_shape`).
fn vmnk_coord(vmnk: &[i64], shape: &[i64], t: usize) -> Result<[i64; 4], String> {
    let p = vmnk_pos(vmnk, t)? as i64;
    Ok([p % shape[0], (p / shape[0]) % shape[1], (p / (shape[0] * shape[1])) % shape[2], p / (shape[0] * shape[1] * shape[2])])
}

/// `[warpgroup][mma block][value]` of a `thrfrg_A/B` table whose thread mode is `(ThrV,(ThrX,ThrK))`
/// (`row(t)`: thread `t`'s index in it; every thread of a warpgroup sees the same, `layoutA_TV`'s
/// thread stride within a warpgroup is 0, checked), and the tile's `(rows, k)` per value of thread 0
/// (`layout_tv`'s codomain is the TiledMMA's `(rows, K)` tile).
#[allow(clippy::type_complexity)]
fn gmma_blocks(
    thrfrg: &[i64],
    n_rows: usize,
    row: impl Fn(usize) -> Result<usize, String>,
    threads: usize,
    layout_tv: &[i64],
    rows: i64,
) -> Result<(Vec<Vec<Vec<i64>>>, Vec<(i64, i64)>), String> {
    let vals = layout_tv.len() / threads;
    let mut out = Vec::new();
    for wg in 0..threads / WARPGROUP {
        let first = tv_row(thrfrg, n_rows, row(WARPGROUP * wg)?);
        for t in WARPGROUP * wg + 1..WARPGROUP * (wg + 1) {
            if tv_row(thrfrg, n_rows, row(t)?) != first {
                return Err(format!("GMMA SS operand: thread {t} sees other elements than thread {} of its warpgroup", WARPGROUP * wg));
            }
        }
        out.push(first.chunks(vals).map(<[i64]>::to_vec).collect());
    }
    // layout_tv's thread mode is the TiledMMA's threads (thread id = its index for these layouts:
    // thr_layout_vmnk is compact, checked by the caller)
    let atom: Vec<(i64, i64)> = (0..vals).map(|v| (layout_tv[threads * v] % rows, layout_tv[threads * v] / rows)).collect();
    Ok((out, atom))
}

/// Per thread, the first offset of each 8-value (16-byte) vector of stage 0 of a `tidfrg` table
/// over a staged epilogue buffer (the `stmatrix`/`ldmatrix` row addresses), and the stage stride.
fn row_addresses(what: &str, tv: &[i64], threads: usize, stages: i64) -> Result<(Vec<Vec<i64>>, i64), String> {
    let mut rows = Vec::new();
    let mut stride = 0;
    for t in 0..threads {
        let row = tv_row(tv, threads, t);
        let half = row.len() / stages as usize;
        stride = row[half] - row[0];
        if (1..stages as usize).any(|p| (0..half).any(|j| row[p * half + j] != row[j] + p as i64 * stride)) {
            return Err(format!("{what}: thread {t}'s stages are not one stride apart"));
        }
        rows.push(row[..half].iter().step_by(STSM_VALS).copied().collect::<Vec<i64>>());
    }
    Ok((rows, stride))
}

/// `[e][w]`: the accumulator that register-side value `w` of a copy carries in sub-tile `e`: the
/// value's sub-tile coordinate (a `tidfrg` table over `make_layout(EpilogueTile)`), placed in the
/// CTA tile by `zipped_divide` (`epi`), is one of the thread's accumulators (`thrfrg_C`). Required
/// to be the same for every thread.
fn acc_map(what: &str, tv: &[i64], epi: &[i64], sub: usize, acc_crd: &[Vec<i64>]) -> Result<Vec<Vec<i64>>, String> {
    let threads = acc_crd.len();
    let mut out = Vec::new();
    for e in 0..epi.len() / sub {
        let mut first: Option<Vec<i64>> = None;
        for (t, crds) in acc_crd.iter().enumerate() {
            let regs = tv_row(tv, threads, t)
                .iter()
                .map(|&c| {
                    let crd = epi[c as usize + sub * e];
                    crds.iter().position(|&x| x == crd).map(|r| r as i64).ok_or_else(|| {
                        format!("{what}: thread {t} would move C element {crd} of sub-tile {e}, which is not one of its accumulators")
                    })
                })
                .collect::<Result<Vec<i64>, String>>()?;
            match &first {
                None => first = Some(regs),
                Some(f) if *f != regs => return Err(format!("{what}: thread {t}'s accumulator order differs from thread 0's in sub-tile {e}")),
                _ => {}
            }
        }
        out.push(first.unwrap_or_default());
    }
    Ok(out)
}

/// The tables of the `sm90` configuration ([`tables_of`]).
pub fn tables() -> Result<Tables, String> {
    tables_of::<crate::sm90::Sm90>()
}

/// The tables of configuration `C`.
pub fn tables_of<C: Sm90Types>() -> Result<Tables, String> {
    let tx = C::texts();
    let threads = C::THREADS;
    let (ts, _) = flat(&tx.cta_tiler);
    let (bm, bn, bk) = (ts[0], ts[1], ts[2]);
    let stages = flat(&tx.stages).0[0];
    let sw_ab = hw_swizzle(&tx.smem_atom_a)?;
    let sw_d = hw_swizzle(&tx.smem_atom_d)?;
    // the tensor maps' modes are the configuration's (`Sm90Checked` proves that they are the
    // smem layouts' swizzles; the header passes them to cuTensorMapEncodeTiled)
    {
        type Cfg<C> = <C as Sm90Types>::Cfg;
        let modes = [
            ("A", <<Cfg<C> as Sm90Config>::TmaSwizzleA as TmaSwizzleMode>::MODE, sw_ab.1),
            ("B", <<Cfg<C> as Sm90Config>::TmaSwizzleB as TmaSwizzleMode>::MODE, sw_ab.1),
            ("D", <<Cfg<C> as Sm90Config>::TmaSwizzleD as TmaSwizzleMode>::MODE, sw_d.1),
        ];
        for (what, mode, from_layout) in modes {
            if i64::from(mode) != from_layout {
                return Err(format!("the TMA mode of {what} ({mode}) is not its smem layout's swizzle ({from_layout})"));
            }
        }
    }
    let box_d = flat(&tx.box_d).0;
    let sd = C::sd();
    let stages_ab = C::operand_stages();
    // the configuration's own stages are the K-major ones (TN)
    if stages_ab[0].0 != tx.sa.text() || stages_ab[2].0 != tx.sb.text() {
        return Err(format!("sA(_,_,0) {} / sB(_,_,0) {} are not the K-major stages {} / {}", tx.sa.text(), tx.sb.text(), stages_ab[0].0, stages_ab[2].0));
    }
    // clusters along M share B: CTA r of the cluster loads rows [r * n/c, (r+1) * n/c) of B's
    // K-major box, which start at sB(_,_,0)(r * n/c, 0)
    let box_b = flat(&tx.box_b).0;
    let cl = flat(&tx.cluster).0;
    if cl.len() != 3 || cl[1] != 1 || cl[2] != 1 || cl[0] < 1 || box_b[0] % cl[0] != 0 {
        return Err(format!("ClusterShape {}: the kernel takes clusters (c,1,1) with c dividing B's box ({})", tx.cluster.text(), box_b[0]));
    }
    let cluster_m = cl[0];
    let box_b_mcast = (box_b[0] / cluster_m, box_b[1]);
    let mcast_b: Vec<(i64, i64)> = (0..cluster_m).map(|r| (r * box_b_mcast.0, stages_ab[2].1[(r * box_b_mcast.0) as usize] * ELEM)).collect();

    let [vmnk, thrfrg_a, layout_a_tv, thrfrg_b, layout_b_tv, thrfrg_c, frag] = C::mma();
    if vmnk.len() != threads || threads % WARPGROUP != 0 {
        return Err(format!("size(mma) is {}, NUM_THREADS {threads}: not a whole number of warpgroups", vmnk.len()));
    }
    // the TiledMMA's tile (M,N,K), e.g. (_128,_256,_16) for two 64x256x16 warpgroups along M
    let (mma_tile, _) = flat(&tx.mma_tile);
    // thrfrg_A's threads are (ThrV,(ThrM,ThrK)), thrfrg_B's (ThrV,(ThrN,ThrK)), thrfrg_C's
    // (ThrV,(ThrM,ThrN)) (CuTe's thr_mma.partition_A/B/C take those modes of thr_vmnk)
    let vs = flat(&tx.vmnk).0;
    if vs.len() != 4 || (0..threads).any(|t| vmnk[t] != t as i64) {
        return Err(format!("thr_layout_vmnk {} is not a compact (V,M,N,K) layout", tx.vmnk.text()));
    }
    let row_a = |t: usize| vmnk_coord(&vmnk, &vs, t).map(|[v, m, _, k]| (v + vs[0] * (m + vs[1] * k)) as usize);
    let row_b = |t: usize| vmnk_coord(&vmnk, &vs, t).map(|[v, _, n, k]| (v + vs[0] * (n + vs[2] * k)) as usize);
    let row_c = |t: usize| vmnk_coord(&vmnk, &vs, t).map(|[v, m, n, _]| (v + vs[0] * (m + vs[1] * n)) as usize);
    let (rows_a, rows_b, rows_c) = ((vs[0] * vs[1] * vs[3]) as usize, (vs[0] * vs[2] * vs[3]) as usize, (vs[0] * vs[1] * vs[2]) as usize);
    let (blocks_a, atom_a) = gmma_blocks(&thrfrg_a, rows_a, row_a, threads, &layout_a_tv, mma_tile[0])?;
    let (blocks_b, atom_b) = gmma_blocks(&thrfrg_b, rows_b, row_b, threads, &layout_b_tv, mma_tile[1])?;
    // one wgmma's N: the extent of thread 0's B values (the atom's; the warpgroups are along M)
    let atom_n = atom_b.iter().map(|&(n, _)| n).max().unwrap_or(0) + 1;
    // blocks are (REST_M, REST_K) colexicographic: m fastest
    let mma_k = (bk / mma_tile[2]) as usize;
    let mma_m = blocks_a[0].len() / mma_k;
    let n_per_k = blocks_b[0].len() / mma_k;
    if n_per_k != 1 {
        return Err(format!("GMMA B: {n_per_k} wgmma blocks along N per k-block; the kernel issues one (the atom's N is the CTA's)"));
    }
    // each operand in each major: the stage, its TMA boxes, its descriptors
    let span = sw_ab.3;
    let mut ops = Vec::new();
    for ((name, is_a, mn), (text, smem, inner)) in OPERANDS.into_iter().zip(stages_ab) {
        let rows = if is_a { bm } else { bn };
        let at = |r: i64, k: i64| inner[(r + rows * k) as usize] * ELEM;
        // the swizzle pattern's width in elements along its contiguous dimension
        let w = span / ELEM;
        let (box_dims, boxes, pitch, sbo, lbo) = if mn {
            // MN-major: (w, bK) boxes, one per w rows, box j at the stage's (w j, 0); the
            // descriptor's ((w,n),(8,k)):((1,LBO),(pitch/2,SBO))
            if rows % w != 0 || bk > 256 {
                return Err(format!("{name}: {rows} rows are not a whole number of {w}-wide MN slices, or bK {bk} > 256"));
            }
            let boxes = (0..rows / w).map(|j| (w * j, smem[(w * j) as usize] * ELEM)).collect();
            let lbo = if rows > w { at(w, 0) - at(0, 0) } else { rows * bk * ELEM };
            ((w, bk), boxes, at(0, 1) - at(0, 0), at(0, 8) - at(0, 0), lbo)
        } else if !is_a && cluster_m > 1 {
            ((box_b_mcast.1, box_b_mcast.0), mcast_b.clone(), at(1, 0) - at(0, 0), at(8, 0) - at(0, 0), at(0, 8) - at(0, 0))
        } else {
            // K-major: one (rows, bK) box (bK = the swizzle span), the descriptor's
            // ((8,n),2):((pitch,SBO),..) with k contiguous
            ((bk, rows), vec![(0, 0)], at(1, 0) - at(0, 0), at(8, 0) - at(0, 0), at(0, 8) - at(0, 0))
        };
        let sm = &smem;
        let gmma_off: Vec<Vec<i64>> = if is_a {
            blocks_a.iter().flat_map(|bl| (0..mma_m).map(move |m| (0..mma_k).map(|k| sm[bl[m + mma_m * k][0] as usize] * ELEM).collect::<Vec<i64>>())).collect()
        } else {
            blocks_b.iter().map(|bl| (0..mma_k).map(|k| smem[bl[k][0] as usize] * ELEM).collect()).collect()
        };
        ops.push(Operand { name, is_a, mn, rows, text, smem, box_dims, boxes, pitch, sbo, lbo, gmma_off });
    }

    // accumulators: thread t's row of thrfrg_C, in the compact register order of the fragment
    let acc_crd: Vec<Vec<i64>> = (0..threads).map(|t| row_c(t).map(|f| tv_row(&thrfrg_c, rows_c, f))).collect::<Result<_, _>>()?;
    let acc_per_mma = C::acc_per_mma();
    let frag_c: Vec<i64> = (0..mma_m as i64).map(|m| frag[(acc_per_mma * m) as usize]).collect();

    // epilogue
    let (es, _) = flat(&tx.epi_tile);
    let (em, en) = (es[0], es[1]);
    let [epi, r2s_d, r2s_s, s2r_s, s2r_d] = C::epilogue();
    let sub = (em * en) as usize;
    let n_epi = epi.len() / sub;
    let epi_origin: Vec<(i64, i64)> = (0..n_epi).map(|e| (epi[sub * e] % bm, epi[sub * e] / bm)).collect();
    let epi_stages = flat(&tx.stages_cd).0[0];
    if tx.sc.tokens() != tx.sd.tokens() {
        return Err(format!("sC(_,_,0) {} is not sD(_,_,0) {}: the kernel loads C with D's box and reads it through D's tables", tx.sc.text(), tx.sd.text()));
    }
    let reuse_c = <<C::Cfg as Sm90Config>::ReuseSmemC as crate::kernel::sm90::EpiBuffers>::REUSE;
    // R2S: the stmatrix side is tidfrg_D over sD, the register side tidfrg_S; S2R of C (ldmatrix)
    // the other way round over sC
    let (r2s_smem, r2s_stage) = row_addresses("R2S", &r2s_d, threads, epi_stages)?;
    let r2s_acc = acc_map("R2S", &r2s_s, &epi, sub, &acc_crd)?;
    let (s2r_smem, s2r_stage) = row_addresses("S2R", &s2r_s, threads, epi_stages)?;
    let s2r_acc = acc_map("S2R", &s2r_d, &epi, sub, &acc_crd)?;
    if s2r_stage != r2s_stage {
        return Err(format!("the stages of sC ({s2r_stage}) and sD ({r2s_stage}) are not alike"));
    }

    Ok(Tables {
        name: <C::Cfg as Sm90Config>::NAME,
        about: C::ABOUT,
        threads,
        tile: (bm, bn, bk),
        stages,
        sw_ab,
        sw_d,
        sd,
        sd_text: tx.sd.text(),
        sd_flat: flat(&tx.sd),
        ops,
        box_d: (box_d[0], box_d[1]),
        cluster_m,
        box_b_mcast,
        mcast_b,
        mma_tile: (mma_tile[0], mma_tile[1], mma_tile[2]),
        atom_n,
        mma_m,
        mma_k,
        gmma_blocks_a: blocks_a,
        gmma_blocks_b: blocks_b,
        atom_a,
        atom_b,
        acc_crd,
        frag,
        frag_c,
        acc_per_mma,
        epi_tile: (em, en),
        epi_tiles: (bm / em, bn / en),
        epi_stages,
        reuse_c,
        epi_origin,
        r2s_smem,
        r2s_stage,
        r2s_acc,
        s2r_smem,
        s2r_acc,
    })
}

/// The accumulators' coordinates as a thread's first plus a per-register offset: `(kAccM, kAccN)`,
/// the row and column offset of accumulator `r` from accumulator 0, the same for every thread
/// (true of a TV layout whose value modes do not carry into the thread modes' rows and columns);
/// `Err` names a thread and register where it is not.
pub fn acc_split(t: &Tables) -> Result<(Vec<i64>, Vec<i64>), String> {
    let bm = t.tile.0;
    let mn = |c: i64| (c % bm, c / bm);
    let first = &t.acc_crd[0];
    let (m0, n0) = mn(first[0]);
    let (dm, dn): (Vec<i64>, Vec<i64>) = first.iter().map(|&c| (mn(c).0 - m0, mn(c).1 - n0)).unzip();
    for (th, crds) in t.acc_crd.iter().enumerate() {
        let (mt, nt) = mn(crds[0]);
        for (r, &c) in crds.iter().enumerate() {
            if mn(c) != (mt + dm[r], nt + dn[r]) {
                return Err(format!("accumulator {r} of thread {th} is at {:?}, not its first {:?} + {:?}", mn(c), (mt, nt), (dm[r], dn[r])));
            }
        }
    }
    Ok((dm, dn))
}

/// The header text of the `sm90` configuration.
pub fn header() -> String {
    header_of::<crate::sm90::Sm90>()
}

/// The header text of configuration `C`.
pub fn header_of<C: Sm90Types>() -> String {
    header_with_values::<C>().0
}

/// The header text of configuration `C` and its values ([`super::Values`]).
pub fn header_with_values<C: Sm90Types>() -> (String, super::Values) {
    let name = <C::Cfg as Sm90Config>::NAME;
    let mut h = Header::new(name, C::ABOUT);
    let t = match tables_of::<C>() {
        Ok(t) => t,
        Err(e) => {
            h.comment(&format!("ERROR {e}"));
            return h.finish_with_values();
        }
    };
    let (bm, bn, bk) = t.tile;
    let wgs = t.threads / WARPGROUP;
    h.comment("Tiles and threads");
    h.int("kThreads", t.threads as i64, "size(mma): the consumer threads that hold one tile's accumulators");
    h.int("kMmaWarpGroups", wgs as i64, "size(mma) / 128: warpgroups of the TiledMMA (1: the kernel runs two consumers in ping-pong; 2: one cooperative consumer)");
    h.int("kTileM", bm, "bM");
    h.int("kTileN", bn, "bN");
    h.int("kTileK", bk, "bK");
    h.int("kStages", t.stages, "bP");

    h.comment("Shared memory of one stage of sA and of sB (halves; the swizzle on byte addresses needs a 1024-byte aligned stage)");
    h.int("kSwizzleB", t.sw_ab.0, "Sw<B,4,3> on byte addresses of the GMMA smem atoms of A and B (Layout_K_SW128_Atom<half_t>, Layout_MN_SW128_Atom<half_t>)");
    let (a_k, b_k) = (&t.ops[0], &t.ops[2]);
    h.int("kStageBytesA", a_k.smem.len() as i64 * ELEM, "bytes per stage of sA: cosize(sA(_,_,0)) * sizeof(half_t), either major");
    h.int("kStageBytesB", b_k.smem.len() as i64 * ELEM, "bytes per stage of sB");
    h.int("kClusterM", t.cluster_m, "size<0>(ClusterShape): CTAs of a cluster along M, which share B (TMA multicast; K-major B only)");
    h.const_table(
        "kTmaMcastB",
        "kTmaMcastB[r][]: {N origin in the tile, start byte in a stage of sB} of the slice of K-major B that CTA r of the cluster loads (sB(_,_,0) at (N origin, 0))",
        &t.mcast_b.iter().map(|&(n, b)| vec![n, b]).collect::<Vec<_>>(),
    );
    h.int("kTmaSwizzleA", t.sw_ab.1, "CUtensorMapSwizzle of sA's Sw<B,4,3>: 3 = CU_TENSOR_MAP_SWIZZLE_128B");
    h.int("kTmaSwizzleB", t.sw_ab.1, "");
    h.int("kTmaBytesA", a_k.smem.len() as i64 * ELEM, "bytes of A arriving per stage (all its boxes; the mbarrier's transaction count adds A's and B's)");
    h.int("kTmaBytesB", b_k.smem.len() as i64 * ELEM, "bytes of B arriving per stage (all kClusterM slices)");
    h.comment(&format!("GMMA (wgmma m64n{}k16, A and B from smem descriptors), per warpgroup of the TiledMMA", t.atom_n));
    h.int("kGmmaLayoutType", t.sw_ab.2, "descriptor bits [62,64): 1 = SWIZZLE_128B (from Sw<3,4,3>)");
    h.int("kAtomN", t.atom_n, "N of one wgmma (the atom's)");
    let (wgmma_ptx, wgmma_regs, wgmma_f32) = C::wgmma();
    if wgmma_f32 && wgmma_regs as i64 == t.acc_per_mma {
        h.define_str(
            "WGMMA_PTX",
            wgmma_ptx,
            "the GMMA atom's instruction: TYCUTE_WGMMA_SS(PTX, TYCUTE_<config>_WGMMA_ACC, d, desc_a, desc_b, accumulate, tnsp_a, tnsp_b) (kernels/include/tycute/arch/wgmma.cuh) issues it",
        );
        h.define_int("WGMMA_ACC", wgmma_regs as i64);
    } else {
        h.comment(&format!("ERROR the GMMA atom ({wgmma_ptx}) has {wgmma_regs} accumulator registers (f32: {wgmma_f32}), the accumulators {} per wgmma: the kernel issues f32 ones", t.acc_per_mma));
    }
    h.int("kMmaM", t.mma_m as i64, "MMA_M: wgmma m64 blocks of one warpgroup per CTA tile");
    h.int("kMmaK", t.mma_k as i64, "MMA_K: k16 blocks per stage");
    for op in &t.ops {
        let (x, mn) = (if op.is_a { "A" } else { "B" }, if op.is_a { "M" } else { "N" });
        let n = op.name;
        if op.mn {
            h.comment(&format!(
                "{x} {mn}-major ({n}): sX(_,_,0) = {}; the tensor map's dimensions are ({mn}, K, batch), one ({}, {}) box per {} rows; wgmma imm-trans-{} = 1",
                op.text,
                op.box_dims.0,
                op.box_dims.1,
                op.box_dims.0,
                x.to_lowercase()
            ));
        } else {
            h.comment(&format!("{x} K-major ({n}): sX(_,_,0) = {}; the tensor map's dimensions are (K, {mn}, batch); wgmma imm-trans-{} = 0", op.text, x.to_lowercase()));
        }
        h.int(&format!("kMn{n}"), i64::from(op.mn), "1: MN-major (the wgmma transpose bit)");
        h.const_table(&format!("kTmaBox{n}"), &format!("kTmaBox{n}[0][]: {{inner, outer}} extents of the TMA box (cuTensorMapEncodeTiled's order)"), &[vec![op.box_dims.0, op.box_dims.1]]);
        h.int(&format!("kTmaBoxes{n}"), op.boxes.len() as i64, "boxes per stage (of this CTA: a cluster's slices of K-major B are one per CTA)");
        h.const_table(
            &format!("kTmaBoxOff{n}"),
            &format!("kTmaBoxOff{n}[j][]: {{{mn} origin in the tile, start byte in the stage}} of box j (the stage's element ({mn} origin, 0))"),
            &op.boxes.iter().map(|&(o, b)| vec![o, b]).collect::<Vec<_>>(),
        );
        h.int(&format!("kGmmaLbo{n}"), op.lbo, if op.mn { "leading byte offset (bits [16,30) hold it >> 4): distance of the 64-wide MN slices" } else { "leading byte offset: distance of k = 0 and k = 8, unused by swizzled K-major layouts" });
        h.int(&format!("kGmmaSbo{n}"), op.sbo, if op.mn { "stride byte offset (bits [32,46) hold it >> 4): distance of k = 0 and k = 8" } else { "stride byte offset: distance of rows 0 and 8" });
        if op.is_a {
            h.const_table(
                &format!("kGmmaOff{n}"),
                &format!("kGmmaOff{n}[wg * kMmaM + m][k]: start byte of the A block of warpgroup wg's wgmma (m, k) in a stage (thrfrg_A(mma, (bM,bK)) through the stage)"),
                &op.gmma_off,
            );
        } else {
            h.const_table(&format!("kGmmaOff{n}"), &format!("kGmmaOff{n}[wg][k]: start byte of warpgroup wg's k-block k of B in a stage"), &op.gmma_off);
        }
    }

    h.comment("Accumulators: tCrC = partition_fragment_C(mma, (bM,bN)), compact; wgmma block m uses registers kFragC[0][m] .. + kAccPerMma");
    h.int("kAccumulators", t.acc_crd[0].len() as i64, "f32 accumulators per thread");
    h.int("kAccPerMma", t.acc_per_mma, "d registers of one wgmma (its value order is the atom's layoutC_TV)");
    h.const_table("kFragC", "kFragC[0][m]: first accumulator of wgmma block m", &[t.frag_c.clone()]);
    h.table("acc_crd", "(t, r) -> m + kTileM*n of accumulator r of thread t (thrfrg_C)", &t.acc_crd);
    match acc_split(&t) {
        Ok((m, n)) => {
            h.comment("The accumulators' (m, n) split per thread and per register (check: acc_split): accumulator r of thread t is at row acc_crd[t][0] % kTileM + kAccM[0][r], column acc_crd[t][0] / kTileM + kAccN[0][r] (the bias reads these: compile-time offsets from one base per thread)");
            h.const_table("kAccM", "kAccM[0][r]: row of accumulator r relative to the thread's first", &[m]);
            h.const_table("kAccN", "kAccN[0][r]: column of accumulator r relative to the thread's first", &[n]);
        }
        Err(e) => h.comment(&format!("no kAccM / kAccN: {e}")),
    }

    h.comment("Epilogue: sub-tiles of D; accumulators -> stmatrix.x4 into swizzled sD -> TMA store");
    let (em, en) = t.epi_tile;
    h.int("kEpiM", em, "EpilogueTile");
    h.int("kEpiN", en, "");
    h.int("kEpiTiles", t.epi_origin.len() as i64, "sub-tiles of the CTA tile (zipped_divide((bM,bN), EpilogueTile), m fastest)");
    h.int("kEpiStages", t.epi_stages, "StagesD");
    h.int("kReuseSmemC", i64::from(t.reuse_c), "ReuseSmemC: 1 stores D through the stage C was loaded into (one buffer of kEpiStages stages per consumer), 0 keeps sC and sD apart");
    let (shape, stride) = t.sd_flat.clone();
    h.layout("sD", &t.sd_text, &shape, &stride);
    h.int("kEpiStageElems", t.r2s_stage, "halves between the stages of sD");
    h.int("kEpiSwizzleB", t.sw_d.0, "Sw<B,4,3> on byte addresses of GMMA::Layout_K_SW64_Atom<half_t>");
    h.const_table("kTmaBoxD", "kTmaBoxD[0][]: {N extent, M extent} of the TMA store box, product_each(shape(sD(_,_,0))) reversed", &[vec![t.box_d.1, t.box_d.0]]);
    h.int("kTmaSwizzleD", t.sw_d.1, "CUtensorMapSwizzle of sD: 2 = CU_TENSOR_MAP_SWIZZLE_64B");
    h.const_table("kEpiOrigin", "kEpiOrigin[e][]: {m, n} of sub-tile e's first element in the CTA tile", &t.epi_origin.iter().map(|&(m, n)| vec![m, n]).collect::<Vec<_>>());
    h.int("kR2SCopies", t.r2s_smem[0].len() as i64, "stmatrix.x4 per thread and sub-tile");
    h.table("r2s_smem", "(t, i) -> the row address (halves, stage 0 of sD) thread t gives its i-th stmatrix.x4 of a sub-tile (tidfrg_D(tiled_r2s, sD_epi))", &t.r2s_smem);
    h.comment("C (beta != 0): TMA loads of each sub-tile into sC (the configuration's SmemLayoutC = SmemLayoutD) -> ldmatrix.x4 (tiled_s2r)");
    h.const_table("kTmaBoxC", "kTmaBoxC[0][]: {N extent, M extent} of the TMA load box of C", &[vec![t.box_d.1, t.box_d.0]]);
    h.int("kTmaSwizzleC", t.sw_d.1, "CUtensorMapSwizzle of sC");
    h.int("kTmaBytesC", t.sd.len() as i64 * ELEM, "bytes of one C box");
    h.int("kS2RCopies", t.s2r_smem[0].len() as i64, "ldmatrix.x4 per thread and sub-tile");
    h.table("s2r_smem", "(t, i) -> the row address (halves, stage 0 of sC) thread t gives its i-th ldmatrix.x4 of a sub-tile (tidfrg_S(tiled_s2r, sC_epi))", &t.s2r_smem);
    h.const_table(
        "kS2RAcc",
        "kS2RAcc[e][8*i+v]: the accumulator whose C element value v (register v/2, half v%2) of ldmatrix i brings in sub-tile e (tidfrg_D(tiled_s2r, EpilogueTile) placed by zipped_divide, found in thrfrg_C)",
        &t.s2r_acc,
    );
    h.const_table(
        "kR2SAcc",
        "kR2SAcc[e][8*i+v]: the accumulator of value v (register v/2, half v%2) of stmatrix i in sub-tile e (tidfrg_S(tiled_r2s, EpilogueTile) placed by zipped_divide, found in thrfrg_C)",
        &t.r2s_acc,
    );
    let _ = (bn, name);
    h.finish_with_values()
}

/// What [`check`] verified.
#[derive(Debug, Default)]
pub struct Report {
    pub lines: Vec<String>,
}

fn exactly_once(what: &str, values: impl IntoIterator<Item = i64>, n: usize) -> Result<String, String> {
    let mut seen = vec![0u32; n];
    for v in values {
        let i = usize::try_from(v).ok().filter(|&i| i < n).ok_or_else(|| format!("{what}: {v} is outside 0..{n}"))?;
        seen[i] += 1;
    }
    if let Some(i) = seen.iter().position(|&c| c != 1) {
        return Err(format!("{what}: element {i} is covered {} times (holes or duplicates)", seen[i]));
    }
    Ok(format!("{what}: each of the {n} elements exactly once"))
}

/// Where TMA puts element `(row, col)` of a box with `inner` elements per row and swizzle
/// `Sw<B,4,3>` (bytes from the start of a 1024-byte aligned buffer): rows are `inner * 2` bytes
/// apart, and the 16-byte chunks of a row are permuted by the swizzle.
fn tma_byte(row: i64, col: i64, inner: i64, b: i64) -> i64 {
    swizzle(row * inner * ELEM + col * ELEM, (b, 4, 3))
}

/// Checks one `stmatrix.x4`/`ldmatrix.x4` copy of the epilogue (row addresses `rows[t][i]`,
/// accumulator map `map[e][8i+v]`) the way the hardware moves the halves.
fn matrix_x4(what: &str, t: &Tables, rows: &[Vec<i64>], map: &[Vec<i64>]) -> Result<String, String> {
    let (bm, _, _) = t.tile;
    let (em, en) = t.epi_tile;
    let sub = (em * en) as usize;
    let mut used = vec![vec![0u8; t.acc_crd[0].len()]; t.threads];
    for (e, &(om, on)) in t.epi_origin.iter().enumerate() {
        let mut moved = Vec::new();
        for w in 0..t.threads / 32 {
            for i in 0..rows[0].len() {
                for l in 0..32 {
                    let th = 32 * w + l;
                    for j in 0..4 {
                        let row_addr = rows[32 * w + 8 * j + l / 4][i];
                        if row_addr % 8 != 0 {
                            return Err(format!("{what}: thread {} row address {row_addr} is not 16-byte aligned", 32 * w + 8 * j + l / 4));
                        }
                        for h in 0..2 {
                            let o = row_addr + 2 * (l as i64 % 4) + h;
                            let reg = map[e][STSM_VALS * i + 2 * j + h as usize] as usize;
                            used[th][reg] += 1;
                            let crd = t.acc_crd[th][reg];
                            let (cm, cn) = (crd % bm - om, crd / bm - on);
                            if !(0..em).contains(&cm) || !(0..en).contains(&cn) {
                                return Err(format!("{what}: sub-tile {e} moves thread {th}'s accumulator {reg} (C element {crd}), outside the sub-tile"));
                            }
                            if t.sd[(cm + em * cn) as usize] != o {
                                return Err(format!(
                                    "{what}: sub-tile {e}: thread {th}'s accumulator {reg} (C ({},{})) meets smem offset {o}, the layout has it at {}",
                                    crd % bm, crd / bm, t.sd[(cm + em * cn) as usize]
                                ));
                            }
                            moved.push(o);
                        }
                    }
                }
            }
        }
        exactly_once(&format!("{what} sub-tile {e}"), moved, sub)?;
    }
    if let Some((th, reg)) = used.iter().enumerate().find_map(|(th, u)| u.iter().position(|&c| c != 1).map(|reg| (th, reg))) {
        return Err(format!("{what}: thread {th}'s accumulator {reg} is moved {} times", used[th][reg]));
    }
    Ok(format!(
        "{what}: in each of the {} sub-tiles every accumulator meets the smem offset of its own C element, covering the stage once; every accumulator of every thread once",
        t.epi_origin.len()
    ))
}

/// Interprets the `sm90` header's values as the hardware does and checks them against the layouts.
pub fn check() -> Result<Report, String> {
    check_tables(&tables()?)
}

/// [`check`] for configuration `C`.
pub fn check_of<C: Sm90Types>() -> Result<Report, String> {
    check_tables(&tables_of::<C>()?)
}

/// [`check`] on given tables (a test corrupts them).
pub fn check_tables(t: &Tables) -> Result<Report, String> {
    let mut r = Report::default();
    let (bm, bn, bk) = t.tile;

    // TMA: every box lands exactly where its stage's layout says (the boxes of a stage, or the
    // slices of a cluster's B, fill it once): box element (inner i, outer o) is the stage's
    // (mn, k) = (o, i) K-major, (i, o) MN-major, written at the box's start + the swizzled offset
    // of row o, column i
    for op in &t.ops {
        let what = format!("TMA load {}", op.name);
        let (inner, outer) = op.box_dims;
        if inner * ELEM != t.sw_ab.3 {
            return Err(format!("{what}: the box's inner extent is {} bytes, the swizzle span {}", inner * ELEM, t.sw_ab.3));
        }
        if outer > 256 || inner * outer * op.boxes.len() as i64 != op.smem.len() as i64 {
            return Err(format!("{what}: {} boxes ({inner},{outer}) against a stage of {} elements (a box is at most 256 per dimension)", op.boxes.len(), op.smem.len()));
        }
        let mut bytes = Vec::new();
        for &(origin, start) in &op.boxes {
            if start % 1024 != 0 {
                return Err(format!("{what}: a box starts at byte {start} (the swizzle needs 1024-byte aligned starts)"));
            }
            for o in 0..outer {
                for i in 0..inner {
                    let (mn, k) = if op.mn { (origin + i, o) } else { (origin + o, i) };
                    let want = op.smem[(mn + op.rows * k) as usize] * ELEM;
                    let got = start + tma_byte(o, i, inner, t.sw_ab.0);
                    if got != want {
                        return Err(format!("{what}: TMA writes element ({mn},{k}) at byte {got}, the layout says {want}"));
                    }
                    bytes.push(got / ELEM);
                }
            }
        }
        r.lines.push(exactly_once(&format!("{what} boxes -> smem stage"), bytes, op.smem.len())?);
        r.lines.push(format!("{what}: {} box(es) ({inner},{outer}) with swizzle mode {} put every element where the smem layout type says", op.boxes.len(), t.sw_ab.1));
    }
    {
        let what = "TMA store D";
        let (outer, inner) = t.box_d;
        if inner * ELEM != t.sw_d.3 || outer * inner != t.sd.len() as i64 {
            return Err(format!("{what}: box ({outer},{inner}) against the swizzle span {} and a stage of {} elements", t.sw_d.3, t.sd.len()));
        }
        let mut bytes = Vec::new();
        for c in 0..inner {
            for m in 0..outer {
                let want = t.sd[(m + outer * c) as usize] * ELEM;
                let got = tma_byte(m, c, inner, t.sw_d.0);
                if got != want {
                    return Err(format!("{what}: TMA writes element ({m},{c}) at byte {got}, the layout says {want}"));
                }
                bytes.push(got / ELEM);
            }
        }
        r.lines.push(exactly_once(&format!("{what} box -> smem stage"), bytes, t.sd.len())?);
        r.lines.push(format!("{what}: box ({outer},{inner}) with swizzle mode {} puts every element where the smem layout type says", t.sw_d.1));
    }

    // GMMA: the descriptor's canonical layout swizzled on the address reads, for every value of
    // every wgmma block of every warpgroup, the smem element of the tile coordinate thrfrg_A/B
    // assigns to it. K-major: ((8,n),(w,..)) rows `pitch` apart, groups of 8 rows SBO apart, k
    // contiguous; MN-major: ((w,n),(8,k)) mn contiguous, w-wide slices LBO apart, k `pitch` apart,
    // groups of 8 k SBO apart (w: the swizzle span in elements)
    let (mma_m, mma_k) = (t.mma_m, t.mma_k);
    let wgs = t.threads / WARPGROUP;
    let w = t.sw_ab.3 / ELEM;
    for op in &t.ops {
        let what = format!("GMMA {}", op.name);
        if op.pitch != t.sw_ab.3 || (!op.mn && op.lbo != 16) {
            return Err(format!("{what}: pitch {} (want the swizzle span {}), LBO {} (K-major: want 16 bytes)", op.pitch, t.sw_ab.3, op.lbo));
        }
        let (blocks, atom) = if op.is_a { (&t.gmma_blocks_a, &t.atom_a) } else { (&t.gmma_blocks_b, &t.atom_b) };
        let mut seen_all = Vec::new();
        for wg in 0..wgs {
            let offs: Vec<i64> = if op.is_a {
                (0..mma_k).flat_map(|k| (0..mma_m).map(move |m| (m, k))).map(|(m, k)| op.gmma_off[wg * mma_m + m][k]).collect()
            } else {
                op.gmma_off[wg].clone()
            };
            let mut seen = Vec::new();
            for (b, (block, &start)) in blocks[wg].iter().zip(&offs).enumerate() {
                if start % 16 != 0 || swizzle(start, (t.sw_ab.0, 4, 3)) != start {
                    return Err(format!("{what}: warpgroup {wg} block {b} starts at byte {start}, which the swizzle moves"));
                }
                // the block's values relative to its first element: warpgroup 0's values, moved by
                // the block's start (each warpgroup reads its block through its own descriptor)
                for (v, &crd) in block.iter().enumerate() {
                    let (m, k) = atom[v];
                    let canonical = if op.mn {
                        (m % w) * ELEM + (m / w) * op.lbo + (k % 8) * op.pitch + (k / 8) * op.sbo
                    } else {
                        (m % 8) * op.pitch + (m / 8) * op.sbo + k * ELEM
                    };
                    let got = swizzle(start + canonical, (t.sw_ab.0, 4, 3));
                    let want = op.smem[crd as usize] * ELEM;
                    if got != want {
                        return Err(format!("{what}: warpgroup {wg} block {b} value {v} ({m},{k}) reads byte {got}, the element (tile {crd}) is at {want}"));
                    }
                    seen.push(crd);
                }
            }
            if !op.is_a {
                r.lines.push(exactly_once(&format!("{what} blocks of warpgroup {wg} over the ({},{bk}) tile", op.rows), seen.clone(), (op.rows * bk) as usize)?);
            }
            seen_all.extend(seen);
        }
        if op.is_a {
            r.lines.push(exactly_once(&format!("{what} blocks of the {wgs} warpgroup(s) over the ({},{bk}) tile", op.rows), seen_all, (op.rows * bk) as usize)?);
        }
        r.lines.push(format!("{what}: the descriptor (layout type {}, LBO {}, SBO {}, start kGmmaOff{}) reads every element the MMA expects", t.sw_ab.2, op.lbo, op.sbo, op.name));
    }

    // accumulators: tile once; the fragment is compact; (m, n) = the thread's first + a per-register offset
    r.lines.push(exactly_once("MMA C accumulators", t.acc_crd.iter().flatten().copied(), (bm * bn) as usize)?);
    acc_split(t)?;
    r.lines.push("MMA C accumulators: (m, n) of accumulator r of thread t = (m, n) of its first + (kAccM, kAccN)[r], every thread".into());
    if t.frag.iter().enumerate().any(|(i, &x)| x != i as i64) {
        return Err("accumulators: the fragment is not compact".into());
    }

    // epilogue: stmatrix.x4 (R2S into sD) and ldmatrix.x4 (S2R from sC, the same layout) as the
    // hardware does them, per warp: lanes 8j..8j+7 give the row addresses of matrix j; lane l's
    // register j holds row l/4, halves 2(l%4), 2(l%4)+1 of matrix j
    for (what, rows, map) in [("R2S (stmatrix.x4 -> sD)", &t.r2s_smem, &t.r2s_acc), ("S2R (ldmatrix.x4 <- sC)", &t.s2r_smem, &t.s2r_acc)] {
        r.lines.push(matrix_x4(what, t, rows, map)?);
    }
    let (em, en) = t.epi_tile;
    let origins: Vec<i64> = t.epi_origin.iter().flat_map(|&(m, n)| (0..en).flat_map(move |c| (0..em).map(move |rr| m + rr + bm * (n + c)))).collect();
    r.lines.push(exactly_once("TMA store D: sub-tile boxes over the CTA tile", origins, (bm * bn) as usize)?);
    Ok(r)
}
