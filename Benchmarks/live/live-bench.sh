#!/usr/bin/env bash
# `make bench`, the live path (P4 and the idle cost), after actionsim-bench:
#   1. on this machine: press-to-dispatch through a pseudo-terminal, idle wake-ups and CPU
#      with no session and with a 1 Hz session, and peak RSS, each against a bare C reader
#      of the same pty (host_live.py);
#   2. in the qemu guest of the real-kernel tests (emulated: TCG, one CPU): press-to-dispatch
#      from the kernel's event time through gpio-sim and through uinput, against the bare
#      read of the same device (guest-latency.sh).
# LIVE_BENCH_PRESSES (default 200) presses per measurement; LIVE_BENCH_IDLE (default 20)
# seconds per idle window; LIVE_BENCH_GUEST=0 skips the guest. Files: .build/live-bench/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
kernel=$root/Tests/kernel
out=$root/.build/live-bench
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
presses=${LIVE_BENCH_PRESSES:-200}
idle=${LIVE_BENCH_IDLE:-20}
log() { printf 'live-bench: %s\n' "$*" >&2; }

command -v gcc > /dev/null || { log "gcc is missing (Tests/kernel/build-kernel.sh installs it: make test-kernel)"; exit 2; }
rm -rf "$out"; mkdir -p "$out"
gcc -O2 -Wall -o "$out/latency-reader" "$here/latency-reader.c"
gcc -O2 -Wall -o "$out/uinput-buttons" "$kernel/uinput-buttons.c"
# The binary a board gets (make release), on this machine and in the guest alike.
log "building actionsim (make release: one static executable)"
make -C "$root" --no-print-directory release SWIFT="$swift" >&2
bin=$root/.build-static/release/actionsim
# The code a live session runs is linked side by side in the order of link-order.txt (see the
# Makefile's release); names the code no longer has are skipped, and what they placed is
# spread out again, which shows as peak RSS below.
order=$root/Sources/CLI/actionsim/link-order.txt
found=$(comm -12 <(sort -u "$order") <(nm --defined-only "$bin" | awk '{ print $3 }' | sort -u) | wc -l)
echo "link order: $found of $(sort -u "$order" | wc -l) names in Sources/CLI/actionsim/link-order.txt are in the binary (make link-order renews it)"

echo "== live path on this machine ($(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), Linux $(uname -r)), $(date -u +%Y-%m-%dT%H:%MZ)"
python3 "$here/host_live.py" --actionsim "$bin" --reader "$out/latency-reader" \
  --work "$out/host" --presses "$presses" --idle-seconds "$idle" --out "$out/host.json"

[[ ${LIVE_BENCH_GUEST:-1} == 0 ]] && exit 0

"$kernel/build-kernel.sh" > /dev/null
rc=0
"$kernel/run-guest.sh" --timeout $((120 + presses * 2)) \
  --file "$bin:/bin/actionsim" \
  --file "$out/latency-reader" --file "$out/uinput-buttons" \
  --file "$root/devices/raspberry-pi-gpio.yaml" --file "$root/devices/gpio-key-overlay.yaml" \
  --file "$root/scenarios/apps/trailrunner.yaml" \
  "$here/guest-latency.sh" "$presses" > "$out/guest.log" || rc=$?
((rc == 0)) || { tail -n 30 "$out/guest.log" >&2; log "the guest failed (exit $rc; $out/guest.log)"; exit 1; }
awk -v dir="$out" '
  /^ACTIONSIM-FILE-BEGIN / { name = $2; file = dir "/" name; printf "" > file; next }
  /^ACTIONSIM-FILE-END /   { close(file); name = ""; next }
  name != ""               { print >> file }' "$out/guest.log"

echo "== live path in the qemu guest (emulated: TCG, one CPU; not this machine's speed)"
python3 - "$out" <<'PY'
import json, math, sys
out = sys.argv[1]
def pct(values, p):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]
for path, label in (("gpio", "gpio-sim line -> raspberry-pi-gpio.yaml"), ("evdev", "uinput device -> gpio-key-overlay.yaml")):
    bare = [int(line) / 1e6 for line in open(f"{out}/bare-{path}.ns") if line.strip()]
    events = [json.loads(line.split(":", 1)[1] if line.startswith("/") else line) for line in open(f"{out}/as-{path}.jsonl") if line.strip()]
    # The first press launches the app and starts the workout; the rest are next actions.
    ours = [e["latency"] * 1e3 for e in events if e["intent"] != "StartTrailWorkoutIntent"]
    mem = dict(line.split(":") for line in open(f"{out}/as-{path}.mem"))
    a50, a99, b50, b99 = pct(ours, 50), pct(ours, 99), pct(bare, 50), pct(bare, 99)
    print(f"{label}: kernel event time -> dispatch, {len(ours)} presses")
    print(f"  actionsim       median {a50:.3f} ms  p99 {a99:.3f} ms  (max {max(ours):.3f})  target p99 < 1 ms on the host; emulated here")
    print(f"  bare read (C)   median {b50:.3f} ms  p99 {b99:.3f} ms  ({len(bare)} releases)")
    print(f"  ratio actionsim/bare read: median {a50 / b50:.1f}  p99 {a99 / b99:.1f}")
    kb = {key: int(value.split()[0]) for key, value in mem.items()}
    # The guest runs from its initramfs, a RAM file system: the binary's pages are shmem there.
    print(f"  actionsim memory in the guest (the same static executable): peak RSS {kb['VmHWM'] / 1024:.1f} MiB,"
          f" private {kb['RssAnon'] / 1024:.1f} MiB, mapped code and data {(kb['RssFile'] + kb['RssShmem']) / 1024:.1f} MiB")
PY
