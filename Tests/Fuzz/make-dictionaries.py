#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of the YAML fuzzers (dictionaries/*.dict): every key
the scenario, manifest, sensor and device-profile parsers know (read from their sources),
values they accept, and YAML syntax; and the evemu one (event lines and names). Run from the
repository root after adding keys to a parser."""
import glob
import re



def parser_keys(sources):
    keys = set()
    for path in sources:
        text = open(path).read()
        for match in re.finditer(r'(?:Keys = |rejectUnknownKeys\()\[([^\]]*)\]', text, re.S):
            keys.update(re.findall(r'"([a-z][a-z-]*)"', match.group(1)))
    return keys


keys = parser_keys(glob.glob("Sources/Documents/Scenarios/*.swift") + glob.glob("Sources/Documents/AppManifests/*.swift")
                   + ["Sources/Documents/Scenarios/SensorSettingsParser.swift"])
profile_keys = parser_keys(glob.glob("Sources/Devices/DeviceProfiles/*.swift"))

values = ["press", "both", "hold", "side", "down", "up", "action", "workout", "dive", "running", "walking", "cycling",
          "swimming", "start-workout", "pause-workout", "resume-workout", "start-dive", "extension", "requested", "never",
          "on-first-launch", "session-started", "start-returned", "true", "false", "null", "1.5s", "150ms", "2m", "1h30m", "1:02:03.5",
          "-1s", "1e400", "10 Hz", "apps/trailrunner.yaml", "apps/deeplog.yaml", "busy", "no-next-action", "bounce",
          "unchanged", "met", "missed", "threw", "lap", "snapshot", "female", "male"]
syntax = ["{", "}", "[", "]", ": ", "- ", "&a ", "*a", "!!str ", "!!int ", "!!map ", "---", "...", "|", "> ", "? ",
          "\n  ", "#", "'", "\"", "%YAML 1.2", "<<: *a"]


def quoted(text):
    # libFuzzer's escapes: \\, \" and \xNN.
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\x0A").replace("\r", "\\x0D") \
        .replace("\t", "\\x09") + '"'


profile_values = ["evdev", "gpio", "action", "side", "KEY_F13", "KEY_F14", "KEY_PROG1", "BTN_0", "BTN_SOUTH", "BTN_EAST",
                  "pull-up", "pull-down", "disabled", "as-is", "gpiochip0", "pinctrl-bcm2711", "/dev/gpiochip0",
                  "/dev/input/by-id/usb-*-event-kbd", "*Keyboard*", "?", "[a-z]", "[!", "\\", "17", "GPIO17",
                  "true", "false", "10ms", "400ms", "one", "all"]
evemu = ["E: ", "N: ", "I: ", "P: ", "B: ", "A: ", "L: ", "S: ", "# EVEMU 1.3\n", "0001", "0000", "0004", "00b7",
         "00b8", "0094", "0130", " 0001", " 0000", " 0002", " -1", "0.000001", "4294967295.999999", "9223372036",
         ".", "\t", "\r\n", "#"]


def write(name, groups):
    with open(f"Tests/Fuzz/dictionaries/{name}.dict", "w") as out:
        out.write(f"# libFuzzer dictionary for the {name} fuzzer; made by Tests/Fuzz/make-dictionaries.py\n")
        for prefix, entries in groups:
            for index, entry in enumerate(entries):
                out.write(f"{prefix}_{index}={quoted(entry)}\n")


for name in ["scenario", "manifest"]:
    write(name, [("key", [key + ":" for key in sorted(keys)]), ("value", values), ("yaml", syntax)])
write("device-profile", [("key", [key + ":" for key in sorted(profile_keys)]), ("value", profile_values), ("yaml", syntax)])
write("evemu", [("token", evemu)])
