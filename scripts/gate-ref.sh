#!/usr/bin/env bash
# gate-ref.sh — the gate's loudness against an independent reference (issue
# 20 item 6): installs ffmpeg (and lame) if missing, renders three takes of
# the stand-in (the Holtburg spawn with the forge, the same place with no
# emitters, and a quiet one with every volume at 0.04), then
# scripts/gateref writes its own signals (sines at −23/−33/−60 dBFS, a
# quiet step, pink noise, gated bursts, an inter-sample peak; issue 29:
# broadband pink noise at 22.05/32/48/96 kHz, a clipped take and a sweep
# that stops abruptly at 22.05/44.1/48 kHz, measured at their own rate)
# and compares
# the gate's integrated, short-term, loudness range and true peak with
# ffmpeg's ebur128=peak=true on every file: within 0.02 LU, 0.05 LU,
# 0.1 LU and 0.1 dB. It prints the table and fails on a mismatch. Then the
# gapless MP3 tests that encode with lame and ffmpeg run with both present.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v ffmpeg >/dev/null 2>&1 || ! command -v lame >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q -o DPkg::Lock::Timeout=600 ffmpeg lame >/dev/null
fi
ffmpeg -version | head -1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/soundworld" .
loc='0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000'
"$out/soundworld" render -at "$loc" -seconds 40 -seed 3 -o "$out/render-forge.wav" >/dev/null
"$out/soundworld" render -at "$loc" -seconds 40 -seed 4 -emitters none -o "$out/render-beds.wav" >/dev/null
# The quiet take (about -65 LUFS) tests the absolute gate. Its volumes must
# keep some sounds above the SoundManager's audibility floor: from retail's
# default camera (W5: 2.25 m up, 2.5 m behind) 0.03 left every sound under
# it and the take was digital silence.
"$out/soundworld" render -at "$loc" -seconds 40 -seed 5 \
  -prefs "effect_volume=0.04,ambient_volume=0.04" -o "$out/render-quiet.wav" >/dev/null
go run ./scripts/gateref "$out" "$out/render-forge.wav" "$out/render-beds.wav" "$out/render-quiet.wav"
go test ./gate/decode -run 'MP3Gapless' -count=1 -v 2>&1 | grep -E '^(--- |ok|FAIL|PASS)'
echo "gate-ref: ok"
