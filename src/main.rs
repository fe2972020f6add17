//! The `tycute` command line. Without arguments it runs the embedded default: the sgemm_sm80
//! shared-memory layouts derived step by step at the type level. See `tycute --help`.
fn main() {
    if std::env::args_os().len() > 1 {
        return tycute_cli::main();
    }
    let mut text =
        String::from("sgemm_sm80 (TN, 128x128x64, 3 stages): shared-memory layouts, evaluated by the trait solver\n\n");
    let steps = tycute::configs::sgemm_sm80::derivation();
    let width = steps.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in steps {
        text += &format!("{name:<width$}  {value}\n");
    }
    text += "\nMore: `tycute --help` (eval, vectors).\n";
    tycute_cli::emit(&text);
}
