#!/usr/bin/env bash
# Smoke test of the kernel test infrastructure: build (or reuse) the kernel,
# then boot it with smoke.sh and the tools it needs. Exit code is smoke.sh's.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

"$here/build-kernel.sh" >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -Wall -o "$tmp/uinput-key" "$here/uinput-key.c"

start=$(date +%s.%N)
rc=0
"$here/run-guest.sh" --timeout 480 \
  --file /usr/bin/gpiomon \
  --file /usr/bin/evemu-device \
  --file "$tmp/uinput-key" \
  --file "$here/smoke-keyboard.evemu" \
  "$here/smoke.sh" || rc=$?
printf 'smoke-host: run-guest.sh took %.1f s wall time (initramfs + boot + test + poweroff), exit %d\n' \
  "$(echo "$(date +%s.%N) - $start" | bc)" "$rc" >&2
exit "$rc"
