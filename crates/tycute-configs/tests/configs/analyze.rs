use tycute_configs::analyze::*;

#[test]
fn model() {
    // 8 lanes, 16 B each, consecutive: 128 bytes, one wavefront
    let a: Vec<u64> = (0..8).map(|i| i * 16).collect();
    assert_eq!(phase_wavefronts(&a, 16), 1);
    // 8 rows 128 bytes apart: all in banks 0-3, 8 wavefronts
    let b: Vec<u64> = (0..8).map(|i| i * 128).collect();
    assert_eq!(phase_wavefronts(&b, 16), 8);
    // the same word twice is a broadcast, not a conflict
    assert_eq!(phase_wavefronts(&[0, 0, 16, 16], 16), 1);
    assert_eq!(instruction_wavefronts(&(0..32).map(|i| i * 16).collect::<Vec<_>>(), 16, 8), 4);
}

#[test]
fn sgemm_sm80_is_conflict_free_and_the_unswizzled_stage_is_not() {
    let a = sm80::accesses::<tycute_configs::sgemm_sm80::SgemmSm80>();
    println!("{}", report("sgemm_sm80", &a));
    for x in &a {
        assert!(x.conflict_free(), "{x:?}");
    }
    assert_eq!(a.len(), 6);
    let u = sgemm_sm80::unswizzled();
    println!("{}", report("unswizzled", &u));
    // ldmatrix rows 128 bytes apart on an unswizzled stage: 8-way conflicts
    assert!(u.iter().any(|x| x.what.starts_with("S2R") && x.max == 32), "{u:?}");
}

#[cfg(feature = "sm90")]
#[test]
fn sm90_epilogue_is_conflict_free_and_unswizzled_is_not() {
    let a = sm90::accesses::<tycute_configs::sm90::Sm90>().unwrap();
    println!("{}", report("sm90", &a));
    assert_eq!(a.len(), 2);
    for x in &a {
        assert!(x.conflict_free(), "{x:?}");
    }
    let u = sm90::unswizzled::<tycute_configs::sm90::Sm90>().unwrap();
    println!("{}", report("sm90 unswizzled", &u));
    assert!(u.iter().any(|x| !x.conflict_free()), "{u:?}");
}
