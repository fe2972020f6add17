//! The seal on this crate's check traits: only the bits `B1` (and the listed integers) implement
//! them, so downstream code cannot switch a check off.

pub trait Sealed {}
impl Sealed for typenum::B0 {}
impl Sealed for typenum::B1 {}
impl Sealed for typenum::Z0 {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::PInt<U> {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::NInt<U> {}
