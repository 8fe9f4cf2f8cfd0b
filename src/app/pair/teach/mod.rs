//! Teaching mode: stepping through SAT with captions, the classic
//! algorithms worked on the canvas, the Minkowski difference view, and the
//! classroom controls (predict then reveal, lessons, touching policy).

// Every match on a kind lists every kind (see src/geom/mod.rs).
#![deny(clippy::wildcard_enum_match_arm)]
pub mod algorithm;
pub mod caption;
pub mod minkowski;
pub mod step;
