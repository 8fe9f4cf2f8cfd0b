//! Field scenes with layers: loading `layers`, `matrix`, a shape's `layer`,
//! `active` and `enabled`, the masks and `expect.pairs`; what `check`
//! compares; saving them back; and the messages for mistakes, with their
//! `line:column`.

use satlab::broad::{Layer, LayerMask, ShapeTags};
use satlab::scene::{self, AnyScene, ExpectedPair, FieldScene};
use std::path::Path;

fn p() -> &'static Path {
    Path::new("f.json")
}

fn field(text: &str) -> FieldScene {
    match scene::parse_any(text, p()) {
        Ok(AnyScene::Field(f)) => f,
        Ok(AnyScene::Pair(_)) => panic!("a pair scene"),
        Ok(AnyScene::Space(_)) => panic!("a 3D scene"),
        Err(e) => panic!("{e}"),
    }
}

fn error(text: &str) -> String {
    match scene::parse_any(text, p()) {
        Ok(_) => panic!("loaded: {text}"),
        Err(e) => e.to_string(),
    }
}

/// A wall on layer Wall at x = 3, enemies (discs of radius 1) at x = 6 and
/// 10, an inactive enemy at x = 8, a ray along +x with `mask`, and `expect`.
fn wall(mask: &str, expect: &str) -> String {
    format!(
        r#"{{
  "version": 2,
  "layers": ["Default", "Wall", "Enemy"],
  "matrix": {{"Enemy": ["Wall", "Enemy"]}},
  "shapes": [
    {{"kind": "aabb", "position": [3, 0], "half_extents": [0.25, 2], "layer": "Wall"}},
    {{"kind": "circle", "position": [6, 0], "radius": 1, "layer": "Enemy"}},
    {{"kind": "circle", "position": [8, 0], "radius": 1, "layer": "Enemy", "active": false}},
    {{"kind": "circle", "position": [10, 0], "radius": 1, "layer": "Enemy", "enabled": true}},
    {{"kind": "circle", "position": [3.5, 0], "radius": 1}}
  ],
  "ray": {{"kind": "ray", "position": [0, 0]{mask}}},
  "expect": {expect}
}}"#
    )
}

fn mismatches(f: &FieldScene) -> Vec<String> {
    scene::evaluate_field(f)
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn layers_flags_and_masks_load_and_decide_the_hits() {
    let f = field(&wall(
        r#", "mask": ["Enemy"]"#,
        r#"{"hits": [{"shape": 1, "t": 5}, {"shape": 3, "t": 9}], "first_hit": 1}"#,
    ));
    let l = &f.layers;
    assert_eq!(l.names, ["Default", "Wall", "Enemy"]);
    let (wall_l, enemy) = (Layer::new(1).unwrap(), Layer::new(2).unwrap());
    assert_eq!(l.tags_of(0), ShapeTags::on(wall_l));
    assert!(!l.tags_of(2).active && l.tags_of(2).enabled);
    assert_eq!(l.tags_of(4), ShapeTags::default());
    assert_eq!(l.ray_mask, Some(LayerMask::of([enemy])));
    let m = l.matrix.as_deref().expect("a matrix");
    assert!(m.collides(wall_l, enemy) && m.collides(enemy, wall_l) && m.collides(enemy, enemy));
    assert!(!m.collides(wall_l, wall_l) && !m.collides(Layer::DEFAULT, enemy));
    assert_eq!(mismatches(&f), Vec::<String>::new());

    // Without the mask the wall (t = 2.75) and the Default disc (t = 2.5)
    // come first; the inactive enemy is never hit.
    let f = field(&wall("", r#"{"hits": [4, 0, 1, 3], "first_hit": 4}"#));
    assert_eq!(mismatches(&f), Vec::<String>::new());
    let f = field(&wall("", r#"{"hits": [1, 3]}"#));
    assert_eq!(
        mismatches(&f),
        ["hits: expected [1, 3], got [4 at t 2.5, 0 at t 2.75, 1 at t 5, 3 at t 9]"]
    );
    // An empty mask sees nothing.
    let f = field(&wall(
        r#", "mask": []"#,
        r#"{"hits": [], "first_hit": "none"}"#,
    ));
    assert_eq!(mismatches(&f), Vec::<String>::new());
}

#[test]
fn pairs_follow_the_matrix_and_their_depths_are_checked() {
    // Only Enemy-Enemy and Enemy-Wall collide. The boxes that meet: the
    // wall (x 2.75 to 3.25) and the Default disc (x 2.5 to 4.5), filtered by
    // layer; the enemies' boxes (x 5 to 7, 7 to 9, 9 to 11) touch, but the
    // middle one is inactive: two filtered by flag. No pairs.
    let f = field(&wall("", r#"{"pairs": []}"#));
    assert_eq!(mismatches(&f), Vec::<String>::new());
    let run = scene::run_field(&f);
    let (pairs, st) = run.pairs.expect("pairs are run");
    assert!(pairs.is_empty());
    assert_eq!(st.filtered_by_layer, 1, "{st:?}");
    assert_eq!(st.filtered_by_flag, 2, "{st:?}");

    // Without a matrix everything collides: the disc at (3.5, 0) is 0.25
    // from the wall's face x = 3.25, so it is 1 - 0.25 = 0.75 deep; it ends
    // at x = 4.5, short of the enemy disc that starts at x = 5.
    let text = wall("", r#"{"pairs": [{"shapes": [4, 0], "depth": 0.75}]}"#)
        .replace(r#"  "matrix": {"Enemy": ["Wall", "Enemy"]},"#, "");
    let f = field(&text);
    assert_eq!(f.expect.as_ref().unwrap().pairs.as_ref().unwrap()[0].a, 0);
    assert_eq!(mismatches(&f), Vec::<String>::new());
    let text = text.replace("0.75}", "1.5}");
    assert_eq!(
        mismatches(&field(&text)),
        ["pairs: expected [0, 4] depth 1.5, got [0, 4] depth 0.75 (tolerance 0.001)"]
    );
    let text = text.replace(r#"{"shapes": [4, 0], "depth": 1.5}"#, "[1, 3]");
    assert_eq!(
        mismatches(&field(&text)),
        ["pairs: expected [[1, 3]], got [[0, 4] depth 0.75]"]
    );
}

#[test]
fn capture_records_the_pairs_and_saving_keeps_every_layer_field() {
    let mut f = field(&wall(r#", "mask": ["Wall", "Enemy"]"#, r#"{"pairs": []}"#));
    f.layers.matrix = None;
    f.layers.query_mask = Some(LayerMask::NONE);
    f.query = f.shapes.get(4).cloned();
    let c = scene::capture_field_scene(f.clone());
    let e = c.expect.as_ref().expect("captured");
    assert_eq!(
        e.pairs.as_deref(),
        Some(
            &[ExpectedPair {
                a: 0,
                b: 4,
                depth: Some(0.75)
            }][..]
        )
    );
    assert_eq!(e.query_hits.as_deref(), Some(&[][..]));
    assert_eq!(mismatches(&c), Vec::<String>::new());

    let text = scene::field_to_json(&c);
    assert!(
        text.contains(r#""layers": ["Default", "Wall", "Enemy"]"#),
        "{text}"
    );
    assert!(
        text.contains(r#""layer": "Enemy", "active": false}"#),
        "{text}"
    );
    assert!(text.contains(r#""mask": ["Wall", "Enemy"]}"#), "{text}");
    assert!(text.contains(r#""mask": []}"#), "{text}");
    assert!(
        text.contains(r#""pairs": [{"shapes": [0, 4], "depth": 0.75}]"#),
        "{text}"
    );
    assert!(!text.contains("matrix"), "{text}");
    let back = field(&text);
    assert_eq!(back, c);
    assert_eq!(scene::field_to_json(&back), text);

    // A matrix is written one row per layer, and reads back the same.
    let mut m = field(&wall("", r#"{"pairs": []}"#));
    m.expect = None;
    let text = scene::field_to_json(&m);
    assert!(
        text.contains(
            "\"matrix\": {\n    \"Default\": [],\n    \"Wall\": [\"Enemy\"],\n    \"Enemy\": [\"Wall\", \"Enemy\"]\n  }"
        ),
        "{text}"
    );
    assert_eq!(field(&text), m);
}

#[test]
fn a_scene_without_layers_reports_no_pairs_and_saves_as_before() {
    let text = r#"{
  "version": 2,
  "shapes": [
    {"kind": "circle", "position": [0, 0], "radius": 1},
    {"kind": "circle", "position": [1, 0], "radius": 1}
  ],
  "ray": {"kind": "ray", "position": [-5, 0]}
}
"#;
    let f = field(text);
    assert!(f.layers.is_empty());
    assert_eq!(scene::field_to_json(&f), text);
    let r = scene::field_report(&f);
    assert!(r.pairs.is_none() && r.layers.is_none());
    assert!(!r.table().contains("pairs"));
    // Expecting pairs turns them on.
    let f = field(&text.replace("\n}\n", ",\n  \"expect\": {\"pairs\": [[0, 1]]}\n}\n"));
    let r = scene::field_report(&f);
    assert_eq!(r.pairs.as_ref().map(|p| p.pairs.len()), Some(1));
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["pairs"]["pairs"][0]["depth"], 1.0);
    assert_eq!(v["ray"]["counters"]["filtered_by_layer"], 0);
    assert!(
        r.table().contains("shapes 0 and 1, depth 1, mtv"),
        "{}",
        r.table()
    );
}

#[test]
fn mistakes_are_reported_where_they_are() {
    let base = wall("", r#"{"pairs": []}"#);
    let cases = [
        (
            base.replace(r#""layer": "Wall""#, r#""layer": "Wal""#),
            "f.json:6:78: field shape 0: layer: unknown layer `Wal`, expected one of `Default`, `Wall`, `Enemy`",
        ),
        (
            base.replace(r#""layer": "Wall""#, r#""layer": 1"#),
            "f.json:6:78: field shape 0: layer must be a layer name (a string), found a number",
        ),
        (
            base.replace(r#""active": false"#, r#""active": 0"#),
            "f.json:8:85: field shape 2: active must be true or false, found a number",
        ),
        (
            base.replace(r#""position": [0, 0]}"#, r#""position": [0, 0], "mask": ["Foe"]}"#),
            "f.json:12:55: the ray: mask: unknown layer `Foe`, expected one of `Default`, `Wall`, `Enemy`",
        ),
        (
            base.replace(r#"{"Enemy": ["Wall""#, r#"{"Enemy": ["Wall", "Wall""#),
            "",
        ),
        (
            base.replace(r#"{"Enemy": ["Wall", "Enemy"]}"#, r#"{"Enemy": ["Wall"], "Enemy": []}"#),
            "f.json:4:33: duplicate field `Enemy` in `matrix`",
        ),
        (
            base.replace(r#"{"Enemy": ["Wall", "Enemy"]}"#, r#"{"Enemy": "Wall"}"#),
            "f.json:4:23: matrix: `Enemy` must be an array of layer names, found a string",
        ),
        (
            base.replace(r#"{"Enemy": ["Wall", "Enemy"]}"#, r#"["Enemy"]"#),
            "f.json:4:13: field `matrix` must be an object {\"Layer\": [\"Layer\", ...], ...}, found an array",
        ),
        (
            base.replace(r#""position": [0, 0]}"#, r#""position": [0, 0], "mask": ["Wall", "Wall"]}"#),
            "f.json:12:63: the ray: mask: layer `Wall` is listed twice",
        ),
        (
            base.replace(r#"{"Enemy": ["#, r#"{"Enemies": ["#),
            "f.json:4:14: matrix: unknown layer `Enemies`, expected one of `Default`, `Wall`, `Enemy`",
        ),
        (
            base.replace(r#""Default", "Wall", "Enemy"]"#, r#""Default", "Wall", "Wall"]"#),
            "f.json:3:33: layers, entry 3: layer `Wall` is listed twice",
        ),
        (
            base.replace(r#"["Default", "Wall", "Enemy"]"#, r#"["Default", "", "Enemy"]"#),
            "f.json:3:25: layers, entry 2: a layer name may not be empty",
        ),
        (
            base.replace(r#"{"pairs": []}"#, r#"{"pairs": [[0, 4], [4, 0]]}"#),
            "f.json:13:32: expect: pairs, entry 2: the pair [0, 4] is listed twice",
        ),
        (
            base.replace(r#"{"pairs": []}"#, r#"{"pairs": [[2, 2]]}"#),
            "f.json:13:24: expect: pairs, entry 1: field shape 2 cannot pair with itself",
        ),
        (
            base.replace(r#"{"pairs": []}"#, r#"{"pairs": [[0, 9]]}"#),
            "f.json:13:28: expect: pairs, entry 1: there is no field shape 9 (the field has 5 shapes, numbered from 0)",
        ),
        (
            base.replace(r#"{"pairs": []}"#, r#"{"pairs": [[0, 1, 2]]}"#),
            "f.json:13:24: expect: pairs, entry 1 must be a pair of shape indices [a, b] or {\"shapes\": [a, b], \"depth\": number}, found an array of 3 values",
        ),
        (
            base.replace(r#"{"pairs": []}"#, r#"{"pairs": [{"shapes": [0, 1], "depht": 1}]}"#),
            "f.json:13:43: unknown field `depht` in expect: pairs, entry 1, expected one of `shapes`, `depth`",
        ),
    ];
    let mut wrong = Vec::new();
    for (text, want) in cases {
        match scene::parse_any(&text, p()) {
            // Listing a layer twice in a matrix row is harmless.
            Ok(_) if want.is_empty() => {}
            Ok(_) => wrong.push(format!("loaded, expected {want}")),
            Err(e) if e.to_string() == want => {}
            Err(e) => {
                // Show the text the message points at.
                let line = text.lines().nth(e.line.max(1) - 1).unwrap_or("");
                let at: String = line.chars().skip(e.column.max(1) - 1).collect();
                wrong.push(format!("{e}\n    at: {at}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn layer_mistakes_outside_a_layered_field_are_named() {
    // Without `layers` the only layer is Default, and the message says so.
    let e = error(
        r#"{"version": 2, "shapes": [{"kind": "point", "position": [0, 0], "layer": "Enemy"}]}"#,
    );
    assert!(
        e.contains(
            "unknown layer `Enemy`, expected one of `Default` (the scene has no `layers` list"
        ),
        "{e}"
    );
    // 33 layers are too many; the message points at the 33rd.
    let names: Vec<String> = (0..33).map(|i| format!("\"L{i}\"")).collect();
    let e = error(&format!(
        r#"{{"version": 2, "layers": [{}], "shapes": []}}"#,
        names.join(",")
    ));
    assert!(e.contains("lists 33 layers; at most 32 are allowed"), "{e}");
    // The layer fields belong to field shapes only.
    let e = error(
        r#"{"version": 1, "a": {"kind": "point", "position": [0, 0], "layer": "Default"}, "b": {"kind": "point", "position": [0, 0]}}"#,
    );
    assert!(e.contains("unknown field `layer`"), "{e}");
    let e =
        error(r#"{"version": 2, "shapes": [{"kind": "point", "position": [0, 0], "mask": []}]}"#);
    assert!(e.contains("unknown field `mask`"), "{e}");
}

/// The field scenes written before layers existed load with no layer
/// parts and save without any layer field (the exact text of such a save is
/// checked in `a_scene_without_layers_reports_no_pairs_and_saves_as_before`).
#[test]
fn older_field_scenes_save_without_layer_fields() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/07-broad-phase");
    let keys = [
        "layers",
        "\"layer\"",
        "mask",
        "active",
        "enabled",
        "pairs",
        "matrix",
    ];
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if keys.iter().any(|k| text.contains(k)) {
            continue;
        }
        let f = field(&text);
        assert!(f.layers.is_empty(), "{}", path.display());
        let saved = scene::field_to_json(&f);
        assert!(!keys.iter().any(|k| saved.contains(k)), "{saved}");
        assert!(scene::field_report(&f).pairs.is_none());
        n += 1;
    }
    assert!(n >= 7, "{n} older field scenes");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;
    use satlab::broad::LayerMatrix;
    use satlab::geom::{Aabb, Circle, Obb, Pose, Ray, Shape, Vec2};
    use satlab::scene::SceneLayers;

    fn shape() -> impl Strategy<Value = Shape> {
        (
            0u8..3,
            -20.0f32..20.0,
            -20.0f32..20.0,
            0.1f32..3.0,
            -180.0f32..180.0,
        )
            .prop_map(|(k, x, y, s, deg)| {
                let p = Vec2::new(x, y);
                match k {
                    0 => Shape::Circle(Circle::new(Pose::at(p), s).unwrap()),
                    1 => Shape::Aabb(Aabb::new(Pose::at(p), Vec2::new(s, s * 0.5)).unwrap()),
                    _ => {
                        Shape::Obb(Obb::new(Pose::new(p, deg).unwrap(), Vec2::new(s, 0.3)).unwrap())
                    }
                }
            })
    }

    fn tags(n: usize) -> impl Strategy<Value = ShapeTags> {
        (0..n, prop::bool::weighted(0.8), prop::bool::weighted(0.8)).prop_map(
            |(l, active, enabled)| ShapeTags {
                layer: Layer::new(l).unwrap(),
                active,
                enabled,
            },
        )
    }

    /// A field scene with `n` named layers, random tags, matrix and masks.
    fn layered() -> impl Strategy<Value = FieldScene> {
        (1usize..6)
            .prop_flat_map(|n| {
                (
                    prop::collection::vec((shape(), tags(n)), 0..30),
                    prop::option::of(prop::collection::vec(any::<bool>(), 36)),
                    prop::option::of(0u32..(1 << n)),
                    prop::option::of(0u32..(1 << n)),
                    prop::option::of((-20.0f32..20.0, -20.0f32..20.0, -180.0f32..180.0)),
                    prop::option::of(shape()),
                    Just(n),
                )
            })
            .prop_map(|(shapes, matrix, ray_mask, query_mask, ray, query, n)| {
                let matrix = matrix.map(|bits| {
                    let mut m = LayerMatrix::NONE;
                    let mut k = 0;
                    for a in 0..n {
                        for b in a..n {
                            m.set(Layer::new(a).unwrap(), Layer::new(b).unwrap(), bits[k]);
                            k += 1;
                        }
                    }
                    Box::new(m)
                });
                let (shapes, tags): (Vec<Shape>, Vec<ShapeTags>) = shapes.into_iter().unzip();
                FieldScene {
                    name: "fuzz".into(),
                    notes: String::new(),
                    shapes,
                    ray: ray.map(|(x, y, deg)| {
                        Ray::new(Pose::new(Vec2::new(x, y), deg).unwrap(), None).unwrap()
                    }),
                    query,
                    view: None,
                    expect: None,
                    layers: SceneLayers {
                        names: (0..n).map(|i| format!("L{i} \"q\"")).collect(),
                        matrix,
                        tags,
                        ray_mask: ray_mask.map(LayerMask),
                        query_mask: query_mask.map(LayerMask),
                        colours: (0..n)
                            .map(|i| (i % 2 == 1).then_some([i as u8 * 40, 7, 255]))
                            .collect(),
                    },
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// Captured, a layered scene passes its own check, and it survives
        /// save → load → save exactly; its pairs agree with brute force.
        #[test]
        fn layered_scenes_capture_save_and_reload(s in layered()) {
            let c = scene::capture_field_scene(s);
            prop_assert_eq!(mismatches(&c), Vec::<String>::new());
            let text = scene::field_to_json(&c);
            let back = field(&text);
            prop_assert_eq!(scene::field_to_json(&back), text.clone());
            prop_assert_eq!(mismatches(&back), Vec::<String>::new());
            // Loaded tags list every shape only when one differs from the default.
            let l = &back.layers;
            for i in 0..back.shapes.len() {
                prop_assert_eq!(l.tags_of(i), c.layers.tags_of(i));
            }
            prop_assert_eq!(l.matrix(), c.layers.matrix());
            let got: Vec<(usize, usize)> = c.expect.as_ref().and_then(|e| e.pairs.clone())
                .unwrap_or_default().iter().map(|p| (p.a, p.b)).collect();
            let m = c.layers.matrix();
            let mut want = Vec::new();
            for a in 0..c.shapes.len() {
                for b in a + 1..c.shapes.len() {
                    let (ta, tb) = (c.layers.tags_of(a), c.layers.tags_of(b));
                    if ta.usable() && tb.usable() && m.collides(ta.layer, tb.layer)
                        && satlab::geom::intersects(&c.shapes[a], &c.shapes[b])
                    {
                        want.push((a, b));
                    }
                }
            }
            prop_assert_eq!(got, want);
            let _ = scene::field_report(&back).table();
        }

        /// Damaged layer fields are refused with a message, never a panic.
        #[test]
        fn damaged_layer_fields_never_panic(
            s in layered(),
            cut in 0usize..4000,
            junk in prop::sample::select(vec!["\"Nope\"", "[]", "{}", "1", "null", "true", "[\"L0 \\\"q\\\"\", 3]"]),
        ) {
            let text = scene::field_to_json(&scene::capture_field_scene(s));
            for key in ["\"layer\": ", "\"mask\": ", "\"layers\": ", "\"matrix\": ", "\"pairs\": ", "\"active\": "] {
                if let Some(i) = text.match_indices(key).map(|(i, _)| i).nth(cut % 3) {
                    let start = i + key.len();
                    let end = text[start..].find([',', '}', '\n']).map_or(text.len(), |e| start + e);
                    let damaged = format!("{}{}{}", &text[..start], junk, &text[end..]);
                    let _ = scene::parse_any(&damaged, p()).map(|s| s.evaluate());
                }
            }
            let _ = scene::parse_any(&text[..cut.min(text.len())], p());
        }
    }
}
