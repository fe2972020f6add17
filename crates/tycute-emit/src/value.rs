//! Values out of types: a static object's runtime value, read from its reified constant.
//!
//! [`value`] turns any [`Reify`] type (an integer, a tuple, a layout, a swizzle, a composed
//! layout, a tiler, a thread's partition `counting_iter(n) o L`) into the runtime twin's
//! [`Value`], walking the constant's structure ([`ReprNode`]): nothing is printed and parsed
//! again. The twin's printer then writes exactly CuTe's text, and its algebra can continue from
//! the value (a header's flattened strides, a proof's index table, a picture).
//!
//! The composite objects follow the same path: [`tiled_copy`] and [`tiled_mma`] build the twin's
//! `TiledCopy` / `TiledMma` from their atoms' and their own associated types (each a reified
//! constant), and [`partition_value`] turns a thread's partition that holds run-time parts
//! (`Dyn` strides, `MixedBits` offsets) into a value with dynamic integers.

use tycute_dynamic::basis::{BasisLayout, BasisStride};
use tycute_dynamic::{AnyLayout, ComposedLayout, Func, Int, IntTuple, Layout, Offset, Swizzle, Tiler, Value};
use tycute_layout::repr::{Repr, ReprNode};
use tycute_layout::Reify;

use crate::Error;

mod partition;
mod tiled_copy;
mod tiled_mma;

pub use partition::{partition_value, PartitionValue};
pub use tiled_copy::{copy_atom, tiled_copy, TiledCopyValue};
pub use tiled_mma::{mma_atom, tiled_mma, TiledMmaValue};

/// The runtime value of a static object: `value::<cute!((_4,_2):(_2,_1))>()` is the twin's
/// `Layout` `(_4,_2):(_2,_1)`.
///
/// ```
/// use tycute_emit::value;
/// use tycute_macros::cute;
/// # use tycute_layout as tycute_macros_root;
/// let v = value::<tycute_layout::Layout<tycute_layout::tuple::Tup<typenum::P4, tycute_layout::tuple::Nil>,
///     tycute_layout::tuple::Tup<typenum::P2, tycute_layout::tuple::Nil>>>().unwrap();
/// assert_eq!(v.to_string(), "(_4):(_2)");
/// ```
pub fn value<T: Reify>() -> Result<Value, Error> {
    repr_value(&T::REPR)
}

/// [`value`] of a reified constant (one of [`tycute_layout::ReifyEach::REPRS`]).
pub fn repr_value(r: &Repr) -> Result<Value, Error> {
    let node = r.node().ok_or_else(|| Error::new("value: the type's constant is not one value"))?;
    node_value(&node)
}

/// The layout value of a static layout or composed layout (an error for other values).
pub fn any_layout<T: Reify>() -> Result<AnyLayout, Error> {
    match value::<T>()? {
        Value::Layout(l) => Ok(AnyLayout::Plain(l)),
        Value::Composed(c) => Ok(AnyLayout::Composed(c)),
        v => Err(Error::new(format!("expected a layout or a composed layout, got {v}"))),
    }
}

/// The twin's value of a reified tree.
pub fn node_value(n: &ReprNode) -> Result<Value, Error> {
    Ok(match n {
        ReprNode::Underscore => Value::Underscore,
        ReprNode::Int(_) | ReprNode::Tuple(_) => match int_tuple(n) {
            Some(t) => Value::IntTuple(t),
            None => Value::Tiler(tiler(n)?),
        },
        ReprNode::Layout(..) => match layout_of(n)? {
            Either::Plain(l) => Value::Layout(l),
            Either::Basis(b) => Value::BasisLayout(b),
        },
        ReprNode::Swizzle(b, m, s) => Value::Swizzle(swizzle(*b, *m, *s)?),
        ReprNode::Composed(a, o, b) => Value::Composed(ComposedLayout { a: func(a)?, offset: offset(o)?, b: func(b)? }),
        ReprNode::Counting(base, l) => {
            let layout = match node_value(l)? {
                Value::Layout(l) => AnyLayout::Plain(l),
                Value::Composed(c) => AnyLayout::Composed(c),
                v => return Err(Error::new(format!("a counting tensor over {v}, not a layout"))),
            };
            Value::Tensor { base: Int::dy(*base), layout }
        }
        ReprNode::SmemPtr(_) | ReprNode::ScaledBasis(..) => {
            return Err(Error::new("a smem_ptr or a scaled basis outside a composed layout or a stride"))
        }
    })
}

/// The plain layout value of a static layout (`what` names it in the error).
pub(crate) fn layout<T: Reify>(what: &str) -> Result<Layout, Error> {
    match value::<T>()? {
        Value::Layout(l) => Ok(l),
        v => Err(Error::new(format!("{what}: expected a layout, got {v}"))),
    }
}

/// The tiler value of a static tiler or shape (`what` names it in the error).
pub(crate) fn tiler_value<T: Reify>(what: &str) -> Result<Tiler, Error> {
    value::<T>()?.to_tiler().map_err(|e| Error::new(format!("{what}: {e}")))
}

/// A type's name as CuTe writes it, module paths dropped
/// (`Copy_Atom<SM75_U32x4_LDSM_N, half_t>`): a label for messages, never read back.
pub(crate) fn type_label<T: ?Sized>() -> String {
    let full = core::any::type_name::<T>();
    let mut out = String::with_capacity(full.len());
    let mut ident = String::new();
    for c in full.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            ident.push(c);
        } else {
            out.push_str(ident.rsplit("::").next().unwrap_or(""));
            ident.clear();
            out.push(c);
        }
    }
    out.push_str(ident.rsplit("::").next().unwrap_or(""));
    out
}

enum Either {
    Plain(Layout),
    Basis(BasisLayout),
}

fn int_tuple(n: &ReprNode) -> Option<IntTuple> {
    match n {
        ReprNode::Int(v) => Some(IntTuple::Int(Int::st(*v))),
        ReprNode::Tuple(items) => items.iter().map(int_tuple).collect::<Option<Vec<_>>>().map(IntTuple::Tuple),
        _ => None,
    }
}

fn basis_stride(n: &ReprNode) -> Option<BasisStride> {
    match n {
        ReprNode::Int(v) => Some(BasisStride::Leaf { value: Int::st(*v), path: Vec::new() }),
        ReprNode::ScaledBasis(v, printed) => match **v {
            // printed innermost first; the twin keeps the path outermost first
            ReprNode::Int(v) => Some(BasisStride::Leaf {
                value: Int::st(v),
                path: printed.iter().rev().map(|&i| usize::try_from(i).ok()).collect::<Option<Vec<_>>>()?,
            }),
            _ => None,
        },
        ReprNode::Tuple(items) => items.iter().map(basis_stride).collect::<Option<Vec<_>>>().map(BasisStride::Tuple),
        _ => None,
    }
}

fn layout_of(n: &ReprNode) -> Result<Either, Error> {
    let ReprNode::Layout(shape, stride) = n else {
        return Err(Error::new("not a layout"));
    };
    let shape = int_tuple(shape).ok_or_else(|| Error::new("a layout's shape holds more than integers"))?;
    if let Some(stride) = int_tuple(stride) {
        return Layout::new(shape, stride).map(Either::Plain).map_err(Error::from);
    }
    let stride = basis_stride(stride).ok_or_else(|| Error::new("a layout's stride holds more than integers and scaled bases"))?;
    if !stride.congruent(&shape) {
        return Err(Error::new(format!("shape {shape} and stride {stride} are not congruent")));
    }
    Ok(Either::Basis(BasisLayout { shape, stride }))
}

fn tiler(n: &ReprNode) -> Result<Tiler, Error> {
    Ok(match n {
        ReprNode::Underscore => Tiler::Underscore,
        ReprNode::Int(v) => Tiler::Int(Int::st(*v)),
        ReprNode::Layout(..) => match layout_of(n)? {
            Either::Plain(l) => Tiler::Layout(l),
            Either::Basis(b) => return Err(Error::new(format!("a scaled-basis layout {b} inside a tiler"))),
        },
        ReprNode::Tuple(items) => Tiler::Tuple(items.iter().map(tiler).collect::<Result<_, _>>()?),
        _ => return Err(Error::new("a tiler holds integers, `_` and layouts only")),
    })
}

fn swizzle(b: i64, m: i64, s: i64) -> Result<Swizzle, Error> {
    let small = |v: i64| i32::try_from(v).map_err(|_| Error::new(format!("swizzle parameter {v} out of range")));
    Swizzle::new(small(b)?, small(m)?, small(s)?).map_err(Error::from)
}

fn func(n: &ReprNode) -> Result<Func, Error> {
    match n {
        ReprNode::Swizzle(b, m, s) => Ok(Func::Swizzle(swizzle(*b, *m, *s)?)),
        ReprNode::Layout(..) => match layout_of(n)? {
            Either::Plain(l) => Ok(Func::Layout(l)),
            Either::Basis(b) => Err(Error::new(format!("a scaled-basis layout {b} inside a composed layout"))),
        },
        ReprNode::Composed(..) => Err(Error::new(
            "a composed layout nested inside a composed layout (Sw o _0 o Sw o _0 o L) has no runtime value",
        )),
        _ => Err(Error::new("a composed layout's functions are swizzles or layouts")),
    }
}

fn offset(n: &ReprNode) -> Result<Offset, Error> {
    match n {
        ReprNode::Int(v) => Ok(Offset::Int(Int::st(*v))),
        ReprNode::SmemPtr(bits) => Ok(Offset::SmemPtr(*bits)),
        _ => Err(Error::new("a composed layout's offset is an integer or a smem_ptr")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::{show, LogicalDivide};
    use tycute_macros::cute;

    fn same<T: Reify>() {
        assert_eq!(value::<T>().unwrap().to_string(), show::<T>());
    }

    #[test]
    fn values_print_as_the_types_do() {
        same::<cute!(_8)>();
        same::<cute!((_8,(_2,_4)))>();
        same::<cute!((_4,(_2,_2)):(_1,(_4,_8)))>();
        same::<cute!(Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64)))>();
        same::<cute!((_,_2))>();
        same::<cute!((_8:_1,(_4,_2):(_2,_1)))>();
        same::<cute!(Sw<2,4,3>)>();
        same::<LogicalDivide<cute!((_8,_8):(_8,_1)), cute!((_2,_4))>>();
    }

    #[test]
    fn a_layout_value_tables_as_the_type() {
        type L = cute!(Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64)));
        let v = any_layout::<L>().unwrap();
        assert_eq!(v.table(1 << 20).unwrap(), tycute_layout::table::<L>());
    }
}
