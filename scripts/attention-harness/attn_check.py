# tycute's attention forward (kernels/attention_sm90.cu through libattn_d{64,128}.so, pack.sh /
# build.sh) beside PyTorch's SDPA on the same inputs: correctness against an f64 reference (O and
# the log-sum-exp; NaN-poisoned O inside guard rows), then TFLOP/s beside SDPA's flash and cuDNN
# backends in the same process (CUDA events, two input sets alternated).
#   python3 attn_check.py [small|check|bench]   (default: check and bench; ATTN_DIMS=64,128: the
#   head dims benched)
import ctypes, math, os, sys
import torch
import torch.nn.functional as F

here = os.path.dirname(os.path.abspath(__file__))
libs = {}
for d in (64, 128):
    for dt, tag in ((torch.bfloat16, "bf16"), (torch.float16, "f16")):
        p = os.path.join(here, f"libattn_d{d}_{tag}.so")
        if os.path.exists(p):
            l = ctypes.CDLL(p)
            l.tycute_attn_fwd.argtypes = [ctypes.c_void_p] * 5 + [ctypes.c_int] * 6 + [ctypes.c_float, ctypes.c_void_p]
            l.tycute_attn_fwd.restype = ctypes.c_int
            l.tycute_attn_info()
            libs[(d, dt)] = l
sys.stdout.flush()
mode = sys.argv[1] if len(sys.argv) > 1 else "all"


def tycute(q, k, v, causal, o=None):
    B, H, Sq, D = q.shape
    Sk = k.shape[2]
    o = torch.empty_like(q) if o is None else o
    lse = torch.empty(B, H, Sq, device=q.device, dtype=torch.float32)
    rc = libs[(D, q.dtype)].tycute_attn_fwd(q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr(), lse.data_ptr(), B, H, Sq, Sk, D, int(causal),
                                            1.0 / math.sqrt(D), torch.cuda.current_stream().cuda_stream)
    if rc != 0:
        raise RuntimeError(f"tycute_attn_fwd returned {rc}")
    return o, lse


def reference(q, k, v, causal):
    D = q.shape[-1]
    s = (q.double() @ k.double().transpose(-1, -2)) / math.sqrt(D)
    if causal:
        s.masked_fill_(torch.ones(s.shape[-2], s.shape[-1], dtype=torch.bool, device=s.device).triu(1), float("-inf"))
    return torch.softmax(s, -1) @ v.double(), torch.logsumexp(s, -1)


def sdpa(q, k, v, causal, backend):
    from torch.nn.attention import sdpa_kernel, SDPBackend
    with sdpa_kernel([getattr(SDPBackend, backend)]):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)


def check(cases):
    ok = True
    for (B, H, Sq, Sk, D, causal, dt) in cases:
        if (D, dt) not in libs:
            print(f"skip {B}x{H}x{Sq}x{Sk} d{D} {dt}: no library")
            continue
        torch.manual_seed(Sq * 7 + Sk + D + causal)
        q = torch.randn(B, H, Sq, D, device="cuda", dtype=dt)
        k = torch.randn(B, H, Sk, D, device="cuda", dtype=dt)
        v = torch.randn(B, H, Sk, D, device="cuda", dtype=dt)
        # O inside guard rows: 64 rows before and after, the guards 7.0, O itself NaN
        buf = torch.full((B * H * Sq + 128, D), 7.0, device="cuda", dtype=dt)
        buf[64:64 + B * H * Sq] = float("nan")
        o, lse = tycute(q, k, v, causal, buf[64:64 + B * H * Sq].view(B, H, Sq, D))
        torch.cuda.synchronize()
        ro, rl = reference(q, k, v, causal)
        err = (o.double() - ro).abs().max().item()
        lerr = (lse.double() - rl).abs().max().item()
        nan = torch.isnan(o).sum().item()
        guards = (buf[:64] != 7.0).sum().item() + (buf[64 + B * H * Sq:] != 7.0).sum().item()
        try:
            serr = (sdpa(q, k, v, causal, "FLASH_ATTENTION" if Sq == Sk or not causal else "MATH").double() - ro).abs().max().item()
        except Exception:
            serr = (sdpa(q, k, v, causal, "MATH").double() - ro).abs().max().item()
        # O's rounding to 16 bits and the 16-bit P: within twice SDPA's error (or 2^-8 of max |O|)
        bound = max(2 * serr, ro.abs().max().item() * 2 ** -8)
        good = err <= bound and lerr <= 1e-3 and nan == 0 and guards == 0
        ok &= good
        print(f"check B{B} H{H} Sq{Sq} Sk{Sk} d{D} {'causal' if causal else 'full'} {str(dt)[6:]}: {'OK' if good else 'FAIL'} "
              f"max|O - f64| {err:.2e} (SDPA {serr:.2e}, bound {bound:.2e}), max|lse - f64| {lerr:.2e}, NaN {nan}, guards touched {guards}")
    return ok


def bench(B, H, S, D, causal, dt, iters=20):
    sets = [[torch.randn(B, H, S, D, device="cuda", dtype=dt) for _ in range(3)] for _ in range(2)]
    fl = 4 * B * H * S * S * D / (2 if causal else 1)
    row = []
    for name, f in (("tycute", lambda s: tycute(*s, causal)), ("SDPA flash", lambda s: sdpa(*s, causal, "FLASH_ATTENTION")),
                    ("SDPA cuDNN", lambda s: sdpa(*s, causal, "CUDNN_ATTENTION"))):
        if name == "tycute" and (D, dt) not in libs:
            continue
        try:
            for i in range(3):
                f(sets[i % 2])
            e0 = torch.cuda.Event(enable_timing=True)
            e1 = torch.cuda.Event(enable_timing=True)
            e0.record()
            for i in range(iters):
                f(sets[i % 2])
            e1.record()
            torch.cuda.synchronize()
            t = e0.elapsed_time(e1) / iters * 1e-3
            row.append(f"{name} {fl / t / 1e12:.0f}")
        except Exception as e:
            row.append(f"{name} refused ({str(e).splitlines()[0][:60]})")
    print(f"bench B{B} H{H} S{S} d{D} {'causal' if causal else 'full'} {str(dt)[6:]} TFLOP/s: " + ", ".join(row))
    sys.stdout.flush()


bf, h = torch.bfloat16, torch.float16
small = [(1, 1, 128, 128, 128, False, bf), (1, 2, 77, 77, 64, True, bf), (1, 2, 130, 130, 128, True, bf), (1, 1, 64, 200, 128, False, bf)]
cases = small + [(2, 3, 300, 300, 128, False, bf), (2, 3, 300, 300, 128, True, bf), (1, 2, 77, 77, 64, False, bf), (1, 4, 1000, 1000, 128, True, bf),
                 (1, 2, 1000, 1000, 64, False, bf), (1, 2, 200, 520, 128, False, bf), (1, 2, 4096, 4096, 128, False, bf),
                 (1, 2, 4096, 4096, 128, True, bf), (1, 2, 4096, 4096, 64, True, bf), (1, 2, 1000, 1000, 128, True, h), (1, 2, 513, 513, 64, False, h)]
print(torch.cuda.get_device_name(), torch.__version__)
ok = True
if mode in ("small",):
    ok = check(small)
if mode in ("all", "check"):
    ok = check(cases)
if mode in ("all", "bench"):
    # ATTN_DIMS=64: only those head dims (e.g. two builds of one head dim side by side)
    dims = [int(x) for x in os.environ.get("ATTN_DIMS", "128,64").split(",")]
    for D in dims:
        for causal in (False, True):
            bench(4, 32, 4096, D, causal, bf)
    if 128 in dims:
        bench(4, 32, 4096, 128, False, h)
print("ALL OK" if ok else "SOME FAILED")
sys.exit(0 if ok else 1)
