//! The seal on tycute's helper traits: only the types of this crate (and typenum's integers and
//! bits) implement them, so downstream code cannot add impls that change the algebra.

pub trait Sealed {}

impl Sealed for typenum::Z0 {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::PInt<U> {}
impl<U: typenum::Unsigned + typenum::NonZero> Sealed for typenum::NInt<U> {}
impl Sealed for typenum::B0 {}
impl Sealed for typenum::B1 {}
impl<H, T> Sealed for crate::tuple::Tup<H, T> {}
impl Sealed for crate::tuple::Nil {}
impl<S, D> Sealed for crate::layout::Layout<S, D> {}
impl Sealed for crate::layout::Underscore {}
impl<B, M, S> Sealed for crate::swizzle::Swizzle<B, M, S> {}
impl<A, O, B> Sealed for crate::swizzle::ComposedLayout<A, O, B> {}
impl<B> Sealed for crate::swizzle::SmemPtr<B> {}
impl<V, P> Sealed for crate::basis::ScaledBasis<V, P> {}
