use tycute_configs::sm90::*;
use tycute_tiled::copy::{PartitionD, PartitionS};

/// As `sgemm_sm80`'s test: the dump's per-thread epilogue partitions equal tycute-tiled's
/// type-level ones (the thread a type) for a few threads.
#[test]
fn thread_rows_equal_the_type_level_partitions() {
    use crate::one_path::Part;
    use tycute_layout::typenum::{P127, P77, P9};
    // the partitions in one path (crate::one_path)
    let (r9, r77, s127) =
        <(Part<PartitionD<TiledR2S, SD, P9>>, Part<PartitionD<TiledR2S, SD, P77>>, Part<PartitionS<TiledS2R, SC, P127>>) as crate::one_path::Take>::take();
    super::check_thread_row(thread_rows, 9, "tRS_sD", &r9);
    super::check_thread_row(thread_rows, 77, "tRS_sD", &r77);
    super::check_thread_row(thread_rows, 127, "tSR_sC", &s127);
}
