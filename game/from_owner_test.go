package game

import (
	"io"
	"path/filepath"
	"strconv"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/world"
)

// `shot -seed 7 -eye 7.5` then the window -from its sidecar: the Controls
// panel's seed box holds the Sim's seed 7, not the command line's default
// "1" (so "reset sim with seed" restarts with 7), and a reset from the box
// keeps the Sim's eye 7.5 m: the panel shows what the Sim owns.
func TestFrom_ControlsShowTheSimsSeedAndEye(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.png")
	runShot(t, Config{Seed: 7, Start: &Start{X: world.HoltburgX, Y: world.HoltburgY, Eye: 7.5}, Shot: &Shot{Seconds: 0.5, Out: out}})
	a := standintest.Archive(t)
	g, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Stdout: io.Discard, From: mustReadFrom(t, SidecarPath(out))})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if g.sim.Seed() != 7 || g.snap.Listener.Eye != 7.5 {
		t.Fatalf("-from: the Sim has seed %d eye %v, want 7 and 7.5 (the sidecar's)", g.sim.Seed(), g.snap.Listener.Eye)
	}
	if g.st.SeedText != "7" {
		t.Errorf("-from: the seed box shows %q, want the Sim's \"7\"", g.st.SeedText)
	}
	seed, err := strconv.ParseUint(g.st.SeedText, 10, 32)
	if err != nil {
		t.Fatal(err)
	}
	if err := hostOf(g).Reset(uint32(seed)); err != nil {
		t.Fatal(err)
	}
	if g.sim.Seed() != 7 || g.snap.Listener.Eye != 7.5 {
		t.Errorf("reset from the box: seed %d eye %v, want 7 and 7.5", g.sim.Seed(), g.snap.Listener.Eye)
	}
}
