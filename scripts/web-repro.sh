#!/usr/bin/env bash
# web-repro.sh — make web is reproducible (issue 36): the web folder built
# here and the one built from a second clone of the same commit at another
# path are byte-identical (every file's SHA-256). What could differ between
# them is the build's paths (the clone's, the patched Ebitengine copy's:
# scripts/web-build.sh keeps them out of the binary) and anything random in
# the generated files; the Go build cache is shared, so the second build
# costs a link and the shader generator, not a cold build. Run after
# web-smoke (which warms the cache). Prints the two folders' hashes' digest.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone --quiet --no-hardlinks . "$tmp/clone"
git -C "$tmp/clone" checkout --quiet "$(git rev-parse HEAD)"
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	echo "web-repro: note: uncommitted changes here are not in the clone; build A uses them" >&2
fi
bash scripts/web-build.sh "$tmp/a" >/dev/null
(cd "$tmp/clone" && bash scripts/web-build.sh "$tmp/b" >/dev/null)
sums() { (cd "$1" && find . -type f ! -name '.*' | LC_ALL=C sort | xargs sha256sum); }
sums "$tmp/a" > "$tmp/a.sums"
sums "$tmp/b" > "$tmp/b.sums"
if ! diff "$tmp/a.sums" "$tmp/b.sums"; then
	echo "web-repro: FAIL: two builds of $(git rev-parse --short HEAD) differ (above: file hashes of build A, then B)" >&2
	exit 1
fi
echo "web-repro: ok: $(wc -l < "$tmp/a.sums") files byte-identical in two builds from two clones (digest $(sha256sum < "$tmp/a.sums" | cut -c1-16))"
