//! MMA atoms: `MMA_Traits<Op>` of the SM70/SM75/SM80 warp-level MMAs, `UniversalFMA` and the
//! SM90 warpgroup GMMAs.
//!
//! Every atom has `Shape_MNK`, `ThrID` (logical thread → thread index) and the three TV layouts
//! `(thr, val) → (m,k) / (n,k) / (m,n)` index of the atom's tile (column-major in that tile).
//! Atoms are named as in CuTe (`SM80_16x8x16_F32F16F16F32_TN`, `UniversalFMA<float>`,
//! `SM90_64x128x16_F32F16F16_SS<K,K>`, `MMA_Atom<...>` around any of them).

use super::{split_template, split_top, type_bits};
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// One MMA atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The name as given (without `MMA_Atom<>`).
    pub name: String,
    /// `Shape_MNK`.
    pub shape_mnk: IntTuple,
    /// `ThrID`.
    pub thr_id: Layout,
    /// `LayoutA_TV` (`ALayout` of the traits).
    pub layout_a: Layout,
    /// `LayoutB_TV`.
    pub layout_b: Layout,
    /// `LayoutC_TV`.
    pub layout_c: Layout,
    /// Bit widths of the value types D, A, B, C.
    pub bits: [i64; 4],
    /// `FrgTypeA` is a GMMA shared-memory descriptor (A read from smem: `make_fragment_A` builds
    /// a descriptor tensor, which needs an smem tensor).
    pub a_is_desc: bool,
    /// The same for B.
    pub b_is_desc: bool,
}

fn l(s: &str) -> Layout {
    s.parse().expect("built-in atom layout")
}

fn shape3(m: i64, n: i64, k: i64) -> IntTuple {
    IntTuple::Tuple(vec![IntTuple::st(m), IntTuple::st(n), IntTuple::st(k)])
}

/// Widths of the type letters in an MMA name (`F32F16F16F32`, `S32S8U8S32`, `F32E4M3E4M3`...).
fn type_tokens(mut s: &str) -> Result<Vec<i64>> {
    const TOKENS: &[(&str, i64)] = &[
        ("GC64", 128),
        ("C64", 128),
        ("C32", 64),
        ("F64", 64),
        ("TF32", 32),
        ("BF16", 16),
        ("F32", 32),
        ("F16", 16),
        ("S32", 32),
        ("U32", 32),
        ("S8", 8),
        ("U8", 8),
        ("S4", 4),
        ("U4", 4),
        ("E4M3", 8),
        ("E5M2", 8),
        ("E2M1", 4),
        ("B1", 1),
    ];
    let mut out = Vec::new();
    'outer: while !s.is_empty() {
        for (t, b) in TOKENS {
            if let Some(r) = s.strip_prefix(t) {
                out.push(*b);
                s = r;
                continue 'outer;
            }
        }
        return Err(Error::unsupported(format!(
            "unknown MMA value types in {s}"
        )));
    }
    Ok(out)
}

fn parse_mnk(s: &str) -> Option<(i64, i64, i64)> {
    let mut it = s.split('x');
    let m = it.next()?.parse().ok()?;
    let n = it.next()?.parse().ok()?;
    let k = it.next()?.parse().ok()?;
    if it.next().is_some() {
        return None;
    }
    Some((m, n, k))
}

/// Look up an MMA atom by its CuTe name.
pub fn mma_atom(name: &str) -> Result<MmaAtom> {
    let mut n = name.trim();
    if let ("MMA_Atom", Some(inner)) = split_template(n) {
        n = inner.trim();
    }
    let n = n
        .trim_start_matches("cute::")
        .trim_start_matches("SM90::GMMA::");
    let unknown = || Error::unsupported(format!("unknown MMA atom {name}"));
    let (base, targs) = split_template(n);
    if base == "UniversalFMA" {
        let args = targs.map(split_top).unwrap_or_default();
        ensure!(
            !args.is_empty() && args.len() <= 4,
            "UniversalFMA needs 1 to 4 type arguments"
        );
        let d = type_bits(&args[0])?;
        let a = args.get(1).map(|t| type_bits(t)).transpose()?.unwrap_or(d);
        let b = args.get(2).map(|t| type_bits(t)).transpose()?.unwrap_or(a);
        let c = args.get(3).map(|t| type_bits(t)).transpose()?.unwrap_or(d);
        return Ok(MmaAtom {
            name: n.to_string(),
            shape_mnk: shape3(1, 1, 1),
            thr_id: l("_1:_0"),
            layout_a: l("(_1,_1):(_0,_0)"),
            layout_b: l("(_1,_1):(_0,_0)"),
            layout_c: l("(_1,_1):(_0,_0)"),
            bits: [d, a, b, c],
            a_is_desc: false,
            b_is_desc: false,
        });
    }
    let parts: Vec<&str> = base.split('_').collect();
    if parts.len() < 3 {
        return Err(unknown());
    }
    let arch = parts[0];
    if arch == "MMA" || arch == "SM90" {
        return gmma(n, name);
    }
    let (m, nn, k) = parse_mnk(parts[1]).ok_or_else(unknown)?;
    let types = type_tokens(parts[2]).map_err(|_| unknown())?;
    ensure!(
        types.len() == 4,
        "MMA atom {name}: expected four value types"
    );
    let bits = [types[0], types[1], types[2], types[3]];
    let major = parts.get(3).copied().unwrap_or("");
    let tail_ok = parts.len() == 4 || (parts.len() == 5 && parts[4] == "SATURATE");
    if !tail_ok || targs.is_some() {
        return Err(unknown());
    }
    let row = |s: &str| l(s);
    const SM80_8X4: &str = "((_4,_8),_1):((_8,_1),_0)";
    const SM80_8X8_ROW: &str = "((_4,_8),_2):((_16,_1),_8)";
    const SM80_8X16_ROW: &str = "((_4,_8),_4):((_32,_1),_8)";
    const SM80_16X8_ROW: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
    let ty = parts[2];
    let (thr, a, b, c) = match (arch, (m, nn, k), ty, major) {
        ("SM70", (8, 8, 4), "F16F16F16F16" | "F32F16F16F32", mj) => {
            let row84 = "(_8,_4):(_1,_8)";
            let col84 = "((_4,_2),_4):((_8,_4),_1)";
            let (a, b) = match mj {
                "TN" => (row84, row84),
                "NT" => (col84, col84),
                "NN" => (col84, row84),
                "TT" => (row84, col84),
                _ => return Err(unknown()),
            };
            let c = if ty.starts_with("F16") {
                "(_8,_8):(_1,_8)"
            } else {
                "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))"
            };
            ("(_4,_2):(_1,_16)", row(a), row(b), row(c))
        }
        ("SM75", (16, 8, 8), "F32F16F16F32" | "F16F16F16F16", "TN") => (
            "_32:_1",
            row(SM80_16X8_ROW),
            row("((_4,_8),_2):((_16,_1),_8)"),
            row(SM80_16X8_ROW),
        ),
        ("SM75", (8, 8, 16), "S32S8S8S32", "TN") => (
            "_32:_1",
            row("((_4,_8),_4):((_32,_1),_8)"),
            row("((_4,_8),_4):((_32,_1),_8)"),
            row("((_4,_8),_2):((_16,_1),_8)"),
        ),
        ("SM80", (16, 8, 8), "F16F16F16F16" | "F32F16F16F32" | "F32BF16BF16F32", "TN") => (
            "_32:_1",
            row(SM80_16X8_ROW),
            row(SM80_8X8_ROW),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (16, 8, 16), "F16F16F16F16" | "F32F16F16F32" | "F32BF16BF16F32", "TN") => (
            "_32:_1",
            row("((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))"),
            row("((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (16, 8, 4), "F32TF32TF32F32", "TN") => (
            "_32:_1",
            row("((_4,_8),_2):((_16,_1),_8)"),
            row(SM80_8X4),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (16, 8, 8), "F32TF32TF32F32", "TN") => (
            "_32:_1",
            row("((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"),
            row("((_4,_8),_2):((_8,_1),_32)"),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (8, 8, 4), "F64F64F64F64" | "C64C64C64C64" | "GC64C64C64GC64", "TN") => {
            ("_32:_1", row(SM80_8X4), row(SM80_8X4), row(SM80_8X8_ROW))
        }
        ("SM80", (8, 8, 16), t, "TN") if is_int8(t) => (
            "_32:_1",
            row(SM80_8X16_ROW),
            row(SM80_8X16_ROW),
            row(SM80_8X8_ROW),
        ),
        ("SM80", (16, 8, 16), t, "TN") if is_int8(t) => (
            "_32:_1",
            row("((_4,_8),(_4,_2)):((_64,_1),(_16,_8))"),
            row(SM80_8X16_ROW),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (16, 8, 32), t, "TN") if is_int8(t) => (
            "_32:_1",
            row("((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))"),
            row("((_4,_8),(_4,_2)):((_32,_1),(_8,_128))"),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (8, 8, 32), t, "TN") if is_int4(t) => (
            "_32:_1",
            row("((_4,_8),(_8)):((_64,_1),(_8))"),
            row("((_4,_8),(_8)):((_64,_1),(_8))"),
            row(SM80_8X8_ROW),
        ),
        ("SM80", (16, 8, 32), t, "TN") if is_int4(t) => (
            "_32:_1",
            row("((_4,_8),(_8,_2)):((_128,_1),(_16,_8))"),
            row("((_4,_8),(_8)):((_64,_1),(_8))"),
            row(SM80_16X8_ROW),
        ),
        ("SM80", (16, 8, 64), t, "TN") if is_int4(t) => (
            "_32:_1",
            row("((_4,_8),(_8,_2,_2)):((_128,_1),(_16,_8,_512))"),
            row("((_4,_8),(_8,_2)):((_64,_1),(_8,_256))"),
            row(SM80_16X8_ROW),
        ),
        _ => return Err(unknown()),
    };
    Ok(MmaAtom {
        name: n.to_string(),
        shape_mnk: shape3(m, nn, k),
        thr_id: l(thr),
        layout_a: a,
        layout_b: b,
        layout_c: c,
        bits,
        a_is_desc: false,
        b_is_desc: false,
    })
}

fn is_int8(t: &str) -> bool {
    matches!(t, "S32S8S8S32" | "S32S8U8S32" | "S32U8S8S32" | "S32U8U8S32")
}

fn is_int4(t: &str) -> bool {
    matches!(t, "S32S4S4S32" | "S32S4U4S32" | "S32U4S4S32" | "S32U4U4S32")
}

/// SM90 GMMA atoms: `SM90_64xNxK_<D><A><B>_{SS,RS}<MajorA,MajorB>` and `..._{SS,RS}_TN`.
fn gmma(n: &str, name: &str) -> Result<MmaAtom> {
    let unknown = || Error::unsupported(format!("unknown MMA atom {name}"));
    let (base, targs) = split_template(n);
    let parts: Vec<&str> = base.split('_').collect();
    // SM90_64x128x16_F32F16F16_SS  or  MMA_64x128x16_F32F16F16_SS  (+ optional _TN)
    if parts.len() < 4 {
        return Err(unknown());
    }
    let (m, nn, k) = parse_mnk(parts[1]).ok_or_else(unknown)?;
    ensure!(m == 64, "GMMA atoms have M = 64 ({name})");
    let types = type_tokens(parts[2]).map_err(|_| unknown())?;
    ensure!(
        types.len() == 3,
        "GMMA atom {name}: expected three value types"
    );
    let src = parts[3];
    let tn = parts.get(4).copied();
    ensure!(
        (parts.len() == 4 && targs.is_some()) || (parts.len() == 5 && tn == Some("TN")),
        "unknown MMA atom {name}"
    );
    let (major_a, major_b) = match targs {
        Some(t) => {
            let a = split_top(t);
            ensure!(a.len() >= 2, "GMMA atom {name}: expected <MajorA,MajorB>");
            let major = |s: &str| -> Result<bool> {
                match s.trim().trim_start_matches("GMMA::Major::") {
                    "K" => Ok(true),
                    "MN" => Ok(false),
                    other => Err(Error::unsupported(format!("unknown GMMA major {other}"))),
                }
            };
            (major(&a[0])?, major(&a[1])?)
        }
        None => (true, true),
    };
    let (d, a, b) = (types[0], types[1], types[2]);
    ensure!(
        a * k == 256,
        "GMMA atom {name}: K = {k} does not match {a}-bit A values"
    );
    ensure!(
        nn % 8 == 0 && (8..=256).contains(&nn),
        "GMMA atom {name}: N = {nn} is not a multiple of 8 in 8..256"
    );
    // wgmma's .tf32, .e4m3 and .e5m2 forms have no transpose: A and B K-major only (the
    // rejections of tycute_atom::mma::sm90_fp8 and sm90_tf32, in their words)
    let k_only = match parts[2] {
        "F32TF32TF32" => Some("GMMA tf32: {X} must be K-major: wgmma's .tf32 form reads A and B K-major only (no transpose); transpose {X} to K-major first"),
        _ if a == 8 && types.len() == 3 && parts[2].contains('E') => Some("GMMA fp8 (e4m3/e5m2): {X} must be K-major: wgmma's 8-bit form reads A and B K-major only (no transpose); transpose {X} to K-major first"),
        _ => None,
    };
    if let Some(rule) = k_only {
        // an RS atom's A is the register-source rule's (checked below)
        ensure!(major_a || src == "RS", "{}", rule.replace("{X}", "A"));
        ensure!(major_b, "{}", rule.replace("{X}", "B"));
    }
    let ab = |mn: i64| -> Layout { l(&format!("(_128,(_{mn},_{k})):(_0,(_1,_{mn}))")) };
    let layout_a = match src {
        "SS" => ab(64),
        "RS" => {
            ensure!(
                major_a,
                "static assertion failed: Register source operand A must have K major layout."
            );
            match a {
                32 => l("((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))"),
                16 => l("((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))"),
                8 => l("((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))"),
                _ => return Err(unknown()),
            }
        }
        _ => return Err(unknown()),
    };
    let layout_c = l(&format!(
        "((_4,_8,_4),(_2,_2,_{})):((_128,_1,_16),(_64,_8,_512))",
        nn / 8
    ));
    Ok(MmaAtom {
        name: n.to_string(),
        shape_mnk: shape3(m, nn, k),
        thr_id: l("_128:_1"),
        layout_a,
        layout_b: ab(nn),
        layout_c,
        bits: [d, a, b, d],
        a_is_desc: src == "SS",
        b_is_desc: true,
    })
}

impl MmaAtom {
    /// `size<I>(Shape_MNK)`.
    pub fn shape(&self, i: usize) -> Result<Int> {
        self.shape_mnk.get(i)?.product()
    }
    /// `D=16b A=16b B=16b C=16b`.
    pub fn val_types_text(&self) -> String {
        let [d, a, b, c] = self.bits;
        format!("D={d}b A={a}b B={b}b C={c}b")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        let a = mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
        assert_eq!(a.shape_mnk.to_string(), "(_16,_8,_16)");
        assert_eq!(
            a.layout_a.to_string(),
            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))"
        );
        let g = mma_atom("SM90_64x128x16_F32F16F16_RS<K,K>").unwrap();
        assert_eq!(
            g.layout_c.to_string(),
            "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))"
        );
        assert_eq!(g.val_types_text(), "D=32b A=16b B=16b C=32b");
        let t = mma_atom("SM90_64x64x8_F32TF32TF32_SS_TN").unwrap();
        assert_eq!(t.layout_a.to_string(), "(_128,(_64,_8)):(_0,(_1,_64))");
        assert!(mma_atom("SM90_64x64x16_F16F16F16_RS<MN,K>")
            .unwrap_err()
            .is_reject());
        assert!(mma_atom("SM81_1x2x3").is_err());
        // fp8 and tf32 GMMAs are K-major only (CuTe names them _TN)
        let e = mma_atom("SM90_64x128x32_F32E4M3E5M2_SS<MN,K>").unwrap_err();
        assert!(e.is_reject() && e.to_string().contains("GMMA fp8 (e4m3/e5m2): A must be K-major"), "{e}");
        let e = mma_atom("SM90_64x64x8_F32TF32TF32_SS<K,MN>").unwrap_err();
        assert!(e.is_reject() && e.to_string().contains("GMMA tf32: B must be K-major"), "{e}");
        let e = mma_atom("SM90_64x64x32_F16E5M2E5M2_RS<MN,K>").unwrap_err();
        assert!(e.to_string().contains("Register source operand A must have K major layout."), "{e}");
        let f = mma_atom("SM90_64x64x32_F16E5M2E5M2_RS_TN").unwrap();
        assert_eq!(f.layout_a.to_string(), "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))");
        assert_eq!(f.val_types_text(), "D=16b A=8b B=8b C=16b");
        let f = mma_atom("MMA_Atom<UniversalFMA<float>>").unwrap();
        assert_eq!(f.thr_id.to_string(), "_1:_0");
    }

    /// The runtime twin of `tycute_atom::SameMmaLayouts`: the f16- and f32-accumulating
    /// m16n8k16 atoms have the same layouts (C: SM80_16x8_Row), only their value types differ.
    #[test]
    fn f16_and_f32_accumulators_share_their_layouts() {
        let h = mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
        let f = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
        assert_eq!(h.shape_mnk.to_string(), f.shape_mnk.to_string());
        for (x, y) in [(&h.thr_id, &f.thr_id), (&h.layout_a, &f.layout_a), (&h.layout_b, &f.layout_b), (&h.layout_c, &f.layout_c)] {
            assert_eq!(x.to_string(), y.to_string());
        }
        assert_eq!(h.layout_c.to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
        assert_eq!(h.val_types_text(), "D=16b A=16b B=16b C=16b");
        assert_eq!(f.val_types_text(), "D=32b A=16b B=16b C=32b");
    }
}
