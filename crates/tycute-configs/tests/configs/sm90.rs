use tycute_configs::sm90::*;
use tycute_tiled::copy::{PartitionD, PartitionS};

/// As `sgemm_sm80`'s test: the dump's per-thread epilogue partitions equal tycute-tiled's
/// type-level ones (the thread a type) for a few threads.
#[test]
fn thread_rows_equal_the_type_level_partitions() {
    use tycute_layout::typenum::{P127, P77, P9};
    fn check<P: tycute_tiled::copy::CuteText + tycute_tiled::copy::CuteFunc>(t: usize, name: &str) {
        super::check_thread_row::<P>(thread_rows, t, name);
    }
    check::<PartitionD<TiledR2S, SD, P9>>(9, "tRS_sD");
    check::<PartitionD<TiledR2S, SD, P77>>(77, "tRS_sD");
    check::<PartitionS<TiledS2R, SC, P127>>(127, "tSR_sC");
}
