//! max_common_vector / max_common_layout: how many contiguous elements two layouts agree on.
//!
//! `common = coalesce(composition(A, right_inverse(B)))`; its first mode, when static with a
//! static stride `_1`, is the shared contiguous vector.

use crate::coalesce::coalesce;
use crate::composition::composition;
use crate::error::Result;
use crate::int::Int;
use crate::inverse::right_inverse;
use crate::layout::Layout;

fn common(a: &Layout, inv_b: &Layout) -> Result<Option<Layout>> {
    let c = coalesce(&composition(a, inv_b)?)?;
    let m0 = c.mode(0)?;
    let (s, d) = (m0.shape.as_int(), m0.stride.as_int());
    Ok(match (s, d) {
        (Some(s), Some(d)) if s.is_static && d.is_const(1) => Some(m0),
        _ => None,
    })
}

/// `max_common_vector(a, b)`: `shape<0>(common)` if static with stride `_1`, else `_1`.
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<Int> {
    let inv_b = right_inverse(b)?;
    Ok(
        match common(a, &inv_b).map_err(|e| e.context("max_common_vector"))? {
            Some(m0) => m0.shape.as_int().unwrap_or(Int::ONE),
            None => Int::ONE,
        },
    )
}

/// `max_common_layout(a, b)`: `composition(right_inverse(b), layout<0>(common))`, a map from
/// vector index to b's domain; `_1:_0` when there is no common vector.
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let inv_b = right_inverse(b)?;
    match common(a, &inv_b).map_err(|e| e.context("max_common_layout"))? {
        Some(m0) => composition(&inv_b, &m0).map_err(|e| e.context("max_common_layout")),
        None => Ok(Layout::trivial()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn examples() {
        assert_eq!(
            max_common_vector(&l("(_2,_12):(_12,_1)"), &l("(_2,_12):(_12,_1)")).unwrap(),
            Int::st(24)
        );
        assert_eq!(
            max_common_layout(
                &l("(_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))"),
                &l("(_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))")
            )
            .unwrap(),
            l("_8:_16")
        );
    }
}
