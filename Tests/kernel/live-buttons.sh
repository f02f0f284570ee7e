# Guest script: actionsim's live input on a real kernel. Run by test-kernel.sh as
#   run-guest.sh --file actionsim --file <profiles, manifest, scenarios, rules, udevadm> live-buttons.sh
# Every press goes through the kernel: gpio-sim line pulls (/dev/gpiochipN) and a uinput
# device (/dev/input/eventN). The guest only drives and collects; test-kernel.sh checks the
# session logs on the host. Files come back between ACTIONSIM-FILE markers.
. /lib/actionsim-test.sh

APP=/files/trailrunner.yaml
mkdir -p /tmp/logs/gpio /tmp/logs/evdev /tmp/rec

echo "== devices: what actionsim sees"
gpiosim_make_pi_chip
actionsim devices --device /files/raspberry-pi-gpio.yaml --device /files/gpio-key-overlay.yaml > /tmp/devices.txt 2>&1
check "actionsim devices lists the Pi-like chip" grep -q "pinctrl-bcm2835" /tmp/devices.txt
check "actionsim devices says the Pi profile would use lines 17 and 27, free" \
  grep -q "raspberry-pi-gpio.yaml would use: action = line 17 (GPIO17), free; side = line 27 (GPIO27), free" /tmp/devices.txt
emit devices.txt /tmp/devices.txt

echo "== GPIO: devices/raspberry-pi-gpio.yaml on gpio-sim, recorded"
actionsim record --device /files/raspberry-pi-gpio.yaml --app $APP --first-press running \
  --log-dir /tmp/logs/gpio --json -o /tmp/rec/gpio-recorded.yaml > /tmp/gpio.out 2> /tmp/gpio.err &
run=$!
gpiosim_wait_requested 17 && gpiosim_wait_requested 27
check "lines 17 and 27 are requested under the consumer actionsim" \
  sh -c "grep -q 'GPIO17 *|actionsim' /sys/kernel/debug/gpio && grep -q 'GPIO27 *|actionsim' /sys/kernel/debug/gpio"
# A second request of the same line fails and names the holder.
actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --no-log > /tmp/busy.out 2>&1 < /dev/null
busy=$?
check "a second actionsim on the same lines exits 3" test $busy = 3
check "and says the line is busy, in use by \"actionsim\"" grep -q 'busy, in use by "actionsim"' /tmp/busy.out
emit busy.txt /tmp/busy.out

# First press: starts the workout (A3).
gpiosim_press 17; usleep 100000; gpiosim_release 17
sleep 2
# Chord: pause (A7) ...
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
sleep 1
# ... and resume.
gpiosim_press 17; usleep 30000; gpiosim_press 27; usleep 100000; gpiosim_release 27; usleep 20000; gpiosim_release 17
sleep 1
# SIGHUP reloads the profile: the lines are released and requested again.
kill -HUP $run
usleep 500000
# A bouncing press (P2): three flips to pressed, held 300 ms, three flips to released. Each
# flip is a sysfs write from the guest's shell, 3-6 ms apart on an emulated CPU: five flips
# to pressed once took 21 ms, past the profile's 10 ms debounce, and so were two presses.
gpiosim_bounce 17 3; usleep 300000; gpiosim_bounce 17 3
sleep 1
# Idle: the loop should not wake while nothing happens.
sleep 3
kill -TERM $run
wait $run
check "record exits 0 on SIGTERM" test $? = 0
emit gpio-live.jsonl "$(ls /tmp/logs/gpio/*.jsonl | head -n 1)"
emit gpio-recorded.yaml /tmp/rec/gpio-recorded.yaml
emit gpio.err /tmp/gpio.err

echo "== replaying the recording (S3)"
actionsim test /tmp/rec/gpio-recorded.yaml > /tmp/replay-test.txt 2>&1
check "actionsim test: the replay does what the live session did" test $? = 0
emit replay-test.txt /tmp/replay-test.txt
actionsim replay --json --no-log --no-store /tmp/rec/gpio-recorded.yaml > /tmp/gpio-replay.jsonl 2> /tmp/gpio-replay.err
emit gpio-replay.jsonl /tmp/gpio-replay.jsonl

echo "== evdev: devices/gpio-key-overlay.yaml on a uinput device, unplugged and plugged back"
NAME="actionsim test buttons"
actionsim inject --device-name "$NAME" --delay 3s /files/inject-before-unplug.yaml > /tmp/inject1.out 2>&1 &
inject=$!
wait_for_text /tmp/inject1.out "created /dev/input/event"
injected=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/inject1.out)
# evemu-record listens beside actionsim (the profile does not grab), for import-evemu below.
evemu-record "$injected" > /tmp/before-unplug.evemu 2> /tmp/evemu-record.err &
evemu=$!
actionsim run --device /files/gpio-key-overlay.yaml --app $APP --first-press running \
  --log-dir /tmp/logs/evdev --json > /tmp/evdev.out 2> /tmp/evdev.err < /dev/null &
run=$!
check "run opened the injected device" wait_for_text /tmp/evdev.out "live input" 10
wait $inject
check "the first injector played and removed its device" grep -q "removed" /tmp/inject1.out
kill $evemu 2>/dev/null; wait $evemu 2>/dev/null
actionsim import-evemu /tmp/before-unplug.evemu --device /files/gpio-key-overlay.yaml --app $APP --first-press running \
  -o /tmp/rec/imported.yaml > /tmp/import.out 2>&1
check "import-evemu turned evemu-record's recording into a scenario" test $? = 0
actionsim replay --json --no-log --no-store /tmp/rec/imported.yaml > /tmp/imported-replay.jsonl 2> /tmp/imported-replay.err
emit before-unplug.evemu /tmp/before-unplug.evemu
emit imported-replay.jsonl /tmp/imported-replay.jsonl
usleep 500000
actionsim inject --device-name "$NAME" --delay 1s --autorepeat /files/inject-after-replug.yaml > /tmp/inject2.out 2>&1
check "the second injector played its presses" grep -q "removed" /tmp/inject2.out
usleep 500000
kill -TERM $run
wait $run
check "run exits 0 on SIGTERM" test $? = 0
cat /tmp/inject1.out /tmp/inject2.out
emit evdev-live.jsonl "$(ls /tmp/logs/evdev/*.jsonl | head -n 1)"
emit evdev.err /tmp/evdev.err

echo "== GPIO errors a user can act on"
printf 'kind: gpio\nchip: pinctrl-bcm2835\nbuttons: {action: 17, side: 40}\n' > /files/line40.yaml
actionsim run --device /files/line40.yaml --app $APP --no-log --no-store > /tmp/line40.out 2>&1 < /dev/null
check "a line the chip lacks: exit 3" test $? = 3
check "... and the message names the chip, the line and how many it has" \
  grep -q "GPIO chip gpiochip0 \[pinctrl-bcm2835\] has no line 40 (side); it has 28 lines" /tmp/line40.out
emit line40.txt /tmp/line40.out

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
actionsim inject --device-name "actionsim flood" --delay 3s /files/flood.yaml > /tmp/inject4.out 2>&1 &
inject=$!
wait_for_text /tmp/inject4.out "created /dev/input/event"
created=$(uptime_ms)
actionsim run --device /files/gpio-key-overlay.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/logs/flood --json > /tmp/flood.out 2> /tmp/flood.err < /dev/null &
run=$!
wait_for_text /tmp/flood.out "live input" 10
kill -STOP $run
stopped=$(( $(uptime_ms) - created ))
check "the reader was stopped before the flood began (${stopped} ms after the device was made; the flood starts at 3000)" \
  test "$stopped" -lt 2900
# The flood runs 3.0-3.45 s after the device was made and Action is let go at 4.5 s: the
# reader goes on between the two, whenever it was stopped.
while [ $(( $(uptime_ms) - created )) -lt 3900 ]; do usleep 50000; done
kill -CONT $run
wait $inject
usleep 300000
kill -TERM $run
wait $run
check "run exits 0 after the overflow" test $? = 0
emit flood-live.jsonl "$(ls /tmp/logs/flood/*.jsonl | head -n 1)"

echo "== evdev grab: devices/usb-keyboard.yaml (grab: true) with --input"
actionsim inject --device-name "actionsim grab test" --device /files/usb-keyboard.yaml --delay 3s \
  /files/inject-before-unplug.yaml > /tmp/inject3.out 2>&1 &
inject=$!
wait_for_text /tmp/inject3.out "created /dev/input/event"
kbd=$(sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' /tmp/inject3.out)
actionsim run --device /files/usb-keyboard.yaml --input "$kbd" --app $APP --log-dir /tmp/logs/grab --json \
  > /tmp/grab.out 2> /tmp/grab.err < /dev/null &
run=$!
wait_for_text /tmp/grab.out "live input" 10
actionsim run --device /files/usb-keyboard.yaml --input "$kbd" --app $APP --no-log > /tmp/grab2.out 2>&1 < /dev/null
check "a second grab of the same keyboard exits 3" test $? = 3
check "and says the device is busy" grep -q "cannot grab (EVIOCGRAB) $kbd: it is busy" /tmp/grab2.out
emit grab2.txt /tmp/grab2.out
wait $inject
usleep 300000
kill -TERM $run
wait $run
emit grab-live.jsonl "$(ls /tmp/logs/grab/*.jsonl | head -n 1)"

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
gpiosim_make_chip udevchip a b >/dev/null
udevadm test --action=add "/sys/bus/gpio/devices/$GPIOSIM_CHIP" > /tmp/udev-gpio.txt 2>&1
mode() { stat -c '%A %U:%G' "$1"; }
{
  echo "probe $node: $(mode "$node")"
  echo "other $othernode: $(mode "$othernode")"
  echo "gpio $GPIOSIM_DEV: $(mode "$GPIOSIM_DEV")"
  echo "links: $(ls /dev/input/ | grep actionsim-)"
} > /tmp/udev-result.txt
cat /tmp/udev-result.txt
check "the injected device is crw-rw---- root:actionsim" test "$(mode "$node")" = "crw-rw---- root:actionsim"
check "it has the stable link /dev/input/actionsim-actionsim_test_buttons" \
  test "$(readlink -f /dev/input/actionsim-actionsim_test_buttons)" = "$node"
check "an untagged keyboard stays crw------- root:root" test "$(mode "$othernode")" = "crw------- root:root"
check "an untagged keyboard gets no actionsim link" sh -c "! ls /dev/input/ | grep -q 'actionsim-some'"
check "the GPIO chip is crw-rw---- root:actionsim" test "$(mode "$GPIOSIM_DEV")" = "crw-rw---- root:actionsim"
# The group, not the world: a member of actionsim can read the tagged device, the chip, not the other.
check "a member of actionsim can list the device and the chip" \
  su tester -s /bin/sh -c "actionsim devices --device /files/gpio-key-overlay.yaml > /tmp/as-tester.txt 2>&1; grep -q 'actionsim-actionsim_test_buttons' /tmp/as-tester.txt"
check "... but cannot open the untagged keyboard" sh -c "grep -A1 '^  $othernode ' /tmp/as-tester.txt | grep -q 'permission denied'"
emit as-tester.txt /tmp/as-tester.txt
# Someone outside the group is refused, and told about the udev rules.
echo 'guest:x:1001:1001:guest:/tmp:/bin/sh' >> /etc/passwd
echo 'guest:x:1001:' >> /etc/group
su guest -s /bin/sh -c "actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --no-log --no-store < /dev/null > /tmp/denied.txt 2>&1; echo \$? >> /tmp/denied.txt"
check "outside the group: the GPIO chip is refused (exit 3) with a pointer to the udev rules" \
  sh -c "grep -q 'permission denied. Install the udev rules (sudo make install-udev' /tmp/denied.txt && tail -n 1 /tmp/denied.txt | grep -qx 3"
emit denied.txt /tmp/denied.txt
emit udev-input.txt /tmp/udev-input.txt
emit udev-gpio.txt /tmp/udev-gpio.txt
kill $probe $other 2>/dev/null

echo "live-buttons: $ACTIONSIM_FAILS failure(s) in the guest"
[ "$ACTIONSIM_FAILS" = 0 ]
