//! `tycute bench attention [--shapes BxHxSxD,...] [--dtype bf16|fp16] [--runs N]`: the sm90
//! attention forward (`tycute_gemm::attention`) at each shape, non-causal and causal, in TFLOP/s
//! (FlashAttention's count: 4·B·H·S²·D, half of it causal). A shape `HxD:L1+L2+...` is a batch
//! of sequences of lengths L1, L2, ... (seq_q = seq_k each), packed with `cu_seqlens`
//! (`AttnVarlen`), counted sequence by sequence. PyTorch's SDPA runs beside it in the
//! same device call (`scripts/attention-harness/attn_check.py`; docs/perf.md).

use tycute_cuda::gpu;
use tycute_cuda::nvrtc::Arch;
use tycute_gemm::attention::{AttnElement, AttnShape, AttnVarlen, Attention, BenchInputs};

use crate::BenchArgs;

/// The shapes of issue 22: batch 4, 32 heads, sequence 4096, head dims 128 and 64.
const DEFAULT_SHAPES: [&str; 2] = ["4x32x4096x128", "4x32x4096x64"];

/// `BxHxSxD` (seq_q = seq_k = S), or the reason it is not one.
pub fn parse_shape(s: &str) -> Result<AttnShape, String> {
    let v: Vec<usize> = s.split('x').map(|p| p.trim().parse::<usize>()).collect::<Result<_, _>>().map_err(|_| format!("shape `{s}`: BxHxSxD (batch, heads, sequence, head dim), e.g. 4x32x4096x128"))?;
    match v[..] {
        [b, h, sq, d] => Ok(AttnShape::new(b, h, sq, sq, d)),
        _ => Err(format!("shape `{s}`: four numbers BxHxSxD (batch, heads, sequence, head dim), e.g. 4x32x4096x128")),
    }
}

/// A benched problem: a fixed length, or sequences of different lengths.
#[derive(Debug, PartialEq)]
pub enum Problem {
    Fixed(AttnShape),
    Varlen(AttnVarlen),
}

impl Problem {
    fn head_dim(&self) -> usize {
        match self {
            Problem::Fixed(s) => s.head_dim,
            Problem::Varlen(v) => v.head_dim(),
        }
    }
}

/// `BxHxSxD`, or `HxD:L1+L2+...` (sequences of those lengths), or the reason it is neither.
pub fn parse_problem(s: &str) -> Result<Problem, String> {
    let Some((hd, lens)) = s.split_once(':') else { return parse_shape(s).map(Problem::Fixed) };
    let usage = || format!("shape `{s}`: HxD:L1+L2+... (heads, head dim, the sequences' lengths), e.g. 32x128:512+1024+4096");
    let hd: Vec<usize> = hd.split('x').map(|p| p.trim().parse::<usize>()).collect::<Result<_, _>>().map_err(|_| usage())?;
    let lens: Vec<i64> = lens.split('+').map(|p| p.trim().parse::<i64>()).collect::<Result<_, _>>().map_err(|_| usage())?;
    let [h, d] = hd[..] else { return Err(usage()) };
    let mut cu = vec![0i32];
    for l in lens {
        let next = i64::from(*cu.last().expect("starts with 0")) + l;
        cu.push(i32::try_from(next).map_err(|_| format!("shape `{s}`: the lengths add up past 2^31 rows"))?);
    }
    AttnVarlen::new(&cu, &cu, h, d).map(Problem::Varlen).map_err(|e| format!("shape `{s}`: {e}"))
}

pub fn run(args: &BenchArgs) -> i32 {
    let shapes: Result<Vec<Problem>, String> = if args.shapes.is_empty() {
        DEFAULT_SHAPES.iter().map(|s| parse_problem(s)).collect()
    } else {
        args.shapes.iter().map(|s| parse_problem(s)).collect()
    };
    let shapes = match shapes {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let inputs = match BenchInputs::named(&args.inputs) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    match args.dtype.as_deref().unwrap_or("bf16") {
        "bf16" => bench::<half::bf16>(&shapes, args.runs, inputs),
        "fp16" => bench::<half::f16>(&shapes, args.runs, inputs),
        other => {
            eprintln!("error: attention takes --dtype bf16 or fp16, not `{other}`");
            2
        }
    }
}

fn bench<E: AttnElement>(shapes: &[Problem], runs: usize, inputs: BenchInputs) -> i32 {
    let ctx = match gpu::context_for(Arch::Sm90a, "the attention kernel") {
        Ok(c) => c,
        Err(why) => {
            eprintln!("error: {why}");
            return 1;
        }
    };
    let stream = ctx.default_stream();
    let mut status = 0;
    for s in shapes {
        let attn = match Attention::<E>::load(&ctx, s.head_dim()) {
            Ok(Some(a)) => a,
            Ok(None) => {
                eprintln!("error: no NVRTC to build the kernel and no TYCUTE_CUBIN_DIR (source scripts/cuda-env.sh)");
                return 1;
            }
            Err(e) => {
                eprintln!("error: {e}");
                status = 2;
                continue;
            }
        };
        for causal in [false, true] {
            let (tflops, what) = match s {
                Problem::Fixed(s) => (attn.bench_tflops(&stream, s, causal, runs, inputs), format!("B{} H{} S{} d{}", s.batch, s.heads, s.seq_q, s.head_dim)),
                Problem::Varlen(v) => {
                    let lens: Vec<String> = (0..v.batch()).map(|b| v.seq_q(b).to_string()).collect();
                    (attn.bench_varlen_tflops(&stream, v, causal, runs, inputs), format!("varlen H{} d{} S {}", v.heads(), v.head_dim(), lens.join("+")))
                }
            };
            match tflops {
                Ok(t) => println!(
                    "attention {} {what} {}: {t:.1} TFLOP/s{}",
                    E::TAG,
                    if causal { "causal" } else { "full" },
                    if inputs == BenchInputs::Normal { " (normal inputs)" } else { "" }
                ),
                Err(e) => {
                    eprintln!("error: {e}");
                    status = 2;
                }
            }
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_parse_or_say_why() {
        assert_eq!(parse_shape("4x32x4096x128").unwrap(), AttnShape::new(4, 32, 4096, 4096, 128));
        assert!(parse_shape("4x32x4096").unwrap_err().contains("four numbers"));
        assert!(parse_shape("4xax4096x128").unwrap_err().contains("BxHxSxD"));
        let Problem::Varlen(v) = parse_problem("32x128:512+1024+77").unwrap() else { panic!("not varlen") };
        assert_eq!((v.heads(), v.head_dim(), v.cu_seqlens_q()), (32, 128, &[0, 512, 1536, 1613][..]));
        assert!(parse_problem("32:512").unwrap_err().contains("HxD:L1+L2"));
        assert!(parse_problem("32x128:512+x").unwrap_err().contains("HxD:L1+L2"));
        assert!(parse_problem("32x128:512+-600").unwrap_err().contains("must not decrease"));
        assert_eq!(parse_problem("4x32x4096x128").unwrap(), Problem::Fixed(AttnShape::new(4, 32, 4096, 4096, 128)));
    }
}
