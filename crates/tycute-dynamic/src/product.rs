//! logical_product and its regroupings, and the rank-sensitive blocked/raked products.
//!
//! `logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)), B))`: the block A
//! repeated at the positions B describes, in units of A's complement. Tuple tilers act mode by
//! mode (extra modes of A kept). Regroupings as for the divides:
//! ```text
//!   logical_product ((BlockM,RepM),(BlockN,RepN))
//!   zipped_product  ((BlockM,BlockN),(RepM,RepN))
//!   tiled_product   ((BlockM,BlockN),RepM,RepN)
//!   flat_product    (BlockM,BlockN,RepM,RepN)
//!   blocked_product ((BlockM,RepM),(BlockN,RepN))   rank-sensitive: zip(block, reps)
//!   raked_product   ((RepM,BlockM),(RepN,BlockN))   rank-sensitive: zip(reps, block)
//! ```

use crate::coalesce::transform_layout;
use crate::complement::complement;
use crate::composition::composition;
use crate::divide::{tile_unzip, unpack_both, unpack_second};
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Tiler;

/// `logical_product(block, tiler)`.
pub fn logical_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(v) => transform_layout(block, v, "logical_product", logical_product),
        Tiler::Underscore => Ok(block.clone()),
        Tiler::Int(n) => product_by_layout(block, &Layout::left(&IntTuple::Int(*n))?),
        Tiler::Layout(t) => product_by_layout(block, t),
    }
}

fn product_by_layout(block: &Layout, tiler: &Layout) -> Result<Layout> {
    // complement of the block up to size(block) * cosize(tiler)
    let cotarget = block.size()?.mul(tiler.cosize()?)?;
    let comp =
        complement(block, &IntTuple::Int(cotarget)).map_err(|e| e.context("logical_product"))?;
    // (Block, Reps)
    let reps = composition(&comp, tiler).map_err(|e| e.context("logical_product"))?;
    Ok(Layout::concat(&[block.clone(), reps]))
}

/// `zipped_product(block, tiler)`.
pub fn zipped_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_product(block, tiler)?, tiler).map_err(|e| e.context("zipped_product"))
}

/// `tiled_product(block, tiler)`.
pub fn tiled_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack_second(&zipped_product(block, tiler)?)
}

/// `flat_product(block, tiler)`.
pub fn flat_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack_both(&zipped_product(block, tiler)?)
}

/// `zip(layoutA, layoutB)`: `make_layout(zip(shapeA, shapeB), zip(strideA, strideB))`.
pub fn zip2(a: &Layout, b: &Layout) -> Result<Layout> {
    let pair = |x: &IntTuple, y: &IntTuple| IntTuple::Tuple(vec![x.clone(), y.clone()]).zip();
    Ok(Layout::raw(
        pair(&a.shape, &b.shape)?,
        pair(&a.stride, &b.stride)?,
    ))
}

/// `zip(layout)`.
pub fn zip(a: &Layout) -> Result<Layout> {
    Ok(Layout::raw(a.shape.zip()?, a.stride.zip()?))
}

fn padded_product(block: &Layout, tiler: &Layout, op: &str) -> Result<(Layout, Layout)> {
    let r = block.rank().max(tiler.rank());
    let result =
        product_by_layout(&block.append_to(r)?, &tiler.append_to(r)?).map_err(|e| e.context(op))?;
    Ok((result.mode(0)?, result.mode(1)?))
}

/// `blocked_product(block, tiler)`: `((Block_i, Rep_i)...)`; both are padded to the same rank.
pub fn blocked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    let (b, r) = padded_product(block, tiler, "blocked_product")?;
    zip2(&b, &r).map_err(|e| e.context("blocked_product"))
}

/// `raked_product(block, tiler)`: `((Rep_i, Block_i)...)`.
pub fn raked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    let (b, r) = padded_product(block, tiler, "raked_product")?;
    zip2(&r, &b).map_err(|e| e.context("raked_product"))
}

/// Blocked/raked products take a layout tiler; an integer is `make_layout(N)`.
pub fn tiler_as_layout(t: &Tiler, op: &str) -> Result<Layout> {
    match t {
        Tiler::Layout(l) => Ok(l.clone()),
        Tiler::Int(n) => Layout::left(&IntTuple::Int(*n)),
        other => Err(Error::reject(format!(
            "{op}: needs a layout tiler, got {other}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> Tiler {
        s.parse().unwrap()
    }

    #[test]
    fn examples() {
        assert_eq!(
            logical_product(&l("(_1,_4):(_0,_1)"), &t("(_2,_2):(_2,_1)")).unwrap(),
            l("((_1,_4),(_2,_2)):((_0,_1),(_8,_4))")
        );
        assert_eq!(
            zipped_product(&l("(_2):(_1)"), &t("_4:_2")).unwrap(),
            l("((_2),_4):((_1),_4)")
        );
        assert_eq!(
            tiled_product(&l("(_4,_16,_2):(_1,_12,_192)"), &t("_2:_1")).unwrap(),
            l("((_4,_16,_2),_2):((_1,_12,_192),_4)")
        );
        assert_eq!(
            flat_product(&l("(_2):(_1)"), &t("(_2,_2):(_2,_1)")).unwrap(),
            l("((_2),_2,_2):((_1),_4,_2)")
        );
        assert_eq!(
            raked_product(&l("(_8,_4):(_1,_8)"), &l("(_2,_3):(_3,_1)")).unwrap(),
            l("((_2,_8),(_3,_4)):((_96,_1),(_32,_8))")
        );
        assert_eq!(
            blocked_product(
                &l("(_4,(_4,(_16,_1))):(_1,(_4,(_16,_256)))"),
                &l("(_1):(_0)")
            )
            .unwrap(),
            l("((_4,_1),((_4,(_16,_1)),_1)):((_1,_0),((_4,(_16,_256)),_0))")
        );
    }

    #[test]
    fn rejects() {
        assert!(logical_product(&l("_4:_1"), &t("(_2,_2)")).is_err());
        let e = blocked_product(
            &l("((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))"),
            &l("_4:_1"),
        )
        .unwrap_err();
        assert!(e.message.contains("Mismatched"), "{e}");
    }

    use crate::testing::{injective, injective_layout, table};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]
        /// logical_product(A, B) of injective layouts: size(A)*size(B) elements, mode 0 is A,
        /// the result is injective, and the regroupings only reorder it.
        #[test]
        fn product_keeps_size_and_function(a in injective_layout(2), b in injective_layout(2)) {
            let tiler = Tiler::Layout(b.clone());
            let Ok(p) = logical_product(&a, &tiler) else { return Ok(()) };
            prop_assert_eq!(p.size().unwrap().value, a.size().unwrap().value * b.size().unwrap().value);
            prop_assert_eq!(table(&p.mode(0).unwrap()), table(&a));
            prop_assert!(injective(&p), "A = {}, B = {}, P = {}", a, b, p);
            let mut v0 = table(&p); v0.sort_unstable();
            for r in [zipped_product(&a, &tiler), tiled_product(&a, &tiler), flat_product(&a, &tiler),
                      blocked_product(&a, &b), raked_product(&a, &b)] {
                let r = r.unwrap();
                let mut v = table(&r); v.sort_unstable();
                prop_assert_eq!(&v, &v0);
            }
        }
    }
}
