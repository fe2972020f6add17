//! # tycute-layout
//!
//! CuTe's layout algebra evaluated by Rust's trait solver. Static integers are typenum's signed
//! integers, tuples are type-level lists ([`Tup`]/[`Nil`]), and every algebra operation is a type
//! alias named after CuTe's function (`Coalesce<A>`, `Composition<A, B>`, ...). The `cute!`
//! macro (crate `tycute-macros`) writes these types from CuTe's printed text.
//!
//! Layers, lowest first: [`int`] (static integers), [`tuple`](mod@tuple) (IntTuples), [`layout`],
//! [`algebra`] (one file per operation), [`swizzle`], [`repr`] (CuTe text and index tables by
//! const evaluation).

// `cute!` expands to `::tycute::__private::...`; this makes those paths resolve here too.
extern crate self as tycute;

pub mod algebra;
pub mod basis;
pub mod bounds;
pub mod int;
pub mod layout;
pub mod repr;
mod sealed;
pub mod swizzle;
pub mod tuple;

pub use algebra::cast::{Downcast, Upcast};
pub use algebra::coalesce::{Coalesce, CoalesceProfile, CoalesceX};
pub use algebra::common::{MaxCommonLayout, MaxCommonVector};
pub use algebra::complement::{Complement, ComplementWith};
pub use algebra::composition::{Composition, WithShape};
pub use algebra::coord::{Crd2Idx, Idx2Crd};
pub use algebra::divide::{FlatDivide, LogicalDivide, TiledDivide, ZippedDivide};
pub use algebra::filter::{Filter, FilterZeros};
pub use algebra::inverse::{LeftInverse, RightInverse};
pub use algebra::make_layout::{MakeLayoutLeft, MakeLayoutRight};
pub use algebra::ordered::{MakeLayoutLike, MakeOrderedLayout};
pub use algebra::product::{BlockedProduct, FlatProduct, LogicalProduct, RakedProduct, TiledProduct, ZippedProduct};
pub use algebra::take::Take;
pub use algebra::tile_to_shape::{TileToShape, TileToShapeOrdered};
pub use algebra::zip::{Zip, Zip2};
pub use basis::ScaledBasis;
pub use layout::{Cosize, Depth, IsLayout, Layout, LayoutAt, MakeLayout, Modes, Rank, ShapeOf, Size, StrideOf, Underscore};
pub use repr::{show, table, Reify, ReifyEach, Show};
pub use swizzle::{ComposedLayout, SmemPtr, Swizzle};
pub use swizzle::{
    swizzle_masks, swizzle_table, AsPositionIndependent, Composition3, GmmaAtom, MakeSwizzle, RecastLayout, SwizzleApply,
};
pub use tuple::{Nil, Tup};

/// Element types (CuTe's names: `half_t`, `float`, `uint128_t`, ...) and their widths.
#[allow(non_camel_case_types)]
pub mod numeric {
    pub use crate::swizzle::recast::{
        bfloat16_t, double, float, float_e4m3_t, float_e5m2_t, half_t, int16_t, int32_t, int4_t, int64_t, int8_t,
        tfloat32_t, uint128_t, uint16_t, uint1_t, uint2_t, uint32_t, uint4_t, uint64_t, uint8_t, Bits, SizeofBits,
    };
}
pub use numeric::*;
pub use swizzle::gmma::*;

/// Paths used by the `cute!` macro's expansion. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::basis::ScaledBasis;
    pub use crate::layout::{Layout, Underscore};
    pub use crate::swizzle::{ComposedLayout, SmemPtr, Swizzle};
    pub use crate::tuple::{Nil, Tup};
    pub use typenum::{NInt, PInt, UInt, UTerm, B0, B1, Z0};
}

pub use typenum;
