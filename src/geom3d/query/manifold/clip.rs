//! Reference face and incident face clipping in 3D (Sutherland–Hodgman, as
//! in Gregorius's "The Separating Axis Test between Convex Polyhedra", GDC
//! 2013, and Box2D's `b2ClipPolygons` in the plane): the incident polygon
//! is cut by each side plane of the reference face, the points lying above
//! the reference face by more than the speculative distance are dropped,
//! and more than four are reduced to four (the deepest, then the largest
//! area).

use super::buf::Buf;
use super::contact::{ContactFeature3, ContactId3, ContactPoint3, MAX_POINTS3};
use super::faces::{Corner, Face};
use super::trace::{Manifold3Recorder, TraceFace3};
use crate::common::Side;
use glam::Vec3;

/// What the segment from a polygon point to the next lies on: an edge of
/// the incident core, or a side plane of the reference face (its edge).
#[derive(Debug, Clone, Copy)]
enum Along {
    Incident(u16),
    Reference(usize),
}

/// The clipped polygon: inline up to 16 points (a box face cut by a box
/// face's four side planes has at most 8).
type Polygon = Buf<Cp, 16>;

/// The clipped points as contact points, before the reduction.
type Points = Buf<ContactPoint3, 16>;

/// The contact points kept: at most [`MAX_POINTS3`].
pub(crate) type Kept = Buf<ContactPoint3, MAX_POINTS3>;

/// A point of the clipped polygon with the features it comes from.
#[derive(Debug, Clone, Copy)]
struct Cp {
    at: Vec3,
    on_ref: ContactFeature3,
    on_inc: ContactFeature3,
    next: Along,
}

/// The clipping problem: the reference face and its piece's radius, the
/// incident polygon and its radius, whose face is A's.
pub(crate) struct Clip<'f> {
    pub reference: &'f Face,
    pub incident: &'f Face,
    pub ref_is_a: bool,
    pub radii: (f32, f32),
}

/// A face as the recorder hears it, world frame.
fn traced(f: &Face, side: Side, o: Vec3) -> TraceFace3 {
    TraceFace3 {
        side,
        face: f.index,
        corners: f.corners.iter().map(|c| c.at + o).collect(),
        normal: f.normal,
    }
}

impl Clip<'_> {
    /// The reference corner shared by reference edges `j` and `k` (corner
    /// `k` starts edge `k`), named as a reference vertex; else edge `k`.
    fn corner_between(&self, j: usize, k: usize) -> ContactFeature3 {
        let n = self.reference.corners.len();
        let shared = if (j + 1) % n == k {
            Some(k)
        } else if (k + 1) % n == j {
            Some(j)
        } else {
            None
        };
        match shared {
            Some(q) => ContactFeature3::Vertex(self.reference.corners[q].vertex),
            None => ContactFeature3::Edge(self.reference.corners[k].edge),
        }
    }

    /// The point where the segment `cur → next` crosses side plane `k`
    /// (`dc`, `dn`: their signed heights over it), named by what it lies on.
    fn crossing(&self, cur: &Cp, next: &Cp, dc: f32, dn: f32, k: usize) -> Cp {
        let lambda = dc / (dc - dn);
        let at = cur.at + (next.at - cur.at) * lambda;
        let (on_ref, on_inc) = match cur.next {
            Along::Incident(e) => (
                ContactFeature3::Edge(self.reference.corners[k].edge),
                ContactFeature3::Edge(e),
            ),
            Along::Reference(j) => (
                self.corner_between(j, k),
                ContactFeature3::Face(self.incident.index),
            ),
        };
        Cp {
            at,
            on_ref,
            on_inc,
            next: if dc <= 0.0 {
                Along::Reference(k)
            } else {
                cur.next
            },
        }
    }

    /// Cuts `poly` by side plane `k` into `out`; the cut points go to
    /// `removed` when `R` records them. A polygon of two points is a
    /// segment (not closed).
    fn cut<R: Manifold3Recorder>(
        &self,
        poly: &[Cp],
        k: usize,
        out: &mut Polygon,
        removed: &mut Vec<Vec3>,
    ) {
        let f = self.reference;
        let (p0, p1) = (f.corners[k].at, f.corners[(k + 1) % f.corners.len()].at);
        let s = (p1 - p0).cross(f.normal).normalize_or_zero();
        let h = |c: &Cp| (c.at - p0).dot(s);
        out.clear();
        let n = poly.len();
        let pairs = if n == 2 { 1 } else { n };
        if n == 1 {
            if h(&poly[0]) <= 0.0 {
                out.push(poly[0]);
            } else if R::RECORDS {
                removed.push(poly[0].at);
            }
            return;
        }
        for i in 0..pairs {
            let (cur, next) = (&poly[i], &poly[(i + 1) % n]);
            let (dc, dn) = (h(cur), h(next));
            if dc <= 0.0 {
                out.push(*cur);
            } else if R::RECORDS {
                removed.push(cur.at);
            }
            if (dc <= 0.0) != (dn <= 0.0) {
                out.push(self.crossing(cur, next, dc, dn, k));
            }
        }
        if n == 2 {
            let last = &poly[1];
            if h(last) <= 0.0 {
                out.push(*last);
            } else if R::RECORDS {
                removed.push(last.at);
            }
        }
    }

    /// The contact points (relative to the frame origin `o`, which only
    /// shifts what the recorder hears) whose separation is within `margin`,
    /// at most four; empty when nothing survives.
    pub(crate) fn points<R: Manifold3Recorder>(&self, margin: f32, o: Vec3, rec: &mut R) -> Kept {
        let (side_ref, side_inc) = if self.ref_is_a {
            (Side::A, Side::B)
        } else {
            (Side::B, Side::A)
        };
        if R::RECORDS {
            rec.reference(traced(self.reference, side_ref, o));
            rec.incident(traced(self.incident, side_inc, o));
        }
        let on_ref = ContactFeature3::Face(self.reference.index);
        let cp = |c: &Corner| Cp {
            at: c.at,
            on_ref,
            on_inc: ContactFeature3::Vertex(c.vertex),
            next: Along::Incident(c.edge),
        };
        let fill = cp(&Corner::default());
        let mut bufs = [Polygon::new(fill), Polygon::new(fill)];
        self.incident
            .corners
            .iter()
            .for_each(|c| bufs[0].push(cp(c)));
        let mut removed = Vec::new();
        let sides = self.reference.corners.len();
        for k in 0..sides {
            removed.clear();
            let [from, to] = &mut bufs;
            let (poly, out) = if k % 2 == 0 { (from, to) } else { (to, from) };
            self.cut::<R>(poly, k, out, &mut removed);
            if R::RECORDS {
                let f = self.reference;
                let (p0, p1) = (f.corners[k].at, f.corners[(k + 1) % sides].at);
                let s = (p1 - p0).cross(f.normal).normalize_or_zero();
                let world = |v: &mut Vec<Vec3>| v.iter_mut().for_each(|p| *p += o);
                let mut kept: Vec<Vec3> = out.iter().map(|c| c.at).collect();
                world(&mut removed);
                world(&mut kept);
                rec.clip(p0 + o, s, &removed, &kept);
            }
            if out.is_empty() {
                return Kept::new(fill_point());
            }
        }
        let points = self.kept(&bufs[sides % 2], margin, o, rec);
        reduce(&points, self.reference.normal, o, rec)
    }

    /// The clipped points as contact points within `margin` of the
    /// reference face; the others go to the recorder.
    fn kept<R: Manifold3Recorder>(&self, poly: &[Cp], margin: f32, o: Vec3, rec: &mut R) -> Points {
        let nr = self.reference.normal;
        let base = self.reference.corners[0].at;
        let (r_ref, r_inc) = self.radii;
        let mut above = Vec::new();
        let mut out = Points::new(fill_point());
        for cp in poly {
            let depth = (cp.at - base).dot(nr);
            let separation = depth - r_ref - r_inc;
            if separation > margin {
                if R::RECORDS {
                    above.push(cp.at + o);
                }
                continue;
            }
            let on_inc = cp.at - nr * r_inc;
            let on_ref = cp.at - nr * (depth - r_ref);
            let (point_a, point_b, a, b) = if self.ref_is_a {
                (on_ref, on_inc, cp.on_ref, cp.on_inc)
            } else {
                (on_inc, on_ref, cp.on_inc, cp.on_ref)
            };
            out.push(ContactPoint3 {
                point_a,
                point_b,
                separation,
                id: ContactId3 { a, b },
            });
        }
        if !above.is_empty() {
            rec.above(&above);
        }
        out
    }
}

/// At most four of `points` (normal `n`): the deepest, the one farthest
/// from it, the one making the largest triangle with them, and the one
/// adding the most area outside that triangle (Gregorius, GDC 2015,
/// "Robust contact creation for physics simulations"). Order kept.
fn reduce<R: Manifold3Recorder>(points: &Points, n: Vec3, o: Vec3, rec: &mut R) -> Kept {
    let mut out = Kept::new(fill_point());
    if points.len() <= MAX_POINTS3 {
        points.iter().for_each(|p| out.push(*p));
        return out;
    }
    let at = |i: usize| points[i].point_b;
    let argmax = |score: &dyn Fn(usize) -> f32| {
        (0..points.len()).fold((0, f32::NEG_INFINITY), |b, i| {
            let s = score(i);
            if s > b.1 {
                (i, s)
            } else {
                b
            }
        })
    };
    let (p1, _) = argmax(&|i| -points[i].separation);
    let (p2, _) = argmax(&|i| (at(i) - at(p1)).length_squared());
    let area = |x: usize, y: usize, z: usize| (at(y) - at(x)).cross(at(z) - at(x)).dot(n);
    let (p3, a3) = argmax(&|i| area(p1, p2, i).abs());
    let sign = if area(p1, p2, p3) >= 0.0 { 1.0 } else { -1.0 };
    // Outside the triangle, a point makes a negative (turned) area with
    // one of its edges: the most negative adds the most area.
    let (p4, a4) = argmax(&|i| {
        let s = |x: usize, y: usize| sign * area(x, y, i);
        -s(p1, p2).min(s(p2, p3)).min(s(p3, p1))
    });
    let mut keep = vec![p1, p2];
    if a3 > 0.0 {
        keep.push(p3);
        if a4 > 0.0 {
            keep.push(p4);
        }
    }
    keep.sort_unstable();
    keep.dedup();
    if R::RECORDS {
        let dropped: Vec<Vec3> = (0..points.len())
            .filter(|i| !keep.contains(i))
            .map(|i| points[i].midpoint() + o)
            .collect();
        rec.reduced(&dropped);
    }
    keep.iter().for_each(|&i| out.push(points[i]));
    out
}

/// The filler of a [`Points`] list's unused slots (never read).
fn fill_point() -> ContactPoint3 {
    let v = ContactFeature3::Vertex(0);
    ContactPoint3 {
        point_a: Vec3::ZERO,
        point_b: Vec3::ZERO,
        separation: 0.0,
        id: ContactId3 { a: v, b: v },
    }
}
