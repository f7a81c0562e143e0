package capture

import (
	"bytes"
	"testing"

	"soundworld/world"
)

// TestA11_SpanPathKeepsEnvCells: the capture's path.json keeps the player's
// EnvCell and floor (A11) — from the record's start and from indoor moves —
// so render -path plays the span indoors where the window was indoors.
func TestA11_SpanPathKeepsEnvCells(t *testing.T) {
	x, y := world.WorldPos(0xA9B4, 70, 40)
	l := &world.InputLog{
		Start: world.InputStart{Landblock: 0xA9B4, LX: 50, LY: 40, Cell: 0xA9B40101, Z: 7.5, Heading: 90},
		Inputs: world.InputsOf(
			world.Input{Kind: world.InIndoor, T: 2, Landblock: 0xA9B4, X: 55, Y: 40, Z: 10.7, Cell: 0xA9B40100, Heading: 90},
			world.Input{Kind: world.InListener, T: 4, X: x, Y: y, Heading: 90},
		),
	}
	w, err := world.LoadWalk(bytes.NewReader(SpanPath(l, 1, 5)), "path.json")
	if err != nil {
		t.Fatal(err)
	}
	type pt struct {
		t    float64
		cell uint32
		z    float32
	}
	want := []pt{{0, 0xA9B40101, 7.5}, {1, 0xA9B40100, 10.7}, {3, 0, 0}}
	if len(w.Points) != len(want) {
		t.Fatalf("A11: %d points %+v, want %d", len(w.Points), w.Points, len(want))
	}
	for i, p := range w.Points {
		if p.T != want[i].t || p.Cell != want[i].cell || p.Loc.Z != want[i].z {
			t.Errorf("A11: point %d: t %v cell %08X z %v, want %+v", i, p.T, p.Cell, p.Loc.Z, want[i])
		}
	}
}
