#!/usr/bin/env bash
# make web: the explorer as a static web folder (default build/web) that any
# static file host or `python3 -m http.server` serves: index.html (the page),
# app.html + app.js (one session), swfs.js (files and downloads),
# wasm_exec.js from the Go toolchain in use, soundworld.wasm and its gzip
# copy (the page decompresses it itself, so the host needs no set-up),
# soundworld-gate.wasm (+ gzip) and gateworker.js (a gate's report run), and
# standin/: the built-in world's two dat files (and gzip copies).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/web}
go=${GO:-go}
mkdir -p "$out"
tmp=$(mktemp -d "$out/.build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The stand-in world's dat files, built here natively: the page fetches
# them while the program downloads instead of synthesising every wave in
# WebAssembly, and takes them only if their content hash is the one the
# program was built with (standInHash), so a stale copy is never used.
mkdir "$tmp/standin"
hash=$($go run ./scripts/standin -o "$tmp/standin")
for f in "$tmp"/standin/*.dat; do gzip -9 -n -c "$f" > "$f.gz"; done
# Ebitengine with its built-in shaders compiled here, not in the browser
# (third_party/ebiten-web/README.md): a copy of the module in use, patched,
# that only this build uses (-modfile: go.mod is not touched). The copy is
# at a fixed place in the clone, named relative to it (the binary's build
# info records the replacement's path: a random temp folder would make two
# builds differ), and one build at a time uses it (flock).
ebtmp=.ebiten-web
exec 9>.ebiten-web.lock
flock 9
rm -rf "$ebtmp"
trap 'rm -rf "$tmp" "$ebtmp"' EXIT
bash scripts/ebiten-web.sh "$ebtmp"
# Reproducible (two builds of one commit are byte-identical; CI checks it:
# scripts/web-repro.sh): -trimpath, no build paths in the binary;
# -buildid= none (it hashes the build's inputs' paths); -s -w: no symbol
# table or DWARF (a panic still prints function names and lines).
GOOS=js GOARCH=wasm $go build -modfile="$ebtmp/web.mod" -trimpath -buildvcs=false -ldflags="-s -w -buildid= -X main.standInHash=$hash" -o "$tmp/soundworld.wasm" ./cmd/soundworld-window
# The listening gate's report run (`soundworld gate` for the browser; the
# page starts it in a Web Worker, web/gateworker.js): no Ebitengine.
GOOS=js GOARCH=wasm $go build -trimpath -buildvcs=false -ldflags="-s -w -buildid= -X main.standInHash=$hash" -o "$tmp/soundworld-gate.wasm" ./cmd/soundworld-gate
for f in soundworld.wasm soundworld-gate.wasm; do gzip -9 -n -c "$tmp/$f" > "$tmp/$f.gz"; done
cp "$($go env GOROOT)/lib/wasm/wasm_exec.js" web/index.html web/shell.js web/standin.js web/app.html web/app.js web/swfs.js web/gateworker.js "$tmp/"
rm -rf "$out/standin"
for f in "$tmp"/*; do mv -f "$f" "$out/"; done
wasm=$(stat -c %s "$out/soundworld.wasm")
gz=$(stat -c %s "$out/soundworld.wasm.gz")
echo "web: wrote $out (soundworld.wasm $wasm bytes, $((wasm / 1048576)) MB; gzip $gz bytes, $((gz / 1048576)) MB)"
echo "web: serve it with: python3 -m http.server -d $out 8080   then open http://127.0.0.1:8080/"
