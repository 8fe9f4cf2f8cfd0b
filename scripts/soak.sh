#!/usr/bin/env bash
# Soak: every property test suite N times, each run with a new random
# PROPTEST_RNG_SEED (CI and a plain `cargo test` use the one fixed in
# .cargo/config.toml). Prints each failure with its seed and proptest's
# minimal failing input; proptest also writes the case to the suite's
# regressions file (where the suite persists failures), so keep that file
# with the fix. Usage: scripts/soak.sh [N] (default 50).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
# suite name: the test target, the filter (the suite's module in the one
# integration binary `all`; see tests/all.rs), and the cases one run draws
# (from the suites' proptest configs), summed over their property tests.
suites=(
  "properties|--test all|properties:: --skip geom3d_properties::|60000"
  "heldout|--test all|heldout::|6000"
  "geom3d_properties|--test all|geom3d_properties::|12000"
  "geom3d_scale|--test all|geom3d_scale::|3000"
  "broad_phase|--test all|broad_phase::|128"
  "field_layers|--test all|field_layers::|192"
  "scene_fuzz|--test all|scene_fuzz::|16000"
  "layout_fuzz|--bin satlab|layout_fuzz|600"
)
export CARGO_TERM_COLOR=never SATLAB_SOAK=1
for s in "${suites[@]}"; do
  IFS='|' read -r _ target _ _ <<<"$s"
  # shellcheck disable=SC2086
  cargo test -q $target --no-run >/dev/null 2>&1 || { echo "build failed: $target"; exit 2; }
done
total_fail=0
log=$(mktemp)
for s in "${suites[@]}"; do
  IFS='|' read -r name target filter cases <<<"$s"
  fails=0
  for i in $(seq "$runs"); do
    seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
    # shellcheck disable=SC2086
    if ! PROPTEST_RNG_SEED=$seed cargo test -q $target -- $filter >"$log" 2>&1; then
      fails=$((fails + 1))
      echo "FAIL $name run $i PROPTEST_RNG_SEED=$seed"
      grep -E "minimal failing input|^cc |Test failed|panicked at" "$log" | head -8 | sed 's/^/    /'
    elif [ "$(grep -oE "[0-9]+ passed" "$log" | awk '{ n += $1 } END { print n + 0 }')" = 0 ]; then
      # A filter that matches no test must not pass as a clean run.
      fails=$((fails + 1))
      echo "FAIL $name run $i: no test ran ($target -- $filter)"
    fi
  done
  total_fail=$((total_fail + fails))
  echo "$name: $runs runs, about $((runs * cases)) cases, $fails failed"
done
rm -f "$log"
echo "soak: ${#suites[@]} suites x $runs runs, $total_fail failed runs"
[ "$total_fail" = 0 ]
