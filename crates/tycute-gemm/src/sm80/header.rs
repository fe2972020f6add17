//! An sm80 configuration as the host sees it: which header `kernels/sm80_gemm.cu` is built with
//! and the launch values read from it ([`Sm80Header`]), the configurations there are, and the
//! shapes and element types each takes.

use tycute_cuda::nvrtc::{self, Arch};

use crate::cubin::{cubin, SM80_GEMM_SOURCE};
use crate::elem::{ElementCode, GemmElem};
use crate::error::unsupported;
use crate::layout::{Layouts, Major, Order};
use crate::{Error, Result};

/// An sm80 configuration of `kernels/sm80_gemm.cu` as the host sees it: its header (written by
/// `build.rs` from an `Sm80Kernel` type) and the launch parameters read from it. (The type-level
/// configuration is `tycute_configs::kernel::sm80::Sm80Config`; this is its header's values.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm80Header {
    /// The configuration's name (`sm80_tn_128x256`): its header is `NAME.h`.
    pub name: &'static str,
    /// `kTileM`, `kTileN`, `kTileK`.
    pub tile: (usize, usize, usize),
    /// `kThreads`.
    pub threads: usize,
    /// Dynamic shared memory: the A and B stages (the epilogue reuses them).
    pub smem_bytes: usize,
    /// Which index of A (M,K) is contiguous in global memory (`kAMnMajor`; the TN headers have
    /// none: K).
    pub a_major: Major,
    /// The same for B (N,K) (`kBMnMajor`).
    pub b_major: Major,
    /// Bits per accumulator (`kAccBits`, the MMA atom's): 32, or 16 (fp16 accumulation).
    pub acc_bits: usize,
    /// Bits per element of C and D (`kOutBits`, the S2G atom's): 32 (`f32`) or 16 (fp16 or
    /// bf16). [`Sm80Launcher`](crate::sm80::Sm80Launcher)'s launches take C and D of this width.
    pub out_bits: usize,
    /// The element type of A and B (`kElementAB`, the MMA atom's `ValTypeA`): fp16 or bf16, or
    /// `F32` for tf32 (A and B fp32 in memory, multiplied by the tf32 MMA: [`Sm80Header::tf32`]).
    pub element_ab: ElementCode,
    /// The element type of C and D (`kElementCD`, the S2G atom's value type): f32, fp16 or bf16.
    /// The launches take C and D buffers of this type ([`check_elem`]).
    pub element_cd: ElementCode,
}

/// The configuration `tycute bench sm80` and the default run use, and `kernels/sm80_gemm.cu`
/// compiles without `-DTYCUTE_SM80_CONFIG`.
pub const DEFAULT_SM80: &str = "sm80_tn_128x256";

/// The environment variable that names a directory of prebuilt CUBINs (the configuration being
/// loaded is `<name>.cubin` there): [`crate::cubin::CUBIN_DIR_ENV`].
pub const CUBIN_ENV: &str = crate::cubin::CUBIN_DIR_ENV;

/// The sm80 configurations that have a header: the registry's configurations of
/// `kernels/sm80_gemm.cu` (`tycute_configs::names_of_kernel`), in its order.
pub static SM80_CONFIGS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| tycute_configs::names_of_kernel("sm80_gemm.cu"));

impl Sm80Header {
    /// The configuration `name` (one of [`SM80_CONFIGS`]), read from its header.
    pub fn named(name: &str) -> Result<Sm80Header> {
        let &name = SM80_CONFIGS
            .iter()
            .find(|&&n| n == name)
            .ok_or_else(|| Error::UnknownConfig { kernel: "sm80", name: name.to_string(), known: SM80_CONFIGS.join(", ") })?;
        let get = |key: &str| -> Result<usize> {
            crate::headers::value(name, key)
                .and_then(|v| v.first())
                .and_then(|&v| usize::try_from(v).ok())
                .ok_or_else(|| Error::Header { config: name, what: format!("no {key}") })
        };
        let stages = get("kStages")?;
        let element = |key: &str| -> Result<ElementCode> {
            ElementCode::from_code(get(key)? as i64).ok_or_else(|| Error::Header { config: name, what: format!("{key}: no element type of that code") })
        };
        // absent from the TN headers: K-major
        let major = |key: &str| if get(key).unwrap_or(0) == 1 { Major::MN } else { Major::K };
        Ok(Sm80Header {
            name,
            tile: (get("kTileM")?, get("kTileN")?, get("kTileK")?),
            threads: get("kThreads")?,
            // bytes per element of A and B: a 16-byte cp.async moves kVec of them (2; tf32: 4)
            smem_bytes: get("kG2SBytes")? / get("kVec")? * stages * (get("kStageElemsA")? + get("kStageElemsB")?),
            a_major: major("kAMnMajor"),
            b_major: major("kBMnMajor"),
            acc_bits: get("kAccBits")?,
            out_bits: get("kOutBits")?,
            element_ab: element("kElementAB")?,
            element_cd: element("kElementCD")?,
        })
    }

    /// `"bf16 in, fp32 accumulate, fp16 C/D"`: the element types (`"tf32 (fp32) in, ..."`).
    pub fn types(&self) -> String {
        let acc = if self.acc_bits == 16 { "fp16" } else { "fp32" };
        let ab = if self.tf32() { "tf32 (fp32)" } else { self.element_ab.name() };
        format!("{ab} in, {acc} accumulate, {} C/D", self.element_cd.name())
    }

    /// Whether A and B are tf32: fp32 in memory (`element_ab` is `F32`), multiplied by
    /// `mma.m16n8k8.tf32` (the header's `kElementAB` is `TYCUTE_ELEMENT_TF32`), which reads each
    /// input's sign, exponent and top 10 mantissa bits and ignores the rest.
    pub fn tf32(&self) -> bool {
        self.element_ab == ElementCode::F32
    }

    /// The layouts the kernel runs as it is: its A and B majorness, C column-major.
    pub fn layouts(&self) -> Layouts {
        Layouts { a: self.a_major, b: self.b_major, c: Order::Col }
    }

    /// The NVRTC options that select this configuration's header.
    pub fn nvrtc_options(&self) -> nvrtc::Options {
        nvrtc::Options { extra: vec![format!("-DTYCUTE_SM80_CONFIG={}", self.name)], ..Default::default() }
    }

    /// The CUBIN of `kernels/sm80_gemm.cu` for this configuration: the file named by
    /// `$TYCUTE_CUBIN_DIR/<name>.cubin` if the variable is set (built elsewhere), else NVRTC (a
    /// spill is a warning on stderr). `Ok(None)`: neither is available.
    pub fn cubin(&self, arch: Arch) -> Result<Option<Vec<u8>>> {
        cubin(self.name, "sm80_gemm.cu", SM80_GEMM_SOURCE, arch, self.nvrtc_options().extra)
    }

    /// The shapes the kernel takes: any M, N >= 1 and K >= 1, K a multiple of 8 when A or B is
    /// K-major (a 16-byte cp.async row is 8 halves; an M-/N-major operand's vectors lie along M
    /// or N, and take any K); tiles of M, N and K that the CTA tile does not divide are
    /// residues, loaded with zero fill and stored under a mask.
    pub fn shape_ok(&self, m: usize, n: usize, k: usize) -> Result<()> {
        let (bm, bn, _) = self.tile;
        let max = i32::MAX as usize;
        let k_major = self.a_major == Major::K || self.b_major == Major::K;
        if !k_major && (m == 0 || n == 0 || k == 0) {
            return Err(unsupported(format!("sm80_gemm_tn ({}, A and B M-/N-major) takes M, N, K >= 1, not {m}x{n}x{k}", self.name)));
        }
        if k_major && (m == 0 || n == 0 || k == 0 || k % 8 != 0) {
            return Err(unsupported(format!(
                "sm80_gemm_tn ({}) takes M, N >= 1 and K a positive multiple of 8 (a 16-byte cp.async row is 8 halves), not {m}x{n}x{k} (Sm80Launcher::launch_staged pads K with zeros)",
                self.name
            )));
        }
        if m > max - bm || n > max - bn || k > max || m.div_ceil(bm) * n.div_ceil(bn) > max / 16 {
            return Err(unsupported(format!("sm80_gemm_tn ({}): {m}x{n}x{k} is too large for its 32-bit indices and grid", self.name)));
        }
        Ok(())
    }
}

impl Layouts {
    /// The sm80 configuration (of [`SM80_CONFIGS`]) that runs these layouts (TN: sm80_tn_128x256,
    /// NT: sm80_nt_128x256, NN: sm80_nn_128x256, TT: sm80_tt_128x256, each with C row-major the
    /// one of the exchanged majorness), or an error that names the layouts and the majorness no
    /// configuration has.
    pub fn sm80_config(&self) -> Result<Sm80Header> {
        self.sm80_config_of(ElementCode::F16)
    }

    /// [`Layouts::sm80_config`] for A and B of element type `ab` (fp16 or bf16): the
    /// configuration with f32 accumulators and C/D that runs these layouts
    /// (`sm80_tn_128x256_bf16`, ... for bf16).
    pub fn sm80_config_of(&self, ab: ElementCode) -> Result<Sm80Header> {
        let (a, b, _) = self.kernel_operands();
        let mut have = Vec::new();
        for &name in SM80_CONFIGS.iter() {
            let cfg = Sm80Header::named(name)?;
            // (the variants of other accumulator and C/D types are chosen by name)
            if (cfg.acc_bits, cfg.out_bits) != (32, 32) || cfg.element_ab != ab {
                continue;
            }
            if (cfg.a_major, cfg.b_major) == (a, b) {
                return Ok(cfg);
            }
            have.push(format!("{name} ({})", cfg.layouts().ab()));
        }
        Err(unsupported(format!(
            "layouts {} are not supported: they need a kernel with A' {a:?}-major and B' {b:?}-major (C column-major), and the sm80 configurations are {}",
            self.name(),
            have.join(", ")
        )))
    }
}

/// `Ok` when configuration `cfg` writes C and D of element type `T`, else an error that names both.
pub fn check_elem<T: GemmElem>(cfg: &Sm80Header) -> Result<()> {
    if cfg.element_cd == T::CODE {
        return Ok(());
    }
    let want = match cfg.element_cd {
        ElementCode::F32 => "f32",
        ElementCode::F16 => "fp16 (half::f16 or u16)",
        ElementCode::Bf16 => "bf16 (half::bf16)",
    };
    Err(unsupported(format!("configuration {} reads and writes {want} C and D, but the C/D buffers given hold {}", cfg.name, T::NAME)))
}

/// A and B buffers' element type: `half::f16` (fp16), `half::bf16` (bf16), `f32` (the tf32
/// configurations), or `u16` (the bits of either 16-bit type: the untyped launches take it for
/// both).
pub trait InputElem: tycute_cuda::cudarc::driver::DeviceRepr + Copy + 'static {
    /// The element type, `None` for raw 16-bit values.
    const CODE: Option<ElementCode>;
    /// `"half::bf16"`.
    const NAME: &'static str;
}
impl InputElem for u16 {
    const CODE: Option<ElementCode> = None;
    const NAME: &'static str = "u16";
}
impl InputElem for half::f16 {
    const CODE: Option<ElementCode> = Some(ElementCode::F16);
    const NAME: &'static str = "half::f16";
}
impl InputElem for half::bf16 {
    const CODE: Option<ElementCode> = Some(ElementCode::Bf16);
    const NAME: &'static str = "half::bf16";
}
impl InputElem for f32 {
    const CODE: Option<ElementCode> = Some(ElementCode::F32);
    const NAME: &'static str = "f32";
}

/// `Ok` when configuration `cfg` reads A and B of element type `I` (or `I` is `u16`: raw bits of
/// a 16-bit type), else an error that names both.
pub fn check_input<I: InputElem>(cfg: &Sm80Header) -> Result<()> {
    match I::CODE {
        None if cfg.tf32() => Err(unsupported(format!("configuration {} reads tf32 (f32) A and B, but the A/B buffers given hold 16-bit values ({})", cfg.name, I::NAME))),
        Some(c) if c != cfg.element_ab => Err(unsupported(format!(
            "configuration {} reads {} A and B, but the A/B buffers given hold {}",
            cfg.name,
            cfg.element_ab.name(),
            I::NAME
        ))),
        _ => Ok(()),
    }
}
