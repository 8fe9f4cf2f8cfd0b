#!/bin/sh
# Measures `satlab check` on 10,000 scene files (PERFORMANCE.md, "satlab check").
# Copies the scenes of scenes/ round-robin into /tmp/satlab-check-perf (100
# folders of 100 files), builds the release binary, then times five runs.
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-/tmp/satlab-check-perf}
N=10000
rm -rf "$DIR"
python3 - "$DIR" "$N" <<'PY'
import os, sys, glob
out, n = sys.argv[1], int(sys.argv[2])
src = sorted(glob.glob("scenes/**/*.json", recursive=True))
texts = [open(p, encoding="utf-8").read() for p in src]
for i in range(n):
    d = os.path.join(out, "%03d" % (i // 100))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "%05d.json" % i), "w", encoding="utf-8") as f:
        f.write(texts[i % len(texts)])
print("%d files from %d library scenes in %s" % (n, len(src), out))
PY
cargo build --release --quiet
BIN=target/release/satlab
"$BIN" check "$DIR" | tail -n 1
for run in 1 2 3 4 5; do
    /usr/bin/time -f "run $run: %e s wall, %U s user, %S s sys, %M KB max RSS" \
        "$BIN" check "$DIR" >/dev/null
done
