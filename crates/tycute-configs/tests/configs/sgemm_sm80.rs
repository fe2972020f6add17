use tycute_configs::sgemm_sm80::*;
use tycute_tiled::copy::{PartitionD, PartitionS, TiledLayout_TV, Tiler_MN};
use tycute_layout::show;

use crate::one_path::{Part, Show, Take};

/// The values seed 000 prints (and C++ CuTe computes: tests/vectors/seeds.txt).
#[test]
fn matches_the_seed() {
    assert_eq!(show::<SwizzleAtom>(), "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))");
    assert_eq!(
        show::<SmemLayoutA>(),
        "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))"
    );
    assert_eq!(show::<SmemLayoutA>(), show::<SmemLayoutABlocked>());
    assert_eq!(show::<SmemLayoutB>(), show::<SmemLayoutA>());
    assert_eq!(
        show::<SmemLayoutAStage>(),
        "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0))"
    );
    assert_eq!(show::<SmemLayoutC>(), "(_128,_128):(_1,_128)");
}

/// The dump evaluates a thread's tensor from thread 0's layout type and the thread's row of
/// the thread-independent (thread, value) layout. For threads the seed does not print, check
/// that against tycute-tiled's per-thread partitions (the thread index as a type, the swizzle
/// resolved for it at compile time), text and table.
#[test]
fn thread_rows_equal_the_type_level_partitions() {
    use tycute_layout::typenum::{P101, P5, P66};
    // the three threads' partitions in one path (crate::one_path)
    type Rows<T> = (Part<PartitionD<CopyA, SmemLayoutA, T>>, Part<PartitionS<S2RCopyA, SmemLayoutA, T>>, Part<PartitionS<S2RCopyB, SmemLayoutBStage, T>>);
    let (r5, r66, r101) = <(Rows<P5>, Rows<P66>, Rows<P101>) as Take>::take();
    for (t, (a, xa, xb)) in [(5, r5), (66, r66), (101, r101)] {
        super::check_thread_row(thread_rows, t, "tAsA", &a);
        super::check_thread_row(thread_rows, t, "tXsA", &xa);
        super::check_thread_row(thread_rows, t, "tXsB(_,_,_,0)", &xb);
    }
}

/// The epilogue's objects, as the trait solver derives them.
#[test]
fn epilogue_layouts() {
    // every value in one path (crate::one_path)
    let (sc_epi, r2s_tv, r2s_tiler, (t_rs_sc, _), r_rs, s2g_tv, (t_sg_sc, _), (t_sg_cc, _)) = <(
        Show<SmemLayoutCEpi>,
        Show<TiledLayout_TV<R2SCopy>>,
        Show<Tiler_MN<R2SCopy>>,
        Part<TRSsC>,
        Show<TRSrC>,
        Show<TiledLayout_TV<S2GCopy>>,
        Part<TSGsC>,
        Part<TSGcC>,
    ) as Take>::take();
    assert_eq!(sc_epi, "Sw<2,3,5> o _0 o (_128,_128):(_1,_128)");
    // make_tiled_copy_C over the MMA's (32,32) tile: the accumulator TV layout itself
    assert_eq!(r2s_tv, "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
    assert_eq!(r2s_tiler, "(_32,_32)");
    // the swizzle turns the m+8 stride into a per-thread one
    assert_eq!(t_rs_sc, "counting_iter(0) o ((_1,(_2,_2,_2)),_4,_4):((_0,(_128,8,_2048)),_32,_4096)");
    assert_eq!(r_rs, "((_1,(_4,_2)),_4,_4):((_0,(_1,_16)),_4,_32)");
    assert_eq!(s2g_tv, "(_128,_4):(_4,_1)");
    assert_eq!(t_sg_sc, "counting_iter(0) o ((_4,_1),_1,(_2,_16)):((_1,_0),_0,(528,_1024))");
    assert_eq!(t_sg_cc, "counting_iter(0) o ((_4,_1),_1,_32):((_1,_0),_0,_512)");
}
