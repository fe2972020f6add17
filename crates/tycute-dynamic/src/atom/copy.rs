//! Copy atoms: `Copy_Atom<Op, T>` = `Copy_Traits<Op>` (thread layout and bit layouts) plus the
//! element type `T`.
//!
//! The traits give `(thr, val) → bit` layouts for the source, the destination and the
//! reference; the atom's value layouts are those recast to `T`:
//! `recast_layout<uint1_t, T>` = `upcast<sizeof_bits<T>>`. CuTe refuses an atom whose value
//! layouts no longer have `size(ThrID)` threads ("CopyOperation is not valid for Src/Dst/Ref of
//! ValType."), and the `cp.async` operations only exist for some widths.

use super::{split_template, split_top, type_bits};
use crate::cast::upcast;
use crate::composition::composition;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::inverse::right_inverse;
use crate::layout::Layout;

/// One copy atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyAtom {
    /// The copy operation's name, e.g. `SM75_U32x4_LDSM_N`.
    pub op: String,
    /// The value type's name.
    pub val_type: String,
    /// `sizeof_bits<ValType>`.
    pub val_bits: i64,
    /// `ThrID`.
    pub thr_id: Layout,
    /// `SrcLayout` (bits).
    pub src_bits: Layout,
    /// `DstLayout` (bits).
    pub dst_bits: Layout,
    /// `RefLayout` (bits).
    pub ref_bits: Layout,
}

fn l(s: &str) -> Layout {
    s.parse().expect("built-in copy layout")
}

fn vec_bits(bits: i64) -> Layout {
    l(&format!("(_1,_{bits}):(_0,_1)"))
}

const LDSM_U32X1_SRC: &str = "((_8,_4),_128):((_128,_0),_1)";
const LDSM_U32X1_DST: &str = "(_32,_32):(_32,_1)";
const LDSM_U32X2_SRC: &str = "((_16,_2),_128):((_128,_0),_1)";
const LDSM_U32X2_DST: &str = "(_32,(_32,_2)):(_32,(_1,_1024))";
const LDSM_U32X4_SRC: &str = "(_32,_128):(_128,_1)";
const LDSM_U32X4_DST: &str = "(_32,(_32,_4)):(_32,(_1,_1024))";
const LDSM_U16X2_SRC: &str = "((_8,_4),_128):((_128,_0),_1)";
const LDSM_U16X2_DST: &str = "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))";
const LDSM_U16X4_SRC: &str = "((_16,_2),_128):((_128,_0),_1)";
const LDSM_U16X4_DST: &str = "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))";
const LDSM_U16X8_SRC: &str = "(_32,_128):(_128,_1)";
const LDSM_U16X8_DST: &str = "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))";

fn ldsm(kind: &str) -> Option<(&'static str, &'static str)> {
    Some(match kind {
        "U32x1_LDSM_N" | "U32x1_STSM_N" => (LDSM_U32X1_SRC, LDSM_U32X1_DST),
        "U32x2_LDSM_N" | "U32x2_STSM_N" => (LDSM_U32X2_SRC, LDSM_U32X2_DST),
        "U32x4_LDSM_N" | "U32x4_STSM_N" => (LDSM_U32X4_SRC, LDSM_U32X4_DST),
        "U16x2_LDSM_T" | "U16x2_STSM_T" => (LDSM_U16X2_SRC, LDSM_U16X2_DST),
        "U16x4_LDSM_T" | "U16x4_STSM_T" => (LDSM_U16X4_SRC, LDSM_U16X4_DST),
        "U16x8_LDSM_T" | "U16x8_STSM_T" => (LDSM_U16X8_SRC, LDSM_U16X8_DST),
        _ => return None,
    })
}

/// `Copy_Traits<Op>`: `(ThrID, Src, Dst, Ref)` in bits, with the operation's own static checks.
pub fn copy_traits(op: &str) -> Result<(Layout, Layout, Layout, Layout)> {
    let op = op.trim().trim_start_matches("cute::");
    let (base, targs) = split_template(op);
    let unknown = || Error::unsupported(format!("unknown copy operation {op}"));
    let one = l("_1:_0");
    let types = |what: &str| -> Result<(i64, i64)> {
        let a = targs.map(split_top).unwrap_or_default();
        ensure!(
            a.len() == 1 || a.len() == 2,
            "{what}: expected one or two value types"
        );
        let s = type_bits(&a[0])?;
        let d = match a.get(1) {
            Some(t) => type_bits(t)?,
            None => s,
        };
        Ok((s, d))
    };
    match base {
        "UniversalCopy" => {
            let (s, d) = types(base)?;
            ensure!(
                s >= 8,
                "static assertion failed: UniversalCopy: sizeof_bits_v<S> >= 8: sizeof_bits = {s}"
            );
            ensure!(
                d >= 8,
                "static assertion failed: UniversalCopy: sizeof_bits_v<D> >= 8: sizeof_bits = {d}"
            );
            let src = vec_bits(s);
            Ok((one, src.clone(), vec_bits(d), src))
        }
        "DefaultCopy" | "AutoVectorizingCopy" | "AutoVectorizingCopyWithAssumedAlignment" => {
            let z = l("(_1,_1):(_0,_0)");
            Ok((one, z.clone(), z.clone(), z))
        }
        "SM80_CP_ASYNC_CACHEALWAYS"
        | "SM80_CP_ASYNC_CACHEGLOBAL"
        | "SM80_CP_ASYNC_CACHEALWAYS_ZFILL"
        | "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL" => {
            let (s, d) = types(base)?;
            ensure!(
                s == d,
                "static assertion failed: cp.async requires sizeof(src_value_type) == sizeof(dst_value_type): sizeof_bits = {s} and {d}"
            );
            let (ok, sizes) = if base.contains("CACHEGLOBAL") {
                (s == 128, "cp.async.cg copies 16 bytes")
            } else {
                (s == 32 || s == 64 || s == 128, "cp.async.ca copies 4, 8 or 16 bytes")
            };
            ensure!(
                ok,
                "Copy_Atom: cp.async sizeof(TS) is not supported ({sizes}): {} bytes",
                s / 8
            );
            let src = vec_bits(s);
            Ok((one, src.clone(), vec_bits(d), src))
        }
        _ => {
            let (arch, kind) = base.split_once('_').ok_or_else(unknown)?;
            ensure!(targs.is_none(), "unknown copy operation {op}");
            let (ls, ld) = ldsm(kind).ok_or_else(unknown)?;
            let thr = l("_32:_1");
            match arch {
                "SM75" if kind.contains("LDSM") => Ok((thr, l(ls), l(ld), l(ld))),
                "SM90" if kind.contains("STSM") => Ok((thr, l(ld), l(ls), l(ld))),
                _ => Err(unknown()),
            }
        }
    }
}

/// `Copy_Atom<Op, T>` from `Op` and `T`, with CuTe's validity checks.
pub fn copy_atom_of(op: &str, val_type: &str) -> Result<CopyAtom> {
    let (thr_id, src_bits, dst_bits, ref_bits) = copy_traits(op)?;
    let val_bits = type_bits(val_type)?;
    let a = CopyAtom {
        op: op.trim().to_string(),
        val_type: val_type.trim().to_string(),
        val_bits,
        thr_id,
        src_bits,
        dst_bits,
        ref_bits,
    };
    let nthr = a.thr_id.size()?.value;
    for (what, lay) in [
        ("Src", a.val_src()?),
        ("Dst", a.val_dst()?),
        ("Ref", a.val_ref()?),
    ] {
        ensure!(
            lay.mode(0)?.size()?.value == nthr,
            "static assertion failed: CopyOperation is not valid for {what} of ValType. sizeof_bits<ValType> = {}, size<0>(ValLayout{what}) = {}, size(ThrID) = {nthr}",
            a.val_bits,
            lay.mode(0)?.size()?
        );
    }
    Ok(a)
}

/// `Copy_Atom<Op,T>` from its full name.
pub fn copy_atom(name: &str) -> Result<CopyAtom> {
    let n = name.trim().trim_start_matches("cute::");
    match split_template(n) {
        ("Copy_Atom", Some(args)) => {
            let a = split_top(args);
            ensure!(
                a.len() == 2,
                "Copy_Atom<Op,T>: expected two template arguments in {name}"
            );
            copy_atom_of(&a[0], &a[1])
        }
        _ => Err(Error::unsupported(format!("not a copy atom: {name}"))),
    }
}

impl CopyAtom {
    /// `ValLayoutSrc` = `upcast<sizeof_bits<T>>(SrcLayout)`.
    pub fn val_src(&self) -> Result<Layout> {
        upcast(self.val_bits, &self.src_bits)
    }
    /// `ValLayoutDst`.
    pub fn val_dst(&self) -> Result<Layout> {
        upcast(self.val_bits, &self.dst_bits)
    }
    /// `ValLayoutRef`.
    pub fn val_ref(&self) -> Result<Layout> {
        upcast(self.val_bits, &self.ref_bits)
    }
    /// `NumValSrc` = `size<1>(ValLayoutSrc)`.
    pub fn num_val_src(&self) -> Result<Int> {
        self.val_src()?.mode(1)?.size()
    }
    /// `NumValDst`.
    pub fn num_val_dst(&self) -> Result<Int> {
        self.val_dst()?.mode(1)?.size()
    }
    /// `AtomNumThr` = `size<0>(ValLayoutRef)`.
    pub fn num_thr(&self) -> Result<Int> {
        self.val_ref()?.mode(0)?.size()
    }
    /// `AtomNumVal` = `size<1>(ValLayoutRef)`.
    pub fn num_val(&self) -> Result<Int> {
        self.val_ref()?.mode(1)?.size()
    }
    /// `right_inverse(ValLayoutRef).compose(ValLayoutSrc)`.
    pub fn src2ref(&self) -> Result<Layout> {
        composition(&right_inverse(&self.val_ref()?)?, &self.val_src()?)
    }
    /// `right_inverse(ValLayoutRef).compose(ValLayoutDst)`.
    pub fn dst2ref(&self) -> Result<Layout> {
        composition(&right_inverse(&self.val_ref()?)?, &self.val_dst()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms() {
        let a = copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>").unwrap();
        assert_eq!(a.val_src().unwrap().to_string(), "(_32,_8):(_8,_1)");
        assert_eq!(
            a.val_dst().unwrap().to_string(),
            "(_32,(_2,_4)):(_2,(_1,_64))"
        );
        assert_eq!(
            a.src2ref().unwrap().to_string(),
            "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))"
        );
        assert_eq!(
            a.dst2ref().unwrap().to_string(),
            "(_32,(_2,_4)):(_1,(_32,_64))"
        );
        let e = copy_atom_of("SM75_U32x1_LDSM_N", "uint128_t").unwrap_err();
        assert!(e.message.contains("not valid for Dst"), "{e}");
        assert!(
            copy_atom("Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>,half_t>")
                .unwrap_err()
                .message
                .contains("cp.async sizeof(TS) is not supported")
        );
        let u = copy_atom("Copy_Atom<UniversalCopy<uint128_t>,uint8_t>").unwrap();
        assert_eq!(u.num_val_src().unwrap().to_string(), "_16");
    }
}
