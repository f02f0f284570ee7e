#!/usr/bin/env python3
"""Apple's own code listings, compiled unchanged against actionsim's AppIntents, HealthKit,
CoreMotion and os (make test-examples).

The listings are read at test time from the reference text beside the repository
(../shared/reference/responding-to-the-action-button-on-apple-watch-ultra.txt): none of
Apple's code is kept in the repository. Each listing goes, unchanged, into a folder of its
own, as a file of a watch app target would (below the imports such a file has, which Apple's
listings leave out); what Apple does not show (the workout manager's
class, `logger`, the dive manager, the intent a listing donates) comes from a support file
written here. Member listings (`func perform()`, `var displayRepresentation`) sit inside an
`extension` of their type, and statements inside a method, both in the listing's own file.
All folders build in one SwiftPM package that depends on this checkout.

A listing the reference text cut off (a line ending mid-string at the page edge) or left
partial on purpose ("Add remaining code here") cannot compile as it stands: the check says
which and why. Any other listing that does not compile fails the check.
"""
import argparse
import os
import re
import subprocess
import sys

# -- Finding the listings in the text -------------------------------------------------------

CODE_START = re.compile(r'^(//|enum |struct |class |actor |extension |static |@|var |let |init\(|func |case |switch |'
                        r'if |else|guard |do |try |return|Task |await |\}|\]|\[|\))')
CALL_START = re.compile(r'^[A-Za-z_]\w*(\(|\.[A-Za-z_]|\[| = | \?\?)')
PROSE = re.compile(r"[A-Za-z]+ [a-z]+ [a-z]+ [a-z]+")


def strip_strings(line):
    """The line without string literals and comments; and whether a string is left open."""
    out, in_string, i = [], False, 0
    while i < len(line):
        c = line[i]
        if not in_string and line.startswith('//', i):
            break
        if c == '\\' and in_string:
            i += 2
            continue
        if c == '"':
            in_string = not in_string
        elif not in_string:
            out.append(c)
        i += 1
    return ''.join(out), in_string


def find_listings(lines):
    """Runs of code lines: a line that starts like Swift, and every line until its brackets close."""
    result, current, depth = [], None, 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip('\n')
        text = line.strip()
        following = lines[number].strip() if number < len(lines) else ''
        code, open_string = strip_strings(text)
        is_code = depth > 0 or bool(CODE_START.match(text)) or (bool(CALL_START.match(text)) and not PROSE.search(code))
        if is_code and text:
            if current is None:
                current = {'line': number, 'lines': [], 'cut': []}
            current['lines'].append(line)
            # Cut off at the page's edge: a string left open, or a call left open just before a closing brace.
            if open_string or (code.count('(') > code.count(')') and following.startswith('}')):
                current['cut'].append(number)
            else:
                depth = max(0, depth + sum(code.count(c) for c in '{[(') - sum(code.count(c) for c in '}])'))
        else:
            if current:
                result.append(current)
                current = None
            depth = 0
    if current:
        result.append(current)
    return result


# -- What each listing is, and what Apple leaves out around it ------------------------------

# Where Apple's member listings belong (the article says so in the text around each).
OWNERS = {
    'displayRepresentation': 'MyStartWorkoutIntent', 'perform': 'MyStartWorkoutIntent',
    'suggestedWorkouts': 'MyStartWorkoutIntent',
    'caseDisplayRepresentations': 'WorkoutEnum', 'typeDisplayRepresentation': 'WorkoutEnum',
    'startWorkout': 'MyWorkoutManager', 'requestAuthorization': 'MyWorkoutManager',
    'startCollectingData': 'MyWorkoutManager',
}


def describe(listing):
    """(kind, name, owner): a declaration, a member of `owner`, or statements."""
    first = next(l.strip() for l in listing['lines'] if not l.strip().startswith('//'))
    m = re.match(r'^(enum|struct|class|actor) (\w+)', first)
    if m:
        return 'declaration', m.group(2), None
    m = re.match(r'^(?:static )?(?:var|func) (\w+)', first)
    if m and m.group(1) in OWNERS:
        return 'member', m.group(1), OWNERS[m.group(1)]
    return 'statements', re.match(r'^(?:let |var )?([\w.]+)', first).group(1), 'MyWorkoutManager'


def members_of(listing):
    text = '\n'.join(listing['lines'])
    return set(re.findall(r'(?:var|func) (\w+)', text))


def support(listing, kind, name, owner):
    """Swift written here (not Apple's) around one listing: every type it uses and does not declare."""
    provided = members_of(listing) if kind != 'statements' else set()
    declares = name if kind == 'declaration' else None
    parts = ['import AppIntents', 'import Foundation', 'import HealthKit', 'import os', '',
             'let logger = Logger(subsystem: "com.example.listings", category: "ActionButton")', '']

    def unless(member, text):
        return '' if member in provided and owner_of(member) in (owner, declares) else text

    def owner_of(member):
        return OWNERS.get(member)

    if declares != 'WorkoutEnum':
        parts.append('enum WorkoutEnum: String, AppEnum {\n    case walking, running, swimming, cycling\n'
                     + unless('typeDisplayRepresentation',
                              '    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"\n')
                     + unless('caseDisplayRepresentations',
                              '    static var caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] = [\n'
                              '        .walking: "Walking", .running: "Running", .swimming: "Swimming", .cycling: "Cycling",\n    ]\n')
                     + '    func activityType() -> HKWorkoutActivityType {\n'
                       '        switch self {\n        case .walking: .walking\n        case .running: .running\n'
                       '        case .swimming: .swimming\n        case .cycling: .cycling\n        }\n    }\n}\n')
    else:
        text = '\n'.join(listing['lines'])
        extra = ''
        if 'caseDisplayRepresentations' not in text:
            cases = re.findall(r'^\s*case (\w+)', text, re.M)
            extra += ('    static var caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] = [\n'
                      + ''.join(f'        .{c}: "{c.capitalize()}",\n' for c in cases) + '    ]\n')
        if 'typeDisplayRepresentation' not in text:
            extra += '    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"\n'
        if extra:
            parts.append('extension WorkoutEnum {\n' + extra + '}\n')

    start_members = {
        'title': '    static var title: LocalizedStringResource = "Start Workout"\n',
        'suggestedWorkouts': '    static var suggestedWorkouts: [MyStartWorkoutIntent] = [MyStartWorkoutIntent()]\n',
        'perform': '    func perform() async throws -> some IntentResult {\n        .result()\n    }\n',
    }
    if declares != 'MyStartWorkoutIntent':
        parts.append('struct MyStartWorkoutIntent: StartWorkoutIntent {\n'
                     + start_members['title']
                     + unless('suggestedWorkouts', start_members['suggestedWorkouts'])
                     + '    @Parameter(title: "Type of Workout")\n    var workoutStyle: WorkoutEnum\n'
                     + '    init() {\n        workoutStyle = .running\n    }\n'
                     + unless('perform', start_members['perform']) + '}\n')
    else:
        text = '\n'.join(listing['lines'])
        missing = [m for m in ('title', 'suggestedWorkouts', 'perform') if not re.search(rf'(var|func) {m}\b', text)]
        if 'workoutStyle' not in text:
            missing.append('workoutStyle')
            start_members['workoutStyle'] = '    var workoutStyle: WorkoutEnum { .running }\n'
        if missing:
            parts.append('extension MyStartWorkoutIntent {\n' + ''.join(start_members[m] for m in missing) + '}\n')

    manager_methods = {
        # Apple calls this both as `try await` and as `await`: neither throwing nor synchronous suits both.
        'startWorkout': '    func startWorkout(type: WorkoutEnum) async {}\n',
        'requestAuthorization': '    func requestAuthorization() async {}\n',
        'startCollectingData': '    func startCollectingData() async throws {}\n',
    }
    parts.append('final class MyWorkoutManager: NSObject, @unchecked Sendable {\n'
                 '    static let shared = MyWorkoutManager()\n'
                 '    let store = HKHealthStore()\n    var configuration: HKWorkoutConfiguration?\n'
                 '    var session: HKWorkoutSession?\n    var builder: HKLiveWorkoutBuilder?\n'
                 '    var workoutType: WorkoutEnum?\n    var enabled = false\n'
                 + ''.join(text for method, text in manager_methods.items() if method not in provided)
                 + '    func markLap(at date: Date) async {}\n    func pauseWorkout() async {}\n    func resumeWorkout() async {}\n}\n')
    parts.append('extension MyWorkoutManager: HKWorkoutSessionDelegate {\n'
                 '    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,\n'
                 '                        from fromState: HKWorkoutSessionState, date: Date) {}\n'
                 '    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {}\n}\n')
    parts.append('extension MyWorkoutManager: HKLiveWorkoutBuilderDelegate {\n'
                 '    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}\n'
                 '    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}\n}\n')
    if declares != 'MarkLapIntent':
        parts.append('struct MarkLapIntent: AppIntent {\n    static var title: LocalizedStringResource = "Mark Lap"\n'
                     '    func perform() async throws -> some IntentResult {\n        .result()\n    }\n}\n')
    # Apple's text donates MyMarkLapIntent() but declares the intent as MarkLapIntent.
    parts.append('typealias MyMarkLapIntent = MarkLapIntent\n')
    parts.append('final class DiveManager: @unchecked Sendable {\n    static let shared = DiveManager()\n    func start() async {}\n}\n')
    parts.append('struct MyCollectSubmergedDataIntent: AppIntent {\n'
                 '    static var title: LocalizedStringResource = "Collect Submerged Data"\n'
                 '    func perform() async throws -> some IntentResult {\n        .result()\n    }\n}\n')
    return '\n'.join(parts)


# Apple's listings show no imports; a file of the app has them above its code.
IMPORTS = 'import AppIntents\nimport CoreMotion\nimport Foundation\nimport HealthKit\nimport os\n\n'


def listing_file(listing, kind, owner):
    body = '\n'.join(listing['lines']) + '\n'
    if kind == 'member':
        return f'{IMPORTS}extension {owner} {{\n{body}}}\n'
    if kind == 'statements':
        return f'{IMPORTS}extension MyWorkoutManager {{\n    func listing() async throws {{\n{body}    }}\n}}\n'
    return IMPORTS + body


# -- Building ---------------------------------------------------------------------------------

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    # shared/ sits beside the checkout (CI's clone, /work/main), or beside a folder of
    # worktrees (/work/wt/NAME).
    candidates = [os.path.join(root, *up, 'shared', 'reference', 'responding-to-the-action-button-on-apple-watch-ultra.txt')
                  for up in (['..'], ['..', '..'])]
    parser.add_argument('--reference', default=next((c for c in candidates if os.path.exists(c)), candidates[0]))
    parser.add_argument('--out', default=os.path.join(root, '.build', 'apple-listings'))
    parser.add_argument('--scratch-path', default=None)
    parser.add_argument('--swift', default='swift')
    parser.add_argument('--require', action='store_true',
                        help='fail when the reference text is missing (the default where the environment sets CI)')
    args = parser.parse_args()

    if not os.path.exists(args.reference):
        # A developer's clone has no shared/ beside it, and nothing to check. The project's CI
        # has: there, a missing reference text is a broken check, not a pass (issue 28).
        if args.require or os.environ.get('CI', '').lower() not in ('', '0', 'false', 'no'):
            print(f'error: Apple listings: {args.reference} is not there, and this run needs it '
                  f'({"--require" if args.require else "CI=" + os.environ["CI"]}); put shared/ beside the checkout '
                  f'or give its file with --reference', file=sys.stderr)
            return 1
        print(f'==> Apple listings: {args.reference} is not there (shared/ beside the checkout); nothing to check '
              f'(in CI, with CI set, this fails)')
        return 0
    with open(args.reference, encoding='utf-8') as f:
        listings = find_listings(f.readlines())
    reference = os.path.basename(args.reference)

    targets = []
    for index, listing in enumerate(listings, 1):
        kind, name, owner = describe(listing)
        target = f'Listing{index:02d}'
        listing.update(index=index, kind=kind, name=name, owner=owner, target=target)
        partial = any(re.search(r'//.*\bAdd\b.*\bhere\b', l) for l in listing['lines'])
        listing['partial'] = partial and kind == 'declaration' and name == 'MyStartWorkoutIntent' and 'workoutStyle' not in '\n'.join(listing['lines'])
        write(f'{args.out}/Sources/{target}/Listing.swift', listing_file(listing, kind, owner))
        write(f'{args.out}/Sources/{target}/Support.swift', support(listing, kind, name, owner))
        if not listing['cut']:
            targets.append(target)

    products = ', '.join(f'.product(name: "{p}", package: "actionsim")' for p in ('AppIntents', 'HealthKit', 'CoreMotion', 'os'))
    target_lines = ''.join(
        f'        .target(name: "{l["target"]}", dependencies: [{products}], swiftSettings: [.swiftLanguageMode(.v5)]),\n'
        for l in listings)
    write(f'{args.out}/Package.swift',
          '// swift-tools-version: 6.1\n// Written by Tests/AppleListings/check-apple-listings.py: each of Apple\'s listings in a target.\n'
          'import PackageDescription\n\nlet package = Package(\n    name: "AppleListings",\n    platforms: [.macOS(.v15)],\n'
          f'    dependencies: [.package(name: "actionsim", path: "{os.path.relpath(root, args.out)}")],\n'
          f'    targets: [\n{target_lines}    ]\n)\n')

    def build(target_list):
        command = [args.swift, 'build', '--package-path', args.out]
        if args.scratch_path:
            command += ['--scratch-path', args.scratch_path]
        for t in target_list:
            command += ['--target', t]
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return run.returncode == 0, run.stdout

    print(f'==> Apple\'s listings in {reference}, each unchanged in a watch app folder with actionsim\'s frameworks')
    errors = {}
    ok, output = build(targets)
    if not ok:
        # One build per listing, to say which fail and why.
        for target in targets:
            built, text = build([target])
            if not built:
                errors[target] = [l for l in text.splitlines() if f'/{target}/' in l and 'error:' in l] or text.splitlines()[-5:]

    failed = cut = 0
    for l in listings:
        what = f'listing {l["index"]:2d} (line {l["line"]}, {l["kind"]} {l["name"]})'
        if l['cut']:
            cut += 1
            lines = ', '.join(str(n) for n in l['cut'])
            print(f'  {what}: cannot compile as the reference text has it: line{"s" if len(l["cut"]) > 1 else ""} {lines} '
                  f'{"are" if len(l["cut"]) > 1 else "is"} cut off at the page\'s edge (a string or a call left open)')
        elif l['target'] in errors and l['partial']:
            cut += 1
            print(f'  {what}: cannot compile as the reference text has it: a partial listing ("Add remaining code here") '
                  'without the stored @Parameter var workoutStyle a StartWorkoutIntent needs')
        elif l['target'] in errors:
            failed += 1
            print(f'  {what}: DOES NOT COMPILE')
            for line in errors[l['target']]:
                print(f'      {line}')
        else:
            print(f'  {what}: compiles')
    print('  note: Apple\'s text donates MyMarkLapIntent() but declares MarkLapIntent; the support code names both')
    compiled = len(listings) - failed - cut
    print(f'{len(listings)} listings: {compiled} compile, {cut} cannot as the reference text has them, {failed} fail')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
