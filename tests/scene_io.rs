//! Loading, saving and capturing scenes: positions in messages, unknown
//! fields at every level, bit-exact round trips, atomic saves.

use crate::kit;

use kit::temp_dir;
use satlab::geom::*;
use satlab::scene::{
    self, Expect, ExpectContactPoint, ExpectContacts, ExpectDepth, ExpectToi, Motion, Scene, View,
};
use std::path::{Path, PathBuf};

fn p() -> &'static Path {
    Path::new("t.json")
}

fn err(text: &str) -> String {
    let e = scene::parse(text, p()).expect_err("must be refused");
    format!("{}:{}: {}", e.line, e.column, e.message)
}

const TWO_DISCS: &str = r#"{
  "version": 1,
  "a": { "kind": "circle", "position": [0, 0], "radius": 1 },
  "b": { "kind": "circle", "position": [3, 0], "radius": 1 }
}"#;

fn with_b(b: &str) -> String {
    format!(
        "{{\n  \"version\": 1,\n  \"a\": {{ \"kind\": \"point\", \"position\": [0, 0] }},\n  \"b\": {b}\n}}"
    )
}

#[test]
fn a_minimal_scene_loads() {
    let s = scene::parse(TWO_DISCS, p()).unwrap();
    assert_eq!(s.name, "");
    assert!(s.view.is_none() && s.expect.is_none());
    assert_eq!(s.b.kind(), ShapeKind::Circle);
    assert_eq!(s.b.pose().position(), Vec2::new(3.0, 0.0));
}

#[test]
fn every_kind_loads_with_its_fields() {
    let cases = [
        r#"{ "kind": "point", "position": [1, 2], "rotation_deg": 10 }"#,
        r#"{ "kind": "segment", "position": [1, 2], "half_length": 2 }"#,
        r#"{ "kind": "ray", "position": [1, 2] }"#,
        r#"{ "kind": "ray", "position": [1, 2], "length": 3 }"#,
        r#"{ "kind": "line", "position": [1, 2], "rotation_deg": 45 }"#,
        r#"{ "kind": "circle", "position": [1, 2], "radius": 0 }"#,
        r#"{ "kind": "aabb", "position": [1, 2], "rotation_deg": 0, "half_extents": [1, 0] }"#,
        r#"{ "kind": "obb", "position": [1, 2], "rotation_deg": 30, "half_extents": [1, 2] }"#,
        r#"{ "kind": "capsule", "position": [1, 2], "half_length": 1, "radius": 0.5 }"#,
        r#"{ "kind": "sector", "position": [1, 2], "radius": 2, "half_angle_deg": 180 }"#,
        r#"{ "kind": "polygon", "position": [1, 2], "vertices": [[0, 0], [1, 0], [0, 1]] }"#,
    ];
    for (i, c) in cases.iter().enumerate() {
        let s = scene::parse(&with_b(c), p()).unwrap_or_else(|e| panic!("case {i}: {e}"));
        assert_eq!(s.b.pose().position(), Vec2::new(1.0, 2.0), "case {i}");
    }
}

/// A shape of each kind, for the round trip below. The match names every
/// kind, so a new kind does not build until it has a case here.
fn one_of(kind: ShapeKind) -> Shape {
    let pose = Pose::new(Vec2::new(1.5, -2.25), 30.0).expect("finite");
    let made = match kind {
        ShapeKind::Point => Ok(Shape::Point(Point::with_pose(pose))),
        ShapeKind::Segment => Segment::new(pose, 1.25).map(Shape::Segment),
        ShapeKind::Ray => Ray::new(pose, Some(3.0)).map(Shape::Ray),
        ShapeKind::Line => Ok(Shape::Line(Line::new(pose))),
        ShapeKind::Circle => Circle::new(pose, 0.75).map(Shape::Circle),
        ShapeKind::Aabb => {
            Aabb::new(Pose::at(Vec2::new(1.5, -2.25)), Vec2::new(1.0, 0.5)).map(Shape::Aabb)
        }
        ShapeKind::Obb => Obb::new(pose, Vec2::new(1.0, 0.5)).map(Shape::Obb),
        ShapeKind::Capsule => Capsule::new(pose, 1.0, 0.25).map(Shape::Capsule),
        ShapeKind::Sector => Sector::new(pose, 2.0, 40.0).map(Shape::Sector),
        ShapeKind::Polygon => Polygon::regular(pose, 5, 1.0).map(Shape::Polygon),
    };
    made.expect("valid")
}

/// Every kind in `ShapeKind::ALL` is written under its scene-file name and
/// read back bit for bit: the scene writer and reader are the files the
/// compiler does not point to when a kind is added (see ARCHITECTURE.md).
#[test]
fn every_kind_round_trips_through_the_scene_writer_and_reader() {
    for kind in ShapeKind::ALL {
        let shape = one_of(kind);
        assert_eq!(shape.kind(), kind);
        let text = scene::shape_to_json(&shape);
        assert!(
            text.contains(&format!("\"kind\": \"{}\"", kind.name())),
            "{text}"
        );
        let back = scene::parse_shape(&text, p()).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert_eq!(back, shape, "{text}");
    }
}

#[test]
fn unknown_fields_are_refused_at_every_level() {
    assert_eq!(
        err(&TWO_DISCS.replace("\"version\": 1,", "\"version\": 1, \"zoom\": 2,")),
        "2:17: unknown field `zoom`, expected one of `version`, `name`, `notes`, `a`, `b`, \
         `view`, `motion`, `contact_tolerance`, `expect`, `practice`"
    );
    let view = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"view\": { \"center\": [0, 0], \"zoom\": 2, \"scale\": 1 },",
    );
    assert_eq!(
        err(&view),
        "2:56: unknown field `scale` in `view`, expected one of `center`, `zoom`"
    );
    let expect = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"expect\": { \"intersects\": false, \"distanse\": 1 },",
    );
    assert_eq!(
        err(&expect),
        "2:50: unknown field `distanse` in `expect`, expected one of `intersects`, \
         `distance`, `penetration`, `contacts`, `time_of_impact`, `tolerance`, \
         `distance_tolerance`, `penetration_tolerance`"
    );
    // A field that belongs to another kind is unknown for this one.
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "circle", "position": [0, 0], "radius": 1, "half_extents": [1, 1] }"#
        )),
        "4:61: unknown field `half_extents` in shape `b` (circle), expected one of `kind`, \
         `position`, `rotation_deg`, `radius`"
    );
}

#[test]
fn missing_fields_are_named() {
    assert_eq!(
        err(&with_b(r#"{ "kind": "circle", "position": [0, 0] }"#)),
        "4:8: missing field `radius` in shape `b` (circle)"
    );
    assert_eq!(
        err(&with_b(r#"{ "position": [0, 0] }"#)),
        "4:8: missing field `kind` in shape `b`, expected one of `point`, `segment`, `ray`, \
         `line`, `circle`, `aabb`, `obb`, `capsule`, `sector`, `polygon`"
    );
    assert_eq!(
        err(&TWO_DISCS.replace("\"version\": 1,", "")),
        "1:1: missing field `version`"
    );
    let expect = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"expect\": { \"distance\": 1 },",
    );
    assert_eq!(err(&expect), "2:27: missing field `intersects` in `expect`");
}

#[test]
fn invalid_values_point_at_the_value() {
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "sector", "position": [0, 0], "radius": 0, "half_angle_deg": 30 }"#
        )),
        "4:58: shape b (sector): radius must be > 0, got 0"
    );
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "obb", "position": [0, 0], "half_extents": [1, -2] }"#
        )),
        "4:61: shape b (obb): half_extents must be ≥ 0, got [1, -2]"
    );
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "ray", "position": [0, 0], "length": 0 }"#
        )),
        "4:55: shape b (ray): length must be > 0, got 0"
    );
    assert_eq!(
        err(&with_b(r#"{ "kind": "point", "position": [0, -1e39] }"#)),
        "4:43: shape b (point): position: y is -1e39, too large for a 32-bit float (the \
         largest is about 3.4e38)"
    );
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "polygon", "position": [0, 0], "vertices": [[0, 0], [1, 0], [0, 1], 7] }"#
        )),
        "4:86: shape b (polygon): vertex 4 must be [x, y], found a number"
    );
    assert_eq!(
        err(&with_b(
            r#"{ "kind": "polygon", "position": [0, 0], "vertices": [[0, 0], [1, 1], [2, 2]] }"#
        )),
        "4:61: shape b (polygon): vertices must enclose an area (they are collinear), got \
         [[0, 0], [1, 1], [2, 2]]"
    );
    let zoom = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"view\": { \"center\": [0, 0], \"zoom\": 0 },",
    );
    assert_eq!(err(&zoom), "2:53: view: zoom must be > 0, got 0");
    assert_eq!(
        err(&TWO_DISCS.replace("\"version\": 1", "\"version\": \"1\"")),
        "2:14: field `version` must be the integer 1 or 2, found a string"
    );
    assert_eq!(
        err(&TWO_DISCS.replace("\"version\": 1", "\"version\": 1.5")),
        "2:14: field `version` must be the integer 1 or 2, found 1.5"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let text = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"name\": \"ΔΔΔ\", \"oops\": 1,",
    );
    // `oops` is the 32nd character on line 2 (each Δ is 2 bytes but 1 character).
    assert_eq!(
        err(&text),
        "2:32: unknown field `oops`, expected one of `version`, `name`, `notes`, `a`, `b`, \
         `view`, `motion`, `contact_tolerance`, `expect`, `practice`"
    );
}

#[test]
fn null_means_absent_for_optional_fields_and_a_bom_is_ignored() {
    let text = TWO_DISCS.replace(
        "\"version\": 1,",
        "\"version\": 1, \"name\": null, \"view\": null, \"expect\": null,",
    );
    let s = scene::parse(&format!("\u{feff}{text}"), p()).unwrap();
    assert!(s.view.is_none() && s.expect.is_none() && s.name.is_empty());
    let ray = scene::parse(
        &with_b(r#"{ "kind": "ray", "position": [0, 0], "length": null }"#),
        p(),
    )
    .unwrap();
    assert!(!ray.b.is_bounded());
}

#[test]
fn io_errors_are_scene_errors_about_the_whole_file() {
    let missing = Path::new("/nonexistent/satlab/scene.json");
    let e = scene::load(missing).unwrap_err();
    assert_eq!((e.line, e.column), (0, 0));
    assert!(e
        .to_string()
        .starts_with("/nonexistent/satlab/scene.json: cannot read"));
}

fn bits(v: Vec2) -> (u32, u32) {
    (v.x.to_bits(), v.y.to_bits())
}

#[test]
fn awkward_floats_survive_save_and_load_bit_for_bit() {
    let xs = [
        0.1f32,
        -0.0,
        1.0 / 3.0,
        f32::MIN_POSITIVE,
        1e-45,
        MAX_MAGNITUDE,
        -99_999_992.0,
        16777217.0,
        123456.79,
        -2.5e-7,
        std::f32::consts::PI,
    ];
    for &x in &xs {
        for &y in &xs {
            let pose = Pose::new(Vec2::new(x, y), y).unwrap();
            let a = Shape::Circle(Circle::new(pose, x.abs()).unwrap());
            let b = Shape::Obb(Obb::new(pose, Vec2::new(x.abs(), y.abs())).unwrap());
            let s = Scene {
                name: "floats \"quoted\"\nand ΔΔ".into(),
                notes: String::new(),
                a,
                b,
                view: Some(View {
                    center: Vec2::new(y, x),
                    zoom: 1.0 / 3.0,
                }),
                motion: (x != y).then_some(Motion {
                    a: Vec2::new(x, 0.0),
                    b: Vec2::new(-y, x),
                }),
                expect: Some(Expect {
                    intersects: true,
                    distance: Some(x.abs()),
                    penetration: match x.total_cmp(&y) {
                        std::cmp::Ordering::Less => None,
                        std::cmp::Ordering::Equal => Some(ExpectDepth::None),
                        std::cmp::Ordering::Greater => Some(ExpectDepth::Depth(y.abs())),
                    },
                    contacts: (x > y).then(|| ExpectContacts {
                        normal: Vec2::new(0.6, 0.8),
                        points: vec![
                            ExpectContactPoint {
                                point: Vec2::new(x, y),
                                separation: -y.abs(),
                            },
                            ExpectContactPoint {
                                point: Vec2::new(y, x),
                                separation: x / 3.0,
                            },
                        ],
                    }),
                    contacts3: None,
                    time_of_impact: (x != y).then_some(if x < y {
                        ExpectToi::Never
                    } else {
                        ExpectToi::At(0.375)
                    }),
                    tolerance: Some(1e-6),
                    distance_tolerance: (x < y).then_some(x.abs()),
                    penetration_tolerance: (x > y).then_some(y.abs()),
                }),
                contact_tolerance: (x > 0.0 && x <= 1e3).then_some(x),
            };
            let text = scene::to_json(&s);
            let back = scene::parse(&text, p()).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(bits(back.a.pose().position()), bits(s.a.pose().position()));
            assert_eq!(
                back.a.pose().rotation_deg().to_bits(),
                s.a.pose().rotation_deg().to_bits()
            );
            assert_eq!(back, s);
            assert_eq!(scene::to_json(&back), text, "stable output");
        }
    }
}

#[test]
fn saved_json_has_the_documented_field_order() {
    let mut s = scene::parse(TWO_DISCS, p()).unwrap();
    s.name = "n".into();
    s.notes = "m".into();
    s.view = Some(View {
        center: Vec2::new(1.0, 2.0),
        zoom: 60.0,
    });
    s.expect = Some(Expect {
        intersects: false,
        distance: Some(1.0),
        penetration: None,
        tolerance: None,
        ..Expect::default()
    });
    assert_eq!(
        scene::to_json(&s),
        r#"{
  "version": 1,
  "name": "n",
  "notes": "m",
  "a": {
    "kind": "circle",
    "position": [0, 0],
    "radius": 1
  },
  "b": {
    "kind": "circle",
    "position": [3, 0],
    "radius": 1
  },
  "view": {
    "center": [1, 2],
    "zoom": 60
  },
  "expect": {
    "intersects": false,
    "distance": 1
  }
}
"#
    );
}

#[test]
fn save_replaces_the_file_and_leaves_no_temporary() {
    let dir = temp_dir("save");
    let path = dir.join("scene.json");
    std::fs::write(&path, "old contents").unwrap();
    let s = scene::parse(TWO_DISCS, p()).unwrap();
    scene::save(&path, &s).unwrap();
    assert_eq!(scene::load(&path).unwrap(), s);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("scene.json")]);
    // Saving into a missing folder fails without creating anything.
    assert!(scene::save(&dir.join("no/such/dir/x.json"), &s).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn capture_records_the_current_results() {
    let pose = |x: f32, y: f32| Pose::new(Vec2::new(x, y), 0.0).unwrap();
    let a = Shape::Circle(Circle::new(pose(0.0, 0.0), 2.0).unwrap());
    let b = Shape::Circle(Circle::new(pose(3.0, 4.0), 4.0).unwrap());
    let s = scene::capture("overlap", "why", &a, &b, None);
    let e = s.expect.clone().unwrap();
    // Hand values: centres 5 apart, radii 6.
    assert!(e.intersects);
    assert_eq!(e.distance, Some(0.0));
    let Some(ExpectDepth::Depth(depth)) = e.penetration else {
        panic!("a depth: {:?}", e.penetration)
    };
    assert!((depth - 1.0).abs() < 1e-5);
    assert!(scene::evaluate(&s).is_empty());
    // Apart: no penetration recorded; a point has no area either.
    let far = Shape::Circle(Circle::new(pose(10.0, 0.0), 1.0).unwrap());
    let e = scene::capture("", "", &a, &far, None).expect.unwrap();
    assert!(!e.intersects && e.penetration.is_none());
    assert!((e.distance.unwrap() - 7.0).abs() < 1e-5);
    let pt = Shape::Point(Point::new(Vec2::ZERO).unwrap());
    let e = scene::capture("", "", &a, &pt, None).expect.unwrap();
    assert!(e.intersects && e.penetration.is_none());
    // The captured scene round-trips through JSON.
    let text = scene::to_json(&s);
    assert_eq!(scene::parse(&text, p()).unwrap(), s);
}

#[test]
fn evaluate_reports_each_wrong_field() {
    let mut s = scene::parse(TWO_DISCS, p()).unwrap();
    assert!(
        scene::evaluate(&s).is_empty(),
        "no expect block, nothing to compare"
    );
    s.expect = Some(Expect {
        intersects: true,
        distance: Some(1.0),
        penetration: Some(ExpectDepth::Depth(0.5)),
        tolerance: None,
        ..Expect::default()
    });
    let m = scene::evaluate(&s);
    let fields: Vec<&str> = m.iter().map(|m| m.field).collect();
    assert_eq!(fields, ["intersects", "penetration"]);
    assert_eq!(m[0].to_string(), "intersects: expected true, got false");
    assert_eq!(
        m[1].to_string(),
        "penetration: expected 0.5, got none (tolerance 0.001)"
    );
    s.expect = Some(Expect {
        intersects: false,
        distance: Some(1.0015),
        penetration: None,
        tolerance: Some(0.002),
        ..Expect::default()
    });
    assert!(scene::evaluate(&s).is_empty());
    s.expect = Some(Expect {
        intersects: false,
        distance: Some(1.0015),
        penetration: None,
        tolerance: None,
        ..Expect::default()
    });
    assert_eq!(scene::evaluate(&s)[0].field, "distance");
}

#[test]
fn the_eval_report_holds_every_part_of_the_answer() {
    let s = scene::parse(TWO_DISCS, p()).unwrap();
    let r = scene::eval_report(&s);
    assert_eq!(r.outcome.verdict, "separated");
    assert!((r.outcome.distance - 1.0).abs() < 1e-6);
    assert!((r.outcome.closest_a - Vec2::new(1.0, 0.0)).length() < 1e-5);
    assert!((r.outcome.closest_b - Vec2::new(2.0, 0.0)).length() < 1e-5);
    assert!(r.penetration.is_none());
    assert!(r
        .sat
        .axes
        .iter()
        .any(|a| a.first_separating && a.gap > 0.99));
    let table = r.table();
    for word in [
        "verdict",
        "separated",
        "closest on A",
        "SAT axes",
        "first separating",
    ] {
        assert!(table.contains(word), "{word} missing from\n{table}");
    }
    let json: serde_json::Value = serde_json::to_value(&r).unwrap();
    assert_eq!(json["verdict"], "separated");
    assert!(json["sat"]["axes"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
}

#[test]
fn windows_line_endings_give_the_same_positions() {
    let text = TWO_DISCS.replace("\"radius\": 1 }\n}", "\"raduis\": 1 }\n}");
    let unix = err(&text);
    assert!(unix.starts_with("4:48: unknown field `raduis`"), "{unix}");
    assert_eq!(err(&text.replace('\n', "\r\n")), unix);
}

#[test]
fn unbounded_intervals_are_explicit_in_the_json_report() {
    let text = r#"{ "version": 1,
      "a": { "kind": "line", "position": [0, 0] },
      "b": { "kind": "line", "position": [2, 3], "rotation_deg": 90 } }"#;
    let r = scene::eval_report(&scene::parse(text, p()).unwrap());
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["sat"]["axes"][0]["a"], serde_json::json!([0.0, 0.0]));
    assert_eq!(v["sat"]["axes"][0]["b"], serde_json::json!(["-inf", "inf"]));
    assert_eq!(v["sat"]["axes"][0]["gap"], "-inf");
    assert!(r.table().contains("[-inf, inf]"));
}

#[test]
fn find_scenes_walks_folders_in_sorted_order() {
    let dir = temp_dir("find");
    std::fs::create_dir_all(dir.join("b/deeper")).unwrap();
    for f in [
        "z.json",
        "a.JSON",
        "b/deeper/c.json",
        "b/readme.md",
        ".hidden.json",
    ] {
        std::fs::write(dir.join(f), TWO_DISCS).unwrap();
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("b/loop")).unwrap();
    let found: Vec<PathBuf> = scene::find_scenes(&dir)
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(
        found,
        vec![
            dir.join("a.JSON"),
            dir.join("b/deeper/c.json"),
            dir.join("z.json")
        ]
    );
    // A file is taken as given, whatever its name; an empty folder is an error.
    let md = dir.join("b/readme.md");
    assert_eq!(scene::find_scenes(&md).pop().unwrap().unwrap(), md);
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let e = scene::find_scenes(&dir.join("empty"))
        .pop()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.message, "no .json scene files in this folder");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `f` on another thread and gives up after `secs` seconds, so a read
/// that blocks (on a FIFO) fails the test instead of hanging it.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs))
        .expect("the read blocked")
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("run mkfifo")
        .success();
    assert!(ok, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read_and_at_most_64_mb() {
    let dir = temp_dir("special");
    let fifo = dir.join("fifo.json");
    mkfifo(&fifo);
    let zero = dir.join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for special in [fifo.clone(), zero] {
        let path = special.clone();
        let e = within(10, move || scene::load_any(&path)).unwrap_err();
        assert_eq!((e.line, e.column), (0, 0));
        assert!(e.message.starts_with("not a regular file"), "{e}");
        let path = special.clone();
        let e = within(10, move || scene::load(&path)).unwrap_err();
        assert!(e.message.starts_with("not a regular file"), "{e}");
    }
    // A sparse file one byte over the cap is refused without being read.
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(scene::MAX_SCENE_BYTES + 1).unwrap();
    drop(f);
    let e = scene::read_scene_file(&big).unwrap_err();
    assert!(e.message.contains("larger than 64 MiB"), "{e}");
    // A folder found by the walk lists the FIFO; reading it is the error.
    std::fs::write(dir.join("ok.json"), TWO_DISCS).unwrap();
    let found: Vec<_> = scene::find_scenes(&dir).into_iter().flatten().collect();
    assert!(found.contains(&fifo));
    let bytes = scene::read_scene_file(&dir.join("ok.json")).unwrap();
    assert_eq!(bytes, TWO_DISCS.as_bytes());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn magnitudes_beyond_the_limit_are_refused_where_they_are_written() {
    let e = err(&with_b(
        r#"{ "kind": "circle", "position": [0, 0], "radius": 3.4e38 }"#,
    ));
    assert_eq!(
        e,
        "4:58: shape b (circle): radius must be ≤ 1e8, got 340000000000000000000000000000000000000"
    );
    let e = err(&with_b(r#"{ "kind": "point", "position": [1e20, 0] }"#));
    assert!(
        e.contains("position must lie within ±1e8 in x and y, got [100000000000000000000, 0]"),
        "{e}"
    );
    let e = err(&with_b(
        r#"{ "kind": "ray", "position": [0, 0], "length": 3.4e38 }"#,
    ));
    assert!(e.contains("length must be ≤ 1e8"), "{e}");
    let e = err(&with_b(
        r#"{ "kind": "polygon", "position": [0, 0], "vertices": [[0, 0], [1e20, 0], [0, 1]] }"#,
    ));
    assert!(
        e.contains(
            "vertices must lie within ±1e8 in x and y (vertex 2), got [100000000000000000000, 0]"
        ),
        "{e}"
    );
}

#[test]
fn a_save_removes_the_stale_temporaries_a_killed_save_left() {
    let dir = temp_dir("stale");
    let old = std::time::SystemTime::now() - scene::STALE_TEMPORARY_AGE * 2;
    let touch = |name: &str, when: Option<std::time::SystemTime>| {
        let f = std::fs::File::create(dir.join(name)).unwrap();
        if let Some(t) = when {
            f.set_modified(t).unwrap();
        }
    };
    // Left by a save killed with -9 (another process, long ago).
    touch(".scene.json.4242-0.tmp", Some(old));
    touch(".other.json.77-12.tmp", Some(old));
    // A save in progress right now, and files satlab did not make.
    touch(".scene.json.4243-1.tmp", None);
    touch(".notes.tmp", Some(old));
    touch(".scene.json.abc-0.tmp", Some(old));
    touch("keep-4242-0.tmp", Some(old));
    let s = scene::parse(TWO_DISCS, p()).unwrap();
    scene::save(&dir.join("scene.json"), &s).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".notes.tmp",
            ".scene.json.4243-1.tmp",
            ".scene.json.abc-0.tmp",
            "keep-4242-0.tmp",
            "scene.json"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
