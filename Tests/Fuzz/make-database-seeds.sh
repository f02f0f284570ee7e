#!/usr/bin/env bash
# Makes the seed corpus of the session-database fuzzer: small stores as actionsim writes
# them (an empty one, an ended workout, a dive, a session left active by a killed run),
# rewritten with 512-byte pages so that libFuzzer's mutations land on the structure.
# Usage: Tests/Fuzz/make-database-seeds.sh path/to/actionsim   (from the repository root)
set -euo pipefail
actionsim=${1:-.build/debug/actionsim}
out=Tests/Fuzz/corpus/session-database
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/run.yaml" <<'YAML'
app: {app: Runner, workout-kinds: {running: Running}, intents: [
  {name: StartIntent, role: start-workout, perform: {takes: 1s}},
  {name: LapIntent, role: action, perform: {takes: 50ms, marks: lap}}],
  donations: [{when: session-started, donate: LapIntent}]}
settings: {action: workout, first-press: running}
steps:
  - {at: 0s, gesture: press}
  - {at: 5s, gesture: press}
  - {at: 8s, gesture: both}
  - {at: 10s, gesture: both}
  - {at: 12s, end: session}
YAML
cat > "$work/dive.yaml" <<'YAML'
app: {app: Diver, intents: [
  {name: StartDiveIntent, role: start-dive, perform: {takes: 400ms, starts-session: true, result-donates: SnapIntent}},
  {name: SnapIntent, role: action, perform: {takes: 50ms, marks: snapshot}}]}
settings: {action: dive, app: Diver}
sensors: {dive: {profile: [{at: 0s, depth: 0}, {at: 5s, depth: 6}, {at: 10s, depth: 1}]}}
steps:
  - {at: 0s, gesture: press}
  - {at: 4s, gesture: press}
  - {at: 12s, end: session}
YAML

shrink() {  # one file, 512-byte pages, no WAL beside it
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA journal_mode = DELETE")
db.execute("PRAGMA page_size = 512")
db.execute("VACUUM")
db.close()
import shutil; shutil.copy(sys.argv[1], sys.argv[2])
PY
}

"$actionsim" sessions --db "$work/empty.sqlite" > /dev/null
shrink "$work/empty.sqlite" "$out/empty.sqlite"
"$actionsim" replay "$work/run.yaml" --no-log --db "$work/workout.sqlite" > /dev/null
shrink "$work/workout.sqlite" "$out/workout-ended.sqlite"
"$actionsim" replay "$work/dive.yaml" --no-log --db "$work/dive.sqlite" > /dev/null
shrink "$work/dive.sqlite" "$out/dive-ended.sqlite"
cp "$work/workout.sqlite" "$work/active.sqlite"
python3 - "$work/active.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE sessions SET status = 'active', end_t = NULL, pid = 2147483000")
db.execute("DELETE FROM events WHERE kind = 'ended'")
db.commit()
PY
shrink "$work/active.sqlite" "$out/workout-active.sqlite"
ls -l "$out"
