#!/usr/bin/env bash
# The DocC catalogs of the public Swift API that watch developers use (AppIntents, the
# stand-ins their intents import, and ActionButtonHarness, the test harness), built with
# docc from the debug build's modules. Every symbol link in a catalog must resolve: a
# warning fails (--warnings-as-errors). The archives go to .build/docc/NAME.doccarchive.
#
#   Tests/DocC/check-docc.sh [--self-test]     (make test-docc; after swift build)
#
# --self-test first adds a link to a symbol that does not exist to a copy of a catalog and
# shows that the check fails on it.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT_BIN=$(dirname "$(command -v swift || echo /opt/swift/usr/bin/swift)")
DOCC=${DOCC:-$(command -v docc || echo "$SWIFT_BIN/docc")}
EXTRACT=${EXTRACT:-$(command -v swift-symbolgraph-extract || echo "$SWIFT_BIN/swift-symbolgraph-extract")}
BUILD=${BUILD:-.build/debug}
OUT=.build/docc
MODULES=(AppIntents ActionButtonHarness)

# The C modules the Swift modules import (Yams' CYaml, swift-system's CSystem, ...).
includes=()
declare -A mapped=()
while IFS= read -r map; do
  includes+=(-Xcc "-I$(dirname "$map")")
  for name in $(sed -n 's/^ *\(explicit \)\{0,1\}module \([A-Za-z_0-9]*\).*/\2/p' "$map"); do mapped[$name]=1; done
done < <(find .build/checkouts Sources -name module.modulemap 2>/dev/null)
# And those SwiftPM writes for C targets that ship none (OpenCombine's COpenCombineHelpers,
# which AppIntents reaches through Combine), each once.
while IFS= read -r map; do
  name=$(basename "$(dirname "$map")" .build)
  [ -n "${mapped[$name]:-}" ] || includes+=(-Xcc "-I$(dirname "$map")")
done < <(find "$BUILD/" -maxdepth 2 -name module.modulemap 2>/dev/null)

convert() {  # catalog, module, archive
  "$DOCC" convert "$1" --additional-symbol-graph-dir "$OUT/symbol-graphs/$2" --output-path "$3" \
    --fallback-display-name "$2" --fallback-bundle-identifier "org.actionsim.$2" --warnings-as-errors
}

mkdir -p "$OUT"
for module in "${MODULES[@]}"; do
  catalog=$(find Sources -type d -name "$module.docc" | head -1)
  [ -n "$catalog" ] || { echo "error: no $module.docc under Sources/"; exit 1; }
  rm -rf "$OUT/symbol-graphs/$module" && mkdir -p "$OUT/symbol-graphs/$module"
  "$EXTRACT" -module-name "$module" -I "$BUILD/Modules" "${includes[@]}" -target "$(uname -m)-unknown-linux-gnu" \
    -minimum-access-level public -output-dir "$OUT/symbol-graphs/$module"
  if [ "${1:-}" = "--self-test" ]; then
    scratch=$(mktemp -d)
    cp -r "$catalog" "$scratch/"
    printf '\n### A link to nothing\n\n- ``NoSuchSymbolAnywhere``\n' >> "$scratch/$module.docc/$module.md"
    if convert "$scratch/$module.docc" "$module" "$scratch/out.doccarchive" >/dev/null 2>&1; then
      echo "self-test: a catalog linking to a missing symbol was accepted"; rm -rf "$scratch"; exit 1
    fi
    rm -rf "$scratch"
    echo "self-test: $module.docc with a link to a missing symbol fails, as it should"
  fi
  convert "$catalog" "$module" "$OUT/$module.doccarchive"
  echo "==> $catalog: $OUT/$module.doccarchive"
done
