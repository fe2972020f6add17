//! Layout constructors that pick strides: make_ordered_layout (compact_order), make_layout_like,
//! tile_to_shape, with_shape.

use crate::coalesce::filter_zeros;
use crate::composition::composition;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{compact_major, Layout, Major};
use crate::product::blocked_product;

/// `product_like(shape, order)`: the product of the shape below each leaf of `order`.
fn product_like(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    match order {
        IntTuple::Int(_) => Ok(IntTuple::Int(shape.product()?)),
        IntTuple::Tuple(ov) => {
            let IntTuple::Tuple(sv) = shape else {
                return Err(Error::reject(format!(
                    "compact_order: Need equal rank of shape {shape} and order {order} (the order is deeper)"
                )));
            };
            ensure!(
                sv.len() == ov.len(),
                "compact_order: Need equal rank of shape {shape} and order {order}"
            );
            Ok(IntTuple::Tuple(
                sv.iter()
                    .zip(ov)
                    .map(|(s, o)| product_like(s, o))
                    .collect::<Result<_>>()?,
            ))
        }
    }
}

/// `compact_order(shape, order)`: compact strides where modes with smaller `order` get smaller
/// strides. Equal orders give equal strides; dynamic order entries count as larger than every
/// static one and are ordered left to right.
pub fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    compact_order_checked(shape, order).map_err(|e| {
        if e.is_reject() && e.message.contains("Need equal rank of shape") {
            Error::reject(format!(
                "make_ordered_layout: Need equal rank of shape and order (the order must be weakly congruent to the shape): the shape {shape} (rank _{}), the order {order} (rank _{}) ({})",
                shape.rank(),
                order.rank(),
                e.message
            ))
        } else {
            e
        }
    })
}

fn compact_order_checked(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    let ref_shape = product_like(shape, order)?.leaves();
    let flat_order = order.leaves();
    // largest static entry of order
    let mut max_order = Int::ZERO;
    for o in &flat_order {
        if max_order.lt(*o).is_static_true() {
            max_order = *o;
        }
    }
    // dynamic entries become max+1+k
    let mut ref_order = Vec::with_capacity(flat_order.len());
    for (k, o) in flat_order.iter().enumerate() {
        if o.is_static {
            ref_order.push(*o);
        } else {
            let v = max_order
                .value
                .checked_add(1 + k as i64)
                .ok_or_else(|| Error::reject("compact_order: overflow"))?;
            ref_order.push(Int::st(v));
        }
    }
    let new_order = IntTuple::unflatten(
        &ref_order
            .iter()
            .map(|o| IntTuple::Int(*o))
            .collect::<Vec<_>>(),
        order,
    )?;
    compact_order_rec(shape, &new_order, &ref_shape, &ref_order)
}

fn compact_order_rec(
    shape: &IntTuple,
    order: &IntTuple,
    ref_shape: &[Int],
    ref_order: &[Int],
) -> Result<IntTuple> {
    match order {
        IntTuple::Tuple(ov) => {
            let IntTuple::Tuple(sv) = shape else {
                return Err(Error::reject(format!(
                    "compact_order: Need equal rank of shape {shape} and order {order}"
                )));
            };
            ensure!(
                sv.len() == ov.len(),
                "compact_order: Need equal rank of shape {shape} and order {order}"
            );
            Ok(IntTuple::Tuple(
                sv.iter()
                    .zip(ov)
                    .map(|(s, o)| compact_order_rec(s, o, ref_shape, ref_order))
                    .collect::<Result<_>>()?,
            ))
        }
        IntTuple::Int(o) => {
            // start after every mode of smaller order
            let mut start: Option<Int> = None;
            for (s, r) in ref_shape.iter().zip(ref_order) {
                let f = if r.value < o.value { *s } else { Int::ONE };
                start = Some(match start {
                    None => f,
                    Some(a) => a.mul(f)?,
                });
            }
            compact_major(Major::Left, shape, start.unwrap_or(Int::ONE))
        }
    }
}

/// `make_ordered_layout(shape, order)`.
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    Ok(Layout::raw(shape.clone(), compact_order(shape, order)?))
}

/// `make_layout_like(layout)`: compact strides in the order of the layout's strides, keeping
/// static stride-0 modes at stride 0.
pub fn make_layout_like(layout: &Layout) -> Result<Layout> {
    let fz = filter_zeros(layout);
    Ok(Layout::raw(
        layout.shape.clone(),
        compact_order(&fz.shape, &layout.stride)?,
    ))
}

/// `A.with_shape(S)` = `composition(A, make_layout(S))`.
pub fn with_shape(layout: &Layout, shape: &IntTuple) -> Result<Layout> {
    composition(layout, &Layout::left(shape)?).map_err(|e| e.context("with_shape"))
}

/// `tile_to_shape(block, target_shape[, order])`: repeat `block` (padded to the target rank)
/// in the order given (column-major by default) until it covers the target shape:
/// one mode per target mode, each `(block_mode, repeat)`.
pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout> {
    ensure!(
        block.rank() <= target.rank(),
        "tile_to_shape: Rank of layout must be <= rank of target shape. (rank(layout) = {}, rank(target shape) = {}: {block} vs {target})",
        block.rank(),
        target.rank()
    );
    let r = target.rank();
    let padded = block.append_to(r)?;
    let block_shape = padded.shape.product_each()?;
    let target_shape = target.product_each()?;
    if target_shape.is_static() {
        let ok = target_shape.evenly_divides(&block_shape)?;
        ensure!(
            ok.is_static_true(),
            "tile_to_shape: block shape does not divide the target shape. ({block_shape} vs {target_shape})"
        );
    }
    // (Rep0, Rep1, ...)
    let product_shape = target_shape.ceil_div(&block_shape)?;
    let reps = match order {
        None => Layout::left(&product_shape)?,
        Some(o) => make_ordered_layout(&product_shape, o)?,
    };
    blocked_product(&padded, &reps).map_err(|e| e.context("tile_to_shape"))
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
    fn ordered() {
        assert_eq!(
            make_ordered_layout(&t("(_4,_8,_3)"), &t("(_2,_0,_1)")).unwrap(),
            l("(_4,_8,_3):(_24,_1,_8)")
        );
        assert_eq!(
            make_ordered_layout(&t("(_8,_8,_8)"), &t("(_2,_1,_2)")).unwrap(),
            l("(_8,_8,_8):(_8,_1,_8)")
        );
        assert_eq!(
            make_ordered_layout(&t("(_2,_2,_2,_2)"), &t("(_0,_2,_3,_1)")).unwrap(),
            l("(_2,_2,_2,_2):(_1,_4,_8,_2)")
        );
        assert_eq!(
            make_ordered_layout(&t("(2,3,4,5)"), &t("(_2,67,42,_50)")).unwrap(),
            l("(2,3,4,5):(_1,10,30,2)")
        );
    }

    #[test]
    fn like() {
        assert_eq!(
            make_layout_like(&l("(_2,_2,_2,_2):(_0,_2,_4,_1)")).unwrap(),
            l("(_2,_2,_2,_2):(_0,_2,_4,_1)")
        );
        assert_eq!(
            make_layout_like(&l("(2,3,4,5):(_0,42,_1,_0)")).unwrap(),
            l("(2,3,4,5):(_0,4,_1,_0)")
        );
    }

    #[test]
    fn tiling() {
        assert_eq!(
            tile_to_shape(&l("(_8,(_8,_8)):(_8,(_1,_64))"), &t("(_128,_64,_3)"), None).unwrap(),
            l("((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))")
        );
        assert!(tile_to_shape(&l("(_8,_8):(_1,_8)"), &t("(_12,_16)"), None).is_err());
        assert!(tile_to_shape(&l("(_8,_8,_2):(_1,_8,_64)"), &t("(_16,_16)"), None).is_err());
    }
}
