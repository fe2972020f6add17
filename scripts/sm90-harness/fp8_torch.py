# torch._scaled_mm (cuBLASLt) e4m3 timings at issue 20's shapes, as fp8.cu times tycute: three input sets rotated,
# CUDA events; per-tensor scales (fast accumulation and default) and rowwise ones (scale_a (M,1), scale_b (1,N), fast
# accumulation); bf16 D, and with `f16` fp16 D.
import sys
import torch
from timing import SHAPES, seconds_per_call
torch.backends.cuda.matmul.allow_tf32 = False
out = torch.float16 if "f16" in sys.argv[1:] else torch.bfloat16
def bench(M, N, K, fast, rowwise):
    sets = []
    for _ in range(3):
        a = (torch.randn(M, K, device="cuda")).to(torch.float8_e4m3fn)
        b = (torch.randn(N, K, device="cuda")).to(torch.float8_e4m3fn)
        sets.append((a, b))
    if rowwise:
        sa = torch.rand(M, 1, device="cuda") + 0.5; sb = torch.rand(1, N, device="cuda") + 0.5
    else:
        sa = torch.tensor(0.5, device="cuda"); sb = torch.tensor(0.25, device="cuda")
    f = lambda i: torch._scaled_mm(sets[i % 3][0], sets[i % 3][1].t(), scale_a=sa, scale_b=sb, out_dtype=out, use_fast_accum=fast)
    try:
        t = seconds_per_call(f)
    except Exception as e:
        return f"refused ({str(e).splitlines()[0][:80]})"
    return f"{2 * M * N * K / t / 1e12:.0f}"
for rnd in range(2):
    for (M, N, K) in SHAPES:
        print(f"torch._scaled_mm e4m3 {str(out).split('.')[1]} D {M}x{N}x{K}: tensorwise fast_accum {bench(M,N,K,True,False)}, "
              f"no fast_accum {bench(M,N,K,False,False)}, rowwise fast_accum {bench(M,N,K,True,True)} TFLOP/s")
