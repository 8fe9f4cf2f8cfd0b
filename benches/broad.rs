//! The broad phase against brute force and rstar's R*-tree, on the same
//! random fields of 1,000, 10,000 and 100,000 shapes: build, first ray hit,
//! all ray hits, AABB query, and moving 1% of the shapes. Then every
//! overlapping pair in fields of 10,000 and 100,000 shapes (satlab's
//! self-join, rstar's tree-with-itself join, brute force), and what a layer
//! mask costs when it filters nothing.
//!
//! Run: `cargo bench --bench broad` (`-- pairs` or `-- mask` for the newer
//! groups). Results: PERFORMANCE.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rstar::{primitives::GeomWithData, primitives::Rectangle, RTree, SelectionFunction, AABB};
use satlab::broad::{
    Bounds, Field, Layer, LayerMask, LayerMatrix, LooseQuadtree, ShapeTags, TreeConfig,
};
use satlab::geom::*;
use std::hint::black_box;

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

/// Half the side of the square holding `n` shapes at constant density.
fn half_side(n: usize) -> f32 {
    (n as f32).sqrt() * 2.0
}

fn random_shape(rng: &mut Rng, h: f32) -> Shape {
    let p = Vec2::new(rng.range_f32(-h, h), rng.range_f32(-h, h));
    let pose = Pose::new(p, rng.range_f32(-180.0, 180.0)).expect("finite");
    let s = rng.range_f32(0.2, 1.0);
    match rng.below(4) as u32 {
        0 => Shape::Circle(Circle::new(pose, s).expect("valid")),
        1 => Shape::Obb(Obb::new(pose, Vec2::new(s, s * 0.6)).expect("valid")),
        2 => Shape::Capsule(Capsule::new(pose, s, s * 0.4).expect("valid")),
        _ => Shape::Polygon(Polygon::regular(pose, 6, s).expect("valid")),
    }
}

/// `count` rays (random origin and direction, length `h`), then `count`
/// 8 × 8 boxes, in the square `[-h, h]²`.
fn random_queries(rng: &mut Rng, h: f32, count: usize) -> (Vec<Ray2>, Vec<Bounds>) {
    let rays = (0..count)
        .map(|_| {
            let o = Vec2::new(rng.range_f32(-h, h), rng.range_f32(-h, h));
            let dir = Vec2::from_angle(rng.range_f32(0.0, std::f32::consts::TAU));
            Ray2::new(o, dir, h).expect("valid ray")
        })
        .collect();
    let boxes = (0..count)
        .map(|_| {
            let p = Vec2::new(rng.range_f32(-h, h), rng.range_f32(-h, h));
            Bounds::new(p, p + Vec2::splat(8.0))
        })
        .collect();
    (rays, boxes)
}

type Item = GeomWithData<Rectangle<[f32; 2]>, usize>;

fn rect(s: &Shape, i: usize) -> Item {
    let (lo, hi) = s.bounds();
    GeomWithData::new(Rectangle::from_corners([lo.x, lo.y], [hi.x, hi.y]), i)
}

/// rstar's ray query: unpack nodes and leaves whose boxes the ray meets.
struct RaySelect {
    origin: Vec2,
    inv: Vec2,
    max_t: f32,
}
impl RaySelect {
    fn hits(&self, e: &AABB<[f32; 2]>) -> bool {
        let (lo, hi) = (e.lower(), e.upper());
        Bounds::new(Vec2::new(lo[0], lo[1]), Vec2::new(hi[0], hi[1]))
            .ray_interval(self.origin, self.inv, self.max_t)
            .is_some()
    }
}
impl SelectionFunction<Item> for RaySelect {
    fn should_unpack_parent(&self, envelope: &AABB<[f32; 2]>) -> bool {
        self.hits(envelope)
    }
    fn should_unpack_leaf(&self, leaf: &Item) -> bool {
        use rstar::RTreeObject;
        self.hits(&leaf.envelope())
    }
}

/// One field of the query benches: its shapes (and as rstar items), the
/// field and the R*-tree over them, 16 rays and 16 boxes, and 1 % of the
/// shapes moved by up to half a unit.
struct QueryField {
    shapes: Vec<Shape>,
    items: Vec<Item>,
    field: Field,
    rtree: RTree<Item>,
    rays: Vec<Ray2>,
    boxes: Vec<Bounds>,
    moved: Vec<(usize, Shape)>,
}

impl QueryField {
    /// `n` random shapes at constant density, and the tree configuration.
    fn new(n: usize) -> (QueryField, TreeConfig) {
        let h = half_side(n);
        let mut rng = Rng(n as u64);
        let shapes: Vec<Shape> = (0..n).map(|_| random_shape(&mut rng, h)).collect();
        let config = TreeConfig {
            root_half_size: h * 1.05,
            ..TreeConfig::default()
        };
        let (rays, boxes) = random_queries(&mut rng, h, 16);
        let moved: Vec<(usize, Shape)> = (0..n / 100)
            .map(|_| {
                let i = rng.below(n);
                let mut s = shapes[i].clone();
                let p = s.pose().position()
                    + Vec2::new(rng.range_f32(-0.5, 0.5), rng.range_f32(-0.5, 0.5));
                s.set_position(p);
                (i, s)
            })
            .collect();
        let items: Vec<Item> = shapes.iter().enumerate().map(|(i, s)| rect(s, i)).collect();
        let field = Field::with_shapes(config, shapes.clone());
        let rtree = RTree::bulk_load(items.clone());
        let q = QueryField {
            shapes,
            items,
            field,
            rtree,
            rays,
            boxes,
            moved,
        };
        (q, config)
    }
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn bench(c: &mut Criterion) {
    for n in [1_000usize, 10_000, 100_000] {
        let (mut q, config) = QueryField::new(n);
        let mut g = c.benchmark_group(format!("broad/{n}"));
        g.sample_size(10);
        g.bench_function("build/satlab", |b| {
            b.iter(|| black_box(Field::with_shapes(config, q.shapes.iter().cloned())))
        });
        g.bench_function("build/rstar", |b| {
            b.iter(|| black_box(RTree::bulk_load(q.items.clone())))
        });
        ray_benches(&mut g, &mut q);
        box_and_move_benches(&mut g, &mut q);
        g.finish();
    }
}

/// The first ray hit and all ray hits: the field, rstar, brute force.
fn ray_benches(g: &mut Group, q: &mut QueryField) {
    let QueryField {
        shapes,
        field,
        rtree,
        rays,
        ..
    } = q;
    g.bench_function(BenchmarkId::new("ray_first", "satlab"), |b| {
        b.iter(|| {
            rays.iter()
                .map(|r| field.raycast_first(r).0.map_or(0, |h| h.index))
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("ray_first", "rstar"), |b| {
        b.iter(|| {
            (rays.iter())
                .map(|r| first_hit(rstar_hits(rtree, shapes, r)))
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("ray_first", "brute"), |b| {
        b.iter(|| {
            (rays.iter())
                .map(|r| first_hit(brute_hits(shapes, r)))
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("ray_all", "satlab"), |b| {
        b.iter(|| {
            rays.iter()
                .map(|r| field.raycast_all(r).0.len())
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("ray_all", "rstar"), |b| {
        b.iter(|| {
            (rays.iter())
                .map(|r| all_hits(rstar_hits(rtree, shapes, r)))
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("ray_all", "brute"), |b| {
        b.iter(|| {
            (rays.iter())
                .map(|r| all_hits(brute_hits(shapes, r)))
                .sum::<usize>()
        })
    });
}

/// `(t, index)` of every shape ray `r` hits among those whose boxes rstar
/// finds it crossing.
fn rstar_hits<'a>(
    rtree: &'a RTree<Item>,
    shapes: &'a [Shape],
    r: &'a Ray2,
) -> impl Iterator<Item = (f32, usize)> + 'a {
    let sel = RaySelect {
        origin: r.origin,
        inv: Vec2::ONE / r.dir,
        max_t: r.max_t,
    };
    (rtree.locate_with_selection_function(sel))
        .filter_map(|it| raycast(r, &shapes[it.data]).map(|h| (h.t, it.data)))
}

/// `(t, index)` of every shape ray `r` hits, testing them all.
fn brute_hits<'a>(shapes: &'a [Shape], r: &'a Ray2) -> impl Iterator<Item = (f32, usize)> + 'a {
    (shapes.iter().enumerate()).filter_map(|(i, s)| raycast(r, s).map(|h| (h.t, i)))
}

/// The index of the nearest hit (the least index on a tie), 0 for none.
fn first_hit(hits: impl Iterator<Item = (f32, usize)>) -> usize {
    hits.min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map_or(0, |x| x.1)
}

/// How many hits, after sorting them by `t` as the field lists them.
fn all_hits(hits: impl Iterator<Item = (f32, usize)>) -> usize {
    let mut v: Vec<(f32, usize)> = hits.collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    v.len()
}

/// The AABB query and moving 1 % of the shapes: the field, rstar.
fn box_and_move_benches(g: &mut Group, q: &mut QueryField) {
    let QueryField {
        items,
        field,
        rtree,
        boxes,
        moved,
        ..
    } = q;
    g.bench_function(BenchmarkId::new("aabb", "satlab"), |b| {
        b.iter(|| {
            boxes
                .iter()
                .map(|bx| field.query_bounds(bx).0.len())
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("aabb", "rstar"), |b| {
        b.iter(|| {
            boxes
                .iter()
                .map(|bx| {
                    let e = AABB::from_corners([bx.min.x, bx.min.y], [bx.max.x, bx.max.y]);
                    rtree.locate_in_envelope_intersecting(e).count()
                })
                .sum::<usize>()
        })
    });
    g.bench_function(BenchmarkId::new("move_1pct", "satlab"), |b| {
        b.iter_batched_ref(
            || field.clone(),
            |f| {
                for (i, s) in moved.iter() {
                    f.set(*i, s.clone());
                }
            },
            criterion::BatchSize::LargeInput,
        )
    });
    g.bench_function(BenchmarkId::new("move_1pct", "rstar"), |b| {
        b.iter_batched_ref(
            || (rtree.clone(), items.clone()),
            |(t, its)| {
                for (i, s) in moved.iter() {
                    t.remove(&its[*i]);
                    its[*i] = rect(s, *i);
                    t.insert(its[*i]);
                }
            },
            criterion::BatchSize::LargeInput,
        )
    });
}

fn bounds_of(s: &Shape) -> Bounds {
    let (lo, hi) = s.bounds();
    Bounds::new(lo, hi)
}

/// Every overlapping pair `(a, b)`, `a < b`, by brute force over rows
/// `rows` of the upper triangle: box test, then the exact test.
fn brute_pairs(shapes: &[Shape], boxes: &[Bounds], rows: std::ops::Range<usize>) -> usize {
    let mut n = 0;
    for i in rows {
        for j in i + 1..shapes.len() {
            if boxes[i].overlaps(&boxes[j]) && intersects(&shapes[i], &shapes[j]) {
                n += 1;
            }
        }
    }
    n
}

/// Every overlapping pair in fields of 10,000 and 100,000 shapes.
fn pairs(c: &mut Criterion) {
    for n in [10_000usize, 100_000] {
        // Sparser than the query fields (side 10·√N): a few percent of the
        // shapes overlap another.
        let h = half_side(n) * 2.5;
        let mut rng = Rng(0x5eed + n as u64);
        let shapes: Vec<Shape> = (0..n).map(|_| random_shape(&mut rng, h)).collect();
        let boxes: Vec<Bounds> = shapes.iter().map(bounds_of).collect();
        let config = TreeConfig {
            root_half_size: h * 1.05,
            ..TreeConfig::default()
        };
        let mut field = Field::with_shapes(config, shapes.iter().cloned());
        let items: Vec<Item> = shapes.iter().enumerate().map(|(i, s)| rect(s, i)).collect();
        let rtree = RTree::bulk_load(items);
        let (found, _) = field.overlapping_pairs(&LayerMatrix::ALL, false);
        let touched = {
            let mut t = vec![false; n];
            for p in &found {
                t[p.a] = true;
                t[p.b] = true;
            }
            t.iter().filter(|x| **x).count()
        };
        eprintln!(
            "pairs/{n}: {} overlapping pairs; {:.1}% of the shapes overlap another",
            found.len(),
            100.0 * touched as f64 / n as f64
        );

        let mut g = c.benchmark_group(format!("pairs/{n}"));
        g.sample_size(10);
        g.bench_function("satlab", |b| {
            b.iter(|| field.overlapping_pairs(&LayerMatrix::ALL, false).0.len())
        });
        g.bench_function("satlab_with_penetration", |b| {
            b.iter(|| field.overlapping_pairs(&LayerMatrix::ALL, true).0.len())
        });
        g.bench_function("rstar", |b| {
            b.iter(|| {
                let mut v: Vec<(usize, usize)> = rtree
                    .intersection_candidates_with_other_tree(&rtree)
                    .filter(|(x, y)| x.data < y.data)
                    .filter(|(x, y)| intersects(&shapes[x.data], &shapes[y.data]))
                    .map(|(x, y)| (x.data, y.data))
                    .collect();
                v.sort_unstable();
                v.len()
            })
        });
        // Brute force over all n² / 2 pairs at 10,000; at 100,000 over the
        // first 1,000 rows of the triangle (a sample: multiply by about
        // n / 2,000 = 50, see PERFORMANCE.md).
        let rows = if n <= 10_000 { 0..n } else { 0..1_000 };
        let name = if n <= 10_000 {
            "brute".to_string()
        } else {
            "brute_first_1000_rows".to_string()
        };
        if n > 10_000 {
            assert_eq!(
                brute_pairs(&shapes, &boxes, 0..1_000),
                found.iter().filter(|p| p.a < 1_000).count()
            );
        } else {
            assert_eq!(brute_pairs(&shapes, &boxes, 0..n), found.len());
        }
        g.bench_function(name, |b| {
            b.iter(|| brute_pairs(&shapes, &boxes, rows.clone()))
        });
        g.finish();
    }
}

/// Masked queries against the same traversal without any filter, on a tree
/// whose shapes spread over four layers, with a mask of those four layers
/// (it filters nothing).
fn mask(c: &mut Criterion) {
    let n = 100_000;
    let h = half_side(n);
    let mut rng = Rng(0xa5c + n as u64);
    let shapes: Vec<Shape> = (0..n).map(|_| random_shape(&mut rng, h)).collect();
    let layers: Vec<Layer> = (0..4).filter_map(Layer::new).collect();
    let mut tree = LooseQuadtree::new(TreeConfig {
        root_half_size: h * 1.05,
        ..TreeConfig::default()
    });
    for (i, s) in shapes.iter().enumerate() {
        tree.insert_tagged(bounds_of(s), ShapeTags::on(layers[i % 4]));
    }
    let four = LayerMask::of(layers.iter().copied());
    let (rays, boxes) = random_queries(&mut rng, h, 64);
    // Item ids are shape indices here: inserted in order, none removed.
    let ray_all = |tree: &mut LooseQuadtree, mask: Option<LayerMask>| {
        let mut hits = 0usize;
        for r in &rays {
            let mut f = |id: u32, _| hits += raycast(r, &shapes[id as usize]).is_some() as usize;
            match mask {
                None => tree.query_ray(r.origin, r.dir, r.max_t, &mut f),
                Some(m) => tree.query_ray_masked(r.origin, r.dir, r.max_t, m, &mut f),
            };
        }
        hits
    };
    let aabb = |tree: &mut LooseQuadtree, mask: Option<LayerMask>| {
        let mut k = 0usize;
        for q in &boxes {
            match mask {
                None => tree.query_bounds(q, |_, _| k += 1),
                Some(m) => tree.query_bounds_masked(q, m, |_, _| k += 1),
            };
        }
        k
    };
    assert_eq!(ray_all(&mut tree, None), ray_all(&mut tree, Some(four)));
    assert_eq!(aabb(&mut tree, None), aabb(&mut tree, Some(four)));
    // On a loaded machine criterion's runs of one after the other drift;
    // also time both interleaved, 300 passes each, and keep each one's
    // fastest pass.
    for (name, q) in [
        (
            "ray_all",
            &ray_all as &dyn Fn(&mut LooseQuadtree, Option<LayerMask>) -> usize,
        ),
        ("aabb", &aabb),
    ] {
        let (mut plain, mut masked) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..300 {
            let t = std::time::Instant::now();
            black_box(q(&mut tree, None));
            plain = plain.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            black_box(q(&mut tree, Some(four)));
            masked = masked.min(t.elapsed().as_secs_f64());
        }
        eprintln!(
            "mask/100000/{name} interleaved, fastest of 300: unfiltered {:.1} µs, masked {:.1} µs, ratio {:.3}",
            plain * 1e6,
            masked * 1e6,
            masked / plain
        );
    }
    let mut g = c.benchmark_group("mask/100000");
    g.sample_size(20);
    g.bench_function("ray_all/unfiltered", |b| {
        b.iter(|| ray_all(&mut tree, None))
    });
    g.bench_function("ray_all/masked", |b| {
        b.iter(|| ray_all(&mut tree, Some(four)))
    });
    g.bench_function("aabb/unfiltered", |b| b.iter(|| aabb(&mut tree, None)));
    g.bench_function("aabb/masked", |b| b.iter(|| aabb(&mut tree, Some(four))));
    g.finish();
}

criterion_group!(benches, bench, pairs, mask);
criterion_main!(benches);
