//! Writing a scene: pretty JSON in a fixed field order, saved atomically.

use super::expect::pair_scene_end;
use super::layers::{colours_json, layers_json, mask_json, matrix_json, pairs_json, tag_fields};
use super::model::{ExpectedHit, FieldExpect, FieldScene, Motion, Scene, View};
use super::schema::{Kinds, FIELD_FORMAT_VERSION, FORMAT_VERSION};
use super::write::{inline, num, point, string_json, Obj};
use super::AnyScene;
use crate::broad::LayerMask;
use crate::geom::{Shape, Vec2};
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The scene as pretty JSON (two-space indent, one field per line, numbers
/// and points on one line), fields in the order of `docs/scene-format.md`.
/// Every f32 is written with the fewest digits that read back to the same
/// bits, so load → save → load is exact.
pub fn to_json(scene: &Scene) -> String {
    let mut w = Obj::scene(FORMAT_VERSION, &scene.name, &scene.notes);
    w.raw("a", &shape(&scene.a));
    w.raw("b", &shape(&scene.b));
    if let Some(v) = &scene.view {
        w.raw("view", &view(v));
    }
    if let Some(m) = &scene.motion {
        w.raw("motion", &motion(m));
    }
    pair_scene_end(w, scene.contact_tolerance, scene.expect.as_ref())
}

/// A field scene as pretty JSON, version 2, fields in the order of
/// `docs/scene-format.md`; each field shape on one line. Load → save → load
/// is exact, as for [`to_json`]. The layer fields are written only when the
/// scene has them, so a scene without layers is written as before them.
pub fn field_to_json(scene: &FieldScene) -> String {
    let mut w = Obj::scene(FIELD_FORMAT_VERSION, &scene.name, &scene.notes);
    let l = &scene.layers;
    if let Some(names) = layers_json(l) {
        w.raw("layers", &names);
    }
    if let Some(m) = matrix_json(l) {
        w.raw("matrix", &m);
    }
    if let Some(c) = colours_json(l) {
        w.raw("layer_colors", &c);
    }
    if scene.shapes.is_empty() {
        w.raw("shapes", "[]");
    } else {
        let rows: Vec<String> = scene
            .shapes
            .iter()
            .enumerate()
            .map(|(i, s)| inline(shape_fields(s).into_iter().chain(tag_fields(l, i))))
            .collect();
        w.raw("shapes", &format!("[\n    {}\n  ]", rows.join(",\n    ")));
    }
    let masked = |s: &Shape, mask: Option<LayerMask>| {
        let m = mask.map(|m| ("mask", mask_json(l, m)));
        inline(shape_fields(s).into_iter().chain(m))
    };
    if let Some(r) = &scene.ray {
        w.raw("ray", &masked(&Shape::Ray(r.clone()), l.ray_mask));
    }
    if let Some(q) = &scene.query {
        w.raw("query", &masked(q, l.query_mask));
    }
    if let Some(v) = &scene.view {
        w.raw("view", &view(v));
    }
    if let Some(e) = &scene.expect {
        w.raw("expect", &field_expect(e));
    }
    let mut out = w.finish();
    out.push('\n');
    out
}

/// Writes a pair scene to `path` through a temporary file in the same folder
/// that is flushed to disk and then renamed over `path`, so a crash or a full
/// disk leaves either the old file or the new one, never half of one. The
/// temporary files a killed save left in that folder (older than
/// [`STALE_TEMPORARY_AGE`]) are removed first. Saving over a scene file
/// with a `practice` block keeps the block (the editors know nothing of it).
pub fn save(path: &Path, scene: &Scene) -> std::io::Result<()> {
    write_atomic(
        path,
        super::practice::keep_practice(path, to_json(scene)).as_bytes(),
    )
}

/// Writes a field scene to `path` atomically, like [`save`].
pub fn save_field(path: &Path, scene: &FieldScene) -> std::io::Result<()> {
    write_atomic(path, field_to_json(scene).as_bytes())
}

/// Writes a scene of either form to `path` atomically, like [`save`]; a
/// pair or 3D scene saved over a file with a `practice` block keeps it.
pub fn save_any(path: &Path, scene: &AnyScene) -> std::io::Result<()> {
    let json = match scene {
        AnyScene::Pair(_) | AnyScene::Space(_) => {
            super::practice::keep_practice(path, scene.to_json())
        }
        AnyScene::Field(_) => scene.to_json(),
    };
    write_atomic(path, json.as_bytes())
}

/// Writes `bytes` to `path` atomically, like [`save`]: a temporary file in
/// the same folder, flushed, then renamed over `path`. On error the
/// temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let file_name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
    })?;
    remove_stale_temporaries(dir);
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".{}.{}-{}.tmp",
        file_name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// How old a temporary file of [`write_atomic`]'s naming must be before a
/// later save to its folder removes it: a save in progress is never that old.
pub const STALE_TEMPORARY_AGE: std::time::Duration = std::time::Duration::from_secs(60);

/// True for the names [`write_atomic`] gives its temporary files:
/// `.{file name}.{process id}-{counter}.tmp`.
fn is_own_temporary(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((file, tag)) = inner.rsplit_once('.') else {
        return false;
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    !file.is_empty()
        && tag
            .split_once('-')
            .is_some_and(|(pid, n)| digits(pid) && digits(n))
}

/// Removes temporary files of [`write_atomic`]'s naming older than
/// [`STALE_TEMPORARY_AGE`] from `dir`: what a save killed half-way (kill -9,
/// power loss) left behind. Only regular files with exactly that naming are
/// touched; failures are ignored (the save itself does not depend on them).
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for e in entries.flatten() {
        let name = e.file_name();
        if !name.to_str().is_some_and(is_own_temporary) {
            continue;
        }
        // `DirEntry::metadata` does not follow symbolic links.
        let Ok(meta) = e.metadata() else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age > STALE_TEMPORARY_AGE);
        if meta.is_file() && old {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

fn shape(s: &Shape) -> String {
    let mut w = Obj::new(1);
    for (k, v) in shape_fields(s) {
        w.raw(k, &v);
    }
    w.finish()
}

/// A shape on one line, as scene files write it:
/// `{"kind": "circle", "position": [0, 0], "radius": 1}`.
pub fn shape_to_json(s: &Shape) -> String {
    inline(shape_fields(s))
}

/// The saved fields of a shape, in order, as `(name, JSON text)`.
fn shape_fields(s: &Shape) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let kind = s.kind();
    out.push(("kind", string_json(kind.name())));
    let pose = s.pose();
    out.push(("position", point(pose.position())));
    if pose.rotation_deg().to_bits() != 0 {
        out.push(("rotation_deg", num(pose.rotation_deg())));
    }
    let fields = kind.fields();
    let values: Vec<Option<String>> = match s {
        Shape::Point(_) | Shape::Line(_) => vec![],
        Shape::Segment(x) => vec![Some(num(x.half_length()))],
        Shape::Ray(x) => vec![x.length().map(num)],
        Shape::Circle(x) => vec![Some(num(x.radius()))],
        Shape::Aabb(x) => vec![Some(point(x.half_extents()))],
        Shape::Obb(x) => vec![Some(point(x.half_extents()))],
        Shape::Capsule(x) => vec![Some(num(x.half_length())), Some(num(x.radius()))],
        Shape::Sector(x) => vec![Some(num(x.radius())), Some(num(x.half_angle_deg()))],
        Shape::Polygon(x) => {
            let pts: Vec<String> = x.local_vertices().iter().map(|&v| point(v)).collect();
            vec![Some(format!("[{}]", pts.join(", ")))]
        }
    };
    for (name, value) in fields.iter().zip(values) {
        if let Some(v) = value {
            out.push((*name, v));
        }
    }
    out
}

fn view(v: &View) -> String {
    let mut w = Obj::new(1);
    w.raw("center", &point(v.center));
    w.raw("zoom", &num(v.zoom));
    w.finish()
}

fn motion(m: &Motion) -> String {
    let mut w = Obj::new(1);
    for (name, v) in [("a", m.a), ("b", m.b)] {
        if v != Vec2::ZERO {
            w.raw(name, &point(v));
        }
    }
    w.finish()
}

fn hit(h: &ExpectedHit) -> String {
    match h.t {
        None => h.shape.to_string(),
        Some(t) => format!("{{\"shape\": {}, \"t\": {}}}", h.shape, num(t)),
    }
}

fn field_expect(e: &FieldExpect) -> String {
    let mut w = Obj::new(1);
    if let Some(hits) = &e.hits {
        let items: Vec<String> = hits.iter().map(hit).collect();
        w.raw("hits", &format!("[{}]", items.join(", ")));
    }
    match &e.first_hit {
        None => {}
        Some(None) => w.raw("first_hit", "\"none\""),
        Some(Some(h)) => w.raw("first_hit", &hit(h)),
    }
    if let Some(q) = &e.query_hits {
        let items: Vec<String> = q.iter().map(|i| i.to_string()).collect();
        w.raw("query_hits", &format!("[{}]", items.join(", ")));
    }
    if let Some(p) = &e.pairs {
        w.raw("pairs", &pairs_json(p, num));
    }
    if let Some(t) = e.tolerance {
        w.raw("tolerance", &num(t));
    }
    w.finish()
}
