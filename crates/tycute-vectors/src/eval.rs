//! The operation index of the test vectors: evaluate `op(args...)` given as text, as the
//! `tycute eval` command and the vector tests do.
//!
//! Every op of `algebra.txt` and `swizzle.txt` is supported (see [`OPS`]; the handlers are the
//! tables of [`ops`](crate::ops)), and every op of the atom, TiledMMA, TiledCopy, crosswise and
//! seed files ([`tiled`](crate::tiled)); `table:OP` evaluates `OP` and lists the resulting layout
//! at every linear index. Results are printed in CuTe syntax; errors are values whose kind tells
//! REJECT (the algebra refuses) from ERROR (bad input, unknown op).

use crate::error::{Error, ErrorKind, Result};
use crate::evaluator::Evaluator;
use crate::output::{Output, TABLE_LIMIT};

/// The ops this evaluator knows (without the `table:` prefix; `layout<I>`, `take<B,E>` and
/// `recast_layout<From,To>` take their parameters in the name).
pub const OPS: &[&str] = &[
    "identity",
    "size",
    "cosize",
    "rank",
    "depth",
    "coalesce",
    "coalesce_profile",
    "filter",
    "filter_zeros",
    "composition",
    "composition_tiler",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "upcast",
    "downcast",
    "max_common_vector",
    "copy_vector",
    "swizzled_vector",
    "tma_swizzle",
    "sm80_smem",
    "sm80_config",
    "sm90_smem",
    "max_common_layout",
    "with_shape",
    "make_layout_like",
    "layout<I>",
    "take<B,E>",
    "zip",
    "zip2",
    "make_ordered_layout",
    "make_layout_left",
    "make_layout_right",
    "idx2crd",
    "crd2idx",
    "swizzle_table",
    "swizzle_apply",
    "swizzle_masks",
    "recast_layout<From,To>",
    "tile_to_shape",
    "gmma_atom",
    "gmma_atom.position_independent",
    "as_position_independent_swizzle_layout",
    "gmma_atom.tile_to_shape",
    "gmma_atom.tile_to_shape.position_independent",
    "shape",
    "stride",
    "flatten",
];

/// Whether `op` (with or without `table:`) is one this evaluator implements.
pub fn is_known_op(op: &str) -> bool {
    let op = op.strip_prefix("table:").unwrap_or(op);
    crate::tiled::is_tiled_op(op) || crate::ops::is_algebra_op(op)
}
impl Evaluator {
    /// Evaluate `op(args)`; `table:OP` gives the index table of OP's layout.
    pub fn eval(&self, op: &str, args: &[&str]) -> Result<Output> {
        if let Some(base) = op.strip_prefix("table:") {
            let out = self.eval(base, args)?;
            return match out {
                Output::Layout(l) => {
                    let t = l.table(TABLE_LIMIT)?;
                    Ok(Output::Text(
                        t.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(" "),
                    ))
                }
                Output::Tensor(t) => Ok(Output::Text(
                    t.table(TABLE_LIMIT)?
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                )),
                Output::Text(t) => Err(Error::unsupported(format!(
                    "table: the result {t} of {base} is not a layout"
                ))),
            };
        }
        self.eval_op(op, args).map_err(|e| {
            if e.kind == ErrorKind::Reject {
                e.context(op)
            } else {
                e
            }
        })
    }

    /// The op itself: the tiled ops claim theirs first (an atom-named argument decides), then
    /// the tables by name, then the tiled ops' remaining forms.
    fn eval_op(&self, op: &str, args: &[&str]) -> Result<Output> {
        if crate::tiled::claims(op, args) {
            if let Some(r) = crate::tiled::eval_tiled(self.lenient, op, args) {
                return r;
            }
        }
        if let Some(h) = crate::ops::handler(op) {
            return h(self, op, args);
        }
        match crate::tiled::eval_tiled(self.lenient, op, args) {
            Some(r) => r,
            None => Err(Error::unsupported(format!("unknown op {op}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::{eval_line, result_field};

    fn ev(op: &str, args: &[&str]) -> String {
        result_field(&Evaluator::default(), op, args)
    }

    /// The layout algebra's rules state the numbers the type level's messages state
    /// (ui-tests/fail/*.stderr), in the same first words.
    #[test]
    fn layout_rule_numbers() {
        let rej = |op: &str, args: &[&str], words: &str| {
            let r = ev(op, args);
            assert!(r.starts_with("REJECT\t") && r.contains(words), "{op} {args:?}: {r}");
        };
        rej("layout<2>", &["(_8,_2):(_1,_8)"], "layout<I>: Index out of range (I must be less than rank(layout)): layout<_2> of a rank-_2 layout");
        rej("composition_tiler", &["_8:_1", "(_2,_2)"], "composition: the tiler has more modes than the layout (rank(tiler) = _2, rank(A) = _1)");
        rej("complement", &["(_4,_2):(_1,_2)"], "the mode _2:_2 overlaps the modes below it, which reach _4");
        rej("left_inverse", &["(_4,_3):(_3,_2)"], "Left inverse divisibility condition (a stride of A must be a multiple of the size of the modes with smaller strides): stride _3, size _2");
        rej("upcast", &["4", "(_4,_4):(_1,_6)"], "upcast: Divisibility condition (a static stride d of the layout has d % N != 0 and N % d != 0): stride _6, N = _4");
        rej("downcast", &["2", "(_4,_4):(_4,_16)"], "downcast: Downcast requires adjacent elements (the stride has no static _1 leaf): downcast<_2> of a layout with stride (_4,_16)");
        rej("upcast", &["4", "Sw<3,3,3> o _6 o (_8,_8):(_8,_1)"], "upcast of a composed layout: the static offset must be divisible by N: offset _6, N = _4");
        rej("swizzle_apply", &["Sw<2,3,3>", "_-8"], "swizzle_apply: the static offset must be non-negative: _-8");
        rej("zipped_divide", &["(_8,_4):(_1,_8)", "(_,_2)"], "Index out of range (`_` in the tiler over a plain-integer mode of A): mode _0 of the divided layout, _8, has no (tile, rest) pair");
        rej("crd2idx", &["((_1,_1),_2)", "(_4,_8)", "(_1,_4)"], "crd2idx: Mismatched Ranks (the coordinate is not weakly congruent to the shape, or holds an empty tuple): the coordinate ((_1,_1),_2) (rank _2) and the shape (_4,_8) (rank _2)");
        rej("make_ordered_layout", &["(_4,_8,_3)", "(_2,_0)"], "make_ordered_layout: Need equal rank of shape and order (the order must be weakly congruent to the shape): the shape (_4,_8,_3) (rank _3), the order (_2,_0) (rank _2)");
        rej("tile_to_shape", &["(_8,_8):(_1,_8)", "(_12,_16)"], "tile_to_shape: block shape does not divide the target shape. ((_8,_8) vs (_12,_16))");
        rej("coalesce_profile", &["(_2,_4):(_1,_2)", "(_1,_1,_1)"], "coalesce: the profile has more modes than the layout (rank(P) > rank(A): rank(P) = _3, rank(A) = _2");
    }

    /// `copy_vector` and `swizzled_vector` (ui-tests/fail/tiled_copy.rs::copy_vectorize,
    /// swizzle.rs::swizzle_splits_vectors): `REJECT` in the type level's words, the neighbours
    /// accepted.
    #[test]
    fn vector_rules() {
        let a = "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>";
        assert_eq!(ev("copy_vector", &[a, "(_128,_64):(_64,_1)", "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)"]), "_8");
        let r = ev("copy_vector", &[a, "(_128,_64):(_64,_1)", "(_128,_64):(_1,_128)"]);
        assert!(r.starts_with("REJECT\t") && r.contains("copy: the source and destination layouts do not vectorize for this copy atom"), "{r}");
        assert_eq!(ev("swizzled_vector", &["Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "half_t"]), "_8");
        assert_eq!(ev("swizzled_vector", &["Sw<3,2,3>", "float"]), "_4");
        let r = ev("swizzled_vector", &["Sw<3,2,3> o _0 o (_8,_64):(_64,_1)", "half_t"]);
        assert!(r.starts_with("REJECT\t") && r.contains("swizzle: Sw<B,M,S> splits 16-byte vectors of this element type"), "{r}");
        // max_common_vector with the same swizzle on both sides: the inner run
        assert_eq!(
            ev("max_common_vector", &["Sw<3,3,3> o _0 o (_128,_64):(_64,_1)", "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)"]),
            "_8192"
        );
    }

    /// The kernel-configuration rules that are values (ui-tests/fail/kernel_config.rs, the cases
    /// kernel_config_tma_swizzle and kernel_config_smem_limit): `REJECT` in the type level's
    /// words, the neighbours accepted.
    #[test]
    fn kernel_config_rules() {
        let sw128 = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))";
        assert_eq!(ev("tma_swizzle", &[sw128, "128B"]), "_3");
        let r = ev("tma_swizzle", &[sw128, "CU_TENSOR_MAP_SWIZZLE_64B"]);
        assert!(r.starts_with("REJECT\t") && r.contains("the smem layout is not swizzled the way its TMA mode writes it") && r.contains("Sw<3,4,3>, the mode needs Sw<2,4,3>"), "{r}");
        assert_eq!(ev("tma_swizzle", &["(_64,_64):(_64,_1)", "NONE"]), "_0");
        assert!(ev("tma_swizzle", &[sw128, "96B"]).starts_with("ERROR\t"));
        assert_eq!(ev("sm80_smem", &["_128", "_256", "_64", "_3"]), "_147456");
        let r = ev("sm80_smem", &["_128", "_256", "_64", "_4"]);
        assert!(r.starts_with("REJECT\t") && r.contains("A and B need more shared memory than an sm_80 CTA may use"), "{r}");
        assert!(ev("sm80_smem", &["_128", "_128", "_64", "_1"]).contains("needs at least 2 stages"));
        assert_eq!(ev("sm90_smem", &["_128", "_128", "_64", "_4", "_64", "_32", "_2"]), "_147456");
        // sm80_tn_128x256 and its neighbours of ui-tests/fail/kernel_config.rs
        let threads = "(_256,_256,_256,_256,_256,_256)";
        assert_eq!(ev("sm80_config", &["(_128,_256,_64)", "_3", "(_32,_64,_16)", "_256", threads]), "_147456");
        let r = ev("sm80_config", &["(_96,_256,_64)", "_3", "(_64,_64,_16)", "_256", threads]);
        assert!(r.contains("bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0): 96 % 64"), "{r}");
        let r = ev("sm80_config", &["(_128,_256,_64)", "_3", "(_32,_64,_16)", "_256", "(_128,_256,_256,_256,_256,_256)"]);
        assert!(r.contains("the G2S copy of A and the TiledMMA have different thread counts (size(copyA) != size(mma)): 128 vs 256"), "{r}");
        assert!(ev("sm80_config", &["(_128,_256,_64)", "_4", "(_32,_64,_16)", "_256", threads]).contains("163 KiB"));
        assert!(ev("sm90_smem", &["_128", "_256", "_64", "_5", "_64", "_32", "_2"]).contains("more shared memory than an sm_90 CTA may use"));
    }

    /// Every op of [`OPS`] has a handler (exact, templated or tiled), and every handler's name is
    /// listed.
    #[test]
    fn ops_have_handlers() {
        for op in OPS {
            let probe = match *op {
                "layout<I>" => "layout<1>",
                "take<B,E>" => "take<0,1>",
                "recast_layout<From,To>" => "recast_layout<uint8_t,half_t>",
                other => other,
            };
            assert!(crate::ops::handler(probe).is_some() || crate::tiled::is_tiled_op(probe), "{op}");
        }
        for table in [crate::ops::layout::HANDLERS, crate::ops::algebra::HANDLERS, crate::ops::swizzle::HANDLERS, crate::ops::gmma::HANDLERS, crate::ops::kernel_config::HANDLERS] {
            for (name, _) in table {
                assert!(OPS.contains(name), "{name} is not in OPS");
            }
        }
    }

    #[test]
    fn lines() {
        let e = Evaluator::default();
        assert_eq!(
            eval_line(&e, "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\tignored").unwrap(),
            "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1"
        );
        assert_eq!(
            eval_line(&e, "algebra\ttable:coalesce\t(_2,_4):(_1,_2)").unwrap(),
            "algebra\ttable:coalesce\t(_2,_4):(_1,_2)\t=>\t0 1 2 3 4 5 6 7"
        );
        assert!(eval_line(&e, "x\tnope\t1")
            .unwrap()
            .ends_with("=>\tERROR\tunknown op nope"));
        assert!(eval_line(&e, "x\tcoalesce\t(_2,")
            .unwrap()
            .contains("=>\tERROR\t"));
        assert!(eval_line(&e, "   ").is_none());
        assert!(eval_line(&e, "lonely").unwrap().contains("ERROR"));
    }

    #[test]
    fn ops() {
        assert_eq!(ev("size", &["(_4,6):(6,_1)"]), "24");
        assert_eq!(ev("rank", &["(_4,6):(6,_1)"]), "_2");
        assert_eq!(ev("swizzle_apply", &["Sw<2,3,3>", "_100"]), "_108");
        assert_eq!(
            ev("swizzle_masks", &["Sw<1,5,2>"]),
            "yyy=128 zzz=32 shift=2 code=160"
        );
        assert_eq!(
            ev("recast_layout<uint8_t,half_t>", &["Sw<3,4,3>"]),
            "Sw<3,3,3>"
        );
        assert_eq!(ev("layout<1>", &["(_4,_16,_2):(_1,_12,_192)"]), "_16:_12");
        assert!(ev("layout<1>", &["_4:_1"]).starts_with("REJECT"));
        assert!(ev("complement", &["(_4,_2):(_1,_2)"]).starts_with("REJECT"));
        assert_eq!(
            ev("composition", &["Sw<3,3,3>", "(_8,_64):(_64,_1)"]),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
        );
        assert_eq!(
            ev(
                "tile_to_shape",
                &[
                    "Sw333_K64",
                    "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
                    "(_64,_128)",
                    "(_2,_1)"
                ]
            ),
            "Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_1024),(_1,_512))"
        );
    }

    use proptest::prelude::*;

    fn arg() -> impl Strategy<Value = String> {
        prop_oneof![
            crate::testing::static_layout(3).prop_map(|l| l.to_string()),
            Just("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".to_string()),
            Just("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".to_string()),
            Just("Sw<2,0,-2>".to_string()),
            Just("(_,_2)".to_string()),
            Just("(_4:_2,_)".to_string()),
            Just("(_4,4)".to_string()),
            Just("(4,_0):(_0,0)".to_string()),
            Just("_0:_0".to_string()),
            Just("(_9223372036854775807,_2):(_2,_9223372036854775807)".to_string()),
            Just("_-3:_-5".to_string()),
            Just("(_4,_4):(_1@1,_1@0)".to_string()),
            Just("Layout_K_SW128_Atom<half_t>".to_string()),
            Just("()".to_string()),
            Just("3".to_string()),
            Just("_0".to_string()),
            Just("-1".to_string()),
            "[-_()0-9,:@]{0,12}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: crate::testing::fuzz_cases(3000), ..ProptestConfig::default() })]
        /// Any op on any arguments returns a value or an error; it never panics.
        #[test]
        fn never_panics(op in proptest::sample::select(OPS.to_vec()), table in any::<bool>(), args in proptest::collection::vec(arg(), 0..4)) {
            let op = op.replace("layout<I>", "layout<1>").replace("take<B,E>", "take<0,1>").replace("recast_layout<From,To>", "recast_layout<uint8_t,half_t>");
            let op = if table { format!("table:{op}") } else { op };
            let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            let _ = result_field(&Evaluator::default(), &op, &refs);
        }
    }
}
