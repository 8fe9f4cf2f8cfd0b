//! A software layer for what is only a few pixels big: the tree's cell
//! outlines and the shapes smaller than a few pixels are filled into an RGBA
//! buffer on the CPU and drawn as one texture. Software OpenGL (llvmpipe)
//! pays per triangle and per thin line far more than for one textured
//! quad; 10,000 tiny shapes are 10,000 small rectangle writes here.
//!
//! Pure: a list of pixel rectangles in, bytes out; the texture lives in
//! `paint`.

/// A filled rectangle of whole pixels, in canvas pixels (x right, y down,
/// origin at the canvas' top-left corner); `x0..x1` × `y0..y1`, ends
/// excluded. Colours are straight (not premultiplied) RGBA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixRect {
    /// Left column.
    pub x0: i32,
    /// Top row.
    pub y0: i32,
    /// One past the right column.
    pub x1: i32,
    /// One past the bottom row.
    pub y1: i32,
    /// Colour, straight RGBA.
    pub rgba: [u8; 4],
}

impl PixRect {
    /// The rectangle covering the screen box `lo..hi` (pixels, any order),
    /// at least one pixel each way.
    pub fn covering(lo: (f32, f32), hi: (f32, f32), rgba: [u8; 4]) -> PixRect {
        let (ax, bx) = (lo.0.min(hi.0), lo.0.max(hi.0));
        let (ay, by) = (lo.1.min(hi.1), lo.1.max(hi.1));
        let x0 = sat(ax.floor());
        let y0 = sat(ay.floor());
        PixRect {
            x0,
            y0,
            x1: sat(bx.ceil()).max(x0.saturating_add(1)),
            y1: sat(by.ceil()).max(y0.saturating_add(1)),
            rgba,
        }
    }
}

/// `v` as a pixel coordinate: NaN becomes 0, far values stop at ±2³⁰.
fn sat(v: f32) -> i32 {
    if v.is_nan() {
        0
    } else {
        crate::app::num::clamp(v, -1.0e9, 1.0e9) as i32
    }
}

/// One thing to fill, in canvas pixels; colours straight RGBA.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    /// A rectangle of whole pixels.
    Rect(PixRect),
    /// A disc: the pixels whose centres lie within `r` of `(cx, cy)`.
    Disc {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius, pixels.
        r: f32,
        /// Colour.
        rgba: [u8; 4],
    },
    /// A convex polygon: `Ops::points[start..end]`, either winding; the
    /// pixels whose centres lie inside.
    Poly {
        /// First point.
        start: u32,
        /// One past the last point.
        end: u32,
        /// Colour.
        rgba: [u8; 4],
    },
}

/// What the layer holds, in drawing order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ops {
    /// The fills, later ones over earlier ones.
    pub list: Vec<Op>,
    /// The polygons' corners, canvas pixels.
    pub points: Vec<[f32; 2]>,
}

impl Ops {
    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.list.clear();
        self.points.clear();
    }

    /// Adds a rectangle.
    pub fn rect(&mut self, r: PixRect) {
        self.list.push(Op::Rect(r));
    }

    /// Adds a disc; skipped unless the centre is finite and `r` positive.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, rgba: [u8; 4]) {
        if cx.is_finite() && cy.is_finite() && r > 0.0 && r.is_finite() {
            self.list.push(Op::Disc { cx, cy, r, rgba });
        }
    }

    /// Adds the convex polygon through `pts`; skipped unless it has three
    /// corners or more, all finite.
    pub fn poly(&mut self, pts: impl IntoIterator<Item = [f32; 2]>, rgba: [u8; 4]) {
        let start = self.points.len() as u32;
        self.points.extend(pts);
        let end = self.points.len() as u32;
        let finite = self.points[start as usize..]
            .iter()
            .all(|p| p[0].is_finite() && p[1].is_finite());
        if end - start >= 3 && finite {
            self.list.push(Op::Poly { start, end, rgba });
        } else {
            self.points.truncate(start as usize);
        }
    }
}

/// The layer's pixels and the list they were filled from.
#[derive(Debug, Clone, Default)]
pub struct Raster {
    width: u32,
    height: u32,
    bytes: Vec<u8>,
    drawn: Ops,
}

impl Raster {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// RGBA bytes, row by row from the top.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Fills a `width` × `height` transparent layer with `ops` in order
    /// (later ones are composited over earlier ones), clipped to the layer.
    /// Returns false, leaving the bytes alone, when the size and the list
    /// are those of the last call: the texture need not be uploaded again.
    pub fn paint(&mut self, width: u32, height: u32, ops: &Ops) -> bool {
        if width == self.width && height == self.height && *ops == self.drawn {
            return false;
        }
        self.width = width;
        self.height = height;
        self.drawn.clone_from(ops);
        let len = width as usize * height as usize * 4;
        self.bytes.clear();
        self.bytes.resize(len, 0);
        for op in &ops.list {
            match *op {
                Op::Rect(r) => {
                    for y in r.y0.max(0)..r.y1.min(height as i32) {
                        self.span(y, r.x0, r.x1, r.rgba);
                    }
                }
                Op::Disc { cx, cy, r, rgba } => {
                    let (y0, y1) = (sat((cy - r - 0.5).ceil()), sat((cy + r - 0.5).floor()));
                    for y in y0.max(0)..=y1.min(height as i32 - 1) {
                        let dy = y as f32 + 0.5 - cy;
                        let half = (r * r - dy * dy).max(0.0).sqrt();
                        let x0 = sat((cx - half - 0.5).ceil());
                        let x1 = sat((cx + half - 0.5).floor());
                        self.span(y, x0, x1.saturating_add(1), rgba);
                    }
                }
                Op::Poly { start, end, rgba } => {
                    let pts = &ops.points[start as usize..end as usize];
                    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
                    for p in pts {
                        lo = lo.min(p[1]);
                        hi = hi.max(p[1]);
                    }
                    let (y0, y1) = (sat((lo - 0.5).ceil()), sat((hi - 0.5).floor()));
                    for y in y0.max(0)..=y1.min(height as i32 - 1) {
                        let yc = y as f32 + 0.5;
                        let (mut xl, mut xr) = (f32::INFINITY, f32::NEG_INFINITY);
                        for (k, a) in pts.iter().enumerate() {
                            let b = pts[(k + 1) % pts.len()];
                            if (a[1] <= yc) != (b[1] <= yc) {
                                let x = a[0] + (yc - a[1]) * (b[0] - a[0]) / (b[1] - a[1]);
                                xl = xl.min(x);
                                xr = xr.max(x);
                            }
                        }
                        if xl <= xr {
                            let x0 = sat((xl - 0.5).ceil());
                            let x1 = sat((xr - 0.5).floor());
                            self.span(y, x0, x1.saturating_add(1), rgba);
                        }
                    }
                }
            }
        }
        true
    }

    /// Fills row `y`, columns `x0..x1` (clipped), with `rgba`.
    fn span(&mut self, y: i32, x0: i32, x1: i32, rgba: [u8; 4]) {
        let w = self.width as i32;
        let (x0, x1) = (
            crate::app::num::clamp_index(x0, 0, w),
            crate::app::num::clamp_index(x1, 0, w),
        );
        if x0 >= x1 || y < 0 || y >= self.height as i32 || rgba[3] == 0 {
            return;
        }
        let row = (y as usize * self.width as usize + x0 as usize) * 4;
        let end = row + (x1 - x0) as usize * 4;
        let span = &mut self.bytes[row..end];
        if rgba[3] == 255 {
            for px in span.chunks_exact_mut(4) {
                px.copy_from_slice(&rgba);
            }
        } else {
            for px in span.chunks_exact_mut(4) {
                over(px, rgba);
            }
        }
    }
}

/// Composites straight-alpha `src` over the straight-alpha pixel `dst`.
#[inline]
fn over(dst: &mut [u8], src: [u8; 4]) {
    let sa = src[3] as u32;
    let da = dst[3] as u32;
    if sa == 255 || da == 0 {
        dst.copy_from_slice(&src);
        return;
    }
    if da == 255 {
        // Over an opaque pixel (a grid line): a plain mix, divisor constant.
        for c in 0..3 {
            dst[c] = ((src[c] as u32 * sa + dst[c] as u32 * (255 - sa) + 127) / 255) as u8;
        }
        return;
    }
    // out_a = sa + da (1 - sa), in 0..=255 fixed point.
    let keep = da * (255 - sa) / 255;
    let oa = sa + keep;
    for c in 0..3 {
        dst[c] = ((src[c] as u32 * sa + dst[c] as u32 * keep) / oa.max(1)) as u8;
    }
    dst[3] = oa as u8;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rects(rs: &[PixRect]) -> Ops {
        let mut o = Ops::default();
        for r in rs {
            o.rect(*r);
        }
        o
    }

    fn px(r: &Raster, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * r.width() + x) * 4) as usize;
        r.bytes()[i..i + 4].try_into().unwrap()
    }

    const RED: [u8; 4] = [255, 0, 0, 255];

    #[test]
    fn a_rectangle_fills_exactly_its_pixels() {
        let mut r = Raster::default();
        let rect = PixRect {
            x0: 1,
            y0: 2,
            x1: 3,
            y1: 3,
            rgba: RED,
        };
        assert!(r.paint(4, 4, &rects(&[rect])));
        assert_eq!(px(&r, 1, 2), RED);
        assert_eq!(px(&r, 2, 2), RED);
        assert_eq!(px(&r, 0, 2), [0; 4]);
        assert_eq!(px(&r, 3, 2), [0; 4]);
        assert_eq!(px(&r, 1, 1), [0; 4]);
        assert_eq!(px(&r, 1, 3), [0; 4]);
    }

    #[test]
    fn the_same_list_twice_is_not_painted_again() {
        let mut r = Raster::default();
        let rect = PixRect::covering((0.2, 0.2), (1.5, 1.1), RED);
        assert!(r.paint(8, 8, &rects(&[rect])));
        assert!(!r.paint(8, 8, &rects(&[rect])));
        assert!(r.paint(9, 8, &rects(&[rect])));
        assert!(r.paint(9, 8, &rects(&[])));
        assert!(r.bytes().iter().all(|&b| b == 0));
    }

    #[test]
    fn rectangles_off_the_layer_are_clipped_not_panicking() {
        let mut r = Raster::default();
        let list = [
            PixRect::covering((-50.0, -50.0), (1.0, 1.0), RED),
            PixRect::covering((f32::NAN, 3.0), (f32::INFINITY, 3.5), RED),
            PixRect::covering((1e30, 1e30), (2e30, 2e30), RED),
        ];
        r.paint(4, 4, &rects(&list));
        assert_eq!(px(&r, 0, 0), RED);
        assert_eq!(px(&r, 1, 1), [0; 4]);
        // The NaN end is ignored, leaving a box at infinity: off the layer.
        assert_eq!(px(&r, 3, 3), [0; 4]);
    }

    #[test]
    fn covering_rounds_outwards_and_keeps_one_pixel() {
        let c = PixRect::covering((2.6, 5.2), (2.7, 5.3), RED);
        assert_eq!((c.x0, c.y0, c.x1, c.y1), (2, 5, 3, 6));
        let c = PixRect::covering((4.5, 1.0), (1.5, 3.0), RED);
        assert_eq!((c.x0, c.y0, c.x1, c.y1), (1, 1, 5, 3));
    }

    /// The pixel at (0, 0) in colour `rgba`.
    fn one_pixel(rgba: [u8; 4]) -> PixRect {
        PixRect {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 1,
            rgba,
        }
    }

    #[test]
    fn translucent_over_translucent_composites() {
        let mut r = Raster::default();
        r.paint(
            1,
            1,
            &rects(&[one_pixel([0, 0, 255, 128]), one_pixel([255, 0, 0, 128])]),
        );
        let p = px(&r, 0, 0);
        // alpha 128 + 128 * 127 / 255 = 191; red weighs 128 against blue's 63.
        assert_eq!(p[3], 191);
        assert!(p[0] > p[2] && p[2] > 0, "{p:?}");
    }

    #[test]
    fn translucent_over_opaque_mixes_and_stays_opaque() {
        let mut r = Raster::default();
        r.paint(
            1,
            1,
            &rects(&[one_pixel([0, 0, 255, 255]), one_pixel([255, 0, 0, 128])]),
        );
        assert_eq!(px(&r, 0, 0), [128, 0, 127, 255]);
    }

    fn count(r: &Raster, c: [u8; 4]) -> usize {
        r.bytes().chunks_exact(4).filter(|p| *p == c).count()
    }

    #[test]
    fn a_disc_fills_the_pixels_whose_centres_are_inside() {
        let mut r = Raster::default();
        let mut o = Ops::default();
        o.disc(5.0, 5.0, 3.0, RED);
        r.paint(10, 10, &o);
        // Exactly the pixels whose centres (x + 0.5, y + 0.5) lie within 3
        // of (5, 5), counted directly.
        let want = (0..10)
            .flat_map(|y| (0..10).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let (dx, dy) = (x as f32 + 0.5 - 5.0, y as f32 + 0.5 - 5.0);
                dx * dx + dy * dy <= 9.0
            })
            .count();
        assert_eq!(count(&r, RED), want);
        assert_eq!(px(&r, 5, 5), RED);
        assert_eq!(px(&r, 5, 1), [0; 4]);
        assert_eq!(px(&r, 8, 5), [0; 4]);
    }

    #[test]
    fn a_convex_polygon_fills_its_inside_in_either_winding() {
        for pts in [
            [[1.0, 1.0], [7.0, 1.0], [7.0, 4.0], [1.0, 4.0]],
            [[1.0, 4.0], [7.0, 4.0], [7.0, 1.0], [1.0, 1.0]],
        ] {
            let mut r = Raster::default();
            let mut o = Ops::default();
            o.poly(pts, RED);
            r.paint(9, 6, &o);
            // The box [1, 7] × [1, 4] holds the centres of columns 1..=6, rows 1..=3.
            assert_eq!(count(&r, RED), 6 * 3);
            assert_eq!(px(&r, 1, 1), RED);
            assert_eq!(px(&r, 6, 3), RED);
            assert_eq!(px(&r, 7, 2), [0; 4]);
            assert_eq!(px(&r, 3, 4), [0; 4]);
        }
        // A triangle: the right half of the box, under its diagonal.
        let mut r = Raster::default();
        let mut o = Ops::default();
        o.poly([[0.0, 0.0], [4.0, 0.0], [4.0, 4.0]], RED);
        r.paint(4, 4, &o);
        assert_eq!(px(&r, 3, 0), RED);
        assert_eq!(px(&r, 0, 3), [0; 4]);
        // Row y keeps columns y..=3: 4 + 3 + 2 + 1.
        assert_eq!(count(&r, RED), 10);
    }

    #[test]
    fn degenerate_polygons_and_discs_are_skipped() {
        let mut o = Ops::default();
        o.poly([[1.0, 1.0], [2.0, 2.0]], RED);
        assert!(o.list.is_empty() && o.points.is_empty());
        o.poly([[f32::NAN, 1.0], [2.0, f32::INFINITY], [3.0, 3.0]], RED);
        o.disc(f32::NAN, 2.0, 5.0, RED);
        o.disc(2.0, 2.0, -1.0, RED);
        assert!(o.list.is_empty() && o.points.is_empty());
        let mut r = Raster::default();
        r.paint(4, 4, &o);
        assert_eq!(count(&r, [0; 4]), 16);
    }
}
