#!/usr/bin/env bash
# windows-live.sh — the Windows window's live sound through oto's WASAPI
# path, under wine (issue 33 item 2). In CI: scripts/windows-run.sh runs it
# last, with its programs and wine prefix (WINDOWS_BIN, WINEPREFIX); alone
# it builds its own. docs/install.md "Sound on Windows" says what it shows.
#
# The rig is live-smoke.sh's (scripts/lib/pulse-rig.sh): a private
# PulseAudio daemon with a float32 null sink, reached through an ALSA file
# plugin that keeps every byte handed to ALSA (sent.raw). Wine is told to
# use its ALSA driver (winealsa; HKCU\Software\Wine\Drivers Audio=alsa) so
# that the plugin sits between wine's WASAPI and the sink: sent.raw is what
# oto handed WASAPI, plus the silence wine's mixer inserts whenever the
# player had nothing ready. scripts/livecmp -skip-padding then checks
# sent.raw against `soundworld render` of the same span bit for bit,
# skipping (and counting) only those inserted silences; it fails the script
# otherwise. (Wine's default PulseAudio driver has no such tap: what the
# sink plays then holds PulseAudio's rewinds after each underrun, so it
# cannot be compared.)
# A second session times 15 inputs (-latency-probe) and prints the figures
# (not judged: see docs/install.md for what they measure under wine), with
# the session's wall time against the frames the device took.
# WIN_LIVE_SECONDS: the sessions' length (default 15).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
S=${WIN_LIVE_SECONDS:-15}
. scripts/lib/debs.sh
need_debs windows-live wine wine64 mingw-w64 xvfb xauth pulseaudio pulseaudio-utils libasound2-plugins
D=$(mktemp -d)
if [ -z "${WINDOWS_BIN:-}" ]; then export WINEPREFIX=$D/prefix; fi
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  [ -n "${WINDOWS_BIN:-}" ] || wineserver -k 2>/dev/null || true # this prefix's server only
  if [ -n "${WIN_LIVE_KEEP:-}" ]; then echo "windows-live: kept $D" >&2; else rm -rf "$D"; fi
}
trap cleanup EXIT
mkdir -p "$D/rt" "$D/home" "$D/bin"
B=${WINDOWS_BIN:-$D/bin} # soundworld.exe, soundworld-window.exe, soundworld (Linux)
if [ -z "${WINDOWS_BIN:-}" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$B/bcryptprimitives.dll" scripts/windows/bcryptprimitives.c -ladvapi32
  GOOS=windows GOARCH=amd64 go build -trimpath -o "$B/soundworld.exe" .
  GOOS=windows GOARCH=amd64 go build -trimpath -o "$B/soundworld-window.exe" ./cmd/soundworld-window
  go build -trimpath -o "$B/soundworld" .
  wineboot -i >/dev/null 2>&1
  cp "$B/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
fi
go build -o "$D/bin/livecmp" ./scripts/livecmp
wine reg add 'HKCU\Software\Wine\Drivers' /v Audio /d alsa /f >/dev/null 2>&1

RIG=windows-live
source scripts/lib/pulse-rig.sh
start_pulse
pulse_rig_files
WSETTINGS=$(winepath -w "$D/settings.json" 2>/dev/null)
"$B/soundworld" render -at "0xA9B4 84 7.1" -seed 1 -prefs "$PREFS" -seconds "$S" -o "$D/render.wav" >/dev/null
# session OUT [flags]: the window for S s under wine, in the rig; prints its
# wall time against the frames the device took (sent.raw). The time limit
# is generous: on a loaded machine wine's device takes frames at a tenth of
# real time or less, and the Sim follows it (docs/install.md).
session() {
  local out=$1 rc=0 t0 t1; shift
  rm -f "$D/sent.raw"
  # A wineserver started outside Xvfb (wine reg, winepath above) or by the
  # last session keeps the display its first process had, none or a gone
  # Xvfb, and every window it then makes fails ("CreateWindowExW failed"):
  # each session starts on a server of its own.
  wineserver -k 2>/dev/null || true
  wineserver -w 2>/dev/null || true
  t0=$(date +%s.%N)
  ALSA_CONFIG_PATH=$D/asound.conf timeout -k 5 $((S * 10 + 60)) xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    wine "$B/soundworld.exe" -seed 1 -prefs "$PREFS" -quit-after "$S" "$@" -settings "$WSETTINGS" \
    >"$D/$out.out" 2>"$D/$out.err" || rc=$?
  t1=$(date +%s.%N)
  grep -E '^live: (sim|lead|device)' "$D/$out.out" | sed "s/^/[wasapi $out] /" || true
  awk -v a="$t0" -v b="$t1" -v f="$(stat -c %s "$D/sent.raw" 2>/dev/null || echo 0)" 'BEGIN {
    printf "[wasapi %s] wall %.1f s from start to exit; the device took %.2f s of frames (sent.raw)\n", "'"$out"'", b - a, f / 8 / 44100 }'
  return $rc
}
# The check holds for a session without a late start. oto pulls the mix
# whether or not the Sim has delivered the starts it holds (only our ALSA
# writer waits for them: Device.Covered), so a start the window's Update
# delivers after its frame was pulled plays late — logged, as O5 wants —
# and the stream differs from render from there on. Under wine on a loaded
# machine the first Updates can come a second apart: such a session is
# said and run once more; the second is compared whatever it holds.
for try in 1 2; do
  rc=0; session live || rc=$?
  [ "$rc" = 0 ] || { tail -5 "$D/live.err" >&2; echo "windows-live: the window did not finish (exit $rc; 124: it hung)" >&2; exit 1; }
  late=$(sed -nE 's/^live: sim .* late starts ([0-9]+),.*/\1/p' "$D/live.out")
  [ "${late:-0}" != 0 ] && [ "$try" = 1 ] || break
  echo "[wasapi] $late late starts (the window's Update came after oto had pulled their frames): not comparable; once more"
done
"$D/bin/livecmp" -skip-padding -sent "$D/sent.raw" -render "$D/render.wav" -min-seconds $((S / 3)) | sed 's/^/[wasapi] /'
# Latency: 15 timed inputs (a stinger each), printed, not judged. Each
# figure is split into input → the Update that saw it (the window's frame
# rate) and that Update → played (the audio path); with under 20 inputs
# measured, "p95" is the largest one.
rc=0; session lat -latency-probe 15 || rc=$?
grep -E '^latency' "$D/lat.out" | sed 's/^/[wasapi latency] /' || true
[ "$rc" = 0 ] || echo "windows-live: the latency session did not finish (exit $rc; 124: it hung)" >&2
echo "windows-live: ok (load $(cut -d' ' -f1 /proc/loadavg))"
