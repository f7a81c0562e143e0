#!/usr/bin/env bash
# cross-arm64.sh — O3 on another CPU: cross-compile the pure-Go core's tests for
# arm64 (GOARCH=arm64 CGO_ENABLED=0 go test -c) and run them under qemu-aarch64.
# The core's tests include the golden pins (audio TestO3_KernelPins, world
# TestO3_GoldenRender): SHA-256 of kernel outputs and of fixed renders that
# must equal the amd64 values committed in testdata, so a fused multiply-add
# or an architecture-specific path that changes a bit fails here.
# Installs qemu-user (Debian) if qemu-aarch64 is missing. Usage:
#   bash scripts/cross-arm64.sh [extra go test flags, e.g. -test.v]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin

if ! command -v qemu-aarch64 >/dev/null 2>&1; then
  echo "cross-arm64: installing qemu-user"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq qemu-user >/dev/null
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pkgs=()
for p in ./dat/... ./assets/... ./audio ./world/...; do
  # Skip a pattern that matches nothing (a package that does not exist yet).
  if list=$(go list "$p" 2>/dev/null); then
    for q in $list; do pkgs+=("$q"); done
  else
    echo "cross-arm64: skip $p (no such package)"
  fi
done

fail=0
for pkg in "${pkgs[@]}"; do
  bin="$out/$(echo "$pkg" | tr / _).arm64"
  GOARCH=arm64 CGO_ENABLED=0 go test -c -o "$bin" "$pkg"
  if [ ! -f "$bin" ]; then
    echo "cross-arm64: $pkg has no tests"
    continue
  fi
  dir=$(go list -f '{{.Dir}}' "$pkg")
  echo "cross-arm64: qemu-aarch64 $pkg"
  # -test.short: skips tests that need the go command or are slow; the golden pins run.
  if ! (cd "$dir" && qemu-aarch64 "$bin" -test.short -test.timeout 20m "$@"); then
    echo "cross-arm64: FAIL $pkg on arm64"
    fail=1
  fi
done
if [ "$fail" != 0 ]; then
  echo "cross-arm64: the core differs or fails on arm64 (see above)"
  exit 1
fi
echo "cross-arm64: ok (${#pkgs[@]} packages on arm64 under qemu)"
