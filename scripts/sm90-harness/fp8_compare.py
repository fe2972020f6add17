# tycute's D beside torch._scaled_mm (cuBLASLt) on the same e4m3 inputs and scales (case.bin: per-tensor
# scales; case_rc.bin: per-row / per-column ones, torch's rowwise form scale_a (M,1), scale_b (1,N); both from fp8.cu)
import os
import numpy as np, torch
for name in ("case.bin", "case_rc.bin"):
    if not os.path.exists(name):
        continue
    raw = open(name, "rb").read()
    M, N, K = (int(x) for x in np.frombuffer(raw[:12], np.int32)); alpha = np.frombuffer(raw[12:16], np.float32)[0]
    f16d = np.frombuffer(raw[16:20], np.int32)[0] != 0
    o = 20
    a = np.frombuffer(raw[o:o + M * K], np.uint8).reshape(M, K); o += M * K
    b = np.frombuffer(raw[o:o + N * K], np.uint8).reshape(N, K); o += N * K
    d = np.frombuffer(raw[o:o + 2 * M * N], np.uint16).reshape(M, N); o += 2 * M * N
    r = np.frombuffer(raw[o:o + 4 * M * N], np.float32).reshape(M, N).astype(np.float64); o += 4 * M * N
    va = np.frombuffer(raw[o:o + 4 * M], np.float32).copy(); o += 4 * M
    vb = np.frombuffer(raw[o:o + 4 * N], np.float32).copy(); o += 4 * N
    rowcol = name == "case_rc.bin"
    dt = torch.float16 if f16d else torch.bfloat16
    ta = torch.from_numpy(a.copy()).cuda().view(torch.float8_e4m3fn); tb = torch.from_numpy(b.copy()).cuda().view(torch.float8_e4m3fn)
    ours = torch.from_numpy(d.astype(np.int16)).view(dt).float().double().numpy()
    if rowcol:
        sc = va.astype(np.float64)[:, None] * vb.astype(np.float64)[None, :]
        sa = torch.from_numpy(va).cuda().reshape(M, 1); sb = torch.from_numpy(vb).cuda().reshape(1, N)
        what = "per-row / per-column scales (rowwise)"
    else:
        sc = np.float64(alpha)
        sa = torch.tensor(0.5, device="cuda"); sb = torch.tensor(0.25, device="cuda")
        what = "scales 0.5 x 0.25"
    r = r * sc
    absum = (ta.float().abs().double() @ tb.float().abs().double().t()).cpu().numpy() * sc
    for fast in ((True,) if rowcol else (True, False)):
        try:
            t = torch._scaled_mm(ta, tb.t(), scale_a=sa, scale_b=sb, out_dtype=dt, use_fast_accum=fast).float().double().cpu().numpy()
        except Exception as e:
            print(f"{M}x{N}x{K} e4m3 {what}, fast_accum={fast}: torch._scaled_mm refused: {e}")
            continue
        print(f"{M}x{N}x{K} e4m3, {'fp16' if f16d else 'bf16'} D, {what}, fast_accum={fast}: "
              f"max |ours - f64| / absum {np.max(np.abs(ours - r) / absum):.2e}, max |cuBLASLt - f64| / absum {np.max(np.abs(t - r) / absum):.2e}, "
              f"max |ours - cuBLASLt| / absum {np.max(np.abs(ours - t) / absum):.2e}, equal bits {np.mean(ours == t) * 100:.1f} %")
