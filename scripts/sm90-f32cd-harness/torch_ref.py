# cuBLAS / cuBLASLt with fp32 D at issue 20's shapes, timed as the harness times tycute (three
# input sets rotated, CUDA events): bf16 x bf16 -> fp32 (torch.mm out_dtype), e4m3 -> fp32
# (torch._scaled_mm, tensorwise scales, fast accumulation), tf32 (torch.mm on fp32 with TF32
# allowed); and bf16 -> bf16 beside them.
import torch
def bench(f):
    try:
        for i in range(6): f(i)
    except Exception as e:
        return f"refused ({str(e).splitlines()[0][:90]})"
    e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
    it = 30
    e0.record()
    for i in range(it): f(i)
    e1.record(); torch.cuda.synchronize()
    return e0.elapsed_time(e1) / it * 1e-3
def tf(M, N, K, t):
    return f"{2 * M * N * K / t / 1e12:.0f}" if isinstance(t, float) else t
for rnd in range(2):
    for (M, N, K) in [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024), (4096, 14336, 4096)]:
        bf = [(torch.randn(M, K, device="cuda").bfloat16(), torch.randn(N, K, device="cuda").bfloat16()) for _ in range(3)]
        r = {}
        r["bf16->fp32 (torch.mm out_dtype)"] = bench(lambda i: torch.mm(bf[i % 3][0], bf[i % 3][1].t(), out_dtype=torch.float32))
        r["bf16->bf16"] = bench(lambda i: torch.mm(bf[i % 3][0], bf[i % 3][1].t()))
        del bf
        f8 = [(torch.randn(M, K, device="cuda").to(torch.float8_e4m3fn), torch.randn(N, K, device="cuda").to(torch.float8_e4m3fn)) for _ in range(3)]
        one = torch.tensor(1.0, device="cuda")
        r["e4m3->fp32 (_scaled_mm fast_accum)"] = bench(lambda i: torch._scaled_mm(f8[i % 3][0], f8[i % 3][1].t(), scale_a=one, scale_b=one, out_dtype=torch.float32, use_fast_accum=True))
        del f8
        torch.backends.cuda.matmul.allow_tf32 = True
        f32 = [(torch.randn(M, K, device="cuda"), torch.randn(N, K, device="cuda")) for _ in range(3)]
        r["tf32->fp32"] = bench(lambda i: torch.mm(f32[i % 3][0], f32[i % 3][1].t()))
        del f32
        torch.backends.cuda.matmul.allow_tf32 = False
        print(f"torch {M}x{N}x{K}: " + ", ".join(f"{k} {tf(M, N, K, v)}" for k, v in r.items()) + " TFLOP/s", flush=True)
