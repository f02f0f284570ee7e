# Guest script of the live-path benchmark (live-bench.sh boots it with Tests/kernel/run-guest.sh):
# press-to-dispatch latency from the kernel's event time, through gpio-sim and through a
# uinput device, for actionsim and for latency-reader (the bare read of the same device).
#   guest-latency.sh PRESSES
# Each path is measured alone, baseline first, with the same presses 150 ms apart (a lap
# takes 80 ms: every press is performed but those during the 1.2 s start). Results come back between
# ACTIONSIM-FILE markers: latencies in ns (the baseline) or the session log's intent lines.
. /lib/actionsim-test.sh

PRESSES=${1:-200}
APP=/files/trailrunner.yaml


# gpio_presses N: N presses of line 17 (held 50 ms), 150 ms apart.
gpio_presses() {
  _n=$1
  while [ "$_n" -gt 0 ]; do
    gpiosim_press 17; usleep 50000; gpiosim_release 17; usleep 100000
    _n=$((_n - 1))
  done
}

gpiosim_make_pi_chip

echo "== gpio-sim: the bare read (latency-reader gpio)"
latency-reader gpio "$GPIOSIM_DEV" 17 "$PRESSES" > /tmp/bare-gpio.txt 2>&1 &
reader=$!
wait_for_text /tmp/bare-gpio.txt "requested line"
gpio_presses "$PRESSES"
wait $reader
grep -v latency-reader /tmp/bare-gpio.txt > /tmp/bare-gpio.ns

echo "== gpio-sim: actionsim run --device raspberry-pi-gpio.yaml"
actionsim run --device /files/raspberry-pi-gpio.yaml --app $APP --first-press running --no-store \
  --log-dir /tmp/lat/gpio --json > /dev/null 2> /tmp/as-gpio.err < /dev/null &
run=$!
gpiosim_wait_requested 17 && gpiosim_wait_requested 27
gpio_presses 1        # starts the workout (1.2 s)
sleep 2
gpio_presses "$PRESSES"
grep -E 'VmHWM|RssAnon|RssFile|RssShmem' /proc/$run/status > /tmp/as-gpio.mem
kill -TERM $run; wait $run
grep '"event":"intent-performing"' /tmp/lat/gpio/*.jsonl > /tmp/as-gpio.jsonl

echo "== uinput: the bare read (latency-reader evdev)"
START_DELAY_MS=2000 uinput-buttons press "bench bare" "$PRESSES" 150 50 > /tmp/inject-bare.out 2>&1 &
inject=$!
wait_for_text /tmp/inject-bare.out "created /dev/input/event"
latency-reader evdev "$(node_of /tmp/inject-bare.out)" "$PRESSES" > /tmp/bare-evdev.ns 2> /tmp/bare-evdev.err
wait $inject

echo "== uinput: actionsim run --device gpio-key-overlay.yaml"
START_DELAY_MS=3000 uinput-buttons press "bench actionsim" "$((PRESSES + 10))" 150 50 > /tmp/inject-as.out 2>&1 &
inject=$!
wait_for_text /tmp/inject-as.out "created /dev/input/event"
actionsim run --device /files/gpio-key-overlay.yaml --input "$(node_of /tmp/inject-as.out)" --app $APP \
  --first-press running --no-store --log-dir /tmp/lat/evdev --json > /dev/null 2> /tmp/as-evdev.err < /dev/null &
run=$!
wait $inject
grep -E 'VmHWM|RssAnon|RssFile|RssShmem' /proc/$run/status > /tmp/as-evdev.mem
kill -TERM $run; wait $run
grep '"event":"intent-performing"' /tmp/lat/evdev/*.jsonl > /tmp/as-evdev.jsonl

for f in bare-gpio.ns as-gpio.jsonl as-gpio.mem bare-evdev.ns as-evdev.jsonl as-evdev.mem; do emit "$f" "/tmp/$f"; done
echo "guest-latency: done"
