//! A TiledCopy's runtime value: `tiled_copy::<TC>()` is the twin's
//! [`tycute_dynamic::tiled_copy::TiledCopy`] of a type-level `TiledCopy<Atom, LayoutCopy_TV, Tiler_MN>`.
//!
//! Every part comes from an associated type's reified constant, never from printed text: the
//! atom's `ThrID` and bit layouts (`Copy_Traits<Op>::SrcLayout`, ...) and the element width
//! `sizeof_bits<T>`, the tiled copy's `TiledLayout_TV` and `Tiler_MN`. The twin then re-checks
//! CuTe's conditions (`make_tiled_copy_impl`), so a value exists only for a TiledCopy both levels
//! accept; its `tidfrg_S/D`, `partition_S/D` and `retile` continue from the value.

use tycute_atom::CopyAtom;
use tycute_dynamic::atom::copy::CopyAtom as CopyAtomValue;
use tycute_dynamic::tiled_copy::{make_tiled_copy_impl, TiledCopy};
use tycute_layout::swizzle::recast::{Bits, SizeofBits};
use tycute_layout::Reify;
use tycute_tiled::copy::TiledCopyMembers;
use typenum::Integer;

use super::{layout, tiler_value as tiler, type_label};
use crate::Error;

/// The value of a `Copy_Atom<Op, T>`: its thread and bit layouts, the element width, and the
/// operation's and element's names (labels only: nothing reads them back).
pub fn copy_atom<A>() -> Result<CopyAtomValue, Error>
where
    A: CopyAtom,
    A::ThrID: Reify,
    A::BitLayoutSrc: Reify,
    A::BitLayoutDst: Reify,
    A::BitLayoutRef: Reify,
    A::ValType: SizeofBits,
{
    let a = CopyAtomValue {
        op: type_label::<A::CopyOp>(),
        val_type: type_label::<A::ValType>(),
        val_bits: <Bits<A::ValType> as Integer>::I64,
        thr_id: layout::<A::ThrID>("Copy_Atom::ThrID")?,
        src_bits: layout::<A::BitLayoutSrc>("Copy_Traits::SrcLayout")?,
        dst_bits: layout::<A::BitLayoutDst>("Copy_Traits::DstLayout")?,
        ref_bits: layout::<A::BitLayoutRef>("Copy_Traits::RefLayout")?,
    };
    // CuTe's "CopyOperation is not valid for Src/Dst/Ref of ValType." (the type already passed it)
    let nthr = a.thr_id.size()?.value;
    for (what, l) in [("Src", a.val_src()?), ("Dst", a.val_dst()?), ("Ref", a.val_ref()?)] {
        if l.mode(0)?.size()?.value != nthr {
            return Err(Error::new(format!("Copy_Atom: CopyOperation is not valid for {what} of ValType.")));
        }
    }
    Ok(a)
}

/// The runtime value of the TiledCopy type `TC` (`tycute::value::tiled_copy::<TC>()`).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::{MakeTiledCopy, TiledLayout_TV};
///
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// let v = tycute_emit::value::tiled_copy::<TC>()?;
/// assert_eq!(v.layout_tv.to_string(), show::<TiledLayout_TV<TC>>());
/// assert_eq!(v.to_string(), show::<TC>());            // CuTe's print(tiled_copy)
/// # Ok::<(), tycute_emit::Error>(())
/// ```
pub fn tiled_copy<TC: TiledCopyValue>() -> Result<TiledCopy, Error> {
    TC::value()
}

/// A TiledCopy type whose runtime value [`tiled_copy`] builds: one whose parts are static layouts (the
/// bounds in one place, for generic code that takes such a type: `TC: TiledCopyValue`).
pub trait TiledCopyValue {
    /// [`tiled_copy`].
    fn value() -> Result<TiledCopy, Error>;
}
impl<TC> TiledCopyValue for TC
where
    TC: TiledCopyMembers,
    TC::TiledLayout_TV: Reify,
    TC::Tiler_MN: Reify,
    <TC::Atom as CopyAtom>::ThrID: Reify,
    <TC::Atom as CopyAtom>::BitLayoutSrc: Reify,
    <TC::Atom as CopyAtom>::BitLayoutDst: Reify,
    <TC::Atom as CopyAtom>::BitLayoutRef: Reify,
    <TC::Atom as CopyAtom>::ValType: SizeofBits,
{
    fn value() -> Result<TiledCopy, Error> {
        let atom = copy_atom::<TC::Atom>()?;
        let tv = layout::<TC::TiledLayout_TV>("TiledLayout_TV")?;
        let t = tiler::<TC::Tiler_MN>("Tiler_MN")?;
        Ok(make_tiled_copy_impl(atom, tv, t)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
    use tycute_dynamic::tensor::Tensor;
    use tycute_layout::swizzle::recast::{half_t, uint128_t, uint32_t};
    use tycute_layout::typenum::{P37, P5};
    use tycute_layout::{show, table, MakeLayoutLeft};
    use tycute_macros::cute;
    use tycute_tiled::copy::{
        table_of, text, GetLayoutD_TV, GetLayoutS_TV, MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyC_Atom, PartitionS, RetileD,
        TidfrgD, TidfrgS, Tiler_MN, TiledLayout_TV,
    };
    use tycute_tiled::mma::MakeTiledMma;

    type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
    type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
    type S2R = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, Mma>;
    type R2S = MakeTiledCopyC_Atom<Copy_Atom<UniversalCopy<uint32_t>, half_t>, Mma>;
    type Smem = cute!(Sw<3,3,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8)));

    #[test]
    fn members_and_print_equal_the_types() {
        let g = tiled_copy::<G2S>().unwrap();
        assert_eq!(g.layout_tv.to_string(), show::<TiledLayout_TV<G2S>>());
        assert_eq!(g.tiler.to_string(), show::<Tiler_MN<G2S>>());
        assert_eq!(g.layout_s_tv().unwrap().table(1 << 20).unwrap(), table::<GetLayoutS_TV<G2S>>());
        assert_eq!(g.layout_d_tv().unwrap().table(1 << 20).unwrap(), table::<GetLayoutD_TV<G2S>>());
        assert_eq!(g.to_string(), show::<G2S>());
        let s = tiled_copy::<S2R>().unwrap();
        assert_eq!(s.to_string(), show::<S2R>());
        assert_eq!(s.layout_s_tv().unwrap().table(1 << 20).unwrap(), table::<GetLayoutS_TV<S2R>>());
        // a by-mode tiler of layouts (make_tiled_copy_C_atom)
        let r = tiled_copy::<R2S>().unwrap();
        assert_eq!(r.to_string(), show::<R2S>());
        assert_eq!(r.layout_d_tv().unwrap().table(1 << 20).unwrap(), table::<GetLayoutD_TV<R2S>>());
    }

    #[test]
    fn tidfrg_partition_retile_equal_the_types() {
        let s = tiled_copy::<S2R>().unwrap();
        type Src = cute!((_32,_16):(_16,_1));
        let src = crate::value::value::<Src>().unwrap().to_any_layout().unwrap();
        assert_eq!(s.tidfrg(&src, true).unwrap().table(1 << 20).unwrap(), table::<TidfrgS<S2R, Src>>());
        assert_eq!(s.tidfrg(&src, false).unwrap().table(1 << 20).unwrap(), table::<TidfrgD<S2R, Src>>());
        // a swizzled source: the thread's partition (a composed layout, possibly with run-time strides)
        let sw = crate::value::any_layout::<Smem>().unwrap();
        assert_eq!(s.tidfrg(&sw, true).unwrap().table(1 << 20).unwrap(), table::<TidfrgS<S2R, Smem>>());
        for (t, want) in [(5, table_of::<PartitionS<S2R, Smem, P5>>()), (37, table_of::<PartitionS<S2R, Smem, P37>>())] {
            let p = s.partition(&Tensor::new(sw.clone()), t, true).unwrap();
            assert_eq!(p.table(1 << 20).unwrap(), want, "thread {t}");
        }
        assert_eq!(
            s.partition(&Tensor::new(sw.clone()), 5, true).unwrap().to_string(),
            text::<PartitionS<S2R, Smem, P5>>()
        );
        type Frag = MakeLayoutLeft<cute!(((_2,_2,_2),_2,_1))>;
        let frag = crate::value::value::<Frag>().unwrap().to_layout().unwrap();
        assert_eq!(s.retile(&frag).unwrap().to_string(), show::<RetileD<S2R, Frag>>());
    }
}
