//! The test kit every suite shares: fresh temporary folders, a failure
//! collector, the row runner of the differential suites, and the macros that
//! write one test per shape kind (or per ordered pair of kinds) and do not
//! compile when a kind is added and neither tested nor named as left out.
#![allow(dead_code, unused_macros, unused_imports)]

pub mod rust_text;

use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A new empty folder `satlab-{tag}-{pid}-{n}` under the system's temporary
/// folder: the process id and a per-process counter keep tests that run at
/// once (in one binary or several) out of each other's folders.
pub fn temp_dir(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("satlab-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// The proptest config of a suite that `scripts/soak.sh` explores: `cases`
/// drawn from the fixed `seed` in `cargo test` and CI, so a commit passes or
/// fails the same way every time; under the soak (`SATLAB_SOAK` set) from
/// `PROPTEST_RNG_SEED` (read by `Config::default()`), with a failure
/// written to the suite's regressions file (`tests/<suite>.proptest-regressions`,
/// beside the source file), to keep with its fix.
pub fn soak_config(cases: u32, seed: u64) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let soak = std::env::var_os("SATLAB_SOAK").is_some();
    Config {
        cases,
        rng_seed: if soak {
            Config::default().rng_seed
        } else {
            RngSeed::Fixed(seed)
        },
        failure_persistence: if soak {
            Config::default().failure_persistence
        } else {
            None
        },
        ..Config::default()
    }
}

/// How many failure messages a [`Failures`] keeps to print.
const SHOWN: usize = 10;

/// Collects failed checks and fails the test at [`Failures::finish`] with
/// their count and the first few messages. Dropping it unfinished with
/// failures recorded panics too, so no failure is lost.
pub struct Failures {
    name: String,
    shown: Vec<String>,
    failed: usize,
    /// Checks made so far, passed or failed.
    pub checked: usize,
}

impl Failures {
    pub fn new(name: &str) -> Failures {
        Failures {
            name: name.to_string(),
            shown: Vec::new(),
            failed: 0,
            checked: 0,
        }
    }
    /// Records one check; `msg` is formed only when it failed.
    pub fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.failed += 1;
            if self.shown.len() < SHOWN {
                self.shown.push(msg());
            }
        }
    }
    /// Fails the test when any check failed.
    pub fn finish(mut self) {
        let failed = std::mem::take(&mut self.failed);
        assert!(
            failed == 0,
            "{}: {failed} of {} checks failed; first ones:\n{}",
            self.name,
            self.checked,
            self.shown.join("\n")
        );
    }
}

impl Drop for Failures {
    fn drop(&mut self) {
        if self.failed > 0 && !std::thread::panicking() {
            panic!(
                "{}: {} failed checks never reported (Failures::finish not called)",
                self.name, self.failed
            );
        }
    }
}

/// Seeds of the pair runs: pair (A, B) at places `ia`, `ib` of the kind
/// list draws from `base + stride · ia + ib`, so every pair has its own
/// fixed stream and adding a kind at the end moves no other pair's seed.
#[derive(Debug, Clone, Copy)]
pub struct Seeds {
    pub base: u64,
    pub stride: u64,
}

impl Seeds {
    pub fn of(self, ia: usize, ib: usize) -> u64 {
        self.base + self.stride * ia as u64 + ib as u64
    }
}

/// The row runner of the differential suites: A = `ka` against every B in
/// `kinds` (in order), each pair run by `pair` with its seed, its failures
/// collected in one [`Failures`] named `"{what}, A = {ka:?}"`, the test
/// failing at the end with the first ones.
pub fn run_row<K: Copy + PartialEq + Debug>(
    what: &str,
    seeds: Seeds,
    ka: K,
    kinds: &[K],
    mut pair: impl FnMut(K, K, u64, &mut Failures),
) {
    let mut fails = Failures::new(&format!("{what}, A = {ka:?}"));
    let ia = kinds
        .iter()
        .position(|&k| k == ka)
        .unwrap_or_else(|| panic!("{ka:?} is not in the kind list {kinds:?}"));
    for (ib, &kb) in kinds.iter().enumerate() {
        pair(ka, kb, seeds.of(ia, ib), &mut fails);
    }
    fails.finish();
}

/// One `#[test]` per kind of the closed kind enum `$kind` (imported where
/// the macro is used): `name: Variant` calls `$run($kind::Variant)`, and
/// `KINDS` lists the tested kinds in that order (the B side of the rows).
/// Kinds in `not: [...]` get no test; say why at the call. Every variant must
/// be in one list, exactly once: a kind added to the enum and not named
/// does not compile (the match below is exhaustive).
macro_rules! every_kind {
    ($kind:ident => $run:expr; not: [$($skip:ident),* $(,)?]; $($name:ident: $k:ident,)*) => {
        /// The tested kinds, in the order of the tests.
        #[allow(dead_code)]
        const KINDS: &[$kind] = &[$($kind::$k),*];
        $(
            #[test]
            fn $name() {
                $run($kind::$k);
            }
        )*
        const _: () = {
            /// Does not compile when a kind is neither tested nor left out.
            #[allow(dead_code)]
            fn every_kind_named(k: $kind) {
                match k {
                    $($kind::$k => {})*
                    $($kind::$skip => {})*
                }
            }
        };
    };
}
pub(crate) use every_kind;

/// One `#[test]` per ordered pair of the closed kind enum `$kind`:
/// `name: A, B` calls `$run($kind::A, $kind::B)`. Kinds in `not: [...]` are
/// left out on both sides (say why at the call). Every ordered pair of the
/// other kinds must be listed: a kind added to the enum and not named, or a
/// pair missing, does not compile (the match below is exhaustive).
macro_rules! every_pair {
    ($kind:ident => $run:expr; not: [$($skip:ident),* $(,)?]; $($name:ident: $a:ident, $b:ident;)*) => {
        $(
            #[test]
            fn $name() {
                $run($kind::$a, $kind::$b);
            }
        )*
        const _: () = {
            /// Does not compile when a pair is neither tested nor left out.
            #[allow(dead_code)]
            fn every_pair_named(a: $kind, b: $kind) {
                match (a, b) {
                    $(($kind::$a, $kind::$b) => {})*
                    $(($kind::$skip, _) | (_, $kind::$skip) => {})*
                }
            }
        };
    };
}
pub(crate) use every_pair;
