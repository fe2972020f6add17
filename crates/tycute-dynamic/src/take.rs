//! `take<B,E>(L)`: the layout of L's modes `[B, E)`, the runtime twin of
//! `tycute_layout::algebra::take`.
//!
//! CuTe's two `static_assert`s are rejections in the type level's words: `B < E` ("take: empty
//! range error") and `0 <= B && E <= rank(L)` ("take: range out of bounds"). The result is a
//! tuple layout, also for one mode (`take<1,2>((_2,_3):(_1,_2))` is `(_3):(_2)`); an integral
//! layout has rank 1.

use crate::error::{ensure, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// `take<B,E>(layout)`.
pub fn take(layout: &Layout, b: i64, e: i64) -> Result<Layout> {
    ensure!(b < e, "take: empty range error (take<B,E> needs B < E): take<{b},{e}>");
    let rank = layout.shape.modes().len() as i64;
    ensure!(
        0 <= b && e <= rank,
        "take: range out of bounds (take<B,E> needs 0 <= B and E <= rank(layout)): take<{b},{e}> of a rank-{rank} layout"
    );
    let (b, e) = (b as usize, e as usize);
    let shape = IntTuple::Tuple(layout.shape.modes()[b..e].to_vec());
    let stride = IntTuple::Tuple(layout.stride.modes()[b..e].to_vec());
    Ok(Layout::raw(shape, stride))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn take_modes() {
        let t = |s: &str, b, e| take(&l(s), b, e).map(|x| x.to_string());
        assert_eq!(t("(_2,_3,_4):(_1,_2,_6)", 0, 3).unwrap(), "(_2,_3,_4):(_1,_2,_6)");
        assert_eq!(t("(_2,_3,_4):(_1,_2,_6)", 2, 3).unwrap(), "(_4):(_6)");
        assert_eq!(t("(_2,(_3,_4)):(_1,(_2,_6))", 1, 2).unwrap(), "((_3,_4)):((_2,_6))");
        assert_eq!(t("_8:_1", 0, 1).unwrap(), "(_8):(_1)");
        let e = t("(_2,_3):(_1,_2)", 1, 1).unwrap_err();
        assert!(e.is_reject() && e.message.contains("take: empty range error"), "{e}");
        let e = t("(_2,_3):(_1,_2)", 1, 3).unwrap_err();
        assert!(e.is_reject() && e.message.contains("take: range out of bounds"), "{e}");
        let e = t("(_2,_3):(_1,_2)", -1, 1).unwrap_err();
        assert!(e.is_reject() && e.message.contains("take: range out of bounds"), "{e}");
    }
}
