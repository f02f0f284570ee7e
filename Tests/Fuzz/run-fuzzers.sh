#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (Tests/Fuzz/Sources/fuzz-*) with
# -sanitize=fuzzer,address and runs each for FUZZ_SECONDS (default 600), one after the
# other, from its seed corpus (Tests/Fuzz/corpus/<name>, in the repository) plus the inputs
# earlier runs found (Tests/Fuzz/.build/corpus/<name>, not in the repository).
#
# A crash, a hang (over 10 s for one input), a memory error or memory growth stops that fuzzer:
# the input is saved as Tests/Fuzz/findings/<name>/crash-* (or timeout-*, leak-*), the
# script says how to reproduce it, and it exits 1 after running the others. A finding
# becomes a fixture and a regression test in the normal suite (see README.md).
#
#   FUZZ_SECONDS=60 make fuzz               every fuzzer for a minute
#   FUZZERS="scenario manifest" make fuzz   only these
set -euo pipefail
cd "$(dirname "$0")"

seconds=${FUZZ_SECONDS:-600}
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
toolchain_bin=$(dirname "$(readlink -f "$swift")")
all=$(ls -d Sources/fuzz-*/ | sed 's#Sources/fuzz-##; s#/##')
fuzzers=${FUZZERS:-$all}

# Swift's sanitizer flags for every module, and lld: Debian's gold fails on these objects.
mkdir -p .build
cat > .build/toolset.json <<EOF
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-sanitize=fuzzer,address"] },
  "cCompiler": { "extraCLIOptions": ["-fsanitize=fuzzer-no-link,address"] },
  "linker": { "path": "$toolchain_bin/ld.lld" }
}
EOF
echo "==> building the fuzzers (release, -sanitize=fuzzer,address)"
if ! "$swift" build -c release --toolset "$PWD/.build/toolset.json" > .build/build.log 2>&1; then
  grep -Ev '^\[[0-9]+/[0-9]+\]' .build/build.log
  echo "==> the fuzzers did not build"; exit 2
fi
bin=$("$swift" build -c release --toolset "$PWD/.build/toolset.json" --show-bin-path)

# Swift's own backtracer would take the crash signals libFuzzer needs to see.
export SWIFT_BACKTRACE=enable=no
failed=()
summary=()
for name in $fuzzers; do
  [ -x "$bin/fuzz-$name" ] || { echo "no fuzzer named $name (have: $all)"; exit 2; }
  mkdir -p ".build/corpus/$name" "findings/$name"
  dict=()
  [ -f "dictionaries/$name.dict" ] && dict=(-dict="dictionaries/$name.dict")
  echo "==> fuzz-$name for ${seconds}s (seeds: corpus/$name, $(ls "corpus/$name" | wc -l) files)"
  log=".build/fuzz-$name.log"
  status=0
  # No per-input leak check: the Swift runtime's caches (type metadata, GRDB's statement
  # cache) look like leaks to it and it costs most of the time; -rss_limit_mb catches growth.
  "$bin/fuzz-$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
    -artifact_prefix="findings/$name/" "${dict[@]}" ".build/corpus/$name" "corpus/$name" > "$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
  if [ "$status" -ne 0 ]; then
    artifact=$(grep -o "findings/$name/[a-z]*-[0-9a-f]*" "$log" | tail -1 || true)
    echo "    FOUND A PROBLEM after $runs runs: $artifact"
    grep -E "ERROR:|Fatal error|fatal error|SUMMARY" "$log" | head -5 | sed 's/^/    /'
    echo "    reproduce: $bin/fuzz-$name $artifact   (full log: Tests/Fuzz/$log)"
    failed+=("$name")
    summary+=("fuzz-$name: FOUND $artifact after $runs runs")
  else
    summary+=("fuzz-$name: $runs runs in ${seconds}s, $coverage, corpus $(ls ".build/corpus/$name" | wc -l) found + $(ls "corpus/$name" | wc -l) seeds, no crash")
  fi
done
echo "==> fuzzing summary"
printf '    %s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ] || { echo "==> findings in: ${failed[*]}"; exit 1; }
