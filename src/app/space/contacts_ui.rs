//! The Contacts view's panel section (the points table, the normal, the
//! speculative distance, the route, the clipping walk's buttons and
//! caption) and its labels on the canvas. What it shows comes from
//! [`super::contacts::Contacts3`], the library's manifold and trace.

use super::contacts::{caption_in, feature, labels, route_in, steps, SPECULATIVE};
use super::view::View;
use super::{SpaceMode, ID};
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{lang, tr, trf};
use crate::app::num;
use crate::app::shell::action::{Action, Walk};
use crate::app::shell::shortcuts::with_key;
use egui_macroquad::egui;
use glam::{Vec2, Vec3};

/// `(x, y, z)` with three decimals.
fn p3(v: Vec3) -> String {
    let f = |x: f32| num::fixed(x, 3);
    format!("({}, {}, {})", f(v.x), f(v.y), f(v.z))
}

/// The section: the view's checkbox (through [`Action::Contacts`]), and
/// while it is on the manifold and its walk.
pub fn show(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    let mut on = m.contacts.on;
    let label = with_key(tr("Contacts"), &Action::Contacts, ID);
    if ui.checkbox(&mut on, label).changed() {
        out.push(Action::Contacts);
    }
    if !m.contacts.on {
        return;
    }
    if m.predicting {
        ui.weak(tr("The contacts are hidden while predicting."));
        return;
    }
    let c = &m.contacts;
    ui.label(trf(
        "speculative distance {}: points up to this far apart are kept",
        &[&SPECULATIVE],
    ));
    ui.label(trf("found by: {}", &[&route_in(lang(), c.trace.method)]));
    let Some(man) = &c.manifold else {
        ui.weak(trf(
            "none: the shapes are more than {} apart",
            &[&SPECULATIVE],
        ));
        return;
    };
    ui.monospace(trf("normal A→B {}", &[&p3(man.normal)]));
    crate::app::shell::widgets::wide_table(ui, "contacts3_grid", |ui| {
        egui::Grid::new("contacts3_grid")
            .striped(true)
            .show(ui, |ui| {
                for h in ["#", tr("point"), tr("separation"), tr("features A / B")] {
                    ui.strong(h);
                }
                ui.end_row();
                for (k, p) in man.points().iter().enumerate() {
                    ui.monospace(format!("{}", k + 1));
                    ui.monospace(p3(p.midpoint()));
                    ui.monospace(num::fixed(p.separation, 3));
                    ui.monospace(format!("{} / {}", feature(p.id.a), feature(p.id.b)));
                    ui.end_row();
                }
            })
    });
    ui.weak(tr(
        "separation: + a gap, − a depth; v vertex, e edge, f face of each shape's core",
    ));
    walk(ui, m, out);
}

/// The clipping walk: its buttons (through [`Action::Walk`], as the keys)
/// and the current step's caption.
fn walk(ui: &mut egui::Ui, m: &SpaceMode, out: &mut Vec<Action>) {
    let c = &m.contacts;
    let n = steps(&c.trace);
    ui.horizontal_wrapped(|ui| {
        let how = with_key(tr("How were they found?"), &Action::Walk(Walk::Forward), ID);
        if ui.button(how).clicked() {
            out.push(Action::Walk(Walk::Home));
        }
        if let Some(k) = c.step {
            if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
                out.push(Action::Walk(Walk::Back));
            }
            ui.monospace(format!("{} / {n}", k + 1));
            if ui.add_enabled(k + 1 < n, egui::Button::new("▶")).clicked() {
                out.push(Action::Walk(Walk::Forward));
            }
        }
    });
    if let Some(k) = c.step {
        ui.label(caption_in(lang(), &c.trace, k));
    }
}

/// The points' labels ("1: −0.050") beside their midpoints, alternately
/// right and left of them, with `p` through `view`.
pub fn paint_labels(p: &Painter, view: &View, m: &SpaceMode) {
    if !m.contacts.on || m.predicting {
        return;
    }
    let Some(man) = &m.contacts.manifold else {
        return;
    };
    for (k, (at, text)) in labels(man).into_iter().enumerate() {
        let Some(s) = view.to_screen(at) else {
            continue;
        };
        let size = 13.0 * p.labels;
        let w = p
            .plate(&text, Vec2::ZERO, size, Anchor::BottomLeft)
            .size()
            .x;
        let gap = 14.0 * p.scale;
        let dx = if k % 2 == 0 { gap } else { -gap - w };
        let at = s + Vec2::new(dx, -6.0 * p.scale);
        if view.canvas.contains(s) {
            p.label(&text, at, size, p.pal.hit, Anchor::BottomLeft, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use crate::app::space::picture::Ink;
    use satlab::scene::{load_any, AnyScene};

    fn view() -> View {
        let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0)));
        v.fit(Vec3::splat(-2.0), Vec3::splat(2.0));
        v
    }

    /// In the mode: the view off draws nothing of its own and the walk
    /// keys are SAT's; on, the points are drawn, the SAT overlay goes while
    /// its walk is shown, and the walk (and auto-play) is the clipping's.
    #[test]
    fn in_the_mode_the_view_owns_the_walk_only_while_it_is_on() {
        use crate::app::shell::mode::Mode;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/11-3d-contacts/01-box-resting-on-box.json");
        let Ok(AnyScene::Space(sc)) = load_any(&path) else {
            panic!("the scene loads");
        };
        let mut m = SpaceMode::new(*sc, None);
        m.view = view();
        let contact = |m: &SpaceMode| {
            m.picture
                .lines
                .iter()
                .filter(|l| l.ink == Ink::Contact)
                .count()
        };
        m.build_picture();
        assert_eq!(contact(&m), 0);
        let sat_len = m.walk_at().map(|w| w.len);
        m.contacts.toggle();
        m.build_picture();
        let n = m.contacts.manifold.map_or(0, |x| x.points().len());
        assert_eq!(n, 4, "a box resting on a box: four corners");
        assert!(contact(&m) >= 2 * n * 40, "two rings a point");
        assert_eq!(m.walk_at().map(|w| w.len), Some(steps(&m.contacts.trace)));
        assert_ne!(m.walk_at().map(|w| w.len), sat_len);
        m.contacts
            .walk(Walk::Forward, &m.scene.a.shape, &m.scene.b.shape);
        m.build_picture();
        assert!(
            m.picture.lines.iter().all(|l| l.ink != Ink::Axis),
            "no SAT axes"
        );
        assert!(m.contacts.caption().is_some_and(|c| c.starts_with("1.")));
        m.contacts.toggle();
        m.build_picture();
        assert_eq!(contact(&m), 0);
        assert_eq!(m.walk_at().map(|w| w.len), sat_len, "SAT's walk again");
        assert!(m.contacts.caption().is_none());
    }
}
