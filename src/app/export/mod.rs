//! Export without a window (issue 30): the window's painter records SVG
//! instead of drawing ([`record`]), resvg rasterises it with the bundled
//! fonts ([`raster`]), walks become GIF or APNG ([`anim`]), and
//! `satlab render` ([`command`]) and `satlab export-lesson` ([`lesson`])
//! write them. Nothing here needs a display or OpenGL.

pub mod anim;
pub mod command;
pub mod error;
pub mod frames;
pub mod job;
pub mod lesson;
pub mod output;
pub mod pair;
pub mod raster;
pub mod record;
pub mod window;
