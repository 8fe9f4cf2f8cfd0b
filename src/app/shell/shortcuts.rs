//! THE shortcut table: every key and mouse gesture of every mode, once. Key
//! dispatch ([`dispatch`], [`canvas_action`]), the F1 help
//! ([`help_rows`]) and the menus' shortcut texts ([`key_text`]) all read it.

use crate::app::i18n::tr;
use crate::app::input::{KeyCode, KeyPress};
use crate::app::shell::action::{
    Action, Answer, FieldAction, ModeId, PairAction, SpaceAction, Walk,
};
use crate::app::space::action::Preset;
use glam::Vec2;

/// Whether a modifier must be held, must not be, or does not matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// Must be held.
    Yes,
    /// Must not be held.
    No,
    /// Either.
    Any,
}

impl Held {
    fn matches(self, down: bool) -> bool {
        match self {
            Held::Yes => down,
            Held::No => !down,
            Held::Any => true,
        }
    }
}

/// One key with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    /// Ctrl (or Cmd).
    pub ctrl: Held,
    /// Shift.
    pub shift: Held,
    /// The key.
    pub key: KeyCode,
    /// It still applies while a text field has the keyboard.
    pub typing: bool,
}

/// A key with Ctrl held and Shift not (applies while typing).
const fn ctrl(key: KeyCode) -> Chord {
    Chord {
        ctrl: Held::Yes,
        shift: Held::No,
        key,
        typing: true,
    }
}

/// A key with Ctrl and Shift held (applies while typing).
const fn ctrl_shift(key: KeyCode) -> Chord {
    Chord {
        ctrl: Held::Yes,
        shift: Held::Yes,
        key,
        typing: true,
    }
}

/// A key without Ctrl, Shift either way.
const fn key(key: KeyCode) -> Chord {
    Chord {
        ctrl: Held::No,
        shift: Held::Any,
        key,
        typing: false,
    }
}

/// A key without Ctrl or Shift.
const fn bare(key: KeyCode) -> Chord {
    Chord {
        ctrl: Held::No,
        shift: Held::No,
        key,
        typing: false,
    }
}

impl Chord {
    const fn shifted(mut self) -> Chord {
        self.shift = Held::Yes;
        self
    }
    const fn any_ctrl(mut self) -> Chord {
        self.ctrl = Held::Any;
        self
    }
    const fn any_shift(mut self) -> Chord {
        self.shift = Held::Any;
        self
    }
    const fn while_typing(mut self) -> Chord {
        self.typing = true;
        self
    }
    const fn not_while_typing(mut self) -> Chord {
        self.typing = false;
        self
    }

    /// True when `kp` presses this chord.
    pub fn matches(&self, kp: &KeyPress) -> bool {
        kp.code == self.key && self.ctrl.matches(kp.ctrl) && self.shift.matches(kp.shift)
    }

    /// As a menu or the help writes it: "Ctrl+Shift+S", "PageUp", "F".
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.ctrl == Held::Yes {
            s.push_str("Ctrl+");
        }
        if self.shift == Held::Yes {
            s.push_str("Shift+");
        }
        s.push_str(key_name(self.key));
        s
    }
}

/// The name a key has on the keyboard.
pub fn key_name(k: KeyCode) -> &'static str {
    match k {
        KeyCode::A => "A",
        KeyCode::B => "B",
        KeyCode::C => "C",
        KeyCode::D => "D",
        KeyCode::F => "F",
        KeyCode::G => "G",
        KeyCode::J => "J",
        KeyCode::K => "K",
        KeyCode::L => "L",
        KeyCode::M => "M",
        KeyCode::N => "N",
        KeyCode::O => "O",
        KeyCode::P => "P",
        KeyCode::Q => "Q",
        KeyCode::R => "R",
        KeyCode::S => "S",
        KeyCode::T => "T",
        KeyCode::V => "V",
        KeyCode::W => "W",
        KeyCode::Y => "Y",
        KeyCode::Z => "Z",
        KeyCode::F1 => "F1",
        KeyCode::F2 => "F2",
        KeyCode::F3 => "F3",
        KeyCode::F5 => "F5",
        KeyCode::F9 => "F9",
        KeyCode::E => "E",
        KeyCode::Key0 => "0",
        KeyCode::Key1 => "1",
        KeyCode::Key2 => "2",
        KeyCode::Key3 => "3",
        KeyCode::Key4 => "4",
        KeyCode::Key5 => "5",
        KeyCode::Key6 => "6",
        KeyCode::F12 => "F12",
        KeyCode::PageUp => "PageUp",
        KeyCode::PageDown => "PageDown",
        KeyCode::Home => "Home",
        KeyCode::End => "End",
        KeyCode::Escape => "Esc",
        KeyCode::Space => "Space",
        KeyCode::Enter => "Enter",
        KeyCode::Tab => "Tab",
        KeyCode::Delete => "Del",
        KeyCode::Backspace => "Backspace",
        KeyCode::Slash => "/",
        KeyCode::Left => "Left",
        KeyCode::Right => "Right",
        KeyCode::Up => "Up",
        KeyCode::Down => "Down",
        _ => "?",
    }
}

/// Which modes a row belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every mode: the shell carries it out (or hands it to the mode).
    Every,
    /// Only the mode with this id ([`crate::app::shell::mode::Mode::id`]).
    Only(ModeId),
    /// Read by that mode's canvas tools ([`canvas_action`]), not dispatched
    /// by the shell: they act on the selected shape.
    Canvas(ModeId),
}

/// One row: keys (none for a mouse gesture), what the help says, and the
/// action the keys ask for.
#[derive(Debug, Clone, PartialEq)]
pub struct Shortcut {
    /// The keys; the first is the one menus show.
    pub keys: &'static [Chord],
    /// The help's wording of the keys (English, translated); `None` writes
    /// the chords out.
    pub label: Option<&'static str>,
    /// What it does (English, translated).
    pub what: &'static str,
    /// The action; `None` for a gesture that only the help lists.
    pub action: Option<Action>,
    /// Where it applies.
    pub scope: Scope,
}

const PAIR: ModeId = ModeId::Pair;
const FIELD: ModeId = ModeId::Field;
const SPACE: ModeId = ModeId::Space;
const PRACTICE: ModeId = ModeId::Practice;

const fn row(
    keys: &'static [Chord],
    label: Option<&'static str>,
    what: &'static str,
    action: Option<Action>,
    scope: Scope,
) -> Shortcut {
    Shortcut {
        keys,
        label,
        what,
        action,
        scope,
    }
}

/// A mouse gesture, for the help.
const fn mouse(label: &'static str, what: &'static str, scope: Scope) -> Shortcut {
    row(&[], Some(label), what, None, scope)
}

use Scope::{Canvas, Every, Only};

/// Every shortcut, in the order the help lists them.
pub const TABLE: &[Shortcut] = &[
    mouse("Left drag on a shape", "move it", Only(PAIR)),
    mouse(
        "Left drag on a ring handle",
        "turn the shape (Ctrl: 15° steps, Shift: fine)",
        Only(PAIR),
    ),
    mouse(
        "Left drag on a square handle",
        "reshape: radius, box corner, end, half-angle, vertex",
        Only(PAIR),
    ),
    mouse("Double-click a polygon edge", "add a vertex", Only(PAIR)),
    row(
        &[key(KeyCode::Delete), key(KeyCode::Backspace)],
        Some("Right-click a vertex / Delete"),
        "remove the vertex",
        Some(Action::Delete),
        Canvas(PAIR),
    ),
    mouse(
        "Ctrl while dragging",
        "snap to the grid (positions) or 15° (angles)",
        Only(PAIR),
    ),
    mouse(
        "Right or middle drag, or left drag on empty canvas",
        "pan",
        Only(PAIR),
    ),
    mouse(
        "Left drag: shapes, the ray's square (origin) and ring (direction)",
        "move them",
        Only(FIELD),
    ),
    mouse("Right or middle drag", "pan", Only(FIELD)),
    mouse("Wheel", "zoom at the cursor", Every),
    row(
        &[bare(KeyCode::F)],
        None,
        "fit both shapes",
        Some(Action::Fit),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::F)],
        None,
        "fit the field",
        Some(Action::Fit),
        Only(FIELD),
    ),
    row(
        &[key(KeyCode::R), key(KeyCode::T)],
        Some("R / T (Shift: fine)"),
        "turn the selected shape left / right",
        Some(Action::Turn(1)),
        Canvas(PAIR),
    ),
    row(
        &[
            key(KeyCode::Left),
            key(KeyCode::Right),
            key(KeyCode::Up),
            key(KeyCode::Down),
        ],
        Some("Arrow keys (Shift: fine)"),
        "nudge the selected shape",
        Some(Action::Nudge(Vec2::NEG_X)),
        Canvas(PAIR),
    ),
    row(
        &[key(KeyCode::Delete), key(KeyCode::Backspace)],
        None,
        "delete the selected shape",
        Some(Action::Delete),
        Only(FIELD),
    ),
    row(
        &[bare(KeyCode::C)],
        None,
        "tree cells on / off",
        Some(Action::Field(FieldAction::Cells)),
        Only(FIELD),
    ),
    row(
        &[bare(KeyCode::B)],
        None,
        "loose bounds instead of cells",
        Some(Action::Field(FieldAction::Loose)),
        Only(FIELD),
    ),
    mouse("Left drag on a shape", "move it in the plane facing you (Ctrl: snap to 0.25)", Only(SPACE)),
    mouse(
        "Left drag on the gizmo",
        "an arrow moves the selected shape along x, y or z, a ring turns it, a square sizes it (Ctrl: snap)",
        Only(SPACE),
    ),
    mouse("Right drag or Alt+left drag", "orbit the camera", Only(SPACE)),
    mouse("Middle drag or Shift+right drag", "pan the camera", Only(SPACE)),
    row(
        &[bare(KeyCode::F)],
        None,
        "fit both 3D shapes",
        Some(Action::Fit),
        Only(SPACE),
    ),
    row(&[bare(KeyCode::Key0)], None, "isometric view", Some(Action::Space(SpaceAction::Look(Preset::Iso))), Only(SPACE)),
    row(&[bare(KeyCode::Key1)], None, "view from above", Some(Action::Space(SpaceAction::Look(Preset::Top))), Only(SPACE)),
    row(&[bare(KeyCode::Key2)], None, "view from below", Some(Action::Space(SpaceAction::Look(Preset::Bottom))), Only(SPACE)),
    row(&[bare(KeyCode::Key3)], None, "view from the front", Some(Action::Space(SpaceAction::Look(Preset::Front))), Only(SPACE)),
    row(&[bare(KeyCode::Key4)], None, "view from behind", Some(Action::Space(SpaceAction::Look(Preset::Back))), Only(SPACE)),
    row(&[bare(KeyCode::Key5)], None, "view from the right", Some(Action::Space(SpaceAction::Look(Preset::Right))), Only(SPACE)),
    row(&[bare(KeyCode::Key6)], None, "view from the left", Some(Action::Space(SpaceAction::Look(Preset::Left))), Only(SPACE)),
    row(
        &[bare(KeyCode::V)],
        None,
        "look along the selected axis (else the decisive one)",
        Some(Action::Space(SpaceAction::LookAlongAxis)),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::E)],
        None,
        "look edge-on at the separating plane",
        Some(Action::Space(SpaceAction::EdgeOn)),
        Only(SPACE),
    ),
    row(
        &[key(KeyCode::R), key(KeyCode::T)],
        Some("R / T (Shift: 1°)"),
        "turn the selected shape (else B) 15° about the view axis, counter-clockwise / clockwise",
        Some(Action::Turn(1)),
        Canvas(SPACE),
    ),
    row(
        &[key(KeyCode::A)],
        Some("A (axes)"),
        "interval bars on every axis / only on the axes in focus",
        Some(Action::CycleAxes),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::Space)],
        None,
        "step through the 3D axes (with K or J on: the clipping, or GJK / EPA): next",
        Some(Action::Walk(Walk::Forward)),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::Space).shifted()],
        None,
        "step through the 3D axes (with K or J on: the clipping, or GJK / EPA): previous",
        Some(Action::Walk(Walk::Back)),
        Only(SPACE),
    ),
    row(
        &[key(KeyCode::Home)],
        None,
        "step: back to the start",
        Some(Action::Walk(Walk::Home)),
        Only(SPACE),
    ),
    row(
        &[key(KeyCode::End)],
        None,
        "step: run to the end",
        Some(Action::Walk(Walk::End)),
        Only(SPACE),
    ),
    row(
        &[key(KeyCode::F3).any_ctrl()],
        None,
        "the 3D mode",
        Some(Action::ShowMode(SPACE)),
        Every,
    ),
    row(
        &[bare(KeyCode::Y)],
        None,
        "answer yes: they intersect",
        Some(Action::Practice(Answer::Yes)),
        Only(PRACTICE),
    ),
    row(
        &[bare(KeyCode::N)],
        None,
        "answer no, or that no axis separates",
        Some(Action::Practice(Answer::No)),
        Only(PRACTICE),
    ),
    row(
        &[bare(KeyCode::Enter)],
        None,
        "submit the drag or the clicks; after the answer, the next question",
        Some(Action::Practice(Answer::Go)),
        Only(PRACTICE),
    ),
    mouse("Left drag", "move B (MTV and first-touch questions)", Only(PRACTICE)),
    mouse("Left click", "pick an axis line, or place a point", Only(PRACTICE)),
    row(
        &[ctrl(KeyCode::Z).not_while_typing()],
        None,
        "undo",
        Some(Action::Undo),
        Every,
    ),
    row(
        &[
            ctrl(KeyCode::Y).any_shift().not_while_typing(),
            ctrl_shift(KeyCode::Z).not_while_typing(),
        ],
        None,
        "redo",
        Some(Action::Redo),
        Every,
    ),
    row(
        &[ctrl(KeyCode::N)],
        None,
        "new scene",
        Some(Action::New),
        Every,
    ),
    row(&[ctrl(KeyCode::O)], None, "open", Some(Action::Open), Every),
    row(&[ctrl(KeyCode::S)], None, "save", Some(Action::Save), Every),
    row(
        &[ctrl_shift(KeyCode::S)],
        None,
        "save as",
        Some(Action::SaveAs),
        Every,
    ),
    row(
        &[key(KeyCode::PageUp)],
        None,
        "previous scene in the folder or lesson",
        Some(Action::Step(-1)),
        Every,
    ),
    row(
        &[key(KeyCode::PageDown)],
        None,
        "next scene in the folder or lesson",
        Some(Action::Step(1)),
        Every,
    ),
    row(
        &[key(KeyCode::L)],
        None,
        "lesson mode: the folder's scenes in order, their notes large",
        Some(Action::Pair(PairAction::Lesson)),
        Only(PAIR),
    ),
    row(
        &[key(KeyCode::A)],
        Some("A (axes)"),
        "cycle axes: all, selected, none",
        Some(Action::CycleAxes),
        Only(PAIR),
    ),
    row(
        &[key(KeyCode::F9)],
        None,
        "the frame-time overlay: fps and where the frame went",
        Some(Action::FrameTimes),
        Every,
    ),
    row(
        &[key(KeyCode::F5)],
        None,
        "presenter mode: a larger canvas (labels, handles, arrows, captions), panels hidden, pointer highlight",
        Some(Action::Presenter),
        Every,
    ),
    row(
        &[bare(KeyCode::O)],
        None,
        "auto-play the walk shown, one step after another / pause (its speed: View menu)",
        Some(Action::AutoPlay),
        Every,
    ),
    row(
        &[bare(KeyCode::Tab)],
        None,
        "hide or show the panels",
        Some(Action::Panels),
        Every,
    ),
    row(
        &[bare(KeyCode::G)],
        None,
        "the Algorithm panel: the pair's classic test step by step",
        Some(Action::AlgorithmPanel),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::G)],
        None,
        "the Algorithm section: the pair's closed form worked through",
        Some(Action::AlgorithmPanel),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::M)],
        None,
        "the Minkowski difference A ⊖ B = { a − b } beside the canvas, origin marked; dragging A moves it the same way, dragging B the opposite way",
        Some(Action::Pair(PairAction::Minkowski)),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::F12).any_ctrl().while_typing()],
        None,
        "export the clean canvas as PNG (asks where)",
        Some(Action::ExportPng),
        Every,
    ),
    row(
        &[bare(KeyCode::F12).shifted().while_typing()],
        None,
        "export a walk as an animation, GIF or APNG (asks which and where)",
        Some(Action::ExportAnimation),
        Every,
    ),
    row(
        &[ctrl_shift(KeyCode::C)],
        None,
        "copy the scene as JSON",
        Some(Action::CopyScene),
        Every,
    ),
    row(
        &[ctrl_shift(KeyCode::V)],
        None,
        "paste a shape or a scene from JSON",
        Some(Action::Paste),
        Every,
    ),
    row(
        &[key(KeyCode::F2).any_ctrl()],
        None,
        "the next mode: pair playground, field (many shapes, a ray and a query shape), 3D",
        Some(Action::NextMode),
        Every,
    ),
    row(
        &[bare(KeyCode::Space)],
        None,
        "step through SAT: next axis",
        Some(Action::Walk(Walk::Forward)),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::Space).shifted()],
        None,
        "step through SAT: previous axis",
        Some(Action::Walk(Walk::Back)),
        Only(PAIR),
    ),
    row(
        &[key(KeyCode::Home)],
        None,
        "step: back to the start",
        Some(Action::Walk(Walk::Home)),
        Only(PAIR),
    ),
    row(
        &[key(KeyCode::End)],
        None,
        "step: run to the end",
        Some(Action::Walk(Walk::End)),
        Only(PAIR),
    ),
    row(
        &[key(KeyCode::Escape)],
        None,
        "leave step mode (or close this help)",
        Some(Action::Escape),
        Every,
    ),
    row(
        &[bare(KeyCode::D)],
        None,
        "the next random pair (of the kinds chosen in the panel; its seed in its name)",
        Some(Action::Generate),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::D)],
        None,
        "the next random pair (of the kinds chosen in the panel; its seed in its name)",
        Some(Action::Generate),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::K)],
        None,
        "contacts: the contact points, their gaps or depths, and the normal",
        Some(Action::Contacts),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::K)],
        None,
        "contacts: the contact points, their gaps or depths, and the normal",
        Some(Action::Contacts),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::W)],
        None,
        "motion: drag B's velocity arrow; the sweep, the time of impact, the swept SAT",
        Some(Action::Motion),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::W).shifted()],
        None,
        "motion: A moves too (an arrow of its own to drag) / A stands still",
        Some(Action::AMovesToo),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::W)],
        None,
        "motion: drag B's velocity arrow; the sweep, the time of impact, the swept SAT",
        Some(Action::Motion),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::W).shifted()],
        None,
        "motion: A moves too (an arrow of its own to drag) / A stands still",
        Some(Action::AMovesToo),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::J)],
        None,
        "GJK / EPA: their iterations step by step on the Minkowski pane",
        Some(Action::Gjk),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::J)],
        None,
        "GJK / EPA in 3D: their iterations step by step on a pane of A ⊖ B",
        Some(Action::Gjk),
        Only(SPACE),
    ),
    row(
        &[bare(KeyCode::P)],
        None,
        "predict: hide the verdict and every overlay / reveal",
        Some(Action::Predict),
        Only(PAIR),
    ),
    row(
        &[bare(KeyCode::P)],
        None,
        "predict: hide the verdict, the axes and their table / reveal",
        Some(Action::Predict),
        Only(SPACE),
    ),
    row(
        &[key(KeyCode::F1).while_typing(), bare(KeyCode::Slash).shifted()],
        Some("F1 or ?"),
        "this help",
        Some(Action::Help),
        Every,
    ),
    row(
        &[ctrl(KeyCode::Q).any_shift()],
        None,
        "quit",
        Some(Action::Quit),
        Every,
    ),
];

fn applies(s: &Shortcut, mode: ModeId) -> bool {
    match s.scope {
        Every => true,
        Only(m) => m == mode,
        Canvas(_) => false,
    }
}

/// The actions this frame's key presses ask of the shell and of the mode
/// `mode`; while `typing`, only chords marked for it.
pub fn dispatch(keys: &[KeyPress], mode: ModeId, typing: bool) -> Vec<Action> {
    let mut out = Vec::new();
    for kp in keys {
        let hit = TABLE.iter().filter(|s| applies(s, mode)).find_map(|s| {
            let k = s
                .keys
                .iter()
                .position(|c| c.matches(kp) && (c.typing || !typing))?;
            s.action.clone().map(|a| directed(a, k))
        });
        out.extend(hit);
    }
    out
}

/// The action the canvas tools of `mode` take on `kp` (turn, nudge,
/// delete), if any; the tools read Shift themselves (fine steps).
pub fn canvas_action(kp: &KeyPress, mode: ModeId) -> Option<Action> {
    TABLE
        .iter()
        .filter(|s| matches!(s.scope, Canvas(m) if m == mode))
        .find_map(|s| {
            let k = s.keys.iter().position(|c| c.matches(kp))?;
            s.action.clone().map(|a| directed(a, k))
        })
}

/// The action of a row's `k`-th chord: a turn or a nudge takes the
/// direction of its key (R counter-clockwise, T clockwise; the arrows
/// left, right, up, down, world y up); any other action is the row's.
fn directed(a: Action, k: usize) -> Action {
    match a {
        Action::Turn(_) => Action::Turn(if k == 0 { 1 } else { -1 }),
        Action::Nudge(_) => Action::Nudge(match k {
            0 => Vec2::NEG_X,
            1 => Vec2::X,
            2 => Vec2::Y,
            _ => Vec2::NEG_Y,
        }),
        other => other,
    }
}

/// What a menu writes beside `a` in `mode`: its first chord ("" if none).
pub fn key_text(a: &Action, mode: ModeId) -> String {
    TABLE
        .iter()
        .filter(|s| s.action.as_ref() == Some(a))
        .filter(|s| match s.scope {
            Every => true,
            Only(m) | Canvas(m) => m == mode,
        })
        .find_map(|s| s.keys.first())
        .map(Chord::text)
        .unwrap_or_default()
}

/// `what (key)`: a menu checkbox's text with its key from the table.
pub fn with_key(what: &str, a: &Action, mode: ModeId) -> String {
    format!("{what} ({})", key_text(a, mode))
}

/// A status line's reminder: each action's key and its word, "F1 help ·
/// Tab panels".
pub fn hint(mode: ModeId, items: &[(Action, &str)]) -> String {
    items
        .iter()
        .map(|(a, what)| format!("{} {what}", key_text(a, mode)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The help's rows for `mode`: (keys in the interface language, what in
/// English: the help translates it).
pub fn help_rows(mode: ModeId) -> Vec<(String, &'static str)> {
    TABLE
        .iter()
        .filter(|s| match s.scope {
            Every => true,
            Only(m) | Canvas(m) => m == mode,
        })
        .map(|s| {
            let keys = match s.label {
                Some(l) => tr(l).to_string(),
                None => s
                    .keys
                    .iter()
                    .map(Chord::text)
                    .collect::<Vec<_>>()
                    .join(tr(" or ")),
            };
            (keys, s.what)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, ctrl: bool, shift: bool) -> KeyPress {
        KeyPress { code, ctrl, shift }
    }

    #[test]
    fn every_key_in_the_table_has_a_name() {
        for r in TABLE {
            for c in r.keys {
                assert_ne!(key_name(c.key), "?", "{:?} ({})", c.key, r.what);
            }
        }
    }

    #[test]
    fn presenter_and_auto_play_have_a_key_in_every_mode() {
        for mode in [PAIR, FIELD, SPACE, PRACTICE] {
            let d = |k| dispatch(&[press(k, false, false)], mode, false);
            assert_eq!(d(KeyCode::F5), vec![Action::Presenter], "{mode}");
            assert_eq!(d(KeyCode::O), vec![Action::AutoPlay], "{mode}");
            assert_eq!(key_text(&Action::AutoPlay, mode), "O");
        }
        // Ctrl+O still opens.
        let open = dispatch(&[press(KeyCode::O, true, false)], PAIR, false);
        assert_eq!(open, vec![Action::Open]);
    }

    #[test]
    fn each_key_means_one_thing_in_each_mode() {
        for mode in [PAIR, FIELD, SPACE, PRACTICE] {
            for a in TABLE.iter().filter(|s| applies(s, mode)) {
                for b in TABLE.iter().filter(|s| applies(s, mode)) {
                    if std::ptr::eq(a, b) {
                        continue;
                    }
                    for ca in a.keys {
                        for ctrl in [false, true] {
                            for shift in [false, true] {
                                let kp = press(ca.key, ctrl, shift);
                                let clash =
                                    ca.matches(&kp) && b.keys.iter().any(|c| c.matches(&kp));
                                assert!(
                                    !clash,
                                    "{mode}: {:?} is both {:?} and {:?}",
                                    kp, a.what, b.what
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_table_drives_the_keys_as_before() {
        let d = |k, c, s, m| dispatch(&[press(k, c, s)], m, false);
        assert_eq!(d(KeyCode::S, true, false, PAIR), vec![Action::Save]);
        assert_eq!(d(KeyCode::S, true, true, FIELD), vec![Action::SaveAs]);
        assert_eq!(d(KeyCode::Y, true, true, PAIR), vec![Action::Redo]);
        assert_eq!(d(KeyCode::Z, true, true, FIELD), vec![Action::Redo]);
        assert_eq!(
            d(KeyCode::B, false, false, FIELD),
            vec![Action::Field(FieldAction::Loose)]
        );
        assert_eq!(
            d(KeyCode::L, false, false, PAIR),
            vec![Action::Pair(PairAction::Lesson)]
        );
        assert_eq!(
            d(KeyCode::Space, false, true, PAIR),
            vec![Action::Walk(Walk::Back)]
        );
        assert!(d(KeyCode::Space, false, false, FIELD).is_empty());
        assert_eq!(d(KeyCode::F2, false, false, FIELD), vec![Action::NextMode]);
        // Typing: the text field keeps plain keys and its own undo.
        let t = |k, c, s| dispatch(&[press(k, c, s)], PAIR, true);
        assert!(t(KeyCode::A, false, false).is_empty());
        assert!(t(KeyCode::Z, true, false).is_empty());
        assert!(t(KeyCode::Slash, false, true).is_empty());
        assert_eq!(t(KeyCode::S, true, false), vec![Action::Save]);
        assert_eq!(t(KeyCode::F1, false, false), vec![Action::Help]);
        assert_eq!(t(KeyCode::F12, false, false), vec![Action::ExportPng]);
        assert_eq!(t(KeyCode::F12, false, true), vec![Action::ExportAnimation]);
        // The tools' keys are not dispatched by the shell.
        assert!(d(KeyCode::R, false, false, PAIR).is_empty());
        assert_eq!(
            canvas_action(&press(KeyCode::T, false, true), PAIR),
            Some(Action::Turn(-1))
        );
    }

    #[test]
    fn a_letter_means_the_same_in_every_mode_that_uses_it() {
        // L was lessons in the pair playground and loose bounds in field
        // mode: a key a mode leaves free may not mean something else there.
        for a in TABLE {
            for b in TABLE {
                let (Only(ma) | Canvas(ma), Only(mb) | Canvas(mb)) = (a.scope, b.scope) else {
                    continue;
                };
                if ma == mb || a.action == b.action {
                    continue;
                }
                for ca in a.keys {
                    let both = |cb: &Chord| {
                        [(false, false), (false, true), (true, false), (true, true)]
                            .iter()
                            .any(|&(ctrl, shift)| {
                                let kp = press(ca.key, ctrl, shift);
                                ca.matches(&kp) && cb.matches(&kp)
                            })
                    };
                    assert!(
                        !b.keys.iter().any(both),
                        "{} is {:?} in {ma} and {:?} in {mb}",
                        ca.text(),
                        a.what,
                        b.what
                    );
                }
            }
        }
    }

    #[test]
    fn menus_and_help_read_the_same_rows() {
        assert_eq!(key_text(&Action::SaveAs, PAIR), "Ctrl+Shift+S");
        assert_eq!(key_text(&Action::Redo, FIELD), "Ctrl+Y");
        assert_eq!(key_text(&Action::Fit, FIELD), "F");
        assert_eq!(key_text(&Action::NextMode, PAIR), "F2");
        assert_eq!(key_text(&Action::Capture, PAIR), "");
        let help = help_rows(FIELD);
        assert!(help
            .iter()
            .any(|(k, w)| k == "C" && *w == "tree cells on / off"));
        assert!(!help.iter().any(|(_, w)| w.contains("SAT")));
        // A written-out label names every key it stands for.
        for s in TABLE {
            if let (Some(l), Some(c)) = (s.label, s.keys.first()) {
                let name = key_name(c.key);
                let arrows = name == "Left" && l.contains("Arrow");
                assert!(
                    l.contains(name) || arrows || l == "F1 or ?",
                    "{l:?} vs {name}"
                );
            }
        }
    }
}
