//! One vector-format line in, one result line out: what `tycute eval` prints and the vector
//! tests compare.

use crate::error::ErrorKind;
use crate::evaluator::Evaluator;

/// The text after `=>` for one case: the result, `REJECT<TAB>reason` or `ERROR<TAB>reason`.
pub fn result_field(ev: &Evaluator, op: &str, args: &[&str]) -> String {
    match ev.eval(op, args) {
        Ok(out) => out.to_string(),
        Err(e) => {
            let msg = e.message.replace(['\t', '\n', '\r'], " ");
            match e.kind {
                ErrorKind::Reject => format!("REJECT\t{msg}"),
                _ => format!("ERROR\t{msg}"),
            }
        }
    }
}

/// Evaluate one vector-format line (`category<TAB>op<TAB>args...[<TAB>=>...]`) into the output
/// line `category<TAB>op<TAB>args...<TAB>=><TAB>RESULT`. Returns `None` for an empty line.
pub fn eval_line(ev: &Evaluator, line: &str) -> Option<String> {
    let line = line.trim_end_matches(['\n', '\r']);
    if line.trim().is_empty() {
        return None;
    }
    let fields: Vec<&str> = line.split('\t').collect();
    let end = fields
        .iter()
        .position(|f| *f == "=>")
        .unwrap_or(fields.len());
    let inputs = &fields[..end];
    let result = if inputs.len() < 2 {
        "ERROR\texpected category<TAB>op<TAB>args...".to_string()
    } else {
        result_field(ev, inputs[1], &inputs[2..])
    };
    Some(format!("{}\t=>\t{}", inputs.join("\t"), result))
}
