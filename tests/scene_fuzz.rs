//! Property tests for the loader: arbitrary bytes, arbitrary JSON and
//! scene-shaped JSON (pair and field scenes) with random fields and values
//! either load or give an error with a position; they never panic. What
//! loads saves and reloads to the same scene.

use proptest::prelude::*;
use satlab::scene;
use serde_json::{json, Map, Value};
use std::path::Path;

fn path() -> &'static Path {
    Path::new("fuzz.json")
}

/// Loads without panicking; checks the error's position is inside the text
/// and that a loaded scene round-trips.
fn exercise(bytes: &[u8]) {
    match scene::parse_bytes(bytes, path()) {
        Ok(s) => {
            let text = scene::to_json(&s);
            let back = scene::parse(&text, path()).expect("saved scene reloads");
            assert_eq!(back, s);
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
            assert!(e.column >= 1);
        }
    }
}

/// Like [`exercise`] for the loader of both forms; a loaded field scene is
/// also evaluated and reported (which must not panic).
fn exercise_any(bytes: &[u8]) {
    match scene::parse_any_bytes(bytes, path()) {
        Ok(s) => {
            let text = s.to_json();
            let back = scene::parse_any(&text, path()).expect("saved scene reloads");
            assert_eq!(back, s);
            assert_eq!(back.to_json(), text);
            if let scene::AnyScene::Field(f) = &s {
                let _ = scene::evaluate_field(f);
                let _ = scene::field_report(f).table();
            }
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
            assert!(e.column >= 1);
        }
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        "[a-z_ΔΩ]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

const KINDS: &[&str] = &[
    "point", "segment", "ray", "line", "circle", "aabb", "obb", "capsule", "sector", "polygon",
    "disc",
];
const FIELDS: &[&str] = &[
    "position",
    "rotation_deg",
    "half_length",
    "length",
    "radius",
    "half_extents",
    "half_angle_deg",
    "vertices",
    "raduis",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-8i32..8).prop_map(|n| json!(n)),
        (-1e3f64..1e3).prop_map(|f| json!(f)),
        Just(json!(1e39)),
        Just(json!(-1e39)),
        Just(json!(1e-50)),
        Just(json!(0.1)),
        Just(json!(180)),
        Just(json!(90)),
    ]
}

fn field_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => number(),
        3 => (number(), number()).prop_map(|(x, y)| json!([x, y])),
        2 => prop::collection::vec((number(), number()).prop_map(|(x, y)| json!([x, y])), 0..7)
            .prop_map(Value::Array),
        1 => any_json(),
    ]
}

fn shape() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(KINDS),
        prop::collection::btree_map(prop::sample::select(FIELDS), field_value(), 0..6),
        any::<bool>(),
    )
        .prop_map(|(kind, fields, has_kind)| {
            let mut m = Map::new();
            if has_kind {
                m.insert("kind".into(), json!(kind));
            }
            for (k, v) in fields {
                m.insert(k.to_string(), v);
            }
            Value::Object(m)
        })
}

fn scene_like() -> impl Strategy<Value = Value> {
    (
        prop_oneof![Just(json!(1)), Just(json!(1)), Just(json!(2)), any_json()],
        shape(),
        prop::option::of(shape()),
        prop::option::of((any::<bool>(), prop::option::of(number()))),
        prop::option::of((number(), number(), number())),
    )
        .prop_map(|(version, a, b, expect, view)| {
            let mut m = Map::new();
            m.insert("version".into(), version);
            m.insert("name".into(), json!("fuzz"));
            m.insert("a".into(), a);
            if let Some(b) = b {
                m.insert("b".into(), b);
            }
            if let Some((i, d)) = expect {
                let mut e = Map::new();
                e.insert("intersects".into(), json!(i));
                if let Some(d) = d {
                    e.insert("distance".into(), d);
                }
                m.insert("expect".into(), Value::Object(e));
            }
            if let Some((x, y, z)) = view {
                m.insert("view".into(), json!({ "center": [x, y], "zoom": z }));
            }
            Value::Object(m)
        })
}

/// An entry of `hits` or `first_hit`: mostly valid, sometimes not.
fn hit_entry() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => (0i64..6).prop_map(|i| json!(i)),
        2 => ((0i64..6), number()).prop_map(|(i, t)| json!({"shape": i, "t": t})),
        1 => (0i64..6).prop_map(|i| json!({ "shape": i })),
        1 => Just(json!("none")),
        1 => Just(json!(-1)),
        1 => Just(json!(1.5)),
        1 => any_json(),
    ]
}

fn field_expect() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop::collection::vec(hit_entry(), 0..5)),
        prop::option::of(hit_entry()),
        prop::option::of(prop::collection::vec(
            (0i64..7).prop_map(|i| json!(i)),
            0..5,
        )),
        prop::option::of(number()),
        prop::option::of(any_json()),
    )
        .prop_map(|(hits, first, query, tol, extra)| {
            let mut e = Map::new();
            if let Some(h) = hits {
                e.insert("hits".into(), Value::Array(h));
            }
            if let Some(f) = first {
                e.insert("first_hit".into(), f);
            }
            if let Some(q) = query {
                e.insert("query_hits".into(), Value::Array(q));
            }
            if let Some(t) = tol {
                e.insert("tolerance".into(), t);
            }
            if let Some(x) = extra {
                e.insert("distance".into(), x);
            }
            Value::Object(e)
        })
}

fn field_like() -> impl Strategy<Value = Value> {
    (
        prop_oneof![4 => Just(json!(2)), 1 => Just(json!(1)), 1 => any_json()],
        prop::collection::vec(shape(), 0..6),
        prop::option::of(shape()),
        prop::option::of(shape()),
        prop::option::of(field_expect()),
        any::<bool>(),
    )
        .prop_map(|(version, shapes, ray, query, expect, with_a)| {
            let mut m = Map::new();
            m.insert("version".into(), version);
            m.insert("shapes".into(), Value::Array(shapes));
            if let Some(mut r) = ray {
                if let Value::Object(o) = &mut r {
                    o.insert("kind".into(), json!("ray"));
                }
                m.insert("ray".into(), r);
            }
            if let Some(q) = query {
                m.insert("query".into(), q);
            }
            if let Some(e) = expect {
                m.insert("expect".into(), e);
            }
            if with_a {
                m.insert("a".into(), json!({"kind": "point", "position": [0, 0]}));
            }
            Value::Object(m)
        })
}

/// A finite f32 of any magnitude, as JSON text that reads back to it.
fn f32_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<f32>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| format!("{f:?}")),
        (-1000i32..1000).prop_map(|n| format!("{}", n as f32 / 8.0)),
    ]
}

/// A coordinate: a finite f32 within the documented limit
/// (`satlab::geom::MAX_MAGNITUDE`), as JSON text that reads back to it.
fn coordinate_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<f32>()
            .prop_filter("within the limit", |f| {
                f.abs() <= satlab::geom::MAX_MAGNITUDE
            })
            .prop_map(|f| format!("{f:?}")),
        (-1000i32..1000).prop_map(|n| format!("{}", n as f32 / 8.0)),
    ]
}

fn positive_text() -> impl Strategy<Value = String> {
    (1u32..1_000_000).prop_map(|n| format!("{:?}", n as f32 / 1000.0))
}

/// A valid shape of every kind with random numbers.
fn valid_shape() -> impl Strategy<Value = String> {
    (
        0usize..10,
        coordinate_text(),
        coordinate_text(),
        f32_text(),
        positive_text(),
        positive_text(),
        1u32..=180,
    )
        .prop_map(|(k, x, y, rot, p, q, h)| {
            let pose = format!("\"position\": [{x}, {y}], \"rotation_deg\": {rot}");
            match k {
                0 => format!("{{\"kind\": \"point\", {pose}}}"),
                1 => format!("{{\"kind\": \"segment\", {pose}, \"half_length\": {p}}}"),
                2 => format!("{{\"kind\": \"ray\", {pose}, \"length\": {p}}}"),
                3 => format!("{{\"kind\": \"line\", {pose}}}"),
                4 => format!("{{\"kind\": \"circle\", {pose}, \"radius\": {p}}}"),
                5 => format!(
                    "{{\"kind\": \"aabb\", \"position\": [{x}, {y}], \"half_extents\": [{p}, {q}]}}"
                ),
                6 => format!("{{\"kind\": \"obb\", {pose}, \"half_extents\": [{p}, {q}]}}"),
                7 => format!(
                    "{{\"kind\": \"capsule\", {pose}, \"half_length\": {p}, \"radius\": {q}}}"
                ),
                8 => format!(
                    "{{\"kind\": \"sector\", {pose}, \"radius\": {p}, \"half_angle_deg\": {h}}}"
                ),
                _ => format!(
                    "{{\"kind\": \"polygon\", {pose}, \"vertices\": [[0, 0], [{p}, 0], [0, {p}]]}}"
                ),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        exercise(&bytes);
    }

    #[test]
    fn arbitrary_json_never_panics(v in any_json()) {
        exercise(v.to_string().as_bytes());
        exercise(serde_json::to_string_pretty(&v).unwrap_or_default().as_bytes());
    }

    #[test]
    fn scene_shaped_json_never_panics_and_round_trips(v in scene_like()) {
        exercise(serde_json::to_string_pretty(&v).unwrap_or_default().as_bytes());
    }

    #[test]
    fn valid_scenes_load_and_round_trip_bit_for_bit(a in valid_shape(), b in valid_shape()) {
        let text = format!("{{\"version\": 1, \"a\": {a}, \"b\": {b}}}");
        let s = scene::parse(&text, path()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let back = scene::parse(&scene::to_json(&s), path()).expect("reloads");
        prop_assert_eq!(&back, &s);
        // What `check` and `eval` do with it must not panic either, even for
        // numbers near the f32 limits.
        let with_expect = scene::capture("", "", &s.a, &s.b, None);
        let _ = scene::evaluate(&with_expect);
        let _ = scene::eval_report(&with_expect).table();
    }

    #[test]
    fn field_shaped_json_never_panics_and_round_trips(v in field_like()) {
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        exercise_any(text.as_bytes());
        // The pair loader refuses field scenes without panicking.
        exercise(text.as_bytes());
    }

    #[test]
    fn valid_field_scenes_round_trip_and_capture_consistently(
        shapes in prop::collection::vec(valid_shape(), 0..40),
        query in prop::option::of(valid_shape()),
        ray in prop::option::of((coordinate_text(), coordinate_text(), f32_text(), prop::option::of(positive_text()))),
    ) {
        let mut text = format!("{{\"version\": 2, \"shapes\": [{}]", shapes.join(", "));
        if let Some(q) = &query {
            text += &format!(", \"query\": {q}");
        }
        if let Some((x, y, rot, len)) = &ray {
            let len = len.as_ref().map_or(String::new(), |l| format!(", \"length\": {l}"));
            text += &format!(
                ", \"ray\": {{\"kind\": \"ray\", \"position\": [{x}, {y}], \"rotation_deg\": {rot}{len}}}"
            );
        }
        text += "}";
        let s = scene::parse_any(&text, path()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let scene::AnyScene::Field(f) = &s else {
            return Err(TestCaseError::fail("not a field scene"));
        };
        prop_assert_eq!(f.shapes.len(), shapes.len());
        let saved = s.to_json();
        let back = scene::parse_any(&saved, path()).expect("reloads");
        prop_assert_eq!(&back, &s);
        // What the field finds now, captured, must pass its own check and
        // survive a save and reload.
        let captured = scene::capture_field("", "", &f.shapes, f.ray.clone(), f.query.clone(), None);
        prop_assert_eq!(scene::evaluate_field(&captured), vec![]);
        let again = scene::parse_any(&scene::field_to_json(&captured), path()).expect("reloads");
        prop_assert_eq!(again, scene::AnyScene::Field(captured.clone()));
        let _ = scene::field_report(&captured).table();
    }

    #[test]
    fn damaged_field_scenes_never_panic(
        cut in 0usize..4000,
        flip in 0usize..4000,
        byte in any::<u8>(),
    ) {
        let text = include_str!("../scenes/07-broad-phase/05-mixed-kinds.json");
        let bytes = text.as_bytes();
        exercise_any(&bytes[..cut.min(bytes.len())]);
        let mut changed = bytes.to_vec();
        let i = flip % changed.len();
        changed[i] = byte;
        exercise_any(&changed);
    }

    #[test]
    fn damaged_library_scenes_never_panic(
        cut in 0usize..2000,
        flip in 0usize..2000,
        byte in any::<u8>(),
    ) {
        let text = include_str!("../scenes/04-sectors/h135-2-edge-hit.json");
        let bytes = text.as_bytes();
        exercise(&bytes[..cut.min(bytes.len())]);
        let mut changed = bytes.to_vec();
        let i = flip % changed.len();
        changed[i] = byte;
        exercise(&changed);
    }
}
