#!/usr/bin/env python3
"""Builds one kernel with one libnvrtc (libnvrtc.so.13, else .so.12, by path) the way tycute-cuda does (C++17,
-default-device, ptxas -v and --warn-on-spills) and writes its CUBIN; prints NVRTC's version and
ptxas's lines (errors, spills, registers). For comparing NVRTC versions side by side.

The device library's headers (kernels/include/tycute/...) are passed too, as "tycute/...".
usage: nvrtc-build.py LIBDIR SOURCE.cu ARCH HEADER_DIR OUT.cubin [NVRTC options...]
(run it with LD_LIBRARY_PATH=LIBDIR: NVRTC dlopens its libnvrtc-builtins from there)"""
import ctypes, glob, os, sys

libdir, src, arch, hdr, out = sys.argv[1:6]
so = next((os.path.join(libdir, f"libnvrtc.so.{v}") for v in (13, 12) if os.path.exists(os.path.join(libdir, f"libnvrtc.so.{v}"))), None)
if so is None:
    sys.exit(f"nvrtc-build.py: no libnvrtc.so.13 or libnvrtc.so.12 in {libdir}")
lib = ctypes.CDLL(so)
major, minor = ctypes.c_int(), ctypes.c_int()
lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
names = sorted(glob.glob(os.path.join(hdr, "*.h")))
texts = [open(n, "rb").read() for n in names]
incl = [os.path.basename(n).encode() for n in names]
# the device library (kernels/include/tycute), each header under its include name "tycute/..."
lib_root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernels", "include")
for n in sorted(glob.glob(os.path.join(lib_root, "tycute", "**", "*.*"), recursive=True)):
    if n.endswith((".h", ".cuh")):
        names.append(n)
        texts.append(open(n, "rb").read())
        incl.append(os.path.relpath(n, lib_root).encode())
prog = ctypes.c_void_p()
H = ctypes.c_char_p * len(names)
lib.nvrtcCreateProgram(ctypes.byref(prog), open(src, "rb").read(), os.path.basename(src).encode(), len(names), H(*texts), H(*incl))
args = [f"--gpu-architecture={arch}", "--std=c++17", "--ptxas-options=-v", "-default-device", "--ptxas-options=--warn-on-spills"] + sys.argv[6:]
A = ctypes.c_char_p * len(args)
rc = lib.nvrtcCompileProgram(prog, len(args), A(*[a.encode() for a in args]))
size = ctypes.c_size_t()
lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
log = ctypes.create_string_buffer(size.value)
lib.nvrtcGetProgramLog(prog, log)
# (the CUBIN first: a reader of the report that stops early, `| head`, leaves it written)
if rc == 0:
    lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
    image = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetCUBIN(prog, image)
    open(out, "wb").write(image.raw)
print(f"NVRTC {major.value}.{minor.value} rc={rc}")
for line in log.value.decode().splitlines():
    if any(w in line for w in ("error", "spill", "Used", "entry", "warning", "C7515")):
        print(line)
sys.exit(rc)
