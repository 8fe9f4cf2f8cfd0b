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
    let Some((best, edge)) = max_separation(p, rr, verts, normals) else {
        return false;
    };
    if best <= 0.0 {
        return true;
    }
    match corner(p, verts, edge) {
        Some(v) => (p - v).length_squared() <= rr * rr,
        None => best <= rr,
    }
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
    let (best, edge) = max_separation(p, rr, verts, normals)?;
    let n = *normals.get(edge)?;
    if best <= 0.0 {
        return Some((r - best, rot.rotate(n)));
    }
    let (d, dir) = match corner(p, verts, edge) {
        Some(v) => {
            let d = (p - v).length();
            (d, if d > 0.0 { (p - v) / d } else { n })
        }
        None => (best, n),
    };
    (d <= rr).then(|| ((r - d).max(0.0), rot.rotate(dir)))
}

/// The edge of maximum separation `n·(p − v)` of the polygon from the
/// centre `p` (polygon frame): `(separation, edge)`, the first on a tie;
/// `None` as soon as an edge separates by more than `rr`.
#[inline]
fn max_separation(p: Vec2, rr: f32, verts: &[Vec2], normals: &[Vec2]) -> Option<(f32, usize)> {
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
    Some((best, edge))
}

/// The end of `edge` whose Voronoi region holds `p` (outside the polygon),
/// or `None` when `p` lies over the edge itself.
#[inline]
fn corner(p: Vec2, verts: &[Vec2], edge: usize) -> Option<Vec2> {
    let v1 = verts[edge];
    let v2 = verts[(edge + 1) % verts.len()];
    if (p - v1).dot(v2 - v1) < 0.0 {
        Some(v1)
    } else if (p - v2).dot(v1 - v2) < 0.0 {
        Some(v2)
    } else {
        None
    }
}
