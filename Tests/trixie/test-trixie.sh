#!/usr/bin/env bash
# make test-trixie (issue 27): the README's board commands, as written, on Debian 13.
#
# 1. A Debian 13 root (Tests/trixie/root.sh: debootstrap into ~/.cache/actionsim/trixie/root,
#    made once and kept: later runs start from the root the last one left).
# 2. The README's board block (the ```sh fence that names make test-trixie) is copied out of
#    README.md unchanged and run by the board's user pi, with sudo, in a fresh clone: apt
#    packages, Swift, `make deb`, the package installed, the demo replayed by the installed
#    actionsim. Two things differ from a board, both outside the block: the root's /opt/swift
#    is this machine's Swift 6.3.1 toolchain (swift.org's Debian 12 build, which the block's
#    `[ -x /opt/swift/usr/bin/swift ]` then finds: no machine here may download it), and the
#    block's clone URL leads, through pi's git configuration, to this checkout's history (its
#    HEAD: commit what you want tested).
# 3. Tests/trixie/deb-checks.sh as root in the same root: the .deb the block built is removed
#    and installed again with dpkg -i, systemd-analyze verify accepts its unit, lintian finds
#    no error (its warnings are listed), and the installed actionsim replays the demo.
# Each phase's time is printed; the logs stay in ~/.cache/actionsim/trixie/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
checkout=$(cd "$here/../.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/actionsim/trixie
log() { printf 'test-trixie: %s\n' "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }
phase_start=$SECONDS
phase() { log "$1: $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }

mkdir -p "$cache"
"$here/root.sh" create
phase "the Debian 13 root"
root=$("$here/root.sh" path)

# The board block: from its opening fence to the next closing one, unchanged.
block=$(awk '/^```sh .*make test-trixie/ { inside = 1; count++; next } inside && /^```$/ { inside = 0 } inside { print }
             END { if (count != 1) exit 1 }' "$checkout/README.md") \
  || die "README.md must have exactly one \`\`\`sh block whose fence names make test-trixie"
[[ -n $block ]] || die "README.md's board block is empty"
printf '%s\n' "$block" > "$root/home/pi/board-commands.sh"
rm -rf "$root/home/pi/actionsim" "$root/home/pi/swift-"*.tar.gz
log "running README.md's board block as pi in the Debian 13 root (log: $cache/board.log)"
if ! "$here/root.sh" run bash -x -e -o pipefail board-commands.sh > "$cache/board.log" 2>&1; then
  tail -n 40 "$cache/board.log" >&2
  die "the README's board commands failed in the Debian 13 root (whole log: $cache/board.log)"
fi
phase "the README's board commands (make deb, install, the demo)"
grep -E '^expectations: [0-9]+ passed' "$cache/board.log" >&2 || die "the demo's replay printed no passed expectations"
! grep -E '^expectations: .*failed' "$cache/board.log" || die "the demo's expectations failed"

"$here/root.sh" run-root bash -e -o pipefail -s < "$here/deb-checks.sh" 2>&1 | tee "$cache/deb-checks.log" >&2 \
  || die "the .deb's checks failed (log: $cache/deb-checks.log)"
phase "the .deb's checks"
log "passed"
