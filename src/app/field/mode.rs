//! Field mode as a mode of the window: its document, menus, panel, actions,
//! and one frame's update and drawing.

use super::action::FieldAction;
use super::paint::FieldView;
use super::{model, panel, picture, FieldMode, ID};
use crate::app::draw::Painter;
use crate::app::files::CaptureError;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::palette::Palette;
use crate::app::shell::action::Action;

use crate::app::shell::message::Message;
use crate::app::shell::mode::{ClipError, Cx, DocError, DocWords, Frame, Look, Menu, Mode, Take};
use crate::app::shell::shortcuts::hint;
use egui_macroquad::egui;
use picture::PictureOptions;
use satlab::broad::Bounds;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};

impl FieldMode {
    /// The starter field, untitled (for [`crate::app::modes::MODES`]).
    pub fn boxed() -> Box<dyn Mode> {
        Box::new(FieldMode::new(model::FieldModel::starter(), None, None))
    }
}

impl Mode for FieldMode {
    fn id(&self) -> crate::app::shell::action::ModeId {
        ID
    }

    fn name(&self) -> &'static str {
        "Field mode"
    }

    fn accepts(&self, sc: &AnyScene) -> bool {
        match sc {
            AnyScene::Field(_) => true,
            AnyScene::Pair(_) | AnyScene::Space(_) => false,
        }
    }

    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), DocError> {
        let AnyScene::Field(fs) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        *self = FieldMode::new(
            model::FieldModel::from_scene(&fs),
            path.map(Path::to_path_buf),
            fs.view,
        );
        if recovered {
            self.touched();
        }
        Ok(())
    }

    fn new_document(&mut self) {
        *self = FieldMode::new(model::FieldModel::starter(), None, None);
    }

    fn document(&self) -> AnyScene {
        AnyScene::Field(self.to_scene())
    }

    fn save_to(&mut self, path: &Path) -> Result<PathBuf, DocError> {
        FieldMode::save_to(self, path).map_err(DocError::File)
    }

    fn discard(&mut self) {
        self.edited = false;
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn default_file_name(&self) -> &'static str {
        "field.json"
    }

    fn dirty(&self) -> bool {
        self.edited
    }

    fn revision(&self) -> u64 {
        self.revision
    }

    fn words(&self) -> DocWords {
        DocWords {
            tag: Some(tr("field")),
            untitled: tr("untitled field"),
        }
    }

    fn take(&mut self, sc: AnyScene, how: Take) -> Result<(), DocError> {
        let AnyScene::Field(fs) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        if how == Take::Paste {
            self.history.record(&self.model);
        }
        // The view stays where it is; only the document changes.
        self.model = model::FieldModel::from_scene(&fs);
        self.after_take();
        match how {
            Take::Paste => self.touched(),
            Take::Reload => self.edited = false,
        }
        Ok(())
    }

    fn paste_shape(&mut self, text: &str) -> Result<String, ClipError> {
        let origin = Path::new(crate::app::shell::clip::ORIGIN);
        let s = satlab::scene::parse_shape(text, origin).map_err(ClipError::Parse)?;
        self.history.record(&self.model);
        let i = self.model.field.push(s);
        self.selected = Some(i);
        self.touched();
        Ok(trf("pasted shape {}", &[&i]))
    }

    fn capture_name(&self) -> Option<String> {
        Some(format!("field-{}", crate::app::files::timestamp()))
    }

    fn capture(&self, dir: &Path, name: &str, replace: bool) -> Result<PathBuf, CaptureError> {
        // The field as saved: the view, and `expect` filled from the queries.
        let mut sc = self.to_scene();
        crate::app::files::capture_into(dir, name, replace, |path, stem| {
            if sc.name.is_empty() {
                sc.name = stem.to_string();
            }
            satlab::scene::save_field(path, &sc)
        })
    }

    fn results_text(&self) -> Option<String> {
        Some(satlab::scene::field_report(&self.to_scene()).table())
    }

    fn undo(&mut self) -> bool {
        self.undo_edit()
    }

    fn redo(&mut self) -> bool {
        self.redo_edit()
    }

    fn undo_depth(&self) -> (usize, usize) {
        (self.history.undo_len(), self.history.redo_len())
    }

    fn message(&mut self) -> &mut Option<Message> {
        &mut self.message
    }

    fn menu(&mut self, ui: &mut egui::Ui, menu: Menu, _out: &mut Vec<Action>) {
        match menu {
            Menu::View => panel::view_toggles(ui, self),
            Menu::File | Menu::Edit | Menu::Panels => {}
        }
    }

    fn panels(&mut self, ctx: &egui::Context, look: &Look, out: &mut Vec<Action>) {
        panel::show(ctx, self, &Palette::of(look.theme), out);
    }

    fn act(&mut self, a: Action, cx: &mut Cx) -> Option<Action> {
        self.now = cx.now;
        match a {
            Action::Delete => self.delete_selected(),
            Action::Fit => self.fit(),
            Action::Generate => self.generate(),
            Action::Field(FieldAction::Add) => self.add(),
            Action::Field(FieldAction::Cells) => self.show_cells = !self.show_cells,
            Action::Field(FieldAction::Loose) => self.show_loose = !self.show_loose,
            other => return Some(other),
        }
        None
    }

    fn update(&mut self, f: &Frame) {
        let t0 = std::time::Instant::now();
        self.now = f.now;
        self.cam.canvas = f.canvas;
        if self.fit_pending {
            self.fit();
            self.fit_pending = false;
        }
        self.pointer(f.input, f.gate.pointer);
        self.bench_motion();
        self.rebuild(t0);
    }

    fn draw(&mut self, f: &Frame) {
        let p = f.look.painter(Some(f.font));
        self.paint(&p);
        if f.clean {
            return;
        }
        let w = self.cam.to_world(f.input.mouse);
        let status = trf(
            "x {}  y {}   zoom {} px/unit   {} shapes, {} drawn",
            &[
                &format!("{:>8}", num::fixed(w.x, 3)),
                &format!("{:>8}", num::fixed(w.y, 3)),
                &num::fixed(self.cam.zoom, 0),
                &self.model.field.len(),
                &self.picture.shapes.len(),
            ],
        );
        p.status(&self.cam, &status, &keys_hint());
    }

    fn bench_line(&self) -> String {
        format!(
            "field mode, {} shapes, {} drawn in the last frame, {} overlapping pairs ({} drawn)",
            self.model.field.len(),
            self.picture_len(),
            self.results.pairs.total,
            self.picture.pairs.len()
        )
    }
}

impl FieldMode {
    /// Recomputes stale results and rebuilds the picture of what the
    /// camera sees; `t0` when the frame's work began (for the timing).
    fn rebuild(&mut self, t0: std::time::Instant) {
        if self.stale {
            self.results = super::FieldResults::compute(&mut self.model, self.show_pairs);
            self.stale = false;
        }
        let t1 = std::time::Instant::now();
        let (lo, hi) = self.cam.visible();
        let opts = PictureOptions {
            cells: self.show_cells,
            loose: self.show_loose,
            min_cell: 6.0 / self.cam.zoom,
            far: self.cam.far(),
        };
        self.picture = picture::build(&mut self.model, &self.results, Bounds::new(lo, hi), opts);
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1000.0;
        self.timing = [ms(t0, t1), ms(t1, std::time::Instant::now())];
    }

    /// Clears the canvas and draws the field with `p` (no status line).
    fn paint(&mut self, p: &Painter) {
        p.clear();
        let view = FieldView {
            shapes: self.model.field.shapes(),
            tags: self.model.field.tags(),
            colours: &self.model.layers.colours,
            query: self.model.query.as_ref(),
            pic: &self.picture,
            selected: self.selected,
        };
        p.field(&self.cam, &view, &mut self.layer);
    }

    /// Draws the field on `canvas` (screen pixels) with `p` as the window
    /// shows it, without the status line: the picture of an export, no
    /// window needed. Fits the view first when the scene has none.
    pub fn draw_still(&mut self, p: &Painter, canvas: crate::app::camera::Rect) {
        self.cam.canvas = canvas;
        if self.fit_pending {
            self.fit();
            self.fit_pending = false;
        }
        self.rebuild(std::time::Instant::now());
        self.paint(p);
    }
}

/// The status line's reminder of the main keys, from the shortcut table.
fn keys_hint() -> String {
    hint(
        ID,
        &[
            (Action::NextMode, tr("next mode")),
            (Action::Fit, tr("fit")),
            (Action::Field(FieldAction::Cells), tr("cells")),
            (Action::Field(FieldAction::Loose), tr("loose")),
            (Action::Undo, tr("undo")),
        ],
    )
}
