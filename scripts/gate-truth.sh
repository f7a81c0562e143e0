#!/usr/bin/env bash
# gate-truth.sh — the onset detector's truth set with every condition of the
# recording chain (issue 29 item 2): installs LAME and oggenc if missing (the
# MP3 and Ogg conditions need them; `go test` alone skips them with a
# message), then runs the codec round trip and TestTruthSet on the held-out
# master seed's 12 takes, printing recall, precision and median timing error
# per condition and failing below the issue's targets (-truthtargets), then
# the gate's verdicts on our render through each condition over the issue's
# 20 held-out takes.
# SOUNDWORLD_REQUIRE_ENCODERS=1 turns a missing encoder into a
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v lame >/dev/null 2>&1 || ! command -v oggenc >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q -o DPkg::Lock::Timeout=600 lame vorbis-tools >/dev/null
fi
export SOUNDWORLD_REQUIRE_ENCODERS=1 SOUNDWORLD_TRUTHSET=1
go test ./gate/degrade -run 'TestCodecRoundTrip' -count=1 -v 2>&1 | grep -E '^(--- |ok|FAIL|PASS)'
go test ./gate -run 'TestTruthSet' -count=1 -v -args -truthtakes 12 -truthtargets 2>&1 | grep -vE '^=== RUN'
# Item 3: our render through every condition, judged by the gate (6
# held-out takes; -args -verdicttakes 20 by hand for the issue's 20).
go test ./gate -run 'TestVerdictsThroughTheChain' -count=1 -v -timeout 30m -args -verdicttakes 20 2>&1 | grep -vE '^=== RUN|fails: retail'
# Item 5: the analysis speed on one core; the figure is x_realtime_cpu.
GOMAXPROCS=1 go test ./gate/measure -run '^$' -bench 'Measure10Min' -benchtime 2x 2>&1 | grep -E '^Benchmark'
echo "gate-truth: ok"
