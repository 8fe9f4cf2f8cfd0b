//! What field mode draws, as plain data: the visible shapes with their
//! style (plain, broad-phase candidate, narrow-phase hit), the tree's cells
//! (and the nodes the queries visited), the ray and its hit markers. Pure,
//! so tests can inspect it without a window.

use crate::app::field::model::{FieldModel, FieldResults};
use glam::Vec2;
use satlab::broad::Bounds;
use satlab::geom::{distance, Point, Shape};

/// How a shape is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ShapeStyle {
    /// Inactive or disabled: no query sees it (drawn dashed).
    Unusable,
    /// Every query there is leaves its layer out (drawn faded).
    Filtered,
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

/// An overlapping pair to draw: a line across the overlap and the MTV
/// arrow at the second shape's end of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairMark {
    /// The point of the first shape nearest the second's position (that
    /// position itself when it lies inside the first), world.
    pub a: Vec2,
    /// The point of the second shape nearest the first's position, world.
    /// So a shape in several pairs gives each its own line, where lines
    /// from centre to centre would lie on top of each other.
    pub b: Vec2,
    /// The translation that separates them, applied to the second, if defined.
    pub mtv: Option<Vec2>,
}

/// Most pairs drawn (the listed ones, [`super::model::PAIRS_SHOWN`], are
/// in the table; all are counted).
pub const MAX_PAIRS_DRAWN: usize = 4096;

/// Shape numbers (the tables' numbers) are drawn while at most this many
/// shapes are in view.
pub const MAX_NUMBERS_DRAWN: usize = 200;

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
    /// Overlapping pairs with a shape in view (at most [`MAX_PAIRS_DRAWN`]).
    pub pairs: Vec<PairMark>,
    /// Each shape's number (its index, as the tables give it) and where it
    /// is written (the centre of its bounds, or its position when
    /// unbounded), world; none when more than [`MAX_NUMBERS_DRAWN`] shapes
    /// are in view.
    pub numbers: Vec<(usize, Vec2)>,
    /// Visible shapes that every query leaves out by layer.
    pub filtered: usize,
    /// Visible shapes that are inactive or disabled.
    pub unusable: usize,
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
    cells(m, res, visible, opts, &mut pic.cells);
    let mut hit_ids: Vec<usize> = res.hits.iter().map(|h| h.index).collect();
    hit_ids.extend(&res.query_hits);
    hit_ids.sort_unstable();
    let mut cand_ids: Vec<usize> = res.ray_candidates.clone();
    cand_ids.extend(&res.query_candidates);
    cand_ids.sort_unstable();
    // Every shape in view, inactive and disabled ones included.
    let visible_ids = m.field.shapes_in_bounds(&visible);
    // The masks of the queries there are: a shape on a layer none of them
    // sees is filtered out.
    let seen = [
        m.ray.as_ref().map(|_| m.ray_mask()),
        m.query.as_ref().map(|_| m.query_mask()),
    ];
    let any_query = seen.iter().any(Option::is_some);
    let tags = m.field.tags();
    pic.shapes = visible_ids
        .iter()
        .map(|&i| {
            let t = tags.get(i).copied().unwrap_or_default();
            let masked = any_query && !seen.iter().flatten().any(|mk| mk.contains(t.layer));
            // A shape the queries cannot see is drawn as such even where
            // its box met a query's: the broad phase left it out.
            let style = if hit_ids.binary_search(&i).is_ok() {
                ShapeStyle::Hit
            } else if !t.usable() {
                ShapeStyle::Unusable
            } else if masked {
                ShapeStyle::Filtered
            } else if cand_ids.binary_search(&i).is_ok() {
                ShapeStyle::Candidate
            } else {
                ShapeStyle::Plain
            };
            (i, style)
        })
        .collect();
    pic.shapes.sort_by_key(|&(_, s)| s);
    pic.filtered = pic
        .shapes
        .iter()
        .filter(|s| s.1 == ShapeStyle::Filtered)
        .count();
    pic.unusable = pic
        .shapes
        .iter()
        .filter(|s| s.1 == ShapeStyle::Unusable)
        .count();
    pairs(m, res, &visible_ids, &mut pic.pairs);
    if visible_ids.len() <= MAX_NUMBERS_DRAWN {
        let shapes = m.field.shapes();
        pic.numbers = visible_ids
            .iter()
            .filter_map(|&i| {
                let s = shapes.get(i)?;
                let (lo, hi) = s.bounds();
                let at = if lo.is_finite() && hi.is_finite() {
                    (lo + hi) * 0.5
                } else {
                    s.pose().position()
                };
                Some((i, at))
            })
            .collect();
    }
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

/// The tree's cells (or loose bounds) in view, then the nodes each query
/// visited.
fn cells(
    m: &FieldModel,
    res: &FieldResults,
    visible: Bounds,
    opts: PictureOptions,
    out: &mut Vec<(Bounds, CellStyle)>,
) {
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
                out.push((b, style));
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
                    out.push((b, style));
                }
            }
        }
    }
}

/// The pairs with a shape among `visible` (increasing, as
/// `shapes_in_bounds` gives them), at most [`MAX_PAIRS_DRAWN`].
fn pairs(m: &FieldModel, res: &FieldResults, visible: &[usize], out: &mut Vec<PairMark>) {
    let shapes = m.field.shapes();
    let seen = |i: usize| visible.binary_search(&i).is_ok();
    let marks = res
        .pairs
        .pairs
        .iter()
        .filter(|p| seen(p.a) || seen(p.b))
        .filter_map(|p| {
            let (a, b) = (shapes.get(p.a)?, shapes.get(p.b)?);
            Some(PairMark {
                a: nearest_on(a, b.pose().position()),
                b: nearest_on(b, a.pose().position()),
                mtv: p.penetration.map(|q| q.mtv),
            })
        })
        .take(MAX_PAIRS_DRAWN);
    out.extend(marks);
}

/// The point of `s` nearest `p` (`p` when inside), world; `s`'s position
/// when `p` is not a valid point.
fn nearest_on(s: &Shape, p: Vec2) -> Vec2 {
    match Point::new(p) {
        Ok(q) => distance(&Shape::Point(q), s).point_b,
        Err(_) => s.pose().position(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{Aabb, Circle, Pose, Ray};
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
    fn shapes_are_numbered_and_pairs_sharing_a_shape_get_lines_of_their_own() {
        let disc =
            |x: f32, r: f32| Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.0)), r).unwrap());
        // A large disc overlapped by two small ones on one line from its
        // centre: centre-to-centre lines would lie on top of each other.
        let sc = FieldScene {
            name: "t".into(),
            notes: String::new(),
            shapes: vec![disc(0.0, 5.0), disc(2.0, 0.5), disc(4.0, 0.5)],
            ray: None,
            query: None,
            view: None,
            expect: None,
            layers: Default::default(),
        };
        let mut m = FieldModel::from_scene(&sc);
        let res = FieldResults::compute(&mut m, true);
        let pic = build(&mut m, &res, everywhere(), opts());
        let mut numbers = pic.numbers.clone();
        numbers.sort_by_key(|n| n.0);
        assert_eq!(
            numbers,
            vec![
                (0, Vec2::ZERO),
                (1, Vec2::new(2.0, 0.0)),
                (2, Vec2::new(4.0, 0.0))
            ]
        );
        assert_eq!(pic.pairs.len(), 2);
        let span = |p: &PairMark| {
            let (lo, hi) = (p.a.x.min(p.b.x), p.a.x.max(p.b.x));
            assert!(p.a.y.abs() < 1e-4 && p.b.y.abs() < 1e-4, "{p:?}");
            (lo, hi)
        };
        let (l0, h0) = span(&pic.pairs[0]);
        let (l1, h1) = span(&pic.pairs[1]);
        assert!(
            h0.min(h1) - l0.max(l1) < 1e-4,
            "the lines overlap: {:?} {:?}",
            pic.pairs[0],
            pic.pairs[1]
        );
        // Each line lies across its own overlap, inside both shapes.
        for p in &pic.pairs {
            let (lo, hi) = span(p);
            assert!(hi - lo <= 1.0 + 1e-4, "{p:?}");
        }
    }

    #[test]
    fn a_ray_through_three_boxes_marks_three_hits_in_order() {
        let mut m = model();
        let res = FieldResults::compute(&mut m, true);
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
        let res = FieldResults::compute(&mut m, true);
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
        let res = FieldResults::compute(&mut m, true);
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
        let res = FieldResults::compute(&mut m, true);
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
        let res = FieldResults::compute(&mut m, true);
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
        let res = FieldResults::compute(&mut m, true);
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

    fn scene(name: &str) -> FieldModel {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/07-broad-phase")
            .join(name);
        match satlab::scene::load_any(&p).unwrap() {
            satlab::scene::AnyScene::Field(f) => FieldModel::from_scene(&f),
            other => panic!("not a field scene: {other:?}"),
        }
    }

    fn styles(pic: &Picture, style: ShapeStyle) -> Vec<usize> {
        let mut v: Vec<usize> = pic
            .shapes
            .iter()
            .filter(|s| s.1 == style)
            .map(|s| s.0)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn inactive_and_disabled_shapes_are_drawn_and_counted_apart() {
        let mut m = scene("10-inactive-and-disabled-targets.json");
        let res = FieldResults::compute(&mut m, true);
        let pic = build(&mut m, &res, everywhere(), opts());
        let unusable: Vec<usize> = (0..m.field.len())
            .filter(|&i| !m.field.tags()[i].usable())
            .collect();
        assert_eq!(unusable.len(), 2);
        assert_eq!(styles(&pic, ShapeStyle::Unusable), unusable);
        assert_eq!(pic.unusable, 2);
        assert_eq!(pic.shapes.len(), m.field.len(), "every shape is drawn");
    }

    #[test]
    fn shapes_the_query_mask_leaves_out_are_faded_not_candidates() {
        let mut m = scene("11-sector-attack-hits-only-enemies.json");
        let res = FieldResults::compute(&mut m, true);
        let pic = build(&mut m, &res, everywhere(), opts());
        let mask = m.query_mask();
        let tags = m.field.tags().to_vec();
        let outside: Vec<usize> = (0..tags.len())
            .filter(|&i| tags[i].usable() && !mask.contains(tags[i].layer))
            .collect();
        assert!(!outside.is_empty());
        assert_eq!(styles(&pic, ShapeStyle::Filtered), outside);
        assert_eq!(pic.filtered, outside.len());
        for &i in &res.query_hits {
            assert!(
                mask.contains(tags[i].layer),
                "hit {i} is on a layer the mask sees"
            );
        }
        assert_eq!(res.query_depths.len(), res.query_hits.len());
        assert!(res.query_depths.iter().all(|d| d.is_some_and(|d| d >= 0.0)));
    }

    #[test]
    fn every_pair_the_matrix_allows_is_listed_and_drawn() {
        let mut m = scene("12-layer-matrix-pairs.json");
        let res = FieldResults::compute(&mut m, true);
        let pic = build(&mut m, &res, everywhere(), opts());
        let run = satlab::scene::run_field(&m.to_scene(None));
        let (want, _) = run.pairs.expect("the scene has layers");
        assert_eq!(res.pairs, want);
        assert!(!want.pairs.is_empty() && want.is_complete());
        assert_eq!(pic.pairs.len(), want.pairs.len());
        assert!(pic.pairs.iter().all(|p| p.mtv.is_some()));
        // Without pairs asked for, none are found or drawn.
        let res = FieldResults::compute(&mut m, false);
        assert!(build(&mut m, &res, everywhere(), opts()).pairs.is_empty());
    }
}
