//! The 3D mode's own actions: the camera's keys and buttons
//! ([`crate::app::shell::action::Action::Space`]), and the camera presets
//! they name. A leaf: the shell names these types and nothing else of the
//! mode.

use glam::Vec3;

/// Something only the 3D mode does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpaceAction {
    /// Turn the camera to a preset view (0–6).
    Look(Preset),
    /// Look along the selected (else the decisive) axis (V).
    LookAlongAxis,
    /// Look edge-on at the separating plane (E).
    EdgeOn,
}

/// The camera presets: six axis views and the isometric one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Looking down −z (from above).
    Top,
    /// Looking up +z (from below).
    Bottom,
    /// Looking along +y (from the front, −y side).
    Front,
    /// Looking along −y (from behind).
    Back,
    /// Looking along −x (from the right, +x side).
    Right,
    /// Looking along +x (from the left).
    Left,
    /// The isometric view from (+1, −1, +1)... normalised.
    Iso,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 7] = [
        Preset::Iso,
        Preset::Top,
        Preset::Bottom,
        Preset::Front,
        Preset::Back,
        Preset::Right,
        Preset::Left,
    ];

    /// Its name in menus (English, translated when shown).
    pub fn label(self) -> &'static str {
        match self {
            Preset::Top => "top (−z)",
            Preset::Bottom => "bottom (+z)",
            Preset::Front => "front (+y)",
            Preset::Back => "back (−y)",
            Preset::Right => "right (−x)",
            Preset::Left => "left (+x)",
            Preset::Iso => "isometric",
        }
    }

    /// The direction the camera looks along.
    pub fn look(self) -> Vec3 {
        match self {
            Preset::Top => Vec3::NEG_Z,
            Preset::Bottom => Vec3::Z,
            Preset::Front => Vec3::Y,
            Preset::Back => Vec3::NEG_Y,
            Preset::Right => Vec3::NEG_X,
            Preset::Left => Vec3::X,
            Preset::Iso => Vec3::new(-1.0, 1.0, -1.0).normalize(),
        }
    }
}
