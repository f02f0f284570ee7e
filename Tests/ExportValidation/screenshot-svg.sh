#!/usr/bin/env bash
# Renders SVG files to PNG with headless Chromium, the way a person opening the plot in a
# browser would see it. Usage: screenshot-svg.sh FILE.svg... (writes FILE.png beside each).
set -euo pipefail
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "headless Chromium not found; install it with: apt-get install chromium" >&2
  exit 2
fi
for svg in "$@"; do
  png="${svg%.svg}.png"
  # The page is the SVG's own size; read it from the root element.
  width=$(grep -o 'width="[0-9.]*"' "$svg" | head -1 | tr -dc '0-9.')
  height=$(grep -o 'height="[0-9.]*"' "$svg" | head -1 | tr -dc '0-9.')
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="${width%.*},${height%.*}" --screenshot="$png" "file://$(realpath "$svg")" >/dev/null 2>&1
  [ -s "$png" ] || { echo "no screenshot made for $svg" >&2; exit 1; }
  echo "$png"
done
