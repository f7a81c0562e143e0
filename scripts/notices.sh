#!/usr/bin/env bash
# notices.sh BINARY… — the third-party notices of the given Go programs on
# standard output: the licence text of every module linked into any of them
# (their build info, `go version -m`, lists exactly those) and of the Go
# toolchain (its runtime and standard library are in every program). The
# texts come from the module cache (LICENSE*, COPYING*, NOTICE* at each
# module's root; a replaced module's from its replacement folder). A module
# without any such file fails the script: nothing ships without its licence.
set -euo pipefail
cd "$(dirname "$0")/.."
# notices.sh -deps GOOS/GOARCH PACKAGE: the same for a program not built
# yet, from `go list -deps` (WebAssembly: `go version -m` cannot read a
# .wasm file's build info).
if [ "${1:-}" = -deps ]; then
  mods=$(GOOS=${2%/*} GOARCH=${2#*/} go list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}' "$3" | sort -u)
else
  mods=$(for b in "$@"; do go version -m "$b"; done | awk '$1 == "dep" { print $2 }' | sort -u)
fi
[ -n "$mods" ] || { echo "notices: no module list in $* (not Go programs?)" >&2; exit 1; }
cat <<HEAD
Third-party software in soundworld
==================================

The soundworld programs include the Go runtime and standard library and
the modules below. Their licences follow, each as the module ships it.

HEAD
section() { # NAME VERSION DIR
  local files
  files=$(find "$3" -maxdepth 1 -type f \( -iname 'LICENSE*' -o -iname 'LICENCE*' -o -iname 'COPYING*' -o -iname 'NOTICE*' \) | sort)
  [ -n "$files" ] || { echo "notices: $1 $2: no licence file in $3" >&2; exit 1; }
  for f in $files; do
    printf '\n==============================================================================\n%s %s — %s\n==============================================================================\n\n' "$1" "$2" "$(basename "$f")"
    cat "$f"
  done
}
section "Go (runtime and standard library)" "$(go env GOVERSION)" "$(go env GOROOT)"
# go list resolves a replaced module (go.mod's replace) to its folder.
while IFS='|' read -r m ver rver dir; do
  [ -z "$rver" ] || ver=$rver
  case $dir in "$PWD"/*) ver="$ver (the copy in ${dir#"$PWD"/}, see its SOUNDWORLD.md)" ;; esac
  section "$m" "$ver" "$dir"
done < <(go list -m -f '{{.Path}}|{{.Version}}|{{with .Replace}}{{.Version}}|{{.Dir}}{{else}}|{{.Dir}}{{end}}' $mods)
