#!/usr/bin/env bash
# windows-live.sh — the Windows window's live sound through oto's WASAPI
# path, under wine (issue 33 item 2). Not in CI: see docs/install.md
# "Sound on Windows" for what it showed and what is still open.
#
# The rig is live-smoke.sh's: a private PulseAudio daemon with a float32
# null sink, reached through an ALSA file plugin that keeps every byte
# handed to ALSA (sent.raw). Wine is told to use its ALSA driver
# (winealsa; HKCU\Software\Wine\Drivers Audio=alsa) so that the plugin sits
# between wine's WASAPI and the sink: sent.raw is what oto handed WASAPI,
# plus the silence wine's mixer inserts whenever the player had nothing
# ready. scripts/livecmp -skip-padding then checks sent.raw against
# `soundworld render` of the same span bit for bit, skipping (and counting)
# only those inserted silences. (Wine's default PulseAudio driver has no
# such tap: what the sink plays then holds PulseAudio's rewinds after each
# underrun, so it cannot be compared.)
# A second session times 15 inputs (-latency-probe) and prints the figures.
# WIN_LIVE_SECONDS: the sessions' length (default 15).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
S=${WIN_LIVE_SECONDS:-15}
need=()
for p in wine wine64 mingw-w64 xvfb xauth pulseaudio pulseaudio-utils libasound2-plugins; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 "${need[@]}" >/dev/null
fi
D=$(mktemp -d)
export WINEPREFIX=$D/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wineserver -k 2>/dev/null || true # this prefix's server only
  if [ -n "${WIN_LIVE_KEEP:-}" ]; then echo "windows-live: kept $D" >&2; else rm -rf "$D"; fi
}
trap cleanup EXIT
mkdir -p "$D/rt" "$D/home" "$D/bin"
x86_64-w64-mingw32-gcc -shared -O2 -o "$D/bin/bcryptprimitives.dll" scripts/windows/bcryptprimitives.c -ladvapi32
GOOS=windows GOARCH=amd64 go build -trimpath -o "$D/bin/soundworld.exe" .
GOOS=windows GOARCH=amd64 go build -trimpath -o "$D/bin/soundworld-window.exe" ./cmd/soundworld-window
go build -o "$D/bin/soundworld" .
go build -o "$D/bin/livecmp" ./scripts/livecmp
wineboot -i >/dev/null 2>&1
cp "$D/bin/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
wine reg add 'HKCU\Software\Wine\Drivers' /v Audio /d alsa /f >/dev/null 2>&1

XDG_RUNTIME_DIR=$D/rt HOME=$D/home pulseaudio -n --daemonize=no --exit-idle-time=-1 --system=no \
  -L "module-native-protocol-unix socket=$D/rt/native auth-anonymous=1" \
  -L "module-null-sink sink_name=cap rate=44100 format=float32le channels=2" \
  -L module-always-sink >"$D/pulse.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$D/rt/native" ] && break; sleep 0.1; done
[ -S "$D/rt/native" ] || { cat "$D/pulse.log" >&2; echo "windows-live: pulseaudio did not start" >&2; exit 1; }
cat >"$D/asound.conf" <<CONF
pcm.!default {
  type file
  slave { pcm { type pulse; server "unix:$D/rt/native"; device "cap" } }
  file "$D/sent.raw"
  format "raw"
  truncate true
}
CONF
# As live-smoke.sh: sound kept unfocused and only_when_active off (Xvfb has
# no window manager to give the window focus), for render too.
echo '{"panels": [], "keep_sound_unfocused": true}' >"$D/settings.json"
PREFS=only_when_active=off
"$D/bin/soundworld" render -at "0xA9B4 84 7.1" -seed 1 -prefs "$PREFS" -seconds "$S" -o "$D/render.wav" >/dev/null
rc=0
ALSA_CONFIG_PATH=$D/asound.conf timeout -k 5 $((S + 150)) xvfb-run -a -s "-screen 0 1280x720x24" \
  wine "$D/bin/soundworld.exe" -seed 1 -prefs "$PREFS" -quit-after "$S" -settings "$(winepath -w "$D/settings.json" 2>/dev/null)" \
  >"$D/live.out" 2>"$D/live.err" || rc=$?
grep '^live:' "$D/live.out" | sed 's/^/[wasapi] /' || true
[ "$rc" = 0 ] || { echo "windows-live: the window did not finish (exit $rc; 124: it hung)" >&2; exit 1; }
"$D/bin/livecmp" -skip-padding -sent "$D/sent.raw" -render "$D/render.wav" -min-seconds $((S / 3)) | sed 's/^/[wasapi] /'
# Latency: 15 timed inputs (a stinger each), printed, not judged (the
# window's device clock through oto under wine is not yet trusted).
rc=0
ALSA_CONFIG_PATH=$D/asound.conf timeout -k 5 $((S + 150)) xvfb-run -a -s "-screen 0 1280x720x24" \
  wine "$D/bin/soundworld.exe" -seed 1 -prefs "$PREFS" -quit-after "$S" -latency-probe 15 \
  -settings "$(winepath -w "$D/settings.json" 2>/dev/null)" >"$D/lat.out" 2>/dev/null || rc=$?
grep -E '^latency' "$D/lat.out" | sed 's/^/[wasapi latency] /' || true
[ "$rc" = 0 ] || echo "windows-live: the latency session did not finish (exit $rc; 124: it hung)" >&2
echo "windows-live: ok (load $(cut -d' ' -f1 /proc/loadavg))"
