//! `show` of a TiledMMA and a TiledCopy: the lines CuTe's `print(tiled_mma)` and
//! `print(tiled_copy)` write (the object's members, then its atom's).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! use tycute_tiled::mma::MakeTiledMma;
//!
//! type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
//! assert_eq!(
//!     show::<Mma>(),
//!     "TiledMMA\n  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)\n  PermutationMNK: (_,_,_)\n\
//!      MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n\
//!      \x20 LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n\
//!      \x20 LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n\
//!      \x20 LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
//! );
//! ```

use tycute_atom::{CopyAtom, MmaTraits};
use tycute_layout::repr::{format_repr, Reify, Show};
use tycute_layout::swizzle::recast::Bits;
use tycute_layout::swizzle::recast::SizeofBits;
use typenum::Integer;

use crate::copy::TiledCopy;
use crate::mma::{ThrLayoutVMNK, TiledMMA, TiledMma};

fn text<T: Reify>() -> String {
    format_repr(&T::REPR)
}

impl<Atom, L, P> Show for TiledMMA<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma,
    ThrLayoutVMNK<TiledMMA<Atom, L, P>>: Reify,
    P: Reify,
    Atom: MmaTraits,
    Atom::ThrID: Reify,
    Atom::Shape_MNK: Reify,
    Atom::LayoutA_TV: Reify,
    Atom::LayoutB_TV: Reify,
    Atom::LayoutC_TV: Reify,
{
    fn text() -> String {
        format!(
            "TiledMMA\n  ThrLayoutVMNK:  {}\n  PermutationMNK: {}\nMMA_Atom\n  ThrID:      {}\n  Shape_MNK:  {}\n  LayoutA_TV: {}\n  LayoutB_TV: {}\n  LayoutC_TV: {}\n",
            text::<ThrLayoutVMNK<TiledMMA<Atom, L, P>>>(),
            text::<P>(),
            text::<Atom::ThrID>(),
            text::<Atom::Shape_MNK>(),
            text::<Atom::LayoutA_TV>(),
            text::<Atom::LayoutB_TV>(),
            text::<Atom::LayoutC_TV>(),
        )
    }
}

impl<Atom, LayoutTV, Tiler> Show for TiledCopy<Atom, LayoutTV, Tiler>
where
    Tiler: Reify,
    LayoutTV: Reify,
    Atom: CopyAtom,
    Atom::ThrID: Reify,
    Atom::ValLayoutSrc: Reify,
    Atom::ValLayoutDst: Reify,
    Atom::ValLayoutRef: Reify,
    Atom::ValType: SizeofBits,
{
    fn text() -> String {
        format!(
            "TiledCopy\n  Tiler_MN:       {}\n  TiledLayout_TV: {}\nCopy_Atom\n  ThrID:        {}\n  ValLayoutSrc: {}\n  ValLayoutDst: {}\n  ValLayoutRef: {}\n  ValueType:    {}b\n",
            text::<Tiler>(),
            text::<LayoutTV>(),
            text::<Atom::ThrID>(),
            text::<Atom::ValLayoutSrc>(),
            text::<Atom::ValLayoutDst>(),
            text::<Atom::ValLayoutRef>(),
            <Bits<Atom::ValType> as Integer>::I64,
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::copy::MakeTiledCopy;
    use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{half_t, uint128_t};
    use tycute_macros::cute;

    #[test]
    fn tiled_copy() {
        type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
        let t = show::<G2S>();
        println!("{t}");
        assert!(t.starts_with("TiledCopy\n  Tiler_MN:       (_16,_64)\n  TiledLayout_TV: "), "{t}");
        assert!(t.ends_with("  ValueType:    16b\n"), "{t}");
    }
}
