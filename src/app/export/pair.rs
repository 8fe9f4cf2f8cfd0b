//! The pair playground's picture without a window: the app state laid out
//! as `satlab render` and the window's export show it (canvas, optional
//! algorithm and Minkowski panes), drawn by the window's own painter into
//! a recording ([`super::record`]).

use crate::app::camera::Rect;
use crate::app::export::record;
use crate::app::files::Document;
use crate::app::pair::canvas::{draw_canvas, fit_room};
use crate::app::pair::pane::{
    algorithm_steps, draw_algorithm_steps, draw_minkowski, split_for_algorithm, split_for_pane,
};
use crate::app::pair::state::App;
use crate::app::palette::Theme;
use glam::Vec2;
use satlab::scene::Scene;

/// How a pair picture looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairLook {
    /// Picture size, pixels.
    pub size: (u32, u32),
    /// Colours.
    pub theme: Theme,
    /// The classic test's working in a pane (the Algorithm panel).
    pub algorithm: bool,
    /// The Minkowski difference in the right half.
    pub minkowski: bool,
}

/// A pair scene set up for pictures: the app as the window would hold it.
pub struct PairStill {
    app: App,
    look: PairLook,
    panes: (Rect, Option<Rect>, Option<Rect>),
    /// The algorithm pane's steps shown (all for `None`).
    algorithm_shown: Option<usize>,
}

impl PairStill {
    /// `scene` (from `doc`) laid out for `look`; its view fitted to the
    /// canvas (or the scene's own view).
    pub fn new(scene: Scene, doc: Document, look: PairLook) -> PairStill {
        let mut app = App::new(scene, doc);
        app.settings.scale = size_scale(look.size.0, look.size.1);
        app.settings.theme = look.theme;
        app.algorithm_panel = look.algorithm;
        app.minkowski = look.minkowski;
        let whole = Rect::new(
            Vec2::ZERO,
            Vec2::new(look.size.0 as f32, look.size.1 as f32),
        );
        let (rest, working) = split_for_algorithm(whole, look.algorithm);
        let (canvas, pane) = split_for_pane(rest, look.minkowski);
        app.cam.canvas = canvas;
        app.refresh();
        let mut still = PairStill {
            app,
            look,
            panes: (canvas, pane, working),
            algorithm_shown: None,
        };
        still.fit();
        still
    }

    /// Fits the view with room for the walk's captions, as the window does.
    fn fit(&mut self) {
        self.app.cam.room = fit_room(&self.app, false);
        self.app.apply_view();
        self.app.refresh();
    }

    /// Steps of the SAT walk: the start, each axis tested (every axis with
    /// `keep_testing`, else up to the first separating one), the end.
    pub fn walk_len(&mut self, keep_testing: bool) -> usize {
        self.set_step(Some(0), keep_testing);
        self.app.class.step.progress().1 + 2
    }

    /// Sets the walk to step `n` (0 the start; past the last axis the end),
    /// or leaves the walk (`None`).
    pub fn set_step(&mut self, n: Option<usize>, keep_testing: bool) {
        let s = &mut self.app.class.step;
        match n {
            Some(n) => {
                s.set_keep_testing(keep_testing, &self.app.results.report);
                s.home();
                for _ in 0..n {
                    s.forward();
                }
            }
            None => s.leave(),
        }
        self.app.refresh();
        self.fit();
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> String {
        let (w, h) = self.look.size;
        record::start(w, h);
        draw_canvas(&self.app, None, None);
        if let Some(r) = self.panes.1 {
            draw_minkowski(&self.app, None, r, false);
        }
        if let Some(r) = self.panes.2 {
            draw_algorithm_steps(&self.app, None, r, self.algorithm_shown);
        }
        record::finish().unwrap_or_default()
    }

    /// The classic test's numbered steps (the algorithm pane's).
    pub fn algorithm_len(&self) -> usize {
        algorithm_steps(&self.app)
    }

    /// Shows the algorithm pane's first `k` steps (all for `None`).
    pub fn show_algorithm_steps(&mut self, k: Option<usize>) {
        self.algorithm_shown = k;
    }

    /// The app, for the walks that drive other views.
    pub fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

/// The UI scale of a `w`×`h` picture: 1 up to 1280×800, then in
/// proportion to the smaller ratio of the sides, up to 4, so labels, lines
/// and the caption grow with `--size` as the shapes do (a smaller picture
/// keeps text at its readable size).
pub fn size_scale(w: u32, h: u32) -> f32 {
    crate::app::num::clamp((w as f32 / 1280.0).min(h as f32 / 800.0), 1.0, 4.0)
}
