import torch
torch.backends.cuda.matmul.allow_tf32 = False
def bench(M, N, K, fast):
    sets = []
    for _ in range(3):
        a = (torch.randn(M, K, device="cuda")).to(torch.float8_e4m3fn)
        b = (torch.randn(N, K, device="cuda")).to(torch.float8_e4m3fn)
        sets.append((a, b))
    sa = torch.tensor(0.5, device="cuda"); sb = torch.tensor(0.25, device="cuda")
    f = lambda i: torch._scaled_mm(sets[i % 3][0], sets[i % 3][1].t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)
    for i in range(6): f(i)
    e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
    it = 30
    e0.record()
    for i in range(it): f(i)
    e1.record(); torch.cuda.synchronize()
    t = e0.elapsed_time(e1) / it * 1e-3
    return 2 * M * N * K / t / 1e12
for (M, N, K) in [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024), (4096, 14336, 4096)]:
    print(f"torch._scaled_mm e4m3 tensorwise bf16 {M}x{N}x{K}: fast_accum {bench(M,N,K,True):.0f}, no fast_accum {bench(M,N,K,False):.0f} TFLOP/s")
