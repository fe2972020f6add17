//! The accepted neighbours of the ui-tests' rejections (`ui-tests/pass/*.rs`): each file is a
//! program that must compile and run. They are built here as modules of one test crate rather
//! than by trybuild (see `ui-tests/tests/ui.rs`); a new file needs a line in the list below, and
//! `every_pass_case_is_listed` fails until it has one.

macro_rules! pass_cases {
    ($($name:ident),* $(,)?) => {
        $(
            #[allow(dead_code, unused_imports)]
            mod $name {
                include!(concat!(env!("CARGO_MANIFEST_DIR"), "/ui-tests/pass/", stringify!($name), ".rs"));
                #[test]
                fn compiles_and_runs() {
                    main()
                }
            }
        )*
        const LISTED: &[&str] = &[$(stringify!($name)),*];
    };
}

pass_cases!(
    algebra_neighbours,
    bounds_neighbours,
    composition_negative_neighbours,
    composition_neighbour,
    cute_values,
    kernel_configs,
    layout_match_neighbours,
    neighbours_more,
    swizzle_neighbours,
    tiled_neighbours,
);

#[test]
fn every_pass_case_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests/pass");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("ui-tests/pass")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rs"))
        .map(|n| n.trim_end_matches(".rs").to_string())
        .collect();
    files.sort();
    let mut listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "tests/ui_pass.rs must list every file of ui-tests/pass"
    );
}
