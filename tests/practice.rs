//! The practice generator over thousands of seeds: every question is found,
//! fair by the stated margins (checked here against the library's queries,
//! not the generator's own bookkeeping), each level draws the kinds it
//! promises, and the same seed gives the same set. Plus `satlab practice
//! --list` through the binary.

use satlab::geom::{self, penetration, sat_report, time_of_impact, Shape, Vec2};
use satlab::geom3d;
use satlab::practice::{
    edge_pair_decides, generate, half_size, half_size3, question, Choice, Kind, Level, Pair,
    Question, Task, GENERATOR_VERSION, MARGIN_FRACTION, VIEW_HALF,
};
use std::collections::BTreeSet;
use std::process::Command;

/// Questions checked per level (five levels, each question a fresh seed).
const SEEDS: u64 = 2000;

fn signed(a: &Shape, b: &Shape) -> f32 {
    match penetration(a, b) {
        Some(p) => -p.depth,
        None => geom::distance(a, b).distance,
    }
}

fn signed3(a: &geom3d::Shape3, b: &geom3d::Shape3) -> f32 {
    match geom3d::penetration(a, b) {
        Some(p) => -p.depth,
        None => geom3d::distance(a, b).distance,
    }
}

fn on_screen(lo: &[f32], hi: &[f32]) -> bool {
    lo.iter().chain(hi).all(|v| v.abs() <= VIEW_HALF)
}

/// The margins of one question, recomputed from the library's queries.
fn check_fair(q: &Question) {
    let m = MARGIN_FRACTION * q.size;
    let tag = format!(
        "level {} question {} ({:?})",
        q.level.number(),
        q.number,
        q.kind()
    );
    match &q.pair {
        Pair::Flat { a, b } => {
            let size = [half_size(a), half_size(b)]
                .into_iter()
                .filter(|s| *s > 0.0)
                .fold(f32::INFINITY, f32::min);
            assert_eq!(size, q.size, "{tag}");
            for s in [a, b] {
                let (lo, hi) = s.bounds();
                assert!(
                    on_screen(&lo.to_array(), &hi.to_array()),
                    "{tag}: off screen"
                );
            }
            let sd = signed(a, b);
            assert!(
                sd.abs() >= m,
                "{tag}: signed distance {sd} within margin {m}"
            );
            check_flat_task(q, a, b, sd, m, &tag);
        }
        Pair::Space { a, b } => {
            let (a, b) = (&a.shape, &b.shape);
            assert_eq!(half_size3(a).min(half_size3(b)), q.size, "{tag}");
            for s in [a, b] {
                let (lo, hi) = s.bounds();
                assert!(
                    on_screen(&lo.to_array(), &hi.to_array()),
                    "{tag}: off screen"
                );
            }
            let sd = signed3(a, b);
            assert!(
                sd.abs() >= m,
                "{tag}: signed distance {sd} within margin {m}"
            );
            match (q.level, edge_pair_decides(a, b)) {
                (Level::Five, decided) => assert_eq!(decided, Some(true), "{tag}"),
                (Level::Four, decided) => assert_ne!(decided, Some(true), "{tag}"),
                (Level::One | Level::Two | Level::Three, _) => panic!("{tag}: 3D at a 2D level"),
            }
            match &q.task {
                Task::Verdict { intersects, .. } => {
                    assert_eq!(*intersects, geom3d::intersects(a, b), "{tag}")
                }
                Task::BoxAxes { axes } => {
                    assert!((6..=15).contains(&axes.len()), "{tag}");
                    assert!(axes.iter().all(|x| x.gap.abs() >= m), "{tag}");
                    let any = axes.iter().any(|x| x.gap > 0.0);
                    assert_eq!(any, !geom3d::intersects(a, b), "{tag}");
                }
                Task::AxisCount { count } => {
                    let r = geom3d::sat_report3(a, b);
                    assert_eq!(*count as usize, r.axes.len() + r.pruned, "{tag}");
                }
                other => panic!("{tag}: a 2D task on 3D shapes: {other:?}"),
            }
        }
    }
}

fn check_flat_task(q: &Question, a: &Shape, b: &Shape, sd: f32, m: f32, tag: &str) {
    assert!(!q.level.is_3d(), "{tag}");
    match &q.task {
        Task::Verdict { intersects, .. } => {
            assert_eq!(*intersects, geom::intersects(a, b), "{tag}")
        }
        Task::SeparatingAxis { axes } => {
            let r = sat_report(a, b);
            assert_eq!(axes.len(), r.axes.len(), "{tag}");
            for t in &r.axes {
                assert!(
                    t.gap.abs() >= m,
                    "{tag}: axis gap {} within margin {m}",
                    t.gap
                );
            }
            assert_eq!(axes.iter().any(|x| x.gap > 0.0), sd > 0.0, "{tag}");
        }
        Task::Projection { axis, interval, .. } => {
            assert!((axis.length() - 1.0).abs() < 1e-5, "{tag}");
            assert!(interval[0] <= interval[1], "{tag}");
        }
        Task::Mtv { mtv } => {
            assert!(sd < 0.0, "{tag}");
            // Unique: every other way out SAT knows is longer by the margin.
            let r = sat_report(a, b);
            let mut outs: Vec<f32> = r
                .axes
                .iter()
                .flat_map(|t| [t.a.max - t.b.min, t.b.max - t.a.min])
                .collect();
            outs.sort_by(f32::total_cmp);
            assert!(
                outs.len() < 2 || outs[1] - outs[0] >= m,
                "{tag}: MTV tie {outs:?}"
            );
            let mut moved = b.clone();
            moved.set_position(b.pose().position() + *mtv);
            assert!(
                signed(a, &moved).abs() < 1e-3 * (1.0 + q.size),
                "{tag}: MTV does not touch"
            );
        }
        Task::Touch {
            motion,
            t,
            position,
        } => {
            assert!(sd > 0.0 && (0.15..=0.85).contains(t), "{tag}");
            let hit = time_of_impact(a, Vec2::ZERO, b, *motion).expect("a touch");
            assert_eq!(hit.t, *t, "{tag}");
            let mut at = b.clone();
            at.set_position(*position);
            assert!(
                geom::distance(a, &at).distance < 1e-3,
                "{tag}: not touching at the answer"
            );
            at.set_position(b.pose().position() + *motion);
            assert!(signed(a, &at) <= -m, "{tag}: a graze");
        }
        Task::ClosestPoint { point } => {
            let target = match b {
                Shape::Circle(c) => c.center(),
                Shape::Point(p) => p.position(),
                other => panic!("{tag}: B is {:?}", other.kind()),
            };
            let on_a = geom::Point::new(*point).map(Shape::Point).expect("point");
            assert!(geom::distance(a, &on_a).distance < 1e-4, "{tag}: not on A");
            let probe = Shape::Point(geom::Point::new(target).expect("point"));
            let d = geom::distance(a, &probe).distance;
            assert!(d >= m && (point.distance(target) - d).abs() < 1e-4, "{tag}");
        }
        Task::Contacts { points, normal } => {
            assert!(sd < 0.0 && (1..=2).contains(&points.len()), "{tag}");
            assert!((normal.length() - 1.0).abs() < 1e-4, "{tag}");
        }
        other => panic!("{tag}: a 3D task on 2D shapes: {other:?}"),
    }
}

#[test]
fn every_level_is_fair_and_draws_its_kinds_over_many_seeds() {
    for level in Level::ALL {
        let mut kinds = BTreeSet::new();
        for seed in 0..SEEDS {
            let q = question(seed, 1, Choice::Level(level))
                .unwrap_or_else(|| panic!("level {level:?} seed {seed}: no question"));
            assert_eq!(q.level, level);
            assert!(
                level.kinds().contains(&q.kind()),
                "{level:?} drew {:?}",
                q.kind()
            );
            kinds.insert(q.kind());
            check_fair(&q);
        }
        let promised: BTreeSet<Kind> = level.kinds().iter().copied().collect();
        assert_eq!(kinds, promised, "level {level:?}");
    }
}

#[test]
fn mixed_sets_draw_every_level_and_every_kind() {
    let mut levels = BTreeSet::new();
    let mut kinds = BTreeSet::new();
    for seed in 0..60 {
        let set = generate(seed, 10, Choice::Mixed).expect("a set");
        for q in &set.questions {
            levels.insert(q.level);
            kinds.insert(q.kind());
            check_fair(q);
        }
    }
    assert_eq!(levels.len(), 5);
    assert_eq!(kinds, Kind::ALL.into_iter().collect());
}

#[test]
fn the_same_seed_gives_the_same_set_and_question_n_ignores_the_count() {
    for seed in [0, 1, 42, u64::MAX] {
        for choice in [
            Choice::Mixed,
            Choice::Level(Level::Two),
            Choice::Level(Level::Five),
        ] {
            let ten = generate(seed, 10, choice).expect("set");
            assert_eq!(ten, generate(seed, 10, choice).expect("set"));
            let five = generate(seed, 5, choice).expect("set");
            assert_eq!(five.questions[..], ten.questions[..5]);
            assert_eq!(ten.questions.len(), 10);
            assert!(ten.questions.iter().zip(1..).all(|(q, n)| q.number == n));
        }
        assert_ne!(
            generate(seed, 10, Choice::Mixed),
            generate(seed.wrapping_add(1), 10, Choice::Mixed)
        );
    }
}

fn satlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(args)
        .output()
        .expect("run satlab")
}

#[test]
fn practice_list_prints_the_answer_key_as_json() {
    let args = [
        "practice", "--seed", "42", "--count", "10", "--level", "2", "--list",
    ];
    let o = satlab(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["generator"], GENERATOR_VERSION);
    assert_eq!(v["seed"], 42);
    assert_eq!(v["level"], 2);
    let qs = v["questions"].as_array().expect("questions");
    assert_eq!(qs.len(), 10);
    let set = generate(42, 10, Choice::Level(Level::Two)).expect("set");
    for (j, q) in qs.iter().zip(&set.questions) {
        assert_eq!(j["kind"], q.kind().name());
        assert_eq!(j["number"], q.number);
        // The shapes are in the scene format: they read back as the same shapes.
        let Pair::Flat { a, b } = &q.pair else {
            panic!("level 2 is 2D")
        };
        for (text, shape) in [(&j["a"], a), (&j["b"], b)] {
            let back = satlab::scene::parse_shape(&text.to_string(), std::path::Path::new("list"))
                .expect("a scene shape");
            assert_eq!(&back, shape);
        }
        assert!(j["answer"].is_object() && j["answer"] != serde_json::json!({}));
    }
    // The same command prints the same bytes.
    assert_eq!(satlab(&args).stdout, o.stdout);
}

#[test]
fn practice_rejects_bad_levels_and_counts_and_says_the_window_is_missing() {
    for bad in [
        &["practice", "--level", "6", "--list"][..],
        &["practice", "--level", "two", "--list"],
        &["practice", "--count", "0", "--list"],
        &["practice", "--seed", "-1", "--list"],
    ] {
        let o = satlab(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(o.stdout.is_empty(), "{bad:?}");
    }
    // Without --list the window opens on the set; without a display it
    // says why instead (no panic, no window).
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(["practice", "--seed", "3"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run satlab");
    assert!(!o.status.success());
    assert!(o.stdout.is_empty() && !o.stderr.is_empty());
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
    let o = satlab(&["practice", "--level", "mixed", "--count", "3", "--list"]);
    assert_eq!(o.status.code(), Some(0));
}

const DISCS: &str = r#"{
  "version": 1,
  "a": { "kind": "circle", "position": [0, 0], "radius": 1 },
  "b": { "kind": "circle", "position": [B_X, 0], "radius": 1 },
  "practice": PRACTICE
}"#;

fn discs(b_x: f32, practice: &str) -> String {
    DISCS
        .replace("B_X", &b_x.to_string())
        .replace("PRACTICE", practice)
}

fn block_err(practice: &str) -> String {
    let e = satlab::scene::read_practice(&discs(3.0, practice), std::path::Path::new("x.json"))
        .expect_err("must be refused");
    format!("{}:{}: {}", e.line, e.column, e.message)
}

#[test]
fn the_practice_block_is_read_with_line_and_column_errors() {
    use satlab::scene::{practice_json, read_practice, PracticeAsk};
    let p = std::path::Path::new("x.json");
    assert_eq!(
        read_practice(&discs(3.0, r#"{"kind": "touch", "motion": [-4, 0]}"#), p),
        Ok(Some(PracticeAsk::Touch {
            motion: Vec2::new(-4.0, 0.0)
        }))
    );
    assert_eq!(
        block_err(r#"{"kind": "verdikt"}"#),
        "5:24: unknown practice kind `verdikt`, expected one of `verdict`, `separating_axis`, \
         `projection`, `mtv`, `touch`, `closest_point`, `contacts`, `box_axes`, `axis_count`"
    );
    assert_eq!(
        block_err(r#"{"kind": "verdict", "axis": [1, 0]}"#),
        "5:35: field `axis` in `practice` is not used by kind `verdict`"
    );
    assert_eq!(
        block_err(r#"{"kind": "projection", "axis": [1, 0]}"#),
        "5:15: missing field `side` in `practice`"
    );
    assert_eq!(
        block_err(r#"{"kind": "projection", "axis": [1, 0], "side": "c"}"#),
        "5:62: `side` in `practice` must be \"a\" or \"b\", found a string"
    );
    assert_eq!(
        block_err(r#"{"kind": "touch", "motion": [1]}"#),
        "5:43: `motion` must be [x, y], found an array of 1 numbers"
    );
    assert_eq!(
        block_err(r#"{"kind": "mtv", "oops": 1}"#),
        "5:31: unknown field `oops` in `practice`, expected one of `kind`, `axis`, `side`, `motion`"
    );
    // Every kind's block reads back as written.
    for ask in [
        PracticeAsk::Verdict,
        PracticeAsk::SeparatingAxis,
        PracticeAsk::Projection {
            axis: Vec2::new(0.6, 0.8),
            side: satlab::geom::Side::B,
        },
        PracticeAsk::Mtv,
        PracticeAsk::Touch {
            motion: Vec2::new(-4.5, 0.25),
        },
        PracticeAsk::ClosestPoint,
        PracticeAsk::Contacts,
        PracticeAsk::BoxAxes,
        PracticeAsk::AxisCount,
    ] {
        let text = discs(3.0, &practice_json(&ask));
        assert_eq!(read_practice(&text, p), Ok(Some(ask)), "{text}");
    }
    // The scene reader accepts the block and ignores it.
    assert!(satlab::scene::parse_any(&discs(3.0, r#"{"kind": "mtv"}"#), p).is_ok());
}

#[test]
fn check_fails_an_unfair_practice_block_and_passes_a_fair_one() {
    let d = std::env::temp_dir().join(format!("satlab-practice-check-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp folder");
    // Discs 0.05 apart: a verdict that depends on rounding.
    std::fs::write(d.join("a-near.json"), discs(2.05, r#"{"kind": "verdict"}"#)).expect("write");
    // Apart, so there is no MTV to drag.
    std::fs::write(d.join("b-no-mtv.json"), discs(3.0, r#"{"kind": "mtv"}"#)).expect("write");
    std::fs::write(d.join("c-fair.json"), discs(3.0, r#"{"kind": "verdict"}"#)).expect("write");
    // A closest-point question needs a box and a disc, or a segment and a point.
    std::fs::write(
        d.join("d-kinds.json"),
        discs(3.0, r#"{"kind": "closest_point"}"#),
    )
    .expect("write");
    let o = satlab(&["check", d.to_str().expect("utf-8")]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{out}");
    let line = |name: &str| {
        out.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {out}"))
            .to_string()
    };
    assert!(line("a-near").starts_with("FAIL") && line("a-near").contains("0.050 from touching"));
    assert!(line("b-no-mtv").starts_with("FAIL"));
    assert!(line("c-fair").starts_with("ok"));
    assert!(line("d-kinds").contains("A an AABB and B a circle"));
    assert_eq!(out.lines().last(), Some("1 passed, 3 failed"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_authored_set_plays_every_kind_in_both_languages() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let en = satlab::practice::load_set(&root.join("practice")).expect("the English set");
    let zh = satlab::practice::load_set(&root.join("practice-zh")).expect("the Chinese set");
    assert!(en.len() >= 12);
    let kinds: BTreeSet<Kind> = en.iter().map(|q| q.kind()).collect();
    assert_eq!(kinds, Kind::ALL.into_iter().collect());
    // The twin asks the same questions of the same shapes.
    assert_eq!(en, zh);
    for q in &en {
        check_fair(q);
    }
}

/// What a seed gives is pinned: a change to the generator that changes a
/// set fails here, and must come with a new `GENERATOR_VERSION` (and new
/// lines below), so a teacher's seed keeps its meaning within a version.
#[test]
fn the_generator_is_pinned_to_its_version() {
    assert_eq!(GENERATOR_VERSION, "satlab-practice-1");
    let set = generate(42, 6, Choice::Mixed).expect("set");
    let got: Vec<String> = set
        .questions
        .iter()
        .map(|q| {
            let (a, b) = match &q.pair {
                Pair::Flat { a, b } => (
                    format!("{:?}", a.pose().position().to_array()),
                    format!("{:?}", b.pose().position().to_array()),
                ),
                Pair::Space { a, b } => (
                    format!("{:?}", a.shape.pose().position().to_array()),
                    format!("{:?}", b.shape.pose().position().to_array()),
                ),
            };
            format!("{} {} {a} {b}", q.level.number(), q.kind().name())
        })
        .collect();
    assert_eq!(
        got,
        [
            "5 box_axes [0.0, 0.0, 0.0] [0.0, 0.05, 2.0]",
            "1 projection [0.8, 0.4] [0.5, 2.1]",
            "2 touch [0.65, 0.5] [-4.9, 0.85]",
            "4 box_axes [0.0, 0.0, 0.0] [0.3, -0.2, -1.6]",
            "1 closest_point [-0.1, 0.8] [-2.95, 1.0]",
            "2 mtv [-0.15, -0.45] [-1.7, 0.05]",
        ]
    );
}

/// Saving over an authored exercise (what the pair and 3D editors do on
/// Save) keeps its `practice` block, for a 2D and a 3D file, with the
/// scene read back the same; a new file or a file without a block gets none.
#[test]
fn saving_over_an_authored_exercise_keeps_its_practice_block() {
    use satlab::scene::{load_any, read_practice, save, save_any, AnyScene};
    let dir = std::env::temp_dir().join(format!("satlab-practice-keep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/practice");
    let block = |p: &std::path::Path| {
        let text = std::fs::read_to_string(p).unwrap();
        read_practice(&text, p).unwrap()
    };
    for name in ["13-contacts-resting-boxes.json", "14-box-axes-face.json"] {
        let file = dir.join(name);
        std::fs::copy(root.join(name), &file).unwrap();
        let asked = block(&file).expect("an authored block");
        let mut sc = load_any(&file).unwrap();
        // An edit, as an editor makes one, then Save over the file.
        match &mut sc {
            AnyScene::Pair(s) => s.name.push_str(" (edited)"),
            AnyScene::Space(s) => s.name.push_str(" (edited)"),
            AnyScene::Field(_) => panic!("{name}: a pair scene"),
        }
        save_any(&file, &sc).unwrap();
        assert_eq!(block(&file), Some(asked), "{name}: kept");
        assert_eq!(load_any(&file).unwrap(), sc, "{name}: the scene as saved");
        // Saved again: still one block.
        save_any(&file, &sc).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.matches("\"practice\"").count(), 1, "{text}");
        // Save as a new file: the block stays with the exercise it belongs to.
        let fresh = dir.join(format!("new-{name}"));
        save_any(&fresh, &sc).unwrap();
        assert_eq!(block(&fresh), None, "{name}: a new file has no block");
        if let AnyScene::Pair(s) = &sc {
            // The pair editor's own save keeps it too, also with no
            // `expect` block to put it before (then it is the last field).
            let mut bare = s.clone();
            bare.expect = None;
            save(&file, &bare).unwrap();
            assert_eq!(block(&file), Some(asked));
            assert_eq!(load_any(&file).unwrap(), AnyScene::Pair(bare));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
