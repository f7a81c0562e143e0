#!/usr/bin/env bash
# ebiten-web.sh DIR: the web build's Ebitengine (third_party/ebiten-web):
# copies the Ebitengine module go.mod names into DIR/ebiten, adds a hook to
# internal/graphics.CompileShader that returns a program compiled here,
# compiles every built-in shader with Ebitengine's own Kage compiler (the
# generator checks each program survives its encoding field for field and
# in its GLSL), and writes DIR/web.mod (+ web.sum): go.mod with the copy
# replacing the module, for `go build -modfile=DIR/web.mod`.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
dir=$1
src=$($go list -m -f '{{.Dir}}' github.com/hajimehoshi/ebiten/v2)
eb="$dir/ebiten"
cp -r "$src" "$eb"
chmod -R u+w "$eb"
rm -rf "$eb/examples"
f="$eb/internal/graphics/shader.go"
anchor='func CompileShader(fragmentSrc []byte) (*shaderir.Program, error) {'
if ! grep -qxF "$anchor" "$f"; then
	echo "ebiten-web: $f has no line '$anchor': Ebitengine changed; update third_party/ebiten-web" >&2
	exit 1
fi
sed -i 's/^func CompileShader(fragmentSrc \[\]byte) (\*shaderir.Program, error) {$/&\n\tif p := precompiledShader(fragmentSrc); p != nil {\n\t\treturn p, nil\n\t}/' "$f"
cp third_party/ebiten-web/precompiled.go.in "$eb/internal/graphics/zz_soundworld_precompiled.go"
mkdir "$eb/internal/zzsoundworldgenerate"
cp third_party/ebiten-web/generate.go.in "$eb/internal/zzsoundworldgenerate/main.go"
cp go.mod "$dir/web.mod"
cp go.sum "$dir/web.sum"
$go mod edit -modfile="$dir/web.mod" -replace "github.com/hajimehoshi/ebiten/v2=$eb"
# Generated before the file it writes exists: the generator's own
# CompileShader calls run the Kage compiler.
$go run -modfile="$dir/web.mod" github.com/hajimehoshi/ebiten/v2/internal/zzsoundworldgenerate "$eb/internal/graphics/zz_soundworld_programs.go"
