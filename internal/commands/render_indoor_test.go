package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestA11_RenderIndoors (A11): render at the stand-in inn's /loc lines. The
// taproom sees outside, so its ambient decisions (beds and one-shots: times,
// tables, waves, outcomes, draws) are the outdoor gather's at the same x, y;
// the cellar does not, so nothing ambient is decided there at all, and its
// render differs from the outdoor one.
func TestA11_RenderIndoors(t *testing.T) {
	dir := t.TempDir()
	render := func(name, at string) (wav []byte, ambient []string) {
		w, c := filepath.Join(dir, name+".wav"), filepath.Join(dir, name+".csv")
		if err := renderTest(t, "-at", at, "-seconds", "10", "-o", w, "-events", c); err != nil {
			t.Fatal(err)
		}
		wav, _ = os.ReadFile(w)
		csv, _ := os.ReadFile(c)
		for _, row := range strings.Split(string(csv), "\n") {
			if f := strings.Split(row, ","); len(f) > 1 && (f[1] == "bed" || f[1] == "oneshot") {
				ambient = append(ambient, row)
			}
		}
		return wav, ambient
	}
	outWav, out := render("out", "0xA9B40012 [54.000000 40.000000 85.330000] 1 0 0 0")
	_, room := render("room", "0xA9B40100 [54.000000 40.000000 85.530000] 1 0 0 0")
	cellarWav, cellar := render("cellar", "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if len(out) < 3 {
		t.Fatalf("A11: outdoors at the inn: %d ambient decisions in 10 s, want some", len(out))
	}
	if strings.Join(room, "\n") != strings.Join(out, "\n") {
		t.Errorf("A11: taproom (sees outside): ambient decisions differ from outdoors:\n%s\n---\n%s", strings.Join(room, "\n"), strings.Join(out, "\n"))
	}
	if len(cellar) != 0 {
		t.Errorf("A11: cellar (closed): %d ambient decisions, want none:\n%s", len(cellar), strings.Join(cellar, "\n"))
	}
	if bytes.Equal(outWav, cellarWav) {
		t.Errorf("A11: the cellar's render equals the outdoor one")
	}
}
