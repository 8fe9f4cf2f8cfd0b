//! satlab: 2D collision math you can see, and a reference you can test
//! against.
//!
//! The library is the geometry core ([`geom`]: ten convex shape kinds,
//! every pairwise query, the separating-axis report, ray casts and the
//! classic closed-form tests), its 3D twin ([`geom3d`]), what the two share
//! whatever the dimension ([`common`]: the tolerance, sides, kinds and
//! errors), a loose-quadtree broad phase ([`broad`]) and the JSON scene
//! format ([`scene`]). It knows nothing about windows or
//! drawing: built with `default-features = false` it depends on glam, serde
//! and serde_json only. The `satlab` binary (feature `app`, on by default)
//! draws what the library reports.
//!
//! Conventions: world units, y up, angles counter-clockwise; shapes are
//! closed sets, and two shapes at most [`geom::CONTACT_TOLERANCE`] apart
//! touch; in a pair query shape A comes first and vectors that move B out
//! of A point from A towards B.
//!
//! ```
//! use satlab::geom::{distance, intersects, sat_report, Circle, Obb, Pose, Shape, Vec2};
//!
//! let a = Shape::Obb(Obb::new(Pose::new(Vec2::ZERO, 30.0)?, Vec2::new(2.0, 1.0))?);
//! let b = Shape::Circle(Circle::new(Pose::at(Vec2::new(4.0, 0.0)), 1.0)?);
//! assert!(!intersects(&a, &b));
//! let d = distance(&a, &b);
//! assert!(d.distance > 0.0);
//! // The SAT report finds a separating axis, and the largest gap over its
//! // candidate axes is the distance.
//! let report = sat_report(&a, &b);
//! assert!(report.parts[0].first_separating.is_some());
//! let widest = report.axes.iter().map(|t| t.gap).fold(f32::MIN, f32::max);
//! assert!((widest - d.distance).abs() < 1e-4);
//! # Ok::<(), satlab::geom::ShapeError>(())
//! ```

#![warn(missing_docs)]

pub mod broad;
pub mod common;
pub mod geom;
pub mod geom3d;
pub mod practice;
pub mod scene;
