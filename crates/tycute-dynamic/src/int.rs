//! Integers that are either static (`_4`, a compile-time constant in CuTe) or dynamic (`4`).
//!
//! The static/dynamic distinction is part of the value: CuTe prints `_16` for `Int<16>` and `16`
//! for `int(16)`, and most algebra steps branch on whether a value is known at compile time.
//! The arithmetic here follows the C++ operator overloads of CuTe's integral constants:
//!
//! * `static op static` is static;
//! * anything mixed with a dynamic operand is dynamic, *except* the absorbing cases CuTe
//!   special-cases: `_0 * x`, `x * _0`, `_0 / x`, `_0 % x`, `x % _1`, `x % _-1`, `_0 & x`,
//!   `x & _0` are the static `_0`;
//! * comparisons are static booleans only when both sides are static.
//!
//! All operations are checked: overflow and division by zero are errors, never panics.

use crate::error::{Error, Result};
use std::fmt;

/// A leaf integer of an IntTuple: a value and whether it is static.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    /// The numeric value.
    pub value: i64,
    /// `true` for `Int<N>` (printed `_N`), `false` for a runtime `int` (printed `N`).
    pub is_static: bool,
}

/// A boolean that may be static (`true_type`/`false_type`) or only known at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bool {
    /// The truth value.
    pub value: bool,
    /// Whether the truth value is known statically.
    pub is_static: bool,
}

impl Bool {
    /// `is_constant<true, B>`: statically true.
    pub fn is_static_true(self) -> bool {
        self.is_static && self.value
    }
    /// Logical or with CuTe's static rules (`true_type || x` is `true_type`).
    pub fn or(self, o: Bool) -> Bool {
        if self.is_static_true() || o.is_static_true() {
            return Bool {
                value: true,
                is_static: true,
            };
        }
        Bool {
            value: self.value || o.value,
            is_static: self.is_static && o.is_static,
        }
    }
    /// Logical and with CuTe's static rules (`false_type && x` is `false_type`).
    pub fn and(self, o: Bool) -> Bool {
        if (self.is_static && !self.value) || (o.is_static && !o.value) {
            return Bool {
                value: false,
                is_static: true,
            };
        }
        Bool {
            value: self.value && o.value,
            is_static: self.is_static && o.is_static,
        }
    }
}

fn overflow(op: &str, a: Int, b: Int) -> Error {
    Error::reject(format!("arithmetic overflow in {a} {op} {b}"))
}

// The arithmetic methods are named after the operators they model but return `Result` (checked
// arithmetic), so they cannot be the `std::ops` traits.
#[allow(clippy::should_implement_trait)]
impl Int {
    /// Static integer `_v`.
    pub const fn st(value: i64) -> Int {
        Int {
            value,
            is_static: true,
        }
    }
    /// Dynamic integer `v`.
    pub const fn dy(value: i64) -> Int {
        Int {
            value,
            is_static: false,
        }
    }
    /// Static zero `_0`.
    pub const ZERO: Int = Int::st(0);
    /// Static one `_1`.
    pub const ONE: Int = Int::st(1);

    /// `is_constant<v, T>`: static and equal to `v`.
    pub fn is_const(self, v: i64) -> bool {
        self.is_static && self.value == v
    }

    fn both(self, o: Int) -> bool {
        self.is_static && o.is_static
    }

    /// `a + b`.
    pub fn add(self, o: Int) -> Result<Int> {
        let v = self
            .value
            .checked_add(o.value)
            .ok_or_else(|| overflow("+", self, o))?;
        Ok(Int {
            value: v,
            is_static: self.both(o),
        })
    }
    /// `a - b`.
    pub fn sub(self, o: Int) -> Result<Int> {
        let v = self
            .value
            .checked_sub(o.value)
            .ok_or_else(|| overflow("-", self, o))?;
        Ok(Int {
            value: v,
            is_static: self.both(o),
        })
    }
    /// `a * b`; `_0 * x` and `x * _0` are `_0`.
    pub fn mul(self, o: Int) -> Result<Int> {
        if self.is_const(0) || o.is_const(0) {
            return Ok(Int::ZERO);
        }
        let v = self
            .value
            .checked_mul(o.value)
            .ok_or_else(|| overflow("*", self, o))?;
        Ok(Int {
            value: v,
            is_static: self.both(o),
        })
    }
    /// `a / b` (C++ truncating division); `_0 / x` is `_0`.
    pub fn div(self, o: Int) -> Result<Int> {
        if o.value == 0 {
            return Err(Error::reject(format!("division by zero: {self} / {o}")));
        }
        if self.is_const(0) {
            return Ok(Int::ZERO);
        }
        let v = self
            .value
            .checked_div(o.value)
            .ok_or_else(|| overflow("/", self, o))?;
        Ok(Int {
            value: v,
            is_static: self.both(o),
        })
    }
    /// `a % b` (C++ remainder, sign of the dividend); `x % _1`, `x % _-1`, `_0 % x` are `_0`.
    pub fn rem(self, o: Int) -> Result<Int> {
        if o.is_const(1) || o.is_const(-1) {
            return Ok(Int::ZERO);
        }
        if o.value == 0 {
            return Err(Error::reject(format!("division by zero: {self} % {o}")));
        }
        if self.is_const(0) {
            return Ok(Int::ZERO);
        }
        let v = self
            .value
            .checked_rem(o.value)
            .ok_or_else(|| overflow("%", self, o))?;
        Ok(Int {
            value: v,
            is_static: self.both(o),
        })
    }
    /// `-a`.
    pub fn neg(self) -> Result<Int> {
        let v = self
            .value
            .checked_neg()
            .ok_or_else(|| overflow("-", Int::ZERO, self))?;
        Ok(Int {
            value: v,
            is_static: self.is_static,
        })
    }
    /// `abs(a)`.
    pub fn abs(self) -> Result<Int> {
        if self.value < 0 {
            self.neg()
        } else {
            Ok(self)
        }
    }
    /// `signum(a)`: -1, 0 or 1.
    pub fn signum(self) -> Int {
        Int {
            value: self.value.signum(),
            is_static: self.is_static,
        }
    }
    /// `min(a, b)`: static only when both are static.
    pub fn min(self, o: Int) -> Int {
        Int {
            value: self.value.min(o.value),
            is_static: self.both(o),
        }
    }
    /// `max(a, b)`: static only when both are static.
    pub fn max(self, o: Int) -> Int {
        Int {
            value: self.value.max(o.value),
            is_static: self.both(o),
        }
    }
    /// `a & b`; `_0 & x` is `_0`.
    pub fn bitand(self, o: Int) -> Int {
        if self.is_const(0) || o.is_const(0) {
            return Int::ZERO;
        }
        Int {
            value: self.value & o.value,
            is_static: self.both(o),
        }
    }
    /// `a | b`.
    pub fn bitor(self, o: Int) -> Int {
        Int {
            value: self.value | o.value,
            is_static: self.both(o),
        }
    }
    /// `a ^ b`.
    pub fn bitxor(self, o: Int) -> Int {
        Int {
            value: self.value ^ o.value,
            is_static: self.both(o),
        }
    }
    /// `a < b`.
    pub fn lt(self, o: Int) -> Bool {
        Bool {
            value: self.value < o.value,
            is_static: self.both(o),
        }
    }
    /// `a == b`.
    pub fn eq_(self, o: Int) -> Bool {
        Bool {
            value: self.value == o.value,
            is_static: self.both(o),
        }
    }
    /// `ceil_div(a, b) = (a + b - _1) / b`, with the static rules of each step.
    pub fn ceil_div(self, o: Int) -> Result<Int> {
        self.add(o)?.sub(Int::ONE)?.div(o)
    }
    /// `safe_div(a, b)`: static/static requires divisibility, otherwise a plain (dynamic)
    /// quotient.
    pub fn safe_div(self, o: Int) -> Result<Int> {
        if self.both(o) {
            if o.value == 0 || self.value.wrapping_rem(o.value) != 0 {
                return Err(Error::reject(format!(
                    "static safe_div requires divisibility: {self} / {o}"
                )));
            }
            return self.div(o);
        }
        if o.value == 0 {
            return Err(Error::reject(format!("division by zero: {self} / {o}")));
        }
        Ok(Int::dy(
            self.value
                .checked_div(o.value)
                .ok_or_else(|| overflow("/", self, o))?,
        ))
    }
    /// `shape_div(a, b)` on integers: the weak divisibility condition is checked when both are
    /// static (`a % b == 0 || b % a == 0`, "Divisibility Condition"), then `ceil_div`.
    pub fn shape_div(self, o: Int) -> Result<Int> {
        if self.both(o)
            && o.value != 0
            && self.value != 0
            && self.value.wrapping_rem(o.value) != 0
            && o.value.wrapping_rem(self.value) != 0
        {
            return Err(Error::reject(format!(
                "shape_div: Divisibility Condition: neither of {self} and {o} divides the other"
            )));
        }
        self.ceil_div(o)
    }
    /// `gcd(a, b)`.
    pub fn gcd(self, o: Int) -> Int {
        let (mut a, mut b) = (self.value.unsigned_abs(), o.value.unsigned_abs());
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        Int {
            value: i64::try_from(a).unwrap_or(i64::MAX),
            is_static: self.both(o),
        }
    }
    /// Same value, static flag replaced.
    pub fn with_static(self, is_static: bool) -> Int {
        Int {
            value: self.value,
            is_static,
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_rules() {
        let d = Int::dy(6);
        assert_eq!(Int::ZERO.mul(d).unwrap(), Int::ZERO);
        assert_eq!(d.mul(Int::st(2)).unwrap(), Int::dy(12));
        assert_eq!(d.rem(Int::ONE).unwrap(), Int::ZERO);
        assert_eq!(Int::ZERO.div(d).unwrap(), Int::ZERO);
        assert_eq!(Int::st(7).ceil_div(Int::st(2)).unwrap(), Int::st(4));
        assert_eq!(Int::st(7).ceil_div(d).unwrap(), Int::dy(2));
        assert!(Int::st(1).div(Int::ZERO).is_err());
        assert!(Int::st(i64::MAX).mul(Int::st(2)).is_err());
        assert_eq!(Int::st(-7).div(Int::st(2)).unwrap(), Int::st(-3));
        assert_eq!(Int::st(-7).rem(Int::st(2)).unwrap(), Int::st(-1));
    }

    #[test]
    fn display() {
        assert_eq!(Int::st(4).to_string(), "_4");
        assert_eq!(Int::dy(4).to_string(), "4");
        assert_eq!(Int::st(-1).to_string(), "_-1");
    }
}
