//! complement(A, cotarget): the layout of the positions of `[0, cotarget)` that A does not reach,
//! ordered, so that `(A, complement(A))` is a bijection onto the cotarget.
//!
//! CuTe filters A (drops stride-0 and size-1 modes), then repeatedly takes the mode with the
//! smallest stride: the gap below it becomes a new mode
//! `new_shape = min_stride / previous_end`, `new_stride = previous_end`, and the end moves to
//! `min_stride * shape`. A static zero `new_shape` means two modes overlap ("Non-injective
//! Layout detected in complement."). The rest up to the cotarget is appended and the result is
//! coalesced.

use crate::coalesce::{coalesce, filter};
use crate::error::{ensure, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{compact_major, Layout, Major};

/// `complement(layout, cotarget)`; the cotarget is an integer or a shape (the rest modes then
/// follow its shape).
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    let f = filter(layout)?;
    complement_filtered(&f, cotarget).map_err(|e| e.context("complement"))
}

/// `complement(layout)`: the cotarget is `cosize(filter(layout))`, so a compact layout gives
/// `_1:_0`.
pub fn complement_default(layout: &Layout) -> Result<Layout> {
    let f = filter(layout)?;
    let cot = f.cosize()?;
    complement_filtered(&f, &IntTuple::Int(cot)).map_err(|e| e.context("complement"))
}

fn complement_filtered(f: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if f.stride.is_const(0) {
        // an irreducible rank-1 stride-0 layout: the whole cotarget, compact
        return Layout::left(&cotarget.coalesce_shape()?);
    }
    let mut shape: Vec<Int> = f.shape.leaves();
    let mut stride: Vec<Int> = f.stride.leaves();
    let r = shape.len();
    ensure!(
        r == 1 || f.stride.is_static(),
        "Dynamic-stride complement only for rank-1 layouts (got {f})"
    );
    // result_stride starts at (_1); result_shape at ()
    let mut result_shape: Vec<Int> = Vec::with_capacity(r + 1);
    let mut result_stride: Vec<Int> = vec![Int::ONE];
    for i in 0..r - 1 {
        // the remaining mode with the smallest stride (first one on ties)
        let mut min_idx = 0;
        let mut min_stride = stride[0];
        for (k, d) in stride.iter().enumerate().skip(1) {
            if d.value < min_stride.value {
                min_stride = *d;
                min_idx = k;
            }
        }
        let new_shape = min_stride.div(result_stride[i])?;
        let new_stride = min_stride.mul(shape[min_idx])?;
        ensure!(
            !new_shape.is_const(0),
            "complement: Non-injective Layout detected in complement. (two modes of A overlap: the new shape stride_i / current_i is _0): the mode {}:{} overlaps the modes below it, which reach {} (in {f})",
            shape[min_idx],
            min_stride,
            result_stride[i]
        );
        shape.remove(min_idx);
        stride.remove(min_idx);
        result_shape.push(new_shape); // gap below min_stride
        result_stride.push(new_stride); // end of the covered range
    }
    // the last remaining mode
    let new_shape = stride[0].div(result_stride[r - 1])?;
    ensure!(
        !new_shape.is_const(0),
        "complement: Non-injective Layout detected in complement. (two modes of A overlap: the new shape stride_i / current_i is _0): the mode {}:{} overlaps the modes below it, which reach {} (in {f})",
        shape[0],
        stride[0],
        result_stride[r - 1]
    );
    result_shape.push(new_shape);
    // rest: from the end of the covered range up to the cotarget
    let new_stride = stride[0].mul(shape[0])?;
    let rest_shape = cotarget
        .ceil_div(&IntTuple::Int(new_stride))?
        .coalesce_shape()?;
    let rest_stride = compact_major(Major::Left, &rest_shape, new_stride)?;
    let ints = |v: Vec<Int>| IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect());
    // ((gaps..., rest...) : (ends..., rest strides...)), coalesced
    let full = Layout::raw(
        IntTuple::Tuple(vec![ints(result_shape), rest_shape]),
        IntTuple::Tuple(vec![ints(result_stride), rest_stride]),
    );
    coalesce(&full)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn examples() {
        assert_eq!(
            complement_default(&l("(_4,_16,_2):(_1,_12,_192)")).unwrap(),
            l("_3:_4")
        );
        assert_eq!(complement(&l("_4:_1"), &t("_24")).unwrap(), l("_6:_4"));
        assert_eq!(
            complement(&l("_8:_1"), &t("(_4,_3)"))
                .unwrap()
                .size()
                .unwrap()
                .value,
            2
        );
        assert_eq!(
            complement_default(&l("(_2,_4):(_1,_2)")).unwrap(),
            l("_1:_0")
        );
    }

    #[test]
    fn rejects() {
        let e = complement_default(&l("(_4,_2):(_1,_2)")).unwrap_err();
        assert!(e.message.contains("Non-injective"), "{e}");
        assert!(complement_default(&l("(_2,_4):(_2,_1)")).is_err());
        assert!(complement(&l("(_2,_4):(2,_1)"), &t("_16")).is_err());
    }

    use crate::testing::{injective_layout, table};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        /// For injective A: complement(A, M) is ordered (strictly increasing), its image meets
        /// A's only at 0, and (A, complement) covers at least the cotarget.
        #[test]
        fn complement_is_disjoint_and_ordered(a in injective_layout(3), extra in 1i64..=4) {
            let m = a.cosize().unwrap().value * extra;
            let c = complement(&a, &IntTuple::st(m)).unwrap();
            let tc = table(&c);
            for w in tc.windows(2) {
                prop_assert!(w[0] < w[1], "not ordered: {} for A = {}", c, a);
            }
            let ta: std::collections::HashSet<i64> = table(&a).into_iter().collect();
            for (i, x) in tc.iter().enumerate().skip(1) {
                prop_assert!(!ta.contains(x), "complement({}) = {} hits A at {}", a, c, i);
            }
            prop_assert!(a.size().unwrap().value * c.size().unwrap().value >= m);
        }
    }
}
