package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// ebitenWebHelp is what to do when the web build's Ebitengine patch no
// longer fits: said once, by every failure of the tests below.
const ebitenWebHelp = "the web build patches Ebitengine's internals (scripts/ebiten-web.sh, third_party/ebiten-web/README.md): " +
	"check the hooked functions and the .go.in files against the new version, run `make web` and scripts/web-smoke.sh, " +
	"then write the version into third_party/ebiten-web/EBITEN_VERSION"

// ebitenModule is go.mod's Ebitengine version and its folder in the module
// cache.
func ebitenModule(t *testing.T) (version, dir string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", "github.com/hajimehoshi/ebiten/v2").Output()
	if err != nil {
		t.Fatalf("go list -m ebiten: %v", err)
	}
	version, dir, _ = strings.Cut(strings.TrimSpace(string(out)), " ")
	return version, dir
}

// TestEbitenWeb_PatchMadeForThisVersion fails on any Ebitengine version
// change in go.mod: the web shader patch reaches into Ebitengine's internal
// packages, which change without notice between versions.
func TestEbitenWeb_PatchMadeForThisVersion(t *testing.T) {
	b, err := os.ReadFile("third_party/ebiten-web/EBITEN_VERSION")
	if err != nil {
		t.Fatal(err)
	}
	made := strings.TrimSpace(string(b))
	if v, _ := ebitenModule(t); v != made {
		t.Fatalf("go.mod has Ebitengine %s; the web shader patch was made for %s: %s", v, made, ebitenWebHelp)
	}
}

// hookLine is a hook of scripts/ebiten-web.sh: the file in the copy and the
// exact first line of the function it patches.
var hookLine = regexp.MustCompile(`(?m)^hook "\$eb/([^"]+)" '([^']+)'`)

// TestEbitenWeb_HooksAndNamesExist checks, in go.mod's Ebitengine, what the
// patch relies on: each hooked function's first line as the script matches
// it (its signature), and every internal name the .go.in files use.
func TestEbitenWeb_HooksAndNamesExist(t *testing.T) {
	_, dir := ebitenModule(t)
	if dir == "" {
		t.Fatalf("Ebitengine is not in the module cache (go mod download github.com/hajimehoshi/ebiten/v2)")
	}
	script, err := os.ReadFile("scripts/ebiten-web.sh")
	if err != nil {
		t.Fatal(err)
	}
	hooks := hookLine.FindAllStringSubmatch(string(script), -1)
	if len(hooks) != 2 {
		t.Fatalf("scripts/ebiten-web.sh: found %d hooks, want CompileShader's and glsl.Compile's", len(hooks))
	}
	for _, h := range hooks {
		src, err := os.ReadFile(filepath.Join(dir, h[1]))
		if err != nil {
			t.Errorf("Ebitengine has no %s: %s", h[1], ebitenWebHelp)
			continue
		}
		if !strings.Contains("\n"+string(src)+"\n", "\n"+h[2]+"\n") {
			t.Errorf("Ebitengine's %s has no line %q: %s", h[1], h[2], ebitenWebHelp)
		}
	}

	// The packages the .go.in files name, with where each .go.in goes.
	pkgs := map[string]struct{ dir, in string }{
		"shaderir":      {"internal/shaderir", ""},
		"glsl":          {"internal/shaderir/glsl", "glsl.go.in"},
		"graphics":      {"internal/graphics", "precompiled.go.in"},
		"builtinshader": {"internal/builtinshader", ""},
	}
	used := regexp.MustCompile(`\b(shaderir|glsl|graphics|builtinshader)\.([A-Z]\w*)`)
	var missing []string
	for _, in := range []string{"precompiled.go.in", "glsl.go.in", "generate.go.in"} {
		src, err := os.ReadFile(filepath.Join("third_party/ebiten-web", in))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(src), -1) {
			p := pkgs[m[1]]
			names := declared(t, filepath.Join(dir, p.dir))
			if p.in != "" {
				for n := range declaredIn(t, filepath.Join("third_party/ebiten-web", p.in)) {
					names[n] = true
				}
			}
			if !names[m[2]] {
				missing = append(missing, in+": "+m[1]+"."+m[2])
			}
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("names the patch uses are gone from Ebitengine: %s; %s", strings.Join(missing, ", "), ebitenWebHelp)
	}
}

// declared is the top-level names of the Go files (tests left out) in dir.
func declared(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(files) == 0 {
		t.Fatalf("Ebitengine has no package %s: %s", dir, ebitenWebHelp)
	}
	names := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		for n := range declaredIn(t, f) {
			names[n] = true
		}
	}
	return names
}

// declaredIn is the top-level names one Go file declares.
func declaredIn(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}
