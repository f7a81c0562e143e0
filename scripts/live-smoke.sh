#!/usr/bin/env bash
# live-smoke.sh — spec O5 on a real audio path (issue 17 item 8): the window
# plays 30 s at the Holtburg spawn with seed 1 into a private PulseAudio null
# sink (real time, no sound card) through an ALSA file plugin that keeps every
# byte the window hands the device (sent.raw), while parec records what the
# sink played (heard.raw). scripts/livecmp then checks sent.raw against
# `soundworld render` of the same span: bit-identical after one fixed
# alignment. Run twice: on the machine as it is, and with a busy loop per
# core. The window's account must show one anchor and no late start. A third
# run times 15 inputs (a stinger each) from input to the device's output:
# the script fails when the median exceeds 60 ms or the p95 100 ms.
# A fourth stops the sound server for 8 s mid-run: the window must go on
# (the wall clock takes the mix) and quit on time.
# "latency-oto" times the same through oto's driver (-audio oto), printed
# beside the default's, not gated. A fifth kills the server, starts it again and stops it (issue 31): the
# window must say so within 1 s and play again each time.
# "open-stop" (issue 31) stops the server before the window starts: the
# device's open must not hold the window (run on its own in CI:
# LIVE_RUNS=open-stop; open-stop-alsa when named).
# "inputs" (and "inputs-hog", under HOG_PER_CORE busy loops a core) makes a
# jump, a pause, a time-scale change and a server restart, and checks the
# sent stream after a later instant against render -from of its sidecar.
# The pulse path (-audio pulse, the default on Linux since issue 31 item 6:
# our writer on the server's native protocol) runs the same checks beside
# alsa: idle-pulse and hog-pulse (live = render; the bytes it sent are kept
# by SOUNDWORLD_PULSE_TEE, as the ALSA file plugin keeps ALSA's),
# latency-pulse (gated: LIVE_GATED_PATH) and lost-pulse; stall-pulse runs
# when named. The runs without a suffix are alsa's. The last lines
# ("[summary]") put both paths' figures side by side: the -audio decision
# rests on them. LIVE_RUNS picks the runs ("idle latency latency-oto hog
# stall lost inputs inputs-hog idle-pulse latency-pulse hog-pulse lost-pulse",
# the default);
# SECONDS_LIVE their length. Everything started here is stopped by its PID. Needs
# pulseaudio, pulseaudio-utils, libasound2-plugins (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_LIVE=${SECONDS_LIVE:-30}
LIVE_RUNS=${LIVE_RUNS:-idle latency latency-oto hog stall lost inputs inputs-hog idle-pulse latency-pulse hog-pulse lost-pulse}
# LIVE_PRIO runs the window (and the sound server) under a command, e.g.
# "nice -n -10" to measure on a machine others are using (say so with the figures).
LIVE_PRIO=${LIVE_PRIO:-}
LATENCY_MEDIAN_MAX=60 # ms, input → played by the device
LATENCY_P95_MAX=100
# The latency run fails above those targets (met in every run of the
# final writer on the shared development machine, docs/fidelity.md "O5
# lead, device buffer and inputs"); LIVE_LATENCY_GATE=off only prints it
# (a machine known to be busy: the window's frame rate is much of it).
LIVE_LATENCY_GATE=${LIVE_LATENCY_GATE:-on}
# The path the gate applies to: the default's (-audio; the others print).
# pulse became the default on figures from a loaded machine (docs/live-audio.md);
# the idle figures of both paths are in the [summary] lines at the end.
LIVE_GATED_PATH=${LIVE_GATED_PATH:-pulse}
# The lost run fails when a notice took over 1 s (the device is given up
# after 750 ms; the rest is the window's next Update). LIVE_LOST_GATE=off
# only prints it: on a machine busy enough that the window's frames come
# over 250 ms apart the notice waits for them (measured at load 29: 1.14 s).
LIVE_LOST_GATE=${LIVE_LOST_GATE:-on}

. scripts/lib/debs.sh
need_debs live-smoke pulseaudio pulseaudio-utils libasound2-plugins

D=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -n "${LIVE_KEEP:-}" ]; then echo "live-smoke: kept $D" >&2; else rm -rf "$D"; fi
}
trap cleanup EXIT
mkdir -p "$D/rt" "$D/home" "$D/bin"
go build -o "$D/bin/soundworld" .
go build -o "$D/bin/soundworld-window" ./cmd/soundworld-window
go build -o "$D/bin/livecmp" ./scripts/livecmp

# A private PulseAudio daemon (PA: its PID; the "lost" run kills it and
# starts another), the ALSA file plugin (sent.raw) in front of its sink,
# settings.json and PREFS: scripts/lib/pulse-rig.sh, shared with windows-live.sh.
RIG=live-smoke
source scripts/lib/pulse-rig.sh
start_pulse
pulse_rig_files
# The window's environment: ALSA's configuration above, and for -audio
# pulse the private server and the file that keeps what it sent.
WENV=(env "ALSA_CONFIG_PATH=$D/asound.conf" "PULSE_SERVER=unix:$D/rt/native" "SOUNDWORLD_PULSE_TEE=$D/sent.raw")
# summary collects each run's figures for the side-by-side at the end.
summary() { echo "[summary] $*" >>"$D/summary"; }

"$D/bin/soundworld" render -at "0xA9B4 84 7.1" -seed 1 -prefs "$PREFS" -seconds "$SECONDS_LIVE" -o "$D/render.wav" >/dev/null

run() { # $1: label, $2: the output path (-audio; alsa the default)
  local path=${2:-alsa}
  rm -f "$D/sent.raw" "$D/heard.raw"
  parec -s "unix:$D/rt/native" -d cap.monitor --format=float32le --rate=44100 --channels=2 --raw "$D/heard.raw" &
  local rec=$!
  pids+=($rec)
  "${WENV[@]}" $LIVE_PRIO xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -seed 1 -prefs "$PREFS" -audio "$path" -quit-after "$SECONDS_LIVE" -settings "$D/settings.json" >"$D/live.out" 2>"$D/live.err" || {
    cat "$D/live.err" >&2; echo "live-smoke ($1): the window failed" >&2; return 1; }
  kill "$rec"; wait "$rec" 2>/dev/null || true
  grep '^live:' "$D/live.out" | sed "s/^/[$1] /"
  local acct anchors late
  acct=$(grep '^live: sim' "$D/live.out" || true)
  [ -n "$acct" ] || { echo "live-smoke ($1): no device clock: $(cat "$D/live.out")" >&2; return 1; }
  anchors=$(sed -E 's/.*anchors ([0-9]+).*/\1/' <<<"$acct")
  late=$(sed -E 's/.*late starts ([0-9]+).*/\1/' <<<"$acct")
  local cmp=0 anchor
  anchor=$(sed -nE 's/^live: anchor \(session\): .* = mixer frame ([0-9]+),.*/\1/p' "$D/live.out" | head -1)
  "$D/bin/livecmp" -sent "$D/sent.raw" -render "$D/render.wav" -heard "$D/heard.raw" -anchor "${anchor:--1}" \
    -min-seconds $((SECONDS_LIVE - 5)) >"$D/cmp.out" 2>&1 || cmp=1
  sed "s/^/[$1] /" "$D/cmp.out"
  summary "$1: $(sed -nE 's/^livecmp: (frames compared .*)/\1/p' "$D/cmp.out"); heard: $(sed -nE 's/^livecmp: heard .*, (underruns .*)/\1/p' "$D/cmp.out"); $(grep -oE 'late starts [0-9]+' <<<"$acct") (load $(cut -d' ' -f1 /proc/loadavg))"
  [ "$cmp" = 0 ] || { echo "live-smoke ($1): the sent stream is not the render" >&2; return 1; }
  [ "$anchors" = 1 ] || { echo "live-smoke ($1): $anchors anchors, want 1 (re-anchored)" >&2; return 1; }
  [ "$late" = 0 ] || { echo "live-smoke ($1): $late late starts, want 0" >&2; return 1; }
  echo "[$1] live-smoke: ok (load $(cut -d' ' -f1 /proc/loadavg))"
}

# Latency: 15 timed inputs, each a stinger, on the machine as it is; a
# separate run, as the inputs change what plays. Fails above the targets.
# $1: the output path (-audio; alsa, the default, is gated; oto is measured
# side by side and only printed).
latency() {
  local path=${1:-alsa} tag="latency ${1:-alsa}"
  "${WENV[@]}" $LIVE_PRIO xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -seed 1 -prefs "$PREFS" -audio "$path" -quit-after "$SECONDS_LIVE" -latency-probe 15 -settings "$D/settings.json" \
    >"$D/lat.out" 2>/dev/null || true
  grep -E '^(latency|live: (lead|frame gaps|our writer|device stalls))' "$D/lat.out" | sed "s/^/[$tag] /"
  local line med p95
  line=$(grep '^latency: input → played by the device' "$D/lat.out" || true)
  [ -n "$line" ] || { echo "live-smoke ($tag): no measurement" >&2; return 1; }
  med=$(sed -E 's/.*median ([0-9]+) ms.*/\1/' <<<"$line")
  p95=$(sed -E 's/.*p95 ([0-9]+) ms.*/\1/' <<<"$line")
  echo "[$tag] load $(cut -d' ' -f1 /proc/loadavg)"
  summary "$tag: input → played median $med ms, p95 $p95 ms (load $(cut -d' ' -f1 /proc/loadavg))"
  local met=met
  [ "$med" -le "$LATENCY_MEDIAN_MAX" ] && [ "$p95" -le "$LATENCY_P95_MAX" ] || met="NOT met"
  echo "[$tag] target median ≤ $LATENCY_MEDIAN_MAX ms, p95 ≤ $LATENCY_P95_MAX ms: $met (gate $LIVE_LATENCY_GATE)"
  [ "$LIVE_LATENCY_GATE" = on ] && [ "$path" = "$LIVE_GATED_PATH" ] || return 0
  [ "$med" -le "$LATENCY_MEDIAN_MAX" ] || { echo "live-smoke (latency): median $med ms > $LATENCY_MEDIAN_MAX ms" >&2; return 1; }
  [ "$p95" -le "$LATENCY_P95_MAX" ] || { echo "live-smoke (latency): p95 $p95 ms > $LATENCY_P95_MAX ms" >&2; return 1; }
}

# Stall: the sound server stops (SIGSTOP) for 8 s in the middle of a run.
# The window must not hang on it: the wall clock takes the mix after 3 s
# (a fallback, counted), the Sim goes on and -quit-after closes the window
# on time; the writer takes the mix back once the server plays again.
stall() { # $1: the output path (-audio)
  local pa=$PA w rc=0 path=${1:-alsa}
  "${WENV[@]}" $LIVE_PRIO timeout -k 5 $((SECONDS_LIVE + 120)) xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -seed 1 -prefs "$PREFS" -audio "$path" -quit-after "$SECONDS_LIVE" -settings "$D/settings.json" >"$D/stall.out" 2>"$D/stall.err" &
  w=$!
  sleep 8
  kill -STOP "$pa"
  sleep 8
  kill -CONT "$pa"
  wait "$w" || rc=$?
  grep -E '^live: (sim|device stalls)' "$D/stall.out" | sed 's/^/[stall] /' || true
  [ "$rc" = 0 ] || { cat "$D/stall.err" >&2; echo "live-smoke (stall): the window did not finish (exit $rc; 124: it hung)" >&2; return 1; }
  grep -qE '^live: device stalls: .* [1-9][0-9]* wall-clock fallbacks' "$D/stall.out" ||
    { echo "live-smoke (stall): no wall-clock fallback while the server was stopped" >&2; return 1; }
  echo "[stall] live-smoke: ok (load $(cut -d' ' -f1 /proc/loadavg))"
}

# Lost (issue 31): the sound server quits 6 s in (kill) and a new one
# starts 3 s later; 7 s after that it stops (SIGSTOP) for 5 s. Each time
# the window must say so within a second (its "device notice: lost" after
# the fault), run the Sim on the wall clock, reopen the device (backoff
# ≤ 2 s) and play again once the server does ("back"); it quits on time.
lost() { # $1: the output path (-audio)
  local w rc=0 tkill tup tsock tstop tcont path=${1:-alsa}
  "${WENV[@]}" $LIVE_PRIO timeout -k 5 $((SECONDS_LIVE + 120)) xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -seed 1 -prefs "$PREFS" -audio "$path" -quit-after "$SECONDS_LIVE" -settings "$D/settings.json" >"$D/lost.out" 2>"$D/lost.err" &
  w=$!
  sleep 6
  tkill=$(date +%s.%N); kill "$PA"; wait "$PA" 2>/dev/null || true
  sleep 3
  tup=$(date +%s.%N); start_pulse; tsock=$(date +%s.%N)
  sleep 7
  tstop=$(date +%s.%N); kill -STOP "$PA"
  sleep 5
  tcont=$(date +%s.%N); kill -CONT "$PA"
  wait "$w" || rc=$?
  grep -E '^live: (sim|device)' "$D/lost.out" | sed 's/^/[lost] /' || true
  [ "$rc" = 0 ] || { cat "$D/lost.err" >&2; echo "live-smoke (lost): the window did not finish (exit $rc; 124: it hung)" >&2; return 1; }
  # The first notice of each kind after each moment, in s after it.
  after() { sed -nE "s/^live: device notice: $1 at unix ([0-9.]+)$/\1/p" "$D/lost.out" |
    awk -v t="$2" '$1 >= t { printf "%.2f\n", $1 - t; exit }'; }
  local l1 b1 l2 b2
  l1=$(after lost "$tkill"); b1=$(after back "$tup"); l2=$(after lost "$tstop"); b2=$(after back "$tcont")
  # Where restart → back goes: the server's start-up (to its socket), our
  # retry, the reopening (handshake; the idle null sink's block), the probe.
  local sock reopen
  sock=$(awk -v a="$tup" -v b="$tsock" 'BEGIN { printf "%.2f", b - a }')
  reopen=$(sed -nE 's/^live: device stalls: .*reopenings that opened took ([0-9 ]+ ms|none).*/\1/p' "$D/lost.out")
  echo "[lost] kill → notice ${l1:-none} s, restart → back ${b1:-none} s, SIGSTOP → notice ${l2:-none} s, SIGCONT → back ${b2:-none} s"
  echo "[lost] restart → the server's socket ${sock} s (polled every 0.1 s); the reopenings that opened took ${reopen:-?}, in order"
  summary "lost $path: kill → notice ${l1:-none} s, restart → back ${b1:-none} s (socket ${sock} s), SIGSTOP → notice ${l2:-none} s, SIGCONT → back ${b2:-none} s, reopenings took ${reopen:-?} (load $(cut -d' ' -f1 /proc/loadavg))"
  if ! awk -v a="${l1:-99}" -v b="${l2:-99}" 'BEGIN { exit !(a <= 1.0 && b <= 1.0) }'; then
    echo "live-smoke (lost): the window did not say the device was lost within 1 s (gate $LIVE_LOST_GATE)" >&2
    [ "$LIVE_LOST_GATE" = on ] && return 1
  fi
  [ -n "$b1" ] && [ -n "$b2" ] || { echo "live-smoke (lost): the device did not come back" >&2; return 1; }
  echo "[lost] live-smoke: ok (load $(cut -d' ' -f1 /proc/loadavg))"
}

# Inputs (issue 31 item 2): live = render with every input. A session with
# a jump, a pause, a time-scale change (and back) and a device restart (the
# server killed 2 s, a new one started); later the window writes the
# sidecar of an instant (-live-script sidecar), and `render -from` of it
# must equal the stream sent from that instant on, bit for bit, for
# INPUTS_SECONDS. The pause's zeros and the lost device's wall-clock frames
# (documented gaps) come before the instant; the voices sounding after it
# were placed through every one of those inputs. $1: label.
INPUTS_SECONDS=${INPUTS_SECONDS:-6}
inputs() {
  local w rc=0 tag=$1
  rm -f "$D/sent.raw" "$D/inputs.json"
  "${WENV[@]}" $LIVE_PRIO timeout -k 5 160 xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -audio alsa -seed 1 -prefs "$PREFS" -quit-after 32 -settings "$D/settings.json" \
    -live-script "2 jump 0xA9B4 60 30; 4 pause; 6 resume; 7 scale 2; 9 scale 1; 22 sidecar $D/inputs.json" \
    >"$D/inputs.out" 2>"$D/inputs.err" &
  w=$!
  # The script's clock starts with the sound; the server goes 1 s after its
  # last time-scale call (the window prints each call as it makes it).
  for _ in $(seq 600); do grep -q '^live: script scale 1' "$D/inputs.out" 2>/dev/null && break; sleep 0.1; done
  sleep 1
  kill "$PA"; wait "$PA" 2>/dev/null || true
  sleep 2
  start_pulse
  wait "$w" || rc=$?
  grep -E '^live: (sim|script|device|anchor)' "$D/inputs.out" | sed "s/^/[$tag] /" || true
  [ "$rc" = 0 ] || { cat "$D/inputs.err" >&2; echo "live-smoke ($tag): the window did not finish (exit $rc)" >&2; return 1; }
  [ -s "$D/inputs.json" ] || { echo "live-smoke ($tag): no sidecar written" >&2; return 1; }
  grep -q '^live: device notice: back' "$D/inputs.out" || { echo "live-smoke ($tag): the device did not come back" >&2; return 1; }
  [ "$(grep -c '^live: anchor (time scale)' "$D/inputs.out")" = 2 ] || { echo "live-smoke ($tag): want the two time-scale anchors" >&2; return 1; }
  "$D/bin/soundworld" render -from "$D/inputs.json" -seconds "$INPUTS_SECONDS" -o "$D/inputs.wav" >/dev/null
  # A device lost after the instant (a loaded machine: no progress for
  # 750 ms) is a documented gap: livecmp may skip as many as the window
  # counted fallbacks, each found and printed, never compared.
  local cmp=0 falls
  falls=$(sed -nE 's/^live: device stalls: .* ([0-9]+) wall-clock fallbacks.*/\1/p' "$D/inputs.out")
  "$D/bin/livecmp" -sent "$D/sent.raw" -render "$D/inputs.wav" -search -gaps "${falls:-0}" -min-seconds $((INPUTS_SECONDS - 2)) >"$D/cmp.out" 2>&1 || cmp=1
  sed "s/^/[$tag] /" "$D/cmp.out"
  [ "$cmp" = 0 ] || { echo "live-smoke ($tag): the sent stream after the instant is not render -from" >&2; return 1; }
  echo "[$tag] live-smoke: ok (load $(cut -d' ' -f1 /proc/loadavg))"
}

# Open-stop (issue 31): the sound server is stopped (SIGSTOP) before the
# window starts and goes on (SIGCONT) OPEN_STOP_SECONDS (10) later. The open
# runs off the game thread: the window must draw frames and say "opening
# the sound device" (on ALSA, whose plugin opens on a stopped server and
# waits in its writes: that the device was lost) within 1 s of its first
# Update (LIVE_LOST_GATE, as the lost run's notices; the time from asking
# to the first Update, the window's own start-up, is printed), run the
# Sim on the wall clock meanwhile, play once the server does ("back") on
# the session's one anchor, and quit on time; 2 s after it plays it
# writes a sidecar, and render -from of it must equal the stream sent
# from there, bit for bit (device gaps after it skipped, as in inputs).
# $1: the output path (-audio).
OPEN_STOP_SECONDS=${OPEN_STOP_SECONDS:-10}
open_stop() {
  local w rc=0 path=${1:-pulse} tcont tag="open-stop ${1:-pulse}"
  rm -f "$D/sent.raw" "$D/open.json"
  kill -STOP "$PA"
  "${WENV[@]}" $LIVE_PRIO timeout -k 5 120 xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
    "$D/bin/soundworld" -audio "$path" -seed 1 -prefs "$PREFS" -quit-after 16 -settings "$D/settings.json" \
    -live-script "2 sidecar $D/open.json" >"$D/open.out" 2>"$D/open.err" &
  w=$!
  sleep "$OPEN_STOP_SECONDS"
  tcont=$(date +%s.%N); kill -CONT "$PA"
  wait "$w" || rc=$?
  grep -E '^live: (sim|device|anchor|script)' "$D/open.out" | sed "s/^/[$tag] /" || true
  [ "$rc" = 0 ] || { cat "$D/open.err" >&2; echo "live-smoke ($tag): the window did not finish (exit $rc; 124: it hung)" >&2; return 1; }
  local line asked first ups sim1 said back anchors
  line=$(grep '^live: device open: asked' "$D/open.out" || true)
  [ -n "$line" ] || { echo "live-smoke ($tag): the window never said it was opening the device" >&2; return 1; }
  asked=$(sed -E 's/.*asked at unix ([0-9.]+),.*/\1/' <<<"$line")
  first=$(sed -E 's/.*first Update at unix ([0-9.]+),.*/\1/' <<<"$line")
  ups=$(sed -E 's/.*, ([0-9]+) Updates while opening.*/\1/' <<<"$line")
  sim1=$(sed -E 's/.*first played at sim ([0-9.]+) s.*/\1/' <<<"$line")
  said=$(sed -nE 's/^live: device notice: (opening|lost) at unix ([0-9.]+)$/\2/p' "$D/open.out" | head -1 | awk -v a="$first" '{ printf "%.2f", $1 - a }')
  first=$(awk -v a="$asked" -v f="$first" 'BEGIN { printf "%.2f", f - a }')
  back=$(sed -nE 's/^live: device notice: back at unix ([0-9.]+)$/\1/p' "$D/open.out" | head -1 | awk -v a="$tcont" '{ printf "%.2f", $1 - a }')
  anchors=$(sed -nE 's/^live: sim .* anchors ([0-9]+),.*/\1/p' "$D/open.out")
  echo "[$tag] asked → first Update $first s (the window's start-up), first Update → opening notice ${said:-none} s, $ups Updates while opening, first played at sim $sim1 s, SIGCONT → back ${back:-none} s, anchors $anchors"
  summary "$tag: asked → first Update $first s, → opening notice ${said:-none} s, Updates while opening $ups, sim at first sound $sim1 s, SIGCONT → back ${back:-none} s (load $(cut -d' ' -f1 /proc/loadavg))"
  if ! awk -v a="${said:-99}" 'BEGIN { exit !(a <= 1.0) }'; then
    echo "live-smoke ($tag): the window did not say it was opening the device within 1 s of its first Update (gate $LIVE_LOST_GATE)" >&2
    [ "$LIVE_LOST_GATE" = on ] && return 1
  fi
  if awk -v f="$first" -v a="$asked" -v c="$tcont" 'BEGIN { exit !(a + f > c - 1) }'; then
    echo "live-smoke ($tag): the window's first Update came $first s after it asked for the device, less than 1 s before the server went on (a loaded machine: raise OPEN_STOP_SECONDS)" >&2
    return 1
  fi
  if [ "$ups" -gt 0 ]; then # the open waited for the server
    [ "$ups" -ge 10 ] || { echo "live-smoke ($tag): $ups Updates while opening: the window did not draw" >&2; return 1; }
    awk -v s="$sim1" 'BEGIN { exit !(s >= 1.0) }' || { echo "live-smoke ($tag): the Sim stood until the device played (sim $sim1 s)" >&2; return 1; }
  else # the open answered (ALSA's plugin opens on a stopped server; its writes wait): lost at once
    grep -qE '^live: device stalls: .* [1-9][0-9]* wall-clock fallbacks' "$D/open.out" ||
      { echo "live-smoke ($tag): the device opened on a stopped server and was never given up" >&2; return 1; }
  fi
  [ -n "$back" ] || { echo "live-smoke ($tag): the device did not play after SIGCONT" >&2; return 1; }
  [ "$anchors" = 1 ] || { echo "live-smoke ($tag): $anchors anchors, want the session's alone" >&2; return 1; }
  [ -s "$D/open.json" ] || { echo "live-smoke ($tag): no sidecar written" >&2; return 1; }
  "$D/bin/soundworld" render -from "$D/open.json" -seconds 6 -o "$D/open.wav" >/dev/null
  local cmp=0 falls
  falls=$(sed -nE 's/^live: device stalls: .* ([0-9]+) wall-clock fallbacks.*/\1/p' "$D/open.out")
  "$D/bin/livecmp" -sent "$D/sent.raw" -render "$D/open.wav" -search -gaps "${falls:-0}" -min-seconds 4 >"$D/cmp.out" 2>&1 || cmp=1
  sed "s/^/[$tag] /" "$D/cmp.out"
  [ "$cmp" = 0 ] || { echo "live-smoke ($tag): the sent stream after the device opened is not render -from" >&2; return 1; }
  echo "[$tag] live-smoke: ok (load $(cut -d' ' -f1 /proc/loadavg))"
}

# HOG_PER_CORE busy loops a core for the hog runs; LIVE_HOG_NICE runs them
# niced (a shared machine; say so with the figures).
HOG_PER_CORE=${HOG_PER_CORE:-5}
hog_on() {
  hogs=()
  for _ in $(seq $(($(nproc) * $1))); do nice -n "${LIVE_HOG_NICE:-0}" bash -c 'while :; do :; done' & hogs+=($!); pids+=($!); done
}
hog_off() { for h in "${hogs[@]}"; do kill "$h" 2>/dev/null || true; done; }

# hog runs $1 (a run) with a busy loop per core.
hog() {
  local hogs=() h rc=0
  for _ in $(seq "$(nproc)"); do (while :; do :; done) & hogs+=($!); pids+=($!); done
  "$@" || rc=1
  for h in "${hogs[@]}"; do kill "$h"; done
  return $rc
}

status=0
for r in $LIVE_RUNS; do
  case $r in
  idle) run idle || status=1 ;;
  idle-pulse) run "idle pulse" pulse || status=1 ;;
  latency) latency alsa || status=1 ;;
  latency-oto) latency oto || status=1 ;;
  latency-pulse) latency pulse || status=1 ;;
  stall) stall || status=1 ;;
  stall-pulse) stall pulse || status=1 ;;
  lost) lost || status=1 ;;
  inputs) inputs inputs || status=1 ;;
  inputs-hog)
    hog_on "$HOG_PER_CORE"
    inputs "inputs, cpu hog x$(($(nproc) * HOG_PER_CORE))" || status=1
    hog_off ;;
  lost-pulse) lost pulse || status=1 ;;
  open-stop) open_stop pulse || status=1 ;;
  open-stop-alsa) open_stop alsa || status=1 ;;
  hog) hog run "cpu hog x$(nproc)" || status=1 ;;
  hog-pulse) hog run "cpu hog x$(nproc) pulse" pulse || status=1 ;;
  *) echo "live-smoke: unknown run $r" >&2; exit 2 ;;
  esac
done
if [ -s "$D/summary" ]; then
  echo "live-smoke: the paths side by side (load now $(cut -d' ' -f1 /proc/loadavg); on a shared machine these are noisy):"
  cat "$D/summary"
fi
exit $status
