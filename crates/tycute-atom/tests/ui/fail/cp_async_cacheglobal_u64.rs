// rejects.txt: make_tiled_copy of `Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>,half_t>` ->
// "cp.async sizeof(TS) is not supported" (cp.async.cg copies 16 bytes only).
extern crate tycute_layout as tycute;
use tycute_atom::{CopyAtom, Copy_Atom, SM80_CP_ASYNC_CACHEGLOBAL};
use tycute_layout::show;
use tycute_layout::swizzle::recast::{half_t, uint64_t};
fn main() {
    println!("{}", show::<<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t> as CopyAtom>::ValLayoutSrc>());
}
