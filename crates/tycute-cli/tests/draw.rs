//! `tycute draw`: the SVG of every drawable layout of sgemm_sm80 is well-formed XML with one
//! rectangle per cell, and a TV layout covers its tile (the MMA's C layout: every cell once).

use tycute_cli::draw::{grid, DrawArgs};

fn args(object: &str, tile: Option<&str>) -> DrawArgs {
    DrawArgs { config: "sgemm_sm80".into(), object: object.into(), tile: tile.map(str::to_string), thread: None, svg: None, latex: None }
}

#[test]
fn svg_is_well_formed_and_complete() {
    for (object, tile, cells) in [
        ("mmaC.layoutC_TV", Some("32,32"), 1024),
        ("mma_atom.LayoutC_TV", Some("16,8"), 128),
        ("sA(_,_,0)", None, 8192),
        ("swizzle_atom", None, 512),
    ] {
        let g = grid(&args(object, tile)).unwrap_or_else(|e| panic!("{e}"));
        let svg = g.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{object}: not XML: {e}"));
        let rects = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(rects, cells + 1, "{object}: one rect per cell plus the background");
        if tile.is_some() {
            assert!(g.cells.iter().all(|c| !c.label.is_empty() && !c.clash), "{object}: a TV layout that covers its tile once");
        }
        assert!(g.latex().contains("\\end{tikzpicture}"));
    }
}

#[test]
fn bad_input_is_an_error_naming_it() {
    assert!(grid(&args("nope", None)).unwrap_err().contains("no layout named `nope`"));
    assert!(grid(&args("mmaC.layoutC_TV", Some("8,8"))).unwrap_err().contains("outside the 8x8 tile"));
    assert!(grid(&args("mmaC.layoutC_TV", Some("8"))).unwrap_err().contains("expected M,N"));
    let mut a = args("sA", None);
    a.config = "nonesuch".into();
    assert!(grid(&a).unwrap_err().contains("no configuration named `nonesuch`"));
}

/// The sm90 configuration's objects draw the same way: the wgmma accumulator layout covers the
/// 64x128 atom tile once, the epilogue's stmatrix copy its 64x16 tile once, and the swizzled
/// sD sub-tile is a plain grid of offsets.
#[test]
fn sm90_objects() {
    for (object, tile, cells) in [
        ("mma.layoutC_TV", Some("64,128"), 8192),
        ("tiled_r2s.TiledLayout_TV", Some("64,16"), 1024),
        ("sD_epi", None, 4096),
    ] {
        let mut a = args(object, tile);
        a.config = "sm90".into();
        let g = grid(&a).unwrap_or_else(|e| panic!("{object}: {e}"));
        let svg = g.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{object}: not XML: {e}"));
        assert_eq!(doc.descendants().filter(|n| n.has_tag_name("rect")).count(), cells + 1, "{object}");
        if tile.is_some() {
            assert!(g.cells.iter().all(|c| !c.label.is_empty() && !c.clash), "{object}: covers its tile once");
        }
    }
}
