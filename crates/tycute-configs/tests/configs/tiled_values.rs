//! The TiledCopy and TiledMMA values of tycute's own configurations against their types: every
//! copy and MMA of `sgemm_sm80` and `sm90` as a runtime value (`tycute_emit::value::tiled_copy` /
//! `tiled_mma`) prints as the type (`show`, CuTe's `print`) and computes the same `layout_tv`,
//! `tidfrg_S/D`, `thrfrg_C` and per-thread partitions as the trait solver.

use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_copy::TiledCopy;
use tycute_dynamic::tiled_mma::{Operand, TiledMma};
use tycute_dynamic::AnyLayout;
use tycute_emit::value::{any_layout, tiled_copy, tiled_mma};
use tycute_layout::{show, table, Reify};
use tycute_tiled::copy::{table_of, text, CuteFunc, CuteText, GetLayoutD_TV, GetLayoutS_TV, TidfrgD, TidfrgS};
use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, ThrfrgC};

const LIMIT: i64 = 1 << 22;

fn tab(l: &AnyLayout) -> Vec<i64> {
    l.table(LIMIT).unwrap()
}

fn copy_tv<TC>(v: &TiledCopy, s: Vec<i64>, d: Vec<i64>, name: &str) {
    let _ = core::marker::PhantomData::<TC>;
    assert_eq!(v.layout_s_tv().unwrap().table(LIMIT).unwrap(), s, "{name} layoutS_TV");
    assert_eq!(v.layout_d_tv().unwrap().table(LIMIT).unwrap(), d, "{name} layoutD_TV");
}

fn same_partition<P: CuteText + CuteFunc>(v: &TiledCopy, l: &AnyLayout, t: i64, src: bool, name: &str) {
    let p = v.partition(&Tensor::new(l.clone()), t, src).unwrap();
    assert_eq!(p.to_string(), text::<P>(), "{name} thread {t}");
    assert_eq!(p.table(LIMIT).unwrap(), table_of::<P>(), "{name} thread {t}");
}

fn mma_tv<TM>(v: &TiledMma, a: Vec<i64>, b: Vec<i64>, c: Vec<i64>) {
    let _ = core::marker::PhantomData::<TM>;
    assert_eq!(v.layout_tv(Operand::A).unwrap().table(LIMIT).unwrap(), a);
    assert_eq!(v.layout_tv(Operand::B).unwrap().table(LIMIT).unwrap(), b);
    assert_eq!(v.layout_tv(Operand::C).unwrap().table(LIMIT).unwrap(), c);
}

fn layout<L: Reify>() -> AnyLayout {
    any_layout::<L>().unwrap()
}

/// Each TiledCopy's value prints as its type and has its type's S and D TV layouts.
macro_rules! copies {
    ($($tc:ident),*) => {$({
        let v = tiled_copy::<$tc>().unwrap();
        assert_eq!(v.to_string(), show::<$tc>(), stringify!($tc));
        copy_tv::<$tc>(&v, table::<GetLayoutS_TV<$tc>>(), table::<GetLayoutD_TV<$tc>>(), stringify!($tc));
    })*};
}

#[test]
fn sgemm_sm80_copies_and_mma_are_the_types() {
    use tycute_configs::sgemm_sm80::*;
    use tycute_layout::typenum::{P37, P5};
    use tycute_tiled::copy::{PartitionD, PartitionS};

    let mma = tiled_mma::<MmaC>().unwrap();
    assert_eq!(mma.to_string(), show::<MmaC>());
    mma_tv::<MmaC>(&mma, table::<GetLayoutA_TV<MmaC>>(), table::<GetLayoutB_TV<MmaC>>(), table::<GetLayoutC_TV<MmaC>>());
    let coord_mn = layout::<CoordMN>();
    let AnyLayout::Plain(cmn) = &coord_mn else { unreachable!() };
    assert_eq!(mma.thrfrg(Operand::C, cmn).unwrap().table(LIMIT).unwrap(), table::<ThrfrgC<MmaC, CoordMN>>());

    copies!(CopyA, CopyB, S2RCopyA, S2RCopyB, R2SCopy, S2GCopy);

    let (copy_a, s2r_a, s2r_b) = (tiled_copy::<CopyA>().unwrap(), tiled_copy::<S2RCopyA>().unwrap(), tiled_copy::<S2RCopyB>().unwrap());
    let (sa, sb0, cmk) = (layout::<SmemLayoutA>(), layout::<SmemLayoutBStage>(), layout::<CoordMK>());
    assert_eq!(tab(&copy_a.tidfrg(&cmk, true).unwrap()), table::<TidfrgS<CopyA, CoordMK>>());
    assert_eq!(tab(&copy_a.tidfrg(&sa, false).unwrap()), table::<TidfrgD<CopyA, SmemLayoutA>>());
    assert_eq!(tab(&s2r_a.tidfrg(&sa, true).unwrap()), table::<TidfrgS<S2RCopyA, SmemLayoutA>>());
    same_partition::<PartitionD<CopyA, SmemLayoutA, P5>>(&copy_a, &sa, 5, false, "tAsA");
    same_partition::<PartitionS<S2RCopyA, SmemLayoutA, P37>>(&s2r_a, &sa, 37, true, "tXsA");
    same_partition::<PartitionS<S2RCopyB, SmemLayoutBStage, P5>>(&s2r_b, &sb0, 5, true, "tXsB(_,_,_,0)");
}

#[test]
fn sm90_copies_and_mma_are_the_types() {
    use tycute_configs::sm90::*;

    let mma = tiled_mma::<Mma>().unwrap();
    assert_eq!(mma.to_string(), show::<Mma>());
    mma_tv::<Mma>(&mma, table::<GetLayoutA_TV<Mma>>(), table::<GetLayoutB_TV<Mma>>(), table::<GetLayoutC_TV<Mma>>());
    assert!(mma.atom.a_is_desc && mma.atom.b_is_desc, "GMMA SS: both operands through descriptors");
    copies!(TiledCopyCAtom, TiledR2S, TiledS2R);
    let (r2s, s2r) = (tiled_copy::<TiledR2S>().unwrap(), tiled_copy::<TiledS2R>().unwrap());
    let (sd, sc) = (layout::<SD>(), layout::<SC>());
    assert_eq!(tab(&r2s.tidfrg(&sd, false).unwrap()), table::<TidfrgD<TiledR2S, SD>>());
    assert_eq!(tab(&s2r.tidfrg(&sc, true).unwrap()), table::<TidfrgS<TiledS2R, SC>>());
}
