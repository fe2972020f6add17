use tycute_configs::emit::sm80::{check, threads};
use tycute_configs::kernel::sm80::{Sm80Config, Sm80Kernel};
use tycute_configs::sm80_tn_128x256::*;

fn kernel<C: Sm80Kernel>() {}

#[test]
fn is_a_checked_kernel_configuration() {
    kernel::<Sm80Tn128x256>();
    let r = check::<Sm80Tn128x256>().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    assert_eq!(threads::<Sm80Tn128x256>(), 256);
}

#[test]
fn shared_memory_is_conflict_free() {
    let a = tycute_configs::analyze::sm80::accesses::<Sm80Tn128x256>();
    println!("{}", tycute_configs::analyze::report(Sm80Tn128x256::NAME, &a));
    for x in &a {
        assert!(x.conflict_free(), "{x:?}");
    }
}
