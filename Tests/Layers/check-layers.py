#!/usr/bin/env python3
"""Arrows point inward: reads every `import` under Sources/ and fails on one that points
from a module to a module of an outer layer, on a pure module importing the shell, and on
a C library imported anywhere but its one wrapper.

The layers are the folders under Sources/; their ranks are the table in docs/layout.md.
Modules of the same rank may import each other. `make test` runs this, and `--self-test`
shows that it fails on each kind of wrong import.

    python3 Tests/Layers/check-layers.py [--root DIR] [--self-test]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Layer folder -> rank, read from docs/layout.md (the one place the layers are declared): the
# table after the marker `<!-- layer ranks`, rows `| RANK | LAYER | what it holds |`.
LAYOUT = os.path.join("docs", "layout.md")


def layer_ranks(root):
    with open(os.path.join(root, LAYOUT), encoding="utf-8") as text:
        lines = text.read().split("\n")
    marker = next((i for i, line in enumerate(lines) if line.startswith("<!-- layer ranks")), None)
    if marker is None:
        raise SystemExit(f"check-layers: {LAYOUT} has no table of layer ranks (a line starting '<!-- layer ranks')")
    ranks = {}
    for number, line in enumerate(lines[marker + 1:], marker + 2):
        if not line.startswith("|"):
            if ranks:
                break
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0] in ("Rank", "") or set(cells[0]) <= set("-:"):
            continue
        if len(cells) < 2 or not cells[0].isdigit() or not cells[1].isidentifier():
            raise SystemExit(f"check-layers: {LAYOUT}:{number}: a row of the layer ranks is '| RANK | LAYER | ... |'")
        ranks[cells[1]] = int(cells[0])
    if not ranks:
        raise SystemExit(f"check-layers: {LAYOUT}: the table of layer ranks is empty")
    return ranks


LAYERS = {}

# Pure modules: besides the layer rule, they may import only these (no clocks, threads,
# files, descriptors or databases).
PURE = {
    "ActionButtonCore": set(),
    "SimulationEvents": {"ActionButtonCore", "AppIntents"},
    "Telemetry": {"ActionButtonCore", "AppIntents", "SimulationEvents", "Foundation"},
    "Exports": {"ActionButtonCore", "AppIntents", "SimulationEvents", "Telemetry", "Foundation"},
}

# C libraries and the one module that wraps them.
WRAPPED_ONCE = {"CGPIOD": "LinuxInput", "CEvdev": "LinuxInput", "CLinuxEvents": "LinuxInput"}

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def modules(root):
    """Module name -> (layer, folder), from Sources/<Layer>/<Module>/."""
    found = {}
    sources = os.path.join(root, "Sources")
    for layer in sorted(os.listdir(sources)):
        path = os.path.join(sources, layer)
        if not os.path.isdir(path):
            continue
        if layer not in LAYERS:
            found.setdefault("?", []).append(layer)
            continue
        for module in sorted(os.listdir(path)):
            if os.path.isdir(os.path.join(path, module)):
                found[module] = (layer, os.path.join(path, module))
    return found


def check(root):
    LAYERS.clear()
    LAYERS.update(layer_ranks(root))
    found = modules(root)
    problems = [f"Sources/{name}: a folder that is no layer ({', '.join(LAYERS)}); put each module in its layer's folder"
                for name in found.pop("?", [])]
    names = {m.replace("-", "_"): m for m in found}
    for module, (layer, folder) in found.items():
        for directory, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith((".swift", ".h", ".modulemap")):
                    continue
                path = os.path.join(directory, file)
                where = os.path.relpath(path, root)
                with open(path, encoding="utf-8") as text:
                    in_string = False  # inside a """ literal: generated code, not an import
                    for number, line in enumerate(text, 1):
                        if line.count('"""') % 2 == 1:
                            in_string = not in_string
                            continue
                        match = IMPORT.match(line)
                        if in_string or not match or not file.endswith(".swift"):
                            continue
                        imported = names.get(match.group(1), match.group(1))
                        if imported in WRAPPED_ONCE and module != WRAPPED_ONCE[imported]:
                            problems.append(f"{where}:{number}: {module} imports the C library {imported}; only {WRAPPED_ONCE[imported]} wraps it: add what you need there")
                            continue
                        if module in PURE and imported not in PURE[module]:
                            allowed = ", ".join(sorted(PURE[module])) or "nothing"
                            problems.append(f"{where}:{number}: {module} is pure and imports {imported}; it may import {allowed}")
                            continue
                        if imported in found:
                            target = found[imported][0]
                            if LAYERS[target] > LAYERS[layer]:
                                problems.append(f"{where}:{number}: {module} ({layer}) imports {imported} ({target}), an outer layer: arrows point inward; move the shared part inward")
    return problems, len(found)


def self_test(root):
    """Copies Sources/ and adds one wrong import of each kind: each must be reported."""
    wrong = {
        "Watch/ActionButtonCore": "import Foundation",
        "Simulation/Telemetry": "import SessionStore",
        "Records/SessionLog": "import LiveLoop",
        "CLI/ActionsimCLI": "import CEvdev",
    }
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copytree(os.path.join(root, "Sources"), os.path.join(scratch, "Sources"))
        os.makedirs(os.path.join(scratch, "docs"))
        shutil.copy(os.path.join(root, LAYOUT), os.path.join(scratch, LAYOUT))
        clean, _ = check(scratch)
        if clean:
            print("self-test: the tree is not clean to begin with")
            return 1
        for folder, line in wrong.items():
            with open(os.path.join(scratch, "Sources", folder, "ZZWrong.swift"), "w") as f:
                f.write(line + "\n")
        problems, _ = check(scratch)
        missing = [f for f in wrong if not any(f"Sources/{f}/ZZWrong.swift:1:" in p for p in problems)]
        os.makedirs(os.path.join(scratch, "Sources", "Misc", "Stray"))
        problems, _ = check(scratch)
        if not any(p.startswith("Sources/Misc:") for p in problems):
            missing.append("a folder that is no layer")
    if missing:
        print("self-test: not reported: " + ", ".join(missing))
        return 1
    print(f"self-test: each of {len(wrong) + 1} kinds of wrong import or folder reported")
    return 0


def main():
    root = os.getcwd()
    args = sys.argv[1:]
    if "--root" in args:
        root = args[args.index("--root") + 1]
    if "--self-test" in args:
        return self_test(root)
    problems, count = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-layers: {len(problems)} import(s) point the wrong way (layers: docs/layout.md)")
        return 1
    print(f"check-layers: {count} modules in {len(LAYERS)} layers; every import points inward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
