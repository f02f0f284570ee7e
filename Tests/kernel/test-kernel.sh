#!/usr/bin/env bash
# `make test-kernel`: actionsim's live input on a real Linux kernel, under qemu (TCG).
#
# Builds actionsim for the guest (make release: one static executable) against libgpiod 1.6
# and (make release-gpiod2) against Debian 13's libgpiod 2.2.1, unless ACTIONSIM_KERNEL_BIN
# and ACTIONSIM_KERNEL_BIN_GPIOD2 name them; builds or reuses the test kernel (build-kernel.sh:
# ~5 min the first time, cached after); boots it with live-gpio.sh once per build (gpio-sim
# line pulls), then with live-buttons.sh (uinput devices), and checks the session logs the
# guest sends back. Prints press-to-dispatch latencies (kernel event time to dispatch, P4).
# A last boot (live-faults.sh) makes faults: a full log disk, wall-clock jumps, and a load
# of 1,000 edges a second through uinput for LOAD_SECONDS (default 5).
#   test-kernel.sh          every boot (make test-kernel)
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

swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
bin=${ACTIONSIM_KERNEL_BIN:-}
if [[ -z $bin ]]; then
  log "building actionsim for the guest (make release: the static executable a board gets)"
  make -C "$root" --no-print-directory release SWIFT="$swift" >&2
  bin=$root/.build-static/release/actionsim
fi
[[ -x $bin ]] || die "$bin is not an executable"
bin2=${ACTIONSIM_KERNEL_BIN_GPIOD2:-}
if ! $long && [[ -z $bin2 ]]; then
  log "building actionsim against libgpiod 2.2.1 for the guest (make release-gpiod2)"
  make -C "$root" --no-print-directory release-gpiod2 SWIFT="$swift" >&2
  bin2=$root/.build-static-gpiod2/release/actionsim
fi
$long || [[ -x $bin2 ]] || die "$bin2 is not an executable"

log "getting the test kernel (built once, about 5 minutes on 2 cores; cached under ~/.cache/actionsim/kernel)"
kernel_dir=$(dirname "$("$here/build-kernel.sh" | tail -n 1)")

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
  --file "$kernel_dir/gpio-keys-sim.ko"
)
guest_rcs=0
# run-guest.sh stops a guest whose console has printed nothing for 180 s (stalled), and any
# guest at the overall cap --timeout: about four times what the boot takes on an idle host,
# for an emulated CPU on a busy one (the guest that prints goes on however slow it is).
if ! $long; then
  timeout=1200
  for api in libgpiod1 libgpiod2; do
    gpio_started=$SECONDS
    if [[ $api == libgpiod1 ]]; then program=$bin; else program=$bin2; fi
    common=("${files[@]}")
    files+=(--file "$program:/bin/actionsim")
    boot "gpio-$api" "$here/live-gpio.sh" "$api"
    files=("${common[@]}")
    guest_rcs=$((guest_rcs + rc))
    log "live-gpio.sh $api: $((SECONDS - gpio_started)) s"
  done
  files+=(--file "$bin:/bin/actionsim")
  buttons_started=$SECONDS
  boot console "$here/live-buttons.sh"
  guest_rcs=$((guest_rcs + rc))
  log "live-buttons.sh: $((SECONDS - buttons_started)) s"
fi
if $long; then files+=(--file "$bin:/bin/actionsim"); fi

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

evdev=$out/files/evdev-live.jsonl
grab=$out/files/grab-live.jsonl
$long || for f in "$evdev"; do [[ -s $f ]] || { echo "FAIL: the guest sent no $(basename "$f")"; fails=$((fails + 1)); }; done

# Every line's `t` (the header has none) never goes back: the log's times are monotonic.
monotonic_times() {
  jq_is "$1" '[.[] | .t // empty] as $t | [range(1; $t | length) | select($t[.] < $t[. - 1])] | length' "0"
}
# no_clock_fallback LOG: no edge time was replaced by its read time.
no_clock_fallback() { jq_is "$1" '[.[] | select(.event == "warning" and .code == "clock-not-monotonic")] | length' "0"; }

# gpio_checks API: what live-gpio.sh API sent back (libgpiod1: uAPI v1, debounce here;
# libgpiod2: uAPI v2, debounce in the kernel).
gpio_checks() {
  local api=$1 f=$out/files
  local gpio=$f/gpio-live-$api.jsonl replay=$f/gpio-replay-$api.jsonl
  for name in "gpio-live-$api.jsonl" "gpio-replay-$api.jsonl" "glitch-live-$api.jsonl" "stall-live-$api.jsonl" \
              "loss-live-$api.jsonl" "perm-member-$api.txt" "perm-outsider-$api.txt" "perm-gpio-member-$api.txt" \
              "perm-gpio-outsider-$api.txt" "denied-$api.txt" "times-$api.txt"; do
    [[ -s $f/$name ]] || { echo "FAIL: the guest sent no $name"; fails=$((fails + 1)); }
  done
  if [[ -s $gpio ]]; then
    echo "== GPIO session (gpio-sim, devices/raspberry-pi-gpio.yaml), $api"
    check "$api: A3: the first press starts the workout (StartTrailWorkoutIntent, running)" jq_is "$gpio" \
      '[.[] | select(.event == "intent-performing")][0] | "\(.intent) \(.parameters.workoutStyle) \(.gesture)"' \
      "StartTrailWorkoutIntent running press"
    check "$api: A7: Action + side pauses, and again resumes" jq_is "$gpio" \
      '[.[] | select(.event == "intent-performing" and .gesture == "both") | .intent] | join(",")' \
      "PauseTrailWorkoutIntent,ResumeTrailWorkoutIntent"
    check "$api: A7: the session was paused, then running again" jq_is "$gpio" \
      '[.[] | select(.event == "session") | .change] | join(",")' "started,paused,resumed"
    if [[ $api == libgpiod1 ]]; then
      check "$api: P2: bounces inside the 10 ms debounce are dropped here (at least one, each under 10 ms)" jq_is "$gpio" \
        '[.[] | select(.event == "edge-dropped" and .reason == "bounce")] | (length > 0) and all(.since < 0.010)' "true"
    else
      check "$api: P2: the kernel debounces the lines (10 ms), so no bounce reaches actionsim" jq_is "$gpio" \
        '"\([.[] | select(.event == "step" and (.step | test("^the kernel debounces the GPIO lines \\(10ms")))] | length > 0) \([.[] | select(.event == "edge-dropped")] | length)"' "true 0"
    fi
    check "$api: P2: accepted edges of a button are at least 10 ms apart" jq_is "$gpio" \
      '[.[] | select(.event == "edge" and .button == "action") | .t] as $t
       | [range(1; $t | length) | $t[.] - $t[. - 1]] | all(. >= 0.010)' "true"
    check "$api: SIGHUP reloaded the profile, and the lines still work after it" jq_is "$gpio" \
      '(map(.step // "" | test("^SIGHUP: reloaded")) | index(true)) as $hup
       | "\($hup != null) \([to_entries[] | select(.key > $hup and .value.event == "intent-performing") | .value.intent] | join(","))"' \
      "true MarkLapIntent"
    check "$api: P2: the bouncing press is one press, one lap" jq_is "$gpio" \
      '[.[] | select(.event == "intent-performing") | .intent] | map(select(. == "MarkLapIntent")) | length' "1"
    check "$api: T4: SIGTERM closed the log with its footer" jq_is "$gpio" '.[-1].event' "log-end"
    # P4: the edges carry the kernel's time of the pull. The guest noted its uptime before
    # the first pull and after the release; the first accepted edge (the press, settled 10 ms
    # after the pull) lies between them; no read-time stand-in; every latency is positive.
    read -r _ before after < <(grep '^first-press ' "$f/times-$api.txt")
    check "$api: P4: the first edge has the kernel's time of the pull (uptime $before..$after ms), not a read time" jq_is "$gpio" \
      "(.[0].monotonic_origin) as \$o | [.[] | select(.event == \"edge\")][0] | ((.t + \$o) * 1000) as \$ms
       | (\$ms >= $before - 20) and (\$ms <= $after + 40)" "true"
    check "$api: P4: no edge time was replaced by its read time" no_clock_fallback "$gpio"
    check "$api: P4: every press-to-dispatch latency is above 0 and under 1 s" jq_is "$gpio" \
      '[.[] | select(.event == "intent-performing") | .latency] | (length > 3) and all(. > 0 and . < 1)' "true"
    wakes=$(jq -rs '[.[] | select(.event == "step") | .step | capture("after (?<n>[0-9]+) event-loop wake-ups").n][0] // "none"' "$gpio")
    echo "   the event loop woke $wakes times in the whole session (9 s, 3 s of it idle)"
    check "$api: no busy polling: fewer than 100 wake-ups (a 10 ms poll alone would be ~900)" \
      test "${wakes/none/100000}" -lt 100
  fi
  if [[ -s $gpio && -s $replay ]]; then
    echo "== the recorded GPIO session, replayed (S3), $api"
    gestures='([.[] | select(.event == "edge" or .event == "edge-dropped")][0].t) as $zero
      | [.[] | select(.event == "gesture") | "\(.gesture)@\(((.edge_t - $zero) * 1e9) | round)"] | join(" ")'
    live_g=$(jq -rs "$gestures" "$gpio"); replay_g=$(jq -rs "$gestures" "$replay")
    echo "   live:   $live_g"; echo "   replay: $replay_g"
    check "$api: S3: the replay has the same gestures at the same nanosecond" test "$live_g" = "$replay_g"
    intents='[.[] | select(.event == "intent-performing") | .intent] | join(",")'
    check "$api: S3: the replay performs the same intents in the same order" \
      test "$(jq -rs "$intents" "$gpio")" = "$(jq -rs "$intents" "$replay")"
    drops='[.[] | select(.event == "edge-dropped") | .reason] | join(",")'
    check "$api: S3: the replay drops the same edges" test "$(jq -rs "$drops" "$gpio")" = "$(jq -rs "$drops" "$replay")"
  fi
  local glitch=$f/glitch-live-$api.jsonl
  if [[ -s $glitch ]]; then
    echo "== P2: a glitch, then a 3.5 s hold with chatter in it (50 ms debounce), $api"
    check "$api: the glitch is no press; the hold is one press then the Siren hold, chatter and all" jq_is "$glitch" \
      '"\([.[] | select(.event == "gesture") | .gesture] | join(",")) \([.[] | select(.event == "intent-performing") | .intent] | join(",")) \([.[] | select(.event == "ignored") | .reason] | join(","))"' \
      "press,hold StartTrailWorkoutIntent siren"
    # The guest's uptime (ms) at the glitch, at the hold's press and at its release: the press
    # and the hold come from the hold, not the glitch, and the release is the hold's own.
    read -r _ glitch_at hold_at release_at < <(grep '^glitch ' "$f/stall-times-$api.txt")
    check "$api: the press and the Siren hold are the hold's (from its down-edge), not the glitch's" jq_is "$glitch" \
      "(.[0].monotonic_origin) as \$o | [.[] | select(.event == \"gesture\") | ((.edge_t + \$o) * 1000)] | length == 2 and all(. >= $hold_at - 20 and . < $release_at)" "true"
    check "$api: the hold's release counts: its accepted edges are its down and its up, at the release" jq_is "$glitch" \
      "(.[0].monotonic_origin) as \$o | [.[] | select(.event == \"edge\" and .button == \"action\")] | \"\\(map(.edge) | join(\",\")) \\((.[-1].t + \$o) * 1000 >= $release_at - 20)\"" "down,up true"
  fi
  local stall=$f/stall-live-$api.jsonl
  if [[ -s $stall ]]; then
    echo "== a stall (10 s after the last of 301 edges), $api"
    read -r _ stopped flips_start flips_end resumed < <(grep '^stall ' "$f/stall-times-$api.txt")
    echo "   uptime: stopped $stopped, flips $flips_start..$flips_end, resumed $resumed (ms)"
    check "$api: 6: the stalled edges keep their kernel times (the first at the flips, ~10 s before the read), no read-time stand-in" jq_is "$stall" \
      "(.[0].monotonic_origin) as \$o | [.[] | select(.event == \"edge\" or .event == \"edge-dropped\")][0] | ((.t + \$o) * 1000) as \$ms
       | (\$ms >= $flips_start - 20) and (\$ms <= $flips_end + 20) and (\$ms < $resumed - 8000)" "true"
    check "$api: 6: and no claim of an old kernel" no_clock_fallback "$stall"
    check "$api: 6: the log's times never go back" monotonic_times "$stall"
    if [[ $api == libgpiod1 ]]; then
      check "$api: the full 16-event queue is noticed and the level read again: Action is down" jq_is "$stall" \
        '"\([.[] | select(.event == "warning" and .code == "gpio-queue-full" and .offset == 17 and .button == "action")] | length) \([.[] | select(.event == "step" and .step == "resynced: action is down")] | length)"' "1 1"
    else
      check "$api: the kernel's dropped events are seen in the sequence numbers and said" jq_is "$stall" \
        '[.[] | select(.event == "warning" and .code == "gpio-events-dropped" and .offset == 17 and .button == "action") | .count] | length == 1 and .[0] > 0' "true"
    fi
    check "$api: after the stall the release is an accepted edge: the press was not stuck" jq_is "$stall" \
      '[.[] | select((.event == "edge" or .event == "edge-dropped") and .button == "action")][-1] | "\(.event) \(.edge)"' "edge up"
  fi
  local loss=$f/loss-live-$api.jsonl
  if [[ -s $loss ]]; then
    echo "== fault: the GPIO chip removed and added again (gpio-sim), $api"
    check "$api: the chip was lost, then back" jq_is "$loss" \
      '[.[] | select((.event == "warning" and .code == "input-lost") or (.event == "step" and (.step | test("is back")))) | .event] | join(",")' \
      "warning,step"
    check "$api: the session went on: one start, and a press after the chip is back marks a lap" jq_is "$loss" \
      '(map(.step // "" | test("is back")) | index(true)) as $back
       | "\([.[] | select(.event == "session" and .change == "started")] | length) \([to_entries[] | select(.key > $back and .value.event == "intent-performing") | .value.intent] | index("MarkLapIntent") != null)"' "1 true"
  fi
  echo "== permissions (udev rules installed first, chips made after), $api"
  check "$api: a member of actionsim uses a chip our rules gave the group: the press starts the workout" \
    sh -c "grep -q StartTrailWorkoutIntent '$f/perm-member-$api.txt' && tail -n 1 '$f/perm-member-$api.txt' | grep -qx 'exit 0'"
  check "$api: someone outside it is refused (exit 3) and told to join group actionsim" \
    sh -c "grep -q 'permission denied; it is crw-rw---- root:actionsim: add yourself to group actionsim (sudo usermod -aG actionsim \$USER)' '$f/perm-outsider-$api.txt' && tail -n 1 '$f/perm-outsider-$api.txt' | grep -qx 'exit 3'"
  check "$api: with Pi OS's rule beside ours, a member of gpio uses the chip" \
    sh -c "grep -q StartTrailWorkoutIntent '$f/perm-gpio-member-$api.txt' && tail -n 1 '$f/perm-gpio-member-$api.txt' | grep -qx 'exit 0'"
  check "$api: and a member of actionsim only is told to join group gpio, the one that works there" \
    sh -c "grep -q 'permission denied; it is crw-rw---- root:gpio: add yourself to group gpio' '$f/perm-gpio-outsider-$api.txt' && tail -n 1 '$f/perm-gpio-outsider-$api.txt' | grep -qx 'exit 3'"
  check "$api: a chip only root may open: exit 3, and the message says to install the udev rules" \
    sh -c "grep -q 'only root may open it. Install the udev rules (sudo make install-udev' '$f/denied-$api.txt' && tail -n 1 '$f/denied-$api.txt' | grep -qx 'exit 3'"
}

if ! $long; then for api in libgpiod1 libgpiod2; do gpio_checks "$api"; done; fi

if [[ -s $evdev ]]; then
  echo "== fault: device unplug and replug (uinput, devices/gpio-key-overlay.yaml), in the middle of a session"
  check "the device was lost (unplug), back (replug), and lost again when the second injector ended" jq_is "$evdev" \
    '[.[] | select((.event == "warning" and .code == "input-lost") or (.event == "step" and (.step | test("is back")))) | .event] | join(",")' \
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
    repeats=$(grep -c '^E: [0-9.]* 0001 0094 0002' "$out/files/autorepeat.evemu" || true)
  check "P1: the kernel did autorepeat the held key ($repeats repeats of KEY_PROG1 seen by evemu-record)" test "${repeats:-0}" -gt 0
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
    | (map(.code == "input-lost") | index(true)) as $lost
    | [to_entries[] | select($lost == null or .key < $lost) | .value | select(.event == "gesture")
       | "\(.gesture)@\(((.edge_t - $zero) * 1e6) | round)us"] | join(" ")'
  live_g=$(jq -rs "$upto_unplug" "$evdev"); imported_g=$(jq -rs "$upto_unplug" "$imported")
  echo "   live:     $live_g"; echo "   imported: $imported_g"
  check "import-evemu: the same gestures at the same microsecond as the live session" test -n "$live_g" -a "$live_g" = "$imported_g"
  check "import-evemu: the replay starts the workout and marks a lap, as the live session did" jq_is "$imported" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' "StartTrailWorkoutIntent,MarkLapIntent"
fi

gk=$out/files/gk-live.jsonl
if ! $long; then [[ -s $gk ]] || { echo "FAIL: the guest sent no gk-live.jsonl"; fails=$((fails + 1)); }; fi
if [[ -s $gk ]]; then
  echo "== devices/gpio-key-overlay.yaml on the kernel's gpio-keys driver, bound to gpio-sim lines 17 and 27"
  check "gpio-keys: the first press starts the workout, chords pause and resume, the bouncing press marks one lap" jq_is "$gk" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' \
    "StartTrailWorkoutIntent,PauseTrailWorkoutIntent,ResumeTrailWorkoutIntent,MarkLapIntent"
  check "gpio-keys debounced the bounces (20 ms): no edge reaches actionsim twice or is dropped" jq_is "$gk" \
    '"\([.[] | select(.event == "edge")] | length) \([.[] | select(.event == "edge-dropped")] | length)"' "12 0"
  check "gpio-keys: kernel times, latencies above 0 and under 1 s" jq_is "$gk" \
    '[.[] | select(.event == "intent-performing") | .latency] | all(. > 0 and . < 1)' "true"
fi

flood=$out/files/flood-live.jsonl
if [[ -s $flood ]]; then
  echo "== evdev SYN_DROPPED (the reader stopped while 300 edges overflowed the kernel's buffer)"
  check "the overflow was noticed and logged" jq_is "$flood" \
    '[.[] | select(.event == "warning" and .code == "evdev-events-dropped")] | length > 0' "true"
  # The kernel dropped the queue, Action's down-edge first in it: without the resync the
  # up-edge would be dropped as unchanged and nothing would start.
  check "P1: the resync found Action held (its down-edge was lost), and its press started the workout" jq_is "$flood" \
    '"\([.[] | select(.event == "edge" and .button == "action") | .edge] | join(",")) \([.[] | select(.event == "edge-dropped" and .button == "action")] | length) \([.[] | select(.event == "intent-performing") | .intent] | join(","))"' \
    "down,up 0 StartTrailWorkoutIntent"
  check "the down-edge came from the resync, not from the kernel's queue" jq_is "$flood" \
    '[.[] | select(.event == "step" and .step == "resynced: action is down")] | length' "1"
  check "6: the log's times never go back across the resync" monotonic_times "$flood"
fi

held=$out/files/held-live.jsonl
if [[ -s $held && -s $out/files/held.evemu ]]; then
  echo "== evdev grab waits while a key is down (devices/usb-keyboard.yaml, F13 held at start)"
  downs=$(grep -c '^E: [0-9.]* 0001 00b7 0001' "$out/files/held.evemu" || true)
  ups=$(grep -c '^E: [0-9.]* 0001 00b7 0000' "$out/files/held.evemu" || true)
  echo "   another reader saw F13 go down $downs time(s) and up $ups time(s)"
  check "3: another reader (the desktop) sees the held key let go, and nothing after the grab" test "$downs $ups" = "1 1"
  check "3: the grab came once the key was up, and the next press starts the workout" jq_is "$held" \
    '"\([.[] | select(.event == "step" and (.step | test("grabbed, now that KEY_F13 is released")))] | length) \([.[] | select(.event == "intent-performing") | .intent] | join(","))"' \
    "1 StartTrailWorkoutIntent"
fi

if [[ -s $grab ]]; then
  echo "== evdev grab (devices/usb-keyboard.yaml, --input)"
  check "the grabbed keyboard's F13 presses start the workout and mark a lap" jq_is "$grab" \
    '[.[] | select(.event == "intent-performing") | .intent] | join(",")' "StartTrailWorkoutIntent,MarkLapIntent"
fi

echo "== press-to-dispatch latency (P4): kernel event time to intent dispatch, in the guest (qemu TCG)"
for f in "$out/files/gpio-live-libgpiod1.jsonl" "$out/files/gpio-live-libgpiod2.jsonl" "$evdev" "$grab" "$gk"; do
  [[ -s $f ]] || continue
  jq -rs --arg name "$(basename "$f" .jsonl)" '
    [.[] | select(.event == "intent-performing") | .latency * 1000] | sort as $l
    | if ($l | length) == 0 then "   \($name): no dispatches" else
      "   \($name): n=\($l | length)  min \($l[0] * 1000 | round / 1000) ms  median \($l[($l | length) / 2 | floor] * 1000 | round / 1000) ms  max \($l[-1] * 1000 | round / 1000) ms" end' "$f"
done

faults_started=$SECONDS
timeout=$((4 * (240 + 3 * load_seconds)))
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
