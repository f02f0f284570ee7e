# Host-side checks of what live-faults.sh sent back; sourced by test-kernel.sh, whose
# check, jq_is, $out, $long and fails it uses. Bash.

f=$out/files

if ! $long; then
  echo "== fault: the log directory's disk fills up (an 8 KiB tmpfs) during a session"
  for name in full.out full.err full-log.jsonl full-next.err; do
    [[ -s $f/$name ]] || { echo "FAIL: the guest sent no $name"; fails=$((fails + 1)); }
  done
  if [[ -s $f/full.err && -s $f/full.out ]]; then
    check "the failure is said the moment it happens, with the path and the errno" \
      grep -qE '^warning: cannot write the session log /tmp/full/[^ ]+\.jsonl: .*[Nn]o space left on device.*; the session goes on in memory \(standard output and the session store still get every event\), the log stops here$' "$f/full.err"
    check "and again at the end: how many events the log has of how many (fewer than all)" bash -c '
      line=$(grep -E "^warning: the session log /tmp/full/[^ ]+ holds the first [0-9]+ of [0-9]+ events only \(.*\); the run went on in memory: standard output and the session store have every event$" "$1") || exit 1
      read -r kept all < <(sed -E "s/.* holds the first ([0-9]+) of ([0-9]+) events.*/\1 \2/" <<< "$line")
      [ "$kept" -lt "$all" ]' _ "$f/full.err"
    # The session went on: presses after the log stopped were performed; all 12 were handled.
    last_logged=$(jq -rRs '[split("\n")[] | fromjson? | .t // empty] | max' "$f/full-log.jsonl")
    echo "   the log stops at t = $last_logged s; standard output goes on to t = $(jq -rs '[.[] | .t] | max' "$f/full.out") s"
    check "every one of the 12 presses became a gesture, performed or ignored with a reason" jq_is "$f/full.out" \
      '"\([.[] | select(.event == "gesture")] | length) \([.[] | select(.event == "intent-performing" or (.event == "ignored" and .gesture != null))] | length)"' "12 12"
    check "laps were performed after the log stopped" jq_is "$f/full.out" \
      "[.[] | select(.event == \"intent-performing\" and .intent == \"MarkLapIntent\" and .t > $last_logged)] | length > 0" "true"
    samples_out=$(jq -s '[.[] | select(.event == "sample")] | length' "$f/full.out")
    check "the session store has every sample ($samples_out), the log could keep only the first ones" \
      grep -q "session store: /tmp/store-full/actionsim.sqlite (session 1, $samples_out samples;" "$f/full.err"
    check "T4: with room again, the next start reports the log cut short" \
      grep -qE '^warning: session log /tmp/full/[^ ]+ was cut short: it has no log-end footer' "$f/full-next.err"
  fi

  echo "== fault: the wall clock jumps an hour forward, then two hours back"
  for name in jumps.txt jumpA.jsonl jumpB.jsonl; do
    [[ -s $f/$name ]] || { echo "FAIL: the guest sent no $name"; fails=$((fails + 1)); }
  done
  if [[ -s $f/jumps.txt ]]; then
    sed 's/^/   /' "$f/jumps.txt"
    check "the guest's wall clock did jump forward by an hour and back by two" \
      awk '/^forward:/ { f = $6 - $4 } /^back:/ { b = $6 - $4 } END { exit !(f >= 3599 && f <= 3601 && b >= -7201 && b <= -7199) }' "$f/jumps.txt"
  fi
  if [[ -s $f/jumpA.jsonl ]]; then
    check "A5: the 30 s start deadline fired 30 s after the dispatch, on the monotonic clock: neither early nor late" \
      jq_is "$f/jumpA.jsonl" '([.[] | select(.event == "intent-performing")][0].t) as $d
        | [.[] | select(.event == "start-deadline")][0] | "\(.outcome) \(((.t - $d) >= 30) and ((.t - $d) < 30.5))"' "missed true"
    check "A5: the start-deadline error was shown" jq_is "$f/jumpA.jsonl" \
      '[.[] | select(.event == "error-shown") | .code] | join(",")' "start-deadline"
    check "the log's times never go back (run A)" monotonic_times "$f/jumpA.jsonl"
  fi
  if [[ -s $f/jumpB.jsonl ]]; then
    # P3: a held Action press is a press when the chord window runs out, then a hold at 2 s.
    check "the gestures across the jumps: press, press, a 2.1 s hold (a press, then the hold), press" jq_is "$f/jumpB.jsonl" \
      '[.[] | select(.event == "gesture") | .gesture] | join(",")' "press,press,press,hold,press"
    check "the intents: start, then a lap for each later press; the hold is the Siren" jq_is "$f/jumpB.jsonl" \
      '"\([.[] | select(.event == "intent-performing") | .intent] | join(",")) \([.[] | select(.event == "ignored") | .reason] | join(","))"' \
      "StartTrailWorkoutIntent,MarkLapIntent,MarkLapIntent,MarkLapIntent siren"
    check "the 1 Hz samples stay exactly 1 s apart across both jumps" jq_is "$f/jumpB.jsonl" \
      '[.[] | select(.event == "sample") | .t] as $t | "\($t | length > 8) \([range(1; $t | length) | (($t[.] - $t[. - 1]) * 1e9 | round)] | unique)"' \
      "true [1000000000]"
    check "the log's times never go back (run B)" monotonic_times "$f/jumpB.jsonl"
  fi
fi

# load_checks NAME SECONDS ALLOWED_GROWTH_KB WHY: what live-faults.sh's `load NAME` sent back.
load_checks() {
  local name=$1 seconds=$2 allowed=$3 why=$4
  echo "== load ($name): 1,000 edges a second for $seconds s through uinput"
  for file in counts.txt inject.out rss.txt; do
    [[ -s $f/$name-$file ]] || { echo "FAIL: the guest sent no $name-$file"; fails=$((fails + 1)); }
  done
  if [[ -s $f/$name-counts.txt && -s $f/$name-inject.out ]]; then
    count() { awk -v k="$1" '$1 == k { print $2 }' "$f/$name-counts.txt"; }
    local written
    written=$(sed -n 's/^uinput-buttons: wrote \([0-9]*\) edges.*/\1/p' "$f/$name-inject.out")
    grep -E '^(uinput-buttons: wrote|load:)' "$f/$name-inject.out" | sed 's/^/   /'
    echo "   log: $(count edges) edges, $(count dropped) dropped ($(count bounces) bounce, $(count unchanged) unchanged), $(count gestures) gestures, $(count performing) intents performed, $(count ignored) ignored ($(count ignored_busy) busy), $(count samples) samples, $(count warnings) warnings"
    check "every written edge is in the log, as an edge or a drop with its reason ($written written)" \
      test "$(( $(count edges) + $(count dropped) - $(count resynced) ))" = "${written:-none}"
    local scheduled
    scheduled=$(grep '^schedule ' "$f/$name-counts.txt" || true)
    echo "   $scheduled"
    # Strict: a settled edge is logged at its last edge's kernel time plus the debounce, or
    # carries a note (read late, logged late) giving that time; no edge may be off it.
    check "every logged edge or drop is an edge the writer sent, of that button and direction, at the kernel's time of the write" \
      test "$(echo "$scheduled" | sed -n 's/.* \([0-9]*\) matched, \([0-9]*\) unmatched$/\1 \2/p')" = "$(( $(count edges) + $(count dropped) )) 0"
    if [[ -s $f/$name-schedule-check.txt ]]; then grep -E '^(unmatched|late)' "$f/$name-schedule-check.txt" | sed 's/^/   /' || true; fi
    check "the kernel's buffer never overflowed (no SYN_DROPPED), nothing was resynced" \
      test "$(count syn_dropped) $(count resynced)" = "0 0"
    check "every gesture was performed or ignored with a reason" \
      test "$(( $(count performing) + $(count ignored) ))" = "$(count gestures)"
    check "the log was closed with a footer that counts every event" test "$(count footer_events)" = "$(( $(count lines) - 2 ))"
    if [[ -s $f/$name-warnings.txt ]]; then sed 's/^/   warning: /' "$f/$name-warnings.txt"; fi
  fi
  if [[ -s $f/$name-rss.txt ]]; then
    # kB once a second. The first quarter is start-up (code paged in, buffers grown to the
    # largest batch); after it, private memory may grow by `allowed` kB at most.
    awk '{ n++; rss[n] = $2; anon[n] = $3; hwm[n] = $4 }
      END {
        q = int(n / 4) + 1; max = 0; for (i = q; i <= n; i++) if (anon[i] > max) max = anon[i]
        printf "   memory: private (RssAnon) %d kB after the first quarter, at most %d kB after it, %d kB at the end; RSS %d kB, peak %d kB (%d samples)\n",
          anon[q], max, anon[n], rss[n], hwm[n], n
      }' "$f/$name-rss.txt"
    check "no growth in memory: private memory after the first quarter grows by $allowed kB at most ($why)" \
      awk -v allowed="$allowed" '{ n++; anon[n] = $3 } END { q = int(n / 4) + 1; for (i = q; i <= n; i++) if (anon[i] > anon[q] + allowed) exit 1; exit !(n >= 4) }' "$f/$name-rss.txt"
  fi
}

load_checks load "$load_seconds" 2304 "SQLite's page cache, 2 MiB at most, fills as the store grows; 256 kB more"
if $long; then load_checks load-nostore $((load_seconds / 2)) 256 "no store: nothing may grow"; fi
