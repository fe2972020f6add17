//! [`Tables`]: every value of an sm90 header, computed from a configuration's [`Sm90Types`] by
//! ordinary code (the TMA boxes, the GMMA descriptors' blocks, the epilogue's row addresses and
//! accumulator maps).

use tycute_layout::repr::Repr;

use super::types::{Sm90Types, OPERANDS, STSM_VALS, WARPGROUP};
use crate::emit::{flat, swizzle_bms};
use crate::kernel::sm90::{Sm90Config, TmaSwizzleMode};
use crate::rows::tv_row;

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


/// Every value of the header, from the types.
pub struct Tables {
    /// The configuration's name (the header's namespace).
    pub name: &'static str,
    pub about: &'static str,
    /// `size(mma)`: the consumer threads of one tile.
    pub threads: usize,
    pub tile: (i64, i64, i64),
    pub stages: i64,
    /// Bytes of an element of A and B (`sizeof(ElementAB)`) and of C and D (`sizeof(ElementCD)`):
    /// the stages' tables are in elements, the header's offsets in bytes.
    pub elem_ab: i64,
    pub elem_cd: i64,
    /// The epilogue stores C/D from the registers (a 4-byte `ElementCD`, `float`: CUTLASS's
    /// `NoSmem` epilogue, `tycute_kernel::kernel::sm90::CdStaging`): the sD / sC tables are then
    /// unused (the configuration's 16-bit staging layouts), the header's `kEpiDirect` is 1.
    pub epi_direct: bool,
    /// A and B K-major only: wgmma's 8-bit forms (fp8 A and B) and its tf32 form have no transpose,
    /// and a 16-bit configuration of the K-major family ([`Sm90Types::K_MAJOR_ONLY`]: a tile whose
    /// MN-major stage no 128-byte swizzle atom divides) takes none, so the header describes no
    /// MN-major operand (`kKMajorOnly` 1) and the kernel has only the `tn` entry point.
    pub k_major_only: bool,
    /// `(B,M,S)` on bytes, the `CUtensorMapSwizzle`, the GMMA layout type and the span, of sA/sB and of sD.
    pub sw_ab: (i64, i64, i64, i64),
    pub sw_d: (i64, i64, i64, i64),
    /// `sD(_,_,0)`: offsets (halves, swizzled) by `m + rows*k`.
    pub sd: Vec<i64>,
    /// The CuTe text of `sD(_,_,0)`.
    pub(super) sd_text: String,
    /// `sD(_,_,0)`'s flattened shape and stride.
    pub(super) sd_flat: (Vec<i64>, Vec<i64>),
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
    pub(super) gmma_blocks_a: Vec<Vec<Vec<i64>>>,
    pub(super) gmma_blocks_b: Vec<Vec<Vec<i64>>>,
    /// `(m', k')` of value `v` of warpgroup 0's A (and B) operand (`layoutA_TV` of thread 0).
    pub(super) atom_a: Vec<(i64, i64)>,
    pub(super) atom_b: Vec<(i64, i64)>,
    pub acc_crd: Vec<Vec<i64>>,
    /// `partition_fragment_C` of thread 0 (compact, checked).
    pub(super) frag: Vec<i64>,
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
    pub(super) text: String,
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
        let r0 = row(WARPGROUP * wg)?;
        let first = tv_row(thrfrg, n_rows, r0);
        for t in WARPGROUP * wg + 1..WARPGROUP * (wg + 1) {
            // (a thread at the first one's row sees its elements: only other rows are compared)
            let r = row(t)?;
            if r != r0 && tv_row(thrfrg, n_rows, r) != first {
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

/// The tables of configuration `C`.
pub fn tables_of<C: Sm90Types>() -> Result<Tables, String> {
    let tx = C::texts();
    let threads = C::THREADS;
    let elem_ab = i64::from(<<C::Cfg as Sm90Config>::ElementAB as tycute_emit::ElementName>::BITS / 8);
    let elem_cd = i64::from(<<C::Cfg as Sm90Config>::ElementCD as tycute_emit::ElementName>::BITS / 8);
    // wgmma transposes only its 16-bit forms (f16, bf16): the 8-bit (e4m3, e5m2) and tf32 forms
    // read A and B K-major only; a 16-bit configuration of the K-major family takes them so too
    let k_major_only = elem_ab != 2 || C::K_MAJOR_ONLY;
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
    let mcast_b: Vec<(i64, i64)> = (0..cluster_m).map(|r| (r * box_b_mcast.0, stages_ab[2].1[(r * box_b_mcast.0) as usize] * elem_ab)).collect();

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
        if mn && k_major_only {
            continue;
        }
        let rows = if is_a { bm } else { bn };
        let at = |r: i64, k: i64| inner[(r + rows * k) as usize] * elem_ab;
        // the swizzle pattern's width in elements along its contiguous dimension
        let w = span / elem_ab;
        // K-major LBO (unused by the swizzled layouts; CuTe sets 1, i.e. 16 bytes): the distance of
        // k = 0 and the next 16-byte column (k = 8 for 16-bit elements, 16 for 8-bit ones)
        let k16 = 16 / elem_ab;
        let (box_dims, boxes, pitch, sbo, lbo) = if mn {
            // MN-major: (w, bK) boxes, one per w rows, box j at the stage's (w j, 0); the
            // descriptor's ((w,n),(8,k)):((1,LBO),(pitch/2,SBO))
            if rows % w != 0 || bk > 256 {
                return Err(format!("{name}: {rows} rows are not a whole number of {w}-wide MN slices, or bK {bk} > 256"));
            }
            let boxes = (0..rows / w).map(|j| (w * j, smem[(w * j) as usize] * elem_ab)).collect();
            let lbo = if rows > w { at(w, 0) - at(0, 0) } else { rows * bk * elem_ab };
            ((w, bk), boxes, at(0, 1) - at(0, 0), at(0, 8) - at(0, 0), lbo)
        } else if !is_a && cluster_m > 1 {
            ((box_b_mcast.1, box_b_mcast.0), mcast_b.clone(), at(1, 0) - at(0, 0), at(8, 0) - at(0, 0), at(0, k16) - at(0, 0))
        } else {
            // K-major: one (rows, bK) box (bK = the swizzle span), the descriptor's
            // ((8,n),2):((pitch,SBO),..) with k contiguous
            ((bk, rows), vec![(0, 0)], at(1, 0) - at(0, 0), at(8, 0) - at(0, 0), at(0, k16) - at(0, 0))
        };
        let sm = &smem;
        let gmma_off: Vec<Vec<i64>> = if is_a {
            blocks_a.iter().flat_map(|bl| (0..mma_m).map(move |m| (0..mma_k).map(|k| sm[bl[m + mma_m * k][0] as usize] * elem_ab).collect::<Vec<i64>>())).collect()
        } else {
            blocks_b.iter().map(|bl| (0..mma_k).map(|k| smem[bl[k][0] as usize] * elem_ab).collect()).collect()
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
        elem_ab,
        elem_cd,
        epi_direct: elem_cd == 4,
        k_major_only,
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

