//! A brute-force oracle for what parry lacks: every ordered pair that has a
//! sector (every half-angle, the non-convex ones above 90° and the disc at
//! 180° included), a ray (bounded and unbounded), a line or a point on
//! either side, against every kind; and ray casts against every kind.
//!
//! The oracle (`common`) is written in f64 without the library's geometry:
//! for convex pieces, max over unit directions d of (min_B b·d − max_A a·d),
//! sampled on 720 directions plus the exact directions where an unbounded
//! piece's support becomes finite, each local maximum refined by a finer
//! sampling and a golden-section search, is the distance when positive and
//! minus the penetration depth when negative. A sector wider than 90° is the
//! union of its two halves (distance = the least over the halves). Ray casts
//! are checked against sphere tracing on exact point distances.
//!
//! Tolerances as in `parry_diff.rs`: 1e-4 relative with an absolute floor of
//! 1e-5 (about 10 f32 ulps at the 10-unit coordinates used); poses whose
//! oracle distance lies within the floor of the 1e-4 contact tolerance are
//! skipped and counted.

use crate::common;
use crate::kit;

use common::*;
use kit::{every_kind, run_row, Seeds};
use satlab::geom::{distance, intersects, penetration, raycast, Ray2, Shape, ShapeKind, Vec2};

const POSES: usize = 2_000;
const FLOOR: f64 = 1e-5;
const REL: f64 = 1e-4;

fn close(x: f64, r: f64) -> bool {
    (x - r).abs() <= (REL * r.abs()).max(FLOOR)
}

/// The kinds parry2d lacks (`parry_diff.rs` compares the others); a new
/// kind does not compile until it is placed on one side.
fn lacking(k: ShapeKind) -> bool {
    match k {
        ShapeKind::Sector | ShapeKind::Ray | ShapeKind::Line | ShapeKind::Point => true,
        ShapeKind::Segment
        | ShapeKind::Circle
        | ShapeKind::Aabb
        | ShapeKind::Obb
        | ShapeKind::Capsule
        | ShapeKind::Polygon => false,
    }
}

fn unbounded(l: &Local) -> bool {
    matches!(l, Local::Line | Local::Ray(None))
}

fn convex(l: &Local) -> bool {
    match l {
        Local::Sector(_, h) => *h <= 90.0 || *h >= 180.0,
        _ => true,
    }
}

/// Every pair with `ka` on the A side whose partner makes it a pair parry lacks.
fn row(ka: ShapeKind) {
    let seeds = Seeds {
        base: 0x0AC1E,
        stride: 97,
    };
    run_row("oracle", seeds, ka, KINDS, |ka, kb, seed, fails| {
        if lacking(ka) || lacking(kb) {
            pair(ka, kb, seed, fails);
        }
    });
}

/// One pair on `POSES` poses against the oracle.
fn pair(ka: ShapeKind, kb: ShapeKind, seed: u64, fails: &mut Failures) {
    let sep = |a: &Shape, b: &Shape| !intersects(a, b);
    let mut rng = Rng(seed);
    let (mut skipped, mut hits, mut near) = (0usize, 0usize, 0usize);
    for i in 0..POSES {
        let (mut a, mut b) = placed_pair(ka, kb, &mut rng, &sep);
        // Parallel lines and rays do not come up by chance: force some.
        // Angles on a 1/4° grid, so that both f32 poses are exactly
        // parallel (a and a + 180° round to negated unit vectors).
        if unbounded_or_line(&a.local) && unbounded_or_line(&b.local) && rng.chance(0.3) {
            let deg = (a.deg * 4.0).round() / 4.0;
            a = build(&a.local, a.pos, deg);
            let deg_b = deg + if rng.chance(0.5) { 0.0 } else { 180.0 };
            let off = rng.unit() * rng.range(0.0, 2.0);
            let off = a.pos + off;
            b = build(&b.local, off, deg_b);
        }
        let t = truth(&a.spec, &b.spec);
        if (t.distance - TOL).abs() <= FLOOR {
            skipped += 1;
            continue;
        }
        let hit = intersects(&a.shape, &b.shape);
        let d = distance(&a.shape, &b.shape);
        let pen = penetration(&a.shape, &b.shape);
        let what = || {
            format!(
                "{}-{} #{i}: oracle d={:e} depth={:e}; satlab hit={hit} {d:?} pen={pen:?}\n  a={:?}\n  b={:?}",
                ka.name(),
                kb.name(),
                t.distance,
                t.depth,
                a.shape,
                b.shape
            )
        };
        let expect_hit = t.distance <= TOL;
        if t.distance < 1e-3 {
            near += 1;
        }
        fails.check(hit == expect_hit, || format!("verdict: {}", what()));
        let dd = d.distance as f64;
        if expect_hit {
            hits += 1;
            fails.check(dd == 0.0, || format!("distance not 0: {}", what()));
        } else {
            fails.check(close(dd, t.distance), || format!("distance: {}", what()));
            // The closest points lie on their shapes, |pb - pa| apart.
            let (pa, pb) = (V::from(d.point_a), V::from(d.point_b));
            let on = |p: V, s: &Spec| point_distance(p, s) <= (REL * dd).max(FLOOR);
            fails.check(on(pa, &a.spec) && on(pb, &b.spec), || {
                format!("closest points not on the shapes: {}", what())
            });
            fails.check(close((pb - pa).len(), dd), || {
                format!("closest points not at the distance: {}", what())
            });
        }
        let has_pen = expect_hit
            && !unbounded(&a.local)
            && !unbounded(&b.local)
            && convex(&a.local)
            && convex(&b.local);
        match pen {
            Some(p) if has_pen => {
                fails.check(close(p.depth as f64, t.depth), || {
                    format!("depth: {}", what())
                });
            }
            None if !has_pen => {}
            _ => fails.check(false, || format!("penetration presence: {}", what())),
        }
    }
    eprintln!(
        "{}-{}: {POSES} poses, {hits} intersecting, {near} within 1e-3 of touching, {skipped} skipped in the band",
        ka.name(),
        kb.name()
    );
    fails.check(skipped * 10 < POSES, || {
        format!("{}-{}: {skipped} skipped", ka.name(), kb.name())
    });
}

fn unbounded_or_line(l: &Local) -> bool {
    matches!(l, Local::Line | Local::Ray(_))
}

every_kind! {
    ShapeKind => row;
    not: [];
    oracle_point_row: Point,
    oracle_segment_row: Segment,
    oracle_ray_row: Ray,
    oracle_line_row: Line,
    oracle_circle_row: Circle,
    oracle_aabb_row: Aabb,
    oracle_obb_row: Obb,
    oracle_capsule_row: Capsule,
    oracle_sector_row: Sector,
    oracle_polygon_row: Polygon,
}

/// Ray casts against every kind, 3,000 rays each, against sphere tracing.
///
/// Conventions checked: a ray starting inside an area (or on a shape) hits
/// at t = 0; otherwise t is the first parameter where the ray touches the
/// closed shape. For areas, t agrees with the traced hit to 1e-4 relative
/// (floor 1e-5). Shapes without area (point, segment, ray, line) may be hit
/// anywhere the ray is within the 1e-4 contact tolerance, so t must lie
/// between the first point within 1e-4 and the exact hit. Rays whose least
/// distance to the shape is in (0, 2e-4] graze it: either answer is right,
/// and they are skipped and counted. The normal is a unit vector facing the
/// ray, and for areas a step of 1e-3 along it leaves the shape.
#[test]
fn raycasts_against_every_kind() {
    let mut fails = Failures::new("ray casts");
    const FAR: f64 = 1e4;
    for (k, kind) in KINDS.iter().copied().enumerate() {
        let mut rng = Rng(0x4A7 + k as u64);
        let (mut hits, mut skipped, mut inside) = (0usize, 0usize, 0usize);
        for i in 0..3_000 {
            let at = V::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            let s = random_sample(kind, &mut rng, at);
            let (o, dir, max_t) = random_ray(&mut rng, &s);
            let Some(ray) = Ray2::new(o.to32(), dir.to32(), max_t as f32) else {
                fails.check(false, || format!("{}: ray {i} rejected", kind.name()));
                continue;
            };
            // The oracle traces the ray as the library stores it.
            let (o, dir) = (V::from(ray.origin), V::from(ray.dir));
            let dir = dir * (1.0 / dir.len());
            let limit = max_t.min(FAR);
            // "Exact" for shapes without area allows the f32 rounding of the
            // ray (a ray aimed at a point passes within ~1e-6 of it).
            let area = has_area(&s.spec);
            let (exact, least) = trace(o, dir, limit, &s.spec, if area { 1e-9 } else { FLOOR });
            let (loose, _) = trace(o, dir, limit, &s.spec, TOL);
            let got = raycast(&ray, &s.shape);
            let what = || {
                format!(
                    "{} #{i}: ray {ray:?}; oracle exact {exact:?} loose {loose:?} least {least:e}; satlab {got:?}\n  shape={:?}",
                    kind.name(),
                    s.shape
                )
            };
            if exact.is_none() && least <= 2.0 * TOL {
                skipped += 1;
                continue;
            }
            if let Some(h) = got {
                if h.t as f64 > FAR {
                    skipped += 1;
                    continue;
                }
            }
            match (exact, got) {
                (None, None) => {}
                (None, Some(_)) => fails.check(false, || format!("hit, oracle misses: {}", what())),
                (Some(_), None) => fails.check(false, || format!("miss, oracle hits: {}", what())),
                (Some(te), Some(h)) => {
                    hits += 1;
                    let t = h.t as f64;
                    if te == 0.0 {
                        inside += 1;
                    }
                    let ok_t = if area {
                        close(t, te)
                    } else {
                        // In the first stretch of the ray that lies within the
                        // contact tolerance: not before it starts, and every
                        // point from its start up to t within the tolerance.
                        let lo = loose.unwrap_or(te);
                        t >= lo - (REL * lo).max(FLOOR)
                            && (0..=64).all(|k| {
                                let x = lo + (t - lo).max(0.0) * k as f64 / 64.0;
                                point_distance(o + dir * x, &s.spec) <= TOL + FLOOR
                            })
                    };
                    fails.check(ok_t, || format!("t: {}", what()));
                    let p = V::from(h.point);
                    fails.check((p - (o + dir * t)).len() <= (REL * t).max(FLOOR), || {
                        format!("point not on the ray: {}", what())
                    });
                    let n = V::from(h.normal);
                    fails.check((n.len() - 1.0).abs() <= 1e-5 && n.dot(dir) <= 1e-5, || {
                        format!("normal not a unit vector facing the ray: {}", what())
                    });
                    if area && te > 0.0 {
                        fails.check(point_distance(p + n * 1e-3, &s.spec) > 1e-4, || {
                            format!("normal does not point out: {}", what())
                        });
                    }
                    if te == 0.0 && area {
                        fails.check(t == 0.0, || format!("inside but t > 0: {}", what()));
                    }
                }
            }
        }
        eprintln!(
            "ray casts vs {}: 3000 rays, {hits} hits ({inside} from inside), {skipped} grazing skipped",
            kind.name()
        );
        fails.check(skipped * 20 < 3_000, || {
            format!("{}: {skipped} grazing rays skipped", kind.name())
        });
    }
    fails.finish();
}

/// A ray for [`raycasts_against_every_kind`]: origin, unit direction and
/// length (infinite half the time), aimed at a point near the shape's
/// position most of the time, and for shapes without area often at a point
/// of the shape.
fn random_ray(rng: &mut Rng, s: &Sample) -> (V, V, f64) {
    let o = V::new(rng.range(-6.0, 6.0), rng.range(-6.0, 6.0));
    let target = match (&s.spec, rng.chance(0.5)) {
        (Spec::Point(p), true) => *p,
        (Spec::Segment(p, q), true) => *p + (*q - *p) * rng.f(),
        (Spec::Ray(p, d, l), true) => *p + *d * rng.range(0.0, l.unwrap_or(3.0)),
        (Spec::Line(p, d), true) => *p + *d * rng.range(-3.0, 3.0),
        _ => s.pos + rng.unit() * rng.range(0.0, 2.0),
    };
    let dir = if rng.chance(0.85) && (target - o).len() > 1e-3 {
        (target - o) * (1.0 / (target - o).len())
    } else {
        rng.unit()
    };
    let max_t = if rng.chance(0.5) {
        f64::INFINITY
    } else {
        rng.range(0.5, 12.0)
    };
    (o, dir, max_t)
}

/// Whether an interval end `value` of convex piece `c` (shape `spec`)
/// along unit axis `ax` is its support value (`sign` −1: the least end) and
/// its support `point` projects to it and lies on the shape, to `tol`;
/// infinite ends pass.
fn end_ok(
    c: &Convex,
    spec: &Spec,
    ax: V,
    (value, point): (f32, Vec2),
    sign: f64,
    tol: f64,
) -> bool {
    let want = sign * c.support(ax * sign);
    let value = value as f64;
    let p = V::from(point);
    !want.is_finite()
        || !value.is_finite()
        || ((value - want).abs() <= tol
            && (ax.dot(p) - value).abs() <= tol
            && point_distance(p, spec) <= tol)
}

/// The SAT report against the oracle, on every ordered pair of kinds (300
/// poses each): for each part (a pair of convex pieces; a sector wider than
/// 90° gives its two halves, right then left), every listed axis is a unit
/// vector; each finite interval end is the piece's support value along the
/// axis (to 1e-5 per unit of coordinate size) and its support point lies on
/// the piece at that projection; the gap is the signed gap of the two
/// intervals and never exceeds the true distance between the pieces (an
/// axis cannot separate more than the shapes are apart); the first
/// separating axis is the first with a gap above the contact tolerance, and
/// a part whose pieces are farther apart than the tolerance has one (the
/// candidate set is complete); an intersecting part of bounded pieces has an
/// MTV as long as the oracle's penetration depth.
#[test]
fn sat_report_against_the_oracle() {
    use satlab::geom::sat_report;
    use satlab::geom::Part;
    let mut fails = Failures::new("SAT report");
    let sep = |a: &Shape, b: &Shape| !intersects(a, b);
    let mut parts_checked = 0usize;
    for (i, ka) in KINDS.iter().copied().enumerate() {
        for (j, kb) in KINDS.iter().copied().enumerate() {
            let mut rng = Rng(0x5A7 + 16 * i as u64 + j as u64);
            for n in 0..300 {
                let (a, b) = placed_pair(ka, kb, &mut rng, &sep);
                let r = sat_report(&a.shape, &b.shape);
                let (pa, pb) = (convex_pieces(&a.spec), convex_pieces(&b.spec));
                let piece = |ps: &[Convex], part: Part| -> Convex {
                    ps[usize::from(part == Part::LeftHalf)].clone()
                };
                let what = |msg: &str| {
                    format!(
                        "{}-{} #{n}: {msg}\n  a={:?}\n  b={:?}",
                        ka.name(),
                        kb.name(),
                        a.shape,
                        b.shape
                    )
                };
                fails.check(r.parts.len() == pa.len() * pb.len(), || what("part count"));
                let mut any_hit = false;
                for part in &r.parts {
                    parts_checked += 1;
                    let (ca, cb) = (piece(&pa, part.a_part), piece(&pb, part.b_part));
                    let s = max_separation(&ca, &cb);
                    let dist = s.max(0.0);
                    any_hit |= !part.separated;
                    let scale = 1.0 + a.pos.len().max(b.pos.len());
                    let tol = FLOOR * scale;
                    for (k, t) in r.axes[part.axes.clone()].iter().enumerate() {
                        let ax = V::from(t.axis);
                        let ok_unit = (ax.len() - 1.0).abs() <= 1e-5;
                        // max = support along the axis, min = -support against it.
                        let ok_a = end_ok(&ca, &a.spec, ax, (t.a.max, t.a.max_point), 1.0, tol)
                            && end_ok(&ca, &a.spec, ax, (t.a.min, t.a.min_point), -1.0, tol);
                        let ok_b = end_ok(&cb, &b.spec, ax, (t.b.max, t.b.max_point), 1.0, tol)
                            && end_ok(&cb, &b.spec, ax, (t.b.min, t.b.min_point), -1.0, tol);
                        let g = (t.b.min - t.a.max).max(t.a.min - t.b.max);
                        let ok_gap = (g.is_nan() && t.gap.is_nan())
                            || (g - t.gap).abs() as f64 <= tol
                            || (g.is_infinite() && g == t.gap);
                        fails.check(ok_unit && ok_a && ok_b && ok_gap, || {
                            what(&format!("axis {k} of part {part:?}: {t:?}"))
                        });
                        fails.check(t.gap.is_nan() || (t.gap as f64) <= dist + tol, || {
                            what(&format!(
                                "axis {k} gap {} above the distance {dist:e}",
                                t.gap
                            ))
                        });
                    }
                    let first = r.axes[part.axes.clone()]
                        .iter()
                        .position(|t| t.gap > TOL as f32)
                        .map(|k| part.axes.start + k);
                    if first.is_some() {
                        fails.check(part.first_separating == first, || {
                            what(&format!(
                                "first separating {:?} vs {first:?}",
                                part.first_separating
                            ))
                        });
                    }
                    if (dist - TOL).abs() > tol {
                        fails.check(part.separated == (dist > TOL), || {
                            what(&format!(
                                "part separated {} but distance {dist:e}",
                                part.separated
                            ))
                        });
                        fails.check(dist <= TOL || part.first_separating.is_some(), || {
                            what("separated part without a separating axis")
                        });
                    }
                    let bounded = |c: &Convex| !matches!(c, Convex::Ray(..) | Convex::Line(..));
                    if s < -tol && bounded(&ca) && bounded(&cb) {
                        match part.mtv {
                            Some(m) => fails.check(close(m.length() as f64, -s), || {
                                what(&format!("MTV {m:?} vs depth {:e}", -s))
                            }),
                            None => fails.check(false, || what("no MTV for an intersecting part")),
                        }
                    }
                }
                fails.check(r.intersects == any_hit, || what("verdict vs parts"));
            }
        }
    }
    eprintln!("SAT report: {parts_checked} parts checked");
    fails.finish();
}
