//! The canvas picture: drawing it from the app state (shared by the window
//! and `satlab render`) and reading it back for PNG export.

use crate::app::camera::{Insets, Rect};
use crate::app::display::Role;
use crate::app::display::{Item, Tag};
use crate::app::draw;
use crate::app::draw::{Anchor, Painter};
use crate::app::handles::{handles, HandleKind};
use crate::app::i18n::lang;
use crate::app::i18n::tr;
use crate::app::labels::{self, KeepOut};
use crate::app::outline::look;
use crate::app::pair::state::App;
use crate::app::pair::teach::caption;
use crate::app::pair::teach::step::Stage;
use crate::app::pair::tools::Hover;
use crate::app::palette::Palette;
use crate::app::shell::action::Action;
use crate::app::shell::shortcuts::hint;
use glam::Vec2;
use macroquad::text::Font;
use satlab::geom::Side;

/// Draws the canvas of `app`: grid, shapes, handles, overlay, badge and,
/// when given, the status line. Shared by the window and `satlab render`.
pub fn draw_canvas(app: &App, font: Option<&Font>, status: Option<&str>) {
    let p = Painter {
        pal: Palette::of(app.settings.theme),
        font,
        scale: app.settings.scale,
        labels: app.settings.labels,
    };
    let cam = &app.cam;
    p.clear();
    p.grid(cam);
    let far = app.far();
    let tools = &app.tools;
    let hot = |side: Side| tools.editing() == Some(side) || tools.hover == Hover::Body(side);
    let sides = [
        (Side::A, &app.scene.a, Role::A),
        (Side::B, &app.scene.b, Role::B),
    ];
    for (side, shape, role) in sides {
        p.shape(
            cam,
            &look(shape, far),
            role,
            app.class.shown_verdict(),
            hot(side),
        );
    }
    p.list(cam, &app.overlay);
    // The Algorithm panel's working, drawn while it is open (and the answer shown).
    let mut worked = crate::app::display::DisplayList::default();
    if app.algorithm_panel && !app.class.hides_verdict() {
        crate::app::pair::teach::algorithm::canvas::build(&app.scene.a, &app.scene.b, &mut worked);
        p.list(cam, &worked);
    }
    if status.is_some() {
        draw_handles(&p, app);
    }
    for (side, shape, role) in sides {
        p.tag(cam, crate::app::outline::tag_at(shape), side.letter(), role);
    }
    // The labels keep clear of the letter tags and of what is drawn over
    // them: the badge, the caption, the status line or the scene's name
    // (a caption takes the bottom edge where the name would go).
    let caption = crate::app::pair::teach::caption::current(crate::app::i18n::lang(), app);
    let name_at = Vec2::new(cam.canvas.min.x + 12.0, cam.canvas.max.y - 12.0);
    let show_name = status.is_none() && caption.is_none() && !app.scene.name.is_empty();
    let mut fixed: Vec<Rect> = sides
        .iter()
        .map(|(side, shape, _)| p.tag_plate(cam, crate::app::outline::tag_at(shape), side.letter()))
        .collect();
    fixed.push(p.badge_plate(cam, app.class.shown_verdict()));
    let described = described_by_caption(app);
    let caption = caption
        .as_deref()
        .and_then(|t| p.caption_layout(cam, t, status.is_some(), &described));
    fixed.extend(caption.as_ref().map(|c| c.plate));
    if status.is_some() {
        fixed.push(p.status_plate(cam));
    }
    if status.is_some() {
        // The status line's strip (12 px text and 10 px of padding).
        let h = 22.0 * p.scale;
        let r = cam.canvas;
        fixed.push(Rect::new(Vec2::new(r.min.x, r.max.y - h), r.max));
    }
    if show_name {
        let name = crate::app::wrap::name(&app.scene.name);
        fixed.push(p.plate(&name, name_at, 14.0, Anchor::BottomLeft));
    }
    let named: Vec<KeepOut> =
        labels::named_outline_points(&app.scene.notes, &app.scene.a, &app.scene.b)
            .into_iter()
            .map(|w| KeepOut::dot(cam.to_screen(w), 6.0 * p.scale))
            .collect();
    // Labels grow and shrink with the shapes' zoom, within limits.
    let lp = Painter {
        pal: Palette::of(app.settings.theme),
        font,
        scale: labels::label_scale(app.settings.scale, shapes_radius(app) * cam.zoom),
        labels: app.settings.labels,
    };
    lp.labels(cam, &[&app.overlay, &worked], &fixed, &named);
    if app.class.hides_answers() {
        p.predict_marker(cam, tr("Predict: separated or overlapping?"));
    } else if !app.class.hides_verdict() {
        p.badge(cam, app.class.shown_verdict());
    }
    if let Some(c) = &caption {
        p.draw_caption(c);
    }
    bottom_line(&p, app, status, show_name.then_some(name_at));
}

/// The status line with its key hints, or (an export) the scene's name at
/// `name_at`.
fn bottom_line(p: &Painter, app: &App, status: Option<&str>, name_at: Option<Vec2>) {
    if let Some(s) = status {
        status_line(p, app.cam.canvas, s);
    } else if let Some(at) = name_at {
        p.label(
            &crate::app::wrap::name(&app.scene.name),
            at,
            14.0,
            p.pal.text,
            Anchor::BottomLeft,
            false,
        );
    }
}

/// The pair playground's status line `s` along the bottom of `r`, with
/// its key hints.
pub fn status_line(p: &Painter, r: Rect, s: &str) {
    let keys = [
        (Action::Help, tr("help")),
        (Action::Panels, tr("panels")),
        (Action::CycleAxes, tr("axes")),
    ];
    p.status_in(r, s, &hint(crate::app::shell::action::ModeId::Pair, &keys));
}

/// The selected, hovered or edited shape's handles and its turning stem
/// (not in an export).
fn draw_handles(p: &Painter, app: &App) {
    let (cam, tools) = (&app.cam, &app.tools);
    let hot = |side: Side| tools.editing() == Some(side) || tools.hover == Hover::Body(side);
    let hovered_handle = match tools.hover {
        Hover::Handle(h) => Some(h),
        _ => None,
    };
    let sides = [
        (Side::A, &app.scene.a, Role::A),
        (Side::B, &app.scene.b, Role::B),
    ];
    for (side, shape, role) in sides {
        let show =
            side == tools.selected || hot(side) || hovered_handle.is_some_and(|h| h.side == side);
        if !show {
            continue;
        }
        let hs = handles(shape, side, cam.px() * app.settings.scale);
        if let Some(r) = hs.iter().find(|h| h.kind == HandleKind::Rotate) {
            p.stem(cam, shape.pose().position(), r.at, role);
        }
        p.handles(cam, &hs, hovered_handle.as_ref(), role);
    }
}

/// The radius of a circle around both shapes, world units: the circle
/// the overlay lays its axes around ([`crate::app::outline::pair_frame`]).
pub fn shapes_radius(app: &App) -> f32 {
    crate::app::outline::pair_frame(&app.scene.a, &app.scene.b).1
}

/// What fitting `app`'s shapes keeps free along each canvas edge
/// ([`Camera::room`](crate::app::camera::Camera::room)): room for the axis
/// lanes, bars and labels (at the UI scale) and along the bottom the status
/// line when `status` and, while stepping, the tallest caption of the
/// walk. The lesson card lies below the canvas already.
pub fn fit_room(app: &App, status: bool) -> Insets {
    let s = app.settings.scale;
    // On a cramped canvas (a large UI scale beside the lesson card) the
    // lanes' room takes at most [`FIT_ROOM_MAX_SHARE`] of each side, so the
    // shapes keep some size: their outer labels then sit nearer.
    // The lanes lie on the side perp(n) of each axis n: an edge gets the
    // lanes' room as far as some lane faces it, else the room of the
    // labels the shapes carry (a lesson's F fitted the shapes to a third of
    // a canvas that kept lane room on all four edges, issue 28 item 10).
    let size = app.cam.canvas.size();
    let full = crate::app::pair::overlay::lane_room(size, s);
    let edge = crate::app::pair::overlay::LANE_EDGE_PX * s;
    let facing = |side: Vec2| {
        crate::app::pair::tools::axes(&app.scene)
            .map(|n| n.perp().dot(side))
            .fold(0.0f32, f32::max)
    };
    let side = |dir: Vec2, room: f32| (facing(dir) * room).max(edge.min(room));
    let mut room = Insets {
        top: side(Vec2::Y, full.y),
        bottom: side(-Vec2::Y, full.y),
        left: side(-Vec2::X, full.x),
        right: side(Vec2::X, full.x),
    };
    let c = &app.class;
    // The contacts walk's captions sit where the SAT walk's do.
    if let (Some(_), Some((_, trace))) = (
        crate::app::pair::teach::caption::contacts_walk(lang(), app),
        &app.results.contacts,
    ) {
        let tallest = (0..crate::app::pair::contacts::CLIP_STEPS)
            .filter_map(|k| {
                let text = crate::app::pair::contacts::caption_in(lang(), trace, k);
                draw::caption_lines(&text, size, s)
            })
            .map(|(fs, lines)| draw::caption_height(lines.len(), fs, s))
            .fold(0.0, f32::max);
        room.bottom += tallest + 10.0 * s;
    }
    if c.step.on() && !c.predicting {
        let pair = caption::Pair {
            report: &app.results.report,
            kinds: [app.scene.a.kind(), app.scene.b.kind()],
            distance: app.results.distance.distance,
        };
        let stages = std::iter::once(Stage::Start)
            .chain((0..app.results.report.axes.len()).map(Stage::Axis))
            .chain(std::iter::once(Stage::End));
        let tallest = stages
            .filter_map(|st| {
                let text = caption::caption(lang(), &pair, st, c.step.keep_testing);
                draw::caption_lines(&text, size, s)
            })
            .map(|(fs, lines)| draw::caption_height(lines.len(), fs, s))
            .fold(0.0, f32::max);
        room.bottom += tallest + 10.0 * s;
    }
    if status {
        // The status line covers the canvas's bottom strip.
        room.bottom += 22.0 * s;
    }
    room
}

/// The screen boxes of what the current step's caption describes: the
/// line, bars, gap mark and projectors of the axis being tested.
pub fn described_by_caption(app: &App) -> Vec<Rect> {
    let Stage::Axis(k) = app.class.step.stage() else {
        return Vec::new();
    };
    if !app.class.step.on() {
        return Vec::new();
    }
    let cam = &app.cam;
    app.overlay
        .items
        .iter()
        .filter_map(|it| match it {
            Item::Line { from, to, tag, .. } | Item::Bar { from, to, tag, .. }
                if matches!(tag, Tag::AxisLine(j) | Tag::Interval(j, _) | Tag::GapMark(j) | Tag::Projector(j) if *j == k) =>
            {
                let (a, b) = (cam.to_screen(*from), cam.to_screen(*to));
                Some(Rect::new(a.min(b) - Vec2::splat(4.0), a.max(b) + Vec2::splat(4.0)))
            }
            _ => None,
        })
        .collect()
}

/// Test kit: `scene` in a playground on `canvas` at UI `scale`, fitted
/// as it opens (the lanes' room kept), refreshed.
#[cfg(test)]
pub(crate) fn fitted(scene: &satlab::scene::Scene, canvas: Rect, scale: f32) -> App {
    let mut app = crate::app::pair::test_scenes::playground(scene, canvas, scale);
    app.cam.room = fit_room(&app, true);
    app.apply_view();
    app.refresh();
    app
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::Document;
    use crate::app::pair::test_scenes::{
        assert_no_problems, cramped_canvases, pair_scenes, playground, walk_overlays,
    };

    /// Issue 14, item 2: over every pair scene, in English and Chinese, at
    /// UI scale 1 and 2, on the canvas beside the default panel (below a
    /// menu bar) with the status line: once fitted for the walk, at every
    /// step the caption's band along the bottom covers nothing of the
    /// axis it describes, and no axis line or bar of bounded shapes leaves
    /// the canvas (nothing under the menu bar).
    #[test]
    fn the_fitted_walk_keeps_the_caption_off_its_axis() {
        use crate::app::i18n::{with_lang, Lang};
        let canvas = Rect::new(Vec2::new(0.0, 48.0), Vec2::new(940.0, 800.0));
        let mut problems = Vec::new();
        let mut steps_checked = 0;
        for lang in [Lang::En, Lang::ZhHans] {
            with_lang(lang, || {
                for (path, scene, bounded) in pair_scenes() {
                    for scale in [1.0, 2.0] {
                        let mut app = playground(&scene, canvas, scale);
                        app.class.step.home();
                        app.refresh();
                        app.cam.room = fit_room(&app, true);
                        app.apply_view();
                        app.refresh();
                        let (_, steps) = app.class.step.progress();
                        for _ in 0..steps + 2 {
                            steps_checked += 1;
                            let text = caption::current(lang, &app).expect("stepping");
                            let (fs, lines) = draw::caption_lines(&text, canvas.size(), scale)
                                .expect("a caption");
                            let h = draw::caption_height(lines.len(), fs, scale);
                            let bottom = canvas.max.y - 32.0 * scale;
                            let band_top = bottom - h;
                            for r in described_by_caption(&app) {
                                if r.max.y - 4.0 > band_top {
                                    problems.push(format!(
                                    "{} ({lang:?}, scale {scale}, {:?}): the caption (from y {band_top}) covers its axis (to y {})",
                                    path.display(),
                                    app.class.step.stage(),
                                    r.max.y - 4.0
                                ));
                                }
                            }
                            if bounded && app.class.step.stage() == Stage::End {
                                for it in &app.overlay.items {
                                    if let Item::Line {
                                        from,
                                        to,
                                        tag: Tag::AxisLine(_),
                                        ..
                                    }
                                    | Item::Bar { from, to, .. } = it
                                    {
                                        for q in [from, to] {
                                            let sq = app.cam.to_screen(*q);
                                            if !canvas.contains(sq) {
                                                problems.push(format!(
                                                "{} ({lang:?}, scale {scale}): {sq} is off the canvas",
                                                path.display()
                                            ));
                                            }
                                        }
                                    }
                                }
                            }
                            app.class.step.forward();
                            app.refresh();
                        }
                    }
                }
            });
        }
        assert!(steps_checked > 500, "only {steps_checked} steps");
        problems.dedup();
        assert_no_problems(&problems);
    }

    /// Issue 28, items 10 and 12: on cramped canvases (640×480 beside the
    /// panel, with and without a lesson card below; 1280×800 at UI scale
    /// 1.5 above a lesson card, panels shown and hidden; presenter-sized
    /// text on 1280×800), every pair scene of bounded shapes, fitted as it
    /// opens, keeps its axis lanes' interval bars on the canvas: below the
    /// menu bar (the canvas's top) and above the status line. On the old
    /// code the lanes kept their full distance from the shapes though the
    /// fit had left less room, and ran off the top and bottom.
    #[test]
    fn fitted_lanes_stay_on_cramped_canvases() {
        let (mut problems, mut checked) = (Vec::new(), 0);
        for (path, scene, _) in pair_scenes().into_iter().filter(|s| s.2) {
            for (canvas, scale) in cramped_canvases() {
                let app = fitted(&scene, canvas, scale);
                let at = format!(
                    "{} (canvas {:?}..{:?}, scale {scale})",
                    path.display(),
                    canvas.min,
                    canvas.max
                );
                checked += bars_off(&app, usable(canvas, scale), &at, &mut problems);
            }
        }
        assert!(checked > 1000, "only {checked} bars");
        assert_no_problems(&problems);
    }

    /// Issue 28, items 10 and 12 (seen by the lead at 1280×800: B of
    /// `03-aabb-aabb-overlap` dragged up and right by (150, −120) px, the
    /// top lane's label on screen and its bars at y = 22 under the menu
    /// bar): the view does not refit on a drag, so each lane's distance is
    /// limited to the canvas. Every bounded pair scene, fitted on 1280×800
    /// (panel shown and hidden) and the cramped canvases, then B dragged
    /// (that drag, and up until its top meets the canvas's top, straight,
    /// left and right), keeps every lane's interval bars on the canvas
    /// above the status line while B itself is on it. On the old code the
    /// lanes kept their distance from the shapes and left the canvas.
    use crate::app::display::checks::usable;

    /// Counts `app`'s interval bars and says, under `at`, each bar end
    /// that lies off `usable` (screen pixels).
    fn bars_off(app: &App, usable: Rect, at: &str, problems: &mut Vec<String>) -> usize {
        crate::app::display::checks::bars_off(&app.overlay, &app.cam, usable, at, problems)
    }

    #[test]
    fn dragged_lanes_stay_on_the_canvas() {
        let r = |x1: f32| Rect::new(Vec2::new(0.0, 24.0), Vec2::new(x1, 800.0));
        let mut canvases = vec![(r(940.0), 1.0), (r(1280.0), 1.0)];
        canvases.extend(cramped_canvases());
        let (mut problems, mut checked) = (Vec::new(), 0);
        for (path, scene, _) in pair_scenes().into_iter().filter(|s| s.2) {
            for &(canvas, scale) in &canvases {
                let usable = usable(canvas, scale);
                let base = fitted(&scene, canvas, scale);
                let (lo, hi) = base.scene.b.bounds();
                let b_top = base.cam.to_screen(Vec2::new(lo.x, hi.y)).y;
                let up = canvas.min.y + 4.0 - b_top;
                let drags = [
                    Vec2::new(150.0, -120.0),
                    Vec2::new(0.0, up),
                    Vec2::new(-150.0, up),
                    Vec2::new(150.0, up),
                ];
                for drag in drags {
                    let mut app = fitted(&scene, canvas, scale);
                    let at = app.scene.b.pose().position();
                    let to = app.cam.to_world(app.cam.to_screen(at) + drag);
                    app.scene.b.set_position(to);
                    app.refresh();
                    let (lo, hi) = app.scene.b.bounds();
                    let on = [lo, hi, Vec2::new(lo.x, hi.y), Vec2::new(hi.x, lo.y)]
                        .iter()
                        .all(|&w| usable.contains(app.cam.to_screen(w)));
                    if !on {
                        continue;
                    }
                    let at = format!(
                        "{} ({canvas:?}, scale {scale}, B dragged {drag})",
                        path.display()
                    );
                    checked += bars_off(&app, usable, &at, &mut problems);
                }
            }
        }
        assert!(checked > 1000, "only {checked} bars");
        assert_no_problems(&problems);
    }

    /// Shapes 1e-3 across, 1e3 across and 5000 units out fill the fitted
    /// canvas (F and render once stopped at 2 px/unit and at a 0.5-unit
    /// circle, so tiny shapes were a dot and far ones off screen), and
    /// their canvas numbers keep enough decimals to be told from zero.
    #[test]
    fn tiny_huge_and_far_pairs_fill_the_canvas_with_readable_numbers() {
        let canvas = Rect::new(Vec2::new(0.0, 48.0), Vec2::new(940.0, 800.0));
        let pair = |k: f32, off: f32| {
            let j = format!(
                r#"{{"version":1,
                "a":{{"kind":"obb","position":[{ax},{ay}],"half_extents":[{w},{h}],"rotation_deg":20}},
                "b":{{"kind":"circle","position":[{bx},{by}],"radius":{r}}}}}"#,
                ax = off + 0.2 * k,
                ay = -off + 0.1 * k,
                w = 0.5 * k,
                h = 0.2 * k,
                bx = off + 0.9 * k,
                by = -off + 0.4 * k,
                r = 0.3 * k,
            );
            satlab::scene::parse(&j, std::path::Path::new("t.json")).expect("test scene")
        };
        for (k, off) in [(1e-3, 0.0), (1e3, 0.0), (1.0, 5000.0), (1e-3, 3.0)] {
            let scene = pair(k, off);
            let app = fitted(&scene, canvas, 1.0);
            let (l, h) = scene.a.bounds();
            let span = (app.cam.to_screen(h) - app.cam.to_screen(l)).abs();
            assert!(
                span.max_element() > 100.0,
                "k {k} off {off}: A is {span} px"
            );
            for it in &app.overlay.items {
                if let Item::Label { text, .. } = it {
                    if text.starts_with("overlap") || text.starts_with("gap") {
                        assert!(
                            text.chars().any(|c| ('1'..='9').contains(&c)),
                            "k {k} off {off}: {text}"
                        );
                    }
                }
            }
        }
    }

    /// A polygon's letter sits inside it, not at its pose origin: in
    /// "only the last axis separates" B's origin is A's centre, and the
    /// canvas once wrote "B" on A (with A's letter under it).
    #[test]
    fn a_polygons_letter_sits_inside_it() {
        use satlab::geom::{distance, Point, Shape};
        for (path, scene, _) in pair_scenes() {
            for s in [&scene.a, &scene.b] {
                if let Shape::Polygon(_) = s {
                    let at = crate::app::outline::tag_at(s);
                    let p = Shape::Point(Point::new(at).expect("a finite point"));
                    let d = distance(&p, s).distance;
                    assert!(d <= 1e-4, "{}: letter at {at}, {d} outside", path.display());
                }
            }
            if path.ends_with("07-only-last-axis-separates.json") {
                let at = crate::app::outline::tag_at(&scene.b);
                let p = Shape::Point(Point::new(at).expect("a finite point"));
                assert!(
                    distance(&p, &scene.a).distance > 0.5,
                    "B's letter at {at}, on A"
                );
            }
        }
    }

    /// Issue 28, item 3: every label the canvas draws for a pair scene, in
    /// English and Chinese (the overlay at every step of the walk and the
    /// Algorithm panel's working), has a glyph in the canvas fonts, so no
    /// label shows an empty box where a character should be ("h₁ + h₂"
    /// did: Hack has no subscript digits).
    #[test]
    fn every_canvas_label_has_its_glyphs() {
        use crate::app::i18n::{with_lang, Lang};
        let (mut missing, mut labels) = (Vec::new(), 0);
        for lang in [Lang::En, Lang::ZhHans] {
            with_lang(lang, || {
                for (path, scene, _) in pair_scenes() {
                    let mut app = App::new(scene.clone(), Document::untitled(&scene));
                    app.refresh();
                    let mut worked = crate::app::display::DisplayList::default();
                    crate::app::pair::teach::algorithm::canvas::build(
                        &app.scene.a,
                        &app.scene.b,
                        &mut worked,
                    );
                    let mut lists = walk_overlays(&mut app);
                    lists.push(worked);
                    for it in lists.iter().flat_map(|l| &l.items) {
                        if let Item::Label { text, .. } = it {
                            labels += 1;
                            if let Some(c) = text.chars().find(|&c| !crate::app::fonts::covered(c))
                            {
                                missing.push(format!(
                                    "{} ({lang:?}): {c:?} in {text:?}",
                                    path.display()
                                ));
                            }
                        }
                    }
                }
            });
        }
        assert!(labels > 2000, "only {labels} labels");
        missing.dedup();
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    /// Issue 28, item 10: in a lesson at UI scale 1.5 (the canvas beside
    /// the panel and above the notes card), F fits every lesson scene's
    /// shapes at a sensible size: their box spans at least 20 % of the
    /// canvas's width or height, 30 % for the median scene (the fit kept the lanes' room on all four
    /// edges and gave 37 px per unit, a fifth of the canvas), and the
    /// lanes' interval bars stay on the canvas above the status line.
    #[test]
    fn a_lesson_fits_its_shapes_large_beside_the_card() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons");
        let canvas = Rect::new(Vec2::new(0.0, 33.0), Vec2::new(770.0, 510.0));
        let scale = 1.5;
        let (mut problems, mut scenes, mut spans) = (Vec::new(), 0, Vec::new());
        for (path, scene, _) in pair_scenes().into_iter().filter(|s| s.0.starts_with(&root)) {
            scenes += 1;
            let mut app = playground(&scene, canvas, scale);
            app.cam.room = fit_room(&app, true);
            app.fit(true);
            app.refresh();
            let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
            for s in [&app.scene.a, &app.scene.b] {
                let (l, h) = s.bounds();
                if l.is_finite() && h.is_finite() {
                    lo = lo.min(l);
                    hi = hi.max(h);
                }
            }
            let span = ((hi - lo) * app.cam.zoom / canvas.size()).max_element();
            spans.push(span);
            if span < 0.2 {
                problems.push(format!(
                    "{}: the shapes span {span} of the canvas ({} px per unit)",
                    path.display(),
                    app.cam.zoom
                ));
            }
            let usable = Rect::new(
                canvas.min - Vec2::splat(1.0),
                canvas.max + Vec2::new(1.0, 1.0 - 22.0 * scale),
            );
            for it in &app.overlay.items {
                if let Item::Bar { from, to, .. } = it {
                    for q in [from, to] {
                        let sq = app.cam.to_screen(*q);
                        if !usable.contains(sq) {
                            problems.push(format!(
                                "{}: a bar end {sq} is off the canvas",
                                path.display()
                            ));
                        }
                    }
                }
            }
        }
        assert!(scenes >= 10, "only {scenes} lesson scenes");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        spans.sort_by(f32::total_cmp);
        let median = spans[spans.len() / 2];
        assert!(median >= 0.3, "median span {median}: {spans:?}");
    }
}
