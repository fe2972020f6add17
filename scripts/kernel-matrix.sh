#!/usr/bin/env bash
# Every kernel of kernels/ (each build of the registry, each architecture) with every NVRTC of
# $TYCUTE_NVRTC_LIBS (scripts/cuda-env.sh sets it), one line each: spill warnings and registers.
# CUBINs and logs go to OUT; compare two OUTs with scripts/sass-compare.sh.
#   scripts/kernel-matrix.sh HEADER_DIR OUT      (HEADER_DIR: `tycute emit all --out HEADER_DIR`,
#                                                 with the registry's builds in variants.txt)
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
hdr="$(cd "$1" && pwd)"; out="$2"; mkdir -p "$out"; out="$(cd "$out" && pwd)"
IFS=: read -r -a libs <<< "${TYCUTE_NVRTC_LIBS:?source scripts/cuda-env.sh first}"
for lib in "${libs[@]}"; do
  ver="$(LD_LIBRARY_PATH="$lib" python3 "$root/scripts/nvrtc-build.py" "$lib" /dev/null sm_80 "$hdr" /dev/null 2>/dev/null | head -1 | awk '{print $2}')"
  for src in "$root"/kernels/*.cu; do
    k="$(basename "$src" .cu)"
    # the registry's builds of the kernel (`tycute emit all` writes variants.txt), else the file's
    # own `// tycute-variant:` lines, else one build
    variants="$(sed -n "s#^$k.cu ##p" "$hdr/variants.txt" 2>/dev/null)"
    [ -z "$variants" ] && variants="$(sed -n 's#^// tycute-variant: ##p' "$src")"
    [ -z "$variants" ] && variants="-DTYCUTE_NONE"
    archs="$(sed -n 's#^// tycute-arch: ##p' "$src")"; [ -z "$archs" ] && archs="sm_80 sm_90a"
    # (one build per line; a line's options separated by spaces, joined by + in the tag)
    while IFS= read -r v; do for a in $archs; do
      opts="${v#-D}"; tag="$k-${opts// -D/+}-$a-$ver"
      # shellcheck disable=SC2086 # a line's options are separate arguments
      (cd "$root/kernels" && LD_LIBRARY_PATH="$lib" python3 "$root/scripts/nvrtc-build.py" "$lib" "$k.cu" "$a" "$hdr" "$out/$tag.cubin" $v) > "$out/$tag.log" 2>&1
      echo "$tag: $(grep -c 'spilled' "$out/$tag.log") spill warnings; $(grep -o 'Used [0-9]* registers' "$out/$tag.log" | sort | uniq -c | tr -s ' \n' ' ')"
    done; done <<< "$variants"
  done
done
