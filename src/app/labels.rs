//! Keeps the canvas labels from covering each other. Pure: plates in,
//! screen offsets out, so tests need no window.
//!
//! Each plate, in the order given (most important first), stays where it
//! wants to be if that meets no plate placed before it nor any fixed plate
//! (the letter tags, the badge, the caption); otherwise it moves straight
//! up, down, left or right to the nearest spot just clear of a plate in its
//! way, within three plate heights or one plate width and inside the
//! canvas. When there is no such spot, it stays.

use crate::app::camera::Rect;
use glam::Vec2;

/// Space kept between two plates, pixels.
const GAP: f32 = 2.0;

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
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
/// spot, in the same order.
pub fn place(plates: &[Rect], fixed: &[Rect], bounds: Rect) -> Vec<Vec2> {
    let mut taken: Vec<Rect> = fixed.to_vec();
    plates
        .iter()
        .map(|p| {
            let (w, h) = (p.size().x, p.size().y);
            // Where it wants to be, and just clear of each plate in its way:
            // above or below one that shares some of its columns, left or
            // right of one that shares some of its rows.
            let mut spots = vec![Vec2::ZERO];
            for t in &taken {
                if t.min.x < p.max.x + GAP && p.min.x - GAP < t.max.x {
                    spots.push(Vec2::new(0.0, t.min.y - GAP - h - p.min.y));
                    spots.push(Vec2::new(0.0, t.max.y + GAP - p.min.y));
                }
                if t.min.y < p.max.y + GAP && p.min.y - GAP < t.max.y {
                    spots.push(Vec2::new(t.min.x - GAP - w - p.min.x, 0.0));
                    spots.push(Vec2::new(t.max.x + GAP - p.min.x, 0.0));
                }
            }
            spots.retain(|d| d.y.abs() <= 3.0 * h && d.x.abs() <= w);
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
                !taken.iter().any(|t| overlaps(&g, t))
            };
            let d = spots
                .into_iter()
                .find(|d| {
                    let r = shifted(p, *d);
                    (*d == Vec2::ZERO || inside(&r, &bounds)) && clear(&r)
                })
                .unwrap_or(Vec2::ZERO);
            taken.push(shifted(p, d));
            d
        })
        .collect()
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

    #[test]
    fn plates_apart_stay_where_they_are() {
        let d = place(&[plate(10.0, 10.0), plate(200.0, 10.0)], &[], CANVAS);
        assert_eq!(d, vec![Vec2::ZERO, Vec2::ZERO]);
    }

    #[test]
    fn plates_on_each_other_move_to_the_nearest_clear_spot() {
        let plates = [plate(100.0, 100.0), plate(110.0, 105.0), plate(120.0, 95.0)];
        let d = place(&plates, &[], CANVAS);
        assert_eq!(d[0], Vec2::ZERO, "the first keeps its spot");
        // Just below the first (above would still meet it: it is nearer).
        assert_eq!(d[1], Vec2::new(0.0, 17.0));
        // Between the two is no room: just above the first.
        assert_eq!(d[2], Vec2::new(0.0, -17.0));
        let placed: Vec<Rect> = plates.iter().zip(&d).map(|(p, d)| shifted(p, *d)).collect();
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
        let d = place(&[plate(5.0, 5.0)], &[tag], CANVAS);
        assert_eq!(d, vec![Vec2::new(0.0, 17.0)]);
    }

    #[test]
    fn a_crowd_with_no_free_spot_keeps_the_wanted_place() {
        // Five plates already stacked where every spot of the sixth lies.
        let fixed: Vec<Rect> = (-2..=2)
            .map(|k| plate(100.0, 200.0 + 22.0 * k as f32))
            .collect();
        assert_eq!(
            place(&[plate(100.0, 200.0)], &fixed, CANVAS),
            vec![Vec2::ZERO]
        );
    }

    #[test]
    fn a_plate_boxed_in_above_and_below_steps_sideways() {
        // The stack covers every spot above and below; right of it is clear.
        let fixed: Vec<Rect> = (-3..=3)
            .map(|k| plate(100.0, 200.0 + 22.0 * k as f32))
            .collect();
        assert_eq!(
            place(&[plate(150.0, 200.0)], &fixed, CANVAS),
            vec![Vec2::new(32.0, 0.0)]
        );
    }
}
