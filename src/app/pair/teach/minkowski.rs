//! The Minkowski difference view: `A ⊖ B = { a − b }` drawn as a display
//! list in its own world (the difference's coordinates, units as the
//! scene's), with the origin marked, the distance or the penetration depth
//! to the boundary and the MTV, plus a caption that says what the picture
//! shows. Pure, so tests read it without a window.

use crate::app::display::{DisplayList, Role, Stroke, Tag};
use crate::app::i18n::{lang, tr_in, trf_in, Lang};
use crate::app::pair::teach::algorithm::num;
use glam::Vec2;
use satlab::geom::classic::minkowski_difference;
use satlab::geom::{classify, penetration, Pose, Sector, Shape, Verdict};

/// Directions sampled around curved outlines (polygon corners are exact).
const SAMPLES: usize = 128;

/// What the view draws for one pair.
#[derive(Debug, Clone, PartialEq)]
pub struct MinkowskiView {
    /// The difference, the origin, the distance or MTV, in difference coordinates.
    pub list: DisplayList,
    /// Box to fit the view's camera to: the outline and the origin.
    pub lo: Vec2,
    /// Upper corner of that box.
    pub hi: Vec2,
    /// What the picture shows, in plain words.
    pub caption: String,
    /// The pair's verdict (the origin inside, on or outside the outline).
    pub verdict: Verdict,
}

/// Rough half width of a label's plate, screen pixels (the canvas font is
/// monospaced, 0.6 em at 13 px; a Chinese character takes two cells).
fn half_width_px(text: &str) -> f32 {
    let cells: usize = text
        .chars()
        .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
        .sum();
    cells as f32 * 13.0 * 0.6 * 0.5 + 5.0
}

/// Where the distance or MTV label goes for the segment from the origin to
/// `tip` (unit direction `dir`), as (world anchor, screen offset, y down):
/// below the middle of a mostly horizontal segment, beside the tip of a
/// mostly vertical one, so it covers neither the segment nor the origin.
fn tip_label(tip: Vec2, dir: Vec2, text: &str) -> (Vec2, Vec2) {
    if dir.x.abs() >= dir.y.abs() {
        (tip * 0.5, Vec2::new(0.0, 20.0))
    } else {
        let sx = dir.x.signum();
        (tip, Vec2::new(sx * (half_width_px(text) + 12.0), 0.0))
    }
}

/// The origin label's screen offset: above the origin when the segment to
/// the outline is mostly horizontal, else beside it, away from the segment.
fn origin_label(dir: Vec2, text: &str) -> Vec2 {
    if dir.x.abs() >= dir.y.abs() {
        Vec2::new(0.0, -20.0)
    } else {
        Vec2::new(-dir.x.signum() * (half_width_px(text) + 12.0), 0.0)
    }
}

/// The fill and edges of one convex outline of the difference.
fn outline_items(outline: &[Vec2], list: &mut DisplayList) {
    if outline.len() >= 3 {
        list.fill(outline.to_vec(), Role::Decisive, Tag::Difference);
    }
    let n = outline.len();
    for i in 0..n {
        let (p, q) = (outline[i], outline[(i + 1) % n]);
        if n == 1 || (n == 2 && i == 1) {
            break;
        }
        list.line(
            p,
            q,
            Stroke::new(Role::Decisive, 2.5).emphasised(true),
            Tag::Difference,
        );
    }
    if n == 1 {
        list.dot(outline[0], 4.0, Role::Decisive, Tag::Difference);
    }
}

/// `s` as convex pieces whose union it is: a sector with a half-angle over
/// 90° as its two halves (each turned half its half-angle either way), any
/// other shape as itself.
fn convex_pieces(s: &Shape) -> Vec<Shape> {
    if let Shape::Sector(sec) = s {
        if !sec.is_convex() {
            let h = sec.half_angle_deg() * 0.5;
            let p = sec.pose();
            let half = |turn: f32| {
                let pose = Pose::new(p.position(), p.rotation_deg() + turn).ok()?;
                Sector::new(pose, sec.radius(), h).ok().map(Shape::Sector)
            };
            if let (Some(l), Some(r)) = (half(h), half(-h)) {
                return vec![l, r];
            }
        }
    }
    vec![s.clone()]
}

/// Why `A ⊖ B` is not drawn: one of the shapes is unbounded (a line or
/// a ray), so the difference has no outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unbounded;

impl Unbounded {
    /// The pane's caption saying so, in `l`.
    pub fn caption(self, l: Lang) -> &'static str {
        tr_in(l, "A ⊖ B is drawn for two bounded shapes: no line or ray.")
    }
}

impl std::fmt::Display for Unbounded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.caption(lang()))
    }
}

impl std::error::Error for Unbounded {}

/// The view for shapes `a` and `b` in language `l`, or [`Unbounded`] when
/// `A ⊖ B` cannot be drawn (a line or a ray). A sector wider than 90° each
/// way is not convex: its difference is drawn as the union of its two
/// halves' differences (each convex), and the caption says so.
pub fn build(a: &Shape, b: &Shape, l: Lang) -> Result<MinkowskiView, Unbounded> {
    let (pa, pb) = (convex_pieces(a), convex_pieces(b));
    let split = pa.len() + pb.len() > 2;
    let mut parts = Vec::new();
    for x in &pa {
        for y in &pb {
            parts.push(minkowski_difference(x, y, SAMPLES).ok_or(Unbounded)?);
        }
    }
    // The union's nearest outline point to an origin outside every part
    // is the nearest of the parts'; inside, the core's exact MTV is drawn.
    let Some(md) = parts
        .iter()
        .min_by(|p, q| p.boundary_distance.total_cmp(&q.boundary_distance))
        .cloned()
    else {
        return Err(Unbounded);
    };
    let verdict = classify(a, b);
    let mut list = DisplayList::default();
    let mut lo = Vec2::ZERO;
    let mut hi = Vec2::ZERO;
    for part in &parts {
        outline_items(&part.outline, &mut list);
        for p in &part.outline {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
    }
    // Inside, the depth is the core's exact one (a part's outline may
    // pass nearer the origin inside the other part).
    let pen = penetration(a, b);
    let d = match (verdict, pen) {
        (Verdict::Overlapping, Some(p)) => num(p.depth),
        _ => num(md.boundary_distance),
    };
    let dir = md.nearest.try_normalize().unwrap_or(Vec2::X);
    let nearest = Nearest {
        point: md.nearest,
        dir,
        depth: d,
    };
    let caption = verdict_marks(verdict, split, pen, &nearest, l, &mut list);
    list.dot(Vec2::ZERO, 6.0, Role::Hit, Tag::Origin);
    let text = tr_in(l, "origin O").to_owned();
    let off = origin_label(dir, &text);
    list.label(Vec2::ZERO, off, text, Role::Hit, true);
    let caption = if split {
        format!(
            "{}{}{}",
            tr_in(
                l,
                "A sector with a half-angle over 90° is not convex: A ⊖ B is drawn as the union of its two halves' differences."
            ),
            if l == Lang::En { " " } else { "" },
            caption
        )
    } else {
        caption
    };
    Ok(MinkowskiView {
        list,
        lo,
        hi,
        caption,
        verdict,
    })
}

/// The origin's nearest outline point of A ⊖ B, its direction and the
/// distance or depth shown.
struct Nearest {
    point: Vec2,
    dir: Vec2,
    depth: String,
}

/// The distance segment or the MTV arrow the verdict calls for, with its
/// label; the caption that says what it means.
fn verdict_marks(
    verdict: Verdict,
    split: bool,
    pen: Option<satlab::geom::Penetration>,
    n: &Nearest,
    l: Lang,
    list: &mut DisplayList,
) -> String {
    let (md_nearest, dir, d) = (n.point, n.dir, &n.depth);
    match verdict {
        Verdict::Separated => {
            list.line(Vec2::ZERO, md_nearest, Stroke::new(Role::Distance, 2.5).emphasised(true), Tag::Distance);
            list.dot(md_nearest, 5.0, Role::Distance, Tag::Distance);
            let text = trf_in(l, "distance {}", &[d]);
            let (at, off) = tip_label(md_nearest, dir, &text);
            list.label(at, off, text, Role::Distance, true);
            trf_in(
                l,
                "The origin lies outside A ⊖ B, so A and B do not intersect. Its distance to the outline, {}, is the distance between the shapes; the nearest outline point is the closest point of A minus the closest point of B.",
                &[d],
            )
        }
        Verdict::Touching => tr_in(
            l,
            "The origin lies on the outline of A ⊖ B: some point of A equals a point of B, so they touch (closed shapes: touching counts as intersecting).",
        )
        .to_owned(),
        // Penetration is not defined for a non-convex sector (as the panel
        // and `satlab eval` say): no depth, no MTV.
        Verdict::Overlapping if split && pen.is_none() => tr_in(
            l,
            "The origin lies inside A ⊖ B, so A and B intersect. Penetration depth and MTV are defined for convex shapes only.",
        )
        .to_owned(),
        Verdict::Overlapping => {
            // The core's MTV moves B; B moving by t moves A ⊖ B by −t, so
            // the outline point nearest the origin is exactly the MTV.
            let mtv = pen.map_or(md_nearest, |p| p.mtv);
            list.arrow(Vec2::ZERO, mtv, Stroke::new(Role::Mtv, 3.0).emphasised(true), Tag::Mtv);
            let text = trf_in(l, "MTV (moves B) · depth {}", &[d]);
            let (at, off) = tip_label(mtv, dir, &text);
            list.label(at, off, text, Role::Mtv, true);
            trf_in(
                l,
                "The origin lies inside A ⊖ B, so A and B intersect. Its distance to the outline, {}, is the penetration depth, and the arrow to the nearest outline point is the MTV: moving B by it leaves them touching.",
                &[d],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::display::Item;
    use satlab::geom::{distance, Aabb, Circle, Line, Pose, Sector};

    fn boxes(bx: f32, by: f32) -> (Shape, Shape) {
        let a =
            Shape::Aabb(Aabb::new(Pose::at(Vec2::new(-1.0, 0.0)), Vec2::new(1.0, 1.0)).unwrap());
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(bx, by)), Vec2::new(1.0, 1.0)).unwrap());
        (a, b)
    }

    fn tagged(v: &MinkowskiView, t: Tag) -> Vec<&Item> {
        v.list.tagged(t).collect()
    }

    #[test]
    fn separated_boxes_show_the_distance_from_the_origin_to_the_outline() {
        let (a, b) = boxes(2.0, 0.5);
        let v = build(&a, &b, Lang::En).unwrap();
        // A − B of two 2×2 boxes is the 4×4 box around (−3, −0.5).
        let lines: Vec<_> = tagged(&v, Tag::Difference)
            .into_iter()
            .filter(|i| matches!(i, Item::Line { .. }))
            .collect();
        let md = minkowski_difference(&a, &b, SAMPLES).unwrap();
        assert_eq!(lines.len(), 4, "a box has four edges: {:?}", md.outline);
        assert!((v.lo - Vec2::new(-5.0, -2.5)).length() < 1e-5, "{:?}", v.lo);
        assert!((v.hi - Vec2::new(0.0, 1.5)).length() < 1e-5, "{:?}", v.hi);
        assert_eq!(md.outline.len(), 4, "only the corners: {:?}", md.outline);
        let want = distance(&a, &b).distance;
        assert!((want - 1.0).abs() < 1e-6);
        let Some(Item::Line { from, to, .. }) = tagged(&v, Tag::Distance).first().copied() else {
            panic!("no distance segment");
        };
        assert_eq!(*from, Vec2::ZERO);
        assert!(((*to - *from).length() - want).abs() < 1e-5);
        assert!(v.caption.contains("1.000"), "{}", v.caption);
        assert!(v.caption.contains("outside"), "{}", v.caption);
        assert!(tagged(&v, Tag::Mtv).is_empty());
        assert_eq!(tagged(&v, Tag::Origin).len(), 1);
        assert_eq!(v.verdict, Verdict::Separated);
    }

    #[test]
    fn overlapping_shapes_show_the_mtv_which_is_the_nearest_outline_point() {
        let a = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 2.0).unwrap());
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(2.5, 0.3)), Vec2::new(1.0, 1.0)).unwrap());
        let v = build(&a, &b, Lang::En).unwrap();
        let p = penetration(&a, &b).unwrap();
        let Some(Item::Arrow { from, to, .. }) = tagged(&v, Tag::Mtv).first().copied() else {
            panic!("no MTV arrow");
        };
        assert_eq!(*from, Vec2::ZERO);
        assert_eq!(*to, p.mtv);
        // The sampled outline's nearest point agrees with the exact MTV.
        let md = minkowski_difference(&a, &b, SAMPLES).unwrap();
        assert!(
            (md.nearest - p.mtv).length() < 0.01,
            "{:?} vs {:?}",
            md.nearest,
            p.mtv
        );
        assert!(v.caption.contains(&num(p.depth)), "{}", v.caption);
        assert!(v.caption.contains("inside"));
        assert!(tagged(&v, Tag::Distance).is_empty());
    }

    #[test]
    fn touching_puts_the_origin_on_the_outline() {
        let (a, b) = boxes(1.0, 0.5);
        let v = build(&a, &b, Lang::En).unwrap();
        assert_eq!(v.verdict, Verdict::Touching);
        assert!(v.caption.contains("on the outline"), "{}", v.caption);
        // The origin is on the box [−3, 1] × [−2.5, 1.5]'s right edge.
        assert!((v.hi.x - 0.0).abs() < 1e-6);
    }

    #[test]
    fn the_view_fits_the_origin_even_when_the_outline_is_far() {
        let (a, b) = boxes(40.0, 30.0);
        let v = build(&a, &b, Lang::En).unwrap();
        assert!(v.lo.x <= 0.0 && v.lo.y <= 0.0 && v.hi.x >= 0.0 && v.hi.y >= 0.0);
        assert!(v.lo.x < -40.0 && v.lo.y < -30.0);
    }

    #[test]
    fn unbounded_or_non_convex_pairs_say_why_in_either_language() {
        let a = Shape::Line(Line::new(Pose::at(Vec2::ZERO)));
        let b = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap());
        let en = build(&a, &b, Lang::En).unwrap_err().caption(Lang::En);
        assert!(en.contains("line or ray"), "{en}");
        let zh = build(&b, &a, Lang::ZhHans)
            .unwrap_err()
            .caption(Lang::ZhHans);
        assert!(zh.contains("射线"), "{zh}");
    }

    #[test]
    fn a_wide_sector_is_drawn_as_its_two_halves_differences() {
        // Half-angle 135°: the halves span [0°, 135°] and [-135°, 0°].
        let wide = Shape::Sector(Sector::new(Pose::at(Vec2::ZERO), 2.0, 135.0).unwrap());
        for (bx, verdict) in [(-2.5, Verdict::Separated), (1.0, Verdict::Overlapping)] {
            let b = Shape::Circle(Circle::new(Pose::at(Vec2::new(bx, 0.0)), 0.5).unwrap());
            let v = build(&wide, &b, Lang::En).unwrap();
            assert_eq!(v.verdict, verdict);
            let fills = tagged(&v, Tag::Difference)
                .into_iter()
                .filter(|i| matches!(i, Item::Fill { .. }))
                .count();
            assert_eq!(fills, 2, "one difference per half");
            assert!(v.caption.contains("two halves"), "{}", v.caption);
            // Every arc point of the wide sector minus B's centre lies in
            // one of the halves' differences: the union covers A ⊖ B.
            for k in 0..=36 {
                let t = (-135.0 + 7.5 * k as f32).to_radians();
                let p = Vec2::new(t.cos(), t.sin()) * 2.0 - Vec2::new(bx, 0.0);
                let inside = v.list.items.iter().any(|it| {
                    // Inside a convex counter-clockwise outline (its
                    // sampled arcs cut corners by up to about 1e-3).
                    let Item::Fill { points, .. } = it else {
                        return false;
                    };
                    (0..points.len()).all(|i| {
                        let (u, w) = (points[i], points[(i + 1) % points.len()]);
                        (w - u).perp_dot(p - u) >= -2e-2 * (w - u).length()
                    })
                });
                assert!(inside, "{p} at {t}");
            }
            // Separated: the drawn distance is the exact one.
            if verdict == Verdict::Separated {
                let want = distance(&wide, &b).distance;
                let Some(Item::Line { from, to, .. }) = tagged(&v, Tag::Distance).first().copied()
                else {
                    panic!("no distance segment");
                };
                assert!(((*to - *from).length() - want).abs() < 1e-3);
            } else {
                // No penetration for a non-convex sector: no MTV either.
                assert!(penetration(&wide, &b).is_none());
                assert!(tagged(&v, Tag::Mtv).is_empty());
                assert!(v.caption.contains("inside"), "{}", v.caption);
            }
        }
    }

    #[test]
    fn the_caption_is_translated() {
        let (a, b) = boxes(2.0, 0.5);
        let v = build(&a, &b, Lang::ZhHans).unwrap();
        assert!(v.caption.contains("原点"), "{}", v.caption);
        assert!(v.caption.contains("1.000"));
    }
}
