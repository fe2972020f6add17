//! The `tycute` command line (`tycute --help`; without arguments, the default run): all of it
//! lives in `tycute-cli`.

fn main() {
    tycute_cli::main()
}
