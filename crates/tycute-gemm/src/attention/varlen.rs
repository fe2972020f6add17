//! [`AttnVarlen`]: attention over a batch of sequences of different lengths, packed one after the
//! other (FlashAttention's `cu_seqlens` form): Q and O are (total_q, heads, head dim), K and V
//! (total_k, heads, head dim), sequence b is rows `cu_seqlens_q[b] .. cu_seqlens_q[b + 1]` of Q
//! (and O) and `cu_seqlens_k[b] .. cu_seqlens_k[b + 1]` of K (and V), and lse is (heads, total_q).
//!
//! The offsets are checked on the host ([`AttnVarlen::new`]) and then copied to the device
//! ([`AttnVarlen::upload`]): a launch takes the [`DeviceVarlen`] that holds both, so the offsets the
//! kernel reads are the ones that were checked.
//!
//! ```
//! use tycute_gemm::attention::AttnVarlen;
//! // three sequences of 77, 0 and 300 rows, attending to 77, 5 and 300 rows
//! let v = AttnVarlen::new(&[0, 77, 77, 377], &[0, 77, 82, 382], 8, 128).unwrap();
//! assert_eq!((v.batch(), v.total_q(), v.total_k(), v.max_seq_q()), (3, 377, 382, 300));
//! assert_eq!(v.q_len(), 377 * 8 * 128);
//! assert_eq!(v.lse_len(), 8 * 377);
//! // an offset that goes back is refused, naming the sequence
//! let e = AttnVarlen::new(&[0, 77, 70], &[0, 77, 154], 8, 128).unwrap_err().to_string();
//! assert!(e.contains("cu_seqlens_q") && e.contains("sequence 1"), "{e}");
//! ```

use std::sync::Arc;

use tycute_cuda::cudarc::driver::{CudaSlice, CudaStream};

use super::shape::check_head_dim;
use super::block_m;
use crate::error::{driver, unsupported};
use crate::Result;

/// The sequences of a variable-length batch, checked: offsets from 0, never decreasing, as many
/// for Q as for K, a sequence with rows of Q has rows of K, and every count within the kernel's
/// 32-bit indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttnVarlen {
    cu_q: Vec<i32>,
    cu_k: Vec<i32>,
    heads: usize,
    head_dim: usize,
}

impl AttnVarlen {
    /// The batch of `cu_seqlens_q.len() - 1` sequences whose rows of Q start at
    /// `cu_seqlens_q[b]` (and of K, V at `cu_seqlens_k[b]`), `heads` heads of `head_dim` columns.
    pub fn new(cu_seqlens_q: &[i32], cu_seqlens_k: &[i32], heads: usize, head_dim: usize) -> Result<AttnVarlen> {
        let err = |s: String| Err(unsupported(format!("attention (variable lengths): {s}")));
        if cu_seqlens_q.len() < 2 || cu_seqlens_q.len() != cu_seqlens_k.len() {
            return err(format!(
                "cu_seqlens_q and cu_seqlens_k hold batch + 1 offsets each (at least 2, as many for both), not {} and {}",
                cu_seqlens_q.len(),
                cu_seqlens_k.len()
            ));
        }
        if heads == 0 || head_dim == 0 {
            return err(format!("heads and head dim must be positive, not {heads} and {head_dim}"));
        }
        for (name, cu) in [("cu_seqlens_q", cu_seqlens_q), ("cu_seqlens_k", cu_seqlens_k)] {
            if cu[0] != 0 {
                return err(format!("{name} starts at 0 (the first sequence's first row), not {}", cu[0]));
            }
            if let Some(b) = cu.windows(2).position(|w| w[1] < w[0]) {
                return err(format!("{name} must not decrease: sequence {b} would end at {} before it starts at {}", cu[b + 1], cu[b]));
            }
        }
        let v = AttnVarlen { cu_q: cu_seqlens_q.to_vec(), cu_k: cu_seqlens_k.to_vec(), heads, head_dim };
        if let Some(b) = (0..v.batch()).find(|&b| v.seq_q(b) > 0 && v.seq_k(b) == 0) {
            return err(format!("sequence {b} has {} rows of Q and none of K (a softmax over no columns)", v.seq_q(b)));
        }
        // the kernel's tile index (blocks of Q · sequences · heads) is 32-bit (its offsets are 64-bit)
        let tiles = (v.max_seq_q().div_ceil(block_m(head_dim)) as u128) * (v.batch() as u128) * (heads as u128);
        if tiles > i32::MAX as u128 {
            return err(format!("{tiles} tiles (blocks of {} rows of Q x {} sequences x {heads} heads) pass the kernel's 32-bit tile index", block_m(head_dim), v.batch()));
        }
        Ok(v)
    }

    /// Sequences.
    pub fn batch(&self) -> usize {
        self.cu_q.len() - 1
    }
    /// Heads.
    pub fn heads(&self) -> usize {
        self.heads
    }
    /// Columns of Q, K, V and O.
    pub fn head_dim(&self) -> usize {
        self.head_dim
    }
    /// Rows of Q of sequence `b`.
    pub fn seq_q(&self, b: usize) -> usize {
        (self.cu_q[b + 1] - self.cu_q[b]) as usize
    }
    /// Rows of K (and V) of sequence `b`.
    pub fn seq_k(&self, b: usize) -> usize {
        (self.cu_k[b + 1] - self.cu_k[b]) as usize
    }
    /// The offsets of Q's sequences (batch + 1).
    pub fn cu_seqlens_q(&self) -> &[i32] {
        &self.cu_q
    }
    /// The offsets of K's sequences (batch + 1).
    pub fn cu_seqlens_k(&self) -> &[i32] {
        &self.cu_k
    }
    /// Rows of Q (and O) in all.
    pub fn total_q(&self) -> usize {
        *self.cu_q.last().expect("checked: at least 2") as usize
    }
    /// Rows of K (and V) in all.
    pub fn total_k(&self) -> usize {
        *self.cu_k.last().expect("checked: at least 2") as usize
    }
    /// The longest sequence of Q.
    pub fn max_seq_q(&self) -> usize {
        (0..self.batch()).map(|b| self.seq_q(b)).max().unwrap_or(0)
    }
    /// Elements of Q (and O).
    pub fn q_len(&self) -> usize {
        self.total_q() * self.heads * self.head_dim
    }
    /// Elements of K (and V).
    pub fn k_len(&self) -> usize {
        self.total_k() * self.heads * self.head_dim
    }
    /// Floats of lse: (heads, total_q).
    pub fn lse_len(&self) -> usize {
        self.heads * self.total_q()
    }

    /// The products' FLOPs, summed over the sequences ([`super::AttnShape::flops`]'s convention).
    pub fn flops(&self, causal: bool) -> f64 {
        let f: f64 = (0..self.batch()).map(|b| 4.0 * self.heads as f64 * self.seq_q(b) as f64 * self.seq_k(b) as f64 * self.head_dim as f64).sum();
        if causal { f / 2.0 } else { f }
    }

    /// What a kernel built for `head_dim_built` cannot take of this batch: another head dim, or a
    /// causal mask (top-left) over a sequence with seq_q ≠ seq_k.
    pub fn check(&self, head_dim_built: usize, causal: bool) -> Result<()> {
        check_head_dim(self.head_dim, head_dim_built)?;
        if causal {
            if let Some(b) = (0..self.batch()).find(|&b| self.seq_q(b) != self.seq_k(b)) {
                return Err(unsupported(format!(
                    "attention (variable lengths): a causal mask (top-left) takes seq_q = seq_k in every sequence; sequence {b} has {} and {}",
                    self.seq_q(b),
                    self.seq_k(b)
                )));
            }
        }
        Ok(())
    }

    /// The offsets copied to the device, beside this batch.
    pub fn upload(self, stream: &Arc<CudaStream>) -> Result<DeviceVarlen> {
        let cu_q = stream.clone_htod(&self.cu_q).map_err(driver("attention: cu_seqlens_q to the device"))?;
        let cu_k = stream.clone_htod(&self.cu_k).map_err(driver("attention: cu_seqlens_k to the device"))?;
        Ok(DeviceVarlen { lens: self, cu_q, cu_k })
    }
}

/// An [`AttnVarlen`] and its offsets on the device, what [`super::Attention::launch_varlen`] takes.
pub struct DeviceVarlen {
    lens: AttnVarlen,
    pub(super) cu_q: CudaSlice<i32>,
    pub(super) cu_k: CudaSlice<i32>,
}

impl std::ops::Deref for DeviceVarlen {
    type Target = AttnVarlen;
    fn deref(&self) -> &AttnVarlen {
        &self.lens
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_the_kernel_cannot_take_are_named() {
        let e = |q: &[i32], k: &[i32]| AttnVarlen::new(q, k, 2, 64).unwrap_err().to_string();
        assert!(e(&[0], &[0]).contains("at least 2"));
        assert!(e(&[0, 5], &[0, 5, 6]).contains("2 and 3"));
        assert!(e(&[1, 5], &[0, 5]).contains("starts at 0"));
        let m = e(&[0, 5, 9], &[0, 3, 2]);
        assert!(m.contains("cu_seqlens_k") && m.contains("sequence 1") && m.contains("at 2 before it starts at 3"), "{m}");
        let m = e(&[0, 5, 9], &[0, 3, 3]);
        assert!(m.contains("sequence 1 has 4 rows of Q and none of K"), "{m}");
        assert!(AttnVarlen::new(&[0, 5], &[0, 5], 0, 64).is_err());
        // empty sequences of Q are fine, and K without Q
        let v = AttnVarlen::new(&[0, 0, 5, 5], &[0, 3, 8, 9], 2, 64).unwrap();
        assert_eq!((v.batch(), v.max_seq_q(), v.seq_k(2)), (3, 5, 1));
        assert_eq!(v.flops(false), 4.0 * 2.0 * 5.0 * 5.0 * 64.0);
    }

    #[test]
    fn a_causal_mask_takes_equal_lengths() {
        let v = AttnVarlen::new(&[0, 4, 10], &[0, 4, 11], 1, 128).unwrap();
        assert!(v.check(128, false).is_ok());
        let e = v.check(128, true).unwrap_err().to_string();
        assert!(e.contains("sequence 1 has 6 and 7"), "{e}");
        let e = v.check(64, false).unwrap_err().to_string();
        assert!(e.contains("head dim 128") && e.contains("64"), "{e}");
    }
}
