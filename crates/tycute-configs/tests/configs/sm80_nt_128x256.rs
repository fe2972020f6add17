use tycute_configs::sm80_nt_128x256::*;
use tycute_configs::kernel::sm80::Sm80Config;
use tycute_configs::kernel::sm80::Sm80Kernel;
use tycute_layout::show;

fn kernel<C: Sm80Kernel>() {}

#[test]
fn is_a_checked_kernel_configuration() {
    kernel::<Sm80Nt128x256>();
    let r = tycute_configs::emit::sm80::check::<Sm80Nt128x256>().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    assert_eq!(tycute_configs::emit::sm80::threads::<Sm80Nt128x256>(), 256);
    let (a, b) = tycute_configs::emit::sm80::majors::<Sm80Nt128x256>().unwrap();
    assert_eq!((a, b), (tycute_configs::emit::sm80::Major::MN, tycute_configs::emit::sm80::Major::MN));
}

#[test]
fn layouts() {
    println!("sA(_,_,0) = {}", show::<SmemLayoutAStage>());
    println!("copyA = {}", show::<tycute_tiled::copy::TiledLayout_TV<CopyA>>());
    println!("s2r_copy_a = {}", show::<tycute_tiled::copy::TiledLayout_TV<S2RCopyA>>());
    println!("s2r_copy_b = {}", show::<tycute_tiled::copy::TiledLayout_TV<S2RCopyB>>());
}

#[test]
fn shared_memory_is_conflict_free() {
    let a = tycute_configs::analyze::sm80::accesses::<Sm80Nt128x256>();
    println!("{}", tycute_configs::analyze::report(Sm80Nt128x256::NAME, &a));
    for x in &a {
        assert!(x.conflict_free(), "{x:?}");
    }
}
