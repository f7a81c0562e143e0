package main

import (
	"os/exec"
	"strings"
	"testing"
)

// layers names the module's floors (paths under soundworld/; a trailing "/…"
// is the package and everything under it). The table test
// (TestLayering_TableIsTrue) keeps docs/architecture.md true; these names
// and the rules below say which arrows may never exist, whatever the table's
// order.
var layers = map[string][]string{
	// core: the retail rules and the data; pure Go, any GOARCH, no display.
	"core": {"dat", "assets", "world", "audio"},
	// engines: computations the programs drive; they take readers, writers
	// and options, and open or write no file by the programs' policy.
	"engine": {"dat", "assets", "world", "audio", "atlas", "gate", "gate/…", "ambientviz", "ambientviz/…", "explorer/…"},
	// commands: the programs' I/O policy (which folders are game data,
	// atomic writes, refusing named pipes, exit codes).
	"commands": {"internal/cli", "internal/outputs"},
	// window: the Ebitengine window and its drawing.
	"window": {"game", "game/…", "cmd/soundworld-window"},
	// panels: what the window draws that is not the window itself.
	"panels": {"ui", "ui/…", "ambientviz", "ambientviz/…"},
	// engines of one feature, which panels reach only through a host
	// interface or a Snapshot.
	"features": {"atlas", "gate", "internal/capture"},
}

// never lists the arrows that must not exist, each with its reason. An
// arrow is any path of imports (go list -deps) unless the rule says direct.
// To must name a layer, or a non-module import path prefix.
var never = []struct {
	from, to string
	direct   bool // only a direct import breaks it (the window's models may reach further)
	why      string
}{
	{"engine", "commands", false, "no engine (gate, atlas, world, audio, dat, ambientviz, assets, explorer/…) imports internal/cli or internal/outputs: the commands open files and decide where outputs go; engines take readers, writers and options"},
	{"!window", "window", false, "nothing outside the window imports game/…: the window is the top floor, its headless models live in explorer/…"},
	{"core", "github.com/hajimehoshi/ebiten", false, "the core imports no Ebitengine: it builds with CGO_ENABLED=0 for any GOARCH and its tests run without a display"},
	{"core", "github.com/ebitengine/", false, "the core imports no oto, purego or debugui: the sound device is audio/device's alone"},
	{"core", "runtime/cgo", false, "the core needs no cgo (CGO_ENABLED=0 builds, qemu arm64 tests)"},
	{"panels", "features", true, "panels and overlays import no feature engine: they draw a Snapshot or ask a host interface (explorer/…), and shared formats and colours live below both"},
}

// inLayer reports whether the module package p (path under soundworld/) is
// in the layer's list.
func inLayer(layer []string, p string) bool {
	for _, e := range layer {
		if e == p || (strings.HasSuffix(e, "/…") && strings.HasPrefix(p, strings.TrimSuffix(e, "…"))) {
			return true
		}
	}
	return false
}

// TestLayering_NeverRules checks every rule of never against go list -deps
// of every package of the module, and names the rule and the package that
// breaks it.
func TestLayering_NeverRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Deps " "}}:{{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 20 {
		t.Fatalf("go list gave %d packages; want the module's", len(lines))
	}
	for _, r := range never {
		if _, ok := layers[strings.TrimPrefix(r.from, "!")]; !ok {
			t.Fatalf("rule %q: no layer %q", r.why, r.from)
		}
	}
	for _, l := range lines {
		f := strings.Split(l, ":")
		if len(f) != 3 {
			t.Fatalf("go list line %q", l)
		}
		name := f[0]
		p := strings.TrimPrefix(strings.TrimPrefix(name, "soundworld"), "/")
		for _, r := range never {
			from, not := strings.CutPrefix(r.from, "!")
			if inLayer(layers[from], p) == not {
				continue
			}
			deps := f[1]
			if r.direct {
				deps = f[2]
			}
			for _, d := range strings.Fields(deps) {
				if brokenBy(r.to, d) {
					t.Errorf("%s imports %s: %s", name, d, r.why)
				}
			}
		}
	}
}

// brokenBy reports whether the dependency d (a full import path) is in to:
// a layer's packages, or an import path prefix outside the module.
func brokenBy(to, d string) bool {
	if layer, ok := layers[to]; ok {
		q, ours := strings.CutPrefix(d, "soundworld/")
		return ours && inLayer(layer, q)
	}
	return d == to || strings.HasPrefix(d, strings.TrimSuffix(to, "/")+"/")
}

// TestLayering_RulesBite: each kind of rule catches the arrow it names (the
// checker is not vacuous).
func TestLayering_RulesBite(t *testing.T) {
	for _, c := range []struct {
		to, dep string
		want    bool
	}{
		{"commands", "soundworld/internal/cli", true},
		{"commands", "soundworld/internal/clip", false},
		{"window", "soundworld/game/mapdraw", true},
		{"window", "soundworld/gamepad", false},
		{"github.com/hajimehoshi/ebiten", "github.com/hajimehoshi/ebiten/v2/audio", true},
		{"runtime/cgo", "runtime/cgo", true},
		{"features", "soundworld/atlas", true},
		{"features", "soundworld/atlasx", false},
	} {
		if got := brokenBy(c.to, c.dep); got != c.want {
			t.Errorf("brokenBy(%q, %q) = %v, want %v", c.to, c.dep, got, c.want)
		}
	}
	if !inLayer(layers["engine"], "explorer/listen") || inLayer(layers["window"], "ui") {
		t.Error("layer membership: explorer/… must be an engine, ui not the window")
	}
}
