use tycute_layout::*;
use tycute_macros::cute;
extern crate tycute_layout as tycute;

#[test]
fn coalesce_and_filter() {
    assert_eq!(show::<Coalesce<cute!(((_2,_4),_2):((_8,_2),_1))>>(), "(_2,_4,_2):(_8,_2,_1)");
    assert_eq!(show::<Coalesce<cute!((_2,_4):(_1,_2))>>(), "_8:_1");
    assert_eq!(show::<Coalesce<cute!((_1,_1):(_3,_4))>>(), "_1:_0");
    assert_eq!(show::<CoalesceProfile<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!(((_1,_1,_1)))>>(), "((_2,_24,_8)):((_1,_2,_96))");
    assert_eq!(show::<Filter<cute!((_3,_1,_2):(_6,_1,_3))>>(), "(_3,_2):(_6,_3)");
    assert_eq!(show::<FilterZeros<cute!((_3,_4,_2):(_6,_0,_3))>>(), "(_3,_1,_2):(_6,_0,_3)");
    assert_eq!(show::<Size<cute!((_4,(_4,(_16,_1))):(_1,(_4,(_16,_256))))>>(), "_256");
    assert_eq!(show::<Cosize<cute!((_4,(_4,(_16,_1))):(_1,(_4,(_16,_256))))>>(), "_256");
    assert_eq!(show::<Depth<cute!((_4,(_4,(_16,_1))):(_1,(_4,(_16,_256))))>>(), "_3");
    assert_eq!(show::<Rank<cute!((_4,(_4,(_16,_1))):(_1,(_4,(_16,_256))))>>(), "_2");
    assert_eq!(table::<Coalesce<cute!(((_2,_4),_2):((_8,_2),_1))>>(), vec![0, 8, 2, 10, 4, 12, 6, 14, 1, 9, 3, 11, 5, 13, 7, 15]);
    assert_eq!(show::<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!(show::<cute!(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1))>(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    assert_eq!(show::<cute!((_8:_1,(_4,_2):(_2,_1)))>(), "(_8:_1,(_4,_2):(_2,_1))");
    assert_eq!(show::<cute!((_,_2))>(), "(_,_2)");
    assert_eq!(show::<cute!(_-1)>(), "_-1");
    assert_eq!(show::<cute!(2)>(), "_2");
    assert_eq!(show::<LayoutAt<cute!((_4,(_2,_3)):(_1,(_4,_8))), cute!(1)>>(), "(_2,_3):(_4,_8)");
}

/// Nesting: 8 modes at each of three levels (the minimum), through coalesce and size.
#[test]
fn deep_and_wide_tuples() {
    type Wide = cute!(((_2,_1,_1,_1,_1,_1,_1,(_2,_1,_1,_1,_1,_1,_1,_2)),_1,_1,_1,_1,_1,_1,_2):((_1,_0,_0,_0,_0,_0,_0,(_2,_0,_0,_0,_0,_0,_0,_4)),_0,_0,_0,_0,_0,_0,_8));
    assert_eq!(show::<Depth<Wide>>(), "_3");
    assert_eq!(show::<Rank<Wide>>(), "_8");
    assert_eq!(show::<Size<Wide>>(), "_16");
    assert_eq!(show::<Coalesce<Wide>>(), "_16:_1");
    assert_eq!(table::<Wide>(), (0..16).collect::<Vec<i64>>());
}

#[test]
fn scaled_basis_prints_as_cute() {
    assert_eq!(show::<cute!((_2,_4):(_1@1@0,_1@0))>(), "(_2,_4):(_1@1@0,_1@0)");
}
