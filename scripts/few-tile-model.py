#!/usr/bin/env python3
"""Fits the few-tile cost model of crates/tycute-gemm/src/sm90/cost.rs to sweep outputs.

Usage: python3 scripts/few-tile-model.py DIR [DIR ...]   (needs numpy and scipy)

Each DIR holds outputs of `tycute bench sm90 --sweep FILE --dtype fp16 --config C` for the five
forms (sm90, sm90_128x64, sm90_64x64, sm90_128x256, sm90_128x192), as `*.txt`, and may hold the
choice's own run (a file named `*auto*`: `--config auto`) to compare with; every line timed in
one of the five forms counts. It prints each form's constants as cost.rs's
table has them, the fit's error, and the geometric mean of the ratio to the reference that the
model's choice (20 % gain over the choice before, as `pick_on` takes it) would have reached.
docs/perf.md, "Few tiles on an H200: a cost model", has the run this fitted.
"""
import glob
import math
import re
import sys

import numpy as np
from scipy.optimize import least_squares

SMS = 132
SLOT0, EPI = 23, 35  # the schedule's split cost model (stream_k.rs), tenths of a k-block
FORMS = {  # tile, stream-K
    "sm90": (128, 128, False),
    "sm90_128x64": (128, 64, False),
    "sm90_64x64": (64, 64, False),
    "sm90_128x256": (128, 256, True),
    "sm90_128x192": (128, 192, True),
}
NAMES = list(FORMS)
LINE = re.compile(r"(\S+)\s+(\d+)x(\d+)x(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S+?),")


def split_cost(kt, s):
    return 10 * -(-kt // s) + (s - 1) * SLOT0 + EPI


def plan(tiles, kt):
    """Sm90Schedule::plan with stream-K: (grid, stream-K tiles, splits)."""
    waves = -(-tiles // SMS)
    whole = (min(tiles, SMS), 0, 0)
    r = tiles % SMS
    if kt < 8 or 20 * (waves * SMS - tiles) <= waves * SMS or r == 0:
        return whole
    cands = range(2, min(SMS // r, kt // 4, 8) + 1)
    if not cands:
        return whole
    best = min(cands, key=lambda s: split_cost(kt, s))
    return (SMS, r, best) if split_cost(kt, best) < 10 * kt else whole


def time_us(par, m, n, k, form):
    tm, tn, sk = FORMS[form]
    i = NAMES.index(form)
    o, p, r = (math.exp(x) for x in par[3 * i:3 * i + 3])
    slot, bw = math.exp(par[-2]), math.exp(par[-1])
    kt = -(-k // 64)
    tiles = -(-m // tm) * -(-n // tn)
    if sk:
        grid, skt, sp = plan(tiles, kt)
        kblocks = kt * -(-(tiles - skt) // grid) + ((-(-kt // sp)) + (sp - 1) * slot if skt else 0)
    else:
        kblocks = kt * -(-tiles // SMS)
    load = (min(tm, m) + tn) * 128
    unique = 2 * (m * k + n * k + m * n)
    return o + max(kblocks * max(tm * tn / p, load / r), unique / bw)


def read(dirs):
    times, choice = {}, {}
    for d in dirs:
        for f in glob.glob(d + "/*.txt"):
            for line in open(f):
                x = LINE.match(line)
                if not x or "staged" in line or "split-K" in line:
                    continue
                m, n, k = map(int, x.group(2, 3, 4))
                ours, ref, form = float(x.group(5)), float(x.group(6)), x.group(8)
                flop = 2 * m * n * k / 1e6
                if "auto" in f:
                    choice[(m, n, k)] = form
                if form in FORMS:
                    times.setdefault((m, n, k, form), []).append((flop / ours, flop / ref))
    return times, choice


def main():
    times, choice = read(sys.argv[1:] or ["."])
    keys = list(times)
    t = np.log([np.mean([x[0] for x in times[k]]) for k in keys])
    p0 = [v for _ in NAMES for v in (math.log(3.0), math.log(128 * 128 / 0.6), math.log(3e4))] + [math.log(2.3), math.log(4e6)]
    par = least_squares(lambda p: np.log([time_us(p, *k) for k in keys]) - t, p0).x
    err = np.log([time_us(par, *k) for k in keys]) - t
    print(f"{len(keys)} timings, rms error {np.sqrt(np.mean(err ** 2)):.3f} (log of time)")
    for i, c in enumerate(NAMES):
        tm, tn, _ = FORMS[c]
        o, p, r = (math.exp(x) for x in par[3 * i:3 * i + 3])
        print(f"  {c}: overhead_ns {o * 1e3:.0f}, kblock_ns {tm * tn / p * 1e3:.0f}, load_bytes_per_ns {r / 1e3:.1f}")
    print(f"  SLOT_KBLOCKS {math.exp(par[-2]):.2f}, DRAM {math.exp(par[-1]) / 1e3:.0f} GB/s")
    shapes = {}
    for (m, n, k, c), v in times.items():
        shapes.setdefault((m, n, k), {})[c] = np.mean([x[1] for x in v]) / np.mean([x[0] for x in v])
    got = before = best = 0.0
    count = 0
    for s, ratio in shapes.items():
        if len(ratio) < len(FORMS) or choice.get(s) not in ratio:
            continue
        c0 = choice[s]
        pred = {c: time_us(par, *s, c) for c in ratio}
        c1 = min(pred, key=pred.get)
        c1 = c1 if 1.2 * pred[c1] <= pred[c0] else c0
        got, before, best, count = got + math.log(ratio[c1]), before + math.log(ratio[c0]), best + math.log(max(ratio.values())), count + 1
    if count:
        print(f"{count} shapes with the choice's run: before {math.exp(before / count):.3f}x, the model's choice {math.exp(got / count):.3f}x, the best form each {math.exp(best / count):.3f}x")


if __name__ == "__main__":
    main()
