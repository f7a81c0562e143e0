#!/usr/bin/env bash
# ui-smoke.sh — drive the explorer window under Xvfb with xdotool (walk, type
# junk and a position into the jump box, resize) and check F12's sidecars
# (scripts/uismoke). Needs Xvfb, xdotool (apt-get install xdotool).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v xdotool >/dev/null; then # Debian's package; installed like setup.sh does
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends xdotool >/dev/null
fi
. scripts/lib/xvfb.sh
out=$(mktemp -d)
trap 'stop_xvfb; rm -rf "$out"' EXIT
go build -o "$out/soundworld-window" ./cmd/soundworld-window
go build -o "$out/uismoke" ./scripts/uismoke
start_xvfb 1280x720x24 # own server, -noreset (scripts/lib/xvfb.sh)
"$out/uismoke" "$out/soundworld-window"
