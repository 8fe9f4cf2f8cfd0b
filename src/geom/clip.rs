//! Clipping convex polygons (Sutherland–Hodgman), and signed areas: the
//! overlap region of two shapes' outlines, as the playground shades it.
//! Points in any one frame; counter-clockwise polygons have positive area.

use glam::Vec2;

/// The part of `subject` inside the convex counter-clockwise polygon `clip`
/// (Sutherland–Hodgman). Empty when they do not overlap.
pub fn clip_convex(subject: &[Vec2], clip: &[Vec2]) -> Vec<Vec2> {
    let mut out: Vec<Vec2> = subject.to_vec();
    let n = clip.len();
    for i in 0..n {
        if out.is_empty() {
            break;
        }
        let a = clip[i];
        let b = clip[(i + 1) % n];
        let edge = b - a;
        let inside = |p: Vec2| edge.perp_dot(p - a) >= 0.0;
        let input = std::mem::take(&mut out);
        for j in 0..input.len() {
            let cur = input[j];
            let prev = input[(j + input.len() - 1) % input.len()];
            let (ci, pi) = (inside(cur), inside(prev));
            if ci != pi {
                let d = cur - prev;
                let den = edge.perp_dot(d);
                if den != 0.0 {
                    let t = edge.perp_dot(a - prev) / den;
                    out.push(prev + d * t);
                }
            }
            if ci {
                out.push(cur);
            }
        }
    }
    if polygon_area(&out).abs() < 1e-9 {
        out.clear();
    }
    out
}

/// Signed area (positive for counter-clockwise).
pub fn polygon_area(p: &[Vec2]) -> f32 {
    let n = p.len();
    (0..n).map(|i| p[i].perp_dot(p[(i + 1) % n])).sum::<f32>() * 0.5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_of_two_squares() {
        let a = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let b: Vec<Vec2> = a.iter().map(|p| *p + Vec2::new(1.0, 1.0)).collect();
        let r = clip_convex(&a, &b);
        assert!((polygon_area(&r) - 1.0).abs() < 1e-5);
        let far: Vec<Vec2> = a.iter().map(|p| *p + Vec2::new(5.0, 0.0)).collect();
        assert!(clip_convex(&a, &far).is_empty());
    }
}
