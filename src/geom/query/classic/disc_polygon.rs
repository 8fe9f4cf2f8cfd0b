use crate::geom::pose::unrotate;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Disc–convex polygon (as Box2D's `b2CollidePolygonAndCircle`): in the
/// polygon's frame find the edge of maximum separation `s = n·(c − v)`; if
/// `s ≤ 0` the centre is inside; otherwise the closest feature is that edge
/// or one of its two vertices (by the Voronoi regions along the edge), and
/// the disc meets the polygon when that feature is within `r`.
///
/// `verts`/`normals` are the polygon's local counter-clockwise vertices and
/// outward normals; `t`, `rot` its pose (position, `(cos, sin)`).
pub fn disc_polygon(c: Vec2, r: f32, t: Vec2, rot: Vec2, verts: &[Vec2], normals: &[Vec2]) -> bool {
    let p = unrotate(rot, c - t);
    let rr = r + CONTACT_TOLERANCE;
    let mut best = f32::NEG_INFINITY;
    let mut edge = 0;
    for (i, (v, n)) in verts.iter().zip(normals).enumerate() {
        let s = n.dot(p - *v);
        if s > rr {
            return false;
        }
        if s > best {
            best = s;
            edge = i;
        }
    }
    if best <= 0.0 {
        return true;
    }
    let v1 = verts[edge];
    let v2 = verts[(edge + 1) % verts.len()];
    if (p - v1).dot(v2 - v1) < 0.0 {
        return (p - v1).length_squared() <= rr * rr;
    }
    if (p - v2).dot(v1 - v2) < 0.0 {
        return (p - v2).length_squared() <= rr * rr;
    }
    best <= rr
}

/// The penetration of a disc into a convex polygon by the same features as
/// [`disc_polygon`]: `(depth, unit direction out of the polygon towards
/// the disc, world frame)` when they intersect, `None` when apart. Inside,
/// the face of maximum separation is the nearest: depth `r − s`; outside,
/// the nearest feature's distance `d`: depth `max(r − d, 0)`. One pass over
/// the edges, where the SAT search projects the polygon on each of them.
pub fn disc_polygon_penetration(
    c: Vec2,
    r: f32,
    t: Vec2,
    rot: Vec2,
    verts: &[Vec2],
    normals: &[Vec2],
) -> Option<(f32, Vec2)> {
    let p = unrotate(rot, c - t);
    let rr = r + CONTACT_TOLERANCE;
    let mut best = f32::NEG_INFINITY;
    let mut edge = 0;
    for (i, (v, n)) in verts.iter().zip(normals).enumerate() {
        let s = n.dot(p - *v);
        if s > rr {
            return None;
        }
        if s > best {
            best = s;
            edge = i;
        }
    }
    let n = *normals.get(edge)?;
    let turn = |d: Vec2| Vec2::new(rot.x * d.x - rot.y * d.y, rot.y * d.x + rot.x * d.y);
    if best <= 0.0 {
        return Some((r - best, turn(n)));
    }
    let v1 = verts[edge];
    let v2 = verts[(edge + 1) % verts.len()];
    let corner = if (p - v1).dot(v2 - v1) < 0.0 {
        Some(v1)
    } else if (p - v2).dot(v1 - v2) < 0.0 {
        Some(v2)
    } else {
        None
    };
    let (d, dir) = match corner {
        Some(v) => {
            let d = (p - v).length();
            (d, if d > 0.0 { (p - v) / d } else { n })
        }
        None => (best, n),
    };
    (d <= rr).then(|| ((r - d).max(0.0), turn(dir)))
}
