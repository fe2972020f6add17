//! The header of an sm80 TN GEMM configuration ([`Sm80Kernel`]: sgemm_sm80, sm80_tn_128x256),
//! and [`check`], which interprets its tables the way `kernels/sm80_gemm.cu` does.
//!
//! Per thread `t` (`kThreads` threads), every table read off a type of the configuration:
//!
//! | table | type | entry |
//! |---|---|---|
//! | `g2s_a_crd[t][i]` | `tidfrg_S(copyA, make_layout((bM,bK)))` | tile coordinate `m + bM*k` of the first half of the thread's i-th 16-byte cp.async |
//! | `g2s_a_smem[t][i]` | `tidfrg_D(copyA, sA(_,_,0))` | its shared-memory offset (halves, swizzled) in one stage |
//! | `s2r_a_smem[t][i]` | `tidfrg_S(s2r_copy_a, sA(_,_,0))` | the row address (halves) the thread gives its i-th `ldmatrix.x4`, in the order `(MMA_M, MMA_K)` |
//! | `mma_c_crd[t][r]` | `thrfrg_C(mma, make_layout((bM,bN)))` | the C tile coordinate `m + bM*n` of accumulator register `r` |
//!
//! (`_b` likewise for B, whose tile is `(bN,bK)`.)

use tycute_layout::table;

use super::{flat, mode_sizes, swizzle_bms, Header, ThreadTensor};
use tycute_layout::Reify;
use crate::kernel::sm80::{Sm80Config, Sm80Kernel};
use crate::rows::tv_row;
use tycute_atom::copy::CopyAtom;
use tycute_atom::{CpAsyncPtx, LdsmPtx, MmaPtx, MmaTraits};
use tycute_layout::swizzle::recast::Bits;
use typenum::Integer;

/// Bits of an element of A and B: the MMA atom's `ValTypeA` (16 for fp16 and bf16, 32 for tf32).
pub fn ab_bits<C: Sm80Kernel>() -> usize {
    <<C::Mma as MmaTraits>::ValTypeA as tycute_emit::ElementName>::BITS as usize
}

/// Elements of A and B per 16-byte vector (a cp.async, an ldmatrix row): 8 halves, 4 tf32.
pub fn vec<C: Sm80Kernel>() -> usize {
    128 / ab_bits::<C>()
}

/// Elements of A and B per 32-bit register of an MMA fragment: 2 halves, 1 tf32.
fn per_reg<C: Sm80Kernel>() -> usize {
    32 / ab_bits::<C>()
}

/// What the header calls an element of A and B in its comments: "halves" (16-bit: the words
/// of the fp16 headers, unchanged) or "elements".
fn elems<C: Sm80Kernel>() -> &'static str {
    if ab_bits::<C>() == 16 { "halves" } else { "elements" }
}

/// Every table of the header, computed from the types.
pub struct Tables {
    pub g2s_a_crd: Vec<Vec<i64>>,
    pub g2s_a_smem: Vec<Vec<i64>>,
    pub g2s_b_crd: Vec<Vec<i64>>,
    pub g2s_b_smem: Vec<Vec<i64>>,
    pub s2r_a_smem: Vec<Vec<i64>>,
    pub s2r_b_smem: Vec<Vec<i64>>,
    pub mma_c_crd: Vec<Vec<i64>>,
    // the full per-value rows the checks need
    g2s_a_all: (Vec<i64>, Vec<i64>),
    g2s_b_all: (Vec<i64>, Vec<i64>),
    s2r_a_all: (Vec<i64>, Vec<i64>),
    s2r_b_all: (Vec<i64>, Vec<i64>),
}

/// `size(mma)`: the configuration's threads.
pub fn threads<C: Sm80Kernel>() -> usize {
    let k = C::tables();
    k.thr_layout_vmnk.table().len()
}

/// Bits of one accumulator: the TiledMMA atom's `ValTypeC` (32: float; 16: half, two per 32-bit
/// register).
pub fn acc_bits<C: Sm80Kernel>() -> i64 {
    <Bits<<C::Mma as MmaTraits>::ValTypeC> as Integer>::I64
}

/// Bits of one element of C and D: the S2G atom's value type.
pub fn out_bits<C: Sm80Kernel>() -> i64 {
    <Bits<<C::S2GAtom as CopyAtom>::ValType> as Integer>::I64
}

/// Elements of C and D per 16-byte S2G vector (4 floats or 8 halves).
pub fn s2g_vec<C: Sm80Kernel>() -> usize {
    (128 / out_bits::<C>()) as usize
}

/// `(V, M, N)`: the sizes of `thr_layout_vmnk`'s first three modes.
fn vmn_sizes<C: Sm80Kernel>() -> (usize, usize, usize) {
    let k = C::tables();
    let s = mode_sizes(&k.thr_layout_vmnk);
    (s[0] as usize, s[1] as usize, s[2] as usize)
}

/// Every thread's index in the thread mode of `thrfrg_A` (`(ThrV,(ThrM,ThrK))`), `thrfrg_B`
/// (`(ThrV,(ThrN,ThrK))`) and `thrfrg_C` (`(ThrV,(ThrM,ThrN))`): what `partition_A/B/C` slice
/// at, from the thread's position `(v, m, n, k)` in `thr_layout_vmnk`.
fn thrfrg_threads<C: Sm80Kernel>() -> Vec<(usize, usize, usize)> {
    let k = C::tables();
    let vmnk = k.thr_layout_vmnk.table();
    let (vs, ms, ns) = vmn_sizes::<C>();
    (0..vmnk.len())
        .map(|t| {
            let f = vmnk.iter().position(|&x| x == t as i64).expect("thread in thr_layout_vmnk");
            let (v, m, n) = (f % vs, (f / vs) % ms, (f / (vs * ms)) % ns);
            (v + vs * m, v + vs * n, v + vs * (m + ms * n))
        })
        .collect()
}

fn firsts(rows: &[Vec<i64>], vec: usize) -> Vec<Vec<i64>> {
    rows.iter().map(|r| r.iter().step_by(vec).copied().collect()).collect()
}

fn per_thread(table: &[i64], n: usize) -> Vec<Vec<i64>> {
    (0..n).map(|t| tv_row(table, n, t)).collect()
}

/// Which index of an operand is contiguous in global memory: `K` (A `(M,K)` with stride
/// `(lda,_1)`, CuTe's "T") or `MN` (stride `(_1,lda)`, CuTe's "N"; M for A, N for B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// K-major: a G2S vector is 8 halves along K.
    K,
    /// M-major (A) or N-major (B): a G2S vector is 8 halves along M (N).
    MN,
}

/// The operand's majorness, read off its G2S copy: the source coordinates `m + rows*k` of each
/// 16-byte vector step by `rows` (along K: K-major) or by 1 (along M or N: MN-major).
fn major_of(what: &str, crd: &[i64], rows: i64, vec: usize) -> Result<Major, String> {
    let step = crd.get(1).zip(crd.first()).map(|(b, a)| b - a).ok_or_else(|| format!("{what}: no G2S vector"))?;
    let major = match step {
        1 => Major::MN,
        s if s == rows => Major::K,
        s => return Err(format!("{what}: a G2S vector steps by {s} in the tile, neither along K ({rows}) nor along M/N (1)")),
    };
    vectors(what, crd, step, vec)?;
    Ok(major)
}

/// `(A's, B's)` majorness in global memory, read off the G2S copies (see [`Major`]).
pub fn majors<C: Sm80Kernel>() -> Result<(Major, Major), String> {
    let k = C::tables();
    let cta = mode_sizes(&k.cta_tiler);
    let t = tables::<C>();
    let v = vec::<C>();
    Ok((major_of("G2S A gmem", &t.g2s_a_all.0, cta[0], v)?, major_of("G2S B gmem", &t.g2s_b_all.0, cta[1], v)?))
}

/// The tables of the configuration.
pub fn tables<C: Sm80Kernel>() -> Tables {
    let k = C::tables();
    let nt = threads::<C>();
    let thr = thrfrg_threads::<C>();
    let g2s_a_crd_t = k.g2s_a_crd.table();
    let g2s_a_smem_t = k.g2s_a_smem.table();
    let g2s_b_crd_t = k.g2s_b_crd.table();
    let g2s_b_smem_t = k.g2s_b_smem.table();
    let s2r_a_smem_t = k.s2r_a_smem.table();
    let s2r_a_crd_t = k.s2r_a_crd.table();
    let s2r_b_smem_t = k.s2r_b_smem.table();
    let s2r_b_crd_t = k.s2r_b_crd.table();
    let thrfrg_c = k.thrfrg_c.table();
    let n_vmnk = k.thr_layout_vmnk.table().len();
    let mma_c_crd = (0..nt).map(|t| tv_row(&thrfrg_c, n_vmnk, thr[t].2)).collect();
    let (ga, gas) = (per_thread(&g2s_a_crd_t, nt), per_thread(&g2s_a_smem_t, nt));
    let (gb, gbs) = (per_thread(&g2s_b_crd_t, nt), per_thread(&g2s_b_smem_t, nt));
    let (sa, sac) = (per_thread(&s2r_a_smem_t, nt), per_thread(&s2r_a_crd_t, nt));
    let (sb, sbc) = (per_thread(&s2r_b_smem_t, nt), per_thread(&s2r_b_crd_t, nt));
    let v = vec::<C>();
    Tables {
        g2s_a_crd: firsts(&ga, v),
        g2s_a_smem: firsts(&gas, v),
        g2s_b_crd: firsts(&gb, v),
        g2s_b_smem: firsts(&gbs, v),
        s2r_a_smem: firsts(&sa, v),
        s2r_b_smem: firsts(&sb, v),
        mma_c_crd,
        g2s_a_all: (ga.concat(), gas.concat()),
        g2s_b_all: (gb.concat(), gbs.concat()),
        s2r_a_all: (sa.concat(), sac.concat()),
        s2r_b_all: (sb.concat(), sbc.concat()),
    }
}

/// The shared-memory partitions in closed form, one per thread, each checked against the
/// thread's index table (`table:NAME` of the dump): `tAsA` (G2S destination, all stages),
/// `tXsA(_,_,_,0)` and `tXsB(_,_,_,0)` (the ldmatrix sources of one stage).
pub const CLOSED_FORMS: [(&str, &str); 10] = [
    ("tAsA", "tAsA = thr_copy_a.partition_D(sA): (CPY,CPY_M,CPY_K,PIPE), G2S destination in halves"),
    ("tXsA(_,_,_,0)", "tXsA(_,_,_,0) = s2r_thr_copy_a.partition_S(sA)(_,_,_,0): (CPY,MMA_M,MMA_K), ldmatrix source"),
    ("tXsB(_,_,_,0)", "tXsB(_,_,_,0): (CPY,MMA_N,MMA_K), ldmatrix source"),
    ("tAcA", "tAcA = thr_copy_a.partition_S(make_layout((bM,bK))): (CPY,CPY_M,CPY_K), G2S source as m + kTileM*k (B alike)"),
    ("tCcC", "tCcC = thr_mma.partition_C(make_layout((bM,bN))): (MMA,MMA_M,MMA_N), accumulator f as m + kTileM*n"),
    ("tBsB", "tBsB = thr_copy_b.partition_D(sB): (CPY,CPY_N,CPY_K,PIPE), G2S destination in halves"),
    ("tBcB", "tBcB = thr_copy_b.partition_S(make_layout((bN,bK))): (CPY,CPY_N,CPY_K), G2S source as n + kTileN*k"),
    ("tRS_sC", "tRS_sC = r2s_thr_copy.partition_D(sC): (CPY,MMA_M,MMA_N), epilogue R2S destination in floats"),
    ("tSG_sC", "tSG_sC = s2g_thr_copy.partition_S(sC): (CPY,CPY_M,CPY_N), epilogue S2G source in floats (kS2GVec per vector)"),
    ("tSG_cC", "tSG_cC = s2g_thr_copy.partition_D(make_layout((bM,bN))): (CPY,CPY_M,CPY_N), D coordinate m + kTileM*n"),
];

/// The C++ name of a closed form (`tXsA(_,_,_,0)` -> `tXsA0`).
fn c_name(name: &str) -> String {
    name.replace("(_,_,_,0)", "0").replace('_', "")
}

/// The closed forms of [`CLOSED_FORMS`] for every thread, each checked against its table (the
/// thread's row of the thread-independent `tidfrg` table, as the dump computes it).
pub fn thread_tensors<C: Sm80Kernel>() -> Result<Vec<(String, Vec<ThreadTensor>)>, String> {
    let k = C::tables();
    let (n, thr) = (threads::<C>(), thrfrg_threads::<C>());
    let tas = k.g2s_a_smem_all.table();
    let txsa = k.s2r_a_smem.table();
    let txsb = k.s2r_b_smem.table();
    let tac = k.g2s_a_crd.table();
    let tbs = k.g2s_b_smem_all.table();
    let tbc = k.g2s_b_crd.table();
    let rs = k.r2s_smem.table();
    let sg = k.s2g_smem.table();
    let sgc = k.s2g_crd.table();
    let thrfrg_c = k.thrfrg_c.table();
    let n_vmnk = k.thr_layout_vmnk.table().len();
    let mut out = Vec::new();
    for (i, (name, _)) in CLOSED_FORMS.iter().enumerate() {
        let mut per = Vec::new();
        for t in 0..n {
            let (x, row) = match i {
                0 => {
                    let row = tv_row(&tas, n, t);
                    (ThreadTensor::from_parts(&k.tAsA, &row)?, row)
                }
                3 => {
                    let row = tv_row(&tac, n, t);
                    (ThreadTensor::from_parts(&k.tAcA, &row)?, row)
                }
                4 => {
                    let row = tv_row(&thrfrg_c, n_vmnk, thr[t].2);
                    (ThreadTensor::from_parts(&k.tCcC, &row)?, row)
                }
                5 => {
                    let row = tv_row(&tbs, n, t);
                    (ThreadTensor::from_parts(&k.tBsB, &row)?, row)
                }
                6 => {
                    let row = tv_row(&tbc, n, t);
                    (ThreadTensor::from_parts(&k.tBcB, &row)?, row)
                }
                7 => {
                    let row = tv_row(&rs, n, t);
                    (ThreadTensor::from_parts(&k.tRSsC, &row)?, row)
                }
                8 => {
                    let row = tv_row(&sg, n, t);
                    (ThreadTensor::from_parts(&k.tSGsC, &row)?, row)
                }
                9 => {
                    let row = tv_row(&sgc, n, t);
                    (ThreadTensor::from_parts(&k.tSGcC, &row)?, row)
                }
                1 => {
                    let row = tv_row(&txsa, n, t);
                    (ThreadTensor::from_parts(&k.tXsA0, &row)?, row)
                }
                _ => {
                    let row = tv_row(&txsb, n, t);
                    (ThreadTensor::from_parts(&k.tXsB0, &row)?, row)
                }
            };
            if x.offsets() != row {
                return Err(format!("{name}: thread {t}'s closed form {} does not give its table", x.text));
            }
            per.push(x);
        }
        out.push((c_name(name), per));
    }
    Ok(out)
}

/// The header text.
pub fn header<C: Sm80Kernel>() -> String {
    header_with_values::<C>().0
}

/// The header text and its values ([`super::Values`]).
pub fn header_with_values<C: Sm80Kernel>() -> (String, super::Values) {
    let k = C::tables();
    let t = tables::<C>();
    let mut h = Header::new(C::NAME, C::ABOUT);
    let (bm, bn, bk) = {
        let (s, _) = flat(&k.cta_tiler);
        (s[0], s[1], s[2])
    };
    h.comment("Tiles and threads");
    h.int("kThreads", threads::<C>() as i64, "size(mma)");
    h.int("kTileM", bm, "bM");
    h.int("kTileN", bn, "bN");
    h.int("kTileK", bk, "bK");
    h.int("kStages", flat(&<<C as Sm80Config>::Stages as Reify>::REPR).0[0], "bP");
    let el = elems::<C>();
    h.int("kVec", vec::<C>() as i64, &format!("{el} per 16-byte cp.async / ldmatrix row"));

    h.comment("Shared memory: one stage of sA / sB (stage s starts at s * kStageElemsA, s * kStageElemsB)");
    // an unswizzled atom is Sw<0,M,S>: the identity
    let (b, m, s) = swizzle_bms(&<<C as Sm80Config>::SwizzleAtom as Reify>::REPR).unwrap_or((0, 0, 0));
    h.int("kSwizzleB", b, "Sw<B,M,S> of the smem atom: offset ^ ((offset >> S) & (((1 << B) - 1) << M))");
    h.int("kSwizzleM", m, "");
    h.int("kSwizzleS", s, "");
    let sa = <<C as Sm80Config>::SmemLayoutAStage as Reify>::REPR;
    let (shape, stride) = flat(&sa);
    h.layout("sA", &sa.text(), &shape, &stride);
    let sb = <<C as Sm80Config>::SmemLayoutBStage as Reify>::REPR;
    let (shape, stride) = flat(&sb);
    h.layout("sB", &sb.text(), &shape, &stride);
    h.int("kStageElemsA", bm * bk, &format!("{el} per stage of sA: stage s of sA starts at s * kStageElemsA"));
    h.int("kStageElemsB", bn * bk, &format!("{el} per stage of sB"));

    h.comment("G2S: the configuration's copy atom; thread t issues kG2SCopiesA (kG2SCopiesB) per stage of A (B)");
    h.define_str(
        "G2S_PTX",
        <C::G2SPtx as CpAsyncPtx>::PTX,
        "the G2S atom's instruction (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>): use it with a [dst], [src], kG2SBytes operand list",
    );
    h.int("kG2SBytes", <C::G2SPtx as CpAsyncPtx>::BYTES as i64, "bytes per cp.async");
    h.int("kG2SCopiesA", t.g2s_a_crd[0].len() as i64, "");
    h.int("kG2SCopiesB", t.g2s_b_crd[0].len() as i64, "");
    let (major_a, major_b) = majors::<C>().expect("the G2S copies move 16-byte vectors along K or along M/N");
    let (ptx_a, ptx_b) = (<C::S2RAtomA as LdsmPtx>::PTX, <C::S2RAtomB as LdsmPtx>::PTX);
    {
        // (every header defines them: the macros are per configuration, `TYCUTE_<name>_...`, and
        // a kernel naming its configuration by a macro cannot test with `#ifdef` for one)
        let mn = |m: Major| i64::from(m == Major::MN);
        h.int("kAMnMajor", mn(major_a), "1: A (M,K) is M-major in global memory (element (m,k) at m + k*lda); 0: K-major (m*lda + k)");
        h.int("kBMnMajor", mn(major_b), "1: B (N,K) is N-major in global memory (element (n,k) at n + k*ldb); 0: K-major (n*ldb + k)");
        h.define_int("A_MN_MAJOR", mn(major_a));
        h.define_int("B_MN_MAJOR", mn(major_b));
        h.define_str("S2R_A_PTX", ptx_a, "the S2R atom of A (an ldmatrix.x4; .trans for SM75_U16x8_LDSM_T): [addr] -> 4 registers");
        h.define_str("S2R_B_PTX", ptx_b, "the S2R atom of B");
    }
    let fastest = |m: Major, mn: &str| if m == Major::K { "k".to_string() } else { mn.to_string() };
    h.table(
        "g2s_a_crd",
        &format!("(t, i) -> m + kTileM*k of the first half of A's i-th vector ({} the fastest in the vector)", fastest(major_a, "m")),
        &t.g2s_a_crd,
    );
    h.table("g2s_a_smem", &format!("(t, i) -> its offset in one stage of sA ({el}; {} contiguous)", vec::<C>()), &t.g2s_a_smem);
    let b_what = if major_b == Major::K {
        "(t, i) -> n + kTileN*k of the first half of B's i-th vector".to_string()
    } else {
        "(t, i) -> n + kTileN*k of the first half of B's i-th vector (n the fastest in the vector)".to_string()
    };
    h.table("g2s_b_crd", &b_what, &t.g2s_b_crd);
    h.table("g2s_b_smem", "(t, i) -> its offset in one stage of sB", &t.g2s_b_smem);

    h.comment("S2R: ldmatrix.x4; thread t's i-th row address, i = mma_m + MMA_M*k_block");
    h.int("kS2RCopiesA", t.s2r_a_smem[0].len() as i64, "");
    h.int("kS2RCopiesB", t.s2r_b_smem[0].len() as i64, "");
    h.table("s2r_a_smem", &format!("(t, i) -> ldmatrix row address in one stage of sA ({el})"), &t.s2r_a_smem);
    h.table("s2r_b_smem", &format!("(t, i) -> ldmatrix row address in one stage of sB ({el})"), &t.s2r_b_smem);

    h.comment("The shared-memory partitions in closed form (offset + strides; some strides per thread)");
    match thread_tensors::<C>() {
        Ok(tt) => {
            for ((cname, per), (_, what)) in tt.iter().zip(CLOSED_FORMS) {
                if let Err(e) = h.thread_tensor(cname, &what.replace("halves", el), per) {
                    h.comment(&format!("ERROR {e}"));
                }
            }
        }
        Err(e) => h.comment(&format!("ERROR {e}")),
    }

    h.comment("Fragments (the same for every thread): 32-bit register indices into tCrA / tCrB, float indices into tCrC");
    let f = fragments::<C>();
    h.int("kMmaM", f.frag_a.len() as i64, "MMA_M: m16 blocks per thread");
    h.int("kMmaN", f.frag_b.len() as i64, "MMA_N: n8 blocks per thread");
    // the atom's shape as its PTX names it (m16n8k16; m16n8k8 for tf32)
    let shape = <C::Mma as MmaPtx>::PTX.split('.').find(|p| p.starts_with("m16n8k")).unwrap_or("m16n8k16");
    let kblock = &shape[shape.find('k').unwrap_or(0)..];
    h.int("kMmaK", f.frag_a[0].len() as i64, &format!("MMA_K: {kblock} blocks per stage"));
    h.const_table("kFragA", &format!("kFragA[m][k]: first of the 4 registers of tCrA(_,m,k) (a0..a3 of mma.{shape})"), &f.frag_a);
    h.const_table("kFragB", "kFragB[n][k]: first of the 2 registers of tCrB(_,n,k) (b0,b1)", &f.frag_b);
    h.const_table("kFragC", "kFragC[m][n]: first of the 4 floats of tCrC(_,m,n) (c0..c3)", &f.frag_c);
    h.const_table("kS2RFragA", "kS2RFragA[i][r]: the tCrA register that ldmatrix.x4 number i (tXsA0 order) writes with its r-th result (retile_D)", &f.s2r_a);
    h.const_table("kS2RFragB", "kS2RFragB[i][r]: the same for tCrB", &f.s2r_b);
    let per_k = |rows: &[Vec<i64>], nk: usize| -> Vec<Vec<i64>> { rows[..rows.len() / nk].to_vec() };
    let local = f.k_local().expect("every k-block of the fragments has k-block 0's register pattern");
    if local.shifted {
        h.comment("The same per k-block: k-block kb's registers are kb * kRegsAPerK + the k-block-0 register (check() proves it)");
    } else {
        // tCrA/tCrB follow the smem layout's stride order (make_fragment_like), which for
        // MN-major smem interleaves the k-blocks: number each register within its k-block
        h.comment("The same per k-block, registers numbered within their k-block: register r of tCrA(_,_,kb) is the r-th of its kRegsAPerK in the fragment's order, the same pattern for every kb (check() proves it)");
    }
    h.int("kRegsAPerK", f.regs_a_per_k as i64, "32-bit registers of tCrA(_,_,kb)");
    h.int("kRegsBPerK", f.regs_b_per_k as i64, "32-bit registers of tCrB(_,_,kb)");
    h.const_table("kFragAk", "kFragAk[0][m]: kFragA[m][0]", &[local.frag_a]);
    h.const_table("kFragBk", "kFragBk[0][n]: kFragB[n][0]", &[local.frag_b]);
    h.const_table("kS2RFragAk", "kS2RFragAk[j][r]: kS2RFragA[j][r] for the copies j of k-block 0", &local.s2r_a);
    h.const_table("kS2RFragBk", "kS2RFragBk[j][r]: kS2RFragB[j][r] for the copies j of k-block 0", &local.s2r_b);
    let _ = per_k;

    h.comment("MMA: the TiledMMA's atom names the instruction and the accumulator type");
    h.define_str(
        "MMA_PTX",
        <C::Mma as MmaPtx>::PTX,
        &format!("the MMA atom's instruction ({shape}): {{d}}, {{a0..a3}}, {{b0,b1}}, {{c}}; d and c are 4 .f32 registers, or 2 .f16x2 registers when kAccBits is 16"),
    );
    let acc = acc_bits::<C>();
    h.int("kAccBits", acc, "bits per accumulator (the atom's ValTypeC): 32, or 16 (accumulator j in half j % 2 of 32-bit register j / 2, low half first)");
    h.define_int("ACC_BITS", acc);

    h.comment("Epilogue: accumulators -> sC (fp32, swizzled, reusing the stage memory) -> 16-byte stores of D");
    let out = out_bits::<C>();
    h.int("kOutBits", out, "bits per element of C and D (the S2G atom's value type): 32 (float) or 16 (half)");
    h.define_int("OUT_BITS", out);
    h.elements(
        <<C::Mma as MmaTraits>::ValTypeA as tycute_emit::ElementName>::CUTE,
        <<C::S2GAtom as CopyAtom>::ValType as tycute_emit::ElementName>::CUTE,
    );
    h.int("kS2GVec", s2g_vec::<C>() as i64, "elements of C/D per 16-byte S2G vector: consecutive floats of sC and rows of D");
    // an unswizzled sC is Sw<0,M,S>: the identity
    let (b, m, s_) = swizzle_bms(&<<C as Sm80Config>::SmemLayoutC as Reify>::REPR).unwrap_or((0, 0, 0));
    h.int("kEpiSwizzleB", b, "Sw<B,M,S> of sC (float offsets)");
    h.int("kEpiSwizzleM", m, "");
    h.int("kEpiSwizzleS", s_, "");
    h.int("kEpiElems", bm * bn, "floats of sC");
    h.const_table("kR2SAcc", "kR2SAcc[0][j]: the accumulator the j-th R2S value stores (retile_S(tCrC), tRS_sC order)", &[k.tRSrC.table()]);

    h.comment(&format!("MMA: {shape}, accumulator register r of thread t"));
    h.int("kAccumulators", t.mma_c_crd[0].len() as i64, "");
    h.table("mma_c_crd", "(t, r) -> m + kTileM*n of accumulator r", &t.mma_c_crd);
    h.finish_with_values()
}

/// The thread-independent register maps of the fragments.
pub struct Fragments {
    pub frag_a: Vec<Vec<i64>>,
    pub frag_b: Vec<Vec<i64>>,
    pub frag_c: Vec<Vec<i64>>,
    pub s2r_a: Vec<Vec<i64>>,
    pub s2r_b: Vec<Vec<i64>>,
    /// 32-bit registers of one k-block of tCrA (`MMA_M * 4`) and tCrB (`MMA_N * 2`).
    pub regs_a_per_k: usize,
    pub regs_b_per_k: usize,
}

/// The registers of one k-block of the fragments, numbered within the k-block (what the kernel's
/// double-buffered k-block registers hold): [`Fragments::k_local`].
pub struct KLocal {
    /// `kFragAk[0][m]`: the first register of A block m, in every k-block.
    pub frag_a: Vec<i64>,
    /// `kFragBk[0][n]`.
    pub frag_b: Vec<i64>,
    /// `kS2RFragAk[j][r]`: the register ldmatrix j of a k-block writes with its r-th result.
    pub s2r_a: Vec<Vec<i64>>,
    /// `kS2RFragBk[j][r]`.
    pub s2r_b: Vec<Vec<i64>>,
    /// Whether the k-blocks are contiguous, k-block kb's registers k-block 0's + kb * per
    /// (then the numbers above are the fragment's own registers).
    pub shifted: bool,
}

impl Fragments {
    /// Numbers each register of tCrA (tCrB) by its rank among the registers of its k-block, and
    /// checks that every k-block has k-block 0's pattern: block (m, kb) starts at the same rank
    /// for every kb, and ldmatrix j of k-block kb writes, result by result, the registers of the
    /// same ranks as ldmatrix j of k-block 0, all in k-block kb.
    pub fn k_local(&self) -> Result<KLocal, String> {
        let nk = self.frag_a[0].len();
        let mut shifted = true;
        let mut one = |what: &str, frag: &[Vec<i64>], s2r: &[Vec<i64>], per: usize, regs_per_block: usize| -> Result<(Vec<i64>, Vec<Vec<i64>>), String> {
            let total = per * nk;
            let (mut kb_of, mut rank) = (vec![usize::MAX; total], vec![0i64; total]);
            for kb in 0..nk {
                let mut regs: Vec<usize> = frag.iter().flat_map(|row| (0..regs_per_block).map(move |q| row[kb] as usize + q)).collect();
                regs.sort_unstable();
                for (i, &r) in regs.iter().enumerate() {
                    if r >= total || kb_of[r] != usize::MAX {
                        return Err(format!("{what}: register {r} of k-block {kb} is outside the fragment or in two blocks"));
                    }
                    kb_of[r] = kb;
                    rank[r] = i as i64;
                    shifted &= r == i + kb * per;
                }
            }
            let frag_k: Vec<i64> = frag.iter().map(|row| rank[row[0] as usize]).collect();
            for (b, row) in frag.iter().enumerate() {
                for (kb, &reg) in row.iter().enumerate() {
                    if rank[reg as usize] != frag_k[b] {
                        return Err(format!("{what}: block {b} of k-block {kb} starts at register {reg} (rank {} in its k-block), k-block 0's at rank {}", rank[reg as usize], frag_k[b]));
                    }
                }
            }
            let copies = s2r.len() / nk;
            let s2r_k: Vec<Vec<i64>> = s2r[..copies].iter().map(|regs| regs.iter().map(|&r| rank[r as usize]).collect()).collect();
            for (i, regs) in s2r.iter().enumerate() {
                let (j, kb) = (i % copies, i / copies);
                for (q, &reg) in regs.iter().enumerate() {
                    if kb_of[reg as usize] != kb || rank[reg as usize] != s2r_k[j][q] {
                        return Err(format!(
                            "retile_D({what}): ldmatrix {i} (k-block {kb}) writes register {reg} (k-block {}, rank {}), not the rank {} k-block 0's ldmatrix {j} writes",
                            kb_of[reg as usize], rank[reg as usize], s2r_k[j][q]
                        ));
                    }
                }
            }
            Ok((frag_k, s2r_k))
        };
        let (frag_a, s2r_a) = one("tCrA", &self.frag_a, &self.s2r_a, self.regs_a_per_k, 4)?;
        let (frag_b, s2r_b) = one("tCrB", &self.frag_b, &self.s2r_b, self.regs_b_per_k, 2)?;
        Ok(KLocal { frag_a, frag_b, s2r_a, s2r_b, shifted })
    }
}

/// `[blocks][k]` of a fragment layout `((V),B,(K))` given as its table: the first offset of each
/// `(_, b, k)` divided by `unit` (2 halves per register; 1 float).
fn blocks(table: &[i64], vals: usize, nb: usize, nk: usize, unit: i64) -> Vec<Vec<i64>> {
    (0..nb).map(|b| (0..nk).map(|k| table[vals * (b + nb * k)] / unit).collect()).collect()
}

/// The register maps, read off `tCrA`, `tCrB`, `tCrC`, `retile_D(tCrA)`, `retile_D(tCrB)`.
pub fn fragments<C: Sm80Kernel>() -> Fragments {
    let k = C::tables();
    let (ta, tb, tc) = (k.tCrA.table(), k.tCrB.table(), k.tCrC.table());
    let (sa, sb, sc) = (mode_sizes(&k.tCrA), mode_sizes(&k.tCrB), mode_sizes(&k.tCrC));
    let (va, vb, vc) = (sa[0] as usize, sb[0] as usize, sc[0] as usize);
    let (mm, mk) = (sa[1] as usize, sa[2] as usize);
    let mn = sb[1] as usize;
    let (v, u) = (vec::<C>(), per_reg::<C>());
    let s2r = |t: &[i64]| -> Vec<Vec<i64>> { t.chunks(v).map(|c| c.iter().step_by(u).map(|&x| x / u as i64).collect()).collect() };
    Fragments {
        frag_a: blocks(&ta, va, mm, mk, u as i64),
        frag_b: blocks(&tb, vb, mn, mk, u as i64),
        frag_c: (0..mm).map(|m| (0..mn).map(|n| tc[vc * (m + mm * n)]).collect()).collect(),
        s2r_a: s2r(&k.tXrA.table()),
        s2r_b: s2r(&k.tXrB.table()),
        regs_a_per_k: mm * va / u,
        regs_b_per_k: mn * vb / u,
    }
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

/// Each 16-byte vector: `vec` consecutive entries of `row` starting at every multiple of `vec`
/// step by `step`.
fn vectors(what: &str, row: &[i64], step: i64, vec: usize) -> Result<(), String> {
    for (i, v) in row.chunks(vec).enumerate() {
        if v.len() != vec || v.windows(2).any(|w| w[1] - w[0] != step) {
            return Err(format!("{what}: vector {i} {v:?} is not {vec} elements {step} apart"));
        }
    }
    Ok(())
}

/// Interprets the tables as the kernel does and checks: every copy covers its tile (or stage)
/// exactly once, with whole 16-byte vectors on both sides; the ldmatrix copies deliver to every
/// MMA fragment register exactly the A/B element the MMA expects there; the accumulators cover
/// the C tile exactly once.
pub fn check<C: Sm80Kernel>() -> Result<Report, String> {
    let k = C::tables();
    let (n, thr) = (threads::<C>(), thrfrg_threads::<C>());
    let t = tables::<C>();
    let mut r = Report::default();
    let cta = mode_sizes(&k.cta_tiler);
    let (bm, bn, bk) = (cta[0], cta[1], cta[2]);
    let (major_a, major_b) = majors::<C>()?;
    let (vec_ab, el, u) = (vec::<C>(), elems::<C>(), per_reg::<C>());
    for (op, (crd, smem), rows, major) in [("A", &t.g2s_a_all, bm, major_a), ("B", &t.g2s_b_all, bn, major_b)] {
        let tile = (rows * bk) as usize;
        r.lines.push(exactly_once(&format!("G2S {op} gmem tile"), crd.iter().copied(), tile)?);
        r.lines.push(exactly_once(&format!("G2S {op} smem stage"), smem.iter().copied(), tile)?);
        let mn = if op == "A" { "M" } else { "N" };
        match major {
            // k fastest: K-major global memory
            Major::K => vectors(&format!("G2S {op} gmem"), crd, rows, vec_ab)?,
            // m (n) fastest: the 8 halves of a vector are 8 rows of one k column, none past the tile
            Major::MN => {
                vectors(&format!("G2S {op} gmem"), crd, 1, vec_ab)?;
                if let Some(v) = crd.chunks(vec_ab).find(|v| v[0] % rows > rows - vec_ab as i64) {
                    return Err(format!("G2S {op} gmem: vector {v:?} wraps from one k column into the next"));
                }
            }
        }
        vectors(&format!("G2S {op} smem"), smem, 1, vec_ab)?;
        let along = if major == Major::K { "K-major".to_string() } else { format!("{mn}-major, one k column") };
        r.lines.push(format!("G2S {op}: every vector is {vec_ab} contiguous {el} in gmem ({along}) and in smem"));
    }
    // S2R vs MMA: thread t's j-th destination value of the ldmatrix copies (the tile element
    // tidfrg_D gives it) lands in fragment register retile_D(j); the MMA reads register reg as
    // the fragment coordinate i with frag(i) = reg, i.e. tile element thrfrg(t)[i]
    let retile_a = k.tXrA.table();
    let retile_b = k.tXrB.table();
    let frag_a = k.tCrA.table();
    let frag_b = k.tCrB.table();
    let thrfrg_a = k.thrfrg_a.table();
    let thrfrg_b = k.thrfrg_b.table();
    let (vs, ms, ns) = vmn_sizes::<C>();
    for (op, (smem, _)) in [("A", &t.s2r_a_all), ("B", &t.s2r_b_all)] {
        vectors(&format!("S2R {op} smem"), smem, 1, vec_ab)?;
        r.lines.push(format!("S2R {op}: every ldmatrix row address starts {vec_ab} contiguous {el} (16 bytes) of the swizzled stage"));
    }
    for (op, (_, crd), retile, frag, thrfrg, n_thr) in [
        ("A", &t.s2r_a_all, &retile_a, &frag_a, &thrfrg_a, vs * ms),
        ("B", &t.s2r_b_all, &retile_b, &frag_b, &thrfrg_b, vs * ns),
    ] {
        let per = crd.len() / n;
        if retile.len() != per || frag.len() != per {
            return Err(format!("S2R {op}: {per} values per thread, retile {} and fragment {}", retile.len(), frag.len()));
        }
        let mut reg_to_frag = vec![usize::MAX; per];
        for (i, &reg) in frag.iter().enumerate() {
            reg_to_frag[reg as usize] = i;
        }
        for th in 0..n {
            let (ta, tb, _) = thr[th];
            let ti = if op == "A" { ta } else { tb };
            let want = tv_row(thrfrg, n_thr, ti);
            let mut written = vec![0u8; per];
            for j in 0..per {
                let reg = retile[j] as usize;
                written[reg] += 1;
                let got = crd[th * per + j];
                let expected = want[reg_to_frag[reg]];
                if got != expected {
                    return Err(format!(
                        "S2R {op}: thread {th} value {j} loads tile element {got} into register {reg}, the MMA reads element {expected} there"
                    ));
                }
            }
            if let Some(reg) = written.iter().position(|&c| c != 1) {
                return Err(format!("S2R {op}: thread {th} writes register {reg} {} times", written[reg]));
            }
        }
        r.lines.push(format!("S2R {op} -> MMA {op}: every fragment register of every thread gets the element the MMA expects, once"));
    }
    // the register maps: each MMA operand's registers are contiguous in its fragment, and each
    // ldmatrix result register carries two adjacent halves (or one 32-bit element) of one fragment register
    let (ta, tb, tc) = (k.tCrA.table(), k.tCrB.table(), k.tCrC.table());
    // (A: 4 registers of the MMA, B: 2, of `u` elements each; C: 4 accumulators)
    for (what, t, v) in [("tCrA", &ta, 4 * u), ("tCrB", &tb, 2 * u), ("tCrC", &tc, 4)] {
        for (b, c) in t.chunks(v).enumerate() {
            if c.windows(2).any(|w| w[1] != w[0] + 1) || (what != "tCrC" && c[0] % u as i64 != 0) {
                return Err(format!("{what}: the values of MMA block {b} are not contiguous registers: {c:?}"));
            }
        }
    }
    for (what, t) in [("retile_D(tCrA)", k.tXrA.table()), ("retile_D(tCrB)", k.tXrB.table())] {
        for (j, p) in t.chunks(u).enumerate() {
            if p[0] % u as i64 != 0 || p.windows(2).any(|w| w[1] != w[0] + 1) {
                return Err(format!("{what}: ldmatrix result {j} would split a register: {p:?}"));
            }
        }
    }
    if tc.iter().enumerate().any(|(i, &x)| x != i as i64) {
        return Err("tCrC is not compact: accumulator f is not tCcC's element f".into());
    }
    r.lines.push("fragments: every MMA operand is whole contiguous registers; every ldmatrix result fills one register".into());
    if acc_bits::<C>() == 16 {
        // two fp16 accumulators per 32-bit register: each MMA's 4 accumulators must be two whole
        // registers, i.e. start at an even accumulator
        if let Some(b) = tc.chunks(4).position(|c| c[0] % 2 != 0) {
            return Err(format!("tCrC: MMA block {b} starts at an odd accumulator, inside an f16x2 register"));
        }
        r.lines.push("fp16 accumulators: every MMA's C operand is two whole f16x2 registers (kFragC even)".into());
    }
    // per k-block: the kernel keeps one k-block of fragments (double-buffered) and indexes it
    // with k-block 0's register pattern, numbered within the k-block
    let f = fragments::<C>();
    let local = f.k_local()?;
    if local.shifted {
        r.lines.push(format!("fragments per k-block: k-block kb's registers are k-block 0's + kb*{} (A) and kb*{} (B)", f.regs_a_per_k, f.regs_b_per_k));
    } else {
        r.lines.push(format!(
            "fragments per k-block: numbered within its k-block ({} registers of A, {} of B), every k-block's MMA blocks and ldmatrix results have k-block 0's numbers",
            f.regs_a_per_k, f.regs_b_per_k
        ));
    }
    let tt = thread_tensors::<C>()?;
    // the kernel splits a G2S source coordinate c = offset + delta_i into (m, k) as the thread's
    // (offset % rows, offset / rows) plus (delta_i % rows, delta_i / rows): that needs no carry
    // from m into k, for every thread and vector
    for (name, rows) in [("tAcA", bm), ("tBcB", bn)] {
        let per = &tt.iter().find(|(n, _)| n == name).ok_or_else(|| format!("no closed form {name}"))?.1;
        for (th, x) in per.iter().enumerate() {
            for (i, &c) in x.offsets().iter().enumerate().step_by(vec_ab) {
                let d = c - x.offset;
                if d < 0 || x.offset % rows + d % rows >= rows || x.offset / rows + d / rows != c / rows {
                    return Err(format!("{name}: thread {th} vector {}: coordinate {c} = {} + {d} carries from m into k", i / vec_ab, x.offset));
                }
            }
        }
    }
    r.lines.push("G2S sources: every vector's coordinate is the thread's (m, k) plus a constant (m, k) without carry".into());
    r.lines.push(format!(
        "closed forms {}: offset + strides reproduce every thread's table (tCrC is compact: register f is tCcC's element f)",
        tt.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ")
    ));
    // the epilogue: R2S stores accumulator kR2SAcc[j] at tRS_sC(j), which must be the sC offset
    // of that accumulator's C coordinate; S2G reads 4 contiguous floats and writes them to the 4
    // contiguous D elements they hold
    let sc = table::<<C as Sm80Config>::SmemLayoutC>();
    let r2s_acc = k.tRSrC.table();
    let rs = k.r2s_smem.table();
    let per = rs.len() / n;
    if r2s_acc.len() != per {
        return Err(format!("R2S: {per} values per thread, retile_S(tCrC) has {}", r2s_acc.len()));
    }
    let mut r2s_all = Vec::new();
    for th in 0..n {
        let row = tv_row(&rs, n, th);
        for (j, &o) in row.iter().enumerate() {
            let c = t.mma_c_crd[th][r2s_acc[j] as usize];
            if sc[c as usize] != o {
                return Err(format!("R2S: thread {th} value {j} stores accumulator {} (C element {c}) at sC offset {o}, which holds element sC^-1({o})", r2s_acc[j]));
            }
            r2s_all.push(o);
        }
    }
    r.lines.push(exactly_once("R2S sC", r2s_all, sc.len())?);
    r.lines.push("R2S: every accumulator lands at the sC offset of its own C element".into());
    let (sg, sgc) = (k.s2g_smem.table(), k.s2g_crd.table());
    let vec = s2g_vec::<C>();
    let (mut src, mut dst) = (Vec::new(), Vec::new());
    for th in 0..n {
        let (a, b) = (tv_row(&sg, n, th), tv_row(&sgc, n, th));
        for (&o, &c) in a.iter().zip(&b) {
            if sc[c as usize] != o {
                return Err(format!("S2G: thread {th} writes D element {c} with the float at sC offset {o}, which is not element {c}"));
            }
        }
        // the kernel reads a vector of sC with 16-byte loads from its first float and stores it
        // to D with one 16-byte store from its first row: both runs contiguous, aligned to the
        // vector (D's first row a multiple of the vector, so that with ldd a multiple of it the
        // store is aligned)
        for (ca, cb) in a.chunks(vec).zip(b.chunks(vec)) {
            if ca.len() != vec || ca.windows(2).any(|w| w[1] != w[0] + 1) || cb.windows(2).any(|w| w[1] != w[0] + 1) {
                return Err(format!("S2G: thread {th}: a vector is not {vec} contiguous elements: sC {ca:?}, D {cb:?}"));
            }
            if ca[0] % vec as i64 != 0 || (cb[0] % bm) % vec as i64 != 0 {
                return Err(format!("S2G: thread {th}: a vector is not aligned to {vec} elements: sC {ca:?}, D {cb:?}"));
            }
        }
        src.extend(a);
        dst.extend(b);
    }
    r.lines.push(exactly_once("S2G sC", src, sc.len())?);
    r.lines.push(exactly_once("S2G D tile", dst, sc.len())?);
    let what = if vec == 4 { "4 contiguous floats in sC and in D".to_string() } else { format!("{vec} contiguous floats in sC and {vec} contiguous {}-bit elements of D", out_bits::<C>()) };
    r.lines.push(format!("S2G: every 16-byte vector is {what} (column-major), aligned to {vec} elements, carrying its own elements"));
    let (cm, cn) = (bm, bn);
    r.lines.push(exactly_once("MMA C accumulators", t.mma_c_crd.iter().flatten().copied(), (cm * cn) as usize)?);
    Ok(r)
}
