//! The shape editor panel: a shape's position, rotation (Euler angles in
//! degrees as the file writes them, or its quaternion), sizes and points (a
//! triangle's vertices, a hull's points), edited exactly; an invalid value
//! is refused with the library's reason.

use super::edit;
use super::SpaceMode;
use crate::app::i18n::{tr, trf};
use crate::app::shell::widgets::drag_speed;
use egui_macroquad::egui;
use satlab::geom3d::{ShapeError, Side, Vec3};
use satlab::scene::Rotation3;

/// A row of three numbers; true when one changed.
fn triple(ui: &mut egui::Ui, label: &str, v: &mut [f32; 3], speed: f64) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(label);
        for x in v.iter_mut() {
            changed |= ui
                .add(egui::DragValue::new(x).speed(speed).max_decimals(4))
                .changed();
        }
    });
    changed
}

/// The shape's size for [`drag_speed`]: its largest dimension or local
/// point, world units (0 for a point).
fn size(p: &satlab::scene::Placed3) -> f32 {
    let dims = edit::dims(&p.shape).into_iter().map(|(_, v)| v);
    let pts = edit::points(p).into_iter().map(|v| v.length());
    dims.chain(pts).fold(0.0, f32::max)
}

/// The editor of shape `side`.
pub fn show(ui: &mut egui::Ui, m: &mut SpaceMode, side: Side) {
    let p = m.placed(side).clone();
    let title = trf("Shape {}: {}", &[&side.letter(), &p.shape.kind().name()]);
    egui::CollapsingHeader::new(title)
        .id_salt(("space-shape", side.letter()))
        .default_open(true)
        .show(ui, |ui| {
            let speed = drag_speed(size(&p));
            let mut pos = p.shape.pose().position().to_array();
            let mut changed = triple(ui, tr("position"), &mut pos, speed);
            let mut rotation = p.rotation;
            match &mut rotation {
                Rotation3::None => {
                    let mut d = [0.0; 3];
                    if triple(ui, tr("turn x y z (°)"), &mut d, 0.5) {
                        rotation = Rotation3::EulerDeg(d);
                        changed = true;
                    }
                }
                Rotation3::EulerDeg(d) => changed |= triple(ui, tr("turn x y z (°)"), d, 0.5),
                Rotation3::Quaternion(q) => {
                    ui.horizontal(|ui| {
                        ui.label(tr("quaternion x y z w"));
                        for x in q.iter_mut() {
                            changed |= ui
                                .add(egui::DragValue::new(x).speed(0.01).max_decimals(6))
                                .changed();
                        }
                    });
                }
            }
            let mut sizes: Vec<f32> = Vec::new();
            for (name, v) in edit::dims(&p.shape) {
                let mut v = v;
                ui.horizontal(|ui| {
                    ui.label(tr(name));
                    changed |= ui
                        .add(egui::DragValue::new(&mut v).speed(speed).max_decimals(4))
                        .changed();
                });
                sizes.push(v);
            }
            let mut fresh = None;
            if changed {
                match edit::rebuilt(&p, Vec3::from(pos), rotation, &sizes) {
                    Ok(q) => *m.placed_mut(side) = q,
                    Err(e) => fresh = Some(e),
                }
            }
            fresh = points(ui, m, side).or(fresh);
            // Under the fields, translated when shown, gone 4 s after
            // (it stayed on the top bar, in English, until dismissed).
            let id = ui.id().with(("space-refused", side.letter()));
            let current = m.placed(side).clone();
            crate::app::shell::widgets::refusal(ui, id, &current, fresh);
        });
}

/// The triangle's vertices or the hull's points (local frame), one row
/// each, bounded by the shape's own count (at most 256 for a hull); the
/// library's error when an edit was refused.
fn points(ui: &mut egui::Ui, m: &mut SpaceMode, side: Side) -> Option<ShapeError> {
    let p = m.placed(side).clone();
    let mut pts = edit::points(&p);
    if pts.is_empty() {
        return None;
    }
    let mut changed = false;
    let speed = drag_speed(size(&p));
    egui::CollapsingHeader::new(trf("points (local): {}", &[&pts.len()]))
        .id_salt(("space-points", side.letter()))
        .show(ui, |ui| {
            for (k, v) in pts.iter_mut().enumerate() {
                let mut a = v.to_array();
                if triple(ui, &format!("{}", k + 1), &mut a, speed) {
                    *v = Vec3::from(a);
                    changed = true;
                }
            }
        });
    if changed {
        match edit::with_points(&p, &pts) {
            Ok(q) => *m.placed_mut(side) = q,
            Err(e) => return Some(e),
        }
    }
    None
}
