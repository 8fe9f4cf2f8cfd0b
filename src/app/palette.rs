//! One palette per theme: every colour the canvas uses, by meaning.

use crate::app::display::Role;
use egui_macroquad::egui;
use macroquad::color::Color;
use satlab::geom::Verdict;

/// Light or dark (`"dark"`, `"light"` in the settings file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Dark background (default).
    #[default]
    Dark,
    /// Light background, for bright rooms and projectors.
    Light,
}

/// The colours of one theme.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    /// Canvas background.
    pub bg: Color,
    /// Minor grid lines.
    pub grid: Color,
    /// Major grid lines.
    pub grid_major: Color,
    /// The world axes x = 0 and y = 0.
    pub world_axes: Color,
    /// Main text.
    pub text: Color,
    /// Backing plate behind labels.
    pub plate: Color,
    /// Shape A.
    pub a: Color,
    /// Shape B.
    pub b: Color,
    /// Axis lines.
    pub axis: Color,
    /// The decisive axis.
    pub decisive: Color,
    /// Gaps.
    pub gap: Color,
    /// Overlaps.
    pub overlap: Color,
    /// The MTV.
    pub mtv: Color,
    /// Distance.
    pub distance: Color,
    /// Hits.
    pub hit: Color,
    /// Secondary marks.
    pub muted: Color,
    /// Handle fill.
    pub handle: Color,
    /// Touching verdict.
    pub touching: Color,
    /// The 3D gizmo's arrows and rings along world x, y and z: lime, cyan
    /// and magenta, hues apart from the MTV's red, A's blue and B's orange
    /// (the usual red x would read as the MTV).
    pub gizmo: [Color; 3],
}

/// The colour `0xRRGGBB`, opaque.
pub const fn hex(rgb: u32) -> Color {
    Color::new(
        ((rgb >> 16) & 0xff) as f32 / 255.0,
        ((rgb >> 8) & 0xff) as f32 / 255.0,
        (rgb & 0xff) as f32 / 255.0,
        1.0,
    )
}

/// The colour of field layer `index`: layer 0 (Default) in the muted grey
/// every field shape had before layers, the others in turn from the
/// Okabe–Ito colour-blind-safe set.
pub fn layer_colour(pal: &Palette, index: usize) -> Color {
    const OKABE_ITO: [u32; 7] = [
        0x56b4e9, 0xe69f00, 0x009e73, 0xcc79a7, 0xf0e442, 0x0072b2, 0xd55e00,
    ];
    match index.checked_sub(1) {
        None => pal.muted,
        Some(k) => hex(OKABE_ITO[k % OKABE_ITO.len()]),
    }
}

/// The colour of field layer `index`, `chosen` by the file or the user
/// when given, else [`layer_colour`].
pub fn layer_colour_or(pal: &Palette, index: usize, chosen: Option<[u8; 3]>) -> Color {
    match chosen {
        Some([r, g, b]) => Color::from_rgba(r, g, b, 255),
        None => layer_colour(pal, index),
    }
}

/// `c` with alpha `a`.
pub fn alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, a)
}

impl Palette {
    /// The palette of `theme`.
    pub fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Dark => Palette {
                bg: hex(0x181b21),
                grid: hex(0x22262e),
                grid_major: hex(0x2e3440),
                world_axes: hex(0x56607a),
                text: hex(0xe8ebf1),
                plate: Color::new(0.07, 0.08, 0.10, 0.82),
                a: hex(0x4ea1ff),
                b: hex(0xffa24c),
                axis: hex(0x8791a8),
                decisive: hex(0xc77dff),
                gap: hex(0x3ddc97),
                overlap: hex(0xff5c6c),
                mtv: hex(0xff5c6c),
                distance: hex(0x3ddc97),
                hit: hex(0xffd166),
                muted: hex(0x8a93a6),
                handle: hex(0xf4f6fa),
                touching: hex(0xffd166),
                gizmo: [hex(0xc6e03a), hex(0x22d3ee), hex(0xff66ff)],
            },
            Theme::Light => Palette {
                bg: hex(0xf7f8fa),
                grid: hex(0xe6e9ee),
                grid_major: hex(0xd2d7df),
                world_axes: hex(0x8c96aa),
                text: hex(0x1b2030),
                plate: Color::new(1.0, 1.0, 1.0, 0.88),
                a: hex(0x1f6fd6),
                b: hex(0xd9620b),
                axis: hex(0x5d6680),
                decisive: hex(0x8a2be2),
                gap: hex(0x138a5a),
                overlap: hex(0xd12a3c),
                mtv: hex(0xd12a3c),
                distance: hex(0x138a5a),
                hit: hex(0xb07800),
                muted: hex(0x6b7386),
                handle: hex(0xffffff),
                touching: hex(0xb07800),
                gizmo: [hex(0x5c8a00), hex(0x0097a7), hex(0xb0009e)],
            },
        }
    }

    /// The colour of a role.
    pub fn role(&self, r: Role) -> Color {
        match r {
            Role::A => self.a,
            Role::B => self.b,
            Role::Axis => self.axis,
            Role::Decisive => self.decisive,
            Role::Gap => self.gap,
            Role::Overlap => self.overlap,
            Role::Mtv => self.mtv,
            Role::Distance => self.distance,
            Role::Hit => self.hit,
            Role::Muted => self.muted,
        }
    }

    /// The colour that says the verdict.
    pub fn verdict(&self, v: Verdict) -> Color {
        match v {
            Verdict::Separated => self.gap,
            Verdict::Touching => self.touching,
            Verdict::Overlapping => self.overlap,
        }
    }

    /// The palette of the theme egui's `visuals` are in: what the panels
    /// colour their text with (a verdict, an agreement, an error), so it
    /// reads on the light panels as on the dark ones.
    pub fn of_visuals(visuals: &egui::Visuals) -> Palette {
        Palette::of(if visuals.dark_mode {
            Theme::Dark
        } else {
            Theme::Light
        })
    }

    /// [`Palette::verdict`] for egui text.
    pub fn egui_verdict(&self, v: Verdict) -> egui::Color32 {
        to_egui(self.verdict(v))
    }
}

/// `c` as an egui colour (the panels').
pub fn to_egui(c: Color) -> egui::Color32 {
    let byte = |v: f32| (crate::app::num::clamp(v, 0.0, 1.0) * 255.0).round() as u8;
    egui::Color32::from_rgba_unmultiplied(byte(c.r), byte(c.g), byte(c.b), byte(c.a))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CIE L*a*b* of an sRGB colour (D65).
    fn lab(c: Color) -> [f32; 3] {
        let lin = |v: f32| {
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (lin(c.r), lin(c.g), lin(c.b));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f32| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// CIE76 colour difference (about 2.3 is just noticeable).
    fn delta_e(p: Color, q: Color) -> f32 {
        let (p, q) = (lab(p), lab(q));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    #[test]
    fn the_gizmo_colours_differ_from_the_mtv_the_shapes_and_each_other() {
        // The old x arrow, Okabe–Ito's reddish purple, against the dark
        // theme's MTV (ΔE 43): the pair a user took for one colour.
        let old = delta_e(hex(0xcc79a7), Palette::of(Theme::Dark).mtv);
        assert!(old < 60.0);
        for theme in [Theme::Dark, Theme::Light] {
            let p = Palette::of(theme);
            for (k, g) in p.gizmo.iter().enumerate() {
                for (what, c) in [("mtv", p.mtv), ("overlap", p.overlap)] {
                    let d = delta_e(*g, c);
                    assert!(d >= 60.0, "{theme:?} gizmo {k} vs {what}: ΔE {d}");
                }
                for (what, c) in [("A", p.a), ("B", p.b)] {
                    let d = delta_e(*g, c);
                    assert!(d >= 40.0, "{theme:?} gizmo {k} vs {what}: ΔE {d}");
                }
                for (j, h) in p.gizmo.iter().enumerate().filter(|(j, _)| *j != k) {
                    let d = delta_e(*g, *h);
                    assert!(d >= 40.0, "{theme:?} gizmo {k} vs {j}: ΔE {d}");
                }
                assert!(
                    delta_e(*g, p.bg) >= 40.0,
                    "{theme:?} gizmo {k} on the background"
                );
            }
        }
    }

    /// WCAG contrast ratio of two opaque colours.
    fn contrast(x: Color, y: Color) -> f32 {
        let lum = |c: Color| {
            let lin = |v: f32| {
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
        };
        let (a, b) = (lum(x), lum(y));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Issue 28 (light theme): the colours text is written in (canvas
    /// labels on the background, verdicts and agreements in the panels on
    /// egui's panel fill) read in both themes: a contrast of at least 3
    /// (WCAG's large text). The panels' old fixed green (61, 200, 140),
    /// chosen for the dark panels, had 2.0 on the light ones.
    #[test]
    fn text_colours_read_on_their_background_in_both_themes() {
        for (theme, visuals) in [
            (Theme::Dark, egui::Visuals::dark()),
            (Theme::Light, egui::Visuals::light()),
        ] {
            let p = Palette::of(theme);
            assert_eq!(Palette::of_visuals(&visuals).bg, p.bg);
            let f = visuals.panel_fill;
            let fill = Color::from_rgba(f.r(), f.g(), f.b(), 255);
            let texts = [
                ("text", p.text),
                ("gap", p.gap),
                ("overlap", p.overlap),
                ("touching", p.touching),
                ("distance", p.distance),
                ("hit", p.hit),
                ("decisive", p.decisive),
                ("muted", p.muted),
                ("a", p.a),
                ("b", p.b),
            ];
            for (name, c) in texts {
                let k = contrast(c, p.bg);
                assert!(k >= 3.0, "{theme:?} {name} on the canvas: {k:.2}");
            }
            for v in [Verdict::Separated, Verdict::Touching, Verdict::Overlapping] {
                let e = p.egui_verdict(v);
                let c = Color::from_rgba(e.r(), e.g(), e.b(), 255);
                let k = contrast(c, fill);
                assert!(k >= 3.0, "{theme:?} {v:?} in the panels: {k:.2}");
            }
        }
        let old = hex(0x3dc88c);
        let light_fill = egui::Visuals::light().panel_fill;
        let fill = Color::from_rgba(light_fill.r(), light_fill.g(), light_fill.b(), 255);
        assert!(contrast(old, fill) < 3.0, "the old green fails the test");
    }
}
