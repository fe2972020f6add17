//! right_inverse and left_inverse.
//!
//! Both coalesce A, compute the prefix products of its shape (the strides of A's own domain),
//! and visit the modes in increasing stride order (CuTe's compile-time exchange sort, which is
//! not stable for equal strides; reproduced here).
//!
//! * `right_inverse` chains modes while the next stride equals the running product (starting
//!   at 1), ignoring dynamic strides: it inverts the largest contiguous prefix of A's image.
//! * `left_inverse` requires static strides, skips stride-0 modes, and divides each stride by
//!   the size gathered so far ("Left inverse divisibility condition").

use crate::coalesce::coalesce;
use crate::error::{ensure, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// CuTe's `exchange_sort` of (key, index) pairs by key.
fn exchange_sort(mut a: Vec<(i64, usize)>) -> Vec<usize> {
    let n = a.len();
    for i in 0..n {
        for j in i + 1..n {
            if a[j].0 < a[i].0 {
                a.swap(i, j);
            }
        }
    }
    a.into_iter().map(|p| p.1).collect()
}

/// `(_1, s0, s0*s1, ...)`: exclusive prefix products of the shape.
fn prefix_products(shape: &[Int]) -> Result<Vec<Int>> {
    let mut out = vec![Int::ONE];
    for s in shape {
        let last = *out.last().expect("non-empty");
        out.push(s.mul(last)?);
    }
    Ok(out)
}

fn ints(v: Vec<Int>) -> IntTuple {
    IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect())
}

/// `right_inverse(layout)`: `layout(result(i)) == i` for `i < size(result)`.
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    let c = coalesce(layout)?;
    let lshape = c.shape.leaves();
    let lstride = c.stride.leaves();
    let preprod = prefix_products(&lshape)?;
    // static strides only, sorted
    let keyed: Vec<(i64, usize)> = lstride
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_static)
        .map(|(i, d)| (d.value, i))
        .collect();
    let order = exchange_sort(keyed);
    let mut result_shape = vec![Int::ONE];
    let mut result_stride = vec![Int::ZERO];
    let mut curr = Int::ONE;
    for i in order {
        let (ishape, istride) = (lshape[i], lstride[i]);
        if curr.is_const(istride.value) {
            // the next stride continues the image contiguously
            result_shape.push(ishape);
            result_stride.push(preprod[i]);
            curr = ishape.mul(istride)?;
        }
    }
    coalesce(&Layout::raw(ints(result_shape), ints(result_stride)))
}

/// `left_inverse(layout)`: `result(layout(i)) == i` for injective layouts.
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    let c = coalesce(layout)?;
    let lshape = c.shape.leaves();
    let lstride = c.stride.leaves();
    let preprod = prefix_products(&lshape)?;
    ensure!(
        c.stride.is_static(),
        "left_inverse: Left inverse requires static strides. (got {layout})"
    );
    let keyed: Vec<(i64, usize)> = lstride
        .iter()
        .enumerate()
        .map(|(i, d)| (d.value, i))
        .collect();
    let order = exchange_sort(keyed);
    let mut result_shape: Vec<Int> = Vec::new();
    let mut result_stride = vec![Int::ZERO];
    for &i in &order {
        let istride = lstride[i];
        if istride.is_const(0) {
            continue;
        }
        let size = ints(result_shape.clone()).product()?;
        ensure!(
            istride.rem(size)?.value == 0,
            "left_inverse: Left inverse divisibility condition (a stride of A must be a multiple of the size of the modes with smaller strides): stride {istride}, size {size} (in {layout})"
        );
        result_shape.push(istride.div(size)?);
        result_stride.push(preprod[i]);
    }
    let last = *order
        .last()
        .ok_or_else(|| crate::error::Error::reject("left_inverse: empty layout"))?;
    result_shape.push(lshape[last]);
    coalesce(&Layout::raw(ints(result_shape), ints(result_stride)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn right() {
        assert_eq!(
            right_inverse(&l("(_4,((_2,_2),_4)):(_1,((_4,_8),_16))")).unwrap(),
            l("_64:_1")
        );
        assert_eq!(
            right_inverse(&l("(_4,_4,_2):(_16,_4,_1)")).unwrap(),
            l("_2:_16")
        );
        assert_eq!(
            right_inverse(&l("(2,_4,_6):(_1,_2,_8)")).unwrap(),
            l("2:_1")
        );
        assert_eq!(right_inverse(&l("(_8,4):(4,_1)")).unwrap(), l("4:_8"));
        assert_eq!(right_inverse(&l("_4:_2")).unwrap(), l("_1:_0"));
    }

    #[test]
    fn left() {
        assert_eq!(
            left_inverse(&l("((_2,_4),_2):((_8,_2),_1)")).unwrap(),
            l("(_2,_4,_2):(_8,_2,_1)")
        );
        let e = left_inverse(&l("_4:2")).unwrap_err();
        assert!(e.message.contains("static strides"), "{e}");
    }

    use crate::testing::{injective_layout, static_layout, table};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        /// A(right_inverse(A)(i)) == i on the inverse's domain.
        #[test]
        fn right_inverse_law(a in static_layout(4)) {
            let r = right_inverse(&a).unwrap();
            for (i, x) in table(&r).into_iter().enumerate() {
                prop_assert_eq!(a.eval_index(x).unwrap(), i as i64, "A = {}, R = {}", a, r);
            }
        }

        /// left_inverse(A)(A(i)) == i for injective A.
        #[test]
        fn left_inverse_law(a in injective_layout(4)) {
            let l = left_inverse(&a).unwrap();
            for (i, x) in table(&a).into_iter().enumerate() {
                prop_assert_eq!(l.eval_index(x).unwrap(), i as i64, "A = {}, L = {}", a, l);
            }
        }
    }
}
