//! What tycute builds for: the GPU architectures and the NVRTC versions CI tests with (a leaf:
//! `nvrtc` and `error` both name them).

use std::fmt;

/// A real GPU architecture NVRTC compiles to (a CUBIN needs a real one, not `compute_XX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arch {
    /// Ampere (A100): `cp.async`, `ldmatrix`, `mma.sync`.
    Sm80,
    /// Hopper with its arch-specific features (`wgmma`, TMA, `stmatrix`, `setmaxnreg`).
    Sm90a,
}

impl Arch {
    /// NVRTC's `--gpu-architecture` value.
    pub fn name(self) -> &'static str {
        match self {
            Arch::Sm80 => "sm_80",
            Arch::Sm90a => "sm_90a",
        }
    }
    /// Every architecture tycute builds for.
    pub const ALL: [Arch; 2] = [Arch::Sm80, Arch::Sm90a];
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The newest NVRTC tycute's kernels are built with in CI (`scripts/cuda-env.sh` pins it).
pub const TESTED_NEWEST: &str = "13.5";
/// What the H100 box's driver ships, the first of CUDA 13 (`scripts/cuda-env.sh` installs it
/// beside): every kernel's branches, as with the newest.
pub const TESTED_13_0: &str = "13.0";
/// The oldest: CUDA 12.8, the first CUDA 12 a user of tycute may build with
/// (`scripts/cuda-env.sh` installs its NVRTC too): the wgmma kernels' branch cover.
pub const TESTED_OLDEST: &str = "12.8";
