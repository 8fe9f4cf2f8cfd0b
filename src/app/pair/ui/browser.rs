//! The scene browser: scenes by folder with each scene's name; a folder is
//! a lesson, PageUp/PageDown steps through it.

use crate::app::i18n::tr;
use crate::app::pair::state::App;
use crate::app::shell::action::Action;
use egui_macroquad::egui;

/// Shows the browser panel on the left.
pub fn show(ctx: &egui::Context, app: &mut App, actions: &mut Vec<Action>) {
    egui::SidePanel::left("browser")
        .resizable(true)
        .default_width(240.0)
        .max_width(crate::app::shell::widgets::panel_max_width(ctx) * 0.6)
        .show(ctx, |ui| {
            ui.heading(tr("Scenes"));
            let Some(listing) = &app.listing else {
                ui.label(tr("No folder open. File → Browse scenes."));
                return;
            };
            ui.weak(crate::app::wrap::path(&listing.root));
            if listing.folders.is_empty() {
                ui.label(tr("No scene files (*.json) here."));
            }
            let current = app
                .path()
                .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()));
            crate::app::shell::widgets::scroll_area(crate::app::shell::widgets::Scroll::Both).show(
                ui,
                |ui| {
                    for f in &listing.folders {
                        let name = f
                            .path
                            .strip_prefix(&listing.root)
                            .ok()
                            .map(crate::app::wrap::path)
                            .filter(|s| !s.is_empty())
                            .unwrap_or_else(|| ".".into());
                        egui::CollapsingHeader::new(name)
                            .default_open(true)
                            .show(ui, |ui| {
                                for e in &f.entries {
                                    let here = current.as_ref().is_some_and(|c| {
                                        std::fs::canonicalize(&e.path).ok().as_ref() == Some(c)
                                    });
                                    let r = ui
                                        .selectable_label(here, crate::app::wrap::name(&e.title))
                                        .on_hover_text(crate::app::wrap::path(&e.path));
                                    if r.clicked() && !here {
                                        actions.push(Action::OpenPath(e.path.clone()));
                                    }
                                }
                            });
                    }
                },
            );
        });
}
