//! `Swizzle<B,M,S>`: the XOR functor `x ^ ((x & yyy_msk) >> S)` that CuTe composes in front of
//! shared-memory layouts, its masks, its re-expression for other element widths, and the
//! construction of a swizzle from its Y and Z masks (`make_swizzle<Y,Z>`).
//!
//! Bits of an offset (B = number of bits, M = number of untouched low bits, S = shift):
//! ```text
//!   0b ... YYY ... ZZZ MMMM      ZZZ ^= YYY   (S > 0 moves YYY right onto ZZZ)
//! ```

use crate::error::{ensure, Error, Result};
use crate::int::Int;

/// `Swizzle<B,M,S>`; `s` may be negative (shift left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// BBits: number of bits in the mask.
    pub b: i32,
    /// MBase: number of least significant bits kept constant.
    pub m: i32,
    /// SShift: distance from the YYY mask to the ZZZ mask.
    pub s: i32,
}

impl Swizzle {
    /// A swizzle, checking CuTe's invariants (`B >= 0`, `M >= 0`, `|S| >= B`) and that its
    /// masks fit in 32 bits.
    pub fn new(b: i32, m: i32, s: i32) -> Result<Swizzle> {
        // CuTe's three static_asserts and tycute's 31-bit bound, in the type level's words
        // (`tycute_layout::swizzle::swizzle::ValidSwizzle`)
        ensure!(b >= 0, "Swizzle: BBits must be positive (B >= 0): Sw<{b},{m},{s}>");
        ensure!(m >= 0, "Swizzle: MBase must be positive (M >= 0): Sw<{b},{m},{s}>");
        ensure!(
            s.unsigned_abs() >= b.unsigned_abs(),
            "Swizzle: abs(SShift) must be more than BBits (|S| >= B): Sw<{b},{m},{s}>"
        );
        ensure!(
            (b as i64) + (m as i64) + (s.unsigned_abs() as i64) <= 31,
            "Swizzle: the masks must fit in 31 bits (B + M + |S| <= 31): Sw<{b},{m},{s}>"
        );
        Ok(Swizzle { b, m, s })
    }
    /// `(1 << B) - 1`.
    pub fn bit_msk(&self) -> i64 {
        (1i64 << self.b) - 1
    }
    /// `yyy_msk = bit_msk << (M + max(0, S))`.
    pub fn yyy_msk(&self) -> i64 {
        self.bit_msk() << (self.m + self.s.max(0))
    }
    /// `zzz_msk = bit_msk << (M - min(0, S))`.
    pub fn zzz_msk(&self) -> i64 {
        self.bit_msk() << (self.m - self.s.min(0))
    }
    /// `swizzle_code = yyy_msk | zzz_msk`.
    pub fn code(&self) -> i64 {
        self.yyy_msk() | self.zzz_msk()
    }
    /// The identity swizzle has no bits.
    pub fn is_identity(&self) -> bool {
        self.b == 0
    }
    /// `Sw(x)` on a plain integer.
    pub fn apply_i64(&self, x: i64) -> i64 {
        let y = x & self.yyy_msk();
        let shifted = if self.s >= 0 {
            y >> self.s
        } else {
            y << (-self.s)
        };
        x ^ shifted
    }
    /// `Sw(x)` with static-ness: `x & yyy` is `_0` for an empty mask, then `x ^ ...` is static
    /// only when `x` is.
    pub fn apply(&self, x: Int) -> Int {
        let anded = x.bitand(Int::st(self.yyy_msk()));
        let shifted = if self.s >= 0 {
            Int {
                value: anded.value >> self.s,
                is_static: anded.is_static,
            }
        } else {
            Int {
                value: anded.value << (-self.s),
                is_static: anded.is_static,
            }
        };
        x.bitxor(shifted)
    }
    /// `make_swizzle<Y,Z>()`: the swizzle whose YYY mask is `y` and ZZZ mask is `z`; rejected
    /// when the masks do not describe a swizzle.
    pub fn from_masks(y: i64, z: i64) -> Result<Swizzle> {
        ensure!(
            (0..=u32::MAX as i64).contains(&y) && (0..=u32::MAX as i64).contains(&z),
            "make_swizzle: masks {y}, {z} are not 32-bit unsigned"
        );
        let (y, z) = (y as u32, z as u32);
        let bz = y.count_ones() as i32;
        let by = z.count_ones() as i32;
        ensure!(
            bz == by,
            "make_swizzle: the Y and Z masks must be runs of the same number of bits (they are not the yyy/zzz masks of a Swizzle): make_swizzle<{y},{z}> (CuTe: Number of bits in Y and Z don't match)"
        );
        let tz_y = y.trailing_zeros() as i32;
        let tz_z = z.trailing_zeros() as i32;
        let m = tz_y.min(tz_z) % 32;
        let s = tz_y - tz_z;
        let sw = Swizzle::new(bz, m, s).map_err(|e| e.context("make_swizzle"))?;
        ensure!(
            (y | z) as i64 == sw.code(),
            "make_swizzle: the Y and Z masks must be runs of the same number of bits (they are not the yyy/zzz masks of a Swizzle): make_swizzle<{y},{z}> (CuTe: Something went wrong)"
        );
        Ok(sw)
    }
    /// `upcast<N>(Sw)`: drop log2(N) low bits of M (borrowing from B when M runs out).
    pub fn upcast(&self, n: i64) -> Result<Swizzle> {
        ensure!(
            n > 0 && (n as u64).is_power_of_two(),
            "upcast<{n}>(Swizzle): N must be a power of two"
        );
        let log2 = n.trailing_zeros() as i32;
        let new_m = self.m - log2;
        if new_m >= 0 {
            Swizzle::new(self.b, new_m, self.s)
        } else {
            Swizzle::new((self.b + new_m).max(0), 0, self.s)
        }
    }
    /// `downcast<N>(Sw)`: add log2(N) to M.
    pub fn downcast(&self, n: i64) -> Result<Swizzle> {
        ensure!(
            n > 0 && (n as u64).is_power_of_two(),
            "downcast<{n}>(Swizzle): N must be a power of two"
        );
        Swizzle::new(self.b, self.m + n.trailing_zeros() as i32, self.s)
    }
    /// `recast_layout<Old,New>(Sw)` for element widths in bits.
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<Swizzle> {
        let (num, den) = recast_ratio(old_bits, new_bits)?;
        match (num, den) {
            (1, 1) => Ok(*self),
            (1, d) => self.downcast(d),
            (n, 1) => self.upcast(n),
            (n, d) => self.upcast(n)?.downcast(d),
        }
    }
    /// `yyy=.. zzz=.. shift=.. code=..` as the vectors print it.
    pub fn masks_text(&self) -> String {
        format!(
            "yyy={} zzz={} shift={} code={}",
            self.yyy_msk(),
            self.zzz_msk(),
            self.s,
            self.code()
        )
    }
}

/// Reduced ratio `a / b` of two positive bit widths.
/// `recast_layout<From, To>`'s ratio `sizeof_bits<To> / sizeof_bits<From>` reduced, `(num,
/// den)`; CuTe supports only `num == 1` (a downcast) or `den == 1` (an upcast).
pub fn recast_ratio(from_bits: i64, to_bits: i64) -> Result<(i64, i64)> {
    let (num, den) = ratio(to_bits, from_bits)?;
    ensure!(
        num == 1 || den == 1,
        "recast_layout: sizeof_bits<To> / sizeof_bits<From> must be an integer or the inverse of one: sizeof_bits<From> = _{from_bits}, sizeof_bits<To> = _{to_bits}"
    );
    Ok((num, den))
}

pub(crate) fn ratio(a: i64, b: i64) -> Result<(i64, i64)> {
    if a <= 0 || b <= 0 {
        return Err(Error::reject(format!(
            "recast: invalid bit widths {a}, {b}"
        )));
    }
    let g = Int::dy(a).gcd(Int::dy(b)).value;
    Ok((a / g, b / g))
}

impl std::fmt::Display for Swizzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sw<{},{},{}>", self.b, self.m, self.s)
    }
}

/// CuTe's `MixedBits<S,F>` offset: static bits `S`, dynamic bits `D & F`; value `S | (D & F)`.
/// Printed `M_S|(D&F)=V`. Only parsed and printed here (it appears in partition results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MixedBits {
    /// Static bits.
    pub static_bits: u32,
    /// Dynamic value (already masked).
    pub dynamic: u32,
    /// Mask of the bits that are dynamic.
    pub flags: u32,
}

impl MixedBits {
    /// `S | (D & F)`.
    pub fn value(&self) -> u32 {
        self.static_bits | (self.dynamic & self.flags)
    }
}

impl std::fmt::Display for MixedBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "M_{}|({}&{})={}",
            self.static_bits,
            self.dynamic,
            self.flags,
            self.value()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        let sw = Swizzle::new(3, 3, 3).unwrap();
        assert_eq!(sw.masks_text(), "yyy=448 zzz=56 shift=3 code=504");
        let sw = Swizzle::new(3, 4, -4).unwrap();
        assert_eq!(sw.masks_text(), "yyy=112 zzz=1792 shift=-4 code=1904");
        assert_eq!(
            Swizzle::new(2, 0, -2).unwrap().masks_text(),
            "yyy=3 zzz=12 shift=-2 code=15"
        );
    }

    #[test]
    fn apply() {
        let sw = Swizzle::new(3, 3, 3).unwrap();
        assert_eq!(sw.apply_i64(64), 72);
        assert_eq!(sw.apply_i64(1023), 967);
        assert_eq!(sw.apply(Int::st(100)), Int::st(108));
        assert_eq!(sw.apply(Int::dy(100)), Int::dy(108));
        let sw = Swizzle::new(1, 0, 1).unwrap();
        let t: Vec<i64> = (0..8).map(|i| sw.apply_i64(i)).collect();
        assert_eq!(t, vec![0, 1, 3, 2, 4, 5, 7, 6]);
    }

    #[test]
    fn casts_and_masks() {
        let sw = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!(sw.recast(8, 16).unwrap(), Swizzle::new(3, 3, 3).unwrap());
        assert_eq!(sw.recast(8, 32).unwrap(), Swizzle::new(3, 2, 3).unwrap());
        assert_eq!(Swizzle::new(3, 3, 3).unwrap().recast(16, 8).unwrap(), sw);
        assert_eq!(
            Swizzle::from_masks(7, 448).unwrap(),
            Swizzle::new(3, 0, -6).unwrap()
        );
        assert!(Swizzle::from_masks(7, 3).is_err());
        assert!(Swizzle::new(3, 0, 2).is_err());
    }
}
