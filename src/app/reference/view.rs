//! The "Reference (parry)" panel section: a header with a checkbox (on by
//! default) and, while on and open, the readout of the open pair. The
//! readout is worked out only when the pair or its tolerance changed: the
//! last pair and its readout are kept in egui's memory under the section's
//! id, so a panel needs one call and no state of its own.

use super::{rows, summary, Disagreement, Readout, Reason};
use crate::app::i18n::tr;
use egui_macroquad::egui;
use satlab::geom::Shape;
use satlab::geom3d::Shape3;

/// The last pair a section computed (and the tolerance's bits), and its readout.
#[derive(Clone)]
struct Cached<S> {
    pair: Option<(S, S, u32)>,
    readout: Option<Readout>,
}

impl<S> Default for Cached<S> {
    fn default() -> Self {
        Cached {
            pair: None,
            readout: None,
        }
    }
}

/// The 2D pair playground's section for `a` and `b` under `tolerance`
/// (world units).
pub fn section_2d(ui: &mut egui::Ui, a: &Shape, b: &Shape, tolerance: f32) {
    section(ui, "reference_2d", a, b, tolerance, super::two::compare);
}

/// The 3D mode's section for `a` and `b` under `tolerance` (world units).
pub fn section_3d(ui: &mut egui::Ui, a: &Shape3, b: &Shape3, tolerance: f32) {
    section(ui, "reference_3d", a, b, tolerance, super::three::compare);
}

fn section<S: Clone + PartialEq + Send + Sync + 'static>(
    ui: &mut egui::Ui,
    name: &str,
    a: &S,
    b: &S,
    tolerance: f32,
    compare: fn(&S, &S, f32) -> Readout,
) {
    let id = ui.make_persistent_id(name);
    let on_id = id.with("on");
    let mut on = ui.ctx().data_mut(|d| *d.get_temp_mut_or(on_id, true));
    let readout = if on {
        let key = (a.clone(), b.clone(), tolerance.to_bits());
        ui.ctx().data_mut(|d| {
            let c = d.get_temp_mut_or_default::<Cached<S>>(id.with("cache"));
            if c.pair.as_ref() != Some(&key) || c.readout.is_none() {
                c.readout = Some(compare(a, b, tolerance));
                c.pair = Some(key);
            }
            c.readout.clone()
        })
    } else {
        None
    };
    // Closed by default: the line under the header says whether parry
    // agrees (and why not); opening it shows every number.
    let state =
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false);
    let shown = state.show_header(ui, |ui| {
        let tick = ui.checkbox(
            &mut on,
            egui::RichText::new(tr("Reference (parry)")).strong(),
        );
        if tick.changed() {
            ui.ctx().data_mut(|d| d.insert_temp(on_id, on));
        }
        tick.on_hover_text(tr(
            "parry's verdict, signed distance and contact for this pair beside satlab's",
        ));
    });
    shown.body(|ui| match &readout {
        Some(r) => body(ui, r),
        None => {
            ui.weak(tr("off: tick the box to compare with parry"));
        }
    });
    if let Some(r) = &readout {
        verdict_line(ui, r);
    }
}

/// Each quantity's name, then under it satlab's value and parry's, in a
/// small grid (three coordinates side by side would not fit the panel,
/// nor would the name beside two coordinates far from the origin); a
/// grid still wider than a narrow panel scrolls sideways under a bar
/// ([`wide_table`](crate::app::shell::widgets::wide_table)) instead of
/// widening every row after it.
fn body(ui: &mut egui::Ui, r: &Readout) {
    if let Readout::Compared(c) = r {
        crate::app::shell::widgets::wide_table(ui, "reference", |ui| {
            ui.vertical(|ui| {
                for (k, [label, satlab, parry]) in rows(c).iter().skip(1).enumerate() {
                    ui.label(label);
                    egui::Grid::new(ui.id().with(("reference_grid", k)))
                        .num_columns(2)
                        .show(ui, |ui| {
                            ui.weak("satlab");
                            ui.monospace(satlab);
                            ui.end_row();
                            ui.weak("parry");
                            ui.monospace(parry);
                            ui.end_row();
                        });
                }
            });
        });
        if c.ray_cut {
            ui.small(tr("(the unbounded ray is cut to a segment for parry)"));
        }
    }
}

/// The summary, coloured by agreement (green), an explained difference
/// (amber) or an unexplained one (red).
fn verdict_line(ui: &mut egui::Ui, r: &Readout) {
    let pal = crate::app::palette::Palette::of_visuals(ui.visuals());
    let color = match r {
        Readout::Compared(c) => crate::app::palette::to_egui(match c.disagreement {
            None => pal.gap,
            Some(Disagreement::Verdict { reason } | Disagreement::Distance { reason, .. }) => {
                match reason {
                    Reason::TouchingPolicy | Reason::F32Rounding => pal.touching,
                    Reason::Unexplained => pal.overlap,
                }
            }
        }),
        Readout::NoShape(_) | Readout::Refused => ui.visuals().weak_text_color(),
    };
    ui.label(egui::RichText::new(summary(r)).color(color));
}
