//! The op index of `atoms.txt`, `tiled_mma.txt`, `tiled_copy.txt`, `crosswise.txt`, `seeds.txt`
//! and the atom/TiledMMA/TiledCopy cases of `rejects.txt`: textual arguments → objects → ops.
//!
//! Argument forms (see `tests/vectors/README.md`):
//! * an MMA atom name (`SM80_16x8x16_F16F16F16F16_TN`, `MMA_Atom<...>`), a copy atom
//!   (`Copy_Atom<Op,T>`);
//! * a TiledMMA as three fields `atom atom_layout permutation` (`(_2,_2):(_1,_2)`,
//!   `(_,_,_)`), or one comma-joined label `atom,(_2,_2,_1),(_32,_32,_16)` where a shape means
//!   `make_layout(shape)`;
//! * a TiledCopy as `copy_atom thr val`, `copy_atom <tiledmma>`, `r2s_atom c_atom <tiledmma>` or
//!   the label `make_tiled_copy(atom,thr,val)`;
//! * `thr=t` (also `tid=t`) for a thread index.

pub mod args;
pub mod copy;
pub mod mma;

use crate::error::Result;
use crate::output::{text, Output};
use args::{ensure_parse, looks_like_mma_atom, parse_mma, parse_tiled_copy, Args};
use copy::{eval_copy_atom_op, split_kind, tiled_copy_member, COPY_MEMBERS};
use mma::{eval_mma_atom_op, eval_mma_op, MMA_OPS};
use tycute_dynamic::atom::mma::mma_atom;
use tycute_dynamic::atom::split_top;
use tycute_dynamic::tiled_mma::{tiled_mma_raw, TiledMma};
use tycute_dynamic::value::Tiler;

/// Whether `op` is one of the ops handled here.
pub fn is_tiled_op(op: &str) -> bool {
    MMA_OPS.contains(&op)
        || op.starts_with("mma.")
        || op.starts_with("copy.")
        || op == "Copy_Atom"
        || op == "MMA_Atom"
        || (op.starts_with("tile_size<") && op.ends_with('>'))
        || (op.starts_with("permutation_mnk<") && op.ends_with('>'))
        || split_kind(op).is_some()
        || COPY_MEMBERS.contains(&op)
        || crate::crosswise::OPS.contains(&op)
        || crate::seeds::is_seed_op(op)
}

/// Whether the tiled ops claim `op(args)` before the layout algebra (`size` of a TiledMMA).
pub fn claims(op: &str, args: &[&str]) -> bool {
    op == "size"
        && args.first().is_some_and(|a| {
            split_top(a).first().is_some_and(|x| looks_like_mma_atom(x))
                || a.trim().starts_with("make_tiled_copy")
        })
        || (is_tiled_op(op) && op != "size")
}

/// Evaluate a tiled op; `None` when `op` is not one of them.
pub fn eval_tiled(lenient: bool, op: &str, args: &[&str]) -> Option<Result<Output>> {
    let p = Args { lenient };
    if crate::seeds::is_seed_op(op) {
        return Some(crate::seeds::eval(&p, op, args));
    }
    if crate::crosswise::OPS.contains(&op) {
        return Some(crate::crosswise::eval(&p, op, args));
    }
    if let Some(m) = op.strip_prefix("mma.") {
        return Some(eval_mma_atom_op(m, args));
    }
    if op == "MMA_Atom" {
        return Some(eval_mma_atom_op("", args));
    }
    if let Some(m) = op.strip_prefix("copy.") {
        return Some(eval_copy_atom_op(m, args));
    }
    if op == "Copy_Atom" {
        return Some(eval_copy_atom_op("", args));
    }
    if op == "TiledMMA" {
        return Some((|| {
            ensure_parse(
                args.len() == 3,
                "TiledMMA: expected atom, atom layout, permutation",
            )?;
            let atom = mma_atom(args[0])?;
            let layout = p.layout_or_shape(args[1])?;
            let perm = match p.tiler(args[2])? {
                Tiler::Tuple(v) => v,
                other => vec![other],
            };
            let m = tiled_mma_raw(atom, layout, perm)?;
            Ok(text(format!("TiledMMA ThrLayoutVMNK={}", m.vmnk)))
        })());
    }
    if let Some((kind, member)) = split_kind(op) {
        return Some((|| {
            let (tc, used) = parse_tiled_copy(&p, kind, args)?;
            tiled_copy_member(&p, &tc, member, &args[used..])
        })());
    }
    if COPY_MEMBERS.contains(&op) {
        // `tidfrg_S make_tiled_copy(...) ref`
        return Some((|| {
            let (tc, used) = parse_tiled_copy(&p, "make_tiled_copy", args)?;
            tiled_copy_member(&p, &tc, op, &args[used..])
        })());
    }
    if MMA_OPS.contains(&op)
        || op == "size"
        || (op.starts_with("tile_size<") && op.ends_with('>'))
        || (op.starts_with("permutation_mnk<") && op.ends_with('>'))
    {
        return Some(eval_mma_op(&p, op, args));
    }
    None
}

/// The TiledMMA named by a vector line's arguments (`atom layout perm ...` or a comma label,
/// optionally after a copy atom), for tests and reports; the tile rule applies unless CuTe's
/// semantics are switched on ([`tycute_dynamic::composition::with_cute_semantics`]).
pub fn tiled_mma_of_args(args: &[&str]) -> Result<TiledMma> {
    let p = Args { lenient: false };
    let args: Vec<&str> = args
        .iter()
        .copied()
        .skip_while(|a| a.trim().starts_with("Copy_Atom<"))
        .collect();
    Ok(parse_mma(&p, &args)?.0)
}

#[cfg(test)]
mod tests {
    use crate::evaluator::Evaluator;
    use crate::line::result_field;
    use proptest::prelude::*;

    fn ev(op: &str, args: &[&str]) -> String {
        result_field(&Evaluator::default(), op, args)
    }

    /// The rules of docs/errors.md's new checks: `REJECT` with the words of the type level's
    /// message (the first line of its ui-tests/fail case), and the neighbour accepted.
    #[test]
    fn new_rules_reject_in_the_type_levels_words() {
        let rej = |op: &str, args: &[&str], words: &str| {
            let r = ev(op, args);
            // REJECT<TAB>[op: ]reason, the reason in the type level's words
            assert!(r.starts_with("REJECT\t") && r.contains(words), "{op} {args:?}: {r}");
        };
        // retile_S/D (ui-tests/fail/copy_partition.rs::retile_fragment_*)
        let ldsm = "make_tiled_copy(Copy_Atom<SM75_U32x2_LDSM_N,half_t>,(_32,_1):(_1,_0),(_1,_8):(_0,_1))";
        rej("retile_D", &[ldsm, "(_8,_16):(_1,_8)"], "retile_S/D: the fragment must be (V,M,N,...)");
        rej("retile_D", &[ldsm, "(_4,_3,_1):(_1,_4,_0)"], "retile_S/D: the fragment does not hold whole copies of the TiledCopy");
        rej("retile_D", &[ldsm, "(_6,_4,_4):(_1,_6,_24)"], "retile_S/D: the fragment does not hold whole copies of the TiledCopy");
        assert!(!ev("retile_D", &[ldsm, "(_4,_2,_2):(_1,_4,_8)"]).starts_with("REJECT"));
        // exact partitions (ui-tests/fail/copy_partition.rs::exact_partition_s_tile and
        // mma_partition.rs::exact_partition_c_tile)
        let g2s = "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>,(_16,_8):(_8,_1),(_1,_8):(_0,_1))";
        rej("exact_partition_S", &[g2s, "(_120,_64):(_64,_1)", "thr=37"], "partition_S/D (exact tiles): the TiledCopy's Tiler_MN does not divide the tensor");
        assert_eq!(
            ev("exact_partition_S", &[g2s, "(_128,_64):(_64,_1)", "thr=37"]),
            ev("partition_S", &[g2s, "(_128,_64):(_64,_1)", "thr=37"])
        );
        let tm = ["SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)", "(_32,_32,_16)"];
        rej("exact_partition_C", &[tm[0], tm[1], tm[2], "(_128,_40):(_1,_128)", "thr=1"], "partition_A/B/C (exact tiles): the TiledMMA's tile does not divide the tensor");
        assert_eq!(
            ev("exact_partition_C", &[tm[0], tm[1], tm[2], "(_128,_64):(_1,_128)", "thr=1"]),
            ev("partition_C", &[tm[0], tm[1], tm[2], "(_128,_64):(_1,_128)", "thr=1"])
        );
        // get_layoutC_TV of a rank-2 atom layout (ui-tests/fail/tiled_mma.rs::get_layout_c_tv_rank)
        let r = ev("TiledMMA", &["MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>", "(_2,_2):(_1,_2)", "(_,_,_)"]);
        assert!(r.contains("TiledMMA requires rank-3 AtomLayoutMNK"), "{r}");
    }

    #[test]
    fn examples() {
        assert_eq!(
            ev("mma.ValTypes", &["SM80_16x8x16_F32BF16BF16F32_TN"]),
            "D=32b A=16b B=16b C=32b"
        );
        assert_eq!(
            ev(
                "size",
                &[
                    "SM80_16x8x16_F16F16F16F16_TN",
                    "(_2,_2,_1):(_1,_2,_0)",
                    "(_,_,_)"
                ]
            ),
            "_128"
        );
        assert_eq!(ev("size", &["(_8,_8):(_1,_8)"]), "_64");
        assert!(ev(
            "TiledMMA",
            &[
                "MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>",
                "(_2,_2):(_1,_2)",
                "(_,_,_)"
            ]
        )
        .starts_with("REJECT"));
        assert!(ev(
            "make_fragment_C",
            &[
                "SM80_16x8x16_F16F16F16F16_TN,(_2,_2,_1),(_32,_32,_16)",
                "(_8,_4):(_1,_8)"
            ]
        )
        .starts_with("REJECT"));
        // the tile rule: two thread groups along K with a one-atom-deep K tile
        let r = ev(
            "thr_layout_vmnk",
            &[
                "SM80_16x8x16_F16F16F16F16_TN",
                "(_2,_2,_2):(_1,_2,_4)",
                "(_64,_64,_16)",
            ],
        );
        assert!(
            r.starts_with("REJECT") && r.contains("outside the 64x64 tile"),
            "{r}"
        );
        assert_eq!(
            tycute_dynamic::composition::with_cute_semantics(|| ev(
                "thr_layout_vmnk",
                &[
                    "SM80_16x8x16_F16F16F16F16_TN",
                    "(_2,_2,_2):(_1,_2,_4)",
                    "(_64,_64,_16)"
                ],
            )),
            "(_32,_2,_2,_2):(_1,_32,_64,_128)"
        );
        assert!(ev("no_such_op", &["x"]).starts_with("ERROR"));
    }

    const OPS: &[&str] = &[
        "mma.LayoutA_TV",
        "mma.ValTypes",
        "copy.src2ref",
        "copy.NumValSrc",
        "Copy_Atom",
        "thr_layout_vmnk",
        "size",
        "tile_size<2>",
        "permutation_mnk<1>",
        "get_layoutB_TV",
        "thrfrg_C",
        "partition_A",
        "partition_shape_C",
        "partition_fragment_A.layout",
        "partition_fragment_C.layout",
        "make_tiled_copy.partition_D",
        "make_tiled_copy_A.retile_D",
        "make_tiled_copy_C_atom.Tiler_MN",
        "make_tiled_copy_S.partition_D",
        "tidfrg_S",
        "make_fragment_C",
        "lane_ldsm_address",
        "cute_equivalent",
        "offset_table_mk",
        "000.tXsA",
        "000.thrfrg_C.step",
        "001.tiler",
        "002.retile",
        "002.upcast<16>",
    ];

    fn arg() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("SM80_16x8x16_F16F16F16F16_TN".to_string()),
            Just("SM90_64x64x16_F16F16F16_SS<K,K>".to_string()),
            Just("UniversalFMA<float>".to_string()),
            Just("Copy_Atom<SM75_U32x4_LDSM_N,half_t>".to_string()),
            Just("Copy_Atom<UniversalCopy<uint32_t>,half_t>".to_string()),
            Just("(_2,_2):(_1,_2)".to_string()),
            Just("(_2,_2,_2):(_1,_2,_4)".to_string()),
            Just("(_,_,_)".to_string()),
            Just("(_32,_32,_16)".to_string()),
            Just("(_32,(_8,_4,_2):(_1,_16,_8),_16)".to_string()),
            Just("(_128,_64):(_64,_1)".to_string()),
            Just("Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0))".to_string()),
            Just("thr=37".to_string()),
            Just("thr=-5".to_string()),
            Just("lane=3".to_string()),
            Just("k_group=9".to_string()),
            Just("ldsm_iter=2".to_string()),
            Just("sgemm_sm80_tn(m=128,n=128,k=64)".to_string()),
            Just("make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1)),V=4".to_string()),
            Just("SM80_16x8x16_F16F16F16F16_TN,(_2,_2,_1),(_32,_32,_16)".to_string()),
            Just("TensorOpMultiplicandCrosswise<16,1>,ldm=0,tile(M=0,K=99999)".to_string()),
            Just("MmaTensorOpMultiplicandTileIterator<MatrixShape<64,32>,kA,half_t,RowMajorTensorOpMultiplicandCrosswise<16,32>,MatrixShape<16,16>,1,32,1>".to_string()),
            Just("()".to_string()),
            Just("_0:_0".to_string()),
            Just("(_9223372036854775807,_2):(_2,_1)".to_string()),
            "[-_()0-9,:<>a-zA-Z=]{0,16}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: crate::testing::fuzz_cases(1500), ..ProptestConfig::default() })]
        /// Any tiled op on any arguments returns a value or an error; it never panics.
        #[test]
        fn never_panics(op in proptest::sample::select(OPS.to_vec()), table in proptest::bool::ANY, args in proptest::collection::vec(arg(), 0..6)) {
            let op = if table { format!("table:{op}") } else { op.to_string() };
            let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            let _ = result_field(&Evaluator::default(), &op, &refs);
        }
    }
}
