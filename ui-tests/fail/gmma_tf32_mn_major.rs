// wgmma's .tf32 form reads A and B K-major only: an MN-major B is no MMA.
use tycute::{show, atom::{MmaTraits, MMA_Atom, K, MN, SM90_64x64x8_F32TF32TF32_SS}};
fn main() {
    let _ = show::<<MMA_Atom<SM90_64x64x8_F32TF32TF32_SS<K, MN>> as MmaTraits>::LayoutC_TV>();
}
