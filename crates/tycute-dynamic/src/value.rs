//! The value types besides IntTuple and Layout: tilers, composed layouts (`Sw o offset o L`),
//! and the general [`Value`] that the parser produces.

use crate::error::{Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::{MixedBits, Swizzle};

pub use crate::tiler::Tiler;

/// The middle slot of a ComposedLayout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Offset {
    /// An integer offset (static or dynamic).
    Int(Int),
    /// `smem_ptr[Nb](unset)`: CuTe's `smem_ptr_flag_bits<N>`, a placeholder for an unset
    /// shared-memory pointer to N-bit elements (its value is 0, but it is not `Int<0>`).
    SmemPtr(i64),
    /// A MixedBits offset `M_S|(D&F)=V`.
    Mixed(MixedBits),
}

impl Offset {
    /// `is_constant<0, Offset>`: only the integer `_0` (the smem_ptr flag is not).
    pub fn is_static_zero(&self) -> bool {
        matches!(self, Offset::Int(i) if i.is_const(0))
    }
    /// The integer value, where the codomain is an integer (not for smem pointers).
    pub fn int_value(&self) -> Option<i64> {
        match self {
            Offset::Int(i) => Some(i.value),
            Offset::Mixed(m) => Some(m.value() as i64),
            Offset::SmemPtr(_) => None,
        }
    }
}

/// The outer or inner function of a ComposedLayout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// A layout.
    Layout(Layout),
}

impl Func {
    /// Evaluate at an integer.
    pub fn eval_i64(&self, x: i64) -> Result<i64> {
        match self {
            Func::Swizzle(s) => Ok(s.apply_i64(x)),
            Func::Layout(l) => l.eval_index(x),
        }
    }
}

/// `ComposedLayout<A, Offset, B>`: the function `c -> A(offset + B(c))`, printed `A o O o B`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    /// Outer function (usually a swizzle).
    pub a: Func,
    /// Middle offset.
    pub offset: Offset,
    /// Inner function (usually a layout: it defines the domain).
    pub b: Func,
}

impl ComposedLayout {
    /// The inner layout, which defines the domain (shape, size).
    pub fn layout_b(&self) -> Result<&Layout> {
        match &self.b {
            Func::Layout(l) => Ok(l),
            Func::Swizzle(_) => Err(Error::reject(
                "ComposedLayout: the inner function is a swizzle, not a layout",
            )),
        }
    }
    /// The full index table `A(offset + B(i))`.
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        let off = self.offset.int_value().ok_or_else(|| {
            Error::reject("table: the codomain is not an integer (smem_ptr offset)")
        })?;
        let b = self.layout_b()?;
        let inner = b.table(limit)?;
        inner
            .into_iter()
            .map(|x| {
                self.a.eval_i64(
                    x.checked_add(off)
                        .ok_or_else(|| Error::reject("table: overflow"))?,
                )
            })
            .collect()
    }
}

/// A layout that may be composed: what most ops accept as their first argument.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyLayout {
    /// A plain layout.
    Plain(Layout),
    /// A composed layout.
    Composed(ComposedLayout),
}

impl AnyLayout {
    /// Full index table.
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        match self {
            AnyLayout::Plain(l) => l.table(limit),
            AnyLayout::Composed(c) => c.table(limit),
        }
    }
}

/// Anything the parser can read from CuTe print syntax.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// An integer or a tuple of integers (shapes, strides, coordinates, profiles).
    IntTuple(IntTuple),
    /// `_`.
    Underscore,
    /// `shape:stride`.
    Layout(Layout),
    /// A tuple tiler containing layouts or underscores, e.g. `(_8:_1,_)`.
    Tiler(Tiler),
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// `A o offset o B`.
    Composed(ComposedLayout),
    /// `shape:stride` with scaled-basis strides such as `(_4,_4):(_1@1,_1@0)`.
    BasisLayout(crate::basis::BasisLayout),
    /// `counting_iter(N) o LAYOUT`: a tensor over a counting iterator.
    Tensor {
        /// The iterator's starting index `N`.
        base: Int,
        /// The tensor's layout.
        layout: AnyLayout,
    },
}

impl Value {
    /// As a tiler (integers, `_`, layouts and tuples of those).
    pub fn to_tiler(&self) -> Result<Tiler> {
        match self {
            Value::IntTuple(t) => Ok(Tiler::from_shape(t)),
            Value::Underscore => Ok(Tiler::Underscore),
            Value::Layout(l) => Ok(Tiler::Layout(l.clone())),
            Value::Tiler(t) => Ok(t.clone()),
            other => Err(Error::parse(format!("expected a tiler, got {other}"))),
        }
    }
    /// As a plain or composed layout.
    pub fn to_any_layout(&self) -> Result<AnyLayout> {
        match self {
            Value::Layout(l) => Ok(AnyLayout::Plain(l.clone())),
            Value::Composed(c) => Ok(AnyLayout::Composed(c.clone())),
            other => Err(Error::parse(format!("expected a layout, got {other}"))),
        }
    }
    /// As a plain layout.
    pub fn to_layout(&self) -> Result<Layout> {
        match self {
            Value::Layout(l) => Ok(l.clone()),
            other => Err(Error::parse(format!("expected a layout, got {other}"))),
        }
    }
    /// As an IntTuple.
    pub fn to_int_tuple(&self) -> Result<IntTuple> {
        match self {
            Value::IntTuple(t) => Ok(t.clone()),
            other => Err(Error::parse(format!(
                "expected an integer or a tuple of integers, got {other}"
            ))),
        }
    }
}

impl From<Layout> for Value {
    fn from(l: Layout) -> Self {
        Value::Layout(l)
    }
}

impl From<AnyLayout> for Value {
    fn from(l: AnyLayout) -> Self {
        match l {
            AnyLayout::Plain(l) => Value::Layout(l),
            AnyLayout::Composed(c) => Value::Composed(c),
        }
    }
}
