//! CuTe's layout algebra, one concept per file. Each operation is a sealed trait `FooOp` whose
//! impls do the work and a type alias `Foo<..>` named after CuTe's function, in CuTe's argument
//! order.

pub mod coalesce;
pub mod filter;
pub mod composition;
pub mod make_layout;
pub mod complement;
pub mod inverse;
pub mod cast;
pub mod coord;
pub mod ordered;
pub mod zip;
pub mod common;
