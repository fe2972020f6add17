# tycute's D (sm90_128x256_tf32, bf16) beside cuBLAS TF32 (torch.matmul, allow_tf32, f32 D) on the
# same f32 inputs (case.bin from tf32.cu), both against the f64 reference.
import numpy as np, torch
raw = open("case.bin", "rb").read()
M, N, K = np.frombuffer(raw[:12], np.int32); alpha = np.frombuffer(raw[12:16], np.float32)[0]
o = 16
a = np.frombuffer(raw[o:o + 4 * M * K], np.float32).reshape(M, K); o += 4 * M * K
b = np.frombuffer(raw[o:o + 4 * N * K], np.float32).reshape(N, K); o += 4 * N * K
d = np.frombuffer(raw[o:o + 2 * M * N], np.uint16).reshape(M, N); o += 2 * M * N
r = np.frombuffer(raw[o:o + 8 * M * N], np.float64).reshape(M, N) * alpha
ours = torch.from_numpy(d.astype(np.int16)).view(torch.bfloat16).double().numpy()
torch.backends.cuda.matmul.allow_tf32 = True
ta, tb = torch.from_numpy(a.copy()).cuda(), torch.from_numpy(b.copy()).cuda()
t = (torch.matmul(ta, tb.t()) * alpha).double().cpu().numpy()
tbf = (torch.matmul(ta, tb.t()) * alpha).bfloat16().double().cpu().numpy()
absum = (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)).T) * alpha
print(f"{M}x{N}x{K} tf32, alpha {alpha}: max |ours(bf16) - f64| / absum {np.max(np.abs(ours - r) / absum):.2e}, "
      f"max |cuBLAS(f32) - f64| / absum {np.max(np.abs(t - r) / absum):.2e}, max |ours - bf16(cuBLAS)| / absum {np.max(np.abs(ours - tbf) / absum):.2e}, "
      f"equal bf16 bits {np.mean(ours == tbf) * 100:.1f} %")
