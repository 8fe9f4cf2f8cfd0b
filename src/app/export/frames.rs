//! What an export draws: one still, or the frames of a walk, of any scene
//! kind (a pair, a field, a 3D pair), each frame an SVG document drawn by
//! the window's own painter into a recording.

use crate::app::camera::Rect;
use crate::app::draw::Painter;
use crate::app::export::error::ExportError;
use crate::app::export::pair::{size_scale, PairLook, PairStill};
use crate::app::export::record;
use crate::app::field::model::FieldModel;
use crate::app::field::FieldMode;
use crate::app::files::Document;
use crate::app::palette::{Palette, Theme};
use crate::app::space::still::Shot;
use crate::app::space::still_views::ViewAt;
use crate::app::space::{SpaceMode, Tool};
use glam::Vec2;
use satlab::scene::{load_any, AnyScene};
use std::path::Path;

/// Which walk an animation shows. [`walks`] lists a scene's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Animate {
    /// The SAT walk: the start, the axes one by one with captions, the end
    /// (2D and 3D pairs).
    Steps,
    /// The classic closed-form test's numbered steps, one more a frame, in
    /// the algorithm pane beside its construction (2D pairs; the 3D mode's
    /// Algorithm section is worked text in its panel, not a walk).
    Algorithm,
    /// GJK's iterations, then EPA's, on the Minkowski pane (2D and 3D
    /// pairs).
    Gjk,
    /// The contact manifold's clipping, step by step, then the finished
    /// manifold (2D and 3D pairs).
    Clipping,
    /// The time slider from 0 to 1, the impact pose held (2D and 3D pairs
    /// with a `motion` block).
    Motion,
    /// The camera turning once around the pair (3D pairs).
    Orbit,
}

/// The walks of a 2D pair (Motion only when it moves).
const PAIR_WALKS: &[Animate] = &[
    Animate::Steps,
    Animate::Algorithm,
    Animate::Gjk,
    Animate::Clipping,
    Animate::Motion,
];

/// The walks of a 3D pair (Motion only when it moves).
const SPACE_WALKS: &[Animate] = &[
    Animate::Steps,
    Animate::Gjk,
    Animate::Clipping,
    Animate::Motion,
    Animate::Orbit,
];

/// The walks `sc` can animate, in the form's order: its kind's, Motion only
/// when it has a `motion` block, none for a field. The window's form offers
/// exactly these and [`Source::frames`] refuses every other walk (one list).
pub fn walks(sc: &AnyScene) -> Vec<Animate> {
    let (all, moves) = match sc {
        AnyScene::Pair(p) => (PAIR_WALKS, p.motion.is_some()),
        AnyScene::Space(s) => (SPACE_WALKS, s.motion.is_some()),
        AnyScene::Field(_) => (&[][..], false),
    };
    all.iter()
        .copied()
        .filter(|a| *a != Animate::Motion || moves)
        .collect()
}

/// How the pictures look and which step a still shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Picture size, pixels.
    pub size: (u32, u32),
    /// Colours.
    pub theme: Theme,
    /// The SAT walk's step of a still (0 the start).
    pub step: Option<usize>,
    /// Every axis in the walk, not only up to the first separating one.
    pub keep_testing: bool,
    /// The classic test's working in a pane (2D pairs).
    pub algorithm: bool,
    /// The Minkowski difference in the right half (2D pairs).
    pub minkowski: bool,
    /// The camera of a 3D still.
    pub shot: Option<Shot>,
}

/// The frames of a walk as SVG documents, and the one (besides the last)
/// to hold longer: a motion's time of impact.
pub struct Walk {
    /// One SVG document per frame.
    pub svgs: Vec<String>,
    /// The frame to hold, if any.
    pub hold: Option<usize>,
}

/// An error unless `n` frames are at most [`MAX_FRAMES`].
fn bounded(n: usize) -> Result<usize, ExportError> {
    if n > MAX_FRAMES {
        Err(ExportError::TooManyFrames {
            frames: n,
            most: MAX_FRAMES,
        })
    } else {
        Ok(n)
    }
}

/// A scene loaded for pictures.
pub enum Source {
    /// Two 2D shapes.
    Pair(Box<PairStill>),
    /// Many 2D shapes.
    Field(Box<FieldMode>),
    /// Two 3D shapes.
    Space(Box<SpaceMode>),
}

/// Frames an orbit takes for one turn.
pub const ORBIT_FRAMES: usize = 36;

/// Frames the motion slider takes from 0 to 1.
pub const MOTION_FRAMES: usize = 21;

/// Most frames an animation may have.
pub const MAX_FRAMES: usize = 600;

impl Source {
    /// Loads `path` (any scene kind) for pictures laid out as `o` says.
    pub fn load(path: &Path, o: &Options) -> Result<Source, ExportError> {
        let sc = load_any(path).map_err(|source| ExportError::Scene {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Source::of(sc, Some(path), o))
    }

    /// `sc` (from the file `path`, if it has one) for pictures laid out as
    /// `o` says: the window's export draws the open document this way.
    pub fn of(sc: AnyScene, path: Option<&Path>, o: &Options) -> Source {
        match sc {
            AnyScene::Pair(scene) => {
                let doc = Document {
                    path: path.map(Path::to_path_buf),
                    saved: scene.clone(),
                };
                let look = PairLook {
                    size: o.size,
                    theme: o.theme,
                    algorithm: o.algorithm,
                    minkowski: o.minkowski,
                };
                Source::Pair(Box::new(PairStill::new(scene, doc, look)))
            }
            AnyScene::Field(sc) => Source::Field(Box::new(FieldMode::new(
                FieldModel::from_scene(&sc),
                path.map(Path::to_path_buf),
                sc.view,
            ))),
            AnyScene::Space(sc) => {
                Source::Space(Box::new(SpaceMode::new(*sc, path.map(Path::to_path_buf))))
            }
        }
    }

    /// The walks of this kind of scene (see [`walks`]; Motion also for a
    /// scene that does not move, which `frames` refuses with its own
    /// error).
    fn kind_walks(&self) -> &'static [Animate] {
        match self {
            Source::Pair(_) => PAIR_WALKS,
            Source::Space(_) => SPACE_WALKS,
            Source::Field(_) => &[],
        }
    }

    /// The kind's name, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Source::Pair(_) => "a 2D pair scene",
            Source::Field(_) => "a field scene",
            Source::Space(_) => "a 3D scene",
        }
    }

    /// One picture as `o` says.
    pub fn still(&mut self, o: &Options) -> String {
        match self {
            Source::Pair(p) => {
                p.set_step(o.step, o.keep_testing);
                p.svg()
            }
            Source::Field(f) => record_with(o, |p, whole| f.draw_still(p, whole)),
            Source::Space(s) => {
                s.set_still(whole(o), o.shot, o.step, o.keep_testing);
                record_with(o, |p, _| s.draw_still(p))
            }
        }
    }

    /// The frames of walk `a`; an error says why this scene has no such
    /// walk.
    pub fn frames(&mut self, a: Animate, o: &Options) -> Result<Walk, ExportError> {
        let kind = self.kind();
        let refuse = |walk: Animate| {
            Err(ExportError::NoWalk {
                walk: a_name(walk),
                kind,
            })
        };
        if !self.kind_walks().contains(&a) {
            return refuse(a);
        }
        let frames = match (self, a) {
            (Source::Pair(p), Animate::Steps) => {
                let n = bounded(p.walk_len(o.keep_testing))?;
                (0..n)
                    .map(|k| {
                        p.set_step(Some(k), o.keep_testing);
                        p.svg()
                    })
                    .collect()
            }
            (Source::Pair(p), Animate::Algorithm) => {
                p.set_step(None, false);
                let n = bounded(p.algorithm_len() + 1)?;
                let svgs = (0..n)
                    .map(|k| {
                        p.show_algorithm_steps(Some(k));
                        p.svg()
                    })
                    .collect();
                p.show_algorithm_steps(None);
                svgs
            }
            (Source::Pair(p), Animate::Gjk) => gjk(p)?,
            (Source::Pair(p), Animate::Clipping) => clipping(p)?,
            (Source::Pair(p), Animate::Motion) => return motion(p),
            (Source::Space(s), Animate::Steps) => {
                s.set_still(whole(o), o.shot, Some(0), o.keep_testing);
                let n = bounded(s.walk_steps())?;
                (0..n)
                    .map(|k| {
                        s.set_still(whole(o), o.shot, Some(k), o.keep_testing);
                        record_with(o, |p, _| s.draw_still(p))
                    })
                    .collect()
            }
            (Source::Space(s), Animate::Orbit) => {
                s.set_still(whole(o), o.shot, o.step, o.keep_testing);
                let turn = std::f32::consts::TAU / ORBIT_FRAMES as f32;
                (0..ORBIT_FRAMES)
                    .map(|k| {
                        if k > 0 {
                            s.turn_still(turn);
                        }
                        record_with(o, |p, _| s.draw_still(p))
                    })
                    .collect()
            }
            (Source::Space(s), Animate::Gjk) => space_gjk(s, o)?,
            (Source::Space(s), Animate::Clipping) => space_clipping(s, o)?,
            (Source::Space(s), Animate::Motion) => return space_motion(s, o),
            (Source::Pair(_), Animate::Orbit) | (Source::Space(_), Animate::Algorithm) => {
                return refuse(a)
            }
            (Source::Field(_), walk) => return refuse(walk),
        };
        Ok(Walk {
            svgs: frames,
            hold: None,
        })
    }
}

/// The name `--animate` takes for `a`.
pub fn a_name(a: Animate) -> &'static str {
    match a {
        Animate::Steps => "steps",
        Animate::Algorithm => "algorithm",
        Animate::Gjk => "gjk",
        Animate::Clipping => "clipping",
        Animate::Motion => "motion",
        Animate::Orbit => "orbit",
    }
}

fn whole(o: &Options) -> Rect {
    Rect::new(Vec2::ZERO, Vec2::new(o.size.0 as f32, o.size.1 as f32))
}

/// Records what `draw` paints with a headless painter on the whole picture.
fn record_with(o: &Options, draw: impl FnOnce(&Painter, Rect)) -> String {
    let p = Painter {
        pal: Palette::of(o.theme),
        font: None,
        scale: size_scale(o.size.0, o.size.1),
        labels: 1.0,
    };
    record::start(o.size.0, o.size.1);
    draw(&p, whole(o));
    record::finish().unwrap_or_default()
}

/// GJK's and EPA's iterations on the Minkowski pane.
fn gjk(p: &mut PairStill) -> Result<Vec<String>, ExportError> {
    p.set_step(None, false);
    let app = p.app_mut();
    app.gjk_view = true;
    app.refresh();
    let n = app.results.gjk.as_ref().map_or(0, |v| v.steps());
    if n == 0 {
        return Err(ExportError::NoGjk);
    }
    Ok((0..n.min(MAX_FRAMES))
        .map(|k| {
            let app = p.app_mut();
            app.gjk_step = k;
            app.refresh();
            p.svg()
        })
        .collect())
}

/// The manifold's clipping steps.
fn clipping(p: &mut PairStill) -> Result<Vec<String>, ExportError> {
    p.set_step(None, false);
    let app = p.app_mut();
    app.contacts = true;
    app.refresh();
    if app.results.contacts.is_none() {
        return Err(ExportError::NoContacts);
    }
    let steps = crate::app::pair::contacts::CLIP_STEPS;
    // Each clip step, then the finished manifold.
    let mut out = Vec::with_capacity(steps + 1);
    for k in (0..steps).map(Some).chain(std::iter::once(None)) {
        let app = p.app_mut();
        app.contact_step = k;
        app.refresh();
        out.push(p.svg());
    }
    Ok(out)
}

/// The times the motion slider shows: 0 to 1 in [`MOTION_FRAMES`], and
/// the time of impact `toi`, when there is one, as a frame of its own
/// (replacing one it falls on); and the index of that frame, to hold.
fn motion_times(toi: Option<f32>) -> (Vec<f32>, Option<usize>) {
    let mut times: Vec<f32> = (0..MOTION_FRAMES)
        .map(|k| k as f32 / (MOTION_FRAMES - 1) as f32)
        .collect();
    let toi = toi.filter(|t| t.is_finite());
    if let Some(t) = toi {
        times.retain(|x| (x - t).abs() > 1e-4);
        times.push(t);
        times.sort_by(f32::total_cmp);
    }
    let hold = toi.and_then(|t| times.iter().position(|x| *x == t));
    (times, hold)
}

/// The time slider from 0 to 1; the time of impact, when there is one,
/// is a frame of its own, held.
fn motion(p: &mut PairStill) -> Result<Walk, ExportError> {
    p.set_step(None, false);
    let app = p.app_mut();
    if app.scene.motion.is_none() {
        return Err(ExportError::NoMotion);
    }
    app.motion_view = true;
    app.refresh();
    let toi = app.results.motion.as_ref().and_then(|m| m.toi).map(|t| t.t);
    let (times, hold) = motion_times(toi);
    let svgs = times
        .into_iter()
        .map(|t| {
            let app = p.app_mut();
            app.motion_t = t;
            app.refresh();
            p.svg()
        })
        .collect();
    Ok(Walk { svgs, hold })
}

/// The 3D mode set for a still of `tool`'s view as `o` lays it out.
fn space_view(s: &mut SpaceMode, o: &Options, tool: Tool) {
    let scale = size_scale(o.size.0, o.size.1);
    s.set_still_view(whole(o), scale, o.shot, tool);
}

/// The 3D frame at `at` of the view set by [`space_view`].
fn space_frame(s: &mut SpaceMode, o: &Options, at: ViewAt) -> String {
    s.set_view_at(at);
    record_with(o, |p, _| s.draw_still(p))
}

/// The 3D GJK / EPA view (J): GJK's iterations, then EPA's, one a frame.
fn space_gjk(s: &mut SpaceMode, o: &Options) -> Result<Vec<String>, ExportError> {
    space_view(s, o, Tool::Gjk);
    let n = s.gjk_steps();
    if n == 0 {
        return Err(ExportError::NoGjk);
    }
    let n = bounded(n)?;
    Ok((0..n).map(|k| space_frame(s, o, ViewAt::Gjk(k))).collect())
}

/// The 3D Contacts view (K): each step of the clipping walk, then the
/// finished manifold, as the 2D walk.
fn space_clipping(s: &mut SpaceMode, o: &Options) -> Result<Vec<String>, ExportError> {
    space_view(s, o, Tool::Contacts);
    let n = bounded(s.clip_steps().ok_or(ExportError::NoContacts)? + 1)?;
    Ok((0..n)
        .map(|k| space_frame(s, o, ViewAt::Clip((k + 1 < n).then_some(k))))
        .collect())
}

/// The 3D Motion view (W): the time slider from 0 to 1, the time of
/// impact a frame of its own, held.
fn space_motion(s: &mut SpaceMode, o: &Options) -> Result<Walk, ExportError> {
    if s.scene.motion.is_none() {
        return Err(ExportError::NoMotion);
    }
    space_view(s, o, Tool::Motion);
    let (times, hold) = motion_times(s.impact_time());
    let svgs = times
        .into_iter()
        .map(|t| space_frame(s, o, ViewAt::Time(t)))
        .collect();
    Ok(Walk { svgs, hold })
}
