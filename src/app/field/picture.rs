//! What field mode draws, as plain data: the visible shapes with their
//! style (plain, broad-phase candidate, narrow-phase hit), the tree's cells
//! (and the nodes the queries visited), the ray and its hit markers. Pure,
//! so tests can inspect it without a window.

use crate::app::field::model::{FieldModel, FieldResults};
use glam::Vec2;
use satlab::broad::Bounds;

/// How a shape is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ShapeStyle {
    /// Not touched by any query.
    Plain,
    /// Its bounds passed the broad phase, the exact test said no.
    Candidate,
    /// The exact test confirmed it.
    Hit,
}

/// How a tree cell is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellStyle {
    /// A node's cell.
    Cell,
    /// A node's loose bounds.
    Loose,
    /// A node the ray query entered (its cell, or its loose bounds when
    /// those are shown).
    RayVisited,
    /// A node the query-shape query entered (cell or loose bounds, likewise).
    QueryVisited,
}

/// A ray hit to mark.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HitMarker {
    /// Shape index.
    pub index: usize,
    /// World hit point.
    pub point: Vec2,
    /// World unit normal, facing the ray.
    pub normal: Vec2,
    /// The first hit.
    pub first: bool,
}

/// What to draw besides shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PictureOptions {
    /// Draw the tree's cells.
    pub cells: bool,
    /// Draw loose bounds instead of cells.
    pub loose: bool,
    /// Cells smaller than this (world units) are left out.
    pub min_cell: f32,
    /// How far an unbounded ray is drawn, world units.
    pub far: f32,
}

/// Everything field mode draws in one frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Picture {
    /// Tree cells and visited nodes, back to front.
    pub cells: Vec<(Bounds, CellStyle)>,
    /// Visible shapes by index with their style: plain first, hits last.
    pub shapes: Vec<(usize, ShapeStyle)>,
    /// The ray, from origin to its end (or `far` away).
    pub ray: Option<(Vec2, Vec2)>,
    /// Ray hits, nearest first.
    pub hits: Vec<HitMarker>,
}

/// The picture of `m` with results `res`, limited to the world box `visible`
/// (the tree answers which shapes lie in it).
pub fn build(
    m: &mut FieldModel,
    res: &FieldResults,
    visible: Bounds,
    opts: PictureOptions,
) -> Picture {
    let mut pic = Picture::default();
    if opts.cells {
        for (cell, loose, _, count) in m.field.tree().nodes() {
            let b = if opts.loose { loose } else { cell };
            let size = (b.max - b.min).max_element();
            if count > 0 && size >= opts.min_cell && b.overlaps(&visible) {
                let style = if opts.loose {
                    CellStyle::Loose
                } else {
                    CellStyle::Cell
                };
                pic.cells.push((b, style));
            }
        }
    }
    let tree = m.field.tree();
    for (list, style) in [
        (&res.query_visited, CellStyle::QueryVisited),
        (&res.ray_visited, CellStyle::RayVisited),
    ] {
        for &n in list {
            if let Some((cell, loose)) = tree.node_bounds(n) {
                // The node's cell unless loose bounds are asked for: a
                // loose box is twice the cell, so the root's reaches far
                // off screen and would leave a lone edge in view.
                let b = if opts.loose { loose } else { cell };
                if b.overlaps(&visible) {
                    pic.cells.push((b, style));
                }
            }
        }
    }
    let mut hit_ids: Vec<usize> = res.hits.iter().map(|h| h.index).collect();
    hit_ids.extend(&res.query_hits);
    hit_ids.sort_unstable();
    let mut cand_ids: Vec<usize> = res.ray_candidates.clone();
    cand_ids.extend(&res.query_candidates);
    cand_ids.sort_unstable();
    let (visible_ids, _) = m.field.query_bounds(&visible);
    pic.shapes = visible_ids
        .into_iter()
        .map(|i| {
            let style = if hit_ids.binary_search(&i).is_ok() {
                ShapeStyle::Hit
            } else if cand_ids.binary_search(&i).is_ok() {
                ShapeStyle::Candidate
            } else {
                ShapeStyle::Plain
            };
            (i, style)
        })
        .collect();
    pic.shapes.sort_by_key(|&(_, s)| s);
    if let Some(r) = &m.ray {
        let len = r.length().unwrap_or(opts.far);
        pic.ray = Some((r.origin(), r.origin() + r.direction() * len));
        let first = res.first.map(|f| f.index);
        pic.hits = res
            .hits
            .iter()
            .map(|h| HitMarker {
                index: h.index,
                point: h.hit.point,
                normal: h.hit.normal,
                first: Some(h.index) == first,
            })
            .collect();
    }
    pic
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{Aabb, Circle, Pose, Ray, Shape};
    use satlab::scene::FieldScene;

    fn boxed(x: f32, y: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::splat(0.5)).unwrap())
    }

    fn opts() -> PictureOptions {
        PictureOptions {
            cells: true,
            loose: false,
            min_cell: 0.0,
            far: 100.0,
        }
    }

    fn everywhere() -> Bounds {
        Bounds::new(Vec2::splat(-1e4), Vec2::splat(1e4))
    }

    /// Three boxes on the x axis, one box above, one circle behind the
    /// origin whose bounds the ray meets but whose disc it misses (its
    /// centre is 2.12 from the origin, its radius 2), and a ray along +x.
    fn model() -> FieldModel {
        let corner = Shape::Circle(Circle::new(Pose::at(Vec2::new(-1.5, 1.5)), 2.0).unwrap());
        let sc = FieldScene {
            name: "t".into(),
            notes: String::new(),
            shapes: vec![
                boxed(3.0, 0.0),
                boxed(6.0, 0.0),
                boxed(4.5, 5.0),
                boxed(9.0, 0.0),
                corner,
            ],
            ray: Some(Ray::new(Pose::at(Vec2::ZERO), None).unwrap()),
            query: None,
            view: None,
            expect: None,
            layers: Default::default(),
        };
        FieldModel::from_scene(&sc)
    }

    #[test]
    fn a_ray_through_three_boxes_marks_three_hits_in_order() {
        let mut m = model();
        let res = FieldResults::compute(&mut m);
        let pic = build(&mut m, &res, everywhere(), opts());
        assert_eq!(pic.hits.len(), 3);
        let xs: Vec<f32> = pic.hits.iter().map(|h| h.point.x).collect();
        assert_eq!(xs, vec![2.5, 5.5, 8.5]);
        assert!(pic.hits[0].first && !pic.hits[1].first && !pic.hits[2].first);
        assert!(pic.hits.iter().all(|h| h.normal == Vec2::NEG_X));
        assert_eq!(pic.ray, Some((Vec2::ZERO, Vec2::new(100.0, 0.0))));
    }

    #[test]
    fn candidates_are_styled_apart_from_hits_and_plain_shapes() {
        let mut m = model();
        let res = FieldResults::compute(&mut m);
        let pic = build(&mut m, &res, everywhere(), opts());
        let style = |i: usize| pic.shapes.iter().find(|s| s.0 == i).map(|s| s.1);
        assert_eq!(style(0), Some(ShapeStyle::Hit));
        assert_eq!(style(1), Some(ShapeStyle::Hit));
        assert_eq!(style(3), Some(ShapeStyle::Hit));
        assert_eq!(style(4), Some(ShapeStyle::Candidate));
        assert_eq!(style(2), Some(ShapeStyle::Plain));
        // Hits come last, so they are drawn on top.
        assert_eq!(pic.shapes.last().map(|s| s.1), Some(ShapeStyle::Hit));
        assert_eq!(pic.shapes[0].1, ShapeStyle::Plain);
    }

    #[test]
    fn listed_candidates_agree_with_the_tree_counters() {
        let mut m = model();
        let res = FieldResults::compute(&mut m);
        assert_eq!(res.ray_candidates, vec![0, 1, 3, 4]);
        assert_eq!(res.ray_stats.candidates as usize, res.ray_candidates.len());
        assert_eq!(res.ray_stats.hits, 3);
        assert!(!res.ray_visited.is_empty());
        let pic = build(&mut m, &res, everywhere(), opts());
        let visited = pic
            .cells
            .iter()
            .filter(|c| c.1 == CellStyle::RayVisited)
            .count();
        assert_eq!(visited, res.ray_visited.len());
    }

    #[test]
    fn only_visible_shapes_are_listed() {
        let mut m = model();
        let res = FieldResults::compute(&mut m);
        let view = Bounds::new(Vec2::new(2.0, -1.0), Vec2::new(7.0, 1.0));
        let pic = build(&mut m, &res, view, opts());
        let mut ids: Vec<usize> = pic.shapes.iter().map(|s| s.0).collect();
        ids.sort_unstable();
        assert_eq!(ids, vec![0, 1]);
        // Markers stay: they are few and the painter clips them.
        assert_eq!(pic.hits.len(), 3);
    }

    #[test]
    fn a_query_shape_styles_its_candidates_and_hits() {
        let mut m = model();
        // A small circle touching box 1 only; its bounds also meet box 0's.
        m.query = Some(Shape::Circle(
            Circle::new(Pose::at(Vec2::new(4.5, 0.9)), 1.05).unwrap(),
        ));
        m.ray = None;
        let res = FieldResults::compute(&mut m);
        assert_eq!(
            res.query_stats.candidates as usize,
            res.query_candidates.len()
        );
        assert!(res
            .query_hits
            .iter()
            .all(|i| res.query_candidates.contains(i)));
        let pic = build(&mut m, &res, everywhere(), opts());
        for &(i, s) in &pic.shapes {
            let want = if res.query_hits.contains(&i) {
                ShapeStyle::Hit
            } else if res.query_candidates.contains(&i) {
                ShapeStyle::Candidate
            } else {
                ShapeStyle::Plain
            };
            assert_eq!(s, want, "shape {i}");
        }
        assert!(pic.hits.is_empty() && pic.ray.is_none());
    }

    #[test]
    fn visited_nodes_show_their_cell_unless_loose_bounds_are_asked_for() {
        let mut m = model();
        let res = FieldResults::compute(&mut m);
        let root = res.ray_visited[0];
        let (cell, loose) = m.field.tree().node_bounds(root).unwrap();
        assert_ne!(cell, loose);
        let visited = |pic: &Picture| {
            pic.cells
                .iter()
                .filter(|c| c.1 == CellStyle::RayVisited)
                .map(|c| c.0)
                .collect::<Vec<_>>()
        };
        let pic = build(&mut m, &res, everywhere(), opts());
        assert!(visited(&pic).contains(&cell) && !visited(&pic).contains(&loose));
        let loose_opts = PictureOptions {
            loose: true,
            ..opts()
        };
        let pic = build(&mut m, &res, everywhere(), loose_opts);
        assert!(visited(&pic).contains(&loose) && !visited(&pic).contains(&cell));
    }
}
