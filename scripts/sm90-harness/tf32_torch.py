# cuBLAS TF32 beside tf32.cu (docs/perf.md, "tf32 on sm90"): torch.matmul of f32 A (M,K) and B (N,K)^T
# with allow_tf32 (CUBLAS_COMPUTE_32F_FAST_TF32), f32 D; three input sets rotated, CUDA events.
import torch
torch.backends.cuda.matmul.allow_tf32 = True
def bench(M, N, K):
    sets = [(torch.rand(M, K, device="cuda") * 2 - 1, torch.rand(N, K, device="cuda") * 2 - 1) for _ in range(3)]
    f = lambda i: torch.matmul(sets[i % 3][0], sets[i % 3][1].t())
    for i in range(6): f(i)
    e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
    it = 30
    e0.record()
    for i in range(it): f(i)
    e1.record(); torch.cuda.synchronize()
    t = e0.elapsed_time(e1) / it * 1e-3
    return 2 * M * N * K / t / 1e12
for (M, N, K) in [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024), (4096, 14336, 4096)]:
    print(f"cuBLAS tf32 (torch.matmul, allow_tf32) {M}x{N}x{K}: {bench(M,N,K):.0f} TFLOP/s")
