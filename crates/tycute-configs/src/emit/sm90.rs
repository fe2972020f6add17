//! `sm90.h`: the values of the sm90 configuration ([`crate::sm90`]) that its TMA + GMMA kernel
//! needs, and [`check`], which interprets them the way the hardware does (TMA's swizzled box
//! writes, the GMMA descriptor's canonical layout, `stmatrix`'s row addresses).
//!
//! | value | type | meaning |
//! |---|---|---|
//! | `kTmaBoxA[2]`, `kTmaSwizzleA` | `product_each(shape(sA(_,_,0)))`, the smem atom's `Sw<B,4,3>` | the box of `cuTensorMapEncodeTiled` (innermost first) and its `CUtensorMapSwizzle` |
//! | `kGmma*A`, `kGmmaOffA[m][k]` | the stage's layout (`sA(_,_,0)`), `thrfrg_A(mma, (bM,bK))` | descriptor fields (layout type, LBO, SBO) and each wgmma's start byte in a stage |
//! | `acc_crd[t][r]` | `thrfrg_C(mma, make_layout((bM,bN)))` | accumulator `r` of thread `t` as `m + kTileM*n` |
//! | `r2s_smem[t][i]` | `tidfrg_D(tiled_r2s, sD_epi)` | the `stmatrix.x4` row address thread `t` gives its `i`-th store of a sub-tile |
//! | `kR2SAcc[e][8*i+v]` | `tidfrg_S(tiled_r2s, make_layout(EpilogueTile))`, `zipped_divide((bM,bN), EpilogueTile)`, `thrfrg_C` | the accumulator that value `v` of store `i` of sub-tile `e` carries (the same for every thread) |
//! | `s2r_smem[t][i]`, `kS2RAcc[e][8*i+v]` | `tidfrg_S(tiled_s2r, sC_epi)`, `tidfrg_D(tiled_s2r, make_layout(EpilogueTile))` | the same for the `ldmatrix.x4` loads of C |
//! | `kTmaBoxD[2]`, `kTmaSwizzleD`, `kEpiOriginM/N[e]` | `product_each(shape(sD(_,_,0)))`, `Sw<2,4,3>`, `zipped_divide` | the TMA store of each sub-tile |

use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::typenum::Z0;
use tycute_layout::{show, table, AsPositionIndependent, LayoutAt, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::{TidfrgD, TidfrgS};
use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC, TileShape};
use typenum::Integer;

use super::{flat, swizzle_bms, Header};
use crate::rows::tv_row;
use crate::sm90::{
    Accumulators, CoordMN, CtaTiler, EpilogueTile, InnerLayout, Mma, SmemAtomA, SmemAtomD, SmemLayoutAStage, Stages, StagesCD,
    TiledR2S, TiledS2R, TmaBoxA, SC, SD, NUM_THREADS, TMA_BOX_BYTES,
};

/// `(m,k)` of one stage of A (`m + bM*k`), and `(n,k)` of B.
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// One stage of sB (the same atom and shape as sA).
pub type SmemLayoutBStage = SmemLayoutAStage;
/// One stage of the epilogue's D buffer, `sD_epi(_,_,0)`: `Sw<2,3,3> o _0 o ((_8,_8),(_32,_1)):((_32,_256),(_1,_0))`.
pub type SmemLayoutDStage = AsPositionIndependent<TileToShape<SmemAtomD, EpilogueTile>>;
/// The TMA box of D: `product_each(shape(sD(_,_,0)))` = `(_64,_32)` (M, N).
pub type TmaBoxD = ProductEach<ShapeOf<InnerLayout<SmemLayoutDStage>>>;
/// `(m,n)` inside one epilogue sub-tile (`m + EPI_M*n`).
pub type CoordEpi = MakeLayoutLeft<EpilogueTile>;
/// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`: `((EPI_M,EPI_N),(EPI_M_tiles,EPI_N_tiles))`,
/// the CTA coordinate `m + bM*n` of each sub-tile's elements.
pub type EpiTiles = ZippedDivide<CoordMN, EpilogueTile>;

fn int<T: Integer>() -> i64 {
    T::I64
}

/// CuTe's `Swizzle<B,M,S>` applied to `x`.
fn swizzle(x: i64, (b, m, s): (i64, i64, i64)) -> i64 {
    let mask = ((1i64 << b) - 1) << (m + s);
    x ^ ((x & mask) >> s)
}

/// The byte-level swizzle of a GMMA smem atom (`Sw<B,4,3> o smem_ptr[16b] o ..`) as the hardware
/// names it: `(B, CUtensorMapSwizzle, GMMA layout type, swizzle span in bytes)`. TMA and GMMA
/// know exactly the swizzles `Sw<B,4,3>` (16-byte units permuted within `16 << B`-byte rows):
/// `CU_TENSOR_MAP_SWIZZLE_{NONE,32B,64B,128B}` = 0..3 = B, GMMA `INTERLEAVE, B128, B64, B32` =
/// 0, 1, 2, 3.
pub fn hw_swizzle(atom_text: &str) -> Result<(i64, i64, i64, i64), String> {
    let (b, m, s) = swizzle_bms(atom_text).ok_or_else(|| format!("`{atom_text}` is not swizzled"))?;
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
    pub tile: (i64, i64, i64),
    pub stages: i64,
    /// `(B,M,S)` on bytes, the `CUtensorMapSwizzle`, the GMMA layout type and the span, of sA/sB and of sD.
    pub sw_ab: (i64, i64, i64, i64),
    pub sw_d: (i64, i64, i64, i64),
    /// `sA(_,_,0)` / `sD(_,_,0)`: offsets (halves, swizzled) by `m + rows*k`.
    pub sa: Vec<i64>,
    pub sd: Vec<i64>,
    /// TMA boxes (M or N, K or N): outer, inner extents.
    pub box_a: (i64, i64),
    pub box_d: (i64, i64),
    /// GMMA: row pitch (bytes between rows 0 and 1 of a block), SBO (rows 0 and 8), LBO (k = 0 and 8).
    pub gmma_pitch: i64,
    pub gmma_sbo: i64,
    pub gmma_lbo: i64,
    /// `[mma_m][k_block]`: start byte of each wgmma's A block in a stage; `[k_block]` for B.
    pub gmma_off_a: Vec<Vec<i64>>,
    pub gmma_off_b: Vec<i64>,
    /// The tile coordinates (`m + bM*k`) of each wgmma's A block, by value of `layoutA_TV`; B alike.
    gmma_blocks_a: Vec<Vec<i64>>,
    gmma_blocks_b: Vec<Vec<i64>>,
    /// `(m', k')` of value `v` of the GMMA atom's A (and B) operand (`layoutA_TV` of thread 0).
    atom_a: Vec<(i64, i64)>,
    atom_b: Vec<(i64, i64)>,
    pub acc_crd: Vec<Vec<i64>>,
    pub frag_c: Vec<i64>,
    pub acc_per_mma: i64,
    pub epi_tile: (i64, i64),
    pub epi_tiles: (i64, i64),
    pub epi_stages: i64,
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

/// `[mma block][value]` of a `thrfrg_A/B` table (thread 0; every thread of the warpgroup sees the
/// same, `layoutA_TV`'s thread stride is 0, checked), and the tile's `(rows, k)` per atom value.
fn gmma_blocks(thrfrg: &[i64], n_thr: usize, atom_tv: &[i64], atom_rows: i64) -> Result<(Vec<Vec<i64>>, Vec<(i64, i64)>), String> {
    let row0 = tv_row(thrfrg, n_thr, 0);
    for t in 1..n_thr {
        if tv_row(thrfrg, n_thr, t) != row0 {
            return Err(format!("GMMA SS operand: thread {t} sees other elements than thread 0"));
        }
    }
    let vals = atom_tv.len() / n_thr;
    let atom: Vec<(i64, i64)> = (0..vals).map(|v| (atom_tv[n_thr * v] % atom_rows, atom_tv[n_thr * v] / atom_rows)).collect();
    Ok((row0.chunks(vals).map(<[i64]>::to_vec).collect(), atom))
}

/// Per thread, the first offset of each 8-value (16-byte) vector of stage 0 of a `tidfrg` table
/// over a staged epilogue buffer (the `stmatrix`/`ldmatrix` row addresses), and the stage stride.
fn row_addresses(what: &str, tv: &[i64], stages: i64) -> Result<(Vec<Vec<i64>>, i64), String> {
    let mut rows = Vec::new();
    let mut stride = 0;
    for t in 0..NUM_THREADS {
        let row = tv_row(tv, NUM_THREADS, t);
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
    let mut out = Vec::new();
    for e in 0..epi.len() / sub {
        let mut first: Option<Vec<i64>> = None;
        for (t, crds) in acc_crd.iter().enumerate() {
            let regs = tv_row(tv, NUM_THREADS, t)
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

/// The tables of the configuration.
pub fn tables() -> Result<Tables, String> {
    let (ts, _) = flat(&show::<CtaTiler>());
    let (bm, bn, bk) = (ts[0], ts[1], ts[2]);
    let stages = flat(&show::<Stages>()).0[0];
    let sw_ab = hw_swizzle(&show::<SmemAtomA>())?;
    let sw_d = hw_swizzle(&show::<SmemAtomD>())?;
    // the tensor maps' modes are the configuration's (`Sm90Checked` proves that they are the
    // smem layouts' swizzles; the header passes them to cuTensorMapEncodeTiled)
    {
        use crate::kernel::sm90::{Sm90Config, TmaSwizzleMode};
        type Cfg = crate::sm90::Sm90;
        let modes = [
            ("A", <<Cfg as Sm90Config>::TmaSwizzleA as TmaSwizzleMode>::MODE, sw_ab.1),
            ("B", <<Cfg as Sm90Config>::TmaSwizzleB as TmaSwizzleMode>::MODE, sw_ab.1),
            ("D", <<Cfg as Sm90Config>::TmaSwizzleD as TmaSwizzleMode>::MODE, sw_d.1),
        ];
        for (what, mode, from_layout) in modes {
            if i64::from(mode) != from_layout {
                return Err(format!("the TMA mode of {what} ({mode}) is not its smem layout's swizzle ({from_layout})"));
            }
        }
    }
    let box_a = flat(&show::<TmaBoxA>()).0;
    let box_d = flat(&show::<TmaBoxD>()).0;
    let sa = table::<SmemLayoutAStage>();
    let sd = table::<SmemLayoutDStage>();

    // GMMA: the descriptor's strides, read off the stage's (unswizzled) layout at (1,0), (8,0), (0,8)
    let inner = table::<InnerLayout<SmemLayoutAStage>>();
    let at = |m: i64, k: i64| inner[(m + bm * k) as usize] * ELEM;
    let (gmma_pitch, gmma_sbo, gmma_lbo) = (at(1, 0) - at(0, 0), at(8, 0) - at(0, 0), at(0, 8) - at(0, 0));

    let vmnk = table::<ThrLayoutVMNK<Mma>>().len();
    // the atom's tile (M,N,K) = (_64,_128,_16)
    let (atom_mnk, _) = flat(&show::<TileShape<Mma>>());
    let (blocks_a, atom_a) = gmma_blocks(&table::<ThrfrgA<Mma, CoordMK>>(), vmnk, &table::<GetLayoutA_TV<Mma>>(), atom_mnk[0])?;
    let (blocks_b, atom_b) = gmma_blocks(&table::<ThrfrgB<Mma, CoordMK>>(), vmnk, &table::<GetLayoutB_TV<Mma>>(), atom_mnk[1])?;
    // blocks are (REST_M, REST_K) colexicographic: m fastest
    let mma_k = bk / atom_mnk[2];
    let mma_m = blocks_a.len() as i64 / mma_k;
    let gmma_off_a = (0..mma_m).map(|m| (0..mma_k).map(|k| sa[blocks_a[(m + mma_m * k) as usize][0] as usize] * ELEM).collect()).collect();
    let gmma_off_b = (0..mma_k).map(|k| sa[blocks_b[(k * (blocks_b.len() as i64 / mma_k)) as usize][0] as usize] * ELEM).collect();

    // accumulators: thread t's row of thrfrg_C, in the compact register order of the fragment
    let thrfrg_c = table::<ThrfrgC<Mma, CoordMN>>();
    let vmnk_t = table::<ThrLayoutVMNK<Mma>>();
    let acc_crd: Vec<Vec<i64>> = (0..NUM_THREADS)
        .map(|t| {
            let f = vmnk_t.iter().position(|&x| x == t as i64).expect("thread in thr_layout_vmnk");
            tv_row(&thrfrg_c, vmnk, f)
        })
        .collect();
    let frag = table::<Accumulators>();
    let acc_per_mma = int::<Size<LayoutAt<Accumulators, Z0>>>();
    let frag_c: Vec<i64> = (0..mma_m).map(|m| frag[(acc_per_mma * m) as usize]).collect();

    // epilogue
    let (es, _) = flat(&show::<EpilogueTile>());
    let (em, en) = (es[0], es[1]);
    let epi = table::<EpiTiles>();
    let sub = (em * en) as usize;
    let n_epi = epi.len() / sub;
    let epi_origin: Vec<(i64, i64)> = (0..n_epi).map(|e| (epi[sub * e] % bm, epi[sub * e] / bm)).collect();
    let epi_stages = flat(&show::<StagesCD>()).0[0];
    // R2S: the stmatrix side is tidfrg_D over sD, the register side tidfrg_S; S2R of C (ldmatrix)
    // the other way round over sC
    let (r2s_smem, r2s_stage) = row_addresses("R2S", &table::<TidfrgD<TiledR2S, SD>>(), epi_stages)?;
    let r2s_acc = acc_map("R2S", &table::<TidfrgS<TiledR2S, CoordEpi>>(), &epi, sub, &acc_crd)?;
    let (s2r_smem, s2r_stage) = row_addresses("S2R", &table::<TidfrgS<TiledS2R, SC>>(), epi_stages)?;
    let s2r_acc = acc_map("S2R", &table::<TidfrgD<TiledS2R, CoordEpi>>(), &epi, sub, &acc_crd)?;
    if s2r_stage != r2s_stage {
        return Err(format!("the stages of sC ({s2r_stage}) and sD ({r2s_stage}) are not alike"));
    }

    Ok(Tables {
        tile: (bm, bn, bk),
        stages,
        sw_ab,
        sw_d,
        sa,
        sd,
        box_a: (box_a[0], box_a[1]),
        box_d: (box_d[0], box_d[1]),
        gmma_pitch,
        gmma_sbo,
        gmma_lbo,
        gmma_off_a,
        gmma_off_b,
        gmma_blocks_a: blocks_a,
        gmma_blocks_b: blocks_b,
        atom_a,
        atom_b,
        acc_crd,
        frag_c,
        acc_per_mma,
        epi_tile: (em, en),
        epi_tiles: (bm / em, bn / en),
        epi_stages,
        epi_origin,
        r2s_smem,
        r2s_stage,
        r2s_acc,
        s2r_smem,
        s2r_acc,
    })
}

/// The header text.
pub fn header() -> String {
    let mut h = Header::new(
        "sm90",
        "sm90: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, a 64x128x16 GMMA warpgroup (f32 accumulators), 128x128x64 CTA tile, 4 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles",
    );
    let t = match tables() {
        Ok(t) => t,
        Err(e) => {
            h.comment(&format!("ERROR {e}"));
            return h.finish();
        }
    };
    let (bm, bn, bk) = t.tile;
    h.comment("Tiles and threads");
    h.int("kThreads", NUM_THREADS as i64, "size(mma): the consumer warpgroup");
    h.int("kTileM", bm, "bM");
    h.int("kTileN", bn, "bN");
    h.int("kTileK", bk, "bK");
    h.int("kStages", t.stages, "bP");

    h.comment("Shared memory of one stage of sA and of sB (halves; the swizzle on byte addresses needs a 1024-byte aligned stage)");
    h.int("kSwizzleB", t.sw_ab.0, "Sw<B,4,3> on byte addresses of GMMA::Layout_K_SW128_Atom<half_t>");
    let sa = show::<SmemLayoutAStage>();
    let (shape, stride) = flat(&sa);
    h.layout("sA", &sa, &shape, &stride);
    h.layout("sB", &sa, &shape, &stride);
    h.int("kStageElems", t.sa.len() as i64, "halves per stage of sA (and of sB): cosize(sA(_,_,0))");
    h.int("kStageBytes", t.sa.len() as i64 * ELEM, "");

    h.comment("TMA loads: one box per stage and operand; cuTensorMapEncodeTiled order (innermost first)");
    h.const_table("kTmaBoxA", "kTmaBoxA[0][]: {K extent, M extent} of the box, product_each(shape(sA(_,_,0))) reversed", &[vec![t.box_a.1, t.box_a.0]]);
    h.const_table("kTmaBoxB", "kTmaBoxB[0][]: {K extent, N extent}", &[vec![t.box_a.1, t.box_a.0]]);
    h.int("kTmaSwizzleA", t.sw_ab.1, "CUtensorMapSwizzle of sA's Sw<B,4,3>: 3 = CU_TENSOR_MAP_SWIZZLE_128B");
    h.int("kTmaSwizzleB", t.sw_ab.1, "");
    h.int("kTmaBytesA", TMA_BOX_BYTES, "bytes of one A box (the mbarrier's transaction count adds A's and B's)");
    h.int("kTmaBytesB", TMA_BOX_BYTES, "");

    h.comment("GMMA (wgmma m64n128k16, A and B from smem descriptors, K-major)");
    h.int("kGmmaLayoutType", t.sw_ab.2, "descriptor bits [62,64): 1 = SWIZZLE_128B (from Sw<3,4,3>)");
    h.int("kGmmaLbo", t.gmma_lbo, "leading byte offset (bits [16,30) hold it >> 4): distance of k = 0 and k = 8, unused by swizzled K-major layouts");
    h.int("kGmmaSbo", t.gmma_sbo, "stride byte offset (bits [32,46) hold it >> 4): distance of rows 0 and 8");
    h.int("kGmmaRowBytes", t.gmma_pitch, "distance of rows 0 and 1 = the swizzle span (implied by the layout type)");
    h.int("kMmaM", t.gmma_off_a.len() as i64, "MMA_M: wgmma m64 blocks of the CTA tile");
    h.int("kMmaK", t.gmma_off_b.len() as i64, "MMA_K: k16 blocks per stage");
    h.const_table("kGmmaOffA", "kGmmaOffA[m][k]: start byte of wgmma block (m, k) of A in a stage (thrfrg_A(mma, (bM,bK)) through sA(_,_,0))", &t.gmma_off_a);
    h.const_table("kGmmaOffB", "kGmmaOffB[0][k]: start byte of k-block k of B in a stage", &[t.gmma_off_b.clone()]);

    h.comment("Accumulators: tCrC = partition_fragment_C(mma, (bM,bN)), compact; wgmma block m uses registers kFragC[0][m] .. + kAccPerMma");
    h.int("kAccumulators", t.acc_crd[0].len() as i64, "f32 accumulators per thread");
    h.int("kAccPerMma", t.acc_per_mma, "d registers of one m64n128k16 (its value order is the atom's layoutC_TV)");
    h.const_table("kFragC", "kFragC[0][m]: first accumulator of wgmma block m", &[t.frag_c.clone()]);
    h.table("acc_crd", "(t, r) -> m + kTileM*n of accumulator r of thread t (thrfrg_C)", &t.acc_crd);

    h.comment("Epilogue: sub-tiles of D; accumulators -> stmatrix.x4 into swizzled sD -> TMA store");
    let (em, en) = t.epi_tile;
    h.int("kEpiM", em, "EpilogueTile");
    h.int("kEpiN", en, "");
    h.int("kEpiTiles", t.epi_origin.len() as i64, "sub-tiles of the CTA tile (zipped_divide((bM,bN), EpilogueTile), m fastest)");
    h.int("kEpiStages", t.epi_stages, "StagesD");
    let sd = show::<SmemLayoutDStage>();
    let (shape, stride) = flat(&sd);
    h.layout("sD", &sd, &shape, &stride);
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
    h.finish()
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
    let mut used = vec![vec![0u8; t.acc_crd[0].len()]; NUM_THREADS];
    for (e, &(om, on)) in t.epi_origin.iter().enumerate() {
        let mut moved = Vec::new();
        for w in 0..NUM_THREADS / 32 {
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

/// Interprets the header's values as the hardware does and checks them against the layouts.
pub fn check() -> Result<Report, String> {
    check_tables(&tables()?)
}

/// [`check`] on given tables (a test corrupts them).
fn check_tables(t: &Tables) -> Result<Report, String> {
    let mut r = Report::default();
    let (bm, bn, bk) = t.tile;

    // TMA: the box lands exactly where sA(_,_,0) / sD(_,_,0) say (and fills the stage once)
    for (what, (outer, inner), sw, layout) in [("TMA load A/B", t.box_a, t.sw_ab, &t.sa), ("TMA store D", t.box_d, t.sw_d, &t.sd)] {
        if inner * ELEM != sw.3 {
            return Err(format!("{what}: the box's inner extent is {} bytes, the swizzle span {}", inner * ELEM, sw.3));
        }
        if outer > 256 || inner > 256 || outer * inner != layout.len() as i64 {
            return Err(format!("{what}: box ({outer},{inner}) against a stage of {} elements", layout.len()));
        }
        let mut bytes = Vec::new();
        for c in 0..inner {
            for m in 0..outer {
                let want = layout[(m + outer * c) as usize] * ELEM;
                let got = tma_byte(m, c, inner, sw.0);
                if got != want {
                    return Err(format!("{what}: TMA writes element ({m},{c}) at byte {got}, the layout says {want}"));
                }
                bytes.push(got / ELEM);
            }
        }
        r.lines.push(exactly_once(&format!("{what} box -> smem stage"), bytes, layout.len())?);
        r.lines.push(format!("{what}: box ({outer},{inner}) with swizzle mode {} puts every element where the smem layout type says", sw.1));
    }

    // GMMA: the descriptor's canonical K-major layout (rows kGmmaRowBytes apart, groups of 8 rows
    // kGmmaSbo apart, k contiguous) swizzled on the address reads, for every value of every wgmma
    // block, the smem element of the tile coordinate thrfrg_A/B assigns to it
    if t.gmma_pitch != t.sw_ab.3 || t.gmma_lbo != 16 {
        return Err(format!("GMMA: row pitch {} (want the swizzle span {}), LBO {} (want 16 bytes)", t.gmma_pitch, t.sw_ab.3, t.gmma_lbo));
    }
    let (mma_m, mma_k) = (t.gmma_off_a.len(), t.gmma_off_b.len());
    for (op, blocks, atom, offs, rows) in [
        ("A", &t.gmma_blocks_a, &t.atom_a, (0..mma_k).flat_map(|k| (0..mma_m).map(move |m| (m, k))).map(|(m, k)| t.gmma_off_a[m][k]).collect::<Vec<_>>(), bm),
        ("B", &t.gmma_blocks_b, &t.atom_b, t.gmma_off_b.clone(), bn),
    ] {
        let mut seen = Vec::new();
        for (b, (block, &start)) in blocks.iter().zip(&offs).enumerate() {
            if start % 16 != 0 || swizzle(start, (t.sw_ab.0, 4, 3)) != start {
                return Err(format!("GMMA {op}: block {b} starts at byte {start}, which the swizzle moves"));
            }
            for (v, &crd) in block.iter().enumerate() {
                let (m, k) = atom[v];
                let got = swizzle(start + (m % 8) * t.gmma_pitch + (m / 8) * t.gmma_sbo + k * ELEM, (t.sw_ab.0, 4, 3));
                let want = t.sa[crd as usize] * ELEM;
                if got != want {
                    return Err(format!("GMMA {op}: block {b} value {v} ({m},{k}) reads byte {got}, the element (tile {crd}) is at {want}"));
                }
                seen.push(crd);
            }
        }
        r.lines.push(exactly_once(&format!("GMMA {op} blocks over the ({rows},{bk}) tile"), seen, (rows * bk) as usize)?);
        r.lines.push(format!("GMMA {op}: the descriptor (layout type {}, SBO {}, start kGmmaOff) reads every element the MMA expects", t.sw_ab.2, t.gmma_sbo));
    }

    // accumulators: tile once; the fragment is compact
    r.lines.push(exactly_once("MMA C accumulators", t.acc_crd.iter().flatten().copied(), (bm * bn) as usize)?);
    let frag = table::<Accumulators>();
    if frag.iter().enumerate().any(|(i, &x)| x != i as i64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hw_swizzles() {
        assert_eq!(hw_swizzle("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"), Ok((3, 3, 1, 128)));
        assert_eq!(hw_swizzle("Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)"), Ok((2, 2, 2, 64)));
        assert!(hw_swizzle("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)").is_err());
        assert_eq!(swizzle(0b0001_1000_0000, (3, 4, 3)), 0b0001_1011_0000);
    }

    #[test]
    fn tables_pass_the_host_side_proof() {
        let r = check().unwrap_or_else(|e| panic!("{e}"));
        for l in &r.lines {
            println!("{l}");
        }
        assert!(r.lines.len() >= 10);
    }

    #[test]
    fn the_proof_rejects_wrong_tables() {
        let good = tables().unwrap();
        let mut t = tables().unwrap();
        t.gmma_sbo = 512;
        assert!(check_tables(&t).unwrap_err().contains("GMMA A"));
        let mut t = tables().unwrap();
        t.gmma_off_a[1][0] += 16;
        assert!(check_tables(&t).unwrap_err().contains("GMMA A"));
        let mut t = tables().unwrap();
        t.r2s_smem.swap(0, 1);
        assert!(check_tables(&t).unwrap_err().contains("R2S"));
        let mut t = tables().unwrap();
        t.r2s_acc[3].swap(0, 1);
        assert!(check_tables(&t).unwrap_err().contains("R2S"));
        let mut t = tables().unwrap();
        t.s2r_smem[5][1] += 8;
        assert!(check_tables(&t).unwrap_err().contains("S2R"));
        let mut t = tables().unwrap();
        t.sw_d = hw_swizzle("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)").unwrap();
        assert!(check_tables(&t).unwrap_err().contains("TMA store D"));
        assert!(check_tables(&good).is_ok());
    }

    #[test]
    fn header_is_deterministic() {
        let (a, b) = (header(), header());
        assert_eq!(a, b);
        assert!(!a.contains("ERROR"), "{a}");
        assert!(a.contains("constexpr int kTmaSwizzleA = 3;"), "{a}");
        assert!(a.contains("constexpr int kGmmaSbo = 1024;"), "{a}");
        assert!(a.contains("__device__ const unsigned short acc_crd[128][128]"));
    }
}
