# cuBLAS TF32 beside tf32.cu (docs/perf.md, "tf32 on sm90"): torch.matmul of f32 A (M,K) and B (N,K)^T
# with allow_tf32 (CUBLAS_COMPUTE_32F_FAST_TF32), f32 D; three input sets rotated, CUDA events.
import torch
from timing import SHAPES, seconds_per_call
torch.backends.cuda.matmul.allow_tf32 = True
def bench(M, N, K):
    sets = [(torch.rand(M, K, device="cuda") * 2 - 1, torch.rand(N, K, device="cuda") * 2 - 1) for _ in range(3)]
    f = lambda i: torch.matmul(sets[i % 3][0], sets[i % 3][1].t())
    return 2 * M * N * K / seconds_per_call(f) / 1e12
for (M, N, K) in SHAPES:
    print(f"cuBLAS tf32 (torch.matmul, allow_tf32) {M}x{N}x{K}: {bench(M,N,K):.0f} TFLOP/s")
