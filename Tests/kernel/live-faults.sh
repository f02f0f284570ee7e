# Guest script: faults and load in actionsim's live path, on a real kernel. Run by
# test-kernel.sh as
#   run-guest.sh --file actionsim --file uinput-buttons --file <profile, apps, scenarios> live-faults.sh WHAT LOAD_SECONDS
# WHAT is "all" (a full log disk, clock jumps, then the load) or "load" (the load only, for
# `make test-long`). The load is 1,000 edges a second for LOAD_SECONDS through a uinput
# device. The guest drives and collects; test-kernel.sh checks the logs on the host.
. /lib/actionsim-test.sh

WHAT=${1:-all}
LOAD_SECONDS=${2:-5}

PROFILE=/files/gpio-key-overlay.yaml
mkdir -p /tmp/logs

if [ "$WHAT" = all ]; then
  echo "== fault: the log directory's disk fills up during a session"
  mkdir -p /tmp/full
  # Two pages: one for a filler file, one for the log's first few kilobytes.
  mount -t tmpfs -o size=8k tmpfs /tmp/full
  head -c 4096 /dev/zero > /tmp/full/filler
  # The presses start half a second after actionsim says it has the device: an 18 MB
  # executable in an emulated CPU on a busy host took over 4 s to open it, and a press
  # before that is never seen (a fixed 4 s delay lost the first press in CI).
  START_AFTER_FILE=/tmp/full-go START_DELAY_MS=500 uinput-buttons press "actionsim full disk" 12 400 60 > /tmp/full-inject.out 2>&1 &
  inject=$!
  wait_for_text /tmp/full-inject.out "created /dev/input/event"
  actionsim run /files/sensors-10hz.yaml --device $PROFILE --input "$(node_of /tmp/full-inject.out)" \
    --log-dir /tmp/full --data-dir /tmp/store-full --json > /tmp/full.out 2> /tmp/full.err < /dev/null &
  run=$!
  check "run opened the device before the first press" wait_for_text /tmp/full.err "live loop at nice" 60
  touch /tmp/full-go
  wait $inject
  wait_for_unplugged /tmp/full.err 1
  kill -TERM $run
  wait $run
  check "run exits 0 although its log could not be written" test $? = 0
  df -k /tmp/full > /tmp/full-df.txt
  emit full.out /tmp/full.out
  emit full.err /tmp/full.err
  emit full-log.jsonl "$(ls /tmp/full/*.jsonl | head -n 1)"
  actionsim sessions --data-dir /tmp/store-full > /tmp/full-sessions.txt 2>&1
  emit full-sessions.txt /tmp/full-sessions.txt
  # With room again, the next start reports the log that lost its end.
  rm /tmp/full/filler
  actionsim run --app /files/trailrunner.yaml --no-store --log-dir /tmp/full --json > /dev/null 2> /tmp/full-next.err < /dev/null
  emit full-next.err /tmp/full-next.err

  echo "== fault: the wall clock jumps an hour forward, then two hours back, during sessions"
  # A: a start intent that takes 31 s, so the 30 s start deadline fires (A5).
  # B: TrailRunner sampled at 1 Hz, presses and a hold played across the jumps.
  actionsim inject --device-name "actionsim jump A" --delay 0s --start-when /tmp/jump-go --keep 1s /files/udev-probe.yaml > /tmp/jumpA-inject.out 2>&1 &
  injectA=$!
  actionsim inject --device-name "actionsim jump B" --delay 0s --start-when /tmp/jump-go /files/inject-clock-jump.yaml > /tmp/jumpB-inject.out 2>&1 &
  injectB=$!
  wait_for_text /tmp/jumpA-inject.out "created /dev/input/event"
  wait_for_text /tmp/jumpB-inject.out "created /dev/input/event"
  actionsim run --device $PROFILE --input "$(node_of /tmp/jumpA-inject.out)" --app /files/slow-starter.yaml \
    --no-store --log-dir /tmp/logs/jumpA --json > /dev/null 2> /tmp/jumpA.err < /dev/null &
  runA=$!
  actionsim run /files/sensors-1hz.yaml --device $PROFILE --input "$(node_of /tmp/jumpB-inject.out)" \
    --no-store --log-dir /tmp/logs/jumpB --json > /dev/null 2> /tmp/jumpB.err < /dev/null &
  runB=$!
  start_ms=$(uptime_ms)
  # Both injectors play once both runs read their devices.
  wait_for_text /tmp/jumpA.err "live loop at nice" 60 || echo "run A never started its loop" >&2
  wait_for_text /tmp/jumpB.err "live loop at nice" 60 || echo "run B never started its loop" >&2
  go /tmp/jump-go
  # The clock jumps once both runs are under way: A's start intent performing (its deadline
  # pending), B sampling; the back jump once B has sampled three times since the forward one.
  logA=$(first_match '/tmp/logs/jumpA/*.jsonl'); logB=$(first_match '/tmp/logs/jumpB/*.jsonl')
  wait_for_text "$logA" '"event":"intent-performing"' 60 || echo "run A's start intent never ran" >&2
  wait_for_count "$logB" '"event":"sample"' 3 60 || echo "run B never sampled" >&2
  before=$(date +%s); date -s "@$((before + 3600))" > /dev/null; after=$(date +%s)
  echo "forward: wall clock $before -> $after at uptime $(uptime_ms) ms" | tee /tmp/jumps.txt
  sampled=$(grep -c '"event":"sample"' "$logB")
  wait_for_count "$logB" '"event":"sample"' $((sampled + 3)) 60 || echo "run B stopped sampling after the forward jump" >&2
  before=$(date +%s); date -s "@$((before - 7200))" > /dev/null; after=$(date +%s)
  echo "back: wall clock $before -> $after at uptime $(uptime_ms) ms" | tee -a /tmp/jumps.txt
  wait $injectB
  wait_for_unplugged /tmp/jumpB.err 1
  # The host checks the samples' spacing over more than eight of them: wait for nine.
  wait_for_count "$(ls /tmp/logs/jumpB/*.jsonl | head -n 1)" '"event":"sample"' 9 60 || echo "run B logged fewer than 9 samples" >&2
  kill -TERM $runB
  wait $runB
  check "run B exits 0 after the clock jumps" test $? = 0
  wait_for_text /tmp/logs/jumpA/*.jsonl '"start-deadline"' 40
  echo "start deadline seen $(( $(uptime_ms) - start_ms )) ms after run A started (monotonic)" | tee -a /tmp/jumps.txt
  wait $injectA
  kill -TERM $runA
  wait $runA
  check "run A exits 0 after the clock jumps" test $? = 0
  emit jumps.txt /tmp/jumps.txt
  emit jumpA.err /tmp/jumpA.err
  emit jumpB.err /tmp/jumpB.err
  emit jumpA.jsonl "$(ls /tmp/logs/jumpA/*.jsonl | head -n 1)"
  emit jumpB.jsonl "$(ls /tmp/logs/jumpB/*.jsonl | head -n 1)"
fi

# The overlay's keys with a 2 ms debounce (P2): edges of one button 1 ms apart are bounces,
# so the load also exercises dropping, and each drop must be logged with its reason.
printf 'name: load test (KEY_PROG1, KEY_PROG2, 2 ms debounce)\nkind: evdev\nbuttons: {action: KEY_PROG1, side: KEY_PROG2}\nrecognizer: {debounce: 2ms}\n' \
  > /files/load-profile.yaml

# load NAME SECONDS [RUN OPTIONS...]: 1,000 edges a second for SECONDS into `actionsim run`,
# memory sampled once a second; sends back NAME-counts.txt (the log counted here: a minute's
# log is tens of megabytes), NAME-inject.out, NAME-rss.txt, NAME-warnings.txt, NAME.err.
load() {
  _name=$1; _seconds=$2; shift 2
  echo "== load ($_name): 1000 edges a second for $_seconds s through uinput (Action two times in three, else side)"
  rm -f /tmp/$_name-go
  SCHEDULE=/tmp/$_name-schedule.txt START_AFTER_FILE=/tmp/$_name-go START_DELAY_MS=500 KEEP_MS=2000 uinput-buttons mash "actionsim $_name" 1000 "$_seconds" 7 \
    > /tmp/$_name-inject.out 2>&1 &
  _inject=$!
  wait_for_text /tmp/$_name-inject.out "created /dev/input/event"
  _start=$(uptime_ms)
  actionsim run --device /files/load-profile.yaml --input "$(node_of /tmp/$_name-inject.out)" --app /files/trailrunner.yaml \
    --first-press running --log-dir /tmp/logs/$_name "$@" --json > /dev/null 2> /tmp/$_name.err < /dev/null &
  _run=$!
  # The edges start half a second after the run says it has the device (see the full disk).
  wait_for_text /tmp/$_name.err "live loop at nice" 60
  touch /tmp/$_name-go
  _go=$(uptime_ms)
  # kB once a second while the edges come in (not once the device is unplugged at the end):
  # uptime, VmRSS, RssAnon, VmHWM.
  : > /tmp/$_name-rss.txt
  _end=$((_go + 500 + _seconds * 1000))
  _said=$_go
  while kill -0 $_inject 2>/dev/null && [ "$(uptime_ms)" -lt "$_end" ]; do
    awk -v t="$(uptime_ms)" '/^VmRSS/ { rss = $2 } /^RssAnon/ { anon = $2 } /^VmHWM/ { hwm = $2 } END { if (rss) print t, rss, anon, hwm }' \
      /proc/$_run/status >> /tmp/$_name-rss.txt 2>/dev/null
    # A line every 20 s: run-guest.sh takes a console silent for long for a stalled guest.
    if [ $(( $(uptime_ms) - _said )) -ge 20000 ]; then
      _said=$(uptime_ms)
      echo "load ($_name): $(( (_said - _go) / 1000 )) s of $_seconds"
    fi
    sleep 1
  done
  wait $_inject
  wait_for_unplugged /tmp/$_name.err 1
  kill -TERM $_run
  wait $_run
  check "run exits 0 after the load ($_name)" test $? = 0
  echo "load: $(( $(uptime_ms) - _start )) ms from the run's start to its exit" | tee -a /tmp/$_name-inject.out
  _log=$(ls /tmp/logs/$_name/*.jsonl | head -n 1)
  {
    count() { echo "$1 $(grep -c "$2" "$_log")"; }
    count edges '"event":"edge"'
    count dropped '"event":"edge-dropped"'
    count bounces '"reason":"bounce"'
    count unchanged '"reason":"unchanged"'
    count gestures '"event":"gesture"'
    count performing '"event":"intent-performing"'
    count ignored '"event":"ignored"'
    count ignored_busy '"event":"ignored".*"reason":"busy'
    count resynced '"step":"resynced'
    count syn_dropped '"code":"evdev-events-dropped"'
    count warnings '"event":"warning"'
    count samples '"event":"sample"'
    echo "lines $(wc -l < "$_log")"
    echo "footer_events $(tail -n 1 "$_log" | sed -n 's/.*"event":"log-end","events":\([0-9]*\).*/\1/p')"
  } > /tmp/$_name-counts.txt
  echo "load ($_name): checking every logged edge against the schedule"
  # Every logged edge against the writer's schedule (the log is too big to send back). A bounce
  # is logged at its own kernel time; a burst's settled level (an edge, or an unchanged drop)
  # at its last edge's time plus the 2 ms debounce: each must be a written edge of that button
  # and direction whose kernel time lies between the writer's clock reads around it.
  awk -v D=0.002 '
    # The schedule is in time order and so are the logged times: search from the last match.
    function find(b, d, T,   i) {
      i = p[b] > 0 ? p[b] : 1
      while (i <= n[b] && hi[b, i] < T - 0.000001) i++
      if (i <= n[b] && lo[b, i] <= T + 0.000001 && dn[b, i] == d) { p[b] = i; return 1 }
      return 0
    }
    # The written edges of button b around time T, for an unmatched line.
    function near(b, T,   i, j, out) {
      i = p[b] > 0 ? p[b] : 1
      while (i < n[b] && hi[b, i + 1] < T) i++
      out = "written near it:"
      for (j = (i > 1 ? i - 1 : 1); j <= i + 1 && j <= n[b]; j++) out = out sprintf(" %s %.6f-%.6f", dn[b, j] ? "down" : "up", lo[b, j], hi[b, j])
      return out
    }
    FNR == NR { n[$1]++; lo[$1, n[$1]] = $3 / 1e9; hi[$1, n[$1]] = $4 / 1e9; dn[$1, n[$1]] = $2; next }
    function field(name,   m) {
      if (!match($0, "\"" name "\":(\"[^\"]*\"|[-0-9.e]+)")) return ""
      m = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3); gsub(/"/, "", m); return m
    }
    /"monotonic_origin"/ { origin = field("monotonic_origin") + 0 }
    /"event":"edge"/ || /"event":"edge-dropped"/ {
      b = field("button") == "side" ? 1 : 0; d = field("edge") == "down" ? 1 : 0
      T = origin + field("t"); if (field("reason") != "bounce") T -= D
      if (find(b, d, T)) { matched++ }
      else if (late[b] > 0 && find(b, d, T - late[b])) { matched++; lateMatched++ }
      else { unmatched++; if (shown++ < 5) print "unmatched: " $0 " (its edge at " sprintf("%.6f", T) " s; " near(b, T) ")" }
      # A late edge has up to two lines, both counted at the late time: its own if it is a
      # bounce, then its burst settling (unless a later edge of the burst, read in time, takes
      # over). So its note holds for the next two lines of that button.
      if (late[b] > 0 && ++lateLines[b] >= 2) late[b] = 0
    }
    # An edge read after the session had passed its time (a wake-up late, or after a report
    # of an intent that came later) is counted and logged at the latest time of the session,
    # with a note giving how late; the same for an edge whose debounce settled after a later
    # report was logged.
    /"event":"step"/ && (/read late: / || /logged late: /) {
      split(substr($0, index($0, " late: ") + 7), w, " ")
      b = w[1] == "side" ? 1 : 0; late[b] = w[6] + 0; lateLines[b] = 0
    }
    END { if (lateMatched) printf "late %d edges logged after their time (read late, or settled after a later report), matched at the time their note gives\n", lateMatched
      printf "schedule %d edges written; log %d matched, %d unmatched\n", n[0] + n[1], matched, unmatched + 0 }
  ' /tmp/$_name-schedule.txt "$_log" > /tmp/$_name-schedule-check.txt
  tail -n 1 /tmp/$_name-schedule-check.txt >> /tmp/$_name-counts.txt
  cat /tmp/$_name-counts.txt
  emit "$_name-schedule-check.txt" /tmp/$_name-schedule-check.txt
  grep '"event":"warning"' "$_log" | head -n 20 > /tmp/$_name-warnings.txt
  for _f in counts.txt warnings.txt inject.out rss.txt; do emit "$_name-$_f" "/tmp/$_name-$_f"; done
  emit "$_name.err" "/tmp/$_name.err"
  rm -rf /tmp/logs/$_name
}

# With the session store, as a user runs it.
load load "$LOAD_SECONDS" --data-dir /tmp/store-load
# The long run again without the store, whose SQLite page cache grows (up to its 2 MiB) with
# the database: what is left must not grow at all.
if [ "$WHAT" = load ]; then load load-nostore $((LOAD_SECONDS / 2)) --no-store; fi

echo "live-faults: $ACTIONSIM_FAILS failure(s) in the guest"
[ "$ACTIONSIM_FAILS" = 0 ]
