//! The `tycute` command line. See `tycute --help`.
fn main() {
    tycute_cli::main()
}
