#!/usr/bin/env python3
"""Import circles between the files of each crate (issue 19: "no import circles between files of
a crate").

A file is a module (`foo.rs`, `foo/mod.rs`); it depends on another module of the same crate when
its code (comments and `#[cfg(test)]` parts left out) names a path into it (`crate::a::b`,
`super::x`, `self::y`), resolved to the deepest module file the path reaches. A module's own
ancestors and descendants do not count (a parent declares and re-exports its children). Prints
each strongly connected set of two or more modules with the edges inside it, and exits 1 if
there is one.

    python3 scripts/import-cycles.py            # every crate's src/ and the root src/
"""
import glob
import os
import re
import sys
from collections import defaultdict


def module_of(root, f):
    rel = os.path.relpath(f, root)[:-3].split("/")
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def graph(root):
    mods = {module_of(root, f): f for f in glob.glob(root + "/**/*.rs", recursive=True)}
    g = defaultdict(set)
    for m, f in mods.items():
        src = open(f).read()
        cut = src.find("#[cfg(test)]")
        if cut >= 0:
            src = src[:cut]
        src = re.sub(r"//.*", "", src)
        for base, rest in re.findall(r"\b(crate|super|self)((?:::\w+)+)", src):
            parts = rest.strip(":").split("::")
            path = [] if base == "crate" else list(m[:-1]) if base == "super" else list(m)
            while parts and parts[0] == "super":
                path, parts = path[:-1], parts[1:]
            best, cur = (tuple(path) if tuple(path) in mods else None), list(path)
            for p in parts:
                cur.append(p)
                if tuple(cur) not in mods:
                    break
                best = tuple(cur)
            related = best is not None and (best[: len(m)] == m or m[: len(best)] == best)
            if best is not None and not related:
                g[m].add(best)
    return mods, g


def circles(mods, g):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in list(mods):
        if v not in index:
            visit(v)
    return out


def main():
    found = False
    for root in sorted(glob.glob("crates/*/src")) + ["src"]:
        mods, g = graph(root)
        for comp in circles(mods, g):
            found = True
            inside = set(comp)
            print(f"{root}: an import circle of {len(comp)} files")
            for v in sorted(comp):
                print("   ", "::".join(v), "->", ", ".join(sorted("::".join(w) for w in g[v] if w in inside)))
    if not found:
        print("no import circles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
