// cp.async.ca copies 4, 8 or 16 bytes: a 2-byte cp.async is "cp.async sizeof(TS) is not supported".
extern crate tycute_layout as tycute;
use tycute_atom::{CopyAtom, Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
use tycute_layout::show;
use tycute_layout::swizzle::recast::{half_t, uint16_t};
fn main() {
    println!("{}", show::<<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint16_t>, half_t> as CopyAtom>::ValLayoutSrc>());
}
