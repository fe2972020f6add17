//! Operations on composed layouts `A o offset o B` (usually `Sw<B,M,S> o offset o Layout`).
//!
//! The inner layout B defines the domain, so most operations apply to B and rebuild the
//! composed layout with [`compose3`], which (like CuTe's `composition(Swizzle<0,M,S>, Int<0>,
//! Layout)` overload) drops an identity swizzle when the offset is the static `_0`.

use crate::cast;
use crate::coalesce::coalesce;
use crate::composition::{composition, composition_tiler};
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::inverse::{left_inverse, right_inverse};
use crate::layout::Layout;
use crate::swizzle::Swizzle;
use crate::value::{AnyLayout, ComposedLayout, Func, Offset, Tiler};

/// `composition(a, offset, b)`: the composed layout, or just `b` when `a` is an identity
/// swizzle `Sw<0,M,S>` and the offset is the static `_0`.
pub fn compose3(a: Func, offset: Offset, b: Func) -> AnyLayout {
    if let (Func::Swizzle(sw), Func::Layout(l)) = (&a, &b) {
        if sw.is_identity() && offset.is_static_zero() {
            return AnyLayout::Plain(l.clone());
        }
    }
    AnyLayout::Composed(ComposedLayout { a, offset, b })
}

/// `composition(Swizzle, Layout)` = `Sw o _0 o L`.
pub fn swizzle_then_layout(sw: Swizzle, l: &Layout) -> AnyLayout {
    compose3(
        Func::Swizzle(sw),
        Offset::Int(Int::ZERO),
        Func::Layout(l.clone()),
    )
}

/// `composition(Layout, Swizzle)`: the swizzle whose Y and Z masks are `L(yyy_msk)` and
/// `L(zzz_msk)`, composed with `L` (requires a static layout and valid masks).
pub fn layout_then_swizzle(l: &Layout, sw: Swizzle) -> Result<AnyLayout> {
    ensure!(
        l.is_static(),
        "composition(Layout, Swizzle): the layout {l} must be static"
    );
    let y = l.eval_index(sw.yyy_msk())?;
    let z = l.eval_index(sw.zzz_msk())?;
    let nsw = Swizzle::from_masks(y, z).map_err(|e| e.context("composition(Layout, Swizzle)"))?;
    Ok(swizzle_then_layout(nsw, l))
}

/// Apply `f` to the inner layout and rebuild.
pub fn map_inner(
    c: &ComposedLayout,
    f: impl FnOnce(&Layout) -> Result<Layout>,
) -> Result<AnyLayout> {
    let b = c.layout_b()?;
    Ok(compose3(c.a.clone(), c.offset.clone(), Func::Layout(f(b)?)))
}

/// `composition(A o O o B, tiler)` = `A o O o (B ∘ tiler)`.
pub fn composed_tiler(c: &ComposedLayout, t: &Tiler) -> Result<AnyLayout> {
    map_inner(c, |b| composition_tiler(b, t))
}

/// `composition(Layout, A o O o B)`: requires the static offset `_0`; `(L ∘ A) ∘ B`.
pub fn layout_then_composed(l: &Layout, c: &ComposedLayout) -> Result<AnyLayout> {
    ensure!(
        c.offset.is_static_zero(),
        "composition: Require offset == 0. (got {})",
        c.offset
    );
    let la = match &c.a {
        Func::Swizzle(sw) => layout_then_swizzle(l, *sw)?,
        Func::Layout(a) => AnyLayout::Plain(composition(l, a)?),
    };
    compose_any(&la, &c.b)
}

/// `composition(X, f)` for a plain or composed X and a layout or swizzle f.
pub fn compose_any(x: &AnyLayout, f: &Func) -> Result<AnyLayout> {
    match (x, f) {
        (AnyLayout::Plain(l), Func::Layout(b)) => Ok(AnyLayout::Plain(composition(l, b)?)),
        (AnyLayout::Plain(l), Func::Swizzle(sw)) => layout_then_swizzle(l, *sw),
        (AnyLayout::Composed(c), Func::Layout(b)) => map_inner(c, |inner| composition(inner, b)),
        (AnyLayout::Composed(_), Func::Swizzle(_)) => Err(Error::reject(
            "composition(ComposedLayout, Swizzle) is not supported",
        )),
    }
}

fn invert_offset(o: &Offset, op: &str) -> Result<Offset> {
    match o {
        Offset::Int(i) => Ok(Offset::Int(i.neg()?)),
        other => Err(Error::reject(format!(
            "{op}: cannot invert the offset {other} (not an integer)"
        ))),
    }
}

fn invert_func(f: &Func, left: bool) -> Result<Func> {
    Ok(match f {
        Func::Swizzle(s) => Func::Swizzle(*s), // a swizzle is its own inverse
        Func::Layout(l) => Func::Layout(if left {
            left_inverse(l)?
        } else {
            right_inverse(l)?
        }),
    })
}

/// `right_inverse(A o O o B)` / `left_inverse`: for a swizzle with offset `_0`,
/// `inverse(B) ∘ Sw`; otherwise `inverse(B) o -O o inverse(A)`.
pub fn inverse(c: &ComposedLayout, left: bool) -> Result<AnyLayout> {
    let op = if left {
        "left_inverse"
    } else {
        "right_inverse"
    };
    let b = c.layout_b()?;
    let ib = if left {
        left_inverse(b)?
    } else {
        right_inverse(b)?
    };
    if let Func::Swizzle(sw) = &c.a {
        if c.offset.is_static_zero() {
            return layout_then_swizzle(&ib, *sw).map_err(|e| e.context(op));
        }
    }
    Ok(compose3(
        Func::Layout(ib),
        invert_offset(&c.offset, op)?,
        invert_func(&c.a, left)?,
    ))
}

/// `upcast<N>(A o O o B)`; an smem pointer flag is rescaled (`smem_ptr[b*N]`) and keeps the
/// swizzle unchanged.
pub fn upcast(n: i64, c: &ComposedLayout) -> Result<AnyLayout> {
    let b = cast::upcast(n, c.layout_b()?)?;
    if let Offset::SmemPtr(bits) = c.offset {
        let nb = bits
            .checked_mul(n)
            .ok_or_else(|| Error::reject("upcast: overflow"))?;
        return Ok(compose3(c.a.clone(), Offset::SmemPtr(nb), Func::Layout(b)));
    }
    let a = match &c.a {
        Func::Swizzle(s) => Func::Swizzle(s.upcast(n)?),
        Func::Layout(l) => Func::Layout(cast::upcast(n, l)?),
    };
    let off = match &c.offset {
        Offset::Int(i) => {
            ensure!(
                !i.is_static || i.value.wrapping_rem(n) == 0,
                "upcast of a composed layout: the static offset must be divisible by N: offset {i}, N = _{n}"
            );
            Offset::Int(i.safe_div(Int::st(n))?)
        }
        other => return Err(Error::reject(format!("upcast: unsupported offset {other}"))),
    };
    Ok(compose3(a, off, Func::Layout(b)))
}

/// `downcast<N>(A o O o B)`.
pub fn downcast(n: i64, c: &ComposedLayout) -> Result<AnyLayout> {
    let b = cast::downcast(n, c.layout_b()?)?;
    if let Offset::SmemPtr(bits) = c.offset {
        ensure!(n > 0, "downcast: N must be positive");
        return Ok(compose3(
            c.a.clone(),
            Offset::SmemPtr(bits / n),
            Func::Layout(b),
        ));
    }
    let a = match &c.a {
        Func::Swizzle(s) => Func::Swizzle(s.downcast(n)?),
        Func::Layout(l) => Func::Layout(cast::downcast(n, l)?),
    };
    let off = match &c.offset {
        Offset::Int(i) => Offset::Int(i.mul(Int::st(n))?),
        other => {
            return Err(Error::reject(format!(
                "downcast: unsupported offset {other}"
            )))
        }
    };
    Ok(compose3(a, off, Func::Layout(b)))
}

/// `as_position_independent_swizzle_layout(Sw o smem_ptr[bits] o L)`: the swizzle recast from
/// bytes to `bits`-wide elements, with offset `_0`.
/// CuTe's "Expected smem." of the position-independent swizzle functions, in the words of the
/// type level's `SmemPtrOffset`.
pub const PI_EXPECTED_SMEM: &str =
    "as_position_independent_swizzle_layout: Expected smem (the layout must be Sw o smem_ptr[Nb](unset) o L)";

pub fn position_independent(c: &ComposedLayout) -> Result<AnyLayout> {
    let Offset::SmemPtr(bits) = c.offset else {
        return Err(Error::reject(format!(
            "{PI_EXPECTED_SMEM}: the offset is {}",
            c.offset
        )));
    };
    let Func::Swizzle(sw) = c.a else {
        return Err(Error::reject(
            "as_position_independent_swizzle_layout: needs a swizzle",
        ));
    };
    let nsw = sw.recast(8, bits)?;
    Ok(compose3(
        Func::Swizzle(nsw),
        Offset::Int(Int::ZERO),
        Func::Layout(c.layout_b()?.clone()),
    ))
}

/// `max_common_vector` with a swizzled side: the inner result capped at `1 << M`.
pub fn swizzle_base(c: &ComposedLayout) -> Result<i64> {
    match c.a {
        Func::Swizzle(s) => Ok(1i64 << s.m),
        _ => Err(Error::reject(
            "max_common: only swizzled composed layouts are supported",
        )),
    }
}

/// `coalesce(A o O o B)`.
pub fn coalesce_composed(c: &ComposedLayout) -> Result<AnyLayout> {
    map_inner(c, coalesce)
}

/// `layout<i>(A o O o B)`.
pub fn mode(c: &ComposedLayout, i: usize) -> Result<AnyLayout> {
    map_inner(c, |b| b.mode(i))
}

/// The composed layout's shape.
pub fn shape(c: &ComposedLayout) -> Result<IntTuple> {
    Ok(c.layout_b()?.shape.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Value;

    fn c(s: &str) -> ComposedLayout {
        s.parse().unwrap()
    }

    #[test]
    fn inverses() {
        let x = c("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assert_eq!(
            inverse(&x, false).unwrap().to_string(),
            "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)"
        );
        assert_eq!(
            inverse(&x, true).unwrap().to_string(),
            "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)"
        );
    }

    #[test]
    fn casts() {
        let x = c("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assert_eq!(
            upcast(2, &x).unwrap().to_string(),
            "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)"
        );
        assert_eq!(
            downcast(2, &x).unwrap().to_string(),
            "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)"
        );
        let g = c("Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)");
        let h = upcast(16, &g).unwrap();
        assert_eq!(
            h.to_string(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
        );
        let Value::Composed(hc) = Value::from(h) else {
            panic!()
        };
        assert_eq!(
            position_independent(&hc).unwrap().to_string(),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
        );
    }

    #[test]
    fn identity_swizzle_collapses() {
        let l: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
        assert_eq!(
            swizzle_then_layout(Swizzle::new(0, 3, 3).unwrap(), &l),
            AnyLayout::Plain(l)
        );
    }
}
