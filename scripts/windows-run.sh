#!/usr/bin/env bash
# windows-run.sh — both programs built for windows/amd64 and run under wine
# (issue 33 item 1). Installs wine and mingw-w64 when missing, builds the
# stand-in bcryptprimitives.dll (scripts/windows/bcryptprimitives.c: Debian's
# wine 8 lacks it, Go 1.26's runtime needs it), makes a private wine prefix
# in a temp folder, and checks:
#   - render, probe -json, level, gate (report.json), check -json, atlas on
#     the stand-in and on the generated world (bigworld): the Windows build
#     writes the same bytes as the Linux build (files and standard output;
#     the differences that are legitimate are named where they are allowed);
#   - the generated world itself: the same two dat files from both builds;
#   - Windows paths: the generated world in "C:\Games\Asheron's Call", its
#     outputs in "C:\Sound checks\…" given with backslashes and spaces;
#   - names Windows refuses (CON, nul.wav, a trailing dot) refused clearly;
#   - CRLF text files (gate file, emitter layout, walk path) accepted, and
#     a layout with a UTF-8 byte order mark;
#   - shot: soundworld.exe relaunches soundworld-window.exe (the launcher
#     under Windows' process rules) and the picture equals Linux's within the
#     bound explained in docs/install.md "Windows": only map pixels drawn
#     from a scaled terrain tile, by at most 1 of 255; without a display
#     the launcher says so (exit 2) instead of the window's Go panic.
# Last it runs scripts/windows-live.sh (the live sound, item 2) with the
# same programs and prefix. Everything started here (Xvfb through
# xvfb-run, the prefix's wineserver) is stopped before the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin

. scripts/lib/debs.sh
need_debs windows-run wine wine64 mingw-w64 xvfb xauth
bash scripts/setup.sh # the Linux window's build needs

D=$(mktemp -d)
export WINEPREFIX=$D/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" # no Mono/Gecko prompts
cleanup() {
  wineserver -k 2>/dev/null || true # this prefix's server only (WINEPREFIX)
  if [ -n "${WINDOWS_KEEP:-}" ]; then echo "windows-run: kept $D" >&2; else rm -rf "$D"; fi
}
trap cleanup EXIT
start=$SECONDS
step() { echo "windows-run: $* ($((SECONDS - start)) s)"; }

# Build: the DLL, both programs for both systems, the helpers.
mkdir -p "$D/bin"
x86_64-w64-mingw32-gcc -shared -O2 -o "$D/bin/bcryptprimitives.dll" scripts/windows/bcryptprimitives.c -ladvapi32
GOOS=windows GOARCH=amd64 go build -trimpath -o "$D/bin/soundworld.exe" . & b1=$!
GOOS=windows GOARCH=amd64 go build -trimpath -o "$D/bin/soundworld-window.exe" ./cmd/soundworld-window & b2=$!
wineboot -i >/dev/null 2>&1 & b3=$! # the prefix, meanwhile
wait $b1 && wait $b2 || { echo "windows-run: the Windows build failed" >&2; exit 1; }
wait $b3 || { echo "windows-run: wineboot failed" >&2; exit 1; }
go build -trimpath -o "$D/bin/soundworld" .
go build -trimpath -o "$D/bin/soundworld-window" ./cmd/soundworld-window
go build -o "$D/bin/shotdiff" ./scripts/shotdiff
cp "$D/bin/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
step "built; prefix ready"
C=$WINEPREFIX/drive_c
L="$D/bin/soundworld"
W() { wine "$D/bin/soundworld.exe" "$@"; }

fails=0
bad() { echo "windows-run: FAIL: $*" >&2; fails=$((fails + 1)); }

# same NAME DIR-L DIR-W: every file and the standard output of one command
# are the same bytes on both systems.
same() {
  local name=$1 l=$2 w=$3 f
  [ "$(cd "$l" && ls)" = "$(cd "$w" && ls)" ] || bad "$name: different files: $(cd "$l" && ls | tr '\n' ' ') / $(cd "$w" && ls | tr '\n' ' ')"
  while IFS= read -r f; do
    if cmp -s "$l/$f" "$w/$f"; then echo "  $name: $f identical ($(wc -c <"$l/$f") bytes)"
    elif [ -n "${caption:-}" ] && [[ $f == *.png ]]; then
      "$D/bin/shotdiff" -ignore-rows "$caption" "$l/$f" "$w/$f" | sed "s/^/  $name: $f: /" || bad "$name: $f differs outside its caption"
    else bad "$name: $f differs"; cmp "$l/$f" "$w/$f" >&2 || true; fi
  done < <(cd "$l" && ls)
}

# run NAME WHERE CMD…: run in folder WHERE (made fresh), its standard output
# kept in WHERE/stdout.txt; the exit code must be $want (default 0).
run() {
  local name=$1 where=$2 rc=0; shift 2
  rm -rf "$where"; mkdir -p "$where"
  (cd "$where" && "$@" >stdout.txt) || rc=$?
  [ "$rc" = "${want:-0}" ] || bad "$name: exit $rc (want ${want:-0}) in $where"
}

# Legitimate differences, removed before comparing and nothing else: check
# -json says how long it took ("seconds"); a gate report and the history a
# gate appends to its file say when they ran (an RFC 3339 UTC time).
untimed() {
  sed -E -i -e 's/"seconds":[0-9.eE+-]+,//' -e 's/"time": ?"[0-9T:.Z-]+"/"time":""/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/(time)/g' "$@"
}

# The text commands on one world, each in a folder of its own on each side,
# compared file by file. $1: label; $2: Linux's -dat ("" the stand-in);
# $3: Windows' -dat; $4: the Windows folder its outputs go in, a C:\ path
# with spaces, given to every output flag ("" its working folder).
text_commands() {
  local label=$1 ldat=$2 wdat=$3 wout=$4 at="0xA9B4 84 7.1"
  local l="$D/out/$label/linux" w="$D/out/$label/windows" lf=() wf=()
  [ -z "$ldat" ] || lf=(-dat "$ldat")
  [ -z "$wdat" ] || wf=(-dat "$wdat")
  if [ -n "$wout" ]; then w=$(winepath -u "$wout" 2>/dev/null); w=${w%/}; fi
  o() { if [ -n "$wout" ]; then printf '%s\\%s\\%s' "$wout" "$1" "$2"; else printf '%s' "$2"; fi; } # CMD FILE

  run "$label render" "$l/render" "$L" render "${lf[@]}" -at "$at" -seconds 10 -seed 3 -o "render 1.wav"
  run "$label render" "$w/render" W render "${wf[@]}" -at "$at" -seconds 10 -seed 3 -o "$(o render 'render 1.wav')"
  run "$label probe" "$l/probe" "$L" probe "${lf[@]}" -json -at "$at"
  run "$label probe" "$w/probe" W probe "${wf[@]}" -json -at "$at"
  run "$label level" "$l/level" "$L" level -vol 0.8 -dx 10 -dy 3 -heading 45
  run "$label level" "$w/level" W level -vol 0.8 -dx 10 -dy 3 -heading 45
  # Both worlds hold one missing sound table on purpose: check exits 2.
  want=2 run "$label check" "$l/check" "$L" check "${lf[@]}" -json
  want=2 run "$label check" "$w/check" W check "${wf[@]}" -json
  untimed "$l/check/stdout.txt"; untimed "$w/check/stdout.txt"
  run "$label atlas" "$l/atlas" "$L" atlas "${lf[@]}" -loudest-bed -region 0xA8B3..0xAAB5 -o atlas.png -json atlas.json -csv "cells 1.csv"
  run "$label atlas" "$w/atlas" W atlas "${wf[@]}" -loudest-bed -region 0xA8B3..0xAAB5 -o "$(o atlas atlas.png)" -json "$(o atlas atlas.json)" -csv "$(o atlas 'cells 1.csv')"
  gate_run "$label" "$l/gate" "$w/gate" "$ldat" "$wdat"
  if [ -n "$ldat" ]; then undat "$l" "$ldat"; undat "$w" "$wdat"; fi
  local caption= # the atlas caption's rows (y) naming the dat folder
  [ -z "$ldat" ] || caption=20-36
  for c in render probe level check atlas gate/report; do caption=$caption same "$label $c" "$l/$c" "$w/$c"; done
}

# gate_run LABEL DIR-L DIR-W LDAT WDAT: a listening gate whose file has CRLF
# line ends (as Windows' Notepad writes it) on both systems: report.json the
# same bytes. The recording is one Linux render, copied to both sides.
gate_run() {
  local label=$1 l=$2 w=$3 ldat=$4 wdat=$5 side datj
  local loc='0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000'
  for side in "$l" "$w"; do rm -rf "$side"; mkdir -p "$side"; done
  "$L" render ${ldat:+-dat "$ldat"} -at "$loc" -seconds 8 -seed 77 -emitters none -o "$l/retail.wav" >/dev/null
  cp "$l/retail.wav" "$w/retail.wav"
  for side in l w; do
    datj=null
    if [ $side = l ] && [ -n "$ldat" ]; then datj="{\"folder\": \"$ldat\"}"; fi
    if [ $side = w ] && [ -n "$wdat" ]; then datj="{\"folder\": \"${wdat//\\/\\\\}\"}"; fi
    printf '%s\r\n' '{' '  "name": "crlf gate",' "  \"dat\": $datj," "  \"loc\": \"$loc\"," \
      '  "camera": {"eye": 2, "chase": 0},' '  "prefs": "",' '  "emitters": null,' '  "seconds": 8,' \
      '  "recording": "retail.wav",' '  "offset_s": 0,' '  "ignore": [],' '  "notes": "windows-run",' \
      '  "history": []' '}' >"$( [ $side = l ] && echo "$l" || echo "$w")/smoke.gate.json"
  done
  (cd "$l" && "$L" gate smoke.gate.json -seeds 2 -o report >stdout.txt) || bad "$label gate (Linux): exit $?"
  (cd "$w" && W gate smoke.gate.json -seeds 2 -o report >stdout.txt) || bad "$label gate (Windows): exit $?"
  for side in "$l" "$w"; do grep -q '"seeds":2' "$side/smoke.gate.json" && tail -c 3 "$side/smoke.gate.json" | grep -q $'\r' ||
    bad "$label gate: the CRLF gate file's history was not appended with CRLF ($side)"; done
  untimed "$l/report/"* "$w/report/"* "$l/smoke.gate.json" "$w/smoke.gate.json"
  [ -n "$ldat" ] || cmp "$l/smoke.gate.json" "$w/smoke.gate.json" >&2 || bad "$label gate: the gate files' appended history differs"
  echo "  $label gate: the CRLF gate file read and its history appended with CRLF on both"
}

# undat DIR FOLDER: the dat folder's name, as a report writes it (plain,
# JSON-escaped, HTML-escaped), becomes "(dat)" in DIR's text files, and the
# separator after it "/": where the user keeps the game, and how the system
# spells a path, are the legitimate differences of their text. (The atlas
# PNG's caption names the folder too: its rows are left out, same below.)
undat() {
  find "$1" -type f \( -name '*.json' -o -name '*.txt' -o -name '*.csv' -o -name '*.html' \) -print0 |
    DAT=$2 xargs -0 perl -pi -e 'BEGIN { $d = $ENV{DAT}; ($j = $d) =~ s/\\/\\\\/g; ($h = $d) =~ s/\x27/&#39;/g; }
      s/\Q$j\E/(dat)/g; s/\Q$d\E/(dat)/g; s/\Q$h\E/(dat)/g; s/\(dat\)(\\\\|\\)/(dat)\//g'
}

text_commands standin "" "" ""
step "stand-in: text commands compared"

# The generated world, written by each build: the same two dat files. The
# Windows one goes where a Windows user keeps the game (spaces, an
# apostrophe, backslashes) and every output of the commands on it into
# "C:\Sound checks\bigworld\…".
games='C:\Games\Asheron'"'"'s Call'
mkdir -p "$C/Games" "$C/Sound checks/bigworld"
"$L" bigworld -o "$D/bigworld" >/dev/null # Linux's dat folder
W bigworld -o "$games" >"$D/bigworld.out" || bad "bigworld -o $games: exit $?"
for f in client_portal.dat client_cell_1.dat; do
  cmp "$D/bigworld/$f" "$C/Games/Asheron's Call/$f" && echo "  bigworld: $f identical ($(wc -c <"$D/bigworld/$f") bytes)" || bad "bigworld: $f differs"
done
text_commands bigworld "$D/bigworld" "$games" 'C:\Sound checks\bigworld'
step "generated world: written and text commands compared (Windows paths)"

# Names Windows refuses, refused by both builds before any work, with the
# reason; nothing is written.
for name in CON.wav nul.wav COM1 'take 2.wav.' 'take 3.wav '; do
  for side in linux windows; do
    rc=0
    if [ $side = linux ]; then (cd "$D" && "$L" render -at "0xA9B4 84 7.1" -seconds 1 -o "$name") 2>"$D/refuse.err" || rc=$?
    else W render -at "0xA9B4 84 7.1" -seconds 1 -o "C:\\Sound checks\\$name" 2>"$D/refuse.err" || rc=$?; fi
    if [ "$rc" = 2 ] && grep -q "Windows refuses such names" "$D/refuse.err"; then echo "  refused on $side: $(head -1 "$D/refuse.err")"
    else bad "$side: -o '$name' not refused (exit $rc): $(cat "$D/refuse.err")"; fi
  done
done
[ -z "$(ls "$C/Sound checks" | grep -v bigworld)" ] || bad "a refused name left a file: $(ls "$C/Sound checks")"
step "reserved names refused"

# CRLF inputs: an emitter layout and a walk path written with CRLF line ends
# play the same bytes on both systems as the LF versions.
printf '%s\r\n' '{"emitters":[{"name":"forge","landblock":"0xA9B4","x":90.0,"y":20.0,"z":null,' \
  '"sound_table":"0x20000010","stype":105,"volume":1.0,"interval":[2.0,4.0],"path":"server"}]}' >"$D/forge crlf.json"
printf '%s\r\n' '{"eye": 2, "chase": 0, "points": [' '{"t": 0, "landblock": "0xA9B4", "x": 84, "y": 7.1, "heading": 0},' \
  '{"t": 6, "landblock": "0xA9B4", "x": 90, "y": 30, "heading": 90}' ']}' >"$D/walk crlf.json"
tr -d '\r' <"$D/forge crlf.json" >"$D/forge.json"; tr -d '\r' <"$D/walk crlf.json" >"$D/walk.json"
wd=$(winepath -w "$D" 2>/dev/null)
"$L" render -path "$D/walk.json" -emitters "$D/forge.json" -seconds 6 -o "$D/lf.wav" >/dev/null
"$L" render -path "$D/walk crlf.json" -emitters "$D/forge crlf.json" -seconds 6 -o "$D/crlf-linux.wav" >/dev/null || bad "Linux: CRLF layout/path refused"
W render -path "$wd\\walk crlf.json" -emitters "$wd\\forge crlf.json" -seconds 6 -o "$wd\\crlf-windows.wav" >/dev/null || bad "Windows: CRLF layout/path refused"
cmp "$D/lf.wav" "$D/crlf-linux.wav" && cmp "$D/lf.wav" "$D/crlf-windows.wav" && echo "  CRLF layout and walk path: the same render as LF on both" || bad "CRLF inputs render differently"
# A UTF-8 byte order mark (old Notepad) before the CRLF layout: the same.
{ printf '\xef\xbb\xbf'; cat "$D/forge crlf.json"; } >"$D/forge bom.json"
W render -path "$wd\\walk crlf.json" -emitters "$wd\\forge bom.json" -seconds 6 -o "$wd\\bom-windows.wav" >/dev/null || bad "Windows: BOM+CRLF layout refused"
cmp "$D/lf.wav" "$D/bom-windows.wav" && echo "  BOM+CRLF layout: the same render as LF" || bad "a BOM+CRLF layout renders differently"
step "CRLF inputs"

# shot: soundworld.exe starts soundworld-window.exe (the launcher's
# relaunch), under Xvfb. Bound (docs/install.md "Windows"): only pixels
# where a terrain tile is drawn scaled differ, by 1 of 255 at most.
xvfb-run -a -s "-screen 0 1280x720x24 -noreset" "$L" shot -seconds 3 -o "$D/shot-linux.png" >/dev/null || bad "Linux shot: exit $?"
(cd "$D" && xvfb-run -a -s "-screen 0 1280x720x24 -noreset" wine "$D/bin/soundworld.exe" shot -seconds 3 -o shot-windows.png >/dev/null) || bad "Windows shot (through the launcher): exit $?"
cmp "$D/shot-linux.json" "$D/shot-windows.json" && echo "  shot: the sidecars are identical" || bad "shot: the sidecars differ"
"$D/bin/shotdiff" -max-delta 1 -max-pixels 40000 "$D/shot-linux.png" "$D/shot-windows.png" | sed 's/^/  /' || bad "shot: over the bound"
# The window's exit code comes back through the launcher: an unknown flag is 2.
rc=0; xvfb-run -a -s "-screen 0 1280x720x24 -noreset" wine "$D/bin/soundworld.exe" shot -no-such-flag >/dev/null 2>"$D/launch.err" || rc=$?
[ "$rc" = 2 ] && grep -q "no-such-flag" "$D/launch.err" && ! grep -q panic "$D/launch.err" && echo "  launcher: the window's exit 2 and message came back" ||
  bad "launcher: soundworld.exe shot -no-such-flag exited $rc: $(cat "$D/launch.err")"
step "shot compared"

[ "$fails" = 0 ] || { echo "windows-run: $fails failures" >&2; exit 1; }
echo "windows-run: ok ($((SECONDS - start)) s)"

# Item 2: the live sound through oto's WASAPI path, in live-smoke's rig, with
# these programs and this prefix: the sent stream must be the render; the
# latency is printed ("[wasapi latency]" lines).
WINDOWS_BIN=$D/bin bash scripts/windows-live.sh
echo "windows-run: live sound done ($((SECONDS - start)) s)"

# Last, as it leaves the prefix unable to open windows for later runs (a
# wineserver started without a display; seen: windows-live after it failed
# with "CreateWindowExW failed").
# Without a display wine cannot make the window Ebitengine creates as the
# program starts: Go panics before the window's main (exit 2). The launcher
# says why and what to do (internal/commands/window_crash.go).
rc=0; (cd "$D" && env -u DISPLAY wine "$D/bin/soundworld.exe" shot -o nodisplay.png >/dev/null 2>"$D/nodisplay.err") || rc=$?
[ "$rc" = 2 ] && grep -q "no display to open it on" "$D/nodisplay.err" && echo "  no display: exit 2, $(grep -m1 'cannot open' "$D/nodisplay.err")" ||
  { echo "windows-run: no display: soundworld.exe shot exited $rc: $(tail -5 "$D/nodisplay.err")" >&2; exit 1; }
echo "windows-run: done ($((SECONDS - start)) s)"

