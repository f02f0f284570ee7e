# Guest script: actionsim's evdev input on a real kernel (the GPIO input: live-gpio.sh). Run
# by test-kernel.sh as
#   run-guest.sh --file actionsim --file <profiles, manifest, scenarios, rules, udevadm> live-buttons.sh
# Every press goes through the kernel: uinput devices (/dev/input/eventN). The guest only
# drives and collects; test-kernel.sh checks the session logs on the host. Files come back
# between ACTIONSIM-FILE markers.
. /lib/actionsim-test.sh

APP=/files/trailrunner.yaml
mkdir -p /tmp/logs/evdev /tmp/rec

echo "== evdev: devices/gpio-key-overlay.yaml on a uinput device, unplugged and plugged back"
NAME="actionsim test buttons"
# Each injector plays once its readers are ready (--start-when), not after a guessed delay.
actionsim inject --device-name "$NAME" --delay 0s --start-when /tmp/inject1-go /files/inject-before-unplug.yaml > /tmp/inject1.out 2>&1 &
inject=$!
wait_for_text /tmp/inject1.out "created /dev/input/event"
injected=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/inject1.out)
# evemu-record listens beside actionsim (the profile does not grab), for import-evemu below.
evemu-record "$injected" > /tmp/before-unplug.evemu 2> /tmp/evemu-record.err &
evemu=$!
actionsim run --device /files/gpio-key-overlay.yaml --app $APP --first-press running \
  --log-dir /tmp/logs/evdev --json > /tmp/evdev.out 2> /tmp/evdev.err < /dev/null &
run=$!
check "run opened the injected device" wait_for_text /tmp/evdev.out "live input" 60
wait_for_open $evemu "$injected" || echo "evemu-record never opened $injected" >&2
go /tmp/inject1-go
wait $inject
check "the first injector played and removed its device" grep -q "removed" /tmp/inject1.out
kill $evemu 2>/dev/null; wait $evemu 2>/dev/null
actionsim import-evemu /tmp/before-unplug.evemu --device /files/gpio-key-overlay.yaml --app $APP --first-press running \
  -o /tmp/rec/imported.yaml > /tmp/import.out 2>&1
check "import-evemu turned evemu-record's recording into a scenario" test $? = 0
actionsim replay --json --no-log --no-store /tmp/rec/imported.yaml > /tmp/imported-replay.jsonl 2> /tmp/imported-replay.err
emit before-unplug.evemu /tmp/before-unplug.evemu
emit imported-replay.jsonl /tmp/imported-replay.jsonl
# The device comes back once the run has said it lost it (plugged back, not never gone).
wait_for_unplugged /tmp/evdev.err 1
# The second injector turns on the kernel's autorepeat; evemu-record shows the repeats it made.
actionsim inject --device-name "$NAME" --delay 0s --start-when /tmp/inject2-go --autorepeat /files/inject-after-replug.yaml > /tmp/inject2.out 2>&1 &
inject=$!
wait_for_text /tmp/inject2.out "created /dev/input/event"
evemu-record "$(node_of /tmp/inject2.out)" > /tmp/autorepeat.evemu 2> /tmp/evemu-record2.err &
evemu=$!
# The run has reopened the device it lost, and evemu-record reads it: play.
wait_for_count /tmp/evdev.err "is back" 1 60 || echo "the run never reopened the replugged device" >&2
wait_for_open $evemu "$(node_of /tmp/inject2.out)" || echo "evemu-record never opened the replugged device" >&2
go /tmp/inject2-go
wait $inject
kill $evemu 2>/dev/null; wait $evemu 2>/dev/null
check "the second injector played its presses" grep -q "removed" /tmp/inject2.out
emit autorepeat.evemu /tmp/autorepeat.evemu
wait_for_unplugged /tmp/evdev.err 2
kill -TERM $run
wait $run
check "run exits 0 on SIGTERM" test $? = 0
cat /tmp/inject1.out /tmp/inject2.out
emit evdev-live.jsonl "$(ls /tmp/logs/evdev/*.jsonl | head -n 1)"
emit evdev.err /tmp/evdev.err

echo "== evdev SYN_DROPPED: the reader stopped while the kernel's buffer overflows"
# Action goes down, then 150 other keys (A12: logged, ignored) flood the device's event
# buffer while actionsim is stopped (SIGSTOP): the kernel drops the queue, Action's down-edge
# with it, and reports SYN_DROPPED. On SIGCONT, libevdev's resync must find Action held.
# (Other keys, not side taps, so that what survives the overflow cannot make a chord.)
keys="A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 1 2 3 4 5 6 7 8 9 0 F1 F2 F3 F4 F5 F6 F7 F8 F9 F10"
{
  echo "name: flood"; echo "app: trailrunner.yaml"; echo "settings: {action: workout, first-press: running}"
  echo "steps:"; echo "  - {at: 0s, button: action, edge: down}"
  i=1
  while [ $i -le 150 ]; do
    for k in $keys; do
      [ $i -le 150 ] || break
      echo "  - {at: $((i * 3))ms, key: KEY_$k}"
      i=$((i + 1))
    done
  done
  echo "  - {at: 1500ms, button: action, edge: up}"
} > /files/flood.yaml
actionsim inject --device-name "actionsim flood" --delay 0s --start-when /tmp/flood-go /files/flood.yaml > /tmp/inject4.out 2>&1 &
inject=$!
wait_for_text /tmp/inject4.out "created /dev/input/event"
actionsim run --device /files/gpio-key-overlay.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/flood --json > /tmp/flood.out 2> /tmp/flood.err < /dev/null &
run=$!
wait_for_text /tmp/flood.out "live input" 60
kill -STOP $run
check "the reader was stopped before the flood began" wait_for_stopped $run
go /tmp/flood-go
wait_for_text /tmp/inject4.out "inject: playing" 60
playing=$(uptime_ms)
# The flood runs 0-0.45 s after the injector began and Action is let go at 1.5 s: the reader
# goes on between the two (the injector's own schedule, the one time this test keeps).
while [ $(( $(uptime_ms) - playing )) -lt 900 ]; do usleep 50000; done
kill -CONT $run
wait $inject
wait_for_unplugged /tmp/flood.err 1
kill -TERM $run
wait $run
check "run exits 0 after the overflow" test $? = 0
emit flood-live.jsonl "$(ls /tmp/logs/flood/*.jsonl | head -n 1)"

echo "== evdev grab: devices/usb-keyboard.yaml (grab: true) with --input"
actionsim inject --device-name "actionsim grab test" --device /files/usb-keyboard.yaml --delay 0s --start-when /tmp/grab-go \
  /files/inject-before-unplug.yaml > /tmp/inject3.out 2>&1 &
inject=$!
wait_for_text /tmp/inject3.out "created /dev/input/event"
kbd=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/inject3.out)
actionsim run --device /files/usb-keyboard.yaml --input "$kbd" --app $APP --log-dir /tmp/logs/grab --json \
  > /tmp/grab.out 2> /tmp/grab.err < /dev/null &
run=$!
wait_for_text /tmp/grab.out "live input" 60
actionsim run --device /files/usb-keyboard.yaml --input "$kbd" --app $APP --no-log > /tmp/grab2.out 2>&1 < /dev/null
check "a second grab of the same keyboard exits 3" test $? = 3
check "and says the device is busy" grep -q "cannot grab (EVIOCGRAB) $kbd: it is busy" /tmp/grab2.out
emit grab2.txt /tmp/grab2.out
go /tmp/grab-go
wait $inject
wait_for_unplugged /tmp/grab.err 1
kill -TERM $run
wait $run
emit grab-live.jsonl "$(ls /tmp/logs/grab/*.jsonl | head -n 1)"

echo "== evdev grab waits for held keys: F13 is down when run starts, as Enter is when run is started from that keyboard"
printf 'name: grab wait\napp: trailrunner.yaml\nsettings: {action: workout, first-press: running}\nsteps:\n  - {at: 0s, button: action, edge: down}\n  - {at: 6s, button: action, edge: up}\n  - {at: 7500ms, gesture: press}\n' \
  > /files/held.yaml
actionsim inject --device-name "actionsim held key" --device /files/usb-keyboard.yaml --delay 0s --start-when /tmp/held-go --keep 1s \
  /files/held.yaml > /tmp/inject5.out 2>&1 &
inject=$!
wait_for_text /tmp/inject5.out "created /dev/input/event"
held=$(node_of /tmp/inject5.out)
# Another reader, as the desktop is: it must see F13 let go.
evemu-record "$held" > /tmp/held.evemu 2> /tmp/evemu-record3.err &
evemu=$!
wait_for_open $evemu "$held" || echo "evemu-record never opened $held" >&2
go /tmp/held-go
wait_for_text /tmp/inject5.out "inject: playing" 60
created=$(uptime_ms)
# F13 goes down as the injector begins; run starts once it is down (the other reader has
# read the key press: EV_KEY, KEY_F13 = 0xb7, value 1), and must open the keyboard before F13
# is let go at 6 s.
wait_for_text /tmp/held.evemu "0001 00b7 0001" 60 || echo "evemu-record never saw F13 go down" >&2
actionsim run --device /files/usb-keyboard.yaml --input "$held" --app $APP --log-dir /tmp/logs/held --json \
  > /tmp/held.out 2> /tmp/held.err < /dev/null &
run=$!
wait_for_text /tmp/held.out "live input" 60
started=$(( $(uptime_ms) - created ))
wait $inject
kill $evemu 2>/dev/null; wait $evemu 2>/dev/null
wait_for_unplugged /tmp/held.err 1
kill -TERM $run
wait $run
echo "held: run opened the device $started ms after the injector began (F13 down at 0, up at 6000)" | tee /tmp/held-times.txt
check "run opened the keyboard while F13 was held (${started} ms; F13 is let go at 6000)" test "$started" -lt 5900
emit held.evemu /tmp/held.evemu
emit held-live.jsonl "$(ls /tmp/logs/held/*.jsonl | head -n 1)"
emit held.err /tmp/held.err

echo "== the gpio-key overlay's profile on the real gpio-keys driver (gpio-keys-sim.ko on gpio-sim lines 17 and 27)"
gpiosim_make_pi_chip
# gpio-keys debounces 20 ms here, not the device tree's 5: a sysfs write from the guest's shell
# takes 3-6 ms on an emulated CPU, and a bounce must fit inside the debounce.
insmod /files/gpio-keys-sim.ko chip=pinctrl-bcm2835 lines=17,27 codes=148,149 debounce_ms=20
check "gpio-keys holds lines 17 and 27 (as gpioinfo would show: consumer button@11, button@1b)" \
  sh -c "grep -q 'GPIO17 *|button@11' /sys/kernel/debug/gpio && grep -q 'GPIO27 *|button@1b' /sys/kernel/debug/gpio"
grep -E 'GPIO(17|27) ' /sys/kernel/debug/gpio > /tmp/gk-debugfs.txt
actionsim devices --device /files/gpio-key-overlay.yaml --device /files/raspberry-pi-gpio.yaml > /tmp/gk-devices.txt 2>&1
check "actionsim devices: the overlay profile uses both gpio-keys devices; the GPIO profile's lines are in use by gpio-keys" \
  sh -c "grep -q 'gpio-key-overlay.yaml matches: action = KEY_PROG1' /tmp/gk-devices.txt && grep -q 'gpio-key-overlay.yaml matches: side = KEY_PROG2' /tmp/gk-devices.txt && grep -q 'in use by \"button@11\"' /tmp/gk-devices.txt"
emit gk-devices.txt /tmp/gk-devices.txt
emit gk-debugfs.txt /tmp/gk-debugfs.txt
actionsim run --device /files/gpio-key-overlay.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/gk --json > /tmp/gk.out 2> /tmp/gk.err < /dev/null &
run=$!
check "run opened the gpio-keys devices" wait_for_text /tmp/gk.out "live input" 60
# Each gesture waits for the intent before it to return (a press while one runs is ignored
# as busy, A10), however slow the emulated guest is; the run is stopped once the last one has.
gpiosim_press 17; usleep 100000; gpiosim_release 17
wait_for_count /tmp/gk.out '"event":"intent-returned"' 1 60 || echo "gpio-keys: the start intent never returned" >&2
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
wait_for_count /tmp/gk.out '"event":"intent-returned"' 2 60 || echo "gpio-keys: the pause intent never returned" >&2
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
wait_for_count /tmp/gk.out '"event":"intent-returned"' 3 60 || echo "gpio-keys: the resume intent never returned" >&2
# A bouncing press: gpio-keys debounces it before it becomes a key event.
gpiosim_bounce 17 3; usleep 300000; gpiosim_bounce 17 3
wait_for_count /tmp/gk.out '"event":"intent-returned"' 4 60 || echo "gpio-keys: the bouncing press's lap never returned" >&2
# ... and its release read (a press is decided before its release: the lap can return first).
wait_for_count /tmp/gk.out '"event":"edge","button":"action","edge":"up"' 4 60 || echo "gpio-keys: the bouncing press's release never came" >&2
kill -TERM $run
wait $run
check "run exits 0 (gpio-keys)" test $? = 0
emit gk-live.jsonl "$(ls /tmp/logs/gk/*.jsonl | head -n 1)"

echo "== udev rules: udev/70-actionsim.rules"
mkdir -p /etc/udev/rules.d /run/udev
cp /files/70-actionsim.rules /etc/udev/rules.d/
printf 'root:x:0:0:root:/tmp:/bin/sh\ntester:x:1000:1000:tester:/tmp:/bin/sh\n' > /etc/passwd
printf 'root:x:0:\ntester:x:1000:\nactionsim:x:990:tester\n' > /etc/group
actionsim inject --device-name "$NAME" --delay 0s --keep 60s /files/udev-probe.yaml > /tmp/probe.out 2>&1 &
probe=$!
actionsim inject --device-name "some other keyboard" --phys usb-0000:00:14.0-1/input0 --delay 0s --keep 60s \
  /files/udev-probe.yaml > /tmp/other.out 2>&1 &
other=$!
wait_for_text /tmp/probe.out "created /dev/input/event"
wait_for_text /tmp/other.out "created /dev/input/event"
node=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/probe.out)
othernode=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/other.out)
udevadm test --action=add "/sys/class/input/$(basename "$node")" > /tmp/udev-input.txt 2>&1
udevadm test --action=add "/sys/class/input/$(basename "$othernode")" > /tmp/udev-other.txt 2>&1
mode() { stat -c '%A %U:%G' "$1"; }
gk=$(ls -d /sys/bus/platform/drivers/gpio-keys/gpio-keys.*/input/input*/event* | head -n 1)
udevadm test --action=add "/sys/class/input/$(basename "$gk")" > /tmp/udev-gk.txt 2>&1
echo "gpio-keys /dev/input/$(basename "$gk"): $(mode "/dev/input/$(basename "$gk")")"
check "a gpio-keys device (DRIVERS==gpio-keys) is tagged: crw-rw---- root:actionsim, linked as /dev/input/actionsim-gpio-keys" \
  sh -c "test \"$(mode "/dev/input/$(basename "$gk")")\" = 'crw-rw---- root:actionsim' && test -e /dev/input/actionsim-gpio-keys"
{
  echo "probe $node: $(mode "$node")"
  echo "other $othernode: $(mode "$othernode")"
  echo "links: $(ls /dev/input/ | grep actionsim-)"
} > /tmp/udev-result.txt
cat /tmp/udev-result.txt
check "the injected device is crw-rw---- root:actionsim" test "$(mode "$node")" = "crw-rw---- root:actionsim"
check "it has the stable link /dev/input/actionsim-actionsim_test_buttons" \
  test "$(readlink -f /dev/input/actionsim-actionsim_test_buttons)" = "$node"
check "an untagged keyboard stays crw------- root:root" test "$(mode "$othernode")" = "crw------- root:root"
check "an untagged keyboard gets no actionsim link" sh -c "! ls /dev/input/ | grep -q 'actionsim-some'"
# The group, not the world: a member of actionsim can read the tagged device, the chip, not the other.
check "a member of actionsim can list the device" \
  su tester -s /bin/sh -c "actionsim devices --device /files/gpio-key-overlay.yaml > /tmp/as-tester.txt 2>&1; grep -q 'actionsim-actionsim_test_buttons' /tmp/as-tester.txt"
check "... but cannot open the untagged keyboard" sh -c "grep -A1 '^  $othernode ' /tmp/as-tester.txt | grep -q 'permission denied'"
emit as-tester.txt /tmp/as-tester.txt
# Raspberry Pi OS's 99-com.rules, applied after ours, gives every input device to group input:
# the tagged device keeps its link, and the group that may open it is input.
printf 'SUBSYSTEM=="input", GROUP="input", MODE="0660"\nSUBSYSTEM=="gpio", GROUP="gpio", MODE="0660"\n' > /etc/udev/rules.d/99-com.rules
echo 'input:x:992:' >> /etc/group
udevadm test --action=add "/sys/class/input/$(basename "$node")" > /tmp/udev-input-pios.txt 2>&1
echo "probe with Pi OS's rule: $(mode "$node")" | tee -a /tmp/udev-result.txt
check "with Pi OS's rule after ours the tagged device is crw-rw---- root:input" test "$(mode "$node")" = "crw-rw---- root:input"
check "and keeps its link /dev/input/actionsim-actionsim_test_buttons" \
  test "$(readlink -f /dev/input/actionsim-actionsim_test_buttons)" = "$node"
su tester -s /bin/sh -c "actionsim run --device /files/gpio-key-overlay.yaml --input $node --app $APP --no-log --no-store < /dev/null > /tmp/input-denied.txt 2>&1; echo exit \$? >> /tmp/input-denied.txt"
check "a member of actionsim only is refused (exit 3) and told to join group input" \
  sh -c "grep -q 'permission denied; it is crw-rw---- root:input: add yourself to group input' /tmp/input-denied.txt && tail -n 1 /tmp/input-denied.txt | grep -qx 'exit 3'"
emit input-denied.txt /tmp/input-denied.txt
emit udev-result.txt /tmp/udev-result.txt
emit udev-input.txt /tmp/udev-input.txt
emit udev-gk.txt /tmp/udev-gk.txt
rmmod gpio-keys-sim
kill $probe $other 2>/dev/null

echo "live-buttons: $ACTIONSIM_FAILS failure(s) in the guest"
[ "$ACTIONSIM_FAILS" = 0 ]
