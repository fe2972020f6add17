//! A TiledMMA's runtime value: `tiled_mma::<TM>()` is the twin's
//! [`tycute_dynamic::tiled_mma::TiledMma`] of a type-level `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`.
//!
//! The parts are the associated types' reified constants: the atom's `Shape_MNK`, `ThrID`,
//! `LayoutA/B/C_TV` and the value types' widths (`sizeof_bits`), the TiledMMA's `AtomLayoutMNK`
//! and `PermutationMNK`. The twin rebuilds `thr_layout_vmnk` and re-checks its rules
//! (`tiled_mma_raw`); its `thrfrg_X`, `get_layoutX_TV`, `partition_X` continue from the value.
//!
//! Whether an operand is read through a GMMA shared-memory descriptor (CuTe's `FrgTypeA/B` is
//! `GMMA::smem_desc`: the twin's `make_fragment_A/B` then needs an smem tensor) is read off the
//! operand's TV layout, not off a name: a descriptor operand is `GMMA::ABLayout`,
//! `(_128,(M,K)):(_0,(_1,M))`, whose thread mode has more than one thread and only zero strides
//! (every thread "holds" the whole tile). No register operand of any atom has that form.

use tycute_atom::mma::val_type_bits;
use tycute_atom::MmaTraits;
use tycute_dynamic::atom::mma::MmaAtom;
use tycute_dynamic::tiled_mma::{tiled_mma_raw, TiledMma};
use tycute_dynamic::{IntTuple, Layout, Tiler};
use tycute_layout::Reify;
use tycute_tiled::mma::TiledMma as TiledMmaMembers;

use super::{layout, tiler_value as tiler, type_label};
use crate::Error;

/// Whether a TV layout is a GMMA descriptor operand's `(_128,(M,K)):(_0,(_1,M))`: a thread mode
/// of several threads, all at stride 0.
fn is_descriptor_operand(tv: &Layout) -> Result<bool, Error> {
    let thr = tv.mode(0)?;
    let strides_zero = thr.stride.leaves().iter().all(|d| d.is_static && d.value == 0);
    Ok(thr.size()?.value > 1 && strides_zero)
}

/// The value of an MMA atom (`MMA_Atom<Op>` or the operation itself).
pub fn mma_atom<A>() -> Result<MmaAtom, Error>
where
    A: MmaTraits,
    A::Shape_MNK: Reify,
    A::ThrID: Reify,
    A::LayoutA_TV: Reify,
    A::LayoutB_TV: Reify,
    A::LayoutC_TV: Reify,
{
    let shape_mnk = super::value::<A::Shape_MNK>()?.to_int_tuple()?;
    if !matches!(&shape_mnk, IntTuple::Tuple(v) if v.len() == 3) {
        return Err(Error::new(format!("MMA_Atom::Shape_MNK must have rank 3, got {shape_mnk}")));
    }
    let layout_a = layout::<A::LayoutA_TV>("MMA_Atom::LayoutA_TV")?;
    let layout_b = layout::<A::LayoutB_TV>("MMA_Atom::LayoutB_TV")?;
    Ok(MmaAtom {
        name: type_label::<A>(),
        shape_mnk,
        thr_id: layout::<A::ThrID>("MMA_Atom::ThrID")?,
        a_is_desc: is_descriptor_operand(&layout_a)?,
        b_is_desc: is_descriptor_operand(&layout_b)?,
        layout_a,
        layout_b,
        layout_c: layout::<A::LayoutC_TV>("MMA_Atom::LayoutC_TV")?,
        bits: val_type_bits::<A>(),
    })
}

/// The runtime value of the TiledMMA type `TM` (`tycute::value::tiled_mma::<TM>()`).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_dynamic::tiled_mma::Operand;
/// use tycute_layout::{show, table};
/// use tycute_macros::cute;
/// use tycute_tiled::mma::{GetLayoutC_TV, MakeTiledMma};
///
/// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
/// let v = tycute_emit::value::tiled_mma::<TM>()?;
/// assert_eq!(v.layout_tv(Operand::C)?.table(1 << 20)?, table::<GetLayoutC_TV<TM>>());
/// assert_eq!(v.to_string(), show::<TM>());            // CuTe's print(tiled_mma)
/// # Ok::<(), tycute_emit::Error>(())
/// ```
pub fn tiled_mma<TM: TiledMmaValue>() -> Result<TiledMma, Error> {
    TM::value()
}

/// A TiledMMA type whose runtime value [`tiled_mma`] builds: one whose parts are static layouts (the
/// bounds in one place, for generic code that takes such a type: `TM: TiledMmaValue`).
pub trait TiledMmaValue {
    /// [`tiled_mma`].
    fn value() -> Result<TiledMma, Error>;
}
impl<TM> TiledMmaValue for TM
where
    TM: TiledMmaMembers,
    TM::AtomLayoutMNK: Reify,
    TM::Permutations: Reify,
    <TM::Atom as MmaTraits>::Shape_MNK: Reify,
    <TM::Atom as MmaTraits>::ThrID: Reify,
    <TM::Atom as MmaTraits>::LayoutA_TV: Reify,
    <TM::Atom as MmaTraits>::LayoutB_TV: Reify,
    <TM::Atom as MmaTraits>::LayoutC_TV: Reify,
{
    fn value() -> Result<TiledMma, Error> {
        let atom = mma_atom::<TM::Atom>()?;
        let atom_layout = layout::<TM::AtomLayoutMNK>("AtomLayoutMNK")?;
        let perm = match tiler::<TM::Permutations>("PermutationMNK")? {
            Tiler::Tuple(v) => v,
            other => return Err(Error::new(format!("PermutationMNK must be a rank-3 tuple, got {other}"))),
        };
        Ok(tiled_mma_raw(atom, atom_layout, perm)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, SM90_64x128x16_F32F16F16_RS, SM90_64x128x16_F32F16F16_SS, UniversalFMA, K};
    use tycute_dynamic::tensor::Tensor;
    use tycute_dynamic::tiled_mma::Operand;
    use tycute_layout::swizzle::recast::float;
    use tycute_layout::typenum::{P1, P100, P37};
    use tycute_layout::{show, table};
    use tycute_macros::cute;
    use tycute_tiled::mma::{
        GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, MakeTiledMma, PartitionA, PartitionC, ThrLayoutVMNK, ThrfrgA, ThrfrgC,
    };

    type Sm80 = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,(_8,_4,_2):(_1,_16,_8),_16))>;
    type Fma = MakeTiledMma<MMA_Atom<UniversalFMA<float>>, cute!((_16,_16,_1):(_1,_16,_0))>;
    type Ss = MakeTiledMma<MMA_Atom<SM90_64x128x16_F32F16F16_SS<K, K>>>;
    type Rs = MakeTiledMma<MMA_Atom<SM90_64x128x16_F32F16F16_RS<K, K>>>;

    fn tv<TM>(v: &TiledMma, op: Operand) -> Vec<i64> {
        let _ = core::marker::PhantomData::<TM>;
        v.layout_tv(op).unwrap().table(1 << 22).unwrap()
    }

    #[test]
    fn members_tables_and_print_equal_the_types() {
        let v = tiled_mma::<Sm80>().unwrap();
        assert_eq!(v.vmnk.to_string(), show::<ThrLayoutVMNK<Sm80>>());
        assert_eq!(tv::<Sm80>(&v, Operand::A), table::<GetLayoutA_TV<Sm80>>());
        assert_eq!(tv::<Sm80>(&v, Operand::B), table::<GetLayoutB_TV<Sm80>>());
        assert_eq!(tv::<Sm80>(&v, Operand::C), table::<GetLayoutC_TV<Sm80>>());
        assert_eq!(v.to_string(), show::<Sm80>());
        let f = tiled_mma::<Fma>().unwrap();
        assert_eq!(f.to_string(), show::<Fma>());
        assert_eq!(tv::<Fma>(&f, Operand::C), table::<GetLayoutC_TV<Fma>>());
        let s = tiled_mma::<Ss>().unwrap();
        assert_eq!(s.to_string(), show::<Ss>());
        assert_eq!(tv::<Ss>(&s, Operand::C), table::<GetLayoutC_TV<Ss>>());
        assert!(s.atom.a_is_desc && s.atom.b_is_desc);
        let r = tiled_mma::<Rs>().unwrap();
        assert!(!r.atom.a_is_desc && r.atom.b_is_desc);
        assert!(!v.atom.a_is_desc && !v.atom.b_is_desc && !f.atom.a_is_desc);
    }

    #[test]
    fn thrfrg_and_partitions_equal_the_types() {
        let v = tiled_mma::<Sm80>().unwrap();
        type RefC = cute!((_64,_128):(_1,_64));
        type RefA = cute!((_64,_32):(_32,_1));
        let c = super::super::value::<RefC>().unwrap().to_layout().unwrap();
        let a = super::super::value::<RefA>().unwrap().to_layout().unwrap();
        assert_eq!(v.thrfrg(Operand::C, &c).unwrap().to_string(), show::<ThrfrgC<Sm80, RefC>>());
        assert_eq!(v.thrfrg(Operand::A, &a).unwrap().to_string(), show::<ThrfrgA<Sm80, RefA>>());
        let tc = Tensor::new(tycute_dynamic::AnyLayout::Plain(c));
        let ta = Tensor::new(tycute_dynamic::AnyLayout::Plain(a));
        for (t, want_c, want_a) in [
            (1, table::<PartitionC<Sm80, RefC, P1>>(), table::<PartitionA<Sm80, RefA, P1>>()),
            (37, table::<PartitionC<Sm80, RefC, P37>>(), table::<PartitionA<Sm80, RefA, P37>>()),
            (100, table::<PartitionC<Sm80, RefC, P100>>(), table::<PartitionA<Sm80, RefA, P100>>()),
        ] {
            assert_eq!(v.partition(Operand::C, &tc, t).unwrap().table(1 << 20).unwrap(), want_c, "C thread {t}");
            assert_eq!(v.partition(Operand::A, &ta, t).unwrap().table(1 << 20).unwrap(), want_a, "A thread {t}");
        }
        assert_eq!(v.partition(Operand::C, &tc, 37).unwrap().to_string(), show::<PartitionC<Sm80, RefC, P37>>());
    }
}
