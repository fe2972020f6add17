//! BOOTSTRAP STUB (tl-tiledcopy): tl-tiledmma's TiledMMA is not committed yet; this empty module
//! keeps the crate compiling until `git merge tl-tiledmma` replaces it.
