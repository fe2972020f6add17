//! The runtime twin of [`crate::s_to_p`]'s rules: the same rules on `tycute_dynamic` values (two
//! `TiledMma`s and the tile's numbers), in the same words, in the same order. The rules on the
//! parts state the same numbers as the type level (`_128`, tuples `(_128, _192, _16)`); the last
//! rule, the re-view itself, is decided here by brute force over every thread's partitions and
//! names the first thread and register that read the wrong element (the type level prints the
//! two coalesced maps instead).

use tycute_dynamic::coalesce::coalesce;
use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_mma::{Operand, TiledMma};
use tycute_dynamic::{AnyLayout, IntTuple, Layout};

/// An attention tile as values.
#[derive(Clone, Debug)]
pub struct TileValues {
    /// `TiledMmaQK`.
    pub qk: TiledMma,
    /// `TiledMmaPV`.
    pub pv: TiledMma,
    /// `kBlockM`.
    pub block_m: i64,
    /// `kBlockN`.
    pub block_n: i64,
    /// `kHeadDim`.
    pub head_dim: i64,
    /// P·V's K tile.
    pub block_k_pv: i64,
}

fn pair(a: i64, b: i64) -> IntTuple {
    IntTuple::Tuple(vec![IntTuple::st(a), IntTuple::st(b)])
}

/// `partition_X(make_tensor(counting, make_layout((m, n))))` of every thread: the element
/// `i + m j` each of its registers holds.
pub fn partitions(tm: &TiledMma, op: Operand, m: i64, n: i64) -> Result<Vec<Vec<i64>>, String> {
    let l = Layout::left(&pair(m, n)).map_err(|e| e.to_string())?;
    let t = Tensor::new(AnyLayout::Plain(l));
    let threads = tm.size().map_err(|e| e.to_string())?.value;
    (0..threads).map(|thr| tm.partition(op, &t, thr).and_then(|p| p.table(1 << 26)).map_err(|e| e.to_string())).collect()
}

fn leaf(t: &IntTuple) -> Option<i64> {
    match t {
        IntTuple::Int(i) => Some(i.value),
        _ => None,
    }
}

/// `convert_layout_acc_Aregs<16-bit>` on an accumulator fragment's layout, with the type
/// level's rules and words.
pub fn convert_layout_acc_aregs(acc: &Layout) -> Result<Layout, String> {
    let not_gmma = || format!("convert_layout_acc_Aregs: the accumulator must be an sm90 GMMA fragment ((2,2,N/8),MMA_M,MMA_N), not `{acc}`");
    if acc.rank() != 3 {
        return Err(not_gmma());
    }
    let m0 = acc.mode(0).map_err(|e| e.to_string())?;
    let (mm, mn) = (acc.mode(1).map_err(|e| e.to_string())?, acc.mode(2).map_err(|e| e.to_string())?);
    let leaves = m0.modes();
    if leaves.len() != 3 || leaves.iter().any(|l| leaf(&l.shape).is_none()) || leaf(&leaves[0].shape) != Some(2) || leaf(&leaves[1].shape) != Some(2) {
        return Err(not_gmma());
    }
    let v = leaf(&leaves[2].shape).unwrap_or(0);
    let dv = leaf(&leaves[2].stride).ok_or_else(not_gmma)?;
    if v % 2 != 0 {
        return Err(format!("convert_layout_acc_Aregs: the accumulator's N/8 must be even (a 16-bit A fragment takes 16 columns): N/8 = _{v}"));
    }
    let rest = Layout::new(
        IntTuple::Tuple(vec![IntTuple::st(v / 2), mn.shape.clone()]),
        IntTuple::Tuple(vec![IntTuple::st(2 * dv), mn.stride.clone()]),
    )
    .and_then(|l| coalesce(&l))
    .map_err(|e| e.to_string())?;
    let frg = Layout::new(
        IntTuple::Tuple(vec![IntTuple::st(2), IntTuple::st(2), IntTuple::st(2)]),
        IntTuple::Tuple(vec![leaves[0].stride.clone(), leaves[1].stride.clone(), IntTuple::st(dv)]),
    )
    .map_err(|e| e.to_string())?;
    Ok(Layout::concat(&[frg, mm, rest]))
}

/// The S to P rules on values; the view (`convert_layout_acc_Aregs` of S's accumulator
/// fragment) where they hold.
pub fn s_to_p(v: &TileValues) -> Result<Layout, String> {
    let atom_a_thr = v.pv.atom.layout_a.mode(0).and_then(|m| m.cosize()).map_err(|e| e.to_string())?;
    if atom_a_thr.value <= 1 {
        return Err(format!(
            "S to P: TiledMmaPV's atom must read A from registers (a GMMA _RS atom), so that P stays in S's accumulator registers; `MMA_Atom<{}>` reads A from shared memory",
            v.pv.atom.name
        ));
    }
    let bits = v.pv.atom.bits[1];
    if bits != 16 {
        return Err(format!(
            "S to P: a pure re-view needs 16-bit A (bf16, fp16); TiledMmaPV's A is _{bits}-bit: the accumulators of S read as _{bits}-bit A need a register permutation (FA3's permute_Aregs_fp8), not a re-view"
        ));
    }
    if v.block_k_pv != v.block_n {
        return Err(format!("S to P: P·V's K tile must be S's N (kBlockN): P·V reads K = _{}, S has N = _{}", v.block_k_pv, v.block_n));
    }
    let tile = |tm: &TiledMma| -> Result<[i64; 3], String> {
        let t = |i| tm.tile_size(i).map(|x| x.value).map_err(|e| e.to_string());
        Ok([t(0)?, t(1)?, t(2)?])
    };
    let t3 = |x: [i64; 3]| format!("(_{}, _{}, _{})", x[0], x[1], x[2]);
    let (tq, tp) = (tile(&v.qk)?, tile(&v.pv)?);
    let bq = [v.block_m, v.block_n, v.head_dim];
    if (0..3).any(|i| bq[i] % tq[i] != 0) {
        return Err(format!("S to P: TiledMmaQK's tile must divide S = Q K^T's (kBlockM, kBlockN, kHeadDim): tile {}, S {}", t3(tq), t3(bq)));
    }
    let bp = [v.block_m, v.head_dim, v.block_k_pv];
    if (0..3).any(|i| bp[i] % tp[i] != 0) {
        return Err(format!("S to P: TiledMmaPV's tile must divide O = P V's (kBlockM, kHeadDim, kBlockN): tile {}, O {}", t3(tp), t3(bp)));
    }
    // the view on thread 0's fragment (the same layout for every thread)
    let s_tile = Tensor::new(AnyLayout::Plain(Layout::left(&pair(v.block_m, v.block_n)).map_err(|e| e.to_string())?));
    let part = v.qk.partition(Operand::C, &s_tile, 0).map_err(|e| e.to_string())?;
    let frag = match v.qk.make_fragment(Operand::C, &part).map_err(|e| e.to_string())? {
        AnyLayout::Plain(l) => l,
        other => return Err(format!("S to P: S's accumulator fragment {other} is not a plain layout")),
    };
    let view = convert_layout_acc_aregs(&frag)?;
    let table = view.table(1 << 26).map_err(|e| e.to_string())?;
    let s_acc = partitions(&v.qk, Operand::C, v.block_m, v.block_n)?;
    let p_a = partitions(&v.pv, Operand::A, v.block_m, v.block_k_pv)?;
    for t in 0..p_a.len() {
        if p_a[t].len() != table.len() {
            return Err(format!(
                "S to P: S's accumulators re-viewed by convert_layout_acc_Aregs are not P·V's A registers: thread {t} has {} A values, the view {}",
                p_a[t].len(),
                table.len()
            ));
        }
        for (r, &j) in table.iter().enumerate() {
            let got = s_acc.get(t).and_then(|a| a.get(j as usize)).copied();
            if got != Some(p_a[t][r]) {
                return Err(format!(
                    "S to P: S's accumulators re-viewed by convert_layout_acc_Aregs are not P·V's A registers: thread {t}'s A register {r} reads accumulator {j}, element {}, and needs element {}",
                    got.map_or("none".to_string(), |g| g.to_string()),
                    p_a[t][r]
                ));
            }
        }
    }
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_dynamic::parse::parse_value;
    use tycute_dynamic::Value;

    fn parse_layout(s: &str) -> Result<Layout, String> {
        match parse_value(s).map_err(|e| e.to_string())? {
            Value::Layout(l) => Ok(l),
            other => Err(format!("{other:?} is not a layout")),
        }
    }

    #[test]
    fn convert_layout_acc_aregs_values() {
        let l = |s: &str| parse_layout(s).unwrap();
        assert_eq!(convert_layout_acc_aregs(&l("((_2,_2,_16),_1,_1):((_1,_2,_4),_0,_0)")).unwrap().to_string(), "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)");
        assert_eq!(convert_layout_acc_aregs(&l("((_2,_2,_8),_1,_2):((_1,_2,_4),_0,_32)")).unwrap().to_string(), "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)");
        let e = convert_layout_acc_aregs(&l("((_2,_2,_3),_1,_1):((_1,_2,_4),_0,_0)")).unwrap_err();
        assert_eq!(e, "convert_layout_acc_Aregs: the accumulator's N/8 must be even (a 16-bit A fragment takes 16 columns): N/8 = _3");
        assert!(convert_layout_acc_aregs(&l("((_4,_2),_1,_1):((_1,_4),_0,_0)")).unwrap_err().starts_with("convert_layout_acc_Aregs: the accumulator must be"));
    }
}
