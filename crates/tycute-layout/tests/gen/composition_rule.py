#!/usr/bin/env python3
"""A model of CuTe's composition and of tycute's exact composition rule, checked by brute force.

`composition(A, B)` in tycute is CuTe's composition, accepted exactly when CuTe's result `R` is
`i -> A(B(i))` at every `i < size(B)` with `0 <= B(i) < size(A)` (the domain; CuTe's own checks
are weak: NVIDIA/cutlass#3177). The rule is O(modes of A x leaves of B); this script is its
executable spec. docs/design.md, "Composition: the exact rule", states it with the soundness
argument; crates/tycute-layout/src/algebra/composition.rs and composition/*.rs (type level) and
crates/tycute-dynamic/src/composition.rs (the twin, with its brute-force check
`composition_check`) implement it.

CuTe's walk (per leaf `s:d` of B, on A' = coalesce_x(A) = c_0:e_0, ..., c_{R-1}:e_{R-1}; all values
static; weights w_0 = 1, w_{j+1} = w_j*c_j; N = size(A)). A leaf with `d == 0`, or an A' of one
mode, is exact. Otherwise, with `rest_shape = s`, `rest_stride = d`, for each mode j < R-1 CuTe
checks its "stride divisibility" `rest_stride % c_j == 0 || rest_stride < c_j` (signed) and
computes `next_shape = ceil_div(c_j, |rest_stride|)`, `rho_j = ceil_div(|rest_stride|, c_j) * sign`.
It *skips* mode j (n_j = 1) when `next_shape == 1 || rest_shape == 1`; otherwise it places
`n_j = min(next_shape, rest_shape)` elements in mode j at stride `rest_stride` (checking its
"shape divisibility" `rest_shape % n_j == 0`), and goes on with `rest_shape / n_j`. The rest is
placed in the last mode. The step is exact when `n_j * rest_stride == rho_j * c_j`.

THE EXACT RULE (`exact`). K_j = n_0 * ... * n_j; a leaf's value below the end of mode j is
L_j(k) = (k mod K_j)*d + (k div K_j)*(K_j*d - w_{j+1}*rho_j), above it U_j(k) = w_{j+1}*rho_j*(k div K_j).
The box: a bound S_l > k_l on the domain per leaf, from B >= 0 (d < 0: k*|d| <= PR) and B < N
(d > 0: k*d <= N-1+NR), DOMAIN_ROUNDS = 4 rounds (`eff_gs`, the linear box), then one pass of the
lattice box (`lattice_gs`: each leaf against the other leaves' gcd and reach in the linear box).
For every mode j < R-1:
  1./2. no leaf steps over mode j inexactly (1: a skip, 2: part of the mode, continuing) while
        e_j != 0 and S_l > K_j (it has coordinates past the step in the box);
  3. max over the box of sum_l L_j < w_{j+1}, or w_{j+1} + min sum_l U_j >= N;
  4. min over the box of sum_l L_j >= 0, or max sum_l U_j <= 0.
Sound: at a point of the domain 3 and 4 force 0 <= L_j < w_{j+1}, so the L's give B(i)'s digits,
and 1-2 make CuTe's digit in every mode with e_j != 0 equal to that digit (docs/design.md).

`strict` is the former rule (conditions on per-mode digit sums, inert leaves, a top mode), kept
to compare; `old` is the one before it.

NUMBERS (`python3 composition_rule.py`; seeds fixed; a few minutes on 2 cores). A and B are random
flat layouts of 1-4 modes with shapes 1..8 and strides in -16..16 with at least one negative
('neg'), in 0..16 ('nonneg'), +-compact strides of a permuted shape, sometimes scaled or zeroed
('compact'), or 'compact' with a trailing `_1` mode in A ('trailing1'). CuTe-ok: CuTe's own
checks pass; correct: and R(i) = A(B(i)) on the whole domain; wrong: CuTe-ok but not correct.
Per rule: wrong-acc = wrong cases the rule accepts (must be 0); over = correct cases it rejects;
over/inj = the same among injective B (of "correct inj").

  class        cases CuTe-ok correct  wrong | rule                       wrong-acc   over over/inj
  neg         100000   48523   44754   3769 | exact                              0      6        1  (correct inj 27740)
                                            | exact-without-1-2                552      6        1
                                            | exact-without-3                  155      4        1
                                            | exact-without-4                  284      6        1
                                            | exact-1-round                      0      7        1
                                            | exact-without-box                  0   9163     7026
                                            | exact-without-zero                 0     21       14
                                            | exact-linear-box                   0     10        1
                                            | strict (former)                    0    129       54
                                            | old                             1765   2102     1508
  nonneg      200000   79317   75076   4241 | exact                              0      0        0  (correct inj 41837)
                                            | exact-without-1-2                479      0        0
                                            | exact-without-3                  827      0        0
                                            | exact-without-4                    0      0        0
                                            | exact-1-round                      0      0        0
                                            | exact-without-box                  0    227      159
                                            | exact-without-zero                 0     20       14
                                            | exact-linear-box                   0      0        0
                                            | strict (former)                    0     20       14
                                            | old                                0    301      183
  compact     100000   66100   62065   4035 | exact                              0      1        1  (correct inj 52673)
                                            | exact-without-1-2                128      1        1
                                            | exact-without-3                  620      1        1
                                            | exact-without-4                  935      1        1
                                            | exact-1-round                      0      1        1
                                            | exact-without-box                  0    827      649
                                            | exact-without-zero                 0     18       17
                                            | exact-linear-box                   0      1        1
                                            | strict (former)                    0     62       38
                                            | old                              983    700      624
  trailing1   100000   46777   42401   4376 | exact                              0      1        1  (correct inj 35198)
                                            | exact-without-1-2                135      1        1
                                            | exact-without-3                  574      1        1
                                            | exact-without-4                 1425      1        1
                                            | exact-1-round                      0      1        1
                                            | exact-without-box                  0   2977     2480
                                            | exact-without-zero                 0     12       11
                                            | exact-linear-box                   0      1        1
                                            | strict (former)                    0    328      251
                                            | old                             1388   3172     2821

The ablations show that each condition is needed (without 1-2, 3 or 4 the rule accepts wrong
results); the simplifications (one round of the box, no box, no exemption of stride-0 modes, the
linear box without the lattice pass: `exact-linear-box`, the rule before 2026-11-27) only
over-reject more. The 8 remaining over-rejections have a domain of a few scattered points that no
box sees, or two errors of CuTe's result that cancel.

No exact rule is cheap: `hardness_family` is a family where CuTe's result is A∘B on the domain iff
a SUBSET-SUM instance has no solution (docs/design.md, "No exact rule is cheap"); every run checks
it. The lattice box (`lattice_gs`) is the cheap sound part of the exact box that ships: it removes
94 of the twin's 229 over-rejections of the linear box on 10^6 random pairs (`--rejected FILE`
re-decides the pairs `composition_check over|dump ... all` prints, with and without it).

Every static composition, composition_tiler and with_shape case of tests/vectors/algebra.txt is
reproduced by the model of CuTe (the same function) and keeps its decision: accepted, except
`(_12,_8):(_8,_1)` o `(_8,_2):(_1,_8)` (rule 3). `--emit-rust` writes a cross-check of the
type-level implementation against this model (accepted cases compared by table, rejected cases
one per function); `composition_xcheck.py` does the same against the runtime twin.

Usage: python3 crates/tycute-layout/tests/gen/composition_rule.py [--quick]
       python3 crates/tycute-layout/tests/gen/composition_rule.py --emit-rust DIR   (see emit_rust)
       python3 crates/tycute-layout/tests/gen/composition_rule.py --rejected FILE   (see rejected_tests)
"""
import collections
import math
import multiprocessing
import os
import random
import re
import sys

# ------------------------------------------------------------------------------------------------
# CuTe


def ceil_div(a, b):
    return (a + b - 1) // b


def sign(x):
    return (x > 0) - (x < 0)


def size(shape):
    p = 1
    for s in shape:
        p *= s
    return p


def coalesce_x(S, D):
    """CuTe's detail::coalesce_x on flat modes S:D -> [(c, e)] (front first)."""
    c0, e0 = S[-1], D[-1]
    if c0 == 1:
        c0 = 2  # keep the trailing stride: the function past size(A)
    st = [(c0, e0)]
    for s, d in zip(reversed(S[:-1]), reversed(D[:-1])):
        if s == 1:
            continue
        if s * d == st[0][1]:
            st[0] = (s * st[0][0], d)
        else:
            st.insert(0, (s, d))
    return st


class Leaf:
    """One leaf s:d of B walked over A' (CuTe's composition_impl), with what the rule needs."""

    def __init__(self, flat, s, d):
        self.s, self.d = s, d
        self.cute_ok = True
        self.modes = None           # the result: [(n, stride)], evaluated colexicographically
        self.place = []             # (j, n, r): n > 1 elements of mode j at rest stride r
        self.magnitude_bad = []     # modes j visited with rest_shape > 1 that fail condition 1
        self.magnitude_bad_any = [] # ... at any rest_shape (ablation)
        self.partial_bad = []       # modes j where condition 2 fails
        if d == 0:
            self.modes = [(s, 0)]
            return
        if len(flat) == 1:
            if s > 1:
                self.place.append((0, s, d))
            self.modes = [(s, d * flat[0][1])]
            return
        R = len(flat)
        res, rs, rd = [], s, d
        for j in range(R - 1):
            c, e = flat[j]
            if not (rd % c == 0 or rd < c):
                self.cute_ok = False            # static_assert: Stride Divisibility Condition
            if not (abs(rd) % c == 0 or abs(rd) < c):
                self.magnitude_bad_any.append(j)
                if rs > 1:
                    self.magnitude_bad.append(j)
            ns = ceil_div(c, abs(rd))
            nd = ceil_div(abs(rd), c) * sign(rd)
            if ns == 1 or rs == 1:
                rd = nd
                continue
            new = min(ns, rs)
            if rs % new != 0:
                self.cute_ok = False            # static_assert: Shape Divisibility Condition
                return
            if rs // new > 1 and c % abs(rd) != 0:
                self.partial_bad.append(j)
            self.place.append((j, new, rd))
            res.append((new, rd * e))
            rs //= new
            rd = nd
        if rs > 1:
            self.place.append((R - 1, rs, rd))
        last = (rs, rd * flat[-1][1])
        self.modes = [last] if not res else res if rs == 1 else res + [last]


def ev(modes, k):
    v = 0
    for i, (n, d) in enumerate(modes):
        if i == len(modes) - 1:
            v += k * d
        else:
            v += (k % n) * d
            k //= n
    return v


class Case:
    """composition(A, B) for flat A = AS:AD and flat B = BS:BD (B's nesting does not change R's
    function: R keeps B's structure, one result per leaf)."""

    def __init__(self, AS, AD, BS, BD):
        self.AS, self.AD, self.BS, self.BD = AS, AD, BS, BD
        self.flat = coalesce_x(AS, AD)
        self.leaves = [Leaf(self.flat, s, d) for s, d in zip(BS, BD)]
        self.cute_ok = all(l.cute_ok for l in self.leaves)
        self.artificial = AS[-1] == 1 and len(self.flat) >= 2 and self.flat[-1][0] == 2

    def counterexample(self):
        """The first i in the domain with R(i) != A(B(i)), or None."""
        A = list(zip(self.AS, self.AD))
        sa = size(self.AS)
        for i in range(size(self.BS)):
            k, b, r = i, 0, 0
            for leaf in self.leaves:
                kk = k % leaf.s
                k //= leaf.s
                b += kk * leaf.d
                r += ev(leaf.modes, kk)
            if 0 <= b < sa and ev(A, b) != r:
                return (i, b, ev(A, b), r)
        return None

    def injective_b(self):
        seen = set()
        for i in range(size(self.BS)):
            k, b = i, 0
            for s, d in zip(self.BS, self.BD):
                b += (k % s) * d
                k //= s
            if b in seen:
                return False
            seen.add(b)
        return True


# ------------------------------------------------------------------------------------------------
# The rule and its variants. Each returns None (accept) or the name of the failing condition;
# CuTe's own checks have passed.


def strict(case, inert=True, top=True, magnitude=True, magnitude_any=False, borrow=True,
           borrow_last=True, top_guard=True, signed_sums=False):
    flat, R = case.flat, len(case.flat)
    pmax = sum((l.s - 1) * l.d for l in case.leaves if l.d > 0)
    live = [l for l in case.leaves if not (inert and l.d < 0 and -l.d > pmax)]
    P, N = [0] * R, [0] * R
    for l in live:
        for j, n, r in l.place:
            t = (n - 1) * r
            if signed_sums:
                P[j] += t
            elif t > 0:
                P[j] += t
            else:
                N[j] += t
    T = R - 1
    if top and case.artificial and (N[R - 1] == 0 or not top_guard):
        T = R - 2
    for l in live:
        if magnitude and (l.magnitude_bad_any if magnitude_any else l.magnitude_bad):
            return "1 stride magnitude"
        if any(j < T for j in l.partial_bad):
            return "2 partial walk"
    if R == 1:
        return None
    if any(P[j] >= flat[j][0] for j in range(T)):
        return "3 carry"
    if borrow:
        lowest_neg = min([j for j in range(R) if N[j] < 0], default=R)
        highest_pos = max([j for j in range(R if borrow_last else R - 1) if P[j] > 0], default=-1)
        if highest_pos > lowest_neg:
            return "4 borrow"
    return None


def old_rule(case):
    """design.md conditions 1-3 before this change."""
    return strict(case, inert=False, top=False, magnitude=False, borrow=False, signed_sums=True)


def proposed_rule(case):
    """fixes (a) and (b) alone."""
    return strict(case, inert=False, top=False, magnitude_any=True)



# ------------------------------------------------------------------------------------------------
# THE EXACT RULE (docs/design.md, "Composition: the exact rule"; the twin and the type level run it)

DOMAIN_ROUNDS = 4


def walk(flat, s, d):
    """CuTe's walk of a leaf s:d (d != 0) over the flat A, per mode j < R-1: (K_j, rho_j,
    inexact_j, skip_j): the elements placed in modes <= j, the rest stride after mode j (in units
    of w_{j+1}), whether n_j * rest_stride != rho_j * c_j, whether mode j was skipped."""
    R = len(flat)
    rs, rd, K = s, d, 1
    out = []
    for j in range(R - 1):
        c = flat[j][0]
        ns = ceil_div(c, abs(rd)); nd = ceil_div(abs(rd), c) * sign(rd)
        if ns == 1 or rs == 1:
            n = 1
        else:
            n = min(ns, rs)
            rs //= n
        K *= n
        out.append((K, nd, n * rd != nd * c, n == 1))
        rd = nd
    return out

def lrange(S, K, d, g):
    """min and max of (k mod K)*d + (k div K)*g over k < S"""
    H = ceil_div(S, K)
    cands = []
    if H == 1:
        cands = [0, (S - 1) * d]
    else:
        for a in (0, K - 1):
            for b in (0, H - 2):
                cands.append(a * d + b * g)
        last = S - 1 - (H - 1) * K
        for a in (0, last):
            cands.append(a * d + (H - 1) * g)
    return min(cands), max(cands)

def fast_ok(case):
    """The type level's cheap first walk (`FastCx`, `FastVerdict`): True when the exact rule is
    shown to pass without the box and the full records: every leaf's stride is >= 0, every step
    is exact or after the leaf's end, and at every mode j < R-1 the summed
    (min(s, K_j) - 1) * d of the leaves stays below w_{j+1} or w_{j+1} >= size(A). Only a
    shortcut: where it is True, `exact` must accept (checked by run_chunk)."""
    flat, R = case.flat, len(case.flat)
    if R == 1:
        return True
    N = size(case.AS)
    leaves = [l for l in case.leaves if l.d != 0]
    w = [1]
    for c, _ in flat:
        w.append(w[-1] * c)
    walks = [walk(flat, l.s, l.d) for l in leaves]
    for j in range(R - 1):
        hi = 0
        for l, wk in zip(leaves, walks):
            K, rho, inexact, skip = wk[j]
            if l.d < 0 or (inexact and l.s > K):
                return False
            hi += (min(l.s, K) - 1) * l.d
        if not (hi < w[j + 1] or w[j + 1] >= N):
            return False
    return True

def exact(case, rounds=DOMAIN_ROUNDS, zero_relax=True, domain=True, steps=True, carry=True, borrow=True,
          lattice=True):
    flat, R = case.flat, len(case.flat)
    if R == 1:
        return None
    N = size(case.AS)
    leaves = [l for l in case.leaves if l.d != 0]
    S = (lattice_gs if lattice else eff_gs)(leaves, N, rounds) if domain else [l.s for l in leaves]
    w = [1]
    for c, _ in flat:
        w.append(w[-1] * c)
    walks = [walk(flat, l.s, l.d) for l in leaves]
    for j in range(R - 1):
        e = flat[j][1]
        maxL = minL = maxU = minU = 0
        for l, Sl, wk in zip(leaves, S, walks):
            K, rho, inexact, skip = wk[j]
            if steps and inexact and Sl > K and (e != 0 or not zero_relax):
                return "1 stride magnitude" if skip else "2 partial walk"
            g = K * l.d - w[j + 1] * rho
            lo, hi = lrange(Sl, K, l.d, g)
            minL += lo; maxL += hi
            H = ceil_div(Sl, K)
            u = w[j + 1] * rho * (H - 1)
            maxU += max(u, 0); minU += min(u, 0)
        if carry and maxL >= w[j + 1] and w[j + 1] + minU < N:
            return "3 carry"
        if borrow and minL < 0 and maxU >= 1:
            return "4 borrow"
    return None

def eff_gs(leaves, N, P):
    """The box around the domain: a bound S_l > k_l for each leaf (see THE EXACT RULE)."""
    PR = sum((l.s - 1) * l.d for l in leaves if l.d > 0)
    for t in range(P):
        NR = sum((min(l.s, PR // -l.d + 1) - 1) * -l.d for l in leaves if l.d < 0)
        PR = sum((min(l.s, (N - 1 + NR) // l.d + 1) - 1) * l.d for l in leaves if l.d > 0)
    return [min(l.s, PR // -l.d + 1) if l.d < 0 else min(l.s, (N - 1 + NR) // l.d + 1) for l in leaves]


# ------------------------------------------------------------------------------------------------
# THE LATTICE BOX (shipped; docs/design.md, "The lattice box"): the box of `eff_gs` tightened, in
# one pass, leaf by leaf against the other leaves' lattice. Sound (it only removes coordinates that
# no point of the domain has); no exact rule can be cheap (`hardness_family`), this one is O(leaves)
# per leaf plus Euclid's O(log) recursion. Every leaf is tightened against the others' ranges of
# the linear box (not against ranges already tightened in the pass): the type level computes a
# leaf's range from the box `(PR, NR, NA)` and B's flat leaves alone.


def first_mod(a, m, L, R):
    """The least k >= 0 with L <= (a*k) mod m <= R (0 <= L <= R < m), or None: Euclid's
    recursion, O(log m) steps (as floor_sum)."""
    a %= m
    if L == 0:
        return 0
    if a == 0:
        return None
    k = -(-L // a)
    if a * k <= R:
        return k
    # [L, R] lies between two multiples of a: a*k = v + m*y with v in [L, R], i.e.
    # (m*y) mod a in [(-R) mod a, (-L) mod a]
    y = first_mod(m % a, a, (-R) % a, (-L) % a)
    return None if y is None else -(-(L + m * y) // a)


def leaf_max_def(d, S, g, lo, hi, N):
    """The definition of `leaf_max`, k by k (for the tests)."""
    return 1 + max([k for k in range(S) if any(0 <= d * k + v < N for v in (
        [0] if g == 0 else range(-(-lo // g) * g, hi + 1, g)))] + [0])


def leaf_max(d, S, g, lo, hi, N):
    """1 + the largest k < S such that 0 <= d*k + v < N for some multiple v of g in [lo, hi]
    (the other leaves: their gcd g and reach [lo, hi], lo <= 0 <= hi; g = 0 when they are all at
    0), or 1 (k = 0 stays). Closed form, in the steps the type level takes (`LatticeMax`), all on
    non-negative numbers: with g' = max(g, 1), the reach allows 0 <= k <= kB,
    kB = min(S-1, (N-1+Q) div d) for d > 0 (Q = g'*((-lo) div g'), the lowest multiple is -Q),
    kB = min(S-1, P div |d|) for d < 0 (P = g'*(hi div g')). Where N >= g' every such k has a
    multiple in its window [-d*k, N-1-d*k]; otherwise k = kB - t needs
    (c + d*t) mod g' <= N-1 with c = (N-1-d*kB) mod g': t = 0 if c <= N-1, else the least t with
    (d*t) mod g' in [g'-c, g'-c+N-1] (`first_mod`), if it is at most kB."""
    g1 = max(g, 1)
    if d > 0:
        kB = min(S - 1, (N - 1 + g1 * (-lo // g1)) // d)
    else:
        kB = min(S - 1, g1 * (hi // g1) // -d)
    if N >= g1:
        return kB + 1
    c = (N - 1 - d * kB) % g1
    if c <= N - 1:
        return kB + 1
    t = first_mod(d % g1, g1, g1 - c, g1 - c + N - 1)
    return 1 if t is None or t > kB else kB - t + 1


def lattice_gs(leaves, N, P):
    """The box of `eff_gs`, then one pass of `leaf_max`: each leaf against the other leaves'
    gcd and reach in the box of `eff_gs` (those with a range above 1)."""
    S0 = eff_gs(leaves, N, P)
    S = []
    for i, l in enumerate(leaves):
        g = lo = hi = 0
        for m, o in enumerate(leaves):
            if m != i and S0[m] > 1:
                g = math.gcd(g, o.d)
                v = (S0[m] - 1) * o.d
                lo, hi = lo + min(0, v), hi + max(0, v)
        S.append(leaf_max(l.d, S0[i], g, lo, hi, N))
    return S


def hardness_family(b, U):
    """A = (_4,_2):(_1,_100), B = (_2,..,_2,_2):(8*b_1, .., 8*b_n, -(8U-2)). The domain's points
    with the last leaf at 1 have 4*(S-2U)+2 in [0, 8), S = 2*sum(b_i x_i): S = 2U; CuTe's step
    over mode 0 at -(8U-2) is inexact there and its result is off by 2. So CuTe's result is A∘B
    on the domain iff no subset of b sums to U (SUBSET-SUM): deciding the rule exactly is
    coNP-hard in the leaves of B, no closed form per walk step decides it."""
    return Case([4, 2], [1, 100], [2] * (len(b) + 1), [8 * x for x in b] + [-(8 * U - 2)])


def hardness_tests():
    ok, b = True, [3, 5, 7]
    sums = {sum(x for x, bit in zip(b, bits) if bit) for bits in __import__("itertools").product((0, 1), repeat=3)}
    over = []
    for U in range(1, 17):
        case = hardness_family(b, U)
        correct = case.cute_ok and case.counterexample() is None
        ok &= correct == (U not in sums)
        if correct and exact(case) is not None:
            over.append(U)
    print("hardness family b = %s: A∘B iff U is not a subset sum (%s); the exact rule over-rejects U in %s"
          % (b, "holds" if ok else "FAILS", over))
    return ok


def leaf_max_tests(n=50000):
    """`leaf_max` (the closed form) against its definition, k by k."""
    rng, bad = random.Random(7), 0
    for _ in range(n):
        d = rng.choice([-1, 1]) * rng.randint(1, 40)
        S, N, g = rng.randint(1, 12), rng.randint(1, 40), rng.choice([0, rng.randint(1, 50)])
        lo, hi = (0, 0) if g == 0 else (-rng.randint(0, 200) * (rng.random() < .7), rng.randint(0, 200) * (rng.random() < .7))
        bad += leaf_max(d, S, g, lo, hi, N) != leaf_max_def(d, S, g, lo, hi, N)
    print("leaf_max: %d of %d random cases differ from the definition (must be 0)" % (bad, n))
    return bad == 0


def rejected_tests(path):
    """`composition_check over N SEED all` lines (a dump of the twin's rejections, made with the
    lattice box or before it): the exact rule with the linear box alone and with the lattice box
    on every pair (a wrong accept would be a `wrong` line it accepts)."""
    cnt = collections.Counter()
    for line in open(path):
        a, b, _, kind = line.rstrip("\n").split("\t")
        (AS, AD), (BS, BD) = flat_layout(parse(a)), flat_layout(parse(b))
        case = Case(AS, AD, BS, BD)
        cnt[kind, exact(case, lattice=False) is None, exact(case) is None] += 1
    for (kind, ex, lat), n in sorted(cnt.items()):
        print("%-5s %6d  linear box %s, lattice box (the rule) %s" % (kind, n, "accepts" if ex else "rejects",
                                                               "accepts" if lat else "rejects"))
    return not any(n for (kind, _, lat), n in cnt.items() if kind == "wrong" and lat)


RULES = collections.OrderedDict([
    ("exact", exact),
    # ablations: each must show wrong accepts
    ("exact-without-1-2", lambda c: exact(c, steps=False)),
    ("exact-without-3", lambda c: exact(c, carry=False)),
    ("exact-without-4", lambda c: exact(c, borrow=False)),
    # simplifications: each only over-rejects more
    ("exact-1-round", lambda c: exact(c, rounds=1)),
    ("exact-without-box", lambda c: exact(c, domain=False)),
    ("exact-without-zero", lambda c: exact(c, zero_relax=False)),
    # the rule before the lattice box (the linear box alone): more over-rejections
    ("exact-linear-box", lambda c: exact(c, lattice=False)),
    # the rules before
    ("strict (former)", strict),
    ("old", old_rule),
])

# ------------------------------------------------------------------------------------------------
# Random cases


def gen(rng, kind):
    def uniform(lo, hi):
        r = rng.randint(1, 4)
        return [rng.randint(1, 8) for _ in range(r)], [rng.randint(lo, hi) for _ in range(r)]

    def compact():
        r = rng.randint(1, 4)
        S = [rng.randint(1, 8) for _ in range(r)]
        perm = list(range(r))
        rng.shuffle(perm)
        D, p = [0] * r, rng.choice([1, 1, 1, 2, 3])
        for k in perm:
            D[k] = p
            p *= S[k]
        D = [x * rng.choice([1, 1, -1]) if rng.random() < 0.5 else x for x in D]
        if rng.random() < 0.15:
            D[rng.randrange(r)] = 0
        return S, D

    if kind == "neg":
        while True:
            (AS, AD), (BS, BD) = uniform(-16, 16), uniform(-16, 16)
            if any(x < 0 for x in AD + BD):
                return AS, AD, BS, BD
    if kind == "nonneg":
        return uniform(0, 16) + uniform(0, 16)
    if kind == "compact":
        return compact() + compact()
    if kind == "trailing1":
        AS, AD = compact()
        return (AS + [1], AD + [rng.randint(-16, 16)]) + compact()
    raise ValueError(kind)


def run_chunk(job):
    kind, seed, n = job
    rng = random.Random(seed)
    cnt = collections.Counter()
    ex = collections.defaultdict(list)
    for _ in range(n):
        AS, AD, BS, BD = gen(rng, kind)
        case = Case(AS, AD, BS, BD)
        cnt["cases"] += 1
        if not case.cute_ok:
            continue
        cnt["cute_ok"] += 1
        ce = case.counterexample()
        inj = case.injective_b()
        cnt["wrong" if ce else "correct"] += 1
        if fast_ok(case):
            cnt["fast"] += 1
            if exact(case) is not None:
                cnt["fast_unsound"] += 1
                if len(ex["fast path"]) < 2:
                    ex["fast path"].append("A = %s, B = %s: fast_ok but the exact rule rejects" % (show(AS, AD), show(BS, BD)))
        if not ce and inj:
            cnt["correct_inj"] += 1
        for name, rule in RULES.items():
            why = rule(case)
            if why is None and ce:
                cnt[name, "wrong_accept"] += 1
                if len(ex[name]) < 2:
                    ex[name].append("A = %s, B = %s: i, B(i), A(B(i)), R(i) = %s" % (
                        show(AS, AD), show(BS, BD), ce))
            if why is not None and not ce:
                cnt[name, "over"] += 1
                if inj:
                    cnt[name, "over_inj"] += 1
    return kind, cnt, dict(ex)


def show(S, D):
    f = lambda v: "(" + ",".join("_%d" % x for x in v) + ")"
    return f(S) + ":" + f(D)


def random_tests(quick):
    plan = [("neg", 100000), ("nonneg", 200000), ("compact", 100000), ("trailing1", 100000)]
    chunk = 5000
    jobs = []
    for ki, (kind, n) in enumerate(plan):
        n = n // 20 if quick else n
        jobs += [(kind, 1000 * ki + c, min(chunk, n)) for c in range(max(1, n // chunk))]
    tot = collections.OrderedDict((k, collections.Counter()) for k, _ in plan)
    exs = collections.defaultdict(list)
    with multiprocessing.Pool(min(2, os.cpu_count() or 1)) as pool:
        for kind, cnt, ex in pool.imap_unordered(run_chunk, jobs):
            tot[kind].update(cnt)
            for k, v in ex.items():
                exs[k] += v
    print("%-10s %7s %7s %7s %6s | %-26s %9s %6s %8s" % (
        "class", "cases", "CuTe-ok", "correct", "wrong", "rule", "wrong-acc", "over", "over/inj"))
    bad = False
    for kind, c in tot.items():
        for i, name in enumerate(RULES):
            head = ("%-10s %7d %7d %7d %6d" % (kind, c["cases"], c["cute_ok"], c["correct"], c["wrong"])
                    if i == 0 else " " * 41)
            tail = "  (correct inj %d)" % c["correct_inj"] if i == 0 else ""
            print("%s | %-26s %9d %6d %8d%s" % (head, name, c[name, "wrong_accept"], c[name, "over"],
                                              c[name, "over_inj"], tail))
            if name in ("exact", "strict (former)", "exact-linear-box") and c[name, "wrong_accept"]:
                bad = True
        print("%-10s fast path: %d of %d CuTe-ok cases; the exact rule rejects %d of them (must be 0)" % (
            kind, c["fast"], c["cute_ok"], c["fast_unsound"]))
        if c["fast_unsound"]:
            bad = True
    for name, v in exs.items():
        for e in v[:2]:
            print("  %s wrong accept: %s" % (name, e))
    return not bad


# ------------------------------------------------------------------------------------------------
# The vectors

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
VECTORS = os.path.join(ROOT, "tests", "vectors", "algebra.txt")
DYNAMIC = re.compile(r"(?<![_\d-])-?\d")


def parse(text):
    """CuTe text -> nested lists of ints / '_'; a layout is ('L', shape, stride)."""
    toks = re.findall(r"_-?\d+|\(|\)|,|:|_", text)
    pos = [0]

    def atom():
        t = toks[pos[0]]
        pos[0] += 1
        if t == "(":
            items = []
            if toks[pos[0]] == ")":
                pos[0] += 1
                return items
            while True:
                items.append(item())
                t = toks[pos[0]]
                pos[0] += 1
                if t == ")":
                    return items
        if t == "_":
            return "_"
        return int(t[1:])

    def item():
        a = atom()
        if pos[0] < len(toks) and toks[pos[0]] == ":":
            pos[0] += 1
            return ("L", a, atom())
        return a

    r = item()
    assert pos[0] == len(toks), text
    return r


def leaves(t):
    return [x for y in t for x in leaves(y)] if isinstance(t, list) else [t]


def flat_layout(l):
    assert l[0] == "L"
    return leaves(l[1]), leaves(l[2])


def compose_checked(a, b):
    """composition of two layouts: (R's flat modes as [(n, d)] per leaf, rule verdict, Case)."""
    AS, AD = flat_layout(a)
    BS, BD = flat_layout(b)
    case = Case(AS, AD, BS, BD)
    assert case.cute_ok
    return case, exact(case)


def mode_layouts(l):
    S, D = l[1], l[2]
    if isinstance(S, list):
        return [("L", s, d) for s, d in zip(S, D)]
    return [l]


def compose_any(a, b):
    """composition with a layout or tiler b: returns (list of Cases, verdicts)."""
    if isinstance(b, tuple):
        return [compose_checked(a, b)]
    if b == "_":
        return []
    if isinstance(b, int):
        return [compose_checked(a, ("L", b, 1))]
    out = []
    for m, t in zip(mode_layouts(a), b):
        out += compose_any(m, t)
    return out


def make_layout_left(shape):
    S = leaves(shape)
    D, p = [], 1
    for s in S:
        D.append(0 if s == 1 else p)
        p *= s
    return ("L", S, D)


def vector_tests():
    n, rejected, mismatched = 0, [], []
    for lineno, line in enumerate(open(VECTORS), 1):
        f = line.rstrip("\n").split("\t")
        if len(f) < 5 or f[0] != "algebra" or f[1] not in ("composition", "composition_tiler", "with_shape"):
            continue
        k = f.index("=>")
        args, result = f[2:k], f[k + 1]
        if any(DYNAMIC.search(a) for a in args):
            continue
        a, b = parse(args[0]), parse(args[1])
        if f[1] == "with_shape":
            b = make_layout_left(b)
        n += 1
        parts = compose_any(a, b)
        for case, why in parts:
            if why is not None:
                rejected.append("algebra.txt:%d %s %s %s (%s)" % (lineno, f[1], args[0], args[1], why))
        # the model of CuTe gives the vector's result (as a function of B's coordinates)
        if isinstance(b, tuple):
            (case, _), = parts
            want = parse(result)
            WS, WD = flat_layout(want)
            got = [m for leaf in case.leaves for m in leaf.modes]
            for i in range(size(case.BS)):
                if ev(list(zip(WS, WD)), i) != ev_multi(case, i):
                    mismatched.append("algebra.txt:%d" % lineno)
                    break
    print("vectors: %d static composition/composition_tiler/with_shape cases; model of CuTe "
          "mismatches: %d; rejected by the rule: %d" % (n, len(mismatched), len(rejected)))
    for r in rejected + mismatched:
        print("  " + r)
    return not mismatched and len(rejected) == 1 and "(_12,_8):(_8,_1) (_8,_2):(_1,_8)" in rejected[0]


def ev_multi(case, i):
    r = 0
    for leaf in case.leaves:
        r += ev(leaf.modes, i % leaf.s)
        i //= leaf.s
    return r


# ------------------------------------------------------------------------------------------------
# The examples of the brief (both wrong in CuTe, both rejected)

EXAMPLES = [
    # (A, B, expected verdict)
    (([3, 8], [8, -1]), ([4, 6], [-4, 1]), "1 stride magnitude"),
    (([2, 4, 4], [1, 2, 2]), ([2, 4], [32, -1]), "4 borrow"),
    # accepted neighbours
    (([3, 8], [8, -1]), ([4, 6], [-3, 1]), None),
    (([2, 4, 4], [1, 2, 2]), ([2, 4], [32, 1]), None),
    # and one that is rejected as well: B(5) = 7, A(7) = 7, R(5) = 1
    (([2, 4, 4], [1, 2, 2]), ([4, 2], [-1, 8]), "4 borrow"),
]


def example_tests():
    ok = True
    for (AS, AD), (BS, BD), want in EXAMPLES:
        case = Case(AS, AD, BS, BD)
        got = exact(case) if case.cute_ok else "CuTe rejects"
        ce = case.counterexample() if case.cute_ok else None
        print("example %s o %s: %s (counterexample %s)" % (show(AS, AD), show(BS, BD), got, ce))
        ok &= got == want and (ce is None) == (want is None)
    return ok


# ------------------------------------------------------------------------------------------------
# Cross-check of the type-level implementation (`--emit-rust DIR`, then build the examples)

MESSAGES = {  # the first words of each check's on_unimplemented message
    "1 stride magnitude": "composition: a negative stride of B steps over",
    "2 partial walk": "composition: a leaf of B takes part of a mode of A",
    "3 carry": "composition: B's leaves overlap inside a mode of A",
    "4 borrow": "composition: B places a negative digit",
}


def lay(S, D):
    return "(%s):(%s)" % (",".join("_%d" % x for x in S), ",".join("_%d" % x for x in D))


def emit_rust(out_dir, seed=1, n_accept=1000, n_reject=360):
    """Writes DIR/xcheck_accept.rs (accepted cases: the type-level result's table must be the
    model's) and DIR/xcheck_reject.rs (rejected cases, one per function, each marked with the
    condition the model names first). DIR is a crate's examples/ folder; then
        cargo run --example xcheck_accept                  # prints "mismatches: 0"
        cargo build --example xcheck_reject 2> ERR; python3 composition_rule.py --check-errors DIR/xcheck_reject.rs ERR
    """
    rng = random.Random(seed)
    acc, rej, reasons = [], [], collections.Counter()
    kinds = ["neg", "nonneg", "compact", "trailing1"]
    k = 0
    while len(acc) < n_accept or len(rej) < n_reject:
        k += 1
        AS, AD, BS, BD = gen(rng, kinds[k % 4])
        case = Case(AS, AD, BS, BD)
        if size(BS) > 512 or not case.cute_ok:
            continue
        why = exact(case)
        if why is None and len(acc) < n_accept:
            acc.append((AS, AD, BS, BD, [ev_multi(case, i) for i in range(size(BS))]))
        elif why is not None and len(rej) < n_reject and reasons[why] < n_reject // 4:
            reasons[why] += 1
            rej.append((AS, AD, BS, BD, why))
    head = ("#![allow(dead_code)]\n// @generated by composition_rule.py --emit-rust\n"
            "extern crate tycute_layout as tycute;\nuse tycute_layout::{show, table, Composition};\n"
            "use tycute_macros::cute;\n")
    with open(os.path.join(out_dir, "xcheck_accept.rs"), "w") as f:
        f.write(head + "fn main() {\n    let mut bad = 0;\n")
        for AS, AD, BS, BD, tab in acc:
            t = "Composition<cute!(%s), cute!(%s)>" % (lay(AS, AD), lay(BS, BD))
            f.write("    if table::<%s>() != vec!%s { bad += 1; println!(\"{}\", show::<%s>()); }\n" % (t, tab, t))
        f.write("    println!(\"accepted cases: %d, mismatches: {bad}\");\n}\n" % len(acc))
    with open(os.path.join(out_dir, "xcheck_reject.rs"), "w") as f:
        f.write(head)
        for i, (AS, AD, BS, BD, why) in enumerate(rej):
            f.write("// REJECT %s\nfn r%d() { let _ = show::<Composition<cute!(%s), cute!(%s)>>(); }\n" % (
                why, i, lay(AS, AD), lay(BS, BD)))
        f.write("fn main() {}\n")
    print("wrote %d accepted and %d rejected cases (%s)" % (len(acc), len(rej), dict(reasons)))


def check_errors(rs_path, err_path):
    """Every rejected case of xcheck_reject.rs has an error on its line, and one of them names a
    condition that the model finds failing (the model names the first; rustc may report more)."""
    src = open(rs_path).read().split("\n")
    want = {i + 1: src[i - 1].split("REJECT ")[1] for i, l in enumerate(src) if l.startswith("fn r")}
    got, msg = collections.defaultdict(set), None
    for line in open(err_path):
        if line.startswith("error["):
            msg = line
        m = re.search(r"xcheck_reject\.rs:(\d+):", line)
        if m and msg:
            got[int(m.group(1))] |= {k for k, v in MESSAGES.items() if v in msg} or {msg.strip()}
            msg = None
    missing = [n for n in want if n not in got]
    stray = [n for n in got if n not in want]
    named = sum(1 for n, w in want.items() if w in got.get(n, ()))
    print("rejected cases: %d; without an error: %d; errors elsewhere: %d; the model's condition "
          "among the errors: %d" % (len(want), len(missing), len(stray), named))
    return not missing and not stray


if __name__ == "__main__":
    if "--emit-rust" in sys.argv:
        emit_rust(sys.argv[sys.argv.index("--emit-rust") + 1])
        sys.exit(0)
    if "--check-errors" in sys.argv:
        i = sys.argv.index("--check-errors")
        sys.exit(0 if check_errors(sys.argv[i + 1], sys.argv[i + 2]) else 1)
    if "--rejected" in sys.argv:
        sys.exit(0 if rejected_tests(sys.argv[sys.argv.index("--rejected") + 1]) else 1)
    ok = example_tests()
    ok &= hardness_tests()
    ok &= leaf_max_tests()
    ok &= vector_tests()
    ok &= random_tests("--quick" in sys.argv)
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)
