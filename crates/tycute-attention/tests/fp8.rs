//! fp8 P·V (stretch): the 8-bit A fragment over S's accumulators is not a re-view, the
//! permutation table is computed from the tiles' tables, and FlashAttention-3's
//! `permute_Aregs_fp8` (`hopper/utils.h`: its byte selectors and quad shuffles, simulated here
//! on element numbers) produces exactly P·V's A operand from the converted accumulators.
//!
//! The fp8 tile is no kernel's yet (the attention kernel runs bf16 and fp16).

use tycute_attention::permute_aregs_fp8::{AccAsAregsFp8, Fp8Permutation};
use tycute_attention::tile::{Hd128Fp8, TiledMmaPVOf, TiledMmaQKOf};
use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_mma::{Operand, TiledMma};
use tycute_dynamic::{AnyLayout, IntTuple, Layout};
use tycute_emit::value::tiled_mma;
use tycute_layout::{show, table};

fn twin_partition(tm: &TiledMma, op: Operand, m: i64, n: i64) -> Vec<Vec<i64>> {
    let l = Layout::left(&IntTuple::Tuple(vec![IntTuple::st(m), IntTuple::st(n)])).unwrap();
    let t = Tensor::new(AnyLayout::Plain(l));
    (0..tm.size().unwrap().value).map(|thr| tm.partition(op, &t, thr).unwrap().table(1 << 26).unwrap()).collect()
}

/// `__byte_perm(x, y, s)`: byte `n` of the result is byte `(s >> 4n) & 7` of `{x, y}` (x's four
/// bytes first); bytes are element numbers here.
fn byte_perm(x: [i64; 4], y: [i64; 4], s: u32) -> [i64; 4] {
    let b = [x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3]];
    [0, 1, 2, 3].map(|n| b[((s >> (4 * n)) & 7) as usize])
}

/// FA3's `permute_Aregs_fp8` on every thread's 8-bit fragment (bytes = element numbers).
fn fa3_permute_aregs_fp8(frag: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let upper_map = [0usize, 3, 1, 2];
    let n64 = frag[0].len() / 8;
    let mut out = frag.to_vec();
    for i in 0..n64 {
        // each lane's (upper0, lower0) before the shuffles
        let pre: Vec<([i64; 4], [i64; 4])> = frag
            .iter()
            .enumerate()
            .map(|(t, f)| {
                let upper = [f[8 * i], f[8 * i + 1], f[8 * i + 2], f[8 * i + 3]];
                let lower = [f[8 * i + 4], f[8 * i + 5], f[8 * i + 6], f[8 * i + 7]];
                let lane_03 = t % 4 == 0 || t % 4 == 3;
                if lane_03 { (upper, lower) } else { (lower, upper) }
            })
            .collect();
        for t in 0..frag.len() {
            let (q, base) = (t % 4, t & !3);
            let lane_03 = q == 0 || q == 3;
            let (sel_upper, sel_lower) = if lane_03 { (0x5410, 0x7632) } else { (0x1054, 0x3276) };
            // __shfl_sync(.., upper0, upper_map[q], 4), __shfl_sync(.., lower0, upper_map[q] ^ 1, 4)
            let upper0 = pre[base + upper_map[q]].0;
            let lower0 = pre[base + (upper_map[q] ^ 1)].1;
            let x = byte_perm(upper0, lower0, sel_upper);
            let y = byte_perm(upper0, lower0, sel_lower);
            out[t][8 * i..8 * i + 4].copy_from_slice(&x);
            out[t][8 * i + 4..8 * i + 8].copy_from_slice(&y);
        }
    }
    out
}

#[test]
fn fp8_hd128_permutation() {
    let qk = tiled_mma::<TiledMmaQKOf<Hd128Fp8>>().unwrap();
    let pv = tiled_mma::<TiledMmaPVOf<Hd128Fp8>>().unwrap();
    let s_acc = twin_partition(&qk, Operand::C, 128, 128);
    let p_a = twin_partition(&pv, Operand::A, 128, 128);
    assert_eq!((s_acc.len(), s_acc[0].len(), p_a[0].len()), (256, 64, 64));

    // FA3's 8-bit layout keeps the registers in place ...
    assert_eq!(show::<AccAsAregsFp8<Hd128Fp8>>(), "((_4,_2,_2),_1,_4):((_1,_4,_8),_0,_16)");
    let view = table::<AccAsAregsFp8<Hd128Fp8>>();
    let converted: Vec<Vec<i64>> = s_acc.iter().map(|acc| view.iter().map(|&r| acc[r as usize]).collect()).collect();
    // ... so without the permutation most A values hold the wrong element
    let wrong = (0..256).map(|t| (0..64).filter(|&r| converted[t][r] != p_a[t][r]).count()).sum::<usize>();
    // (14336 of 16384: only 1 value in 8 is already where P·V reads it)
    assert_eq!(wrong, 14336);

    // the table: every A value comes from a lane of the thread's quad
    let perm = Fp8Permutation::new(&s_acc, &p_a).unwrap();
    for t in 0..256 {
        for r in 0..64 {
            let (q, j) = (perm.lane[t][r] as usize, perm.reg[t][r] as usize);
            assert_eq!(s_acc[(t & !3) + q][j], p_a[t][r]);
        }
    }
    // FA3's byte permutation and shuffles do exactly that
    assert_eq!(fa3_permute_aregs_fp8(&converted), p_a);
    // too few threads for the quads: an error, not a panic
    assert!(Fp8Permutation::new(&s_acc, &p_a[..4]).is_err());

    // into a header, checked against the tables again
    let mut h = tycute_emit::Header::new("fp8_check").unwrap();
    tycute_attention::header::fp8_permutation(&mut h, "p8", &perm, &s_acc, &p_a).unwrap();
    assert!(h.text().contains("TYCUTE_DEVICE const unsigned char p8_lane[256][64] = {"));
    let mut bad = perm.clone();
    bad.reg[5][7] += 1;
    assert!(tycute_attention::header::fp8_permutation(&mut tycute_emit::Header::new("x").unwrap(), "p8", &bad, &s_acc, &p_a).is_err());
}
