#!/usr/bin/env bash
# Issue 23's damage suite: every command over damaged copies of the
# stand-in and the full-size generated world (made at run time, never
# committed). Fails on a panic, a hang, a run that neither equals the clean
# run nor names a problem, a -strict run that does not exit 2, or a set a
# command flags and `check` does not. Prints the counts.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
bin=$(mktemp -d)/soundworld
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" .
go build -o "$(dirname "$bin")/soundworld-window" ./cmd/soundworld-window # shot
go build -o "$(dirname "$bin")/damage" ./scripts/damage
if [ -n "${DISPLAY:-}" ]; then
  "$(dirname "$bin")/damage" -bin "$bin" "$@"
else # one Xvfb for every shot of the suite; -noreset: an X server resets when
  # its last client leaves, and a shot connecting during the reset fails to open it
  xvfb-run -a -s "-screen 0 1280x720x24 -noreset" "$(dirname "$bin")/damage" -bin "$bin" "$@"
fi
