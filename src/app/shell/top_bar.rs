//! The top bar, the same in every mode: menus (the mode adds its entries),
//! the title (file and • when dirty) and messages. Shortcut texts come from
//! the one shortcut table.

use crate::app::i18n::{self, tr, trf, Lang};
use crate::app::palette::Theme;
use crate::app::shell::action::{Action, ModeId, UiState};
use crate::app::shell::autoplay::AutoPlay;
use crate::app::shell::mode::{Look, Menu, Mode};
use crate::app::shell::shortcuts::{key_text, with_key};
use egui_macroquad::egui;

/// Messages that are not errors fade after this many seconds.
const MESSAGE_S: f64 = 6.0;

/// A menu entry with its shortcut (from the table, for mode `mode`) written
/// beside it; a click asks for `a` and closes the menu.
pub fn item(ui: &mut egui::Ui, mode: ModeId, text: &str, a: Action, out: &mut Vec<Action>) {
    item_if(ui, mode, true, text, a, out);
}

/// [`item`], greyed out unless `enabled`.
fn item_if(
    ui: &mut egui::Ui,
    mode: ModeId,
    enabled: bool,
    text: &str,
    a: Action,
    out: &mut Vec<Action>,
) {
    let b = egui::Button::new(text).shortcut_text(key_text(&a, mode));
    if ui.add_enabled(enabled, b).clicked() {
        out.push(a);
        ui.close_menu();
    }
}

/// The modes to choose from: (id, name, shown now).
pub type ModeList = Vec<(ModeId, &'static str, bool)>;

/// Shows the top bar for `mode`: its View menu edits `look` and auto-play.
pub fn show(
    ctx: &egui::Context,
    mode: &mut dyn Mode,
    modes: &ModeList,
    (look, play): (&mut Look, &mut AutoPlay),
    st: &mut UiState,
    now: f64,
    out: &mut Vec<Action>,
) {
    let id = mode.id();
    egui::TopBottomPanel::top("top_bar").show(ctx, |ui| {
        egui::menu::bar(ui, |ui| {
            fitted_menu(ui, tr("File"), |ui| {
                item(ui, id, tr("New"), Action::New, out);
                item(ui, id, tr("Open…"), Action::Open, out);
                item(ui, id, tr("Save"), Action::Save, out);
                item(ui, id, tr("Save as…"), Action::SaveAs, out);
                ui.separator();
                mode.menu(ui, Menu::File, out);
                let capture = tr("Capture regression scene…");
                item(ui, id, capture, Action::Capture, out);
                item(
                    ui,
                    id,
                    tr("Export picture (PNG, SVG)"),
                    Action::ExportPng,
                    out,
                );
                let animation = tr("Export animation (GIF, APNG)…");
                item(ui, id, animation, Action::ExportAnimation, out);
                ui.separator();
                item(ui, id, tr("Quit"), Action::Quit, out);
            });
            fitted_menu(ui, tr("Edit"), |ui| {
                let (u, r) = mode.undo_depth();
                item_if(ui, id, u > 0, tr("Undo"), Action::Undo, out);
                item_if(ui, id, r > 0, tr("Redo"), Action::Redo, out);
                ui.separator();
                item(ui, id, tr("Copy scene as JSON"), Action::CopyScene, out);
                let paste = tr("Paste shape or scene from JSON");
                item(ui, id, paste, Action::Paste, out);
                item(ui, id, tr("Copy results as text"), Action::CopyResults, out);
                mode.menu(ui, Menu::Edit, out);
            });
            fitted_menu(ui, tr("View"), |ui| {
                view_menu(ui, mode, modes, look, out);
                ui.separator();
                play_menu(ui, id, play, now, out);
            });
            ui.menu_button("Language / 语言", |ui| {
                let mut current = i18n::lang();
                ui.label(trf("Interface language: {}", &[&current.native_name()]));
                for l in Lang::ALL {
                    if ui.radio_value(&mut current, l, l.native_name()).clicked() {
                        i18n::set_lang(l);
                        ui.close_menu();
                    }
                }
            });
            if ui.button(tr("Help (F1)")).clicked() {
                st.help = !st.help;
            }
            ui.separator();
            let title = crate::app::shell::doc::title_of(mode);
            let title = crate::app::wrap::display_cut(&title, crate::app::title::TITLE_CHARS);
            ui.label(egui::RichText::new(title.as_ref()).strong());
            message(ui, mode, now);
        });
    });
}

fn view_menu(
    ui: &mut egui::Ui,
    mode: &mut dyn Mode,
    modes: &ModeList,
    look: &mut Look,
    out: &mut Vec<Action>,
) {
    let id = mode.id();
    mode.menu(ui, Menu::View, out);
    ui.checkbox(
        &mut look.pointer_highlight,
        tr("pointer highlight (for a class)"),
    );
    let mut presenting = look.presenter;
    let presenter = with_key(tr("presenter mode"), &Action::Presenter, id);
    if ui.checkbox(&mut presenting, presenter).changed() {
        look.set_presenter(presenting);
        ui.close_menu();
    }
    ui.separator();
    ui.radio_value(&mut look.theme, Theme::Dark, tr("dark theme"));
    ui.radio_value(&mut look.theme, Theme::Light, tr("light theme"));
    scale_slider(ui, &mut look.scale);
    label_slider(ui, &mut look.labels);
    ui.separator();
    item(ui, id, tr("Fit shapes"), Action::Fit, out);
    for &(m, name, on) in modes {
        // Each mode with its own key (3D: F3); F2 walks through them all.
        let key = key_text(&Action::ShowMode(m), id);
        if ui
            .add(egui::Button::new(tr(name)).selected(on).shortcut_text(key))
            .clicked()
        {
            out.push(Action::ShowMode(m));
            ui.close_menu();
        }
    }
    item(ui, id, tr("Next mode"), Action::NextMode, out);
    // Below the modes, so the entries above keep their places.
    let times = with_key(
        tr("frame times (fps, where the frame went)"),
        &Action::FrameTimes,
        id,
    );
    ui.checkbox(&mut look.frame_times, times);
    ui.checkbox(
        &mut look.panels,
        with_key(tr("panels"), &Action::Panels, id),
    );
    mode.menu(ui, Menu::Panels, out);
}

/// Auto-play's entries: play / pause the walk shown (with its key) and
/// the seconds a step.
fn play_menu(ui: &mut egui::Ui, id: ModeId, play: &mut AutoPlay, now: f64, out: &mut Vec<Action>) {
    let text = if play.playing() {
        tr("pause auto-play")
    } else {
        tr("auto-play the walk")
    };
    item(ui, id, text, Action::AutoPlay, out);
    let (lo, hi) = crate::app::shell::autoplay::PERIODS_S;
    let mut s = play.period_s();
    let r = ui.add(
        egui::Slider::new(&mut s, lo..=hi)
            .step_by(0.25)
            .text(tr("seconds a step")),
    );
    if r.changed() {
        play.set_period(s, now);
    }
}

/// The canvas label size: a factor on the labels' text, shown as a
/// percentage (100 % = 12 px at UI scale 1).
fn label_slider(ui: &mut egui::Ui, labels: &mut f32) {
    let (lo, hi) = crate::app::shell::mode::LABEL_SIZES;
    ui.add(
        egui::Slider::new(labels, lo..=hi)
            .step_by(0.05)
            .custom_formatter(|v, _| format!("{:.0} %", v * 100.0))
            .custom_parser(|t| {
                t.trim()
                    .trim_end_matches('%')
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .map(|p| p / 100.0)
            })
            .text(tr("canvas label size")),
    );
}

/// A menu of the top bar whose entries scroll when they would run past
/// the window's bottom (the View menu at UI scale 2.5). The room is
/// measured from the button's bottom (kept from the last frame), where egui
/// opens the menu, not from where the menu happens to be: egui moves a menu
/// taller than the window up over the bar, and a room measured from there
/// kept it there.
fn fitted_menu(
    ui: &mut egui::Ui,
    title: &str,
    add: impl FnOnce(&mut egui::Ui),
) -> egui::InnerResponse<Option<()>> {
    let id = ui.id().with(("menu_button_bottom", title));
    let below = ui
        .data(|d| d.get_temp::<f32>(id))
        .unwrap_or_else(|| ui.max_rect().top() + ui.spacing().interact_size.y);
    let r = ui.menu_button(title, |ui| fit_menu(ui, below, add));
    let bottom = r.response.rect.bottom();
    if bottom.is_finite() {
        ui.data_mut(|d| d.insert_temp(id, bottom));
    }
    r
}

/// A menu's entries opened below `below` (points), scrolling when they
/// would run past the window's bottom.
fn fit_menu(ui: &mut egui::Ui, below: f32, add: impl FnOnce(&mut egui::Ui)) {
    let frame = egui::Frame::menu(ui.style()).total_margin().sum().y;
    let top = below + ui.spacing().menu_spacing;
    let room = (ui.ctx().screen_rect().bottom() - top - frame - 8.0).max(60.0);
    // The room is also the least height once it scrolls: egui lays a new
    // menu out first in a 400-point area, which would otherwise cut the
    // menu there for good.
    super::widgets::scroll_area(super::widgets::Scroll::Vertical)
        .max_height(room)
        .min_scrolled_height(room)
        .show(ui, add);
}

/// The UI-scale slider: `scale` changes when the handle is let go (or set
/// without a drag), so the UI does not rescale under the pointer while it
/// drags. What the handle shows meanwhile is kept in egui's memory.
fn scale_slider(ui: &mut egui::Ui, scale: &mut f32) -> egui::Response {
    let id = ui.id().with("ui_scale_pending");
    let mut v = ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(*scale);
    let (lo, hi) = crate::app::shell::mode::UI_SCALES;
    let r = ui.add(
        egui::Slider::new(&mut v, lo..=hi)
            .step_by(0.05)
            .text(tr("UI scale")),
    );
    if r.is_pointer_button_down_on() || r.dragged() {
        ui.data_mut(|d| d.insert_temp(id, v));
    } else {
        ui.data_mut(|d| d.remove::<f32>(id));
        if v.is_finite() {
            *scale = v;
        }
    }
    r
}

/// The mode's last message: errors stay until dismissed, others fade.
fn message(ui: &mut egui::Ui, mode: &mut dyn Mode, now: f64) {
    let slot = mode.message();
    let Some(m) = slot.clone() else {
        return;
    };
    if m.error || now - m.at < MESSAGE_S {
        ui.separator();
        let color = if m.error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().weak_text_color()
        };
        // The dismiss button first, so a long message cannot push it off
        // the bar; the message is cut with "…" (egui shows it whole on hover).
        if m.error && ui.small_button("✖").on_hover_text(tr("dismiss")).clicked() {
            *slot = None;
        }
        let text = egui::RichText::new(&m.text).color(color);
        ui.add(egui::Label::new(text).truncate());
    }
}

#[cfg(test)]
mod tests {
    use super::{fit_menu, fitted_menu, scale_slider};
    use egui_macroquad::egui;

    fn input(w: f32, h: f32, events: Vec<egui::Event>) -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(w, h),
            )),
            events,
            ..Default::default()
        }
    }

    fn button(pos: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    #[test]
    fn the_ui_scale_changes_when_the_slider_is_let_go() {
        let ctx = egui::Context::default();
        let mut scale = 1.0f32;
        let frame = |events: Vec<egui::Event>, scale: &mut f32| {
            let mut rect = egui::Rect::NOTHING;
            let _ = ctx.run(input(800.0, 600.0, events), |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    rect = scale_slider(ui, scale).rect;
                });
            });
            rect
        };
        frame(vec![], &mut scale);
        let rect = frame(vec![], &mut scale);
        // The slider's bar is the left part of the widget (the text after it).
        let y = rect.center().y;
        let start = egui::pos2(rect.left() + 10.0, y);
        frame(
            vec![egui::Event::PointerMoved(start), button(start, true)],
            &mut scale,
        );
        for k in 1..=6 {
            let p = egui::pos2(rect.left() + 10.0 + 15.0 * k as f32, y);
            frame(vec![egui::Event::PointerMoved(p)], &mut scale);
            assert_eq!(scale, 1.0, "no change while the handle is dragged");
        }
        let end = egui::pos2(rect.left() + 100.0, y);
        frame(vec![button(end, false)], &mut scale);
        frame(vec![], &mut scale);
        assert!(scale > 1.0, "the scale changes on release: {scale}");
    }

    /// The rectangle of a 30-entry menu in a `w` × `h` window.
    fn menu_rect(w: f32, h: f32) -> egui::Rect {
        let ctx = egui::Context::default();
        let mut menu = egui::Rect::NOTHING;
        for _ in 0..3 {
            let _ = ctx.run(input(w, h, vec![]), |ctx| {
                egui::Area::new(egui::Id::new("menu"))
                    .fixed_pos(egui::pos2(40.0, 24.0))
                    .show(ctx, |ui| {
                        fit_menu(ui, 24.0, |ui| {
                            for k in 0..30 {
                                ui.label(format!("entry {k}"));
                            }
                        });
                        menu = ui.min_rect();
                    });
            });
        }
        menu
    }

    /// The View menu as the top bar opens it (a menu button in a bar) in
    /// a `w` × `h` window: the bar's bottom and the menu's inner rectangle
    /// at each of `frames` frames after the click that opens it.
    fn opened_menu(w: f32, h: f32, frames: usize) -> (f32, Vec<egui::Rect>) {
        let ctx = egui::Context::default();
        // One frame: the menu button's and the menu's rectangles.
        let frame = |events: Vec<egui::Event>| {
            let (mut bar, mut menu) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
            let _ = ctx.run(input(w, h, events), |ctx| {
                egui::TopBottomPanel::top("bar").show(ctx, |ui| {
                    egui::menu::bar(ui, |ui| {
                        bar = fitted_menu(ui, "View", |ui| {
                            for k in 0..30 {
                                ui.label(format!("entry {k}"));
                            }
                            // What shows of the entries: the scroll area's view.
                            menu = ui.clip_rect();
                        })
                        .response
                        .rect;
                    });
                });
            });
            (bar, menu)
        };
        frame(vec![]);
        let (bar, _) = frame(vec![]);
        let at = bar.center();
        frame(vec![egui::Event::PointerMoved(at), button(at, true)]);
        frame(vec![button(at, false)]);
        let mut seen = Vec::new();
        for k in 0..frames {
            // The pointer moves over the menu (hover repaints), as a user's does.
            let p = egui::pos2(at.x + 5.0, h / 2.0 + k as f32);
            seen.push(frame(vec![egui::Event::PointerMoved(p)]).1);
        }
        (bar.bottom(), seen)
    }

    #[test]
    fn a_scrolling_menu_opens_below_its_button_and_stays_there() {
        // UI scale 2.5 in a 1280 × 800 window, and 2 in a 640 × 480 one.
        for (w, h) in [(512.0, 320.0), (320.0, 240.0)] {
            let (bar, seen) = opened_menu(w, h, 12);
            for (k, m) in seen.iter().enumerate().skip(2) {
                assert!(m.is_positive(), "{w}x{h} frame {k}: the menu is open");
                assert!(
                    m.top() >= bar,
                    "{w}x{h} frame {k}: the menu's entries start at {} over the menu bar (its bottom {bar})",
                    m.top()
                );
                assert!(
                    m.bottom() <= h,
                    "{w}x{h} frame {k}: the menu ends at {} below the window",
                    m.bottom()
                );
                assert!(
                    m.bottom() >= h - 60.0,
                    "{w}x{h} frame {k}: the menu uses the room: {}",
                    m.bottom()
                );
            }
        }
    }

    #[test]
    fn a_menu_taller_than_the_window_scrolls_inside_it() {
        // At UI scale 2.5 a 1280 × 800 window is 512 × 320 points.
        let small = menu_rect(512.0, 320.0);
        assert!(small.is_positive());
        assert!(
            small.bottom() <= 320.0,
            "the menu ends at {}",
            small.bottom()
        );
        assert!(
            small.bottom() >= 280.0,
            "the menu uses the room: {}",
            small.bottom()
        );
        // At scale 1 the same menu fits whole: no scrolling, no cut.
        let large = menu_rect(1280.0, 800.0);
        assert!(
            large.height() >= 30.0 * 16.0,
            "the menu is cut at {}",
            large.bottom()
        );
    }
}
