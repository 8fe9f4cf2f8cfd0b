pub mod geom;
pub mod scene;
