// The accepted neighbours of make_fragment_c_values, thrfrg_rank, composition_composed_offset,
// upcast_composed_offset, gmma_atom_width and recast_layout_ratio in ui-tests/fail.
use tycute::atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
use tycute::swizzle::gmma::Layout_K_INTER_Atom;
use tycute::swizzle::recast::{half_t, uint16_t, uint8_t, RecastLayout};
use tycute::tiled::mma::{MakeFragmentC, MakeTiledMma, ThrfrgC};
use tycute::{cute, show, Composition, Upcast};
type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
fn main() {
    println!("{}", show::<MakeFragmentC<TM, cute!((_4,_2,_2):(_1,_4,_8))>>());
    println!("{}", show::<ThrfrgC<TM, cute!((_32,_32):(_1,_32))>>());
    println!("{}", show::<Composition<cute!((_8,_8):(_8,_1)), cute!(Sw<3,3,3> o _0 o (_8,_8):(_8,_1))>>());
    println!("{}", show::<Upcast<cute!(4), cute!(Sw<3,3,3> o _8 o (_8,_8):(_8,_1))>>());
    println!("{}", show::<Layout_K_INTER_Atom<half_t>>());
    assert_eq!(show::<RecastLayout<uint8_t, half_t, cute!(Sw<3,4,3>)>>(), "Sw<3,3,3>");
    let _ = show::<RecastLayout<half_t, uint16_t, cute!(Sw<3,4,3>)>>();
}
