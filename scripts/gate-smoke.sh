#!/usr/bin/env bash
# gate-smoke.sh — a small listening gate end to end: render a "retail"
# recording of the Holtburg spawn (stand-in, seed 77), write a gate file for
# the same /loc line, run `soundworld gate` on 4 seeds, open report.html in
# headless Chromium (installed if missing) and check the screenshot is a real
# page (scripts/checkreport).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/soundworld" .
loc='0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000'
"$out/soundworld" render -at "$loc" -seconds 20 -seed 77 -emitters none -o "$out/retail.wav"
cat > "$out/smoke.gate.json" <<JSON
{
  "name": "smoke",
  "dat": null,
  "loc": "$loc",
  "camera": {"eye": 2, "chase": 0},
  "prefs": "",
  "emitters": null,
  "seconds": 20,
  "recording": "retail.wav",
  "offset_s": 0,
  "ignore": [],
  "notes": "CI smoke",
  "history": []
}
JSON
"$out/soundworld" gate "$out/smoke.gate.json" -seeds 4 -o "$out/report"
grep -q '"history": \[' "$out/smoke.gate.json"
grep -q '"seeds":4' "$out/smoke.gate.json"
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q chromium >/dev/null
fi
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 \
  --screenshot="$out/report.png" "file://$out/report/report.html" >/dev/null 2>&1
go run ./scripts/checkreport "$out/report.png" "$out/report/report.html"
echo "gate-smoke: ok"
