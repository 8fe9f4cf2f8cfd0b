//! Getting numbers in and out, as an engine programmer reproducing a bug
//! needs: the scene as JSON, the result table as text, and pasting a shape
//! object or a whole scene from the clipboard. The parsing is pure (and
//! tested); the window reads and writes the system clipboard.

use crate::app::shell::mode::ClipError;
use satlab::geom::Side;
use satlab::scene::{self, AnyScene, Scene};
use std::path::Path;

/// The name a pasted text goes by in messages (`clipboard:3:14: …`).
pub const ORIGIN: &str = "clipboard";

/// What a paste does to `current`.
#[derive(Debug, Clone, PartialEq)]
pub enum Pasted {
    /// One shape object: it replaces the shape on `side`.
    Shape(Side),
    /// A whole pair scene: both shapes (and its name, notes and view) replace
    /// the current ones; the open file stays the same.
    Scene,
}

/// `current` with the clipboard's `text` pasted in: a shape object
/// (`{"kind": …}`) replaces the shape on `selected`; a pair scene replaces
/// both shapes. A broken text is refused with its `clipboard:line:column`
/// message and `current` is left as it was.
pub fn paste(text: &str, current: &Scene, selected: Side) -> Result<(Scene, Pasted), ClipError> {
    let origin = Path::new(ORIGIN);
    let is_shape = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|v| v.get("kind").is_some());
    if is_shape {
        let s = scene::parse_shape(text, origin).map_err(ClipError::Parse)?;
        let mut out = current.clone();
        match selected {
            Side::A => out.a = s,
            Side::B => out.b = s,
        }
        return Ok((out, Pasted::Shape(selected)));
    }
    match scene::parse_any(text, origin).map_err(ClipError::Parse)? {
        AnyScene::Pair(sc) => Ok((
            Scene {
                expect: current.expect.clone(),
                ..sc
            },
            Pasted::Scene,
        )),
        AnyScene::Field(_) | AnyScene::Space(_) => Err(ClipError::OtherKind),
    }
}

/// The results of `current` as the text `satlab eval` prints (with the
/// time of impact the Motion view shows, when the scene moves).
pub fn results_text(current: &Scene) -> String {
    scene::eval_report(current).table()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::default_scene;

    #[test]
    fn the_results_text_tells_the_time_of_impact_when_the_scene_moves() {
        use glam::Vec2;
        use satlab::geom::{Aabb, Pose, Shape};
        let boxed = |x: f32, h: f32| {
            Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, 0.0)), Vec2::splat(h)).unwrap())
        };
        let mut sc = default_scene();
        (sc.a, sc.b) = (boxed(0.0, 1.0), boxed(5.0, 0.5));
        assert!(!results_text(&sc).contains("impact"));
        // B's left face at 4.5 meets A's right face at 1 after 3.5 of 10.
        sc.motion = Some(satlab::scene::Motion {
            a: Vec2::ZERO,
            b: Vec2::new(-10.0, 0.0),
        });
        let text = results_text(&sc);
        let line = text
            .lines()
            .find(|l| l.starts_with("impact"))
            .expect("a line");
        assert!(line.contains("t = 0.3500 at (1.0000, "), "{line}");
        assert!(line.contains("normal A→B (1.0000, 0.0000)"), "{line}");
        sc.motion = Some(satlab::scene::Motion {
            a: Vec2::ZERO,
            b: Vec2::new(10.0, 0.0),
        });
        assert!(results_text(&sc).contains("impact         none over the step"));
    }

    #[test]
    fn a_shape_replaces_the_selected_one() {
        let sc = default_scene();
        let text = r#"{"kind": "circle", "position": [1.5, -2], "radius": 0.25}"#;
        let (out, what) = paste(text, &sc, Side::A).unwrap();
        assert_eq!(what, Pasted::Shape(Side::A));
        assert_eq!(scene::shape_to_json(&out.a), text);
        assert_eq!(out.b, sc.b);
    }

    #[test]
    fn a_scene_replaces_both_and_round_trips_the_copy() {
        let mut sc = default_scene();
        let (other, _) = paste(
            r#"{"kind": "aabb", "position": [3, 1], "half_extents": [1, 0.5]}"#,
            &sc,
            Side::B,
        )
        .unwrap();
        let copied = scene::to_json(&other);
        sc.name = "before".into();
        let (out, what) = paste(&copied, &sc, Side::A).unwrap();
        assert_eq!(what, Pasted::Scene);
        assert_eq!((out.a.clone(), out.b.clone()), (other.a, other.b));
    }

    #[test]
    fn broken_text_says_where_and_changes_nothing() {
        let sc = default_scene();
        let e = paste(
            "{\n  \"kind\": \"circle\",\n  \"position\": [0, 0],\n  \"radius\": -1\n}",
            &sc,
            Side::B,
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("clipboard:4:"), "{e}");
        let e = paste("{\"version\": 1, \"a\": ", &sc, Side::B).unwrap_err();
        assert!(e.to_string().starts_with("clipboard:1:"), "{e}");
        let e = paste("hello", &sc, Side::B).unwrap_err();
        assert!(e.to_string().starts_with("clipboard:1:1"), "{e}");
    }

    #[test]
    fn the_results_text_is_eval_s_table() {
        let sc = default_scene();
        let t = results_text(&sc);
        assert!(
            t.contains("overlapping") || t.contains("separated") || t.contains("touching"),
            "{t}"
        );
    }
}
