pub mod broad;
pub mod geom;
pub mod scene;
