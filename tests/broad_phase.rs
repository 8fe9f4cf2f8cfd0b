//! The loose quadtree and the field queries return exactly what brute force
//! over all shapes returns, on random fields, also after moves and removals.

use proptest::prelude::*;
use satlab::broad::{Bounds, Field, TreeConfig};
use satlab::geom::*;

fn shape_strategy() -> impl Strategy<Value = Shape> {
    let pos = (-60.0f32..60.0, -60.0f32..60.0);
    (0u8..7, pos, -180.0f32..180.0, 0.05f32..4.0, 0.05f32..4.0).prop_map(
        |(k, (x, y), deg, s1, s2)| {
            let p = Vec2::new(x, y);
            let pose = Pose::new("shape", p, deg).unwrap();
            match k {
                0 => Shape::Circle(Circle::new(pose, s1).unwrap()),
                1 => Shape::Aabb(Aabb::new(Pose::at(p), Vec2::new(s1, s2)).unwrap()),
                2 => Shape::Obb(Obb::new(pose, Vec2::new(s1, s2)).unwrap()),
                3 => Shape::Capsule(Capsule::new(pose, s1, s2 * 0.5).unwrap()),
                4 => Shape::Sector(Sector::new(pose, s1 + 0.5, 10.0 + s2 * 40.0).unwrap()),
                5 => Shape::Polygon(Polygon::regular(pose, 3 + (s2 * 2.0) as usize, s1).unwrap()),
                _ => Shape::Segment(Segment::new(pose, s1).unwrap()),
            }
        },
    )
}

fn config(split: usize) -> TreeConfig {
    TreeConfig {
        root_half_size: 64.0,
        split_threshold: split,
        max_depth: 8,
        ..Default::default()
    }
}

fn overlaps(s: &Shape, q: &Bounds) -> bool {
    let (min, max) = s.bounds();
    Bounds::new(min, max).overlaps(q)
}

fn brute_ray_all(shapes: &[Shape], ray: &Ray2) -> Vec<(usize, f32)> {
    let mut v: Vec<(usize, f32)> = shapes
        .iter()
        .enumerate()
        .filter_map(|(i, s)| raycast(ray, s).map(|h| (i, h.t)))
        .collect();
    v.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn queries_match_brute_force(
        shapes in prop::collection::vec(shape_strategy(), 0..120),
        moves in prop::collection::vec((0usize..1000, shape_strategy()), 0..40),
        removals in prop::collection::vec(0usize..1000, 0..20),
        split in 1usize..10,
        q in ((-70.0f32..70.0, -70.0f32..70.0), (0.0f32..30.0, 0.0f32..30.0)),
        ray in ((-80.0f32..80.0, -80.0f32..80.0), -180.0f32..180.0, prop::option::of(1.0f32..150.0)),
        query_shape in shape_strategy(),
    ) {
        let mut field = Field::with_shapes(config(split), shapes.clone());
        let mut model = shapes;
        for (i, s) in moves {
            if !model.is_empty() {
                let i = i % model.len();
                field.set(i, s.clone());
                model[i] = s;
            }
        }
        for i in removals {
            if !model.is_empty() {
                let i = i % model.len();
                field.swap_remove(i);
                model.swap_remove(i);
            }
        }
        prop_assert_eq!(field.len(), model.len());

        // Bounds query.
        let ((x, y), (w, h)) = q;
        let qb = Bounds::new(Vec2::new(x, y), Vec2::new(x + w, y + h));
        let (got, _) = field.query_bounds(&qb);
        let want: Vec<usize> = (0..model.len()).filter(|&i| overlaps(&model[i], &qb)).collect();
        prop_assert_eq!(got, want);

        // Shape query: broad phase then the exact test.
        let (got, st) = field.query_shape(&query_shape);
        let want: Vec<usize> = (0..model.len()).filter(|&i| intersects(&query_shape, &model[i])).collect();
        prop_assert_eq!(&got, &want);
        prop_assert!(st.candidates as usize >= got.len());

        // Ray queries.
        let ((ox, oy), deg, len) = ray;
        let dir = Vec2::from_angle(deg.to_radians());
        let r = Ray2::new(Vec2::new(ox, oy), dir, len.unwrap_or(f32::INFINITY)).unwrap();
        let (all, _) = field.raycast_all(&r);
        let want = brute_ray_all(&model, &r);
        let got: Vec<(usize, f32)> = all.iter().map(|h| (h.index, h.hit.t)).collect();
        prop_assert_eq!(&got, &want);
        let (first, _) = field.raycast_first(&r);
        prop_assert_eq!(first.map(|h| (h.index, h.hit.t)), want.first().copied());
    }
}

#[test]
fn the_tree_prunes() {
    // A 100 x 100 grid of small circles; a short ray in one corner must not
    // visit most of the tree.
    let shapes = (0..10_000).map(|i| {
        let p = Vec2::new((i % 100) as f32 - 50.0, (i / 100) as f32 - 50.0);
        Shape::Circle(Circle::new(Pose::at(p), 0.3).unwrap())
    });
    let mut field = Field::with_shapes(config(8), shapes);
    let ray = Ray2::new(Vec2::new(-50.5, -50.0), Vec2::X, f32::INFINITY).unwrap();
    let (hit, st) = field.raycast_first(&ray);
    let hit = hit.expect("the ray runs along the first row");
    assert_eq!(hit.index, 0);
    assert!((hit.hit.t - 0.2).abs() < 1e-4);
    assert!(st.candidates < 50, "{st:?}");
    assert!(st.nodes_visited < 200, "{st:?}");
    let (all, st) = field.raycast_all(&ray);
    assert_eq!(all.len(), 100);
    assert!(st.candidates < 400, "{st:?}");
}
