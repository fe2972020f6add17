//! What the GPU checks of both GEMMs share.

/// `sqrt(err2 / ref2)`: a normwise relative error from the squared norms of the difference and
/// the reference (the absolute one when the reference is zero).
pub(crate) fn normwise(err2: f64, ref2: f64) -> f64 {
    if ref2 > 0.0 {
        (err2 / ref2).sqrt()
    } else {
        err2.sqrt()
    }
}
