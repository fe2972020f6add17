//! [`AttnShape`]: a fixed-length attention problem (batch, heads, seq_q, seq_k, head dim) and the
//! rules the kernel's shapes follow.

use super::block_m;
use crate::error::unsupported;
use crate::Result;

/// The shape of one attention problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttnShape {
    /// Batch.
    pub batch: usize,
    /// Heads (Q, K and V have as many: no grouped K and V yet).
    pub heads: usize,
    /// Rows of Q and O.
    pub seq_q: usize,
    /// Rows of K and V.
    pub seq_k: usize,
    /// Columns of Q, K, V and O.
    pub head_dim: usize,
}

impl AttnShape {
    /// `(batch, heads, seq_q, seq_k, head_dim)`.
    pub fn new(batch: usize, heads: usize, seq_q: usize, seq_k: usize, head_dim: usize) -> AttnShape {
        AttnShape { batch, heads, seq_q, seq_k, head_dim }
    }

    /// Elements of Q (and O), and of K (and V).
    pub fn q_len(&self) -> usize {
        self.batch * self.heads * self.seq_q * self.head_dim
    }
    /// Elements of K (and V).
    pub fn k_len(&self) -> usize {
        self.batch * self.heads * self.seq_k * self.head_dim
    }

    /// The multiply-adds' FLOPs of the two products (4 · batch · heads · seq_q · seq_k · head dim),
    /// half of them with a causal mask (the convention FlashAttention and cuDNN report in).
    pub fn flops(&self, causal: bool) -> f64 {
        let f = 4.0 * (self.batch * self.heads) as f64 * self.seq_q as f64 * self.seq_k as f64 * self.head_dim as f64;
        if causal { f / 2.0 } else { f }
    }

    /// What the kernel cannot take, as a sentence naming the rule and the numbers.
    pub fn check(&self, head_dim_built: usize, causal: bool) -> Result<()> {
        let s = self;
        if s.batch == 0 || s.heads == 0 || s.seq_q == 0 || s.seq_k == 0 {
            return Err(unsupported(format!("attention: batch, heads, seq_q and seq_k must be positive, not {s:?}")));
        }
        check_head_dim(s.head_dim, head_dim_built)?;
        if causal && s.seq_q != s.seq_k {
            return Err(unsupported(format!("attention: a causal mask (top-left) takes seq_q = seq_k, not {} and {}", s.seq_q, s.seq_k)));
        }
        // the kernel's tile index and batch · heads are 32-bit
        if (s.seq_q.div_ceil(block_m(s.head_dim)) as u128) * (s.batch as u128) * (s.heads as u128) > i32::MAX as u128 {
            return Err(unsupported(format!("attention: {} blocks of Q x {} batches x {} heads pass the kernel's 32-bit tile index", s.seq_q.div_ceil(block_m(s.head_dim)), s.batch, s.heads)));
        }
        if s.seq_q.max(s.seq_k) > i32::MAX as usize / s.head_dim.max(1) {
            return Err(unsupported(format!("attention: seq {} x head dim {} passes the kernel's 32-bit row index", s.seq_q.max(s.seq_k), s.head_dim)));
        }
        Ok(())
    }
}

/// A problem of head dim `head_dim` given to the kernel built for `built`: an error naming both.
pub(super) fn check_head_dim(head_dim: usize, built: usize) -> Result<()> {
    if head_dim != built {
        return Err(unsupported(format!("attention: head dim {head_dim} given to the kernel built for head dim {built} (load one with Attention::load(ctx, {head_dim}))")));
    }
    Ok(())
}
