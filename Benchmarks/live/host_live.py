#!/usr/bin/env python3
"""The live path on this machine, which has no uinput and no GPIO chip: `actionsim run`
with a pseudo-terminal as its keyboard, against a bare C reader of the same kind of pty.

Press to dispatch (P4): the injector takes CLOCK_MONOTONIC just before it writes the key
to the pty's master side; actionsim's session log gives the dispatch time of the intent
that key asked for (`t` + the header's `monotonic_origin`: the engine's clock at the moment
it dispatched). The baseline is `latency-reader tty`, which only takes CLOCK_MONOTONIC when
read() returns. Both go through the same kernel path (pty line discipline, wake-up of a
blocked reader); the difference is actionsim's own work: epoll, the key map, the recognizer,
the Action-button system, and the dispatch.

Idle cost: context switches of every thread of the process (/proc/PID/task/*/status) and
CPU time (/proc/PID/task/*/schedstat), with no session and with a 1 Hz session (a workout
sampled at 1 Hz, stored and logged); peak RSS is VmHWM. `perf stat`, when it works, counts
the same switches as a cross-check.

Prints the figures; writes them as JSON to --out.
"""
import argparse
import json
import math
import os
import pty
import signal
import subprocess
import sys
import time


def monotonic_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def percentile(values, p):
    """Nearest rank: the smallest value with at least p % of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def threads(pid):
    """{tid: (context switches, ns on a CPU, name)} for every thread of the process."""
    result = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return result
    for tid in tids:
        try:
            status = open(f"/proc/{pid}/task/{tid}/status").read()
            ran = int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        switches = int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
        result[tid] = (switches, ran, fields["Name"].strip())
    return result


def memory(pid):
    status = open(f"/proc/{pid}/status").read()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return {key: int(fields[key].split()[0]) for key in ("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem")}


def rss_by_mapping(pid):
    """kB resident per mapped file ([anon] for the rest), largest first: where the RSS goes."""
    sizes, name = {}, "[anon]"
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if not fields[0].endswith(":"):  # a mapping's first line: address range, ..., path
            name = os.path.basename(fields[5]) if len(fields) > 5 else "[anon]"
        elif fields[0] == "Rss:":
            sizes[name] = sizes.get(name, 0) + int(fields[1])
    return sorted(sizes.items(), key=lambda item: -item[1])


def perf_switches(pid, seconds):
    """perf stat's count of context switches and task-clock ms over `seconds`, or None."""
    try:
        done = subprocess.run(["perf", "stat", "-x", ",", "-e", "context-switches,task-clock", "-p", str(pid),
                               "--", "sleep", str(seconds)], capture_output=True, text=True, timeout=seconds + 10)
    except (FileNotFoundError, subprocess.TimeoutExpired):
        return None
    counts = {}
    for line in done.stderr.splitlines():
        parts = line.split(",")
        if len(parts) > 3 and parts[0] and parts[0][0].isdigit():
            counts[parts[2]] = float(parts[0])
    if "context-switches" not in counts:
        return None
    return {"switches_per_s": counts["context-switches"] / seconds, "cpu_ms_per_s": counts.get("task-clock", 0) / seconds}


def idle_cost(pid, seconds):
    """Wake-ups (context switches) and CPU of every thread of `pid` over `seconds`.
    Threads that exit inside the window take their counts with them: their number is given."""
    before = threads(pid)
    perf = perf_switches(pid, seconds)
    if perf is None:
        time.sleep(seconds)
    after = threads(pid)
    switches = sum(after[t][0] - before.get(t, (0, 0, ""))[0] for t in after)
    ran = sum(after[t][1] - before.get(t, (0, 0, ""))[1] for t in after)
    by_thread = {}
    for t in after:
        delta = after[t][0] - before.get(t, (0, 0, ""))[0]
        if delta:
            by_thread[after[t][2]] = by_thread.get(after[t][2], 0) + delta
    return {
        "seconds": seconds,
        "wakeups_per_s": switches / seconds,
        "cpu_ms_per_s": ran / 1e6 / seconds,
        "threads": len(after),
        "threads_exited": len(set(before) - set(after)),
        "by_thread": by_thread,
        "perf": perf,
    }


def wait_for(predicate, seconds, what):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    sys.exit(f"host_live: timed out waiting for {what}")


def press_series(master, count, interval, first=None):
    """Writes one `a` every `interval` s on an absolute schedule; returns the write times."""
    writes = []
    start = monotonic_ns() if first is None else first
    for i in range(count):
        target = start + int(i * interval * 1e9)
        while (delay := target - monotonic_ns()) > 0:
            time.sleep(delay / 1e9)
        writes.append(monotonic_ns())
        os.write(master, b"a")
    return writes


def summary(values_ns):
    ms = [v / 1e6 for v in values_ns]
    return {"n": len(ms), "median_ms": percentile(ms, 50), "p99_ms": percentile(ms, 99), "min_ms": min(ms), "max_ms": max(ms)}


def bare_reader(reader, count, interval, idle_seconds):
    master, slave = pty.openpty()
    process = subprocess.Popen([reader, "tty", str(count)], stdin=slave, stdout=subprocess.PIPE, text=True)
    os.close(slave)
    time.sleep(1)
    idle = idle_cost(process.pid, idle_seconds)
    writes = press_series(master, count, interval)
    time.sleep(0.2)
    rss = memory(process.pid)
    os.close(master)  # the reader sees the hang-up, prints and exits
    out, _ = process.communicate(timeout=30)
    reads = [int(line) for line in out.split()]
    if len(reads) != count:
        sys.exit(f"host_live: the bare reader saw {len(reads)} of {count} keys")
    return {"latency": summary([r - w for r, w in zip(reads, writes)]), "idle": idle, "rss_kb": rss}


def actionsim_run(binary, work, count, interval, idle_seconds):
    logs, store = f"{work}/logs", f"{work}/store"
    master, slave = pty.openpty()
    err = open(f"{work}/actionsim.err", "w+")
    process = subprocess.Popen([binary, "run", "--json", "--first-press", "running", "--log-dir", logs, "--data-dir", store],
                               stdin=slave, stdout=open(f"{work}/actionsim.out", "w"), stderr=err,
                               env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    os.close(slave)
    wait_for(lambda: "live input" in open(f"{work}/actionsim.err").read(), 30, "actionsim to open its input")
    time.sleep(2)
    quiet = idle_cost(process.pid, idle_seconds)
    # The first press starts a workout (1.2 s), which is then sampled at 1 Hz.
    first = press_series(master, 1, interval)
    time.sleep(8)  # the start intent (1.2 s), then the executor's idle worker threads exit
    session = idle_cost(process.pid, idle_seconds)
    writes = first + press_series(master, count, interval)
    time.sleep(0.5)
    rss = memory(process.pid)
    mappings = rss_by_mapping(process.pid)
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=30)
    os.close(master)
    if code != 0:
        sys.exit(f"host_live: actionsim run exited {code}: {open(f'{work}/actionsim.err').read()}")
    log = [json.loads(line) for name in os.listdir(logs) if name.endswith(".jsonl")
           for line in open(f"{logs}/{name}")]
    origin = round(log[0]["monotonic_origin"] * 1e9)
    performed = [e for e in log if e["event"] == "intent-performing"]
    press_to_dispatch, edge_to_dispatch, unmatched = [], [], 0
    for event in performed:
        dispatch = origin + round(event["t"] * 1e9)
        written = [w for w in writes if w <= dispatch]
        if not written:
            unmatched += 1
            continue
        press_to_dispatch.append(dispatch - written[-1])
        edge_to_dispatch.append(round(event["latency"] * 1e9))
    wakeups = next((e["step"] for e in log if e.get("step", "").startswith("live session ended")), "")
    return {
        "presses": len(writes), "dispatched": len(performed), "unmatched": unmatched,
        "ignored": sum(1 for e in log if e["event"] == "ignored"),
        "latency": summary(press_to_dispatch[1:]),  # the first press launches the app; the rest are next actions
        "start_press_ms": press_to_dispatch[0] / 1e6 if press_to_dispatch else None,
        "read_to_dispatch": summary(edge_to_dispatch[1:]),
        "idle_no_session": quiet, "idle_session": session, "rss_kb": rss, "loop": wakeups, "rss_by_mapping": mappings,
    }


def open_page(url):
    """A page of `run --web` as the server sees one: its WebSocket, upgraded and then only
    read from (what a browser tab that nobody touches does). Returns the socket."""
    import base64
    import socket
    import urllib.parse
    parts = urllib.parse.urlsplit(url)
    page = socket.create_connection((parts.hostname, parts.port))
    key = base64.b64encode(os.urandom(16)).decode()
    page.sendall((f"GET /session HTTP/1.1\r\nHost: {parts.netloc}\r\nOrigin: http://{parts.netloc}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = page.recv(4096)
    if not reply.startswith(b"HTTP/1.1 101"):
        sys.exit(f"host_live: the page's WebSocket was refused: {reply[:80]!r}")
    page.setblocking(False)
    return page


def drain(page):
    """Reads what the server pushed (so its writes never stall); returns the bytes read."""
    total = 0
    try:
        while chunk := page.recv(1 << 16):
            total += len(chunk)
    except BlockingIOError:
        pass
    return total


def actionsim_web(binary, work, idle_seconds):
    """`run --web` with a page open: idle with no session and with a 1 Hz session, every
    thread of the process, and the loop's own epoll wake-ups from the log."""
    import re
    logs, store = f"{work}/web-logs", f"{work}/web-store"
    master, slave = pty.openpty()
    err_path = f"{work}/actionsim-web.err"
    process = subprocess.Popen([binary, "run", "--json", "--first-press", "running", "--log-dir", logs, "--data-dir", store,
                                "--web", "--listen", "127.0.0.1:0"],
                               stdin=slave, stdout=open(f"{work}/actionsim-web.out", "w"), stderr=open(err_path, "w"),
                               env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    os.close(slave)
    wait_for(lambda: "live input" in open(err_path).read(), 30, "actionsim run --web to open its input")
    page = open_page(re.search(r"web page: (http://\S+)", open(err_path).read()).group(1))
    time.sleep(2)
    drain(page)
    quiet = idle_cost(process.pid, idle_seconds)
    pushed_idle = drain(page)
    press_series(master, 1, 0.15)
    time.sleep(8)
    drain(page)
    session = idle_cost(process.pid, idle_seconds)
    pushed = drain(page)
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=30)
    os.close(master)
    page.close()
    if code != 0:
        sys.exit(f"host_live: actionsim run --web exited {code}: {open(err_path).read()}")
    log = [json.loads(line) for name in os.listdir(logs) if name.endswith(".jsonl") for line in open(f"{logs}/{name}")]
    loop = next((e["step"] for e in log if e.get("step", "").startswith("live session ended")), "")
    return {"idle_no_session": quiet, "idle_session": session, "pushed_idle_bytes": pushed_idle,
            "pushed_session_bytes_per_s": pushed / idle_seconds, "loop": loop}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actionsim", required=True)
    parser.add_argument("--reader", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.15, help="seconds between presses (a lap takes 80 ms)")
    parser.add_argument("--idle-seconds", type=float, default=10)
    parser.add_argument("--out", required=True)
    parser.add_argument("--no-web", action="store_true", help="skip `run --web` with a page open")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)

    bare = bare_reader(args.reader, args.presses, args.interval, args.idle_seconds)
    live = actionsim_run(args.actionsim, args.work, args.presses, args.interval, args.idle_seconds)
    web = None if args.no_web else actionsim_web(args.actionsim, args.work, args.idle_seconds)
    result = {"bare": bare, "actionsim": live, "web": web}
    json.dump(result, open(args.out, "w"), indent=2)

    def ratio(a, b):
        return f"{a / b:.1f}" if b > 0 else "n/a (baseline 0)"

    a, b = live["latency"], bare["latency"]
    print(f"live path, host (pty key -> actionsim run dispatch, {a['n']} presses {args.interval * 1000:.0f} ms apart):")
    print(f"  press->dispatch   median {a['median_ms']:.3f} ms  p99 {a['p99_ms']:.3f} ms  (max {a['max_ms']:.3f})  target p99 < 1 ms")
    print(f"  baseline: bare read of the same pty (C)  median {b['median_ms']:.3f} ms  p99 {b['p99_ms']:.3f} ms")
    print(f"  ratio actionsim/bare read: median {ratio(a['median_ms'], b['median_ms'])}  p99 {ratio(a['p99_ms'], b['p99_ms'])}")
    r = live["read_to_dispatch"]
    print(f"  of which read->dispatch (the log's latency): median {r['median_ms']:.3f} ms  p99 {r['p99_ms']:.3f} ms;"
          f" {live['dispatched']} dispatched of {live['presses']} presses, {live['ignored']} ignored")
    for name, key, target in (("no session", "idle_no_session", "target 0"), ("1 Hz session", "idle_session", "target <= 2/s")):
        i = live[key]
        perf = f"; perf stat: {i['perf']['switches_per_s']:.2f}/s" if i["perf"] else ""
        print(f"idle, {name}: {i['wakeups_per_s']:.2f} wake-ups/s, CPU {i['cpu_ms_per_s']:.3f} ms/s ({i['cpu_ms_per_s'] / 10:.3f} %)"
              f" over {i['seconds']:.0f} s, {i['threads']} threads{perf}  {target}")
        if i["by_thread"]:
            print("  by thread: " + ", ".join(f"{n} {c}" for n, c in sorted(i["by_thread"].items())))
    if web:
        print("with --web and a page open (a WebSocket that only reads), every thread of the process:")
        for name, key, target in (("no session", "idle_no_session", "target: the loop's thread 0"),
                                  ("1 Hz session", "idle_session", "target: the loop's thread <= 2/s")):
            i = web[key]
            loop_thread = i["by_thread"].get("actionsim", 0) / i["seconds"]
            print(f"  idle, {name}: {i['wakeups_per_s']:.2f} wake-ups/s (the loop's thread {loop_thread:.2f}/s),"
                  f" CPU {i['cpu_ms_per_s']:.3f} ms/s, {i['threads']} threads  {target}")
            if i["by_thread"]:
                print("    by thread: " + ", ".join(f"{n} {c}" for n, c in sorted(i["by_thread"].items())))
        print(f"  pushed to the page: {web['pushed_idle_bytes']} bytes while idle, {web['pushed_session_bytes_per_s'] / 1024:.1f} KiB/s"
              f" in the session (events and the chart); {web['loop']}")
    bi = bare["idle"]
    print(f"  baseline (bare reader, idle): {bi['wakeups_per_s']:.2f} wake-ups/s, CPU {bi['cpu_ms_per_s']:.3f} ms/s")
    m = live["rss_kb"]
    peak = m["VmHWM"] * 1024
    print(f"peak RSS (VmHWM): {m['VmHWM'] / 1024:.1f} MiB ({peak / 1e6:.1f} MB)  target < 20 MB"
          f"  {'met' if peak < 20e6 else 'NOT MET'};"
          f" baseline (bare reader) {bare['rss_kb']['VmHWM'] / 1024:.1f} MiB, ratio {ratio(m['VmHWM'], bare['rss_kb']['VmHWM'])}")
    print(f"  at the end: private (RssAnon) {m['RssAnon'] / 1024:.1f} MiB, file-backed (RssFile: the pages of code and"
          f" read-only data that ran, shared with the page cache) {m['RssFile'] / 1024:.1f} MiB")
    print("  by mapping: " + ", ".join(f"{name} {kb / 1024:.1f}" for name, kb in live["rss_by_mapping"][:10]) + " (MiB)")


if __name__ == "__main__":
    main()
