//! Numbers and shapes in words, for tables and mismatch lines: what
//! `satlab eval` and `satlab check` print for people.

use super::space::{Placed3, Rotation3};
use super::write::num;
use crate::geom::{Shape, Vec2};
use crate::geom3d::{Shape3, Vec3};
use std::fmt::Write as _;

fn pt(v: Vec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// A shape in words: `circle at (0, 0), radius 1`.
pub fn describe(s: &Shape) -> String {
    let pose = s.pose();
    let mut out = format!("{} at {}", s.kind().name(), pt(pose.position()));
    if pose.rotation_deg() != 0.0 {
        let _ = write!(out, " turned {}°", num(pose.rotation_deg()));
    }
    let rest = match s {
        Shape::Point(_) | Shape::Line(_) => String::new(),
        Shape::Segment(x) => format!("half_length {}", num(x.half_length())),
        Shape::Ray(x) => match x.length() {
            Some(l) => format!("length {}", num(l)),
            None => "unbounded".into(),
        },
        Shape::Circle(x) => format!("radius {}", num(x.radius())),
        Shape::Aabb(x) => format!("half_extents {}", pt(x.half_extents())),
        Shape::Obb(x) => format!("half_extents {}", pt(x.half_extents())),
        Shape::Capsule(x) => format!(
            "half_length {}, radius {}",
            num(x.half_length()),
            num(x.radius())
        ),
        Shape::Sector(x) => format!(
            "radius {}, half_angle {}°",
            num(x.radius()),
            num(x.half_angle_deg())
        ),
        Shape::Polygon(x) => {
            let v: Vec<String> = x.local_vertices().iter().map(|&p| pt(p)).collect();
            format!("vertices {}", v.join(" "))
        }
    };
    if !rest.is_empty() {
        let _ = write!(out, ", {rest}");
    }
    out
}

/// A number rounded for the table (6 significant digits, no `-0`).
pub(crate) fn n6(v: f32) -> String {
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{:.6}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

pub(crate) fn p6(v: Vec2) -> String {
    format!("({}, {})", n6(v.x), n6(v.y))
}

fn pt3(v: Vec3) -> String {
    format!("({}, {}, {})", num(v.x), num(v.y), num(v.z))
}

/// A 3D shape in words, as [`describe`] writes a 2D one: `sphere at (0, 0,
/// 0), radius 1`; the rotation as the file gives it.
pub(crate) fn describe3(p: &Placed3) -> String {
    let s = &p.shape;
    let mut out = format!("{} at {}", s.kind().name(), pt3(s.pose().position()));
    match p.rotation {
        Rotation3::None => {}
        Rotation3::EulerDeg(d) => {
            let _ = write!(out, " turned {}°", pt3(Vec3::from(d)));
        }
        Rotation3::Quaternion(q) => {
            let q: Vec<String> = q.iter().map(|&c| num(c)).collect();
            let _ = write!(out, " quaternion [{}]", q.join(", "));
        }
    }
    let rest = match s {
        Shape3::Point(_) => String::new(),
        Shape3::Segment(x) => format!("half_length {}", num(x.half_length())),
        Shape3::Ray(x) => match x.length() {
            Some(l) => format!("length {}", num(l)),
            None => "unbounded".into(),
        },
        Shape3::Sphere(x) => format!("radius {}", num(x.radius())),
        Shape3::Aabb(x) => format!("half_extents {}", pt3(x.half_extents())),
        Shape3::Obb(x) => format!("half_extents {}", pt3(x.half_extents())),
        Shape3::Capsule(x) => format!(
            "half_length {}, radius {}",
            num(x.half_length()),
            num(x.radius())
        ),
        Shape3::Triangle(x) => {
            let v: Vec<String> = x.local_vertices().iter().map(|&q| pt3(q)).collect();
            format!("vertices {}", v.join(" "))
        }
        Shape3::Hull(_) => format!("{} points", p.points.len()),
    };
    if !rest.is_empty() {
        let _ = write!(out, ", {rest}");
    }
    out
}
