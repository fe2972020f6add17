use tycute_configs::sm80_mixed_128x256::*;
use tycute_configs::kernel::sm80::Sm80Config;
use tycute_configs::emit::sm80::{check, majors, Major};

#[test]
fn are_checked_kernel_configurations() {
    for (name, r, m) in [
        (Sm80Nn128x256::NAME, check::<Sm80Nn128x256>(), majors::<Sm80Nn128x256>()),
        (Sm80Tt128x256::NAME, check::<Sm80Tt128x256>(), majors::<Sm80Tt128x256>()),
    ] {
        let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
        for l in &r.lines {
            println!("{name}: {l}");
        }
        println!("{name}: {:?}", m.unwrap());
    }
    assert_eq!(majors::<Sm80Nn128x256>().unwrap(), (Major::MN, Major::K));
    assert_eq!(majors::<Sm80Tt128x256>().unwrap(), (Major::K, Major::MN));
}

#[test]
fn shared_memory_is_conflict_free() {
    for a in [tycute_configs::analyze::sm80::accesses::<Sm80Nn128x256>(), tycute_configs::analyze::sm80::accesses::<Sm80Tt128x256>()] {
        for x in &a {
            assert!(x.conflict_free(), "{x:?}");
        }
    }
}
