//! The TiledCopy and TiledMMA values of tycute's own configurations against their types: every
//! copy and MMA of `sgemm_sm80` and `sm90` as a runtime value (`tycute_emit::value::tiled_copy` /
//! `tiled_mma`) prints as the type (`show`, CuTe's `print`) and computes the same `layout_tv`,
//! `tidfrg_S/D`, `thrfrg_C` and per-thread partitions as the trait solver.

use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_copy::TiledCopy;
use tycute_dynamic::tiled_mma::{Operand, TiledMma};
use tycute_dynamic::AnyLayout;
use tycute_tiled::copy::{GetLayoutD_TV, GetLayoutS_TV, TidfrgD, TidfrgS};
use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, ThrfrgC};

use crate::one_path::{Lay, Part, Tab, Take, TiledCopyV, TiledMmaV};

const LIMIT: i64 = 1 << 22;

fn tab(l: &AnyLayout) -> Vec<i64> {
    l.table(LIMIT).unwrap()
}

fn copy_tv(v: &TiledCopy, s: &[i64], d: &[i64], name: &str) {
    assert_eq!(v.layout_s_tv().unwrap().table(LIMIT).unwrap(), s, "{name} layoutS_TV");
    assert_eq!(v.layout_d_tv().unwrap().table(LIMIT).unwrap(), d, "{name} layoutD_TV");
}

fn same_partition(v: &TiledCopy, l: &AnyLayout, t: i64, src: bool, (text, table): &(String, Vec<i64>), name: &str) {
    let p = v.partition(&Tensor::new(l.clone()), t, src).unwrap();
    assert_eq!(&p.to_string(), text, "{name} thread {t}");
    assert_eq!(&p.table(LIMIT).unwrap(), table, "{name} thread {t}");
}

fn mma_tv(v: &TiledMma, a: &[i64], b: &[i64], c: &[i64]) {
    assert_eq!(v.layout_tv(Operand::A).unwrap().table(LIMIT).unwrap(), a);
    assert_eq!(v.layout_tv(Operand::B).unwrap().table(LIMIT).unwrap(), b);
    assert_eq!(v.layout_tv(Operand::C).unwrap().table(LIMIT).unwrap(), c);
}

/// A TiledCopy's value, its type's text and its type's S and D TV layouts: `TiledCopyV<TC>` and the
/// two tables, one element of a [`Take`] tuple.
type CopyTv<TC> = (TiledCopyV<TC>, Tab<GetLayoutS_TV<TC>>, Tab<GetLayoutD_TV<TC>>);

/// The value prints as its type and has its type's S and D TV layouts.
fn copy_is_the_type(((v, text), s, d): &((TiledCopy, String), Vec<i64>, Vec<i64>), name: &str) {
    assert_eq!(&v.to_string(), text, "{name}");
    copy_tv(v, s, d, name);
}

#[test]
fn sgemm_sm80_copies_and_mma_are_the_types() {
    use tycute_configs::sgemm_sm80::*;
    use tycute_layout::typenum::{P37, P5};
    use tycute_tiled::copy::{PartitionD, PartitionS};

    // every type-level value of the test in one path
    let (
        ((mma, mma_text), a_tv, b_tv, c_tv, coord_mn, thrfrg_c),
        (copy_a, copy_b, s2r_a, s2r_b, r2s, s2g),
        (sa, sb0, cmk, tidfrg_s_a, tidfrg_d_a, tidfrg_s_s2r_a),
        (t_as_a, t_xs_a, t_xs_b),
    ) = <(
        (TiledMmaV<MmaC>, Tab<GetLayoutA_TV<MmaC>>, Tab<GetLayoutB_TV<MmaC>>, Tab<GetLayoutC_TV<MmaC>>, Lay<CoordMN>, Tab<ThrfrgC<MmaC, CoordMN>>),
        (CopyTv<CopyA>, CopyTv<CopyB>, CopyTv<S2RCopyA>, CopyTv<S2RCopyB>, CopyTv<R2SCopy>, CopyTv<S2GCopy>),
        (Lay<SmemLayoutA>, Lay<SmemLayoutBStage>, Lay<CoordMK>, Tab<TidfrgS<CopyA, CoordMK>>, Tab<TidfrgD<CopyA, SmemLayoutA>>, Tab<TidfrgS<S2RCopyA, SmemLayoutA>>),
        (Part<PartitionD<CopyA, SmemLayoutA, P5>>, Part<PartitionS<S2RCopyA, SmemLayoutA, P37>>, Part<PartitionS<S2RCopyB, SmemLayoutBStage, P5>>),
    ) as Take>::take();

    assert_eq!(mma.to_string(), mma_text);
    mma_tv(&mma, &a_tv, &b_tv, &c_tv);
    let AnyLayout::Plain(cmn) = &coord_mn else { unreachable!() };
    assert_eq!(mma.thrfrg(Operand::C, cmn).unwrap().table(LIMIT).unwrap(), thrfrg_c);

    for (c, name) in [(&copy_a, "CopyA"), (&copy_b, "CopyB"), (&s2r_a, "S2RCopyA"), (&s2r_b, "S2RCopyB"), (&r2s, "R2SCopy"), (&s2g, "S2GCopy")] {
        copy_is_the_type(c, name);
    }

    let (copy_a, s2r_a, s2r_b) = (&copy_a.0 .0, &s2r_a.0 .0, &s2r_b.0 .0);
    assert_eq!(tab(&copy_a.tidfrg(&cmk, true).unwrap()), tidfrg_s_a);
    assert_eq!(tab(&copy_a.tidfrg(&sa, false).unwrap()), tidfrg_d_a);
    assert_eq!(tab(&s2r_a.tidfrg(&sa, true).unwrap()), tidfrg_s_s2r_a);
    same_partition(copy_a, &sa, 5, false, &t_as_a, "tAsA");
    same_partition(s2r_a, &sa, 37, true, &t_xs_a, "tXsA");
    same_partition(s2r_b, &sb0, 5, true, &t_xs_b, "tXsB(_,_,_,0)");
}

#[test]
fn sm90_copies_and_mma_are_the_types() {
    use tycute_configs::sm90::*;

    // every type-level value of the test in one path
    let (((mma, mma_text), a_tv, b_tv, c_tv), (c_atom, r2s, s2r), (sd, sc, tidfrg_d_r2s, tidfrg_s_s2r)) = <(
        (TiledMmaV<Mma>, Tab<GetLayoutA_TV<Mma>>, Tab<GetLayoutB_TV<Mma>>, Tab<GetLayoutC_TV<Mma>>),
        (CopyTv<TiledCopyCAtom>, CopyTv<TiledR2S>, CopyTv<TiledS2R>),
        (Lay<SD>, Lay<SC>, Tab<TidfrgD<TiledR2S, SD>>, Tab<TidfrgS<TiledS2R, SC>>),
    ) as Take>::take();

    assert_eq!(mma.to_string(), mma_text);
    mma_tv(&mma, &a_tv, &b_tv, &c_tv);
    assert!(mma.atom.a_is_desc && mma.atom.b_is_desc, "GMMA SS: both operands through descriptors");
    for (c, name) in [(&c_atom, "TiledCopyCAtom"), (&r2s, "TiledR2S"), (&s2r, "TiledS2R")] {
        copy_is_the_type(c, name);
    }
    let (r2s, s2r) = (&r2s.0 .0, &s2r.0 .0);
    assert_eq!(tab(&r2s.tidfrg(&sd, false).unwrap()), tidfrg_d_r2s);
    assert_eq!(tab(&s2r.tidfrg(&sc, true).unwrap()), tidfrg_s_s2r);
}
