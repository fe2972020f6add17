//! `rows`: a dump's thread tensors from the representative's parts.

use tycute_configs::rows::*;
use tycute_dynamic::{Int, IntTuple};
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::Layout;
use tycute_tiled::copy::Dyn;
use tycute_tiled::CountingTensor;

use tycute_layout::typenum::{P144, P8};
use tycute_macros::cute;

#[test]
fn crd_is_idx2crd_on_the_shape_value() {
    let shape = IntTuple::Tuple(vec![
        IntTuple::Int(Int::st(32)),
        IntTuple::Tuple(vec![IntTuple::Int(Int::st(2)), IntTuple::Int(Int::st(4))]),
    ]);
    assert_eq!(crd(0, &shape).to_string(), "(0,(0,0))");
    assert_eq!(crd(37 + 32 * 5, &shape).to_string(), "(5,(0,3))");
    assert_eq!(crd(33, &shape).to_string(), "(1,(1,0))");
}

#[test]
fn a_thread_tensor_is_the_representative_with_this_threads_parts() {
    // representative: counting_iter(8) o (_2,_2):(144,_1); another thread: offset 20, stride 160
    type Rep = CountingTensor<P8, Layout<cute!((_2,_2)), Tup<Dyn<P144>, Tup<cute!(_1), Nil>>>>;
    let p = ThreadTensorParts::of::<Rep>();
    let v = p.thread_value(&[20, 180, 21, 181]).unwrap();
    assert_eq!(v.to_string(), "counting_iter(20) o (_2,_2):(160,_1)");
    // a static stride that does not hold for the thread is an error, not a value
    assert!(p.thread(&[20, 180, 22, 182]).unwrap_err().contains("static stride 1"));
    let mut r = Rows::new(true);
    r.thread_tensor::<Rep>("t", &[20, 180, 21, 181]);
    r.raw("note", "1 (one thread)".into());
    let rows = r.into_rows();
    assert_eq!((rows[0].text(), rows[0].table_text()), ("counting_iter(20) o (_2,_2):(160,_1)".into(), Some("20 180 21 181".into())));
    assert_eq!((rows[1].text(), rows[1].table.clone()), ("1 (one thread)".into(), None));
    assert!(rows[0].layout().is_some() && rows[1].layout().is_none());
}
