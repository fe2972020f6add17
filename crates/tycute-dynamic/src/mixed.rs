//! Integers whose bits are partly known: CuTe's `MixedBits` arithmetic.
//!
//! Slicing a swizzled tensor at a (run-time) thread coordinate folds the coordinate's offset
//! into the composed layout's middle slot. CuTe tracks that offset as a [`MixedBits`]: some bits
//! are compile-time constants (`S`), some are run-time (`F` marks them), the rest are known
//! zeros. [`Bits`] is the value of such an offset in the runtime twin: a plain static or dynamic
//! integer, or a `MixedBits`. The operations mirror CuTe's overloads:
//!
//! * `make_mixed_bits(s, d, f)`: a static integer when no run-time bit is left (`f & !s == 0`) or
//!   when `d` is itself static, else `MixedBits<s, f & !s>{d & (f & !s)}`;
//! * `&`, `>>`/`<<` with a constant, `^` between any two: bit-wise on (known, value) pairs;
//! * a plain dynamic integer absorbs everything (the MixedBits converts to `uint32_t`);
//! * `== C<c>` is a static boolean only when every bit involved is known.

use crate::error::{ensure, Error, Result};
use crate::int::{Bool, Int};
use crate::int_tuple::IntTuple;
use crate::layout::{idx2crd, Layout};
use crate::swizzle::{MixedBits, Swizzle};
use crate::value::Offset;

/// A partially known integer: a static or dynamic [`Int`], or a [`MixedBits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bits {
    /// All bits known (static) or none (dynamic).
    Int(Int),
    /// Static bits, dynamic bits and their mask.
    Mixed(MixedBits),
}

fn u32_of(v: i64) -> u32 {
    v as u32
}

/// `make_mixed_bits(C<s>, d, C<f>)`.
pub fn make_mixed_bits(s: u32, d: Int, f: u32) -> Bits {
    let new_f = f & !s;
    if new_f == 0 || d.is_static {
        return Bits::Int(Int::st((s | (u32_of(d.value) & new_f)) as i64));
    }
    Bits::Mixed(MixedBits {
        static_bits: s,
        dynamic: u32_of(d.value) & new_f,
        flags: new_f,
    })
}

impl Bits {
    /// The static `_0`.
    pub const ZERO: Bits = Bits::Int(Int::ZERO);

    /// The numeric value (a MixedBits converts to `uint32_t`).
    pub fn value(self) -> i64 {
        match self {
            Bits::Int(i) => i.value,
            Bits::Mixed(m) => m.value() as i64,
        }
    }

    /// Known bits as `(static_bits, flags)` when representable as a MixedBits-like pair;
    /// `None` for a plain dynamic integer (no bit known).
    fn known(self) -> Option<(u32, u32, u32)> {
        match self {
            Bits::Int(i) if i.is_static => Some((u32_of(i.value), 0, 0)),
            Bits::Int(_) => None,
            Bits::Mixed(m) => Some((m.static_bits, m.flags, m.dynamic)),
        }
    }

    /// `x & C<c>`.
    pub fn and_c(self, c: u32) -> Bits {
        match self {
            Bits::Int(i) => Bits::Int(i.bitand(Int::st(c as i64))),
            Bits::Mixed(m) => {
                make_mixed_bits(m.static_bits & c, Int::dy(m.dynamic as i64), m.flags & c)
            }
        }
    }

    /// `shiftr(x, C<s>)` (a negative `s` shifts left).
    pub fn shiftr_c(self, s: i32) -> Bits {
        let sh = |v: u32| -> u32 {
            if s >= 0 {
                v.checked_shr(s as u32).unwrap_or(0)
            } else {
                v.checked_shl((-s) as u32).unwrap_or(0)
            }
        };
        match self {
            Bits::Int(i) => {
                let v = if s >= 0 {
                    i.value >> s.min(63)
                } else {
                    i.value << (-s).min(63)
                };
                Bits::Int(Int {
                    value: v,
                    is_static: i.is_static,
                })
            }
            Bits::Mixed(m) => make_mixed_bits(
                sh(m.static_bits),
                Int::dy(sh(m.dynamic) as i64),
                sh(m.flags),
            ),
        }
    }

    /// `x ^ y`.
    pub fn xor(self, o: Bits) -> Bits {
        match (self.known(), o.known()) {
            (Some((s0, f0, d0)), Some((s1, f1, d1))) => {
                if f0 == 0 && f1 == 0 {
                    return Bits::Int(Int::st((s0 ^ s1) as i64));
                }
                make_mixed_bits(
                    (!s0 & s1 & !f0) | (s0 & !s1 & !f1),
                    Int::dy(((s0 | d0) ^ (s1 | d1)) as i64),
                    f0 | f1,
                )
            }
            _ => {
                // a plain dynamic integer: everything becomes a run-time value
                match (self, o) {
                    (Bits::Int(a), Bits::Int(b)) => Bits::Int(a.bitxor(b)),
                    _ => Bits::Int(Int::dy((u32_of(self.value()) ^ u32_of(o.value())) as i64)),
                }
            }
        }
    }

    /// `x == C<c>`: static when every bit is known.
    pub fn eq_c(self, c: u32) -> Bool {
        match self {
            Bits::Int(i) => i.eq_(Int::st(c as i64)),
            Bits::Mixed(m) => Bool {
                value: m.value() == c,
                is_static: false,
            },
        }
    }

    /// `Swizzle<B,M,S>(x) = x ^ shiftr(x & yyy_msk, S)`.
    pub fn swizzle(self, sw: &Swizzle) -> Bits {
        self.xor(self.and_c(sw.yyy_msk() as u32).shiftr_c(sw.s))
    }

    /// From a composed layout's middle slot.
    pub fn from_offset(o: &Offset) -> Result<Bits> {
        match o {
            Offset::Int(i) => Ok(Bits::Int(*i)),
            Offset::Mixed(m) => Ok(Bits::Mixed(*m)),
            Offset::SmemPtr(_) => Err(Error::reject(
                "slicing a swizzled layout with an unset smem_ptr offset (no integer codomain)",
            )),
        }
    }

    /// As a composed layout's middle slot.
    pub fn to_offset(self) -> Offset {
        match self {
            Bits::Int(i) => Offset::Int(i),
            Bits::Mixed(m) => Offset::Mixed(m),
        }
    }
}

/// `to_mixed_bits(shape, stride, coord)`: the offset `crd2idx(coord, shape, stride)` as bits,
/// each mode contributing `make_mixed_bits(_0, c*d, (s-1)*d)` (xor-folded across modes);
/// requires static shapes and strides with power-of-two `s*d`.
pub fn to_mixed_bits_sdc(shape: &IntTuple, stride: &IntTuple, coord: &IntTuple) -> Result<Bits> {
    match (shape, stride, coord) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d), IntTuple::Tuple(c)) => {
            ensure!(
                s.len() == d.len() && s.len() == c.len(),
                "to_mixed_bits: Mismatched ranks"
            );
            let mut acc: Option<Bits> = None;
            // CuTe folds `(a ^ ...)`; xor is associative and the representation canonical
            for ((si, di), ci) in s.iter().zip(d).zip(c) {
                let b = to_mixed_bits_sdc(si, di, ci)?;
                acc = Some(match acc {
                    None => b,
                    Some(a) => a.xor(b),
                });
            }
            acc.ok_or_else(|| Error::reject("to_mixed_bits: empty tuple"))
        }
        (IntTuple::Int(s), IntTuple::Int(d), IntTuple::Int(c)) => {
            ensure!(
                s.is_static && d.is_static,
                "to_mixed_bits: requires a static shape and stride (got {s}:{d})"
            );
            let sd = s.value.wrapping_mul(d.value);
            ensure!(
                sd == 0 || (sd > 0 && (sd as u64).is_power_of_two()),
                "to_mixed_bits: Requires pow2 shape*stride ({s}*{d})"
            );
            let f = (s.value - 1).wrapping_mul(d.value);
            ensure!(
                (0..=u32::MAX as i64).contains(&f),
                "to_mixed_bits: mask out of range"
            );
            Ok(make_mixed_bits(0, c.mul(*d)?, f as u32))
        }
        _ => Err(Error::reject(format!(
            "to_mixed_bits: Either Shape, Stride, and Coord must be all tuples, or they must be all integral ({shape}, {stride}, {coord})"
        ))),
    }
}

/// `to_mixed_bits(layout, coord)` = `to_mixed_bits(shape, stride, idx2crd(coord, shape))`.
pub fn to_mixed_bits(layout: &Layout, coord: &IntTuple) -> Result<Bits> {
    let c = idx2crd(coord, &layout.shape)?;
    to_mixed_bits_sdc(&layout.shape, &layout.stride, &c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_ops() {
        // M_0|(32&32)=32
        let m = make_mixed_bits(0, Int::dy(32), 32);
        assert_eq!(m.value(), 32);
        assert!(matches!(m, Bits::Mixed(_)));
        assert_eq!(make_mixed_bits(0, Int::st(32), 32), Bits::Int(Int::st(32)));
        // & with a disjoint constant gives a static zero
        assert_eq!(m.and_c(64), Bits::Int(Int::st(0)));
        assert!(!m.eq_c(0).is_static);
        assert!(m.and_c(64).eq_c(0).is_static_true());
        // xor keeps the representation canonical
        let x = m.xor(Bits::Int(Int::st(8)));
        assert_eq!(x.value(), 40);
        let sw = Swizzle::new(3, 3, 3).unwrap();
        let y = make_mixed_bits(0, Int::dy(64 * 5), 64 * 7);
        assert_eq!(y.swizzle(&sw).value(), sw.apply_i64(320));
    }

    #[test]
    fn to_bits() {
        let l: Layout = "(_8,_4):(_64,_512)".parse().unwrap();
        let b = to_mixed_bits(&l, &IntTuple::dy(13)).unwrap();
        assert_eq!(b.value(), 5 * 64 + 512);
        assert_eq!(
            b,
            Bits::Mixed(MixedBits {
                static_bits: 0,
                dynamic: 5 * 64 + 512,
                flags: 7 * 64 + 3 * 512
            })
        );
    }
}
