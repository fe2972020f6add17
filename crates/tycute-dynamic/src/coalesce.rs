//! coalesce, coalesce with a profile, filter_zeros, filter.
//!
//! `coalesce` flattens the layout and walks its leaf modes from the last to the first, keeping a
//! stack of result modes whose front is compared with each older mode:
//! ```text
//!   front      mode I
//!   s0:d0      _1:d1      skip mode I (static size 1)
//!   _1:d0      s1:d1      replace the front by s1:d1
//!   s0:s1*d1   s1:d1      merge: front becomes s0*s1:d1   (only if s1*d1 == d0 is static true
//!                                                          and s0 is static)
//!   s0:d0      s1:d1      prepend s1:d1
//! ```
//! A result of static size 1 is `_1:_0`; a single remaining mode is an integer layout.

use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// The backwards walk shared by `coalesce` and `coalesce_x`; `first` is the initial front.
fn bw_coalesce(flat: &[(Int, Int)], first: (Int, Int)) -> Result<Layout> {
    // new_shape / new_stride: an integer (one mode) or a flat tuple (front first)
    let mut shape: Vec<Int> = vec![first.0];
    let mut stride: Vec<Int> = vec![first.1];
    let r = flat.len();
    for i in (0..r.saturating_sub(1)).rev() {
        let (s, d) = flat[i];
        if s.is_const(1) {
            continue; // size-1 mode: skip
        }
        if shape.len() == 1 && shape[0].is_const(1) {
            // replace the static size-1 front
            shape[0] = s;
            stride[0] = d;
            continue;
        }
        let front_static = shape[0].is_static;
        let merges = s.mul(d)?.eq_(stride[0]).is_static_true();
        if front_static && merges {
            // s0:s1*d1 with s1:d1 -> s0*s1:d1
            shape[0] = s.mul(shape[0])?;
            stride[0] = d;
        } else {
            shape.insert(0, s);
            stride.insert(0, d);
        }
    }
    if shape.len() == 1 {
        if shape[0].is_const(1) {
            return Ok(Layout::trivial());
        }
        return Ok(Layout::raw(
            IntTuple::Int(shape[0]),
            IntTuple::Int(stride[0]),
        ));
    }
    Ok(Layout::raw(
        IntTuple::Tuple(shape.into_iter().map(IntTuple::Int).collect()),
        IntTuple::Tuple(stride.into_iter().map(IntTuple::Int).collect()),
    ))
}

/// `coalesce(layout)`: merge contiguous modes; keeps the function on the domain.
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    let flat = layout.leaf_modes();
    let last = *flat
        .last()
        .ok_or_else(|| Error::reject("coalesce: layout has no modes"))?;
    bw_coalesce(&flat, last)
}

/// `detail::coalesce_x(layout)`: like coalesce but also keeps the function outside the domain
/// (a trailing static `_1` mode starts the walk as a `_2` mode so its stride survives). This is
/// what composition applies to its left-hand side.
pub fn coalesce_x(layout: &Layout) -> Result<Layout> {
    let flat = layout.leaf_modes();
    let last = *flat
        .last()
        .ok_or_else(|| Error::reject("coalesce: layout has no modes"))?;
    let first = if last.0.is_const(1) {
        (Int::st(2), last.1)
    } else {
        last
    };
    bw_coalesce(&flat, first)
}

/// `transform_layout(layout, tuple, f)`: apply `f` to the first `rank(tuple)` modes, keep the
/// remaining modes of `layout`, and concatenate the results as modes (so the result is always a
/// tuple layout, `(s):(d)` for one mode).
pub(crate) fn transform_layout<T, F>(
    layout: &Layout,
    by: &[T],
    op: &str,
    mut f: F,
) -> Result<Layout>
where
    F: FnMut(&Layout, &T) -> Result<Layout>,
{
    let modes = layout.modes();
    ensure!(
        by.len() <= modes.len(),
        "{op}: Too many modes in tiler ({} modes for a rank-{} layout {layout})",
        by.len(),
        modes.len()
    );
    let mut out = Vec::with_capacity(modes.len());
    for (i, m) in modes.iter().enumerate() {
        if i < by.len() {
            out.push(f(m, &by[i])?);
        } else {
            out.push(m.clone());
        }
    }
    Ok(Layout::concat(&out))
}

/// `coalesce(layout, profile)`: for a tuple profile, coalesce mode `i` according to `profile_i`
/// (modes beyond the profile are kept); a leaf of the profile coalesces the whole mode.
pub fn coalesce_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    match profile {
        IntTuple::Tuple(p) => {
            ensure!(
                p.len() <= layout.rank(),
                "coalesce: the profile has more modes than the layout (rank(P) > rank(A): rank(P) = _{}, rank(A) = _{}: {layout} by {profile})",
                p.len(),
                layout.rank()
            );
            transform_layout(layout, p, "coalesce", coalesce_profile)
        }
            .map_err(|e| e.context("coalesce")),
        IntTuple::Int(_) => coalesce(layout),
    }
}

/// `filter_zeros(layout)`: the shape of every static stride-0 leaf becomes `_1`.
pub fn filter_zeros(layout: &Layout) -> Layout {
    fn go(stride: &IntTuple, shape: &IntTuple) -> IntTuple {
        match (stride, shape) {
            (IntTuple::Tuple(dv), IntTuple::Tuple(sv)) => {
                IntTuple::Tuple(dv.iter().zip(sv).map(|(d, s)| go(d, s)).collect())
            }
            (d, s) if d.is_const(0) => s.repeat_like(&IntTuple::st(1)),
            (_, s) => s.clone(),
        }
    }
    Layout::raw(go(&layout.stride, &layout.shape), layout.stride.clone())
}

/// `filter(layout)` = `coalesce(filter_zeros(layout))`: drop stride-0 and size-1 modes
/// (the order of the remaining modes is kept).
pub fn filter(layout: &Layout) -> Result<Layout> {
    coalesce(&filter_zeros(layout))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn coalesce_examples() {
        assert_eq!(coalesce(&l("(_2,_4):(_1,_2)")).unwrap(), l("_8:_1"));
        assert_eq!(
            coalesce(&l("((_2,_4),_2):((_8,_2),_1)")).unwrap(),
            l("(_2,_4,_2):(_8,_2,_1)")
        );
        assert_eq!(coalesce(&l("(_2,_1,_6):(_1,7,_2)")).unwrap(), l("_12:_1"));
        assert_eq!(coalesce(&l("(_4,6):(6,_1)")).unwrap(), l("(_4,6):(6,_1)"));
        assert_eq!(coalesce(&l("(_1,_1):(_3,_4)")).unwrap(), l("_1:_0"));
        assert_eq!(coalesce(&l("(_4,_1):(_1,_0)")).unwrap(), l("_4:_1"));
    }

    #[test]
    fn coalesce_x_keeps_trailing_stride() {
        assert_eq!(
            coalesce_x(&l("(_4,_1):(_1,_0)")).unwrap(),
            l("(_4,_2):(_1,_0)")
        );
    }

    #[test]
    fn profile() {
        let a = l("((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))");
        let p: IntTuple = "((_1,_1,_1))".parse().unwrap();
        assert_eq!(
            coalesce_profile(&a, &p).unwrap(),
            l("((_2,_24,_8)):((_1,_2,_96))")
        );
        let p: IntTuple = "(_1,_1,_1)".parse().unwrap();
        assert!(coalesce_profile(&l("(_2,_4):(_1,_2)"), &p).is_err());
    }

    #[test]
    fn filters() {
        assert_eq!(
            filter_zeros(&l("(_2,(_8,_2),_4):(_1,(_16,_2),_0)")),
            l("(_2,(_8,_2),_1):(_1,(_16,_2),_0)")
        );
        assert_eq!(
            filter(&l("(_6,(_3,_6),_2):(_2,(_0,_36),_1)")).unwrap(),
            l("(_6,_6,_2):(_2,_36,_1)")
        );
    }

    use crate::testing::{static_layout, table};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        /// coalesce keeps size and the function on the domain, and flattens to depth <= 1.
        #[test]
        fn coalesce_keeps_the_function(a in static_layout(4)) {
            let c = coalesce(&a).unwrap();
            prop_assert_eq!(c.size().unwrap(), a.size().unwrap());
            prop_assert!(c.depth() <= 1);
            prop_assert_eq!(table(&c), table(&a));
        }

        /// coalesce_x keeps the function also past the domain (for one extra block).
        #[test]
        fn coalesce_x_keeps_the_function_outside(a in static_layout(3)) {
            let c = coalesce_x(&a).unwrap();
            let n = a.size().unwrap().value;
            for i in 0..2 * n {
                prop_assert_eq!(c.eval_index(i).unwrap(), a.eval_index(i).unwrap(), "i = {}", i);
            }
        }

        /// filter = coalesce(filter_zeros): same function as filter_zeros, same image as A.
        #[test]
        fn filter_keeps_the_image(a in static_layout(4)) {
            let fz = filter_zeros(&a);
            let f = filter(&a).unwrap();
            let tf = table(&f);
            prop_assert_eq!(&tf[..], &table(&fz)[..tf.len()]);
            let mut x = table(&a); x.sort_unstable(); x.dedup();
            let mut y = tf; y.sort_unstable(); y.dedup();
            prop_assert_eq!(x, y);
        }

        /// coalesce with a profile keeps the function and the profile's rank.
        #[test]
        fn coalesce_profile_keeps_the_function(a in static_layout(3)) {
            let p = a.shape.repeat_like(&IntTuple::st(1)).modes().into_iter().map(|_| IntTuple::st(1)).collect::<Vec<_>>();
            let c = coalesce_profile(&a, &IntTuple::Tuple(p)).unwrap();
            prop_assert_eq!(c.rank(), a.rank());
            prop_assert_eq!(table(&c), table(&a));
        }
    }
}
