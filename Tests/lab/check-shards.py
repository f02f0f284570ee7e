"""The merged JUnit report of 4 shards (junitparser merge) against the suite run whole:
every scenario exactly once, none failed."""
import sys
from collections import Counter
from junitparser import JUnitXml

merged, whole = (JUnitXml.fromfile(path) for path in sys.argv[1:3])
def cases(xml):
    return [case.classname for suite in xml for case in suite]
got, want = Counter(cases(merged)), Counter(cases(whole))
twice = sorted(name for name, count in got.items() if count > 1)
missing = sorted(set(want) - set(got))
extra = sorted(set(got) - set(want))
failed = [case.classname for suite in merged for case in suite if not case.is_passed]
for label, names in (("in more than one shard", twice), ("in no shard", missing), ("not in the suite", extra), ("failed", failed)):
    if names:
        sys.exit(f"check-shards: {len(names)} scenario(s) {label}: {', '.join(names)}")
print(f"check-shards: {sum(got.values())} scenarios in {len(list(merged))} shard reports, each exactly once (the suite has {len(want)})")
