#!/usr/bin/env python3
"""`make link-order`: writes Sources/CLI/actionsim/link-order.txt, the order in which lld
places code in `make release`'s static actionsim.

The kernel maps an executable's code in 64 kB at a time around each page that runs, so the
resident memory of `actionsim run` depends less on how much code runs than on how widely it
is spread: the code a live session runs touched 251 windows of 64 kB in a 33 MB .text, that
is 15.7 MiB. lld's --symbol-ordering-file places the input section that defines each named
symbol first, in the file's order, so naming one symbol of every section a session runs puts
that code side by side.

How: the binary (linked with -Map, see the Makefile) runs a live session on a
pseudo-terminal under valgrind's callgrind, which records every instruction address that
ran; each address is looked up in the link map to find its input section, and each such
section is named by a symbol that is defined in it and nowhere else. Valgrind is slow (about
20 times), so the session waits longer than a user would.

Usage: link-order.py --binary B --map M --out FILE [--work DIR]
"""
import argparse
import bisect
import collections
import os
import pty
import shutil
import signal
import subprocess
import sys
import time


def input_sections(map_path):
    """The .text input sections of lld's link map (-Map, with --no-demangle):
    [(address, size, [symbols defined in it])], by address. Each line is VMA, LMA, Size and
    Align, then an output section, an input section (file:(name)) or a symbol, each in a
    column of its own further right."""
    sections, current, in_text = [], None, False
    with open(map_path) as lines:
        header = next(lines)
        out_column, input_column, symbol_column = header.index("Out"), header.index("In "), header.index("Symbol")
        for line in lines:
            fields = line.split(None, 4)
            if len(fields) < 5:
                continue
            text = line[out_column:]
            name = text.strip()
            column = out_column + len(text) - len(text.lstrip(" "))
            if column < input_column:  # an output section
                in_text = name == ".text"
                current = None
            elif not in_text:
                continue
            elif column < symbol_column:  # an input section
                current = (int(fields[0], 16), int(fields[2], 16), [])
                sections.append(current)
            elif current is not None:  # a symbol it defines
                current[2].append(name)
    sections.sort()
    return sections


def profile(binary, work, out):
    """Runs a live session of `binary run` on a pseudo-terminal under callgrind."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stripped = os.path.join(work, "actionsim")
    # valgrind 3.19 cannot read the DWARF 5 of Swift 6's debug information: a copy without it.
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    master, slave = pty.openpty()
    err_path = os.path.join(work, "stderr")
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-strings=no", "--compress-pos=no",
         f"--callgrind-out-file={out}", stripped, "run", "--json", "--first-press", "running",
         "--log-dir", os.path.join(work, "logs"), "--data-dir", os.path.join(work, "store")],
        stdin=slave, stdout=open(os.path.join(work, "stdout"), "w"), stderr=open(err_path, "w"),
        env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    os.close(slave)
    deadline = time.monotonic() + 120
    while "live input" not in open(err_path).read():
        if time.monotonic() > deadline or process.poll() is not None:
            sys.exit(f"link-order: actionsim run did not open its input under valgrind: {err_path}")
        time.sleep(0.2)

    def keys(text, gap):
        for key in text:
            os.write(master, key.encode())
            time.sleep(gap)

    time.sleep(2)
    keys("a", 8)           # the first press starts a workout (the start intent takes 1.2 s)
    keys("aaaa", 0.6)      # next actions (laps); samples at 1 Hz meanwhile
    keys("b", 4)           # Action + side: pause
    keys("b", 4)           # and resume
    keys("sx?", 1)         # side, an unknown key, the help
    keys("a" * 10, 0.4)
    time.sleep(4)
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=120)
    os.close(master)
    if code != 0:
        sys.exit(f"link-order: actionsim run exited {code} under valgrind: {err_path}")


def executed_addresses(callgrind_out):
    addresses = set()
    with open(callgrind_out) as lines:
        for line in lines:
            if line.startswith("0x"):
                addresses.add(int(line.split(None, 1)[0], 16))
    return addresses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--map", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--work", default=".build/link-order")
    arguments = parser.parse_args()

    callgrind_out = os.path.join(arguments.work, "callgrind.out")
    profile(arguments.binary, arguments.work, callgrind_out)
    addresses = executed_addresses(callgrind_out)
    sections = input_sections(arguments.map)
    starts = [section[0] for section in sections]
    ran = set()
    for address in addresses:
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < sections[index][0] + sections[index][1]:
            ran.add(index)
    defined = collections.Counter(symbol for section in sections for symbol in section[2])
    names, unnamed = [], 0
    for index in sorted(ran):  # in the order of the link, which keeps a module's code together
        unique = [symbol for symbol in sections[index][2] if defined[symbol] == 1]
        if unique:
            names.append(unique[0])
        else:
            unnamed += 1
    size = sum(sections[index][1] for index in ran)
    with open(arguments.out, "w") as out:
        out.write("\n".join(names) + "\n")
    print(f"link-order: {len(addresses)} instruction addresses ran, in {len(ran)} input sections"
          f" ({size / 1048576:.1f} MiB of code); {len(names)} named in {arguments.out},"
          f" {unnamed} without a symbol of their own (left where they are)")


if __name__ == "__main__":
    main()
