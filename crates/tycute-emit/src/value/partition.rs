//! Values of a thread's partition that hold parts CuTe knows only at run time.
//!
//! A thread's part of a swizzled tensor can have strides and offsets computed from the run-time
//! thread index (CuTe prints them `144`, not `_144`, and a MixedBits offset `M_0|(32&32)=32`).
//! The type level keeps them as `tycute_tiled::copy::Dyn<N>` and `MixedBits<S, D, F>` (their
//! value known, because the thread is a type). [`partition_value`] turns such a type (a tuple, a
//! layout, a swizzled layout, a counting tensor) into the twin's [`Value`], each `Dyn` a dynamic
//! [`Int`], each `MixedBits` an [`Offset::Mixed`]: the same value CuTe holds at run time, with
//! no text in between. Static parts are the same values [`super::value`] gives.

use tycute_dynamic::swizzle::MixedBits as MixedBitsValue;
use tycute_dynamic::{AnyLayout, ComposedLayout, Func, Int, IntTuple, Layout, Offset, Swizzle, Value};
use tycute_layout::swizzle::{ComposedLayout as ComposedType, Swizzle as SwizzleType};
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::Layout as LayoutType;
use tycute_tiled::copy::text::CuteValue;
use tycute_tiled::copy::{Dyn, MixedBits};
use tycute_tiled::CountingTensor;
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

use crate::Error;

/// A type-level value that may hold run-time parts (`Dyn`, `MixedBits`), as the twin's value.
pub trait PartitionValue {
    /// The value.
    fn value() -> Result<Value, Error>;
    /// The value as a composed layout's offset (an integer, or a MixedBits).
    fn offset_value() -> Result<Offset, Error> {
        match Self::value()? {
            Value::IntTuple(IntTuple::Int(i)) => Ok(Offset::Int(i)),
            v => Err(Error::new(format!("a composed layout's offset is an integer, got {v}"))),
        }
    }
}

/// The runtime value of `T` (a thread's partition, possibly with run-time parts).
pub fn partition_value<T: PartitionValue>() -> Result<Value, Error> {
    T::value()
}

fn int(i: Int) -> Result<Value, Error> {
    Ok(Value::IntTuple(IntTuple::Int(i)))
}

impl PartitionValue for Z0 {
    fn value() -> Result<Value, Error> {
        int(Int::ZERO)
    }
}
impl<U: Unsigned + NonZero> PartitionValue for PInt<U> {
    fn value() -> Result<Value, Error> {
        int(Int::st(<PInt<U> as Integer>::I64))
    }
}
impl<U: Unsigned + NonZero> PartitionValue for NInt<U> {
    fn value() -> Result<Value, Error> {
        int(Int::st(<NInt<U> as Integer>::I64))
    }
}
impl<N: CuteValue> PartitionValue for Dyn<N> {
    fn value() -> Result<Value, Error> {
        int(Int::dy(N::VALUE))
    }
}
impl<S: CuteValue, D: CuteValue, F: CuteValue> PartitionValue for MixedBits<S, D, F> {
    fn value() -> Result<Value, Error> {
        Err(Error::new("a MixedBits is only a composed layout's offset"))
    }
    fn offset_value() -> Result<Offset, Error> {
        let bits = |v: i64| u32::try_from(v).map_err(|_| Error::new(format!("MixedBits part {v} out of range")));
        Ok(Offset::Mixed(MixedBitsValue { static_bits: bits(S::VALUE)?, dynamic: bits(D::VALUE)?, flags: bits(F::VALUE)? }))
    }
}

/// The items of a tuple type.
#[doc(hidden)]
pub trait PartitionItems {
    fn items(out: &mut Vec<IntTuple>) -> Result<(), Error>;
}
impl PartitionItems for Nil {
    fn items(_: &mut Vec<IntTuple>) -> Result<(), Error> {
        Ok(())
    }
}
impl<H: PartitionValue, T: PartitionItems> PartitionItems for Tup<H, T> {
    fn items(out: &mut Vec<IntTuple>) -> Result<(), Error> {
        out.push(H::value()?.to_int_tuple()?);
        T::items(out)
    }
}
impl PartitionValue for Nil {
    fn value() -> Result<Value, Error> {
        Ok(Value::IntTuple(IntTuple::Tuple(Vec::new())))
    }
}
impl<H: PartitionValue, T: PartitionItems> PartitionValue for Tup<H, T> {
    fn value() -> Result<Value, Error> {
        let mut v = Vec::new();
        <Tup<H, T> as PartitionItems>::items(&mut v)?;
        Ok(Value::IntTuple(IntTuple::Tuple(v)))
    }
}
impl<S: PartitionValue, D: PartitionValue> PartitionValue for LayoutType<S, D> {
    fn value() -> Result<Value, Error> {
        Ok(Value::Layout(Layout::new(S::value()?.to_int_tuple()?, D::value()?.to_int_tuple()?)?))
    }
}
impl<B: Integer, M: Integer, S: Integer> PartitionValue for SwizzleType<B, M, S> {
    fn value() -> Result<Value, Error> {
        let small = |v: i64| i32::try_from(v).map_err(|_| Error::new(format!("swizzle parameter {v} out of range")));
        Ok(Value::Swizzle(Swizzle::new(small(B::I64)?, small(M::I64)?, small(S::I64)?)?))
    }
}

fn func(v: Value) -> Result<Func, Error> {
    match v {
        Value::Swizzle(s) => Ok(Func::Swizzle(s)),
        Value::Layout(l) => Ok(Func::Layout(l)),
        v => Err(Error::new(format!("a composed layout's functions are swizzles or layouts, got {v}"))),
    }
}

impl<A: PartitionValue, O: PartitionValue, L: PartitionValue> PartitionValue for ComposedType<A, O, L> {
    fn value() -> Result<Value, Error> {
        Ok(Value::Composed(ComposedLayout { a: func(A::value()?)?, offset: O::offset_value()?, b: func(L::value()?)? }))
    }
}
impl<N: CuteValue, L: PartitionValue> PartitionValue for CountingTensor<N, L> {
    fn value() -> Result<Value, Error> {
        let layout = match L::value()? {
            Value::Layout(l) => AnyLayout::Plain(l),
            Value::Composed(c) => AnyLayout::Composed(c),
            v => return Err(Error::new(format!("a counting tensor over {v}, not a layout"))),
        };
        Ok(Value::Tensor { base: Int::dy(N::VALUE), layout })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::typenum::{P144, P288, P32, P8};
    use tycute_macros::cute;
    use tycute_tiled::copy::{table_of, text, CuteFunc, CuteText};

    fn same<T: PartitionValue + CuteText + CuteFunc>() {
        let v = partition_value::<T>().unwrap();
        assert_eq!(v.to_string(), text::<T>());
        let table = match &v {
            Value::Tensor { base, layout } => layout.table(1 << 20).unwrap().into_iter().map(|x| x + base.value).collect(),
            Value::Layout(l) => l.table(1 << 20).unwrap(),
            Value::Composed(c) => c.table(1 << 20).unwrap(),
            v => panic!("{v}"),
        };
        assert_eq!(table, table_of::<T>());
    }

    #[test]
    fn run_time_parts_become_dynamic_values() {
        type T = CountingTensor<P8, LayoutType<cute!((_2,_2)), Tup<Dyn<P144>, Tup<Dyn<P288>, Nil>>>>;
        same::<T>();
        type M = CountingTensor<Z0, ComposedType<cute!(Sw<3,3,3>), MixedBits<Z0, P32, P32>, cute!((_2,_4):(_8,_1))>>;
        same::<M>();
        assert_eq!(partition_value::<M>().unwrap().to_string(), "counting_iter(0) o Sw<3,3,3> o M_0|(32&32)=32 o (_2,_4):(_8,_1)");
        same::<cute!((_4,(_2,_2)):(_1,(_4,_8)))>();
    }
}
