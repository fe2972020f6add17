//! The accepted neighbours of `tests/ui/fail` (`tests/ui/pass/neighbours.rs`): a program that must
//! compile and run, built here as a module of an ordinary test rather than by trybuild (see
//! `tests/ui.rs`).

#[allow(dead_code, unused_imports)]
mod neighbours {
    include!("ui/pass/neighbours.rs");
    #[test]
    fn compiles_and_runs() {
        main()
    }
}
