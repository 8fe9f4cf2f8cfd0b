//! Keeps the canvas labels clear of what the lesson is about. Pure: plates
//! and keep-outs in, screen offsets out, so tests need no window.
//!
//! The rule: a label never covers an interval bar, a gap mark, a dot (a
//! closest point, a hit), either end of a projector line, a point the
//! scene's notes name on a shape's outline, a fixed plate (the letter
//! tags, the badge, the caption) or a label placed before it.
//!
//! Each plate, in the order given (most important first), stays where it
//! wants to be if that is clear; otherwise it moves to the nearest clear
//! spot: just past a plate or keep-out in its way (straight up, down, left
//! or right), or on rings around its wanted spot, up to [`REACH_PLATES`]
//! plate heights plus one plate width away and inside the canvas. When no
//! spot is clear, the label is not drawn ([`None`]): a hidden label hides
//! nothing, a covering one hides what the scene is about.

use crate::app::camera::{Camera, Rect};
use crate::app::display::{DisplayList, Item, Role, Tag};
use glam::Vec2;
use satlab::geom::{distance, Point, Shape};

/// Space kept between two plates, pixels.
const GAP: f32 = 2.0;

/// How far a label may move from its spot: this many plate heights (plus
/// one plate width sideways).
pub const REACH_PLATES: f32 = 6.0;

/// Something on the canvas no label may cover: a thick screen segment
/// (a dot when `from == to`), screen pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeepOut {
    /// One end, screen pixels.
    pub from: Vec2,
    /// The other end, screen pixels.
    pub to: Vec2,
    /// Half the thickness, pixels.
    pub radius: f32,
}

impl KeepOut {
    /// A disc of `radius` pixels at screen point `at`.
    pub fn dot(at: Vec2, radius: f32) -> KeepOut {
        KeepOut {
            from: at,
            to: at,
            radius,
        }
    }

    fn bounds(&self) -> Rect {
        Rect::new(
            self.from.min(self.to) - Vec2::splat(self.radius),
            self.from.max(self.to) + Vec2::splat(self.radius),
        )
    }

    /// True when the segment, thickened by its radius, meets `r`.
    pub fn meets(&self, r: &Rect) -> bool {
        overlaps(&self.bounds(), r) && segment_rect_distance(self.from, self.to, r) < self.radius
    }
}

/// True when rectangles `a` and `b` (screen pixels) share interior.
pub(crate) fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// Distance from point `p` to rectangle `r` (0 inside).
pub(crate) fn point_rect_distance(p: Vec2, r: &Rect) -> f32 {
    let d = (r.min - p).max(p - r.max).max(Vec2::ZERO);
    d.length()
}

/// Distance from point `p` to segment `a b`.
fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        crate::app::num::clamp((p - a).dot(ab) / len2, 0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Distance from segment `a b` to rectangle `r` (0 when they meet).
fn segment_rect_distance(a: Vec2, b: Vec2, r: &Rect) -> f32 {
    if r.contains(a) || r.contains(b) {
        return 0.0;
    }
    let corners = [
        r.min,
        Vec2::new(r.max.x, r.min.y),
        r.max,
        Vec2::new(r.min.x, r.max.y),
    ];
    // The segment crosses an edge of the rectangle.
    let cross = |p: Vec2, q: Vec2, u: Vec2, v: Vec2| {
        let d = |x: Vec2, y: Vec2, z: Vec2| (y - x).perp_dot(z - x);
        let (d1, d2) = (d(u, v, p), d(u, v, q));
        let (d3, d4) = (d(p, q, u), d(p, q, v));
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    };
    if (0..4).any(|i| cross(a, b, corners[i], corners[(i + 1) % 4])) {
        return 0.0;
    }
    let ends = point_rect_distance(a, r).min(point_rect_distance(b, r));
    corners
        .iter()
        .map(|c| point_segment_distance(*c, a, b))
        .fold(ends, f32::min)
}

fn inside(r: &Rect, bounds: &Rect) -> bool {
    r.min.x >= bounds.min.x
        && r.min.y >= bounds.min.y
        && r.max.x <= bounds.max.x
        && r.max.y <= bounds.max.y
}

fn shifted(r: &Rect, d: Vec2) -> Rect {
    Rect::new(r.min + d, r.max + d)
}

/// The offset (screen pixels, y down) that moves each of `plates` to its
/// spot, in the same order; `None` for a plate with no clear spot (not
/// drawn).
#[cfg(test)]
pub fn place(
    plates: &[Rect],
    fixed: &[Rect],
    keep_out: &[KeepOut],
    bounds: Rect,
) -> Vec<Option<Vec2>> {
    place_where(plates, fixed, keep_out, bounds, |_, _| true)
}

/// [`place`], taking for plate `i` only spots `allowed(i, spot)` allows
/// (its own axis's side of the canvas, say).
pub fn place_where(
    plates: &[Rect],
    fixed: &[Rect],
    keep_out: &[KeepOut],
    bounds: Rect,
    allowed: impl Fn(usize, &Rect) -> bool,
) -> Vec<Option<Vec2>> {
    let mut taken: Vec<Rect> = fixed.to_vec();
    let kept: Vec<Rect> = keep_out.iter().map(KeepOut::bounds).collect();
    plates
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (w, h) = (p.size().x, p.size().y);
            let reach = REACH_PLATES * h + w;
            // Where it wants to be, and just clear of each plate or
            // keep-out in its way: above or below one that shares some of
            // its columns, left or right of one that shares some of its rows.
            let mut spots = vec![Vec2::ZERO];
            for t in taken.iter().chain(&kept) {
                if t.min.x < p.max.x + GAP && p.min.x - GAP < t.max.x {
                    spots.push(Vec2::new(0.0, t.min.y - GAP - h - p.min.y));
                    spots.push(Vec2::new(0.0, t.max.y + GAP - p.min.y));
                }
                if t.min.y < p.max.y + GAP && p.min.y - GAP < t.max.y {
                    spots.push(Vec2::new(t.min.x - GAP - w - p.min.x, 0.0));
                    spots.push(Vec2::new(t.max.x + GAP - p.min.x, 0.0));
                }
            }
            // Rings around the wanted spot, for keep-outs at a slant.
            let step = (h * 0.5).max(2.0);
            let rings = (reach / step).ceil().min(64.0) as usize;
            for i in 1..=rings {
                let rho = step * i as f32;
                for j in 0..16 {
                    let a = j as f32 * std::f32::consts::TAU / 16.0;
                    spots.push(Vec2::new(a.cos(), -a.sin()) * rho);
                }
            }
            spots.retain(|d| d.length() <= reach);
            // Nearest first; ties: up, left, right, down.
            spots.sort_by(|a, b| {
                a.length()
                    .total_cmp(&b.length())
                    .then(a.y.total_cmp(&b.y))
                    .then(a.x.total_cmp(&b.x))
            });
            let clear = |r: &Rect| {
                let g = Rect::new(
                    r.min - Vec2::splat(GAP * 0.5),
                    r.max + Vec2::splat(GAP * 0.5),
                );
                !taken.iter().any(|t| overlaps(&g, t)) && !keep_out.iter().any(|k| k.meets(&g))
            };
            let d = spots.into_iter().find(|d| {
                let r = shifted(p, *d);
                (*d == Vec2::ZERO || inside(&r, &bounds)) && clear(&r) && allowed(i, &r)
            });
            if let Some(d) = d {
                taken.push(shifted(p, d));
            }
            d
        })
        .collect()
}

/// What labels keep clear of in `list`, on `cam`'s screen: interval bars
/// and gap marks (their width), dots, both ends of every projector line.
pub fn keep_outs(cam: &Camera, list: &DisplayList, out: &mut Vec<KeepOut>) {
    for it in &list.items {
        match it {
            Item::Bar {
                from, to, stroke, ..
            } => out.push(KeepOut {
                from: cam.to_screen(*from),
                to: cam.to_screen(*to),
                radius: stroke.width_px * 0.5 + 1.0,
            }),
            Item::Dot { at, radius_px, .. } => {
                out.push(KeepOut::dot(cam.to_screen(*at), radius_px + 1.5));
            }
            Item::Line {
                from,
                to,
                stroke,
                tag: Tag::Projector(_),
            } => {
                let r = 3.0 * stroke.width_px.max(1.0);
                out.push(KeepOut::dot(cam.to_screen(*from), r));
                out.push(KeepOut::dot(cam.to_screen(*to), r));
            }
            Item::Line { .. } | Item::Arrow { .. } | Item::Fill { .. } | Item::Label { .. } => {}
        }
    }
}

/// How far labels grow or shrink with the shapes' zoom, relative to the
/// UI scale: at most this much smaller, and this much larger.
pub const ZOOM_LIMITS: (f32, f32) = (0.8, 1.25);

/// The shapes' size on screen (the radius of a circle around both,
/// pixels) at which labels are drawn at the UI scale.
pub const REFERENCE_RADIUS_PX: f32 = 220.0;

/// The scale labels are drawn at: the UI scale `ui` times the shapes' size
/// on screen (`shapes_radius_px`, the radius of a circle around both)
/// over [`REFERENCE_RADIUS_PX`], within [`ZOOM_LIMITS`]: zoomed out, the
/// labels shrink with the shapes (never below 0.8 of the UI scale); zoomed
/// in, they grow (never past 1.25 of it).
pub fn label_scale(ui: f32, shapes_radius_px: f32) -> f32 {
    let k = crate::app::num::clamp(
        shapes_radius_px / REFERENCE_RADIUS_PX,
        ZOOM_LIMITS.0,
        ZOOM_LIMITS.1,
    );
    ui * k
}

/// A label where it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed<'a> {
    /// Its plate, screen pixels.
    pub plate: Rect,
    /// The text.
    pub text: &'a str,
    /// Colour role of the text.
    pub role: Role,
    /// Larger and bolder plate.
    pub emphasised: bool,
}

/// Pixels a label's plate keeps from the canvas's edges.
pub const EDGE_PX: f32 = 4.0;

/// Text size of a label before the canvas scale, pixels: the one place a
/// canvas label's size comes from, 12 px (emphasised 13) times `factor`,
/// the View menu's canvas label size (presenter mode adds its own factor
/// through the canvas scale).
pub fn label_size(emphasised: bool, factor: f32) -> f32 {
    let base = if emphasised { 13.0 } else { 12.0 };
    base * factor
}

/// Lays out the labels of `lists` on `cam`: each plate (of the size
/// `plate_size(text, size)` gives, `size` from [`label_size`] with
/// `factor`) centred on its anchor plus offset, kept
/// inside the canvas, then placed by [`place`] clear of `fixed`,
/// `keep_out` and the lists' own keep-outs ([`keep_outs`]). Emphasised
/// labels are placed first; labels with no clear spot are left out.
pub fn layout<'a>(
    cam: &Camera,
    lists: &[&'a DisplayList],
    fixed: &[Rect],
    keep_out: &[KeepOut],
    factor: f32,
    plate_size: impl Fn(&str, f32) -> Vec2,
) -> Vec<Placed<'a>> {
    // Plates keep EDGE_PX from the canvas's edges: a label flush with the
    // top edge sat against the menu bar.
    let m = Vec2::splat(EDGE_PX);
    let room = Rect::new(
        cam.canvas.min + m,
        (cam.canvas.max - m).max(cam.canvas.min + m),
    );
    let mut wanted = Vec::new();
    let mut keep = keep_out.to_vec();
    for l in lists {
        keep_outs(cam, l, &mut keep);
    }
    for it in lists.iter().flat_map(|l| &l.items) {
        if let Item::Label {
            at,
            offset_px,
            text,
            role,
            emphasised,
        } = it
        {
            let half = plate_size(text, label_size(*emphasised, factor)) * 0.5;
            let r = room;
            let (lo, hi) = (r.min + half, (r.max - half).max(r.min + half));
            let anchor = cam.to_screen(*at);
            let s = crate::app::num::clamp_vec(anchor + *offset_px, lo, hi);
            wanted.push((
                Placed {
                    plate: Rect::new(s - half, s + half),
                    text: text.as_str(),
                    role: *role,
                    emphasised: *emphasised,
                },
                anchor,
            ));
        }
    }
    wanted.sort_by_key(|w| !w.0.emphasised);
    let plates: Vec<Rect> = wanted.iter().map(|w| w.0.plate).collect();
    // A label whose anchor lies on an axis line belongs to that axis: it
    // sits nearer its own line than any other (else it is left out, not
    // set beside another axis's numbers), and not at all when its line is
    // off the canvas. Emphasised labels (the decisive axis's) are placed
    // first, at their own line, and keep the plain rule.
    let lines = axis_lines(cam, lists);
    let owner: Vec<Option<usize>> = wanted
        .iter()
        .map(|w| {
            if w.0.emphasised {
                return None;
            }
            lines
                .iter()
                .map(|(a, b)| point_segment_distance(w.1, *a, *b))
                .enumerate()
                .filter(|(_, d)| *d < 1.5)
                .min_by(|x, y| x.1.total_cmp(&y.1))
                .map(|(k, _)| k)
        })
        .collect();
    let allowed = |i: usize, r: &Rect| {
        let Some(own) = owner.get(i).copied().flatten() else {
            return true;
        };
        let (a, b) = lines[own];
        if segment_rect_distance(a, b, &cam.canvas) > 0.0 {
            return false;
        }
        let c = r.center();
        let d = point_segment_distance(c, a, b);
        lines
            .iter()
            .enumerate()
            .all(|(j, (p, q))| j == own || d <= point_segment_distance(c, *p, *q))
    };
    let moves = place_where(&plates, fixed, &keep, room, allowed);
    let wanted = wanted.into_iter().map(|w| w.0);
    wanted
        .into_iter()
        .zip(moves)
        .filter_map(|(w, d)| {
            d.map(|d| Placed {
                plate: shifted(&w.plate, d),
                ..w
            })
        })
        .collect()
}

/// The axis lines of `lists` on `cam`'s screen, in the order drawn.
fn axis_lines(cam: &Camera, lists: &[&DisplayList]) -> Vec<(Vec2, Vec2)> {
    lists
        .iter()
        .flat_map(|l| &l.items)
        .filter_map(|it| match it {
            Item::Line {
                from,
                to,
                tag: Tag::AxisLine(_),
                ..
            } => Some((cam.to_screen(*from), cam.to_screen(*to))),
            _ => None,
        })
        .collect()
}

/// The points `notes` names as `(x, y)` that lie on the outline of `a` or
/// `b` (within a hundredth of a unit, or of the point's magnitude), world
/// units: the corners and contact points a scene talks about.
pub fn named_outline_points(notes: &str, a: &Shape, b: &Shape) -> Vec<Vec2> {
    let mut out = Vec::new();
    for (i, _) in notes.match_indices('(') {
        let Some(len) = notes[i + 1..].find(')') else {
            continue;
        };
        let inner = &notes[i + 1..i + 1 + len];
        let mut parts = inner.split(',').map(|t| t.trim().parse::<f32>());
        let (Some(Ok(x)), Some(Ok(y)), None) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let p = Vec2::new(x, y);
        if p.is_finite() && [a, b].iter().any(|s| on_outline(p, s)) {
            out.push(p);
        }
    }
    out
}

/// True when `p` lies on `s`'s outline: within a small tolerance of the
/// shape, with some point that near it outside the shape.
fn on_outline(p: Vec2, s: &Shape) -> bool {
    let tol = 1e-2 * p.abs().max_element().max(1.0);
    let dist = |q: Vec2| match Point::new(q) {
        Ok(pt) => distance(&Shape::Point(pt), s).distance,
        Err(_) => f32::INFINITY,
    };
    if dist(p) > tol {
        return false;
    }
    (0..8).any(|j| {
        let a = j as f32 * std::f32::consts::TAU / 8.0;
        dist(p + Vec2::new(a.cos(), a.sin()) * tol) > 0.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plate(x: f32, y: f32) -> Rect {
        Rect::new(Vec2::new(x, y), Vec2::new(x + 80.0, y + 20.0))
    }

    const CANVAS: Rect = Rect {
        min: Vec2::ZERO,
        max: Vec2::new(800.0, 600.0),
    };

    fn moved(plates: &[Rect], d: &[Option<Vec2>]) -> Vec<Rect> {
        plates
            .iter()
            .zip(d)
            .filter_map(|(p, d)| d.map(|d| shifted(p, d)))
            .collect()
    }

    #[test]
    fn plates_apart_stay_where_they_are() {
        let d = place(&[plate(10.0, 10.0), plate(200.0, 10.0)], &[], &[], CANVAS);
        assert_eq!(d, vec![Some(Vec2::ZERO), Some(Vec2::ZERO)]);
    }

    #[test]
    fn plates_on_each_other_move_to_the_nearest_clear_spot() {
        let plates = [plate(100.0, 100.0), plate(110.0, 105.0), plate(120.0, 95.0)];
        let d = place(&plates, &[], &[], CANVAS);
        assert_eq!(d[0], Some(Vec2::ZERO), "the first keeps its spot");
        // Just below the first (above would still meet it: it is nearer).
        assert_eq!(d[1], Some(Vec2::new(0.0, 17.0)));
        // Between the two is no room: just above the first.
        assert_eq!(d[2], Some(Vec2::new(0.0, -17.0)));
        let placed = moved(&plates, &d);
        for i in 0..3 {
            for j in 0..i {
                assert!(!overlaps(&placed[i], &placed[j]), "{i} and {j}");
            }
        }
    }

    #[test]
    fn fixed_plates_are_avoided_and_the_canvas_edge_is_respected() {
        // A letter tag sits where the label wants to go; above is off the
        // canvas, so the label goes below.
        let tag = plate(0.0, 0.0);
        let d = place(&[plate(5.0, 5.0)], &[tag], &[], CANVAS);
        assert_eq!(d, vec![Some(Vec2::new(0.0, 17.0))]);
    }

    #[test]
    fn a_crowd_with_no_free_spot_hides_the_label() {
        // The canvas is just the crowd: no spot is clear, so the label is
        // left out rather than drawn over the others.
        let fixed: Vec<Rect> = (0..5).map(|k| plate(0.0, 22.0 * k as f32)).collect();
        let small = Rect::new(Vec2::ZERO, Vec2::new(80.0, 110.0));
        assert_eq!(place(&[plate(0.0, 40.0)], &fixed, &[], small), vec![None]);
    }

    #[test]
    fn a_plate_boxed_in_above_and_below_steps_sideways() {
        // The stack covers every spot above and below; right of it is clear.
        let fixed: Vec<Rect> = (-8..=8)
            .map(|k| plate(100.0, 200.0 + 22.0 * k as f32))
            .collect();
        assert_eq!(
            place(&[plate(150.0, 200.0)], &fixed, &[], CANVAS),
            vec![Some(Vec2::new(32.0, 0.0))]
        );
    }

    #[test]
    fn a_label_never_covers_a_bar_at_a_slant() {
        // A long diagonal bar through the wanted spot; its bounding box
        // covers much of the canvas, the bar itself only a strip.
        let bar = KeepOut {
            from: Vec2::new(0.0, 0.0),
            to: Vec2::new(600.0, 600.0),
            radius: 4.0,
        };
        let p = plate(260.0, 290.0);
        assert!(bar.meets(&p));
        let d = place(&[p], &[], &[bar], CANVAS)[0].expect("a clear spot");
        let r = shifted(&p, d);
        assert!(!bar.meets(&r), "{r:?}");
        assert!(d.length() < 80.0, "moved only just clear: {d}");
    }

    #[test]
    fn segment_rect_distance_agrees_with_sampling() {
        let r = Rect::new(Vec2::new(10.0, 10.0), Vec2::new(30.0, 20.0));
        let segs = [
            (Vec2::new(0.0, 0.0), Vec2::new(40.0, 0.0)),
            (Vec2::new(0.0, 15.0), Vec2::new(40.0, 15.0)),
            (Vec2::new(35.0, 0.0), Vec2::new(45.0, 30.0)),
            (Vec2::new(0.0, 40.0), Vec2::new(40.0, 25.0)),
            (Vec2::new(20.0, 15.0), Vec2::new(20.0, 15.0)),
        ];
        for (a, b) in segs {
            let brute = (0..=1000)
                .map(|i| point_rect_distance(a.lerp(b, i as f32 / 1000.0), &r))
                .fold(f32::INFINITY, f32::min);
            let d = segment_rect_distance(a, b, &r);
            assert!((d - brute).abs() < 0.05, "{a} {b}: {d} vs {brute}");
        }
    }

    #[test]
    fn labels_scale_with_the_zoom_within_limits() {
        for ui in [1.0, 2.0] {
            assert_eq!(label_scale(ui, REFERENCE_RADIUS_PX), ui);
            assert_eq!(label_scale(ui, 1.0), ui * ZOOM_LIMITS.0);
            assert_eq!(label_scale(ui, 1e6), ui * ZOOM_LIMITS.1);
            let mut last = 0.0;
            for r in [10.0, 150.0, 200.0, 240.0, 260.0, 400.0] {
                let s = label_scale(ui, r);
                assert!(s >= last, "grows with the zoom");
                last = s;
            }
        }
    }

    #[test]
    fn named_points_are_those_on_an_outline() {
        use satlab::geom::{Aabb, Pose};
        let a = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::ONE).unwrap());
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(2.0, 0.5)), Vec2::ONE).unwrap());
        let notes = "A's corner (1, 1) touches B; its centre (0, 0) and (9, 9) are not \
                     on an outline; (1, -0.5) is B's corner; [-1, 1] is an interval.";
        assert_eq!(
            named_outline_points(notes, &a, &b),
            vec![Vec2::new(1.0, 1.0), Vec2::new(1.0, -0.5)]
        );
    }
}
