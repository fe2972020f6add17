use tycute_configs::sm90_layouts::*;
use tycute_layout::{show, AsPositionIndependent};
use tycute_layout::swizzle::gmma::MajorMN;
use tycute_macros::cute;

#[test]
fn mn_major_stages_are_cutlass_s() {
    type A = StageOf<MajorMN, cute!(_128), cute!(_64)>;
    assert_eq!(show::<A>(), "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_2),(_8,_8)):((_1,_4096),(_64,_512))");
    assert_eq!(show::<AsPositionIndependent<A>>(), "Sw<3,3,3> o _0 o ((_64,_2),(_8,_8)):((_1,_4096),(_64,_512))");
    type B = StageOf<MajorMN, cute!(_256), cute!(_64)>;
    assert_eq!(show::<B>(), "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_4),(_8,_8)):((_1,_4096),(_64,_512))");
}
