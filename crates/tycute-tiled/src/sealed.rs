//! The seal on this crate's helper traits: they are implemented only for tycute's own types
//! (layouts, tuples, `_`, typenum's integers and bits, the types of this crate), so downstream
//! code cannot add impls that change the results.

pub trait Sealed {}

// Each type of this crate implements it beside its definition, so this file depends on nothing.

impl Sealed for typenum::Z0 {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::PInt<U> {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::NInt<U> {}
impl Sealed for typenum::B0 {}
impl Sealed for typenum::B1 {}
impl<H, T> Sealed for tycute_layout::Tup<H, T> {}
impl Sealed for tycute_layout::Nil {}
impl<S, D> Sealed for tycute_layout::Layout<S, D> {}
impl Sealed for tycute_layout::Underscore {}
