#!/usr/bin/env python3
"""Holds docs/apple-coverage.md to what the compile tests really do.

Every row marked "yes" names the test files that compile the member as an app calls it.
This check reads those files and fails when a named file is missing, or when a name the row
lists (a method, property or type written in backticks, such as `predicateForObjects(from:)`
or `HKSource.default()`) appears in none of the files the row names. It cannot prove a call
compiles (the Swift build does that); it proves the row points at code that uses the member.

    check-coverage.py              check docs/apple-coverage.md
    check-coverage.py --self-test  first show that each kind of wrong row is caught
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC = os.path.join(ROOT, "docs", "apple-coverage.md")

# Words in backticked text that are labels or Swift keywords, not names of Apple's members.
LABELS = {"with", "for", "from", "to", "in", "of", "by", "on", "at", "as", "is", "and", "or",
          "init", "self", "Self", "true", "false", "nil", "async", "throws", "static", "var", "func",
          "let", "class", "some", "any", "Int", "Double", "String", "Bool", "Date", "Set", "Data",
          "UUID", "URL", "Error"}


def names_in(member):
    """The member names a row's first column lists: the base name of each backticked
    declaration (`a.b(c:d:)` gives `b`; `HKUnit(from:)` gives `HKUnit`; a list inside one
    pair of backticks, `Type: a, b`, gives each)."""
    names = []
    for code in re.findall(r"`([^`]+)`", member):
        code = re.sub(r"\([^()]*\)", "()", code)            # drop argument lists
        for piece in re.split(r",\s*|:\s+", code):
            piece = piece.split("(")[0].strip()
            piece = re.split(r"[\s=<]", piece)[0] if piece else piece
            base = piece.split(".")[-1] if "." in piece else piece
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", base or "") and base not in LABELS and len(base) > 2:
                names.append(base)
    return names


def rows(text):
    """(line number, member column, files column) of every row marked yes."""
    for number, line in enumerate(text.splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[1] == "yes":
            yield number, cells[0], cells[2]


def compatibility_tests():
    paths = []
    for folder in ("Tests/CompatibilitySwift5Tests", "Tests/CompatibilitySwift6Tests"):
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            paths += [os.path.relpath(os.path.join(directory, n), ROOT) for n in names if n.endswith(".swift")]
    return sorted(paths)


def problems(text, read, more=compatibility_tests):
    found = []
    for number, member, files in rows(text):
        paths = re.findall(r"`([^`]+\.swift)`", files)
        if not paths:
            found.append(f"line {number}: marked yes but names no test file")
            continue
        sources = []
        for path in paths:
            source = read(path)
            if source is None:
                found.append(f"line {number}: {path} does not exist")
            else:
                sources.append(source)
        if not sources:
            continue
        if "…" in files:
            # "…": more files than the row names; any compatibility test may hold the use.
            sources += [read(path) or "" for path in more()]
        together = "\n".join(sources)
        names = names_in(member)
        missing = [n for n in names if not re.search(r"\b" + re.escape(n) + r"\b", together)]
        # A type's name need not be written where Swift infers it (a handler's parameter, a
        # case written `.immediate`): a type counts as used when a member the row lists is.
        if len(missing) < len(names):
            missing = [n for n in missing if not n[0].isupper()]
        for name in missing:
            found.append(f"line {number}: `{name}` is in none of {', '.join(paths)}")
    return found


def read_file(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return None


def self_test():
    files = {"T.swift": "let unit = HKUnit.cupUS()\nlet p = HKQuery.predicateForObjects(from: workout)\nlet f: Frequency = .hourly\n"}
    read = files.get
    good = "| `cupUS()`, `HKQuery.predicateForObjects(from:)` | yes | `T.swift` |"
    cases = {
        "a member no named file uses": "| `cupUS()`, `pintUS()` | yes | `T.swift` |",
        "a named file that does not exist": "| `cupUS()` | yes | `Missing.swift` |",
        "a yes row with no file": "| `cupUS()` | yes |  |",
        "a type whose listed members are all unused": "| `Other`: `.weekly` | yes | `T.swift` |",
    }
    more = lambda: ["U.swift"]
    files["U.swift"] = "let b = HKUnit.pintUS()\n"
    assert problems(good, read, more) == [], problems(good, read, more)
    elsewhere = "| `cupUS()`, `pintUS()` | yes | `T.swift` … |"
    assert problems(elsewhere, read, more) == [], problems(elsewhere, read, more)
    inferred = "| `Frequency.hourly`, `Interval` (`.hourly`) | yes | `T.swift` |"
    assert problems(inferred, read, more) == [], problems(inferred, read, more)
    for kind, row in cases.items():
        if not problems(row, read, more):
            print(f"self-test: {kind} was not caught")
            return False
    listed = "`HKUnit(from:)`, `alpha.beta(c:d:)` (with `.separateBySource`), `Pedo: steps, pace`, `one(), two()`"
    assert names_in(listed) == ["HKUnit", "beta", "separateBySource", "Pedo", "steps", "pace", "one", "two"], names_in(listed)
    print("self-test: a missing member, a missing file and a row without files are each caught")
    return True


def main():
    if "--self-test" in sys.argv:
        return 0 if self_test() else 1
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    found = problems(text, read_file)
    for problem in found:
        print(f"docs/apple-coverage.md: {problem}")
    count = sum(1 for _ in rows(text))
    if found:
        print(f"{len(found)} problems in {count} rows marked yes")
        return 1
    print(f"docs/apple-coverage.md: each of {count} rows marked yes names test files that use its members")
    return 0


if __name__ == "__main__":
    sys.exit(main())
