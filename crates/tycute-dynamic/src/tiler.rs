//! The tiler of the divides, products and `composition(A, tiler)`: an integer, `_`, a layout, or
//! a tuple of tilers (CuTe's `Tiler` concept). Re-exported as `value::Tiler`.

use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// A tiler: an integer `N` (meaning the layout `N:_1`), `_` (keep the mode), a layout, or a
/// tuple of tilers (applied mode by mode).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// `_`.
    Underscore,
    /// An integer `N`, used as `make_layout(N)`.
    Int(Int),
    /// A layout.
    Layout(Layout),
    /// A by-mode tuple of tilers.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// A shape used as a tiler: tuples stay tuples, leaves become integer tilers.
    pub fn from_shape(t: &IntTuple) -> Tiler {
        match t {
            IntTuple::Int(i) => Tiler::Int(*i),
            IntTuple::Tuple(v) => Tiler::Tuple(v.iter().map(Tiler::from_shape).collect()),
        }
    }
    /// `is_tuple<Tiler>`.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Tiler::Tuple(_))
    }
    /// The tiler as a shape, when it has only integers.
    pub fn as_shape(&self) -> Option<IntTuple> {
        match self {
            Tiler::Int(i) => Some(IntTuple::Int(*i)),
            Tiler::Tuple(v) => v
                .iter()
                .map(|t| t.as_shape())
                .collect::<Option<Vec<_>>>()
                .map(IntTuple::Tuple),
            _ => None,
        }
    }
    /// Rank of a tuple tiler (1 otherwise).
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Tuple(v) => v.len(),
            _ => 1,
        }
    }
}
