#!/usr/bin/env bash
# ebiten-web.sh DIR: the web build's Ebitengine (third_party/ebiten-web):
# copies the Ebitengine module go.mod names into DIR/ebiten, adds hooks to
# internal/graphics.CompileShader and internal/shaderir/glsl.Compile that
# return a program and its GLSL ES 3.0 made here, compiles every built-in
# shader with Ebitengine's own compilers (the generator checks each program
# survives its encoding field for field and in its GLSL), and writes
# DIR/web.mod (+ web.sum): go.mod with the copy replacing the module, for
# `go build -modfile=DIR/web.mod`.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
dir=$1
$go mod download github.com/hajimehoshi/ebiten/v2 # a fresh clone may not have it yet
src=$($go list -m -f '{{.Dir}}' github.com/hajimehoshi/ebiten/v2)
if [ ! -f "$src/go.mod" ]; then
	echo "ebiten-web: no Ebitengine module found (go list -m gave '$src')" >&2
	exit 1
fi
eb="$dir/ebiten"
mkdir -p "$dir"
cp -r "$src" "$eb"
chmod -R u+w "$eb"
rm -rf "$eb/examples"
# hook FILE LINE CALL: put CALL's three lines first in the function LINE
# opens (exactly that line: a changed signature stops the build).
hook() {
	if ! grep -qxF "$2" "$1"; then
		echo "ebiten-web: $1 has no line '$2': Ebitengine changed; update third_party/ebiten-web" >&2
		exit 1
	fi
	local body=$3
	awk -v line="$2" -v body="$body" '{ print } $0 == line { print body }' "$1" > "$1.new"
	mv "$1.new" "$1"
}
hook "$eb/internal/graphics/shader.go" 'func CompileShader(fragmentSrc []byte) (*shaderir.Program, error) {' \
	$'\tif p := precompiledShader(fragmentSrc); p != nil {\n\t\treturn p, nil\n\t}'
hook "$eb/internal/shaderir/glsl/glsl.go" 'func Compile(p *shaderir.Program, version GLSLVersion) (vertexShader, fragmentShader string) {' \
	$'\tif vs, fs, ok := precompiled(p, version); ok {\n\t\treturn vs, fs\n\t}'
cp third_party/ebiten-web/precompiled.go.in "$eb/internal/graphics/zz_soundworld_precompiled.go"
cp third_party/ebiten-web/glsl.go.in "$eb/internal/shaderir/glsl/zz_soundworld_precompiled.go"
mkdir "$eb/internal/zzsoundworldgenerate"
cp third_party/ebiten-web/generate.go.in "$eb/internal/zzsoundworldgenerate/main.go"
cp go.mod "$dir/web.mod"
cp go.sum "$dir/web.sum"
# A relative DIR stays relative (to the module's root, as go resolves it):
# the build info then names no folder of this machine.
case $eb in /*) rep=$eb ;; *) rep=./$eb ;; esac
$go mod edit -modfile="$dir/web.mod" -replace "github.com/hajimehoshi/ebiten/v2=$rep"
# Generated before the files it writes exist: the generator's own
# CompileShader and glsl.Compile calls run Ebitengine's compilers.
$go run -modfile="$dir/web.mod" github.com/hajimehoshi/ebiten/v2/internal/zzsoundworldgenerate \
	"$eb/internal/graphics/zz_soundworld_programs.go" "$eb/internal/shaderir/glsl/zz_soundworld_glsl_es300.go"
