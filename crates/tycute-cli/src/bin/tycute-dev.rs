fn main() { tycute_cli::main() }
