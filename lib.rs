//! satlab: 2D collision math you can see.
//!
//! The library is the geometry core ([`geom`]) and the scene file format
//! ([`scene`]); it knows nothing about windows or drawing. The `satlab`
//! binary (`src/main.rs`, `src/app/`) draws what the library reports.

#![warn(missing_docs)]

pub mod geom;
