//! The seal on tycute's helper traits: only the types of this crate (and typenum's integers and
//! bits) implement them, so downstream code cannot add impls that change the algebra.

pub trait Sealed {}

// Each type of this crate implements it beside its definition, so this file depends on nothing.

impl Sealed for typenum::Z0 {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::PInt<U> {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::NInt<U> {}
impl Sealed for typenum::B0 {}
impl Sealed for typenum::B1 {}
