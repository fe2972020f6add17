# tycute's D beside torch._scaled_mm (cuBLASLt) on the same e4m3 inputs and scales (case.bin from ./h)
import numpy as np, torch
raw = open("case.bin", "rb").read()
M, N, K = np.frombuffer(raw[:12], np.int32); alpha = np.frombuffer(raw[12:16], np.float32)[0]
o = 16
a = np.frombuffer(raw[o:o + M * K], np.uint8).reshape(M, K); o += M * K
b = np.frombuffer(raw[o:o + N * K], np.uint8).reshape(N, K); o += N * K
d = np.frombuffer(raw[o:o + 2 * M * N], np.uint16).reshape(M, N); o += 2 * M * N
r = np.frombuffer(raw[o:o + 4 * M * N], np.float32).reshape(M, N).astype(np.float64) * alpha
ta = torch.from_numpy(a.copy()).cuda().view(torch.float8_e4m3fn); tb = torch.from_numpy(b.copy()).cuda().view(torch.float8_e4m3fn)
ours = torch.from_numpy(d.astype(np.int16)).view(torch.bfloat16).float().double().numpy()
sa = torch.tensor(0.5, device="cuda"); sb = torch.tensor(0.25, device="cuda")
absum = (ta.float().abs().double() @ tb.float().abs().double().t()).cpu().numpy() * alpha
for fast in (True, False):
    t = torch._scaled_mm(ta, tb.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast).float().double().cpu().numpy()
    print(f"{M}x{N}x{K} e4m3, bf16 D, scales 0.5 x 0.25, fast_accum={fast}: "
          f"max |ours - f64| / absum {np.max(np.abs(ours - r) / absum):.2e}, max |cuBLASLt - f64| / absum {np.max(np.abs(t - r) / absum):.2e}, "
          f"max |ours - cuBLASLt| / absum {np.max(np.abs(ours - t) / absum):.2e}, equal bits {np.mean(ours == t) * 100:.1f} %")
