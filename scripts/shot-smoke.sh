#!/usr/bin/env bash
# shot-smoke.sh — run `soundworld shot` under Xvfb and check that the PNG is a
# real picture (size, several distinct colours) and that the JSON sidecar parses.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
go build -o "$out/soundworld" .
go build -o "$out/soundworld-window" ./cmd/soundworld-window
# The text commands need no display: run one with DISPLAY unset.
env -u DISPLAY "$out/soundworld" level -vol 1 -dx 10 -dy 0 | grep -q '"db":-12'
xvfb-run -a -s "-screen 0 1280x720x24 -noreset" "$out/soundworld" shot -seconds 3 -o "$out/shot.png"
go run ./scripts/checkshot "$out/shot.png" "$out/shot.json"
echo "shot-smoke: ok"
