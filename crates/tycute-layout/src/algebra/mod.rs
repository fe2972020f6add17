//! CuTe's layout algebra, one concept per file. Each operation is a sealed trait `FooOp` whose
//! impls do the work and a type alias `Foo<..>` named after CuTe's function, in CuTe's argument
//! order.

pub mod cast;
pub mod coalesce;
pub mod common;
pub mod complement;
pub mod composition;
pub mod coord;
pub mod divide;
pub mod filter;
pub mod inverse;
pub mod make_layout;
pub mod ordered;
pub mod product;
pub mod take;
pub mod tile_to_shape;
pub mod tiler;
pub mod zip;
