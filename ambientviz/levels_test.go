package ambientviz

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz/geom"
	"soundworld/world"
)

// A one-shot's map label gives its dB and pan; with HideLevels (an ABX
// trial is open) only its pan.
func TestSpawns_HideLevels(t *testing.T) {
	s := &world.Snapshot{Time: 1}
	s.Spawns = []world.Spawn{{Time: 0.9, Pos: world.Pos{X: 10, Y: 10}, DB: -17, Pan: -6}}
	s.Spawns[0].Play.Slot = 2
	dst := ebiten.NewImage(320, 240)
	v := View{Cam: geom.Camera{CX: 10, CY: 10, MPP: 1, W: 320, H: 240}, Selected: -1, SelectedEmitter: -1}
	label := func(hide bool) string {
		v.HideLevels = hide
		queue = queue[:0]
		Spawns(dst, s, v)
		defer func() { queue = queue[:0] }()
		if len(queue) != 1 {
			t.Fatalf("%d labels queued, want 1", len(queue))
		}
		return queue[0].text
	}
	if got := label(false); got != "-17 dB pan -6" {
		t.Fatalf("label %q, want \"-17 dB pan -6\"", got)
	}
	if got := label(true); strings.Contains(got, "dB") || got != "pan -6" {
		t.Errorf("HideLevels: label %q, want \"pan -6\"", got)
	}
}
