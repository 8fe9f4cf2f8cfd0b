//! Issue 14, item 1, on the pair playground's own scenes and canvas: no
//! label of [`crate::app::labels`] covers a bar or another label.

use crate::app::camera::{Camera, Rect};
use crate::app::display::{DisplayList, Item};
use crate::app::labels::*;
use crate::app::pair::test_scenes::walk_overlays;
use glam::Vec2;

/// The plate [`crate::app::draw::Painter::plate`] draws, from Hack's
/// advance (0.6 em; a Chinese character two cells), with no font.
fn estimated_plate(text: &str, size: f32, scale: f32) -> Vec2 {
    let fs = (size * scale).round();
    let cells: f32 = text
        .chars()
        .map(|c| if c as u32 >= 0x2E80 { 2.0 } else { 1.0 })
        .sum();
    Vec2::new(cells * 0.61 * fs + 10.0 * scale, fs * 0.95 + 6.0 * scale)
}

/// How many of `list`'s emphasised labels (the decisive axis, distance,
/// MTV) the layout left out of `placed`.
fn left_out(list: &DisplayList, placed: &[Placed<'_>]) -> usize {
    let wanted = list
        .items
        .iter()
        .filter(|i| {
            matches!(
                i,
                Item::Label {
                    emphasised: true,
                    ..
                }
            )
        })
        .count();
    wanted.saturating_sub(placed.iter().filter(|l| l.emphasised).count())
}

/// True when the bar `from..to` of width `w` meets `r`, by sampling
/// points along the bar (an oracle independent of [`KeepOut::meets`]).
fn bar_meets(from: Vec2, to: Vec2, w: f32, r: &Rect) -> bool {
    (0..=400).any(|i| point_rect_distance(from.lerp(to, i as f32 / 400.0), r) < w * 0.5)
}

/// Issue 14, item 1: over every pair scene in `scenes/`, at 1280×800
/// (the whole window, and the canvas beside the default panel), at UI
/// scale 1 and 2, in the default view and at every step of the walk,
/// no label's plate covers an interval bar or a gap mark, no two
/// labels meet, and no emphasised label is left out; issue 28, item 12:
/// no axis's label strays nearer another axis ([`strays_in`]).
/// Every overlap of a placed label with an interval bar of `list` or
/// with a label placed before it, said in `problems` (`at` names the case).
fn overlaps_in(
    cam: &Camera,
    list: &DisplayList,
    placed: &[Placed],
    at: &str,
    problems: &mut Vec<String>,
) {
    for (i, l) in placed.iter().enumerate() {
        for it in &list.items {
            if let Item::Bar {
                from,
                to,
                stroke,
                tag,
            } = it
            {
                let (f, t) = (cam.to_screen(*from), cam.to_screen(*to));
                if bar_meets(f, t, stroke.width_px, &l.plate) {
                    problems.push(format!("{at}: {:?} covers {tag:?}", l.text));
                }
            }
        }
        for m in &placed[..i] {
            if overlaps(&l.plate, &m.plate) {
                problems.push(format!("{at}: {:?} covers {:?}", l.text, m.text));
            }
        }
    }
}

/// Distance from `p` to the segment `a b`, by projection onto it.
fn to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        crate::app::num::clamp((p - a).dot(ab) / ab.length_squared(), 0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Issue 28, item 12: every placed label of an axis (not emphasised, its
/// anchor on the axis's line) sits nearer its own axis line than any
/// other axis's, said in `problems`: "#7" never sits above axis #1's
/// "overlap 0.67".
fn strays_in(
    cam: &Camera,
    list: &DisplayList,
    placed: &[Placed],
    at: &str,
    problems: &mut Vec<String>,
) {
    let lines: Vec<(Vec2, Vec2)> = list
        .items
        .iter()
        .filter_map(|it| match it {
            Item::Line {
                from,
                to,
                tag: crate::app::display::Tag::AxisLine(_),
                ..
            } => Some((cam.to_screen(*from), cam.to_screen(*to))),
            _ => None,
        })
        .collect();
    for l in placed.iter().filter(|l| !l.emphasised) {
        let c = l.plate.center();
        // The lines this text's anchors lie on (a text may repeat).
        let owners: Vec<usize> = list
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Label { at, text, .. } if text == l.text => Some(cam.to_screen(*at)),
                _ => None,
            })
            .filter_map(|a| {
                lines
                    .iter()
                    .map(|(p, q)| to_segment(a, *p, *q))
                    .enumerate()
                    .filter(|(_, d)| *d < 1.5)
                    .min_by(|x, y| x.1.total_cmp(&y.1))
                    .map(|(k, _)| k)
            })
            .collect();
        if owners.is_empty() {
            continue;
        }
        let nearest = lines
            .iter()
            .map(|(p, q)| to_segment(c, *p, *q))
            .fold(f32::INFINITY, f32::min);
        let own = owners
            .iter()
            .map(|&k| to_segment(c, lines[k].0, lines[k].1))
            .fold(f32::INFINITY, f32::min);
        if own > nearest + 1.0 {
            problems.push(format!(
                "{at}: {:?} nearer another axis ({nearest:.0} px) than its own ({own:.0} px)",
                l.text
            ));
        }
    }
}

#[test]
fn no_label_covers_a_bar_in_any_scene() {
    use crate::app::files::Document;
    use crate::app::pair::state::App;
    use satlab::scene::{find_scenes, load_any, AnyScene};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let canvases = [
        Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0)),
        Rect::new(Vec2::new(0.0, 24.0), Vec2::new(940.0, 800.0)),
    ];
    let (mut scenes, mut checked, mut shown) = (0, 0, 0);
    let mut problems = Vec::new();
    for path in find_scenes(&root).into_iter().flatten() {
        let Ok(AnyScene::Pair(scene)) = load_any(&path) else {
            continue;
        };
        scenes += 1;
        for canvas in canvases {
            for scale in [1.0, 2.0] {
                let mut app = App::new(scene.clone(), Document::untitled(&scene));
                app.cam.canvas = canvas;
                app.settings.scale = scale;
                app.apply_view();
                app.refresh();
                let walk = walk_overlays(&mut app);
                // Labels at the scale the window draws them.
                let ls = label_scale(
                    scale,
                    crate::app::pair::canvas::shapes_radius(&app) * app.cam.zoom,
                );
                for list in &walk {
                    let placed = layout(&app.cam, &[list], &[], &[], 1.0, |t, size| {
                        estimated_plate(t, size, ls)
                    });
                    checked += 1;
                    shown += placed.len();
                    // The decisive axis, distance and MTV labels always
                    // find a clear spot.
                    let out = left_out(list, &placed);
                    if out > 0 {
                        problems.push(format!(
                            "{}: {out} emphasised labels left out (scale {scale})",
                            path.display(),
                        ));
                    }
                    let at = format!(
                        "{} (scale {scale}, canvas {:?})",
                        path.display(),
                        canvas.size()
                    );
                    overlaps_in(&app.cam, list, &placed, &at, &mut problems);
                    strays_in(&app.cam, list, &placed, &at, &mut problems);
                }
            }
        }
    }
    assert!(scenes > 80, "only {scenes} pair scenes");
    assert!(
        checked > 1000 && shown > 5000,
        "{checked} lists, {shown} labels"
    );
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} overlaps:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Issue 28, items 11 and 25: the canvas label size and presenter mode
/// make the labels of a display list larger (the painter every mode draws
/// with, [`crate::app::shell::mode::Look::painter`]); presenter mode also
/// hides the panels, turns the pointer highlight on, gives both back when
/// it ends, and fits the shapes with room for the larger labels.
#[test]
fn the_label_size_and_presenter_mode_enlarge_the_labels() {
    use crate::app::files::{default_scene, Document};
    use crate::app::pair::PairMode;
    use crate::app::shell::mode::Look;
    let sc = default_scene();
    let mut m = PairMode::new(sc.clone(), Document::untitled(&sc));
    let plates = |look: &Look, m: &mut PairMode| {
        m.follow(look);
        m.app.cam.canvas = Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0));
        m.app.cam.room = crate::app::pair::canvas::fit_room(&m.app, true);
        m.app.fit(false);
        m.app.refresh();
        let p = look.painter(None);
        let placed: Vec<(String, Vec2)> = p
            .label_plates(&m.app.cam, &[&m.app.overlay], &[], &[])
            .into_iter()
            .map(|l| (l.text.to_string(), l.plate.size()))
            .collect();
        (placed, m.app.cam.zoom)
    };
    let plain = Look::default();
    let (small, zoom_plain) = plates(&plain, &mut m);
    assert!(small.len() >= 3, "{} labels", small.len());
    // Every label's plate is 12 px text plus its padding at scale 1.
    let h = |v: &[(String, Vec2)], t: &str| v.iter().find(|(s, _)| s == t).map(|(_, p)| *p);
    let larger = |big: &[(String, Vec2)], ratio: f32, what: &str| {
        let mut compared = 0;
        for (t, p) in &small {
            if let Some(q) = h(big, t) {
                compared += 1;
                assert!(
                    q.y >= p.y * ratio && q.x > p.x,
                    "{what}: {t:?} {p:?} -> {q:?}"
                );
            }
        }
        assert!(compared >= 3, "{what}: {compared} labels compared");
    };
    let mut labels = plain;
    labels.labels = 1.5;
    let (big, zoom_labels) = plates(&labels, &mut m);
    larger(&big, 1.25, "label size 150 %");
    assert_eq!(
        zoom_labels, zoom_plain,
        "the label size alone keeps the fit"
    );
    let mut presenter = plain;
    presenter.set_presenter(true);
    assert!(!presenter.panels && presenter.pointer_highlight);
    assert_eq!(presenter.scale, 1.0, "egui's UI scale is left alone");
    let (shown, zoom_presenter) = plates(&presenter, &mut m);
    larger(&shown, 1.4, "presenter mode");
    assert!(
        zoom_presenter < zoom_plain,
        "F fits with room for the larger labels: {zoom_presenter} vs {zoom_plain}"
    );
    presenter.set_presenter(false);
    assert_eq!(presenter, plain, "panels and highlight come back");
    // The UI scale enlarges the canvas labels too (item 11: they kept 9-10 px).
    let mut ui2 = plain;
    ui2.scale = 2.0;
    let (scaled, _) = plates(&ui2, &mut m);
    larger(&scaled, 1.6, "UI scale 2");
    // A label size out of range or not finite is kept within bounds.
    for (v, want) in [(9.0, 2.5), (0.1, 0.75), (f32::NAN, 1.0)] {
        let mut l = plain;
        l.labels = v;
        assert_eq!(l.label_factor(), want);
    }
}

/// Issue 28, items 10 and 12, on cramped canvases (640×480 with the panels
/// hidden, beside the panel, above a lesson card; 1280×800 at UI scale 1.5
/// above a lesson card, panels shown and hidden): every bounded pair
/// scene, fitted as it opens, at every step of the walk, with the labels
/// laid out as the window lays them (the letter tags, the badge and the
/// status line fixed): no label covers a bar or another label (they do
/// not pile up), every axis label sits nearer its own axis than any other,
/// the emphasised ones all find a spot, and every plate keeps clear of the
/// menu bar above the canvas and of the status line.
#[test]
fn labels_keep_their_lanes_on_cramped_canvases() {
    use crate::app::draw::Painter;
    use crate::app::pair::canvas::fitted;
    use crate::app::pair::test_scenes::{assert_no_problems, cramped_canvases, pair_scenes};
    use crate::app::palette::{Palette, Theme};
    let (mut problems, mut shown) = (Vec::new(), 0);
    for (path, scene, _) in pair_scenes().into_iter().filter(|s| s.2) {
        for (canvas, scale) in cramped_canvases() {
            let mut app = fitted(&scene, canvas, scale);
            let walk = walk_overlays(&mut app);
            let cam = &app.cam;
            let p = Painter {
                pal: Palette::of(Theme::Dark),
                font: None,
                scale,
                labels: 1.0,
            };
            let status = Rect::new(
                Vec2::new(canvas.min.x, canvas.max.y - 22.0 * scale),
                canvas.max,
            );
            let mut fixed: Vec<Rect> = [&app.scene.a, &app.scene.b]
                .iter()
                .zip(["A", "B"])
                .map(|(s, t)| p.tag_plate(cam, crate::app::outline::tag_at(s), t))
                .collect();
            fixed.push(p.badge_plate(cam, app.class.shown_verdict()));
            fixed.push(status);
            let ls = label_scale(
                scale,
                crate::app::pair::canvas::shapes_radius(&app) * cam.zoom,
            );
            let at = format!(
                "{} (canvas {:?}, scale {scale})",
                path.display(),
                canvas.size()
            );
            for list in &walk {
                let placed = layout(cam, &[list], &fixed, &[], 1.0, |t, size| {
                    estimated_plate(t, size, ls)
                });
                shown += placed.len();
                let out = left_out(list, &placed);
                if out > 0 {
                    problems.push(format!("{at}: {out} emphasised labels left out"));
                }
                for l in &placed {
                    if l.plate.min.y < canvas.min.y + 2.0 || l.plate.max.y > status.min.y {
                        problems.push(format!(
                            "{at}: {:?} at y {:.0}..{:.0} leaves the room below the menu bar and above the status line",
                            l.text, l.plate.min.y, l.plate.max.y
                        ));
                    }
                }
                overlaps_in(cam, list, &placed, &at, &mut problems);
                strays_in(cam, list, &placed, &at, &mut problems);
            }
        }
    }
    assert!(shown > 5000, "only {shown} labels");
    problems.dedup();
    assert_no_problems(&problems);
}
