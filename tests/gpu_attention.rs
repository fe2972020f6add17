//! On an sm_90 GPU: the attention forward (`kernels/attention_sm90.cu` through
//! `tycute::gemm::attention::Attention`, built by NVRTC or read from `TYCUTE_CUBIN_DIR`) against an
//! f64 CPU reference, for bf16 and fp16, head dims 64 and 128, causal and not, sequence lengths
//! that are not multiples of the 128-row blocks, seq_q ≠ seq_k, batches and heads, and variable
//! sequence lengths (packed, with cu_seqlens offsets). O and lse are poisoned with NaN and sit
//! between sentinel rows that must stay untouched.
//!
//! The bound is derived: P is rounded to the element type before P·V (at most u = 2^-8 for bf16,
//! 2^-11 for fp16, relative to each p ≥ 0), so O is off by at most u · max|V| from P's rounding
//! (the row sums are of the unrounded p), plus O's own rounding u · |O| and the f32 arithmetic
//! (exp2 and log2 approximations, 2^-20 relative, taken as 2^-16 · max|V|); lse within 1e-4 ·
//! (1 + |lse|). Without a GPU (or another architecture, or without NVRTC and `TYCUTE_CUBIN_DIR`)
//! it prints why and passes. `TYCUTE_ATTENTION_SMALL=1` runs the three smallest shapes (for
//! compute-sanitizer).

use tycute::gemm::attention::{AttnElement, AttnShape, AttnVarlen, Attention};
use tycute::gemm::GemmElem;
use tycute_cuda::{gpu, nvrtc};

mod random;

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

/// O (q_len elements) between 64 rows of sentinels on each side, NaN inside, and lse likewise
/// between 64 sentinel floats (-7): the launch writes the views inside; the check below finds any
/// element left NaN, outside the bound, or any sentinel written.
struct Guarded<E: AttnElement> {
    o: tycute_cuda::cudarc::driver::CudaSlice<E>,
    lse: tycute_cuda::cudarc::driver::CudaSlice<f32>,
    guard: usize,
    q_len: usize,
    lse_len: usize,
}

impl<E: AttnElement> Guarded<E> {
    fn new(stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>, q_len: usize, lse_len: usize, d: usize) -> Self {
        let guard = 64 * d;
        let mut o_host = vec![E::from_bits(E::SENTINEL); q_len + 2 * guard];
        o_host[guard..guard + q_len].fill(E::from_f64(f64::NAN));
        let mut l_host = vec![f32::NAN; lse_len + 128];
        l_host[..64].fill(-7.0);
        l_host[64 + lse_len..].fill(-7.0);
        Guarded { o: stream.clone_htod(&o_host).unwrap(), lse: stream.clone_htod(&l_host).unwrap(), guard, q_len, lse_len }
    }

    /// The outputs against the reference (`u`: the element's unit roundoff, `vmax`: max |V|): a
    /// line printed, and the count of elements outside the bound plus sentinels written.
    fn check(&self, stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>, what: &str, want_o: &[f64], want_l: &[f64], vmax: f64, u: f64) -> usize {
        let (o_got, l_got) = (stream.clone_dtoh(&self.o).unwrap(), stream.clone_dtoh(&self.lse).unwrap());
        let (g, n, m) = (self.guard, self.q_len, self.lse_len);
        let (mut bad, mut worst, mut lworst) = (0usize, 0.0f64, 0.0f64);
        for (i, w) in want_o.iter().enumerate() {
            let bound = u * vmax + u * w.abs() + 2f64.powi(-16) * vmax;
            let err = (o_got[g + i].to_f64() - w).abs();
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
        let guards = o_got[..g].iter().chain(&o_got[g + n..]).filter(|x| x.bits() != E::SENTINEL).count()
            + l_got[..64].iter().chain(&l_got[64 + m..]).filter(|&&x| x != -7.0).count();
        println!("{} {what}: worst |O - f64| / bound {worst:.3}, worst |lse - f64| {lworst:.2e}, {bad} outside, {guards} guards written", E::NAME);
        bad + guards
    }
}

fn load<E: AttnElement>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, d: usize) -> Option<Attention<E>> {
    match Attention::<E>::load(ctx, d) {
        Ok(Some(a)) => Some(a),
        Ok(None) => {
            eprintln!("skipped: a GPU but no NVRTC (or set TYCUTE_CUBIN_DIR)");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

fn vmax(v: &[f64]) -> f64 {
    v.iter().fold(0.0f64, |m, x| m.max(x.abs()))
}

fn cases<E: AttnElement>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, u: f64) -> Option<usize> {
    let stream = ctx.default_stream();
    let mut ran = 0;
    for d in tycute::gemm::attention::HEAD_DIMS {
        let a = load::<E>(ctx, d)?;
        let shapes: &[(usize, usize, usize, usize, bool)] =
            &[(1, 1, 128, 128, false), (1, 2, 77, 77, true), (1, 2, 130, 130, true), (1, 1, 64, 200, false), (2, 3, 300, 300, true), (1, 2, 257, 520, false), (1, 1, 384, 384, true)];
        // TYCUTE_ATTENTION_SMALL=1: the three smallest (compute-sanitizer's cases)
        let small = std::env::var_os("TYCUTE_ATTENTION_SMALL").is_some();
        for &(b, h, sq, sk, causal) in &shapes[..if small { 3 } else { shapes.len() }] {
            let (what, bad) = one_fixed(&a, &stream, AttnShape::new(b, h, sq, sk, d), causal, u);
            assert_eq!(bad, 0, "{what}");
            ran += 1;
        }
    }
    Some(ran)
}

/// One fixed-length problem of shape `s` on `a` against the f64 reference: what it was, and the
/// count of elements outside the bound and sentinels written.
fn one_fixed<E: AttnElement>(a: &Attention<E>, stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>, s: AttnShape, causal: bool, u: f64) -> (String, usize) {
    let (b, h, sq, sk, d) = (s.batch, s.heads, s.seq_q, s.seq_k, s.head_dim);
    let seed = (b * 1000 + h * 100 + sq + sk + d) as u64;
    let (q, qf) = inputs::<E>(s.q_len(), seed);
    let (k, kf) = inputs::<E>(s.k_len(), seed + 1);
    let (v, vf) = inputs::<E>(s.k_len(), seed + 2);
    let (want_o, want_l) = reference(&s, causal, &qf, &kf, &vf);
    let (dq, dk, dv) = (stream.clone_htod(&q).unwrap(), stream.clone_htod(&k).unwrap(), stream.clone_htod(&v).unwrap());
    let mut out = Guarded::<E>::new(stream, s.q_len(), b * h * sq, d);
    {
        let mut ov = out.o.slice_mut(out.guard..out.guard + s.q_len());
        let mut lv = out.lse.slice_mut(64..64 + b * h * sq);
        a.launch(stream, &s, causal, None, &dq, &dk, &dv, &mut ov, &mut lv).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    }
    let what = format!("d{d} {s:?} {}", if causal { "causal" } else { "full" });
    let bad = out.check(stream, &what, &want_o, &want_l, vmax(&vf), u);
    (what, bad)
}

/// Rows `rows` of head `h` of a (total, heads, d) tensor as a (rows, d) block.
fn gather(x: &[f64], rows: std::ops::Range<usize>, h: usize, heads: usize, d: usize) -> Vec<f64> {
    rows.flat_map(|r| x[(r * heads + h) * d..][..d].iter().copied()).collect()
}

/// Variable lengths: sequences of Q and K of their own lengths (an empty one, one of a single
/// row, lengths past and short of the 128-row blocks, seq_k ≠ seq_q without a mask), packed
/// (total, heads, head dim), each against the fixed-length reference of its own rows.
fn varlen_cases<E: AttnElement>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, u: f64) -> Option<usize> {
    let stream = ctx.default_stream();
    let mut ran = 0;
    let small = std::env::var_os("TYCUTE_ATTENTION_SMALL").is_some();
    for d in tycute::gemm::attention::HEAD_DIMS {
        let a = load::<E>(ctx, d)?;
        let sets: &[(&[usize], &[usize], bool)] = &[(&[77, 0, 300, 128, 1, 191], &[77, 0, 300, 128, 1, 191], true), (&[5, 200, 64, 0], &[130, 1, 257, 9], false)];
        for &(lq, lk, causal) in &sets[..if small { 1 } else { sets.len() }] {
            let (what, bad) = one_varlen(&a, &stream, lq, lk, causal, 3, u);
            assert_eq!(bad, 0, "{what}");
            ran += 1;
        }
    }
    Some(ran)
}

/// One problem of variable lengths (`lq`, `lk`: each sequence's rows of Q and of K, `heads` heads)
/// on `a` against the fixed-length reference of each sequence: what it was, and the count of
/// elements outside the bound and sentinels written.
fn one_varlen<E: AttnElement>(
    a: &Attention<E>,
    stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    lq: &[usize],
    lk: &[usize],
    causal: bool,
    heads: usize,
    u: f64,
) -> (String, usize) {
    let d = a.head_dim();
    let cu = |l: &[usize]| std::iter::once(0).chain(l.iter().scan(0, |t, &n| { *t += n; Some(*t as i32) })).collect::<Vec<i32>>();
    let lens = AttnVarlen::new(&cu(lq), &cu(lk), heads, d).unwrap();
    let seed = (lens.total_q() * 7 + lens.total_k() + d) as u64;
    let (q, qf) = inputs::<E>(lens.q_len(), seed);
    let (k, kf) = inputs::<E>(lens.k_len(), seed + 1);
    let (v, vf) = inputs::<E>(lens.k_len(), seed + 2);
    // the reference, sequence by sequence and head by head, scattered back
    let (mut want_o, mut want_l) = (vec![0.0; lens.q_len()], vec![0.0; lens.lse_len()]);
    let (cq, ck) = (lens.cu_seqlens_q().to_vec(), lens.cu_seqlens_k().to_vec());
    for b in 0..lens.batch() {
        let (rq, rk) = (cq[b] as usize..cq[b + 1] as usize, ck[b] as usize..ck[b + 1] as usize);
        let s = AttnShape::new(1, 1, rq.len(), rk.len(), d);
        for h in 0..heads {
            let (o, l) = reference(&s, causal, &gather(&qf, rq.clone(), h, heads, d), &gather(&kf, rk.clone(), h, heads, d), &gather(&vf, rk.clone(), h, heads, d));
            for (i, r) in rq.clone().enumerate() {
                want_o[(r * heads + h) * d..][..d].copy_from_slice(&o[i * d..][..d]);
                want_l[h * lens.total_q() + r] = l[i];
            }
        }
    }
    let (dq, dk, dv) = (stream.clone_htod(&q).unwrap(), stream.clone_htod(&k).unwrap(), stream.clone_htod(&v).unwrap());
    let mut out = Guarded::<E>::new(stream, lens.q_len(), lens.lse_len(), d);
    let what = format!("d{d} varlen q {lq:?} k {lk:?} {}", if causal { "causal" } else { "full" });
    let dev = lens.upload(stream).unwrap();
    {
        let mut ov = out.o.slice_mut(out.guard..out.guard + dev.q_len());
        let mut lv = out.lse.slice_mut(64..64 + dev.lse_len());
        a.launch_varlen(stream, &dev, causal, None, &dq, &dk, &dv, &mut ov, &mut lv).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
    let bad = out.check(stream, &what, &want_o, &want_l, vmax(&vf), u);
    (what, bad)
}

#[test]
fn attention_matches_the_reference_on_the_gpu() {
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 attention kernel") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let Some(n) = cases::<half::bf16>(&ctx, 2f64.powi(-8)) else { return };
    let Some(m) = cases::<half::f16>(&ctx, 2f64.powi(-11)) else { return };
    let Some(vb) = varlen_cases::<half::bf16>(&ctx, 2f64.powi(-8)) else { return };
    let Some(vf) = varlen_cases::<half::f16>(&ctx, 2f64.powi(-11)) else { return };
    println!("{} cases within the bound", n + m + vb + vf);
}

#[test]
fn attention_refuses_what_it_cannot_take() {
    let e = AttnShape::new(1, 1, 100, 200, 128).check(128, true).unwrap_err().to_string();
    assert!(e.contains("seq_q = seq_k"), "{e}");
    assert!(Attention::<half::f16>::options(256).is_err());
}

/// Problems drawn at random (`TYCUTE_RANDOM_SEED`, `TYCUTE_RANDOM_CASES` per element type and
/// head dim, 10 unless set), bf16 and fp16, head dims 64 and 128: fixed lengths (batch 1-3, heads
/// 1-4, seq_q and seq_k 1-1200 log-uniform, causal ones square as the kernel asks) and, one draw
/// in three, variable lengths (1-5 sequences of 0-700 rows, K's lengths their own where not
/// causal); each within the bound against the f64 reference, no sentinel written.
#[test]
fn attention_random_shapes() {
    let ctx = match gpu::context_for(nvrtc::Arch::Sm90a, "the sm90 attention kernel") {
        Ok(c) => c,
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let (seed, cases) = random::draws("attention_random_shapes", 10);
    let Some(n) = random_cases::<half::bf16>(&ctx, 2f64.powi(-8), seed, cases) else { return };
    let Some(m) = random_cases::<half::f16>(&ctx, 2f64.powi(-11), seed ^ 0x16, cases) else { return };
    println!("attention_random_shapes: {} problems within the bound", n + m);
}

fn random_cases<E: AttnElement>(ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>, u: f64, seed: u64, cases: usize) -> Option<usize> {
    let stream = ctx.default_stream();
    let mut r = random::Lcg(seed | 1);
    let mut ran = 0;
    for d in tycute::gemm::attention::HEAD_DIMS {
        let a = load::<E>(ctx, d)?;
        let mut done = 0;
        while done < cases {
            let causal = r.chance(40);
            let (what, bad) = if r.range(0, 2) == 0 {
                let seqs = r.range(1, 5);
                let lq: Vec<usize> = (0..seqs).map(|_| r.log(0, 700)).collect();
                // (a sequence with rows of Q and none of K is refused: a softmax over no columns)
                let lk: Vec<usize> = if causal { lq.clone() } else { lq.iter().map(|&q| r.log(usize::from(q > 0), 700)).collect() };
                let heads = r.range(1, 4);
                if lq.iter().zip(&lk).map(|(q, k)| q * k).sum::<usize>() * heads * d > 300_000_000 {
                    continue;
                }
                one_varlen(&a, &stream, &lq, &lk, causal, heads, u)
            } else {
                let (b, h, sq) = (r.range(1, 3), r.range(1, 4), r.log(1, 1200));
                let sk = if causal { sq } else { r.log(1, 1200) };
                if b * h * sq * sk * d > 300_000_000 {
                    continue;
                }
                one_fixed(&a, &stream, AttnShape::new(b, h, sq, sk, d), causal, u)
            };
            assert_eq!(bad, 0, "random: {what}");
            done += 1;
        }
        ran += done;
    }
    Some(ran)
}
