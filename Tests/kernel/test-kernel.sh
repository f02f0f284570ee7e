#!/usr/bin/env bash
# `make test-kernel`: actionsim's live input on a real Linux kernel, under qemu (TCG).
#
# Builds actionsim for the guest (make release: one static executable) unless ACTIONSIM_KERNEL_BIN
# names one, builds or reuses the test kernel (build-kernel.sh: ~5 min the first time,
# cached after), boots it with live-buttons.sh, and checks the session logs the guest sends
# back. Every press goes through the kernel: gpio-sim line pulls and a uinput device.
# Prints press-to-dispatch latencies (kernel event time to intent dispatch, P4).
# A second boot (live-faults.sh) makes faults: a full log disk, wall-clock jumps, and a load
# of 1,000 edges a second through uinput for LOAD_SECONDS (default 5).
#   test-kernel.sh          both boots (make test-kernel)
#   test-kernel.sh --long   only the load, for a minute (make test-long)
# Output files: .build/kernel-tests/ (console logs and every file the guest sent back).
set -euo pipefail

long=false
[[ ${1:-} == --long ]] && long=true
load_seconds=${LOAD_SECONDS:-5}
$long && load_seconds=${LOAD_SECONDS:-60}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/.build/kernel-tests
log() { printf 'test-kernel: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 2; }
command -v jq >/dev/null || die "jq is missing (make deps installs it)"

bin=${ACTIONSIM_KERNEL_BIN:-}
if [[ -z $bin ]]; then
  swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
  log "building actionsim for the guest (make release: the static executable a board gets)"
  make -C "$root" --no-print-directory release SWIFT="$swift" >&2
  bin=$root/.build-static/release/actionsim
fi
[[ -x $bin ]] || die "$bin is not an executable"

log "getting the test kernel (built once, about 5 minutes on 2 cores; cached under ~/.cache/actionsim/kernel)"
"$here/build-kernel.sh" >/dev/null

rm -rf "$out"; mkdir -p "$out/files" "$out/tools"
gcc -O2 -Wall -o "$out/tools/uinput-buttons" "$here/uinput-buttons.c"
started=$SECONDS

# boot NAME SCRIPT [ARGS...]: runs SCRIPT in a guest with "${files[@]}", its console in
# $out/NAME.log, the files it sends back in $out/files. Sets rc to the guest's exit code.
boot() {
  local name=$1; shift
  rc=0
  "$here/run-guest.sh" --timeout "$timeout" "${files[@]}" "$@" > "$out/$name.log" || rc=$?
  # The guest's own checks, and anything that went wrong inside it.
  grep -E '^(PASS|FAIL): ' "$out/$name.log" || true
  ((rc == 125)) && { tail -n 30 "$out/$name.log" >&2; die "the guest did not run to the end (see $out/$name.log)"; }
  # Files the guest sent back between markers.
  awk -v dir="$out/files" '
    /^ACTIONSIM-FILE-BEGIN / { name = $2; file = dir "/" name; printf "" > file; next }
    /^ACTIONSIM-FILE-END /   { close(file); name = ""; next }
    name != ""               { print >> file }' "$out/$name.log"
  return 0
}

files=(
  --file "$bin:/bin/actionsim"
  --file "$root/devices/raspberry-pi-gpio.yaml"
  --file "$root/devices/gpio-key-overlay.yaml"
  --file "$root/devices/usb-keyboard.yaml"
  --file "$root/scenarios/apps/trailrunner.yaml"
  --file "$here/scenarios/inject-before-unplug.yaml"
  --file "$here/scenarios/inject-after-replug.yaml"
  --file "$here/scenarios/udev-probe.yaml"
  --file "$root/udev/70-actionsim.rules"
  --file "$(command -v udevadm || echo /bin/udevadm)"
  --file "$(command -v evemu-record || echo /usr/bin/evemu-record)"
  --file "$out/tools/uinput-buttons"
  --file "$here/scenarios/slow-starter.yaml"
  --file "$here/scenarios/sensors-10hz.yaml"
  --file "$here/scenarios/sensors-1hz.yaml"
  --file "$here/scenarios/inject-clock-jump.yaml"
)
guest_rcs=0
if ! $long; then
  timeout=300
  boot console "$here/live-buttons.sh"
  guest_rcs=$((guest_rcs + rc))
  log "live-buttons.sh: $((SECONDS - started)) s"
fi

fails=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
# jq_is FILE FILTER EXPECTED: the filter's raw output equals EXPECTED.
jq_is() {
  local got
  got=$(jq -rs "$2" "$1" 2>&1) || { echo "  jq failed on $1: $got"; return 1; }
  [[ $got == "$3" ]] || { echo "  $1: $2"; echo "    expected: $3"; echo "    got:      $got"; return 1; }
}

gpio=$out/files/gpio-live.jsonl
grab=$out/files/grab-live.jsonl
replay=$out/files/gpio-replay.jsonl
evdev=$out/files/evdev-live.jsonl
$long || for f in "$gpio" "$replay" "$evdev"; do [[ -s $f ]] || { echo "FAIL: the guest sent no $(basename "$f")"; fails=$((fails + 1)); }; done

if [[ -s $gpio ]]; then
  echo "== GPIO session (gpio-sim, devices/raspberry-pi-gpio.yaml)"
  check "A3: the first press starts the workout (StartTrailWorkoutIntent, running)" jq_is "$gpio" \
    '[.[] | select(.event == "intent-performing")][0] | "\(.intent) \(.parameters.workoutStyle) \(.gesture)"' \
    "StartTrailWorkoutIntent running press"
  check "A7: Action + side pauses, and again resumes" jq_is "$gpio" \
    '[.[] | select(.event == "intent-performing" and .gesture == "both") | .intent] | join(",")' \
    "PauseTrailWorkoutIntent,ResumeTrailWorkoutIntent"
  check "A7: the session was paused, then running again" jq_is "$gpio" \
    '[.[] | select(.event == "session") | .change] | join(",")' "started,paused,resumed"
  check "P2: bounces inside the 10 ms debounce are dropped (at least one, each under 10 ms)" jq_is "$gpio" \
    '[.[] | select(.event == "edge-dropped" and .reason == "bounce")] | (length > 0) and all(.since < 0.010)' "true"
  check "P2: accepted edges of a button are at least 10 ms apart" jq_is "$gpio" \
    '[.[] | select(.event == "edge" and .button == "action") | .t] as $t
     | [range(1; $t | length) | $t[.] - $t[. - 1]] | all(. >= 0.010)' "true"
  check "SIGHUP reloaded the profile, and the lines still work after it" jq_is "$gpio" \
    '(map(.step // "" | test("^SIGHUP: reloaded")) | index(true)) as $hup
     | "\($hup != null) \([to_entries[] | select(.key > $hup and .value.event == "intent-performing") | .value.intent] | join(","))"' \
    "true MarkLapIntent"
  check "P2: the bouncing press is one press, one lap" jq_is "$gpio" \
    '[.[] | select(.event == "intent-performing") | .intent] | map(select(. == "MarkLapIntent")) | length' "1"
  check "T4: SIGTERM closed the log with its footer" jq_is "$gpio" '.[-1].event' "log-end"
  wakes=$(jq -rs '[.[] | select(.event == "step") | .step | capture("after (?<n>[0-9]+) event-loop wake-ups").n][0] // "none"' "$gpio")
  echo "   the event loop woke $wakes times in the whole session (9 s, 3 s of it idle)"
  check "no busy polling: fewer than 100 wake-ups (a 10 ms poll alone would be ~900)" \
    test "${wakes/none/100000}" -lt 100
fi

if [[ -s $gpio && -s $replay ]]; then
  echo "== the recorded GPIO session, replayed (S3)"
  # Gestures with their deciding edge's time, relative to the first edge, in nanoseconds.
  gestures='([.[] | select(.event == "edge" or .event == "edge-dropped")][0].t) as $zero
    | [.[] | select(.event == "gesture") | "\(.gesture)@\(((.edge_t - $zero) * 1e9) | round)"] | join(" ")'
  live_g=$(jq -rs "$gestures" "$gpio"); replay_g=$(jq -rs "$gestures" "$replay")
  echo "   live:   $live_g"; echo "   replay: $replay_g"
  check "S3: the replay has the same gestures at the same nanosecond" test "$live_g" = "$replay_g"
  intents='[.[] | select(.event == "intent-performing") | .intent] | join(",")'
  check "S3: the replay performs the same intents in the same order" \
    test "$(jq -rs "$intents" "$gpio")" = "$(jq -rs "$intents" "$replay")"
  drops='[.[] | select(.event == "edge-dropped") | .reason] | join(",")'
  check "S3: the replay drops the same bounces" test "$(jq -rs "$drops" "$gpio")" = "$(jq -rs "$drops" "$replay")"
fi

if [[ -s $evdev ]]; then
  echo "== fault: device unplug and replug (uinput, devices/gpio-key-overlay.yaml), in the middle of a session"
  check "the device was lost (unplug), back (replug), and lost again when the second injector ended" jq_is "$evdev" \
    '[.[] | select((.event == "warning" and (.message | test("lost"))) or (.event == "step" and (.step | test("is back")))) | .event] | join(",")' \
    "warning,step,warning"
  # Before the unplug: start, lap. After the replug: lap, pause (A7), and the held press's
  # own press (P3: decided when the chord window runs out while held), which marks a lap.
  check "the session survived the unplug: one start, then the next actions, a pause" jq_is "$evdev" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' \
    "StartTrailWorkoutIntent,MarkLapIntent,MarkLapIntent,PauseTrailWorkoutIntent,MarkLapIntent"
  check "one session start only" jq_is "$evdev" '[.[] | select(.event == "session" and .change == "started")] | length' "1"
  check "the first press after the replug runs the next action, not a new start" jq_is "$evdev" \
    '(map(.step // "" | test("is back")) | index(true)) as $back
     | [to_entries[] | select(.key > $back and .value.event == "intent-performing")][0].value.intent' "MarkLapIntent"
  check "A12: a 2.1 s hold is one hold, ignored as the Siren" jq_is "$evdev" \
    '[.[] | select(.event == "ignored") | .reason] | join(",")' "siren"
  check "P1: autorepeat made no edges (exactly the 12 injected, none dropped)" jq_is "$evdev" \
    '"\([.[] | select(.event == "edge")] | length) \([.[] | select(.event == "edge-dropped")] | length)"' "12 0"
  check "T4: SIGTERM closed the log with its footer" jq_is "$evdev" '.[-1].event' "log-end"
fi

imported=$out/files/imported-replay.jsonl
if [[ -s $evdev && -s $imported ]]; then
  echo "== evemu-record's recording of the same presses, imported (import-evemu) and replayed"
  # Up to the unplug, the live session and the replay of evemu's recording of it must have
  # the same gestures at the same microsecond (evdev and evemu both keep microseconds).
  upto_unplug='([.[] | select(.event == "edge")][0].t) as $zero
    | (map(.message // "" | test("lost")) | index(true)) as $lost
    | [to_entries[] | select($lost == null or .key < $lost) | .value | select(.event == "gesture")
       | "\(.gesture)@\(((.edge_t - $zero) * 1e6) | round)us"] | join(" ")'
  live_g=$(jq -rs "$upto_unplug" "$evdev"); imported_g=$(jq -rs "$upto_unplug" "$imported")
  echo "   live:     $live_g"; echo "   imported: $imported_g"
  check "import-evemu: the same gestures at the same microsecond as the live session" test -n "$live_g" -a "$live_g" = "$imported_g"
  check "import-evemu: the replay starts the workout and marks a lap, as the live session did" jq_is "$imported" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' "StartTrailWorkoutIntent,MarkLapIntent"
fi

flood=$out/files/flood-live.jsonl
if [[ -s $flood ]]; then
  echo "== evdev SYN_DROPPED (the reader stopped while 300 edges overflowed the kernel's buffer)"
  check "the overflow was noticed and logged" jq_is "$flood" \
    '[.[] | select(.event == "warning" and (.message | test("SYN_DROPPED")))] | length > 0' "true"
  # The kernel dropped the queue, Action's down-edge first in it: without the resync the
  # up-edge would be dropped as unchanged and nothing would start.
  check "P1: the resync found Action held (its down-edge was lost), and its press started the workout" jq_is "$flood" \
    '"\([.[] | select(.event == "edge" and .button == "action") | .edge] | join(",")) \([.[] | select(.event == "edge-dropped" and .button == "action")] | length) \([.[] | select(.event == "intent-performing") | .intent] | join(","))"' \
    "down,up 0 StartTrailWorkoutIntent"
  check "the down-edge came from the resync, not from the kernel's queue" jq_is "$flood" \
    '[.[] | select(.event == "step" and .step == "resynced: action is down")] | length' "1"
fi

if [[ -s $grab ]]; then
  echo "== evdev grab (devices/usb-keyboard.yaml, --input)"
  check "the grabbed keyboard's F13 presses start the workout and mark a lap" jq_is "$grab" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' "StartTrailWorkoutIntent,MarkLapIntent"
fi

echo "== press-to-dispatch latency (P4): kernel event time to intent dispatch, in the guest (qemu TCG)"
for f in "$gpio" "$evdev" "$grab"; do
  [[ -s $f ]] || continue
  jq -rs --arg name "$(basename "$f" .jsonl)" '
    [.[] | select(.event == "intent-performing") | .latency * 1000] | sort as $l
    | if ($l | length) == 0 then "   \($name): no dispatches" else
      "   \($name): n=\($l | length)  min \($l[0] * 1000 | round / 1000) ms  median \($l[($l | length) / 2 | floor] * 1000 | round / 1000) ms  max \($l[-1] * 1000 | round / 1000) ms" end' "$f"
done

faults_started=$SECONDS
timeout=$((240 + 3 * load_seconds))
if $long; then boot faults "$here/live-faults.sh" load "$load_seconds"; else boot faults "$here/live-faults.sh" all "$load_seconds"; fi
guest_rcs=$((guest_rcs + rc))
log "live-faults.sh: $((SECONDS - faults_started)) s"
. "$here/fault-checks.sh"

guest_fails=$(cat "$out"/*.log | grep -c '^FAIL: ' || true)
if ((guest_rcs != 0 || fails > 0 || guest_fails > 0)); then
  log "FAILED: $guest_fails guest check(s), $fails host check(s) (guest exit codes $guest_rcs); consoles: $out/*.log"
  exit 1
fi
log "all real-kernel checks passed in $((SECONDS - started)) s (files in $out)"
