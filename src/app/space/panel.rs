//! The 3D mode's side panel: the verdict, the camera buttons, the shape
//! editors ([`super::editor`]) and the axes table ([`super::axes`]); and
//! the mode's View menu entries.

use super::action::{Preset, SpaceAction};
use super::SpaceMode;
use super::ID;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::shell::action::Action;
use crate::app::shell::shortcuts::key_text;
use egui_macroquad::egui;
use satlab::geom3d::Side;

/// `what (key)`, the key from the shortcut table.
fn with_key(what: &str, a: &Action) -> String {
    match key_text(a, ID) {
        k if k.is_empty() => what.to_string(),
        k => format!("{what} ({k})"),
    }
}

/// Shows the panel; edits the mode directly, returns the rest as actions.
pub fn show(ctx: &egui::Context, m: &mut SpaceMode, out: &mut Vec<Action>) {
    let max = crate::app::shell::widgets::panel_max_width(ctx);
    crate::app::shell::widgets::right_panel(ctx, "space", 330.0, max).show(ctx, |ui| {
            crate::app::shell::widgets::scroll_area(crate::app::shell::widgets::Scroll::Vertical).show(ui, |ui| {
                ui.heading(tr("3D scene"));
                if !m.scene.name.is_empty() {
                    ui.label(egui::RichText::new(&m.scene.name).strong());
                }
                if !m.scene.notes.is_empty() {
                    ui.label(&m.scene.notes);
                }
                if m.predicting {
                    ui.strong(tr("Predict: separated or overlapping?"));
                } else {
                    verdict(ui, m);
                    let (a, b) = (&m.scene.a.shape, &m.scene.b.shape);
                    let tol = m.scene.contact_tolerance.unwrap_or(satlab::geom3d::CONTACT_TOLERANCE);
                    crate::app::reference::section_3d(ui, a, b, tol);
                }
                predict(ui, m, out);
                ui.separator();
                camera(ui, m, out);
                ui.separator();
                super::contacts_ui::show(ui, m, out);
                ui.separator();
                super::algorithm::show(ui, m);
                super::gjk_panel::section(ui, m);
                super::motion_mode::panel(ui, m);
                for side in [Side::A, Side::B] {
                    super::editor::show(ui, m, side);
                }
                ui.separator();
                random(ui, m, out);
                ui.separator();
                if m.predicting {
                    ui.weak(tr("The axes table is hidden while predicting."));
                } else {
                    super::axes::show(ui, m);
                }
                ui.separator();
                ui.weak(tr(
                    "left drag: move a shape, or the selected one's arrows (move), rings (turn) and squares (size), Ctrl snaps; right or Alt+left drag: orbit; middle or Shift+right drag: pan; wheel: zoom",
                ));
            });
        });
}

/// The verdict and what decided it.
fn verdict(ui: &mut egui::Ui, m: &SpaceMode) {
    let r = &m.report;
    let size = m.size;
    let words = crate::app::i18n::words::verdict_caps(m.verdict());
    ui.strong(words);
    match (r.first_separating(), r.least_overlap()) {
        (Some(t), _) if !m.hit => {
            ui.label(trf(
                "separated on {} by {}",
                &[
                    &super::words::axis_source(&t.source),
                    &num::at_size(t.gap, 4, size),
                ],
            ));
        }
        // Touching: the best axis still shows a gap, within the tolerance.
        (_, Some(t)) if t.gap > 0.0 => {
            ui.label(trf(
                "a gap of {} on {}, within the contact tolerance",
                &[
                    &num::at_size(t.gap, 4, size),
                    &super::words::axis_source(&t.source),
                ],
            ));
        }
        (_, Some(t)) => {
            ui.label(trf(
                "least overlap {} on {}",
                &[
                    &num::at_size(-t.gap, 4, size),
                    &super::words::axis_source(&t.source),
                ],
            ));
        }
        _ => {}
    }
    if r.decided_by_distance {
        ui.weak(tr("in the contact band: the exact distance decided"));
    }
}

/// The predict / reveal button.
fn predict(ui: &mut egui::Ui, m: &SpaceMode, out: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        let text = if m.predicting {
            tr("Reveal")
        } else {
            tr("Predict")
        };
        if ui.button(with_key(text, &Action::Predict)).clicked() {
            out.push(Action::Predict);
        }
        if !m.predicting {
            ui.weak(tr("hides the verdict and every overlay until you reveal"));
        }
    });
}

/// The camera buttons.
fn camera(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        for p in Preset::ALL {
            if ui
                .button(with_key(
                    tr(p.label()),
                    &Action::Space(SpaceAction::Look(p)),
                ))
                .clicked()
            {
                out.push(Action::Space(SpaceAction::Look(p)));
            }
        }
        if ui.button(with_key(tr("fit"), &Action::Fit)).clicked() {
            out.push(Action::Fit);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let along = with_key(
            tr("look along the selected axis"),
            &Action::Space(SpaceAction::LookAlongAxis),
        );
        if ui.button(along).clicked() {
            out.push(Action::Space(SpaceAction::LookAlongAxis));
        }
        let edge = with_key(
            tr("edge-on to the separating plane"),
            &Action::Space(SpaceAction::EdgeOn),
        );
        if ui.button(edge).clicked() {
            out.push(Action::Space(SpaceAction::EdgeOn));
        }
    });
    let bars = with_key(tr("interval bars on every axis"), &Action::CycleAxes);
    ui.checkbox(&mut m.overlay.all_bars, bars);
    let mut keep = m.keep_testing;
    if ui
        .checkbox(&mut keep, tr("Keep testing every axis"))
        .changed()
    {
        m.set_keep_testing(keep);
    }
    let algorithm = with_key(tr("Algorithm panel"), &Action::AlgorithmPanel);
    ui.checkbox(&mut m.algorithm, algorithm);
}

/// The mode's entries in the View menu.
pub fn view_menu(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    let algorithm = with_key(tr("Algorithm panel"), &Action::AlgorithmPanel);
    ui.checkbox(&mut m.algorithm, algorithm);
    let mut motion = m.motion.on;
    if ui
        .checkbox(&mut motion, with_key(tr("Motion"), &Action::Motion))
        .clicked()
    {
        out.push(Action::Motion);
    }
    for p in Preset::ALL {
        crate::app::shell::top_bar::item(
            ui,
            ID,
            tr(p.label()),
            Action::Space(SpaceAction::Look(p)),
            out,
        );
    }
    let bars = with_key(tr("interval bars on every axis"), &Action::CycleAxes);
    ui.checkbox(&mut m.overlay.all_bars, bars);
}

/// The random pair: A's and B's kinds (or any), the seed, and the buttons
/// that make the pair (the key and the Edit menu make the next).
fn random(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    use satlab::geom3d::ShapeKind3;
    ui.strong(tr("Random pair"));
    egui::Grid::new("random_pair3")
        .num_columns(2)
        .show(ui, |ui| {
            for (k, letter) in ["A", "B"].into_iter().enumerate() {
                ui.label(letter);
                let kind = &mut m.random.kinds[k];
                let text = kind.map_or(tr("any kind"), ShapeKind3::name);
                egui::ComboBox::from_id_salt(("random_kind3", k))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(kind, None, tr("any kind"));
                        for c in ShapeKind3::ALL {
                            ui.selectable_value(kind, Some(c), c.name());
                        }
                    });
                ui.end_row();
            }
            ui.label(tr("seed"));
            ui.add(egui::DragValue::new(&mut m.random.seed));
            ui.end_row();
        });
    ui.horizontal_wrapped(|ui| {
        let next = with_key(tr("Next random pair"), &Action::Generate);
        if ui.add(egui::Button::new(next).wrap()).clicked() {
            out.push(Action::Generate);
        }
        if ui
            .add(egui::Button::new(tr("This seed's pair")).wrap())
            .on_hover_text(tr(
                "the pair of the seed as typed: the same seed, the same pair",
            ))
            .clicked()
        {
            m.random_pair(false);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::scene::{load_any, AnyScene};

    fn mode(file: &str) -> SpaceMode {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        match load_any(&path) {
            Ok(AnyScene::Space(sc)) => SpaceMode::new(*sc, None),
            other => panic!("{file}: {other:?}"),
        }
    }

    /// The texts the 3D panel draws in a window `w` × `h`, each with its
    /// rows and whether it fits across its clip rectangle, after a few
    /// frames (egui settles its layout).
    fn panel_texts(m: &mut SpaceMode, w: f32, h: f32) -> Vec<(String, usize, bool)> {
        let ctx = egui::Context::default();
        let raw = || crate::app::shell::widgets::screen(w, h);
        let mut out = None;
        for _ in 0..3 {
            out = Some(ctx.run(raw(), |ctx| {
                show(ctx, m, &mut Vec::new());
            }));
        }
        let Some(out) = out else { return Vec::new() };
        out.shapes
            .iter()
            .filter_map(|c| match &c.shape {
                egui::epaint::Shape::Text(t) => {
                    Some((t.galley.text().to_string(), t.galley.rows.len(), {
                        // Across only: the panel scrolls up and down.
                        let r = t.visual_bounding_rect();
                        c.clip_rect.min.x <= r.min.x + 0.5 && r.max.x <= c.clip_rect.max.x + 0.5
                    }))
                }
                _ => None,
            })
            .collect()
    }

    /// Two boxes 1e-3 across, 4e-4 apart on a face: the panel's verdict
    /// line and axes table write the gap with the decimals of their size
    /// ("0.0004000", "0.000400"), where fixed decimals wrote "0.0004" and
    /// "0.000"; 4e-5 apart (touching) the verdict line says the gap lies
    /// within the contact tolerance (it said "least overlap -0.0000").
    #[test]
    fn a_tiny_pair_keeps_its_gap_readable_in_the_panel() {
        let text = r#"{"version": 3,
            "a": {"kind": "aabb", "position": [0, 0, 0], "half_extents": [0.0005, 0.0005, 0.0005]},
            "b": {"kind": "aabb", "position": [0.0014, 0, 0], "half_extents": [0.0005, 0.0005, 0.0005]}}"#;
        let Ok(AnyScene::Space(sc)) = satlab::scene::parse_any(text, std::path::Path::new("t"))
        else {
            panic!("a 3D scene")
        };
        let mut m = SpaceMode::new(*sc, None);
        let texts: Vec<String> = panel_texts(&mut m, 1280.0, 800.0)
            .into_iter()
            .map(|t| t.0)
            .collect();
        for want in ["by 0.0004000", "0.000400"] {
            assert!(
                texts.iter().any(|t| t.contains(want)),
                "no {want:?} in {texts:?}"
            );
        }
        let touching = text.replace("0.0014", "0.00104");
        let Ok(AnyScene::Space(sc)) =
            satlab::scene::parse_any(&touching, std::path::Path::new("t"))
        else {
            panic!("a 3D scene")
        };
        let mut m = SpaceMode::new(*sc, None);
        let texts = panel_texts(&mut m, 1280.0, 800.0);
        let want = "a gap of 0.0000400 on A face +x normal, within the contact tolerance";
        assert!(
            texts.iter().any(|t| t.0 == want),
            "no {want:?} in {texts:?}"
        );
    }

    #[test]
    fn two_40_point_hulls_list_only_the_axes_that_can_separate_and_lay_out_a_page_of_them() {
        let mut m = mode("tests/e2e/two-40-point-hulls.json");
        let r = &m.report;
        // 40 corners each, triangulated: F = 2V − 4 = 76 faces and
        // E = 3V − 6 = 114 edges; 76 + 76 face normals and 114 × 114
        // edge pairs, 13,148 candidates before pruning.
        assert_eq!(r.axes.len() + r.pruned, 2 * 76 + 114 * 114);
        assert!(r.axes.len() < 1_000, "{} axes listed", r.axes.len());
        assert!(r.pruned > 12_000, "{} pruned", r.pruned);
        let eval = satlab::scene::eval_space(&m.scene);
        assert_eq!((eval.axes.len(), eval.pruned), (r.axes.len(), r.pruned));
        assert!(eval
            .table()
            .contains(&format!("{} edge pairs left out", r.pruned)));
        // Only the rows in view are laid out: about a page, not hundreds.
        let texts = panel_texts(&mut m, 1280.0, 800.0);
        let first_cells = texts
            .iter()
            .filter(|(t, _, _)| t.trim_end_matches('★').parse::<usize>().is_ok())
            .count();
        assert!(
            (1..=super::super::axes::TABLE_ROWS + 2).contains(&first_cells),
            "{first_cells} rows laid out"
        );
    }

    #[test]
    fn the_skip_reason_wraps_inside_the_panel_at_every_window_size() {
        let mut m = mode("scenes/08-3d/23-aabbs-corner-to-corner.json");
        assert!(m.report.skipped_count() > 0);
        // Windows 640, 1280 and 1920 wide (the panel's width, which
        // wrapping depends on, follows the window's), tall enough that the
        // panel's end is drawn without scrolling.
        for w in [640.0, 1280.0, 1920.0] {
            let h = 3000.0;
            let texts = panel_texts(&mut m, w, h);
            let reason = texts
                .iter()
                .find(|(t, _, _)| t.contains("skipped: edges parallel"))
                .unwrap_or_else(|| panic!("no skip reason at {w}×{h}: {texts:?}"));
            assert!(reason.1 > 1, "wrapped to the panel at {w}×{h}: {reason:?}");
            assert!(reason.2, "not clipped at {w}×{h}");
        }
    }
}
