//! The type level's attention layouts against the runtime twin and brute force: for FA3's tiles,
//! every thread's S accumulators and P·V A registers as `partition_C` / `partition_A` of the
//! twin's TiledMMAs give them (the elements, by thread and register), the proven S to P view
//! against an element-by-element match, the softmax row and column tables against the
//! accumulators' elements and the quad of lanes; and a wrong tile the type level rejects is
//! wrong for the twin too.


use tycute_attention::convert_layout_acc_rowcol::RowTables;
use tycute_attention::header::{
    header_with_layouts, per_thread, AttentionOn, Bf16Hd128, F16Hd64, TileLayouts, BF16_HD128_ABOUT, BF16_HD128_NAMESPACE, F16_HD64_ABOUT,
    F16_HD64_INCLUDE, F16_HD64_NAMESPACE,
};
use tycute_attention::tile::*;
use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_mma::{Operand, TiledMma};
use tycute_dynamic::{AnyLayout, IntTuple, Layout};
use tycute_emit::value::tiled_mma;
use tycute_layout::swizzle::recast::bfloat16_t;
use tycute_layout::swizzle::recast::half_t;

/// `partition_X(make_tensor(counting, make_layout((m, n))))` for every thread: the element
/// index `i + m j` each register of each thread holds, as the twin computes it.
fn twin_partition(tm: &TiledMma, op: Operand, m: i64, n: i64) -> Vec<Vec<i64>> {
    let l = Layout::left(&IntTuple::Tuple(vec![IntTuple::st(m), IntTuple::st(n)])).unwrap();
    let t = Tensor::new(AnyLayout::Plain(l));
    let threads = tm.size().unwrap().value;
    (0..threads).map(|thr| tm.partition(op, &t, thr).unwrap().table(1 << 26).unwrap()).collect()
}

pub struct Facts {
    pub threads: usize,
    pub s_acc: Vec<Vec<i64>>,
    pub p_a: Vec<Vec<i64>>,
    /// The twin's TiledMMAs.
    pub qk: TiledMma,
    pub pv: TiledMma,
}

/// Checks one tile; returns the twin's tables.
macro_rules! check_tile {
    ($T:ty, $layouts:expr, $bm:expr, $bn:expr, $d:expr, $view:expr) => {{
        type T = $T;
        let qk = tiled_mma::<TiledMmaQKOf<T>>().unwrap();
        let pv = tiled_mma::<TiledMmaPVOf<T>>().unwrap();
        let threads = qk.size().unwrap().value as usize;
        // the tile's static values, from the path that gave its header (`header_with_layouts`:
        // the borrow checker normalizes each path of a body apart, and these share the whole
        // tile's proofs)
        let TileLayouts { frag: s_frag, s_tv: s_acc_tv, view: view_r, a_tv: p_a_tv, rowcol: rowcol_r, rows: rows_r, cols: cols_r } = $layouts;
        assert_eq!(threads, 128 * ($bm / 64), "one warpgroup per 64 rows");
        assert_eq!(pv.size().unwrap().value as usize, threads);

        // S's accumulators and P's A registers: the type level's whole-tile TV maps against the
        // twin's partitions, thread by thread, register by register
        let s_acc = twin_partition(&qk, Operand::C, $bm, $bn);
        let p_a = twin_partition(&pv, Operand::A, $bm, $bn);
        assert_eq!(per_thread(&s_acc_tv.table(), threads), s_acc, "S: type level vs twin");
        assert_eq!(per_thread(&p_a_tv.table(), threads), p_a, "P as A: type level vs twin");
        // the fragment the view is taken on is the partition's compact layout
        let frag = qk.make_fragment(Operand::C, &qk.partition(Operand::C, &Tensor::new(AnyLayout::Plain(
            Layout::left(&IntTuple::Tuple(vec![IntTuple::st($bm), IntTuple::st($bn)])).unwrap())), 0).unwrap()).unwrap();
        assert_eq!(s_frag.text(), frag.to_string());

        // the proven view, and brute force: P's A register r holds the element S's accumulator
        // view[r] holds, for every thread
        assert_eq!(view_r.text(), $view);
        let view = view_r.table();
        assert_eq!(view.len(), p_a[0].len());
        for t in 0..threads {
            for (r, &acc) in view.iter().enumerate() {
                assert_eq!(s_acc[t][acc as usize], p_a[t][r], "thread {t}, A register {r}");
            }
        }

        // softmax: row slot i and column slot j of the (rows, cols) view, as FA3 indexes the
        // registers ((2,MMA_M),(2,N/8,MMA_N) over ((2,2,N/8),MMA_M,MMA_N), MMA_M = MMA_N = 1),
        // hold the row and column the tables say; the lanes sharing a row are a quad
        let rows = RowTables::new(&rows_r.table(), &cols_r.table(), threads, $bn as usize).unwrap();
        assert_eq!(rowcol_r.text().split(':').next().unwrap(), format!("((_2,_1),(_2,_{},_1))", $bn / 8));
        for t in 0..threads {
            for (r, &e) in s_acc[t].iter().enumerate() {
                let (i, j) = ((r / 2) % 2, r % 2 + 2 * (r / 4));
                assert_eq!((rows.rows[t][i], rows.cols[t][j]), (e % $bm, e / $bm), "thread {t}, register {r}");
            }
        }
        assert_eq!(rows.row_lanes, vec![0, 1, 2, 3]);
        assert_eq!(rows.shuffle_xors, vec![1, 2]);
        // brute force: lane l shares its rows exactly with the lanes l ^ 1, l ^ 2, l ^ 3
        for t in 0..threads {
            let same: Vec<usize> = (0..threads).filter(|&u| rows.rows[u] == rows.rows[t]).collect();
            let quad: Vec<usize> = (0..4).map(|x| (t & !3) | x).collect();
            assert_eq!(same, quad, "thread {t}");
        }
        // O's accumulators (P·V's C over (kBlockM, kHeadDim)) hold the rows S's do, per thread
        let o_acc = twin_partition(&pv, Operand::C, $bm, $d);
        for t in 0..threads {
            let mut o_rows: Vec<i64> = o_acc[t].iter().map(|e| e % $bm).collect();
            o_rows.sort_unstable();
            o_rows.dedup();
            let mut s_rows = rows.rows[t].clone();
            s_rows.sort_unstable();
            assert_eq!(o_rows, s_rows, "thread {t}: O's rows");
        }
        Facts { threads, s_acc, p_a, qk, pv }
    }};
}

/// What the tests read of the bf16 128 x 128 tile.
pub struct Bf16Hd128Run {
    pub header: Result<tycute_emit::Header, tycute_emit::Error>,
    pub facts: Facts,
    /// `AccAsAregs`'s view, printed.
    pub view: String,
}

/// Every type-level value of the tile the tests use, in this one body (see the module's note).
fn bf16_hd128_run() -> Bf16Hd128Run {
    let (header, layouts) = header_with_layouts::<Bf16Hd128>(BF16_HD128_NAMESPACE, BF16_HD128_ABOUT);
    let view = "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)";
    let facts = check_tile!(Hd128<bfloat16_t>, layouts, 128, 128, 128, view);
    Bf16Hd128Run { header, facts, view: view.to_string() }
}

/// [`bf16_hd128_run`], once per test process.
pub fn bf16_hd128_tile() -> &'static Bf16Hd128Run {
    static RUN: std::sync::OnceLock<Bf16Hd128Run> = std::sync::OnceLock::new();
    RUN.get_or_init(bf16_hd128_run)
}

#[test]
fn bf16_hd128() {
    let f = &bf16_hd128_tile().facts;
    assert_eq!((f.threads, f.s_acc[0].len(), f.p_a[0].len()), (256, 64, 64));
    // thread 0 holds S(0,0), S(0,1), S(8,0), S(8,1), S(0,8), ...; thread 128 the same 64 rows down
    assert_eq!(&f.s_acc[0][..5], &[0, 128, 8, 136, 1024]);
    assert_eq!(f.s_acc[128][0], 64);
}

// The other tiles: each test takes the tile's header and layouts from one call (one path,
// see the module's note), checks the layouts against the twin and the header's values.

#[test]
fn bf16_hd128_n176() {
    let (header, layouts) = header_with_layouts::<AttentionOn<Hd128N176<bfloat16_t>>>("hd128_n176", "");
    check_tile!(Hd128N176<bfloat16_t>, layouts, 128, 176, 128, "((_2,_2,_2),_1,_11):((_1,_2,_4),_0,_8)");
    super::header_is(&header.unwrap(), 256, 176, 44);
}

#[test]
fn f16_hd64_three_warpgroups() {
    let (header, layouts) = header_with_layouts::<F16Hd64>(F16_HD64_NAMESPACE, F16_HD64_ABOUT);
    let f = check_tile!(Hd64<half_t>, layouts, 192, 128, 64, "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)");
    assert_eq!(f.threads, 384);
    let header = header.unwrap();
    super::header_is(&header, 384, 128, 32);
    // the device library's copy, which the kernel's head-dim-64 build includes
    super::checked_in_is(F16_HD64_INCLUDE, &header.text());
}

#[test]
fn bf16_hd256() {
    let (header, layouts) = header_with_layouts::<AttentionOn<Hd256<bfloat16_t>>>("hd256", "");
    check_tile!(Hd256<bfloat16_t>, layouts, 128, 80, 256, "((_2,_2,_2),_1,_5):((_1,_2,_4),_0,_8)");
    super::header_is(&header.unwrap(), 256, 80, 20);
}

/// The tile the type level rejects with "S's accumulators re-viewed by convert_layout_acc_Aregs
/// are not P·V's A registers" (ui-tests/fail/attention_view_warpgroups.rs): P·V's two
/// warpgroups split N instead of M. The twin shows why: each P·V thread needs A rows of both halves of
/// M (MMA_M = 2), while its S accumulators hold one half.
#[test]
fn warpgroups_along_n_are_no_re_view() {
    use tycute_atom::{MMA_Atom, SM90_64x128x16_F32BF16BF16_RS, K, MN};
    type PvN = tycute_tiled::mma::tiled_mma::TiledMMA<
        MMA_Atom<SM90_64x128x16_F32BF16BF16_RS<K, MN>>,
        tycute_macros::cute!((_1,_2,_1):(_0,_1,_0)),
        tycute_tiled::mma::tiled_mma::NoPermutation,
    >;
    let qk = tiled_mma::<TiledMmaQKOf<Hd256<bfloat16_t>>>().unwrap();
    let pv = tiled_mma::<PvN>().unwrap();
    let s_acc = twin_partition(&qk, Operand::C, 128, 80);
    let p_a = twin_partition(&pv, Operand::A, 128, 80);
    let err = tycute_emit::proof::retile("S -> P", &p_a, &s_acc).unwrap_err();
    // thread 0 of P·V holds 80 A values of rows 0..63 and 64..127 (MMA_M = 2), S's thread 0 has 40
    assert!(err.to_string().contains("thread 0 holds other elements"), "{err}");
}

/// The type level's first error line of a ui-test case (`ui-tests/fail/NAME.stderr`).
fn type_level_message(case: &str) -> String {
    let path = format!("{}/../../ui-tests/fail/{case}.stderr", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().next().unwrap().trim_start_matches("error[E0277]: ").to_string()
}

/// The runtime twin (`tycute_attention::twin`) rejects the ui-tests' tiles with the type level's
/// words: the same message for the rules on the parts, the same rule (its first words) for the
/// re-view, whose numbers differ (the twin names a thread and a register).
#[test]
fn twin_rules_in_the_type_levels_words() {
    use tycute_atom::{MMA_Atom, SM90_64x128x16_F32BF16BF16_RS, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x32_F32E4M3E4M3_RS_TN, SM90_64x192x16_F32BF16BF16_SS, K, MN};
    use tycute_attention::twin::{convert_layout_acc_aregs, s_to_p, TileValues};
    use tycute_tiled::mma::tiled_mma::{NoPermutation, TiledMMA};
    type Wg2 = tycute_macros::cute!((_2,_1,_1):(_1,_0,_0));
    // the bf16 128 x 128 tile's TiledMMAs and view, as the header's run took them (its proofs are
    // solved there once)
    let run = bf16_hd128_tile();
    let (qk128, pv128) = (&run.facts.qk, &run.facts.pv);
    let tile = |qk: &TiledMma, pv: &TiledMma, m, n, d, k| TileValues { qk: qk.clone(), pv: pv.clone(), block_m: m, block_n: n, head_dim: d, block_k_pv: k };

    // FA3's tiles pass, with the type level's view
    assert_eq!(s_to_p(&tile(qk128, pv128, 128, 128, 128, 128)).unwrap().to_string(), run.view);

    let ss = tiled_mma::<TiledMMA<MMA_Atom<SM90_64x128x16_F32BF16BF16_SS<K, MN>>, Wg2, NoPermutation>>().unwrap();
    let e = s_to_p(&tile(qk128, &ss, 128, 128, 128, 128)).unwrap_err();
    let want = type_level_message("attention_pv_ss_atom");
    let cut = |s: &str| s.split("registers;").next().unwrap().to_string();
    assert_eq!(cut(&e), cut(&want), "{e}");

    let fp8 = tiled_mma::<TiledMMA<MMA_Atom<SM90_64x128x32_F32E4M3E4M3_RS_TN>, Wg2, NoPermutation>>().unwrap();
    assert_eq!(s_to_p(&tile(qk128, &fp8, 128, 128, 128, 128)).unwrap_err(), type_level_message("attention_pv_8bit"));

    assert_eq!(s_to_p(&tile(qk128, pv128, 128, 128, 128, 96)).unwrap_err(), type_level_message("attention_pv_k_tile"));

    let qk192 = tiled_mma::<TiledMMA<MMA_Atom<SM90_64x192x16_F32BF16BF16_SS<K, K>>, Wg2, NoPermutation>>().unwrap();
    assert_eq!(s_to_p(&tile(&qk192, pv128, 128, 128, 128, 128)).unwrap_err(), type_level_message("attention_qk_atom_n"));

    let qk80 = tiled_mma::<TiledMmaQKOf<Hd256<bfloat16_t>>>().unwrap();
    let split_n = tiled_mma::<TiledMMA<MMA_Atom<SM90_64x128x16_F32BF16BF16_RS<K, MN>>, tycute_macros::cute!((_1,_2,_1):(_0,_1,_0)), NoPermutation>>().unwrap();
    let e = s_to_p(&tile(&qk80, &split_n, 128, 80, 256, 80)).unwrap_err();
    let rule = "S to P: S's accumulators re-viewed by convert_layout_acc_Aregs are not P·V's A registers: ";
    assert!(e.starts_with(rule) && type_level_message("attention_view_warpgroups").starts_with(rule), "{e}");
    println!("twin: {e}");

    let odd = Layout::new(
        IntTuple::Tuple(vec![IntTuple::Tuple(vec![IntTuple::st(2), IntTuple::st(2), IntTuple::st(3)]), IntTuple::st(1), IntTuple::st(1)]),
        IntTuple::Tuple(vec![IntTuple::Tuple(vec![IntTuple::st(1), IntTuple::st(2), IntTuple::st(4)]), IntTuple::st(0), IntTuple::st(0)]),
    )
    .unwrap();
    assert_eq!(convert_layout_acc_aregs(&odd).unwrap_err(), type_level_message("attention_acc_aregs_odd"));
}
