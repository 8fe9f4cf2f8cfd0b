//! Headless export (issue 30, "Benches for export time and file size"):
//! `satlab render` as a user runs it, a process per iteration, no display.
//!
//! The scene is an 11-gon against a 9-gon turned apart (no two edges
//! parallel), every axis tested: 20 axes, 22 frames (start, 20 axes, end)
//! at 800×500, the "walk of 20 steps". Each case prints the file it
//! wrote and its size once before it is timed.
//!
//! Run: `cargo bench --bench export -- --warm-up-time 1 --measurement-time 20`

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Points of a regular `n`-gon of radius `r` around `(cx, 0)`, turned by `phase`.
fn ring(n: usize, cx: f32, r: f32, phase: f32) -> String {
    (0..n)
        .map(|k| {
            let t = k as f32 * std::f32::consts::TAU / n as f32 + phase;
            format!("[{}, {}]", cx + r * t.cos(), r * t.sin())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A fresh folder with the 20-axis scene in it; the scene's path.
fn scene() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satlab-bench-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let sc = dir.join("tens.json");
    let text = format!(
        "{{\"version\": 1, \"name\": \"an 11-gon and a 9-gon\", \
         \"a\": {{\"kind\": \"polygon\", \"position\": [0, 0], \"vertices\": [{}]}}, \
         \"b\": {{\"kind\": \"polygon\", \"position\": [0, 0], \"vertices\": [{}]}}}}",
        ring(11, 0.0, 2.0, 0.1),
        ring(9, 3.0, 2.0, 0.37)
    );
    std::fs::write(&sc, text).expect("write the scene");
    sc
}

/// Runs `satlab render scene -o out args…` with no display; panics on failure.
fn render(scene: &Path, out: &Path, args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg("render")
        .arg(scene)
        .arg("-o")
        .arg(out)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run satlab render");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn export(c: &mut Criterion) {
    let sc = scene();
    let dir = sc.parent().expect("folder").to_path_buf();
    let walk = ["--size", "800x500", "--animate", "steps", "--keep-testing"];
    let still = ["--size", "800x500", "--step", "3"];
    let cases: [(&str, &str, &[&str]); 4] = [
        ("walk 22 frames GIF", "walk.gif", &walk),
        ("walk 22 frames APNG", "walk.png", &walk),
        ("one PNG", "still.png", &still),
        ("one SVG", "still.svg", &still),
    ];
    let mut g = c.benchmark_group("export");
    g.sample_size(10);
    for (name, file, args) in cases {
        let out = dir.join(file);
        render(&sc, &out, args);
        let bytes = std::fs::metadata(&out).map_or(0, |m| m.len());
        println!("export/{name}: {file}, {} KiB", bytes.div_ceil(1024));
        g.bench_function(name, |b| b.iter(|| render(&sc, &out, args)));
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, export);
criterion_main!(benches);
