//! Shape A and B editors: kind (changing it keeps the pose and picks a
//! sensible size) and every parameter as a numeric field with a slider.

use crate::app::i18n::{tr, trf, words};
use crate::app::pair::state::App;
use crate::app::pair::tools::convert::convert;
use crate::app::pair::tools::{shape, shape_mut};
use egui_macroquad::egui;
use glam::Vec2;
use satlab::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape,
    ShapeError, ShapeKind, Side,
};
use std::ops::RangeInclusive;

/// A number as the file keeps it: the shortest decimal that reads back to
/// the same `f32` (1.8 is `1.8`, never `1.8000001`).
fn exact(v: f64, _: RangeInclusive<usize>) -> String {
    format!("{}", v as f32)
}

/// A slider for coarse changes (rounded to 3 decimals) beside a number box
/// that keeps exactly what is typed, to `f32` precision, and shows it so.
fn slider(ui: &mut egui::Ui, v: &mut f32, range: RangeInclusive<f32>, label: &str) -> bool {
    let speed = ((range.end() - range.start()) / 500.0).max(1e-4);
    ui.horizontal(|ui| {
        let dragged = ui
            .add(
                egui::Slider::new(v, range)
                    .clamping(egui::SliderClamping::Never)
                    .max_decimals(3)
                    .show_value(false),
            )
            .changed();
        let typed = ui
            .add(egui::DragValue::new(v).speed(speed).custom_formatter(exact))
            .changed();
        ui.label(label);
        dragged || typed
    })
    .inner
}

/// Shows the editor for one side.
pub fn show(ui: &mut egui::Ui, app: &mut App, side: Side) {
    let current = shape(&app.scene, side).clone();
    let title = trf(
        "Shape {} — {}",
        &[&side.letter(), &words::kind(current.kind())],
    );
    let id = ui.make_persistent_id(("shape_editor", side.letter()));
    egui::CollapsingHeader::new(egui::RichText::new(title).strong())
        .id_salt(id)
        .default_open(true)
        .show(ui, |ui| {
            let mut kind = current.kind();
            egui::ComboBox::from_id_salt(("kind", side.letter()))
                .selected_text(words::kind(kind))
                .show_ui(ui, |ui| {
                    for k in ShapeKind::ALL {
                        ui.selectable_value(&mut kind, k, words::kind(k));
                    }
                });
            if kind != current.kind() {
                *shape_mut(&mut app.scene, side) = convert(&current, kind);
                return;
            }
            let fresh = match edit(ui, &current) {
                Ok(Some(s)) => {
                    *shape_mut(&mut app.scene, side) = s;
                    None
                }
                Ok(None) => None,
                Err(e) => Some(e),
            };
            crate::app::shell::widgets::refusal(ui, id.with("refused"), &current, fresh);
        });
}

/// The widgets for `s`; the edited shape when something changed.
fn edit(ui: &mut egui::Ui, s: &Shape) -> Result<Option<Shape>, ShapeError> {
    let pose = *s.pose();
    let (mut x, mut y) = (pose.position().x, pose.position().y);
    let mut rot = pose.rotation_deg();
    let mut changed = slider(ui, &mut x, -20.0..=20.0, "x");
    changed |= slider(ui, &mut y, -20.0..=20.0, "y");
    if !matches!(s, Shape::Aabb(_) | Shape::Point(_)) {
        changed |= slider(ui, &mut rot, -180.0..=180.0, tr("rotation °"));
    }
    let p = Pose::new(Vec2::new(x, y), rot).map_err(|e| e.of_kind(s.kind()))?;
    let err = |e: ShapeError| e;
    let out = match s {
        Shape::Point(_) => Shape::Point(Point::new(p.position()).map_err(err)?),
        Shape::Line(_) => Shape::Line(Line::new(p)),
        Shape::Segment(g) => {
            let mut h = g.half_length();
            changed |= slider(ui, &mut h, 0.0..=10.0, tr("half length"));
            Shape::Segment(Segment::new(p, h).map_err(err)?)
        }
        Shape::Ray(r) => {
            let mut bounded = r.length().is_some();
            let mut len = r.length().unwrap_or(4.0);
            changed |= ui.checkbox(&mut bounded, tr("bounded")).changed();
            if bounded {
                changed |= slider(ui, &mut len, 0.01..=20.0, tr("length"));
            }
            Shape::Ray(Ray::new(p, bounded.then_some(len)).map_err(err)?)
        }
        Shape::Circle(c) => {
            let mut r = c.radius();
            changed |= slider(ui, &mut r, 0.0..=10.0, tr("radius"));
            Shape::Circle(Circle::new(p, r).map_err(err)?)
        }
        Shape::Aabb(b) => {
            let mut h = b.half_extents();
            changed |= slider(ui, &mut h.x, 0.0..=10.0, tr("half width"));
            changed |= slider(ui, &mut h.y, 0.0..=10.0, tr("half height"));
            Shape::Aabb(Aabb::new(Pose::at(p.position()), h).map_err(err)?)
        }
        Shape::Obb(b) => {
            let mut h = b.half_extents();
            changed |= slider(ui, &mut h.x, 0.0..=10.0, tr("half width"));
            changed |= slider(ui, &mut h.y, 0.0..=10.0, tr("half height"));
            Shape::Obb(Obb::new(p, h).map_err(err)?)
        }
        Shape::Capsule(c) => {
            let (mut h, mut r) = (c.half_length(), c.radius());
            changed |= slider(ui, &mut h, 0.0..=10.0, tr("half length"));
            changed |= slider(ui, &mut r, 0.0..=10.0, tr("radius"));
            Shape::Capsule(Capsule::new(p, h, r).map_err(err)?)
        }
        Shape::Sector(c) => {
            let (mut r, mut h) = (c.radius(), c.half_angle_deg());
            changed |= slider(ui, &mut r, 0.01..=10.0, tr("radius"));
            changed |= slider(ui, &mut h, 1.0..=180.0, tr("half-angle °"));
            Shape::Sector(Sector::new(p, r, h).map_err(err)?)
        }
        Shape::Polygon(g) => polygon(ui, g, p, &mut changed)?,
    };
    Ok(changed.then_some(out))
}

fn polygon(
    ui: &mut egui::Ui,
    g: &Polygon,
    p: Pose,
    changed: &mut bool,
) -> Result<Shape, ShapeError> {
    let mut verts = g.local_vertices().to_vec();
    let n_verts = verts.len();
    let speed = crate::app::shell::widgets::drag_speed(
        verts.iter().map(|v| v.length()).fold(0.0, f32::max),
    );
    egui::CollapsingHeader::new(trf("vertices (local, counter-clockwise): {}", &[&n_verts]))
        .id_salt("verts_header")
        .default_open(n_verts <= 6)
        .show(ui, |ui| {
            crate::app::shell::widgets::wide_table(ui, "verts", |ui| {
                egui::Grid::new("verts").num_columns(3).show(ui, |ui| {
                    for (i, v) in verts.iter_mut().enumerate() {
                        ui.label(format!("{}", i + 1));
                        *changed |= ui
                            .add(
                                egui::DragValue::new(&mut v.x)
                                    .speed(speed)
                                    .custom_formatter(exact),
                            )
                            .changed();
                        *changed |= ui
                            .add(
                                egui::DragValue::new(&mut v.y)
                                    .speed(speed)
                                    .custom_formatter(exact),
                            )
                            .changed();
                        ui.end_row();
                    }
                })
            });
        });
    // The "sides" box follows the polygon: it starts at its vertex count
    // and starts over whenever that count changes (a vertex added on the
    // canvas, a file opened), keeping only what the user set since.
    let id = ui.make_persistent_id("regular_n");
    let (mut n, seen) = ui.data_mut(|d| *d.get_temp_mut_or(id, (n_verts.max(3), n_verts)));
    if seen != n_verts {
        n = n_verts.max(3);
    }
    let mut regular = false;
    // Wrapped: on a narrow panel (640 x 480) the button goes under the
    // slider instead of past the panel's edge, where it and every row
    // after it were cut off.
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Slider::new(&mut n, 3..=32).text(tr("sides")));
        regular = ui
            .add(egui::Button::new(tr("make regular")).wrap())
            .clicked();
    });
    ui.data_mut(|d| d.insert_temp(id, (n, n_verts)));
    if regular {
        let r = verts
            .iter()
            .map(|v| v.length())
            .fold(0.0f32, f32::max)
            .max(0.1);
        *changed = true;
        return Polygon::regular(p, n, r).map(Shape::Polygon);
    }
    Polygon::new(p, &verts).map(Shape::Polygon)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};
    use crate::app::shell::widgets::Refusal;

    fn disc(r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), r).expect("a disc"))
    }

    /// Issue 28 item 17: the message goes once the field shows the old
    /// value again for a while, or the shape changes, and a language
    /// switch translates it.
    #[test]
    fn a_refusal_shows_for_a_while_in_the_language_of_the_moment() {
        let err = Circle::new(Pose::at(Vec2::ZERO), -1.0).expect_err("a negative radius");
        let kept = Refusal {
            error: err.clone(),
            left: disc(1.0),
            at: 10.0,
        };
        assert!(kept.shown(&disc(1.0), 10.0).is_some(), "shown at once");
        assert!(kept.shown(&disc(1.0), 13.9).is_some(), "still within 4 s");
        assert!(kept.shown(&disc(1.0), 14.0).is_none(), "gone after 4 s");
        assert!(
            kept.shown(&disc(2.0), 10.5).is_none(),
            "gone once the shape changed"
        );
        let en = with_lang(Lang::En, || words::shape_error(&err));
        let zh = with_lang(Lang::ZhHans, || words::shape_error(&err));
        assert_ne!(en, zh, "translated when shown: {en} / {zh}");
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{zh}"
        );
    }
}

/// Issue 28 item 6, the rows a panel-wide test let off: on a narrow panel
/// (the 640 × 480 window's) the polygon editor's "sides / make regular"
/// row and the random pair's two buttons stay inside the panel, in English
/// and Chinese; they ran past its edge, and every row after them was cut.
#[cfg(test)]
mod narrow {
    use crate::app::files::Document;
    use crate::app::i18n::{with_lang, Lang};
    use crate::app::pair::state::App;
    use crate::app::pair::test_scenes::pair_scenes;
    use egui_macroquad::egui;
    use satlab::geom::Side;

    #[test]
    fn the_polygon_and_random_rows_fit_a_narrow_panel() {
        let (_, scene, _) = pair_scenes()
            .into_iter()
            .find(|(p, _, _)| p.ends_with("06-triangle-hexagon-overlap.json"))
            .expect("the triangle-hexagon scene");
        for lang in [Lang::En, Lang::ZhHans] {
            with_lang(lang, || {
                let mut app = App::new(scene.clone(), Document::untitled(&scene));
                let ctx = egui::Context::default();
                for width in [220.0, 256.0] {
                    let (mut inner, mut used) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
                    for _ in 0..3 {
                        let raw = crate::app::shell::widgets::screen(width + 40.0, 2000.0);
                        let _ = ctx.run(raw, |ctx| {
                            egui::CentralPanel::default().show(ctx, |ui| {
                                ui.set_max_width(width);
                                inner = ui.max_rect();
                                let mut actions = Vec::new();
                                super::show(ui, &mut app, Side::B);
                                crate::app::pair::ui::random::show(ui, &mut app, &mut actions);
                                used = ui.min_rect();
                            });
                        });
                    }
                    assert!(
                        used.max.x <= inner.max.x + 0.5,
                        "{lang:?} at {width} px: rows reach {} past {}",
                        used.max.x,
                        inner.max.x
                    );
                }
            });
        }
    }
}
