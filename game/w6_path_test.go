package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/explorer/clock"
	"soundworld/internal/cli"
)

// W6: a walk the window records (R) keeps landblock-local metres exactly,
// as -at, the Jump box and render do: placed at "0xA9B4 84 7.1" and jumped
// to "0xA9B4 90.3 12.7" while recording, the path file says 84, 7.1 and
// 90.3, 12.7 (not the float32 world metres' 7.1015625), and reading it back
// gives the positions -at gives for the same text.
func TestW6_RecordedPathKeepsLocalMetres(t *testing.T) {
	dir := recordInto(t)

	g := standInGame(t)
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	frames := func(n int) {
		for range n {
			now += 1.0 / 60
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	frames(1)
	const a, b = "0xA9B4 84 7.1", "0xA9B4 90.3 12.7"
	if err := hostOf(g).Jump(a); err != nil {
		t.Fatal(err)
	}
	frames(5)
	g.walk.Toggle()
	frames(30)
	if err := hostOf(g).Jump(b); err != nil {
		t.Fatal(err)
	}
	frames(30)
	g.walk.Toggle()
	paths, _ := filepath.Glob(filepath.Join(dir, "walk-*.path.json"))
	if len(paths) != 1 {
		t.Fatalf("path files %v, want one", paths)
	}
	text, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(text), "7.1015625") || !strings.Contains(string(text), `"y":7.1,`) || !strings.Contains(string(text), `"x":90.3,`) {
		t.Errorf("path file does not say 7.1 and 90.3 as given:\n%s", text)
	}
	w, err := loadWalkFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	la, _ := cli.AtPlace(a)
	lb, _ := cli.AtPlace(b)
	first, last := w.Points[0].Loc, w.Points[len(w.Points)-1].Loc
	first.Z, last.Z = la.Z, lb.Z // a path file carries no height
	if first != la || last != lb {
		t.Errorf("path points %+v … %+v, want %+v … %+v (-at's positions)", w.Points[0].Loc, w.Points[len(w.Points)-1].Loc, la, lb)
	}
}
