//! Every integration suite except the end-to-end ones (`e2e*`, run one at
//! a time under Xvfb by `.ci/run`) and `pairs_memory` (it installs a
//! counting global allocator), as modules of one test binary: the library
//! is linked into one test executable instead of 32. Each suite stays in
//! its own file (`tests/<suite>.rs`, its proptest regressions beside it);
//! run one with `cargo test --test all <suite>::`.

// `tests/common/rng.rs`, the one seeded source, is a module of `common`,
// `common3d`, `consistency`, `explain` and `geom3d_hull`: each gets its own
// `Rng` type to add its own helpers to (`unit()` is 2D in one, 3D in another).
#![allow(clippy::duplicate_mod)]

mod common;
mod common3d;
mod kit;

mod broad_phase;
mod cast_diff;
mod classic;
mod cli;
mod closed_matches;
mod consistency;
mod degenerate;
mod explain;
mod export;
mod field_layers;
mod field_scenes;
mod geom3d_box_precision;
mod geom3d_cast;
mod geom3d_degenerate;
mod geom3d_elongated;
mod geom3d_epa;
mod geom3d_gauss;
mod geom3d_hull;
mod geom3d_manifold;
mod geom3d_oracle;
mod geom3d_parry;
mod geom3d_properties;
mod geom3d_raycast_toi;
mod geom3d_rounded_band;
mod geom3d_scale;
mod geom3d_worked;
mod gjk_epa;
mod heldout;
mod impact;
mod import_circles;
mod limits;
mod long_shapes;
mod malformed;
mod manifold_diff;
mod oracle;
mod parry_diff;
mod practice;
mod properties;
mod scene_fuzz;
mod scene_io;
mod scene_tolerance;
mod scenes;
mod shallow;
mod tie_break;

/// With `autotests = false` a file in `tests/` is built only when it is
/// named: every `tests/*.rs` is a module above or a `[[test]]` of its own in
/// `Cargo.toml`, so no suite is silently left out.
#[test]
fn every_test_file_is_built() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = include_str!("all.rs");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let mut files = 0;
    for entry in std::fs::read_dir(root.join("tests")).expect("tests/") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        files += 1;
        let module = all.lines().any(|l| l == format!("mod {name};"));
        let target = manifest.contains(&format!("path = \"tests/{name}.rs\""));
        assert!(
            module || target || name == "all",
            "tests/{name}.rs is neither a module of tests/all.rs nor a [[test]] in Cargo.toml"
        );
    }
    assert!(files > 30, "only {files} test files found");
}
