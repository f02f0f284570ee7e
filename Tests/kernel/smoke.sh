# Guest script: prove the qemu test infrastructure works, without actionsim.
# Run by smoke-host.sh as: run-guest.sh --file gpiomon --file uinput-key
#   --file evemu-device --file smoke-keyboard.evemu smoke.sh
. /lib/actionsim-test.sh

echo "== gpio-sim"
gpiosim_make_chip smoke action side >/dev/null
check "gpio-sim chip $GPIOSIM_DEV exists" test -c "$GPIOSIM_DEV"
check "line 'action' idles released (high)" test "$(gpiosim_value 0)" = 1

# A press then a release of an active-low button: gpiomon must see a RISING
# (pressed) then a FALLING (released) edge.
gpiomon --bias=pull-up --active-low --num-events=2 "$GPIOSIM_DEV" 0 >/tmp/mon1 2>&1 &
mon=$!
gpiosim_wait_requested 0
gpiosim_press 0
check "line reads low while pressed" test "$(gpiosim_value 0)" = 0
usleep 100000
gpiosim_release 0
wait $mon
cat /tmp/mon1
check "gpiomon saw RISING on press" grep -q 'RISING EDGE offset: 0' /tmp/mon1
check "gpiomon saw FALLING on release" grep -q 'FALLING EDGE offset: 0' /tmp/mon1

# Bounce: 6 flips back to back. gpiomon timestamps each edge; the whole burst
# should fit well inside a 10 ms debounce window.
gpiomon --bias=pull-up --active-low --num-events=6 "$GPIOSIM_DEV" 0 >/tmp/mon2 2>&1 &
mon=$!
gpiosim_wait_requested 0
gpiosim_bounce 0 6
wait $mon
span_us=$(awk -F'[][]' '/EDGE/ { t = $2 + 0; if (!n++) first = t; if (n > 1) printf "bounce: edge %d +%.0f us\n", n, (t - prev) * 1e6 > "/dev/stderr"; prev = t }
  END { printf "%.0f", (prev - first) * 1e6 }' /tmp/mon2)
echo "bounce: $(grep -c EDGE /tmp/mon2) edges spanning $span_us us"
check "6 bounce flips gave 6 edges" test "$(grep -c EDGE /tmp/mon2)" = 6
check "bounce burst within 10 ms" test "$span_us" -lt 10000
gpiosim_remove
check "gpio-sim chip removed" test ! -e "$GPIOSIM_DEV"

echo "== uinput / evdev"
check "/dev/uinput exists" test -c /dev/uinput
check "uinput key round trip through evdev" uinput-key

: >/tmp/evemu
evemu-device /files/smoke-keyboard.evemu >/tmp/evemu 2>&1 &
evemu=$!
i=0; while ! grep -q /dev/input/event /tmp/evemu && [ $i -lt 50 ]; do usleep 100000; i=$((i + 1)); done
cat /tmp/evemu
node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' /tmp/evemu)
check "evemu-device created a keyboard at ${node:-?}" wait_for_path "${node:-/nonexistent}" 2
kill $evemu

echo "smoke: $ACTIONSIM_FAILS failure(s)"
[ "$ACTIONSIM_FAILS" = 0 ]
