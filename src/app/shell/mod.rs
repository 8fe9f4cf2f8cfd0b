//! The shell: one frame for every mode. It reads input, shows the menu bar,
//! the mode's panels, the dialogs and the help, routes the keyboard through
//! the one shortcut table, carries out file, undo, export and mode actions
//! itself and hands the rest to the mode, then lets the mode update and draw
//! its canvas. It keeps a recovery copy of each mode's document.

pub mod action;
pub mod autoplay;
pub mod clip;
pub mod dialogs;
pub mod doc;
mod files;
pub mod help;
pub mod message;
pub mod mode;
pub mod page;
pub mod sat_words;
pub mod shortcuts;
pub mod top_bar;
pub mod walk;
pub mod widgets;

use crate::app::camera::Rect;
use crate::app::export::window::{AnimationExport, Event};
use crate::app::files::FileError;
use crate::app::i18n::{tr, trf};
use crate::app::input::Tracker;
use crate::app::input::{Gate, Input};
use crate::app::keys::{keep_activation_keys_from_egui, release_focus, text_has_focus};
use crate::app::palette::Theme;
use crate::app::png::crop_bottom_up;
use crate::app::recovery::{self, Keeper};
use crate::app::shell::action::{Action, Prompt, UiState};
use crate::app::shell::message::Message;
use crate::app::shell::mode::{Cx, Frame, Look, Mode};
use crate::app::title::WindowTitle;
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::text::Font;
use macroquad::texture::get_screen_data;
use std::path::PathBuf;

/// The running window: every mode, the one shown, and what they share.
pub struct Shell {
    modes: Vec<Box<dyn Mode>>,
    /// Index of the mode shown.
    active: usize,
    /// Settings every mode shares.
    pub look: Look,
    ui: UiState,
    tracker: Tracker,
    font: Font,
    theme_applied: Option<Theme>,
    export_request: Option<PathBuf>,
    /// File → Export animation…: its form and the running export (the
    /// shell's, above the modes it draws).
    anim: AnimationExport,
    text_focus_prev: bool,
    window_title: WindowTitle,
    /// One recovery copy per mode, in the order of `modes`.
    recovery: Vec<Keeper>,
    /// One watch on each mode's file (hot reload), in the order of `modes`.
    watches: Vec<crate::app::files::Watch>,
    /// Milliseconds of the last frame in: panels, update, canvas drawing,
    /// egui drawing.
    pub timing: [f64; 4],
    /// The last frames' times, for the frame-time overlay.
    frame_times: crate::app::frame_times::FrameTimes,
    /// When the last frame started.
    frame_start: Option<std::time::Instant>,
    /// Auto-play of the walk shown: playing or paused, and its period.
    autoplay: autoplay::AutoPlay,
    /// The view settings' file, written when one changes.
    settings: crate::app::settings::Keeper,
    /// Set when the user asked to quit and nothing is unsaved.
    pub quit: bool,
    /// When a caught panic last wrote the recovery copies.
    pub rescued_at: Option<std::time::Instant>,
    now: f64,
}

impl Shell {
    /// The window opened with title `title`, with every mode `modes` makes
    /// (the first shown; at least one), drawing text with `font`.
    pub fn new(font: Font, title: &str, modes: &[fn() -> Box<dyn Mode>]) -> Shell {
        let modes: Vec<Box<dyn Mode>> = modes.iter().map(|make| make()).collect();
        let watches = modes.iter().map(|_| Default::default()).collect();
        let recovery: Vec<Keeper> = modes
            .iter()
            .map(|m| Keeper::new(recovery::dir(), m.id().key()))
            .collect();
        Shell {
            modes,
            active: 0,
            look: Look::default(),
            ui: UiState::default(),
            tracker: Tracker::default(),
            font,
            theme_applied: None,
            export_request: None,
            anim: AnimationExport::default(),
            text_focus_prev: false,
            window_title: WindowTitle::new(title),
            watches,
            recovery,
            timing: [0.0; 4],
            frame_times: Default::default(),
            frame_start: None,
            autoplay: Default::default(),
            settings: crate::app::settings::Keeper::new(None, Default::default()),
            quit: false,
            rescued_at: None,
            now: 0.0,
        }
    }

    /// The mode shown.
    pub fn mode(&mut self) -> &mut dyn Mode {
        let k = self.active.min(self.modes.len().saturating_sub(1));
        match self.modes.get_mut(k) {
            Some(m) => m.as_mut(),
            None => unreachable!("the shell has at least one mode"),
        }
    }

    /// The mode shown, read-only.
    pub fn mode_ref(&self) -> &dyn Mode {
        let k = self.active.min(self.modes.len().saturating_sub(1));
        match self.modes.get(k) {
            Some(m) => m.as_ref(),
            None => unreachable!("the shell has at least one mode"),
        }
    }

    /// Posts a message in the mode shown.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        let at = self.now;
        *self.mode().message() = Some(Message::new(text, error, at));
    }

    /// Watches the shown mode's file as it is now (after an open or a
    /// save: the change is the window's own).
    fn rearm(&mut self) {
        let active = self.active.min(self.modes.len().saturating_sub(1));
        if let (Some(m), Some(w)) = (self.modes.get(active), self.watches.get_mut(active)) {
            w.arm(m.path(), m.document());
        }
    }

    /// PageUp/PageDown (`d` scenes) from the shown document's file
    /// ([`page::page`]): the file to open, else a message says why not.
    fn page(&mut self, d: isize) -> Option<Action> {
        let m = self.mode_ref();
        let next = match m.path() {
            Some(p) => page::page(p, d, &|sc| m.accepts(sc)),
            None => Err(tr(
                "open a scene file first: PageUp/PageDown step through its folder",
            )),
        };
        match next {
            Ok(p) => Some(Action::OpenPath(p)),
            Err(why) => {
                self.say(why, false);
                None
            }
        }
    }

    /// Captures the shown document as the regression scene `name` in the
    /// regressions folder of its scene library (asking before replacing).
    fn capture(&mut self, name: String, replace: bool) {
        let dir = crate::app::files::regressions_dir(self.mode_ref().path(), &dialogs::cwd());
        match self.mode_ref().capture(&dir, &name, replace) {
            Ok(p) => self.say(trf("captured {}", &[&p.display()]), false),
            Err(crate::app::files::CaptureError::Exists(p)) => {
                self.ui.prompt = Prompt::CaptureReplace(name, p);
            }
            Err(crate::app::files::CaptureError::Failed(e)) => self.say(e, true),
        }
    }

    /// Posts what an action did, or why it could not.
    fn say_result<E: std::fmt::Display>(&mut self, r: Result<String, E>) {
        match r {
            Ok(said) => self.say(said, false),
            Err(e) => self.say(e.to_string(), true),
        }
    }

    /// Asks whether to open `o`, a recovery copy left by a satlab that died.
    pub fn offer_recovery(&mut self, o: recovery::Orphan) {
        self.ui.prompt = Prompt::Recover(o);
    }

    fn modal(&self) -> bool {
        self.ui.prompt != Prompt::None
            || self.ui.dialog.state() == egui_file_dialog::DialogState::Open
            || self.anim.asking()
    }

    /// Runs one frame up to (not including) `next_frame()`, then keeps the
    /// recovery copies and the settings file current.
    pub fn frame(&mut self) {
        self.frame_inner();
        self.keep_recovery();
        self.keep_settings();
        crate::app::waker::quiet(self.modal());
    }

    /// Reads the view settings from their file in `dir` (`None`: none are
    /// kept) and shows them; the language too unless `SATLAB_LANG` chose
    /// one. A file that cannot be used leaves the defaults, and the status
    /// line says why.
    pub fn load_settings(&mut self, dir: Option<PathBuf>) {
        use crate::app::settings;
        let path = dir.map(|d| settings::file_in(&d));
        let loaded = path.as_deref().map(settings::load).unwrap_or(Ok(None));
        let s = match loaded {
            Ok(s) => s.unwrap_or_default(),
            Err(e) => {
                let why = trf(
                    "the settings file {} was not used ({}): the default view settings are shown",
                    &[&e.path.display(), &e.why],
                );
                self.say(why, true);
                settings::Settings::default()
            }
        };
        self.look.apply(&s);
        if crate::app::i18n::Lang::from_env().is_none() {
            crate::app::i18n::set_lang(s.language);
        }
        let now = self.look.settings(crate::app::i18n::lang());
        self.settings = settings::Keeper::new(path, now);
    }

    /// Writes the view settings when one changed this frame (once a
    /// slider being dragged is let go); a failed write is said once.
    fn keep_settings(&mut self) {
        let now = self.look.settings(crate::app::i18n::lang());
        let held = macroquad::input::is_mouse_button_down(macroquad::input::MouseButton::Left);
        if let Some(Err(e)) = self.settings.tick(now, held) {
            self.say(trf("could not save the view settings: {}", &[&e]), true);
        }
    }

    fn frame_inner(&mut self) {
        let t0 = std::time::Instant::now();
        self.note_frame_start(t0);
        self.now = macroquad::time::get_time();
        let input = self.tracker.capture();
        let (sw, sh) = (
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        );
        let mut egui_out = EguiOut {
            canvas: Rect::new(Vec2::ZERO, Vec2::new(sw, sh)),
            pointer: false,
            text_focus: false,
            actions: Vec::new(),
        };
        self.panels(&mut egui_out);
        let EguiOut {
            canvas,
            pointer: egui_pointer,
            text_focus,
            mut actions,
        } = egui_out;
        let t1 = std::time::Instant::now();
        let modal = self.modal();
        if !text_focus && !modal {
            // Only text fields keep the keyboard: a button that egui focused
            // (Tab moves its focus, and Tab also hides the panels) would
            // otherwise be clicked by the next Space, the step key.
            release_focus();
        }
        // Typing in a text field (this frame or the last: egui may have just
        // moved the focus with this very key) keeps plain keys away from the canvas.
        let typing = text_focus || self.text_focus_prev;
        self.text_focus_prev = text_focus;
        let gate = Gate {
            pointer: !egui_pointer && !modal && canvas.contains(input.mouse),
            keyboard: !typing && !modal,
        };
        self.key_actions(&input, typing, modal, &mut actions);
        if gate.pointer && (input.left.pressed || input.right.pressed) {
            // A click on the canvas takes the keyboard back from any widget.
            release_focus();
        }
        self.run_frame_actions(actions);
        let active = self.active.min(self.modes.len().saturating_sub(1));
        let (Some(mode), Some(watch)) = (self.modes.get_mut(active), self.watches.get_mut(active))
        else {
            return;
        };
        let said = mode.message().clone();
        let revision = mode.revision();
        doc::follow_file(mode.as_mut(), watch, self.now);
        let frame = Frame {
            input: &input,
            gate,
            canvas,
            typing: text_focus,
            clean: self.export_request.is_some(),
            font: &self.font,
            look: self.look,
            now: self.now,
        };
        let Some(mode) = self.modes.get_mut(active) else {
            return;
        };
        mode.update(&frame);
        if *mode.message() != said || mode.revision() != revision {
            // What the update found on its own (a hot reload, its error)
            // shows in the panels of the next frame: ask for it now rather
            // than at the next heartbeat.
            egui_macroquad::cfg(|ctx| ctx.request_repaint());
        }
        let t2 = std::time::Instant::now();
        mode.draw(&frame);
        // An SVG export: the same drawing once more, recorded as SVG.
        let svg_export = self
            .export_request
            .take_if(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("svg")))
            .map(|path| record_svg(mode.as_mut(), &frame, path));
        let clean = frame.clean;
        match svg_export {
            Some(Ok(path)) => self.say(trf("exported {}", &[&path.display()]), false),
            Some(Err(e)) => self.say(e.to_string(), true),
            None => {}
        }
        self.finish_canvas(canvas, input.mouse, clean);
        let t3 = std::time::Instant::now();
        egui_macroquad::draw();
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1000.0;
        let t4 = std::time::Instant::now();
        self.timing = [ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4)];
        let title = doc::title_of(self.mode_ref());
        self.window_title.set(&title);
    }

    /// Carries out this frame's `actions` (keys, panels) and auto-play's
    /// step when one is due, then keeps auto-play going or stops it.
    fn run_frame_actions(&mut self, mut actions: Vec<Action>) {
        let walk = self.mode_ref().walk_at();
        actions.extend(self.autoplay.tick(self.now, walk).map(Action::Walk));
        if !actions.is_empty() {
            // What an action changes in the panels (the help, a mode's
            // panel, auto-play's step) shows in the next frame: ask for it
            // now rather than at the next input.
            egui_macroquad::cfg(|ctx| ctx.request_repaint());
        }
        self.run(actions);
        self.keep_playing();
    }

    /// Stops auto-play when the walk shown has ended or is gone; while it
    /// plays, asks for a frame when its next step is due (the window
    /// sleeps otherwise).
    fn keep_playing(&mut self) {
        let walk = self.mode_ref().walk_at();
        self.autoplay.settle(walk);
        if let Some(s) = self.autoplay.wait(self.now) {
            crate::app::waker::wake_in(std::time::Duration::from_secs_f64(s));
        }
    }

    /// Starts auto-play of the walk shown, or pauses it; the step to take
    /// at once (back to the start of a walk not begun or ended).
    fn toggle_autoplay(&mut self) -> Vec<Action> {
        if self.autoplay.playing() {
            self.autoplay.stop();
            return Vec::new();
        }
        let walk = self.mode_ref().walk_at();
        match self.autoplay.start(self.now, walk) {
            Ok(first) => first.map(Action::Walk).into_iter().collect(),
            Err(e) => {
                self.say(e.to_string(), false);
                Vec::new()
            }
        }
    }

    /// The shortcuts pressed this frame (none while a dialog is open; Esc
    /// that closes a menu or a drop-down list does only that) and the
    /// window's close button, added to `actions`.
    fn key_actions(&self, input: &Input, typing: bool, modal: bool, actions: &mut Vec<Action>) {
        if !modal {
            let id = self.mode_ref().id();
            let popup = self.ui.popup_was_open;
            let keys = shortcuts::dispatch(&input.keys, id, typing);
            actions.extend(
                keys.into_iter()
                    .filter(|a| !(popup && matches!(a, Action::Escape))),
            );
        }
        if macroquad::input::is_quit_requested() {
            actions.push(Action::Quit);
        }
    }

    /// The egui pass: the menu bar, the mode's panels, the dialogs and the
    /// help; what they leave for the canvas goes into `out`.
    fn panels(&mut self, out: &mut EguiOut) {
        let theme = self.look.theme;
        let apply_theme = self.theme_applied != Some(theme);
        self.theme_applied = Some(theme);
        // Space and Enter belong to the canvas (Space steps through SAT)
        // unless a text field or a dialog has the keyboard: egui must not
        // use them to click the button its Tab navigation just focused.
        let keys_to_canvas = !self.text_focus_prev && !self.modal();
        let list: top_bar::ModeList = self
            .modes
            .iter()
            .enumerate()
            .map(|(k, m)| (m.id(), m.name(), k == self.active))
            .collect();
        let now = self.now;
        let active = self.active.min(self.modes.len().saturating_sub(1));
        let Some(mode) = self.modes.get_mut(active) else {
            return;
        };
        let mode = mode.as_mut();
        let (look, st, anim) = (&mut self.look, &mut self.ui, &mut self.anim);
        let play = &mut self.autoplay;
        let mut exported = None;
        egui_macroquad::ui(|ctx| {
            // Menus and drop-down lists are foreground areas; the ones
            // shown in the last frame are still listed.
            st.popup_was_open = ctx.memory(|m| {
                m.areas()
                    .visible_layer_ids()
                    .iter()
                    .any(|l| l.order == egui::Order::Foreground)
            });
            if keys_to_canvas {
                keep_activation_keys_from_egui(ctx);
            }
            if apply_theme {
                ctx.set_visuals(match theme {
                    Theme::Dark => egui::Visuals::dark(),
                    Theme::Light => egui::Visuals::light(),
                });
            }
            if (ctx.zoom_factor() - look.scale).abs() > 1e-3 {
                ctx.set_zoom_factor(look.scale);
            }
            let actions = &mut out.actions;
            top_bar::show(ctx, mode, &list, (look, play), st, now, actions);
            if look.panels {
                mode.panels(ctx, look, actions);
            }
            dialogs::show(ctx, mode, st, actions);
            match anim.show(ctx) {
                Some(Event::ChooseFile) => actions.push(Action::ExportAnimationFile),
                Some(Event::Finished(r)) => exported = Some(r),
                None => {}
            }
            if st.help {
                help::show(ctx, &mut st.help, mode.id());
            }
            (out.canvas, out.pointer, out.text_focus) = after_panels(ctx);
        });
        if let Some(r) = exported {
            match r {
                Ok(line) => self.say(trf("exported {}", &[&line]), false),
                Err(e) => self.say(e.to_string(), true),
            }
            // The message shows now, not at the next heartbeat.
            egui_macroquad::cfg(|ctx| ctx.request_repaint());
        }
    }

    /// The frame-time overlay down the canvas's left edge, below the
    /// verdict badge, wrapped to the canvas: fps, then where the frames
    /// went ([`crate::app::frame_times::layout`]).
    fn frame_overlay(&self, canvas: Rect) {
        let p = self.look.painter(Some(&self.font));
        let lines = self.frame_times.lines();
        for l in crate::app::frame_times::layout(&lines, canvas, &p) {
            p.label(
                &l.text,
                l.at,
                crate::app::frame_times::TEXT_SIZE,
                p.pal.text,
                crate::app::draw::Anchor::BottomLeft,
                l.first,
            );
        }
    }

    /// The last frame's times, now that its length is known (this frame
    /// starts at `t0`).
    fn note_frame_start(&mut self, t0: std::time::Instant) {
        if let Some(start) = self.frame_start.replace(t0) {
            self.frame_times.push(crate::app::frame_times::FrameSample {
                interval_ms: (t0 - start).as_secs_f64() * 1000.0,
                parts_ms: self.timing,
            });
        }
    }

    /// Over the mode's canvas, unless it is drawn `clean` for an export:
    /// the frame-time overlay and the pointer highlight (at `mouse`) when
    /// the View menu has them on; then an export asked for, of `canvas` as
    /// drawn.
    fn finish_canvas(&mut self, canvas: Rect, mouse: Vec2, clean: bool) {
        if self.look.frame_times && !clean {
            self.frame_overlay(canvas);
        }
        let highlight = (self.look.pointer_highlight && !clean).then_some(mouse);
        if let Some(at) = highlight.filter(|&m| canvas.contains(m)) {
            self.look.painter(Some(&self.font)).pointer_highlight(at);
        }
        if let Some(path) = self.export_request.take() {
            let dpi = macroquad::window::screen_dpi_scale();
            let physical = Rect::new(canvas.min * dpi, canvas.max * dpi);
            let img = crop_bottom_up(&get_screen_data(), physical);
            match crate::app::png::export(&img, &path) {
                Ok(()) => self.say(trf("exported {}", &[&path.display()]), false),
                Err(e) => self.say(e.to_string(), true),
            }
        }
    }

    /// Carries out `actions` and whatever they lead to (at most a few
    /// hundred: an action that keeps asking for more stops there).
    pub fn run(&mut self, actions: Vec<Action>) {
        let mut queue = std::collections::VecDeque::from(actions);
        let mut budget = 256;
        while let Some(a) = queue.pop_front() {
            budget -= 1;
            if budget == 0 {
                break;
            }
            queue.extend(self.act(a));
        }
    }

    /// Carries out one action; returns the actions it leads to.
    pub fn act(&mut self, a: Action) -> Vec<Action> {
        match a {
            Action::Help => self.ui.help = !self.ui.help,
            Action::Escape if self.ui.help => self.ui.help = false,
            Action::FrameTimes => self.look.frame_times = !self.look.frame_times,
            Action::Presenter => {
                let on = !self.look.presenter;
                self.look.set_presenter(on);
                release_focus();
            }
            Action::AutoPlay => return self.toggle_autoplay(),
            Action::Panels => {
                self.look.panels = !self.look.panels;
                release_focus();
            }
            Action::NextMode => {
                self.active = (self.active + 1) % self.modes.len().max(1);
                self.autoplay.stop();
            }
            Action::ShowMode(id) => {
                if let Some(k) = self.modes.iter().position(|m| m.id() == id) {
                    self.active = k;
                }
                self.autoplay.stop();
            }
            Action::Undo => {
                if !self.mode().undo() {
                    self.say(tr("nothing to undo"), false);
                }
            }
            Action::Redo => {
                if !self.mode().redo() {
                    self.say(tr("nothing to redo"), false);
                }
            }
            Action::Recover(o) => self.recover(&o),
            Action::Capture => match self.mode_ref().capture_name() {
                Some(name) => self.ui.prompt = Prompt::CaptureName(name),
                None => self.say(tr("this mode has no regression capture"), false),
            },
            Action::CaptureNamed(name, replace) => self.capture(name, replace),
            Action::CopyScene => {
                let said = clip::copy_scene(self.mode_ref(), &mut clip::SystemClipboard);
                self.say(said, false);
            }
            Action::CopyResults => {
                let done = clip::copy_results(self.mode_ref(), &mut clip::SystemClipboard);
                self.say_result(done);
            }
            Action::Paste => {
                let done = clip::paste(self.mode(), &mut clip::SystemClipboard);
                self.say_result(done);
            }
            Action::New
            | Action::Open
            | Action::OpenPath(_)
            | Action::Save
            | Action::SaveAs
            | Action::SaveTo(_)
            | Action::ExportPng
            | Action::ExportTo(_)
            | Action::ExportAnimation
            | Action::ExportAnimationFile
            | Action::ExportAnimationTo(_)
            | Action::Quit => return self.file_action(a),
            other => {
                let mut cx = Cx {
                    then: Vec::new(),
                    look: &mut self.look,
                    now: self.now,
                };
                let active = self.active.min(self.modes.len().saturating_sub(1));
                // A mode's own action goes to that mode only; what the mode
                // has no use for is dropped; PageUp/PageDown that it leaves
                // are the shell's.
                let left = self
                    .modes
                    .get_mut(active)
                    .filter(|m| other.owner().is_none_or(|o| o == m.id()))
                    .and_then(|m| m.act(other, &mut cx));
                let mut then = cx.then;
                if let Some(Action::Step(d)) = left {
                    then.extend(self.page(d));
                }
                return then;
            }
        }
        Vec::new()
    }

    /// Keeps each mode's recovery copy current ([`recovery::Keeper::tick`]).
    pub fn keep_recovery(&mut self) {
        let now = macroquad::time::get_time();
        let mut errors = Vec::new();
        for (m, k) in self.modes.iter().zip(self.recovery.iter_mut()) {
            let snap = recovery::Snapshot {
                dirty: m.dirty(),
                revision: m.revision(),
                path: m.path(),
            };
            if let Err(e) = k.tick(now, snap, || m.document()) {
                errors.push(e);
            }
        }
        for e in errors {
            self.say(trf("could not write the recovery copy: {}", &[&e]), true);
        }
    }

    /// Writes every edited mode's recovery copy now, whatever the timers
    /// say (after a caught panic); the error says what could not be written.
    pub fn write_recovery_now(&mut self) -> Result<(), FileError> {
        for (m, k) in self.modes.iter().zip(self.recovery.iter_mut()) {
            if m.dirty() {
                k.write(&m.document(), m.path())?;
            }
        }
        Ok(())
    }

    /// Removes the recovery copies (a clean exit: nothing is unsaved, or
    /// the user chose to discard it).
    pub fn drop_recovery(&mut self) {
        for k in &mut self.recovery {
            let _ = k.remove();
        }
    }

    /// One line about the mode shown, for `--bench-frames`.
    pub fn bench_line(&self) -> String {
        self.mode_ref().bench_line()
    }
}

/// What the egui pass leaves for the rest of the frame.
struct EguiOut {
    /// The space left for the canvas, logical pixels.
    canvas: Rect,
    /// egui has the pointer.
    pointer: bool,
    /// A text field has the keyboard.
    text_focus: bool,
    /// What the panels asked for.
    actions: Vec<Action>,
}

/// What the canvas needs from egui once the panels are laid out: the space
/// left for it (macroquad's logical pixels), whether egui has the pointer,
/// and whether a text field has the keyboard.
pub fn after_panels(ctx: &egui::Context) -> (Rect, bool, bool) {
    let r = ctx.available_rect();
    // egui points to macroquad's logical pixels (both already divide out
    // the screen's DPI scale; egui adds the UI zoom).
    let ppp = ctx.pixels_per_point() / macroquad::window::screen_dpi_scale();
    let canvas = Rect::new(
        Vec2::new(r.min.x, r.min.y) * ppp,
        Vec2::new(r.max.x, r.max.y) * ppp,
    );
    let pointer = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
    (canvas, pointer, text_has_focus(ctx))
}

/// Draws `mode` once more into an SVG recording of the frame's canvas
/// (screen pixels) and writes it to `path` (atomically); the path written,
/// or why not.
fn record_svg(mode: &mut dyn Mode, frame: &Frame, path: PathBuf) -> Result<PathBuf, FileError> {
    let size = frame.canvas.size();
    crate::app::export::record::start_at(
        frame.canvas.min,
        size.x.round().max(1.0) as u32,
        size.y.round().max(1.0) as u32,
    );
    mode.draw(frame);
    let svg = crate::app::export::record::finish().unwrap_or_default();
    match satlab::scene::write_atomic(&path, svg.as_bytes()) {
        Ok(()) => Ok(path),
        Err(e) => Err(FileError::io(&path, &e)),
    }
}
