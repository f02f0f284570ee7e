#!/usr/bin/env bash
# `make bench`, the lab (Benchmarks/lab/lab-bench.py): its own PostgreSQL and Prometheus
# (Tests/lab/lab-servers.sh, data under .build/lab-bench; make bench installs LAB_PACKAGES),
# stopped at the end.
# LAB_BENCH_BOARDS, LAB_BENCH_MINUTES, LAB_BENCH_REPETITIONS and LAB_BENCH_IDLE change its size.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${ACTIONSIM_BIN:-$root/.build-static/release/actionsim}
[ -x "$bin" ] || make -C "$root" --no-print-directory release >&2
export ACTIONSIM_LAB_DIR=$root/.build/lab-bench
"$root/Tests/lab/lab-servers.sh" start >&2
trap '"$root/Tests/lab/lab-servers.sh" stop >&2' EXIT
set -a; source "$ACTIONSIM_LAB_DIR/env"; set +a
python3 "$here/lab-bench.py" --actionsim "$bin" --url "$ACTIONSIM_LAB_POSTGRES" \
  --boards "${LAB_BENCH_BOARDS:-16}" --minutes "${LAB_BENCH_MINUTES:-240}" \
  --repetitions "${LAB_BENCH_REPETITIONS:-3}" --idle "${LAB_BENCH_IDLE:-20}"
