//! The shape editor panel: a shape's position, rotation (Euler angles in
//! degrees as the file writes them, or its quaternion) and sizes, edited
//! exactly; an invalid value is refused with the library's reason.

use super::edit;
use super::SpaceMode;
use crate::app::i18n::{tr, trf};
use egui_macroquad::egui;
use satlab::geom3d::{Side, Vec3};
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

/// The editor of shape `side`.
pub fn show(ui: &mut egui::Ui, m: &mut SpaceMode, side: Side) {
    let p = m.placed(side).clone();
    let title = trf("Shape {}: {}", &[&side.letter(), &p.shape.kind().name()]);
    egui::CollapsingHeader::new(title)
        .id_salt(("space-shape", side.letter()))
        .default_open(true)
        .show(ui, |ui| {
            let mut pos = p.shape.pose().position().to_array();
            let mut changed = triple(ui, tr("position"), &mut pos, 0.01);
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
                    ui.label(trf(
                        "quaternion [x, y, z, w] = [{}, {}, {}, {}] (edit it in the file)",
                        &[&q[0], &q[1], &q[2], &q[3]],
                    ));
                }
            }
            let mut sizes: Vec<f32> = Vec::new();
            for (name, v) in edit::dims(&p.shape) {
                let mut v = v;
                ui.horizontal(|ui| {
                    ui.label(tr(name));
                    changed |= ui
                        .add(egui::DragValue::new(&mut v).speed(0.01).max_decimals(4))
                        .changed();
                });
                sizes.push(v);
            }
            if changed {
                match edit::rebuilt(&p, Vec3::from(pos), rotation, &sizes) {
                    Ok(q) => *m.placed_mut(side) = q,
                    Err(e) => m.say(e.detail(), true),
                }
            }
        });
}
