# cuBLAS / cuBLASLt at the shapes, as sched.cu times (three input sets rotated, CUDA events)
import sys, torch
from timing import SHAPES, seconds_per_call
torch.backends.cuda.matmul.allow_tf32 = False
iters = int(sys.argv[1]) if len(sys.argv) > 1 else 40
def timed(f):
    return seconds_per_call(f, iters)
print(torch.cuda.get_device_name(), torch.__version__)
for (M, N, K) in SHAPES:
    fl = 2 * M * N * K
    row = []
    for dt in (torch.float16, torch.bfloat16):
        s = [(torch.randn(M, K, device="cuda", dtype=dt), torch.randn(N, K, device="cuda", dtype=dt)) for _ in range(3)]
        row.append(f"{str(dt)[6:]} {fl / timed(lambda i: s[i % 3][0] @ s[i % 3][1].t()) / 1e12:.0f}")
    s = [(torch.randn(M, K, device="cuda").to(torch.float8_e4m3fn), torch.randn(N, K, device="cuda").to(torch.float8_e4m3fn)) for _ in range(3)]
    sa = torch.tensor(0.5, device="cuda"); sb = torch.tensor(0.25, device="cuda")
    for fast in (True, False):
        f = lambda i: torch._scaled_mm(s[i % 3][0], s[i % 3][1].t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)
        row.append(f"e4m3 {'fast' if fast else 'default'} {fl / timed(f) / 1e12:.0f}")
    print(f"torch {M}x{N}x{K} TFLOP/s: " + ", ".join(row))
