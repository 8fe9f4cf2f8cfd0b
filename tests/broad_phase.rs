//! The loose quadtree and the field queries return exactly what brute force
//! over all shapes returns, on random fields, also after moves and removals;
//! with layers, flags, masks and the collision matrix too, and every
//! overlapping pair against all n² pairs.

use proptest::prelude::*;
use satlab::broad::{
    Bounds, Field, FieldStats, Layer, LayerMask, LayerMatrix, ShapeTags, TreeConfig,
};
use satlab::geom::*;

fn shape_strategy() -> impl Strategy<Value = Shape> {
    let pos = (-60.0f32..60.0, -60.0f32..60.0);
    (0u8..7, pos, -180.0f32..180.0, 0.05f32..4.0, 0.05f32..4.0).prop_map(
        |(k, (x, y), deg, s1, s2)| {
            let p = Vec2::new(x, y);
            let pose = Pose::new(p, deg).unwrap();
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

fn tags_strategy() -> impl Strategy<Value = ShapeTags> {
    (
        0usize..5,
        prop::bool::weighted(0.85),
        prop::bool::weighted(0.85),
    )
        .prop_map(|(l, active, enabled)| ShapeTags {
            layer: Layer::new(l).unwrap(),
            active,
            enabled,
        })
}

/// A symmetric matrix over layers 0..5 from 15 bits (one per unordered pair).
fn matrix_of(bits: u16) -> LayerMatrix {
    let mut m = LayerMatrix::NONE;
    let mut k = 0;
    for a in 0..5 {
        for b in a..5 {
            m.set(
                Layer::new(a).unwrap(),
                Layer::new(b).unwrap(),
                bits >> k & 1 == 1,
            );
            k += 1;
        }
    }
    m
}

/// The shapes a masked query may see.
fn seen(tags: &[ShapeTags], mask: LayerMask) -> impl Fn(usize) -> bool + '_ {
    move |i| tags[i].usable() && mask.contains(tags[i].layer)
}

/// The counters partition what the boxes let through.
fn counters_add_up(st: &FieldStats, got: usize) -> bool {
    st.hits as usize == got && st.candidates >= st.hits
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn masked_queries_and_pairs_match_brute_force(
        shapes in prop::collection::vec((shape_strategy(), tags_strategy()), 0..100),
        moves in prop::collection::vec((0usize..1000, shape_strategy()), 0..30),
        retags in prop::collection::vec((0usize..1000, tags_strategy()), 0..30),
        removals in prop::collection::vec(0usize..1000, 0..15),
        split in 1usize..10,
        mask in 0u32..32,
        matrix_bits in 0u16..(1 << 15),
        q in ((-70.0f32..70.0, -70.0f32..70.0), (0.0f32..30.0, 0.0f32..30.0)),
        ray in ((-80.0f32..80.0, -80.0f32..80.0), -180.0f32..180.0, prop::option::of(1.0f32..150.0)),
        query_shape in shape_strategy(),
    ) {
        let mut field = Field::with_tagged_shapes(config(split), shapes.clone());
        let (mut model, mut tags): (Vec<Shape>, Vec<ShapeTags>) = shapes.into_iter().unzip();
        for ((i, s), (k, t)) in moves.into_iter().zip(retags) {
            if !model.is_empty() {
                let i = i % model.len();
                field.set(i, s.clone());
                model[i] = s;
                let k = k % model.len();
                field.set_tags(k, t);
                tags[k] = t;
            }
        }
        for i in removals {
            if !model.is_empty() {
                let i = i % model.len();
                field.swap_remove(i);
                model.swap_remove(i);
                tags.swap_remove(i);
            }
        }
        prop_assert_eq!(field.tags(), &tags[..]);
        let mask = LayerMask(mask);
        let ok = seen(&tags, mask);

        let ((x, y), (w, h)) = q;
        let qb = Bounds::new(Vec2::new(x, y), Vec2::new(x + w, y + h));
        let (got, st) = field.query_bounds_masked(&qb, mask);
        let want: Vec<usize> = (0..model.len()).filter(|&i| ok(i) && overlaps(&model[i], &qb)).collect();
        prop_assert_eq!(&got, &want);
        prop_assert!(counters_add_up(&st, got.len()));
        // Every box that meets the query is counted once: seen, or filtered.
        let boxes = (0..model.len()).filter(|&i| overlaps(&model[i], &qb)).count();
        prop_assert!(st.candidates + st.filtered_by_flag + st.filtered_by_layer <= boxes as u32);
        let all = field.shapes_in_bounds(&qb);
        let want_all: Vec<usize> = (0..model.len()).filter(|&i| overlaps(&model[i], &qb)).collect();
        prop_assert_eq!(all, want_all);

        let (got, st) = field.query_shape_masked(&query_shape, mask);
        let want: Vec<usize> = (0..model.len()).filter(|&i| ok(i) && intersects(&query_shape, &model[i])).collect();
        prop_assert_eq!(&got, &want);
        prop_assert!(counters_add_up(&st, got.len()));

        let ((ox, oy), deg, len) = ray;
        let r = Ray2::new(Vec2::new(ox, oy), Vec2::from_angle(deg.to_radians()), len.unwrap_or(f32::INFINITY)).unwrap();
        let (all, _) = field.raycast_all_masked(&r, mask);
        let want: Vec<(usize, f32)> = brute_ray_all(&model, &r).into_iter().filter(|&(i, _)| ok(i)).collect();
        let got: Vec<(usize, f32)> = all.iter().map(|h| (h.index, h.hit.t)).collect();
        prop_assert_eq!(&got, &want);
        let (first, _) = field.raycast_first_masked(&r, mask);
        prop_assert_eq!(first.map(|h| (h.index, h.hit.t)), want.first().copied());

        // Every overlapping pair, against all n² pairs.
        let matrix = matrix_of(matrix_bits);
        let (pairs, st) = field.overlapping_pairs(&matrix, true);
        let mut want = Vec::new();
        for a in 0..model.len() {
            for b in a + 1..model.len() {
                if tags[a].usable() && tags[b].usable()
                    && matrix.collides(tags[a].layer, tags[b].layer)
                    && intersects(&model[a], &model[b])
                {
                    want.push((a, b));
                }
            }
        }
        let got: Vec<(usize, usize)> = pairs.iter().map(|p| (p.a, p.b)).collect();
        prop_assert_eq!(&got, &want);
        prop_assert!(counters_add_up(&st, got.len()));
        for p in &pairs {
            prop_assert_eq!(p.penetration.map(|x| x.depth), penetration(&model[p.a], &model[p.b]).map(|x| x.depth));
        }
        // Box-overlapping pairs split into candidates and the two filters.
        let mut box_pairs = 0u32;
        for a in 0..model.len() {
            for b in a + 1..model.len() {
                let (ba, bb) = (model[a].bounds(), model[b].bounds());
                if Bounds::new(ba.0, ba.1).overlaps(&Bounds::new(bb.0, bb.1)) {
                    box_pairs += 1;
                }
            }
        }
        prop_assert!(st.candidates + st.filtered_by_layer + st.filtered_by_flag <= box_pairs);
        // The unmasked forms are the mask of every layer.
        let (a, _) = field.query_shape(&query_shape);
        let (b, _) = field.query_shape_masked(&query_shape, LayerMask::ALL);
        prop_assert_eq!(a, b);
    }

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

/// Layers and flags on a field large enough to split: filtered shapes are
/// counted apart, whole subtrees of another layer are skipped, and the pair
/// counters count each box-overlapping pair once.
#[test]
fn layers_prune_subtrees_and_counters_say_why() {
    // Two 20 x 20 grids of discs: layer 1 on the left (x < 0), layer 2 on the
    // right; every tenth disc on the left inactive.
    let (l1, l2) = (Layer::new(1).unwrap(), Layer::new(2).unwrap());
    let mut shapes = Vec::new();
    for side in [-1.0f32, 1.0] {
        for i in 0..400 {
            let p = Vec2::new(side * (2.0 + (i % 20) as f32), (i / 20) as f32);
            let mut t = ShapeTags::on(if side < 0.0 { l1 } else { l2 });
            t.active = !(side < 0.0 && i % 10 == 0);
            shapes.push((Shape::Circle(Circle::new(Pose::at(p), 0.3).unwrap()), t));
        }
    }
    let mut field = Field::with_tagged_shapes(config(8), shapes);
    // A ray along the row y = 0 from the far left through both halves.
    let ray = Ray2::new(Vec2::new(-30.0, 0.0), Vec2::X, f32::INFINITY).unwrap();
    let (all, st) = field.raycast_all_masked(&ray, LayerMask::of([l2]));
    assert_eq!(all.len(), 20);
    assert!(all.iter().all(|h| h.index >= 400));
    assert_eq!(st.hits, 20);
    let (_, unmasked) = field.raycast_all(&ray);
    assert_eq!(unmasked.hits, 38, "{unmasked:?}"); // two of the left row are inactive
                                                   // The two inactive discs are filtered, or skipped with a subtree that
                                                   // holds no usable shape; never sent to the exact test.
    assert!(unmasked.filtered_by_flag <= 2, "{unmasked:?}");
    assert_eq!(unmasked.candidates, 38, "{unmasked:?}");
    assert!(
        st.nodes_visited < unmasked.nodes_visited,
        "{st:?} {unmasked:?}"
    );
    // The first hit on layer 2 is past every layer-1 disc.
    let (first, _) = field.raycast_first_masked(&ray, LayerMask::of([l2]));
    assert_eq!(first.map(|h| h.index), Some(400));
    // The grids are 1 apart with radius 0.3: no pairs; grow every disc.
    for i in 0..field.len() {
        let p = field.shapes()[i].pose().position();
        field.set(i, Shape::Circle(Circle::new(Pose::at(p), 0.5).unwrap()));
    }
    // Touching neighbours: 19 per row and column on each side, 2 x 2 x 20 x 19.
    let (pairs, st) = field.overlapping_pairs(&LayerMatrix::ALL, false);
    let inactive_pairs = pairs
        .iter()
        .filter(|p| !field.tags()[p.a].usable() || !field.tags()[p.b].usable())
        .count();
    assert_eq!(inactive_pairs, 0);
    // The inactive discs fill columns 0 and 10 of the left grid: lost are
    // 19 + 19 vertical pairs inside those columns and 20 + 2 x 20 horizontal
    // pairs beside them.
    let lost: u32 = 19 + 19 + 20 + 40;
    assert_eq!(pairs.len() as u32, 2 * 2 * 20 * 19 - lost);
    assert_eq!(st.hits as usize, pairs.len());
    // Box pairs with an inactive disc (boxes of neighbours on a diagonal
    // touch too): column 0 has 19 inside, 20 + 2 x 19 with column 1; column
    // 10 has 19 inside, 2 x (20 + 2 x 19) with columns 9 and 11: 212 at
    // most (fewer when a subtree is skipped whole).
    assert!(
        st.filtered_by_flag > 0 && st.filtered_by_flag <= 212,
        "{st:?}"
    );
    let mut only_right = LayerMatrix::NONE;
    only_right.set(l2, l2, true);
    let (right, st_right) = field.overlapping_pairs(&only_right, false);
    assert_eq!(right.len(), 2 * 20 * 19);
    assert!(right.iter().all(|p| p.a >= 400));
    assert_eq!(st_right.hits as usize, right.len());
    // Pairs of layer-1 discs are dropped before the exact test: only the
    // right grid's box pairs are candidates.
    assert!(st_right.filtered_by_layer > 0, "{st_right:?}");
    assert!(st_right.candidates < st.candidates, "{st_right:?} {st:?}");
    assert!(right.iter().all(|p| p.b >= 400));
}
