# Guest script: actionsim's GPIO input on a real kernel, run once per libgpiod build. Run by
# test-kernel.sh as
#   run-guest.sh --file actionsim --file <profiles, manifest, rules, udevadm> live-gpio.sh API
# API (libgpiod1 or libgpiod2) names the files it sends back: gpio-live-API.jsonl, ...
# Every press is a gpio-sim line pull read through /dev/gpiochipN. The guest only drives and
# collects (and notes the uptime around presses); test-kernel.sh checks the logs on the host.
. /lib/actionsim-test.sh

API=${1:-libgpiod1}
APP=/files/trailrunner.yaml
mkdir -p /tmp/logs /tmp/rec
echo "== GPIO with actionsim built against $API"

echo "== devices: what actionsim sees"
gpiosim_make_pi_chip
actionsim devices --device /files/raspberry-pi-gpio.yaml > /tmp/devices.txt 2>&1
check "actionsim devices lists the Pi-like chip" grep -q "pinctrl-bcm2835" /tmp/devices.txt
check "actionsim devices says the Pi profile would use lines 17 and 27, free" \
  grep -q "raspberry-pi-gpio.yaml would use: action = line 17 (GPIO17), free; side = line 27 (GPIO27), free" /tmp/devices.txt
emit "devices-$API.txt" /tmp/devices.txt

echo "== GPIO: devices/raspberry-pi-gpio.yaml on gpio-sim, recorded"
actionsim record --device /files/raspberry-pi-gpio.yaml --app $APP --first-press running \
  --log-dir /tmp/logs/gpio --json -o /tmp/rec/gpio-recorded.yaml > /tmp/gpio.out 2> /tmp/gpio.err &
run=$!
gpiosim_wait_requested 17 && gpiosim_wait_requested 27 && wait_for_text /tmp/gpio.err "live loop at nice" 60
check "lines 17 and 27 are requested under the consumer actionsim" \
  sh -c "grep -q 'GPIO17 *|actionsim' /sys/kernel/debug/gpio && grep -q 'GPIO27 *|actionsim' /sys/kernel/debug/gpio"
# A second request of the same line fails and names the holder.
actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --no-log > /tmp/busy.out 2>&1 < /dev/null
busy=$?
check "a second actionsim on the same lines exits 3" test $busy = 3
check "and says the line is busy, in use by \"actionsim\"" grep -q 'busy, in use by "actionsim"' /tmp/busy.out
emit "busy-$API.txt" /tmp/busy.out

# First press: starts the workout (A3). The uptime (CLOCK_BOOTTIME, ms) around it lets the
# host check that the edges carry the kernel's time of the pull, not the time they were read.
before=$(uptime_ms)
gpiosim_press 17; usleep 100000; gpiosim_release 17
after=$(uptime_ms)
echo "first-press $before $after" > /tmp/times.txt
# Each gesture waits for the intent before it to return (a press while one runs is ignored
# as busy, A10), however slow the emulated guest is.
wait_for_count /tmp/gpio.out '"event":"intent-returned"' 1 60 || echo "the start intent never returned" >&2
# Chord: pause (A7) ...
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
wait_for_count /tmp/gpio.out '"event":"intent-returned"' 2 60 || echo "the pause intent never returned" >&2
# ... and resume.
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
wait_for_count /tmp/gpio.out '"event":"intent-returned"' 3 60 || echo "the resume intent never returned" >&2
# SIGHUP reloads the profile: the lines are released and requested again.
kill -HUP $run
# The bouncing press comes once the reload is done (the host checks it works after it).
wait_for_text /tmp/gpio.out '"step":"SIGHUP: reloaded' 60 || echo "SIGHUP never reloaded the profile" >&2
# A bouncing press (P2): three flips to pressed, held 300 ms, three flips to released. Each
# flip is a sysfs write from the guest's shell, 3-6 ms apart on an emulated CPU: five flips
# to pressed once took 21 ms, past the profile's 10 ms debounce, and so were two presses.
gpiosim_bounce 17 3; usleep 300000; gpiosim_bounce 17 3
# The bouncing press is the fourth gesture (press, both, both, press): once it is logged ...
wait_for_count /tmp/gpio.out '"event":"gesture"' 4 60 || echo "the bouncing press was never logged" >&2
# ... idle: the loop should not wake while nothing happens (the idle stretch measured, not a wait).
sleep 3
kill -TERM $run
wait $run
check "record exits 0 on SIGTERM" test $? = 0
emit "gpio-live-$API.jsonl" "$(ls /tmp/logs/gpio/*.jsonl | head -n 1)"
emit "gpio-recorded-$API.yaml" /tmp/rec/gpio-recorded.yaml
emit "gpio-$API.err" /tmp/gpio.err
emit "times-$API.txt" /tmp/times.txt

echo "== replaying the recording (S3)"
actionsim test /tmp/rec/gpio-recorded.yaml > /tmp/replay-test.txt 2>&1
check "actionsim test: the replay does what the live session did" test $? = 0
emit "replay-test-$API.txt" /tmp/replay-test.txt
actionsim replay --json --no-log --no-store /tmp/rec/gpio-recorded.yaml > /tmp/gpio-replay.jsonl 2> /tmp/gpio-replay.err
emit "gpio-replay-$API.jsonl" /tmp/gpio-replay.jsonl

echo "== P2: a glitch and chatter in a hold (a 50 ms debounce, far longer than two sysfs writes)"
sed 's/debounce: 10ms/debounce: 50ms/' /files/raspberry-pi-gpio.yaml > /files/pi-50ms.yaml
actionsim run --device /files/pi-50ms.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/glitch --json > /tmp/glitch.out 2> /tmp/glitch.err < /dev/null &
run=$!
# The line shows as requested before its edge detection is set up: wait for the loop.
gpiosim_wait_requested 17 && wait_for_text /tmp/glitch.err "live loop at nice" 60
# A glitch: pressed and released again by the next write. Then, a second later, a 3.5 s
# hold whose contact chatters (released and pressed again) a second into it.
glitch_at=$(uptime_ms)
gpiosim_bounce 17 2
sleep 1
hold_at=$(uptime_ms)
gpiosim_press 17; sleep 1; gpiosim_bounce 17 2; usleep 2500000
release_at=$(uptime_ms)
gpiosim_release 17
echo "glitch $glitch_at $hold_at $release_at" >> /tmp/times.txt
# The host checks the hold's release: stop once it is logged as an accepted edge.
wait_for_count /tmp/glitch.out '"event":"edge","button":"action","edge":"up"' 1 60 \
  || echo "the hold's release was never logged" >&2
kill -TERM $run
wait $run
check "run exits 0 after the glitch and the chatter" test $? = 0
emit "glitch-live-$API.jsonl" "$(ls /tmp/logs/glitch/*.jsonl | head -n 1)"

echo "== a full kernel queue, and a stall of 10 s after them: the reader stopped while 301 edges come (no debounce)"
sed 's/debounce: 10ms/debounce: 0ms/' /files/raspberry-pi-gpio.yaml > /files/pi-0ms.yaml
actionsim run --device /files/pi-0ms.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/stall --json > /tmp/stall.out 2> /tmp/stall.err < /dev/null &
run=$!
gpiosim_wait_requested 17
wait_for_text /tmp/stall.err "live loop at nice" 60
kill -STOP $run
wait_for_stopped $run || echo "the run never stopped on SIGSTOP" >&2
stopped=$(uptime_ms)
# 301 flips end pressed. libgpiod 1.6's line queue keeps the first 16 (ending released, as
# the 16th flip left it) and drops the rest; 2.x's request queue keeps the last 256.
flips_start=$(uptime_ms)
gpiosim_bounce 17 301
flips_end=$(uptime_ms)
# The stall: the edges wait in the kernel 10 s after the last flip, however long the flips took.
while [ $(( $(uptime_ms) - flips_end )) -lt 10000 ]; do usleep 100000; done
kill -CONT $run
resumed=$(uptime_ms)
# The release comes once the loop has read the backlog and said what the stall cost (libgpiod
# 1.6's full queue read the level again; 2.x counted the events the kernel dropped) ...
stall_log=$(first_match '/tmp/logs/stall/*.jsonl')
wait_for_text "$stall_log" '"step":"resynced: action is\|"code":"gpio-events-dropped"' 60 || echo "the stall's backlog was never read" >&2
released=$(uptime_ms)
gpiosim_release 17
# ... and the run is stopped once that release is read (the host checks it is accepted).
wait_for_release_after "$stall_log" "$released" 60 || echo "the release after the stall was never logged" >&2
kill -TERM $run
wait $run
check "run exits 0 after the stall" test $? = 0
echo "stall $stopped $flips_start $flips_end $resumed" >> /tmp/times.txt
emit "stall-live-$API.jsonl" "$stall_log"
emit "stall-times-$API.txt" /tmp/times.txt

echo "== the chip goes away while the session runs, and comes back"
actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/loss --json > /tmp/loss.out 2> /tmp/loss.err < /dev/null &
run=$!
gpiosim_wait_requested 17 && wait_for_text /tmp/loss.err "live loop at nice" 60
gpiosim_press 17; usleep 100000; gpiosim_release 17
# The chip goes once the press has run the start intent, and comes back once the run has
# said it lost it (the host checks both, in that order).
wait_for_count /tmp/loss.out '"event":"intent-returned"' 1 60 || echo "the first press never ran the start intent" >&2
echo 0 > $GPIOSIM_CONFIGFS/pi/live
check "the chip is gone" wait_for_gone "$GPIOSIM_DEV"
wait_for_text /tmp/loss.err "lost (" 60 || echo "the run never said it lost the chip" >&2
echo 1 > $GPIOSIM_CONFIGFS/pi/live
GPIOSIM_CHIP=$(cat $GPIOSIM_CONFIGFS/pi/bank0/chip_name)
GPIOSIM_DEV=/dev/$GPIOSIM_CHIP
GPIOSIM_SYSFS=/sys/devices/platform/$(cat $GPIOSIM_CONFIGFS/pi/dev_name)/$GPIOSIM_CHIP
gpiosim_release 17; gpiosim_release 27
check "actionsim requests the lines again once the chip is back" gpiosim_wait_requested 17 10
wait_for_text /tmp/loss.err "is back" 10
gpiosim_press 17; usleep 100000; gpiosim_release 17
# The press after the chip came back is the second gesture: once it is logged, stop.
wait_for_count /tmp/loss.out '"event":"gesture"' 2 60 || echo "the press after the chip came back was never logged" >&2
kill -TERM $run
wait $run
check "run exits 0 after losing the chip" test $? = 0
emit "loss-live-$API.jsonl" "$(ls /tmp/logs/loss/*.jsonl | head -n 1)"

echo "== GPIO errors a user can act on"
printf 'kind: gpio\nchip: pinctrl-bcm2835\nbuttons: {action: 17, side: 40}\n' > /files/line40.yaml
actionsim run --device /files/line40.yaml --app $APP --no-log --no-store > /tmp/line40.out 2>&1 < /dev/null
check "a line the chip lacks: exit 3" test $? = 3
check "... and the message names the chip, the line and how many it has" \
  grep -q "GPIO chip $GPIOSIM_CHIP \[pinctrl-bcm2835\] has no line 40 (side); it has 28 lines" /tmp/line40.out
emit "line40-$API.txt" /tmp/line40.out

echo "== permissions: udev/70-actionsim.rules installed first, then chips made and udev applied to them"
mkdir -p /etc/udev/rules.d /run/udev
cp /files/70-actionsim.rules /etc/udev/rules.d/
printf 'root:x:0:0:root:/tmp:/bin/sh\ntester:x:1000:1000:tester:/tmp:/bin/sh\npi:x:1001:1001:pi:/tmp:/bin/sh\nguest:x:1002:1002:guest:/tmp:/bin/sh\n' > /etc/passwd
printf 'root:x:0:\ntester:x:1000:\npi:x:1001:\nguest:x:1002:\nactionsim:x:990:tester\ngpio:x:991:pi\ninput:x:992:pi\n' > /etc/group
mode() { stat -c '%A %U:%G' "$1"; }
# perm_run USER OUT: USER runs actionsim on lines 0 and 1 of the newest chip and presses line 0.
perm_profile() {
  printf 'kind: gpio\nchip: %s\nbias: pull-up\nactive-low: true\nbuttons: {action: 0, side: 1}\n' "$GPIOSIM_DEV" > /files/perm.yaml
}
# perm_refused USER OUT: USER tries the same; refused, it exits at once.
perm_refused() {
  perm_profile
  su "$1" -s /bin/sh -c "actionsim run --device /files/perm.yaml --app $APP --no-store --no-log < /dev/null > $2 2>&1; echo exit \$? >> $2"
}
perm_run() {
  perm_profile
  rm -f /tmp/perm.pid
  su "$1" -s /bin/sh -c "actionsim run --device /files/perm.yaml --app $APP --first-press running --no-store --no-log --json \
    < /dev/null > $2 2>&1 & echo \$! > /tmp/perm.pid; wait \$!; echo exit \$? >> $2" &
  _su=$!
  if gpiosim_wait_requested 0 10 && wait_for_text "$2" "live loop at nice" 60; then
    gpiosim_press 0; usleep 100000; gpiosim_release 0
    # The host checks that the press ran the start intent: stop once it has.
    wait_for_text "$2" StartTrailWorkoutIntent 60 || echo "$1's press never ran the start intent" >&2
    kill -TERM "$(cat /tmp/perm.pid)"
  fi
  wait $_su
}
gpiosim_make_chip permchip a b > /dev/null
udevadm test --action=add "/sys/bus/gpio/devices/$GPIOSIM_CHIP" > /tmp/udev-gpio.txt 2>&1
echo "our rules: $GPIOSIM_DEV $(mode "$GPIOSIM_DEV")" | tee /tmp/perm.txt
check "with our rules a chip made after them is crw-rw---- root:actionsim" test "$(mode "$GPIOSIM_DEV")" = "crw-rw---- root:actionsim"
perm_run tester /tmp/perm-member.txt
perm_refused guest /tmp/perm-outsider.txt
emit "perm-member-$API.txt" /tmp/perm-member.txt
emit "perm-outsider-$API.txt" /tmp/perm-outsider.txt
gpiosim_remove permchip

echo "== permissions with a rule like Raspberry Pi OS's beside ours (its 99-com.rules: applied after ours)"
printf 'SUBSYSTEM=="input", GROUP="input", MODE="0660"\nSUBSYSTEM=="gpio", GROUP="gpio", MODE="0660"\n' > /etc/udev/rules.d/99-com.rules
gpiosim_make_chip pichip a b > /dev/null
udevadm test --action=add "/sys/bus/gpio/devices/$GPIOSIM_CHIP" > /tmp/udev-gpio-pios.txt 2>&1
echo "Pi OS rules: $GPIOSIM_DEV $(mode "$GPIOSIM_DEV")" | tee -a /tmp/perm.txt
check "with Pi OS's rule after ours the chip is crw-rw---- root:gpio" test "$(mode "$GPIOSIM_DEV")" = "crw-rw---- root:gpio"
perm_run pi /tmp/perm-gpio-member.txt
perm_refused tester /tmp/perm-gpio-outsider.txt
emit "perm-gpio-member-$API.txt" /tmp/perm-gpio-member.txt
emit "perm-gpio-outsider-$API.txt" /tmp/perm-gpio-outsider.txt
gpiosim_remove pichip
rm /etc/udev/rules.d/99-com.rules

echo "== permissions: the Pi-like chip, made before any rule, is root's alone"
echo "no rules: $GPIOSIM_DEV $(mode /dev/$(cat $GPIOSIM_CONFIGFS/pi/bank0/chip_name))" | tee -a /tmp/perm.txt
su guest -s /bin/sh -c "actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --no-log --no-store < /dev/null > /tmp/denied.txt 2>&1; echo exit \$? >> /tmp/denied.txt"
emit "denied-$API.txt" /tmp/denied.txt
emit "perm-$API.txt" /tmp/perm.txt

echo "live-gpio ($API): $ACTIONSIM_FAILS failure(s) in the guest"
[ "$ACTIONSIM_FAILS" = 0 ]
