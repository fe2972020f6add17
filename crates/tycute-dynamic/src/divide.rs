//! logical_divide and its regroupings zipped_divide, tiled_divide, flat_divide.
//!
//! `logical_divide(A, T) = composition(A, make_layout(T, complement(T, shape(coalesce(A)))))`
//! gives `(Tile, Rest)` per tiled mode; a tuple tiler acts mode by mode (modes of A beyond the
//! tiler are kept), `_` keeps a mode, an integer `N` is the tiler `make_layout(N)`.
//! The regroupings gather the tile and rest parts of every tiled mode:
//! ```text
//!   logical_divide  ((TileM,RestM),(TileN,RestN),L)
//!   zipped_divide   ((TileM,TileN),(RestM,RestN,L))
//!   tiled_divide    ((TileM,TileN),RestM,RestN,L)
//!   flat_divide     (TileM,TileN,RestM,RestN,L)
//! ```

use crate::coalesce::{coalesce, transform_layout};
use crate::complement::complement;
use crate::composition::composition;
use crate::error::{ensure, Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Tiler;

/// `logical_divide(layout, tiler)`.
pub fn logical_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(v) => transform_layout(layout, v, "logical_divide", logical_divide),
        Tiler::Underscore => Ok(layout.clone()),
        Tiler::Int(n) => divide_by_layout(layout, &Layout::left(&IntTuple::Int(*n))?),
        Tiler::Layout(t) => divide_by_layout(layout, t),
    }
}

fn divide_by_layout(layout: &Layout, tiler: &Layout) -> Result<Layout> {
    // cotarget: the coalesced *shape* of A (mixed static/dynamic sizes stay separate modes)
    let cotarget = coalesce(layout)?.shape;
    let rest = complement(tiler, &cotarget).map_err(|e| e.context("logical_divide"))?;
    // (Tile, Rest)
    let tile_rest = Layout::concat(&[tiler.clone(), rest]);
    composition(layout, &tile_rest).map_err(|e| e.context("logical_divide"))
}

/// `zip2_by(t, guide)`: follow the tiler's profile and gather the (tile, rest) pairs at its
/// terminals into `((tiles...), (rests..., untiled modes...))`.
pub(crate) fn zip2_by(t: &IntTuple, guide: &Tiler) -> Result<IntTuple> {
    match guide {
        Tiler::Tuple(g) => {
            let IntTuple::Tuple(tv) = t else {
                return Err(Error::reject(format!(
                    "Index out of range: cannot unzip integer mode {t} by the tiler {guide}"
                )));
            };
            ensure!(tv.len() >= g.len(), "Mismatched ranks: {t} has fewer modes than the tiler {guide}");
            let mut tiles = Vec::with_capacity(g.len());
            let mut rests = Vec::with_capacity(tv.len());
            for (ti, gi) in tv.iter().zip(g) {
                let IntTuple::Tuple(pair) = zip2_by(ti, gi)? else {
                    return Err(Error::reject("zip2_by: expected a (tile, rest) pair"));
                };
                let [tile, rest]: [IntTuple; 2] =
                    pair.try_into().map_err(|_| Error::reject("zip2_by: expected a (tile, rest) pair"))?;
                tiles.push(tile);
                rests.push(rest);
            }
            rests.extend(tv[g.len()..].iter().cloned());
            Ok(IntTuple::Tuple(vec![IntTuple::Tuple(tiles), IntTuple::Tuple(rests)]))
        }
        _ => match t {
            IntTuple::Tuple(v) if v.len() == 2 => Ok(t.clone()),
            IntTuple::Tuple(v) => Err(Error::reject(format!(
                "Mismatched ranks: mode {t} of rank {} cannot be unzipped into (tile, rest)",
                v.len()
            ))),
            IntTuple::Int(_) => Err(Error::reject(format!(
                "Index out of range: integer mode {t} cannot be unzipped into (tile, rest) (tiler {guide})"
            ))),
        },
    }
}

/// `tile_unzip(layout, tiler)`.
pub(crate) fn tile_unzip(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    let shape = zip2_by(&layout.shape, tiler).map_err(|e| unzip_error(e, &layout.shape, tiler))?;
    Ok(Layout::raw(shape, zip2_by(&layout.stride, tiler)?))
}

/// The rule's words and numbers for an unzip that meets an integer mode: the first top mode of
/// the divided layout that its tiler element cannot unzip (its index and shape), as the type
/// level states them.
fn unzip_error(e: Error, shape: &IntTuple, tiler: &Tiler) -> Error {
    if !(e.is_reject() && e.message.starts_with("Index out of range")) {
        return e;
    }
    let (index, mode) = match (shape, tiler) {
        (IntTuple::Tuple(tv), Tiler::Tuple(g)) => tv
            .iter()
            .zip(g)
            .enumerate()
            .find(|(_, (t, gi))| zip2_by(t, gi).is_err())
            .map_or((0, shape.clone()), |(i, (t, _))| (i, t.clone())),
        _ => (0, shape.clone()),
    };
    Error::reject(format!(
        "divide/product by a tiler: Index out of range (`_` in the tiler over a plain-integer mode of A): mode _{index} of the divided layout, {mode}, has no (tile, rest) pair ({})",
        e.message
    ))
}

/// The modes that `layout(repeat<R>(_))` keeps for one top-level mode: its elements when it
/// is a tuple of rank >= 2, itself otherwise (a rank-1 tuple stays nested).
fn unpack(m: &Layout) -> Vec<Layout> {
    match &m.shape {
        IntTuple::Tuple(v) if v.len() != 1 => m.modes(),
        _ => vec![m.clone()],
    }
}

/// `result(_, repeat<R1>(_))`: keep mode 0, splice the modes of mode 1.
pub(crate) fn unpack_second(z: &Layout) -> Result<Layout> {
    let m0 = z.mode(0)?;
    let m1 = z.mode(1)?;
    let mut out = vec![m0];
    out.extend(unpack(&m1));
    Ok(Layout::concat(&out))
}

/// `result(repeat<R0>(_), repeat<R1>(_))`: splice both modes.
pub(crate) fn unpack_both(z: &Layout) -> Result<Layout> {
    let mut out = unpack(&z.mode(0)?);
    out.extend(unpack(&z.mode(1)?));
    Ok(Layout::concat(&out))
}

/// `zipped_divide(layout, tiler)`: `((Tiles...),(Rests...))`.
pub fn zipped_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_divide(layout, tiler)?, tiler).map_err(|e| e.context("zipped_divide"))
}

/// `tiled_divide(layout, tiler)`: `((Tiles...),Rest0,Rest1,...)`.
pub fn tiled_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack_second(&zipped_divide(layout, tiler)?)
}

/// `flat_divide(layout, tiler)`: `(Tile0,Tile1,...,Rest0,Rest1,...)`.
pub fn flat_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack_both(&zipped_divide(layout, tiler)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> Tiler {
        s.parse().unwrap()
    }

    #[test]
    fn examples() {
        assert_eq!(
            logical_divide(&l("_6:_1"), &t("_4:_1")).unwrap(),
            l("(_4,_2):(_1,_4)")
        );
        assert_eq!(
            zipped_divide(&l("(_12,_8):(_1,_12)"), &t("(_8,_8)")).unwrap(),
            l("((_8,_8),(_2,_1)):((_1,_12),(_8,_0))")
        );
        assert_eq!(
            tiled_divide(&l("(_8,_4,_4,_4):(_1,_8,_32,_128)"), &t("_16:_2")).unwrap(),
            l("(_16,_2,_16):(_2,_1,_32)")
        );
        assert_eq!(
            flat_divide(&l("(_2,_12):(_12,_1)"), &t("_3:_2")).unwrap(),
            l("(_3,_2,_4):(_1,_12,_3)")
        );
        assert_eq!(
            tiled_divide(&l("(_4,(_8,_2)):(_1,(_4,_32))"), &t("(_2,_)")).unwrap(),
            l("((_2,_8),_2,_2):((_1,_4),_2,_32)")
        );
        assert_eq!(
            zipped_divide(&l("(4,(_2,_2)):(_2,(_1,8))"), &t("(_2)")).unwrap(),
            l("((_2),(2,(_2,_2))):((_2),(_4,(_1,8)))")
        );
    }

    #[test]
    fn rejects() {
        assert!(logical_divide(&l("_8:_1"), &t("(_2,_2)"))
            .unwrap_err()
            .message
            .contains("Too many modes"));
        assert!(zipped_divide(&l("(_8,_4):(_1,_8)"), &t("(_,_2)"))
            .unwrap_err()
            .message
            .contains("Index out of range"));
    }

    use crate::coalesce::coalesce;
    use crate::complement::complement;
    use crate::testing::{injective_layout, static_layout, table};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]
        /// logical_divide(A, T) is A ∘ (T, T*) wherever it is accepted, it covers A (size at
        /// least size(A)), and the regroupings only reorder it: same size, same values.
        #[test]
        fn divide_keeps_the_function(a in static_layout(3), t in injective_layout(2)) {
            let tiler = Tiler::Layout(t.clone());
            let Ok(d) = logical_divide(&a, &tiler) else { return Ok(()) };
            let rest = complement(&t, &coalesce(&a).unwrap().shape).unwrap();
            let b = Layout::concat(&[t.clone(), rest]);
            let sa = a.size().unwrap().value;
            prop_assert!(d.size().unwrap().value >= sa);
            for (k, x) in table(&d).into_iter().enumerate() {
                let bk = b.eval_index(k as i64).unwrap();
                if bk < sa {
                    prop_assert_eq!(x, a.eval_index(bk).unwrap(), "A = {}, T = {}, k = {}", a, t, k);
                }
            }
            let mut v0 = table(&d); v0.sort_unstable();
            for r in [zipped_divide(&a, &tiler), tiled_divide(&a, &tiler), flat_divide(&a, &tiler)] {
                let r = r.unwrap();
                let mut v = table(&r); v.sort_unstable();
                prop_assert_eq!(&v, &v0);
            }
        }
    }
}
