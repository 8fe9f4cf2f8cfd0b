//! Issue 28, item 1: when two axes overlap by the same amount, the report's
//! least-overlap axis, its MTV and `penetration` name the same one (the
//! first in SAT order), in 2D and 3D, so the caption, the result panel, the
//! arrow and `eval` cannot contradict each other.

use satlab::geom::{penetration, sat_report, Aabb, Pose, Shape, Vec2};
use satlab::geom3d::{penetration as penetration3, sat_report3, Aabb3, Pose3, Shape3, Vec3};

fn aabb(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
    let a = Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy));
    Shape::Aabb(a.expect("valid box"))
}

fn aabb3(p: Vec3, h: Vec3) -> Shape3 {
    Shape3::Aabb(Aabb3::new(Pose3::at(p), h).expect("valid box"))
}

#[test]
fn the_lesson_scene_names_one_axis() {
    // scenes/01-basics/03-aabb-aabb-overlap.json: 0.5 on both axes.
    let (a, b) = (aabb(0.0, 0.0, 2.0, 1.0), aabb(2.5, 1.5, 1.0, 1.0));
    let r = sat_report(&a, &b);
    let p = penetration(&a, &b).expect("they overlap");
    let least = r.least_overlap().expect("a least overlap");
    assert_eq!(least.axis, Vec2::X, "the first of the tied axes");
    assert_eq!(r.mtv(), Some(p.mtv));
    assert_eq!(p.mtv, Vec2::new(0.5, 0.0));
}

#[test]
fn tied_boxes_agree_in_2d() {
    // Integer boxes: overlaps tie often.
    let mut ties = 0;
    for x in -3..=3 {
        for y in -3..=3 {
            for (hx, hy) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
                let a = aabb(0.0, 0.0, 2.0, 2.0);
                let b = aabb(x as f32, y as f32, hx as f32, hy as f32);
                let (Some(p), r) = (penetration(&a, &b), sat_report(&a, &b)) else {
                    continue;
                };
                let gaps: Vec<f32> = r.axes.iter().map(|t| t.gap).collect();
                ties += usize::from(gaps.windows(2).any(|w| w[0] == w[1]));
                assert_eq!(r.mtv(), Some(p.mtv), "B at ({x}, {y}), gaps {gaps:?}");
            }
        }
    }
    assert!(ties > 10, "only {ties} tied cases");
}

#[test]
fn tied_boxes_agree_in_3d() {
    let mut ties = 0;
    for x in -2..=2 {
        for y in -2..=2 {
            for z in -2..=2 {
                let a = aabb3(Vec3::ZERO, Vec3::splat(1.5));
                let b = aabb3(Vec3::new(x as f32, y as f32, z as f32), Vec3::ONE);
                let (Some(p), r) = (penetration3(&a, &b), sat_report3(&a, &b)) else {
                    continue;
                };
                let gaps: Vec<f32> = r.axes.iter().map(|t| t.gap).collect();
                let least = r.least_overlap().map(|t| t.gap);
                ties += usize::from(gaps.iter().filter(|&&g| Some(g) == least).count() > 1);
                assert_eq!(r.mtv, Some(p.mtv), "B at ({x}, {y}, {z}), gaps {gaps:?}");
            }
        }
    }
    assert!(ties > 10, "only {ties} tied cases");
}
