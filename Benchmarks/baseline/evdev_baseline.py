#!/usr/bin/env python3
"""The baseline a user would otherwise write: a small Python loop in the style of
python-evdev (`for event in device.read_loop(): if event.type == ecodes.EV_KEY: ...`),
handling the same scenarios as `actionsim-bench`.

It keeps a dict of key states, debounces, decides press / both / hold with a chord
window, keeps the same intent bookkeeping (start intent, next action, busy, laps),
samples heart rate, energy and distance (or depth, pressure and temperature) at 1 Hz
while the session runs, writes every event as a JSON line and stores samples and
events in SQLite (WAL, synchronous=NORMAL, a transaction per 4096 rows).

Modes (the bench runs both and prints the ratios):
  engine  N presses, no I/O: gestures per second through the press logic alone;
  replay  a long session with a press a minute, log and store on.

Prints one JSON object: {"seconds": [...], "gestures": n, "samples": n, "rows": n}.
Only the Python standard library is used; timing excludes interpreter start-up and
building the event list, as the bench excludes parsing the scenario.
"""

import argparse
import json
import math
import os
import random
import sqlite3
import sys
import time

# evdev codes (linux/input-event-codes.h): the Action button as KEY_PROG1, side as KEY_PROG2.
EV_KEY = 0x01
KEY_PROG1 = 148
KEY_PROG2 = 149
BUTTONS = {KEY_PROG1: "action", KEY_PROG2: "side"}

DEBOUNCE = 0.0          # evdev default: keyboards debounce in firmware
CHORD_WINDOW = 0.150
HOLD_TIME = 2.0


class Watch:
    """Key states, the chord and hold logic, and the intent bookkeeping."""

    def __init__(self, app, log=None, store=None, sample_interval=1.0, seed=7):
        self.app = app
        self.log = log
        self.store = store
        self.down = {}              # code -> bool
        self.last_edge = {}         # code -> time of the last accepted edge
        self.action_down_at = None  # an Action press not decided yet
        self.chorded = False
        self.performing = None      # (intent, role, done_at)
        self.session = None
        self.next_action = None
        self.gestures = 0
        self.performed = 0
        self.sample_interval = sample_interval
        self.next_sample = None
        self.session_start = None
        self.rng = random.Random(seed)
        self.model = None

    # -- the log ----------------------------------------------------------------------
    def emit(self, t, event, **fields):
        if self.log is not None:
            fields["t"] = round(t, 9)
            fields["event"] = event
            self.log.write(json.dumps(fields, separators=(",", ":")) + "\n")
        if self.store is not None and event not in ("sample", "edge"):
            self.store.event(t, event, fields.get("intent") or fields.get("gesture") or fields.get("marker") or "")

    # -- evdev events -----------------------------------------------------------------
    def handle(self, t, type_, code, value):
        if type_ != EV_KEY or value == 2:       # autorepeat is not an edge
            return
        self.advance(t)
        button = BUTTONS.get(code)
        if button is None:
            self.emit(t, "ignored", key=code, reason="other-key")
            return
        down = value == 1
        if self.down.get(code, False) == down:
            self.emit(t, "edge-dropped", button=button, edge="down" if down else "up", reason="unchanged")
            return
        last = self.last_edge.get(code)
        if last is not None and t - last < DEBOUNCE:
            self.emit(t, "edge-dropped", button=button, edge="down" if down else "up", reason="bounce")
            return
        self.last_edge[code] = t
        self.down[code] = down
        self.emit(t, "edge", button=button, edge="down" if down else "up")
        if button == "action":
            if down:
                self.action_down_at = t
                self.chorded = False
                other = self.last_edge.get(KEY_PROG2)
                if self.down.get(KEY_PROG2) and other is not None and t - other <= CHORD_WINDOW:
                    self.chorded = True
                    self.gesture("both", t)
            else:
                if self.action_down_at is not None and not self.chorded:
                    self.gesture("press", t)
                self.action_down_at = None
        else:
            if down and self.action_down_at is not None and not self.chorded and t - self.action_down_at <= CHORD_WINDOW:
                self.chorded = True
                self.gesture("both", t)
            elif down and self.action_down_at is None:
                self.gesture("side", t)

    # -- gestures and intents ---------------------------------------------------------
    def gesture(self, kind, t):
        self.gestures += 1
        self.emit(t, "gesture", gesture=kind)
        if kind == "side":
            self.emit(t, "ignored", gesture=kind, reason="side-button")
            return
        if self.performing is not None:
            self.emit(t, "ignored", gesture=kind, reason="busy", busy_with=self.performing[0])
            return
        if self.session is None:
            intent, takes = self.app["start"]
            self.emit(t, "app-launched", app=self.app["name"])
            self.perform(intent, "start", t, takes)
        elif self.next_action is None:
            self.emit(t, "ignored", gesture=kind, reason="no-next-action")
        else:
            intent = self.next_action
            self.perform(intent, "next-action", t, self.app["intents"][intent][0])

    def perform(self, intent, role, t, takes):
        self.performed += 1
        self.emit(t, "intent-performing", intent=intent, role=role, latency=0)
        self.performing = (intent, role, t + takes)
        if takes == 0:
            self.advance(t)

    def advance(self, now):
        """Everything due up to `now`: intents returning, the hold time, sensor ticks."""
        while True:
            due = []
            if self.performing is not None:
                due.append(self.performing[2])
            if self.action_down_at is not None and not self.chorded:
                due.append(self.action_down_at + HOLD_TIME)
            if self.next_sample is not None:
                due.append(self.next_sample)
            if not due or min(due) > now:
                return
            t = min(due)
            if self.performing is not None and self.performing[2] == t:
                self.finish(t)
            elif self.next_sample == t:
                self.sample(t)
                self.next_sample = t + self.sample_interval
            else:
                self.chorded = True
                self.gesture("hold", t)

    def finish(self, t):
        intent, role, _ = self.performing
        self.performing = None
        if role == "start":
            self.session = self.app["kind"]
            self.session_start = t
            self.next_sample = t
            self.model = SensorModel(self.app["kind"], self.rng)
            self.emit(t, "session", change="started", kind=self.session)
            self.emit(t, "state", session="running")
            donated = self.app["donates"]
            self.emit(t, "intent-returned", intent=intent, action_button_intent=donated)
            self.next_action = donated
            self.emit(t, "next-action", intent=donated, cause="result")
            self.emit(t, "start-deadline", intent=intent, outcome="met")
            if self.store is not None:
                self.store.begin(t, self.session)
        else:
            marks = self.app["intents"][intent][1]
            self.emit(t, "marker", marker=marks)
            self.emit(t, "intent-returned", intent=intent, action_button_intent=None)

    def end(self, t):
        self.advance(t)
        if self.session is not None:
            self.emit(t, "session", change="ended")
            self.emit(t, "next-action", intent=None, cause="session-ended")
            self.session = None
            self.next_sample = None
            self.next_action = None

    def sample(self, t):
        values = self.model.step(t - self.session_start, self.sample_interval)
        self.emit(t, "sample", session=self.app["kind"], elapsed=round(t - self.session_start, 9), **values)
        if self.store is not None:
            self.store.sample(t, t - self.session_start, values)


class SensorModel:
    """Heart rate as a first-order lag towards a wandering effort, Keytel energy, distance
    from pace (a workout); or a square dive profile with pressure and a thermocline."""

    def __init__(self, kind, rng):
        self.kind = kind
        self.rng = rng
        self.hr = 60.0
        self.effort = 0.7
        self.energy = 0.0
        self.distance = 0.0

    def step(self, elapsed, dt):
        if self.kind == "workout":
            self.effort = min(0.95, max(0.4, self.effort + self.rng.gauss(0, 0.01)))
            target = 55 + self.effort * (185 - 55)
            self.hr += (target - self.hr) * (1 - math.exp(-dt / 30.0))
            kj_per_min = (-20.4022 + 0.4472 * self.hr - 0.1263 * 62 + 0.074 * 38) / 4.184
            self.energy += max(0.0, kj_per_min) * dt / 60.0
            speed = 2.0 + 1.5 * self.effort
            self.distance += speed * dt
            return {"heart_rate": round(self.hr, 1), "active_energy": self.energy, "distance": self.distance,
                    "speed": speed, "cadence": 150 + 30 * self.effort}
        depth = min(18.0, elapsed / 60.0 * 18.0, max(0.0, (7200 - elapsed) / 60.0 * 9.0))
        pressure = 101.325 + 1025 * 9.80665 * depth / 1000
        temperature = 24 - 8 / (1 + math.exp(-(depth - 12) / 2))
        return {"depth": depth, "pressure": pressure, "water_temperature": temperature, "submerged": depth > 0.5}


class Store:
    """Samples and events in SQLite, committed every 4096 rows."""

    COLUMNS = ("heart_rate", "active_energy", "distance", "speed", "cadence", "strokes",
               "depth", "pressure", "water_temperature", "submerged")

    def __init__(self, path):
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.executescript("""
            CREATE TABLE sessions (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, start_t INTEGER NOT NULL, status TEXT NOT NULL);
            CREATE TABLE events (session_id INTEGER NOT NULL, t INTEGER NOT NULL, kind TEXT NOT NULL, label TEXT NOT NULL);
            CREATE INDEX events_by_session ON events(session_id, t);
            CREATE TABLE samples (session_id INTEGER NOT NULL, t INTEGER NOT NULL, elapsed INTEGER NOT NULL,
                heart_rate REAL, active_energy REAL, distance REAL, speed REAL, cadence REAL, strokes REAL,
                depth REAL, pressure REAL, water_temperature REAL, submerged INTEGER,
                PRIMARY KEY (session_id, t)) WITHOUT ROWID;
        """)
        self.session = None
        self.samples = []
        self.events = []
        self.stored = 0

    def begin(self, t, kind):
        cursor = self.db.execute("INSERT INTO sessions (kind, start_t, status) VALUES (?, ?, 'active')", (kind, int(t * 1e9)))
        self.session = cursor.lastrowid

    def sample(self, t, elapsed, values):
        self.samples.append((self.session, int(round(t * 1e9)), int(round(elapsed * 1e9)))
                            + tuple(values.get(c) for c in self.COLUMNS))
        if len(self.samples) + len(self.events) >= 4096:
            self.commit()

    def event(self, t, kind, label):
        if self.session is not None:
            self.events.append((self.session, int(round(t * 1e9)), kind, str(label)))

    def commit(self):
        self.db.execute("BEGIN")
        self.db.executemany("INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self.samples)
        self.db.executemany("INSERT INTO events VALUES (?, ?, ?, ?)", self.events)
        self.db.execute("COMMIT")
        self.stored += len(self.samples)
        self.samples.clear()
        self.events.clear()

    def close(self):
        self.commit()
        self.db.execute("UPDATE sessions SET status = 'ended'")
        self.db.close()


APPS = {
    "workout": {"name": "LapRunner", "kind": "workout", "start": ("StartRunIntent", 1.0),
                "donates": "MarkLapIntent", "intents": {"MarkLapIntent": (0.080, "lap")}},
    "dive": {"name": "DeepLog", "kind": "dive", "start": ("StartDiveSessionIntent", 0.400),
             "donates": "CollectSubmergedDataIntent", "intents": {"CollectSubmergedDataIntent": (0.050, "snapshot")}},
}


def press_every_minute(hours):
    """(time, type, code, value) as read from an evdev device: Action down, up 80 ms later."""
    events = []
    for minute in range(hours * 60):
        t = minute * 60.0
        events.append((t, EV_KEY, KEY_PROG1, 1))
        events.append((t + 0.080, EV_KEY, KEY_PROG1, 0))
    return events


def run_replay(kind, hours, directory, index):
    events = press_every_minute(hours)
    log_path = os.path.join(directory, f"baseline-{kind}-{index}.jsonl")
    db_path = os.path.join(directory, f"baseline-{kind}-{index}.sqlite")
    store = Store(db_path)
    start = time.perf_counter()
    with open(log_path, "w", buffering=1 << 16) as log:
        watch = Watch(APPS[kind], log=log, store=store)
        for t, type_, code, value in events:
            watch.handle(t, type_, code, value)
        watch.end(hours * 3600.0)
        store.close()
    seconds = time.perf_counter() - start
    return seconds, watch, store


def run_engine(presses):
    events = []
    t = 1.0
    for _ in range(presses):
        events.append((t, EV_KEY, KEY_PROG1, 1))
        events.append((t + 0.060, EV_KEY, KEY_PROG1, 0))
        t += 0.5
    app = dict(APPS["workout"], start=("StartRunIntent", 0.0), intents={"MarkLapIntent": (0.0, "lap")})
    watch = Watch(app)
    watch.session = "workout"          # a session running, its next action donated
    watch.next_action = "MarkLapIntent"
    start = time.perf_counter()
    for t, type_, code, value in events:
        watch.handle(t, type_, code, value)
    watch.advance(t + 1)
    return time.perf_counter() - start, watch


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["engine", "replay"])
    parser.add_argument("--kind", choices=["workout", "dive"], default="workout")
    parser.add_argument("--hours", type=int, default=10)
    parser.add_argument("--presses", type=int, default=200_000)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--directory", default="/tmp")
    args = parser.parse_args()

    seconds = []
    result = {}
    for index in range(args.repetitions):
        if args.mode == "engine":
            elapsed, watch = run_engine(args.presses)
            if watch.performed != args.presses:
                sys.exit(f"expected {args.presses} next actions, performed {watch.performed}")
            result = {"gestures": watch.gestures}
        else:
            elapsed, watch, store = run_replay(args.kind, args.hours, args.directory, index)
            result = {"gestures": watch.gestures, "samples": store.stored, "performed": watch.performed}
        seconds.append(elapsed)
    result["seconds"] = seconds
    print(json.dumps(result))


if __name__ == "__main__":
    main()
