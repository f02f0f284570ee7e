# Helpers for guest scripts run by run-guest.sh. It is copied into the
# initramfs as /lib/actionsim-test.sh ($ACTIONSIM_TEST_LIB); source it with
#   . /lib/actionsim-test.sh
# It runs under busybox sh, so: POSIX sh only, no bash-isms.
#
# Buttons are modelled as active-low with a pull-up: released = pull-up
# (line reads 1), pressed = pull-down (line reads 0), as on real hardware
# where the button shorts the line to ground.

GPIOSIM_CONFIGFS=/sys/kernel/config/gpio-sim

# gpiosim_make_chip NAME LINE_NAME...
# Creates and enables a gpio-sim chip with one bank whose lines carry the
# given names (line 0 = first name). Sets GPIOSIM_NAME, GPIOSIM_DEV
# (/dev/gpiochipN), GPIOSIM_CHIP (gpiochipN) and GPIOSIM_SYSFS (the dir holding
# sim_gpio<N>/pull and value), and prints GPIOSIM_DEV. Call it directly, not in
# $(...), or the variables are lost with the subshell. All lines start released.
gpiosim_make_chip() {
  _name=$1; shift
  _dir=$GPIOSIM_CONFIGFS/$_name
  mkdir "$_dir" "$_dir/bank0" || return 1
  echo $# > "$_dir/bank0/num_lines"
  _i=0
  for _line in "$@"; do
    mkdir "$_dir/bank0/line$_i"
    echo "$_line" > "$_dir/bank0/line$_i/name"
    _i=$((_i + 1))
  done
  echo 1 > "$_dir/live" || return 1
  GPIOSIM_NAME=$_name
  GPIOSIM_CHIP=$(cat "$_dir/bank0/chip_name")
  GPIOSIM_DEV=/dev/$GPIOSIM_CHIP
  GPIOSIM_SYSFS=/sys/devices/platform/$(cat "$_dir/dev_name")/$GPIOSIM_CHIP
  export GPIOSIM_NAME GPIOSIM_CHIP GPIOSIM_DEV GPIOSIM_SYSFS
  # devtmpfs creates the node from a kernel thread: it may lag a little.
  wait_for_path "$GPIOSIM_DEV" || { echo "gpiosim: $GPIOSIM_DEV never appeared" >&2; return 1; }
  _i=0
  while [ $_i -lt $# ]; do gpiosim_release $_i; _i=$((_i + 1)); done
  echo "$GPIOSIM_DEV"
}

# gpiosim_make_pi_chip: a gpio-sim chip that looks like a Raspberry Pi's: label pinctrl-bcm2835, 28 lines named
# GPIO0..GPIO27, so the shipped devices/raspberry-pi-gpio.yaml runs unchanged.
gpiosim_make_pi_chip() {
  _dir=$GPIOSIM_CONFIGFS/pi
  mkdir "$_dir" "$_dir/bank0"
  echo 28 > "$_dir/bank0/num_lines"
  echo pinctrl-bcm2835 > "$_dir/bank0/label"
  _i=0
  while [ $_i -lt 28 ]; do
    mkdir "$_dir/bank0/line$_i"
    echo "GPIO$_i" > "$_dir/bank0/line$_i/name"
    _i=$((_i + 1))
  done
  echo 1 > "$_dir/live"
  GPIOSIM_NAME=pi
  GPIOSIM_CHIP=$(cat "$_dir/bank0/chip_name")
  GPIOSIM_DEV=/dev/$GPIOSIM_CHIP
  GPIOSIM_SYSFS=/sys/devices/platform/$(cat "$_dir/dev_name")/$GPIOSIM_CHIP
  wait_for_path "$GPIOSIM_DEV"
  gpiosim_release 17
  gpiosim_release 27
}

# gpiosim_press LINE / gpiosim_release LINE: move an active-low button.
gpiosim_press()   { echo pull-down > "$GPIOSIM_SYSFS/sim_gpio$1/pull"; }
gpiosim_release() { echo pull-up > "$GPIOSIM_SYSFS/sim_gpio$1/pull"; }

# gpiosim_value LINE: print the line's physical level (0 = pressed).
gpiosim_value() { cat "$GPIOSIM_SYSFS/sim_gpio$1/value"; }

# gpiosim_bounce LINE N: flip the pull N times back to back, starting from
# the opposite of its current state: contact bounce within a few ms. An odd N
# ends in the opposite state (e.g. released -> pressed), an even N where it
# began. Only shell builtins in the loop, so no fork slows the flips down.
gpiosim_bounce() {
  _f=$GPIOSIM_SYSFS/sim_gpio$1/pull
  read -r _p < "$_f"
  _n=$2
  while [ "$_n" -gt 0 ]; do
    if [ "$_p" = pull-up ]; then _p=pull-down; else _p=pull-up; fi
    echo $_p > "$_f"
    _n=$((_n - 1))
  done
}

# gpiosim_wait_requested LINE [TIMEOUT_SECS]: wait until some process (the
# program under test) has requested the line, so presses are not made before
# anyone listens. Uses the gpiolib debugfs list, where requested lines show a
# "name|consumer" pair. Default timeout 10 s.
gpiosim_wait_requested() {
  _tries=$(( ${2:-10} * 20 ))
  while [ "$_tries" -gt 0 ]; do
    awk -v chip="$GPIOSIM_CHIP:" -v idx="$1" '
      $1 == chip { split($3, r, "-"); base = r[1]; mine = 1; next }
      /^gpiochip/ { mine = 0 }
      mine && $1 == "gpio-" (base + idx) && /\|/ { found = 1 }
      END { exit !found }' /sys/kernel/debug/gpio && return 0
    usleep 50000
    _tries=$((_tries - 1))
  done
  echo "gpiosim: line $1 of $GPIOSIM_CHIP was never requested" >&2
  return 1
}

# gpiosim_remove [NAME]: take the chip offline and delete it (default: the
# last one made). Lines must no longer be requested.
gpiosim_remove() {
  _dir=$GPIOSIM_CONFIGFS/${1:-$GPIOSIM_NAME}
  echo 0 > "$_dir/live"
  for _l in "$_dir"/bank0/line*; do [ -d "$_l" ] && rmdir "$_l"; done
  rmdir "$_dir/bank0" "$_dir"
}

# wait_for_path PATH [TIMEOUT_SECS]: wait until PATH exists (device nodes
# appear asynchronously through devtmpfs). Default timeout 5 s.
wait_for_path() {
  _tries=$(( ${2:-5} * 100 ))
  while [ ! -e "$1" ] && [ "$_tries" -gt 0 ]; do usleep 10000; _tries=$((_tries - 1)); done
  [ -e "$1" ]
}

# first_match GLOB [TIMEOUT_SECS]: wait until a file matches GLOB (a run's log, named when
# it opens), and print the first that does. Default 30 s.
first_match() {
  _tries=$(( ${2:-30} * 20 ))
  while ! ls $1 > /dev/null 2>&1 && [ "$_tries" -gt 0 ]; do usleep 50000; _tries=$((_tries - 1)); done
  ls $1 2>/dev/null | head -n 1
}

# wait_for_gone PATH [TIMEOUT_SECS]: wait until PATH no longer exists. Default 5 s.
wait_for_gone() {
  _tries=$(( ${2:-5} * 100 ))
  while [ -e "$1" ] && [ "$_tries" -gt 0 ]; do usleep 10000; _tries=$((_tries - 1)); done
  [ ! -e "$1" ]
}

# wait_for_text FILE TEXT [TIMEOUT_SECS]: wait until FILE contains TEXT (a program's
# output saying it is ready). Default timeout 10 s; fails if it never does.
wait_for_text() {
  _tries=$(( ${3:-10} * 20 ))
  while ! grep -q "$2" "$1" 2>/dev/null && [ "$_tries" -gt 0 ]; do usleep 50000; _tries=$((_tries - 1)); done
  grep -q "$2" "$1" 2>/dev/null
}

# wait_for_count FILE PATTERN N [TIMEOUT_SECS]: wait until N lines of FILE hold PATTERN
# (events or warnings a program wrote). Default timeout 60 s; fails if they never come.
wait_for_count() {
  _tries=$(( ${4:-60} * 20 ))
  while [ "$(grep -c "$2" "$1" 2>/dev/null)" -lt "$3" ] 2>/dev/null && [ "$_tries" -gt 0 ]; do
    usleep 50000; _tries=$((_tries - 1))
  done
  [ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "$3" ] 2>/dev/null
}

# wait_for_release_after LOG MS [TIMEOUT_SECS]: wait until a run's JSON log (its header
# has monotonic_origin) holds an accepted up edge of Action whose kernel time is at or after
# uptime MS (20 ms of slack): the release made then has been read. Fails if it never comes.
wait_for_release_after() {
  _tries=$(( ${3:-60} * 20 ))
  while [ "$_tries" -gt 0 ]; do
    awk -v ms="$2" '
      /"event":"log-start"/ { if (match($0, /"monotonic_origin":[0-9.]+/)) origin = substr($0, RSTART + 19, RLENGTH - 19) + 0 }
      /"event":"edge","button":"action","edge":"up"/ {
        if (match($0, /"t":[0-9.]+/) && (substr($0, RSTART + 4, RLENGTH - 4) + origin) * 1000 >= ms - 20) found = 1
      }
      END { exit !found }' "$1" 2>/dev/null && return 0
    usleep 50000; _tries=$((_tries - 1))
  done
  return 1
}

# wait_for_unplugged ERR N [TIMEOUT_SECS]: wait until a run's standard error says for the Nth
# time that its input device is gone (an injector ended): it has read every event the device
# sent before it went, so it may be stopped now. Instead of a fixed pause before SIGTERM.
wait_for_unplugged() {
  wait_for_count "$1" "lost (unplugged)" "$2" "${3:-60}" \
    || echo "wait_for_unplugged: $1 never said its device was lost $2 time(s)" >&2
}

# emit NAME FILE: print FILE between markers, for the host to take back out of the
# guest's console output.
emit() {
  echo "ACTIONSIM-FILE-BEGIN $1"
  cat "$2"
  echo "ACTIONSIM-FILE-END $1"
}

# node_of FILE: the /dev/input/eventN a uinput helper's output says it created.
node_of() { sed -n 's/.*created \(\/dev\/input\/event[0-9]*\).*/\1/p' "$1" | head -n 1; }

# uptime_ms: milliseconds since boot (CLOCK_BOOTTIME, which no wall-clock change moves).
uptime_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }

# check DESCRIPTION COMMAND...: run COMMAND, print PASS/FAIL, count failures.
ACTIONSIM_FAILS=0
check() {
  _what=$1; shift
  if "$@"; then echo "PASS: $_what"
  else echo "FAIL: $_what"; ACTIONSIM_FAILS=$((ACTIONSIM_FAILS + 1)); fi
}

# wait_for_stopped PID [TIMEOUT_SECS]: wait until a process SIGSTOP was sent to is stopped
# (state T in /proc/PID/stat): the signal is delivered when the process next runs, not when
# kill returns. Default 10 s; fails if it never stops.
wait_for_stopped() {
  _tries=$(( ${2:-10} * 100 ))
  while [ "$(sed 's/.*) \(.\).*/\1/' /proc/$1/stat 2>/dev/null)" != T ] && [ "$_tries" -gt 0 ]; do
    usleep 10000; _tries=$((_tries - 1))
  done
  [ "$(sed 's/.*) \(.\).*/\1/' /proc/$1/stat 2>/dev/null)" = T ]
}

# go FILE: tell an injector started with --start-when FILE that its readers are ready.
go() { touch "$1"; }

# wait_for_open PID PATH [TIMEOUT_SECS]: wait until process PID holds PATH open (a reader
# such as evemu-record has opened the device node). Default 30 s; fails if it never does.
wait_for_open() {
  _tries=$(( ${3:-30} * 100 ))
  while ! ls -l /proc/$1/fd 2>/dev/null | grep -q " $2\$" && [ "$_tries" -gt 0 ]; do
    usleep 10000; _tries=$((_tries - 1))
  done
  ls -l /proc/$1/fd 2>/dev/null | grep -q " $2\$"
}
