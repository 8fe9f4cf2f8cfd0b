//! The time of impact of a 3D pair scene over its `motion`: computing it
//! as `check`, `eval` and `capture` see it, and comparing it with the
//! `expect` block.

use super::contacts::toi_mismatch;
use super::mismatch::Mismatch;
use super::model::{Expect, ExpectToi};
use super::space::Scene3;
use crate::geom3d::{time_of_impact3, Impact3};

/// The first touch over the scene's motion: `None` when the scene does
/// not move, `Some(None)` when the shapes do not touch over the step.
pub fn scene_impact3(scene: &Scene3) -> Option<Option<Impact3>> {
    let m = scene.motion?;
    Some(time_of_impact3(&scene.a.shape, m.a, &scene.b.shape, m.b))
}

/// The time of impact over the scene's motion, as `expect` writes it.
pub fn scene_toi3(scene: &Scene3) -> Option<ExpectToi> {
    scene_impact3(scene).map(|hit| match hit {
        Some(h) => ExpectToi::At(h.t),
        None => ExpectToi::Never,
    })
}

/// The mismatch of the time of impact `e` expects, within `tol`.
pub(super) fn compare(e: &Expect, scene: &Scene3, tol: f32, out: &mut Vec<Mismatch>) {
    if let Some(want) = e.time_of_impact {
        out.extend(toi_mismatch(want, scene_toi3(scene), tol));
    }
}
