#!/usr/bin/env python3
"""Lints the web page's files (Sources/CLI/WebView/Page/), as `make test` runs it:

- watch.html with djlint's linter (every rule it has for HTML);
- watch.css parsed by tinycss2: any parse error in a rule or a declaration fails;
- watch.js parsed by esprima (ECMAScript 2026, strict script): a syntax error fails, and so
  does a name used but declared nowhere (a typo, or a browser global not in BROWSER below)
  and a name declared but never used.

    lint-page.py [--self-test] [PAGE_DIRECTORY]

The tools come from PyPI, pinned in Tests/WebPage/requirements.txt (the Makefile installs
them in a virtual environment of the project's own). `--self-test` shows that each kind of
fault is caught.
"""
import os
import subprocess
import sys
import tempfile

import esprima
import tinycss2

# What the page may use without declaring it: the browser's and the language's own.
BROWSER = {
    "window", "document", "location", "navigator", "console", "history", "performance",
    "WebSocket", "URLSearchParams", "URL", "JSON", "Math", "Number", "String", "Array", "Object",
    "Map", "Set", "Date", "Intl", "Promise", "Error", "Boolean", "Symbol", "RegExp", "Infinity", "NaN",
    "undefined", "isFinite", "isNaN", "parseInt", "parseFloat", "encodeURIComponent",
    "decodeURIComponent", "setTimeout", "clearTimeout", "setInterval", "clearInterval",
    "requestAnimationFrame", "cancelAnimationFrame", "matchMedia", "getComputedStyle",
    "Event", "KeyboardEvent", "PointerEvent", "CustomEvent", "DOMParser", "Node", "Element",
    "HTMLElement", "HTMLInputElement", "HTMLSelectElement", "SVGElement", "localStorage", "sessionStorage", "fetch", "structuredClone",
    "queueMicrotask", "globalThis", "arguments",
}


def walk(node, visit, parent=None, key=None):
    if isinstance(node, list):
        for item in node:
            walk(item, visit, parent, key)
        return
    if not hasattr(node, "type"):
        return
    visit(node, parent, key)
    for name, value in vars(node).items():
        if name in ("type", "loc", "range"):
            continue
        if isinstance(value, list) or hasattr(value, "type"):
            walk(value, visit, node, name)


def pattern_names(pattern, out):
    """The names a declaration's pattern binds: `a`, `{a, b: c}`, `[a, ...b]`, `a = 1`."""
    if pattern is None:
        return
    kind = pattern.type
    if kind == "Identifier":
        out.append(pattern)
    elif kind == "ObjectPattern":
        for prop in pattern.properties:
            pattern_names(prop.argument if prop.type == "RestElement" else prop.value, out)
    elif kind == "ArrayPattern":
        for element in pattern.elements:
            pattern_names(element, out)
    elif kind == "RestElement":
        pattern_names(pattern.argument, out)
    elif kind == "AssignmentPattern":
        pattern_names(pattern.left, out)


def lint_js(path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = esprima.parseScript(source, {"loc": True})
    except esprima.Error as error:
        return [f"{path}: {error}"]
    declared = {}  # name -> line of its first declaration
    bindings = []  # identifier nodes that declare

    def declarations(node, parent, key):
        found = []
        if node.type == "VariableDeclarator":
            pattern_names(node.id, found)
        elif node.type in ("FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"):
            if node.type == "FunctionDeclaration" and node.id:
                found.append(node.id)
            for param in node.params:
                pattern_names(param, found)
        elif node.type == "CatchClause" and node.param:
            pattern_names(node.param, found)
        elif node.type == "ClassDeclaration" and node.id:
            found.append(node.id)
        for identifier in found:
            declared.setdefault(identifier.name, identifier.loc.start.line)
            bindings.append(identifier)

    walk(tree, declarations)
    binding_ids = {id(b) for b in bindings}
    used = set()
    problems = []

    def references(node, parent, key):
        if node.type != "Identifier" or id(node) in binding_ids:
            return
        if parent is not None:
            if parent.type in ("MemberExpression",) and key == "property" and not parent.computed:
                return
            if parent.type in ("Property", "MethodDefinition", "PropertyDefinition") and key == "key" and not parent.computed:
                if parent.type != "Property" or not parent.shorthand:
                    return
            if parent.type in ("LabeledStatement", "BreakStatement", "ContinueStatement"):
                return
        used.add(node.name)
        if node.name not in declared and node.name not in BROWSER:
            problems.append(f"{path}:{node.loc.start.line}: '{node.name}' is used but declared nowhere (a typo, or a browser name to add to BROWSER in lint-page.py)")

    walk(tree, references)
    for name, line in sorted(declared.items(), key=lambda item: item[1]):
        if name not in used and not name.startswith("_"):
            problems.append(f"{path}:{line}: '{name}' is declared but never used (remove it, or name it _{name})")
    return problems


def lint_css(path):
    with open(path, encoding="utf-8") as f:
        rules = tinycss2.parse_stylesheet(f.read(), skip_comments=True, skip_whitespace=True)
    problems = []

    def check(nodes):
        for node in nodes:
            if node.type == "error":
                problems.append(f"{path}:{node.source_line}: {node.message}")
            elif node.type == "qualified-rule":
                for declaration in tinycss2.parse_declaration_list(node.content, skip_comments=True, skip_whitespace=True):
                    if declaration.type == "error":
                        problems.append(f"{path}:{declaration.source_line}: {declaration.message}")
            elif node.type == "at-rule" and node.content is not None and node.lower_at_keyword in ("media", "supports"):
                check(tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True))
    check(rules)
    return problems


def lint_html(path):
    djlint = os.path.join(os.path.dirname(sys.executable), "djlint")
    result = subprocess.run([djlint, "--lint", path], capture_output=True, text=True)
    if result.returncode == 0:
        return []
    return [f"{path}: djlint:\n{result.stdout.strip()}"]


def lint(directory):
    problems = []
    names = sorted(os.listdir(directory))
    for name in names:
        path = os.path.join(directory, name)
        if name.endswith(".js"):
            problems += lint_js(path)
        elif name.endswith(".css"):
            problems += lint_css(path)
        elif name.endswith(".html"):
            problems += lint_html(path)
    kinds = {os.path.splitext(n)[1] for n in names}
    for wanted in (".html", ".css", ".js"):
        if wanted not in kinds:
            problems.append(f"{directory}: no {wanted} file to lint; the page's files are missing")
    return problems


def self_test(directory):
    faults = {
        "watch.js": [("\nconst unusedThing = 1;\n", "declared but never used"),
                     ("\nconnct();\n", "used but declared nowhere"),
                     ("\nfunction (\n", "Line")],
        "watch.css": [("\nbody { color: red; ; : x }\n", "")],
        "watch.html": [("\n<img src=x>\n", "djlint")],
    }
    missing = []
    for name, cases in faults.items():
        for addition, words in cases:
            with tempfile.TemporaryDirectory() as scratch:
                for other in os.listdir(directory):
                    with open(os.path.join(directory, other), encoding="utf-8") as f:
                        text = f.read()
                    if other == name:
                        text += addition
                    with open(os.path.join(scratch, other), "w", encoding="utf-8") as f:
                        f.write(text)
                problems = lint(scratch)
                if not any(name in p and words in p for p in problems):
                    missing.append(f"{name} + {addition.strip()!r}")
    if missing:
        print("lint-page self-test: not caught: " + "; ".join(missing))
        return 1
    print(f"lint-page self-test: each of {sum(len(c) for c in faults.values())} faults caught")
    return 0


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    directory = args[0] if args else os.path.join("Sources", "CLI", "WebView", "Page")
    if "--self-test" in sys.argv:
        return self_test(directory)
    problems = lint(directory)
    for problem in problems:
        print(problem)
    if problems:
        print(f"lint-page: {len(problems)} problem(s) in {directory}")
        return 1
    print(f"lint-page: {directory}: watch.html (djlint), watch.css (tinycss2), watch.js (esprima): clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
