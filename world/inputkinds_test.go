package world

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"soundworld/audio"
)

// declaredKinds reads the InputKind constants declared in this package's
// sources: the kinds a Sim can record, whether or not the table has them.
func declaredKinds(t *testing.T) []InputKind {
	t.Helper()
	fset := token.NewFileSet()
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var ks []InputKind
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || vs.Type == nil {
				return true
			}
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "InputKind" {
				return true
			}
			for _, v := range vs.Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					ks = append(ks, InputKind(s))
				}
			}
			return true
		})
	}
	slices.Sort(ks)
	return ks
}

// Every kind a Sim can record has one row of the table with a check (the
// validator of a record read from a file) and an apply (the replay case).
func TestInputKinds_EveryKindHasARow(t *testing.T) {
	declared := declaredKinds(t)
	if len(declared) < 18 { // tick … object_solo, drag, indoor: the parse found them
		t.Fatalf("found %d InputKind constants (%v): the source scan is broken", len(declared), declared)
	}
	if got := InputKinds(); !slices.Equal(got, declared) {
		t.Fatalf("the table has %v, the package declares %v: add a row (check and apply) for each kind", got, declared)
	}
	for k, row := range inputKinds {
		if row.check == nil || row.apply == nil {
			t.Errorf("kind %q: check %v, apply %v: both are required", k, row.check != nil, row.apply != nil)
		}
	}
}

// A11: an indoor entry read from a file passes Check and replays; its bad
// values are named.
func TestInputKinds_IndoorChecked(t *testing.T) {
	ok := Input{Kind: InIndoor, Landblock: 0xA9B4, X: 54, Y: 40, Z: 82.33, Cell: 0xA9B40101}
	l := InputLog{Start: InputStart{Landblock: 0xA9B4, LX: 84, LY: 7.1, Prefs: FormatPrefs(audio.DefaultPrefs())},
		Inputs: InputsOf(ok, Input{Kind: InStep, N: 1})}
	if err := l.Check(-1); err != nil {
		t.Fatalf("a recorded indoor entry: %v", err)
	}
	for _, c := range []struct {
		edit func(*Input)
		want string
	}{
		{func(in *Input) { in.Cell = 0xA9B4003F }, "not an EnvCell"},
		{func(in *Input) { in.Cell = 0xA9B30101 }, "not in landblock 0xA9B4"},
		{func(in *Input) { in.Z = float32(math.NaN()) }, "z NaN"},
		{func(in *Input) { in.X = 192 }, "local x, y (192, 40)"},
		{func(in *Input) { in.Heading = 400 }, "heading 400"},
	} {
		bad := l
		ins := l.Inputs.Slice()
		c.edit(&ins[0])
		bad.Inputs = InputsOf(ins...)
		err := bad.Check(-1)
		if err == nil || !strings.Contains(err.Error(), "inputs[0] (indoor at t=0 s)") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error naming inputs[0] and %q, got %v", c.want, err)
		}
	}
}
