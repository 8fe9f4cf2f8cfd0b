//! Property test: everything the canvas lays out without a window (the
//! overlay's display list, outlines, the grid, label placement, dashes,
//! the Minkowski and algorithm views, the pane split) survives random
//! scenes, from zero sizes to the library's limit ([`MAX_MAGNITUDE`]: the
//! loader refuses more), with the camera anywhere up to 1e30, at viewports
//! from 1×1 to 8192×8192 and every zoom: no panic, bounded counts, finite
//! coordinates.

use crate::app::camera::Rect;
use crate::app::clip;
use crate::app::display::{DisplayList, Item, MAX_ITEMS};
use crate::app::files::Document;
use crate::app::grid::{Grid, MAX_LINES};
use crate::app::i18n::Lang;
use crate::app::labels;
use crate::app::outline::{look, Look};
use crate::app::pair::overlay::AxisMode;
use crate::app::pair::pane::split_for_pane;
use crate::app::pair::state::App;
use crate::app::pair::teach::{algorithm, minkowski};
use crate::app::pair::tools;
use glam::Vec2;
use proptest::prelude::*;
use satlab::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape,
    MAX_MAGNITUDE,
};
use satlab::scene::Scene;

/// Most points one outline may have.
const MAX_OUTLINE: usize = 4096;

/// A magnitude a shape may have: zero, tiny, ordinary, large, or at the
/// library's limit.
fn magnitude() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        1.0e-30f32..1.0e-20,
        0.01f32..10.0,
        1.0e3f32..1.0e7,
        (MAX_MAGNITUDE * 0.5)..=MAX_MAGNITUDE,
    ]
}

fn signed() -> impl Strategy<Value = f32> {
    (magnitude(), any::<bool>()).prop_map(|(m, neg)| if neg { -m } else { m })
}

/// Where the camera may look: anywhere a pan or zoom can take it.
fn far_signed() -> impl Strategy<Value = f32> {
    prop_oneof![signed(), 1.0e20f32..1.0e30, -1.0e30f32..-1.0e20]
}

/// A shape of any kind; `None` when the library refuses the values (it
/// may refuse magnitudes whose products overflow).
fn shape() -> impl Strategy<Value = Option<Shape>> {
    (
        0usize..10,
        (signed(), signed()),
        -720.0f32..720.0,
        magnitude(),
        magnitude(),
        3usize..9,
    )
        .prop_map(|(kind, (x, y), deg, s1, s2, n)| {
            let at = Vec2::new(x, y);
            let pose = Pose::new(at, deg).ok()?;
            let shape = match kind {
                0 => Shape::Point(Point::new(at).ok()?),
                1 => Shape::Segment(Segment::new(pose, s1).ok()?),
                2 => Shape::Ray(Ray::new(pose, (s1 > 0.0).then_some(s1)).ok()?),
                3 => Shape::Line(Line::new(pose)),
                4 => Shape::Circle(Circle::new(pose, s1).ok()?),
                5 => Shape::Aabb(Aabb::new(Pose::at(at), Vec2::new(s1, s2)).ok()?),
                6 => Shape::Obb(Obb::new(pose, Vec2::new(s1, s2)).ok()?),
                7 => Shape::Capsule(Capsule::new(pose, s1, s2).ok()?),
                8 => Shape::Polygon(Polygon::regular(pose, n, s1).ok()?),
                _ => Shape::Sector(Sector::new(pose, s1, (s2 % 180.0).max(1.0)).ok()?),
            };
            Some(shape)
        })
}

/// Every world point an item holds.
fn item_points(it: &Item) -> Vec<Vec2> {
    match it {
        Item::Line { from, to, .. } | Item::Bar { from, to, .. } | Item::Arrow { from, to, .. } => {
            vec![*from, *to]
        }
        Item::Dot { at, .. } => vec![*at],
        Item::Fill { points, .. } => points.clone(),
        Item::Label { at, offset_px, .. } => vec![*at, *offset_px],
    }
}

fn check_list(list: &DisplayList, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        list.items.len() <= MAX_ITEMS,
        "{what}: {} items",
        list.items.len()
    );
    for it in &list.items {
        for p in item_points(it) {
            prop_assert!(p.is_finite(), "{what}: {p} in {it:?}");
        }
    }
    Ok(())
}

fn check_look(l: &Look) -> Result<(), TestCaseError> {
    let pts: Vec<Vec2> = match l {
        Look::Area { boundary, fan, .. } => boundary.iter().chain([fan]).copied().collect(),
        Look::Stroke { points, .. } => points.clone(),
        Look::Dot(p) => vec![*p],
    };
    prop_assert!(pts.len() <= MAX_OUTLINE, "outline of {} points", pts.len());
    for p in pts {
        prop_assert!(p.is_finite(), "outline point {p}");
    }
    Ok(())
}

/// What the canvas lays out on screen: the grid (bounded lines, a finite
/// anchor, finite labels), the label plates and the dashes, all bounded and
/// finite.
fn check_screen(app: &App, scale: f32, canvas: Rect) -> Result<(), TestCaseError> {
    // The grid: bounded lines, a finite anchor, finite labels.
    let g = Grid::of(&app.cam, scale);
    for set in [&g.minor, &g.major] {
        prop_assert!(set.xs.len() <= MAX_LINES && set.ys.len() <= MAX_LINES);
    }
    prop_assert!(g.anchor.is_finite());
    for (_, at) in g.labels(&app.cam) {
        prop_assert!(at.is_finite() || !app.cam.center.is_finite());
    }

    // Labels placed on screen, clear of the bars, dots and projector
    // ends: plates of a fixed size at each anchor.
    let placed = labels::layout(&app.cam, &[&app.overlay], &[], &[], 1.0, |_, _| {
        Vec2::new(60.0, 16.0)
    });
    prop_assert!(placed.len() <= app.overlay.items.len());
    for l in placed {
        prop_assert!(
            l.plate.min.is_finite() && l.plate.max.is_finite(),
            "label plate {:?}",
            l.plate
        );
    }

    // Dashed lines are walked only on screen.
    for it in &app.overlay.items {
        if let Item::Line {
            from, to, stroke, ..
        } = it
        {
            if stroke.dashed {
                let (p, q) = (app.cam.to_screen(*from), app.cam.to_screen(*to));
                let d = clip::dashes(p, q, 6.0 * scale, 4.0 * scale, canvas);
                prop_assert!(d.len() <= clip::MAX_DASHES);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn the_canvas_layout_survives_anything(
        a in shape(),
        b in shape(),
        w in 1u32..=8192,
        h in 1u32..=8192,
        zoom in prop_oneof![Just(0.0f32), 0.001f32..1.0e6, Just(f32::MAX)],
        center in (far_signed(), far_signed()),
        fit in any::<bool>(),
        mode in 0usize..3,
        scale in 0.5f32..3.0,
        pane in any::<bool>(),
        velocity in (far_signed(), far_signed()),
        slider in 0.0f32..=1.0,
    ) {
        prop_assume!(a.is_some() && b.is_some(), "the library refused a shape");
        let (Some(a), Some(b)) = (a, b) else { return Ok(()) };
        let scene = Scene { name: String::new(), notes: String::new(), a, b, view: None, motion: None, expect: None, contact_tolerance: None };
        let mut app = App::new(scene.clone(), Document::untitled(&scene));
        let whole = Rect::new(Vec2::ZERO, Vec2::new(w as f32, h as f32));
        let (canvas, right) = split_for_pane(whole, pane);
        app.cam.canvas = canvas;
        app.settings.scale = scale;
        app.settings.mode = [AxisMode::All, AxisMode::Selected, AxisMode::None][mode];
        // The Motion and GJK / EPA views on half the time, B moving by
        // anything.
        app.scene.motion = Some(satlab::scene::Motion {
            a: Vec2::ZERO,
            b: Vec2::new(velocity.0, velocity.1),
        });
        app.motion_view = pane;
        app.motion_t = slider;
        app.gjk_view = pane;
        if fit {
            tools::fit_around(&mut app.cam, &app.scene, None);
        } else {
            app.cam.center = Vec2::new(center.0, center.1);
            app.cam.zoom_at(canvas.center(), zoom / app.cam.zoom.max(1e-30));
        }
        prop_assert!(app.cam.zoom.is_finite() && app.cam.zoom > 0.0);
        app.refresh();
        check_list(&app.overlay, "overlay")?;

        // Outlines as drawn.
        let far = app.far();
        for s in [&app.scene.a, &app.scene.b] {
            check_look(&look(s, far))?;
        }

        check_screen(&app, scale, canvas)?;

        // The teaching views.
        if let Ok(m) = minkowski::build(&app.scene.a, &app.scene.b, Lang::En) {
            check_list(&m.list, "minkowski")?;
            if let Some(r) = right {
                let mut cam = app.cam;
                cam.canvas = r;
                cam.fit(m.lo, m.hi, 40.0);
                prop_assert!(cam.zoom.is_finite() && cam.center.is_finite() || !m.lo.is_finite());
            }
        }
        if let Some(v) = &app.results.gjk {
            let mut steps = DisplayList::default();
            for k in 0..v.steps() {
                crate::app::pair::gjk::build_pane(v, k, app.cam.px(), scale, &mut steps);
            }
            check_list(&steps, "gjk")?;
        }
        let mut worked = DisplayList::default();
        algorithm::canvas::build(&app.scene.a, &app.scene.b, &mut worked);
        check_list(&worked, "algorithm")?;
    }
}
