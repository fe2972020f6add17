//! The sm90 header's text: [`header_with_values`] writes a configuration's [`Tables`](super::Tables) through the
//! emitter's [`Header`].

use super::tables::{acc_split, tables_of};
use super::types::{Sm90Types, WARPGROUP};
use crate::emit::Header;
use crate::kernel::sm90::Sm90Config;

/// The header text of configuration `C`.
pub fn header_of<C: Sm90Types>() -> String {
    header_with_values::<C>().0
}

/// The header text of configuration `C` and its values ([`crate::emit::Values`]).
pub fn header_with_values<C: Sm90Types>() -> (String, crate::emit::Values) {
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
    h.int("kMmaWarpGroups", wgs as i64, "size(mma) / 128: warpgroups of the TiledMMA");
    let one = <C::Cfg as Sm90Config>::ONE_CONSUMER;
    h.int(
        "kConsumers",
        if one { 1 } else { (2 / wgs.max(1)) as i64 },
        "consumers of the kernel: 2 / kMmaWarpGroups (two one-warpgroup consumers in ping-pong, or one cooperative consumer of two), or 1 with ONE_CONSUMER (one consumer of a one-warpgroup TiledMMA: the cooperative schedule, stream-K)",
    );
    h.int("kTileM", bm, "bM");
    h.int("kTileN", bn, "bN");
    h.int("kTileK", bk, "bK");
    h.int("kStages", t.stages, "bP");

    h.comment("Shared memory of one stage of sA and of sB (halves; the swizzle on byte addresses needs a 1024-byte aligned stage)");
    h.int("kSwizzleB", t.sw_ab.0, "Sw<B,4,3> on byte addresses of the GMMA smem atoms of A and B (Layout_K_SW128_Atom<half_t>, Layout_MN_SW128_Atom<half_t>)");
    let op = |name: &str| t.ops.iter().find(|o| o.name == name);
    let (Some(a_k), Some(b_k)) = (op("A_K"), op("B_K")) else {
        h.comment("ERROR no K-major stage of A or B");
        return h.finish_with_values();
    };
    let (ea, ec) = (t.elem_ab, t.elem_cd);
    h.int("kStageBytesA", a_k.smem.len() as i64 * ea, "bytes per stage of sA: cosize(sA(_,_,0)) * sizeof(half_t), either major");
    h.int("kStageBytesB", b_k.smem.len() as i64 * ea, "bytes per stage of sB");
    h.int("kClusterM", t.cluster_m, "size<0>(ClusterShape): CTAs of a cluster along M, which share B (TMA multicast; K-major B only)");
    h.const_table(
        "kTmaMcastB",
        "kTmaMcastB[r][]: {N origin in the tile, start byte in a stage of sB} of the slice of K-major B that CTA r of the cluster loads (sB(_,_,0) at (N origin, 0))",
        &t.mcast_b.iter().map(|&(n, b)| vec![n, b]).collect::<Vec<_>>(),
    );
    h.int("kTmaSwizzleA", t.sw_ab.1, "CUtensorMapSwizzle of sA's Sw<B,4,3>: 3 = CU_TENSOR_MAP_SWIZZLE_128B");
    h.int("kTmaSwizzleB", t.sw_ab.1, "");
    h.int("kTmaBytesA", a_k.smem.len() as i64 * ea, "bytes of A arriving per stage (all its boxes; the mbarrier's transaction count adds A's and B's)");
    h.int("kTmaBytesB", b_k.smem.len() as i64 * ea, "bytes of B arriving per stage (all kClusterM slices)");
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
    {
        use tycute_emit::ElementName;
        h.elements(<<C::Cfg as Sm90Config>::ElementAB as ElementName>::CUTE, <<C::Cfg as Sm90Config>::ElementCD as ElementName>::CUTE);
    }
    h.define_int("K_MAJOR_ONLY", i64::from(t.k_major_only));
    h.int("kKMajorOnly", i64::from(t.k_major_only), "1: A and B K-major only (no MN-major operand below; the kernel's tn entry points alone)");
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

    h.comment("Epilogue: sub-tiles of D; accumulators -> stmatrix.x4 into swizzled sD -> TMA store (16-bit C and D); 32-bit ones from the registers");
    h.int(
        "kEpiDirect",
        i64::from(t.epi_direct),
        "1: C and D are 32-bit (float), read and written by the threads in global memory (no sD / sC, no TMA store: the tables below are unused); 0: 16-bit, staged in sD / sC",
    );
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
    h.int("kTmaBytesC", if t.epi_direct { 0 } else { t.sd.len() as i64 * ec }, "bytes of one C box (0: no C box, kEpiDirect)");
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

