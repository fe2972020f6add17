//! The package of tycute's compile-fail cases: `fail/*.rs` (grouped by rule family, a module per
//! case) with their `.stderr`, run by `tests/ui.rs` (trybuild). The accepted neighbours in
//! `pass/` are built by the root package's `tests/ui_pass.rs`. Nothing to export.
