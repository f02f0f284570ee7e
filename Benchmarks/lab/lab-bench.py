"""make bench, the lab (issue 18): a lab's PostgreSQL fed by 16 boards at once, against a bare
COPY of the same rows into the same server in the same run; the catch-up of a 10-minute
backlog; and the idle cost of a live run with --metrics (and with --db) on.

1. 16 boards at once into one PostgreSQL, two ways, each against the same baseline: psql's
   \\copy of the same rows (exported from the lab as CSV) into an empty table of the same
   shape (primary key included), timed from its start to its end.
   a. Forwarding: 16 boards' stores (each a 4-hour workout at 1 Hz, recorded first, not
      timed) sent at once by 16 `actionsim forward` processes: what the lab's server takes
      in from 16 boards, each board's side (reading its store, building the batches) included.
      samples/s = the samples the lab holds at the end over the wall time from the first
      start to the last exit. Target >= 0.5 of the COPY's rows/s.
   b. End to end: 16 `actionsim replay --db` at once, each simulating its workout, storing it
      locally and forwarding it: the same, with the 16 simulations on the same two cores as
      the server (on a lab's boards they run on the boards). Printed against the same target.
2. Catch-up: 16 boards each recorded 10 minutes at 10 Hz (6,000 samples) while the lab was
   away; the lab comes back and 16 `actionsim forward` send the backlog at once. Reported:
   the time until the lab has everything, and how many times faster than it was recorded.
3. Idle cost: `actionsim run` alone, with --metrics, and with --metrics and --db: wake-ups
   of every thread over IDLE seconds, with no session (target 0, as without them) and in a
   1 Hz session (target <= 2/s, the live bench's).
"""
import argparse, json, os, pty, shutil, statistics, subprocess, sys, tempfile, time

def sh(*args, **kw):
    return subprocess.run(args, check=True, text=True, capture_output=True, **kw).stdout

def psql(url, sql):
    return sh("psql", url, "-v", "ON_ERROR_STOP=1", "-Atc", sql).strip()

def workout(hours_or_minutes, rate, press_every_minute=True):
    minutes = hours_or_minutes
    steps = "".join(f"  - {{at: {m}m, button: action, edge: down}}\n  - {{at: {m}m 80ms, button: action, edge: up}}\n"
                    for m in range(minutes))
    return f"""name: lab bench workout, {minutes} minutes at {rate}
app: {{app: LapRunner, workout-kinds: {{running: {{title: Running, activity: running}}}}, intents: [
  {{name: StartRunIntent, role: start-workout, perform: {{takes: 1s}}}},
  {{name: MarkLapIntent, role: action, perform: {{takes: 80ms, marks: lap}}}}],
  donations: [{{when: session-started, donate: MarkLapIntent}}]}}
settings: {{action: workout, first-press: running}}
sensors: {{rate: {rate}}}
seed: 7
steps:
{steps}  - {{at: {minutes}m, end: session}}
"""

def threads(pid):
    result = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            status = open(f"/proc/{pid}/task/{tid}/status").read()
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
        except OSError:
            continue
        switches = sum(int(line.split()[1]) for line in status.splitlines() if "ctxt_switches" in line)
        result[tid] = (switches, name)
    return result

def idle_wakeups(binary, extra, seconds, work, session=False):
    """Wake-ups of every thread of an `actionsim run` over `seconds`: with no session, or
    (session) in a 1 Hz workout started by a key on its terminal."""
    master, slave = pty.openpty()
    err = open(f"{work}/idle.err", "w+")
    shutil.rmtree(f"{work}/idle-store", ignore_errors=True)
    process = subprocess.Popen([binary, "run", "--no-log", "--first-press", "running", "--data-dir", f"{work}/idle-store"] + extra,
                               stdin=slave, stdout=subprocess.DEVNULL, stderr=err)
    os.close(slave)
    time.sleep(4)
    if session:
        os.write(master, b"a")
        time.sleep(8)
    before = threads(process.pid)
    time.sleep(seconds)
    after = threads(process.pid)
    process.terminate()
    process.wait(timeout=30)
    os.close(master)
    switches = sum(after[t][0] - before.get(t, (0, ""))[0] for t in after)
    by_thread = {}
    for t in after:
        delta = after[t][0] - before.get(t, (0, ""))[0]
        if delta:
            by_thread[after[t][1]] = by_thread.get(after[t][1], 0) + delta
    exited = len(set(before) - set(after))
    return switches / seconds, len(after), exited, by_thread

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--actionsim", required=True)
    parser.add_argument("--url", required=True, help="the lab's server (a database per run is made on it)")
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--minutes", type=int, default=240, help="each board's workout, at 1 Hz")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--idle", type=float, default=20)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="actionsim-lab-bench-")
    base = args.url[: args.url.rindex("/")]
    scenario = f"{work}/workout.yaml"
    open(scenario, "w").write(workout(args.minutes, "1 Hz"))

    # The boards' stores, recorded once without a lab (not timed).
    stores = [f"{work}/stores/board-{i:02d}" for i in range(args.boards)]
    recorders = [subprocess.Popen([args.actionsim, "replay", scenario, "--no-log", "--board", f"board-{i:02d}",
                                   "--data-dir", store], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                 for i, store in enumerate(stores)]
    for process in recorders:
        _, err = process.communicate()
        if process.returncode != 0:
            sys.exit(f"lab-bench: a replay failed: {err}")

    def run_boards(commands, url):
        started = time.monotonic()
        processes = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for command in commands]
        for process in processes:
            _, err = process.communicate()
            if process.returncode != 0:
                sys.exit(f"lab-bench: {' '.join(process.args[:2])} failed: {err}")
        seconds = time.monotonic() - started
        samples = int(psql(url, "SELECT COUNT(*) FROM samples"))
        expected = args.boards * args.minutes * 60
        if samples < expected * 0.99:
            sys.exit(f"lab-bench: the lab holds {samples} samples, expected about {expected}")
        return samples, seconds

    def copy_rate(url, rep):
        """The bare COPY of the same rows, through psql, into a table of the same shape."""
        csv = f"{work}/samples-{rep}.csv"
        sh("psql", url, "-v", "ON_ERROR_STOP=1", "-c", f"\\copy (SELECT * FROM samples) TO '{csv}' CSV")
        psql(url, "CREATE TABLE copied (LIKE samples INCLUDING ALL)")
        started = time.monotonic()
        sh("psql", url, "-v", "ON_ERROR_STOP=1", "-c", f"\\copy copied FROM '{csv}' CSV")
        seconds = time.monotonic() - started
        rows = int(psql(url, "SELECT COUNT(*) FROM copied"))
        os.remove(csv)
        return rows / seconds

    forward_rates, forward_ratios, replay_rates, replay_ratios, copy_rates = [], [], [], [], []
    for rep in range(args.repetitions):
        # a. Forwarding the recorded stores.
        database = f"bench_{os.getpid()}_{rep}_forward"
        psql(args.url, f"CREATE DATABASE {database}")
        url = f"{base}/{database}"
        samples, seconds = run_boards([[args.actionsim, "forward", "--db", url, "--data-dir", store] for store in stores], url)
        copy = copy_rate(url, rep)
        forward_rates.append(samples / seconds)
        forward_ratios.append(forward_rates[-1] / copy)
        copy_rates.append(copy)
        psql(args.url, f"DROP DATABASE {database}")
        # b. End to end: replays forwarding as they record.
        database = f"bench_{os.getpid()}_{rep}_replay"
        psql(args.url, f"CREATE DATABASE {database}")
        url = f"{base}/{database}"
        fresh = [f"{work}/r{rep}/board-{i:02d}" for i in range(args.boards)]
        samples, seconds = run_boards([[args.actionsim, "replay", scenario, "--no-log", "--board", f"board-{i:02d}",
                                        "--db", url, "--data-dir", store] for i, store in enumerate(fresh)], url)
        copy = copy_rate(url, rep)
        replay_rates.append(samples / seconds)
        replay_ratios.append(replay_rates[-1] / copy)
        copy_rates.append(copy)
        shutil.rmtree(f"{work}/r{rep}", ignore_errors=True)
        psql(args.url, f"DROP DATABASE {database}")

    median = statistics.median
    def verdict(ratio):
        return "met" if ratio >= 0.5 else "NOT MET"
    print(f"lab, {args.boards} boards into one PostgreSQL ({args.boards} x {args.minutes} min at 1 Hz, {samples} samples; "
          f"{args.repetitions} runs):")
    print(f"  baseline: bare COPY of the same rows (psql \\copy, same server): {median(copy_rates):,.0f} rows/s "
          f"(runs: {', '.join(f'{r:,.0f}' for r in copy_rates)})")
    print(f"  a. forwarding ({args.boards} x actionsim forward at once): {median(forward_rates):,.0f} samples/s "
          f"(runs: {', '.join(f'{r:,.0f}' for r in forward_rates)})")
    print(f"     forwarding/COPY ratio: {median(forward_ratios):.2f}  target >= 0.5  {verdict(median(forward_ratios))}")
    print(f"  b. end to end ({args.boards} x actionsim replay --db at once: simulation, local store, forwarding): "
          f"{median(replay_rates):,.0f} samples/s (runs: {', '.join(f'{r:,.0f}' for r in replay_rates)})")
    print(f"     end-to-end/COPY ratio: {median(replay_ratios):.2f}  target >= 0.5  {verdict(median(replay_ratios))}")

    # Catch-up of a 10-minute backlog: recorded without the lab, then forwarded at once.
    backlog = f"{work}/backlog.yaml"
    open(backlog, "w").write(workout(10, "10 Hz"))
    database = f"bench_{os.getpid()}_catchup"
    psql(args.url, f"CREATE DATABASE {database}")
    url = f"{base}/{database}"
    stores = [f"{work}/catchup/board-{i:02d}" for i in range(args.boards)]
    for i, store in enumerate(stores):
        sh(args.actionsim, "replay", backlog, "--no-log", "--board", f"board-{i:02d}", "--data-dir", store)
    started = time.monotonic()
    processes = [subprocess.Popen([args.actionsim, "forward", "--db", url, "--data-dir", store],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for store in stores]
    for process in processes:
        _, err = process.communicate()
        if process.returncode != 0:
            sys.exit(f"lab-bench: forward failed: {err}")
    catchup = time.monotonic() - started
    rows = int(psql(url, "SELECT (SELECT COUNT(*) FROM samples) + (SELECT COUNT(*) FROM events)"))
    print(f"  catch-up of a 10-minute backlog ({args.boards} boards at 10 Hz, {rows} rows): {catchup:.2f} s, "
          f"{600 / catchup:.0f}x faster than it was recorded ({rows / catchup:,.0f} rows/s)")
    psql(args.url, f"DROP DATABASE {database}")

    # The live bench's targets for every thread of `actionsim run`: 0 with no session, at most
    # 2 a second in a 1 Hz session; here with --metrics, and with --metrics and --db.
    for session, target in ((False, "target 0"), (True, "target <= 2/s")):
        for label, extra in (("no options", []), ("--metrics", ["--metrics", "127.0.0.1:0", "--board", "idle"]),
                             ("--metrics --db", ["--metrics", "127.0.0.1:0", "--board", "idle", "--db", args.url])):
            rate, count, exited, by_thread = idle_wakeups(args.actionsim, extra, args.idle, work, session=session)
            threads_said = ", ".join(f"{name} {n}" for name, n in sorted(by_thread.items()))
            print(f"  idle run, {'1 Hz session' if session else 'no session'}, {label}: {rate:.2f} wake-ups/s over "
                  f"{args.idle:.0f} s, {count} threads{f' ({exited} exited)' if exited else ''}"
                  f"{f' ({threads_said})' if threads_said else ''}  {target}")
    shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
