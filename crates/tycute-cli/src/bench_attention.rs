//! `tycute bench attention [--shapes BxHxSxD,...] [--dtype bf16|fp16] [--runs N]`: the sm90
//! attention forward (`tycute_gemm::attention`) at each shape, non-causal and causal, in TFLOP/s
//! (FlashAttention's count: 4·B·H·S²·D, half of it causal). PyTorch's SDPA runs beside it in the
//! same device call (`scripts/attention-harness/attn_check.py`; docs/perf.md).

use tycute_cuda::gpu;
use tycute_cuda::nvrtc::Arch;
use tycute_gemm::attention::{AttnElement, AttnShape, Attention};

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

pub fn run(args: &BenchArgs) -> i32 {
    let shapes: Result<Vec<AttnShape>, String> = if args.shapes.is_empty() {
        DEFAULT_SHAPES.iter().map(|s| parse_shape(s)).collect()
    } else {
        args.shapes.iter().map(|s| parse_shape(s)).collect()
    };
    let shapes = match shapes {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    match args.dtype.as_deref().unwrap_or("bf16") {
        "bf16" => bench::<half::bf16>(&shapes, args.runs),
        "fp16" => bench::<half::f16>(&shapes, args.runs),
        other => {
            eprintln!("error: attention takes --dtype bf16 or fp16, not `{other}`");
            2
        }
    }
}

fn bench<E: AttnElement>(shapes: &[AttnShape], runs: usize) -> i32 {
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
        let attn = match Attention::<E>::load(&ctx, s.head_dim) {
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
            match attn.bench_tflops(&stream, s, causal, runs) {
                Ok(t) => println!(
                    "attention {} B{} H{} S{} d{} {}: {t:.1} TFLOP/s",
                    E::TAG,
                    s.batch,
                    s.heads,
                    s.seq_q,
                    s.head_dim,
                    if causal { "causal" } else { "full" }
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
    }
}
