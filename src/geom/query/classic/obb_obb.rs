use crate::geom::pose::unrotate;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Largest gap of two oriented boxes over the four SAT axes (Gottschalk,
/// Lin and Manocha, "OBBTree", 1996, in 2D): with `t` the centre offset in
/// A's frame and `R` B's rotation relative to A, the gap on axis `L` is
/// `|t·L| − (rA(L) + rB(L))`, each box's radius on `L` being the sum of its
/// half-extents times `|cos|` of its axes with `L`. Positive = separated.
/// `rot_*` are `(cos θ, sin θ)`.
#[inline(always)]
pub fn obb_obb_max_gap(ca: Vec2, rot_a: Vec2, ha: Vec2, cb: Vec2, rot_b: Vec2, hb: Vec2) -> f32 {
    let t = unrotate(rot_a, cb - ca);
    let r = unrotate(rot_a, rot_b);
    let (c, s) = (r.x.abs(), r.y.abs());
    let bx = r;
    let by = r.perp();
    let g1 = t.x.abs() - (ha.x + hb.x * c + hb.y * s);
    let g2 = t.y.abs() - (ha.y + hb.x * s + hb.y * c);
    let g3 = t.dot(bx).abs() - (hb.x + ha.x * c + ha.y * s);
    let g4 = t.dot(by).abs() - (hb.y + ha.x * s + ha.y * c);
    g1.max(g2).max(g3).max(g4)
}

/// OBB–OBB on four axes: the two local axes of each box. When the best gap
/// lies within the contact tolerance, the exact distance decides: for two
/// disjoint boxes the closest pair involves a corner, so it is the least
/// corner-to-box distance (each measured in the other box's frame).
#[inline]
pub fn obb_obb(ca: Vec2, rot_a: Vec2, ha: Vec2, cb: Vec2, rot_b: Vec2, hb: Vec2) -> bool {
    let g = obb_obb_max_gap(ca, rot_a, ha, cb, rot_b, hb);
    if g <= 0.0 {
        return true;
    }
    if g > CONTACT_TOLERANCE {
        return false;
    }
    within_tolerance(ca, rot_a, ha, cb, rot_b, hb)
}

/// The exact test of [`obb_obb`] in the contact band, kept out of line so
/// the common path stays small enough to inline.
#[cold]
#[inline(never)]
fn within_tolerance(ca: Vec2, rot_a: Vec2, ha: Vec2, cb: Vec2, rot_b: Vec2, hb: Vec2) -> bool {
    let corner_to_box = |c: Vec2, rc: Vec2, hc: Vec2, cbox: Vec2, rbox: Vec2, hbox: Vec2| {
        let mut best = f32::INFINITY;
        for k in [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ] {
            let p = c + rc.rotate(hc * k);
            let local = unrotate(rbox, p - cbox);
            best = best.min((local.abs() - hbox).max(Vec2::ZERO).length_squared());
        }
        best
    };
    let d2 = corner_to_box(ca, rot_a, ha, cb, rot_b, hb)
        .min(corner_to_box(cb, rot_b, hb, ca, rot_a, ha));
    d2 <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}
