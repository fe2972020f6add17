//! # tycute-vectors: the test-vector harness
//!
//! The vector files of `tests/vectors/` (computed by C++ CuTe) name an op and its arguments as
//! text, one case a line. This crate evaluates them with the runtime twin (`tycute-dynamic`) and
//! generates the type-level programs that evaluate them with `tycute`:
//!
//! * [`eval`]: an op by name ([`Evaluator::eval`], [`OPS`], `table:OP`); the algebra's ops are
//!   the tables of [`ops`] (one file a family), the atom, TiledMMA, TiledCopy, crosswise and seed
//!   ops are [`tiled`], [`crosswise`] and [`seeds`];
//! * [`line`](mod@line): one vector line in, one result line out ([`eval_line`], [`result_field`]), what
//!   `tycute eval` prints;
//! * [`gen_rust`]: the generator of `tycute vectors rust` (the type-level program of a vector
//!   file), with the CuTe name → Rust type rule of `tycute-names`.
//!
//! It depends on the runtime twin and the name table only, never on the type-level crates, so
//! the CLI and the tests use it without compiling them.
//!
//! ```
//! use tycute_vectors::{eval_line, Evaluator};
//! let line = eval_line(&Evaluator::default(), "algebra\tcoalesce\t(_2,_4):(_1,_2)").unwrap();
//! assert_eq!(line, "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1");
//! ```

pub mod crosswise;
pub mod error;
pub mod eval;
pub mod evaluator;
pub mod gen_rust;
pub mod line;
pub mod ops;
pub mod output;
pub mod seeds;
pub mod tiled;

#[cfg(test)]
pub(crate) mod testing;

pub use eval::{is_known_op, OPS};
pub use evaluator::Evaluator;
pub use line::{eval_line, result_field};
pub use ops::algebra::NESTED_COMPOSED;
pub use output::{Output, TABLE_LIMIT};
pub use tiled::tiled_mma_of_args;
