#!/usr/bin/env bash
# cross-standin.sh — the stand-in world is the same bytes on every CPU: its
# content hash names it in sidecars and report links, so a link made on the
# desktop (amd64) must open on an arm64 desktop and in the browser (js/wasm).
# Builds scripts/standin for amd64 (here), arm64 (run under qemu-aarch64)
# and js/wasm (run under Node) and compares the hashes; and checks the
# synthesis (package assets) compiles to no fused multiply-add on arm64,
# the one CPU here whose compiler fuses x*y+z (assets/fmath.go says why).
# Installs qemu-user and nodejs if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
if ! command -v qemu-aarch64 >/dev/null || ! command -v node >/dev/null; then
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends qemu-user nodejs >/dev/null
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/standin" ./scripts/standin
GOARCH=arm64 CGO_ENABLED=0 go build -o "$out/standin.arm64" ./scripts/standin
GOOS=js GOARCH=wasm go build -o "$out/standin.wasm" ./scripts/standin
native=$("$out/standin")
arm64=$(qemu-aarch64 "$out/standin.arm64")
wasm=$(node "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" "$out/standin.wasm")
echo "cross-standin: amd64 $native"
echo "cross-standin: arm64 $arm64"
echo "cross-standin: wasm  $wasm"
fused=$(GOARCH=arm64 go build -a -gcflags=soundworld/assets=-S -o /dev/null ./assets 2>&1 | grep -cE '\bF(N)?M(ADD|SUB)[DS]\b' || true)
echo "cross-standin: fused multiply-adds in assets for arm64: $fused"
if [ "$native" != "$arm64" ] || [ "$native" != "$wasm" ] || [ "$fused" != 0 ]; then
	echo "cross-standin: FAIL: the stand-in differs between CPUs (or the synthesis fuses on arm64)"
	exit 1
fi
echo "cross-standin: ok"
