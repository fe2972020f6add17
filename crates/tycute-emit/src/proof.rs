//! Proofs on values: what a build script checks before it writes a header, each an error that
//! names the table, the thread and the value when it fails.
//!
//! ```
//! use tycute_emit::proof;
//! // two threads, two 2-element vectors each: every element of 0..8 once, vectors contiguous
//! let rows = vec![vec![0, 1, 4, 5], vec![2, 3, 6, 7]];
//! proof::exactly_once("copy", rows.iter().flatten().copied(), 8).unwrap();
//! proof::contiguous_vectors("copy", &rows, 2).unwrap();
//! let e = proof::contiguous_vectors("copy", &rows, 4).unwrap_err();
//! assert_eq!(e.message(), "copy: thread 0's vector 0 is not contiguous: value 2 is at 4, expected 2 (vector [0, 1, 4, 5])");
//! // the fragment holds thread t's elements in another order: the retile says where each goes
//! let frag = vec![vec![4, 5, 0, 1], vec![6, 7, 2, 3]];
//! assert_eq!(proof::retile("S2R", &rows, &frag).unwrap(), [2, 3, 0, 1]);
//! ```

use std::collections::BTreeMap;

use crate::{CopyTables, Error, MmaTables};

/// Every value of `0..n` appears exactly once in `values`.
pub fn exactly_once(what: &str, values: impl IntoIterator<Item = i64>, n: usize) -> Result<(), Error> {
    let mut seen = vec![0u32; n];
    for v in values {
        let slot = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)).ok_or_else(|| Error::new(format!("{what}: value {v} is outside 0..{n}")))?;
        *slot += 1;
    }
    if let Some(i) = seen.iter().position(|&c| c != 1) {
        let times = seen[i];
        return Err(Error::new(format!("{what}: element {i} of {n} is covered {times} times, not once")));
    }
    Ok(())
}

/// Each row's values, in groups of `vector`, are runs `x, x+1, ..., x+vector-1` (one vector
/// instruction's contiguous elements).
pub fn contiguous_vectors(what: &str, rows: &[Vec<i64>], vector: usize) -> Result<(), Error> {
    if vector == 0 {
        return Err(Error::new(format!("{what}: a vector of 0 values")));
    }
    for (t, r) in rows.iter().enumerate() {
        if r.len() % vector != 0 {
            return Err(Error::new(format!("{what}: thread {t} has {} values, not whole vectors of {vector}", r.len())));
        }
        for (i, chunk) in r.chunks(vector).enumerate() {
            if let Some(j) = (1..chunk.len()).find(|&j| chunk[j] != chunk[0] + j as i64) {
                return Err(Error::new(format!(
                    "{what}: thread {t}'s vector {i} is not contiguous: value {j} is at {}, expected {} (vector {:?})",
                    chunk[j],
                    chunk[0] + j as i64,
                    chunk
                )));
            }
        }
    }
    Ok(())
}

/// Per thread, `a` and `b` hold the same elements, each as often (e.g. the coordinates an
/// S2R copy writes into registers and the coordinates the MMA expects there).
pub fn same_elements(what: &str, a: &[Vec<i64>], b: &[Vec<i64>]) -> Result<(), Error> {
    if a.len() != b.len() {
        return Err(Error::new(format!("{what}: {} threads against {}", a.len(), b.len())));
    }
    for (t, (x, y)) in a.iter().zip(b).enumerate() {
        let count = |r: &[i64]| {
            let mut m = BTreeMap::new();
            for &v in r {
                *m.entry(v).or_insert(0u32) += 1;
            }
            m
        };
        let (cx, cy) = (count(x), count(y));
        if cx != cy {
            let missing = cy.keys().find(|k| !cx.contains_key(k));
            let extra = cx.keys().find(|k| !cy.contains_key(k));
            return Err(Error::new(format!(
                "{what}: thread {t} holds other elements ({} values against {}; first expected element it lacks: {:?}; first it has that is not expected: {:?})",
                x.len(),
                y.len(),
                missing,
                extra
            )));
        }
    }
    Ok(())
}

/// Per thread, `a[t][i] == b[t][i]` for every value `i` (same elements in the same registers).
pub fn same_order(what: &str, a: &[Vec<i64>], b: &[Vec<i64>]) -> Result<(), Error> {
    same_elements(what, a, b)?;
    for (t, (x, y)) in a.iter().zip(b).enumerate() {
        if let Some(i) = (0..x.len()).find(|&i| x[i] != y[i]) {
            return Err(Error::new(format!("{what}: thread {t}'s value {i} is element {}, expected {}", x[i], y[i])));
        }
    }
    Ok(())
}

/// The retile from a copy's values to a fragment: `map[i]` is the fragment index that holds the
/// element of the copy's value `i` (`copy[t][i] == frag[t][map[i]]`), one map for every thread.
/// An error when a thread holds other elements or the map would differ between threads.
pub fn retile(what: &str, copy: &[Vec<i64>], frag: &[Vec<i64>]) -> Result<Vec<usize>, Error> {
    same_elements(what, copy, frag)?;
    let mut map: Option<Vec<usize>> = None;
    for (t, (c, f)) in copy.iter().zip(frag).enumerate() {
        let mut taken = vec![false; f.len()];
        let mut m = Vec::with_capacity(c.len());
        for (i, e) in c.iter().enumerate() {
            // the first untaken fragment slot with this element (elements may repeat)
            let j = (0..f.len()).find(|&j| !taken[j] && f[j] == *e).ok_or_else(|| Error::new(format!("{what}: thread {t}'s value {i} (element {e}) has no register")))?;
            taken[j] = true;
            m.push(j);
        }
        match &map {
            None => map = Some(m),
            Some(m0) if *m0 == m => {}
            Some(m0) => {
                let i = (0..m.len()).find(|&i| m[i] != m0[i]).unwrap_or(0);
                return Err(Error::new(format!(
                    "{what}: thread {t}'s value {i} goes to register {}, thread 0's to {}: the retile is not the same for every thread",
                    m[i], m0[i]
                )));
            }
        }
    }
    map.ok_or_else(|| Error::new(format!("{what}: no threads")))
}

impl CopyTables {
    /// The copy reads each element of a source tensor of `n` elements exactly once.
    pub fn prove_src_once(&self, what: &str, n: usize) -> Result<(), Error> {
        exactly_once(&format!("{what} source"), self.src().iter().flatten().copied(), n)
    }
    /// The copy writes each element of a destination tensor of `n` elements exactly once.
    pub fn prove_dst_once(&self, what: &str, n: usize) -> Result<(), Error> {
        exactly_once(&format!("{what} destination"), self.dst().iter().flatten().copied(), n)
    }
    /// Every instruction's `vector` values are contiguous on both sides (what a vector load or
    /// store, e.g. a 16-byte `cp.async` of 8 halves, needs).
    pub fn prove_vectors(&self, what: &str, vector: usize) -> Result<(), Error> {
        contiguous_vectors(&format!("{what} source"), self.src(), vector)?;
        contiguous_vectors(&format!("{what} destination"), self.dst(), vector)
    }
}

impl MmaTables {
    /// The accumulators of all threads hold each of the `n` elements of C exactly once.
    pub fn prove_c_once(&self, what: &str, n: usize) -> Result<(), Error> {
        exactly_once(&format!("{what} accumulators"), self.c().iter().flatten().copied(), n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_name_the_numbers() {
        assert!(exactly_once("t", [0, 1, 2, 3], 4).is_ok());
        assert_eq!(exactly_once("t", [0, 1, 1, 3], 4).unwrap_err().message(), "t: element 1 of 4 is covered 2 times, not once");
        assert!(exactly_once("t", [0, 9], 2).unwrap_err().message().contains("value 9 is outside 0..2"));
        assert!(contiguous_vectors("v", &[vec![0, 1, 8, 9]], 2).is_ok());
        let e = contiguous_vectors("v", &[vec![0, 1, 8, 10]], 2).unwrap_err();
        assert!(e.message().contains("thread 0's vector 1 is not contiguous"), "{e}");
        assert!(same_elements("s", &[vec![1, 2]], &[vec![2, 1]]).is_ok());
        assert!(same_order("s", &[vec![1, 2]], &[vec![2, 1]]).is_err());
        assert!(same_elements("s", &[vec![1, 2]], &[vec![2, 3]]).is_err());
    }
}
