# How the harnesses' python companions time a library call, as the .cu harnesses time tycute:
# f(i) for i = 0, 1, ... (rotate input sets with it), 6 warm-up calls, then `iters` calls queued
# between one pair of CUDA events; seconds per call.
import torch

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024), (4096, 14336, 4096)]


def seconds_per_call(f, iters=30):
    for i in range(6):
        f(i)
    e0 = torch.cuda.Event(enable_timing=True)
    e1 = torch.cuda.Event(enable_timing=True)
    e0.record()
    for i in range(iters):
        f(i)
    e1.record()
    torch.cuda.synchronize()
    return e0.elapsed_time(e1) / iters * 1e-3
