#!/usr/bin/env bash
# dist.sh — `make dist`: the release archives in dist/ (docs/install.md says
# where to get each and how to start it):
#   soundworld-VERSION-windows-amd64.zip   soundworld.exe, soundworld-window.exe
#   soundworld-VERSION-linux.tar.gz        amd64/ (both programs), arm64/ (the text program)
#   soundworld-VERSION-web.zip             the browser build (make web)
# each holding README.md, LICENSE (when the repository has one: today it
# has none, and the archives ship none — see nolicence below),
# THIRD_PARTY_NOTICES.txt (scripts/notices.sh) and SHA256SUMS of its files,
# and dist/SHA256SUMS of the archives. VERSION is `git describe`; the
# programs print it and the commit with `soundworld -version`. Files carry
# the commit's time and sorted names, so the same commit gives the same
# archives. DIST_WEB=0 leaves the web zip out (its build takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
command -v zip >/dev/null || { sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo; $sudo apt-get install -y -qq zip >/dev/null; }
version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
when=$(git log -1 --format=%ct 2>/dev/null || date +%s)
ld="-s -w -X soundworld/internal/commands.Version=$version -X soundworld/internal/commands.Commit=$commit"
out=dist
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

build() { # GOOS GOARCH CGO OUT PKG
  GOOS=$1 GOARCH=$2 CGO_ENABLED=$3 go build -trimpath -ldflags "$ld" -o "$4" "$5"
}
win=$tmp/soundworld-$version-windows-amd64
lin=$tmp/soundworld-$version-linux
web=$tmp/soundworld-$version-web
mkdir -p "$win" "$lin/amd64" "$lin/arm64"
build windows amd64 0 "$win/soundworld.exe" .
build windows amd64 0 "$win/soundworld-window.exe" ./cmd/soundworld-window
build linux amd64 0 "$lin/amd64/soundworld" .
build linux amd64 1 "$lin/amd64/soundworld-window" ./cmd/soundworld-window # GLFW needs cgo
build linux arm64 0 "$lin/arm64/soundworld" .
echo "dist: built $version ($commit)"

# The repository has no LICENSE: which licence the project's own code is
# under is its owner's decision, not one a build script makes. Until there
# is one the archives carry none (only the notices of what is linked in),
# and dist says so at its start and end rather than inventing one.
nolicence() {
  [ -f LICENSE ] && return 0
  echo "dist: NO LICENSE: the repository has no LICENSE file, so these archives ship none." >&2
  echo "dist:   Why: choosing the licence of Soundworld's own code is the owner's call; until" >&2
  echo "dist:   it is made, recipients get no licence to it (THIRD_PARTY_NOTICES.txt covers" >&2
  echo "dist:   only the Go runtime and modules linked in). Add LICENSE and run make dist again." >&2
}
nolicence

# Every archive's common files; the notices list what its programs link.
common() { # DIR BINARY… (or DIR -deps GOOS/GOARCH PACKAGE: notices.sh)
  local d=$1; shift
  cp README.md "$d/"
  cp docs/install.md "$d/INSTALL.md"
  if [ -f LICENSE ]; then cp LICENSE "$d/"; fi # none today: nolicence
  bash scripts/notices.sh "$@" >"$d/THIRD_PARTY_NOTICES.txt"
}
common "$win" "$win"/*.exe
common "$lin" "$lin"/amd64/* "$lin"/arm64/*
if [ "${DIST_WEB:-1}" != 0 ]; then
  bash scripts/web-build.sh "$web"
  # The page is the window built for js/wasm; its notices are that build's.
  common "$web" -deps js/wasm ./cmd/soundworld-window
fi

sums() { (cd "$1" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs -d '\n' sha256sum >SHA256SUMS); }
stamp() { find "$1" -exec touch -h -d "@$when" {} +; }
pack_zip() { # DIR → dist/DIR.zip
  local name; name=$(basename "$1")
  sums "$1"; stamp "$1"
  rm -f "$out/$name.zip"
  (cd "$(dirname "$1")" && find "$name" | LC_ALL=C sort | TZ=UTC zip -q -X -@ "$OLDPWD/$out/$name.zip")
}
pack_zip "$win"
sums "$lin"; stamp "$lin"
tar --sort=name --mtime="@$when" --owner=0 --group=0 --numeric-owner -C "$tmp" -czf "$out/$(basename "$lin").tar.gz" "$(basename "$lin")"
[ "${DIST_WEB:-1}" = 0 ] || pack_zip "$web"
(cd "$out" && ls soundworld-"$version"-* | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
ls -l "$out"
nolicence
echo "dist: ok ($out/SHA256SUMS)"
