// as_position_independent_swizzle_layout of a swizzle at offset _0 (no smem_ptr flag): CuTe accepts
// only ComposedLayout<Sw, smem_ptr_flag_bits<B>, L> ("Expected smem.").
use tycute::{cute, show, AsPositionIndependent};
fn main() {
    let _ = show::<AsPositionIndependent<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>();
}
