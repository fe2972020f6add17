//! Tensors over a counting iterator, and slicing them with coordinates that contain `_`.
//!
//! The reference tensors of the TiledMMA/TiledCopy vectors are
//! `make_tensor(counting_iterator<int>(0), layout)`: a [`Tensor`] is the iterator's base index
//! and a (plain or swizzled) layout, printed `counting_iter(N) o L`.
//!
//! * [`slice()`] keeps the modes of a tuple paired with `_` (each `_` contributes its whole
//!   sub-tree as one element of a flat tuple; a top-level `_` gives the tuple itself), [`dice`]
//!   keeps the others; `_` is the static `_0` wherever a coordinate value is needed.
//! * For a plain layout, slicing moves `crd2idx(c, layout)` into the iterator.
//! * For a swizzled layout `Sw o O o B` (CuTe's `slice_and_offset` specialisation), the part of
//!   the offset that touches the swizzle's Y/Z bits is folded into the middle slot as
//!   [`Bits`] (a `MixedBits` when the coordinate is a run-time value), the rest goes to the
//!   iterator; when the sliced layout no longer sees both a Y bit and its Z bit, the swizzle is
//!   resolved into (possibly dynamic) strides and a plain layout is returned.

use crate::composed::compose3;
use crate::composition::composition_cute;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{crd2idx, Layout};
use crate::mixed::{to_mixed_bits, Bits};
use crate::swizzle::Swizzle;
use crate::value::{AnyLayout, ComposedLayout, Func, Offset};

/// A coordinate that may contain `_` (slice markers).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Crd {
    /// `_`.
    U,
    /// An integer (static or dynamic).
    I(Int),
    /// A tuple of coordinates.
    T(Vec<Crd>),
}

impl Crd {
    /// A dynamic integer coordinate.
    pub fn dy(v: i64) -> Crd {
        Crd::I(Int::dy(v))
    }
    /// `repeat<n>(_)`: `_` itself for n = 1, a tuple otherwise.
    pub fn repeat_u(n: usize) -> Crd {
        if n == 1 {
            Crd::U
        } else {
            Crd::T(vec![Crd::U; n])
        }
    }
    /// From an IntTuple (no underscores).
    pub fn from_tuple(t: &IntTuple) -> Crd {
        match t {
            IntTuple::Int(i) => Crd::I(*i),
            IntTuple::Tuple(v) => Crd::T(v.iter().map(Crd::from_tuple).collect()),
        }
    }
    /// `_` replaced by the static `_0`.
    pub fn zeroed(&self) -> IntTuple {
        match self {
            Crd::U => IntTuple::Int(Int::ZERO),
            Crd::I(i) => IntTuple::Int(*i),
            Crd::T(v) => IntTuple::Tuple(v.iter().map(|c| c.zeroed()).collect()),
        }
    }
    /// `all_underscore<Coord>`: every leaf is `_`.
    pub fn all_underscore(&self) -> bool {
        match self {
            Crd::U => true,
            Crd::I(_) => false,
            Crd::T(v) => v.iter().all(|c| c.all_underscore()),
        }
    }
    /// `has_underscore<Coord>`.
    pub fn has_underscore(&self) -> bool {
        match self {
            Crd::U => true,
            Crd::I(_) => false,
            Crd::T(v) => v.iter().any(|c| c.has_underscore()),
        }
    }
}

fn lift(c: &Crd, t: &IntTuple, keep_u: bool, out: &mut Vec<IntTuple>) -> Result<()> {
    match c {
        Crd::T(cv) => {
            let IntTuple::Tuple(tv) = t else {
                return Err(Error::reject(format!(
                    "slice: Mismatched Ranks: tuple coordinate for the integer {t}"
                )));
            };
            ensure!(
                cv.len() == tv.len(),
                "slice: Mismatched Ranks: coordinate rank {} vs {t}",
                cv.len()
            );
            for (ci, ti) in cv.iter().zip(tv) {
                lift(ci, ti, keep_u, out)?;
            }
            Ok(())
        }
        Crd::U => {
            if keep_u {
                out.push(t.clone());
            }
            Ok(())
        }
        Crd::I(_) => {
            if !keep_u {
                out.push(t.clone());
            }
            Ok(())
        }
    }
}

/// `slice(c, t)`: the parts of `t` paired with `_`.
pub fn slice(c: &Crd, t: &IntTuple) -> Result<IntTuple> {
    match c {
        Crd::U => Ok(t.clone()),
        Crd::I(_) => Ok(IntTuple::Tuple(vec![])),
        Crd::T(_) => {
            let mut out = Vec::new();
            lift(c, t, true, &mut out)?;
            Ok(IntTuple::Tuple(out))
        }
    }
}

/// `dice(c, t)`: the parts of `t` paired with integers.
pub fn dice(c: &Crd, t: &IntTuple) -> Result<IntTuple> {
    match c {
        Crd::U => Ok(IntTuple::Tuple(vec![])),
        Crd::I(_) => Ok(t.clone()),
        Crd::T(_) => {
            let mut out = Vec::new();
            lift(c, t, false, &mut out)?;
            Ok(IntTuple::Tuple(out))
        }
    }
}

/// `dice(c, c)`: the integer parts of the coordinate itself.
pub fn dice_coord(c: &Crd) -> Result<IntTuple> {
    dice(c, &c.zeroed())
}

/// `slice(c, layout)`.
pub fn slice_layout(c: &Crd, l: &Layout) -> Result<Layout> {
    Layout::new(slice(c, &l.shape)?, slice(c, &l.stride)?)
}

/// `dice(c, layout)`.
pub fn dice_layout(c: &Crd, l: &Layout) -> Result<Layout> {
    Layout::new(dice(c, &l.shape)?, dice(c, &l.stride)?)
}

/// `crd2idx(c, layout)` with `_` as the static `_0`.
pub fn crd2idx_u(c: &Crd, l: &Layout) -> Result<Int> {
    crd2idx(&c.zeroed(), &l.shape, &l.stride)
}

/// `slice_and_offset(c, layout)` for a plain or composed layout: the sliced layout and the
/// offset that moves into the iterator.
pub fn slice_and_offset(c: &Crd, l: &AnyLayout) -> Result<(AnyLayout, Int)> {
    match l {
        AnyLayout::Plain(p) => Ok((AnyLayout::Plain(slice_layout(c, p)?), crd2idx_u(c, p)?)),
        AnyLayout::Composed(cl) => match cl.a {
            Func::Swizzle(sw) => slice_swizzled(c, sw, cl),
            Func::Layout(_) => {
                // generic ComposedLayout: the whole offset goes into the middle slot
                let b = cl.layout_b()?;
                let sl = slice_layout(c, b)?;
                let off = crd2idx_u(c, b)?;
                let o = match &cl.offset {
                    Offset::Int(i) => Offset::Int(i.add(off)?),
                    other => {
                        return Err(Error::reject(format!(
                            "slice: cannot add an offset to {other}"
                        )))
                    }
                };
                Ok((compose3(cl.a.clone(), o, Func::Layout(sl)), Int::ZERO))
            }
        },
    }
}

/// CuTe's `slice_and_offset` for `Swizzle<B,M,S> o O o B`.
fn slice_swizzled(c: &Crd, sw: Swizzle, cl: &ComposedLayout) -> Result<(AnyLayout, Int)> {
    let b = cl.layout_b()?;
    if c.all_underscore() {
        let sl = slice_layout(c, b)?;
        return Ok((
            compose3(Func::Swizzle(sw), cl.offset.clone(), Func::Layout(sl)),
            Int::ZERO,
        ));
    }
    let (bb, m, s) = (sw.b as i64, sw.m as i64, sw.s.unsigned_abs() as i64);
    let p = |e: i64| Int::st(1i64 << e);
    let st = IntTuple::st;
    // sw = make_layout((2^M, 2^B, 2^(|S|-B), 2^B, _1)) with compact strides
    let sw_shape = IntTuple::Tuple(vec![
        IntTuple::Int(p(m)),
        IntTuple::Int(p(bb)),
        IntTuple::Int(p(s - bb)),
        IntTuple::Int(p(bb)),
        st(1),
    ]);
    let swl = Layout::left(&sw_shape)?;
    let d = swl.stride.modes();
    let size_sw = IntTuple::Int(swl.size()?);
    let anti = Layout::new(
        sw_shape.clone(),
        IntTuple::Tuple(vec![d[0].clone(), st(0), d[2].clone(), st(0), size_sw]),
    )?;
    let only = Layout::new(
        sw_shape,
        IntTuple::Tuple(vec![st(0), d[1].clone(), st(0), d[3].clone(), st(0)]),
    )?;

    let sliced = slice_layout(c, b)?;
    let diced = dice_layout(c, b)?;
    let diced_coord = dice_coord(c)?;

    let diced_anti = composition_cute(&anti, &diced)?;
    let diced_only = composition_cute(&only, &diced)?;

    let offset_only_zy =
        Bits::from_offset(&cl.offset)?.xor(to_mixed_bits(&diced_only, &diced_coord)?);
    let offset_anti_zy = crd2idx(&diced_coord, &diced_anti.shape, &diced_anti.stride)?;

    let sliced_only = composition_cute(&only, &sliced)?;
    let n = sliced_only.size()?;
    let active = Int::dy(sliced_only.eval_index(n.value - 1)?).with_static(sliced_only.is_static());
    let hits_y_and_z = active.is_static && (active.value & !sw.apply_i64(active.value)) != 0;
    if hits_y_and_z {
        // not reducible: keep the swizzle, the Y/Z part of the offset in the middle slot
        return Ok((
            compose3(
                Func::Swizzle(sw),
                offset_only_zy.to_offset(),
                Func::Layout(sliced),
            ),
            offset_anti_zy,
        ));
    }
    // reducible: the swizzle becomes strides
    let zzz = sw.zzz_msk();
    let yyy = sw.yyy_msk();
    let z = zzz & zzz.wrapping_neg();
    let y = yyy & yyy.wrapping_neg();
    let strides = |z_lt_y: bool| -> Vec<IntTuple> {
        (0..bb)
            .map(|i| {
                let (probe, a, bv) = if z_lt_y {
                    (y << i, z << i, -(z << i))
                } else {
                    (z << i, (y + z) << i, (y - z) << i)
                };
                let cond = offset_only_zy.and_c(probe as u32).eq_c(0);
                let v = if cond.value { a } else { bv };
                IntTuple::Int(Int {
                    value: v,
                    is_static: cond.is_static || a == bv,
                })
            })
            .collect()
    };
    let group = |v: Vec<IntTuple>| -> IntTuple {
        if v.len() == 1 {
            v.into_iter().next().expect("one")
        } else {
            IntTuple::Tuple(v)
        }
    };
    let twos = group(vec![st(2); bb as usize]);
    let swizzle_layout = Layout::new(
        IntTuple::Tuple(vec![
            IntTuple::Int(p(m)),
            twos.clone(),
            IntTuple::Int(p(s - bb)),
            twos,
            st(1),
        ]),
        IntTuple::Tuple(vec![
            st(1),
            group(strides(z < y)),
            IntTuple::Int(p(m + bb)),
            group(strides(z > y)),
            IntTuple::Int(p(m + bb + s)),
        ]),
    )?;
    let plain = composition_cute(&swizzle_layout, &sliced)?;
    let off = Int::dy(offset_only_zy.swizzle(&sw).value() + offset_anti_zy.value);
    Ok((AnyLayout::Plain(plain), off))
}

/// A tensor over a counting iterator: element `i` is `base + layout(i)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tensor {
    /// The iterator's current index.
    pub base: i64,
    /// The layout.
    pub layout: AnyLayout,
}

impl Tensor {
    /// `make_tensor(counting_iterator<int>(0), layout)`.
    pub fn new(layout: AnyLayout) -> Tensor {
        Tensor { base: 0, layout }
    }
    /// `tensor(c)` for a coordinate with `_`: the sliced tensor.
    pub fn slice(&self, c: &Crd) -> Result<Tensor> {
        let (layout, off) = slice_and_offset(c, &self.layout)?;
        Ok(Tensor {
            base: self
                .base
                .checked_add(off.value)
                .ok_or_else(|| Error::reject("slice: offset overflow"))?,
            layout,
        })
    }
    /// Apply `f` to the (inner) layout.
    pub fn map(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<Tensor> {
        let layout = match &self.layout {
            AnyLayout::Plain(l) => AnyLayout::Plain(f(l)?),
            AnyLayout::Composed(c) => crate::composed::map_inner(c, f)?,
        };
        Ok(Tensor {
            base: self.base,
            layout,
        })
    }
    /// The (inner) layout that defines the domain.
    pub fn inner(&self) -> Result<&Layout> {
        match &self.layout {
            AnyLayout::Plain(l) => Ok(l),
            AnyLayout::Composed(c) => c.layout_b(),
        }
    }
    /// The element indices `base + L(i)` for every linear index `i`.
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        Ok(self
            .layout
            .table(limit)?
            .into_iter()
            .map(|x| x + self.base)
            .collect())
    }
}

impl std::fmt::Display for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "counting_iter({}) o {}", self.base, self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices() {
        let t: IntTuple = "(((_4,_8),(_2,_2)),((_2,_2),(_4,_8)))".parse().unwrap();
        let c = Crd::T(vec![
            Crd::dy(3),
            Crd::T(vec![Crd::U, Crd::T(vec![Crd::U, Crd::U])]),
        ]);
        assert_eq!(slice(&c, &t).unwrap().to_string(), "((_2,_2),_4,_8)");
        assert_eq!(dice(&c, &t).unwrap().to_string(), "(((_4,_8),(_2,_2)))");
        let c = Crd::T(vec![Crd::T(vec![Crd::U, Crd::U]), Crd::U]);
        let t: IntTuple = "(((_8,_16),(_8,_1)),(_8,_1))".parse().unwrap();
        assert_eq!(
            slice(&c, &t).unwrap().to_string(),
            "((_8,_16),(_8,_1),(_8,_1))"
        );
    }
}
