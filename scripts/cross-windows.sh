#!/usr/bin/env bash
# cross-windows.sh — both programs still build for windows/amd64 (issue 21
# item 9). Ebitengine and oto need no cgo there, so this runs on Linux with
# the plain toolchain. Nothing here can run the binaries (Debian's wine 8.0
# lacks bcryptprimitives.dll, which Go 1.26 needs): this checks the build only.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
GOOS=windows GOARCH=amd64 go build -trimpath -o "$out/soundworld.exe" .
GOOS=windows GOARCH=amd64 go build -trimpath -o "$out/soundworld-window.exe" ./cmd/soundworld-window
ls -l "$out"
# Every package and its tests type-check for Windows too (issue 33: unix-only
# calls such as syscall.Mkfifo go behind build tags), without linking.
GOOS=windows GOARCH=amd64 go vet ./...
echo "cross-windows: ok"
