//! What an op gives: a layout (which has an index table), a tensor, or printed text.

use tycute_dynamic::layout::Layout;
use tycute_dynamic::value::AnyLayout;

/// Largest index table produced.
pub const TABLE_LIMIT: i64 = 1 << 22;

/// The result of an op: a layout (which has a table) or any other printed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A plain or composed layout.
    Layout(AnyLayout),
    /// Text in CuTe syntax (integers, tuples, swizzles, masks, index lists).
    Text(String),
    /// A tensor over a counting iterator (`counting_iter(N) o L`); its table is `N + L(i)`.
    Tensor(tycute_dynamic::tensor::Tensor),
}

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Output::Layout(l) => write!(f, "{l}"),
            Output::Text(t) => f.write_str(t),
            Output::Tensor(t) => write!(f, "{t}"),
        }
    }
}

/// A plain layout as an op's result.
pub(crate) fn plain(l: Layout) -> Output {
    Output::Layout(AnyLayout::Plain(l))
}

/// Any printed value as an op's result.
pub(crate) fn text(x: impl std::fmt::Display) -> Output {
    Output::Text(x.to_string())
}
