//! Overlapping pairs in bounded memory: a counting global allocator records
//! the peak of live heap bytes while a pile of coincident discs (every two
//! a pair) is listed with a limit, run as a scene and reported; and the 3D
//! queries ARCHITECTURE.md says never allocate allocate nothing.

// A global allocator is an unsafe trait; this one only forwards to the
// system allocator and counts.
#![allow(unsafe_code)]

#[path = "common3d/mod.rs"]
mod common3d;
#[path = "kit/mod.rs"]
mod kit;

use satlab::broad::{Field, LayerMatrix, TreeConfig};
use satlab::geom::{Circle, Pose, Shape, Vec2};
use satlab::scene::{field_report, FieldScene, SceneLayers, PAIRS_LISTED};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Mutex;

/// The system allocator, counting the live bytes allocated and freed by a
/// thread inside [`peak_of`], and their peak.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
/// One test at a time (tests run on several threads, and the counter is
/// global).
static ONE: Mutex<()> = Mutex::new(());

thread_local! {
    /// This thread is inside [`peak_of`]: only its allocations count (the
    /// test harness's own, on its main thread as other tests finish, did:
    /// a 227-byte report string once failed the 3D test, 1 run in ~15).
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn counted() -> bool {
    COUNTED.try_with(Cell::get).unwrap_or(false)
}

fn serial() -> std::sync::MutexGuard<'static, ()> {
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() && counted() {
            let size = l.size() as isize;
            let now = LIVE.fetch_add(size, Ordering::Relaxed) + size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        if counted() {
            LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Heap bytes `f` added at its peak over what was live before (on this
/// thread), and its result.
fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    COUNTED.with(|c| c.set(true));
    let out = f();
    COUNTED.with(|c| c.set(false));
    let peak = PEAK.load(Ordering::Relaxed) - before;
    (peak.max(0) as usize, out)
}

fn discs(n: usize) -> Vec<Shape> {
    let c = Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap();
    vec![Shape::Circle(c); n]
}

#[test]
fn a_limited_pair_listing_stays_small_however_many_pairs() {
    let _one = serial();
    let n = 4000;
    let mut field = Field::with_shapes(TreeConfig::default(), discs(n));
    let (peak, (list, _)) = peak_of(|| field.overlapping_pairs_first(&LayerMatrix::ALL, true, 100));
    assert_eq!(list.total, (n * (n - 1) / 2) as u64);
    assert_eq!(list.pairs.len(), 100);
    // 8 M pairs would be 64 MB as index pairs alone.
    assert!(peak < 64 * 1024, "peak {peak} bytes for 100 pairs listed");
    // Unlimited, the same search keeps every pair: the meter sees it.
    let (peak, (all, _)) = peak_of(|| field.overlapping_pairs(&LayerMatrix::ALL, false));
    assert_eq!(all.len() as u64, list.total);
    assert!(peak > 64 * 1024 * 1024, "peak {peak} bytes for every pair");
}

#[test]
fn a_field_report_of_a_pile_lists_a_bounded_prefix_and_counts_the_rest() {
    let _one = serial();
    let n = 3000;
    let scene = FieldScene {
        name: "pile".into(),
        notes: String::new(),
        shapes: discs(n),
        ray: None,
        query: None,
        view: None,
        expect: None,
        layers: SceneLayers {
            names: vec!["Default".into(), "Other".into()],
            ..SceneLayers::default()
        },
    };
    let (peak, report) = peak_of(|| field_report(&scene));
    let pairs = report
        .pairs
        .clone()
        .expect("a scene with layers lists its pairs");
    assert_eq!(pairs.total, (n * (n - 1) / 2) as u64);
    assert_eq!(pairs.pairs.len(), PAIRS_LISTED);
    assert!(report
        .table()
        .contains(&format!("and {} more", pairs.total - 1000)));
    assert!(peak < 8 * 1024 * 1024, "peak {peak} bytes");
}

/// `intersects`, `distance` and `raycast` in 3D take no heap memory (no
/// allocation, ARCHITECTURE.md): every pair of bounded kinds, 40 random
/// near-touching poses each (hulls of up to 40 points), and a ray at
/// each shape from outside.
#[test]
fn the_3d_queries_that_promise_no_allocation_take_no_heap() {
    use common3d::{placed_pair, random_local, Rng, BOUNDED};
    use satlab::geom3d::{distance, intersects, raycast, Ray3};
    let _one = serial();
    let mut rng = Rng(0x27_a110c);
    let mut checked = 0;
    for ka in BOUNDED {
        for kb in BOUNDED {
            for _ in 0..40 {
                let (la, lb) = (random_local(ka, &mut rng), random_local(kb, &mut rng));
                let (a, b) = placed_pair(&mut rng, &la, &lb);
                let (a, b) = (a.shape, b.shape);
                let case = format!("{a:?} {b:?}");
                assert_eq!(peak_of(|| intersects(&a, &b)).0, 0, "intersects {case}");
                assert_eq!(peak_of(|| distance(&a, &b)).0, 0, "distance {case}");
                let from = rng.vec(-9.0, 9.0);
                let ray = Ray3::new(from, b.pose().position() - from, f32::INFINITY);
                if let Some(ray) = ray {
                    assert_eq!(peak_of(|| raycast(&ray, &b)).0, 0, "raycast {case}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 40 * BOUNDED.len() * BOUNDED.len());
}
