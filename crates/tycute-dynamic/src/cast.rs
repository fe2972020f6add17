//! `upcast<N>` / `downcast<N>` / `recast_layout` of layouts: re-express a layout over elements N
//! times wider / narrower.
//!
//! * `upcast<N>`: static stride-0 leaves unchanged; a static stride `d` needs
//!   `d % N == 0 || N % d == 0` ("Divisibility condition") and becomes
//!   `ceil_div(s, ceil_div(N, |d|)) : sign(d) * ceil_div(|d|, N)`; dynamic strides are divided.
//! * `downcast<N>`: needs a static `_1` stride somewhere ("Downcast requires adjacent
//!   elements"); stride-±1 leaves get `s * N`, every other stride is multiplied by `N`.

use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

fn map_modes(
    shape: &IntTuple,
    stride: &IntTuple,
    f: &dyn Fn(Int, Int) -> Result<(Int, Int)>,
) -> Result<Layout> {
    match (shape, stride) {
        (IntTuple::Tuple(sv), IntTuple::Tuple(dv)) if sv.len() == dv.len() => {
            let mut out = Vec::with_capacity(sv.len());
            for (s, d) in sv.iter().zip(dv) {
                out.push(map_modes(s, d, f)?);
            }
            Ok(Layout::concat(&out))
        }
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            let (s2, d2) = f(*s, *d)?;
            Ok(Layout::raw(IntTuple::Int(s2), IntTuple::Int(d2)))
        }
        _ => Err(Error::reject(format!(
            "Mismatched ranks: {shape} vs {stride}"
        ))),
    }
}

/// `upcast<N>(layout)`.
pub fn upcast(n: i64, layout: &Layout) -> Result<Layout> {
    ensure!(n > 0, "upcast<{n}>: N must be positive");
    let big_n = Int::st(n);
    map_modes(&layout.shape, &layout.stride, &|s, d| {
        if d.is_const(0) {
            Ok((s, d))
        } else if d.is_static {
            ensure!(
                d.value.wrapping_rem(n) == 0 || (d.value != 0 && n.wrapping_rem(d.value) == 0),
                "upcast: Divisibility condition (a static stride d of the layout has d % N != 0 and N % d != 0): stride {d}, N = _{n} (in upcast<{n}> of {layout})"
            );
            let ad = d.abs()?;
            Ok((
                s.ceil_div(big_n.ceil_div(ad)?)?,
                d.signum().mul(ad.ceil_div(big_n)?)?,
            ))
        } else {
            Ok((s, d.safe_div(big_n)?))
        }
    })
}

/// `downcast<N>(layout)`.
pub fn downcast(n: i64, layout: &Layout) -> Result<Layout> {
    ensure!(n > 0, "downcast<{n}>: N must be positive");
    ensure!(
        layout.stride.leaves().iter().any(|d| d.is_const(1)),
        "downcast: Downcast requires adjacent elements (the stride has no static _1 leaf): downcast<_{n}> of a layout with stride {} (in {layout})",
        layout.stride
    );
    let big_n = Int::st(n);
    map_modes(&layout.shape, &layout.stride, &|s, d| {
        if d.is_const(1) || d.is_const(-1) {
            Ok((s.mul(big_n)?, d))
        } else {
            Ok((s, d.mul(big_n)?))
        }
    })
}

/// `recast_layout<Old,New>(layout)` for element widths in bits: by the reduced ratio
/// `New/Old = num/den`, `upcast<num>` then `downcast<den>`.
pub fn recast(old_bits: i64, new_bits: i64, layout: &Layout) -> Result<Layout> {
    let (num, den) = crate::swizzle::recast_ratio(old_bits, new_bits)?;
    match (num, den) {
        (1, 1) => Ok(layout.clone()),
        (1, d) => downcast(d, layout),
        (n, 1) => upcast(n, layout),
        (n, d) => downcast(d, &upcast(n, layout)?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn up() {
        assert_eq!(
            upcast(2, &l("((_4,_4),_4):((_0,_16),_4)")).unwrap(),
            l("((_4,_4),_4):((_0,_8),_2)")
        );
        assert_eq!(upcast(2, &l("(8,_4):(_1,8)")).unwrap(), l("(4,_4):(_1,4)"));
        assert_eq!(upcast(4, &l("_2:_1")).unwrap(), l("_1:_1"));
        assert_eq!(
            upcast(2, &l("(2,_4,_6):(_1,_2,_8)")).unwrap(),
            l("(1,_4,_6):(_1,_1,_4)")
        );
        assert!(upcast(4, &l("_4:_6")).is_err());
    }

    #[test]
    fn down() {
        assert_eq!(
            downcast(2, &l("((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))")).unwrap(),
            l("((_4,(_1,_2,_12),_8)):((_1,(_96,_4,_8),_192))")
        );
        assert!(downcast(2, &l("(_4,_4):(_4,_16)"))
            .unwrap_err()
            .message
            .contains("adjacent"));
    }
}
