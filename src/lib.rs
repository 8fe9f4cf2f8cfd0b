pub mod broad;
pub mod geom;
pub mod geom3d;
pub mod scene;
