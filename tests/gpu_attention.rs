//! On an sm_90 GPU: the attention forward (`kernels/attention_sm90.cu` through
//! `tycute::gemm::attention::Attention`, built by NVRTC or read from `TYCUTE_CUBIN_DIR`) against an
//! f64 CPU reference, for bf16 and fp16, head dims 64 and 128, causal and not, sequence lengths
//! that are not multiples of the 128-row blocks, seq_q ≠ seq_k, batches and heads. O and lse are
//! poisoned with NaN and sit between sentinel rows that must stay untouched.
//!
//! The bound is derived: P is rounded to the element type before P·V (at most u = 2^-8 for bf16,
//! 2^-11 for fp16, relative to each p ≥ 0), so O is off by at most u · max|V| from P's rounding
//! (the row sums are of the unrounded p), plus O's own rounding u · |O| and the f32 arithmetic
//! (exp2 and log2 approximations, 2^-20 relative, taken as 2^-16 · max|V|); lse within 1e-4 ·
//! (1 + |lse|). Without a GPU (or another architecture, or without NVRTC and `TYCUTE_CUBIN_DIR`)
//! it prints why and passes. `TYCUTE_ATTENTION_SMALL=1` runs the three smallest shapes (for
//! compute-sanitizer).

use tycute::gemm::attention::{AttnElement, AttnShape, Attention};
use tycute::gemm::GemmElem;
use tycute_cuda::{gpu, nvrtc};

/// The f64 reference: O (seq_q x d per (b, h)) and lse.
fn reference(s: &AttnShape, causal: bool, q: &[f64], k: &[f64], v: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let (d, sq, sk) = (s.head_dim, s.seq_q, s.seq_k);
    let scale = 1.0 / (d as f64).sqrt();
    let mut o = vec![0.0; s.q_len()];
    let mut lse = vec![0.0; s.batch * s.heads * sq];
    let mut row = vec![0.0; sk];
    for bh in 0..s.batch * s.heads {
        let (qb, kb) = (bh * sq * d, bh * sk * d);
        for i in 0..sq {
            let cols = if causal { i + 1 } else { sk };
            let mut mx = f64::NEG_INFINITY;
            for (j, r) in row.iter_mut().enumerate().take(cols) {
                *r = (0..d).map(|c| q[qb + i * d + c] * k[kb + j * d + c]).sum::<f64>() * scale;
                mx = mx.max(*r);
            }
            let mut l = 0.0;
            for r in row.iter_mut().take(cols) {
                *r = (*r - mx).exp();
                l += *r;
            }
            lse[bh * sq + i] = mx + l.ln();
            for c in 0..d {
                o[qb + i * d + c] = (0..cols).map(|j| row[j] * v[kb + j * d + c]).sum::<f64>() / l;
            }
        }
    }
    (o, lse)
}

/// A deterministic stream of values in [-2, 2) rounded to E.
fn inputs<E: GemmElem>(n: usize, seed: u64) -> (Vec<E>, Vec<f64>) {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let e: Vec<E> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            E::from_f64(((x >> 11) as f64 / (1u64 << 53) as f64) * 4.0 - 2.0)
        })
        .collect();
    let f = e.iter().map(|v| v.to_f64()).collect();
    (e, f)
}

fn cases<E: AttnElement>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, u: f64) -> Option<usize> {
    let stream = ctx.default_stream();
    let mut ran = 0;
    for d in tycute::gemm::attention::HEAD_DIMS {
        let a = match Attention::<E>::load(ctx, d) {
            Ok(Some(a)) => a,
            Ok(None) => {
                eprintln!("skipped: a GPU but no NVRTC (or set TYCUTE_CUBIN_DIR)");
                return None;
            }
            Err(e) => panic!("{e}"),
        };
        let shapes: &[(usize, usize, usize, usize, bool)] =
            &[(1, 1, 128, 128, false), (1, 2, 77, 77, true), (1, 2, 130, 130, true), (1, 1, 64, 200, false), (2, 3, 300, 300, true), (1, 2, 257, 520, false)];
        // TYCUTE_ATTENTION_SMALL=1: the three smallest (compute-sanitizer's cases)
        let small = std::env::var_os("TYCUTE_ATTENTION_SMALL").is_some();
        for &(b, h, sq, sk, causal) in &shapes[..if small { 3 } else { shapes.len() }] {
            let s = AttnShape::new(b, h, sq, sk, d);
            let seed = (b * 1000 + h * 100 + sq + sk + d) as u64;
            let (q, qf) = inputs::<E>(s.q_len(), seed);
            let (k, kf) = inputs::<E>(s.k_len(), seed + 1);
            let (v, vf) = inputs::<E>(s.k_len(), seed + 2);
            let (want_o, want_l) = reference(&s, causal, &qf, &kf, &vf);
            // O between 64 guard rows of sentinels on each side, NaN inside; lse likewise
            let guard = 64 * d;
            let nan = E::from_bits(E::SENTINEL);
            let mut o_host = vec![nan; s.q_len() + 2 * guard];
            for x in &mut o_host[guard..guard + s.q_len()] {
                *x = E::from_f64(f64::NAN);
            }
            let mut l_host = vec![f32::NAN; b * h * sq + 128];
            l_host[..64].fill(-7.0);
            l_host[64 + b * h * sq..].fill(-7.0);
            let (dq, dk, dv) = (stream.clone_htod(&q).unwrap(), stream.clone_htod(&k).unwrap(), stream.clone_htod(&v).unwrap());
            let mut dout = stream.clone_htod(&o_host).unwrap();
            let mut dlse = stream.clone_htod(&l_host).unwrap();
            {
                let mut ov = dout.slice_mut(guard..guard + s.q_len());
                let mut lv = dlse.slice_mut(64..64 + b * h * sq);
                a.launch(&stream, &s, causal, None, &dq, &dk, &dv, &mut ov, &mut lv).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            }
            let o_got = stream.clone_dtoh(&dout).unwrap();
            let l_got = stream.clone_dtoh(&dlse).unwrap();
            let vmax = vf.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            let (mut bad, mut worst, mut lworst) = (0usize, 0.0f64, 0.0f64);
            for (i, w) in want_o.iter().enumerate() {
                let got = o_got[guard + i].to_f64();
                let bound = u * vmax + u * w.abs() + 2f64.powi(-16) * vmax;
                let err = (got - w).abs();
                if err.is_nan() || err > bound {
                    bad += 1;
                }
                worst = worst.max(err / bound);
            }
            for (i, w) in want_l.iter().enumerate() {
                let err = (l_got[64 + i] as f64 - w).abs();
                if err.is_nan() || err > 1e-4 * (1.0 + w.abs()) {
                    bad += 1;
                }
                lworst = lworst.max(err);
            }
            let guards = o_got[..guard].iter().chain(&o_got[guard + s.q_len()..]).filter(|x| x.bits() != E::SENTINEL).count()
                + l_got[..64].iter().chain(&l_got[64 + b * h * sq..]).filter(|&&x| x != -7.0).count();
            println!(
                "{} d{d} {s:?} {}: worst |O - f64| / bound {worst:.3}, worst |lse - f64| {lworst:.2e}, {bad} outside, {guards} guards written",
                E::NAME,
                if causal { "causal" } else { "full" }
            );
            assert_eq!((bad, guards), (0, 0), "{} d{d} {s:?} causal {causal}", E::NAME);
            ran += 1;
        }
    }
    Some(ran)
}

#[test]
fn attention_matches_the_reference_on_the_gpu() {
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 attention kernel") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let Some(n) = cases::<half::bf16>(&ctx, 2f64.powi(-8)) else { return };
    let Some(m) = cases::<half::f16>(&ctx, 2f64.powi(-11)) else { return };
    println!("{} cases within the bound", n + m);
}

#[test]
fn attention_refuses_what_it_cannot_take() {
    let e = AttnShape::new(1, 1, 100, 200, 128).check(128, true).unwrap_err().to_string();
    assert!(e.contains("seq_q = seq_k"), "{e}");
    assert!(Attention::<half::f16>::options(256).is_err());
}
