package gate

import (
	"strings"
	"testing"
)

// TestA11_GateFileIndoors (A11): a gate file whose /loc line names an
// EnvCell renders indoors. The stand-in inn's taproom sees outside, so it
// renders the outdoor gather at the same x, y (equal samples over 10 s); the
// cellar does not, so its render differs; a cell the data does not hold is
// an error naming it.
func TestA11_GateFileIndoors(t *testing.T) {
	render := func(loc string) ([]float32, error) {
		src := strings.Replace(goodGate, "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000", loc, 1)
		src = strings.Replace(src, `"seconds": 60`, `"seconds": 10`, 1)
		src = strings.Replace(src, `"ignore": [[12.5, 14.0]]`, `"ignore": []`, 1)
		f, err := Parse([]byte(src), "inn.gate.json")
		if err != nil {
			t.Fatal(err)
		}
		sc, _, _, closer, err := f.scene(nil)
		if err != nil {
			t.Fatal(err)
		}
		defer closer()
		st, err := Render(sc, 1)
		return st.L, err
	}
	out, err := render("0xA9B40012 [54.000000 40.000000 85.330000] 1 0 0 0")
	if err != nil {
		t.Fatal(err)
	}
	room, err := render("0xA9B40100 [54.000000 40.000000 85.530000] 1 0 0 0")
	if err != nil {
		t.Fatal(err)
	}
	cellar, err := render("0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b []float32) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return len(a) == len(b)
	}
	if !same(out, room) {
		t.Errorf("A11: the taproom (sees outside) renders differently from outdoors at the same x, y")
	}
	if same(out, cellar) {
		t.Errorf("A11: the cellar (closed) renders the outdoor gather")
	}
	if _, err := render("0xA9B40105 [54.000000 40.000000 82.330000] 1 0 0 0"); err == nil || !strings.Contains(err.Error(), "0xA9B40105") {
		t.Errorf("A11: a cell the stand-in lacks: %v, want an error naming 0xA9B40105", err)
	}
}
