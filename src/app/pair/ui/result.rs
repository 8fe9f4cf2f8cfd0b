//! The result panel: verdict, distance, penetration depth, MTV.

use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use crate::app::pair::state::App;
use egui_macroquad::egui;

/// Shows the result section.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    if app.class.hides_verdict() {
        crate::app::pair::ui::step_panel::hidden_result(ui, &app.class);
        return;
    }
    let r = &app.results;
    // Decimals by the shapes' size: 1e-3 across, a distance of 4e-5 reads
    // "0.0000400", not "0.0000".
    let size = app.results.size;
    ui.heading(tr("Result"));
    // The verdict under the touching policy (closed sets: the core's).
    let verdict = app.class.ruling.verdict;
    let color = crate::app::palette::Palette::of_visuals(ui.visuals()).egui_verdict(verdict);
    ui.label(
        egui::RichText::new(words::verdict_caps(verdict))
            .color(color)
            .strong()
            .size(18.0),
    );
    crate::app::shell::widgets::wide_table(ui, "result_grid", |ui| {
        egui::Grid::new("result_grid")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(tr("distance"));
                ui.monospace(num::at_size(r.distance.distance, 4, size));
                ui.end_row();
                ui.label(tr("closest points"));
                let (a, b) = (r.distance.point_a, r.distance.point_b);
                let f = |v: f32| num::at_size(v, 2, size);
                // A's row, then B's: with the decimals of small shapes both
                // on one line no longer fit the panel.
                ui.monospace(format!("A ({}, {})", f(a.x), f(a.y)));
                ui.end_row();
                ui.label("");
                ui.monospace(format!("B ({}, {})", f(b.x), f(b.y)));
                ui.end_row();
                ui.label(tr("penetration"));
                match r.penetration {
                    Some(p) => ui.monospace(num::at_size(p.depth, 4, size)),
                    None => ui.weak("—"),
                };
                ui.end_row();
                ui.label(tr("MTV (moves B)"));
                // One answer everywhere: an MTV exactly when the penetration
                // query gives one (as `satlab eval` says), not the report's
                // least overlap where penetration is not defined.
                match r.penetration.map(|p| p.mtv) {
                    Some(m) if r.verdict.intersects() => ui.monospace(format!(
                        "({}, {})",
                        num::at_size(m.x, 4, size),
                        num::at_size(m.y, 4, size)
                    )),
                    _ => ui.weak("—"),
                };
                ui.end_row();
            })
    });
    if let Some(note) = words::split_note(&r.report) {
        ui.small(note);
    }
    if app.contacts {
        contacts(ui, app);
    }
    if app.motion_view {
        crate::app::pair::ui::motion::show(ui, app);
    }
    if app.gjk_view {
        crate::app::pair::ui::motion::gjk_walk(ui, app);
    }
    crate::app::pair::ui::step_panel::policy(ui, app);
    let tolerance = app.scene.contact_tolerance;
    let tolerance = tolerance.unwrap_or(satlab::geom::CONTACT_TOLERANCE);
    crate::app::reference::section_2d(ui, &app.scene.a, &app.scene.b, tolerance);
}

/// The Contacts view's table: the normal, then each point with its
/// separation and the features it comes from.
fn contacts(ui: &mut egui::Ui, app: &mut App) {
    let size = app.results.size;
    let f = |v: f32| num::at_size(v, 3, size);
    ui.strong(tr("Contacts"));
    let Some((Some(m), _)) = &app.results.contacts else {
        ui.weak(trf(
            "none: the shapes are more than {} apart",
            &[&crate::app::pair::contacts::SPECULATIVE],
        ));
        return;
    };
    ui.monospace(trf(
        "normal A→B ({}, {})",
        &[&f(m.normal.x), &f(m.normal.y)],
    ));
    clipping_walk(ui, app);
    let Some((Some(m), _)) = &app.results.contacts else {
        return;
    };
    crate::app::shell::widgets::wide_table(ui, "contacts_grid", |ui| {
        egui::Grid::new("contacts_grid")
            .striped(true)
            .show(ui, |ui| {
                for h in ["#", tr("point"), tr("separation"), tr("features A / B")] {
                    ui.strong(h);
                }
                ui.end_row();
                for (k, p) in m.points().iter().enumerate() {
                    let c = p.midpoint();
                    ui.monospace(format!("{}", k + 1));
                    ui.monospace(format!("({}, {})", f(c.x), f(c.y)));
                    ui.monospace(f(p.separation));
                    ui.monospace(format!(
                        "{} / {}",
                        crate::app::pair::contacts::feature(p.id.a),
                        crate::app::pair::contacts::feature(p.id.b)
                    ));
                    ui.end_row();
                }
            })
    });
}

/// The clipping walk: step buttons and the current step's caption.
fn clipping_walk(ui: &mut egui::Ui, app: &mut App) {
    use crate::app::pair::contacts::{caption, CLIP_STEPS};
    ui.horizontal_wrapped(|ui| {
        let step = app.contact_step;
        if ui.button(tr("How were they found?")).clicked() {
            app.contact_step = match step {
                None => Some(0),
                Some(_) => None,
            };
        }
        if let Some(k) = step {
            if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
                app.contact_step = Some(k - 1);
            }
            ui.monospace(format!("{} / {CLIP_STEPS}", k + 1));
            if ui
                .add_enabled(k + 1 < CLIP_STEPS, egui::Button::new("▶"))
                .clicked()
            {
                app.contact_step = Some(k + 1);
            }
        }
    });
    if let (Some(k), Some((_, trace))) = (app.contact_step, &app.results.contacts) {
        ui.label(caption(trace, k));
    }
}

#[cfg(test)]
mod tests {
    use crate::app::files::Document;
    use crate::app::pair::state::App;
    use crate::app::pair::teach::step::Stage;
    use egui_macroquad::egui;
    use satlab::geom::Verdict;

    /// Every text the inspector's result and axes sections put on screen.
    fn panel_text(app: &mut App) -> String {
        let ctx = egui::Context::default();
        let out = ctx.run(egui::RawInput::default(), |ctx| {
            egui::CentralPanel::default().show(ctx, |ui| {
                super::show(ui, app);
                crate::app::pair::ui::axes_table::show(ui, app);
            });
        });
        let mut text = String::new();
        for c in &out.shapes {
            if let egui::epaint::Shape::Text(t) = &c.shape {
                text.push_str(t.galley.text());
                text.push('\n');
            }
        }
        text
    }

    /// Two boxes 1e-3 across, 4e-4 apart: the distance, the closest points
    /// and the axes table's gaps keep the decimals of their size (four
    /// fixed decimals wrote the distance "0.0004" and the gap "0.000").
    #[test]
    fn a_tiny_pair_keeps_its_numbers_readable() {
        let text = r#"{"version": 1,
            "a": {"kind": "aabb", "position": [0, 0], "half_extents": [0.0005, 0.0005]},
            "b": {"kind": "aabb", "position": [0.0014, 0], "half_extents": [0.0005, 0.0005]}}"#;
        let Ok(satlab::scene::AnyScene::Pair(scene)) =
            satlab::scene::parse_any(text, std::path::Path::new("t"))
        else {
            panic!("a pair scene");
        };
        let mut app = App::new(scene.clone(), Document::untitled(&scene));
        app.refresh();
        let text = panel_text(&mut app);
        for want in ["0.0004000", "A (0.00050, ", "gap 0.000400"] {
            assert!(text.contains(want), "no {want:?} in\n{text}");
        }
    }

    #[test]
    fn a_verdict_that_waits_for_the_walk_is_hidden_everywhere_until_its_end() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/01-basics/03-aabb-aabb-overlap.json");
        let Ok(satlab::scene::AnyScene::Pair(scene)) = satlab::scene::load_any(&path) else {
            panic!("the scene loads");
        };
        let mut app = App::new(scene.clone(), Document::untitled(&scene));
        app.refresh();
        assert_eq!(app.class.shown_verdict(), Verdict::Overlapping);
        assert!(panel_text(&mut app).contains("OVERLAPPING"));
        app.class.verdict_waits = true;
        app.class.step.home();
        app.refresh();
        app.class.step.forward();
        app.refresh();
        assert!(matches!(app.class.step.stage(), Stage::Axis(_)));
        // The outlines take their own hue, the badge and the result go.
        assert_eq!(app.class.shown_verdict(), Verdict::Separated);
        assert!(app.class.hides_verdict());
        let text = panel_text(&mut app);
        for giveaway in ["OVERLAPPING", "MTV", "penetration"] {
            assert!(
                !text.contains(giveaway),
                "{giveaway:?} shown mid-walk:\n{text}"
            );
        }
        // Only the axis walked shows its overlap.
        assert_eq!(text.matches("ovl ").count(), 1, "{text}");
        assert!(text.contains("waits for the end of the walk"), "{text}");
        app.class.step.run_to_end();
        app.refresh();
        assert_eq!(app.class.shown_verdict(), Verdict::Overlapping);
        let text = panel_text(&mut app);
        assert!(
            text.contains("OVERLAPPING") && text.contains("MTV"),
            "{text}"
        );
    }
}
