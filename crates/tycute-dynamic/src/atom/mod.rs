//! Data of CuTe's MMA and copy atoms, looked up by the exact C++ names the vectors use.
//!
//! * [`mma`]: `MMA_Atom<Op>` for SM70/SM75/SM80 warp MMAs, `UniversalFMA<T>` and the SM90 GMMA
//!   atoms (`SM90_64xNxK_..._SS<K,K>`, `..._RS<K,K>`, `..._SS_TN`): `Shape_MNK`, `ThrID`,
//!   `LayoutA/B/C_TV` and the value types' widths.
//! * [`copy`]: `Copy_Atom<Op,T>` for `UniversalCopy<S>`, `DefaultCopy`, `AutoVectorizingCopy`,
//!   SM80 `cp.async`, SM75 `ldmatrix` and SM90 `stmatrix`: bit layouts, the value layouts
//!   recast to `T` (`upcast<sizeof_bits<T>>`), and the validity checks CuTe static_asserts.

pub mod copy;
pub mod mma;

use crate::error::{Error, Result};

/// `sizeof_bits<T>` for an element type name.
pub fn type_bits(name: &str) -> Result<i64> {
    crate::gmma::sizeof_bits(name)
        .ok_or_else(|| Error::unsupported(format!("unknown element type {name}")))
}

/// Split `text` at top-level commas (outside `()`, `<>` and `[]`).
pub fn split_top(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth: i32 = 0;
    let mut cur = String::new();
    for c in text.chars() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// `Name<args>` → `(Name, Some(args))`; a name without template arguments gives `None`.
pub fn split_template(text: &str) -> (&str, Option<&str>) {
    let t = text.trim();
    match t.find('<') {
        Some(i) if t.ends_with('>') => (&t[..i], Some(&t[i + 1..t.len() - 1])),
        _ => (t, None),
    }
}
