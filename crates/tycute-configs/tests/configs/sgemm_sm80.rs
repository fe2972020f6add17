use tycute_configs::sgemm_sm80::*;
use tycute_tiled::copy::{PartitionD, PartitionS, TiledLayout_TV, Tiler_MN};
use tycute_layout::show;

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
    fn check<P: tycute_tiled::copy::CuteText + tycute_tiled::copy::CuteFunc>(t: usize, name: &str) {
        super::check_thread_row::<P>(thread_rows, t, name);
    }
    macro_rules! threads {
        ($($t:literal $T:ty),*) => {$(
            check::<PartitionD<CopyA, SmemLayoutA, $T>>($t, "tAsA");
            check::<PartitionS<S2RCopyA, SmemLayoutA, $T>>($t, "tXsA");
            check::<PartitionS<S2RCopyB, SmemLayoutBStage, $T>>($t, "tXsB(_,_,_,0)");
        )*};
    }
    threads!(5 P5, 66 P66, 101 P101);
}

/// The epilogue's objects, as the trait solver derives them.
#[test]
fn epilogue_layouts() {
    use tycute_tiled::copy::text;
    assert_eq!(show::<SmemLayoutCEpi>(), "Sw<2,3,5> o _0 o (_128,_128):(_1,_128)");
    // make_tiled_copy_C over the MMA's (32,32) tile: the accumulator TV layout itself
    assert_eq!(show::<TiledLayout_TV<R2SCopy>>(), "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
    assert_eq!(show::<Tiler_MN<R2SCopy>>(), "(_32,_32)");
    // the swizzle turns the m+8 stride into a per-thread one
    assert_eq!(text::<TRSsC>(), "counting_iter(0) o ((_1,(_2,_2,_2)),_4,_4):((_0,(_128,8,_2048)),_32,_4096)");
    assert_eq!(show::<TRSrC>(), "((_1,(_4,_2)),_4,_4):((_0,(_1,_16)),_4,_32)");
    assert_eq!(show::<TiledLayout_TV<S2GCopy>>(), "(_128,_4):(_4,_1)");
    assert_eq!(text::<TSGsC>(), "counting_iter(0) o ((_4,_1),_1,(_2,_16)):((_1,_0),_0,(528,_1024))");
    assert_eq!(text::<TSGcC>(), "counting_iter(0) o ((_4,_1),_1,_32):((_1,_0),_0,_512)");
}
