#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of the YAML fuzzers (dictionaries/*.dict): every key
the scenario, manifest and sensor parsers know (read from their sources), values they
accept, and YAML syntax. Run from the repository root after adding keys to a parser."""
import glob
import re

sources = glob.glob("Sources/Scenarios/*.swift") + glob.glob("Sources/AppManifests/*.swift") \
    + ["Sources/Telemetry/SensorSettings.swift"]
keys = set()
for path in sources:
    text = open(path).read()
    for match in re.finditer(r'(?:Keys = |rejectUnknownKeys\()\[([^\]]*)\]', text, re.S):
        keys.update(re.findall(r'"([a-z][a-z-]*)"', match.group(1)))

values = ["press", "both", "hold", "side", "down", "up", "action", "workout", "dive", "running", "walking", "cycling",
          "swimming", "start-workout", "pause-workout", "resume-workout", "start-dive", "extension", "requested", "never",
          "on-first-launch", "session-started", "true", "false", "null", "1.5s", "150ms", "2m", "1h30m", "1:02:03.5",
          "-1s", "1e400", "10 Hz", "apps/trailrunner.yaml", "apps/deeplog.yaml", "busy", "no-next-action", "bounce",
          "unchanged", "met", "missed", "threw", "lap", "snapshot", "female", "male"]
syntax = ["{", "}", "[", "]", ": ", "- ", "&a ", "*a", "!!str ", "!!int ", "!!map ", "---", "...", "|", "> ", "? ",
          "\n  ", "#", "'", "\"", "%YAML 1.2", "<<: *a"]


def quoted(text):
    # libFuzzer's escapes: \\, \" and \xNN.
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\x0A") + '"'


for name in ["scenario", "manifest"]:
    with open(f"Tests/Fuzz/dictionaries/{name}.dict", "w") as out:
        out.write(f"# libFuzzer dictionary for the {name} fuzzer; made by Tests/Fuzz/make-dictionaries.py\n")
        for index, key in enumerate(sorted(keys)):
            out.write(f"key_{index}={quoted(key + ':')}\n")
        for index, value in enumerate(values):
            out.write(f"value_{index}={quoted(value)}\n")
        for index, token in enumerate(syntax):
            out.write(f"yaml_{index}={quoted(token)}\n")
