#!/usr/bin/env bash
# web-fs-check.sh — the page's file system (web/swfs.js) under Node: the
# explorer's atomic outputs become downloads with their names and bytes, a
# folder a zip, and the settings stay in localStorage (scripts/webfs).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null; then
	apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends nodejs
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
GOOS=js GOARCH=wasm go build -o "$out/webfs.wasm" ./scripts/webfs
node scripts/webfs/run.js "$out/webfs.wasm" "$(go env GOROOT)/lib/wasm/wasm_exec.js"
