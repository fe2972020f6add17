// The accepted neighbours of the algebra cases in ui-tests/fail: one input changed so that the
// rule holds (values from the runtime twin, `tycute eval`).
use tycute::{
    cute, show, Complement, Composition, Crd2Idx, Downcast, FlatProduct, Idx2Crd, LeftInverse,
    LogicalDivide, LogicalProduct, MakeOrderedLayout, TileToShape, TiledDivide, Upcast, Zip, ZippedDivide,
};
fn main() {
    // composition_tiler_rank: a rank-2 tiler for a rank-2 layout
    assert_eq!(show::<Composition<cute!((_8,_4):(_1,_8)), cute!((_2,_2))>>(), "(_2,_2):(_1,_8)");
    // composition_stride_divisibility: stride _8 is a multiple of A's first mode _4
    assert_eq!(show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_2:_8)>>(), "_2:_16");
    // composition_shape_divisibility: 4 elements split 2 x 2
    assert_eq!(show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_4:_2)>>(), "(_2,_2):(_2,_8)");
    // composition_partial_walk: stride 3 divides the mode _6 it leaves
    assert_eq!(show::<Composition<cute!((_6,_4):(_1,_8)), cute!(_4:_3)>>(), "(_2,_2):(_3,_8)");
    // complement_non_injective_swapped: (_2,_4):(_4,_1) is injective
    assert_eq!(show::<Complement<cute!((_2,_4):(_4,_1))>>(), "_1:_0");
    // left_inverse_divisibility
    assert_eq!(show::<LeftInverse<cute!((_4,_2):(_1,_16))>>(), "(_16,_2):(_1,_4)");
    // logical_divide_tiler_rank: a rank-1 tiler
    assert_eq!(show::<LogicalDivide<cute!(_8:_1), cute!(_2)>>(), "(_2,_4):(_1,_2)");
    // logical_divide_shape_divisibility: a tile of 8 divides the first mode
    assert_eq!(
        show::<LogicalDivide<cute!((_2,(_1,_2,_12),_8):(_1,(_48,_2,_4),_96)), cute!((_8))>>(),
        "((_8,_1),(_1,_2,_12),_8):((_1,_0),(_48,_2,_4),_96)"
    );
    // tiled_divide_shape_divisibility
    assert_eq!(
        show::<TiledDivide<cute!((_2,(_1,_2,_12),_8):(_1,(_48,_2,_4),_96)), cute!((_4))>>(),
        "((_4),_1,(_1,_2,_12),_8):((_1),_0,(_48,_2,_4),_96)"
    );
    // zipped_divide_underscore: every mode divided
    assert_eq!(show::<ZippedDivide<cute!((_8,_4):(_1,_8)), cute!((_2,_2))>>(), "((_2,_2),(_4,_2)):((_1,_8),(_2,_16))");
    // logical_product_tiler_rank
    assert_eq!(show::<LogicalProduct<cute!(_4:_1), cute!(_2:_1)>>(), "(_4,_2):(_1,_4)");
    // logical_product_shape_divisibility: _2 fits the complement's modes
    assert_eq!(
        show::<LogicalProduct<cute!(((_2,_4),_2):((_8,_2),_1)), cute!((_2:_1,_2:_1))>>(),
        "(((_2,_4),_2),(_2,_2)):(((_8,_2),_1),(_1,_2))"
    );
    // flat_product_shape_divisibility
    assert_eq!(
        show::<FlatProduct<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!(_2:_1)>>(),
        "(_4,(_4,(_1,_8)),_2):(_64,(_16,(_0,_1)),_8)"
    );
    // upcast_divisibility / downcast_not_adjacent
    assert_eq!(show::<Upcast<cute!(2), cute!((_4,_4):(_1,_6))>>(), "(_2,_4):(_1,_3)");
    assert_eq!(show::<Downcast<cute!(2), cute!((_4,_4):(_1,_4))>>(), "(_8,_4):(_1,_8)");
    // tile_to_shape_divisibility / tile_to_shape_rank
    assert_eq!(show::<TileToShape<cute!((_8,_8):(_1,_8)), cute!((_16,_16))>>(), "((_8,_2),(_8,_2)):((_1,_64),(_8,_128))");
    assert_eq!(
        show::<TileToShape<cute!((_8,_8,_2):(_1,_8,_64)), cute!((_16,_16,_4))>>(),
        "((_8,_2),(_8,_2),(_2,_2)):((_1,_128),(_8,_256),(_64,_512))"
    );
    // crd2idx_ranks / idx2crd_ranks / make_ordered_layout_ranks / zip_ranks
    assert_eq!(show::<Crd2Idx<cute!((_1,_2)), cute!((_4,_8)), cute!((_1,_4))>>(), "_9");
    assert_eq!(show::<Idx2Crd<cute!(_3), cute!((_4,_4))>>(), "(_3,_0)");
    assert_eq!(show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0,_1))>>(), "(_4,_8,_3):(_24,_1,_8)");
    assert_eq!(show::<Zip<cute!(((_2,_2),(_2,_2)):((_1,_2),(_4,_8)))>>(), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
}
