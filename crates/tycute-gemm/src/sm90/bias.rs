//! The sm90 epilogue's bias vector ([`Bias`]) and the check's choice of one ([`BiasCase`]).

use tycute_cuda::cudarc::driver::CudaSlice;

use crate::error::unsupported;
use crate::layout::Order;
use crate::Result;

/// A bias vector (of the configuration's output type on the device: `u16` bits of a 16-bit one,
/// the default `T`, or `f32` for the `_f32cd` configurations) the epilogue adds: `D = alpha * A * B^T + beta * C +
/// bias`, in f32 before D's rounding to half. `Row(v)`: `D(i, j) += v[i]` (one value per row, M
/// long); `Col(v)`: `D(i, j) += v[j]` (N long). With a batch the vector is either one for the
/// whole batch (length M, resp. N) or one per problem, packed (length batch x M, resp. batch x N:
/// problem z reads `v[z * M ..]`). Rows and columns are those of D (m,n) whatever its order:
/// column-major C/D run as D^T = B A^T, where a `Row` bias is the kernel's per-column one.
#[derive(Clone, Copy, Debug, Default)]
pub enum Bias<'a, T = u16> {
    /// No bias.
    #[default]
    None,
    /// One value per row `i < m` of D.
    Row(&'a CudaSlice<T>),
    /// One value per column `j < n` of D.
    Col(&'a CudaSlice<T>),
}

impl<T> Bias<'_, T> {
    /// The kernel's `(bias_mode, bias_batch)` for shape `(m, n)` and `batch` problems of C/D order
    /// `cd` (1: per row of the kernel's problem, 2: per column; the batch stride in halves), or
    /// why the vector's length does not fit.
    pub(crate) fn mode(&self, (m, n): (usize, usize), batch: usize, cd: Order) -> Result<(i32, i64)> {
        match self {
            Bias::None => Ok((0, 0)),
            Bias::Row(v) => bias_mode(true, v.len(), (m, n), batch, cd),
            Bias::Col(v) => bias_mode(false, v.len(), (m, n), batch, cd),
        }
    }
}

/// [`Bias::mode`] of a `row` (else column) vector of `vlen` halves.
pub(crate) fn bias_mode(row: bool, vlen: usize, (m, n): (usize, usize), batch: usize, cd: Order) -> Result<(i32, i64)> {
    {
        let (len, what) = if row { (m, "Row (one value per row, m)") } else { (n, "Col (one value per column, n)") };
        let stride = if vlen == len {
            0
        } else if batch > 1 && vlen == batch * len {
            len as i64
        } else {
            return Err(unsupported(format!(
                "bias {what}: {vlen} halves, want {len} (one vector for the batch){}",
                if batch > 1 { format!(" or {} (one per problem of the batch of {batch})", batch * len) } else { String::new() }
            )));
        };
        // the kernel's problem is D^T for column-major C/D: rows and columns swap
        Ok((if row == (cd == Order::Row) { 1 } else { 2 }, stride))
    }
}

/// Which [`Bias`] [`check_case_bias`](crate::sm90::check_case_bias) adds: none, or a random vector per row / column of D, one
/// for the whole batch or one per problem (`per_problem`, packed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BiasCase {
    /// No bias.
    None,
    /// [`Bias::Row`].
    Row {
        /// One vector per problem of the batch (else one shared).
        per_problem: bool,
    },
    /// [`Bias::Col`].
    Col {
        /// One vector per problem of the batch (else one shared).
        per_problem: bool,
    },
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bias_modes_and_lengths() {
        // kernel mode 1 = per row of its problem, 2 = per column; column-major C/D swap them
        assert_eq!(bias_mode(true, 100, (100, 50), 1, Order::Row).unwrap(), (1, 0));
        assert_eq!(bias_mode(true, 100, (100, 50), 1, Order::Col).unwrap(), (2, 0));
        assert_eq!(bias_mode(false, 50, (100, 50), 3, Order::Col).unwrap(), (1, 0));
        assert_eq!(bias_mode(false, 150, (100, 50), 3, Order::Row).unwrap(), (2, 50));
        let e = bias_mode(true, 50, (100, 50), 3, Order::Row).unwrap_err().to_string();
        assert!(e.contains("50 halves, want 100") && e.contains("or 300"), "{e}");
        assert!(bias_mode(true, 200, (100, 50), 1, Order::Row).is_err());
    }
}
